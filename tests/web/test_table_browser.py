"""Two phones (390x844) at one table of scenario 1 for 3 players, in Debian's Chromium."""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright", reason="the browser tests need Playwright")
os.environ.setdefault("DELVEKIT_TABLES_DB", ":memory:")  # before the app opens its table store

from click.testing import CliRunner

from delvekit.cli.monster_ai import group as monster_ai_cli
from delvekit.gloomhaven.engine.game import Game
from delvekit.web.table_game import TableConfig, table_setup

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def _post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def _get(url: str) -> Any:
    with urllib.request.urlopen(url) as r:
        return json.loads(r.read())


@pytest.fixture
def phones(browser: Any, live_url: str) -> Iterator[tuple[Any, Any, str]]:
    """Two phones on the link of a new table (scenario 1, 3 players, level 1, seed 7)."""
    tid = _post(live_url + "/api/tables", {"scenario": 1, "players": 3, "level": 1, "seed": 7})["id"]
    contexts, pages, errors = [], [], []
    for _ in range(2):
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        ctx.set_default_timeout(10_000)
        pg = ctx.new_page()
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.goto(f"{live_url}/table/{tid}")
        pg.wait_for_selector("#init-C1")
        contexts.append(ctx)
        pages.append(pg)
    try:
        yield pages[0], pages[1], tid
    finally:
        for ctx in contexts:
            ctx.close()
    assert not errors, f"script errors on the page: {errors}"


def _events(pg: Any) -> str:
    return str(pg.inner_text("#t-events"))


def _see(pg: Any, text: str) -> None:
    pg.wait_for_function("t => document.getElementById('t-events').innerText.includes(t)", arg=text)


def _type_initiatives(pg: Any, values: tuple[int, ...]) -> None:
    for i, v in enumerate(values):
        pg.fill(f"#init-C{i + 1}", str(v))
        pg.press(f"#init-C{i + 1}", "Enter")
    pg.wait_for_function("document.getElementById('init-msg').textContent.includes('Everyone')")


def test_two_phones_share_one_table(phones: tuple[Any, Any, str]) -> None:
    """The fast two-phone check: initiatives typed on one phone, the round started and an
    outcome applied on the other, each visible on both; a reload loses nothing."""
    a, b, _ = phones
    _type_initiatives(a, (20, 45, 70))
    b.wait_for_function("document.getElementById('init-msg').textContent.includes('Everyone')")
    assert "✓ 45" in b.inner_text("#t-phase")
    assert a.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    b.click("#t-start")
    _see(a, "round 1: drew Guard")
    a.click("#t-next")
    _see(b, "next: Tinkerer")
    b.click("#t-next")
    a.wait_for_selector(".monster-turn")
    b.wait_for_selector("#t-apply")
    b.click("#t-apply")
    _see(a, "Bandit Guard 1 moves to")
    assert a.locator(".monster-turn .draw").count() == 1  # its attack drew a modifier card
    a.reload()
    a.wait_for_selector(".monster-turn .draw")
    assert "Bandit Guard 1 moves to" in _events(a)
    assert "round 1" in a.inner_text("#t-round")


