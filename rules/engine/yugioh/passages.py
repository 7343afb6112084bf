"""The Yu-Gi-Oh! rulebook passages the rules rest on, one constant per passage.

Where the Version 10 rulebook covers a rule it is cited (it is the newest edition in the folder, and the
rulebooks README says the newer edition wins); its transcription ends in the Spell & Trap section, so turn
structure, battle, chains and the other rules come from the 9.0 rulebook (Portuguese), and the match tally
and Exodia from the 2007 starter-deck rules. Page numbers are the books' own; where the transcription only
gives a section's first page, the page is the section's range from the table of contents.
"""

from __future__ import annotations

from rules.engine.match import THREE_DUELS, MatchRules
from rules.engine.references import DISPUTE_FORMAT, YGO_2007, YGO_V9, YGO_V10, Document, Reference
from rules.engine.sentences import gettext_noop

# --- Deck construction -------------------------------------------------------------------------------------

DECK_MAIN_SIZE = Reference(
    YGO_V10,
    "Things you need to Duel",
    "2",
    gettext_noop("the Deck must be 40 to 60 cards"),
    "The Deck must be 40 to 60 cards.",
)
DECK_COPIES = Reference(
    YGO_V10,
    "Things you need to Duel",
    "2",
    gettext_noop(
        "you can only have up to 3 copies of the same card in your Deck, Extra Deck and Side Deck combined"
    ),
    "You can only have up to 3 copies of the same card in your Deck, Extra Deck and Side Deck combined.",
)
SAME_NAME = Reference(
    YGO_V10,
    "Monster Cards, How to read a card",
    "6",
    gettext_noop("if cards have the same name, they are considered to be the same card"),
    "If cards have the same name, they are considered to be the same card.",
)
DECK_EXTRA_SIZE = Reference(
    YGO_V10,
    "Things you need to Duel",
    "2",
    gettext_noop("you can have up to 15 cards in the Extra Deck"),
    "You can have up to 15 cards in the Extra Deck.",
)
DECK_EXTRA_CONTENTS = Reference(
    YGO_V10,
    "Things you need to Duel; Link Monsters",
    "2, 12",
    gettext_noop(
        "the Extra Deck holds Xyz, Synchro and Fusion Monsters (and Link "
        "Monsters, Summoned from the Extra Deck); they do not count towards the "
        "Main Deck"
    ),
    "The Extra Deck can contain Xyz Monsters, Synchro Monsters and Fusion Monsters, in any combination.",
)
DECK_SIDE_SIZE = Reference(
    YGO_V10,
    "Things you need to Duel",
    "2",
    gettext_noop("the number of cards in your Side Deck must not exceed 15"),
    "The number of cards in your Side Decks must not exceed 15.",
)
# The rulebooks in the folder are each one region's (v10 is "the official Yu-Gi-Oh! TRADING CARD GAME
# rulebook") and say nothing of cards released only in the other: which cards an event plays with is its
# setting, as the end-of-round procedure is (``rules.engine.end_of_round``).
EVENT_CARD_POOL = Document(
    "Event card pool setting (Yu-Gi-Oh! TCG or OCG)", "en", "event setting region=tcg or region=ocg"
)
CARD_POOL = Reference(
    EVENT_CARD_POOL,
    "Cards released in the event's region",
    None,
    gettext_noop(
        "an event plays with the cards released in its region, the TCG (the Americas, Europe, Oceania) or "
        "the OCG (Asia); a card not released there is not a card of that game's pool"
    ),
)
BANLIST = Reference(
    YGO_V9,
    "Other Rules, Forbidden and Limited Cards",
    "45",
    gettext_noop(
        "Limited cards are restricted to 1 copy in a Deck, Semi-Limited cards to "
        "2, and Forbidden cards cannot be included; the Deck includes the Side "
        "Deck and Extra Deck"
    ),
    "cards Limitados são restritos a 1 cópia num Deck",
)
SIDE_SWAP_COUNT = Reference(
    YGO_V10,
    "Things you need to Duel, Side Deck",
    "2",
    gettext_noop(
        "the number of cards in your Side Deck before and after you swap any cards must be exactly the same"
    ),
    "The number of cards in your Side Deck before and after you swap any cards must be exactly the same.",
)
SIDE_SWAP_CARDS = Reference(
    YGO_V10,
    "Things you need to Duel, Side Deck",
    "2",
    gettext_noop(
        "after each Duel in a Match you can swap any card from your Side Deck "
        "with a card from your Deck and/or Extra Deck: only the registered cards "
        "move"
    ),
    "you can swap any card from your Side Deck with a card from your Deck and/or Extra Deck",
)

