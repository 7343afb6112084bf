"""Forms of the accounts app."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.forms import PasswordChangeForm, UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.lockout import lockout_message
from accounts.models import Player


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


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """A player makes their own account: a username, their name as it is shown on pairings, an e-mail
    address for password resets, an optional official player id, and a password (Django's validators)."""

    first_name = forms.CharField(label=_("First name"), max_length=150)
    last_name = forms.CharField(label=_("Last name"), max_length=150, required=False)
    email = forms.EmailField(
        label=_("E-mail"), help_text=_("Only to send you a link if you forget your password.")
    )
    official_id = forms.CharField(
        label=_("Player id (optional)"),
        max_length=32,
        required=False,
        help_text=_("Your Konami CARD GAME ID or Wizards account name, printed on your pairings."),
    )

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined,misc]
        model = User
        fields = ("username", "first_name", "last_name", "email")

    def clean_official_id(self) -> str:
        official_id = "".join(str(self.cleaned_data.get("official_id", "")).split())
        if official_id and Player.objects.filter(official_id__iexact=official_id).exists():
            raise forms.ValidationError(
                _(
                    "Another player has that id: if it is your walk-in record, claim it with the code "
                    "on your slip."
                )
            )
        return official_id


class ClaimForm(forms.Form):
    """A walk-in makes their record an account: the code on their slip, a username, a password twice."""

    code = forms.CharField(label=_("Code on your match slip"), max_length=32)
    username = forms.CharField(label=_("Choose a username"), max_length=150)
    password1 = forms.CharField(
        label=_("Choose a password"), widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})
    )
    password2 = forms.CharField(
        label=_("The password again"), widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("password1") and cleaned.get("password1") != cleaned.get("password2"):
            self.add_error("password2", _("The two passwords differ."))
        return cleaned


class StoreStaffForm(forms.Form):
    """Whom to make store staff: their username."""

    username = forms.CharField(label=_("Username"), max_length=150)


class StoreStaffRemoveForm(forms.Form):
    """The "remove" button beside a member of store staff: who it removes."""

    remove = forms.ModelChoiceField(
        queryset=User.objects.all(),
        error_messages={"invalid_choice": _("That person is not in the list any more.")},
    )
