"""The OpenAPI schema and its browsable docs, served without any outside network."""

from __future__ import annotations

import pytest
import yaml

pytestmark = pytest.mark.django_db


def test_the_schema_describes_the_v1_api(client):
    response = client.get("/api/schema/")

    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert schema["openapi"].startswith("3.")
    assert {"/api/v1/events/", "/api/v1/me/", "/api/v1/decks/", "/api/v1/matches/{match_id}/reports/"} <= set(
        schema["paths"]
    )


def test_the_docs_page_loads_swagger_ui_from_this_server(client):
    response = client.get("/api/docs/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    assert (
        client.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js").status_code == 200
    )
