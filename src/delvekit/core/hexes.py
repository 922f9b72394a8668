"""Axial hex coordinates for flat-top hex grids.

A hex is a plain ``(q, r)`` tuple of ints: cheap to hash, compare and store. The cube
coordinate ``s`` is ``-q - r``. Orientation (as in the gh-monster-ai-cases format): hexes are
flat-topped and stand in columns, north is up, ``N = (0, -1)`` and ``S = (0, 1)``.

>>> neighbour((0, 0), N)
(0, -1)
>>> distance((0, 0), (2, -1))
2
>>> rotate((0, -1), 1)  # N turned 60 degrees clockwise is NE
(1, -1)
>>> mirror((1, -1))  # NE mirrored across the north-south axis is NW
(-1, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, TypeAlias

Hex: TypeAlias = tuple[int, int]
"""An axial coordinate ``(q, r)``."""

Edge: TypeAlias = tuple[Hex, Hex]
"""The shared side of two adjacent hexes, stored with the smaller hex first (see :func:`edge`)."""

Corner: TypeAlias = tuple[int, int]
"""A hex corner on the integer corner lattice (see :func:`corners`)."""

# Directions, clockwise from north. Index i + 1 is direction i turned 60 degrees clockwise.
N: Final[Hex] = (0, -1)
NE: Final[Hex] = (1, -1)
SE: Final[Hex] = (1, 0)
S: Final[Hex] = (0, 1)
SW: Final[Hex] = (-1, 1)
NW: Final[Hex] = (-1, 0)
DIRECTIONS: Final[tuple[Hex, ...]] = (N, NE, SE, S, SW, NW)
DIRECTION_NAMES: Final[dict[Hex, str]] = {N: "N", NE: "NE", SE: "SE", S: "S", SW: "SW", NW: "NW"}

ORIGIN: Final[Hex] = (0, 0)


def add(a: Hex, b: Hex) -> Hex:
    """Vector sum of two axial coordinates."""
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Hex, b: Hex) -> Hex:
    """Vector difference ``a - b``."""
    return (a[0] - b[0], a[1] - b[1])


def neighbour(h: Hex, direction: Hex) -> Hex:
    """The hex next to ``h`` in ``direction`` (one of :data:`DIRECTIONS`)."""
    return (h[0] + direction[0], h[1] + direction[1])


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes around ``h``, clockwise from north (walls are the board's business)."""
    q, r = h
    return [(q, r - 1), (q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r)]


def distance(a: Hex, b: Hex) -> int:
    """Hex distance ignoring walls (the grid metric).

    >>> distance((0, 0), (3, -3)), distance((1, 1), (1, 1))
    (3, 0)
    """
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def length(h: Hex) -> int:
    """Distance from the origin."""
    return distance(h, ORIGIN)


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``centre`` (``[centre]`` for radius 0).

    >>> len(ring((0, 0), 2))
    12
    """
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [centre]
    out: list[Hex] = []
    # Start at centre + radius * NW and walk the six sides clockwise.
    h = (centre[0] + NW[0] * radius, centre[1] + NW[1] * radius)
    for direction in (NE, SE, S, SW, NW, N):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, direction)
    return out


def disk(centre: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``centre``, nearest first.

    >>> len(disk((0, 0), 2))
    19
    """
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(centre, k))
    return out


def rotate(h: Hex, steps: int = 1, centre: Hex = ORIGIN) -> Hex:
    """Turn ``h`` about ``centre`` by ``steps`` x 60 degrees clockwise (as drawn, north up)."""
    q, r = h[0] - centre[0], h[1] - centre[1]
    for _ in range(steps % 6):
        q, r = -r, q + r
    return (q + centre[0], r + centre[1])


def mirror(h: Hex, centre: Hex = ORIGIN) -> Hex:
    """Reflect ``h`` across the north-south line through ``centre``."""
    q, r = h[0] - centre[0], h[1] - centre[1]
    return (-q + centre[0], q + r + centre[1])


