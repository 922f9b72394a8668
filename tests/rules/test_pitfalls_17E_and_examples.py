"""Golden tests named for the rules digest's monster-AI pitfalls (§17.E) and the worked examples
of §18 that concern monsters (18.5, 18.6, 18.13).

Own boards are built here in the gh-monster-ai-cases format; where the reference cases already
encode the rulebook's example, the test names the rule and runs that case.
"""

from __future__ import annotations

from typing import Any

import pytest

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import disk
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.expr import parse
from delvekit.gloomhaven.monster_ai.cases import check_case, load, parse_document, solve_case

REFERENCE = load("tests/data/monster-ai/cases.json")
BY_ID = {c.id: c for c in REFERENCE.cases}


def _solve(
    figures: list[dict[str, Any]],
    *,
    move: int,
    attack: dict[str, Any] | None = None,
    terrain: dict[str, list[list[int]]] | None = None,
    walls: list[list[list[int]]] | None = None,
    radius: int = 6,
) -> set[tuple[tuple[int, int], tuple[str, ...]]]:
    doc = {
        "format": {"name": "gh-monster-ai-cases", "version": 1},
        "boards": {"disk": [list(h) for h in disk((0, 0), radius)]},
        "cases": [
            {
                "id": "pitfall",
                "ruleset": "gloomhaven",
                "board": "disk",
                "walls": walls or [],
                "terrain": terrain or {},
                "figures": figures,
                "ability": {
                    "move": move,
                    "jump": False,
                    "flying": False,
                    "teleport": False,
                    "muddled": False,
                    "attack": attack
                    if attack is not None
                    else {"range": 0, "melee": True, "targets": 1, "aoe": None},
                },
                "expected": {"match": "exact_set", "outcomes": [{"destination": [0, 0], "targets": []}]},
            }
        ],
    }
    case = parse_document(doc).cases[0]
    return {(o.destination, tuple(o.targets)) for o in solve_case(case)}


def _monster(q: int, r: int) -> dict[str, Any]:
    return {"id": "A", "side": "monster", "hex": [q, r], "active": True}


def _character(name: str, q: int, r: int, initiative: int = 50) -> dict[str, Any]:
    return {"id": name, "side": "character", "hex": [q, r], "initiative": initiative}


def test_e1_ghfs25_out_of_reach_monster_ends_nearest_its_destination() -> None:
    # Move 3 cannot reach (0, 5), the only best hex next to C: the monster walks 3 hexes
    # straight toward it and ends 2 hexes short, attacking nobody.
    assert _solve([_monster(0, 0), _character("C", 0, 6)], move=3) == {((0, 3), ())}


def test_e1_ghfs25_reference_case_longer_path_around_traps() -> None:
    assert check_case(BY_ID["gloom-132-gloomhaven"]).matched


def test_e2_ghfs24_pathing_passes_allies_and_avoids_traps() -> None:
    figures = [_monster(0, 0), {"id": "M2", "side": "monster", "hex": [0, -1]}, _character("C", 0, -3)]
    # Straight through the ally to (0, -2); a trap there sends it round to a clean hex instead.
    assert _solve(figures, move=3) == {((0, -2), ("C",))}
    around = _solve(figures, move=3, terrain={"trap": [[0, -2]]})
    assert around and all(dest != (0, -2) for dest, _ in around)
    assert all(targets == ("C",) for _, targets in around)


def test_e2_ghfs24_crosses_traps_only_when_no_clean_path_exists() -> None:
    # Every hex next to C is a trap: the monster must cross exactly one.
    ring = [[0, -4], [1, -4], [1, -3], [0, -2], [-1, -2], [-1, -3]]
    outcomes = _solve([_monster(0, 0), _character("C", 0, -3)], move=3, terrain={"trap": ring})
    assert outcomes == {((0, -2), ("C",))}


