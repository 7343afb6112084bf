"""The sign-in locks page (store staff see who is held back by the lockout and lift it, without a shell)
and the password page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from accounts import services
from accounts.forms import CheckedPasswordChangeForm, SigninLockResetForm
from accounts.selectors import can_lift_signin_locks, recent_failed_signins


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
