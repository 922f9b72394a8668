"""The square grid (core/squares.py): each test is a small golden board named for the rule it
shows (rules digest §4.4 movement and walls, §4.5 large monsters, §4.7 line of sight, §4.14
fixtures). Boards are drawn as text: '.' a square, '#' an obstacle, ' ' no square; row 0 is
the bottom line."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from delvekit.core.squares import SquareBoard, chebyshev, edge

Side = tuple[tuple[int, int], tuple[int, int]]


def board(
    text: str, walls: list[Side] | None = None, doors: dict[str, list[Side]] | None = None
) -> SquareBoard:
    lines = [line for line in text.strip("\n").splitlines()]
    cells, terrain = [], {}
    for row, line in enumerate(reversed(lines)):
        for x, ch in enumerate(line):
            if ch == " ":
                continue
            cells.append((x, row))
            if ch == "#":
                terrain[(x, row)] = "obstacle"
            elif ch == "~":
                terrain[(x, row)] = "water"
    return SquareBoard.build(cells, terrain=terrain, walls=walls or [], doors=doors or {})


def obstacles(b: SquareBoard) -> set[tuple[int, int]]:
    return {sq for sq, kind in b.terrain.items() if kind == "obstacle"}


OPEN = board("""
......
......
......
......
""")


def test_adjacent_squares_always_see_each_other_4_7() -> None:
    b = board("""
.#.
.#.
""")
    assert b.line_of_sight((0, 0), (0, 1), blocked=obstacles(b))
    assert b.line_of_sight((0, 0), (1, 1), blocked={(1, 0), (0, 1)})  # diagonal between two figures


def test_a_figure_between_blocks_the_line_4_7() -> None:
    assert OPEN.line_of_sight((0, 1), (4, 1))
    assert not OPEN.line_of_sight((0, 1), (2, 1), blocked={(1, 1), (1, 0), (1, 2)})


def test_line_through_the_shared_corner_of_diagonal_obstacles_is_clear_tile_4A_4_14() -> None:
    # tile 4A: two obstacles meet at one corner; attacks along that exact corner are legal
    b = board("""
....
.#..
..#.
....
""")
    blocked = obstacles(b)
    # melee: the two squares on the other diagonal are adjacent and see each other
    assert b.adjacent((1, 1), (2, 2)) and b.line_of_sight((1, 1), (2, 2), blocked=blocked)
    # ranged: from (0, 0) to (3, 3) the only lines run through the corner (2, 2) the obstacles share
    assert b.line_of_sight((0, 0), (3, 3), blocked=blocked)
    # the line touches the corners of both obstacles and crosses neither
    assert b.clear_line((1, 1), (0, 0), (3, 3), (3, 3), blocked | {(0, 0), (3, 3)}, ())


def test_running_along_the_side_of_a_blocked_square_blocks_4_7() -> None:
    b = board("""
....
....
....
""")
    # two figures in a row between attacker (0,0) and target (3,0): every corner line either
    # crosses them or runs along their top sides
    assert not b.line_of_sight((0, 0), (3, 0), blocked={(1, 0), (2, 0)})
    # the line along y = 1 alone: blocked by running along (1,0) and (2,0)'s sides
    assert not b.clear_line((1, 1), (0, 0), (3, 1), (3, 0), {(1, 0), (2, 0), (0, 0), (3, 0)}, ())
    # the same line with nothing beside it is clear
    assert b.clear_line((1, 1), (0, 0), (3, 1), (3, 0), {(0, 0), (3, 0)}, ())


def test_touching_only_a_corner_does_not_block_4_7() -> None:
    b = board("\n".join(["...."] * 4))
    corners = {(1, 0), (0, 1), (2, 1), (1, 2)}  # four figures touching the diagonal's corners
    assert b.line_of_sight((0, 0), (3, 3), blocked=corners)
    assert not b.line_of_sight((0, 0), (3, 3), blocked=corners | {(2, 2)})


def test_the_target_space_itself_blocks_lines_through_it_faq() -> None:
    # the far corner of the target: the line would cross the target's own square
    assert not OPEN.clear_line((1, 1), (0, 0), (4, 4), (3, 3), {(0, 0), (3, 3)}, ())
    assert OPEN.clear_line((1, 1), (0, 0), (3, 3), (3, 3), {(0, 0), (3, 3)}, ())


def test_a_wall_blocks_sight_and_adjacency_4_4() -> None:
    b = board(
        """
