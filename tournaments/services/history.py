"""The event's history version: one counter on the event row, bumped by every write that changes its history.

Why a counter and not a "clear the cache" call: the standings, each round's records and the pages drawn from
them are documents computed once and kept in Django's cache (``tournaments.selectors.standings``). The
embedded default is one process with a local-memory cache; production is several web processes sharing
Redis, and management commands and Celery workers write from other processes still. A cache entry deleted
by the writer can be written back a moment later by a reader that computed it from the rows before the
write; a counter in the database cannot go back. Readers put the counter in the cache key, so:

- a write bumps ``Event.history_version`` in its own transaction (:func:`history_changed`, one ``UPDATE``);
- a reader reads the counter, then the rows: under read committed, rows read after the counter are at
  least as new as it, so a document stored under version N is never older than N. A document computed
  from rows newer than its key is harmless: the next bump moves every reader to a new key;
- nothing is ever deleted: old keys expire (``HISTORY_CACHE_SECONDS``) or are evicted.

What the history is: what ``replay_export.event_replay`` reads (checked-in registrations with their late
entry, byes, fixed table and drop; the closed rounds and their matches; the game) and the names the
documents print. So the callers are the check-in and entry services, drops and undrops (a disqualification
drops), byes and fixed tables, closing a round, any write to a match of a closed round or to a final result
(``matches.services.access.match_lock``), the settings, an event import, and a player's new name, username
or official id (the receivers below: the user and player rows are the people layer's, which knows no
event). A report in a round being played changes none of it (that round is not history until it is
closed), so the report path never touches the event row.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import current_app
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import Player
from tournaments.models import Event, Registration

logger = logging.getLogger(__name__)

# What a user row holds that the documents print (a full save, update_fields None, may change any of it).
_NAME_FIELDS = frozenset({"username", "first_name", "last_name"})


def history_changed(*, event_id: int) -> None:
    """Bump the event's history version, in the caller's transaction (it keeps the row locked until then,
    so two writers of one event bump one after the other)."""
    Event.objects.filter(pk=event_id).update(history_version=F("history_version") + 1)


def documents_warmed_after_commit(*, event_id: int) -> None:
    """Once the caller's transaction commits, have a worker compute the new version's standings and what
    pairing the next round reads (``tournaments.tasks.warm_history_documents``), so that neither the first
    of the standings pages polling for the new round nor the organizer pressing "Pair" computes them.

    For the writes after which everyone reads at once (a round closed, an event imported), not for every
    bump. Sent by name: this service sits below the task module. Sent once, never retried, and dropped if
    no worker takes it within WARM_EXPIRES_SECONDS: the warming is a saving, and a broker that is down or
    a backlog after a worker outage must cost the close nothing (the first reader computes them, as
    without it). In the embedded default (tasks run in-process) the close's request computes them itself.
    """
    transaction.on_commit(lambda: _send_warm(event_id))


WARM_TASK = "tournaments.tasks.warm_history_documents"
WARM_EXPIRES_SECONDS = 120


def _send_warm(event_id: int) -> None:
    try:
        current_app.tasks[WARM_TASK].apply_async((event_id,), retry=False, expires=WARM_EXPIRES_SECONDS)
    except Exception:  # the broker is unreachable, or (in-process) the computation failed: logged as it is
        logger.warning("the documents of event %s were not computed ahead", event_id, exc_info=True)


def histories_changed_for_player(*, user_id: int) -> None:
    """Bump the history of every event the user is registered in (their name or id changed)."""
    events = Registration.objects.filter(player_id=user_id).values("event_id")
    Event.objects.filter(pk__in=events).update(history_version=F("history_version") + 1)


@receiver(post_save, sender=User, dispatch_uid="tournaments.history_on_user_renamed")
def _user_renamed(
    sender: type[User], instance: User, created: bool, update_fields: Any = None, **kwargs: Any
) -> None:
    if created or (update_fields is not None and not _NAME_FIELDS & set(update_fields)):
        return  # a new user is in no event yet; a sign-in saves last_login only
    histories_changed_for_player(user_id=instance.pk)


@receiver(post_save, sender=Player, dispatch_uid="tournaments.history_on_official_id")
def _official_id_changed(
    sender: type[Player], instance: Player, created: bool, update_fields: Any = None, **kwargs: Any
) -> None:
    if created or (update_fields is not None and "official_id" not in update_fields):
        return
    histories_changed_for_player(user_id=instance.user_id)
