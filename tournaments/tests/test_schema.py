"""The OpenAPI schema and its browsable docs, served without any outside network."""

from __future__ import annotations

import pytest
import yaml
from openapi_spec_validator import OpenAPIV30SpecValidator

pytestmark = pytest.mark.django_db


def test_the_schema_describes_the_v1_api(client):
    response = client.get("/api/schema/")

    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert schema["openapi"].startswith("3.")
    assert {"/api/v1/events/", "/api/v1/me/", "/api/v1/decks/", "/api/v1/matches/{match_id}/reports/"} <= set(
        schema["paths"]
    )


def test_the_schema_passes_openapi_spec_validator(client):
    """Client generators and schemathesis refuse a document that breaks the OpenAPI 3.0 specification.

    The validator also checks each ``default`` against its own schema: a slug field defaulting to ``""``
    next to the slug pattern was such a break (events_create and events_import).
    """
    response = client.get("/api/schema/", {"format": "json"})

    assert response.status_code == 200
    document = response.json()
    errors = [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in OpenAPIV30SpecValidator(document).iter_errors()
    ]
    assert errors == []


def test_the_docs_page_loads_swagger_ui_from_this_server(client):
    response = client.get("/api/docs/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    assert (
        client.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js").status_code == 200
    )