# --- Match --------------------------------------------------------------------------------------------------

MATCH_THREE_DUELS = Reference(
    YGO_2007,
    "Objective",
    None,
    gettext_noop(
        "a Match is 3 Duels; the first to win 2 Duels, or 1 win and 2 draws, "
        "wins; 1 win, 1 loss and 1 draw, or 3 draws, is a drawn Match"
    ),
    "O jogador que for o primeiro a vencer 2 Duelos numa Partida ou conseguir 1 vitória e 2 empates",
)
MATCH_FIRST_TO_TWO = Reference(
    DISPUTE_FORMAT,
    "match_result, first_to_two",
    None,
    gettext_noop(
        "drawn duels do not count toward the three; play goes on until a player "
        "has two wins or time is called"
    ),
)
MATCH_TIME_CALLED = Reference(
    DISPUTE_FORMAT,
    "match_result, time_called",
    None,
    gettext_noop(
        "when time is called the duels played are all there will be: more wins "
        "takes the match, equal wins is a match draw"
    ),
)
NEXT_FIRST_PLAYER = Reference(
    YGO_V9,
    "Preparing to Duel, step 4",
    "29",
    gettext_noop(
        "for the next Duels, the loser of the previous Duel chooses who goes "
        "first; after a drawn Duel, decide with another coin toss"
    ),
    "o perdedor do Duelo anterior escolhe quem começa",
)

# --- Winning ------------------------------------------------------------------------------------------------

WIN_LP = Reference(
    YGO_V9,
    "Let the Duel Begin!, Winning a Duel",
    "28",
    gettext_noop(
        "you win by reducing your opponent's LP to 0; if both players reach 0 LP "
        "at the same time, the Duel is a draw"
    ),
    "Se você e seu oponente chegarem a 0 PV ao mesmo tempo, o Duelo é declarado um empate.",
)
WIN_DECK_OUT = Reference(
    YGO_V9,
    "Let the Duel Begin!, Winning a Duel",
    "28",
    gettext_noop("a player who is unable to draw a card when they must, loses the Duel"),
    "Seu oponente não é capaz de comprar um card em um momento que deveria fazê-lo.",
)
EXODIA = Reference(
    YGO_2007,
    "How to win a Duel",
    None,
    gettext_noop("a player with all five pieces of Exodia the Forbidden One in hand wins instantly"),
    "tiver os seguintes cards em sua mão, você o vence instantaneamente",
)

# --- Turn structure -----------------------------------------------------------------------------------------

DRAW_PHASE = Reference(
    YGO_V9,
    "Turn Structure, Draw Phase",
    "30",
    gettext_noop(
        "the turn player draws 1 card; a player with no cards left in the Deck, "
        "unable to draw, loses the Duel"
    ),
    "Um dulista sem nenhum card restante no seu Deck e, portanto, incapaz de comprar, perde o Duelo.",
)
DRAW_FIRST_TURN = Reference(
    YGO_V9,
    "Turn Structure, Draw Phase",
    "30",
    gettext_noop("the player who starts the Duel does not draw in the Draw Phase of their first turn"),
    "O dulista que começar o Duelo não pode comprar durante a Fase de Compra do seu primeiro turno.",
)
END_PHASE_HAND = Reference(
    YGO_V9,
    "Turn Structure, End Phase",
    "30-36",
    gettext_noop(
        "if you have more than 6 cards in your hand at the end of the End Phase, discard until you have 6"
    ),
    "descarte cards de sua escolha para o Cemitério até que tenha apenas 6 cards na sua mão",
)
MAIN_PHASE_ACTIONS = Reference(
    YGO_V9,
    "Turn Structure, Main Phase 1 and 2",
    "30-36",
    gettext_noop(
        "Summoning and Setting monsters, changing battle positions and Setting "
        "Spells and Traps are done by the turn player in the Main Phase"
    ),
    "Essa é a fase onde você utiliza a maioria dos seus cards",
)

# --- Battle -------------------------------------------------------------------------------------------------

