"""The monster mover and the odds page in a real browser (Playwright driving Debian's Chromium)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.browser

needs_solver = pytest.mark.skipif(
    importlib.util.find_spec("delvekit.gloomhaven.monster_ai.cases") is None,
    reason="the monster AI is not installed yet",
)


def open_mover(page: Any, query: str = "") -> None:
    page.goto(page.base_url + "/mover" + query)
    page.wait_for_selector("svg.board")


def doc_of(page: Any) -> dict[str, Any]:
    value: str = page.locator("#mover input[name=doc]").input_value()
    data: dict[str, Any] = json.loads(value)
    return data


def wait_doc(page: Any, condition: str) -> None:
    """Wait until the editor's document ``d`` satisfies a JavaScript ``condition``."""
    page.wait_for_function(
        "() => { const d = JSON.parse(document.querySelector('#mover input[name=doc]').value); "
        f"return {condition}; }}"
    )


def choose_tool(page: Any, tool: str) -> None:
    page.locator(f"label.tool-{tool}").click()
    page.wait_for_selector(f"label.tool-{tool}.chosen")


def click_hex(page: Any, hex_id: str) -> None:
    page.locator(f'svg.board polygon.hex[data-hex="{hex_id}"]').click()


def active_hex(page: Any) -> str:
    value: str = page.locator("svg.board .mover-overlay .figure.active").get_attribute("data-hex")
    return value


def test_paint_terrain_and_place_figures(page: Any) -> None:
    open_mover(page)
    choose_tool(page, "obstacle")
    click_hex(page, "3,1")
    page.wait_for_selector('svg.board .t-obstacle[data-hex="3,1"]')
    choose_tool(page, "difficult")
    click_hex(page, "4,0")
    page.wait_for_selector('svg.board .t-difficult[data-hex="4,0"]')
    choose_tool(page, "character")
    page.fill("#mover input[name=initiative]", "42")
    click_hex(page, "5,1")
    page.wait_for_selector('svg.board .mover-overlay .figure.character[data-figure="C2"]')
    case = doc_of(page)["cases"][0]
    assert case["terrain"] == {"obstacle": [[3, 1]], "difficult": [[4, 0]]}
    c2 = next(f for f in case["figures"] if f["id"] == "C2")
    assert c2 == {"id": "C2", "side": "character", "hex": [5, 1], "initiative": 42}
    # a thin wall drawn on a hex side
    choose_tool(page, "wall-edge")
    page.locator('svg.board polygon.edge[data-edge="2,0,2,1"]').click()
    page.wait_for_selector("svg.board path.walls", state="attached")
    assert doc_of(page)["cases"][0]["walls"] == [[[2, 0], [2, 1]]]
    # refused edits say why and change nothing
    before = doc_of(page)
    choose_tool(page, "wall")
    page.locator("svg.board .mover-overlay .figure.active").click()
    page.wait_for_selector("#mover .error")
    assert "stands on" in page.inner_text("#mover .error")
    assert doc_of(page) == before


def test_undo_restores_the_board(page: Any) -> None:
    open_mover(page)
    start = doc_of(page)
    choose_tool(page, "trap")
    click_hex(page, "2,2")
    page.wait_for_selector('svg.board .t-trap[data-hex="2,2"]')
    click_hex(page, "3,2")
    page.wait_for_selector('svg.board .t-trap[data-hex="3,2"]')
    page.click("#undo")
    page.wait_for_selector('svg.board .t-trap[data-hex="3,2"]', state="detached")
    page.click("#undo")
    page.wait_for_selector('svg.board .t-trap[data-hex="2,2"]', state="detached")
    assert doc_of(page) == start
    assert page.locator("#undo").is_disabled()


@needs_solver
def test_solve_lists_and_draws_outcomes_then_apply_moves_the_monster(page: Any) -> None:
    open_mover(page)
    choose_tool(page, "monster")
    click_hex(page, "4,0")
    page.wait_for_selector('svg.board .mover-overlay .figure.monster[data-hex="4,0"]')
    start = active_hex(page)
    page.click("#solve")
    page.wait_for_selector("#outcomes li")
    items = page.locator("#outcomes li.outcome-item")
    count = items.count()
    assert count >= 1
    assert page.locator("svg.board g.outcome").count() == count
    assert page.locator("svg.board g.outcome.show path.move").count() == 1  # the path is drawn
    if count > 1:  # hovering another outcome draws that one instead
        items.nth(1).hover()
        page.wait_for_selector('svg.board g.outcome.show[data-outcome="1"]')
    first_text = items.first.inner_text()
    destination = first_text.split(" to ")[1].split(" ")[0].strip()
    items.first.locator("button.apply").click()
    page.wait_for_function(
        "(start) => document.querySelector('.mover-overlay .figure.active').dataset.hex !== start",
        arg=start,
    )
    assert active_hex(page) == destination
    assert "moved" in page.inner_text("#mover .message")
    page.click("#undo")
    page.wait_for_function(
        "(start) => document.querySelector('.mover-overlay .figure.active').dataset.hex === start",
        arg=start,
    )


