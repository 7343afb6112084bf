"""The Magic passages the shared rules cite (the Comprehensive Rules in the folder are Portuguese)."""

from __future__ import annotations

from rules.engine.match import FIRST_TO_TWO, MatchRules
from rules.engine.references import DISPUTE_FORMAT, MTG_CR, Reference

NEXT_FIRST_PLAYER = Reference(
    MTG_CR,
    "101.2",
    None,
    "in a match of several games, the loser of the previous game decides who plays first",
    "Numa partida de vários duelos, o jogador que perdeu o duelo anterior decide quem joga primeiro.",
)
DRAWN_GAME_CHOOSER = Reference(
    DISPUTE_FORMAT,
    "match_result, choosers",
    None,
    "after a drawn game, the player who chose for the drawn game chooses again",
)
FIRST_TO_TWO_GAMES = Reference(
    DISPUTE_FORMAT,
    "match_result, first_to_two",
    None,
    "drawn games do not count; play goes on until a player has two wins or time is called",
)
THREE_GAMES = Reference(
    DISPUTE_FORMAT,
    "match_result, three_duels",
    None,
    "at most three games: two wins, or one win and two draws, take the match; otherwise it is a draw",
)
TIME_CALLED = Reference(
    DISPUTE_FORMAT,
    "match_result, time_called",
    None,
    "when time is called the games played are all there will be: more wins takes the match, equal wins draw",
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
    "in constructed play each deck has at least sixty cards and at most four copies of a card, except basic"
    " lands",
    "cada jogador precisa ter o seu próprio deck de pelo menos sessenta cartas com no máximo quatro cópias de"
    " cada carta exceto os terrenos básicos",
)
LIMITED_DECK = Reference(
    MTG_CR,
    "100.3",
    None,
    "in sealed deck or draft play a deck has at least forty cards and any number of copies of a card",
    "o mínimo de cartas num deck é apenas quarenta e pode-se usar quantas cópias de uma carta tiver",
)
TOURNAMENT_LIMITS = Reference(
    MTG_CR,
    "100.5",
    None,
    "tournaments may limit the use of some cards: a banned card may not be played, a restricted card"
    " only once",
    "A maior parte dos torneios de Magic tem regras especiais (não incluídas aqui) e podem limitar o uso de"
    " algumas cartas",
)
SIDEBOARD_SIZE = Reference(
    DISPUTE_FORMAT,
    "deck_check, Magic",
    None,
    "a constructed sideboard holds at most fifteen cards (Magic Tournament Rules; this edition of the"
    " Comprehensive Rules leaves sideboards to tournament rules)",
)
SIDEBOARDING = Reference(
    DISPUTE_FORMAT,
    "side_swap, Magic",
    None,
    "between games cards move between the deck and the sideboard in any numbers, not one for one; no card"
    " may come from outside them, and the deck must stay legal",
)