...
...
""",
        walls=[((1, 0), (1, 1)), ((0, 0), (0, 1))],
    )
    assert not b.adjacent((0, 0), (0, 1))
    assert not b.line_of_sight((0, 0), (0, 1))
    assert b.adjacent((1, 0), (2, 0))


def test_walls_at_a_shared_corner_separate_diagonal_squares_faq_4_4() -> None:
    # a straight wall along y = 1 under x in 0..2: (0,0) and (1,1) share a corner across it
    b = board(
        """
...
...
""",
        walls=[((0, 0), (0, 1)), ((1, 0), (1, 1))],
    )
    assert not b.adjacent((0, 0), (1, 1))
    assert not b.line_of_sight((0, 0), (1, 1))
    assert b.adjacent((1, 0), (2, 1))  # past the wall's end


def test_a_room_corner_lets_figures_move_diagonally_around_it_4_4() -> None:
    # an L-shaped map: the missing square's sides are walls, but (0,1) -> (1,0) goes round the corner
    b = board("""
.
..
""")
    assert b.adjacent((0, 1), (1, 0))
    assert b.line_of_sight((0, 1), (1, 0))


def test_a_wall_end_touching_a_corner_does_not_block_the_diagonal_4_4() -> None:
    b = board(
        """
..
..
""",
        walls=[((0, 0), (1, 0))],
    )
    # the wall piece ends at the corner (1, 1): the diagonal (0,0)-(1,1) passes its end
    assert b.adjacent((0, 0), (1, 1)) and b.adjacent((0, 1), (1, 0))


def test_walls_meeting_at_a_corner_block_a_line_through_it_4_7() -> None:
    # an L of walls around square (2, 2)'s lower-left corner point (2, 2)
    walls = [((1, 2), (2, 2)), ((2, 1), (2, 2))]
    b = board(
        """
....
....
....
....
""",
        walls=walls,
    )
    # a line from (0,0) through point (2,2) into square (2,2) crosses the wall corner
    assert not b.clear_line((1, 1), (0, 0), (3, 3), (2, 2), set(), ())
    # the same line without the walls is clear
    assert OPEN.clear_line((1, 1), (0, 0), (3, 3), (2, 2), set(), ())


def test_a_closed_door_blocks_an_open_door_does_not_4_4() -> None:
    b = board(
        """
...
...
""",
        doors={"d1": [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((2, 0), (2, 1))]},
    )
    closed = b.door_sides(["d1"])
    assert not b.adjacent((0, 0), (0, 1), closed) and not b.adjacent((0, 0), (1, 1), closed)
    assert not b.line_of_sight((0, 0), (0, 1), closed=closed)
    assert b.adjacent((0, 0), (0, 1)) and b.line_of_sight((0, 0), (2, 1))
    assert b.distance((0, 0), (0, 1), closed) >= 10**6


def test_figures_move_diagonally_between_two_blocked_squares_4_4() -> None:
    b = board("""
