"""What happens when a round's time is called: the event's end-of-round procedure, as small functions.

The official procedure has changed over the years, so an event names the one it runs (its
``end_of_round`` setting) and these functions apply it:

* ``ygo_lp``, the Yu-Gi-Oh! Tournament Policy before September 2025: the players finish the current phase;
  an unfinished duel goes to the player with more LP (equal LP: a drawn duel); then more duel wins takes the
  match, equal wins is a match draw.
* ``ygo_double_loss``, the 2025 revision: a match nobody has won when time is called is a loss for both.
* ``mtg_five_turns``, Magic: the current turn plus five more turns; a game still unfinished is a draw; the
  match is then decided on game wins.

No rulebook in ``shared/rulebooks/`` holds a tournament policy, so the passages cite what the app really
applies: the organizer's setting for the event, with the procedure's text as the passage (no page numbers,
because there is no book to find them in).
"""

from __future__ import annotations

from rules.engine.references import Document, Reference
from rules.engine.ruling import Fact
from rules.engine.sentences import gettext_noop, say

YGO_LP = "ygo_lp"
YGO_DOUBLE_LOSS = "ygo_double_loss"
MTG_FIVE_TURNS = "mtg_five_turns"
PROCEDURES = (YGO_LP, YGO_DOUBLE_LOSS, MTG_FIVE_TURNS)
PROCEDURES_BY_GAME: dict[str, tuple[str, ...]] = {
    "yugioh": (YGO_LP, YGO_DOUBLE_LOSS),
    "mtg": (MTG_FIVE_TURNS,),
}
DOUBLE_LOSS = "double_loss"

SETTING_YGO_LP = Document(
    "Event end-of-round setting (Yu-Gi-Oh! Tournament Policy before September 2025)",
    "en",
    "event setting end_of_round=ygo_lp",
)
SETTING_YGO_DOUBLE_LOSS = Document(
    "Event end-of-round setting (Yu-Gi-Oh! Tournament Policy, 2025 revision)",
    "en",
    "event setting end_of_round=ygo_double_loss",
)
SETTING_MTG_FIVE_TURNS = Document(
    "Event end-of-round setting (Magic: five extra turns)", "en", "event setting end_of_round=mtg_five_turns"
)

YGO_LP_PHASE = Reference(
    SETTING_YGO_LP,
    "When time is called",
    None,
    gettext_noop("the players finish the current phase of the duel"),
)
YGO_LP_DUEL = Reference(
    SETTING_YGO_LP,
    "An unfinished duel",
    None,
    gettext_noop("the player with more LP wins the unfinished duel; with equal LP the duel is a draw"),
)
YGO_LP_MATCH = Reference(
    SETTING_YGO_LP,
    "Deciding the match",
    None,
    gettext_noop("the player with more duel wins takes the match; equal duel wins is a match draw"),
)
YGO_DOUBLE_LOSS_MATCH = Reference(
    SETTING_YGO_DOUBLE_LOSS,
    "When time is called",
    None,
    gettext_noop("a match nobody has won when time is called is a loss for both players"),
)
MTG_TURNS = Reference(
    SETTING_MTG_FIVE_TURNS,
    "When time is called",
    None,
    gettext_noop("the active player finishes the current turn, then five more turns are played"),
)
MTG_UNFINISHED = Reference(
    SETTING_MTG_FIVE_TURNS,
    "An unfinished game",
    None,
    gettext_noop(
        "a game nobody has won after the extra turns is a draw; more game wins "
        "then takes the match, equal wins is a match draw"
    ),
)

STEPS: dict[str, tuple[Reference, ...]] = {
    YGO_LP: (YGO_LP_PHASE, YGO_LP_DUEL, YGO_LP_MATCH),
    YGO_DOUBLE_LOSS: (YGO_DOUBLE_LOSS_MATCH,),
    MTG_FIVE_TURNS: (MTG_TURNS, MTG_UNFINISHED),
}


