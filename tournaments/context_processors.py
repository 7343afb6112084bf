"""What every page needs to draw the navigation: the store's name and the user's roles."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest

from tournaments.selectors.events import roles_of


def navigation(request: HttpRequest) -> dict[str, Any]:
    # Error pages can render before the authentication middleware ran: treat that as anonymous.
    user = getattr(request, "user", None) or AnonymousUser()
    return {"store_name": settings.STORE_NAME, "user_roles": roles_of(user)}
