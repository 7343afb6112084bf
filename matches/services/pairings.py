"""A round's tables as a whole: writing its pairings, clearing them to re-pair, swapping two players.

These run inside the round services (``tournaments.services.rounds``), which hold the event's lock, so two
organizers pressing "pair" or "re-pair" at once are applied one after the other. Each operation is one
function with a fixed number of statements whatever the number of tables: the pairings are written by one
statement (see :func:`_insert`), and what was recorded at a round's tables is asked in one query for the
whole round, never table by table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Exists, F, Field, ForeignObjectRel, Model, OuterRef, Q, QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy

from accounts.users import display_name
from matches.models import Match, MatchResult, match_format_for_game
from matches.services.access import MatchConflict
from tournaments.models import Round


@dataclass(frozen=True)
class Seat:
    """One pairing of a round: two players at a table, or ``player_a`` alone with the bye (no table)."""

    table: int | None
    player_a_id: int
    player_b_id: int | None  # None for the bye


@transaction.atomic(savepoint=False)
def round_matches_create(*, round_: Round, game: str, seats: Sequence[Seat]) -> int:
    """Write the round's pairings, all at once; returns how many matches were written.

    The caller holds the event's lock and has checked the round has no matches yet (a new round, or one
    cleared by :func:`round_matches_clear`); the unique (round, table) constraint refuses a second copy of a
    table anyway, rolling the whole pairing back. A bye is final at once, with no table.
    """
    fields = [field for field in Match._meta.concrete_fields if not field.primary_key]
    # Each match's columns: every field's default, then this round's values, then the seat's.
    match: dict[str, int | str | None] = {field.attname: field.get_default() for field in fields}
    match.update(round_id=round_.pk, match_format=match_format_for_game(game))
    rows = []
    for seat in seats:
        bye = seat.player_b_id is None
        match.update(
            table=None if bye else seat.table,
            player_a_id=seat.player_a_id,
            player_b_id=seat.player_b_id,
            status=(Match.Status.FINAL if bye else Match.Status.PLAYING).value,
            result=MatchResult.BYE.value if bye else "",
        )
        rows.append([match[field.attname] for field in fields])
    _insert(fields, rows)
    return len(rows)


def _insert(fields: list[Field[Any, Any]], rows: list[list[int | str | None]]) -> None:
    """``rows`` (values of ``fields``, in order) inserted as matches in one statement: on PostgreSQL one
    ``INSERT ... SELECT FROM UNNEST`` of an array per column that varies, each other column's one value given
    once (a single row: ``INSERT ... VALUES``), elsewhere (SQLite) one ``executemany``.

    ``Match.objects.bulk_create`` writes the same rows, but builds a model instance per match and prepares
    each of the 24,000 values of a 2,000-table round field by field (and on SQLite sends them in batches of
    83 rows, its 999 parameters), then reads the new ids back. Measured at 1,948 matches on this machine,
    under load: 0.12-0.25 s of CPU against 0.02-0.03 s for this on SQLite; 0.40-0.72 s against 0.13-0.30 s
    of wall clock on PostgreSQL. The values are plain integers, strings and nulls, which need no preparing;
    ``Match`` has no ``save()`` or signal to skip, and nothing here needs the new ids.
    """
    if not rows:
        return
    quote = connection.ops.quote_name
    # The model's own table and column names; the values go as parameters.
    insert = (
        f"INSERT INTO {quote(Match._meta.db_table)} ({', '.join(quote(field.column) for field in fields)})"
    )
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            cursor.executemany(f"{insert} VALUES ({', '.join(['%s'] * len(fields))})", rows)
            return
        # A column with one value for every match (the round, the format, the tallies' zeros) goes once;
        # each other column as one array literal in one string. psycopg adapts a Python list item by item in
        # Python: that was a fifth of a re-pairing's CPU at 2,000 tables.
        selected: list[str] = []
        constants: list[int | str | None] = []
        arrays: list[str] = []
        unnested: list[str] = []
        for field, column in zip(fields, zip(*rows, strict=True), strict=True):
            # Text goes as text: a cast to varchar(n) would cut a longer value short without a word, where
            # the INSERT's own conversion to the column refuses it.
            kind = str(field.db_type(connection))
            kind = "text" if kind.startswith("varchar") else kind
            if len(set(column)) == 1:
                selected.append(f"%s::{kind}")
                constants.append(column[0])
            else:
                selected.append(f"u.c{len(arrays)}")
                unnested.append(f"%s::{kind}[]")
                arrays.append(_array_literal(column))
        if not arrays:  # one match: every column is "constant"
            cursor.execute(f"{insert} VALUES ({', '.join(selected)})", constants)
            return
        names = ", ".join(f"c{k}" for k in range(len(arrays)))
        cursor.execute(
            f"{insert} SELECT {', '.join(selected)} FROM UNNEST({', '.join(unnested)}) AS u({names})",  # noqa: S608
            [*constants, *arrays],
        )


def _array_literal(values: Sequence[int | str | None]) -> str:
    """``values`` as a PostgreSQL array literal, e.g. ``{1,NULL,2}`` or ``{"final","",NULL}``."""
    kinds = set(map(type, values))
    if kinds <= {int, type(None)}:  # the usual column, joined by builtins: "None" is no part of a number
        return "{" + ",".join(map(str, values)).replace("None", "NULL") + "}"
    if kinds <= {str, type(None)}:
        return "{" + ",".join(map(_array_item, cast("Sequence[str | None]", values))) + "}"
    # Subclasses (an enumeration's members) as their plain values; a bool is no number of a match.
    if all(value is None or (isinstance(value, int) and not isinstance(value, bool)) for value in values):
        return "{" + ",".join("NULL" if value is None else str(int(value)) for value in values) + "}"
    if all(value is None or isinstance(value, str) for value in values):
        return "{" + ",".join(map(_array_item, cast("Sequence[str | None]", values))) + "}"
    raise TypeError(f"no array literal for values of kinds {sorted(kind.__name__ for kind in kinds)}")


def _array_item(value: str | None) -> str:
    """A text item of an array literal: double-quoted, its backslashes and double quotes escaped."""
    if value is None:
        return "NULL"
    text = str.__str__(value)  # a subclass's characters, whatever its own __str__ says
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# Everything that happens at a table; a match with any of it has been played (or judged) and is kept.
_ACTIVITY = (
    "reports",
    "disputes",
    "coin_tosses",
    "duels",
    "result_changes",
    "time_extensions",
    "penalties",
    "side_deck_counts",
    "side_swaps",
)

# What each of them is, in words (with its article, as it reads after "there is already"); Magic's own
# words where they differ (a game, the sideboard).
_RECORDED: dict[str, Promise] = {
    "reports": pgettext_lazy("recorded at a table", "a player's report of the result"),
    "disputes": pgettext_lazy("recorded at a table", "a dispute"),
    "coin_tosses": pgettext_lazy("recorded at a table", "a coin toss"),
    "duels": pgettext_lazy("recorded at a table", "a duel"),
    "result_changes": pgettext_lazy("recorded at a table", "a result entered by a judge"),
    "time_extensions": pgettext_lazy("recorded at a table", "a time extension"),
    "penalties": pgettext_lazy("recorded at a table", "a penalty"),
    "side_deck_counts": pgettext_lazy("recorded at a table", "a Side Deck count"),
    "side_swaps": pgettext_lazy("recorded at a table", "a Side Deck swap"),
}
_RECORDED_MTG: dict[str, Promise] = {
    "duels": pgettext_lazy("recorded at a table", "a game"),
    "side_deck_counts": pgettext_lazy("recorded at a table", "a sideboard count"),
    "side_swaps": pgettext_lazy("recorded at a table", "a sideboarding"),
}


class RoundPlayed(MatchConflict):
    """A round's pairings cannot be undone: something already happened at one of its tables."""


