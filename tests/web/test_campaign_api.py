"""The campaign JSON API: the same documents, validation and store as `delve campaign` (issue 19)."""

from __future__ import annotations

import json
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from delvekit.cli.main import _register, cli
from delvekit.web.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

_register()

OPENING: list[dict[str, Any]] = [
    {"action": "new_party", "name": "The Lost"},
    {"action": "create_character", "name": "Ana", "class": "brute"},
    {"action": "create_character", "name": "Bo", "class": "mindthief", "quest": 1},
    {"action": "create_character", "name": "Cy", "class": "spellweaver"},
    {"action": "buy", "character": "Ana", "item": 1},
    {"action": "buy", "character": "Bo", "item": 13},
    {"action": "sell", "character": "Bo", "item": 13},
    {"action": "equip", "character": "Ana", "items": [1]},
    {
        "action": "complete_scenario",
        "scenario": 1,
        "success": True,
        "characters": {
            "Ana": {"xp": 48, "gold": 12, "checkmarks": 2},
            "Bo": {"xp": 20, "gold": 9, "checkmarks": 1},
            "Cy": {"xp": 30, "gold": 5, "quest": 2},
        },
    },
    {"action": "donate", "character": "Cy"},
    {"action": "level_up", "character": "Ana", "card": "Fatal Advance", "perk": 0},
]


def delve(db: Path, *args: str, ok: bool = True) -> str:
    result = CliRunner().invoke(cli, ["campaign", *args, "--db", str(db)], catch_exceptions=False)
    assert (result.exit_code == 0) == ok, (result.output, result.stderr)
    return result.output


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db=tmp_path / "web.sqlite3")) as c:
        yield c


def post(api: TestClient, action: dict[str, Any], status: int = 200, **params: Any) -> Any:
    r = api.post("/api/campaigns/C/actions", json=action, params=params)
    assert r.status_code == status, r.text
    return r.json()


def head(api: TestClient) -> int:
    r = api.get("/api/campaigns/C")
    return int(r.headers["etag"].strip('"'))


def city_event_that_applies(api: TestClient) -> dict[str, Any]:
    """The top city card, with the first option (and pick) the rules accept."""
    card = api.get("/api/campaigns/C").json()["city_deck"][0]
    for option in ("A", "B"):
        for extra in ({}, {"choice": 0}, {"character": "Ana"}):
            action = {"action": "city_event", "card": card, "option": option, **extra}
            if api.post("/api/campaigns/C/check", json=action).json()["ok"]:
                return action
    raise AssertionError(f"no option of city event {card} applies")


def test_the_same_script_through_the_api_and_delve_campaign_run_gives_the_same_document(
    api: TestClient, tmp_path: Path
) -> None:
    assert api.post("/api/campaigns", json={"name": "C"}).status_code == 201
    script = list(OPENING)
    for action in OPENING:
        post(api, action)
    event = city_event_that_applies(api)
    post(api, event)
    script.append(event)
    tail: list[dict[str, Any]] = [
        {"action": "buy", "character": "Cy", "item": 2},
        {"action": "fulfill_quest", "character": "Bo"},
        {"action": "retire", "character": "Bo"},
    ]
    for action in tail:
        post(api, action)
    script += tail
    # the last action undone on both sides
    assert api.post("/api/campaigns/C/undo").json()["undone"] == tail[-1]

    db = tmp_path / "cli.sqlite3"
    path = tmp_path / "script.jsonl"
    path.write_text("\n".join(json.dumps(a) for a in script) + "\n")
    delve(db, "new", "C")
    delve(db, "run", "C", str(path))
    delve(db, "undo", "C")
    cli_doc = json.loads(delve(db, "show", "C", "--json"))
    web_doc = api.get("/api/campaigns/C").json()
    assert web_doc == cli_doc
    assert (
        cli_doc["characters"]["Ana"]["level"] == 2
        and "Fatal Advance" in cli_doc["characters"]["Ana"]["cards"]
    )
    # and the logs agree entry for entry (times aside)
    cli_log = [json.loads(line) for line in delve(db, "log", "C", "--json").splitlines()]
    web_log = api.get("/api/campaigns/C/log").json()
    strip = [{k: v for k, v in e.items() if k != "at"} for e in cli_log]
    assert [{k: v for k, v in e.items() if k != "at"} for e in web_log] == strip