BATTLE_FIRST_TURN = Reference(
    YGO_V9,
    "Turn Structure, Battle Phase",
    "30-36",
    gettext_noop("the player who starts the Duel cannot conduct a Battle Phase during their first turn"),
    "O dulista que começar o Duelo não pode conduzir sua Fase de Batalha durante seu primeiro turno.",
)
BATTLE_STEP = Reference(
    YGO_V9,
    "Turn Structure, Battle Phase, Battle Step",
    "30-36",
    gettext_noop(
        "in the Battle Step the turn player selects 1 of their monsters to attack "
        "and 1 of the opponent's monsters as its target; each face-up Attack "
        "Position monster can attack once per turn"
    ),
    "Cada monstro com a face para cima em Posição de Ataque que você controla pode atacar 1 vez por turno.",
)
DIRECT_ATTACK = Reference(
    YGO_V9,
    "Monster Battle Rules, If your opponent has no monsters",
    "37-39",
    gettext_noop(
        "if your opponent has no monsters on the field you can attack directly, "
        "and the attacker's full ATK is battle damage"
    ),
    "Todo o valor de ATK do seu monstro atacante é subtraído dos PV do seu oponente como dano de batalha.",
)
EMZ_BLOCKS_DIRECT = Reference(
    YGO_V10,
    "More about Link Monsters",
    "15",
    gettext_noop(
        "a monster in the Extra Monster Zone is still a monster its player "
        "controls, so you cannot attack directly"
    ),
    "If your opponent has a monster in the Extra Monster Zone, it's still a monster they control so you"
    " can't attack directly.",
)
DIRECT_ATTACK_EFFECT = Reference(
    YGO_V9,
    "Glossary, Attack directly",
    "48",
    gettext_noop(
        "some monsters have effects that let them attack directly even if the opponent controls a monster"
    ),
    "Alguns monstros possuem efeitos que os permitem atacar diretamente o oponente mesmo que ele controle um"
    " monstro.",
)
RULES_VS_EFFECTS = Reference(
    YGO_V9,
    "Other Rules, Rules vs. card effects",
    "45-47",
    gettext_noop(
        "where a card effect differs from the basic rules the effect wins: a "
        "monster attacks once per turn unless an effect lets it attack again"
    ),
    "Se houver uma discrepância entre as regras básicas e um efeito de card, o efeito de card prevalece.",
)
ATK_VS_ATK_WIN = Reference(
    YGO_V9,
    "Monster Battle Rules, attacking a monster in Attack Position",
    "37-39",
    gettext_noop(
        "when the attacker's ATK is higher, the attacked monster is destroyed and "
        "its controller takes the difference as battle damage"
    ),
    "A diferença pela qual o ATK do seu monstro atacante excede o ATK do monstro do seu oponente é subtraída"
    " dos PV do oponente",
)
ATK_VS_ATK_TIE = Reference(
    YGO_V9,
    "Monster Battle Rules, attacking a monster in Attack Position",
    "37-39",
    gettext_noop(
        "when the ATK are equal, both monsters are destroyed and neither player takes battle damage"
    ),
    "o resultado é considerado um empate e os dois monstros são destruídos",
)
ATK_VS_ATK_LOSE = Reference(
    YGO_V9,
    "Monster Battle Rules, attacking a monster in Attack Position",
    "37-39",
    gettext_noop(
        "when the attacker's ATK is lower, the attacker is destroyed and its "
        "controller takes the difference as battle damage"
    ),
    "o monstro atacante é destruído e enviado para o Cemitério",
)
ATK_VS_DEF_WIN = Reference(
    YGO_V9,
    "Monster Battle Rules, attacking a monster in Defense Position",
    "37-39",
    gettext_noop(
        "when the attacker's ATK is higher than the DEF, the defending monster is "
        "destroyed and neither player takes battle damage"
    ),
    "o monstro atacante destrói o monstro do oponente ... Nenhum dos duelistas sofre qualquer dano de "
    "batalha.",
)
ATK_VS_DEF_TIE = Reference(
    YGO_V9,
    "Monster Battle Rules, attacking a monster in Defense Position",
    "37-39",
    gettext_noop(
        "when the attacker's ATK equals the DEF, neither monster is destroyed and no battle damage is taken"
    ),
    "nenhum dos monstros é destruído",
)
ATK_VS_DEF_LOSE = Reference(
    YGO_V9,
    "Monster Battle Rules, attacking a monster in Defense Position",
    "37-39",
    gettext_noop(
        "when the attacker's ATK is lower than the DEF, neither monster is "
        "destroyed and the attacker's controller takes the difference as battle "
        "damage"
    ),
    "A diferença pela qual a DEF do monstro do oponente exceder o ATK do seu monstro atacante é subtraída dos"
    " seus PV",
)
FACE_DOWN_TARGET = Reference(
    YGO_V9,
    "Monster Battle Rules, attacking a face-down card",
    "37",
    gettext_noop(
        "an attacked face-down Defense Position monster is flipped face-up in "
        "Defense Position in the Damage Step, then its DEF is used to calculate "
        "damage"
    ),
    "vire o card com a face para cima em Posição de Defesa na Etapa de Dano",
)
PIERCING = Reference(
    YGO_V9,
    "Glossary, Piercing battle damage",
    "48",
    gettext_noop(
        "a monster with piercing damage that attacks a Defense Position monster "
        "inflicts the amount its ATK exceeds that monster's DEF"
    ),
    "você causa dano aos PV do seu oponente igual à diferença pela qual o ATK do seu monstro atacante excede"
    " a DEF",
)
ZERO_ATK = Reference(
    YGO_V9,
    "Other Rules, Monsters with 0 ATK",
    "45-47",
    gettext_noop(
        "a monster with 0 ATK cannot destroy anything in battle; if two Attack "
        "Position monsters with 0 ATK battle, neither is destroyed"
    ),
    "Monstros com ATK 0 não podem destruir nada em batalha.",
)
REPLAY = Reference(
    YGO_V9,
    "Turn Structure, Replay rules during the Battle Phase",
    "30-36",
    gettext_noop(
        "if the opponent's monsters change before the Damage Step, a replay "
        "occurs: attack with the same monster again, with another monster, or not "
        "at all; if another monster attacks, the first is treated as having "
        "declared an attack"
    ),
    "o primeiro monstro é considerado como tendo declarado um ataque e não pode atacar novamente neste turno",
)
LINK_NO_DEFENSE = Reference(
    YGO_V10,
    "More about Link Monsters",
    "14",
    gettext_noop("Link Monsters have no DEF and cannot ever be in Defense Position"),
    "Link Monsters have no DEF and cannot ever be in Defense Position.",
)
TOKENS = Reference(
    YGO_V9,
    "Other Rules, Monster Tokens",
    "45",
    gettext_noop(
        "Tokens only exist on the field: a destroyed or Tributed Token is simply "
        "removed; Tokens cannot be Xyz Materials"
    ),
    "Fichas não podem ser utilizadas como Matérias Xyz.",
)
XYZ_MATERIAL_LEAVES = Reference(
    YGO_V9,
    "Other Rules, Xyz Materials",
    "45-47",
    gettext_noop(
        "Xyz Materials are not cards on the field; when the Xyz Monster leaves "
        "the field, its materials are sent to the Graveyard"
    ),
    "Quando um Monstro Xyz sai do campo, todas as Matérias Xyz anexados a ela são enviados para o Cemitério.",
)
PENDULUM_TO_EXTRA_DECK = Reference(
    YGO_V10,
    "Pendulum Monster Cards",
    "17",
    gettext_noop(
        "a Pendulum Monster Card on the field that would be sent to the Graveyard "
        "is placed face-up on its owner's Extra Deck instead"
    ),
    "place it face-up on your Extra Deck instead",
)