#.
.#
""")
    free = lambda sq: sq not in obstacles(b)  # noqa: E731
    reach = b.reachable((0, 0), 1, can_enter=free, can_end=free)
    assert (1, 1) in reach


def test_friends_may_be_passed_but_not_ended_on_4_4() -> None:
    b = board("...")
    friend = {(1, 0)}
    reach = b.reachable((0, 0), 2, can_enter=lambda s: True, can_end=lambda s: s not in friend)
    assert (2, 0) in reach and (1, 0) not in reach


def test_water_costs_two_movement_points_4_12() -> None:
    b = board(".~.")
    ok = lambda s: True  # noqa: E731
    assert b.reachable((0, 0), 1, can_enter=ok, can_end=ok) == {(0, 0): 0}
    assert b.reachable((0, 0), 3, can_enter=ok, can_end=ok)[(2, 0)] == 3


def test_range_counts_from_an_adjacent_space_jain_range_5_4_14() -> None:
    # a goblin 2 spaces away (adjacent counts 1); Jain's range 3 + 2 = 5 reaches it
    assert OPEN.distance((0, 0), (2, 1)) == 2 and OPEN.distance((0, 0), (2, 1)) <= 3 + 2
    assert chebyshev((0, 0), (2, 1)) == 2


def test_spaces_are_counted_around_walls_4_6() -> None:
    b = board(
        """
...
...
""",
        walls=[((0, 0), (0, 1)), ((1, 0), (1, 1))],
    )
    # round the wall's end: (0,0) (1,0) (2,1) (1,1) (0,1)
    assert b.distance((0, 0), (0, 1)) == 4


def test_ettin_speed_3_ends_four_spaces_away_4_5_4_14() -> None:
    # the Ettin (2x2) occupies x 0..1; it shrinks to (1, 1), moves 3 squares right to (4, 1) and
    # expands to x 4..5: its leading side moved from x = 1 to x = 5, four spaces
    b = board("\n".join(["........"] * 3))
    start = frozenset({(0, 0), (1, 0), (0, 1), (1, 1)})
    free = lambda s: True  # noqa: E731
    reach = b.reachable((1, 1), 3, can_enter=free, can_end=free)
    assert reach[(4, 1)] == 3
    bases = b.bases((2, 2), (4, 1), free)
    far = max(bases, key=lambda base: max(x for x, _ in base))
    assert max(x for x, _ in far) - max(x for x, _ in start) == 4
    assert all((4, 1) in base for base in bases) and len(bases) == 4


def test_a_large_base_may_not_straddle_a_wall_or_cover_a_figure_4_5() -> None:
    b = board(
        """
...
...
""",
        walls=[((0, 0), (0, 1))],
    )
    bases = b.bases((2, 1), (0, 0), lambda s: s != (1, 0))
    assert bases == []  # up is walled, right is a figure
    assert b.bases((2, 1), (1, 1), lambda s: True) == sorted(
        [frozenset({(0, 1), (1, 1)}), frozenset({(1, 1), (2, 1)}), frozenset({(1, 0), (1, 1)})], key=sorted
    )


def test_any_square_of_a_large_base_counts_for_sight_and_range_4_5() -> None:
    b = board("""
