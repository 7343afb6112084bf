"""The Magic passages the shared rules cite (the Comprehensive Rules in the folder are Portuguese)."""

from __future__ import annotations

from rules.engine.match import FIRST_TO_TWO, MatchRules
from rules.engine.references import DISPUTE_FORMAT, MTG_CR, Reference
from rules.engine.sentences import gettext_noop

NEXT_FIRST_PLAYER = Reference(
    MTG_CR,
    "101.2",
    None,
    gettext_noop("in a match of several games, the loser of the previous game decides who plays first"),
    "Numa partida de vários duelos, o jogador que perdeu o duelo anterior decide quem joga primeiro.",
)
DRAWN_GAME_CHOOSER = Reference(
    DISPUTE_FORMAT,
    "match_result, choosers",
    None,
    gettext_noop("after a drawn game, the player who chose for the drawn game chooses again"),
)
FIRST_TO_TWO_GAMES = Reference(
    DISPUTE_FORMAT,
    "match_result, first_to_two",
    None,
    gettext_noop("drawn games do not count; play goes on until a player has two wins or time is called"),
)
THREE_GAMES = Reference(
    DISPUTE_FORMAT,
    "match_result, three_duels",
    None,
    gettext_noop(
        "at most three games: two wins, or one win and two draws, take the match; otherwise it is a draw"
    ),
)
TIME_CALLED = Reference(
    DISPUTE_FORMAT,
    "match_result, time_called",
    None,
    gettext_noop(
        "when time is called the games played are all there will be: more wins "
        "takes the match, equal wins draw"
    ),
)

MATCH_RULES = MatchRules(
    default_format=FIRST_TO_TWO,
    word="game",
    three_duels=THREE_GAMES,
    first_to_two=FIRST_TO_TWO_GAMES,
    time_called=TIME_CALLED,
    next_choice=NEXT_FIRST_PLAYER,
    drawn_next_choice=DRAWN_GAME_CHOOSER,
    drawn_needs_chooser=True,
)

# --- Deck construction (Comprehensive Rules, 100) ------------------------------------------------------

CONSTRUCTED_DECK = Reference(
    MTG_CR,
    "100.2",
    None,
    gettext_noop(
        "in constructed play each deck has at least sixty cards and at most four "
        "copies of a card, except basic lands"
    ),
    "cada jogador precisa ter o seu próprio deck de pelo menos sessenta cartas com no máximo quatro cópias de"
    " cada carta exceto os terrenos básicos",
)
CARD_TEXT_COPIES = Reference(
    MTG_CR,
    "103.1",
    None,
    gettext_noop(
        "whenever a card's text contradicts these rules, the card takes precedence: a card saying a deck "
        "can have any number of cards with its name (or up to seven, or nine) lifts 100.2's four copies "
        "for itself"
    ),
    "Sempre que o texto de uma carta contradisser estas regras, a carta tem precedência.",
)
DECK_OF_MAGIC_CARDS = Reference(
    MTG_CR,
    "100.2",
    None,
    gettext_noop(
        "each player plays their own deck of Magic cards (100.2a in later "
        "editions), a card being known by its English name (202.3): a name no "
        "Magic card has is no card a deck may hold"
    ),
    "cada jogador precisa ter o seu próprio deck",
)
LIMITED_DECK = Reference(
    MTG_CR,
    "100.3",
    None,
    gettext_noop(
        "in sealed deck or draft play a deck has at least forty cards and any number of copies of a card"
    ),
    "o mínimo de cartas num deck é apenas quarenta e pode-se usar quantas cópias de uma carta tiver",
)
TOURNAMENT_LIMITS = Reference(
    MTG_CR,
    "100.5",
    None,
    gettext_noop(
        "tournaments may limit the use of some cards: a banned card may not be "
        "played, a restricted card only once"
    ),
    "A maior parte dos torneios de Magic tem regras especiais (não incluídas aqui) e podem limitar o uso de"
    " algumas cartas",
)
SIDEBOARD_SIZE = Reference(
    DISPUTE_FORMAT,
    "deck_check, Magic",
    None,
    gettext_noop(
        "a constructed sideboard holds at most fifteen cards (Magic Tournament "
        "Rules; this edition of the Comprehensive Rules leaves sideboards to "
        "tournament rules)"
    ),
)
SIDEBOARDING = Reference(
    DISPUTE_FORMAT,
    "side_swap, Magic",
    None,
    gettext_noop(
        "between games cards move between the deck and the sideboard in any "
        "numbers, not one for one; no card may come from outside them, and the "
        "deck must stay legal"
    ),
)

