"""Take the README's pictures of the game page (docs/screenshots/play-*.png) with Debian's Chromium.

Starts the app in-process on a free loopback port with a throw-away game file, reaches the
wanted moments by letting the greedy bot answer for the people (in-process, through the same
``Hall.answer`` the page uses), then opens the page as a player would. Run:
.venv/bin/python tools/play_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from delvekit.gloomhaven.bots.players import make_bot
from delvekit.web.app import create_app
from delvekit.web.live import free_port
from delvekit.web.play_service import Hall, NewGame

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def advance(hall: Hall, gid: str, stop: object) -> None:
    """Answer every decision with the greedy bot until ``stop(table)`` holds or the game ends."""
    table = hall.get(gid)
    bot = make_bot("greedy", 1)
    while table.game.decision is not None and not stop(table):  # type: ignore[operator]
        d = table.game.decision
        seat = d.actor if d.actor != "party" else next(iter(table.seats))
        hall.answer(gid, seat, [str(bot.choose(table.game.clone()))], None)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    app = create_app()
    app.state.play_db = Path(tempfile.mkdtemp()) / "games.sqlite3"
    hall = Hall(app.state.play_db)
    app.state.play_hall = hall
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    mid = hall.create(NewGame(scenario=1, party=["brute", "mindthief"], seed=3, items={"brute": [3, 12]}))

    def moving(table: object) -> bool:
        game = table.game  # type: ignore[attr-defined]
        d = game.decision
        return bool(
            game.state.round >= 2
            and d.actor == "brute"
            and d.kind == "move"
            and len(game.state.monsters()) >= 2
            and any(c.kind == "step" for c in d.choices)
        )

    advance(hall, mid.id, moving)
    end = hall.create(NewGame(scenario=1, party=["brute", "mindthief"], seed=5))
    advance(hall, end.id, lambda table: False)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for name, width, height in (("", 1400, 900), ("-phone", 390, 844)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(f"{url}/play")
            page.screenshot(path=str(OUT / f"play-new-game{name}.png"), full_page=True)
            assert mid.keys and end.keys
            page.goto(f"{url}/play/{mid.id}?host={mid.keys.host}")  # the host's view: to the brute's seat
            page.wait_for_selector("#decision .dest")
            page.screenshot(path=str(OUT / f"play-round{name}.png"), full_page=name == "-phone")
            page.goto(f"{url}/play/{end.id}?host={end.keys.host}")
            page.wait_for_selector("#decision .end")
            page.screenshot(path=str(OUT / f"play-end{name}.png"))
            page.close()
        browser.close()
    server.should_exit = True
    server.force_exit = True
    print(f"wrote {OUT}/play-*.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
