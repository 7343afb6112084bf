"""Every page of the site (``tests/pages.py``) on a laptop in Chromium passes axe-core: no serious or
critical violation (see ``test_every_page_accessible.py``, the phone size and the keyboard)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.accessibility import check_every_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_every_page_passes_axe_core_at_laptop_size(browser: Any, live_server: Any, subtests: Any) -> None:
    check_every_page(
        browser,
        live_server,
        subtests,
        size="1366x768",
        viewport={"width": 1366, "height": 768},
        keyboard=False,
    )
