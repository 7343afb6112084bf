"""The same rule in another rulebook of the folder, in another language: a ruling's parallel passages.

A ruling cites the passage each rule rests on (:mod:`rules.engine.references`). The books in
``shared/rulebooks/`` are in three languages: the Version 10 rulebook in English, the 9.0 rulebook and the
2007 rules in Portuguese, the Synchro-era excerpts in Spanish. Where another book states the same rule, a
:class:`Parallel` records where (the section as that book heads it, the page where the book shows one) and a
verbatim quote of a sentence or two, exactly as in the file, OCR noise and all, so that a judge finds it in
the book. :func:`passages_for` gives a reader the original passage and, when there is one, the parallel in
their language.

Only a passage that states the same rule is recorded: none is better than a wrong one. So there is none for
  - Master Rule 4 (Extra Monster Zones, Link Monsters, Pendulum Zones in the Spell & Trap Zones, where
    Extra Deck monsters go): only the Version 10 book has it, and the older books state different rules
    (the 9.0 book has separate Pendulum Zones, the Spanish excerpts destroy the previous Field Spell);
  - rules the other books do not state: the first player's draw (Spanish), 0 ATK, piercing damage and Xyz
    Materials (Spanish), the match tally with draws and Exodia (2007 rules; the 9.0 book and the Spanish
    excerpts only say that a match is won with 2 of 3 Duels); and, in English, everything past the Spell
    Cards, where the transcription of the Version 10 book ends (turn structure, battle, chains, the match);
  - Magic: the folder's Comprehensive Rules are in Portuguese and it holds no Magic rules in English or
    Spanish;
  - the Arbiter dispute format, the product's own contract, written in English only.

Pages: a 9.0 page is the section's pages from the book's table of contents, as its citations give them; the
Spanish excerpts show pages only in their cross-references ("ver pagina 43"), so a Spanish page is given
only where such a reference names the section.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import ModuleType

from rules.engine.mtg import passages as mtg
from rules.engine.references import YGO_ES, YGO_V9, YGO_V10, Document, Reference
from rules.engine.yugioh import passages as ygo


@dataclass(frozen=True)
class Parallel:
    """Where another rulebook states the same rule as a :class:`Reference`, and its words."""

    document: Document
    section: str
    page: str | None
    quote: str

    def as_dict(self) -> dict[str, str | None]:
        return {
            "document": self.document.title,
            "file": self.document.file,
            "language": self.document.language,
            "section": self.section,
            "page": self.page,
            "quote": self.quote,
        }


@dataclass(frozen=True)
class Quoted:
    """A passage as a reader is shown it: the one the ruling cites (``original``) or a parallel of it."""

    document: Document
    section: str
    page: str | None
    quote: str | None
    original: bool

    @property
    def language(self) -> str:
        return self.document.language


_RECORDED: tuple[tuple[Reference, Document, str, str | None, str], ...] = (
    (
        ygo.DECK_MAIN_SIZE,
        YGO_V9,
        "O que é preciso para Duelar, Deck",
        "2",
        "O Deck deve conter entre 40 e 60 cards.",
    ),
    (
        ygo.DECK_COPIES,
        YGO_V9,
        "O que é preciso para Duelar, Deck",
        "2",
        "Você só pode ter 3 cópias de um mesmo card em seu Deck, Deck Adicional ou Deck Auxiliar combinados.",
    ),
    (
        ygo.DECK_COPIES,
        YGO_ES,
        "Cartas Prohibidas o Limitadas",
        None,
        "Normalmente, tu Deck (incluyendo la Deck Extra y la Side Deck) puede contener hasta 3 copias"
        " de una carta con el mismo nombre.",
    ),
    (
        ygo.SAME_NAME,
        YGO_V9,
        "Cards de Monstro, Como ler um card",
        "6",
        "Se diferentes cards tem o mesmo nome, eles são considerados o mesmo card.",
    ),
    (
        ygo.DECK_EXTRA_SIZE,
        YGO_V9,
        "O que é preciso para Duelar, Deck Adicional",
        "2",
        "Você pode ter até 15 cards no seu Deck Adicional.",
    ),
    (
        ygo.DECK_EXTRA_CONTENTS,
        YGO_V9,
        "O que é preciso para Duelar, Deck Adicional",
        "2",
        "O Deck Adicional pode conter Monstros Xyz, Monstros Sincros e Monstros de Fusão, em qualquer"
        " combinação.",
    ),
    (
        ygo.DECK_SIDE_SIZE,
        YGO_V9,
        "O que é preciso para Duelar, Deck Auxiliar",
        "2",
        "O número de cards em seu Deck Auxiliar não deve ser maior que 15.",
    ),
    (
        ygo.DECK_SIDE_SIZE,
        YGO_ES,
        "Preparandote para el Duelo",
        None,
        "Ambos jugadores deben mostrarse mutuamente sus Side Decks, anotar el nimero de cartas que"
        " contiene, y confirmar que contienen 15 cartas o menos (las cartas deben contarse boca abajo).",
    ),
    (
        ygo.SIDE_SWAP_COUNT,
        YGO_V9,
        "O que é preciso para Duelar, Deck Auxiliar",
        "2",
        "O número de cards em seu Deck Auxiliar antes e depois de uma troca deve ser exatamente o mesmo.",
    ),
    (
        ygo.SIDE_SWAP_COUNT,
        YGO_ES,
        "Preparandote para el Duelo",
        None,
        "Principal después de un Duelo, cuenta las cartas de tu Side Deck para mostrarle a tu"
        " adversario que todavia tienes la misma cantidad de cartas alli.",
    ),
    (
        ygo.SIDE_SWAP_CARDS,
        YGO_V9,
        "O que é preciso para Duelar, Deck Auxiliar",
        "2",
        "Depois de cada Duelo em uma Partida, você pode trocar qualquer card do seu Deck Auxiliar por"
        " um card do seu Deck Principal e/ou Deck Adicional para adaptar sua estratégia à do oponente.",
    ),
    (
        ygo.BANLIST,
        YGO_ES,
        "Cartas Prohibidas o Limitadas",
        None,
        "Hay 3 tipos de restriccion: Las cartas Limitadas estdn restringidas a 1 copia por Deck,"
        " mientras que las Semi-Limitadas estan restringidas a 2 copias por Deck. Las cartas Prohibidas"
        " jamas se pueden incluir en el Deck.",
    ),
    (
        ygo.NEXT_FIRST_PLAYER,
        YGO_ES,
        "Preparandote para el Duelo",
        None,
        "Para tus siguientes Duelos, el perdedor del Duelo anterior es el que decide quién va primero y"
        " quién segundo. Si el Duelo anterior termind en empate, decidan quién sera primero en el Duelo"
        " siguiente con otro lanzamiento, etc.",
    ),
    (
        ygo.WIN_LP,
        YGO_ES,
        "¡Que Empiece el Duelo!, Ganar un Duelo",
        None,
        "Ganas el Duelo si sucede una de las siguientes condiciones: reduces los Life Points de tu"
        " adversario a 0; si tu oponente no tiene mas cartas para robar; o si el efecto especial de una"
        " carta dice que has ganado. Si tu y tu adversario llegan a o Life Points al mismo tiempo, el"
        " Duelo se declara EMPATE.",
    ),
    (
        ygo.WIN_DECK_OUT,
        YGO_ES,
        "¡Que Empiece el Duelo!, Ganar un Duelo",
        None,
        "Tu adversario no puede robar una carta cuando debe hacerlo.",
    ),
    (
        ygo.DRAW_PHASE,
        YGO_ES,
        "Estructura del Turno, Draw Phase",
        None,
        "Un jugador sin cartas en su Deck y que no puede robar pierde el Duelo.",
    ),
    (
        ygo.END_PHASE_HAND,
        YGO_ES,
        "Estructura del Turno, End Phase",
        None,
        "Si tienes mas de 6 cartas en tu mano al final de esta phase, selecciona y descarta cartas al"
        " Cementerio hasta que sélo tengas 6 cartas en la mano.",
    ),
    (
        ygo.MAIN_PHASE_ACTIONS,
        YGO_ES,
        "Estructura del Turno, Main Phase 1",
        None,
        "Aqui es cuando juegas la mayoria de tus cartas: puedes Invocar o Colocar monstruos, cambiar la"
        " posicion de batalla de un monstruo, ~ activar el efecto de una carta y Colocar Cartas Magicas"
        " y de Trampa.",
    ),
    (
        ygo.BATTLE_FIRST_TURN,
        YGO_ES,
        "Estructura del Turno, Battle Phase, Start Step",
        None,
        "El jugador que juega primero no puede realizar una Battle Phase en su primer turno.",
    ),
    (
        ygo.BATTLE_STEP,
        YGO_ES,
        "Estructura del Turno, Battle Phase, Battle Step",
        None,
        "A cada monstruo en Posicion de Ataque boca arriba que tu controlas le es permitido 1 ataque"
        " por turno.",
    ),
    (
        ygo.DIRECT_ATTACK,
        YGO_ES,
        "Reglas de Batallas de Monstruos, Si Tu Adversario No Tiene Monstruos",
        None,
        "Si no hay monstruos en el Campo de tu adversario, puedes atacar directamente. La cantidad"
        " total del ATK de tu monstruo atacante es el Dano de Batalla que se resta de los Life Points"
        " de tu adversario.",
    ),
    (
        ygo.DIRECT_ATTACK_EFFECT,
        YGO_ES,
        "Glosario, Atacar directamente",
        None,
        "Algunos monstruos tienen un efecto que les permite Atacar Directamente aunque el adversario"
        " controle a un monstruo.",
    ),
    (
        ygo.RULES_VS_EFFECTS,
        YGO_ES,
        "Reglas vs. Efectos de Cartas",
        None,
        "Si hay alguna discrepancia entre las reglas basicas y el efecto de una carta, el efecto de la"
        " carta tiene precedencia.",
    ),
    (
        ygo.ATK_VS_ATK_WIN,
        YGO_ES,
        "Reglas de Batallas de Monstruos, Cuando atacas a un Monstruo en Posicion de Ataque",
        None,
        "La cantidad en la que el ATK de tu monstruo atacante exceda el ATK del monstruo del adversario"
        " es el Dano de Batalla que se resta de los Life Points de tu adversario.",
    ),
    (
        ygo.ATK_VS_ATK_TIE,
        YGO_ES,
        "Reglas de Batallas de Monstruos, Cuando atacas a un Monstruo en Posicion de Ataque",
        None,
        "Cuando el ATK de tu monstruo atacante es igual que el ATK del monstruo del adversario, el"
        " resultado se considera un empate y ambos monstruos son destruidos. Ninguno de los jugadores"
        " recibe dano de batalla.",
    ),
    (
        ygo.ATK_VS_ATK_LOSE,
        YGO_ES,
        "Reglas de Batallas de Monstruos, Cuando atacas a un Monstruo en Posicion de Ataque",
        None,
        "Cuando el ATK del monstruo atacante es menor que el ATK del monstruo del adversario, el"
        " monstruo atacante es destruido y mandado al Cementerio. La cantidad en la que el ATK del"
        " monstruo del adversario exceda el ATK de tu monstruo atacante es el Dano de Batalla que se"
        " resta de tus Life Points.",
    ),
    (
        ygo.ATK_VS_DEF_WIN,
        YGO_ES,
        "Reglas de Batallas de Monstruos, Cuando Atacas a un Monstruo en Posicion de Defensa",
        None,
        "Cuando el ATK de tu monstruo atacante es mayor que la DEF del monstruo del adversario, el"
        " monstruo atacante destruye al monstruo del adversario y lo manda al Cementerio. VICTORIA"
        " Ninguno de los jugadores recibe Dano de Batalla.",
    ),
    (
        ygo.ATK_VS_DEF_TIE,
        YGO_ES,
        "Reglas de Batallas de Monstruos, Cuando Atacas a un Monstruo en Posicion de Defensa",
        None,
        "Cuando el ATK de tu monstruo atacante es igual que la DEF del monstruo del adversario, ninguno"
        " de los monstruos es destruido. Ninguno de los jugadores recibe Dano de Batalla.",
    ),
    (
        ygo.ATK_VS_DEF_LOSE,
        YGO_ES,
        "Reglas de Batallas de Monstruos, Cuando Atacas a un Monstruo en Posicion de Defensa",
        None,
        "Cuando el ATK de tu monstruo atacante es menor que la DEF del monstruo del adversario, ninguno"
        " de los monstruos es destruido. La cantidad en la que la DEF del monstruo del adversario"
        " exceda el ATK de tu monstruo atacante es el Dano de Batalla que se resta de tus Life Points.",
    ),
    (
        ygo.FACE_DOWN_TARGET,
        YGO_ES,
        "Reglas de Batallas de Monstruos, Reglas del Damage Step, Atacar una Carta Boca Abajo",
        "34",
        "Si atacas una carta en Posicion de Defensa boca abajo, voltea la carta a Posicion de Defensa"
        " boca arriba durante el Damage Step. Ahora puedes ver la DEF del monstruo para poder calcular"
        " el dano.",
    ),
    (
        ygo.REPLAY,
        YGO_ES,
        "Estructura del Turno, Reglas de Repeticion durante el Battle Step",
        None,
        "Cuando esto ocurre puedes elegir seguir atacando con el mismo monstruo o atacar con un"
        " monstruo diferente, jo hasta no atacar! Sin embargo, si atacas con un monstruo diferente, el"
        " primer monstruo también se considera que ha declarado un ataque y, por lo tanto, no puede"
        " atacar de nuevo este turno.",
    ),
    (
        ygo.TOKENS,
        YGO_ES,
        "Fichas de Monstruos",
        None,
        "No se incluyen en el Deck y no pueden ser mandadas a ningtn otro lugar que el Campo, como la"
        " mano o el Cementerio. Cuando una ficha es destruida o mandada a la mano o el Deck,"
        " simplemente se retira del Campo.",
    ),
    (
        ygo.POSITION_SAME_TURN,
        YGO_ES,
        "Estructura del Turno, Main Phase 1, Cambia la Posicion de Batalla de tus Monstruos",
        None,
        "1. No puedes cambiar la posicion de batalla de un monstruo que fue jugado en el campo este turno.",
    ),
    (
        ygo.POSITION_AFTER_ATTACK,
        YGO_ES,
        "Estructura del Turno, Main Phase 1, Cambia la Posicion de Batalla de tus Monstruos",
        None,
        "2. No puedes cambiarlo en la Main Phase 2 si el monstruo atacé durante la Battle Phase.",
    ),
    (
        ygo.POSITION_ONCE,
        YGO_ES,
        "Estructura del Turno, Main Phase 1, Cambia la Posicion de Batalla de tus Monstruos",
        None,
        "3. No puedes cambiarlo si has cambiado ya su posicion de batalla una vez en este turno.",
    ),
    (
        ygo.SPELL_MAIN_PHASE,
        YGO_ES,
        "Cartas de Trampa, La diferencia entre Cartas Magicas Colocadas y Cartas de Trampa Colocadas",
        None,
        "Las Cartas Magicas pueden ser activadas durante las Main Phases atn en el mismo turno en que"
        " las has Colocado (con la excepcion de las Cartas Magicas de Juego Rapido). Colocarlas no te"
        " permite usarlas en el turno de tu adversario; solo pueden ser activadas durante tu propia"
        " Main Phase.",
    ),
    (
        ygo.QUICK_PLAY,
        YGO_ES,
        "Cartas Magicas, Cartas Magicas de Juego Rapido",
        None,
        "Estas son Cartas Magicas especiales que pueden ser activadas en cualquier Phase de tu turno,"
        " no solamente durante tu Main Phase. También puedes activarlas durante el turno de tu"
        " adversario si es que has Colocado la carta boca abajo previamente, pero recuerda que no"
        " puedes activar una carta en el mismo turno en que la Colocaste.",
    ),
    (
        ygo.TRAP_SET_FIRST,
        YGO_ES,
        "Cartas de Trampa, Cartas de Trampa Normales",
        None,
        "Antes de que puedas activar una Carta de Trampa debes primero Colocarla en el Campo. No puedes"
        " activar la Trampa en el mismo turno en que la Colocaste, pero puedes activarla en cualquier"
        " momento después, comenzando desde el principio del préximo turno.",
    ),
    (
        ygo.EQUIP_SPELL,
        YGO_V9,
        "Cards de Magia, Cards de Magia de Equipamento",
        "22-27",
        "Esses cards oferecem um efeito adicional a um monstro de sua escolha no campo com a face para"
        " cima (um monstro seu ou do seu oponente, dependendo do card).",
    ),
    (
        ygo.EQUIP_SPELL,
        YGO_ES,
        "Cartas Magicas, Cartas Magicas de Equipo",
        None,
        "Estas cartas dan un efecto extra a un monstruo boca arriba a tu eleccion (o tuyo o de tu"
        " adversario, dependiendo de la carta).",
    ),
    (
        ygo.EQUIP_DESTROYED,
        YGO_V9,
        "Cards de Magia, Cards de Magia de Equipamento",
        "22-27",
        "Se o monstro equipado for destruído, virado com a face para baixo ou removido do campo, seu"
        " Card de Equipamento é destruído.",
    ),
    (
        ygo.EQUIP_DESTROYED,
        YGO_ES,
        "Cartas Magicas, Cartas Magicas de Equipo",
        None,
        "Si el monstruo equipado es destruido, volteado boca ahajo o retirado del juego, sus Cartas de"
        " Equipo son destruidas.",
    ),
    (
        ygo.EQUIP_CARD,
        YGO_ES,
        "Glosario, Carta de Equipo",
        None,
        "Adicionalmente a las Cartas Magicas de Equipo, a veces las Cartas de Trampa o de Monstruo son"
        " tratadas como Cartas de Equipo, y las reglas para las Cartas Magicas de Equipo les son"
        ' aplicadas. El término "Carta de Equipo” incluye tanto aquellas cartas de Equipo como las'
        " Magicas de Equipo.",
    ),
    (
        ygo.FIELD_SPELL,
        YGO_V9,
        "O Tapete de Duelo, Zona de Campo",
        "4",
        "Cada duelistas pode ter 1 Card de Magia de Campo no seu próprio lado do campo. Para usar outra"
        " Magia de Campo, envie a anterior para o Cemitério.",
    ),
    (
        ygo.FACE_DOWN_MONSTER,
        YGO_ES,
        "Invocando Cartas de Monstruos, Invocacion por Volteo",
        None,
        "No puedes usar el efecto de la mayoria de los monstruos hasta que estén boca arriba.",
    ),
    (
        ygo.FACE_DOWN_MONSTER,
        YGO_V10,
        "Monster Cards, How to read a card",
        "6",
        "Normally, the effects of monsterscannot be used while they are Set face-down on the field.",
    ),
    (
        ygo.IGNITION_EFFECT,
        YGO_V10,
        "Effect Monsters, Ignition Effect",
        "9-11",
        "You use this type of effect just by declaring its activation duringyour Main Phase.",
    ),
    (
        ygo.QUICK_EFFECT,
        YGO_V10,
        "Effect Monsters, Quick Effect",
        "9-11",
        "These are special monster effects that you can activate evenduring your opponent’s turn. These"  # noqa: RUF001 (verbatim apostrophe)
        " types of effects have aSpell Speed of 2, even though all other monster effects have aSpell"
        " Speed of 1.",
    ),
    (
        ygo.DAMAGE_STEP_LIMIT,
        YGO_ES,
        "Reglas de Batallas de Monstruos, Reglas del Damage Step, Limitaciones en la Activacion de Cartas",
        "34",
        "Durante el Damage Step solo puedes activar Cartas de Trampa de Contraefecto o cartas con"
        " efectos que directamente cambien el ATK o la DEF de un monstruo. Ademas, estas cartas sélo"
        " pueden ser activadas hasta el comienzo del calculo de dano.",
    ),
    (
        ygo.SPELL_SPEEDS,
        YGO_ES,
        "Cadenas y Velocidad de Hechizo, Velocidades de Hechizo",
        "39",
        "Los efectos Magicas, de Trampa y de Monstruos de Efecto tienen Velocidades de Hechizo"
        " diferentes. Las Velocidades de Hechizo van del 1 al 3.",
    ),
    (
        ygo.CHAIN_RESPONSE,
        YGO_ES,
        "Cadenas y Velocidad de Hechizo, Velocidades de Hechizo",
        "39",
        "Sélo puedes responder con un efecto si su Velocidad de Hechizo es 2 o mayor y tiene una"
        " Velocidad de Hechizo igual o mayor del efecto del Eslabon de la Cadena que le anteponia.",
    ),
    (
        ygo.SIMULTANEOUS_TRIGGERS,
        YGO_ES,
        "Cuando se activan multiples cartas simultaneamente",
        "43",
        "Si los efectos de cartas de Velocidad de Hechizo 1 (como efectos Disparados) se activan al"
        " mismo tiempo, éstos se resolveran con una Cadena especial.",
    ),
    (
        ygo.CHAIN_RESOLUTION,
        YGO_ES,
        "Cadenas y Velocidad de Hechizo, Como funciona una Cadena",
        None,
        "Una vez que la Cadena esta completa, el resultado se determina comenzando con la carta mas"
        " recientemente activada, arriba de todo de la Cadena, y procediendo hacia abajo hasta el"
        " Eslabon de Cadena 1.",
    ),
    (
        ygo.CHAIN_NEGATION,
        YGO_ES,
        "Cadenas y Velocidad de Hechizo, Ejemplo de una Cadena",
        None,
        "“Siete Herramientas del Bandido” (Eslabon de Cadena 3) se resuelve primero y niega la"
        ' activacién de "Rugido Amenazante”.',
    ),
    (
        ygo.SPELL_TRAP_AFTER_USE,
        YGO_ES,
        "Cartas Magicas, Cartas Magicas Normales",
        None,
        "La carta es destruida después de resolver el efecto y es mandada al Cementerio.",
    ),
    (
        ygo.SPELL_TRAP_AFTER_USE,
        YGO_V10,
        "Spell & Trap Cards, Normal Spell Cards",
        "26-31",
        "After resolving the effect, send the card to the Graveyard.",
    ),
    (
        ygo.PRIORITY,
        YGO_ES,
        "Cadenas y Velocidad de Hechizo, Prioridad del jugador activo",
        None,
        "Mientras el jugador activo tiene Prioridad, el adversario no puede activar cartas o efectos,"
        " excepto los efectos que se activan automaticamente, como Efectos de Disparo o Volteo.",
    ),
    (
        ygo.NORMAL_SUMMON,
        YGO_V9,
        "Invocar Cards de Monstro, Invocação Normal",
        "20-21",
        "Simplesmente coloque o Card de Monstro da sua mão para o campo com a face para cima em Posição"
        " de Ataque.",
    ),
    (
        ygo.NORMAL_SUMMON,
        YGO_ES,
        "Invocando Cartas de Monstruos, Invocacion Normal",
        None,
        "Simplemente pon una Carta de Monstruo de tu mano en el Campo en Posicion de Ataque boca arriba.",
    ),
    (
        ygo.ONCE_PER_TURN,
        YGO_V9,
        "Invocar Cards de Monstro, Baixar",
        "20-21",
        "Lembre-se, você só pode fazer uma Invocação Normal OU ação de Baixar uma vez por turno,"
        " portanto, se você Baixar um monstro, não poderá fazer uma Invocação-Normal neste turno.",
    ),
    (
        ygo.ONCE_PER_TURN,
        YGO_ES,
        "Invocando Cartas de Monstruos, Invocacion Normal",
        None,
        "Recuerda, puedes Invocar de modo Normal o Colocar solamente una vez por turno. Por lo tanto,"
        " si Colocas un monstruo, no podras Invocar de manera Normal a otro monstruo ese turno.",
    ),
    (
        ygo.TRIBUTES_BY_LEVEL,
        YGO_V9,
        "Invocar Cards de Monstro, Invocação Normal (e Invocação-Tributo)",
        "20-21",
        "Monstros de Nível 5 ou 6 requerem 1 Tributo e monstros de Nível 7 ou mais requerem 2 Tributos.",
    ),
    (
        ygo.TRIBUTES_BY_LEVEL,
        YGO_ES,
        "Invocando Cartas de Monstruos, Invocacion Normal (e Invocacion por Sacrificio)",
        None,
        "Los monstruos de Nivel 5 6 6 requieren 1 Sacrificio mientras que los Monstruos de Nivel 7 0"
        " més requieren 2 Sacrificios.",
    ),
    (
        ygo.NO_FACE_UP_DEFENSE,
        YGO_V9,
        "Invocar Cards de Monstro, Baixar",
        "20-21",
        "Nota: Você não pode colocar um monstro da sua mão no campo com a face para cima em Posição de"
        " Defesa.",
    ),
    (
        ygo.NO_FACE_UP_DEFENSE,
        YGO_ES,
        "Invocando Cartas de Monstruos, Invocacion Normal",
        None,
        "(Nota: no puedes jugar un monstruo de tu mano en el Campo en Posicion de Defensa hoca arriba).",
    ),
    (
        ygo.NORMAL_SET,
        YGO_V9,
        "Invocar Cards de Monstro, Baixar",
        "20-21",
        "Escolher um Card de Monstro da sua mão e colocá-lo no campo com a face para baixo em Posição"
        " de Defesa é chamado de Baixar.",
    ),
    (
        ygo.NORMAL_SET,
        YGO_ES,
        "Invocando Cartas de Monstruos, Invocacion Normal",
        None,
        'Poner una Carta de Monstruo de tu mano en Posicion de Defensa boca abajo se denomina "Colocar”.',
    ),
    (
        ygo.FLIP_SUMMON,
        YGO_V9,
        "Invocar Cards de Monstro, Invocação por Virar",
        "20-21",
        "Um Card de Monstro não pode sofrer uma Invocação por Virar no mesmo turno em que foi Baixado"
        " no campo.",
    ),
    (
        ygo.FLIP_SUMMON,
        YGO_ES,
        "Invocando Cartas de Monstruos, Invocacion por Volteo",
        None,
        "Una Carta de Monstruo no puede ser Invocada por Volteo en el mismo turno en que ha sido Colocada.",
    ),
    (
        ygo.SPECIAL_SUMMON_POSITION,
        YGO_V9,
        "Invocar Cards de Monstro, Invocação Especial",
        "20-21",
        "Exceto quando especificado o contrário, um monstro pode ser Invocado por Invocação-Especial"
        " tanto com a face para cima em Posição de Ataque quanto com a face para cima em Posição de"
        " Defesa.",
    ),
    (
        ygo.SPECIAL_SUMMON_POSITION,
        YGO_ES,
        "Invocando Cartas de Monstruos, Invocacion Especial",
        None,
        "A menos que se especifique otra cosa, un monstruo Invocado de modo Especial es Invocado al"
        " Campo ya sea en Posicion de Ataque boca arriba o en Posicion de Defensa boca arriba, a"
        " eleccion tuya.",
    ),
    (
        ygo.PROPERLY_SUMMONED,
        YGO_V9,
        "Invocar Cards de Monstro, Invocação-Especial pelo Efeito de um Card",
        "20-21",
        "Você não pode usar um card para fazer a Invocação-Especial desses monstros da sua mão, Deck ou"
        " Cemitério, a não ser que eles já tenham sido Invocados correntemente antes.",
    ),
    (
        ygo.PROPERLY_SUMMONED,
        YGO_ES,
        "Invocando Cartas de Monstruos, Invocacion Especial con Efecto de una Carta",
        None,
        'No puedes usar el efecto de una carta para Invocar de modo Especial a un "Monstruo de'
        " Invocacion Especial” de tu mano, Deck o Cementerio a menos que haya sido Invocado usando una"
        " Invocacion Especial apropiada.",
    ),
    (
        ygo.MAIN_MONSTER_ZONE,
        YGO_V9,
        "O Tapete de Duelo, Zona de Monstros",
        "4",
        "Este é o lugar onde você coloca seus monstros quando eles são usados. Você pode ter até 5"
        " cards aqui.",
    ),
    (
        ygo.PENDULUM_TO_EXTRA_DECK,
        YGO_V9,
        "Cards de Monstro Pêndulo",
        "12-13",
        "Sempre que um dos seus Cards de Monstro Pêndulo no campo (independente da Zona em que estiver"
        " ou se ele é um monstro ou não) seria enviado para o Cemitério, em vez disso, coloque-os com a"
        " face para cima no topo do seu Deck Adicional.",
    ),
    (
        ygo.PENDULUM_SUMMON,
        YGO_V9,
        "Cards de Monstro Pêndulo, Como realizar uma Invocação-Pêndulo",
        "12-13",
        "Uma vez por turno, durante sua Fase Principal, declare que você está Invocando por"
        " Invocação-Pêndulo. 2 Consulte os valores das Escalas de Pêndulo nas laterais dos seus 2 Cards"
        " de Monstro Pêndulo e Invoque por Invocação-Especial tantos monstros quanto quiser da sua mão"
        " ou do Deck Adicional cujos Níveis estejam entre os valores dessas Escalas de Pêndulo.",
    ),
    (
        ygo.SYNCHRO,
        YGO_V9,
        "Monstros Síncro",
        "16-17",
        "Você pode Invocá-los por Invocação-Síncro do seu Deck Adicional ao enviar 1 monstro"
        ' "Regulador" com a face para cima e um número qualquer de monstros não-Reguladores com a'
        " face para cima do seu lado do campo para o Cemitério. Quando a soma dos Níveis de todos esses"
        " monstros for exatamente igual ao Nível do Monstro Síncro, ele é Invocado.",
    ),
    (
        ygo.SYNCHRO,
        YGO_ES,
        "Monstruos de Sincronia",
        None,
        "Pueden ser Invocados por Sincronia desde el Deck Extra mandando 1 monstruo Cantante boca"
        " arriba y cualquier nimero de monstruos que no sean Cantante boca arriba desde tu lado del"
        " Campo al Cementerio, siempre que la suma de todos sus Niveles sea exactamente igual al Nivel"
        " del Monstruo de Sincronia.",
    ),
    (
        ygo.XYZ,
        YGO_V9,
        "Monstros Xyz",
        "14-15",
        "As Matérias Xyz devem estar com a face para cima para que possam ser utilizadas.",
    ),
    (
        ygo.FUSION,
        YGO_V9,
        "Monstros de Fusão, Como Fazer uma Invocação-Fusão",
        "18",
        "Se você tiver todas as Matérias de Fusão listadas no card do Monstro de Fusão, e elas"
        " estiverem nos lugares especificados pelo seu card de Invocação, você pode ativar o card de"
        " Invocação colocando-o em sua Zona de Magias & Armadilhas.",
    ),
    (
        ygo.FUSION,
        YGO_ES,
        "Monstruos de Fusion",
        None,
        "Si tienes todos los Monstruos Material de Fusion listados en la Carta Monstruo de Fusion (o en"
        ' tu Campo o en tu mano) puedes activar "Polimerizacion”, colocandola en tu Zona de Cartas'
        " Magicas y de Trampa.",
    ),
    (
        ygo.RITUAL,
        YGO_V9,
        "Monstros de Ritual, Como Fazer uma Invocação por Ritual",
        "19",
        "Depois de enviar os monstros Tributo para o Cemitério, coloque o Card de Monstro de Ritual no"
        " campo com a face para cima em Posição de Ataque ou de Defesa.",
    ),
    (
        ygo.RITUAL,
        YGO_ES,
        "Monstruos de Ritual, Como Invocar por Ritual",
        None,
        "Después de mandar los Monstruos Sacrificados al Cementerio, juega la Carta de Monstruo de"
        " Ritual en el Campo en Posicion de Ataque o de Defensa boca arriba.",
    ),
)

PARALLELS: Mapping[Reference, tuple[Parallel, ...]] = {
    reference: tuple(
        Parallel(document, section, page, quote)
        for cited, document, section, page, quote in _RECORDED
        if cited == reference
    )
    for reference, *_ in _RECORDED
}


def reader_language(code: str | None) -> str:
    """A reader's language as the documents name theirs: "pt-br", "pt_BR" and "pt" are "pt"; "es-419" is
    "es"; "en-us" is "en"; no language is ""."""
    return (code or "").strip().lower().replace("_", "-").split("-")[0]


def parallel_for(reference: Reference, language: str | None) -> Parallel | None:
    """The passage stating ``reference``'s rule in a book in ``language``, unless the cited book is in it."""
    wanted = reader_language(language)
    if not wanted or reference.document.language == wanted:
        return None
    return next((p for p in PARALLELS.get(reference, ()) if p.document.language == wanted), None)


