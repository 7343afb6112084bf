"""What pairing the next Swiss round reads from the event's history, computed once per version of it.

Pairing a round of 4,096 players used to read every match of the event and rank the players again on each
press, and again on each re-pairing. The engine's reading (``tournaments.engine.pairing.PairingHistory``:
the standing, who met whom, drops, late entries, byes, fixed seats) does not depend on the seed, so it is
kept in the cache under the history version as the standings are (``tournaments.selectors.cached_documents``,
docs/decisions/0013-documents-computed-once.md), and computed after a round's close or an import by a
worker (:func:`warm_history_documents`), so the organizer's "Pair" costs the search and the writes.

Pairing runs with the event row locked: the version it reads is current and no writer that bumps it can
commit meanwhile, so the pairing is the one a fresh read of the rows would give.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import NamedTuple

from tournaments.engine.pairing import PairingHistory, pairing_history
from tournaments.engine.replay import Games, Match, Player, ReplayError
from tournaments.engine.standings import RankedHistory
from tournaments.models import Event, Round
from tournaments.selectors.cached_documents import HistoryStamp, cached, current_history_stamp
from tournaments.selectors.standings import HistoryRead, computed_standings


def fields_fingerprint(*classes: type) -> str:
    """A short digest of the dataclasses' names, fields and field types.

    The pairing source is kept pickled, and a pickled dataclass is restored field by field in order: an
    entry written by a version of the engine with other fields would be read into the wrong ones after a
    deploy (the cache outlives it). The digest is part of the key, so such an entry is never found.
    """
    described = [
        (cls.__qualname__, [(field.name, str(field.type)) for field in dataclasses.fields(cls)])
        for cls in classes
    ]
    return hashlib.sha256(repr(described).encode()).hexdigest()[:16]


PAIRING_FORMAT = fields_fingerprint(PairingHistory, RankedHistory, Player, Match, Games)


class PairingSource(NamedTuple):
    """What pairing the next Swiss round reads, computed once per version of the event's history: the
    engine's reading of the replay (None with ``problem`` when there is no next Swiss round to pair, e.g. the
    top cut has started) and each replay player's account id."""

    pairing: PairingHistory | None
    problem: str
    users: dict[str, int]


def _computed_pairing_source(read: HistoryRead) -> PairingSource:
    users = read.replay_and_users[1]
    try:
        return PairingSource(pairing_history(read.columns), "", users)
    except ReplayError as error:  # kept as it is for this version: reading again would say the same
        return PairingSource(None, str(error), users)


def pairing_source(event: Event, stamp: HistoryStamp | None = None) -> PairingSource:
    """:class:`PairingSource` for the event's current history, from the cache when this version has been
    read already (a round's close warms it: ``warm_history_documents``). Pairing and re-pairing with any
    seed then read no history rows and never rank the players again."""
    stamp = stamp or current_history_stamp(event)
    return cached(stamp.key("pairing", PAIRING_FORMAT), lambda: _computed_pairing_source(HistoryRead(event)))


def warm_history_documents(event: Event) -> None:
    """Compute what the next readers of the event's current history ask for first: the standings (every open
    standings page polls for them when a round closes) and, while a Swiss round is left to pair, what
    pairing it reads. Safe to run any number of times: each is computed once per version."""
    stamp, read = current_history_stamp(event), HistoryRead(event)
    cached(stamp.key("standings"), lambda: computed_standings(read))
    swiss_played = Round.objects.filter(event=event, stage=Round.Stage.SWISS).count()
    if event.status != Event.Status.FINISHED and swiss_played < (event.swiss_rounds or 0):
        cached(stamp.key("pairing", PAIRING_FORMAT), lambda: _computed_pairing_source(read))
