"""The browsable API docs (Swagger UI, served from the sidecar package) under the site's strict CSP.

drf-spectacular's split view serves Swagger UI's start-up script as a file instead of an inline script, and
``templates/api_docs.html`` moves its inline style to a file. Swagger UI's own stylesheet draws its icons
as ``data:`` images, so this page alone also allows those.
"""

from __future__ import annotations

from typing import Any

from csp.decorators import csp_update
from drf_spectacular.views import SpectacularSwaggerSplitView


class ApiDocsView(SpectacularSwaggerSplitView):
    template_name = "api_docs.html"


def api_docs_view(**initkwargs: Any) -> Any:
    return csp_update({"img-src": ["data:"]})(ApiDocsView.as_view(**initkwargs))
