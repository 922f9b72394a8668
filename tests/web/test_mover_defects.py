"""The monster mover's defects from issue 15, one test each (each failed before its fix)."""

from __future__ import annotations

import base64
import json
import warnings
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from delvekit.web import editor, editor_doc, mover

# --- without a browser ---------------------------------------------------------------------


def test_a_favicon_is_served(client: TestClient) -> None:
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/")
    assert 'rel="icon"' in client.get("/mover").text


def test_an_unknown_page_is_a_404_in_plain_words(client: TestClient) -> None:
    r = client.get("/no-such-page")
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("text/html")
    assert "There is no page at /no-such-page" in r.text and "Not Found" not in r.text
    api = client.get("/api/no-such-thing")
    assert api.status_code == 404 and api.json()["detail"] == "there is no /api/no-such-thing in this API"


def test_a_broken_import_says_what_is_wrong_in_a_players_words() -> None:
    doc = editor.blank()
    doc["cases"][0]["board"] = [["a", 0]]  # the repro: an inline board with a bad hex
    with pytest.raises(Exception) as caught:
        mover.import_doc(json.dumps(doc))
    text = str(caught.value)
    assert "list[" not in text and "constrained" not in text and "tuple[" not in text
    assert "case 1, board, hex 1: expected a whole number" in text


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("move", "31", "Move is 0 to 30"),
        ("range", "99", "Range is 0 to 30"),
        ("targets", "0", "Targets is 1 to 20"),
    ],
)
def test_out_of_range_ability_values_are_refused_with_a_message(field: str, value: str, words: str) -> None:
    doc = editor.blank()
    fields = {
        "doc": editor_doc.dumps(doc),
        "history": "[]",
        "move": "2",
        "attack": "on",
        "range": "0",
        "targets": "1",
    }
    fields[field] = value
    state = mover.act(fields)
    assert words in state.error and state.doc == doc
    # the next request (the page sends the stored document again) works
    fields2 = {"doc": editor_doc.dumps(state.doc), "history": "[]", "do": "solve", "move": "2",
               "attack": "on", "range": "0", "targets": "1"}  # fmt: skip
    assert mover.act(fields2).outcomes is not None


def test_a_shared_board_link_opens_that_board(client: TestClient) -> None:
    doc = mover.initial_state(scenario=1, players=3).doc
    token = base64.urlsafe_b64encode(json.dumps(doc).encode()).decode().rstrip("=")
    page = client.get(f"/mover?board={token}")
    assert page.status_code == 200
    assert "scenario-1-3p" in page.text
    broken = client.get("/mover?board=notabase64json")
    assert broken.status_code == 200 and "could not be read" in broken.text


def test_a_scenario_room_has_typed_numbered_monsters_with_stats() -> None:
    doc = mover.initial_state(scenario=1, players=3).doc
    monsters = [f for f in doc["cases"][0]["figures"] if f["side"] == "monster"]
    assert {f["id"].rpartition("-")[0] for f in monsters} == {"bandit-guard"}
    assert sorted(int(f["id"].rpartition("-")[2]) for f in monsters) == [1, 2, 3, 4, 5, 6]
    ctx = mover.context(mover.initial_state(scenario=1, players=3))
    rows = ctx["monster_rows"]
    assert rows and rows[0]["type"] == "Bandit Guard" and rows[0]["move"] == 3 and rows[0]["attack"] == 2


def test_next_monster_follows_initiative_order_then_numbers() -> None:
    state = mover.initial_state(scenario=1, players=3)
    first = editor.active_figure(state.doc)
    fields = {"doc": editor_doc.dumps(state.doc), "history": "[]", "do": "next_monster"}
    after = mover.act(fields)
    second = editor.active_figure(after.doc)
    assert first is not None and second is not None and first["id"] != second["id"]
    order = [f["id"] for f in mover.monster_order(state.doc)]
    assert order[:2] == [first["id"], second["id"]]


def test_the_mover_board_is_drawn_as_the_scenario_book_does_with_a_legend(client: TestClient) -> None:
    ctx = mover.context(mover.initial_state(scenario=1, players=3))
    svg = ctx["board_svg"]
    assert 'data-orientation="pointy"' in svg
    page = client.get("/mover?scenario=1&players=3").text
    assert 'class="legend"' in page and "elite" in page


# --- in a browser ----------------------------------------------------------------------------


def _open(page: Any, query: str = "") -> None:
    page.goto(page.base_url + "/mover" + query)
    page.wait_for_selector("svg.board")


def _doc(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.locator("#mover input[name=doc]").input_value()))