# --- Summoning ----------------------------------------------------------------------------------------------

NORMAL_SUMMON = Reference(
    YGO_V10,
    "Summoning Monster Cards, Normal Summon",
    "25",
    gettext_noop(
        "a Normal Summon plays a Monster Card from your hand in face-up Attack "
        "Position; Normal Monsters and most Effect Monsters can be Normal "
        "Summoned"
    ),
    "Simply play a Monster Card from your hand onto the field in face-up Attack Position.",
)
ONCE_PER_TURN = Reference(
    YGO_V10,
    "Summoning Monster Cards, Normal Set",
    "24",
    gettext_noop(
        "you can only Normal Summon or Normal Set (including Tribute Summons and Sets) once per turn"
    ),
    "you can only Normal Summon OR Normal Set (Normal Summon/Set, in short), once per turn",
)
TRIBUTES_BY_LEVEL = Reference(
    YGO_V10,
    "Summoning Monster Cards, Tribute Summon",
    "24",
    gettext_noop(
        "Level 5 and 6 monsters require 1 Tribute and Level 7 or higher require 2 "
        "Tributes; Level 4 or lower need none"
    ),
    "Monsters that are Level 5 or 6 require 1 Tribute and Monsters that are Level 7 or higher require 2"
    " Tributes.",
)
NO_FACE_UP_DEFENSE = Reference(
    YGO_V10,
    "Summoning Monster Cards, Normal Set",
    "24",
    gettext_noop("you cannot play a monster from your hand onto the field in face-up Defense Position"),
    "You cannot play a monster from your hand onto the field in face-up Defense Position.",
)
NORMAL_SET = Reference(
    YGO_V10,
    "Summoning Monster Cards, Normal Set",
    "24",
    gettext_noop(
        "playing a monster from your hand in face-down Defense Position is a "
        "Normal Set (a Tribute Set for Level 5 or higher); a Set monster is not "
        "Summoned"
    ),
    "To play a Monster Card from your hand in face-down Defense Position is called a Normal Set.",
)
SPECIAL_SUMMON_ONLY = Reference(
    YGO_V10,
    "The Game Mat, Extra Deck; Ritual Monsters",
    "5, 23",
    gettext_noop(
        "Extra Deck monsters are Summoned only by special methods, and Ritual "
        "Monsters only with their Ritual Spell Card: none of them can be Normal "
        "Summoned or Set"
    ),
    "Extra Deck Monsters may be Summoned to the field from here using special methods.",
)
FLIP_SUMMON = Reference(
    YGO_V10,
    "Summoning Monster Cards, Flip Summon",
    "24",
    gettext_noop(
        "a Flip Summon changes a face-down Defense Position monster to face-up "
        "Attack Position; a monster cannot be Flip Summoned in the turn it was "
        "Set"
    ),
    "A Monster Card cannot be Flip Summoned in the same turn that it was Set onto the field.",
)
SPECIAL_SUMMON_POSITION = Reference(
    YGO_V10,
    "Summoning Monster Cards, Special Summon",
    "25",
    gettext_noop(
        "unless otherwise specified, a Special Summoned monster is played in "
        "face-up Attack Position or face-up Defense Position"
    ),
    "a Special Summoned monster is played onto the field in your choice of face-up Attack Position or face-up"
    " Defense Position",
)
PROPERLY_SUMMONED = Reference(
    YGO_V10,
    "Summoning Monster Cards, Special Summon with a card's effect",
    "25",
    gettext_noop(
        "a card effect cannot Special Summon a Special Summon Monster (Extra Deck "
        "or Ritual) from the hand, Deck or Graveyard unless it was properly "
        "Special Summoned first"
    ),
    "unless it was properly Special Summoned first",
)
MAIN_MONSTER_ZONE = Reference(
    YGO_V10,
    "The Game Mat, Main Monster Zone",
    "4",
    gettext_noop("each player has 5 Main Monster Zones; a monster can only be played into a free one"),
    "You can have up to 5 cards here.",
)
EXTRA_MONSTER_ZONE = Reference(
    YGO_V10,
    "The Game Mat, Extra Monster Zone",
    "5",
    gettext_noop(
        "monsters Summoned from the Extra Deck go in an Extra Monster Zone; "
        "normally each player can only use 1 of the 2 zones"
    ),
    "Normally, each player can only use 1 of these zones.",
)
LINKED_ZONES = Reference(
    YGO_V10,
    "More about Link Monsters, Special Summon to the Main Monster Zones",
    "14",
    gettext_noop(
        "monsters from the Extra Deck go in the Extra Monster Zone or a Main "
        "Monster Zone a Link Monster points to; monsters Summoned from the "
        "Graveyard or banishment go in the Main Monster Zones"
    ),
    "Monsters Summoned from the Extra Deck normally have to go in the Extra Monster Zone.",
)
REVISION_2020 = Reference(
    DISPUTE_FORMAT,
    "revision 2020",
    None,
    gettext_noop(
        "Fusion, Synchro, Xyz and Ritual Monsters may be Summoned to any Main "
        "Monster Zone; only Link Monsters and Pendulum Monsters Summoned from the "
        "Extra Deck need the Extra Monster Zone or a zone a Link Monster points "
        "to"
    ),
)
SYNCHRO = Reference(
    YGO_V10,
    "Synchro Monsters",
    "20-21",
    gettext_noop(
        "during your Main Phase, send 1 face-up Tuner and face-up non-Tuner "
        "monsters from your field to the Graveyard whose Levels add up exactly to "
        "the Synchro Monster's Level"
    ),
    "when the sum of all their Levels is exactly equal to the Level of the Synchro Monster",
)
XYZ = Reference(
    YGO_V10,
    "Xyz Monsters",
    "18-19",
    gettext_noop(
        "during your Main Phase, stack face-up monsters of the same Level listed "
        "as Xyz Materials (e.g. 2 Level 4 monsters for a Rank 4) and place the "
        "Xyz Monster on top: the materials stay attached"
    ),
    "Xyz Materials must be face-up before you can use them.",
)
LINK = Reference(
    YGO_V10,
    "Link Monsters; More about Link Monsters",
    "12-15",
    gettext_noop(
        "during your Main Phase, send face-up monsters matching the recipe from "
        "your field to the Graveyard, as many as the Link Rating; a Link Monster "
        "material counts as 1 or as its Link Rating; Tokens may be used"
    ),
    "you can count it as either 1 monster, or as a number of monsters equal to its Link Rating",
)
FUSION = Reference(
    YGO_V10,
    "Fusion Monsters",
    "22",
    gettext_noop(
        "with all the Fusion Materials listed on the Fusion Monster in the places "
        "your Summoning card allows, activate it, send the materials to the "
        "Graveyard and play the Fusion Monster from the Extra Deck"
    ),
    "If you have all the Fusion Materials listed on the Fusion Monster Card",
)
RITUAL = Reference(
    YGO_V10,
    "Ritual Monsters",
    "23",
    gettext_noop(
        "with the Ritual Spell Card and the Ritual Monster in your hand, Tribute "
        "the monsters the Ritual Spell lists from your hand or field, then play "
        "the Ritual Monster in a Main Monster Zone"
    ),
    "play the Ritual Monster Card in your Main Monster Zone in either face-up Attack or Defense Position",
)
PENDULUM_SUMMON = Reference(
    YGO_V10,
    "Pendulum Monster Cards, How to Pendulum Summon",
    "16-17",
    gettext_noop(
        "with a card in each Pendulum Zone, once per turn in your Main Phase, "
        "Special Summon monsters from your hand and face-up Pendulum Monsters "
        "from your Extra Deck whose Levels are strictly between the 2 Scales"
    ),
    "whose Levels are in between those Pendulum Scales",
)
PENDULUM_EXTRA_DECK_ZONE = Reference(
    YGO_V10,
    "Pendulum Monster Cards",
    "17",
    gettext_noop(
        "monsters Pendulum Summoned from the Extra Deck must go to the Extra "
        "Monster Zone or a Main Monster Zone a Link Monster points to"
    ),
    "Monsters Pendulum Summoned from the Extra Deck must be Summoned to the Extra Monster Zone or your Main"
    " Monster Zone pointed to by a Link Monster.",
)
PENDULUM_ZONES = Reference(
    YGO_V10,
    "The Game Mat, Spell & Trap Zone",
    "4",
    gettext_noop(
        "Pendulum Monster Cards are activated as Spells in the leftmost and "
        "rightmost Spell & Trap Zones, which become Pendulum Zones"
    ),
    "Pendulum Monster Cards can be activated in the leftmost and rightmost zones as Spells.",
)

