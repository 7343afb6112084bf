"""Event replays: read and write the ``event-replay/1`` document.

Implements ``shared/spec/event-replay-format.md`` ("Event replay format, version 1"). An event replay is a
whole tournament's history as plain JSON; :func:`read_replay` turns one into frozen, typed dataclasses and
:func:`replay_to_json` is its inverse (exports, the pairing helper and tests write replays with it).

Pure Python, no Django: standings and pairings are computed from a replay without a database.

Validation collects every problem in the document, not just the first, each located by a path such as
``rounds[2].matches[0].b`` (the document itself is the empty path ``""``), so a person fixing an import sees
everything at once. Choices the spec leaves open, written down here:

- ``players[].name`` is optional (it defaults to the id); ``drops`` is optional (no drops).
- ``matches[].table`` is a required whole number >= 1; ``games`` is optional, with ``a`` and ``b`` required
  and ``draws`` defaulting to 0; every count is a whole number >= 0 (``true``/``false`` are not numbers).
- A player dropped after round N who is paired again in a later round is a problem (the spec: dropped players
  "are not paired again"); so is a player dropped twice and a match of a player against themselves.
- Unknown keys are ignored, so a later minor addition to the format does not break older readers.
- Optional per-player keys read by this product (other readers ignore them, so the format stays version 1):
  ``joined_round`` (whole number >= 1, default 1: a late entry; a match of that player in an earlier round
  is a problem), ``byes`` (whole number >= 0, default 0: byes awarded up front for Swiss rounds 1..byes) and
  ``fixed_table`` (whole number >= 1: the table the player sits at every round; two players fixed to one
  table is a problem). :func:`replay_to_json` writes them only when they are not the default.
- An optional top-level key read by this product: ``tiebreak_floor``, ``"0.33"`` (the default, as the spec
  and the Magic Tournament Rules' appendix C write the floor) or ``"1/3"`` (the floor this product used
  before, which events created then keep); any other value is a problem. It is the floor of Magic's
  percentages (``tournaments.engine.standings``); Yu-Gi-Oh! has none, so it changes nothing there.
  :func:`replay_to_json` writes it only when it is not the default.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import compress, repeat
from operator import attrgetter, is_not, itemgetter, ne
from typing import Any, Final, Literal, TypeVar, cast

FORMAT: Final = "event-replay/1"

Game = Literal["yugioh", "mtg"]
Stage = Literal["swiss", "top"]
Result = Literal["a", "b", "draw", "bye", "double_loss"]
TiebreakFloor = Literal["0.33", "1/3"]

# The floor of Magic's percentages when a replay does not name one: the spec's (appendix C's) 0.33.
DEFAULT_TIEBREAK_FLOOR: Final[TiebreakFloor] = "0.33"

# Bounds a real event never reaches (docs/decisions/0009), checked before the lists are walked, so an absurd
# document is refused at once, naming the list. The largest events run have a few thousand players; pairing
# is measured up to 8,192 (docs/decisions/0004), and twice that is allowed. Swiss needs about log2(players)
# rounds (14 for 16,384; the Yu-Gi-Oh! and Magic tables stop at 12 to 15) and a top cut of 128 adds 7.
MAX_PLAYERS: Final = 16_384
MAX_ROUNDS: Final = 32
# A table or seat number is stored as a small integer: no store has 32,767 tables.
MAX_TABLE: Final = 32_767
# Games in one match: best of three, or five; 99 leaves room for any match format and fits its column.
MAX_GAMES: Final = 99
# A document wrong everywhere is reported by its first problems, not by a megabyte of them.
MAX_PROBLEMS: Final = 100
# A player id is kept with the registration (200 characters); a name a person reads, at most 300.
MAX_ID_LENGTH: Final = 200
MAX_NAME_LENGTH: Final = 300

_GAMES: Final[dict[str, Game]] = {"yugioh": "yugioh", "mtg": "mtg"}
TIEBREAK_FLOORS: Final[dict[str, TiebreakFloor]] = {"0.33": "0.33", "1/3": "1/3"}
_STAGES: Final[dict[str, Stage]] = {"swiss": "swiss", "top": "top"}
_RESULTS: Final[dict[str, Result]] = {
    "a": "a",
    "b": "b",
    "draw": "draw",
    "bye": "bye",
    "double_loss": "double_loss",
}


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player; the optional keys default so older replays read unchanged.

    ``joined_round`` is a late entry's first round (earlier Swiss rounds count as losses), ``byes`` the byes
    awarded up front for Swiss rounds 1..byes, ``fixed_table`` a seat the player keeps every round.
    """

    id: str
    name: str
    joined_round: int = 1
    byes: int = 0
    fixed_table: int | None = None


