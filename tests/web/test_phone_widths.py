"""Every top-level page fits a phone (390x844) without sideways scrolling, the odds page with its
distribution table shown."""

from __future__ import annotations

from typing import Any

import pytest

PAGES = ["/", "/play", "/table", "/campaigns", "/mover", "/odds", "/odds/descent", "/api/docs"]


@pytest.mark.browser
@pytest.mark.parametrize("path", PAGES)
def test_the_page_fits_a_phone(browser: Any, live_url: str, path: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(live_url.rstrip("/") + path)
        page.wait_for_load_state("networkidle")
        if path == "/odds":
            assert page.locator("table.dist").count() > 0  # the widest part is there
        wide = page.evaluate(
            "() => [...document.querySelectorAll('body *')]"
            ".filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)"
            ".slice(0, 5).map(e => e.tagName + '.' + e.className)"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, wide
    finally:
        context.close()
