"""Scenario 55 (Foggy Thicket): the seeded stand-in for the book's random dungeon
(delvekit.gloomhaven.content.random_dungeon) and its goal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from delvekit.core.errors import ContentError
from delvekit.core.hexes import neighbours
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.content.random_dungeon import (
    DATA_FILE,
    NOTE,
    monster_cards,
    scenario_55_cards,
    stand_in,
)
from delvekit.gloomhaven.content.scenario import Scenario
from delvekit.gloomhaven.content.scenario_check import check_one
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.rule_text import rule_line
from delvekit.gloomhaven.model.scenario_rules import Win

from .helpers import play_random


def _s55() -> Scenario:
    return load_pack().scenarios[55]


def test_the_pack_has_no_map_for_55_and_the_stand_in_says_so() -> None:
    assert _s55().map_source == "none" and not _s55().rooms
    s = stand_in(_s55(), seed=1)
    assert s.map_source == "custom" and s.notes[-1] == NOTE and "stand-in" in NOTE


def test_the_monster_cards_are_the_twenty_of_the_deck_and_55_uses_six() -> None:
    cards = monster_cards()
    assert len(cards) == 20 and sorted(c.number for c in cards.values()) == list(range(554, 574))
    assert [c.name for c in scenario_55_cards()] == [
        "Mangy",
        "Wild",
        "Scaled",
        "Cutthroat",
        "Tribal",
        "Infected",
    ]
    mangy = cards["Mangy"]
    assert [(s.monster, s.types) for s in mangy.standees if s.marker == "3"] == [
        ("cave-bear", ("normal", "normal", "elite"))
    ]
    assert {(o.kind, o.marker) for o in mangy.overlays} == {
        ("coin", "10"),
        ("coin", "11"),
        ("treasure", "12"),
    }


@pytest.mark.parametrize("seed", range(40))
def test_every_stand_in_passes_the_scenario_check(seed: int) -> None:
    pack = load_pack()
    s = stand_in(_s55(), seed)
    assert check_one(s, monster_counts={m: t.count for m, t in pack.monsters.items()}) == []
    # three rooms in a chain, one tile each, each tile used once (either side)
    assert [r.number for r in s.rooms] == [1, 2, 3] and [r.reveals for r in s.rooms] == [(2,), (3,), ()]
    assert len({r.tiles[0].ref[:2] for r in s.rooms}) == 3
    assert [d.rooms for d in s.doors] == [(1, 2), (2, 3)] and all(d.closed for d in s.doors)
    smap = s.map()
    assert set(s.starting_hexes) <= smap.room_hexes[1] and len(s.starting_hexes) == 6
    # the rooms touch only through their doors
    for a, b in ((1, 2), (1, 3), (2, 3)):
        only_a = smap.room_hexes[a] - set(smap.doors)
        only_b = smap.room_hexes[b] - set(smap.doors)
        assert not any(n in only_b for h in only_a for n in neighbours(h)), (seed, a, b)
    # three different monster cards of scenario 55; the goal treasure tile in room 3
    names = [r.marker for r in s.rooms]
    assert len(set(names)) == 3 and set(names) <= {c.name for c in scenario_55_cards()}
    (goal,) = [o for o in s.overlays if o.treasure == "goal"]
    assert smap.rooms_at(goal.hexes[0]) == (3,)
    assert not any(p.hex == goal.hexes[0] for _, p in s.placements())


def test_the_stand_in_is_deterministic_for_a_seed() -> None:
    assert stand_in(_s55(), 5) == stand_in(_s55(), 5)
    maps = {stand_in(_s55(), seed).rooms for seed in range(10)}
    assert len(maps) == 10
    party = [Member("brute"), Member("mindthief")]
    one = setup_from_pack(load_pack(), 55, party, seed=4)
    assert one == setup_from_pack(load_pack(), 55, party, seed=4)
    assert one != setup_from_pack(load_pack(), 55, party, seed=5)


def test_55_goal_is_the_treasure_in_the_third_room_by_a_loot_ability() -> None:
    setup = setup_from_pack(load_pack(), 55, [Member("brute"), Member("mindthief")], seed=2)
    s = stand_in(_s55(), 2)
    (goal,) = [o.hexes[0] for o in s.overlays if o.treasure == "goal"]
    assert Win(goal="loot", hexes=(goal,), by_ability=True) in setup.rules
    text = [rule_line(r) for r in setup.rules]
    assert "at|start|R == 1|character|add-modifier|minus1:3" in text


@pytest.mark.parametrize("seed", range(6))
def test_55_plays_to_the_end_with_invariants(seed: int) -> None:
    party = [Member("brute"), Member("mindthief"), Member("tinkerer")]
    game = play_random(Game(setup_from_pack(load_pack(), 55, party, seed=seed), seed=seed), seed=seed)
    assert game.state.result in ("victory", "defeat")


def test_a_bad_random_dungeon_file_names_the_file_and_field(tmp_path: Path) -> None:
    doc = json.loads(DATA_FILE.read_text())
    doc["monster_cards"][2]["standees"][0]["types"][0] = "huge"
    bad = tmp_path / "dungeon.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(
        ContentError, match=r"dungeon.json: \$\.monster_cards\[2\]\.standees\[0\]\.types\[0\]"
    ):
        monster_cards(bad)
    doc = json.loads(DATA_FILE.read_text())
    doc["scenario_55"]["monster_cards"][0] = "Grumpy"
    bad.write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=r"unknown monster card 'Grumpy'"):
        scenario_55_cards(bad)
    doc = json.loads(DATA_FILE.read_text())
    doc["monster_cards"][0]["overlays"][0]["marker"] = "13"
    bad.write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=r"position '13' is not 1..12"):
        monster_cards(bad)


def test_a_campaign_game_of_55_gets_the_map_of_its_own_seed() -> None:
    from delvekit.cli.play_campaign import party_setup
    from delvekit.gloomhaven.campaign.party import CharacterLoadout

    pack = load_pack()
    party = tuple(
        CharacterLoadout(name=n, cls=c, level=1, max_health=h, items=(), perks=(), cards=(), enhancements=(),
                         blessings=0)
        for n, c, h in (("Ana", "brute", 10), ("Bo", "mindthief", 6))
    )  # fmt: skip
    members = [Member("brute"), Member("mindthief")]
    for seed in (2, 7):
        board = party_setup(pack, 55, party, seed=seed).board
        assert board == setup_from_pack(pack, 55, members, seed=seed).board
    assert party_setup(pack, 55, party, seed=2).board != party_setup(pack, 55, party, seed=7).board
