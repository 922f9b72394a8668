"""The game page in Debian's Chromium: people click, bots play, several devices, nothing lost.

Each test runs its own server on a free port with its own SQLite file; the test's policy only
clicks (or presses keys for) what the page offers.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright", reason="playwright is not installed")

import uvicorn
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from delvekit.gloomhaven.engine.game import Game
from delvekit.store.games import GameStore
from delvekit.web.app import create_app
from delvekit.web.live import free_port

pytestmark = pytest.mark.browser


class Server:
    """The web app on 127.0.0.1:port with the games in ``db``; ``restart`` stops it and starts a
    fresh process-like instance (new app, new memory) on the same port and file."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._start()

    def _start(self) -> None:
        app = create_app()
        app.state.play_db = self.db
        app.state.play_bot_delay = 0.05
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.server.force_exit = True  # open event streams would keep it waiting
        self.thread.join(timeout=10)

    def restart(self) -> None:
        self.stop()
        self._start()

    def api(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return json.loads(r.read())

    def seat_view(self, gid: str, seat: str) -> Any:
        """``seat``'s view, opened with its key (read from the store, as the host's links hold it)."""
        stored = GameStore(self.db).get(gid)
        assert stored is not None and stored.keys is not None
        return self.api(f"/api/games/{gid}?seat={seat}&key={stored.keys.seats[seat]}")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "games.sqlite3")
    try:
        yield s
    finally:
        s.stop()


_OPEN: list[Any] = []
"""The browser contexts a test opened, closed when it ends: an open page keeps its live stream
connected, and a browser opens only a few connections at once to one server."""


@pytest.fixture(autouse=True)
def _close_pages() -> Iterator[None]:
    yield
    while _OPEN:
        _OPEN.pop().close()


def new_page(browser: Any, width: int = 1400, height: int = 900) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    _OPEN.append(context)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


def start_from_form(
    page: Any, url: str, players: dict[int, str], classes: dict[int, str] | None = None
) -> str:
    """Fill the new-game form (scenario 1, seed 3) and start; returns the game id."""
    page.goto(url + "/play")
    for n, cls in (classes or {}).items():
        page.select_option(f"select[name=class{n}]", cls)
    for n, who in players.items():
        page.select_option(f"select[name=player{n}]", who)
    page.fill("input[name=seed]", "3")
    page.click("#start")
    page.wait_for_selector("#play[data-version]")
    m = re.search(r"/play/([0-9a-f]+)", page.url)
    assert m is not None
    return m.group(1)


def version(page: Any) -> int:
    return int(page.get_attribute("#play", "data-version") or -1)


def my_turn(page: Any) -> bool:
    return page.locator("#decision .prompt").count() > 0


def act(page: Any, rnd: random.Random) -> bool:
    """Make one decision by clicking what the page offers; False if it is not this page's turn."""
    if not my_turn(page):
        return False
    try:
        return _act(page, rnd)
    except (PlaywrightTimeout, ValueError, PlaywrightError):  # the page changed under the click: look again
        return True


def _act(page: Any, rnd: random.Random) -> bool:
    before = version(page)
    decision = page.get_attribute("#play", "data-decision") or ""
    confirm = page.locator("#decision button.opt.primary", has_text="Confirm")
    if confirm.count():
        page.keyboard.press(confirm.first.get_attribute("data-key"))
    elif decision.endswith(" hand"):
        while page.locator("#decision button.opt", has_text="Take these").count() == 0:
            page.locator("#decision .gcard.pickable:not(.picked)").first.click()
        page.locator("#decision button.opt", has_text="Take these").click()
    elif (
        page.locator("#decision .gcard.pickable:not(.picked):not(.off)").count()
        and not page.locator("#decision button.opt", has_text="leads").count()
    ):
        cards = page.locator("#decision .gcard.pickable:not(.picked):not(.off)")
        cards.nth(rnd.randrange(cards.count())).click()
        return True
    elif page.locator("#board .pick").count() and rnd.random() < 0.7:
        picks = page.locator("#board .pick")
        picks.nth(rnd.randrange(picks.count())).dispatch_event("click")
    else:
        buttons = page.locator("#decision button.opt:not(.undo)").filter(has_not_text="Choose again")
        buttons.nth(rnd.randrange(buttons.count())).click()
    if page.locator("#decision .warn").count():
        return True  # a warning to confirm: the next act confirms it
    try:
        page.wait_for_function(
            f"() => Number(document.getElementById('play').dataset.version) !== {before} "
            "|| document.querySelector('#message.on') !== null || document.querySelector('#decision .warn')",
            timeout=4000,
        )
    except PlaywrightTimeout:
        print("no change after", decision)
    return True


