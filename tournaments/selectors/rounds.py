"""A round as it is played: its progress, the round clock, who is not paired."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max, Q, QuerySet, Sum
from django.utils import timezone

from matches.models import Match
from tournaments.models import Registration, Round


@dataclass(frozen=True)
class RoundProgress:
    """The organizer's view of a round: how many matches are final, disputed, still being played."""

    round: Round
    final: int
    disputed: int
    playing: int
    time_called: int
    paired: int = 0  # tables of a round not started yet: nobody is playing there

    @property
    def total(self) -> int:
        return self.final + self.disputed + self.playing + self.paired

    @property
    def closable(self) -> bool:
        return self.round.status == Round.Status.IN_PROGRESS and self.disputed == 0 and self.playing == 0


def round_progress(round_: Round) -> RoundProgress:
    counts = round_.matches.aggregate(
        final=Count("pk", filter=Q(status=Match.Status.FINAL)),
        disputed=Count("pk", filter=Q(status=Match.Status.DISPUTED)),
        playing=Count("pk", filter=Q(status=Match.Status.PLAYING)),
        time_called=Count("pk", filter=Q(time_called_at__isnull=False)),
    )
    if round_.status == Round.Status.PAIRED:
        counts["paired"], counts["playing"] = counts["playing"], 0
    return RoundProgress(round=round_, **counts)


@dataclass(frozen=True)
class PairingsStamp:
    """What a round's pairings page shows depends on, read in one small query: the round's own row (its
    state and clock) and a summary of its matches that changes with any of them. Every write to a match
    bumps its ``version`` (``matches.services.access.match_lock``, a swap of seats), a re-pairing deletes
    the matches and creates new ones (new ids), so the count, the sum of versions and the sum and largest of
    the ids cannot all stay the same across a change."""

    round: Round
    matches: tuple[int, int, int, int]

    @property
    def parts(self) -> tuple[object, ...]:
        round_ = self.round
        clock = (
            round_.started_at,
            round_.ends_at,
            round_.paused_at,
            round_.time_called_at,
            round_.finished_at,
        )
        return (round_.pk, round_.status, *clock, *self.matches)

    @property
    def pairings_parts(self) -> tuple[object, ...]:
        """:attr:`parts` but the sum of the matches' versions: the same for two stamps of a round whose
        pairings are the same and only results (or other writes to its matches) differ."""
        count, _versions, ids, last = self.matches
        return (*self.parts[:-4], count, ids, last)

    def with_versions(self, versions: int) -> PairingsStamp:
        count, _versions, ids, last = self.matches
        return PairingsStamp(round=self.round, matches=(count, versions, ids, last))


def pairings_stamp(round_: Round) -> PairingsStamp:
    """``round_`` as the page read it (with time called if it was due) and the summary of its matches, read
    from their round index alone."""
    summary = Match.objects.filter(round_id=round_.pk).aggregate(
        count=Count("pk"), versions=Sum("version"), ids=Sum("pk"), last=Max("pk")
    )
    matches = (summary["count"], summary["versions"] or 0, summary["ids"] or 0, summary["last"] or 0)
    return PairingsStamp(round=round_, matches=matches)


def seconds_left(round_: Round, now: datetime | None = None) -> int | None:
    """Seconds until the round's time is called (0 once it has), None for a round with no clock running.

    A paused clock is frozen at what it had left when it was paused.
    """
    if round_.status != Round.Status.IN_PROGRESS or round_.ends_at is None:
        return None
    if round_.time_called_at is not None:
        return 0
    reading = round_.paused_at or now or timezone.now()
    return max(0, int((round_.ends_at - reading).total_seconds()))


def unpaired_players(round_: Round) -> QuerySet[Registration]:
    """Checked-in players who could play the round but are not in its pairings (a late check-in): the
    organizer re-pairs before starting to include them."""
    if round_.stage != Round.Stage.SWISS:
        return Registration.objects.none()
    # Match.Meta.ordering must not reach inside the UNION: SQLite refuses ORDER BY in its parts.
    paired = (
        round_.matches.order_by()
        .values_list("player_a_id", flat=True)
        .union(round_.matches.filter(player_b__isnull=False).order_by().values_list("player_b_id", flat=True))
    )
    return (
        round_.event.registrations.filter(
            checked_in_at__isnull=False, dropped_after_round__isnull=True, joined_round__lte=round_.number
        )
        .exclude(player_id__in=list(paired))
        .select_related("player")
    )
