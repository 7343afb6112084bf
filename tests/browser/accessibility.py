"""axe-core in the browser tests: the rules a page breaks, in words a person can act on.

axe-core comes from the pinned ``axe-playwright-python`` package (it ships ``axe.min.js``); it is evaluated
through the DevTools protocol, which the page's Content-Security-Policy does not govern, so the page is
checked exactly as it is served.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

_AXE = Axe()


def axe_violations(page: Any) -> list[str]:
    """Every axe-core violation on the page as "rule (impact): help, at selector, ...", [] when none."""
    results = _AXE.run(page)
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']}, at "
        + ", ".join(str(node["target"]) for node in violation["nodes"][:5])
        for violation in results.response["violations"]
    ]
