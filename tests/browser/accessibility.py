"""axe-core in the browser tests: the rules a page breaks, in words a person can act on.

axe-core comes from the pinned ``axe-playwright-python`` package (it ships ``axe.min.js``, the npm package's
build); it is evaluated through the DevTools protocol, which the page's Content-Security-Policy does not
govern, so the page is checked exactly as it is served.

``check_every_page`` walks every page of the site (``tests/pages.py``) at one size for the tests
``tests/browser/test_every_page_accessible*.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from tests.browser.keyboard import keyboard_problems
from tests.pages import build_page_world, every_page

_AXE = Axe()

SERIOUS = ("serious", "critical")
SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots" / "every-page"

# (page label, axe rule or keyboard problem) -> why it is not fixed yet and where the fix belongs. The
# every-page tests fail when one no longer happens, so the list never outlives the bug.
KNOWN: dict[tuple[str, str], str] = {}


def axe_violations(page: Any) -> list[str]:
    """Every axe-core violation on the page as "rule (impact): help, at selector, ...", [] when none."""
    results = _AXE.run(page)
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']}, at "
        + ", ".join(str(node["target"]) for node in violation["nodes"][:5])
        for violation in results.response["violations"]
    ]


def serious_violations(page: Any) -> list[tuple[str, str, list[str]]]:
    """The serious and critical axe-core violations as (rule, its help, the offending selectors)."""
    results = _AXE.run(page)
    return [
        (violation["id"], violation["help"], [str(node["target"]) for node in violation["nodes"]])
        for violation in results.response["violations"]
        if violation["impact"] in SERIOUS
    ]


def signed_in_context(browser: Any, live_server: Any, username: str | None, viewport: dict[str, int]) -> Any:
    """A browser context with ``username``'s session (none for a visitor), as after signing in."""
    context = browser.new_context(viewport=viewport)
    if username is not None:
        client = Client()
        client.force_login(User.objects.get(username=username))
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}])
    return context


def check_every_page(
    browser: Any, live_server: Any, subtests: Any, *, size: str, viewport: dict[str, int], keyboard: bool
) -> None:
    """Open every page as its person at ``viewport``, each a subtest: no serious or critical axe-core
    violation, and with ``keyboard``, every control reached by Tab with the focus ring on it. Known
    problems (``KNOWN``) are let through, and must still happen."""
    visits = every_page(build_page_world())
    contexts: dict[str | None, Any] = {}
    tabs: dict[str | None, Any] = {}
    seen_known: set[tuple[str, str]] = set()
    try:
        for label, username, url in visits:
            if username not in tabs:
                contexts[username] = signed_in_context(browser, live_server, username, viewport)
                tabs[username] = contexts[username].new_page()
                tabs[username].set_default_timeout(10_000)
            page = tabs[username]
            with subtests.test(msg=f"{label} at {size}"):
                response = page.goto(live_server.url + url)
                assert response is not None
                assert response.status == 200, f"{label} at {size}: {url} answered {response.status}"
                problems = [
                    (rule, f"{rule}: {help_text}, at {', '.join(selectors)}")
                    for rule, help_text, selectors in serious_violations(page)
                ]
                if keyboard:
                    problems += [(problem, problem) for problem in keyboard_problems(page)]
                seen_known |= {(label, key) for key, _ in problems if (label, key) in KNOWN}
                found = [
                    f"{label} at {size} ({url}): {said}"
                    for key, said in problems
                    if (label, key) not in KNOWN
                ]
                if found:
                    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                    name = "".join(c if c.isalnum() or c == "-" else "_" for c in label)
                    page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"), full_page=True)
                assert found == [], "\n".join(found)
    finally:
        for context in contexts.values():
            context.close()
    if keyboard:  # the known problems all show at phone size, where the keyboard walk runs
        fixed = sorted(set(KNOWN) - seen_known)
        assert fixed == [], f"fixed now: remove from KNOWN in tests/browser/accessibility.py: {fixed}"