# --- Game states (Comprehensive Rules, sections 1 to 5) -------------------------------------------------
# This edition numbers the turn structure 300-314, state-based effects 420 and keyword abilities 502 (newer
# editions moved them to 500-514, 704 and 702): the numbers cited are the ones in the folder's text.

STATE_INCOMPLETE = Reference(
    DISPUTE_FORMAT,
    "Magic: The Gathering state",
    None,
    gettext_noop(
        "a judge that is unsure must not guess: a state that lacks what a rule "
        "needs is answered as incomplete"
    ),
)
LIFE_ZERO = Reference(
    MTG_CR,
    "420.5a",
    None,
    gettext_noop("a player with zero or less life loses the game (a state-based effect)"),
    "Um jogador com zero ou menos de vida perde o jogo",
)
BOTH_LOSE = Reference(
    MTG_CR,
    "102.4",
    None,
    gettext_noop("if both players lose simultaneously, the game is a draw"),
    "Se ambos os jogadores perdem simultaneamente, o jogo é um empate.",
)
EMPTY_LIBRARY = Reference(
    MTG_CR,
    "102.2",
    None,
    gettext_noop("a player who must draw more cards than are left in their library loses"),
    "Quando um jogador é obrigado a comprar mais cartas do que as que restam no seu grimório, ele perde.",
)
ZERO_TOUGHNESS = Reference(
    MTG_CR,
    "420.5b",
    None,
    gettext_noop(
        "a creature with toughness zero is put into its owner's graveyard; regeneration cannot replace this"
    ),
    "Uma criatura com resistência zero é colocada no cemitério de seu dono.",
)
LETHAL_DAMAGE = Reference(
    MTG_CR,
    "420.5c",
    None,
    gettext_noop("a creature that has been dealt lethal damage (damage at least its toughness) is destroyed"),
    "Uma criatura que tenha recebido dano letal é destruída.",
)
TOUGHNESS = Reference(
    MTG_CR,
    "208.1",
    None,
    gettext_noop("a creature's toughness is the amount of damage needed to destroy it"),
    "a sua resistência (a quantidade de dano necessária para destruí-la)",
)
LEGEND_RULE = Reference(
    MTG_CR,
    "420.5e",
    None,
    gettext_noop(
        "if two or more Legends or legendary permanents with the same name are in "
        "play, all but the one with the oldest timestamp go to their owners' "
        "graveyards; if the oldest are tied, all of them go"
    ),
    "todas exceto a que tem o selo temporal mais antigo são colocadas nos cemitérios de seus donos",
)
LEGEND_RULE_CURRENT = Reference(
    DISPUTE_FORMAT,
    "revision current, the legend rule",
    None,
    gettext_noop(
        "today's legend rule: a player who controls two or more legendary "
        "permanents with the same name chooses one of them and puts the rest into "
        "their owners' graveyards; each player is checked apart"
    ),
)
STATE_BASED = Reference(
    MTG_CR,
    "420.3",
    None,
    gettext_noop(
        "whenever a player would get priority the game checks the state-based "
        "effects; all that apply happen at once as a single event, and the check "
        "repeats"
    ),
    "Todos os efeitos aplicáveis resolvem como um único evento, e a verificação é repetida.",
)