# --- Battle positions ---------------------------------------------------------------------------------------

POSITION_SAME_TURN = Reference(
    YGO_V9,
    "Turn Structure, Main Phase 1, Changing battle positions",
    "30-36",
    gettext_noop("you cannot change the battle position of a monster that was placed on the field this turn"),
    "Você não pode mudar a posição de batalha de um monstro que foi colocado no campo no mesmo turno.",
)
POSITION_AFTER_ATTACK = Reference(
    YGO_V9,
    "Turn Structure, Main Phase 1, Changing battle positions",
    "30-36",
    gettext_noop(
        "you cannot change the battle position of a monster in Main Phase 2 if it "
        "attacked in the Battle Phase"
    ),
    "se o monstro atacou durante a Fase de Batalha",
)
POSITION_ONCE = Reference(
    YGO_V9,
    "Turn Structure, Main Phase 1, Changing battle positions",
    "30-36",
    gettext_noop(
        "you cannot change a monster's battle position if you already changed it "
        "this turn (a Flip Summon is a change of position)"
    ),
    "se você já mudou a posição de batalha desse monstro uma vez no mesmo turno",
)

# --- Spells, Traps, effects and chains ----------------------------------------------------------------------

SPELL_MAIN_PHASE = Reference(
    YGO_V9,
    "Spell & Trap Cards, Spell Cards",
    "22-27",
    gettext_noop(
        "Spell Cards can normally only be activated during your own Main Phase; a "
        "Set Spell (other than a Quick-Play Spell) still cannot be activated in "
        "the opponent's turn"
    ),
    "Os Cards de Magia normalmente só podem ser ativados durante a sua Fase Principal",
)
QUICK_PLAY = Reference(
    YGO_V9,
    "Spell & Trap Cards, Quick-Play Spell Cards",
    "22-27",
    gettext_noop(
        "Quick-Play Spells can be activated in any Phase of your turn, and in the "
        "opponent's turn if Set beforehand, but not in the turn they were Set"
    ),
    "mas, neste caso, você não pode ativá-lo no mesmo turno em que o Baixou",
)
TRAP_SET_FIRST = Reference(
    YGO_V9,
    "Spell & Trap Cards, Normal Trap Cards",
    "22-27",
    gettext_noop(
        "a Trap Card must be Set before it can be activated, and cannot be activated in the turn it was Set"
    ),
    "Você não pode ativar uma Armadilha no mesmo turno em que a Baixou",
)
SPELL_TRAP_ZONE_FULL = Reference(
    YGO_V9,
    "The Game Mat, Spell & Trap Zone",
    "4",
    gettext_noop(
        "a Spell Card is placed in the Spell & Trap Zone when activated, so none "
        "can be activated from the hand while all 5 zones are occupied"
    ),
    "nenhum Card de Magia pode ser lançado se todos os 5 espaços estiverem ocupados",
)
FIELD_SPELL = Reference(
    YGO_V10,
    "The Game Mat, Field Zone",
    "5",
    gettext_noop(
        "each player can have 1 Field Spell Card; to use another, the previous one is sent to the Graveyard"
    ),
    "To use another Field Spell, send your previous one to the Graveyard.",
)
EQUIP_SPELL = Reference(
    YGO_V10,
    "Spell & Trap Cards, Equip Spell Cards",
    "26-31",
    gettext_noop(
        "an Equip Spell gives an extra effect to 1 face-up monster of your choice "
        "(your own or your opponent's, depending on the card), the equipped "
        "monster, and stays on the field"
    ),
    "These cards give an extra effect to 1 face-up monster of your choice",
)
EQUIP_DESTROYED = Reference(
    YGO_V10,
    "Spell & Trap Cards, Equip Spell Cards",
    "26-31",
    gettext_noop(
        "if the equipped monster is destroyed, flipped face-down, or removed from "
        "the field, its Equip Cards are destroyed"
    ),
    "If the equipped monster is destroyed, flipped face-down, or removed from the field, its Equip Cards are"
    " destroyed.",
)
EQUIP_CARD = Reference(
    YGO_V9,
    "Glossary, Equip Card",
    "48",
    gettext_noop(
        "besides Equip Spells, Trap Cards and Monster Cards can be equipped to a "
        "monster; the term Equip Card covers all three"
    ),
    'O termo "Card de Equipamento" inclui os três tipos',
)
IGNITION_EFFECT = Reference(
    YGO_V9,
    "Effect Monsters, Ignition Effect",
    "9",
    gettext_noop("an Ignition Effect is activated by declaring it during your own Main Phase"),
    "Você pode usar esse tipo de efeito ao declarar sua ativação durante sua Fase Principal.",
)
QUICK_EFFECT = Reference(
    YGO_V9,
    "Effect Monsters, Quick Effect",
    "9-11",
    gettext_noop("Quick Effects can be activated even during the opponent's turn and are Spell Speed 2"),
    "Esses tipos de efeito têm uma Velocidade de Magia 2",
)
FACE_DOWN_MONSTER = Reference(
    YGO_V9,
    "Monster Cards, How to read a card",
    "6",
    gettext_noop("a monster's effects normally cannot be used while it is face-down"),
    "os efeitos de um monstro não podem ser usados enquanto ele estiver com a face para baixo",
)
DAMAGE_STEP_LIMIT = Reference(
    YGO_V9,
    "Monster Battle Rules, Damage Step rules",
    "37",
    gettext_noop(
        "during the Damage Step only Counter Traps and cards that directly change "
        "ATK or DEF can be activated, and only until the start of damage "
        "calculation"
    ),
    "você só pode ativar Cards de Resposta ou cards que alterem diretamente o ATK ou a DEF de um monstro",
)
SPELL_SPEEDS = Reference(
    YGO_V9,
    "Chains and Spell Speed, Spell Speeds",
    "40-41",
    gettext_noop(
        "Spell Speed 1: Spells other than Quick-Play, Ignition, Trigger and Flip "
        "effects; 2: Normal and Continuous Traps, Quick-Play Spells, Quick "
        "Effects; 3: Counter Traps"
    ),
    "As Velocidades de Magia vão de 1 a 3.",
)
CHAIN_RESPONSE = Reference(
    YGO_V9,
    "Chains and Spell Speed, Spell Speeds",
    "40-41",
    gettext_noop(
        "a response in a Chain must be Spell Speed 2 or higher and not lower than "
        "the Chain Link it responds to; Spell Speed 1 effects cannot respond"
    ),
    "Você só pode responder com um efeito se ele tiver uma Velocidade de Magia de 2 ou mais",
)
SIMULTANEOUS_TRIGGERS = Reference(
    YGO_V9,
    "Other Rules, When multiple cards are activated simultaneously",
    "46",
    gettext_noop(
        "Spell Speed 1 effects activated at the same time form a special Chain, "
        "the turn player's effects first"
    ),
    "eles resolvem numa Corrente especial",
)
CHAIN_RESOLUTION = Reference(
    YGO_V9,
    "Chains and Spell Speed, How a Chain works",
    "40-44",
    gettext_noop(
        "once the Chain is complete it resolves in reverse order, starting with "
        "the last card activated and ending with Chain Link 1"
    ),
    "o desfecho é resolvido começando pelo card mais recente a ser ativado no topo da Corrente",
)
CHAIN_NEGATION = Reference(
    YGO_V9,
    "Chains and Spell Speed, Example of a Chain",
    "40-44",
    gettext_noop(
        "a Chain Link that negates an earlier link's activation stops that link "
        "from resolving; the other links still resolve"
    ),
    'O card "Sete Ferramentas do Bandido" (Elo 3 da Corrente) resolve primeiro negando a ativação',
)
SPELL_TRAP_AFTER_USE = Reference(
    YGO_V9,
    "Spell & Trap Cards",
    "22-27",
    gettext_noop(
        "Normal Spells and Normal Traps are sent to the Graveyard after they "
        "resolve; Continuous, Equip and Field cards stay on the field"
    ),
    "Depois de resolver o efeito, envie o card para o Cemitério.",
)
PRIORITY = Reference(
    YGO_V9,
    "Chains and Spell Speed, Turn player's priority",
    "40-44",
    gettext_noop(
        "while the turn player holds Priority the opponent cannot activate cards "
        "or effects except ones that activate automatically, like Trigger and "
        "Flip effects"
    ),
    "Enquanto o dulista do turno mantiver a Prioridade, o oponente não pode ativar cards ou efeitos",
)
STATE_INCOMPLETE = Reference(
    DISPUTE_FORMAT,
    "Dispute",
    None,
    gettext_noop(
        "a judge that is unsure must not guess: where the state lacks what a rule needs, the ruling says so"
    ),
)

# --- The match rules handed to the shared match tally -------------------------------------------------------

MATCH_RULES = MatchRules(
    default_format=THREE_DUELS,
    word="Duel",
    three_duels=MATCH_THREE_DUELS,
    first_to_two=MATCH_FIRST_TO_TWO,
    time_called=MATCH_TIME_CALLED,
    next_choice=NEXT_FIRST_PLAYER,
    drawn_next_choice=NEXT_FIRST_PLAYER,
    drawn_needs_chooser=False,
)
