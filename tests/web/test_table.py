"""The table companion's JSON API and game: setup for the party size, the engine's draws, the
monster AI's outcomes equal to `delve monster-ai solve`, doors, undo, refusals, the ordered log."""

from __future__ import annotations

import contextlib
import json
import os
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
os.environ.setdefault("DELVEKIT_TABLES_DB", ":memory:")  # before the app opens its table store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from click.testing import CliRunner

from delvekit.cli.monster_ai import group as monster_ai_cli
from delvekit.gloomhaven.engine.game import Game
from delvekit.store.tables import TableStore
from delvekit.web.table_game import TableConfig, TableError, apply, replay, table_setup

SCENARIO_1_3P = {"scenario": 1, "players": 3, "level": 1, "seed": 7}


def _new(client: TestClient, body: dict[str, Any] | None = None) -> str:
    r = client.post("/api/tables", json=body or SCENARIO_1_3P)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def _act(client: TestClient, tid: str, action: dict[str, Any], after: int | None = None) -> Any:
    body: dict[str, Any] = {"action": action}
    if after is not None:
        body["after"] = after
    return client.post(f"/api/tables/{tid}/actions", json=body)


def _initiatives(client: TestClient, tid: str, values: tuple[int, ...] = (20, 45, 70)) -> Any:
    for i, v in enumerate(values):
        r = _act(client, tid, {"kind": "initiative", "character": f"C{i + 1}", "value": v})
        assert r.status_code == 200, r.text
    return r.json()


def test_create_returns_201_and_the_opening_room_for_3_players(client: TestClient) -> None:
    tid = _new(client)
    state = client.get(f"/api/tables/{tid}").json()
    standees = state["standees"]
    assert all(
        set(s) >= {"type", "number", "rank", "hex", "health", "max_health", "conditions"} for s in standees
    )
    # Black Barrow's opening room for 3 characters: six normal Bandit Guards (the book's column)
    config = TableConfig(1, 3, 1, 7)
    expected = sorted((p.monster, p.rank, p.hex) for p in table_setup(config).rooms[0])
    assert sorted((s["type"], s["rank"], tuple(s["hex"])) for s in standees) == expected
    assert len(standees) == 6 and {s["max_health"] for s in standees} == {6}
    # standee numbers: the engine's, drawn from the same seed
    game = Game(table_setup(config), 7)
    engine = {f.hex: f.standee for f in game.state.figures.values() if f.kind == "monster"}
    assert {tuple(s["hex"]): s["number"] for s in standees} == engine


def test_create_refuses_bad_input_in_plain_words(client: TestClient) -> None:
    r = client.post("/api/tables", json={"scenario": 1, "players": 5, "level": 1, "seed": 7})
    assert r.status_code == 422 and "players" in r.json()["detail"]
    r = client.post("/api/tables", json={"scenario": 1, "players": 3, "level": 9, "seed": 7})
    assert r.status_code == 422 and "level" in r.json()["detail"]


def test_unknown_table_is_a_plain_404(client: TestClient) -> None:
    r = client.get("/api/tables/nosuch")
    assert r.status_code == 404 and r.json()["detail"] == "there is no table 'nosuch' (check the link)"
    page = client.get("/table/nosuch")
    assert page.status_code == 404 and "There is no table" in page.text and "detail" not in page.text


def _engine_round_one_cards(config: TableConfig) -> list[tuple[str, str]]:
    """The engine's own game with the same seed, played to its first reveal."""
    game = Game(table_setup(config), config.seed)
    while not any(e.kind == "ability-card" for e in game.events):
        decision = game.decision
        assert decision is not None
        game.choose(decision.choices[0])
    return [(e.args[0], e.args[1]) for e in game.events if e.kind == "ability-card"]


