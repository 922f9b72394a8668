"""A play link that cannot open (an unknown game, a wrong seat key or host key) gets a page in
the site's own look: a heading, a sentence saying what is wrong, links onward; never bare text."""

from __future__ import annotations

from fastapi.testclient import TestClient


def _new_game(client: TestClient) -> str:
    r = client.post("/api/games", json={"scenario": 1, "party": ["brute", "mindthief"], "seed": 7})
    assert r.status_code == 201
    return str(r.json()["id"])


def _styled(html: str) -> bool:
    return "<!doctype html>" in html.lower() and 'rel="stylesheet"' in html and "<h1>" in html


def test_an_unknown_game_is_a_styled_404_with_a_way_to_start_one(client: TestClient) -> None:
    r = client.get("/play/0123456789abcdef")
    assert r.status_code == 404 and _styled(r.text)
    assert "There is no game “0123456789abcdef”" in r.text and 'href="/play"' in r.text


def test_a_wrong_seat_key_is_a_styled_403_that_offers_the_spectators_view(client: TestClient) -> None:
    gid = _new_game(client)
    for query in ("seat=brute&key=wrong", "seat=brute", f"host={'x' * 12}"):
        r = client.get(f"/play/{gid}?{query}")
        assert r.status_code == 403 and _styled(r.text), query
        assert "This link does not open a seat" in r.text and f'href="/play/{gid}"' in r.text
        assert ("open the Brute" in r.text) == query.startswith("seat"), query


def test_an_unknown_seat_is_a_styled_422_that_names_it_escaped(client: TestClient) -> None:
    gid = _new_game(client)
    r = client.get(f"/play/{gid}?seat=%3Cb%3Ebard")
    assert r.status_code == 422 and _styled(r.text)
    assert "&lt;b&gt;bard" in r.text and "<b>bard" not in r.text and "is not a seat of this game" in r.text
