"""Range counted around walls, and movement search with a lexicographic cost.

A movement cost is ``(negative hexes entered, movement points)``, compared as a tuple: fewer
negative hexes (traps, hazardous terrain) always wins, however long the path. Modes:

- ``walk``: steps into neighbouring hexes not across a thin wall; passes allies, not enemies,
  obstacles or walls; difficult terrain costs 2; entering icy terrain slides on in the same
  direction until something stops the slide (a wall, an obstacle, a figure, the board's edge).
- ``jump``: passes over everything but walls; only the landing hex counts (its negative
  terrain, and difficult terrain when the ruleset says landing pays for it).
- ``fly``: passes over everything but walls; ignores terrain effects; may end on an obstacle.
- ``teleport``: moves up to its value in hexes ignoring walls, figures and terrain, except that
  the landing hex must be a legal end hex and its negative terrain counts.

Every mode must end on an unoccupied hex (the mover's own start hex is fine).

>>> from delvekit.core.board import Board, Terrain
>>> from delvekit.core.hexes import disk
>>> board = Board.build(disk((0, 0), 2), terrain={(0, -1): Terrain.TRAP, (1, -1): Terrain.DIFFICULT})
>>> field = movement(board, (0, 0), Mover(mode="walk"))
>>> field.cost((0, -2)), field.path((0, -2))
((0, 3), [(0, 0), (-1, 0), (-1, -1), (0, -2)])
>>> proximity(board, (0, 0))[(0, -2)]
2
"""

from __future__ import annotations

import heapq
import itertools
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Final, Literal, TypeAlias, TypeVar

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import DIRECTIONS, Hex, distance

MoveMode: TypeAlias = Literal["walk", "jump", "fly", "teleport"]
Cost: TypeAlias = tuple[int, int]
"""(negative hexes entered, movement points)."""

INF: Final[int] = 1 << 30
"""Stand-in for "unreachable" in the index-level arrays."""


class Grid:
    """Integer-indexed view of a board for fast searches (built once per board, then cached).

    ``step[i][d]`` is the hex one step from hex ``i`` in direction ``d`` (index into
    :data:`~delvekit.core.hexes.DIRECTIONS`), or -1 when it is off the board or across a thin
    wall. ``wall[i]``: wall hex or closed door (impassable, blocks sight and range)."""

    __slots__ = (
        "_proximity",
        "_walk_steps",
        "difficult",
        "has_icy",
        "hexes",
        "icy",
        "index",
        "negative",
        "obstacle",
        "step",
        "wall",
    )

    def __init__(self, board: Board) -> None:
        hexes, index, raw = _layout(board.hexes)
        self.hexes: tuple[Hex, ...] = hexes
        self.index: dict[Hex, int] = index
        n = len(hexes)
        steps = list(raw)
        for a, b in board.walls:
            i, j = index.get(a, -1), index.get(b, -1)
            if i >= 0 and j >= 0:
                d = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
                row = list(steps[i])
                row[d] = -1
                steps[i] = tuple(row)
                row = list(steps[j])
                row[(d + 3) % 6] = -1
                steps[j] = tuple(row)
        self.step: tuple[tuple[int, ...], ...] = tuple(steps)
        wall = [False] * n
        obstacle = [False] * n
        negative = [0] * n
        difficult = [0] * n
        icy = [False] * n
        for h, t in board.terrain.items():
            i = index[h]
            if t is Terrain.WALL:
                wall[i] = True
            elif t is Terrain.OBSTACLE:
                obstacle[i] = True
            elif t is Terrain.TRAP or t is Terrain.HAZARDOUS:
                negative[i] = 1
            elif t is Terrain.DIFFICULT:
                difficult[i] = 1
            elif t is Terrain.ICY:
                icy[i] = True
        for h in board.doors:
            wall[index[h]] = True
        self.wall: tuple[bool, ...] = tuple(wall)
        self.obstacle: tuple[bool, ...] = tuple(obstacle)
        self.negative: tuple[int, ...] = tuple(negative)
        self.difficult: tuple[int, ...] = tuple(difficult)
        self.icy: tuple[bool, ...] = tuple(icy)
        self.has_icy = any(icy)
        self._walk_steps: list[list[tuple[int, int, int]]] | None = None
        self._proximity: dict[tuple[int, int], list[int]] = {}

    @property
    def walk_steps(self) -> list[list[tuple[int, int, int]]]:
        """Walking steps ``(to, negative, points)`` allowed by terrain alone (no slides), built
        once per grid; figures filter them per search."""
        if self._walk_steps is None:
            blocked = [w or o for w, o in zip(self.wall, self.obstacle, strict=True)]
            neg, dif = self.negative, self.difficult
            self._walk_steps = [
                [(j, neg[j], 1 + dif[j]) for j in row if j >= 0 and not blocked[j]] for row in self.step
            ]
        return self._walk_steps

    def __len__(self) -> int:
        return len(self.hexes)

    def proximity(self, src: int, limit: int = INF) -> list[int]:
        """Steps from hex ``src`` to every hex, around walls and thin walls (obstacles and
        figures do not lengthen it); :data:`INF` beyond ``limit`` or when cut off.

        Memoised per grid: treat the list as read-only."""
        key = (src, limit)
        got = self._proximity.get(key)
        if got is None:
            got = self.proximity_from([src], limit)
            self._proximity[key] = got
        return got

    def proximity_from(self, sources: list[int], limit: int = INF, *, into_walls: bool = False) -> list[int]:
        """Steps from the nearest of ``sources`` (see :meth:`proximity`). With ``into_walls``
        wall hexes get a distance too (the step into them ends there)."""
        dist = [INF] * len(self.hexes)
        for src in sources:
            dist[src] = 0
        if limit <= 0:
            return dist
        frontier = list(sources)
        step = self.step
        wall = self.wall
        d = 0
        while frontier and d < limit:
            d += 1
            nxt: list[int] = []
            for i in frontier:
                for j in step[i]:
                    if j >= 0 and dist[j] == INF:
                        if not wall[j]:
                            dist[j] = d
                            nxt.append(j)
                        elif into_walls:
                            dist[j] = d
            frontier = nxt
        return dist