.....
.....
.....
""")
    ettin = [(0, 0), (1, 0), (0, 1), (1, 1)]
    wall_of_figures = {(2, 0), (2, 1), (3, 0), (3, 1)}
    # the lower squares are screened, the base still sees over the figures from (1, 1)'s top corner
    assert b.line_of_sight(ettin, (4, 2), blocked=wall_of_figures)
    assert b.distance(ettin, (4, 2)) == 3
    assert not b.line_of_sight([(0, 0), (1, 0)], (4, 0), blocked=wall_of_figures)


def test_edge_is_canonical() -> None:
    assert edge((1, 0), (0, 0)) == ((0, 0), (1, 0))


grid = st.sets(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=10)
sq = st.tuples(st.integers(0, 5), st.integers(0, 5))


@settings(max_examples=150, deadline=None)
@given(grid, sq, sq)
def test_line_of_sight_is_symmetric(
    blocked: set[tuple[int, int]], a: tuple[int, int], b: tuple[int, int]
) -> None:
    big = board("\n".join(["......"] * 6), walls=[((2, 2), (2, 3)), ((3, 2), (3, 3)), ((3, 3), (4, 3))])
    blocked = blocked - {a, b}
    assert big.line_of_sight(a, b, blocked=blocked) == big.line_of_sight(b, a, blocked=blocked)


@settings(max_examples=150, deadline=None)
@given(grid, sq, sq)
def test_an_empty_open_board_has_sight_everywhere_and_blockers_only_remove_it(
    blocked: set[tuple[int, int]], a: tuple[int, int], b: tuple[int, int]
) -> None:
    big = board("\n".join(["......"] * 6))
    assert big.line_of_sight(a, b)
    if big.line_of_sight(a, b, blocked=blocked - {a, b}):
        assert big.line_of_sight(a, b, blocked=set(list(blocked - {a, b})[:3]))


def test_real_tile_4A_diagonal_obstacles_let_attacks_through_their_shared_corner_4_14() -> None:
    # the forum ruling on tile 4A (§4.14): TAG's grid of 4A has obstacles along a diagonal; the
    # two squares on the other diagonal of each shared corner see each other (melee), and a
    # ranged line through the exact corner is legal
    from delvekit.descent.content import load_content

    tile = load_content().tiles["4A"]
    cells = [(x, y) for x, y, _ in tile.squares]
    obst = {(x, y) for x, y, kind in tile.squares if kind == "obstacle"}
    b = SquareBoard.build(cells, terrain={sq: "obstacle" for sq in obst})
    pairs = [(a, c) for a in obst for c in obst if c[0] == a[0] + 1 and abs(c[1] - a[1]) == 1]
    pairs = [(a, c) for a, c in pairs if (a[0], c[1]) in b.cells and (c[0], a[1]) in b.cells]
    assert len(pairs) >= 2  # the diagonal of three obstacles has two shared corners
    checked = False
    for a, c in pairs:
        p, q = (a[0], c[1]), (c[0], a[1])  # the other diagonal of the same 2x2 block
        assert b.adjacent(p, q) and b.line_of_sight(p, q, blocked=obst)
        # one square further out on each side, along the same diagonal, through the same corner
        dx, dy = q[0] - p[0], q[1] - p[1]
        far_p, far_q = (p[0] - dx, p[1] - dy), (q[0] + dx, q[1] + dy)
        if far_p in b.cells and far_q in b.cells and not {far_p, far_q} & obst:
            assert b.line_of_sight(far_p, far_q, blocked=obst)
            checked = True
    assert checked


WATERY = board("""
..~~..
.~#~..
..~...
.#..~.
""")


def _fresh_spread(b: SquareBoard, start: tuple[int, int], points: int) -> dict[tuple[int, int], int]:
    """The general (uncached, any-door) spread: what the fast cached path must always equal."""
    return b.spread(start, points, can_enter=lambda sq: True, no_enter=obstacles(b))


@given(st.sampled_from(sorted(WATERY.cells - obstacles(WATERY))), st.lists(st.integers(0, 8), max_size=6))
@settings(max_examples=60, deadline=None)
def test_remembered_spreads_equal_fresh_ones_in_any_budget_order_4_4(
    start: tuple[int, int], budgets: list[int]
) -> None:
    """Movement (§4.4, water costs 2 §4.12): a spread remembered for a larger budget answers a
    smaller one with the same costs, in the same order, as computing it afresh."""
    for points in budgets:
        got = WATERY.spread(start, points, no_enter=obstacles(WATERY))
        want = _fresh_spread(WATERY, start, points)
        assert list(got.items()) == list(want.items())


@given(st.sampled_from(sorted(WATERY.cells - obstacles(WATERY))), st.sampled_from(sorted(WATERY.cells)))
@settings(max_examples=60, deadline=None)
def test_path_is_a_cheapest_way_and_stops_where_the_spread_says_4_4(
    start: tuple[int, int], end: tuple[int, int]
) -> None:
    """A path's squares are adjacent steps whose costs add up to the spread's cost of ``end``."""
    costs = _fresh_spread(WATERY, start, 12)
    path = WATERY.path(start, end, 12, no_enter=obstacles(WATERY))
    if end not in costs or end == start:
        assert path == [] or end == start
        return
    assert path[-1] == end
    steps = [start, *path]
    assert all(WATERY.adjacent(a, b) for a, b in pairwise(steps))
    assert sum(2 if WATERY.terrain.get(sq) == "water" else 1 for sq in path) == costs[end]