@pytest.mark.parametrize("seed", [0, 7, 123])
def test_round_one_cards_equal_the_engines_draws_for_the_same_seed(seed: int) -> None:
    config = TableConfig(1, 3, 1, seed)
    table = replay(config, [{"kind": "initiative", "character": c, "value": 50} for c in ("C1", "C2", "C3")])
    apply(table, {"kind": "start_round"})
    drawn = sorted(table.game.state.revealed.items())
    assert drawn == sorted(_engine_round_one_cards(config))


def test_later_rounds_draw_with_the_engines_deck_code() -> None:
    """Rounds 2 and 3: the table's draws equal the engine's Deck.draw on the same generator
    state, reshuffling when the drawn card says so (§3.5)."""
    config = TableConfig(1, 3, 1, 7)
    table = replay(config, [])
    shadow = Game(table_setup(config), 7)  # a second engine game: same generator, same decks
    for _ in range(3):
        for c in ("C1", "C2", "C3"):
            apply(table, {"kind": "initiative", "character": c, "value": 10})
        apply(table, {"kind": "start_round"})
        st = shadow.state
        expected = st.decks["guard"].draw(st.rng)
        assert table.game.state.revealed["guard"] == expected
        card = table.deck_card("guard", expected)
        while table.phase == "turns":
            apply(table, {"kind": "next"})
        st.decks["guard"].discard(expected)
        if card.shuffle:
            st.decks["guard"].reshuffle(st.rng)
        assert table.game.state.rng.getstate() == st.rng.getstate()


def test_each_standees_outcome_equals_delve_monster_ai_solve(client: TestClient, tmp_path: Path) -> None:
    tid = _new(client)
    _initiatives(client, tid, (20, 45, 70))
    state = _act(client, tid, {"kind": "start_round"}).json()
    runner = CliRunner()
    seen = 0
    while state["phase"] == "turns":
        turn = state["turn"]
        if turn is not None and not turn["applied"]:
            path = tmp_path / f"case{seen}.json"
            path.write_text(json.dumps(turn["case"]))
            result = runner.invoke(monster_ai_cli, ["solve", str(path)])  # `delve monster-ai solve`
            assert result.exit_code == 0, result.output
            cli_outcomes = json.loads(result.output.splitlines()[0])["outcomes"]
            assert [(o["destination"], o["targets"]) for o in turn["outcomes"]] == [
                (o["destination"], o["targets"]) for o in cli_outcomes
            ]
            chosen = turn["outcomes"][-1]
            state = _act(
                client,
                tid,
                {"kind": "outcome", "figure": turn["standee"], "destination": chosen["destination"],
                 "targets": chosen["targets"]},
                after=state["head"],
            ).json()  # fmt: skip
            moved = {s["id"]: s["hex"] for s in state["standees"]}
            assert moved[turn["standee"]] == chosen["destination"]
            seen += 1
        state = _act(client, tid, {"kind": "next"}, after=state["head"]).json()
    assert seen == 6


def test_an_outcome_the_ai_does_not_offer_is_refused(client: TestClient) -> None:
    tid = _new(client)
    _initiatives(client, tid, (20, 45, 70))
    state = _act(client, tid, {"kind": "start_round"}).json()
    state = _act(client, tid, {"kind": "next"}).json()
    state = _act(client, tid, {"kind": "next"}).json()
    turn = state["turn"]
    wrong = {"kind": "outcome", "figure": turn["standee"], "destination": [6, 6], "targets": []}
    r = _act(client, tid, wrong)
    assert r.status_code == 422 and "does not offer" in r.json()["detail"]
    assert client.get(f"/api/tables/{tid}").json()["head"] == state["head"]


