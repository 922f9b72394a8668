"""Take the README's screenshots of the web app (docs/screenshots/*.png) with Debian's Chromium.

Starts the app in-process on a free loopback port, drives the pages with Playwright and saves
PNGs. Run: .venv/bin/python tools/web_screenshots.py  (needs /usr/bin/chromium:
tools/ensure-chromium.sh installs it).
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from delvekit.web.live import running_server

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
EXAMPLE = "gloom-079-gloomhaven"  # an area attack: path, area and attack lines all show


def mover(page: Page, url: str) -> None:
    page.goto(f"{url}/mover?example={EXAMPLE}")
    page.wait_for_selector("svg.board")
    page.click("#solve")
    page.wait_for_selector("#outcomes li")
    page.locator("#outcomes li").first.hover()
    page.screenshot(path=str(OUT / "monster-mover.png"), full_page=True)


def scenario(page: Page, url: str) -> None:
    page.goto(f"{url}/mover?scenario=1&players=4")
    page.wait_for_selector("svg.board")
    page.click("#solve")
    page.wait_for_selector("#outcomes li")
    page.screenshot(path=str(OUT / "monster-mover-scenario-1.png"), full_page=True)


def odds(page: Page, url: str) -> None:
    page.goto(f"{url}/odds")
    page.wait_for_selector("svg.chart")
    page.fill("input[name=b_bless]", "2")
    page.locator("input[name=b_bless]").dispatch_event("change")
    page.wait_for_selector(".stat.s1 .desc:has-text('bless')")
    page.screenshot(path=str(OUT / "odds.png"), full_page=True)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with running_server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        for shoot in (mover, scenario, odds):
            shoot(page, url)
        browser.close()
    for png in sorted(OUT.glob("*.png")):
        print(f"wrote {png.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
