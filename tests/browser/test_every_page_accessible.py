"""Every page of the site (``tests/pages.py``) on a phone in Chromium: it passes axe-core, and a keyboard
reaches every control with the focus ring showing where it is.

Each page is opened by the person who reaches it (signed in as its role, or not signed in); a serious or
critical axe-core violation fails, naming the page, the size, the rule and the elements; so does a control
Tab never reaches or reaches with no visible ring. A page that fails leaves a screenshot in
``var/screenshots/every-page/``. The laptop size is ``test_every_page_accessible_laptop.py`` (two files,
so that each runs in about two minutes and they can run side by side).

The world is built once per test (the test database is emptied after each browser test), so one test walks
every page, each page a subtest of its own; one browser context per person.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.accessibility import check_every_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_every_page_passes_axe_core_and_the_keyboard_at_phone_size(
    browser: Any, live_server: Any, subtests: Any
) -> None:
    check_every_page(
        browser, live_server, subtests, size="390x844", viewport={"width": 390, "height": 844}, keyboard=True
    )