@dataclass(frozen=True, slots=True)
class Games:
    """The game tally of one match, from side ``a``'s point of view (spec: ``matches[].games``)."""

    a: int
    b: int
    draws: int = 0


@dataclass(frozen=True, slots=True)
class Match:
    table: int
    a: str
    b: str | None  # None only for a bye
    result: Result
    games: Games | None = None


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    stage: Stage
    matches: tuple[Match, ...]


@dataclass(frozen=True, slots=True)
class Drop:
    player: str
    after_round: int


@dataclass(frozen=True, slots=True)
class Replay:
    """A whole event; ``tiebreak_floor`` is the floor of Magic's percentages (the optional top-level key)."""

    game: Game
    players: tuple[Player, ...]
    rounds: tuple[Round, ...]
    drops: tuple[Drop, ...] = ()
    tiebreak_floor: TiebreakFloor = DEFAULT_TIEBREAK_FLOOR


@dataclass(frozen=True, slots=True)
class RoundColumns:
    """A round's matches as columns (match k is item k of each list), for the engines' own reading.

    The standings and pairing read a document this way (:func:`read_columns`): a 4,096-player replay holds
    some 22,000 matches, and building a :class:`Match` for each costs more than the ranking itself.
    """

    number: int
    stage: Stage
    tables: list[int]
    a: list[str]
    b: list[str | None]
    results: list[Result]
    games: list[Games | None]
    # The sides' players as indexes into the replay's players (None for a bye's b, or an unknown player in a
    # replay built in code).
    a_index: list[int | None]
    b_index: list[int | None]


@dataclass(frozen=True, slots=True)
class ReplayColumns:
    """A replay with its rounds as :class:`RoundColumns`.

    A document read this way is valid (:func:`read_columns`); one taken from a replay built in code
    (:func:`columns_of`) may break what reading guarantees, as that replay may.
    """

    game: Game
    players: tuple[Player, ...]
    rounds: tuple[RoundColumns, ...]
    drops: tuple[Drop, ...]
    tiebreak_floor: TiebreakFloor = DEFAULT_TIEBREAK_FLOOR


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the catalogues and returns it unchanged (the engine writes English; the pages
    say ``gettext(template) % values``, as for ``rules.engine.sentences``)."""
    return message


Problem = dict[str, Any]


def phrase(template: str, **values: Any) -> dict[str, Any]:
    """A sentence as a template (a ``gettext_noop`` literal) and its values: a nested one for a word."""
    return {"template": template, "values": values}


def english(sentence: dict[str, Any]) -> str:
    values = {
        key: english(value) if isinstance(value, dict) else value
        for key, value in sentence.get("values", {}).items()
    }
    return str(sentence["template"]) % values if values else str(sentence["template"])


def problem_at(path: str, template: str, **values: Any) -> Problem:
    """A problem: ``path``, the English ``message``, and its ``template`` and ``values``."""
    sentence = phrase(template, **values)
    return {"path": path, "message": english(sentence), **sentence}


class ReplayError(Exception):
    """The document is not a valid event replay; ``problems`` lists every problem found.

    Each problem is ``{"path": "rounds[2].matches[0].b", "message": "...", "template": "...", "values":
    {...}}``: ``""`` is the document itself, ``message`` the English, ``template`` and ``values`` the same
    to be said in the reader's language.
    """

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        summary = "; ".join(f"{p['path'] or '(document)'}: {p['message']}" for p in problems)
        super().__init__(f"invalid event replay ({len(problems)} problem(s)): {summary}")


def _describe(value: object) -> str | dict[str, Any]:
    """A JSON value as a sentence shows it: a literal as written, an object or a list in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return phrase(gettext_noop("an object"))
    if isinstance(value, list):
        return phrase(gettext_noop("a list"))
    return repr(value)


