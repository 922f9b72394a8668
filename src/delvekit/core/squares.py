"""A square grid for Descent 2e: 8-neighbour movement, walls and doors as edges, corner-to-corner
line of sight with integer arithmetic, range counting, and large-monster bases (rules digest
§4.4, §4.5, §4.7).

A square ``(x, y)`` covers ``[x, x+1] x [y, y+1]``, ``y`` pointing up; its corners are lattice
points. An edge is the side two orthogonal neighbours share, written as the sorted pair of
squares. A side between a square and a square that is not on the map is a wall too (the
map-tile edge).

>>> b = SquareBoard.build([(0, 0), (1, 0), (0, 1), (1, 1)], walls=[((0, 0), (1, 0))])
>>> b.adjacent((0, 0), (1, 0)), b.adjacent((0, 0), (0, 1)), b.adjacent((0, 0), (1, 1))
(False, True, True)
>>> b.line_of_sight((0, 1), (1, 1))
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType

from delvekit.core.errors import BoardError

Square = tuple[int, int]
Edge = tuple[Square, Square]
Point = tuple[int, int]

STEPS: tuple[Square, ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
TERRAIN = ("water", "lava", "pit", "hazard", "obstacle", "sludge")


def edge(a: Square, b: Square) -> Edge:
    """The side shared by two orthogonal neighbours, in canonical order.

    >>> edge((1, 0), (0, 0))
    ((0, 0), (1, 0))
    """
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise BoardError(f"squares {a} and {b} share no side")
    return (a, b) if a < b else (b, a)


def chebyshev(a: Square, b: Square) -> int:
    """Squares between two squares on an empty, wall-less grid (diagonal steps cost 1)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _quadrants(p: Point) -> tuple[Square, Square, Square, Square]:
    """The four squares around a lattice point, counter-clockwise from the north-east one."""
    x, y = p
    return ((x, y), (x - 1, y), (x - 1, y - 1), (x, y - 1))


_ANGLES = {(1, 0): 0, (1, 1): 1, (0, 1): 2, (-1, 1): 3, (-1, 0): 4, (-1, -1): 5, (0, -1): 6, (1, -1): 7}


def _angle(dx: int, dy: int) -> int:
    """A direction leaving a lattice point in eighths of a turn (0 east, 2 north): odd numbers are
    the quadrants' middles (1 NE = quadrant 0, 3 NW, 5 SW, 7 SE), even ones the four sides
    meeting there (2 is the side between quadrants 0 and 1, and so on)."""
    return _ANGLES[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]


def squares_of(where: Square | Collection[Square]) -> list[Square]:
    """A square or a large base as a list of squares."""
    if isinstance(where, tuple) and len(where) == 2 and isinstance(where[0], int):
        return [(where[0], int(where[1]))]
    return [tuple(s) for s in where]


class Step:
    """One piece of a segment's path: a square's interior, a side crossed, a side run along, or a
    lattice point passed through (with the quadrants before and after)."""

    __slots__ = ("a", "after", "b", "before", "kind", "point")

    def __init__(
        self,
        kind: str,
        a: Square = (0, 0),
        b: Square = (0, 0),
        point: Point = (0, 0),
        before: int = 0,
        after: int = 0,
    ) -> None:
        self.kind, self.a, self.b, self.point, self.before, self.after = kind, a, b, point, before, after


