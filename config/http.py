"""Request types the views annotate with, and conditional answers (ETag, 304) for what they poll."""

from typing import TypeVar

from django.http import HttpRequest, HttpResponseNotModified
from django.http.response import HttpResponseBase
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that passed through django-htmx's middleware: ``request.htmx`` says if htmx sent it."""

    htmx: HtmxDetails


def etag_matches(request: HttpRequest, etag: str) -> bool:
    """Whether the client already holds the response tagged ``etag`` (its ``If-None-Match``)."""
    known = [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]
    return etag in known or "*" in known


R = TypeVar("R", bound=HttpResponseBase)


def with_etag(response: R, etag: str) -> R:
    """Tag a response that is drawn from a document (a page's live fragment, an API document): the client
    asks again with ``If-None-Match`` on every poll and gets "304 Not Modified" while it is current. It
    varies with the language and with htmx (the fragment or the page), and is never kept unasked."""
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ("Accept-Language", "Cookie", "HX-Request"))
    return response


def not_modified(etag: str) -> HttpResponseNotModified:
    """The answer to a poll whose ``If-None-Match`` names the current ``etag``: no body."""
    return with_etag(HttpResponseNotModified(), etag)
