"""What the services refuse with, and how a refusal reads and answers: one place for the API and the pages.

A service refuses in one of three ways: ``PermissionDenied`` (not yours to do: 403), Django's
``ValidationError`` (bad input, naming the field: 400), or a :class:`Conflict` (the request is right, but the
state of things does not allow it now: a round already started, a duel already final: 409). Every app's
conflicts derive from :class:`Conflict`, so the API's exception handler (``config.errors``) and the pages
(:func:`refusal_message`, :func:`refusal_status`) answer them alike without knowing any app.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError


class Conflict(Exception):
    """The request is well formed and allowed, but the current state does not allow it: HTTP 409."""


# What a page catches around a service call to show the refusal next to its form.
REFUSALS = (Conflict, ValidationError)


def refusal_message(error: Exception) -> str:
    """The refusal in the words a person reads: a ValidationError's messages joined, else the message."""
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    return str(error)


def refusal_status(error: Exception) -> int:
    """400 for bad input, 409 for a state that does not allow it."""
    return 400 if isinstance(error, ValidationError) else 409
