"""The game page as a newcomer meets it, in Debian's Chromium: keyboard only (Tab, Enter, Space),
the focus kept where the player is while the decision box is drawn anew."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright", reason="playwright is not installed")

import uvicorn

from delvekit.web.app import create_app
from delvekit.web.live import free_port

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The web app on a free port with its own SQLite file, for this module's tests."""
    db: Path = tmp_path_factory.mktemp("newcomer") / "games.sqlite3"
    app = create_app(db=db)
    app.state.play_bot_delay = 0.02
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        server.force_exit = True
        thread.join(timeout=10)


def fresh_page(browser: Any, width: int = 1400, height: int = 900) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


def start(page: Any, site: str, second: str = "greedy") -> str:
    page.goto(site + "/play")
    page.select_option("select[name=player2]", second)
    page.fill("input[name=seed]", "3")
    page.click("#start")
    page.wait_for_selector("#decision .gcard.pickable")
    m = re.search(r"/play/([0-9a-f]+)", page.url)
    assert m is not None
    return m.group(1)


def focused(page: Any) -> str:
    """What has the keyboard focus: a card's id, a button's words, or the tag name."""
    return str(
        page.evaluate(
            "() => { const a = document.activeElement;"
            " return a.dataset.card || (a.tagName === 'BUTTON' ? a.textContent : a.tagName); }"
        )
    )


def tab_to_first_card(page: Any) -> str:
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('gcard')"):
            return focused(page)
    raise AssertionError("Tab never reached a card")


def test_picking_the_hand_with_tab_and_enter_keeps_the_focus_on_the_cards(browser: Any, site: str) -> None:
    page = fresh_page(browser)
    start(page, site)
    first = tab_to_first_card(page)
    page.keyboard.press("Enter")
    # the picked card keeps the focus (it used to fall back to the page, Tab starting over)
    assert focused(page) == first
    assert page.locator(f"#decision .gcard.picked[data-card='{first}']").count() == 1
    for n in range(9):  # nine more: Tab to the next card, Space or Enter picks it
        page.keyboard.press("Tab")
        page.keyboard.press("Space" if n % 2 else "Enter")
    # the tenth pick moves the focus on to the button that takes the hand
    assert focused(page).endswith("Take these 10 cards")
    before = page.get_attribute("#play", "data-version")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.getElementById('play').dataset.version !== '{before}'")
    assert "Take these" not in page.inner_text("#decision")
    assert not page.errors


def test_two_cards_picked_by_keyboard_then_enter_says_which_leads(browser: Any, site: str) -> None:
    page = fresh_page(browser)
    gid = start(page, site)
    for key in "123456789a":  # the hand by its keys
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    page.wait_for_selector("#decision button.opt:has-text('Start on')")
    page.keyboard.press("1")  # the starting hex by its key
    page.wait_for_function("() => document.getElementById('play').dataset.decision === 'brute select'")
    page.wait_for_selector("#decision .gcard.pickable")
    first = tab_to_first_card(page)
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    second = focused(page)
    page.keyboard.press("Space")
    # both picked: the focus is on "... leads", so the next Enter answers instead of unpicking a card
    assert focused(page).endswith(f"leads (initiative {page.inner_text(f'[data-card={first!r}] .ini')})")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => !(document.getElementById('play').dataset.decision || '').startsWith('brute select')"
    )
    view = page.evaluate(f"fetch('/api/games/{gid}').then(r => r.json())")
    assert view["round"] == 1 and second != first
    assert not page.errors


def test_a_tall_map_is_shown_whole_with_the_party_in_view(browser: Any, site: str) -> None:
    """Scenario 4's map is taller than wide: the board box cut it at its foot, where the party
    starts, so a newcomer saw empty rooms and none of their characters."""
    page = fresh_page(browser)
    made = page.request.post(
        site + "/api/games", data={"scenario": 4, "party": ["brute", "mindthief"], "seed": 5}
    ).json()
    page.goto(made["links"]["host"])
    page.wait_for_selector("#board svg")
    fit = page.evaluate(
        "() => { const b = document.getElementById('board');"
        " const s = b.querySelector('svg').getBoundingClientRect();"
        " return {box: b.clientHeight, scroll: b.scrollHeight, svg: s.height, bottom: s.bottom,"
        " screen: window.innerHeight}; }"
    )
    assert fit["scroll"] <= fit["box"] + 1 and fit["svg"] <= fit["box"] + 1, fit
    assert fit["bottom"] < fit["screen"], fit  # the whole map on the first screen, the decision under it
    page.click("#zoom")  # the zoom still shows the map at full size, scrolling in its box
    assert page.evaluate("() => document.querySelector('#board svg').getBoundingClientRect().width") >= 1000
    assert not page.errors


def test_every_answer_on_a_phone_is_big_enough_for_a_finger(browser: Any, site: str) -> None:
    """On a 390 px phone the answer buttons were about 30 px high (a move's destinations, the
    starting hexes): at least 44 px now."""
    page = fresh_page(browser, 390, 844)
    made = page.request.post(
        site + "/api/games",
        data={"scenario": 1, "party": ["brute", "mindthief"], "seed": 3, "bots": {"mindthief": "greedy"}},
    ).json()
    page.goto(made["links"]["host"])
    page.wait_for_selector("#decision .gcard.pickable")
    for key in "123456789a":
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    page.wait_for_selector("#decision button.opt:has-text('Start on')")
    heights = page.evaluate(
        "() => Array.from(document.querySelectorAll('#decision button.opt, #zoom'))"
        ".map((b) => b.getBoundingClientRect().height)"
    )
    assert len(heights) >= 3 and min(heights) >= 44, heights
    assert not page.errors


def test_on_one_screen_the_host_goes_on_to_the_next_persons_turn(browser: Any, site: str) -> None:
    """Two people on one screen: when the Brute's hand was taken the page only said "Waiting for
    Mindthief", the seat's link far down the side column."""
    page = fresh_page(browser)
    start(page, site, second="person")
    for key in "123456789a":
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    link = page.locator("#decision a.switch-seat")
    link.wait_for()
    assert link.inner_text() == "Play Mindthief's turn on this screen"
    link.click()
    page.wait_for_selector("#decision .prompt")
    assert page.get_attribute("#play", "data-seat") == "mindthief"
    assert page.get_attribute("#play", "data-decision") == "mindthief hand"
    assert not page.errors


def test_a_player_on_their_own_seat_is_offered_no_other_seat(browser: Any, site: str) -> None:
    host = fresh_page(browser)
    start(host, site, second="person")
    mindthief = host.get_attribute("a.join[data-seat=mindthief]", "href")
    phone = fresh_page(browser, 390, 844)  # another device: no host cookie
    phone.goto(mindthief)
    phone.wait_for_selector("#decision .waiting")
    assert phone.locator("a.switch-seat").count() == 0 and phone.get_attribute("#play", "data-links") == "{}"
