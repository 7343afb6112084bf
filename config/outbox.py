"""A database row as the outbox of its own Celery task (card imports, event imports).

The row is committed first, then its task is sent. A broker that is down leaves the row queued, and a
periodic sweep (and the row's progress page) sends it again; a send no worker takes is repeated a few times
and then the row fails with a reason. See docs/decisions/0008-faults-clock-and-imports.md.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.db.models import F, QuerySet
from django.utils import timezone

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 3  # claims by a worker that then stopped before the end
MAX_DISPATCHES = 5  # sends no worker took


def redispatch_after() -> timedelta:
    """Sent, but no worker claimed it yet: send again after this long.

    At least a whole task's hard time limit and a minute: a row may be waiting behind others that run up to
    that long on every worker, and MAX_DISPATCHES sends must outlast such a queue before the row is failed
    as "no worker started it" (with the default limit: 6 minutes apart, 30 minutes in all).
    """
    return max(timedelta(minutes=2), timedelta(seconds=int(settings.CELERY_TASK_TIME_LIMIT) + 60))


def minutes_before_given_up() -> int:
    """How long sends no worker takes go on before the row fails: for the message that says so."""
    return int(MAX_DISPATCHES * redispatch_after().total_seconds() // 60)


def outbox_send(*, task_name: str, pk: int, queued: QuerySet[Any], retry_after: timedelta) -> bool:
    """Send the task named ``task_name`` for row ``pk``; ``queued`` is that row while it is still queued.

    The task is found by name in the Celery app's registry (each app's ``AppConfig.ready`` loads its tasks
    module): the service that queues the row sits below the task module that calls it, and must not import it.

    True if the broker took the message (counted; sent again after :func:`redispatch_after` if no worker
    claims it). False if the broker is unreachable: the row stays queued and is tried again after
    ``retry_after`` (the next sweep). Sending twice is harmless: the tasks claim their row first.
    """
    try:
        current_app.tasks[task_name].delay(pk)
    except Exception as error:  # the broker is down or unreachable: whatever the client library raises
        logger.warning("%s %s not sent to the workers (%s); retrying later", queued.model.__name__, pk, error)
        queued.update(next_dispatch_at=timezone.now() + retry_after)
        return False
    queued.update(dispatches=F("dispatches") + 1, next_dispatch_at=timezone.now() + redispatch_after())
    return True