@dataclass(frozen=True)
class Recorded:
    """The first table of a round where something was recorded, and what."""

    match: Match
    relation: str

    def words(self, game: str) -> str:
        """What was recorded, as a person reads it in this game."""
        magic = _RECORDED_MTG.get(self.relation) if game == "mtg" else None
        return str(magic or _RECORDED[self.relation])


def _records(relation: str) -> QuerySet[Model]:
    """Every row of one kind of record (``Match.reports``' model for "reports")."""
    return cast(type[Model], Match._meta.get_field(relation).related_model)._default_manager.all()


def first_recorded(matches: QuerySet[Match]) -> Recorded | None:
    """The first of ``matches`` (by table, the bye last) where anything was recorded: one query, whatever
    the number of tables (an EXISTS per kind of record, for each match)."""
    flags = {
        f"recorded_{relation}": Exists(_records(relation).filter(match=OuterRef("pk")))
        for relation in _ACTIVITY
    }
    found = (
        matches.annotate(**flags)
        .filter(reduce(or_, (Q(**{flag: True}) for flag in flags)))
        .select_related("player_a")
        .order_by(F("table").asc(nulls_last=True), "pk")
        .first()
    )
    if found is None:
        return None
    relation = next(relation for relation in _ACTIVITY if getattr(found, f"recorded_{relation}"))
    return Recorded(found, relation)