DECLARE_ATTACKERS = Reference(
    MTG_CR,
    "308.1",
    None,
    gettext_noop(
        "the active player declares which of their creatures attack; tapped "
        "creatures, Walls, creatures the player has not controlled continuously "
        "since the start of the turn and non-creature permanents cannot attack"
    ),
    "As criaturas viradas (mesmo as que podem atacar sem virar), as Barreiras, as criaturas que o jogador"
    " ativo não controla continuamente desde o início do turno e as permanentes que não são criaturas não"
    " podem ser declaradas como atacantes.",
)
TAP_TO_ATTACK = Reference(
    MTG_CR,
    "308.2",
    None,
    gettext_noop("tapping the creature is a cost of attacking for every creature unless stated otherwise"),
    "Virar a criatura é um custo para atacar de todas as criaturas",
)
HASTE = Reference(
    MTG_CR,
    "502.5b",
    None,
    gettext_noop(
        "a creature with haste can attack even if its controller has not "
        "controlled it continuously since the start of their most recent turn"
    ),
    "Uma criatura com ímpeto pode atacar",
)
DECLARE_BLOCKERS = Reference(
    MTG_CR,
    "309.1",
    None,
    gettext_noop(
        "the defending player declares which of their untapped creatures block; "
        "each creature blocks only one attacking creature, and any number of "
        "creatures may block one attacker"
    ),
    "Cada criatura pode bloquear apenas uma criatura atacante",
)
COMBAT_DAMAGE_STEP = Reference(
    MTG_CR,
    "310.1",
    None,
    gettext_noop(
        "in the combat damage step the active player announces how each attacking "
        "creature deals its damage, then the defending player for each blocker; a "
        "player may divide a creature's damage among legal recipients as they "
        "like"
    ),
    "Um jogador pode dividir o dano de combate de uma criatura como ele quiser pelos recipientes legais.",
)
DAMAGE_EQUALS_POWER = Reference(
    MTG_CR,
    "310.1a",
    None,
    gettext_noop("each attacking and each blocking creature deals combat damage equal to its power"),
    "Cada criatura atacante e cada criatura bloqueadora causa uma quantidade de dano de combate igual ao seu"
    " poder.",
)
UNBLOCKED = Reference(
    MTG_CR,
    "310.1b",
    None,
    gettext_noop("an unblocked creature deals all its combat damage to the defending player"),
    "Uma criatura não-bloqueada causa todo o seu dano de combate ao jogador defensor.",
)
BLOCKED = Reference(
    MTG_CR,
    "310.1c",
    None,
    gettext_noop(
        "a blocked creature deals its combat damage, divided as its controller "
        "wishes, to the creatures blocking it; if none is blocking it any more, "
        "it deals no combat damage"
    ),
    "Uma criatura bloqueada causa dano de combate, distribuído como o seu controlador desejar, às criaturas"
    " que a bloqueiam.",
)
BLOCKER_DAMAGE = Reference(
    MTG_CR,
    "310.1d",
    None,
    gettext_noop(
        "a blocking creature deals its combat damage to the creature it blocks; "
        "if it is no longer blocking, it deals none"
    ),
    "Uma criatura bloqueadora causa dano de combate, distribuído como o seu controlador desejar, às criaturas"
    " que bloqueia.",
)
FIRST_STRIKE = Reference(
    MTG_CR,
    "502.2b",
    None,
    gettext_noop(
        "if an attacking or blocking creature has first strike, creatures without "
        "it deal no damage in the first combat damage step; a second combat "
        "damage step follows for the remaining creatures"
    ),
    "as criaturas sem iniciativa não causam dano de combate",
)
TRAMPLE = Reference(
    MTG_CR,
    "502.9b",
    None,
    gettext_noop(
        "a trampling attacker's controller may assign the rest of its damage to "
        "the defending player only once every blocking creature is assigned "
        "lethal damage"
    ),
    "O controlador não precisa de causar dano letal a todas as criaturas bloqueadoras, mas neste caso não"
    " pode causar dano ao jogador defensor.",
)
TRAMPLE_UNBLOCKED = Reference(
    MTG_CR,
    "502.9c",
    None,
    gettext_noop(
        "if all the creatures blocking a trampling attacker are removed from "
        "combat, all its damage goes to the defending player"
    ),
    "todo o dano da criatura atacante é dirigido ao jogador defensor",
)

