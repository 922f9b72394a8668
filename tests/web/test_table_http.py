"""The table companion over HTTP: a wrong method in plain words, an empty JSON body left to the
endpoint, and the setup sheet's stat cards with the conditions they add and resist."""

from __future__ import annotations

import os
import warnings

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
os.environ.setdefault("DELVEKIT_TABLES_DB", ":memory:")  # before the app opens its table store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def _new(client: TestClient, scenario: int) -> str:
    r = client.post("/api/tables", json={"scenario": scenario, "players": 2, "level": 1, "seed": 1})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_a_wrong_method_is_a_405_naming_the_method_and_the_path(client: TestClient) -> None:
    tid = _new(client, 1)
    r = client.put(f"/api/tables/{tid}", json={})
    assert r.status_code == 405
    assert r.json() == {"detail": f"PUT is not how /api/tables/{tid} is used; see /api/docs", "errors": []}
    r = client.delete("/api/tables")
    assert (
        r.status_code == 405 and r.json()["detail"] == "DELETE is not how /api/tables is used; see /api/docs"
    )
    assert client.get(f"/api/tables/{tid}").status_code == 200  # the table is still there


def test_an_empty_json_body_passes_the_guard_and_the_endpoint_says_what_is_missing(
    client: TestClient,
) -> None:
    r = client.post("/api/tables", content=b"", headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert r.json()["detail"] == "body: Field required"  # the endpoint's words, not the guard's
    r = client.post("/api/tables", content=b" \n ", headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert r.json()["detail"] == "request: the body is blank: send one JSON document"
    r = client.post("/api/tables", content=b"NaN", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["detail"] == "request: not valid JSON: NaN is not a JSON number"


def test_the_setup_sheet_lists_what_each_stat_card_adds_and_resists(client: TestClient) -> None:
    # scenario 2: the Bandit Commander is immune to stun and immobilize
    cards = {c["type"]: c for c in client.get(f"/api/tables/{_new(client, 2)}/setup").json()["stat_cards"]}
    boss = cards["bandit-commander"]
    assert boss["normal"] is None and boss["boss"]["immunities"] == ["stun", "immobilize"]
    assert boss["boss"]["adds"] == []
    # scenario 24: every Rending Drake attack adds wound
    cards = {c["type"]: c for c in client.get(f"/api/tables/{_new(client, 24)}/setup").json()["stat_cards"]}
    drake = cards["rending-drake"]
    assert drake["normal"]["adds"] == ["wound"] and drake["elite"]["adds"] == ["wound"]
    assert drake["normal"]["immunities"] == []
