"""Who a person is to the rest of the site: the caller type every selector takes, and the name pages show.

Every app reads people through here, so a name is written one way everywhere (a pairing, a slip, a ruling)
and the next things accounts holds (walk-in players, sign-up) change it in one place.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

AnyUser = User | AnonymousUser


def display_name(user: User | None) -> str:
    """How a person is shown on every page: their full name, else their username ("" for nobody)."""
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()
