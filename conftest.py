"""Fixtures shared by the whole suite, and the header that says which backends a run used."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")


def pytest_report_header(config: pytest.Config) -> list[str]:
    from django.conf import settings

    database = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    celery = (
        "eager (in-process)" if settings.CELERY_TASK_ALWAYS_EAGER else f"broker {settings.CELERY_BROKER_URL}"
    )
    return [f"arbiter: database backend {database}, cache {cache}, celery {celery}"]


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM_PATH"), *CHROMIUM_CANDIDATES):
        if candidate and shutil.which(candidate):
            return candidate
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright: no browser download. Skips only outside CI."""
    executable = chromium_path()
    if executable is None:
        message = "Chromium is not installed: apt-get install chromium (browser tests need /usr/bin/chromium)"
        if os.environ.get("CI"):
            pytest.fail(message + " — browser tests never skip in CI.")
        pytest.skip(message)
    from playwright.sync_api import expect, sync_playwright

    # An assertion waits as long as an action does: on a loaded CI machine, an htmx swap can take more than
    # Playwright's default 5 s for assertions, and a slow page is not what these tests are about.
    expect.set_options(timeout=10_000)
    # Playwright's sync API runs an event loop in this thread; the test still talks to the database
    # synchronously (factories), which Django would otherwise refuse while a loop runs.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=executable,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh phone-sized page: players check their table on a phone."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def _celery_forget_connections(app: Any) -> None:
    """Drop the app's cached broker connections, so the next publish connects to ``broker_url`` anew.

    kombu keeps its pools in registries of its own, keyed by the broker's address: they are emptied too,
    else the next publish to an address used before (an eager task acquires a producer) gets the closed
    pool back ("Acquire on closed pool").
    """
    from kombu import pools

    pools.reset()
    app._after_fork()


@pytest.fixture
def cache_down(settings: Any) -> None:
    """The cache is a Redis nothing listens on, as when Redis stopped."""
    import socket

    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
        }
    }


@pytest.fixture
def broker_down() -> Iterator[None]:
    """Tasks go to a broker that is down (nothing listens on its port), as when Redis stopped.

    The suite otherwise runs tasks eagerly, in-process, which never touches a broker.
    """
    import socket

    from config.celery_app import app

    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    saved = (app.conf.task_always_eager, app.conf.broker_url)
    app.conf.update(task_always_eager=False, broker_url=f"redis://127.0.0.1:{port}/0")
    _celery_forget_connections(app)
    try:
        yield
    finally:
        app.conf.update(task_always_eager=saved[0], broker_url=saved[1])
        _celery_forget_connections(app)


@pytest.fixture(autouse=True)
def _language_back_to_the_default() -> Iterator[None]:
    """Each test starts in the store's default language: a request in Portuguese or Spanish leaves its
    language active in the thread (LocaleMiddleware activates it and nothing deactivates it), and a message
    read after it would be in that language."""
    yield
    from django.utils import translation

    translation.deactivate()
