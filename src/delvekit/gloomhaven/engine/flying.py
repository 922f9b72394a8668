"""Who flies, and what flying changes (rules digest §1.2, §5.3, §7, §12).

Flying is one trait of a figure, whatever gives it:

* a monster: ``flying`` on its stat line (Flame Demon, Sun Demon, Wind Demon, drakes...);
* a character summon: ``flying`` on the stat line of the card or item that summoned it (the
  Summoner's Bat Swarm, the Doomstalker's War Hawk, the Falcon Figurine's Jade Falcon). A
  summon's stat-line traits hold for all its movement: its own turns, moves it is given by its
  owner, and forced movement;
* a character: Boots of Levitation or Cloak of Phasing (items with a passive ``flying``), or the
  Plagueherald's Winged Congregation while that card is in the active area.

A flying figure ignores figures and overlays for the whole move, the last hex included: it
springs no trap and takes no hazardous damage, pays 1 for difficult terrain, may end on an
obstacle but never on another figure. That holds for forced movement as well (FAQ: a flying
figure pushed over a trap springs nothing). A figure that stops flying while it stands on an
obstacle suffers trap damage (2 + L) and is moved to the nearest empty hex (:func:`grounded`).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from delvekit.core.board import Terrain
from delvekit.core.hexes import neighbours
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine.tasks import hex_token
from delvekit.gloomhaven.model.level import level_info

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.engine.state import Figure


def summon_flies(game: Game, f: Figure) -> bool:
    """Whether character summon ``f``'s stat line has flying (its card, or the item that
    summoned it)."""
    if f.kind != "summon" or f.owner is None:
        return False
    return bool(hooks.summon_flies.first(game, f))  # its card's, else its item's


def flies(game: Game, f: Figure) -> bool:
    """Whether figure ``f`` flies now (§5.3)."""
    if f"grounded|{f.id}" in game.state.scenario_marks:  # a card took its flying away (Bone Breaker)
        return False
    if f.kind == "monster":
        mtype = game.tables.types.get(f.name)
        return mtype is not None and mtype.stats(f.rank or "normal").flying
    if f.kind == "summon":
        return summon_flies(game, f)
    if f.kind == "character":
        return hooks.flying.any(game, f.id)
    return False


def nearest_empty(game: Game, start: tuple[int, int]) -> tuple[int, int] | None:
    """The empty hex (§1.2: no figure, no overlay but corridor/plate/open door, no token)
    nearest to ``start``, counted around walls; ties by hex order (our reading: the rules
    leave the tie to the players, the engine takes the first in (q, r) order)."""
    board = game.board()
    if board is None:
        return None
    st = game.state
    taken = {g.hex for g in st.figures.values()}
    tokens = set(st.coins)
    seen = {start}
    frontier: deque[tuple[tuple[int, int], int]] = deque([(start, 0)])
    found: list[tuple[int, tuple[int, int]]] = []
    best = None
    while frontier:
        h, d = frontier.popleft()
        if best is not None and d > best:
            break
        if h != start and h not in taken and h not in tokens and board.terrain_at(h) is None:
            best = d
            found.append((d, h))
            continue
        for n in neighbours(h):
            if n in seen or not board.adjacent(h, n) or board.is_wall(n) or n in board.doors:
                continue
            seen.add(n)
            frontier.append((n, d + 1))
    return min(found)[1] if found else None


def grounded(game: Game, cid: str) -> None:
    """``cid`` may have stopped flying (its flying card left the active area): on an obstacle
    it suffers trap damage and moves to the nearest empty hex (§5.3)."""
    f = game.state.figures.get(cid)
    board = game.board()
    if f is None or board is None or board.terrain_at(f.hex) is not Terrain.OBSTACLE or flies(game, f):
        return
    if hooks.may_end_on_obstacle.any(game, cid):
        return  # Cloak of Phasing: standing on an obstacle is its own effect
    to = nearest_empty(game, f.hex)
    game.emit("grounded", cid, hex_token(f.hex))
    if to is not None:
        f.hex = to
        game.emit("forced", cid, "landed", hex_token(to))
    game.suffer_damage(cid, level_info(game.setup.level).trap_damage, "trap")
