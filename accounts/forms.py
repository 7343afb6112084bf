"""Forms of the accounts app."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.forms import PasswordChangeForm
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.lockout import lockout_message


class CheckedPasswordChangeForm(PasswordChangeForm):
    """Django's password change, with the current password checked as a sign-in is.

    Django's form checks the old password with ``user.check_password``, which django-axes never sees: a
    browser left signed in could try passwords without limit, and one right guess changes the password
    (ending the owner's other sessions and tokens). Checking it through ``authenticate`` with the request
    counts each wrong guess with the sign-in failures and refuses a locked-out caller.
    """

    def __init__(self, user: Any, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(user, *args, **kwargs)
        self.request = request

    def clean_old_password(self) -> str:
        old_password: str = self.cleaned_data["old_password"]
        checked = authenticate(self.request, username=self.user.get_username(), password=old_password)
        if checked is not None and checked.pk == self.user.pk:
            return old_password
        if getattr(self.request, "axes_locked_out", False):
            raise forms.ValidationError(lockout_message(), code="locked_out")
        raise forms.ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")


class SigninLockResetForm(forms.Form):
    """Whom to let sign in again: a username, an address, or both."""

    username = forms.CharField(
        required=False,
        max_length=255,
        error_messages={"null_characters_not_allowed": _("A username cannot contain a NUL character.")},
    )
    address = forms.GenericIPAddressField(
        required=False, error_messages={"invalid": _("%(value)s is not an IP address.")}
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.errors and not cleaned.get("username") and not cleaned.get("address"):
            raise forms.ValidationError(_("Give a username or an address to unlock."))
        return cleaned
