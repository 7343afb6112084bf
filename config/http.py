"""Request types the views annotate with, conditional answers (ETag, 304) for what they poll, and pages
drawn around a large document kept drawn in the cache."""

import secrets
from collections.abc import Mapping
from typing import TypeVar

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.http.response import HttpResponseBase
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
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


def render_around(
    request: HttpRequest, template: str, context: Mapping[str, object], *, name: str, document: bytes
) -> HttpResponse:
    """``template`` drawn with ``document`` (HTML already drawn and encoded as UTF-8, such as a list of
    thousands of rows kept in the cache) where it shows ``{{ name }}``.

    The page around it is drawn with a marker in its place and the document is put there as bytes: passing
    a string of a megabyte through the template engine's nested joins and encoding it again for the response
    cost more than the rest of the request. The marker is random for each response, so nothing a person
    typed (an event's name, a search) can stand for it.
    """
    marker = f"<!--{secrets.token_hex(16)}-->"
    page = render_to_string(template, {**context, name: mark_safe(marker)}, request)  # noqa: S308 - ours
    before, found, after = page.partition(marker)
    if not found:
        if document:  # a document drawn for a page that does not show it: a mistake in the template
            raise ValueError(f"{template} does not show {{{{ {name} }}}}")
        return HttpResponse(page.encode())  # nothing to show there (an event with no round yet)
    return HttpResponse(b"".join((before.encode(), document, after.encode())))