def test_a_refused_action_is_422_with_the_reason_and_changes_nothing(api: TestClient) -> None:
    api.post("/api/campaigns", json={"name": "C", "party": "The Lost"})
    post(api, {"action": "create_character", "name": "Ana", "class": "brute"})
    post(api, {"action": "buy", "character": "Ana", "item": 1})
    before, at = api.get("/api/campaigns/C").json(), head(api)
    body = post(api, {"action": "buy", "character": "Ana", "item": 1}, 422)
    assert body["detail"] == "Ana already owns item 1 (Boots of Striding)"
    body = post(api, {"action": "buy", "character": "Ana", "item": 2}, 422)
    assert body["detail"] == "Ana has 10 gold; item 2 costs 20 at reputation 0"
    body = post(api, {"action": "donate", "character": "Ana"}, 422)
    assert "town visit" in body["detail"]
    body = post(api, {"action": "buy", "character": "Nobody", "item": 1}, 422)
    assert "unknown character 'Nobody'" in body["detail"]
    body = post(api, {"action": "fly", "character": "Ana"}, 422)
    assert "unknown action 'fly'" in body["detail"]
    body = post(api, {"action": "buy", "character": "Ana", "item": "three"}, 422)
    assert "item" in body["detail"]
    assert api.get("/api/campaigns/C").json() == before and head(api) == at


def test_two_phones_on_a_stale_state_never_both_apply(api: TestClient) -> None:
    api.post("/api/campaigns", json={"name": "C", "party": "The Lost"})
    post(api, {"action": "create_character", "name": "Ana", "class": "brute"})
    seen = head(api)
    # both phones read the campaign at `seen`: Ana has 30 gold, enough for either item, not both
    first = post(api, {"action": "buy", "character": "Ana", "item": 1}, head=seen)
    second = post(api, {"action": "buy", "character": "Ana", "item": 2}, 409, head=seen)
    assert "changed meanwhile" in second["detail"] and "nothing was applied" in second["detail"]
    now = api.get("/api/campaigns/C").json()
    assert now == first and now["characters"]["Ana"]["items"] == [1]
    assert api.post("/api/campaigns/C/undo", params={"head": seen}).status_code == 409
    assert head(api) == seen + 1


