"""Brute-force protection for sign-in, built on django-axes: who is locked out, and what they are told.

Every sign-in (the login page, the admin's login and ``POST /api/v1/auth/token/``) goes through
``django.contrib.auth.authenticate`` with the request, so axes' backend refuses a locked-out caller before the
password is even checked, and axes' signal handlers count each failure in the database (shared by every web
process; the embedded default's SQLite file works the same).

Axes counts one failure limit for all its lockout parameters. A store needs three, because its players share
one Wi-Fi address (decision record 0007):

- an account *from one address* locks after a few failures (``SIGNIN_LIMIT_ACCOUNT_ADDRESS``): a player who
  mistypes is slowed down, and nobody else at the store is;
- an account from *any* address locks after more (``SIGNIN_LIMIT_ACCOUNT``): guessing one player's password
  from many addresses stops too;
- an address for *every* account locks only after many (``SIGNIN_LIMIT_ADDRESS``): trying a few passwords on
  each of many accounts from one machine stops, while thirty players mistyping at once do not lock the store
  out.

:class:`TieredLockoutHandler` keeps axes' database handler and changes only how failures are counted.
"""

from __future__ import annotations

import math
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_ipv46_address
from django.db.models import Q, Sum
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

API_PREFIX = "/api/"


def client_address(request: HttpRequest) -> str | None:
    """The address a request came from: ``REMOTE_ADDR``, or the one the trusted proxies saw.

    With ``SIGNIN_TRUSTED_PROXIES = n`` (n proxies in front of the web processes, each appending the address
    it received the request from to ``X-Forwarded-For``), the client is the n-th address from the right.
    Addresses further left were written by the client and prove nothing. With no trusted proxy the header is
    ignored: anyone could send one and dodge the per-address count.
    """
    proxies: int = settings.SIGNIN_TRUSTED_PROXIES
    remote: str | None = request.META.get("REMOTE_ADDR")
    if proxies <= 0:
        return remote
    header: str = request.META.get("HTTP_X_FORWARDED_FOR", "")
    forwarded = [part.strip() for part in header.split(",") if part.strip()]
    if len(forwarded) < proxies:
        # The request did not come through every proxy: count it under the address that reached us.
        return remote
    claimed = forwarded[-proxies]
    try:
        validate_ipv46_address(claimed)
    except ValidationError:
        # Not an address (a misconfigured proxy, or none and the client wrote it): the column holds addresses.
        return remote
    return claimed


class TieredLockoutHandler(AxesDatabaseHandler):  # type: ignore[misc]
    """Axes' database handler with a separate limit per account and address, per account and per address.

    Axes locks a caller when ``get_failures(...) >= AXES_FAILURE_LIMIT``, everywhere it decides (before the
    password is checked and after a failure). ``AXES_FAILURE_LIMIT`` is the per account-and-address limit;
    the other two counts are scaled to it: ``floor(count * limit / own_limit) >= limit`` exactly when
    ``count >= own_limit``, so each tier locks at its own limit.
    """

    def get_failures(self, request: Any, credentials: dict[str, Any] | None = None) -> int:
        counts = self.failure_counts(request, credentials)
        limit: int = settings.AXES_FAILURE_LIMIT
        return max(
            counts["account_address"],
            counts["account"] * limit // settings.SIGNIN_LIMIT_ACCOUNT,
            counts["address"] * limit // settings.SIGNIN_LIMIT_ADDRESS,
        )

    def failure_counts(self, request: Any, credentials: dict[str, Any] | None = None) -> dict[str, int]:
        """Failures within the cool-off period: this account from this address, this account, this address."""
        username = get_client_username(request, credentials)
        address = request.axes_ip_address
        attempts = AccessAttempt.objects.all()
        if settings.AXES_COOLOFF_TIME is not None:
            attempts = attempts.filter(attempt_time__gte=get_cool_off_threshold(request))
        same_account = Q(username=username) if username is not None else Q(pk__in=[])
        same_address = Q(ip_address=address) if address is not None else Q(pk__in=[])
        totals = attempts.aggregate(
            account_address=Sum("failures_since_start", filter=same_account & same_address),
            account=Sum("failures_since_start", filter=same_account),
            address=Sum("failures_since_start", filter=same_address),
        )
        return {tier: count or 0 for tier, count in totals.items()}


def lockout_minutes() -> int:
    cool_off = get_cool_off()
    return math.ceil(cool_off.total_seconds() / 60) if cool_off else 0


def lockout_message() -> str:
    minutes = lockout_minutes()
    return ngettext(
        "Too many failed sign-in attempts for this account or from this network. Try again in %(minutes)d "
        "minute, or ask the store staff to unlock it.",
        "Too many failed sign-in attempts for this account or from this network. Try again in %(minutes)d "
        "minutes, or ask the store staff to unlock it.",
        minutes,
    ) % {"minutes": minutes}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """What a locked-out caller gets (axes' ``AXES_LOCKOUT_CALLABLE``): JSON under /api/, else a page.

    429 Too Many Requests, with ``Retry-After`` in seconds: the caller may try again once it has passed.
    """
    retry_after = str(lockout_minutes() * 60)
    if request.path.startswith(API_PREFIX):
        response: HttpResponse = JsonResponse({"detail": lockout_message()}, status=429)
    else:
        context = {"message": lockout_message(), "title": _("Sign-in paused")}
        response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = retry_after
    return response