MAIN_PHASE_SPELLS = Reference(
    MTG_CR,
    "305.3",
    None,
    gettext_noop(
        "the main phase is the only phase in which a player may cast enchantment, "
        "creature, sorcery or artifact spells"
    ),
    "Esta é a única fase em que um jogador pode baixar mágicas de encantamento, criatura, feitiço ou"
    " artefato.",
)
SORCERY_TIMING = Reference(
    MTG_CR,
    "408.1d",
    None,
    gettext_noop(
        "a player casts spells only with priority; spells other than instants "
        "only in their own main phase and while the stack is empty"
    ),
    "Mágicas que não sejam instantâneas podem ser baixadas apenas durante a fase principal do jogador, quando"
    " esse jogador tem prioridade, e se a pilha estiver vazia.",
)
PRIORITY = Reference(
    MTG_CR,
    "408.1c",
    None,
    gettext_noop(
        "the active player has priority in most phases and steps, except the untap step and the cleanup step"
    ),
    "O jogador ativo tem prioridade na maioria das fases e etapas.",
)
UNTAP_NO_PRIORITY = Reference(
    MTG_CR,
    "302.2",
    None,
    gettext_noop("no player receives priority during the untap step, so no spells can be cast"),
    "Nenhum jogador recebe prioridade durante a etapa de desvirar",
)
CLEANUP_PRIORITY = Reference(
    MTG_CR,
    "314.1c",
    None,
    gettext_noop(
        "in the cleanup step players get priority only if a state-based effect "
        "applies or an ability triggered"
    ),
    "apenas se as condições para algum efeito baseado no estado do jogo existirem ou se alguma habilidade"
    " tiver sido desencadeada, o jogador ativo recebe prioridade",
)
SPELLS = Reference(
    MTG_CR,
    "401.1",
    None,
    gettext_noop("a spell is a card other than a land played from the hand"),
    "Uma mágica é uma carta que não seja um terreno baixada da mão.",
)
LAND_NOT_SPELL = Reference(
    MTG_CR,
    "214.9a",
    None,
    gettext_noop("a land card is not a spell: it is put into play directly"),
    "Uma carta de terreno não é uma mágica. Ela é colocada em jogo diretamente.",
)
LAND_DROP = Reference(
    MTG_CR,
    "305.4",
    None,
    gettext_noop(
        "during their main phase the active player may play a land from their "
        "hand if the stack is empty, they have priority and they have not played "
        "a land this turn"
    ),
    "o jogador ativo pode baixar um terreno de sua mão se a pilha estiver vazia, se tiver prioridade, e se"
    " ainda não usou esta habilidade especial este turno",
)
ONE_LAND = Reference(
    MTG_CR,
    "214.9b",
    None,
    gettext_noop("a player can normally play only one land card per turn"),
    "Um jogador pode normalmente jogar apenas uma carta de terreno por turno.",
)

DRAW_STEP = Reference(
    MTG_CR,
    "304.1",
    None,
    gettext_noop("at the start of the draw step the active player draws a card"),
    "No início da etapa de compra, o jogador ativo compra uma carta do seu grimório.",
)
FIRST_PLAYER_SKIPS_DRAW = Reference(
    MTG_CR,
    "101.4",
    None,
    gettext_noop("the player who plays first skips the draw step of their first turn"),
    "O jogador que começa pula a etapa de compra",
)
CLEANUP_HAND = Reference(
    MTG_CR,
    "314.1a",
    None,
    gettext_noop(
        "in the cleanup step, if the active player's hand holds more cards than "
        "the maximum hand size (normally seven), they discard down to that number"
    ),
    "ele descarta cartas suficientes para reduzir a mão a este número",
)
CLEANUP_DAMAGE = Reference(
    MTG_CR,
    "314.1b",
    None,
    gettext_noop("then all damage is removed from permanents and effects that last until end of turn end"),
    "todo o dano é simultaneamente removido das permanentes",
)
TURN_STRUCTURE = Reference(
    MTG_CR,
    "300.1",
    None,
    gettext_noop("a turn has five phases in order: beginning, first main, combat, second main and end"),
    "Um turno consiste de cinco fases, pela seguinte ordem: inicial, primeira principal, combate, segunda"
    " principal, e final.",
)