_K = TypeVar("_K")
_V = TypeVar("_V")
_Layout: TypeAlias = tuple[tuple[Hex, ...], dict[Hex, int], tuple[tuple[int, ...], ...]]
_LAYOUTS: dict[frozenset[Hex], _Layout] = {}
_CACHE_LOCK = threading.Lock()
"""Guards the module's shared caches (``_LAYOUTS``, ``_GRIDS``, ``_SEARCHES``): the web app solves
on several threads, and a check-then-evict done by two threads at once would evict one key twice."""


def _remember(cache: dict[_K, _V], key: _K, value: _V, size: int) -> _V:
    """Store ``value`` under ``key`` in a bounded cache (oldest entry evicted), under the lock;
    returns the value kept (another thread's, when it stored the same key first)."""
    with _CACHE_LOCK:
        kept = cache.get(key)
        if kept is not None:
            return kept
        while len(cache) >= size:
            cache.pop(next(iter(cache)))
        cache[key] = value
        return value


def _layout(hexes: frozenset[Hex]) -> _Layout:
    """Sorted hexes, their indices and the wall-free step table, shared by equal hex sets."""
    got = _LAYOUTS.get(hexes)
    if got is None:
        order = tuple(sorted(hexes))
        index = {h: i for i, h in enumerate(order)}
        raw = tuple(tuple(index.get((h[0] + dq, h[1] + dr), -1) for dq, dr in DIRECTIONS) for h in order)
        got = _remember(_LAYOUTS, hexes, (order, index, raw), 32)
    return got


_GRIDS: dict[tuple[object, ...], Grid] = {}


def grid(board: Board) -> Grid:
    """The cached :class:`Grid` of ``board`` (shared by boards with equal hexes, walls, terrain
    and doors, so a board rebuilt for another ruleset or another figure layout reuses it)."""
    cached = board.__dict__.get("_grid")
    if cached is None:
        key = (board.hexes, board.walls, board.doors, frozenset(board.terrain.items()))
        cached = _GRIDS.get(key)
        if cached is None:
            cached = _remember(_GRIDS, key, Grid(board), 256)
        board.__dict__["_grid"] = cached
    assert isinstance(cached, Grid)
    return cached