def orientations(pattern: Iterable[Hex], *, mirrored: bool = True) -> list[tuple[Hex, ...]]:
    """Distinct orientations of a hex pattern about the origin: 6 rotations, and their mirror
    images when ``mirrored``. Each is returned as a sorted tuple; duplicates (symmetric
    patterns) are dropped, order is deterministic.

    >>> len(orientations([(0, 0)]))
    1
    >>> len(orientations([(0, -1), (1, -1)]))
    6
    """
    base = tuple(pattern)
    seen: set[tuple[Hex, ...]] = set()
    out: list[tuple[Hex, ...]] = []
    variants = [base, tuple(mirror(h) for h in base)] if mirrored else [base]
    for variant in variants:
        for k in range(6):
            shape = tuple(sorted(rotate(h, k) for h in variant))
            if shape not in seen:
                seen.add(shape)
                out.append(shape)
    return out


def edge(a: Hex, b: Hex) -> Edge:
    """The canonical key of the side shared by adjacent hexes ``a`` and ``b``.

    >>> edge((1, 0), (0, 0)) == edge((0, 0), (1, 0))
    True
    """
    if distance(a, b) != 1:
        raise ValueError(f"hexes {a} and {b} are not neighbours")
    return (a, b) if a <= b else (b, a)


def to_cube(h: Hex) -> tuple[int, int, int]:
    """Cube coordinates ``(q, r, s)`` with ``q + r + s == 0``."""
    return (h[0], h[1], -h[0] - h[1])


def line(a: Hex, b: Hex) -> Iterator[Hex]:
    """Hexes on the straight grid line from ``a`` to ``b`` (used for drawing, not for LOS).

    Uses exact integer rounding of the cube lerp; ties are nudged consistently.
    """
    n = distance(a, b)
    if n == 0:
        yield a
        return
    aq, ar, as_ = to_cube(a)
    bq, br, bs = to_cube(b)
    for i in range(n + 1):
        # Scale by 2n so that every lerp point is an integer; nudge by +1/-1/0 (x 1/(2n*1e6)
        # in spirit) via a fixed tie rule: round half toward a.
        fq = aq * 2 * (n - i) + bq * 2 * i
        fr = ar * 2 * (n - i) + br * 2 * i
        fs = as_ * 2 * (n - i) + bs * 2 * i
        d = 2 * n
        rq, rr, rs = _round_div(fq, d), _round_div(fr, d), _round_div(fs, d)
        eq, er, es = abs(rq * d - fq), abs(rr * d - fr), abs(rs * d - fs)
        if eq > er and eq > es:
            rq = -rr - rs
        elif er > es:
            rr = -rq - rs
        else:
            rs = -rq - rr
        yield (rq, rr)


def _round_div(num: int, den: int) -> int:
    """``round(num / den)`` with halves rounded down, in integers."""
    return (2 * num + den - 1) // (2 * den) if den > 0 else -_round_div(-num, -den)


# --- Integer corner lattice -------------------------------------------------------------------
#
# With edge length 1 a flat-top hex centre lies at x = 1.5 q, y = sqrt(3) (r + q / 2), y growing
# south. Measuring x in half units and y in units of sqrt(3)/2 puts every centre and every corner
# on integer points: centre (3q, 2r + q); corners at offsets (+-2, 0) and (+-1, +-1). The map is
# affine, so collinearity, orientation and segment intersection tests on these integers are exact
# (nothing here needs Euclidean lengths).

_CORNER_OFFSETS: Final[tuple[Corner, ...]] = ((1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1))
"""Corner offsets clockwise from the north-east corner: NE, E, SE, SW, W, NW corners.
Corner i and corner i + 1 bound the side of direction i + 1 (NE side, SE side, ...); corner 5
and corner 0 bound the north side."""


def centre_point(h: Hex) -> Corner:
    """The hex centre on the integer lattice."""
    return (3 * h[0], 2 * h[1] + h[0])


def corners(h: Hex) -> list[Corner]:
    """The six corners of ``h`` on the integer lattice, clockwise from the north-east corner.

    >>> corners((0, 0))
    [(1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1)]
    """
    cx, cy = 3 * h[0], 2 * h[1] + h[0]
    return [(cx + dx, cy + dy) for dx, dy in _CORNER_OFFSETS]


def side(h: Hex, direction: Hex) -> tuple[Corner, Corner]:
    """The two lattice corners bounding the side of ``h`` that faces ``direction``."""
    i = DIRECTIONS.index(direction)
    cs = corners(h)
    return (cs[(i - 1) % 6], cs[i])


def edge_segment(e: Edge) -> tuple[Corner, Corner]:
    """The two lattice corners of a shared side."""
    a, b = e
    return side(a, sub(b, a))