def test_a_door_places_the_right_standees_for_3_players(client: TestClient) -> None:
    tid = _new(client)
    state = client.get(f"/api/tables/{tid}").json()
    door = next(d for d in state["doors"] if d["reachable"] and not d["open"])
    state = _act(client, tid, {"kind": "door", "hex": door["hex"]}).json()
    room = table_setup(TableConfig(1, 3, 1, 7)).rooms[1]
    new = [s for s in state["standees"] if s["type"] == "bandit-archer"]
    expected = sorted((p.rank, p.hex) for p in room if p.monster == "bandit-archer")
    assert sorted((s["rank"], tuple(s["hex"])) for s in new) == expected  # 2 normal, 1 elite
    assert len({s["number"] for s in new}) == 3
    # the elite Bandit Guard of that room has no standee left: all six guards are on the map
    assert sum(s["type"] == "bandit-guard" for s in state["standees"]) == 6
    assert 1 in state["revealed_rooms"]


def test_undo_restores_the_previous_state(client: TestClient) -> None:
    tid = _new(client)
    before = client.get(f"/api/tables/{tid}").json()
    guard = before["standees"][0]
    after = _act(client, tid, {"kind": "damage", "figure": guard["id"], "amount": 2}).json()
    assert next(s for s in after["standees"] if s["id"] == guard["id"])["health"] == guard["health"] - 2
    undone = client.post(f"/api/tables/{tid}/undo").json()
    assert undone["standees"] == before["standees"]
    assert client.post(f"/api/tables/{tid}/undo").status_code == 422  # nothing left to undo


def test_a_stale_next_from_a_second_phone_is_refused_with_409(client: TestClient) -> None:
    tid = _new(client)
    state = _initiatives(client, tid)
    state = _act(client, tid, {"kind": "start_round"}, after=state["head"]).json()
    seen = state["head"]
    first = _act(client, tid, {"kind": "next"}, after=seen)
    second = _act(client, tid, {"kind": "next"}, after=seen)  # the same tap on the other phone
    assert first.status_code == 200
    assert second.status_code == 409 and second.json()["state"]["head"] == first.json()["head"]


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"kind": "initiative", "character": "C1", "value": 100}, "from 1 to 99"),
        ({"kind": "initiative", "character": "C9", "value": 10}, "no character"),
        ({"kind": "next"}, "the round has not started"),
        ({"kind": "start_round"}, "enter the initiative"),
        ({"kind": "condition", "figure": "C1", "condition": "bane"}, "unknown condition"),
        ({"kind": "move", "figure": "C1", "hex": [99, 99]}, "not in a revealed room"),
        ({"kind": "fly"}, "unknown action"),
    ],
)
def test_refused_actions_change_nothing(client: TestClient, action: dict[str, Any], words: str) -> None:
    tid = _new(client)
    r = _act(client, tid, action)
    assert r.status_code == 422 and words in r.json()["detail"]
    assert client.get(f"/api/tables/{tid}").json()["head"] == 0


def test_wound_hurts_at_turn_start_and_conditions_expire_after_the_next_turn() -> None:
    table = replay(TableConfig(1, 3, 1, 7), [])
    guard = next(iter(table.standees.values()))
    apply(table, {"kind": "condition", "figure": guard.id, "condition": "wound"})
    apply(table, {"kind": "condition", "figure": guard.id, "condition": "immobilize"})
    for c in ("C1", "C2", "C3"):
        apply(table, {"kind": "initiative", "character": c, "value": 90})
    apply(table, {"kind": "start_round"})  # the guards act first (initiative 55 < 90)
    while table.current_standee() is not None and table.current_standee() is not guard:
        apply(table, {"kind": "next"})
    assert guard.health == guard.max_health - 1  # §8 wound at the start of its turn
    assert "immobilize" in guard.conditions
    apply(table, {"kind": "next"})
    assert "immobilize" not in guard.conditions and "wound" in guard.conditions
    with pytest.raises(TableError):
        apply(table, {"kind": "heal", "figure": guard.id, "amount": 0})


