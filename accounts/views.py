"""The sign-in locks page (store staff see who is held back by the lockout and lift it, without a shell)
and the password page."""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from accounts import services
from accounts.forms import (
    CheckedPasswordChangeForm,
    ClaimForm,
    SigninLockResetForm,
    SignUpForm,
    StoreStaffForm,
    StoreStaffRemoveForm,
)
from accounts.selectors import can_lift_signin_locks, recent_failed_signins, store_staff
from accounts.users import display_name


@login_required
@require_http_methods(["GET", "POST"])
def signin_locks(request: HttpRequest) -> HttpResponse:
    if not can_lift_signin_locks(request.user):
        raise PermissionDenied
    if request.method == "POST":
        form = SigninLockResetForm(request.POST)
        if not form.is_valid():
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, str(error))
        else:
            username, address = form.cleaned_data["username"], form.cleaned_data["address"]
            removed = services.signin_lock_reset(username=username or None, address=address or None)
            who = username or address
            if removed:
                messages.success(
                    request,
                    ngettext(
                        "%(who)s can sign in again (%(count)d record of failed attempts removed).",
                        "%(who)s can sign in again (%(count)d records of failed attempts removed).",
                        removed,
                    )
                    % {"who": who, "count": removed},
                )
            else:
                messages.info(request, _("%(who)s had no failed sign-ins to forget.") % {"who": who})
        return redirect("signin-locks")
    return render(request, "accounts/signin_locks.html", {"rows": recent_failed_signins()})


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password page, with the current password counted as a sign-in attempt."""

    form_class = CheckedPasswordChangeForm

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}


MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


@require_http_methods(["GET", "POST"])
def sign_up(request: HttpRequest) -> HttpResponse:
    """A player makes their own account and is signed in, to enter events and report from their phone."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            if form.cleaned_data["official_id"]:
                services.official_id_set(user=user, official_id=form.cleaned_data["official_id"])
        login(request, user, backend=MODEL_BACKEND)
        messages.success(
            request, _("Welcome, %(name)s: your account is ready.") % {"name": display_name(user)}
        )
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest) -> HttpResponse:
    """A walk-in entered at the counter makes their record an account with the code on their match slip:
    everything they played stays theirs, and they can report from their phone from now on."""
    form = ClaimForm(request.POST or None, initial={"code": request.GET.get("code", "")})
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            user = services.player_claim(
                code=form.cleaned_data["code"],
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
            )
        except ValidationError as error:
            for field, errors in error.message_dict.items():
                form.add_error("password1" if field == "password" else field, errors)
        except services.ClaimRefused as error:
            form.add_error("code", str(error))
            status = 409
        else:
            login(request, user, backend=MODEL_BACKEND)
            messages.success(
                request, _("The record is yours, %(name)s: you are signed in.") % {"name": display_name(user)}
            )
            return redirect("home")
    if form.errors and status == 200:
        status = 400
    return render(request, "registration/claim.html", {"form": form}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def store_staff_page(request: HttpRequest) -> HttpResponse:
    """Store staff see who else may create events, add someone by username and remove them."""
    if not request.user.has_perm("tournaments.add_event"):
        raise PermissionDenied
    by = cast(User, request.user)
    form = StoreStaffForm(request.POST or None)
    status = 200
    if request.method == "POST":
        removing = StoreStaffRemoveForm(request.POST) if "remove" in request.POST else None
        try:
            if removing is not None:
                if not removing.is_valid():
                    raise ValidationError(list(removing.errors["remove"]))
                person = removing.cleaned_data["remove"]
                services.store_staff_revoke(user=person, by=by)
                messages.success(
                    request, _("%(name)s is no longer store staff.") % {"name": display_name(person)}
                )
                return redirect("store-staff")
            if form.is_valid():
                named = User.objects.filter(username=form.cleaned_data["username"].strip()).first()
                if named is None:
                    form.add_error("username", _("No account has that username."))
                else:
                    services.store_staff_grant(user=named, by=by)
                    messages.success(
                        request,
                        _("%(name)s is store staff: they can create events.") % {"name": display_name(named)},
                    )
                    return redirect("store-staff")
        except ValidationError as error:
            form.add_error(None, error.messages)
        except services.LastStoreStaff as error:
            form.add_error(None, str(error))
            status = 409
        if form.errors and status == 200:
            status = 400
    context = {"form": form, "staff": store_staff()}
    return render(request, "accounts/store_staff.html", context, status=status)
