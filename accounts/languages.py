"""The language a person chose, kept on their player record and in their session.

The session holds the choice so that reading it costs no query on each request (the session is loaded
anyway to know who is signed in); the player record keeps it across devices and sign-ins.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase

from accounts.models import Player
from accounts.users import AnyUser

SESSION_KEY = "arbiter_language"


def language_codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def chosen_language(session: SessionBase) -> str | None:
    """The language this session's person chose, if they chose one that the site still speaks."""
    language = session.get(SESSION_KEY)
    return language if language in language_codes() else None


def language_remember(*, session: SessionBase, user: AnyUser, language: str) -> None:
    """Keep ``language`` for this session and, for a signed-in person, on their record."""
    if language not in language_codes():
        raise ValueError(f"not a language of the site: {language!r}")
    session[SESSION_KEY] = language
    if user.is_authenticated:
        Player.objects.update_or_create(user_id=user.pk, defaults={"language": language})


def language_restore(*, session: SessionBase, user: User) -> None:
    """On sign-in: the language the person chose before, on whichever device, holds for this session."""
    saved = Player.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    if saved in language_codes():
        session[SESSION_KEY] = saved
    elif (chosen := chosen_language(session)) is not None:
        # Chosen before signing in, with nothing saved yet: it becomes theirs.
        Player.objects.update_or_create(user_id=user.pk, defaults={"language": chosen})
