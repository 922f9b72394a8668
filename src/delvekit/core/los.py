"""Exact line of sight between hexes, in integer arithmetic.

Two rules, chosen by name (a ruleset flag):

``corner_to_corner`` (Gloomhaven 1st edition)
    Some straight segment from a corner of one hex to a corner of the other touches no wall.
    Touching counts: grazing a wall vertex or running along a wall blocks. A corner that itself
    lies on a wall (an end of a thin wall, a corner of a wall hex) is not a usable endpoint.

``hex_area`` (Jaws of the Lion, Frosthaven)
    Some point of one hex sees some point of the other: there is a segment between the two hex
    interiors that touches no wall. Because walls are closed and the hex interiors open, the set
    of such segments is open, so "some segment" and "a non-degenerate bundle of segments" agree
    and no tolerance is ever needed.

Walls are wall hexes, closed doors and thin walls on hex sides. Obstacles, traps and figures never
block sight, nor do hexes missing from the board.

Geometry runs on the integer corner lattice of :mod:`delvekit.core.hexes` (an affine image of the
plane, so incidence and ordering are preserved exactly).

>>> from delvekit.core.board import Board, Terrain
>>> from delvekit.core.hexes import disk
>>> board = Board.build(disk((0, 0), 3), terrain={(0, -1): Terrain.WALL})
>>> sight = Sight(board, "corner_to_corner")
>>> sight.visible((0, 0), (0, -2)), sight.visible((0, 0), (1, -2))
(False, True)
>>> Sight(board, "hex_area").visible((0, 0), (0, -2))
False
"""

from __future__ import annotations

import threading
from math import gcd
from typing import Final, Literal, TypeAlias

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import DIRECTIONS, Corner, Hex, centre_point, corners, distance, edge, edge_segment

LosRule: TypeAlias = Literal["corner_to_corner", "hex_area"]
Segment: TypeAlias = tuple[Corner, Corner]

LOS_RULES: Final[tuple[str, ...]] = ("corner_to_corner", "hex_area")

# Long diagonals of a hex on the lattice: (start corner offset, vector to the opposite corner).
_DIAGONALS: Final[tuple[tuple[Corner, Corner], ...]] = (
    ((-2, 0), (4, 0)),  # W -> E
    ((-1, -1), (2, 2)),  # NW -> SE
    ((-1, 1), (2, -2)),  # SW -> NE
)


def _cross(ax: int, ay: int, bx: int, by: int) -> int:
    return ax * by - ay * bx


def _orient(p: Corner, q: Corner, r: Corner) -> int:
    v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (v > 0) - (v < 0)


def _on_segment(p: Corner, q: Corner, r: Corner) -> bool:
    """``r`` (collinear with p-q) lies within the closed segment p-q."""
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def segments_touch(p1: Corner, p2: Corner, q1: Corner, q2: Corner) -> bool:
    """Closed segments p1-p2 and q1-q2 share at least one point (exact).

    >>> segments_touch((0, 0), (4, 0), (2, 0), (2, 3)), segments_touch((0, 0), (4, 0), (5, 0), (6, 0))
    (True, False)
    """
    o1 = _orient(p1, p2, q1)
    o2 = _orient(p1, p2, q2)
    o3 = _orient(q1, q2, p1)
    o4 = _orient(q1, q2, p2)
    if o1 != o2 and o3 != o4 and o1 * o2 <= 0 and o3 * o4 <= 0 and (o1 != 0 or o2 != 0):
        return True
    if o1 == 0 and _on_segment(p1, p2, q1):
        return True
    if o2 == 0 and _on_segment(p1, p2, q2):
        return True
    if o3 == 0 and _on_segment(q1, q2, p1):
        return True
    return o4 == 0 and _on_segment(q1, q2, p2)


