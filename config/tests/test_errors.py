"""Unknown URLs and failures: JSON for API clients, a friendly page for people."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from config import errors

pytestmark = pytest.mark.django_db


def test_an_unknown_api_url_answers_json_404(client):
    response = client.get("/api/v1/no-such-thing/")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "There is nothing at this address."}


def test_an_unknown_page_shows_a_friendly_page_with_a_way_back(client):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert "text/html" in response["Content-Type"]
    page = response.content.decode()
    assert "Page not found" in page
    assert 'href="/"' in page
    assert "Traceback" not in page


def test_a_server_error_on_a_page_is_friendly_and_on_the_api_is_json():
    factory = RequestFactory()

    page = errors.server_error(factory.get("/events/x/"))
    api = errors.server_error(factory.get("/api/v1/events/"))

    assert page.status_code == 500
    assert "Something went wrong" in page.content.decode()
    assert api.status_code == 500
    assert api["Content-Type"] == "application/json"
