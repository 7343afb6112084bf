"""A password change revokes the user's API tokens, whichever way the password was changed; a sign-in
brings back the language the person chose.

The password change page, the admin's "change password" form, ``manage.py changepassword`` and
``user.set_password(...); user.save()`` all end in a save of the user with a new password hash, so the hook is
on the save, not on any one view. Web sessions need nothing here: Django already ends every session of the
user but the one that changed the password (each session stores a hash derived from the password hash).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver
from django.http import HttpRequest

from accounts.languages import language_restore
from accounts.services import tokens_revoke_all

_CHANGED = "_arbiter_password_changed"


def _password_changing(instance: User, update_fields: Any) -> bool:
    if update_fields is not None and "password" not in update_fields:
        return False  # e.g. the last_login update on every sign-in
    if instance.pk is None:
        return False  # a new user has no tokens yet
    raw_password = getattr(instance, "_password", None)
    if raw_password is None and update_fields is not None and set(update_fields) == {"password"}:
        # Django re-hashing the same password on sign-in (a stronger hasher after an upgrade): check_password
        # clears the raw password before this save. A real change (set_password) keeps it until the save.
        return False
    stored = User.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    return stored is not None and stored != instance.password


@receiver(pre_save, sender=User, dispatch_uid="accounts.password_hash_changing")
def _note_password_change(
    sender: type[User], instance: User, update_fields: Any = None, **kwargs: Any
) -> None:
    setattr(instance, _CHANGED, _password_changing(instance, update_fields))


@receiver(post_save, sender=User, dispatch_uid="accounts.password_hash_changed")
def _revoke_tokens_on_password_change(sender: type[User], instance: User, **kwargs: Any) -> None:
    if getattr(instance, _CHANGED, False):
        setattr(instance, _CHANGED, False)
        tokens_revoke_all(user=instance)


@receiver(user_logged_in, dispatch_uid="accounts.language_restore")
def _restore_language_on_sign_in(
    sender: type[User], request: HttpRequest | None, user: User, **kwargs: Any
) -> None:
    if request is not None and hasattr(request, "session"):
        language_restore(session=request.session, user=user)
