"""Property tests of the spatial core: hex metric, symmetries, line of sight, movement costs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import DIRECTIONS, Hex, centre_point, disk, distance, mirror, rotate
from delvekit.core.los import Sight, _clear_scaled
from delvekit.core.paths import Mover, movement, path_cost, proximity

RADIUS = 3
BOARD_HEXES = disk((0, 0), RADIUS)
coords = st.tuples(st.integers(-20, 20), st.integers(-20, 20))
board_hex = st.sampled_from(BOARD_HEXES)
terrain_kind = st.sampled_from(
    [Terrain.WALL, Terrain.OBSTACLE, Terrain.TRAP, Terrain.DIFFICULT, Terrain.ICY, Terrain.HAZARDOUS]
)


@st.composite
def boards(draw: st.DrawFn, kinds: st.SearchStrategy[Terrain] = terrain_kind) -> Board:
    terrain = draw(st.dictionaries(board_hex, kinds, max_size=10))
    walls = []
    for h in draw(st.lists(board_hex, max_size=6)):
        d = DIRECTIONS[draw(st.integers(0, 5))]
        walls.append((h, (h[0] + d[0], h[1] + d[1])))
    return Board.build(BOARD_HEXES, terrain=terrain, walls=walls)


@given(coords, coords, coords)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, b) == distance(b, a) >= 0
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(coords, coords)
def test_six_rotations_are_the_identity(h: Hex, centre: Hex) -> None:
    turned = h
    for _ in range(6):
        turned = rotate(turned, 1, centre)
    assert turned == h
    assert distance(rotate(h, 2, centre), centre) == distance(h, centre)


@given(coords, coords)
def test_mirror_twice_is_the_identity(h: Hex, centre: Hex) -> None:
    assert mirror(mirror(h, centre), centre) == h
    assert distance(mirror(h, centre), centre) == distance(h, centre)


@given(boards(), board_hex, board_hex, st.sampled_from(["corner_to_corner", "hex_area"]))
def test_line_of_sight_is_symmetric(board: Board, a: Hex, b: Hex, rule: str) -> None:
    sight = Sight(board, rule)
    # Ask the geometry in both orders (the public query memoises one answer per pair).
    if rule == "corner_to_corner":
        assert sight._corner_los(a, b) == sight._corner_los(b, a)
    elif a != b:
        assert sight._area_los(a, b) == sight._area_los(b, a)


@given(boards(), board_hex, board_hex)
def test_corner_sight_implies_area_sight(board: Board, a: Hex, b: Hex) -> None:
    # A clear corner-to-corner segment can be nudged into both hex interiors.
    if Sight(board, "corner_to_corner").visible(a, b):
        assert Sight(board, "hex_area").visible(a, b)


@given(boards(), board_hex, board_hex, board_hex, st.sampled_from(["corner_to_corner", "hex_area"]))
def test_adding_a_wall_never_adds_sight(board: Board, a: Hex, b: Hex, w: Hex, rule: str) -> None:
    if w in (a, b):
        return
    walled = board.replace(terrain={**board.terrain, w: Terrain.WALL})
    if Sight(walled, rule).visible(a, b):
        assert Sight(board, rule).visible(a, b)


@given(boards(), board_hex)
def test_range_is_symmetric_and_at_least_the_grid_distance(board: Board, a: Hex) -> None:
    if board.is_wall(a):
        return
    from_a = proximity(board, a)
    for b, d in from_a.items():
        assert d >= distance(a, b)
        assert proximity(board, b)[a] == d


@given(boards(), board_hex, st.sampled_from(["walk", "jump", "fly", "teleport"]), st.booleans())
def test_path_cost_is_the_sum_of_its_steps(board: Board, start: Hex, mode: str, pays: bool) -> None:
    mover = Mover(
        mode=mode,  # type: ignore[arg-type]
        ends_on_obstacles=mode == "fly",
        landing_negative=mode != "fly",
        jump_pays_difficult_on_landing=pays,
    )
    field = movement(board, start, mover)
    for h in BOARD_HEXES:
        cost = field.cost(h)
        if cost is None:
            assert field.path(h) == []
            continue
        path = field.path(h)
        assert path[0] == start and path[-1] == h
        assert path_cost(board, path, mover) == cost


_M = 6
_INTERIOR = [
    (x, y) for x in range(-2 * _M + 1, 2 * _M, 2) for y in range(-_M + 1, _M, 2) if abs(x) + abs(y) < 2 * _M
]
"""Sample points strictly inside a hex (lattice coordinates times _M, centred on 0)."""


@given(boards(st.sampled_from([Terrain.WALL, Terrain.TRAP])), board_hex, board_hex)
def test_area_sight_finds_every_sampled_clear_segment(board: Board, a: Hex, b: Hex) -> None:
    # Brute force from the rule's wording: any point of one hex to any point of the other. If
    # one of the sampled interior-to-interior segments touches no wall, sight must exist.
    if a == b or board.is_wall(a) or board.is_wall(b):
        return
    sight = Sight(board, "hex_area")
    near = sight._near(a, b)
    ca, cb = centre_point(a), centre_point(b)
    clear = any(
        _clear_scaled((ca[0] * _M + px, ca[1] * _M + py), (cb[0] * _M + qx, cb[1] * _M + qy), near, _M)
        for px, py in _INTERIOR
        for qx, qy in _INTERIOR
    )
    if clear:
        assert sight.visible(a, b)