def test_elements_wane_at_the_end_of_the_round() -> None:
    table = replay(TableConfig(1, 2, 1, 7), [])
    apply(table, {"kind": "element", "element": "fire", "state": "strong"})
    for c in ("C1", "C2"):
        apply(table, {"kind": "initiative", "character": c, "value": 90})
    apply(table, {"kind": "start_round"})
    while table.phase == "turns":
        apply(table, {"kind": "next"})
    assert table.elements["fire"] == "waning"


def test_the_log_is_append_only_and_undo_is_an_entry(tmp_path: Path) -> None:
    store = TableStore(tmp_path / "t.sqlite3")
    tid = store.create(scenario=1, players=3, level=1, seed=7)
    store.append(tid, {"kind": "next"})
    store.undo(tid)
    assert store.head(tid) == 2 and store.actions(tid) == []
    import sqlite3

    db = sqlite3.connect(tmp_path / "t.sqlite3")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM table_log")


def test_named_classes_set_the_characters_and_an_unknown_one_is_refused(client: TestClient) -> None:
    tid = _new(client, {**SCENARIO_1_3P, "classes": ["mindthief", "cragheart", "scoundrel"]})
    chars = client.get(f"/api/tables/{tid}").json()["characters"]
    assert [c["name"] for c in chars] == ["Mindthief", "Cragheart", "Scoundrel"]
    assert [c["max_health"] for c in chars] == [6, 10, 8]  # the classes' level-1 health
    leveled = _new(
        client, {**SCENARIO_1_3P, "classes": ["mindthief", "cragheart", "scoundrel"], "levels": [3, 1, 9]}
    )
    chars = client.get(f"/api/tables/{leveled}").json()["characters"]
    assert [c["max_health"] for c in chars] == [8, 10, 20]  # Mindthief 3: 8, Scoundrel 9: 20
    r = client.post("/api/tables", json={**SCENARIO_1_3P, "classes": ["mindthief", "wizard", "brute"]})
    assert r.status_code == 422 and "there is no class 'wizard'" in r.json()["detail"]


def test_the_setup_form_makes_a_table_without_script(client: TestClient) -> None:
    r = client.post(
        "/table", data={"scenario": "1", "players": "3", "level": "1", "seed": "7"}, follow_redirects=False
    )
    assert r.status_code == 303 and r.headers["location"].startswith("/table/")
    page = client.get(r.headers["location"])
    assert page.status_code == 200 and 'id="table"' in page.text
    bad = client.post("/table", data={"scenario": "1", "players": "9", "level": "1", "seed": "7"})
    assert bad.status_code == 422 and 'class="error"' in bad.text


def test_every_scenario_with_a_map_sets_up_at_every_level() -> None:
    from delvekit.web import services
    from delvekit.web.table_game import new_table

    for n in services.scenario_numbers():
        table = new_table(TableConfig(n, 4, 3, 1))
        assert table.setup.level == 3 and table.revealed_rooms == [0]
    for level in range(8):
        assert new_table(TableConfig(1, 2, level, 1)).setup.level == level


def _round(table: Any, value: int = 90) -> None:
    for c in table.characters:
        apply(table, {"kind": "initiative", "character": c, "value": value})
    apply(table, {"kind": "start_round"})


def test_a_spawned_standee_takes_a_free_number_and_its_type_acts_this_round() -> None:
    table = replay(TableConfig(1, 3, 1, 7), [{"kind": "door", "hex": [7, 4]}])
    archers = {s.number for s in table.standees.values() if s.type == "bandit-archer"}
    free = sorted(set(range(1, 7)) - archers)
    with pytest.raises(TableError, match="every Bandit Guard standee is on the map"):
        apply(table, {"kind": "spawn", "type": "bandit-guard", "hex": [7, 0]})
    _round(table, 10)  # the characters act first
    text = apply(table, {"kind": "spawn", "type": "bandit-archer", "rank": "elite", "hex": [7, 0]})
    spawned = next(s for s in table.standees.values() if s.hex == (7, 0))
    assert spawned.rank == "elite" and spawned.number in free and "placed Bandit Archer" in text
    assert spawned.max_health == table.stats("bandit-archer", "elite").health
    with pytest.raises(TableError, match="not a free hex"):
        apply(table, {"kind": "spawn", "type": "bandit-archer", "hex": [7, 0]})