def test_e3_gloom12_tied_destinations_are_all_offered_even_out_of_reach() -> None:
    # An obstacle between monster and character: (1, -2) and (-1, -1) both attack C after two
    # steps. With Move 1 neither is reachable; the players pick the destination, and the
    # monster steps toward it: two outcomes, not one chosen by how close it can get.
    figures = [_monster(0, 0), _character("C", 0, -2)]
    terrain = {"obstacle": [[0, -1]]}
    assert _solve(figures, move=1, terrain=terrain) == {((1, -1), ()), ((-1, 0), ())}
    assert _solve(figures, move=2, terrain=terrain) == {((1, -2), ("C",)), ((-1, -1), ("C",))}


def test_e4_vgb83_thin_wall_breaks_adjacency_range_and_melee() -> None:
    hexes = disk((0, 0), 3)
    board = Board.build(hexes, walls=[((0, 0), (1, 0))])
    assert not board.adjacent((0, 0), (1, 0))
    assert proximity(board, (0, 0))[(1, 0)] == 2  # counted around the wall
    melee = _solve(
        [_monster(0, 0), _character("C", 1, 0)], move=0, walls=[[[0, 0], [1, 0]]], radius=3
    )
    assert melee == {((0, 0), ())}  # no melee attack across the wall


def test_e4_vgb83_grazing_a_wall_vertex_blocks_sight() -> None:
    # A wall hex at (0, -1): hexes on either side of it straight through its middle see nothing.
    hexes = disk((0, 0), 4)
    board = Board.build(hexes, terrain={(0, -1): Terrain.WALL})
    sight = sight_for(board, "corner_to_corner")
    assert not sight.visible((0, 0), (0, -2))
    assert sight.visible((0, 0), (1, -2))
    assert sight.visible((0, 0), (0, -2)) == sight.visible((0, -2), (0, 0))


def test_18_5_traps_count_as_obstacles_for_focus() -> None:
    # Tinkerer reachable only across a trap, Brute by a clean path: the monster focuses the
    # Brute; alone, the Tinkerer is reached across the trap.
    ring = [[0, -4], [1, -4], [1, -3], [0, -2], [-1, -2], [-1, -3]]
    figures = [_monster(0, 0), _character("tinkerer", 0, -3, 10), _character("brute", 0, 4, 90)]
    assert {t for _, t in _solve(figures, move=2, terrain={"trap": ring})} == {()}
    heading = _solve(figures, move=6, terrain={"trap": ring})
    assert {t for _, t in heading} == {("brute",)}
    alone = _solve(figures[:2], move=3, terrain={"trap": ring})
    assert alone == {((0, -2), ("tinkerer",))}
    assert check_case(BY_ID["gloom-089-gloomhaven"]).matched


@pytest.mark.parametrize("case_id", ["gloom-078-gloomhaven", "gloom-018-gloomhaven", "gloom-132-gloomhaven"])
def test_18_6_archer_never_steps_into_a_trap_it_can_avoid(case_id: str) -> None:
    assert check_case(BY_ID[case_id]).matched


def test_18_6_archer_stays_put_rather_than_step_on_the_trap_in_range() -> None:
    # Range 3 against C at (0, -4): the one hex in range one step away is a trap, and the clean
    # hexes in range are two steps away behind obstacles. With Move 2 it walks round and shoots;
    # with Move 1 it does not enter the trap and does not attack.
    figures = [_monster(0, 0), _character("brute", 0, -4)]
    terrain = {"trap": [[0, -1]], "obstacle": [[-1, -1]]}
    ranged = {"range": 3, "melee": False, "targets": 1, "aoe": None}
    assert _solve(figures, move=2, attack=ranged, terrain=terrain) == {((1, -2), ("brute",))}
    one = _solve(figures, move=1, attack=ranged, terrain=terrain)
    assert all(targets == () for _, targets in one)
    assert all(dest != (0, -1) for dest, _ in one)


def test_18_13_boss_health_bandit_commander_level_1_three_characters() -> None:
    commander = load_pack().monsters["bandit-commander"]
    health = commander.stats(1, "boss").health
    assert parse(str(health)).evaluate(C=3, L=1) == 30