class Sight:
    """Line-of-sight oracle for one board under one rule; answers are memoised per hex pair.

    ``visible(a, b)`` is symmetric. Asking about a wall hex is allowed (it sees nothing through
    itself but the geometry is still defined), though the rules never need it.
    """

    __slots__ = (
        "_cache",
        "_hexes",
        "_occluders",
        "_rule",
        "_segments",
        "_wall_hexes",
        "_wall_points",
        "_walls",
    )

    def __init__(self, board: Board, rule: LosRule | str) -> None:
        if rule not in LOS_RULES:
            raise ValueError(f"unknown line-of-sight rule {rule!r}; known: {', '.join(LOS_RULES)}")
        self._rule = rule
        self._hexes = board.hexes
        wall_hexes = {h for h, t in board.terrain.items() if t is Terrain.WALL} | set(board.doors)
        self._wall_hexes = frozenset(wall_hexes)
        self._walls = board.walls
        occluders: list[tuple[int, int, int, int, Corner, Corner]] = []
        wall_points: set[Corner] = set()
        for h in sorted(wall_hexes):
            cs = corners(h)
            wall_points.update(cs)
            # A segment that enters a closed hex from outside crosses one of its long diagonals
            # (or touches its boundary at a corner, which is a diagonal end), so three diagonals
            # stand in for the whole hex.
            for i in range(3):
                occluders.append(_boxed(cs[i], cs[i + 3]))
        for e in sorted(board.walls):
            a, b = edge_segment(e)
            wall_points.add(a)
            wall_points.add(b)
            occluders.append(_boxed(a, b))
        self._occluders = occluders
        self._wall_points = frozenset(wall_points)
        self._cache: dict[tuple[Hex, Hex], bool] = {}
        self._segments: dict[tuple[Corner, Corner], bool] = {}

    @property
    def rule(self) -> str:
        return self._rule

    def _side_is_wall(self, a: Hex, b: Hex) -> bool:
        return a in self._wall_hexes or b in self._wall_hexes or edge(a, b) in self._walls

    def visible(self, a: Hex, b: Hex) -> bool:
        """Whether a figure on ``a`` has line of sight to ``b`` (and so ``b`` to ``a``)."""
        key = (a, b) if a <= b else (b, a)
        cached = self._cache.get(key)
        if cached is None:
            if a == b:
                cached = True
            elif self._rule == "corner_to_corner":
                cached = self._corner_los(key[0], key[1])
            else:
                cached = self._area_los(key[0], key[1])
            self._cache[key] = cached
        return cached

    __call__ = visible

    def _near(self, a: Hex, b: Hex) -> list[tuple[int, int, int, int, Corner, Corner]]:
        """Occluders whose bounding box meets the box around both hexes."""
        ca, cb = centre_point(a), centre_point(b)
        x0, x1 = min(ca[0], cb[0]) - 2, max(ca[0], cb[0]) + 2
        y0, y1 = min(ca[1], cb[1]) - 1, max(ca[1], cb[1]) + 1
        return [o for o in self._occluders if o[0] <= x1 and o[1] >= x0 and o[2] <= y1 and o[3] >= y0]

    # --- corner to corner ------------------------------------------------------------------

    def usable_corners(self, h: Hex) -> list[Corner]:
        """Corners of ``h`` that touch no wall (the endpoints ``corner_to_corner`` may use)."""
        return [c for c in corners(h) if c not in self._wall_points]

    def _corner_los(self, a: Hex, b: Hex) -> bool:
        ends_a = self.usable_corners(a)
        ends_b = self.usable_corners(b)
        if not ends_a or not ends_b:
            return False
        near: list[tuple[int, int, int, int, Corner, Corner]] | None = None
        segs = self._segments
        for p in ends_a:
            for q in ends_b:
                if p == q:
                    return True
                key = (p, q) if p <= q else (q, p)
                clear = segs.get(key)
                if clear is None:
                    if near is None:
                        near = self._near(a, b)
                    # The box around both hexes holds every corner, so ``near`` holds every
                    # occluder this segment could touch: the answer is the segment's own.
                    clear = self._clear(p, q, near)
                    segs[key] = clear
                if clear:
                    return True
        return False

    @staticmethod
    def _clear(p: Corner, q: Corner, near: list[tuple[int, int, int, int, Corner, Corner]]) -> bool:
        x0, x1 = (p[0], q[0]) if p[0] <= q[0] else (q[0], p[0])
        y0, y1 = (p[1], q[1]) if p[1] <= q[1] else (q[1], p[1])
        px, py = p
        dx, dy = q[0] - px, q[1] - py
        for ox0, ox1, oy0, oy1, (ax, ay), (bx, by) in near:
            if ox0 > x1 or ox1 < x0 or oy0 > y1 or oy1 < y0:
                continue
            # Closed segments touch unless one lies strictly on one side of the other's line
            # (collinear ones with overlapping boxes overlap).
            d1 = dx * (ay - py) - dy * (ax - px)
            d2 = dx * (by - py) - dy * (bx - px)
            if (d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0):
                continue
            ex, ey = bx - ax, by - ay
            d3 = ex * (py - ay) - ey * (px - ax)
            d4 = ex * (q[1] - ay) - ey * (q[0] - ax)
            if (d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0):
                continue
            return False
        return True

    def sightline(self, a: Hex, b: Hex) -> Segment | None:
        """One clear corner-to-corner segment from ``a`` to ``b`` (shortest first), for drawing.

        Under ``hex_area`` the centre-to-centre segment is returned when it is clear; otherwise
        ``None`` (the hexes may still see each other along another segment)."""
        if self._rule == "hex_area":
            ca, cb = centre_point(a), centre_point(b)
            return (ca, cb) if self._clear(ca, cb, self._near(a, b)) else None
        near = self._near(a, b)
        pairs = [(p, q) for p in self.usable_corners(a) for q in self.usable_corners(b)]
        pairs.sort(key=lambda pq: (pq[0][0] - pq[1][0]) ** 2 * 3 + (pq[0][1] - pq[1][1]) ** 2 * 9)
        for p, q in pairs:
            if p == q or self._clear(p, q, near):
                return (p, q)
        return None

    # --- hex area ----------------------------------------------------------------------------

    def _area_los(self, a: Hex, b: Hex) -> bool:
        if distance(a, b) == 1:
            return self._neighbour_los(a, b)
        ca, cb = centre_point(a), centre_point(b)
        dx, dy = cb[0] - ca[0], cb[1] - ca[1]
        # Parametrise candidate segments by a point on a long diagonal of each hex (the two
        # diagonals parallel, the one most across the a-b direction): s along a's, t along b's.
        # Any clear segment between the hex interiors can be slid to one between the open
        # diagonals, and every constraint below is linear in (s, t).
        best = max(_DIAGONALS, key=lambda d: abs(_cross(dx, dy, d[1][0], d[1][1])))
        (ox, oy), (gx, gy) = best
        a0 = (ca[0] + ox, ca[1] + oy)
        near = self._near(a, b)
        # Quick yes: a few sample segments between points of the open diagonals (coordinates
        # times 8 to stay integral); one that touches no wall proves sight.
        b0x, b0y = cb[0] + ox, cb[1] + oy
        for s8, t8 in _QUICK:
            p = (8 * a0[0] + s8 * gx, 8 * a0[1] + s8 * gy)
            q = (8 * b0x + t8 * gx, 8 * b0y + t8 * gy)
            if _clear_scaled(p, q, near, 8):
                return True
        k = _cross(gx, gy, dx, dy)
        if k < 0:
            # Orient so that depth grows from a to b (keeps the clipping arithmetic positive).
            k = -k
            sgn = -1
        else:
            sgn = 1
        gg = gx * gx + gy * gy
        constraints: list[tuple[tuple[int, int, int], tuple[int, int, int]]] = []
        for *_box, p1, p2 in near:
            c1 = sgn * _cross(gx, gy, p1[0] - a0[0], p1[1] - a0[1])
            c2 = sgn * _cross(gx, gy, p2[0] - a0[0], p2[1] - a0[1])
            if (c1 <= 0 and c2 <= 0) or (c1 >= k and c2 >= k):
                continue  # behind a's diagonal or beyond b's (at most touching the strip)
            f1 = _depth_form(p1, c1, a0, k, gx, gy, gg, dx, dy)
            f2 = _depth_form(p2, c2, a0, k, gx, gy, gg, dx, dy)
            if c1 != c2:
                # Clip the occluder to the strip 0 <= depth <= k between the two diagonals:
                # keep the parameters mu in [lo/den, hi/den] along it (from the shallower end).
                if c1 > c2:
                    c1, c2, f1, f2 = c2, c1, f2, f1
                den = c2 - c1
                lo = max(0, -c1)
                hi = min(den, k - c1)
                if lo >= hi:
                    continue
                f1, f2 = _lerp_form(f1, f2, lo, den), _lerp_form(f1, f2, hi, den)
            constraint = _classify(f1, f2)
            if constraint is None:
                continue
            if constraint == "blocked":
                return False
            constraints.append(constraint)
        if not constraints:
            return True
        for pt in _SAMPLES:
            if all(_same_sign(c1, c2, pt) for c1, c2 in constraints):
                return True
        return _free_region(list(_SQUARE), constraints, 0)

    def _neighbour_los(self, a: Hex, b: Hex) -> bool:
        if not self._side_is_wall(a, b):
            return True
        # A wall on the shared side: the two hexes still see each other round one end of it
        # when the two other sides meeting at that corner are open.
        d = (b[0] - a[0], b[1] - a[1])
        i = DIRECTIONS.index(d)
        for j in (i - 1, i + 1):
            dj = DIRECTIONS[j % 6]
            c = (a[0] + dj[0], a[1] + dj[1])
            if not self._side_is_wall(a, c) and not self._side_is_wall(b, c):
                return True
        return False


