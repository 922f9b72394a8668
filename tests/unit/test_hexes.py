from delvekit.core import hexes
from delvekit.core.hexes import DIRECTIONS, distance, mirror, neighbours, ring, rotate


def test_directions_clockwise() -> None:
    for i, d in enumerate(DIRECTIONS):
        assert rotate(d, 1) == DIRECTIONS[(i + 1) % 6]


def test_neighbours_are_at_distance_one() -> None:
    assert all(distance((2, -1), n) == 1 for n in neighbours((2, -1)))
    assert len(set(neighbours((2, -1)))) == 6


def test_ring_sizes() -> None:
    for radius in range(1, 5):
        cells = ring((1, 1), radius)
        assert len(cells) == 6 * radius == len(set(cells))
        assert all(distance((1, 1), h) == radius for h in cells)


def test_mirror_keeps_north_and_swaps_sides() -> None:
    assert mirror(hexes.N) == hexes.N
    assert mirror(hexes.NE) == hexes.NW
    assert mirror(hexes.SE) == hexes.SW


def test_side_corners_are_shared_by_neighbours() -> None:
    for d in DIRECTIONS:
        a = (0, 0)
        b = hexes.neighbour(a, d)
        assert set(hexes.side(a, d)) == set(hexes.side(b, hexes.sub(a, b)))
