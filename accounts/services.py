"""Writes for sign-in: API tokens (django-rest-knox) and lifting a sign-in lockout (django-axes)."""

from __future__ import annotations

from datetime import datetime

from axes.utils import reset as axes_reset
from django.contrib.auth.models import User
from django.db import transaction
from knox.models import AuthToken


def token_create(*, user: User) -> tuple[str, datetime | None]:
    """A new API token for ``user``, valid for ``REST_KNOX["TOKEN_TTL"]``: the token (shown once) and expiry.

    Only a hash of the token is stored, so a leaked database does not leak working tokens.
    """
    instance, token = AuthToken.objects.create(user=user)
    return token, instance.expiry


def token_revoke(*, token: AuthToken) -> None:
    """Sign out one program: the token it called with stops working."""
    token.delete()


def tokens_revoke_all(*, user: User) -> int:
    """Sign out everywhere: every API token of ``user`` stops working. Returns how many there were."""
    with transaction.atomic():
        count: int = AuthToken.objects.filter(user=user).delete()[0]
    return count


def signin_lock_reset(*, username: str | None = None, address: str | None = None) -> int:
    """Lift a sign-in lockout: forget the failed attempts for an account, an address, or both.

    Returns how many attempt records were removed (0 when there was nothing to lift).
    """
    if not username and not address:
        raise ValueError("signin_lock_reset needs a username or an address")
    count: int = axes_reset(username=username or None, ip=address or None)
    return count