Form: TypeAlias = tuple[int, int, int]
"""An affine form ``a*s + b*t + c`` over the (s, t) square, up to a positive factor."""

_QUICK: Final[tuple[tuple[int, int], ...]] = ((4, 4), (2, 2), (6, 6), (2, 6), (6, 2))
"""Sample (s, t) pairs, in eighths, tried before the exact search."""


def _clear_scaled(
    p: Corner, q: Corner, near: list[tuple[int, int, int, int, Corner, Corner]], m: int
) -> bool:
    """Segment p-q (coordinates times ``m``) touches none of the occluders (plain coordinates)."""
    x0, x1 = (p[0], q[0]) if p[0] <= q[0] else (q[0], p[0])
    y0, y1 = (p[1], q[1]) if p[1] <= q[1] else (q[1], p[1])
    px, py = p
    dx, dy = q[0] - px, q[1] - py
    for ox0, ox1, oy0, oy1, (ax, ay), (bx, by) in near:
        if ox0 * m > x1 or ox1 * m < x0 or oy0 * m > y1 or oy1 * m < y0:
            continue
        ax, ay, bx, by = ax * m, ay * m, bx * m, by * m
        d1 = dx * (ay - py) - dy * (ax - px)
        d2 = dx * (by - py) - dy * (bx - px)
        if (d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0):
            continue
        ex, ey = bx - ax, by - ay
        d3 = ex * (py - ay) - ey * (px - ax)
        d4 = ex * (q[1] - ay) - ey * (q[0] - ax)
        if (d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0):
            continue
        return False
    return True