# --- Declaring blockers (309, 308.4-308.5, 502.4 flying, 502.8 shadow) -----------------------------------

DEFENDER_DECLARES = Reference(
    MTG_CR,
    "309.1",
    None,
    gettext_noop(
        "the defending player declares which creatures they control block, and "
        "which attacking creature each one blocks"
    ),
    "O jogador defensor declara quais criaturas sob o seu controle são bloqueadoras e qual criatura"
    " atacante cada uma delas bloqueia.",
)
BLOCKERS_UNTAPPED = Reference(
    MTG_CR,
    "309.1",
    None,
    gettext_noop(
        "tapped creatures and permanents that are not creatures cannot be "
        "declared as blockers (Walls are not excluded: they may block)"
    ),
    "As criaturas viradas e as permanentes que não são criaturas não podem ser declaradas como bloqueadoras.",
)
ATTACKING_CREATURE = Reference(
    MTG_CR,
    "308.5",
    None,
    gettext_noop(
        "a creature is an attacking creature once declared as part of an attack, "
        "until it is removed from combat or the combat phase ends"
    ),
    "Uma criatura é considerada como criatura atacante quando é declarada como parte de um ataque.",
)
NO_ATTACKERS = Reference(
    MTG_CR,
    "308.4",
    None,
    gettext_noop(
        "if no creature was declared as an attacker, the game goes straight to "
        "the end of combat step, skipping the declare blockers and combat damage "
        "steps"
    ),
    "Se nenhuma criatura foi declarada como atacante o jogo passa diretamente para a etapa de fim de combate",
)
BLOCKED_OR_NOT = Reference(
    MTG_CR,
    "309.3",
    None,
    gettext_noop(
        "an attacking creature with one or more creatures declared as blockers "
        "against it is blocked; one with none is unblocked, until the end of "
        "combat"
    ),
    "Uma criatura atacante com uma ou mais criaturas declaradas como bloqueadoras contra ela torna-se uma"
    " criatura bloqueada; uma sem bloqueadores que se oponham é uma criatura não-bloqueada.",
)
PRIORITY_AFTER_BLOCKS = Reference(
    MTG_CR,
    "309.5",
    None,
    gettext_noop(
        "once all legal blocks are declared and all costs paid, the active player receives priority"
    ),
    "Depois de todos os bloqueios legais terem sido declarados e todos os custos pagos, o jogador ativo"
    " recebe prioridade",
)
FLYING = Reference(
    MTG_CR,
    "502.4b",
    None,
    gettext_noop(
        "a creature with flying cannot be blocked by creatures without flying; a "
        "creature with flying can block creatures with or without flying"
    ),
    "Uma criatura voadora não pode ser bloqueada por criaturas não voadoras.",
)
SHADOW = Reference(
    MTG_CR,
    "502.8b",
    None,
    gettext_noop(
        "a creature with shadow cannot be blocked by creatures without shadow, "
        "and a creature without shadow cannot be blocked by creatures with shadow"
    ),
    "Uma criatura com sombra não pode ser bloqueada por criaturas sem sombra, e uma criatura sem sombra não"
    " pode ser bloqueada por criaturas com sombra.",
)
GOLDEN_RULE = Reference(
    MTG_CR,
    "103.1",
    None,
    gettext_noop("whenever a card's text contradicts these rules, the card takes precedence"),
    "Sempre que o texto de uma carta contradisser estas regras, a carta tem precedência.",
)
REACH = Reference(
    DISPUTE_FORMAT,
    "Magic, declare_blockers, reach",
    None,
    gettext_noop(
        "this edition has no reach; a creature with reach (today's rules) can "
        "block as though it had flying, as its card says, and a card's text takes "
        "precedence over the rules (103.1), so both revisions accept it"
    ),
)

