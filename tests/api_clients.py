"""An API client already logged in as a user, for the API tests of every app."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient


def client_for(user: Any) -> APIClient:
    # Any: tests pass factory-built users and optional match players alike.
    client = APIClient()
    client.force_authenticate(user)
    return client
