"""Movement search (walk, jump, fly, teleport, icy slides) and range counted around walls."""

from __future__ import annotations

import pytest

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import disk
from delvekit.core.paths import Mover, MoveSearch, costs_to, movement, path_cost, proximity

LINE = [(0, r) for r in range(-5, 1)]


def test_range_is_counted_round_walls() -> None:
    board = Board.build(disk((0, 0), 2), walls=[((0, 0), (0, -1))])
    assert proximity(board, (0, 0))[(0, -1)] == 2
    assert not board.adjacent((0, 0), (0, -1))
    walled = Board.build(LINE, terrain={(0, -2): Terrain.WALL})
    assert (0, -3) not in proximity(walled, (0, 0))
    blocked = Board.build(LINE, terrain={(0, -2): Terrain.OBSTACLE})
    assert proximity(blocked, (0, 0))[(0, -3)] == 3  # obstacles do not lengthen range
    assert proximity(Board.build(LINE), (0, 0), limit=2) == {(0, 0): 0, (0, -1): 1, (0, -2): 2}


def test_difficult_terrain_costs_two() -> None:
    board = Board.build(LINE, terrain={(0, -1): Terrain.DIFFICULT})
    assert movement(board, (0, 0), Mover()).cost((0, -2)) == (0, 3)
    assert movement(board, (0, 0), Mover(mode="fly")).cost((0, -2)) == (0, 2)


def test_negative_hexes_are_avoided_whatever_the_detour() -> None:
    # A trap straight ahead; the way round is longer but clean.
    board = Board.build(disk((0, 0), 2), terrain={(0, -1): Terrain.TRAP})
    field = movement(board, (0, 0), Mover())
    assert field.cost((0, -2)) == (0, 3)
    assert (0, -1) not in field.path((0, -2))
    # When every way crosses a negative hex, the fewest count.
    line = Board.build(LINE, terrain={(0, -1): Terrain.TRAP, (0, -3): Terrain.HAZARDOUS})
    assert movement(line, (0, 0), Mover()).cost((0, -4)) == (2, 4)


def test_walking_passes_allies_not_enemies_and_ends_on_neither() -> None:
    board = Board.build(LINE)
    through_ally = movement(board, (0, 0), Mover(allies=frozenset({(0, -1)})))
    assert through_ally.cost((0, -2)) == (0, 2)
    assert not through_ally.can_end[through_ally.grid.index[(0, -1)]]
    blocked = movement(board, (0, 0), Mover(enemies=frozenset({(0, -1)})))
    assert blocked.cost((0, -2)) is None
    assert (0, -2) not in blocked.ends(10)


def test_jump_pays_only_the_landing() -> None:
    board = Board.build(
        LINE, terrain={(0, -1): Terrain.OBSTACLE, (0, -2): Terrain.TRAP, (0, -3): Terrain.DIFFICULT}
    )
    enemies = frozenset({(0, -4)})
    gh = movement(board, (0, 0), Mover(mode="jump", enemies=enemies))
    assert gh.cost((0, -5)) == (0, 5)  # over the obstacle, trap, difficult hex and an enemy
    assert gh.cost((0, -2)) == (1, 2)  # landing on the trap springs it
    assert gh.cost((0, -3)) == (0, 4)  # landing on difficult terrain pays 2 (Gloomhaven)
    fh = movement(board, (0, 0), Mover(mode="jump", enemies=enemies, jump_pays_difficult_on_landing=False))
    assert fh.cost((0, -3)) == (0, 3)
    assert movement(board, (0, 0), Mover()).cost((0, -5)) is None


def test_flying_ignores_terrain_and_may_end_on_obstacles() -> None:
    board = Board.build(LINE, terrain={(0, -1): Terrain.TRAP, (0, -2): Terrain.OBSTACLE})
    field = movement(board, (0, 0), Mover(mode="fly", ends_on_obstacles=True, landing_negative=False))
    assert field.cost((0, -1)) == (0, 1)
    assert (0, -2) in field.ends(2)
    walker = movement(board, (0, 0), Mover())
    assert (0, -2) not in walker.ends(5)


def test_teleport_ignores_walls_but_lands_legally() -> None:
    board = Board.build(LINE, terrain={(0, -1): Terrain.WALL, (0, -2): Terrain.WALL})
    field = movement(board, (0, 0), Mover(mode="teleport"))
    assert field.cost((0, -3)) == (0, 3)
    assert (0, -1) not in field.ends(5) and (0, -3) in field.ends(5)


def test_icy_terrain_slides_until_stopped() -> None:
    board = Board.build(LINE, terrain={(0, -1): Terrain.ICY, (0, -2): Terrain.ICY})
    field = movement(board, (0, 0), Mover())
    # One step onto the ice carries the figure to the first hex past it.
    assert field.path((0, -3)) == [(0, 0), (0, -3)]
    assert field.trail((0, -3)) == [(0, 0), (0, -1), (0, -2), (0, -3)]
    assert field.cost((0, -3)) == (0, 1)
    assert field.cost((0, -1)) is None  # it cannot stop on the ice mid-slide
    stopped = movement(board, (0, 0), Mover(allies=frozenset({(0, -3)})))
    assert stopped.cost((0, -2)) == (0, 1)  # an ally ends the slide before it


def test_costs_to_destination_match_forward_costs() -> None:
    board = Board.build(disk((0, 0), 3), terrain={(1, -1): Terrain.TRAP, (0, 1): Terrain.DIFFICULT})
    mover = Mover()
    back = costs_to(board, (0, -3), mover)
    for start in [(0, 2), (-2, 1), (3, -1)]:
        assert back[start] == movement(board, start, mover).cost((0, -3))
    search = MoveSearch(board, (0, 2), mover)
    neg, pts = search.to(search.field.grid.index[(0, -3)])
    assert (neg[search.field.start], pts[search.field.start]) == back[(0, 2)]


def test_path_cost_checks_each_step() -> None:
    board = Board.build(LINE, terrain={(0, -1): Terrain.DIFFICULT})
    assert path_cost(board, [(0, 0), (0, -1), (0, -2)], Mover()) == (0, 3)
    with pytest.raises(ValueError, match="no move"):
        path_cost(board, [(0, 0), (0, -2)], Mover())


def test_unknown_start() -> None:
    with pytest.raises(KeyError):
        movement(Board.build(LINE), (5, 5), Mover())
