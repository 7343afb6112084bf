"""The envelope of a dispute: format, game, revision, state and action (dispute format, version 1).

Only the envelope is read here; each game parses its own state and actions. A malformed envelope is the
caller's mistake (:class:`~rules.engine.errors.DisputeError`); the state is passed on untouched, because a
state that is missing or inconsistent is answered with a ruling, not an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.engine.errors import DisputeError
from rules.engine.jsonvalues import as_mapping, as_str
from rules.engine.sentences import gettext_noop, say

FORMAT = "dispute/1"
GAMES = ("yugioh", "mtg")
REVISIONS = {"yugioh": ("2020", "v10"), "mtg": ("classic", "current")}
DEFAULT_REVISION = {"yugioh": "2020", "mtg": "classic"}
ABSENT = object()


@dataclass(frozen=True)
class Dispute:
    """A dispute whose envelope has been checked; ``state`` is the raw reported state (or absent)."""

    game: str
    revision: str
    action_type: str
    action: Mapping[str, Any]
    state: object = ABSENT

    @property
    def has_state(self) -> bool:
        return self.state is not ABSENT and self.state is not None


def parse_dispute(data: object) -> Dispute:
    """Check the envelope of ``data``; raise :class:`DisputeError` listing every bad field of it."""
    dispute = as_mapping(data)
    if dispute is None:
        raise DisputeError("dispute", say(gettext_noop("must be a JSON object with game, state and action")))
    problems: list[DisputeError] = []
    if "format" in dispute and dispute["format"] != FORMAT:
        problems.append(
            DisputeError("format", say(gettext_noop('must be "%(format)s" (or left out)'), format=FORMAT))
        )
    game = as_str(dispute.get("game"))
    if game not in GAMES:
        problems.append(DisputeError("game", say(gettext_noop('must be "yugioh" or "mtg"'))))
    revision = dispute.get("revision")
    if game in GAMES:
        revision = DEFAULT_REVISION[game] if revision is None else revision
        if revision not in REVISIONS[game]:
            problems.append(
                DisputeError(
                    "revision",
                    say(
                        gettext_noop("must be one of %(revisions)s for %(game)s"),
                        revisions=", ".join(REVISIONS[game]),
                        game=game,
                    ),
                )
            )
    action = as_mapping(dispute.get("action"))
    action_type = as_str(action.get("type")) if action is not None else None
    if action is None:
        problems.append(DisputeError("action", say(gettext_noop("must be an object with a type"))))
    elif not action_type:
        problems.append(DisputeError("action.type", say(gettext_noop("is required"))))
    DisputeError.raise_all(problems)
    if game is None or action is None or not action_type:  # each was a problem above; this narrows types
        raise DisputeError("dispute", say(gettext_noop("must be a JSON object with game, state and action")))
    return Dispute(
        game=game,
        revision=str(revision),
        action_type=action_type,
        action=action,
        state=dispute.get("state", ABSENT),
    )