@pytest.mark.browser
@pytest.mark.parametrize(("name", "value"), [("move", "31"), ("init_C1", "100"), ("width", "500")])
def test_an_out_of_range_number_never_freezes_the_editor(page: Any, name: str, value: str) -> None:
    _open(page)
    if name == "width":
        page.click("#mover summary:has-text('Size, examples')")
    field = page.locator(f"#mover input[name={name}]")
    field.fill(value)
    if name == "width":
        page.click("#mover button[value=resize]")
    else:
        field.press("Enter")
    page.wait_for_selector("#mover .error")
    assert page.locator("#mover .error").inner_text().strip() != ""
    # every later click still works: paint an obstacle
    page.locator("label.tool-obstacle").click()
    page.wait_for_selector("label.tool-obstacle.chosen")
    page.locator('svg.board polygon.hex[data-hex="3,1"]').click()
    page.wait_for_selector('svg.board .t-obstacle[data-hex="3,1"]', timeout=5000)


@pytest.mark.browser
def test_hexes_are_reachable_by_keyboard_and_focus_survives_a_redraw(page: Any) -> None:
    _open(page)
    page.locator("label.tool-obstacle").click()
    page.wait_for_selector("label.tool-obstacle.chosen")
    hexes = page.locator("svg.board [data-hex][tabindex='0']")
    assert hexes.count() >= 60
    page.locator('svg.board [data-hex="3,1"][tabindex="0"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('svg.board .t-obstacle[data-hex="3,1"]')
    page.wait_for_function("() => window.delvekitIdle()")
    focused = page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-hex')")
    assert focused == "3,1"
    outline = page.evaluate(
        "() => getComputedStyle(document.querySelector('label.tool-obstacle'), null).outlineStyle"
    )
    page.keyboard.press("Tab")
    assert outline is not None


@pytest.mark.browser
def test_the_board_is_kept_in_the_url_and_survives_a_reload(page: Any) -> None:
    _open(page)
    page.locator("label.tool-obstacle").click()
    page.locator('svg.board polygon.hex[data-hex="3,1"]').click()
    page.wait_for_selector('svg.board .t-obstacle[data-hex="3,1"]')
    page.wait_for_function("() => location.search.includes('board=')")
    page.reload()
    page.wait_for_selector('svg.board .t-obstacle[data-hex="3,1"]')
    page.goto(page.base_url + "/mover")  # no link: the last board from this browser's storage
    page.wait_for_selector('svg.board .t-obstacle[data-hex="3,1"]')


@pytest.mark.browser
def test_on_a_phone_outcomes_are_beside_the_board_and_a_tap_previews_before_applying(
    browser: Any, live_url: str
) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg = ctx.new_page()
    try:
        pg.goto(live_url + "/mover")
        pg.wait_for_selector("svg.board")
        width = pg.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390
        pg.click("#solve")
        pg.wait_for_selector("#outcomes li")
        board = pg.locator(".board-wrap").bounding_box()
        first = pg.locator("#outcomes li").first.bounding_box()
        assert first["y"] - (board["y"] + board["height"]) < 400  # right under the board, not 1,500 px down
        before = _doc(pg)
        pg.locator("#outcomes li button.apply").first.tap()
        pg.wait_for_selector("#outcomes li.show")
        assert _doc(pg) == before  # the first tap only previews
        pg.locator("#outcomes li.show button.apply").tap()
        pg.wait_for_function(
            "() => document.querySelector('#mover .message')?.innerText.includes('moved to')"
        )
    finally:
        ctx.close()


def test_a_scenario_monsters_card_sets_its_values_and_next_monster_takes_its_ranks() -> None:
    state = mover.initial_state(scenario=1, players=3)
    cards = mover.context(state)["deck_cards"]
    card = next(c for c in cards if c["lines"][0].startswith("Move") and "Range" in " ".join(c["lines"]))
    fields = {"doc": editor_doc.dumps(state.doc), "history": "[]", "do": f"card:{card['id']}"}
    after = mover.act(fields)
    ability = editor.case_of(after.doc)["ability"]
    move = int(card["lines"][0].split()[1])
    assert ability["move"] == move and ability["attack"]["range"] > 0  # Bandit Guard: move 3 +/- the card
    assert after.cards == {"bandit-guard": card["id"]}
    fields = {
        "doc": editor_doc.dumps(after.doc),
        "history": "[]",
        "do": "next_monster",
        "card_bandit-guard": card["id"],
    }
    nxt = mover.act(fields)
    assert editor.case_of(nxt.doc)["ability"]["move"] == move and "next monster" in nxt.message
