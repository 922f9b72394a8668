"""The bundled scenarios: they load, pass every invariant, and agree with published numbers.

The golden totals below were read from the X-haven Assistant room data (an independent source
from the map data the scenarios are built from)."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from delvekit.core.board import Terrain
from delvekit.core.errors import ContentError
from delvekit.core.hexes import neighbours
from delvekit.gloomhaven.content.maps import build_map, load_tiles, tile_hexes
from delvekit.gloomhaven.content.scenario import (
    Door,
    Placement,
    Scenario,
    decode_scenario,
    default_folder,
    encode_scenario,
    load_scenarios,
    scenario_facts,
)
from delvekit.gloomhaven.content.scenario_check import check_scenarios

DATA = default_folder().parent


@pytest.fixture(scope="module")
def scenarios() -> dict[int, Scenario]:
    return load_scenarios(default_folder())


@pytest.fixture(scope="module")
def counts() -> dict[str, int]:
    monsters = json.loads((DATA / "monsters.json").read_text())
    return {m["id"]: m["count"] for m in monsters}


def test_all_95_load(scenarios: dict[int, Scenario]) -> None:
    assert sorted(scenarios) == list(range(1, 96))
    assert scenarios[1].name == "Black Barrow"
    assert scenarios[95].name == "Payment Due"


def test_every_scenario_but_the_random_dungeon_has_a_map(scenarios: dict[int, Scenario]) -> None:
    without = [n for n, s in scenarios.items() if not any(r.tiles for r in s.rooms)]
    assert without == [55]
    assert scenarios[55].map_source == "none"
    with pytest.raises(ContentError, match="scenario 55"):
        scenarios[55].board()


def test_bundled_scenarios_pass_the_check(scenarios: dict[int, Scenario], counts: dict[str, int]) -> None:
    assert check_scenarios(scenarios, monster_counts=counts) == []


def test_files_are_canonical(scenarios: dict[int, Scenario]) -> None:
    for number, s in scenarios.items():
        path = default_folder() / f"{number:02d}.json"
        assert encode_scenario(s) == path.read_bytes(), path


@pytest.mark.parametrize(
    ("number", "players", "expected"),
    [
        (1, 2, {"bandit-guard": (4, 1), "bandit-archer": (2, 1), "living-bones": (2, 0)}),
        (1, 4, {"bandit-guard": (6, 3), "bandit-archer": (6, 1), "living-bones": (4, 0)}),
        (2, 4, {"bandit-archer": (4, 2), "bandit-commander": (1, 0), "living-corpse": (4, 6)}),
        (3, 3, {"inox-archer": (2, 1), "inox-guard": (5, 2), "inox-shaman": (2, 2)}),
    ],
)
def test_standee_totals_match_the_published_counts(
    scenarios: dict[int, Scenario], number: int, players: int, expected: dict[str, tuple[int, int]]
) -> None:
    got = {m: (v["normal"], v["elite"]) for m, v in scenarios[number].standees(players).items()}
    assert got == expected


def test_facts_contract(scenarios: dict[int, Scenario]) -> None:
    facts = scenario_facts(scenarios)
    assert set(facts) == {str(n) for n in range(1, 96)}
    assert set(facts["1"]["monsters"]) == {"2", "3", "4"}
    assert facts["2"]["monsters"]["4"]["bandit-commander"] == {"normal": 1, "elite": 0}  # boss as normal
    assert facts["55"]["monsters"]["4"] == {}
    json.dumps(facts)  # plain JSON


def test_black_barrow_board(scenarios: dict[int, Scenario]) -> None:
    s = scenarios[1]
    smap = s.map()
    board = smap.board
    tiles = load_tiles()
    tile_total = sum(len(tiles[t.ref]) for r in s.rooms for t in r.tiles)
    assert len(board) == tile_total + len(s.doors)  # the two door hexes sit between tiles
    assert [d.kind for d in s.doors] == ["stone", "stone"]
    assert board.doors == frozenset(d.hex for d in s.doors)
    assert len(s.starting_hexes) == 7
    assert sum(1 for t in board.terrain.values() if t is Terrain.OBSTACLE) == 4  # two 2-hex tables
    assert sum(1 for t in board.terrain.values() if t is Terrain.TRAP) == 2
    # A hex of room 1 touching a hex of room 2 is separated by a thin wall unless it is the door.
    r1, r2 = smap.room_hexes[1], smap.room_hexes[2]
    door = s.doors[0].hex if s.doors[0].rooms == (1, 2) else s.doors[1].hex
    for h in r1 - {door}:
        for n in neighbours(h):
            if n in r2 and n != door:
                assert not board.adjacent(h, n)
    assert all(board.adjacent(door, n) for n in neighbours(door) if n in board)


def test_rooms_are_tile_groups(scenarios: dict[int, Scenario]) -> None:
    # Inox Encampment's first room is two tiles joined by corridors.
    room = scenarios[3].room(1)
    assert sorted(t.ref for t in room.tiles) == ["L1b", "L3a"]
    corridors = [o for o in scenarios[3].overlays if o.kind == "corridor"]
    assert len(corridors) == 7


def test_tiles_do_not_overlap(scenarios: dict[int, Scenario]) -> None:
    for s in scenarios.values():
        seen: set[tuple[int, int]] = set()
        for room in s.rooms:
            for tile in room.tiles:
                hexes = set(tile_hexes(tile))
                assert not hexes & seen, (s.number, tile.ref)
                seen |= hexes


# --- the check finds what is wrong ----------------------------------------------------------


def _room_replace(s: Scenario, number: int, **changes: object) -> Scenario:
    rooms = tuple(msgspec.structs.replace(r, **changes) if r.number == number else r for r in s.rooms)
    return msgspec.structs.replace(s, rooms=rooms)


def _messages(s: Scenario, counts: dict[str, int]) -> list[str]:
    return [f"{p.field}: {p.message}" for p in check_scenarios({s.number: s}, monster_counts=counts)]


def test_check_catches_a_monster_off_the_map(scenarios: dict[int, Scenario], counts: dict[str, int]) -> None:
    s = scenarios[1]
    room = s.room(1)
    moved = (msgspec.structs.replace(room.monsters[0], hex=(99, 99)), *room.monsters[1:])
    msgs = _messages(_room_replace(s, 1, monsters=moved), counts)
    assert any("off the map" in m and m.startswith("rooms[0].monsters[0].hex") for m in msgs)


def test_check_catches_a_monster_on_an_obstacle(
    scenarios: dict[int, Scenario], counts: dict[str, int]
) -> None:
    s = scenarios[1]
    obstacle = next(o.hexes[0] for o in s.overlays if o.kind == "obstacle")
    room = s.room(3)
    moved = (msgspec.structs.replace(room.monsters[0], hex=obstacle), *room.monsters[1:])
    assert any("on a obstacle" in m for m in _messages(_room_replace(s, 3, monsters=moved), counts))


def test_check_catches_a_room_without_a_door(scenarios: dict[int, Scenario], counts: dict[str, int]) -> None:
    s = scenarios[1]
    cut = msgspec.structs.replace(s, doors=tuple(d for d in s.doors if 3 not in d.rooms))
    msgs = _messages(cut, counts)
    assert "rooms.3: not joined to the rest of the map by any door" in msgs
    assert any("cannot be reached" in m for m in msgs)


def test_check_catches_counts_falling(scenarios: dict[int, Scenario], counts: dict[str, int]) -> None:
    s = scenarios[1]
    extra = Placement("bandit-guard", (0, 0), ("elite", "none", "none"))
    room = s.room(2)
    msgs = _messages(_room_replace(s, 2, monsters=(*room.monsters, extra)), counts)
    assert any("elites for 2 characters but" in m for m in msgs)
    waived = msgspec.structs.replace(
        _room_replace(s, 2, monsters=(*room.monsters, extra)),
        standee_waivers=(*s.standee_waivers, "bandit-guard"),
    )
    assert not any("characters but" in m and "bandit-guard" in m for m in _messages(waived, counts))


def test_check_catches_too_many_standees(scenarios: dict[int, Scenario], counts: dict[str, int]) -> None:
    s = scenarios[1]
    msgs = _messages(s, {**counts, "bandit-guard": 3})
    assert "monsters.bandit-guard: 6 standees placed at room 1 for 4 characters, the box has 3" in msgs


def test_check_catches_unknown_monsters_and_shared_hexes(
    scenarios: dict[int, Scenario], counts: dict[str, int]
) -> None:
    s = scenarios[1]
    room = s.room(1)
    twin = msgspec.structs.replace(room.monsters[0], monster="bandit-gard")
    msgs = _messages(_room_replace(s, 1, monsters=(*room.monsters, twin)), counts)
    assert any("unknown monster 'bandit-gard'" in m for m in msgs)
    assert any("share hex" in m for m in msgs)


def test_check_catches_bad_references_and_expressions(
    scenarios: dict[int, Scenario], counts: dict[str, int]
) -> None:
    s = scenarios[2]
    rule = msgspec.structs.replace(s.rules[0], when="R ==", requires_rooms=(9,))
    bad = msgspec.structs.replace(s, rules=(rule,), doors=(*s.doors, Door((0, 0), "stone", (1, 42))))
    msgs = _messages(bad, counts)
    assert any(m.startswith("rules[0].when:") for m in msgs)
    assert any("room 9 does not exist" in m for m in msgs)
    assert any("room 42 does not exist" in m for m in msgs)


def test_check_catches_a_treasure_missing_from_the_rooms(
    scenarios: dict[int, Scenario], counts: dict[str, int]
) -> None:
    s = _room_replace(scenarios[1], 3, treasures=())
    expected = "overlays: treasure tiles on the map [7] differ from the rooms' treasures []"
    assert expected in _messages(s, counts)


def test_check_catches_broken_reveals(scenarios: dict[int, Scenario], counts: dict[str, int]) -> None:
    s = _room_replace(scenarios[1], 2, reveals=())
    msgs = _messages(s, counts)
    assert "rooms[2]: room 3 is never revealed (no room or rule reveals it)" in msgs
    assert any(m.startswith("doors[") and "neither room 2 nor room 3 reveals the other" in m for m in msgs)
    s = _room_replace(scenarios[1], 1, initial=False)
    assert "rooms: no room is in play at setup (initial)" in _messages(s, counts)


# --- user files -------------------------------------------------------------------------------


def test_a_user_folder_is_validated_with_file_and_field(tmp_path: Path) -> None:
    good = (default_folder() / "01.json").read_bytes()
    (tmp_path / "01.json").write_bytes(good)
    assert list(load_scenarios(tmp_path)) == [1]
    data = json.loads(good)
    data["rooms"][0]["tiles"][0]["turns"] = "three"
    (tmp_path / "01.json").write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"01\.json.*rooms\[0\]\.tiles\[0\]\.turns"):
        load_scenarios(tmp_path)
    (tmp_path / "01.json").write_text("{")
    with pytest.raises(ContentError, match=r"01\.json: not valid JSON"):
        load_scenarios(tmp_path)
    (tmp_path / "01.json").write_bytes(good)
    (tmp_path / "07.json").write_bytes(good)
    with pytest.raises(ContentError, match="file name says scenario 7"):
        load_scenarios(tmp_path)


def test_unknown_tile_is_a_content_error(scenarios: dict[int, Scenario]) -> None:
    s = scenarios[1]
    room = s.room(1)
    tile = msgspec.structs.replace(room.tiles[0], ref="Z9z")
    with pytest.raises(ContentError, match="unknown map tile 'Z9z'"):
        build_map(_room_replace(s, 1, tiles=(tile,)))


def test_decode_roundtrip(scenarios: dict[int, Scenario]) -> None:
    s = scenarios[3]
    assert decode_scenario(encode_scenario(s), where="x") == s
