"""Board construction and queries."""

from __future__ import annotations

import pytest

from delvekit.core.board import Board, Terrain
from delvekit.core.errors import BoardError
from delvekit.core.hexes import disk


def test_build_rejects_inconsistent_input() -> None:
    with pytest.raises(BoardError, match="not on the board"):
        Board.build([(0, 0)], terrain={(1, 1): Terrain.TRAP})
    with pytest.raises(BoardError, match="not neighbours"):
        Board.build([(0, 0), (2, 0)], walls=[((0, 0), (2, 0))])
    with pytest.raises(BoardError, match="touches no board hex"):
        Board.build([(0, 0)], walls=[((5, 5), (5, 6))])
    with pytest.raises(BoardError, match="door"):
        Board.build([(0, 0)], doors=[(1, 0)])


def test_adjacency_respects_thin_walls_and_missing_hexes() -> None:
    board = Board.build(disk((0, 0), 1), walls=[((0, 0), (1, 0))])
    assert not board.adjacent((0, 0), (1, 0))
    assert board.adjacent((0, 0), (0, 1))
    assert not board.adjacent((0, 0), (2, 0))
    assert (1, 0) not in board.links[(0, 0)]


def test_rim_walls_close_the_edge() -> None:
    board = Board.build([(0, 0), (0, -1)], rim_walls=True)
    assert len(board.walls) == 10  # every side of both hexes but the shared one
    assert board.adjacent((0, 0), (0, -1))


def test_wall_hexes_and_doors() -> None:
    board = Board.build(disk((0, 0), 1), terrain={(0, -1): Terrain.WALL}, doors=[(1, 0)])
    assert board.is_wall((0, -1)) and board.is_wall((9, 9)) and not board.is_wall((0, 0))
    assert board.blocks_sight((0, -1)) and board.blocks_sight((1, 0))
    assert (0, -1) not in board.links
    opened = board.replace(doors=frozenset())
    assert not opened.blocks_sight((1, 0)) and board.blocks_sight((1, 0))
    assert Terrain.TRAP.negative and not Terrain.DIFFICULT.negative