# --- The mulligan (101.3, 101.5) --------------------------------------------------------------------------

OPENING_HAND = Reference(
    MTG_CR,
    "101.3",
    None,
    gettext_noop(
        "once it is decided who plays first, each player sets their life total to "
        "20 and draws a hand of 7 cards"
    ),
    "cada jogador põe o seu total de vida a 20 e compra uma mão de 7 cartas.",
)
MULLIGAN = Reference(
    MTG_CR,
    "101.5",
    None,
    gettext_noop(
        "a player unhappy with their opening hand may take a mulligan: they "
        "shuffle their hand into their deck and draw a new hand of one card "
        "fewer, and may repeat this, one card fewer each time, until their hand "
        "reaches zero cards"
    ),
    "Esse jogador reembaralha as cartas de sua mão no deck, e compra uma nova mão de seis cartas. Ele pode"
    " repetir este processo quantas vezes quiser, comprando uma carta a menos de cada vez, até a sua mão"
    " atingir zero cartas.",
)
MULLIGAN_ORDER = Reference(
    MTG_CR,
    "101.5",
    None,
    gettext_noop(
        "once the first player keeps their hand, the second player may mulligan "
        "too; when both are satisfied the first player starts their turn"
    ),
    "Assim que o primeiro jogador decidir manter a sua mão, o segundo pode igualmente pedir mulligan.",
)
MULLIGAN_CURRENT = Reference(
    DISPUTE_FORMAT,
    "revision current, the mulligan",
    None,
    gettext_noop(
        "today's (London) mulligan: the player shuffles their hand into their "
        "library and draws seven cards again; once they keep, they put one card "
        "on the bottom of their library for each mulligan taken, so the kept hand "
        "shrinks by one per mulligan as in the classic rule, down to zero cards"
    ),
)

# --- Priority and the stack (217.6, 300.2, 408.1, 413.1) -----------------------------------------------

STACK_ORDER = Reference(
    MTG_CR,
    "217.6a",
    None,
    gettext_noop(
        "a spell or ability played goes on top of the stack and waits there to "
        "resolve; the stack keeps the order in which things were put on it"
    ),
    "Quando uma mágica ou habilidade é jogada, vai para o topo da pilha e espera pela sua resolução.",
)
TOP_RESOLVES = Reference(
    MTG_CR,
    "217.6c",
    None,
    gettext_noop(
        "when both players decline to put a spell or ability on the stack, the "
        "one on top (the last one played) resolves"
    ),
    "a mágica ou habilidade que está no topo (a última a ter sido jogada) é resolvida.",
)
PRIORITY_PASS = Reference(
    MTG_CR,
    "408.1c",
    None,
    gettext_noop(
        "the player with priority plays a spell or ability, and receives priority "
        "again, or passes, and their opponent receives it"
    ),
    "Se ele joga uma mágica ou habilidade, recebe novamente a prioridade; senão, o seu oponente recebe-a.",
)
BOTH_PASS = Reference(
    MTG_CR,
    "408.1c",
    None,
    gettext_noop(
        "if both players pass in succession, the spell or ability on top of the "
        "stack resolves and the active player receives priority; if the stack is "
        "empty, the phase or step ends"
    ),
    "Se ambos os jogadores passam a vez sucessivamente, a mágica ou habilidade que está no topo da pilha"
    " resolve e o jogador ativo recebe prioridade.",
)
ONLY_WITH_PRIORITY = Reference(
    MTG_CR,
    "408.1d",
    None,
    gettext_noop("a player can play a spell or ability only when they have priority"),
    "Um jogador pode jogar uma mágica ou habilidade apenas quando tem a prioridade.",
)
STEP_ENDS = Reference(
    MTG_CR,
    "300.2",
    None,
    gettext_noop("a phase or step ends when the stack is empty and both players pass in succession"),
    "Uma fase ou etapa acaba quando a pilha está vazia e os dois jogadores passam a vez sucessivamente.",
)