def test_export_then_import_gives_the_board_back_unchanged(page: Any, tmp_path: Path) -> None:
    open_mover(page)
    choose_tool(page, "hazardous")
    click_hex(page, "3,0")
    page.wait_for_selector('svg.board .t-hazardous[data-hex="3,0"]')
    choose_tool(page, "wall-edge")
    page.locator('svg.board polygon.edge[data-edge="4,0,4,1"]').click()
    page.wait_for_selector("svg.board path.walls", state="attached")
    page.uncheck("#mover input[name=attack]")
    page.wait_for_selector("#mover .aoe.off")
    page.select_option("#mover select[name=ruleset]", "frosthaven")
    page.wait_for_function(
        "() => document.querySelector('#mover input[name=doc]').value.includes('frosthaven')"
    )
    exported = doc_of(page)
    with page.expect_download() as info:
        page.click("#export")
    path = tmp_path / "board.json"
    info.value.save_as(path)
    assert json.loads(path.read_text()) == exported
    open_mover(page, "?new=1")  # a fresh board (a bare /mover reopens the last one)
    assert doc_of(page) != exported
    with page.expect_file_chooser() as chooser:
        page.click("#import")
    chooser.value.set_files(str(path))
    page.wait_for_selector("#mover .message:has-text('imported')")
    got = doc_of(page)
    assert got["cases"][0] == exported["cases"][0], (got["cases"][0], exported["cases"][0])
    assert got == exported
    assert page.locator("#mover select[name=ruleset]").input_value() == "frosthaven"
    assert not page.locator("#mover input[name=attack]").is_checked()


def test_importing_a_broken_file_says_why_and_keeps_the_board(page: Any, tmp_path: Path) -> None:
    open_mover(page)
    before = doc_of(page)
    bad = json.loads(json.dumps(before))
    bad["cases"][0]["figures"][0]["hex"] = [50, 50]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with page.expect_file_chooser() as chooser:
        page.click("#import")
    chooser.value.set_files(str(path))
    page.wait_for_selector("#mover .error")
    assert "cases.0.figures.0.hex" in page.inner_text("#mover .error")
    assert doc_of(page) == before


def test_load_a_bundled_example(page: Any) -> None:
    open_mover(page)
    page.click("#mover summary:has-text('Size, examples')")
    option = page.locator("#mover select[name=example] option").nth(1)
    case_id = option.get_attribute("value")
    page.select_option("#mover select[name=example]", case_id)
    page.click("#mover button[value=example]")
    page.wait_for_selector(f"#mover .message:has-text('{case_id}')")
    assert doc_of(page)["cases"][0]["id"] == case_id


def test_load_scenario_one_opening_room(page: Any) -> None:
    from delvekit.web import services

    if 1 not in services.scenario_numbers():
        pytest.skip("the content pack has no scenario 1 in this installation")
    open_mover(page)
    page.click("#mover summary:has-text('Size, examples')")
    page.select_option("#mover select[name=scenario]", "1")
    page.select_option("#mover select[name=players]", "3")
    page.click("#mover button[value=scenario]")
    page.wait_for_selector("#mover .message:has-text('scenario 1')")
    case = doc_of(page)["cases"][0]
    assert case["id"] == "scenario-1-3p"
    assert page.locator("svg.board .mover-overlay .figure.character").count() == 3
    assert page.locator("svg.board .mover-overlay .figure.active").count() == 1
    assert page.locator("svg.board .mover-overlay .figure.monster").count() == sum(
        1 for f in case["figures"] if f["side"] == "monster" and not f.get("active")
    )


def test_odds_page_chart_expected_damage_and_comparison(page: Any) -> None:
    pytest.importorskip("delvekit.gloomhaven.model.odds")
    page.goto(page.base_url + "/odds")
    page.wait_for_selector("svg.chart")
    assert page.locator(".stat.s0 .expected").count() == 1
    page.fill("input[name=a_attack]", "5")
    page.locator("input[name=a_attack]").dispatch_event("change")
    page.wait_for_selector(".stat.s0 .desc:has-text('attack 5')")
    expected_a = float(page.locator(".stat.s0 .expected").get_attribute("data-expected"))
    from delvekit.gloomhaven.model.odds import attack_distribution

    assert expected_a == pytest.approx(float(attack_distribution(5).expected), abs=1e-4)
    # side by side: B with advantage draws a second series
    page.check("input[name=compare]")
    page.wait_for_selector(".stat.s1")
    assert page.locator("svg.chart rect.bar.s1").count() >= 1
    assert page.locator("svg.chart rect.bar.s0").count() >= 1
    # a class deck with perk lines, as `delve odds --class --perks`
    from delvekit.web import services

    if services.class_list():
        page.select_option("select[name=a_deck]", "brute")
        page.wait_for_selector(".stat.s0 details.perks")
        page.fill("input[name=a_perks]", "1")
        page.locator("input[name=a_perks]").dispatch_event("change")
        page.wait_for_selector(".stat.s0 .desc:has-text('with perks 1')")
        expected = float(page.locator(".stat.s0 .expected").get_attribute("data-expected"))
        from delvekit.gloomhaven.content import load_pack
        from delvekit.gloomhaven.model.modifiers import deck_with_perks

        deck = deck_with_perks(load_pack().classes["brute"].perks, [1])
        assert expected == pytest.approx(float(attack_distribution(5, deck=deck).expected), abs=1e-4)


