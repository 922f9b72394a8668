"""Walking costs for the greedy bot: shortest-path fields to goal hexes, the reach of a figure
to its enemies, and hexes written ``q,r``."""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import TypeAlias

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import Hex, distance
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure

TRAP_STEP = 15.0
"""What walking onto a trap or hazardous hex costs, in steps: a detour this long is better."""
NEGATIVE = (Terrain.TRAP, Terrain.HAZARDOUS)
FAR = 1e6
Reach: TypeAlias = tuple[float, float]
"""(movement to a free hex next to an enemy, hex distance to the nearest enemy)."""


class Field:
    """Shortest walking costs to a set of goal hexes (Dijkstra backwards from the goals)."""

    __slots__ = ("cost",)

    def __init__(self, board: Board, goals: Mapping[Hex, float] | set[Hex], blocked: set[Hex]) -> None:
        links = board.links
        steps = _steps(board)
        cost: dict[Hex, float] = {}
        base = goals if isinstance(goals, Mapping) else dict.fromkeys(goals, 0.0)
        heap = [(b, g) for g, b in base.items() if g in links]
        heapq.heapify(heap)
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            c, h = pop(heap)
            if h in cost:
                continue
            cost[h] = c
            # entering h costs what h's terrain asks; we walk the field backwards
            step = c + steps[h]
            for n in links[h]:
                if n not in cost and n not in blocked and steps[n] < FAR:
                    push(heap, (step, n))
        self.cost = cost

    def at(self, h: Hex) -> float:
        return self.cost.get(h, FAR)


_STEPS: dict[int, tuple[Board, dict[Hex, float]]] = {}


def _steps(board: Board) -> dict[Hex, float]:
    """The cost of entering each hex of ``board`` (``FAR`` for obstacles), computed once per
    board (boards are immutable)."""
    known = _STEPS.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    steps = {
        h: FAR if board.terrain_at(h) is Terrain.OBSTACLE else _enter_cost(board, h) for h in board.links
    }
    if len(_STEPS) > 64:
        _STEPS.clear()
    _STEPS[id(board)] = (board, steps)
    return steps


def _enter_cost(board: Board, h: Hex) -> float:
    t = board.terrain_at(h)
    if t is Terrain.DIFFICULT:
        return 2.0
    if t in NEGATIVE:
        return TRAP_STEP
    return 1.0


def parse_hex(text: str) -> Hex | None:
    """The hex written ``q,r``; ``None`` for any other token."""
    q, sep, r = text.partition(",")
    try:
        return (int(q), int(r)) if sep else None
    except ValueError:
        return None


def one_is_monster(a: Figure, b: Figure) -> bool:
    """Whether exactly one of ``a`` and ``b`` is a monster (a character and a monster are foes)."""
    return (a.kind == "monster") != (b.kind == "monster")


def _enemy_distance(game: Game, f: Figure) -> float:
    hexes = [g.hex for g in game.state.figures.values() if one_is_monster(f, g)]
    if not hexes:
        return FAR
    return min(distance(f.hex, h) for h in hexes)


def enemy_reach(game: Game, f: Figure) -> Reach:
    """(movement points to a free hex next to an enemy, not across a thin wall nor through a
    closed door; hex distance to the nearest enemy). ``FAR`` when there is none."""
    hexes = _enemy_distance(game, f)
    board = game.board()
    if board is None or hexes >= FAR:
        return (hexes, hexes)
    st = game.state
    enemies = [g.hex for g in st.figures.values() if one_is_monster(f, g)]
    blocked = set(enemies) | (board.doors - st.opened)
    taken = blocked | {g.hex for g in st.figures.values() if g is not f}
    links = board.links
    goals = {n for e in enemies for n in links.get(e, ()) if n not in taken}
    return (Field(board, goals, blocked).at(f.hex), hexes)


def in_attack_reach(game: Game, f: Figure, attack_range: int) -> bool:
    """Whether ``f`` could attack someone now with ``attack_range`` (the engine's targets)."""

    from delvekit.gloomhaven.engine.actions import targets

    return bool(targets(game, f, attack_range))
