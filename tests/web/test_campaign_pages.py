"""The campaign pages without a browser: forms become actions, refusals come back in words next to
the control, nothing half applied; import, export, unknown names, cross-site forms (issue 19)."""

from __future__ import annotations

import json
import warnings
from typing import Any
from urllib.parse import parse_qs, urlsplit

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


BASE = "/campaigns/Gloom%20Hold"


def head(web: TestClient) -> str:
    return str(web.get("/api/campaigns/Gloom Hold/head").json()["head"])


def submit(web: TestClient, fields: list[tuple[str, str]], back: str = BASE) -> dict[str, str]:
    """Post a form as the page does; the redirect's query (ok / err / at)."""
    data: dict[str, list[str]] = {}
    for key, value in [("_head", head(web)), ("_back", back), *fields]:
        data.setdefault(key, []).append(value)
    r = web.post(f"{BASE}/do", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    location = r.headers["location"]
    assert location.startswith(back.split("#")[0])
    return {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}


def state(web: TestClient) -> dict[str, Any]:
    doc: dict[str, Any] = web.get("/api/campaigns/Gloom Hold").json()
    return doc


def test_a_form_is_the_same_action_as_the_cli_line(web: TestClient) -> None:
    got = submit(web, [("_at", "buy-1"), ("action", "buy"), ("character", "Ana"), ("item", "1")])
    assert got["at"] == "buy-1" and got["ok"] == "Done: buy: Ana, item 1 — Ana: gold 30 → 10, gains item 1"
    got = submit(
        web,
        [("_at", "items"), ("action", "equip"), ("character", "Ana"), ("_list", "items"), ("items[]", "1")],
    )
    assert state(web)["characters"]["Ana"]["equipped"] == [1]
    got = submit(web, [("_at", "items"), ("action", "equip"), ("character", "Ana"), ("_list", "items")])
    assert state(web)["characters"]["Ana"]["equipped"] == []


def test_a_refusal_comes_back_in_words_and_changes_nothing(web: TestClient) -> None:
    before = state(web)
    got = submit(web, [("_at", "donate"), ("action", "donate"), ("character", "Ana")])
    assert got == {
        "err": "a sanctuary donation needs a town visit after a campaign-mode scenario",
        "at": "donate",
    }
    got = submit(
        web,
        [
            ("_at", "level"),
            ("action", "level_up"),
            ("character", "Ana"),
            ("card", "Juggernaut"),
            ("perk", "0"),
        ],
    )
    assert got["err"] == "Ana has 0 XP; level 2 needs 45"
    got = submit(web, [("_at", "x"), ("action", "buy"), ("character", "Ana"), ("item", "one")])
    assert got["err"] == "buy: item must be a whole number, not text"
    assert state(web) == before
    page = web.get(f"{BASE}/characters/Ana?err=Ana+has+0+XP&at=level").text
    assert '<p class="error cw-note" role="alert" data-for="level">Ana has 0 XP</p>' in page


def test_a_page_drawn_before_another_players_action_is_refused(web: TestClient) -> None:
    seen = head(web)
    submit(web, [("_at", "buy-1"), ("action", "buy"), ("character", "Ana"), ("item", "1")])
    before = state(web)
    r = web.post(
        f"{BASE}/do",
        data={
            "_head": seen,
            "_back": f"{BASE}/shop",
            "_at": "buy-2",
            "action": "buy",
            "character": "Bo",
            "item": "2",
        },
        follow_redirects=False,
    )
    err = parse_qs(urlsplit(r.headers["location"]).query)["err"][0]
    assert "changed meanwhile" in err and state(web) == before


def test_a_scenario_result_counts_only_the_characters_who_played(web: TestClient) -> None:
    got = submit(
        web,
        [
            ("_at", "result"),
            ("action", "complete_scenario"),
            ("scenario", "1"),
            ("success", "true"),
            ("_played", "Ana"),
            ("characters.Ana.xp", "10"),
            ("characters.Ana.gold", "4"),
            ("characters.Bo.xp", "99"),
        ],
    )
    assert "scenario completed: 1" in got["ok"] and "scenario unlocked: 2" in got["ok"]
    doc = state(web)
    assert doc["characters"]["Ana"]["xp"] == 10 and doc["characters"]["Bo"]["xp"] == 0
    # the flow chart: 1 completed, 2 (which 1 unlocks) available, one arrow between them
    page = web.get(f"{BASE}/scenarios").text
    assert (
        page.count('class="cw-node cw-node-completed"') == 1
        and page.count('class="cw-node cw-node-available"') == 1
    )
    assert page.count('class="cw-edge"') == 1


def test_undo_and_the_log_page(web: TestClient) -> None:
    submit(web, [("_at", "buy-1"), ("action", "buy"), ("character", "Ana"), ("item", "1")])
    got = submit(web, [("_at", "undo"), ("_undo", "1")], back=f"{BASE}/log")
    assert got["ok"].startswith("Undone: buy: Ana, item 1 — Ana: gold 10 → 30, gives up item 1")
    page = web.get(f"{BASE}/log").text
    assert "undone" in page and "buy: Ana, item 1" in page


def test_every_page_renders_and_unknown_names_say_so(web: TestClient) -> None:
    for path in (
        "",
        "/shop",
        "/town",
        "/town?draw=city",
        "/town?draw=road",
        "/scenarios",
        "/log",
        "/characters/Ana",
        "/characters/Bo",
    ):
        r = web.get(BASE + path)
        assert r.status_code == 200, path
    r = web.get("/campaigns/Nope")
    assert r.status_code == 404 and "no campaign named &#39;Nope&#39;" in r.text
    r = web.get(f"{BASE}/characters/Zed")
    assert r.status_code == 422 and "no character named &#39;Zed&#39;" in r.text


def test_create_import_and_export_from_the_list_page(web: TestClient) -> None:
    r = web.post(
        "/campaigns/new", data={"name": "Second", "party": "Crew", "seed": "3"}, follow_redirects=False
    )
    assert r.headers["location"].startswith("/campaigns/Second?ok=")
    r = web.post("/campaigns/new", data={"name": "Second", "party": "Crew"}, follow_redirects=False)
    assert "already+exists" in r.headers["location"] and r.headers["location"].endswith("#create")
    r = web.post("/campaigns/new", data={"name": "a/b", "party": "Crew"}, follow_redirects=False)
    assert "cannot+contain" in r.headers["location"]
    exported = web.get("/api/campaigns/Gloom Hold/export").content
    r = web.post(
        "/campaigns/import",
        data={"name": "Copy"},
        files={"file": ("g.json", exported, "application/json")},
        follow_redirects=False,
    )
    assert r.headers["location"].startswith("/campaigns/Copy?ok=")
    assert web.get("/api/campaigns/Copy").json() == state(web)
    r = web.post(
        "/campaigns/import",
        files={"file": ("g.json", b"{not json", "application/json")},
        follow_redirects=False,
    )
    assert "not+a+JSON+document" in r.headers["location"]
    listing = web.get("/campaigns").text
    assert "Crew" in listing and "The Lost" in listing and "/api/campaigns/Copy/export" in listing


def test_a_form_from_another_site_is_refused(web: TestClient) -> None:
    before = state(web)
    r = web.post(
        f"{BASE}/do",
        data={"action": "buy", "character": "Ana", "item": "1"},
        headers={"origin": "https://evil.example"},
        follow_redirects=False,
    )
    assert r.status_code == 403 and state(web) == before
    r = web.post(
        f"{BASE}/do",
        data={"_back": "https://evil.example/x", "action": "buy", "character": "Ana", "item": "1"},
        follow_redirects=False,
    )
    assert r.headers["location"].startswith(BASE)


def test_the_shop_says_who_can_buy_and_the_sheet_prices_in_words(web: TestClient) -> None:
    shop = web.get(f"{BASE}/shop").text
    assert "Ana: can buy, slot free" in shop and "Buy for 20" in shop
    sheet = web.get(f"{BASE}/characters/Ana").text
    assert "Remove two −1 cards" in sheet and "Attack 3, pierce 2" in sheet  # Trample's top half
    party = web.get(BASE).text
    assert "shop prices +0 gold" in party and "4 to level 2" in party
    exported = json.loads(web.get("/api/campaigns/Gloom Hold/export").content)
    assert exported["name"] == "Gloom Hold"


def test_adjustments_by_hand(web: TestClient) -> None:
    got = submit(web, [("_at", "adjust-rep"), ("action", "change_reputation"), ("amount", "3")])
    assert got["ok"].endswith("reputation 0 → 3")
    got = submit(
        web,
        [
            ("_at", "adjust-global"),
            ("action", "gain_achievement"),
            ("kind", "global"),
            ("achievement", "the-power-of-enhancement"),
        ],
    )
    assert "global achievement: The Power of Enhancement" in got["ok"]
    got = submit(
        web,
        [
            ("_at", "adjust-party"),
            ("action", "gain_achievement"),
            ("kind", "party"),
            ("achievement", "first-steps"),
            ("lose", "true"),
        ],
    )
    assert "Done" in got["ok"]
    got = submit(web, [("_at", "checks"), ("action", "add_checkmarks"), ("character", "Ana"), ("count", "3")])
    assert "Ana: checkmarks 0 → 3" in got["ok"]
    got = submit(web, [("_at", "adjust-unlock"), ("action", "unlock_scenario"), ("scenario", "1")])
    assert got["err"] == "scenario 1 is already unlocked"
    page = web.get(f"{BASE}?err=x&at=adjust-unlock").text
    assert '<details class="cw-card cw-adjust" id="adjust-box" open>' in page


def test_an_event_sharing_gold_asks_who_takes_it_in_the_page_words(web: TestClient) -> None:
    from delvekit.cli.campaign import resolve_content

    submit(
        web,
        [
            ("_at", "result"),
            ("action", "complete_scenario"),
            ("scenario", "1"),
            ("success", "true"),
            ("_played", "Ana"),
            ("_played", "Bo"),
            ("characters.Ana.xp", "1"),
            ("characters.Bo.xp", "1"),
        ],
    )
    catalog = resolve_content("gloomhaven")
    found = [
        (card, label, o.collective_gold)
        for card in state(web)["city_deck"]
        if (info := catalog.event("city", card)) is not None
        for label, option in info.options.items()
        for o in option.outcomes
        if o.collective_gold > 0 and o.when == type(o.when)() and not o.choices
    ]
    card, label, gold = found[0]
    event = [("_at", "event"), ("action", "city_event"), ("card", str(card)), ("option", label)]
    before = state(web)
    got = submit(web, [*event, ("split.Ana", ""), ("split.Bo", "")], back=f"{BASE}/town")
    assert got["err"].startswith(f"to share {gold} gold together, say under “Gold shared or paid by”")
    assert state(web) == before
    got = submit(web, [*event, ("split.Ana", str(gold)), ("split.Bo", "0")], back=f"{BASE}/town")
    assert (
        f"Ana: gold {before['characters']['Ana']['gold']} → {before['characters']['Ana']['gold'] + gold}"
        in got["ok"]
    )
