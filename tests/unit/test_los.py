"""Line of sight: exact corner-to-corner (Gloomhaven) and hex-area (Jaws of the Lion, Frosthaven)."""

from __future__ import annotations

import pytest

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import corners, disk
from delvekit.core.los import Sight, segments_touch, sight_for

RULES = ("corner_to_corner", "hex_area")


def test_touching_counts_as_intersecting() -> None:
    assert segments_touch((0, 0), (4, 0), (4, 0), (6, 2))  # shared end point
    assert segments_touch((0, 0), (4, 0), (2, 0), (3, 0))  # collinear overlap
    assert segments_touch((0, 0), (4, 4), (0, 4), (4, 0))  # proper crossing
    assert not segments_touch((0, 0), (4, 0), (0, 1), (4, 1))  # parallel
    assert not segments_touch((0, 0), (2, 2), (3, 3), (5, 5))  # collinear, apart


@pytest.mark.parametrize("rule", RULES)
def test_open_board_sees_everything(rule: str) -> None:
    sight = Sight(Board.build(disk((0, 0), 3)), rule)
    assert all(sight.visible((0, 0), h) for h in disk((0, 0), 3))


@pytest.mark.parametrize("rule", RULES)
def test_wall_hex_and_door_block(rule: str) -> None:
    line = [(0, r) for r in range(-3, 1)]
    assert not Sight(Board.build(line, terrain={(0, -1): Terrain.WALL}), rule).visible((0, 0), (0, -2))
    assert not Sight(Board.build(line, doors=[(0, -1)]), rule).visible((0, 0), (0, -2))
    assert Sight(Board.build(line, terrain={(0, -1): Terrain.OBSTACLE}), rule).visible((0, 0), (0, -2))


def test_missing_hexes_do_not_block() -> None:
    # Only the two end hexes exist; the gap between them is not a wall.
    for rule in RULES:
        assert Sight(Board.build([(0, 0), (0, -3)]), rule).visible((0, 0), (0, -3))


def test_corners_on_a_wall_are_not_endpoints() -> None:
    board = Board.build(disk((0, 0), 2), walls=[((0, 0), (0, -1))])
    sight = Sight(board, "corner_to_corner")
    usable = sight.usable_corners((0, 0))
    assert len(usable) == 4
    assert (-1, -1) not in usable and (1, -1) not in usable  # the ends of the north side


def test_thin_wall_neighbours_see_round_the_end() -> None:
    # A thin wall on the shared side: the hexes still see each other past either end of it.
    board = Board.build(disk((0, 0), 2), walls=[((0, 0), (0, -1))])
    for rule in RULES:
        assert Sight(board, rule).visible((0, 0), (0, -1))
    # Close both ends with wall hexes: now they cannot.
    closed = Board.build(
        disk((0, 0), 2), walls=[((0, 0), (0, -1))], terrain={(1, -1): Terrain.WALL, (-1, 0): Terrain.WALL}
    )
    for rule in RULES:
        assert not Sight(closed, rule).visible((0, 0), (0, -1))


def test_grazing_a_wall_vertex_blocks_corner_rule() -> None:
    # Walls at (0,0) and (2,-1) leave a one-edge gap. From (-2,-1) the only segments that pass the
    # gap end on the upper corners of (1,0), and those corners touch the walls: no LOS under the
    # corner rule. Any point to any point: some segment passes the gap into (1,0).
    board = Board.build(disk((0, 0), 3), terrain={(0, 0): Terrain.WALL, (2, -1): Terrain.WALL})
    corner = Sight(board, "corner_to_corner")
    area = Sight(board, "hex_area")
    assert corner.usable_corners((1, 0)) == [corners((1, 0))[2], corners((1, 0))[3]]
    assert not corner.visible((-2, -1), (1, 0))
    assert area.visible((-2, -1), (1, 0))
    # Straight through the middle of the gap both rules agree.
    assert corner.visible((1, -2), (1, 1)) and area.visible((1, -2), (1, 1))


def test_sight_for_shares_answers_between_equal_boards() -> None:
    a = Board.build(disk((0, 0), 2), terrain={(0, 0): Terrain.WALL, (1, 1): Terrain.TRAP})
    b = Board.build(disk((0, 0), 2), terrain={(0, 0): Terrain.WALL})
    assert sight_for(a, "hex_area") is sight_for(b, "hex_area")
    assert sight_for(a, "hex_area") is not sight_for(a, "corner_to_corner")


def test_sightline_is_clear_and_from_corners() -> None:
    board = Board.build(disk((0, 0), 3), terrain={(0, -1): Terrain.WALL})
    sight = Sight(board, "corner_to_corner")
    line = sight.sightline((0, 1), (1, -3))
    assert line is not None
    assert line[0] in corners((0, 1)) and line[1] in corners((1, -3))
    assert sight.sightline((0, 0), (0, -2)) is None


def test_unknown_rule() -> None:
    with pytest.raises(ValueError, match="unknown line-of-sight rule"):
        Sight(Board.build([(0, 0)]), "telepathy")