def test_fast_clicks_and_changes_are_all_applied_in_order(page: Any) -> None:
    """Clicks made while a request is in flight wait for the new form and are replayed on it."""
    open_mover(page)
    choose_tool(page, "obstacle")
    hexes = ["3,0", "3,1", "3,2", "4,0", "4,1", "4,2"]
    script = (
        "(hexes) => { for (const h of hexes) { "
        "document.querySelector(`svg.board polygon.hex[data-hex='${h}']`)"
        ".dispatchEvent(new MouseEvent('click', {bubbles: true})); } "
        "const jump = document.querySelector('#mover input[name=jump]'); jump.checked = true; "
        "jump.dispatchEvent(new Event('change', {bubbles: true})); }"
    )
    page.evaluate(script, hexes)
    wait_doc(page, "d.cases[0].ability.jump === true")
    case = doc_of(page)["cases"][0]
    assert case["terrain"] == {"obstacle": [[int(x) for x in h.split(",")] for h in hexes]}
    assert page.locator("#undo").inner_text() == "Undo (7)"


def test_keys_choose_tools_solve_and_undo(page: Any) -> None:
    open_mover(page)
    page.keyboard.press("5")  # the fifth tool: obstacle
    page.wait_for_selector("label.tool-obstacle.chosen")
    click_hex(page, "3,1")
    page.wait_for_selector('svg.board .t-obstacle[data-hex="3,1"]')
    page.keyboard.press("Control+z")
    page.wait_for_selector('svg.board .t-obstacle[data-hex="3,1"]', state="detached")
    page.keyboard.press("s")
    page.wait_for_selector("#outcomes li")


def test_buttons_and_enter_during_a_request_never_post_the_page(page: Any) -> None:
    open_mover(page)
    choose_tool(page, "trap")
    navigations: list[str] = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url))
    page.evaluate(
        "() => { document.querySelector(`svg.board polygon.hex[data-hex='3,1']`)"
        ".dispatchEvent(new MouseEvent('click', {bubbles: true}));"
        " document.querySelector('#solve').click(); }"
    )
    page.wait_for_selector("#outcomes li")
    assert doc_of(page)["cases"][0]["terrain"] == {"trap": [[3, 1]]}
    choose_tool(page, "hex")  # a board that is no longer a rectangle must survive Enter
    click_hex(page, "0,0")
    page.wait_for_selector('svg.board polygon.ghost[data-hex="0,0"]')
    page.fill("#mover input[name=move]", "3")
    page.press("#mover input[name=move]", "Enter")
    wait_doc(page, "d.cases[0].ability.move === 3")
    page.wait_for_function("() => window.delvekitIdle()")
    assert [0, 0] not in doc_of(page)["boards"]["board"]
    # only the address bar follows the board (?board=...); the page was never posted
    assert all(urlparse(u).path == "/mover" for u in navigations) and urlparse(page.url).path == "/mover"


@needs_solver
def test_area_pattern_ranged_attack_and_rule_set(page: Any) -> None:
    open_mover(page)
    page.locator('svg.aoe-grid [data-aoe="0,-1"]').click()
    page.wait_for_selector('svg.aoe-grid .aoe-cell.on[data-aoe="0,-1"]')
    page.locator('svg.aoe-grid [data-aoe="1,-1"]').click()
    page.wait_for_selector('svg.aoe-grid .aoe-cell.on[data-aoe="1,-1"]')
    attack = doc_of(page)["cases"][0]["ability"]["attack"]
    assert attack["aoe"] == {
        "anchor": "attacker",
        "hexes": [[0, -1], [1, -1]],
        "orientations": "rotations_and_mirror",
    }
    page.fill("#mover input[name=range]", "3")
    page.locator("#mover input[name=range]").dispatch_event("change")
    wait_doc(page, "d.cases[0].ability.attack.range === 3")
    assert doc_of(page)["cases"][0]["ability"]["attack"]["aoe"]["anchor"] == "free"
    page.check("#mover input[name=targets_all]")
    wait_doc(page, "d.cases[0].ability.attack.targets === 'all'")
    page.select_option("#mover select[name=ruleset]", "jaws_of_the_lion")
    page.wait_for_function("() => window.delvekitIdle()")
    page.click("#solve")
    page.wait_for_selector("#outcomes li")
    assert doc_of(page)["cases"][0]["ruleset"] == "jaws_of_the_lion"
    # the drawn outcome shows its area when the monster attacks this turn
    first = page.locator("#outcomes li").first.inner_text()
    if "attacks" in first:
        assert page.locator("svg.board g.outcome.show polygon.aoe").count() >= 1
