"""Request types the views annotate with."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that passed through django-htmx's middleware: ``request.htmx`` says if htmx sent it."""

    htmx: HtmxDetails
