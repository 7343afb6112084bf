"""API token authentication: django-rest-knox's, in one query a request.

Knox's own scheme also reads every other token of the caller on each request, to delete the expired ones:
a second query on every API call. Here a request reads only its own token (with its user); an expired
token is still refused and deleted when it is used, and the caller's other expired tokens are swept when
they sign in again (``accounts.services.token_create``).
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.models import AuthToken
from knox.signals import token_expired


class TokenAuthentication(KnoxTokenAuthentication):  # type: ignore[misc]  # knox has no type hints
    def _cleanup_token(self, auth_token: AuthToken) -> bool:
        """Whether the token has expired (then it is deleted); the caller's other tokens are not read."""
        if auth_token.expiry is None or auth_token.expiry >= timezone.now():
            return False
        username = auth_token.user.get_username()
        auth_token.delete()
        token_expired.send(sender=self.__class__, username=username, source="auth_token")
        return True


class TokenScheme(KnoxTokenScheme):  # type: ignore[no-untyped-call]  # drf-spectacular's registry
    """The API schema describes it as knox's (``Authorization: Token ...``)."""

    target_class = "accounts.authentication.TokenAuthentication"