def test_a_door_of_an_unrevealed_room_is_refused_and_a_full_type_is_reported() -> None:
    table = replay(TableConfig(1, 3, 1, 7), [])
    with pytest.raises(TableError, match="no revealed room leads"):
        apply(table, {"kind": "door", "hex": [5, 1]})
    assert "no standee left for Bandit Guard" in apply(table, {"kind": "door", "hex": [7, 4]})


def test_the_cards_infusions_become_strong_when_the_types_turn_ends() -> None:
    """§9: the demons of scenario 5 infuse; once their type's turn is over the element is strong."""
    for seed in range(40):
        table = replay(TableConfig(5, 3, 1, seed), [])
        _round(table, 99)  # the monsters act first
        infusing = {
            t.id: [a.element.value for a in card.actions if a.kind == "infuse" and a.element is not None]
            for t in table.order
            if t.kind == "monster" and (card := table.card(t.id)) is not None
        }
        if not any(infusing.values()):
            continue
        while table.current() is not None and table.current().kind == "monster":
            apply(table, {"kind": "next"})
        made = {e for elements in infusing.values() for e in elements}
        assert {e for e, st in table.elements.items() if st == "strong"} == made
        return
    pytest.fail("no seed drew an infusing card")


def test_an_attacks_conditions_come_with_its_damage_and_immunity_holds() -> None:
    table = replay(TableConfig(1, 3, 1, 7), [])
    text = apply(table, {"kind": "damage", "figure": "C1", "amount": 2, "conditions": ["poison"]})
    assert table.characters["C1"].health == 8 and "poison" in table.characters["C1"].conditions
    assert "poison" in text
    with pytest.raises(TableError):
        apply(table, {"kind": "damage", "figure": "C1", "amount": 1, "conditions": ["bane"]})


def test_every_character_exhausted_ends_the_scenario_in_defeat() -> None:
    table = replay(TableConfig(1, 2, 1, 7), [])
    apply(table, {"kind": "damage", "figure": "C1", "amount": 99})
    assert table.phase != "ended"
    apply(table, {"kind": "damage", "figure": "C2", "amount": 99})
    assert table.phase == "ended" and table.result == "defeat"


def test_the_setup_form_takes_classes_and_levels(client: TestClient) -> None:
    form = {
        "scenario": "1",
        "players": "2",
        "level": "1",
        "seed": "7",
        "class1": "brute",
        "clevel1": "4",
        "class2": "",
    }
    r = client.post("/table", data=form, follow_redirects=False)
    assert r.status_code == 303
    chars = client.get("/api/tables/" + r.headers["location"].rsplit("/", 1)[1]).json()["characters"]
    assert [(c["name"], c["max_health"]) for c in chars] == [("Brute", 16), ("Tinkerer", 8)]