@pytest.mark.slow
def test_rounds_1_to_3_on_two_phones(phones: tuple[Any, Any, str], live_url: str, tmp_path: Path) -> None:
    """Rounds 1-3: initiatives typed on phone A, every monster outcome applied on phone B (each
    checked against `delve monster-ai solve` on the same positions), each change seen on both;
    a character dragged, a door opened, a reload, an undo."""
    a, b, tid = phones
    config = TableConfig(1, 3, 1, 7)
    engine = Game(table_setup(config), 7)
    while not any(e.kind == "ability-card" for e in engine.events):
        assert engine.decision is not None
        engine.choose(engine.decision.choices[0])
    engine_round_one = {e.args[0]: e.args[1] for e in engine.events if e.kind == "ability-card"}
    runner = CliRunner()
    solved = 0
    for rnd, values in enumerate([(20, 45, 70), (12, 60, 33), (80, 8, 50)], start=1):
        _type_initiatives(a, values)
        b.wait_for_function("document.getElementById('init-msg').textContent.includes('Everyone')")
        b.click("#t-start")
        _see(a, f"round {rnd}: drew")
        state = _get(f"{live_url}/api/tables/{tid}")
        if rnd == 1:
            assert {t: c["id"] for t, c in state["cards"].items() if c} == {
                "bandit-guard": engine_round_one["guard"]
            }
        if rnd == 2:  # the Brute's player drags the Brute two hexes on phone A
            brute = next(c for c in state["characters"] if c["id"] == "C1")
            a.click("[data-fig='C1']")
            target = [brute["hex"][0] - 1, brute["hex"][1]]
            a.click(f"[data-hex='{target[0]},{target[1]}']", force=True)
            _see(b, f"Brute moved to {target}")
        while True:
            state = _get(f"{live_url}/api/tables/{tid}")
            if state["phase"] != "turns":
                break
            turn = state["turn"]
            if turn is not None and not turn["applied"] and turn["outcomes"]:
                case = tmp_path / f"r{rnd}-{solved}.json"
                case.write_text(json.dumps(turn["case"]))
                out = runner.invoke(monster_ai_cli, ["solve", str(case)])
                cli = json.loads(out.output.splitlines()[0])["outcomes"]
                assert [(o["destination"], o["targets"]) for o in turn["outcomes"]] == [
                    (o["destination"], o["targets"]) for o in cli
                ]
                b.wait_for_function(
                    "n => document.querySelector('.monster-turn .who')?.innerText.includes(n)",
                    arg=turn["name"],
                )
                b.click("#t-apply")
                _see(a, f"{turn['name']} moves to")
                solved += 1
            phone = a if solved % 2 else b  # both phones press Next
            head = state["head"]
            phone.click("#t-next")
            phone.wait_for_function(
                "h => JSON.parse(localStorage.getItem('delvekit-table:' + document.getElementById('table')"
                ".dataset.id)).state.head > h",
                arg=head,
            )
        _see(b, f"round {rnd} ends")
    assert solved >= 12
    # a reload on phone B loses nothing
    before = _get(f"{live_url}/api/tables/{tid}")
    b.reload()
    b.wait_for_selector("#init-C1")
    assert b.inner_text("#t-round") == "round 3"
    # a door opened on phone A places the room's standees for 3 players, seen on phone B
    a.click("[data-tab=track]")
    a.click("[data-open]")
    _see(b, "door opened: Bandit Archer")
    after = _get(f"{live_url}/api/tables/{tid}")
    archers = sorted((s["rank"], tuple(s["hex"])) for s in after["standees"] if s["type"] == "bandit-archer")
    room = table_setup(config).rooms[1]
    assert archers == sorted((p.rank, p.hex) for p in room if p.monster == "bandit-archer")
    # undo on phone B restores the table as it was before the door
    b.click("#t-undo")
    a.wait_for_function("document.querySelectorAll('[data-open]').length > 0")
    restored = _get(f"{live_url}/api/tables/{tid}")
    assert restored["standees"] == before["standees"] and restored["revealed_rooms"] == [0]


def test_a_tap_made_offline_is_kept_and_sent_when_the_connection_returns(browser: Any, live_url: str) -> None:
    tid = _post(live_url + "/api/tables", {"scenario": 1, "players": 3, "level": 1, "seed": 7})["id"]
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    pg = ctx.new_page()
    try:
        pg.goto(f"{live_url}/table/{tid}")
        pg.wait_for_selector("#init-C1")
        ctx.set_offline(True)
        pg.click("[data-tab=track]")
        pg.locator("[data-dmg]").first.tap()
        pg.wait_for_function("document.getElementById('t-sync').innerText.includes('1 to send')")
        assert _get(f"{live_url}/api/tables/{tid}")["head"] == 0
        saved = pg.evaluate(f"JSON.parse(localStorage.getItem('delvekit-table:{tid}')).pending.length")
        assert saved == 1  # kept on the phone
        ctx.set_offline(False)
        pg.wait_for_function(
            "document.getElementById('t-events').innerText.includes('by hand')", timeout=15_000
        )
        state = _get(f"{live_url}/api/tables/{tid}")
        assert state["head"] == 1 and min(s["health"] for s in state["standees"]) == 5
    finally:
        ctx.close()


def test_a_character_moves_by_keyboard(browser: Any, live_url: str) -> None:
    tid = _post(live_url + "/api/tables", {"scenario": 1, "players": 3, "level": 1, "seed": 7})["id"]
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(10_000)
    pg = ctx.new_page()
    try:
        pg.goto(f"{live_url}/table/{tid}")
        pg.wait_for_selector("[data-fig='C1']")
        pg.focus("[data-fig='C1']")
        pg.keyboard.press("Enter")  # pick the Brute
        pg.wait_for_selector("#t-map [data-hex][tabindex='0']")
        brute = _get(f"{live_url}/api/tables/{tid}")["characters"][0]["hex"]
        target = f"{brute[0] - 1},{brute[1]}"
        pg.focus(f"#t-map [data-hex='{target}']")
        pg.keyboard.press("Enter")
        pg.wait_for_function("document.getElementById('t-events').innerText.includes('Brute moved to')")
        assert _get(f"{live_url}/api/tables/{tid}")["characters"][0]["hex"] == [brute[0] - 1, brute[1]]
    finally:
        ctx.close()