class EndOfRoundInputError(ValueError):
    """Bad input to a procedure (an unknown procedure, a missing LP total): a 400 naming ``field``."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def _known(procedure: str) -> str:
    if procedure not in PROCEDURES:
        raise EndOfRoundInputError("end_of_round", f"must be one of {', '.join(PROCEDURES)}")
    return procedure


def procedure_fits_game(game: str, procedure: str) -> bool:
    """A Yu-Gi-Oh! event runs a Yu-Gi-Oh! procedure, a Magic event Magic's."""
    return procedure in PROCEDURES_BY_GAME.get(game, ())


def procedure_references(procedure: str) -> list[Reference]:
    """The passages of ``procedure``, in the order they are applied."""
    return list(STEPS[_known(procedure)])


def _lp(field: str, value: int | None) -> int:
    if value is None:
        raise EndOfRoundInputError(field, "give both players' LP when time was called")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise EndOfRoundInputError(field, "LP is a whole number, 0 or more")
    return value


def unfinished_duel_result(procedure: str, lp_a: int | None, lp_b: int | None) -> tuple[str | None, Fact]:
    """The result of the duel (game) still being played after time: ``"A"``, ``"B"``, ``"draw"`` or None.

    ``ygo_lp`` needs both LP totals (a missing one raises :class:`EndOfRoundInputError` naming ``lp_a`` or
    ``lp_b``); ``mtg_five_turns`` ignores them: an unfinished game is a draw; ``ygo_double_loss`` gives the
    duel no result at all (None): the match itself is lost by both players.
    """
    if _known(procedure) == YGO_LP:
        a, b = _lp("lp_a", lp_a), _lp("lp_b", lp_b)
        if a == b:
            return "draw", Fact(
                say(gettext_noop("Both players had %(a)s LP when the phase ended: the duel is a draw."), a=a),
                YGO_LP_DUEL,
            )
        winner = "A" if a > b else "B"
        return winner, Fact(
            say(
                gettext_noop(
                    "%(player_a)s had %(a)s LP and %(player_b)s %(b)s LP: %(winner)s wins the "
                    "unfinished duel."
                ),
                player_a="A",
                player_b="B",
                a=a,
                b=b,
                winner=winner,
            ),
            YGO_LP_DUEL,
        )
    if procedure == MTG_FIVE_TURNS:
        return "draw", Fact(
            say(gettext_noop("The game was unfinished after the extra turns: it is a draw.")), MTG_UNFINISHED
        )
    return None, Fact(
        say(
            gettext_noop(
                "The unfinished duel gets no result: the match nobody has won is a loss for both players."
            )
        ),
        YGO_DOUBLE_LOSS_MATCH,
    )


def extra_turns(procedure: str) -> bool:
    """Does calling time leave the match to its players? Magic's five more turns: the match goes on, the
    players report its result as usual, and calling time never decides it by itself (no game may be
    recorded here while several were played at the table)."""
    return _known(procedure) == MTG_FIVE_TURNS


def match_at_time(procedure: str, match_over: bool) -> tuple[str | None, Fact]:
    """What calling time does to the match itself: ``"double_loss"`` or None (decided on wins as usual).

    Only the 2025 Yu-Gi-Oh! revision ends the match at once, and only one nobody has won yet; a match already
    over is never touched.
    """
    if _known(procedure) == YGO_DOUBLE_LOSS:
        if match_over:
            return None, Fact(
                say(gettext_noop("The match was already won when time was called: it stands.")),
                YGO_DOUBLE_LOSS_MATCH,
            )
        return DOUBLE_LOSS, Fact(
            say(
                gettext_noop("Nobody had won the match when time was called: it is a loss for both players.")
            ),
            YGO_DOUBLE_LOSS_MATCH,
        )
    if match_over:
        return None, Fact(
            say(gettext_noop("The match was already over when time was called: it stands.")),
            _match_rule(procedure),
        )
    return None, Fact(
        say(
            gettext_noop(
                "Once the duel being played is finished, the match is decided on wins; equal wins is a draw."
            )
        ),
        _match_rule(procedure),
    )


def _match_rule(procedure: str) -> Reference:
    return YGO_LP_MATCH if procedure == YGO_LP else MTG_UNFINISHED