def proximity(board: Board, start: Hex, limit: int | None = None) -> dict[Hex, int]:
    """Hexes within ``limit`` (all if None) of ``start``, counted around walls: ``{hex: steps}``."""
    g = grid(board)
    if start not in g.index:
        raise KeyError(f"hex {list(start)} is not on the board")
    dist = g.proximity(g.index[start], INF if limit is None else limit)
    return {g.hexes[i]: d for i, d in enumerate(dist) if d < INF}


@dataclass(frozen=True)
class Mover:
    """Who moves and how: the mode, and where the other figures stand."""

    mode: MoveMode = "walk"
    enemies: frozenset[Hex] = frozenset()
    """Block walking; nobody may end on them."""
    allies: frozenset[Hex] = frozenset()
    """Passable when walking (and they stop a slide); nobody may end on them."""
    ends_on_obstacles: bool = False
    """Flying figures may end their move on an obstacle."""
    landing_negative: bool = True
    """Negative terrain on the landing hex counts (jump, teleport); flying ignores it."""
    jump_pays_difficult_on_landing: bool = True


@dataclass
class MoveField:
    """Best costs from one start hex to every hex, with one best path to each."""

    grid: Grid
    start: int
    mover: Mover
    negative: list[int]
    points: list[int]
    prev: list[int]
    can_end: list[bool] = field(repr=False)

    def cost(self, h: Hex) -> Cost | None:
        i = self.grid.index.get(h, -1)
        if i < 0 or self.points[i] >= INF:
            return None
        return (self.negative[i], self.points[i])

    def path(self, h: Hex) -> list[Hex]:
        """One best path, start first; empty when ``h`` cannot be reached."""
        i = self.grid.index.get(h, -1)
        if i < 0 or self.points[i] >= INF:
            return []
        out = []
        while i >= 0:
            out.append(self.grid.hexes[i])
            i = self.prev[i]
        out.reverse()
        return out

    def trail(self, h: Hex) -> list[Hex]:
        """Every hex passed on one best path to ``h``, start first: like :meth:`path`, with the
        hexes slid over on ice filled in (a slide runs straight)."""
        moves = self.path(h)
        out = moves[:1]
        for a, b in itertools.pairwise(moves):
            n = distance(a, b)
            dq, dr = (b[0] - a[0]) // n, (b[1] - a[1]) // n
            out.extend((a[0] + dq * k, a[1] + dr * k) for k in range(1, n + 1))
        return out

    def ends(self, budget: int) -> dict[Hex, Cost]:
        """Hexes the mover may end on with at most ``budget`` movement points."""
        return {
            self.grid.hexes[i]: (self.negative[i], self.points[i])
            for i in range(len(self.grid))
            if self.can_end[i] and self.points[i] <= budget
        }


def _passable(g: Grid, mover: Mover, occupied_enemy: list[bool]) -> list[bool]:
    n = len(g)
    if mover.mode == "teleport":
        return [True] * n
    if mover.mode == "walk":
        return [not (g.wall[i] or g.obstacle[i] or occupied_enemy[i]) for i in range(n)]
    return [not g.wall[i] for i in range(n)]


def _end_mask(g: Grid, mover: Mover, start: int, occupied: list[bool]) -> list[bool]:
    out = []
    for i in range(len(g)):
        ok = not g.wall[i] and (mover.ends_on_obstacles or not g.obstacle[i])
        out.append(ok and (i == start or not occupied[i]))
    return out


def _edges(g: Grid, mover: Mover, passable: list[bool], ally: list[bool]) -> list[list[tuple[int, int, int]]]:
    """Single moves ``(to, negative, points)`` out of every hex (a slide is one move)."""
    n = len(g)
    step = g.step
    out: list[list[tuple[int, int, int]]] = []
    walking = mover.mode == "walk"
    if not walking:
        return [[(j, 0, 1) for j in step[i] if j >= 0 and passable[j]] for i in range(n)]
    if not g.has_icy:
        return [[e for e in row if passable[e[0]]] for row in g.walk_steps]
    for i in range(n):
        row: list[tuple[int, int, int]] = []
        for d in range(6):
            j = step[i][d]
            if j < 0 or not passable[j]:
                continue
            if g.icy[j]:
                cur = j
                while g.icy[cur]:
                    nxt = step[cur][d]
                    if nxt < 0 or not passable[nxt] or ally[nxt]:
                        break
                    cur = nxt
                # Sliding costs nothing beyond the step that started it.
                row.append((cur, g.negative[cur], 1))
            else:
                row.append((j, g.negative[j], 1 + g.difficult[j]))
        out.append(row)
    return out


