"""The games JSON API (/api/games): create, a seat's view without another's hidden cards, answers
with 409/422, the party's decisions from any seat, undo, the log `delve replay --verify` accepts,
and games that survive a server restart (the SQLite store)."""

from __future__ import annotations

import random
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from delvekit.gloomhaven.engine.game import Game
from delvekit.web.app import create_app


def make_client(db: Path) -> TestClient:
    app = create_app()
    app.state.play_db = db
    app.state.play_bot_delay = 0.0
    return TestClient(app)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("play") / "games.sqlite3"


@pytest.fixture(scope="module")
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


KEYS: dict[str, dict[str, str]] = {}
"""Game id → seat → its key, read from the links the creator received."""


def seat_keys(links: dict[str, str]) -> dict[str, str]:
    return {
        seat: parse_qs(urlsplit(url).query)["key"][0]
        for seat, url in links.items()
        if seat not in ("spectator", "host")
    }


def new(client: TestClient, **body: Any) -> str:
    body = {"scenario": 1, "party": ["brute", "mindthief"], "seed": 7, **body}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    gid = str(r.json()["id"])
    KEYS[gid] = seat_keys(r.json()["links"])
    return gid


def get(client: TestClient, gid: str, seat: str | None = None) -> dict[str, Any]:
    params = {"seat": seat, "key": KEYS.get(gid, {}).get(seat, "")} if seat else {}
    r = client.get(f"/api/games/{gid}", params=params)
    assert r.status_code == 200, r.text
    return dict(r.json())


def choose(client: TestClient, gid: str, seat: str, choice: str, **extra: Any) -> Any:
    body = {"seat": seat, "choice": choice, "key": KEYS.get(gid, {}).get(seat), **extra}
    return client.post(f"/api/games/{gid}/choices", json=body)


def undo(client: TestClient, gid: str, seat: str, **extra: Any) -> Any:
    return client.post(
        f"/api/games/{gid}/undo", json={"seat": seat, "key": KEYS.get(gid, {}).get(seat), **extra}
    )


def play_to(client: TestClient, gid: str, until: str, rnd: random.Random) -> dict[str, Any]:
    """Answer from whichever seat decides (choices picked at random) until decision kind ``until``."""
    for _ in range(500):
        for seat in ("brute", "mindthief"):
            v = get(client, gid, seat)
            d = v["decision"]
            if d is None or d["kind"] == until:
                return v
            if d["choices"]:
                assert choose(client, gid, seat, rnd.choice(d["choices"]), at=v["version"]).status_code == 200
    raise AssertionError(f"no {until} decision reached")


def test_create_returns_201_and_an_id_with_seat_links(client: TestClient) -> None:
    r = client.post(
        "/api/games",
        json={
            "scenario": 1,
            "party": ["brute", "mindthief"],
            "level": 1,
            "seed": 7,
            "bots": {"mindthief": "random"},
        },
    )
    assert r.status_code == 201
    body = r.json()
    assert set(body) == {"id", "links"} and set(body["links"]) == {"brute", "spectator", "host"}
    assert "key=" in body["links"]["brute"] and "key=" not in body["links"]["spectator"]


def test_a_seats_hand_and_answers_need_its_key_or_the_hosts_and_a_spectator_needs_none(
    client: TestClient,
) -> None:
    r = client.post("/api/games", json={"scenario": 1, "party": ["brute", "mindthief"], "seed": 7})
    gid, links = r.json()["id"], r.json()["links"]
    keys = seat_keys(links)
    host = parse_qs(urlsplit(links["host"]).query)["host"][0]
    assert keys["brute"] != keys["mindthief"] != host
    for key in (None, "", keys["mindthief"], "x" * 12):  # none, empty, another seat's, made up
        r = client.get(
            f"/api/games/{gid}", params={"seat": "brute", **({"key": key} if key is not None else {})}
        )
        assert r.status_code == 403 and "your seat" in r.json()["detail"]
    before = client.get(f"/api/games/{gid}").json()  # the spectator's view
    assert before["decision"]["choices"] == []
    v = client.get(f"/api/games/{gid}", params={"seat": "brute", "key": keys["brute"]}).json()
    r = client.post(
        f"/api/games/{gid}/choices",
        json={"seat": "brute", "choice": v["decision"]["choices"][0], "key": keys["mindthief"]},
    )
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/undo", json={"seat": "brute"})
    assert r.status_code == 403
    assert client.get(f"/api/games/{gid}").json()["digest"] == before["digest"]  # nothing changed
    r = client.post(
        f"/api/games/{gid}/choices",
        json={"seat": "brute", "choice": v["decision"]["choices"][0], "key": host},
    )
    assert r.status_code == 200  # the host may act for any seat (one screen)