def test_concurrent_writers_with_the_same_head_apply_exactly_one(api: TestClient) -> None:
    api.post("/api/campaigns", json={"name": "C", "party": "The Lost"})
    post(api, {"action": "create_character", "name": "Ana", "class": "brute"})
    seen = head(api)
    codes: list[int] = []

    def buy(item: int) -> None:
        r = api.post(
            "/api/campaigns/C/actions",
            json={"action": "buy", "character": "Ana", "item": item},
            params={"head": seen},
        )
        codes.append(r.status_code)

    threads = [threading.Thread(target=buy, args=(n,)) for n in (1, 2, 3, 4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409, 409, 409]
    assert len(api.get("/api/campaigns/C").json()["characters"]["Ana"]["items"]) == 1


def test_create_list_show_and_unknown_names(api: TestClient) -> None:
    r = api.post("/api/campaigns", json={"name": "C", "party": "The Lost", "seed": 7})
    assert r.status_code == 201 and r.json()["party"] == "The Lost" and r.headers["etag"] == '"1"'
    assert api.post("/api/campaigns", json={"name": "C"}).status_code == 422  # name taken
    assert api.post("/api/campaigns", json={"name": ""}).status_code == 422
    assert api.post("/api/campaigns", json={"name": "D", "edition": "nope"}).status_code == 422
    rows = api.get("/api/campaigns").json()
    assert rows == [
        {"name": "C", "party": "The Lost", "head": 1, "characters": [], "prosperity": 1, "reputation": 0}
    ]
    r = api.get("/api/campaigns/Nope")
    assert r.status_code == 404 and "no campaign named 'Nope'" in r.json()["detail"]
    assert (
        api.post("/api/campaigns/Nope/actions", json={"action": "new_party", "name": "x"}).status_code == 404
    )
    assert api.post("/api/campaigns/C/undo").status_code == 200
    assert api.post("/api/campaigns/C/undo").status_code == 422  # nothing left to undo


def test_export_and_import_use_the_cli_formats(api: TestClient, tmp_path: Path) -> None:
    api.post("/api/campaigns", json={"name": "C", "party": "The Lost"})
    for action in OPENING[1:6]:
        post(api, action)
    exported = api.get("/api/campaigns/C/export")
    assert exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
    doc = exported.json()
    assert doc["format"] == "delvekit-campaign" and doc["head"] == 6
    # the CLI imports what the web exported ...
    file = tmp_path / "c.json"
    file.write_text(json.dumps(doc))
    db = tmp_path / "cli.sqlite3"
    delve(db, "import", str(file))
    assert json.loads(delve(db, "show", "C", "--json")) == api.get("/api/campaigns/C").json()
    # ... and the web imports what the CLI exported, under another name
    cli_export = json.loads(delve(db, "export", "C"))
    r = api.post("/api/campaigns/import", json=cli_export, params={"name": "Copy"})
    assert r.status_code == 201 and r.json() == api.get("/api/campaigns/C").json()
    tampered = dict(cli_export, log=[*cli_export["log"], {**cli_export["log"][-1], "seq": 99, "parent": 6}])
    tampered["log"][-1]["action"] = {"action": "buy", "character": "Ana", "item": 1}
    r = api.post("/api/campaigns/import", json=tampered, params={"name": "Bad"})
    assert r.status_code == 422 and "refused on replay" in r.json()["detail"]
    assert [row["name"] for row in api.get("/api/campaigns").json()] == ["C", "Copy"]


def test_check_prices_an_action_without_writing(api: TestClient) -> None:
    api.post("/api/campaigns", json={"name": "C", "party": "The Lost"})
    post(api, {"action": "create_character", "name": "Ana", "class": "brute"})
    at = head(api)
    r = api.post("/api/campaigns/C/check", json={"action": "buy", "character": "Ana", "item": 1}).json()
    assert r == {"ok": True, "reason": None, "gold": {"Ana": -20}}
    r = api.post(
        "/api/campaigns/C/check",
        json={"action": "enhance", "character": "Ana", "card": "Trample", "half": "top", "sticker": "attack"},
    ).json()
    assert not r["ok"] and "the-power-of-enhancement" in r["reason"]
    assert head(api) == at


def test_the_campaign_routes_are_in_the_openapi_page(api: TestClient) -> None:
    paths = api.get("/api/openapi.json").json()["paths"]
    for path in (
        "/api/campaigns",
        "/api/campaigns/{name}",
        "/api/campaigns/{name}/actions",
        "/api/campaigns/{name}/undo",
        "/api/campaigns/{name}/log",
        "/api/campaigns/{name}/export",
        "/api/campaigns/import",
    ):
        assert path in paths, path
    assert "/api/campaigns/{name}/actions" in api.get("/api/docs").text


@pytest.mark.slow
def test_delve_serve_db_shares_the_database_with_delve_campaign(tmp_path: Path) -> None:
    import subprocess
    import sys
    import time

    import httpx

    from delvekit.web.live import free_port

    db = tmp_path / "shared.sqlite3"
    delve(db, "new", "C", "--party", "The Lost")
    delve(db, "do", "C", "create_character", "name=Ana", "class=brute")
    port = free_port()
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "delve"), "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}/api/campaigns"
        deadline = time.monotonic() + 30
        while True:
            try:
                rows = httpx.get(base, timeout=2).json()
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline, "delve serve did not answer"
                time.sleep(0.1)
        assert [r["name"] for r in rows] == ["C"] and rows[0]["characters"] == ["Ana"]
        r = httpx.post(f"{base}/C/actions", json={"action": "buy", "character": "Ana", "item": 1}, timeout=10)
        assert r.status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    # what the web wrote, the CLI reads
    assert json.loads(delve(db, "show", "C", "--json"))["characters"]["Ana"]["items"] == [1]
