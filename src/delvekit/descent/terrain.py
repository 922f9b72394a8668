"""Doors and terrain in play (rules digest §4.3 doors, §4.12 terrain): opening and closing a
door rebuilds the board with the closed doors' sides as walls; entering lava, a pit or hazard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delvekit.core.squares import Square
from delvekit.descent import rules

if TYPE_CHECKING:
    from delvekit.descent.engine import Game


def toggle_door(g: Game, name: str, who: str) -> None:
    """Open a closed door or close an open one (§4.3); the board is rebuilt with the closed
    doors' sides as walls."""
    s = g.state
    if name in s.closed_doors:
        s.closed_doors.remove(name)
        g.emit("door-opens", name, f"by={who}")
    else:
        s.closed_doors = sorted([*s.closed_doors, name])
        g.emit("door-closes", name, f"by={who}")
    g.board = g.base_board.with_closed(s.closed_doors)


def doors_near(g: Game, squares: tuple[Square, ...]) -> list[str]:
    """Doors a figure may open or close: a door square's own square, or 8-adjacent to one on
    the same side of the door (so usually 4 spaces on each side of a 2-wide door)."""
    out = []
    for name, sides in sorted(g.base_board.doors.items()):
        for a, b in sides:
            horizontal = a[0] == b[0]  # a and b one above the other: the door runs along x
            for sq in squares:
                for side in (a, b):
                    same = sq[1] == side[1] if horizontal else sq[0] == side[0]
                    if sq == side or (same and max(abs(sq[0] - side[0]), abs(sq[1] - side[1])) == 1):
                        out.append(name)
    return sorted(set(out))


def enter_terrain(g: Game, fid: str, path: list[Square]) -> None:
    """Terrain entered on a move (§4.12): lava 1 heart, a pit 2 hearts, hazard 1 heart
    (TAG's reading, [S])."""
    harm = {"lava": 1, "pit": 2, "hazard": 1}
    for sq in path:
        n = harm.get(g.board.terrain.get(sq, ""), 0)
        if not n:
            continue
        if fid in g.state.heroes:
            rules.hero_damage(g, g.state.heroes[fid], n, g.board.terrain[sq])
        elif fid in g.state.monsters:
            rules.monster_damage(g, g.state.monsters[fid], n, g.board.terrain[sq])