def test_the_host_link_remembers_the_host_whose_pages_list_every_seats_link(db: Path) -> None:
    with make_client(db) as host, make_client(db) as friend:
        r = host.post(
            "/play", data={"scenario": "1", "class1": "brute", "class2": "mindthief"}, follow_redirects=False
        )
        assert r.status_code == 303 and "seat=brute&key=" in r.headers["location"]
        page = host.get(r.headers["location"]).text
        assert "seat=mindthief&amp;key=" in page  # the host shares the others' links from here
        gid = r.headers["location"].split("/play/")[1].split("?")[0]
        mine = next(x for x in page.split('"') if "seat=mindthief&amp;key=" in x).replace("&amp;", "&")
        theirs = friend.get(mine.removeprefix("http://testserver"))
        assert theirs.status_code == 200 and 'data-seat="mindthief"' in theirs.text
        assert "seat=brute&amp;key=" not in theirs.text  # a player's page lists no other seat's link
        assert friend.get(f"/play/{gid}?seat=brute&key=wrong").status_code == 403
        assert friend.get(f"/play/{gid}?host=wrong").status_code == 403
        assert friend.get(f"/play/{gid}").status_code == 200  # a spectator needs no key


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"scenario": 1, "party": ["brute"]}, "party"),
        ({"scenario": 96, "party": ["brute", "mindthief"]}, "scenario"),
        ({"scenario": 1, "party": ["brute", "nobody"]}, "nobody"),
        ({"scenario": 1, "party": ["brute", "mindthief"], "bots": {"spellweaver": "random"}}, "spellweaver"),
        ({"scenario": 1, "party": ["brute", "mindthief"], "items": {"brute": [1, 2]}}, "legs"),
    ],
)
def test_bad_new_game_is_refused_with_one_line(client: TestClient, body: dict[str, Any], words: str) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 422 and words in r.json()["detail"]
    assert "Traceback" not in r.text


def test_a_seat_never_sees_another_characters_hand_or_hidden_selection(client: TestClient) -> None:
    gid = new(client)
    rnd = random.Random(2)
    v = play_to(client, gid, "select", rnd)
    # the brute selects; before the mindthief selects too, the selection is hidden from the mindthief
    b = get(client, gid, "brute")
    assert b["decision"]["actor"] == "brute" and b["decision"]["kind"] == "select"
    assert choose(client, gid, "brute", b["decision"]["choices"][0], at=b["version"]).status_code == 200
    brute = get(client, gid, "brute")["characters"][0]
    mt_view = get(client, gid, "mindthief")
    seen_brute = mt_view["characters"][0]
    assert seen_brute["hand"] is None and seen_brute["selected"] is None and seen_brute["selected_count"] == 2
    hidden = {c["id"] for c in brute["hand"]} | {c["id"] for c in brute["selected"]}
    public = {c["id"] for pile in ("discard", "lost", "active") for c in brute[pile]}
    import json

    text = json.dumps(mt_view)
    leaked = [card for card in hidden - public if card in text]
    assert not leaked, f"the mindthief's view names the brute's cards {leaked}"
    spectator = json.dumps(get(client, gid))
    assert not [card for card in hidden - public if card in spectator]
    assert v["decision"] is not None