def hidden_cards(server: Server, gid: str, seat: str) -> set[str]:
    """The cards of ``seat`` that no other seat may see: in hand, or selected before the reveal."""
    me = next(c for c in server.seat_view(gid, seat)["characters"] if c["id"] == seat)
    public = {c["id"] for pile in ("discard", "lost", "active") for c in me[pile]}
    other = next(c for c in server.api(f"/api/games/{gid}")["characters"] if c["id"] == seat)
    hidden = {c["id"] for c in me["hand"]}
    if other["selected"] is None:
        hidden |= {c["id"] for c in me["selected"]}
    return hidden - public


def assert_no_foreign_hand(page: Any, server: Server, gid: str, other: str) -> None:
    html = page.content()
    leaked = [
        c for c in hidden_cards(server, gid, other) if f'data-card="{c}"' in html or f"select {c}" in html
    ]
    assert not leaked, f"{other}'s hidden cards {leaked} are in another seat's page"


def settle(server: Server, gid: str, pages: list[Any]) -> None:
    """Wait until every page shows the server's current version (no bot is to move meanwhile).
    A page's last click may still be on its way to the server when the version is read, so the
    pages are waited for up to that version, and again until the server's version stands still."""
    v = server.api(f"/api/games/{gid}")["version"]
    while True:
        for p in pages:
            p.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) >= {v}")
        now = server.api(f"/api/games/{gid}")["version"]
        if now == v:
            break
        v = now


def play_two(
    server: Server,
    gid: str,
    a: Any,
    b: Any,
    rnd: random.Random,
    *,
    until_round: int | None,
    check_every: int = 5,
) -> int:
    """Both players act by clicking until ``until_round`` starts (or the end); returns actions."""
    n = 0
    for _ in range(3000):
        state = server.api(f"/api/games/{gid}")
        if state["result"] or (until_round is not None and state["round"] >= until_round):
            return n
        acted = act(a, rnd) or act(b, rnd)
        if not acted:
            time.sleep(0.05)
            continue
        n += 1
        if n % check_every == 0:
            settle(server, gid, [a, b])
            assert_no_foreign_hand(a, server, gid, "mindthief")
            assert_no_foreign_hand(b, server, gid, "brute")
    raise AssertionError("the game did not progress")


def test_two_players_play_a_round_from_the_form_reload_and_restart_resume(
    browser: Any, server: Server
) -> None:
    a = new_page(browser)
    gid = start_from_form(a, server.url, {1: "person", 2: "person"})
    assert "seat=brute" in a.url
    b = new_page(browser)
    b.goto(str(a.get_attribute("a.join[data-seat=mindthief]", "href")))  # the link the host shares
    b.wait_for_selector("#play[data-version]")
    rnd = random.Random(4)
    play_two(server, gid, a, b, rnd, until_round=2, check_every=3)
    # a few actions into round 2, then reload one page: it shows exactly the stored game
    for _ in range(4):
        act(a, rnd) or act(b, rnd)
    settle(server, gid, [a, b])
    digest = server.api(f"/api/games/{gid}")["digest"]
    a.reload()
    a.wait_for_function(f"() => document.getElementById('play').dataset.digest === '{digest}'")
    # the server restarts mid-round: the game continues from the same state; a page that is not
    # reloaded reconnects its event stream by itself and catches up with what happened meanwhile
    server.restart()
    assert server.api(f"/api/games/{gid}")["digest"] == digest
    b.reload()
    b.wait_for_function(f"() => document.getElementById('play').dataset.digest === '{digest}'")
    while server.api(f"/api/games/{gid}")["digest"] == digest:
        act(a, rnd) or act(b, rnd)
    settle(server, gid, [a, b])
    play_two(server, gid, a, b, rnd, until_round=3)
    settle(server, gid, [a, b])
    assert a.get_attribute("#play", "data-digest") == b.get_attribute("#play", "data-digest")
    assert not a.errors and not b.errors


def test_two_devices_answer_one_decision_at_once_one_is_applied_the_other_told(
    browser: Any, server: Server
) -> None:
    a = new_page(browser)
    gid = start_from_form(a, server.url, {1: "person", 2: "greedy"})
    b = new_page(browser)
    b.goto(a.url)  # the same seat on a second device
    b.wait_for_selector("#decision .prompt")
    # the second device's view requests are held back: it still shows the decision when it answers
    held: list[Any] = []
    b.route(
        "**/api/games/*?*",
        lambda route: held.append(route) if route.request.method == "GET" else route.fallback(),
    )
    before = version(a)
    for p, end in ((a, "first"), (b, "last")):  # two different hands of 10 cards
        while p.locator("#decision button.opt", has_text="Take these").count() == 0:
            getattr(p.locator("#decision .gcard.pickable:not(.picked)"), end).click()
    chosen = {c.get_attribute("data-card") for c in a.locator("#decision .gcard.picked").all()}
    a.locator("#decision button.opt", has_text="Take these").click()
    a.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) > {before}")
    b.locator("#decision button.opt", has_text="Take these").click()
    b.wait_for_selector("#message.on")
    assert "Not applied" in b.inner_text("#message")
    b.unroute("**/api/games/*?*")  # lets the held requests through
    assert held
    brute = server.seat_view(gid, "brute")["characters"][0]
    assert {c["id"] for c in brute["hand"]} == chosen  # the first answer, and only it
    for _ in range(100):
        if version(a) == version(b) == server.api(f"/api/games/{gid}")["version"]:
            break
        time.sleep(0.1)
    assert a.get_attribute("#play", "data-digest") == b.get_attribute("#play", "data-digest")