def _refusal(round_: Round, recorded: Recorded, *, repairing: bool) -> str:
    values = {
        "number": round_.number,
        "table": recorded.match.table,
        "what": recorded.words(round_.event.game),
        "name": display_name(recorded.match.player_a),
    }
    if recorded.match.table is None:
        if repairing:
            return (
                gettext("Round %(number)s cannot be re-paired: %(name)s's bye already has %(what)s.") % values
            )
        return gettext("Round %(number)s cannot be changed: %(name)s's bye already has %(what)s.") % values
    if repairing:
        return (
            gettext("Round %(number)s cannot be re-paired: at table %(table)s there is already %(what)s.")
            % values
        )
    return (
        gettext("Round %(number)s cannot be changed: at table %(table)s there is already %(what)s.") % values
    )


def _links() -> list[ForeignObjectRel]:
    """The rows that refer to a match other than what happens at its table (``_ACTIVITY``): a deck check
    (``tournaments.DeckCheck``, its link emptied when the match goes)."""
    relations = Match._meta.get_fields(include_hidden=True)
    return [
        relation
        for relation in relations
        if isinstance(relation, ForeignObjectRel) and relation.get_accessor_name() not in _ACTIVITY
    ]


@transaction.atomic(savepoint=False)
def round_matches_clear(*, round_: Round) -> int:
    """Delete the round's matches before it is re-paired; refused if anything happened at any table.

    The caller (``tournaments.services.round_repair``) holds the event's lock and has checked the round has
    not started; this checks the tables themselves, so nobody's toss, report or penalty is ever thrown away.
    Four statements whatever the number of tables: every match row of the round is locked (so a record
    arriving at a table waits, then finds its match gone, rather than slipping in between the check and the
    delete), what was recorded is asked in one query, and the matches go in one DELETE.
    """
    matches = Match.objects.filter(round=round_)
    list(matches.select_for_update().order_by("pk").values_list("pk", flat=True))
    recorded = first_recorded(matches)
    if recorded is not None:
        raise RoundPlayed(_refusal(round_, recorded, repairing=True))
    for relation in _links():
        # What only points at a match and outlives it (a deck check stays with its round): let go of it.
        link = relation.field.name
        cast(type[Model], relation.related_model)._base_manager.filter(**{f"{link}__round": round_}).update(
            **{link: None}
        )
    # Nothing else refers to these rows, so they go in one DELETE; Django's own delete would first read every
    # match back as a model instance, and delete from each table in batches of SQLite's parameter limit.
    return matches._raw_delete(matches.db)


def _seat(seated: list[Match], player: User, round_: Round) -> Match:
    """The table ``player`` sits at in the round, if a swap may move them."""
    match = next((m for m in seated if player.pk in (m.player_a_id, m.player_b_id)), None)
    if match is None:
        raise ValidationError(
            {
                "player": [
                    gettext("%(name)s is not paired in round %(number)s.")
                    % {"name": display_name(player), "number": round_.number}
                ]
            }
        )
    if match.player_b_id is None:
        raise MatchConflict(
            gettext("%(name)s has the bye: re-pair the round to change it.") % {"name": display_name(player)}
        )
    return match


@transaction.atomic
def matches_swap_players(*, round_: Round, first: User, second: User) -> tuple[Match, Match]:
    """Exchange two players' seats between two tables of a round not started (the organizer's fix before
    the start: friends from the same car, a wrong late entry). Byes are not swapped (re-pair instead), nor
    tables where anything was recorded."""
    seated = list(
        Match.objects.select_for_update()
        .filter(round=round_)
        .filter(Q(player_a__in=(first, second)) | Q(player_b__in=(first, second)))
        .order_by("pk")
    )
    one, other = _seat(seated, first, round_), _seat(seated, second, round_)
    if one.pk == other.pk:
        raise MatchConflict(gettext("They already play each other: choose players at two different tables."))
    recorded = first_recorded(Match.objects.filter(pk__in=(one.pk, other.pk)))
    if recorded is not None:
        raise RoundPlayed(_refusal(round_, recorded, repairing=False))
    for match, leaving, arriving in ((one, first, second), (other, second, first)):
        if match.player_a_id == leaving.pk:
            match.player_a = arriving
        else:
            match.player_b = arriving
    Match.objects.bulk_update([one, other], ["player_a", "player_b"])
    Match.objects.filter(pk__in=(one.pk, other.pk)).update(version=F("version") + 1)
    return one, other