def test_answers_refused_409_when_not_the_seats_decision_or_moved_on_422_when_illegal(
    client: TestClient,
) -> None:
    gid = new(client)
    v = get(client, gid, "brute")
    d = v["decision"]
    assert d["actor"] == "brute" and d["choices"]
    r = choose(client, gid, "mindthief", d["choices"][0])
    assert r.status_code == 409 and "brute" in r.json()["detail"]
    r = choose(client, gid, "brute", "take no-such-card")
    assert r.status_code == 422
    said = r.json()["detail"]  # in words: the question asked now, not the engine's "brute hand"
    assert said.startswith("'take no-such-card' is not one of the choices now. Brute")
    assert "brute hand" not in said
    assert get(client, gid, "brute")["digest"] == v["digest"]  # nothing changed
    assert choose(client, gid, "brute", d["choices"][0], at=v["version"]).status_code == 200
    r = choose(client, gid, "brute", d["choices"][1], at=v["version"])  # the same, from a stale page
    assert r.status_code == 409 and "moved on" in r.json()["detail"]
    assert client.get("/api/games/nope").status_code == 404


def test_two_devices_answering_one_decision_at_once_exactly_one_is_applied(client: TestClient) -> None:
    gid = new(client)
    v = get(client, gid, "brute")
    results: list[int] = []
    barrier = threading.Barrier(2)

    def answer(choice: str) -> None:
        barrier.wait()
        results.append(choose(client, gid, "brute", choice, at=v["version"]).status_code)

    threads = [threading.Thread(target=answer, args=(c,)) for c in v["decision"]["choices"][:2]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 409]
    after = get(client, gid, "brute")
    assert after["version"] == v["version"] + 1


def test_the_partys_decision_may_be_answered_from_any_seat(client: TestClient) -> None:
    # seed 3 reaches a tie among a monster's moves (a party decision) early in scenario 1
    for seed in range(3, 40):
        gid = new(client, seed=seed)
        rnd = random.Random(seed)
        try:
            v = play_to(client, gid, "monster", rnd)
        except AssertionError:
            continue
        d = v["decision"]
        if d is None:
            continue
        assert d["actor"] == "party"
        seat = "mindthief" if seed % 2 else "brute"
        assert get(client, gid, seat)["decision"]["choices"] == d["choices"]
        assert choose(client, gid, seat, d["choices"][0], at=v["version"]).status_code == 200
        return
    pytest.fail("no party decision in 37 games")


def test_a_restarted_server_continues_the_game(db: Path, client: TestClient) -> None:
    gid = new(client, seed=11, bots={"mindthief": "random"})
    rnd = random.Random(5)
    for _ in range(40):
        v = get(client, gid, "brute")
        if v["decision"] and v["decision"]["choices"]:
            choose(client, gid, "brute", rnd.choice(v["decision"]["choices"]), at=v["version"])
    import time

    time.sleep(0.3)  # let the bot catch up
    v = get(client, gid, "brute")
    with make_client(db) as fresh:  # a new server process on the same file
        again = get(fresh, gid, "brute")
    assert again["digest"] == v["digest"] and again["round"] == v["round"]


def test_the_log_is_refused_while_the_game_is_on_for_it_tells_every_hidden_card(client: TestClient) -> None:
    gid = new(client, seed=12)
    r = client.get(f"/api/games/{gid}/log")
    assert r.status_code == 409 and "seed" in r.json()["detail"]


def test_a_finished_games_log_replays_to_the_same_digest(client: TestClient) -> None:
    gid = new(client, seed=13)
    rnd = random.Random(13)
    v = get(client, gid, "brute")
    for _ in range(3000):
        if v["result"] is not None:
            break
        seat = "mindthief" if v["decision"]["actor"] == "mindthief" else "brute"
        v = get(client, gid, seat)
        answer = choose(client, gid, seat, rnd.choice(v["decision"]["choices"]), at=v["version"])
        assert answer.status_code == 200
        v = get(client, gid, "brute")
    assert v["result"] in ("victory", "defeat")
    log = client.get(f"/api/games/{gid}/log").text.splitlines()
    assert Game.from_log(log).digest() == v["digest"]  # what delve replay --verify does


