"""Who a person is to the rest of the site: the caller type every selector takes, and the name pages show.

Every app reads people through here, so a name is written one way everywhere (a pairing, a slip, a ruling)
and the next things accounts holds (walk-in players, sign-up) change it in one place.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ObjectDoesNotExist

AnyUser = User | AnonymousUser


def display_name(user: User | None) -> str:
    """How a person is shown on every page: their full name, else their username ("" for nobody)."""
    if user is None:
        return ""
    return full_name(user.first_name, user.last_name, user.get_username())


def full_name(first_name: str, last_name: str, username: str) -> str:
    """:func:`display_name` from the account's fields, for a selector that reads them as plain values."""
    return f"{first_name} {last_name}".strip() or username


def official_id_of(user: User | None) -> str:
    """The person's official player id, "" when none is known (read with ``select_related("player")``)."""
    if user is None:
        return ""
    try:
        # The reverse of accounts.Player.user: auth.User knows nothing of it in its type.
        return str(getattr(user, "player").official_id)  # noqa: B009
    except ObjectDoesNotExist:
        return ""
