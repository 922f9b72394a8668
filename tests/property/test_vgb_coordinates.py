"""The VGB offset grid → our axial grid conversion keeps the map's geometry.

VGB's conventions (pointy-top "odd-r" offset cells, 60-degree clockwise turns done in cube space
as (q, s, r) → (-r, -q, -s)) are re-implemented here independently of the importer."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.hexes import add, distance, neighbours, rotate, sub
from delvekit.gloomhaven.content.maps import from_offset

cells = st.tuples(st.integers(-30, 30), st.integers(-30, 30))


def vgb_neighbours(x: int, y: int) -> list[tuple[int, int]]:
    if y % 2 == 0:
        return [(x - 1, y), (x + 1, y), (x - 1, y - 1), (x, y - 1), (x - 1, y + 1), (x, y + 1)]
    return [(x - 1, y), (x + 1, y), (x, y - 1), (x + 1, y - 1), (x, y + 1), (x + 1, y + 1)]


def to_cube(x: int, y: int) -> tuple[int, int, int]:
    q = x - (y - (y & 1)) // 2
    return (q, -q - y, y)


def from_cube(c: tuple[int, int, int]) -> tuple[int, int]:
    q, _, r = c
    return (q + (r - (r & 1)) // 2, r)


def vgb_turn(cell: tuple[int, int], centre: tuple[int, int]) -> tuple[int, int]:
    (a, b, c), (ca, cb, cc) = to_cube(*cell), to_cube(*centre)
    da, db, dc = a - ca, b - cb, c - cc
    return from_cube((-dc + ca, -da + cb, -db + cc))


@given(cells)
def test_neighbours_stay_neighbours(cell: tuple[int, int]) -> None:
    mine = sorted(from_offset(*n) for n in vgb_neighbours(*cell))
    assert mine == sorted(neighbours(from_offset(*cell)))


@given(cells, cells)
def test_distances_are_kept(a: tuple[int, int], b: tuple[int, int]) -> None:
    (qa, sa, ra), (qb, sb, rb) = to_cube(*a), to_cube(*b)
    vgb_distance = max(abs(qa - qb), abs(sa - sb), abs(ra - rb))
    assert distance(from_offset(*a), from_offset(*b)) == vgb_distance


@given(cells, cells, st.integers(0, 5))
def test_vgb_turns_are_our_clockwise_turns(
    cell: tuple[int, int], centre: tuple[int, int], turns: int
) -> None:
    turned = cell
    for _ in range(turns):
        turned = vgb_turn(turned, centre)
    c = from_offset(*centre)
    assert from_offset(*turned) == add(rotate(sub(from_offset(*cell), c), turns), c)