def passages_for(reference: Reference, language: str | None) -> list[Quoted]:
    """What a reader in ``language`` is shown for ``reference``: the cited passage, then the parallel in
    their language when a book in it states the same rule."""
    shown = [Quoted(reference.document, reference.section, reference.page, reference.quote, original=True)]
    parallel = parallel_for(reference, language)
    if parallel is not None:
        shown.append(Quoted(parallel.document, parallel.section, parallel.page, parallel.quote, False))
    return shown


def _references(*modules: ModuleType) -> tuple[Reference, ...]:
    found: list[Reference] = []
    for module in modules:
        found += [value for value in vars(module).values() if isinstance(value, Reference)]
    return tuple(dict.fromkeys(found))


REFERENCES: tuple[Reference, ...] = _references(ygo, mtg)
# Each passage's summary is the engine's own wording and names one rule: it is unique (a test says so).
_BY_PASSAGE = {reference.passage: reference for reference in REFERENCES}
_BY_CITE = {reference.cite(): reference for reference in REFERENCES}


def reference_for(cited: Mapping[str, object] | str) -> Reference | None:
    """The reference a ruling cited, from any form a ruling carries it in: a ``citations`` entry (its
    ``passage``, and its ``document`` when given), a ``rules`` or violation ``rule`` string, or the summary
    alone. ``None`` for a passage the engine no longer cites (a ruling stored by an older engine)."""
    if isinstance(cited, str):
        return _BY_CITE.get(cited) or _BY_PASSAGE.get(cited)
    reference = _BY_PASSAGE.get(str(cited.get("passage") or ""))
    document = cited.get("document")
    if reference is None or (document and document != reference.document.title):
        return None
    return reference


def recorded() -> Iterable[tuple[Reference, Parallel]]:
    """Every recorded parallel with the reference it parallels, for the tests that check them in the books."""
    for reference, parallels in PARALLELS.items():
        for parallel in parallels:
            yield reference, parallel
