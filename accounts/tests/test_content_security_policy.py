"""The Content-Security-Policy header on every page, and templates that need no inline script or style."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from tournaments.tests.factories import EventFactory

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"

STRICT = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def policy(response) -> dict[str, str]:
    header = response.headers.get("Content-Security-Policy", "")
    directives = [part.strip().split(None, 1) for part in header.split(";") if part.strip()]
    return dict(directives)


PAGES = ["/", "/login/", "/events/{slug}/", "/events/{slug}/pairings/", "/api/v1/events/"]


@pytest.mark.parametrize("path", PAGES)
def test_pages_carry_a_strict_policy(client, path):
    event = EventFactory()

    response = client.get(path.format(slug=event.slug))

    assert response.status_code == 200
    directives = policy(response)
    for name, value in STRICT.items():
        assert directives.get(name) == value, (name, directives)
    assert "unsafe-inline" not in response.headers["Content-Security-Policy"]
    assert "unsafe-eval" not in response.headers["Content-Security-Policy"]


def test_the_api_docs_widen_the_policy_for_swagger_ui_images_only(client):
    response = client.get("/api/docs/")

    directives = policy(response)
    assert directives["img-src"] == "'self' data:"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert "<script>" not in response.content.decode()
    assert "<style>" not in response.content.decode()


INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE), "an inline <script> block"),
    (re.compile(r"\son[a-z]+\s*=", re.IGNORECASE), "an on...= event handler"),
    (re.compile(r"javascript:", re.IGNORECASE), "a javascript: URL"),
    (re.compile(r"\sstyle\s*=", re.IGNORECASE), "a style= attribute"),
    (re.compile(r"<style", re.IGNORECASE), "an inline <style> block"),
    (re.compile(r"\shx-on", re.IGNORECASE), "an hx-on attribute (htmx would evaluate it)"),
    (re.compile(r"hx-trigger=\"[^\"]*\[", re.IGNORECASE), "an hx-trigger filter (htmx would evaluate it)"),
    (re.compile(r"hx-(vals|headers)='\s*(js|javascript):", re.IGNORECASE), "evaluated hx-vals/hx-headers"),
]


def test_no_template_has_inline_script_or_style():
    found = []
    for template in sorted(TEMPLATES.rglob("*.html")):
        text = template.read_text()
        for pattern, what in INLINE:
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{template.relative_to(TEMPLATES)}:{line}: {what}")

    assert found == []