def _as_int(value: object) -> int | None:
    """``value`` if it is a JSON whole number (``true``/``false`` are not), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class _Reader:
    """One pass over the document, recording problems and building the dataclasses as it goes.

    Where a value is wrong a placeholder is built instead; the result is thrown away if any problem was found.
    """

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def problem(self, path: str, template: str, **values: Any) -> None:
        self.problems.append(problem_at(path, template, **values))

    def count(
        self,
        mapping: dict[str, Any],
        key: str,
        path: str,
        *,
        minimum: int,
        maximum: int,
        default: int | None = None,
    ) -> int:
        if key not in mapping and default is not None:
            return default
        if key not in mapping:
            self.problem(path, gettext_noop("missing: expected a whole number"))
            return minimum
        value = _as_int(mapping[key])
        if value is None or value < minimum:
            self.problem(
                path,
                gettext_noop("expected a whole number >= %(minimum)d, got %(got)s"),
                minimum=minimum,
                got=_describe(mapping[key]),
            )
            return minimum
        if value > maximum:
            self.problem(
                path,
                gettext_noop("expected a whole number <= %(maximum)d, got %(got)d"),
                maximum=maximum,
                got=value,
            )
            return minimum
        return value

    def list_at(
        self, mapping: dict[str, Any], key: str, *, required: bool = True, maximum: int = MAX_PLAYERS
    ) -> list[Any]:
        if key not in mapping:
            if required:
                self.problem(key, gettext_noop("missing: expected a list"))
            return []
        value = mapping[key]
        if not isinstance(value, list):
            self.problem(key, gettext_noop("expected a list, got %(got)s"), got=_describe(value))
            return []
        if len(value) > maximum:
            self.problem(
                key,
                gettext_noop("has %(count)d items; an event replay has at most %(maximum)d"),
                count=len(value),
                maximum=maximum,
            )
            return []
        return value

    def document(self, document: object) -> ReplayColumns | None:
        if not isinstance(document, dict):
            self.problem(
                "", gettext_noop("an event replay is a JSON object, got %(got)s"), got=_describe(document)
            )
            return None
        fmt = document.get("format")
        if "format" not in document:
            self.problem("format", gettext_noop("missing: expected %(format)s"), format=repr(FORMAT))
        elif fmt != FORMAT:
            self.problem(
                "format",
                gettext_noop("unsupported format %(got)s: expected %(format)s"),
                got=_describe(fmt),
                format=repr(FORMAT),
            )
        game_value = document.get("game")
        game = _GAMES.get(game_value) if isinstance(game_value, str) else None
        if game is None:
            if "game" not in document:
                self.problem("game", gettext_noop("missing: expected 'yugioh' or 'mtg'"))
            else:
                self.problem(
                    "game",
                    gettext_noop("unknown game %(got)s: expected 'yugioh' or 'mtg'"),
                    got=_describe(game_value),
                )
        floor = self.tiebreak_floor(document)
        players = self.players(self.list_at(document, "players"))
        known = {player.id: i for i, player in enumerate(players)}  # a registered player's index
        joined = {player.id: player.joined_round for player in players if player.joined_round > 1}
        # Per round: its number, its path, who was paired where (player id -> a seat code, see _seat_path;
        # None for a round read in bulk, whose seats are found from its columns) and its columns.
        pairings: list[tuple[int, str, dict[str, int] | None, RoundColumns]] = []
        rounds = tuple(
            self.round(value, index, known, pairings)
            for index, value in enumerate(self.list_at(document, "rounds", maximum=MAX_ROUNDS))
        )
        drops = self.drops(self.list_at(document, "drops", required=False), known, len(rounds))
        dropped_after = {drop.player: drop.after_round for drop in drops}
        # Only late entries not yet joined and players dropped before a round can be paired out of their
        # time: look them up in each round, in seat order (the order the matches list them), rather than walk
        # every seat of the event.
        for number, round_path, seats, columns in pairings if joined or dropped_after else ():
            watched = {player_id for player_id, first in joined.items() if number < first}
            watched.update(player_id for player_id, after in dropped_after.items() if number > after)
            if not watched:
                continue
            if seats is None:
                found = _seats_of(columns, watched)
            elif len(watched) < len(seats):
                found = [(seats[player_id], player_id) for player_id in watched if player_id in seats]
            else:
                found = [(seat, player_id) for player_id, seat in seats.items() if player_id in watched]
            for seat, player_id in sorted(found):
                path = _seat_path(round_path, seat)
                if number < joined.get(player_id, 1):
                    self.problem(
                        path,
                        gettext_noop(
                            "%(player)s joined in round %(joined)d but is paired in round %(round)d"
                        ),
                        player=repr(player_id),
                        joined=joined[player_id],
                        round=number,
                    )
                after = dropped_after.get(player_id)
                if after is not None and number > after:
                    self.problem(
                        path,
                        gettext_noop(
                            "%(player)s dropped after round %(after)d but is paired in round %(round)d"
                        ),
                        player=repr(player_id),
                        after=after,
                        round=number,
                    )
        return ReplayColumns(
            game=game or "yugioh", players=players, rounds=rounds, drops=drops, tiebreak_floor=floor
        )

    def tiebreak_floor(self, document: dict[str, Any]) -> TiebreakFloor:
        """The optional ``tiebreak_floor`` (see the module docstring): the default when it is left out."""
        if "tiebreak_floor" not in document:
            return DEFAULT_TIEBREAK_FLOOR
        value = document["tiebreak_floor"]
        floor = TIEBREAK_FLOORS.get(value) if isinstance(value, str) else None
        if floor is None:
            self.problem(
                "tiebreak_floor",
                gettext_noop("unknown tiebreaker floor %(got)s: expected '0.33' or '1/3'"),
                got=_describe(value),
            )
            return DEFAULT_TIEBREAK_FLOOR
        return floor

    def players(self, values: list[Any]) -> tuple[Player, ...]:
        plain = _plain_players(values)
        if plain is not None:
            return plain
        players: list[Player] = []
        first_at: dict[str, int] = {}
        table_at: dict[int, int] = {}
        for index, value in enumerate(values):
            # The usual player (an id and a name, none of the optional keys) is checked and built here;
            # any other goes through self.player, which names each problem.
            if (
                type(value) is dict
                and "joined_round" not in value
                and "byes" not in value
                and "fixed_table" not in value
            ):
                player_id = value.get("id")
                name = value.get("name", player_id)
                if (
                    type(player_id) is str
                    and 0 < len(player_id) <= MAX_ID_LENGTH
                    and player_id not in first_at
                    and type(name) is str
                    and len(name) <= MAX_NAME_LENGTH
                ):
                    first_at[player_id] = index
                    players.append(_new_player(player_id, name))
                    continue
            player = self.player(value, index, first_at, table_at)
            if player is not None:
                players.append(player)
        return tuple(players)

    def player(
        self, value: object, index: int, first_at: dict[str, int], table_at: dict[int, int]
    ) -> Player | None:
        path = f"players[{index}]"
        if not isinstance(value, dict):
            self.problem(path, gettext_noop("expected a player object, got %(got)s"), got=_describe(value))
            return None
        player_id = value.get("id")
        if not isinstance(player_id, str) or not player_id:
            self.problem(
                f"{path}.id",
                gettext_noop("expected a non-empty string, got %(got)s"),
                got=_describe(player_id),
            )
            return None
        if len(player_id) > MAX_ID_LENGTH:
            self.problem(
                f"{path}.id",
                gettext_noop("has %(count)d characters; at most %(maximum)d"),
                count=len(player_id),
                maximum=MAX_ID_LENGTH,
            )
            return None
        if player_id in first_at:
            self.problem(
                f"{path}.id",
                gettext_noop("duplicate player id %(player)s (first at players[%(first)d])"),
                player=repr(player_id),
                first=first_at[player_id],
            )
            return None
        first_at[player_id] = index
        name = value.get("name", player_id)
        if not isinstance(name, str):
            self.problem(f"{path}.name", gettext_noop("expected a string, got %(got)s"), got=_describe(name))
            name = player_id
        elif len(name) > MAX_NAME_LENGTH:
            self.problem(
                f"{path}.name",
                gettext_noop("has %(count)d characters; at most %(maximum)d"),
                count=len(name),
                maximum=MAX_NAME_LENGTH,
            )
        joined_round = self.count(
            value, "joined_round", f"{path}.joined_round", minimum=1, maximum=MAX_ROUNDS + 1, default=1
        )
        byes = self.count(value, "byes", f"{path}.byes", minimum=0, maximum=MAX_ROUNDS, default=0)
        fixed_table: int | None = None
        if "fixed_table" in value:
            before = len(self.problems)
            fixed_table = self.count(
                value, "fixed_table", f"{path}.fixed_table", minimum=1, maximum=MAX_TABLE
            )
            if len(self.problems) > before:
                fixed_table = None  # reported; a placeholder table would raise a false duplicate
            elif fixed_table in table_at:
                self.problem(
                    f"{path}.fixed_table",
                    gettext_noop("table %(table)d is already fixed for players[%(first)d]"),
                    table=fixed_table,
                    first=table_at[fixed_table],
                )
            if fixed_table is not None:
                table_at.setdefault(fixed_table, index)
        return Player(id=player_id, name=name, joined_round=joined_round, byes=byes, fixed_table=fixed_table)

    def round(
        self,
        value: object,
        index: int,
        known: dict[str, int],
        pairings: list[tuple[int, str, dict[str, int] | None, RoundColumns]],
    ) -> RoundColumns:
        path = f"rounds[{index}]"
        if not isinstance(value, dict):
            self.problem(path, gettext_noop("expected a round object, got %(got)s"), got=_describe(value))
            return _round_columns(index + 1, "swiss", [], known)
        number = value.get("number")
        if _as_int(number) != index + 1:
            self.problem(
                f"{path}.number",
                gettext_noop("round numbers run 1..n in order: expected %(expected)d, got %(got)s"),
                expected=index + 1,
                got=_describe(number),
            )
        stage_value = value.get("stage")
        stage = _STAGES.get(stage_value) if isinstance(stage_value, str) else None
        if stage is None:
            self.problem(
                f"{path}.stage",
                gettext_noop("expected 'swiss' or 'top', got %(got)s"),
                got=_describe(stage_value),
            )
        matches_value = value.get("matches")
        if not isinstance(matches_value, list):
            self.problem(
                f"{path}.matches", gettext_noop("expected a list, got %(got)s"), got=_describe(matches_value)
            )
            matches_value = []
        elif len(matches_value) > MAX_PLAYERS:  # a match seats at least one player
            self.problem(
                f"{path}.matches",
                gettext_noop("has %(count)d matches; a round has at most %(maximum)d"),
                count=len(matches_value),
                maximum=MAX_PLAYERS,
            )
            matches_value = []
        # A round whose every match is as the spec asks (the usual case) is read in bulk; any other match by
        # match, naming each problem. The bulk read accepts only what the match-by-match read accepts
        # without a problem, and builds the same matches.
        columns = _plain_round(index + 1, stage or "swiss", matches_value, known)
        seats: dict[str, int] | None = None
        if columns is None:
            seats = {}  # player id -> seat (see _seat_path)
            matches = [
                self.match(match, path, m, index + 1, known, seats) for m, match in enumerate(matches_value)
            ]
            columns = _round_columns(index + 1, stage or "swiss", matches, known)
        tables = columns.tables
        if None in columns.b:
            tables = list(compress(tables, map(is_not, columns.b, repeat(None))))
        if len(set(tables)) < len(tables):
            self.tables_once(columns, path)
        pairings.append((index + 1, path, seats, columns))
        return columns

    def tables_once(self, columns: RoundColumns, path: str) -> None:
        """Two matches at one table of a round cannot both be played there (a bye's table is not a seat)."""
        first_at: dict[int, int] = {}
        for m, (table, side_b) in enumerate(zip(columns.tables, columns.b, strict=True)):
            if side_b is None:
                continue
            if table in first_at:
                earlier = f"{path}.matches[{first_at[table]}]"
                self.problem(
                    f"{path}.matches[{m}].table",
                    gettext_noop("table %(table)d is already used by %(earlier)s"),
                    table=table,
                    earlier=earlier,
                )
            else:
                first_at[table] = m

    def match(
        self,
        value: object,
        round_path: str,
        m: int,
        number: int,
        known: dict[str, int],
        seats: dict[str, int],
    ) -> Match:
        path = f"{round_path}.matches[{m}]"
        if not isinstance(value, dict):
            self.problem(path, gettext_noop("expected a match object, got %(got)s"), got=_describe(value))
            return Match(table=1, a="", b=None, result="bye")
        table = self.count(value, "table", f"{path}.table", minimum=1, maximum=MAX_TABLE)
        result_value = value.get("result")
        result = _RESULTS.get(result_value) if isinstance(result_value, str) else None
        if result is None:
            self.problem(
                f"{path}.result",
                gettext_noop("unknown result %(got)s: expected one of %(expected)s"),
                got=_describe(result_value),
                expected=", ".join(map(repr, _RESULTS)),
            )
        sides: dict[str, str | None] = {}
        for seat, side in enumerate(("a", "b"), start=2 * m):
            player_id = value.get(side)
            side_path = f"{path}.{side}"
            sides[side] = player_id if isinstance(player_id, str) else None
            if side == "b" and player_id is None:
                if result is not None and result != "bye":
                    self.problem(
                        side_path,
                        gettext_noop("only a bye has b null; this match's result is %(result)s"),
                        result=repr(result),
                    )
                continue
            if side == "b" and result == "bye":
                self.problem(
                    side_path, gettext_noop("a bye has b null, got %(got)s"), got=_describe(player_id)
                )
            if not isinstance(player_id, str):
                self.problem(
                    side_path, gettext_noop("expected a player id, got %(got)s"), got=_describe(player_id)
                )
                continue
            if player_id not in known:
                self.problem(
                    side_path,
                    gettext_noop("unknown player id %(player)s: not in players"),
                    player=repr(player_id),
                )
                continue
            if player_id in seats:
                self.problem(
                    side_path,
                    gettext_noop("%(player)s is paired twice in round %(round)d (also at %(earlier)s)"),
                    player=repr(player_id),
                    round=number,
                    earlier=_seat_path(round_path, seats[player_id]),
                )
                continue
            seats[player_id] = seat
        if sides["a"] is not None and sides["a"] == sides["b"]:
            self.problem(
                f"{path}.b",
                gettext_noop("%(player)s cannot play against themselves"),
                player=repr(sides["a"]),
            )
        games: Games | None = None
        games_value = value.get("games")
        if games_value is not None:
            if not isinstance(games_value, dict):
                self.problem(
                    f"{path}.games",
                    gettext_noop("expected a game tally object, got %(got)s"),
                    got=_describe(games_value),
                )
            else:
                games = Games(
                    a=self.count(games_value, "a", f"{path}.games.a", minimum=0, maximum=MAX_GAMES),
                    b=self.count(games_value, "b", f"{path}.games.b", minimum=0, maximum=MAX_GAMES),
                    draws=self.count(
                        games_value, "draws", f"{path}.games.draws", minimum=0, maximum=MAX_GAMES
                    )
                    if "draws" in games_value
                    else 0,
                )
        return Match(table=table, a=sides["a"] or "", b=sides["b"], result=result or "bye", games=games)

    def drops(self, values: list[Any], known: dict[str, int], round_count: int) -> tuple[Drop, ...]:
        drops: list[Drop] = []
        first_at: dict[str, int] = {}
        for index, value in enumerate(values):
            path = f"drops[{index}]"
            if not isinstance(value, dict):
                self.problem(path, gettext_noop("expected a drop object, got %(got)s"), got=_describe(value))
                continue
            player_id = value.get("player")
            if not isinstance(player_id, str) or player_id not in known:
                self.problem(
                    f"{path}.player",
                    gettext_noop("unknown player id %(got)s: not in players"),
                    got=_describe(player_id),
                )
            elif player_id in first_at:
                self.problem(
                    f"{path}.player",
                    gettext_noop("%(player)s already dropped at drops[%(first)d]"),
                    player=repr(player_id),
                    first=first_at[player_id],
                )
            else:
                first_at[player_id] = index
            after_value = value.get("after_round")
            after = _as_int(after_value)
            if after is None or not 1 <= after <= round_count:
                self.problem(
                    f"{path}.after_round",
                    gettext_noop("unknown round %(got)s: the replay has rounds 1..%(rounds)d"),
                    got=_describe(after_value),
                    rounds=round_count,
                )
            if isinstance(player_id, str) and after is not None:
                drops.append(Drop(player=player_id, after_round=after))
        return tuple(drops)


def _seats_of(columns: RoundColumns, wanted: set[str]) -> list[tuple[int, str]]:
    """The seat codes (see _seat_path) of the ``wanted`` players in a round read in bulk (by builtins)."""
    a, b = columns.a, cast("list[str]", columns.b)  # b's None (a bye) is never wanted
    found = [(2 * m, a[m]) for m in compress(range(len(a)), map(wanted.__contains__, a))]
    found.extend((2 * m + 1, b[m]) for m in compress(range(len(b)), map(wanted.__contains__, b)))
    return found


def _seat_path(round_path: str, seat: int) -> str:
    """The path of a seat code: match ``m``'s side ``a`` is ``2 * m``, its side ``b`` ``2 * m + 1``."""
    return f"{round_path}.matches[{seat >> 1}].{'ab'[seat & 1]}"


# The usual document (every value as the spec asks) is read column by column: each check is one pass over a
# list done by builtins (map, set, compress, min, max), not a Python statement per match, and the values
# are built the same way. A frozen dataclass's __init__ sets each field through object.__setattr__ (about
# 1 µs a Match; a 4,096-player replay holds some 22,000), so _build sets the slots directly instead: the
# objects are the same (equal, hashed and frozen alike).
_T = TypeVar("_T")
_Setter = Callable[[object, object], None]
_get = dict.get
_table_of, _result_of, _a_of = itemgetter("table"), itemgetter("result"), itemgetter("a")
_PLAYER_OPTIONS: Final = frozenset({"joined_round", "byes", "fixed_table"})


def _slots(cls: type, names: tuple[str, ...]) -> tuple[_Setter, ...]:
    """The setters of ``cls``'s slots ``names`` (its fields, in order), bypassing the frozen __setattr__."""
    return tuple(getattr(cls, name).__set__ for name in names)


_MATCH_SLOTS: Final = _slots(Match, ("table", "a", "b", "result", "games"))
_GAMES_SLOTS: Final = _slots(Games, ("a", "b", "draws"))
_PLAYER_SLOTS: Final = _slots(Player, ("id", "name", "joined_round", "byes", "fixed_table"))


def _build(
    cls: type[_T], count: int, slots: tuple[_Setter, ...], columns: tuple[Iterable[Any], ...]
) -> list[_T]:
    """``count`` new ``cls`` objects, slot k of object i set to ``columns[k]``'s item i (checked values)."""
    objects = list(map(object.__new__, repeat(cls, count)))
    for setter, column in zip(slots, columns, strict=True):
        deque(map(setter, objects, column), maxlen=0)
    return objects


def _only(column: Iterable[object], kind: type) -> bool:
    """Whether every item of ``column`` is exactly a ``kind`` (a bool is not an int here, as in _as_int)."""
    return set(map(type, column)) <= {kind}


def _plain_players(values: list[Any]) -> tuple[Player, ...] | None:
    """The players if every one is as the spec asks with none of the optional keys, else None."""
    if not (_only(values, dict) and all(map(_PLAYER_OPTIONS.isdisjoint, values))):
        return None
    ids: list[Any] = list(map(_get, values, repeat("id")))
    if not _only(ids, str) or len(set(ids)) != len(ids):
        return None
    if ids and not (min(map(len, ids)) > 0 and max(map(len, ids)) <= MAX_ID_LENGTH):
        return None
    names: list[Any] = list(map(_get, values, repeat("name"), ids))
    if not _only(names, str) or (names and max(map(len, names)) > MAX_NAME_LENGTH):
        return None
    return tuple(_build(Player, len(ids), _PLAYER_SLOTS, (ids, names, repeat(1), repeat(0), repeat(None))))


def _plain_round(number: int, stage: Stage, values: list[Any], known: dict[str, int]) -> RoundColumns | None:
    """A round's columns if every match is as the spec asks, else None (read them one by one).

    That is: a table 1..MAX_TABLE, a known result, ``a`` a registered player, ``b`` one too or null exactly
    for a bye, nobody seated twice (nor against themselves), and a tally within bounds or none. Tables used
    twice are checked by the caller, as for a round read match by match. Players' ids and results need no
    type check of their own: only strings are registered players and results (a value of another kind is
    not found; one that cannot be hashed raises TypeError). Finding the players gives their indexes.
    """
    try:  # a match that is not an object raises TypeError here (dict.get takes dicts only)
        sides_b = list(map(_get, values, repeat("b")))
        tables = list(map(_table_of, values))
        results = list(map(_result_of, values))
        sides_a = list(map(_a_of, values))
    except (KeyError, TypeError):
        return None
    if not _only(tables, int) or (tables and not (min(tables) >= 1 and max(tables) <= MAX_TABLE)):
        return None
    try:
        if not _RESULTS.keys() >= set(results):
            return None
        seated = sides_a + sides_b
        if None in sides_b:
            paired = list(map(is_not, sides_b, repeat(None)))
            if paired != list(map(ne, results, repeat("bye"))):
                return None
            seated = sides_a + list(compress(sides_b, paired))
        elif "bye" in results:
            return None
        seated_index: list[int | None] = list(map(known.__getitem__, seated))
        if len(set(seated_index)) != len(seated_index):
            return None
    except (KeyError, TypeError):
        return None
    a_index, b_index = seated_index[: len(sides_a)], seated_index[len(sides_a) :]
    if len(b_index) < len(sides_a):  # a bye's b is None
        b_index = list(map(known.get, cast("list[str]", sides_b)))
    if any(map(dict.__contains__, values, repeat("games"))):
        games = _plain_tallies(list(map(_get, values, repeat("games"))))
        if games is None:
            return None
    else:
        games = [None] * len(values)
    return RoundColumns(
        number=number,
        stage=stage,
        tables=tables,
        a=sides_a,
        b=sides_b,
        results=cast("list[Result]", results),
        games=games,
        a_index=a_index,
        b_index=b_index,
    )


def _plain_tallies(values: list[Any]) -> list[Games | None] | None:
    """The tallies (None where a match has none) if every one is as the spec asks, else None."""
    present = list(map(is_not, values, repeat(None)))
    given = list(compress(values, present))
    if not given:
        return [None] * len(values)
    if not _only(given, dict):
        return None
    a: list[Any] = list(map(_get, given, repeat("a")))
    b: list[Any] = list(map(_get, given, repeat("b")))
    draws: list[Any] = list(map(_get, given, repeat("draws"), repeat(0)))
    counts = a + b + draws
    if not (_only(counts, int) and min(counts) >= 0 and max(counts) <= MAX_GAMES):
        return None
    built = cast("list[Games | None]", _build(Games, len(given), _GAMES_SLOTS, (a, b, draws)))
    if len(given) == len(values):
        return built
    tallies = iter(built)
    return [next(tallies) if has else None for has in present]


def _new_player(player_id: str, name: str) -> Player:
    """A player with none of the optional keys (a late entry, byes up front, a fixed seat)."""
    return _build(Player, 1, _PLAYER_SLOTS, ((player_id,), (name,), (1,), (0,), (None,)))[0]


_table_column, _a_column, _b_column = attrgetter("table"), attrgetter("a"), attrgetter("b")
_result_column, _games_column = attrgetter("result"), attrgetter("games")


def _round_columns(
    number: int, stage: Stage, matches: Iterable[Match], known: dict[str, int], *, strict: bool = False
) -> RoundColumns:
    """A round's columns from its matches; ``strict``: an unknown player raises KeyError."""
    matches = list(matches)
    a, b = list(map(_a_column, matches)), list(map(_b_column, matches))
    if strict:
        a_index: list[int | None] = list(map(known.__getitem__, a))
        b_index = [None if player_id is None else known[player_id] for player_id in b]
    else:
        a_index, b_index = list(map(known.get, a)), list(map(known.get, b))
    return RoundColumns(
        number=number,
        stage=stage,
        tables=list(map(_table_column, matches)),
        a=a,
        b=b,
        results=list(map(_result_column, matches)),
        games=list(map(_games_column, matches)),
        a_index=a_index,
        b_index=b_index,
    )


def columns_of(replay: Replay) -> ReplayColumns:
    """``replay`` with its rounds as columns (what the standings read).

    Raises KeyError for a player of a Swiss match who is not registered (a replay built in code).
    """
    known = {player.id: i for i, player in enumerate(replay.players)}
    rounds = tuple(
        _round_columns(round_.number, round_.stage, round_.matches, known, strict=round_.stage == "swiss")
        for round_ in replay.rounds
    )
    return ReplayColumns(
        game=replay.game,
        players=replay.players,
        rounds=rounds,
        drops=replay.drops,
        tiebreak_floor=replay.tiebreak_floor,
    )


def read_columns(document: object) -> ReplayColumns:
    """:func:`read_replay` without building a :class:`Match` per match: the rounds as columns.

    Raises :class:`ReplayError` as :func:`read_replay` does, with the same problems.
    """
    reader = _Reader()
    columns = reader.document(document)
    if reader.problems or columns is None:
        problems = reader.problems[:MAX_PROBLEMS]
        if len(reader.problems) > MAX_PROBLEMS:
            more = len(reader.problems) - MAX_PROBLEMS
            problems.append(
                problem_at("", gettext_noop("and %(count)d more problems; fix these first"), count=more)
            )
        raise ReplayError(problems)
    return columns


def read_replay(document: object) -> Replay:
    """Parse and validate an ``event-replay/1`` document (already decoded from JSON).

    Raises :class:`ReplayError` listing every problem found, each located by its path.
    """
    columns = read_columns(document)
    rounds = tuple(
        Round(
            number=round_.number,
            stage=round_.stage,
            matches=tuple(
                _build(
                    Match,
                    len(round_.a),
                    _MATCH_SLOTS,
                    (round_.tables, round_.a, round_.b, round_.results, round_.games),
                )
            ),
        )
        for round_ in columns.rounds
    )
    return Replay(
        game=columns.game,
        players=columns.players,
        rounds=rounds,
        drops=columns.drops,
        tiebreak_floor=columns.tiebreak_floor,
    )


def replay_to_json(replay: Replay) -> dict[str, Any]:
    """The ``event-replay/1`` document for ``replay``: ``read_replay(replay_to_json(r)) == r``."""
    rounds: list[dict[str, Any]] = []
    for round_ in replay.rounds:
        matches: list[dict[str, Any]] = []
        for match in round_.matches:
            row: dict[str, Any] = {"table": match.table, "a": match.a, "b": match.b, "result": match.result}
            if match.games is not None:
                row["games"] = {"a": match.games.a, "b": match.games.b, "draws": match.games.draws}
            matches.append(row)
        rounds.append({"number": round_.number, "stage": round_.stage, "matches": matches})
    document: dict[str, Any] = {
        "format": FORMAT,
        "game": replay.game,
        "players": [_player_to_json(player) for player in replay.players],
        "rounds": rounds,
        "drops": [{"player": drop.player, "after_round": drop.after_round} for drop in replay.drops],
    }
    if replay.tiebreak_floor != DEFAULT_TIEBREAK_FLOOR:
        document["tiebreak_floor"] = replay.tiebreak_floor
    return document


def _player_to_json(player: Player) -> dict[str, Any]:
    """A player's object; the optional keys only when set, so exports without them are unchanged."""
    row: dict[str, Any] = {"id": player.id, "name": player.name}
    if player.joined_round != 1:
        row["joined_round"] = player.joined_round
    if player.byes:
        row["byes"] = player.byes
    if player.fixed_table is not None:
        row["fixed_table"] = player.fixed_table
    return row