def test_undo_takes_back_ones_own_last_choice_until_hidden_information_comes_out(client: TestClient) -> None:
    gid = new(client)
    v = get(client, gid, "brute")
    assert choose(client, gid, "brute", v["decision"]["choices"][0]).status_code == 200
    r = undo(client, gid, "brute")
    assert r.status_code == 200 and r.json()["digest"] == v["digest"]
    r = undo(client, gid, "mindthief")
    assert r.status_code == 409 and "no choice" in r.json()["detail"]
    # once both have selected, the cards are revealed: the brute's selection cannot be taken back
    rnd = random.Random(1)
    play_to(client, gid, "select", rnd)
    b = get(client, gid, "brute")
    choose(client, gid, "brute", b["decision"]["choices"][0])
    m = get(client, gid, "mindthief")
    choose(client, gid, "mindthief", m["decision"]["choices"][0])
    r = undo(client, gid, "mindthief")
    assert r.status_code == 409 and "hidden information" in r.json()["detail"]


def test_the_api_is_in_the_openapi_page(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    for p in ("/api/games", "/api/games/{gid}", "/api/games/{gid}/choices", "/api/games/{gid}/log"):
        assert p in paths
    assert "/api/games/{gid}/choices" in client.get("/api/docs").text


def test_a_game_from_a_campaign_applies_its_result_to_the_campaign_once(tmp_path: Path) -> None:
    import json
    import time

    from click.testing import CliRunner

    from delvekit.cli.main import _register, cli

    _register()
    db = tmp_path / "c.sqlite3"

    def run(*args: str) -> Any:
        r = CliRunner().invoke(cli, [*args, "--db", str(db)], catch_exceptions=False)
        assert r.exit_code == 0, r.output
        return r

    run("campaign", "new", "G", "--party", "The Lost")
    for name, cls in (("Ana", "brute"), ("Bo", "mindthief")):
        run("campaign", "do", "G", "create_character", f"name={name}", f"class={cls}")
    with make_client(db) as c:
        body = {
            "scenario": 1, "party": ["Ana", "Bo"], "campaign": "G", "seed": 1, "difficulty": "easy",
            "bots": {"Ana": "random", "Bo": "random"},
        }  # fmt: skip
        r = c.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        deadline = time.monotonic() + 120
        while (v := get(c, gid))["result"] is None:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
        assert v["campaign"]["applied"] is True, v["campaign"]
    entries = [json.loads(x) for x in run("campaign", "log", "G", "--json").output.splitlines()]
    done = [e for e in entries if (e.get("action") or {}).get("action") == "complete_scenario"]
    assert len(done) == 1 and done[0]["action"]["scenario"] == 1
    assert done[0]["action"]["success"] is (v["result"] == "victory")


def test_the_campaign_form_refuses_an_unknown_campaign_with_one_line(client: TestClient) -> None:
    r = client.post("/play/campaign", data={"campaign": "Nope", "scenario": "1"}, follow_redirects=False)
    assert r.status_code == 303 and "error=" in r.headers["location"]
    page = client.get(r.headers["location"])
    assert page.status_code == 200 and "Nope" in page.text


def test_the_new_game_form_starts_a_game_or_says_what_is_wrong(client: TestClient) -> None:
    form = {"scenario": "1", "class1": "brute", "class2": "mindthief", "player2": "random", "seed": "4"}
    r = client.post("/play", data=form, follow_redirects=False)
    assert r.status_code == 303 and "?seat=brute&key=" in r.headers["location"]
    page = client.get(r.headers["location"])
    assert page.status_code == 200 and 'data-seat="brute"' in page.text
    r = client.post("/play", data={**form, "items1": "1, 2"}, follow_redirects=False)
    assert r.status_code == 422 and "one legs item" in r.text  # the form again, with what was sent
    r = client.post("/play", data={**form, "seed": "seven"}, follow_redirects=False)
    assert r.status_code == 422 and "whole numbers" in r.text and 'value="seven"' in r.text


def test_a_game_stored_before_seat_keys_stays_open_to_its_links(db: Path, client: TestClient) -> None:
    from delvekit.store.games import GameStore

    gid = new(client, seed=21)
    stored = GameStore(db).get(gid)
    assert stored is not None and stored.keys is not None
    legacy = "0ld" + gid[3:]
    GameStore(db).create(legacy, stored.header, stored.seats, stored.title, stored.digest)  # no keys
    assert client.get(f"/api/games/{legacy}", params={"seat": "brute"}).status_code == 200
    links = client.get(f"/play/{legacy}?seat=brute")
    assert links.status_code == 200 and 'data-seat="brute"' in links.text
