"""Property-based API test: schemathesis generates requests from our OpenAPI schema.

Whatever a client sends, the API answers within its schema and never with a 500.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from config.wsgi import application
from matches.tests.factories import MatchFactory

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture
def a_match(db):
    return MatchFactory()


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@pytest.mark.django_db
def test_the_api_never_fails_on_any_input(case, a_match):
    case.call_and_validate()
