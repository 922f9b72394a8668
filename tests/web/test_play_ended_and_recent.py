"""The play page after a game ends and its "Continue a game" list: a game that ended at the end of
a round still shows the monster ability cards whose initiatives its round order lists (§3.5 puts
them back in the decks), and games of one scenario are told apart by party, round, seats and
start time."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from delvekit.gloomhaven.engine.game import Game
from delvekit.web.play_service import Hall, NewGame, Table
from delvekit.web.play_view import round_cards, view

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden-logs"


def _golden(name: str) -> Game:
    return Game.from_log((GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines())


def test_a_game_lost_at_a_rounds_end_shows_the_monster_cards_its_round_order_lists() -> None:
    """s01 seed 0 is lost at the end of a round: the engine put the drawn cards back (revealed is
    empty) while the round order still lists Living Bones 64 and Bandit Archer 68."""
    game = _golden("s01-brute-mindthief-l1-seed0")
    assert game.result == "defeat" and not game.state.revealed
    table = Table("t", game, {c.id: "greedy" for c in game.setup.party}, [], 0, "#1 Black Barrow", None, None)
    shown = view(table, None)
    monsters = [o for o in shown["order"] if o["kind"] == "monster"]
    cards = {m["name"]: m["card"] for m in shown["monsters"]}
    assert len(monsters) == 2
    for o in monsters:
        card = cards[o["name"]]
        assert card is not None, f"{o['name']}: no ability card shown beside initiative {o['initiative']}"
        assert card["initiative"] == o["initiative"] and card["lines"]


def test_the_round_cards_are_only_the_last_rounds_draws() -> None:
    """A new round before its reveal has drawn nothing: no card of the round before is shown as
    this round's."""
    game = _golden("s01-brute-mindthief-l1-seed1")
    replay = Game(game.setup, seed=game.seed)
    for text in game.log:
        replay.choose(text)
        if replay.events and replay.events[-1].kind == "round" and replay.state.round > 1:
            break
    assert replay.state.round > 1 and round_cards(replay) == {}


@pytest.fixture
def hall(tmp_path: Path) -> Hall:
    return Hall(tmp_path / "games.sqlite3")


def test_games_of_one_scenario_are_told_apart_by_party_round_seats_and_start(hall: Hall) -> None:
    first = hall.create(
        NewGame(scenario=1, party=["brute", "mindthief"], seed=1, bots={"mindthief": "greedy"})
    )
    second = hall.create(NewGame(scenario=1, party=["tinkerer", "spellweaver", "scoundrel"], seed=2))
    d = first.game.decision
    assert d is not None
    hall.answer(first.id, d.actor, [str(d.choices[0])], None)
    hall.tables.clear()  # as after a restart: the list replays the games to know their rounds
    shown = {g.id: g for g in hall.recent()}
    a, b = shown[first.id], shown[second.id]
    assert a.title == b.title == "#1 Black Barrow"
    assert (a.party, b.party) == ("Brute, Mindthief", "Tinkerer, Spellweaver, Scoundrel")
    assert a.seats == "Brute: a person · Mindthief: greedy bot"
    assert a.round == 0 and a.choices == 1 and b.choices == 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", a.started)
    hall.tables.clear()
    assert [g.round for g in hall.recent(budget=0.0)] == [None, None]  # past the budget: no replay
    assert {g.party for g in hall.recent(budget=0.0)} == {a.party, b.party}


def test_the_continue_list_on_the_new_game_page_shows_what_tells_games_apart(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from delvekit.web.app import create_app

    app = create_app()
    app.state.play_db = tmp_path / "games.sqlite3"
    app.state.play_bot_delay = 0.0
    with TestClient(app) as client:
        for party in (["brute", "mindthief"], ["cragheart", "scoundrel"]):
            r = client.post("/api/games", json={"scenario": 1, "party": party, "seed": 5})
            assert r.status_code == 201, r.text
        page = client.get("/play").text
    items = re.findall(r"<li><a href=\"/play/\w+\">#1 Black Barrow</a>(.*?)</li>", page, re.S)
    assert len(items) == 2
    assert any("Brute, Mindthief" in i for i in items) and any("Cragheart, Scoundrel" in i for i in items)
    assert all("round 0" not in i and "started" in i and "person" in i for i in items)
    assert json.dumps(items)  # plain text, no template error