def test_a_full_round_by_keyboard_only_with_a_bot_partner(browser: Any, server: Server) -> None:
    a = new_page(browser)
    gid = start_from_form(a, server.url, {1: "person", 2: "greedy"})
    for _ in range(400):
        state = server.api(f"/api/games/{gid}")
        if state["round"] >= 2 or state["result"]:
            break
        if not my_turn(a):
            time.sleep(0.05)
            continue
        before = version(a)
        card = a.locator("#decision .gcard.pickable:not(.picked):not(.off) kbd")
        button = a.locator("#decision button.opt:not(.undo) kbd")
        take = a.locator("#decision button.opt", has_text="Take these")
        try:  # the page may redraw between the look and the read (a bot's move came in): look again
            shown = take.locator("kbd") if take.count() else card if card.count() else button
            key = shown.first.inner_text(timeout=2000)
        except PlaywrightTimeout:
            continue
        a.keyboard.press(key)
        a.wait_for_function(
            f"() => Number(document.getElementById('play').dataset.version) !== {before} "
            "|| document.querySelector('#decision .warn') || document.querySelector('#decision .picked')"
            " || document.querySelector('#decision button.opt.primary')"
        )
    else:
        raise AssertionError("round 2 not reached by keyboard")
    assert server.api(f"/api/games/{gid}")["round"] >= 2
    assert not a.errors


def test_undo_from_the_page_takes_back_ones_last_choice(browser: Any, server: Server) -> None:
    a = new_page(browser)
    gid = start_from_form(a, server.url, {1: "person", 2: "person"})
    while a.locator("#decision button.opt", has_text="Take these").count() == 0:
        a.locator("#decision .gcard.pickable:not(.picked)").first.click()
    a.locator("#decision button.opt", has_text="Take these").click()
    a.wait_for_selector("#decision .waiting")
    assert server.api(f"/api/games/{gid}")["decision"]["actor"] == "mindthief"
    a.locator("#decision button.undo").click()
    a.wait_for_selector("#decision .prompt")
    brute = server.seat_view(gid, "brute")
    assert brute["decision"]["actor"] == "brute" and brute["characters"][0]["hand_count"] == 9
    assert "taken back" in a.inner_text("#message")


def test_one_person_and_three_bots(browser: Any, server: Server) -> None:
    a = new_page(browser)
    gid = start_from_form(
        a,
        server.url,
        {1: "person", 2: "greedy", 3: "random", 4: "greedy"},
        classes={3: "spellweaver", 4: "scoundrel"},
    )
    rnd = random.Random(1)
    for _ in range(400):
        state = server.api(f"/api/games/{gid}")
        if state["round"] >= 2 or state["result"]:
            break
        if not act(a, rnd):
            time.sleep(0.05)
    state = server.seat_view(gid, "brute")
    assert state["round"] >= 2 and len(state["characters"]) == 4
    assert {c["player"] for c in state["characters"]} == {"person", "greedy", "random"}
    assert not a.errors


def test_phone_viewport_has_no_horizontal_overflow(browser: Any, server: Server) -> None:
    p = new_page(browser, 390, 844)
    p.goto(server.url + "/play")
    assert p.evaluate("document.documentElement.scrollWidth") <= 390
    start_from_form(p, server.url, {1: "person", 2: "greedy"})
    p.wait_for_selector("#decision .gcard")
    assert p.evaluate("document.documentElement.scrollWidth") <= 390
    rnd = random.Random(3)
    for _ in range(15):
        act(p, rnd)
    assert p.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.slow
def test_two_players_play_scenario_1_to_its_end_by_clicking(browser: Any, server: Server) -> None:
    a = new_page(browser)
    gid = start_from_form(a, server.url, {1: "person", 2: "person"})
    b = new_page(browser)
    b.goto(str(a.get_attribute("a.join[data-seat=mindthief]", "href")))  # the link the host shares
    b.wait_for_selector("#play[data-version]")
    play_two(server, gid, a, b, random.Random(9), until_round=None)
    final = server.api(f"/api/games/{gid}")
    assert final["result"] in ("victory", "defeat") and final["decision"] is None
    a.wait_for_selector("#decision .end")
    with urllib.request.urlopen(f"{server.url}/api/games/{gid}/log", timeout=10) as r:
        lines = r.read().decode().splitlines()
    header = json.loads(lines[0])
    replayed = Game.replay(
        Game.from_log(lines).setup, header["seed"], [json.loads(x)["choice"] for x in lines[1:-1]]
    )
    assert replayed.digest() == final["digest"]
    assert not a.errors and not b.errors
