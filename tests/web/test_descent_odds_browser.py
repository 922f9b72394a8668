"""The Descent tab of the odds page in a real Chromium: typing dice updates the exact odds."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_descent_tab_updates_as_dice_are_typed(page: Any) -> None:
    page.goto(page.base_url + "/odds")
    page.click("text=Descent")
    page.wait_for_selector(".stat.s0 .expected")
    page.fill("input[name=red]", "0")
    page.fill("input[name=yellow]", "1")
    page.locator("input[name=yellow]").dispatch_event("change")
    page.wait_for_selector(".stat.s0 .label:has-text('blue+yellow vs gray')")
    assert "avg range (hit) 4.67" in page.inner_text(".stat.s0")
    page.fill("input[name=surges]", "+1heart, +1gold")
    page.locator("input[name=surges]").dispatch_event("change")
    page.wait_for_selector(".error")
    assert "surge abilities" in page.inner_text(".error")