Point: TypeAlias = tuple[int, int, int]
"""A point (s, t) of the parameter square in homogeneous integers (X, Y, W) with W > 0."""

_SQUARE: Final[tuple[Point, ...]] = ((0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1))
_SAMPLES: Final[tuple[Point, ...]] = tuple(
    (s, t, 8)
    for s, t in (
        (4, 4),
        (2, 2),
        (6, 6),
        (2, 6),
        (6, 2),
        (4, 2),
        (4, 6),
        (2, 4),
        (6, 4),
        (1, 1),
        (7, 7),
        (1, 7),
        (7, 1),
    )
)


def _boxed(p: Corner, q: Corner) -> tuple[int, int, int, int, Corner, Corner]:
    return (min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1]), p, q)


def _depth_form(p: Corner, c: int, a0: Corner, k: int, gx: int, gy: int, gg: int, dx: int, dy: int) -> Form:
    """Signed offset of the segment P(s)-Q(t) from point ``p`` at p's depth, times k*|g|^2.

    With depth l = c/k, the segment passes l of the way from P(s) to Q(t) at the point
    a0 + l*D + ((1-l)*s + l*t)*g; p sits there at w*g, so the form is (1-l)s + l t - w."""
    # k*(p - a0) - c*D is parallel to g and equals k*w*g.
    mx = k * (p[0] - a0[0]) - c * dx
    my = k * (p[1] - a0[1]) - c * dy
    kw_gg = mx * gx + my * gy
    return ((k - c) * gg, c * gg, -kw_gg)


def _lerp_form(f1: Form, f2: Form, n: int, d: int) -> Form:
    """The form at parameter n/d along the occluder, times d."""
    return ((d - n) * f1[0] + n * f2[0], (d - n) * f1[1] + n * f2[1], (d - n) * f1[2] + n * f2[2])


def _corner_values(f: Form) -> tuple[int, int, int, int]:
    a, b, c = f
    return (c, a + c, a + b + c, b + c)


def _classify(f1: Form, f2: Form) -> tuple[Form, Form] | Literal["blocked"] | None:
    """The occluder blocks (s, t) where f1*f2 <= 0. None: never inside the open square;
    "blocked": everywhere (up to a null set); else the pair to keep."""
    v1 = _corner_values(f1)
    v2 = _corner_values(f2)
    lo1, hi1, lo2, hi2 = min(v1), max(v1), min(v2), max(v2)
    # An affine form >= 0 at the corners and not zero at all of them is > 0 on the open square.
    if (lo1 >= 0 < hi1 and lo2 >= 0 < hi2) or (hi1 <= 0 > lo1 and hi2 <= 0 > lo2):
        return None
    if (lo1 >= 0 and hi2 <= 0) or (hi1 <= 0 and lo2 >= 0):
        return "blocked"
    return (f1, f2)