def test_the_table_api_is_on_the_openapi_page(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    assert {"/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/actions"} <= set(spec["paths"])
    assert "/api/tables/{table_id}/undo" in client.get("/api/docs").text


def test_scenario_rules_fire_when_due_as_the_engine_performs_them() -> None:
    """Scenario 3 for 3 players: an Inox Guard appears as round 1 starts; scenario 5: every
    character is disarmed in round 1; scenario 2: the players are told to shuffle in curses."""
    table = replay(TableConfig(3, 3, 1, 7), [])
    before = {s.id for s in table.standees.values()}
    _round(table, 50)
    new = [s for s in table.standees.values() if s.id not in before]
    assert [s.type for s in new] == ["inox-guard"] and "appears on" in table.events[-1]
    assert table.card("inox-guard") is not None  # its type acts this round
    table = replay(TableConfig(5, 3, 1, 7), [])
    _round(table, 50)
    assert all("disarm" in c.conditions for c in table.characters.values())
    table = replay(TableConfig(2, 3, 1, 7), [])
    _round(table, 50)
    assert "shuffles 3 curse card(s) into their deck" in table.events[-1]


@pytest.mark.parametrize("scenario", [3, 5])
def test_round_one_cards_equal_the_engines_with_the_scenarios_rules(scenario: int) -> None:
    config = TableConfig(scenario, 3, 1, 11)
    table = replay(config, [])
    _round(table, 50)
    assert sorted(table.game.state.revealed.items()) == sorted(_engine_round_one_cards(config))


def test_an_oversized_action_is_refused(client: TestClient) -> None:
    tid = _new(client)
    r = _act(client, tid, {"kind": "next", "padding": "x" * 5000})
    assert r.status_code == 422 and "larger than" in r.json()["detail"]


def test_two_phones_writing_at_once_lose_no_edit(live_url: str) -> None:
    import threading
    import urllib.request

    def post(path: str, body: dict[str, Any]) -> Any:
        req = urllib.request.Request(
            live_url + path, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(req) as r:
            return json.loads(r.read())

    tid = post("/api/tables", SCENARIO_1_3P)["id"]
    errors: list[str] = []

    def phone(character: str) -> None:
        for _ in range(15):
            try:
                post(
                    f"/api/tables/{tid}/actions",
                    {"action": {"kind": "xp", "character": character, "amount": 1}},
                )
                with urllib.request.urlopen(f"{live_url}/api/tables/{tid}") as r:
                    json.loads(r.read())  # reads while the other phone writes
            except Exception as exc:
                errors.append(str(exc))

    threads = [threading.Thread(target=phone, args=(c,)) for c in ("C1", "C2")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with urllib.request.urlopen(f"{live_url}/api/tables/{tid}") as r:
        state = json.loads(r.read())
    assert not errors
    assert state["head"] == 30 and [c["xp"] for c in state["characters"][:2]] == [15, 15]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_every_scenario_runs_two_rounds_and_opens_every_door(players: int) -> None:
    """Each scenario with a map: two rounds with every standee's first outcome applied (the state
    drawn at each step, as a phone would), then every door opened; nothing is refused."""
    from delvekit.web import services
    from delvekit.web.table_view import setup_sheet, state_json

    for n in services.scenario_numbers():
        config = TableConfig(n, players, 2, n)
        table = replay(config, [])
        setup_sheet(config)
        for _ in range(2):
            _round(table, 30)
            while table.phase == "turns":
                state = state_json(table, table_id="t", head=0, undoable=False)
                turn = state["turn"]
                if turn and turn["outcomes"] and not turn["applied"]:
                    o = turn["outcomes"][0]
                    chosen = {"destination": o["destination"], "targets": o["targets"]}
                    apply(table, {"kind": "outcome", "figure": turn["standee"], **chosen})
                apply(table, {"kind": "next"})
            if table.phase == "ended":
                break
        for h in table.door_rooms:
            with contextlib.suppress(TableError):  # not reachable yet, or already open
                apply(table, {"kind": "door", "hex": list(h)})
        state_json(table, table_id="t", head=0, undoable=False)


def test_a_card_without_move_or_attack_offers_no_outcome() -> None:
    for seed in range(60):
        table = replay(TableConfig(1, 3, 1, seed), [])
        _round(table, 90)
        card = table.card("bandit-guard")
        if card is not None and not any(a.kind in ("move", "attack") for a in card.actions):
            from delvekit.web.table_view import state_json

            turn = state_json(table, table_id="t", head=0, undoable=False)["turn"]
            assert turn["outcomes"] == [] and "nothing to work out" in turn["note"]
            assert turn["actions"][0].startswith("Shield")
            return
    pytest.fail("no seed drew the guard's Shield card first")