@lru_cache(maxsize=65536)
def trace(start: Point, end: Point) -> tuple[Step, ...]:
    """What the straight segment from ``start`` to ``end`` (lattice points) passes through, in
    order, computed exactly in integers: crossings of ``x = k`` happen at ``t = (k - x0) / dx``, so
    with the common denominator ``|dx| * |dy|`` every event is an integer numerator."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    if dx == 0 and dy == 0:
        return ()
    den = (abs(dx) or 1) * (abs(dy) or 1)
    events: dict[int, list[str]] = {}
    if dx:
        for k in range(min(x0, x1) + 1, max(x0, x1)):
            events.setdefault((k - x0) * den // dx, []).append("x")
    if dy:
        for k in range(min(y0, y1) + 1, max(y0, y1)):
            events.setdefault((k - y0) * den // dy, []).append("y")
    cuts = [0, *sorted(events), den]
    steps: list[Step] = []
    sect_out, sect_in = _angle(dx, dy), _angle(-dx, -dy)
    for i in range(len(cuts) - 1):
        lo, hi = cuts[i], cuts[i + 1]
        if i > 0:
            px2, py2 = 2 * x0 * den + 2 * lo * dx, 2 * y0 * den + 2 * lo * dy  # doubled coordinates
            kinds = events[lo]
            if len(kinds) == 2 or not dx or not dy:
                steps.append(
                    Step("point", point=(px2 // (2 * den), py2 // (2 * den)), before=sect_in, after=sect_out)
                )
            elif kinds[0] == "x":
                k, fy = px2 // (2 * den), py2 // (2 * den)
                steps.append(Step("cross", a=(k - 1, fy), b=(k, fy)))
            else:
                k, fx = py2 // (2 * den), px2 // (2 * den)
                steps.append(Step("cross", a=(fx, k - 1), b=(fx, k)))
        # the middle of this piece, doubled twice to stay in integers
        mx4, my4 = 4 * x0 * den + 2 * (lo + hi) * dx, 4 * y0 * den + 2 * (lo + hi) * dy
        if dx and dy:
            steps.append(Step("cell", a=(mx4 // (4 * den), my4 // (4 * den))))
        elif dy == 0:  # along the horizontal line y = y0
            fx = mx4 // (4 * den)
            steps.append(Step("along", a=(fx, y0 - 1), b=(fx, y0)))
        else:
            fy = my4 // (4 * den)
            steps.append(Step("along", a=(x0 - 1, fy), b=(x0, fy)))
    return tuple(steps)


class SquareBoard:
    """The static map: squares that exist, terrain per square, walls (sides) and doors (named sets
    of sides). Doors are closed or open in the game state; pass the closed ones' sides to the
    queries as ``closed``."""

    __slots__ = (
        "_bases",
        "_dist",
        "_lines",
        "_nb",
        "_pits",
        "_sight",
        "_spreads",
        "_steps",
        "_water",
        "cells",
        "doors",
        "terrain",
        "walls",
    )

    def __init__(
        self,
        cells: frozenset[Square],
        terrain: Mapping[Square, str],
        walls: frozenset[Edge],
        doors: Mapping[str, frozenset[Edge]],
    ) -> None:
        self.cells = cells
        self.terrain = MappingProxyType(dict(terrain))
        self.walls = walls
        self.doors = MappingProxyType(dict(doors))
        self._dist: dict[tuple[Square, frozenset[Edge]], dict[Square, int]] = {}
        self._nb: dict[Square, list[Square]] = {}
        self._steps: dict[Square, list[tuple[Square, int]]] = {}
        self._spreads: dict[tuple[Square, frozenset[Square]], tuple[int, dict[Square, int]]] = {}
        self._bases: dict[tuple[tuple[int, int], Square], list[frozenset[Square]]] = {}
        self._sight: dict[tuple[tuple[Square, ...], tuple[Square, ...], frozenset[Square]], bool] = {}
        self._water = frozenset(sq for sq, kind in terrain.items() if kind == "water")
        self._pits = frozenset(sq for sq, kind in terrain.items() if kind == "pit")
        self._lines: dict[tuple[Point, Square, Point, Square], frozenset[Square] | None] = {}

    @classmethod
    def build(
        cls,
        cells: Iterable[Square],
        *,
        terrain: Mapping[Square, str] | None = None,
        walls: Iterable[tuple[Square, Square]] = (),
        doors: Mapping[str, Iterable[tuple[Square, Square]]] | None = None,
    ) -> SquareBoard:
        """Validated: terrain only on squares of the map, walls and doors only between orthogonal
        neighbours that both exist."""
        cellset = frozenset((int(x), int(y)) for x, y in cells)
        terr = dict(terrain or {})
        for sq, kind in terr.items():
            if sq not in cellset:
                raise BoardError(f"terrain {kind!r} on square {sq}, which is not on the map")
            if kind not in TERRAIN:
                raise BoardError(f"unknown terrain {kind!r} on square {sq} (known: {', '.join(TERRAIN)})")
        wallset = set()
        for a, b in walls:
            e = edge(tuple(a), tuple(b))  # type: ignore[arg-type]
            if e[0] not in cellset or e[1] not in cellset:
                continue  # a side to nowhere is a wall anyway
            wallset.add(e)
        doorsets: dict[str, frozenset[Edge]] = {}
        for name, sides in (doors or {}).items():
            es = frozenset(edge(tuple(a), tuple(b)) for a, b in sides)  # type: ignore[arg-type]
            for e in es:
                if e[0] not in cellset or e[1] not in cellset:
                    raise BoardError(f"door {name!r}: side {e} is not between two squares of the map")
            if not es:
                raise BoardError(f"door {name!r} has no side")
            doorsets[name] = es
        return cls(cellset, terr, frozenset(wallset), doorsets)

    # --- walls and adjacency -------------------------------------------------------------------

    def door_sides(self, closed: Collection[str]) -> frozenset[Edge]:
        """The sides of the named (closed) doors."""
        out: set[Edge] = set()
        for name in closed:
            out |= self.doors[name]
        return frozenset(out)

    def blocked_side(self, a: Square, b: Square, closed: Collection[Edge] = ()) -> bool:
        """Whether the side between orthogonal neighbours is a wall, a closed door, or the map's edge."""
        if a not in self.cells or b not in self.cells:
            return True
        e = (a, b) if a < b else (b, a)
        return e in self.walls or e in closed

    def _turn_clear(self, p: Point, a: int, b: int, closed: Collection[Edge]) -> bool:
        """Whether turning about point ``p`` from direction ``a`` to ``b`` (eighths of a turn) the
        short way crosses no wall side; half a turn may go either way."""
        diff = (b - a) % 8
        if diff == 0:
            return True
        q = _quadrants(p)

        def clear(start: int, step: int, n: int) -> bool:
            for i in range(1, n):
                e = (start + step * i) % 8
                if e % 2 == 0:
                    k = (e // 2 - 1) % 4
                    if self.blocked_side(q[k], q[(k + 1) % 4], closed):
                        return False
            return True

        if diff < 4:
            return clear(a, 1, diff)
        if diff > 4:
            return clear(a, -1, 8 - diff)
        return clear(a, 1, 4) or clear(a, -1, 4)

    def adjacent(self, a: Square, b: Square, closed: Collection[Edge] = ()) -> bool:
        """8-neighbours on the map not separated by a wall or closed door (§4.4: two squares that
        share only a corner are not adjacent when walls at that corner separate them)."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if max(abs(dx), abs(dy)) != 1 or a not in self.cells or b not in self.cells:
            return False
        if not dx or not dy:
            return not self.blocked_side(a, b, closed)
        p = (max(a[0], b[0]), max(a[1], b[1]))
        q = _quadrants(p)
        return self._turn_clear(p, 2 * q.index(a) + 1, 2 * q.index(b) + 1, closed)

    def neighbours(self, sq: Square, closed: Collection[Edge] = ()) -> list[Square]:
        """The squares adjacent to ``sq`` (cached when no door is closed)."""
        if not closed:
            got = self._nb.get(sq)
            if got is None:
                got = self._nb[sq] = [
                    n for dx, dy in STEPS if self.adjacent(sq, n := (sq[0] + dx, sq[1] + dy))
                ]
            return got
        return [n for dx, dy in STEPS if self.adjacent(sq, n := (sq[0] + dx, sq[1] + dy), closed)]

    # --- line of sight (§4.7) ------------------------------------------------------------------

    def clear_line(
        self,
        start: Point,
        a_sq: Square,
        end: Point,
        b_sq: Square,
        blocked: Collection[Square],
        closed: Collection[Edge],
    ) -> bool:
        """Whether the segment from corner ``start`` of ``a_sq`` to corner ``end`` of ``b_sq`` is
        clear: through no wall, closed door or blocked square, not along a side of one, and not
        through a corner where walls separate its two sides; touching a blocked square's corner
        is allowed."""
        dx, dy = end[0] - start[0], end[1] - start[1]
        if not dx and not dy:  # a shared corner is no line; adjacency decides
            return False
        if not self._turn_clear(start, 2 * _quadrants(start).index(a_sq) + 1, _angle(dx, dy), closed):
            return False
        if not self._turn_clear(end, 2 * _quadrants(end).index(b_sq) + 1, _angle(-dx, -dy), closed):
            return False
        for st in trace(start, end):
            if st.kind == "cell":
                if st.a not in self.cells or st.a in blocked:
                    return False
            elif st.kind == "cross":
                if self.blocked_side(st.a, st.b, closed):
                    return False
            elif st.kind == "along":
                if self.blocked_side(st.a, st.b, closed) or st.a in blocked or st.b in blocked:
                    return False
            elif not self._turn_clear(st.point, st.before, st.after, closed):
                return False
        return True

    def _needs(self, start: Point, a_sq: Square, end: Point, b_sq: Square) -> frozenset[Square] | None:
        """The squares a corner line needs empty, or None when walls alone block it (cached)."""
        key = (start, a_sq, end, b_sq)
        if key in self._lines:
            return self._lines[key]
        needs: frozenset[Square] | None = None
        if self.clear_line(start, a_sq, end, b_sq, (), ()):
            cells: set[Square] = set()
            for st in trace(start, end):
                if st.kind == "cell":
                    cells.add(st.a)
                elif st.kind == "along":
                    cells.update((st.a, st.b))
            needs = frozenset(cells)
        self._lines[key] = needs
        return needs

    def line_of_sight(
        self,
        source: Square | Collection[Square],
        target: Square | Collection[Square],
        blocked: Collection[Square] = (),
        closed: Collection[Edge] = (),
    ) -> bool:
        """Line of sight from any square of ``source`` to any square of ``target`` (a square or a
        large base): adjacent squares always see each other (§4.7); otherwise a clear line from
        any corner of a source square to any corner of a target square. ``blocked`` squares hold
        figures or obstacles; the source's and target's own squares block lines through them too
        (FAQ: "this includes the target space itself")."""
        srcs, tgts = squares_of(source), squares_of(target)
        key = None
        if not closed:
            key = (tuple(srcs), tuple(tgts), frozenset(blocked))
            seen = self._sight.get(key)
            if seen is not None:
                return seen
        seen = self._line_of_sight(srcs, tgts, blocked, closed)
        if key is not None:
            if len(self._sight) > 50_000:
                self._sight.clear()
            self._sight[key] = seen
        return seen

    def _line_of_sight(
        self, srcs: list[Square], tgts: list[Square], blocked: Collection[Square], closed: Collection[Edge]
    ) -> bool:
        for a in srcs:
            for b in tgts:
                if a == b or self.adjacent(a, b, closed):
                    return True
        block = set(blocked) | set(srcs) | set(tgts)
        for a in srcs:
            ax, ay = a
            for b in tgts:
                bx, by = b
                for start in ((ax, ay), (ax + 1, ay), (ax, ay + 1), (ax + 1, ay + 1)):
                    for end in ((bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)):
                        if closed:
                            if self.clear_line(start, a, end, b, block, closed):
                                return True
                            continue
                        needs = self._needs(start, a, end, b)
                        if needs is not None and needs.isdisjoint(block):
                            return True
        return False

    # --- counting spaces and moving (§4.4, §4.6) -----------------------------------------------

    def distances(self, source: Square, closed: Collection[Edge] = ()) -> dict[Square, int]:
        """Spaces from ``source`` to every square, counted by 8-neighbour steps around walls and
        closed doors, ignoring figures (FAQ: figures are ignored when counting spaces)."""
        key = (source, frozenset(closed))
        got = self._dist.get(key)
        if got is not None:
            return got
        dist = {source: 0}
        queue = deque([source])
        while queue:
            sq = queue.popleft()
            for n in self.neighbours(sq, closed):
                if n not in dist:
                    dist[n] = dist[sq] + 1
                    queue.append(n)
        if len(self._dist) > 4096:
            self._dist.clear()
        self._dist[key] = dist
        return dist

    def distance(
        self, a: Square | Collection[Square], b: Square | Collection[Square], closed: Collection[Edge] = ()
    ) -> int:
        """The fewest spaces between two squares or bases (any square of each); a large number if
        there is no way."""
        best = 10**6
        tgts = squares_of(b)
        for s in squares_of(a):
            d = self.distances(s, closed)
            for t in tgts:
                best = min(best, d.get(t, 10**6))
        return best

    def reachable(
        self,
        start: Square,
        points: int,
        *,
        can_enter: Callable[[Square], bool],
        can_end: Callable[[Square], bool],
        closed: Collection[Edge] = (),
    ) -> dict[Square, int]:
        """Every square a figure at ``start`` can end in with ``points`` movement points: each
        step to an 8-neighbour costs 1, water 2 (§4.12); ``can_enter`` says which squares may be
        entered or passed (friendly figures), ``can_end`` which may be ended in. Values are the
        points spent (a shortest path, Dijkstra)."""
        return {sq: c for sq, c in self.spread(start, points, closed=closed, can_enter=can_enter).items()
                if sq == start or can_end(sq)}  # fmt: skip

    def spread(
        self,
        start: Square,
        points: int,
        *,
        closed: Collection[Edge] = (),
        can_enter: Callable[[Square], bool] | None = None,
        no_enter: Collection[Square] = (),
    ) -> dict[Square, int]:
        """The cheapest cost to every square within ``points`` (water 2, §4.12), entering no
        square of ``no_enter`` (a set is fastest) and none that ``can_enter`` refuses. A figure
        in a pit spends no movement points (the FAQ's pit rule): a pit is a dead end. Results for
        the same start and blocked squares are remembered, and a smaller budget's answer is the
        squares of a larger one's within it, in the same order (the caller must not change the
        returned dict)."""
        if can_enter is not None or closed:
            return self._spread(start, points, closed, can_enter, no_enter, None)
        key = (start, frozenset(no_enter))
        got = self._spreads.get(key)
        if got is not None and got[0] >= points:
            if got[0] == points:
                return got[1]
            return {sq: c for sq, c in got[1].items() if c <= points}
        if len(self._spreads) > 4096:
            self._spreads.clear()
        reach = self._spread(start, points, closed, None, no_enter, None)
        self._spreads[key] = (points, reach)
        return reach

    def path(
        self, start: Square, end: Square, points: int, *, no_enter: Collection[Square] = ()
    ) -> list[Square]:
        """The squares entered on one cheapest way from ``start`` to ``end`` (the first found,
        so always the same), ``end`` included; empty if out of reach."""
        parents: dict[Square, Square] = {}
        if end not in self._spread(start, points, (), None, no_enter, parents, end):
            return []
        out = [end]
        while out[-1] != start:
            out.append(parents[out[-1]])
        return out[-2::-1]

    def _spread(
        self,
        start: Square,
        points: int,
        closed: Collection[Edge],
        can_enter: Callable[[Square], bool] | None,
        no_enter: Collection[Square],
        parents: dict[Square, Square] | None,
        goal: Square | None = None,
    ) -> dict[Square, int]:
        """Cheapest costs by buckets (Dial's algorithm). With a ``goal``, stop once its cost is
        final: the squares before it on its path, and their parents, are settled by then."""
        best = {start: 0}
        frontier: list[list[Square]] = [[start]] + [[] for _ in range(points + 2)]
        get = best.get
        if not closed and can_enter is None:
            # The common case. A step's cost depends only on the square entered, so the first
            # bucket to reach a square gives its cheapest cost: each square is queued once.
            steps = self._steps
            seen = set(no_enter)
            seen.add(start)
            for cost in range(points + 1):
                if goal is not None and goal in best:
                    break
                for sq in frontier[cost]:
                    out = steps.get(sq)
                    if out is None:
                        out = self._steps_from(sq)
                    for n, step in out:
                        if n in seen:
                            continue
                        c = cost + step
                        if c <= points:
                            seen.add(n)
                            best[n] = c
                            frontier[c].append(n)
                            if parents is not None:
                                parents[n] = sq
            return best
        water, pits = self._water, self._pits
        for cost in range(points + 1):
            for sq in frontier[cost]:
                if best[sq] != cost or sq in pits:
                    continue
                for n in self.neighbours(sq, closed):
                    if n in no_enter or (can_enter is not None and not can_enter(n)):
                        continue
                    c = cost + (2 if n in water else 1)
                    if c <= points and c < get(n, 1 << 30):
                        best[n] = c
                        frontier[c].append(n)
                        if parents is not None:
                            parents[n] = sq
        return best

    def _steps_from(self, sq: Square) -> list[tuple[Square, int]]:
        """The squares one step from ``sq`` with each step's cost (water 2), none out of a pit."""
        got = self._steps[sq] = (
            [] if sq in self._pits else [(n, 2 if n in self._water else 1) for n in self.neighbours(sq)]
        )
        return got

    def with_closed(self, doors: Collection[str]) -> SquareBoard:
        """The same map with the named doors' sides as walls (the board while they are shut)."""
        sides = self.door_sides(doors)
        if not sides:
            return self
        return SquareBoard(self.cells, self.terrain, self.walls | sides, self.doors)

    # --- large monsters (§4.5) -----------------------------------------------------------------

    def bases(self, shape: tuple[int, int], square: Square, can_hold: Callable[[Square], bool],
              closed: Collection[Edge] = ()) -> list[frozenset[Square]]:  # fmt: skip
        """Every placement of a ``w x h`` base (either way round) that covers ``square``, lies
        on squares that exist and ``can_hold`` (empty), with no wall or closed door between its
        own squares: where a shrunken large monster may expand (§4.5)."""
        if not closed:  # the placements that fit the map are fixed: remember them
            key = (shape, square)
            fits = self._bases.get(key)
            if fits is None:
                fits = self._bases[key] = self._bases_on_map(shape, square, closed)
            return [b for b in fits if all(can_hold(s) for s in b)]
        return [b for b in self._bases_on_map(shape, square, closed) if all(can_hold(s) for s in b)]

    def _bases_on_map(
        self, shape: tuple[int, int], square: Square, closed: Collection[Edge]
    ) -> list[frozenset[Square]]:
        w, h = shape
        out: list[frozenset[Square]] = []
        seen: set[frozenset[Square]] = set()
        for ww, hh in {(w, h), (h, w)}:
            for ox in range(square[0] - ww + 1, square[0] + 1):
                for oy in range(square[1] - hh + 1, square[1] + 1):
                    base = frozenset((ox + i, oy + j) for i in range(ww) for j in range(hh))
                    if base in seen:
                        continue
                    seen.add(base)
                    if all(s in self.cells for s in base) and self._whole(base, closed):
                        out.append(base)
        return sorted(out, key=sorted)

    def _whole(self, base: frozenset[Square], closed: Collection[Edge]) -> bool:
        for x, y in base:
            for n in ((x + 1, y), (x, y + 1)):
                if n in base and self.blocked_side((x, y), n, closed):
                    return False
        return True