class _Prepared:
    __slots__ = ("_redges", "can_end", "edges", "g", "mover", "passable")

    def __init__(self, g: Grid, mover: Mover, start: int) -> None:
        n = len(g)
        enemy = [False] * n
        ally = [False] * n
        for h in mover.enemies:
            i = g.index.get(h, -1)
            if i >= 0:
                enemy[i] = True
        for h in mover.allies:
            i = g.index.get(h, -1)
            if i >= 0:
                ally[i] = True
        occupied = [a or b for a, b in zip(enemy, ally, strict=True)]
        self.g = g
        self.mover = mover
        self.passable = _passable(g, mover, enemy)
        self.can_end = _end_mask(g, mover, start, occupied)
        self.edges = _edges(g, mover, self.passable, ally)
        self._redges: list[list[tuple[int, int, int]]] | None = None

    @property
    def redges(self) -> list[list[tuple[int, int, int]]]:
        """The moves reversed (into each hex), built when first needed."""
        if self._redges is None:
            redges: list[list[tuple[int, int, int]]] = [[] for _ in range(len(self.g))]
            for i, row in enumerate(self.edges):
                for j, neg, pts in row:
                    redges[j].append((i, neg, pts))
            self._redges = redges
        return self._redges

    def landing(self, i: int) -> Cost:
        """Extra cost of landing on hex ``i`` for the modes that count only the landing."""
        g = self.g
        neg = g.negative[i] if self.mover.landing_negative else 0
        pts = (
            g.difficult[i] if (self.mover.mode == "jump" and self.mover.jump_pays_difficult_on_landing) else 0
        )
        return (neg, pts)


