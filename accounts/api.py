"""Accounts for programs and people: "me", an API token, sign out this token, sign out everywhere.

Tokens are django-rest-knox tokens: stored hashed, each with an expiry, and a caller may hold several (one
per program or device). They are sent as ``Authorization: Token ...``, as before.
"""

from __future__ import annotations

from typing import cast

from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from knox.models import AuthToken
from rest_framework import serializers, status
from rest_framework.authentication import BaseAuthentication, SessionAuthentication
from rest_framework.exceptions import APIException, AuthenticationFailed
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services
from accounts.authentication import TokenAuthentication
from accounts.lockout import lockout_message, lockout_minutes
from accounts.users import display_name
from config.schema import ErrorSerializer
from tournaments.models import EventRole
from tournaments.selectors.events import event_roles_of

NO_NUL_CHARACTERS = RegexValidator(r"^[^\x00]*$", _("Null characters are not allowed."))


class SignInLocked(APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "sign_in_locked"

    def __init__(self) -> None:
        super().__init__(lockout_message())
        self.wait = lockout_minutes() * 60  # DRF sends it as Retry-After


class TokenObtainApi(APIView):
    """Exchange a username and password for a new API token, valid until ``expiry``.

    Too many wrong passwords for an account or from an address pause sign-in for a while (429).
    """

    # No authentication: a program whose old token expired or was revoked still sends it, and must be able
    # to sign in again. A failed sign-in answers 401 with WWW-Authenticate, as any API call does.
    authentication_classes: list[type[BaseAuthentication]] = []
    permission_classes = [AllowAny]

    def get_authenticate_header(self, request: Request) -> str:
        return "Token"

    @extend_schema_serializer(component_name="TokenRequest")
    class InputSerializer(serializers.Serializer[object]):
        # DRF refuses NUL characters in any string; the pattern says so in the schema, so clients know.
        username = serializers.CharField(
            min_length=1, max_length=150, trim_whitespace=False, validators=[NO_NUL_CHARACTERS]
        )
        password = serializers.CharField(
            min_length=1,
            max_length=128,
            trim_whitespace=False,
            style={"input_type": "password"},
            validators=[NO_NUL_CHARACTERS],
        )

    @extend_schema_serializer(component_name="Token")
    class OutputSerializer(serializers.Serializer[object]):
        token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`.")
        expiry = serializers.DateTimeField(
            allow_null=True, help_text="When the token stops working; sign in again then."
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: OutputSerializer, 401: ErrorSerializer, 429: ErrorSerializer},
        operation_id="auth_token_create",
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # The Django request, so django-axes counts this attempt and refuses a locked-out caller.
        user = authenticate(request._request, **serializer.validated_data)
        if user is None:
            if getattr(request._request, "axes_locked_out", False):
                raise SignInLocked()
            raise AuthenticationFailed(_("The username and password do not match an account."))
        # As a page's sign-in does: records last_login and lets django-axes forget this account's failures.
        user_logged_in.send(sender=type(user), request=request._request, user=user)
        token, expiry = services.token_create(user=user)
        return Response(self.OutputSerializer({"token": token, "expiry": expiry}).data)


class LogoutApi(APIView):
    """Sign out this program: the token the call is made with stops working."""

    authentication_classes = [TokenAuthentication]
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={204: None, 401: ErrorSerializer}, operation_id="auth_logout_create"
    )
    def post(self, request: Request) -> Response:
        assert isinstance(request.auth, AuthToken)  # noqa: S101 - TokenAuthentication is the only scheme
        services.token_revoke(token=request.auth)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LogoutAllApi(APIView):
    """Sign out everywhere: every API token of the caller stops working, this one included.

    Works with a token or with the browser's session (which stays signed in; changing the password ends the
    other sessions).
    """

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={204: None, 401: ErrorSerializer}, operation_id="auth_logout_all_create"
    )
    def post(self, request: Request) -> Response:
        services.tokens_revoke_all(user=request.user)  # type: ignore[arg-type]
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeApi(APIView):
    """Who the caller is and what they do at each event."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="Me")
    class OutputSerializer(serializers.Serializer[object]):
        @extend_schema_serializer(component_name="EventRole")
        class EventRoleSerializer(serializers.Serializer[object]):
            event = serializers.SlugField()
            role = serializers.ChoiceField(choices=[*EventRole.Role.values, "player"])

        username = serializers.CharField()
        name = serializers.CharField()
        roles = EventRoleSerializer(many=True)

    @extend_schema(responses=OutputSerializer, operation_id="me_retrieve")
    def get(self, request: Request) -> Response:
        user = cast(User, request.user)  # IsAuthenticated let only a logged-in user through.
        roles = [{"event": slug, "role": role} for slug, role in event_roles_of(user)]
        data = {
            "username": user.get_username(),
            "name": display_name(user),
            "roles": roles,
        }
        return Response(self.OutputSerializer(data).data)
