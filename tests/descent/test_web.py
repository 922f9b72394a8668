"""The odds page's Descent tab and ``POST /api/odds`` with Descent dice (same numbers as the CLI)."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from delvekit.web.app import create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_api_odds_descent_matches_the_json_contract(client: TestClient) -> None:
    r = client.post("/api/odds", json={"descent": {"attack": ["blue", "red"], "defense": ["brown", "gray"]}})
    assert r.status_code == 200, r.text
    body = r.json()["descent"]
    assert {"miss", "damage", "surges", "range"} <= set(body)
    assert body["miss"] == pytest.approx(1 / 6) and sum(body["damage"].values()) == pytest.approx(1)
    assert body["summary"]["avg_hearts_hit"] == pytest.approx(3.7667, abs=1e-3)


def test_api_odds_descent_with_surges_and_range(client: TestClient) -> None:
    r = client.post(
        "/api/odds", json={"descent": {"attack": ["blue"], "surges_for": ["+2range"], "range": 7}}
    )
    assert r.json()["descent"]["with_surges"]["hit"] == pytest.approx(1 / 6)


@pytest.mark.parametrize("body", [
    {"descent": {"attack": ["purple"]}},
    {"descent": {"attack": []}},
    {"descent": {"attack": ["blue"], "surges_for": ["+1gold"]}},
    {"descent": {"attack": ["blue"]}, "setup": {"attack": 3}},
    {},
])  # fmt: skip
def test_api_odds_bad_descent_input_is_422_with_a_message(
    client: TestClient, body: dict[str, object]
) -> None:
    r = client.post("/api/odds", json=body)
    assert r.status_code == 422 and r.json()["detail"]


def test_gloomhaven_api_odds_still_works(client: TestClient) -> None:
    r = client.post("/api/odds", json={"setup": {"attack": 3}})
    assert r.status_code == 200 and "setup" in r.json()


def test_descent_tab_page_and_compute(client: TestClient) -> None:
    page = client.get("/odds/descent")
    assert page.status_code == 200 and "blue" in page.text and "Gloomhaven" in page.text
    assert "/odds/descent" in client.get("/odds").text
    out = client.post("/odds/descent/compute", data={"blue": "1", "yellow": "1", "gray": "1"})
    assert "blue+yellow vs gray" in out.text and "avg range (hit) 4.67" in out.text
    bad = client.post("/odds/descent/compute", data={"blue": "x"})
    assert 'class="error"' in bad.text