def _search(
    adj: list[list[tuple[int, int, int]]], src: int, n: int
) -> tuple[list[int], list[int], list[int]]:
    """Lexicographic shortest paths by buckets: (negative, points) packed into one integer
    (points never reach ``k``), with a heap over the few distinct bucket keys."""
    k = 2 * n + 2
    cost = [INF] * n
    prev = [-1] * n
    cost[src] = 0
    buckets: dict[int, list[int]] = {0: [src]}
    keys = [0]
    while keys:
        c = heapq.heappop(keys)
        for i in buckets.pop(c):
            if cost[i] != c:
                continue
            for j, dn, dp in adj[i]:
                nc = c + dn * k + dp
                if nc < cost[j]:
                    cost[j] = nc
                    prev[j] = i
                    bucket = buckets.get(nc)
                    if bucket is None:
                        buckets[nc] = [j]
                        heapq.heappush(keys, nc)
                    else:
                        bucket.append(j)
    neg = [c // k if c < INF else INF for c in cost]
    pts = [c % k if c < INF else INF for c in cost]
    return neg, pts, prev


def _bfs(adj: list[list[tuple[int, int, int]]], src: int, n: int) -> tuple[list[int], list[int]]:
    steps = [INF] * n
    prev = [-1] * n
    steps[src] = 0
    q = deque([src])
    while q:
        i = q.popleft()
        s = steps[i] + 1
        for j, _, _ in adj[i]:
            if steps[j] == INF:
                steps[j] = s
                prev[j] = i
                q.append(j)
    return steps, prev


def _index(g: Grid, h: Hex, what: str) -> int:
    i = g.index.get(h, -1)
    if i < 0:
        raise KeyError(f"{what} {list(h)} is not on the board")
    return i


def movement(board: Board, start: Hex, mover: Mover) -> MoveField:
    """Best cost and one best path from ``start`` to every hex, unlimited movement."""
    g = grid(board)
    s = _index(g, start, "start hex")
    return _movement(_Prepared(g, mover, s), s)


def _movement(prep: _Prepared, s: int) -> MoveField:
    g = prep.g
    mover = prep.mover
    n = len(g)
    if mover.mode in ("walk", "fly"):
        neg, pts, prev = _search(prep.edges, s, n)
    else:
        steps, prev = _bfs(prep.edges, s, n)
        neg = [INF] * n
        pts = [INF] * n
        for i in range(n):
            if steps[i] < INF:
                if i == s:
                    neg[i], pts[i] = 0, 0
                else:
                    ln, lp = prep.landing(i)
                    neg[i], pts[i] = ln, steps[i] + lp
    return MoveField(g, s, mover, neg, pts, prev, prep.can_end)


def costs_to(board: Board, destination: Hex, mover: Mover, start: Hex | None = None) -> dict[Hex, Cost]:
    """Best cost from every hex to ``destination`` (``start`` marks the mover's own hex)."""
    g = grid(board)
    d = _index(g, destination, "destination")
    s = _index(g, start, "start hex") if start is not None else d
    neg, pts = _costs_to_index(_Prepared(g, mover, s), d)
    return {g.hexes[i]: (neg[i], pts[i]) for i in range(len(g)) if pts[i] < INF}


def _costs_to_index(prep: _Prepared, d: int) -> tuple[list[int], list[int]]:
    n = len(prep.g)
    if prep.mover.mode in ("walk", "fly"):
        neg, pts, _ = _search(prep.redges, d, n)
        return neg, pts
    steps, _ = _bfs(prep.redges, d, n)
    ln, lp = prep.landing(d)
    neg = [INF] * n
    pts = [INF] * n
    for i in range(n):
        if steps[i] < INF:
            if i == d:
                neg[i], pts[i] = 0, 0
            else:
                neg[i], pts[i] = ln, steps[i] + lp
    return neg, pts


_SEARCHES: dict[tuple[object, ...], MoveSearch] = {}


def move_search(board: Board, start: Hex, mover: Mover) -> MoveSearch:
    """A :class:`MoveSearch`, shared with recent callers asking the same question on an equal
    board (the monster AI asks it once per ruleset)."""
    key = (grid(board), start, mover)
    got = _SEARCHES.get(key)
    if got is None:
        got = _remember(_SEARCHES, key, MoveSearch(board, start, mover), 64)
    return got


class MoveSearch:
    """Movement search bound to one board, start and mover, for callers that ask many
    questions (the monster AI): forward field once, reverse fields memoised per destination."""

    __slots__ = ("_prep", "_reverse", "field")

    def __init__(self, board: Board, start: Hex, mover: Mover) -> None:
        g = grid(board)
        s = _index(g, start, "start hex")
        self._prep = _Prepared(g, mover, s)
        self.field = _movement(self._prep, s)
        self._reverse: dict[int, tuple[list[int], list[int]]] = {}

    def to(self, destination: int) -> tuple[list[int], list[int]]:
        """(negative hexes, movement points) from every hex index to ``destination``."""
        got = self._reverse.get(destination)
        if got is None:
            got = _costs_to_index(self._prep, destination)
            self._reverse[destination] = got
        return got


def path_cost(board: Board, path: list[Hex], mover: Mover) -> Cost:
    """The cost of following ``path`` (start first) move by move; raises ValueError when a step
    is not a legal single move for ``mover`` (a slide counts as one move to where it stops)."""
    g = grid(board)
    if not path:
        raise ValueError("empty path")
    idx = [_index(g, h, "path hex") for h in path]
    prep = _Prepared(g, mover, idx[0])
    if mover.mode in ("jump", "teleport"):
        for a, b in itertools.pairwise(idx):
            if not any(j == b for j, _, _ in prep.edges[a]):
                raise ValueError(f"no move from {list(g.hexes[a])} to {list(g.hexes[b])}")
        if len(idx) == 1:
            return (0, 0)
        ln, lp = prep.landing(idx[-1])
        return (ln, len(idx) - 1 + lp)
    neg = pts = 0
    for a, b in itertools.pairwise(idx):
        for j, dn, dp in prep.edges[a]:
            if j == b:
                neg += dn
                pts += dp
                break
        else:
            raise ValueError(f"no move from {list(g.hexes[a])} to {list(g.hexes[b])}")
    return (neg, pts)


__all__ = [
    "INF",
    "Cost",
    "Grid",
    "MoveField",
    "MoveMode",
    "MoveSearch",
    "Mover",
    "costs_to",
    "grid",
    "move_search",
    "movement",
    "path_cost",
    "proximity",
]
