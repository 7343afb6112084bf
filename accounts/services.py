"""Writes for people: API tokens (django-rest-knox), lifting a sign-in lockout (django-axes), walk-in players
entered at the counter and claiming their record, official player ids."""

from __future__ import annotations

import secrets
from datetime import datetime

from axes.utils import reset as axes_reset
from django.contrib.auth.models import Permission, User
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from knox.models import AuthToken

from accounts.models import Player
from accounts.users import display_name
from config.refusals import Conflict


def token_create(*, user: User) -> tuple[str, datetime | None]:
    """A new API token for ``user``, valid for ``REST_KNOX["TOKEN_TTL"]``: the token (shown once) and expiry.

    Only a hash of the token is stored, so a leaked database does not leak working tokens. The user's
    expired tokens are deleted here (``accounts.authentication`` does not look for them on every call).
    """
    AuthToken.objects.filter(user=user, expiry__lt=timezone.now()).delete()
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


# Claim codes are read off a printed slip and typed on a phone: no 0/O or 1/I/L to confuse.
CLAIM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CLAIM_CODE_LENGTH = 8
MAX_NAME = 150
MAX_OFFICIAL_ID = 32


def _claim_code() -> str:
    return "".join(secrets.choice(CLAIM_ALPHABET) for _ in range(CLAIM_CODE_LENGTH))


def _split_name(name: str) -> tuple[str, str]:
    first, _, last = name.partition(" ")
    return first, last


def clean_official_id(official_id: str) -> str:
    """An official id as typed, without spaces (a CARD GAME ID is often written in groups of digits)."""
    return "".join(official_id.split())


@transaction.atomic
def walk_in_create(*, name: str, official_id: str = "", by: User) -> User:
    """A player entered at the counter by name, without an account: a user nobody can sign in as (no usable
    password) and a claim code, printed on their slips, that lets them make the record theirs later.

    Refused, naming the field, when the name is empty or too long, or when the official id already belongs
    to someone (then the organizer enters that person instead of a second record).
    """
    name = " ".join(name.split())
    official_id = clean_official_id(official_id)
    errors: dict[str, list[str]] = {}
    if not name:
        errors["name"] = [gettext("Type the player's name.")]
    elif len(name) > MAX_NAME:
        errors["name"] = [gettext("A name has at most %(max)d characters.") % {"max": MAX_NAME}]
    if len(official_id) > MAX_OFFICIAL_ID:
        errors["official_id"] = [
            gettext("An official player id has at most %(max)d characters.") % {"max": MAX_OFFICIAL_ID}
        ]
    elif official_id:
        holder = Player.objects.filter(official_id__iexact=official_id).select_related("user").first()
        if holder is not None:
            errors["official_id"] = [
                gettext("%(name)s already has the player id %(id)s: enter them from the search instead.")
                % {"name": display_name(holder.user), "id": official_id}
            ]
    if errors:
        raise ValidationError(errors)
    first, last = _split_name(name)
    user = User(username=f"walk-in-{secrets.token_hex(5)}", first_name=first, last_name=last)
    user.set_unusable_password()
    user.save()
    Player.objects.create(user=user, official_id=official_id, claim_code=_claim_code(), entered_by=by)
    return user


class ClaimRefused(Conflict):
    """The record was claimed already."""


@transaction.atomic
def player_claim(*, code: str, username: str, password: str) -> User:
    """A walk-in makes their record an account: the code from their slip, a username and a password.

    Everything they played stays theirs (it is the same user). Password rules are Django's validators; a
    wrong code, a taken username or a weak password is refused naming the field, and nothing changes.
    """
    code = "".join(code.split()).upper()
    player = (
        Player.objects.select_for_update().select_related("user").filter(claim_code=code).first()
        if code
        else None
    )
    if player is None:
        raise ValidationError({"code": [gettext("No player record has that code: check it on your slip.")]})
    if player.claimed_at is not None:
        raise ClaimRefused(gettext("This record is claimed already: sign in with its username."))
    user = player.user
    username = username.strip()
    errors: dict[str, list[str]] = {}
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError as error:
        errors["username"] = list(error.messages)
    if not username:
        errors["username"] = [gettext("Choose a username.")]
    elif User.objects.filter(username__iexact=username).exclude(pk=user.pk).exists():
        errors["username"] = [gettext("Someone has that username already: choose another.")]
    user.username = username
    try:
        validate_password(password, user)
    except ValidationError as error:
        errors["password"] = list(error.messages)
    if errors:
        raise ValidationError(errors)
    user.set_password(password)
    user.save(update_fields=["username", "password"])
    player.claimed_at = timezone.now()
    player.save(update_fields=["claimed_at"])
    return user


@transaction.atomic
def official_id_set(*, user: User, official_id: str) -> Player:
    """Record a player's official id (a player on their own account, or an organizer at the counter)."""
    official_id = clean_official_id(official_id)
    if len(official_id) > MAX_OFFICIAL_ID:
        raise ValidationError(
            {
                "official_id": [
                    gettext("An official player id has at most %(max)d characters.")
                    % {"max": MAX_OFFICIAL_ID}
                ]
            }
        )
    if official_id and Player.objects.filter(official_id__iexact=official_id).exclude(user=user).exists():
        raise ValidationError({"official_id": [gettext("Another player has that id already.")]})
    player, _ = Player.objects.select_for_update().get_or_create(user=user)
    player.official_id = official_id
    player.save(update_fields=["official_id"])
    return player


# Store staff create events and import them, keep the card catalog and lift sign-in locks: one Django
# permission (``tournaments.add_event``), granted here directly to the user.
STORE_STAFF_PERMISSION = ("tournaments", "add_event")


def _store_staff_permission() -> Permission:
    app_label, codename = STORE_STAFF_PERMISSION
    return Permission.objects.get(content_type__app_label=app_label, codename=codename)


def _require_store_staff(by: User) -> None:
    if not by.has_perm(".".join(STORE_STAFF_PERMISSION)):
        raise PermissionDenied(gettext("Only store staff can change who is store staff."))


@transaction.atomic
def store_staff_grant(*, user: User, by: User) -> None:
    """Make ``user`` store staff (they may then create events); granting twice changes nothing."""
    _require_store_staff(by)
    if not user.is_active or not user.has_usable_password():
        raise ValidationError(
            {"user": [gettext("%(name)s has no account to sign in with.") % {"name": display_name(user)}]}
        )
    user.user_permissions.add(_store_staff_permission())


class LastStoreStaff(Conflict):
    """The store keeps someone who can create events."""


@transaction.atomic
def store_staff_revoke(*, user: User, by: User) -> None:
    """Take store staff away from ``user``; the last one stays (nobody could create events any more)."""
    _require_store_staff(by)
    permission = _store_staff_permission()
    others = User.objects.filter(is_active=True).exclude(pk=user.pk)
    if not (others.filter(user_permissions=permission).exists() or others.filter(is_superuser=True).exists()):
        raise LastStoreStaff(
            gettext("%(name)s is the store's only staff member: add someone else first.")
            % {"name": display_name(user)}
        )
    user.user_permissions.remove(permission)
