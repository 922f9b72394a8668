"""Take the table companion's screenshots (docs/screenshots/table-*.png) with Debian's Chromium.

A table of scenario 1 for 3 players (seed 7) on a 390x844 phone: the setup sheet, a monster's
turn with the monster AI's outcome drawn on the map, and the tracker after a few taps; plus the
monster's turn on a 1400x900 screen. Run: .venv/bin/python tools/table_screenshots.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("DELVEKIT_TABLES_DB", ":memory:")

from playwright.sync_api import Page, sync_playwright

from delvekit.web.live import running_server

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def new_table(page: Page, url: str) -> None:
    page.goto(f"{url}/table")
    page.select_option("#players", "3")
    page.fill("#seed", "7")
    page.click("button[type=submit]")
    page.wait_for_selector("#init-C1")


def to_first_monster(page: Page) -> None:
    for i, v in enumerate((20, 45, 70)):
        page.fill(f"#init-C{i + 1}", str(v))
        page.press(f"#init-C{i + 1}", "Enter")
    page.wait_for_function("document.getElementById('init-msg').textContent.includes('Everyone')")
    page.click("#t-start")
    page.wait_for_selector(".order li.current")
    page.click("#t-next")
    page.wait_for_function("document.getElementById('t-events').innerText.includes('next: Tinkerer')")
    page.click("#t-next")
    page.wait_for_selector("#t-apply")
    page.wait_for_selector("#t-map .outcome .dest")


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with running_server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        page = phone.new_page()
        new_table(page, url)
        page.click("[data-tab=setup]")
        page.screenshot(path=str(OUT / "table-setup.png"), full_page=True)
        page.click("[data-tab=round]")
        to_first_monster(page)
        page.screenshot(path=str(OUT / "table-monster-turn.png"))
        page.click("#t-apply")
        page.wait_for_selector(".monster-turn .draw")
        page.click("[data-tab=track]")
        page.click("[data-el=fire]")
        page.wait_for_selector(".el-fire.strong")
        first = page.locator("[data-dmg]").first
        first.click()
        page.wait_for_function("document.getElementById('t-events').innerText.includes('by hand')")
        page.locator("[data-cond=poison]").first.click()
        page.wait_for_selector(".cond.on")
        page.screenshot(path=str(OUT / "table-tracker.png"), full_page=True)
        desk = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        new_table(desk, url)
        to_first_monster(desk)
        desk.screenshot(path=str(OUT / "table-desktop.png"))
        browser.close()
    for png in sorted(OUT.glob("table-*.png")):
        print(f"wrote {png.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