def _eval(f: Form, p: Point) -> int:
    """``f`` at ``p`` times p's (positive) weight: the sign is f's sign at the point."""
    return f[0] * p[0] + f[1] * p[1] + f[2] * p[2]


def _same_sign(f1: Form, f2: Form, p: Point) -> bool:
    v1 = _eval(f1, p)
    v2 = _eval(f2, p)
    return (v1 > 0 and v2 > 0) or (v1 < 0 and v2 < 0)


Poly: TypeAlias = list[Point]


def _clip(poly: Poly, f: Form) -> Poly:
    """The part of a convex polygon where ``f >= 0`` (Sutherland-Hodgman, exact)."""
    out: Poly = []
    n = len(poly)
    vals = [_eval(f, p) for p in poly]
    for i in range(n):
        p = poly[i]
        vp = vals[i]
        j = i + 1 if i + 1 < n else 0
        vq = vals[j]
        if vp >= 0:
            out.append(p)
        if (vp > 0 and vq < 0) or (vp < 0 and vq > 0):
            q = poly[j]
            # f is linear in homogeneous coordinates: |vq| p + |vp| q lies on f = 0.
            wp, wq = abs(vq), abs(vp)
            x, y, w = wp * p[0] + wq * q[0], wp * p[1] + wq * q[1], wp * p[2] + wq * q[2]
            d = gcd(x, y, w)
            out.append((x // d, y // d, w // d))
    return out


def _has_area(poly: Poly) -> bool:
    """Some three vertices are not collinear (the convex polygon is not flat)."""
    n = len(poly)
    if n < 3:
        return False
    x0, y0, w0 = poly[0]
    for i in range(1, n - 1):
        x1, y1, w1 = poly[i]
        x2, y2, w2 = poly[i + 1]
        if x0 * (y1 * w2 - w1 * y2) - y0 * (x1 * w2 - w1 * x2) + w0 * (x1 * y2 - y1 * x2) != 0:
            return True
    return False


def _free_region(poly: Poly, constraints: list[tuple[Form, Form]], i: int) -> bool:
    """Some open part of ``poly`` satisfies every remaining constraint (f1, f2 of one sign)."""
    while i < len(constraints):
        f1, f2 = constraints[i]
        # Skip constraints already satisfied strictly on the whole polygon.
        vals1 = [_eval(f1, p) for p in poly]
        vals2 = [_eval(f2, p) for p in poly]
        if (min(vals1) > 0 and min(vals2) > 0) or (max(vals1) < 0 and max(vals2) < 0):
            i += 1
            continue
        for sign in (1, -1):
            g1 = (sign * f1[0], sign * f1[1], sign * f1[2])
            g2 = (sign * f2[0], sign * f2[1], sign * f2[2])
            part = _clip(_clip(poly, g1), g2)
            if _has_area(part) and _free_region(part, constraints, i + 1):
                return True
        return False
    return _has_area(poly)


_SIGHT_CACHE: dict[tuple[object, ...], Sight] = {}
_SIGHT_CACHE_SIZE: Final[int] = 256
_SIGHT_LOCK = threading.Lock()
"""Guards ``_SIGHT_CACHE``: the web app computes sight on several threads at once."""


def sight_for(board: Board, rule: LosRule | str) -> Sight:
    """A shared :class:`Sight` for boards with the same hexes and walls (memoised answers carry
    over between boards that differ only in figures, obstacles or other terrain)."""
    wall_hexes = frozenset(h for h, t in board.terrain.items() if t is Terrain.WALL)
    key: tuple[object, ...] = (rule, board.hexes, wall_hexes, board.walls, board.doors)
    got = _SIGHT_CACHE.get(key)
    if got is None:
        fresh = Sight(board, rule)
        with _SIGHT_LOCK:
            got = _SIGHT_CACHE.get(key)
            if got is None:
                while len(_SIGHT_CACHE) >= _SIGHT_CACHE_SIZE:
                    _SIGHT_CACHE.pop(next(iter(_SIGHT_CACHE)))
                got = _SIGHT_CACHE[key] = fresh
    return got
