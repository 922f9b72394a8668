"""The Descent board as text (terminal) and as SVG: squares, terrain, tile joints, search tokens,
the exit, heroes (first letter, upper case) and monsters (lower case; masters underlined in SVG).

>>> from delvekit.descent.engine import Game
>>> text = board_text(Game.new("first-blood", ["grisban", "jain"], seed=1))
>>> "G" in text and "J" in text and "E" in text
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from delvekit.descent.engine import Game

SIZE = 36
TERRAIN_COLOUR = {
    "water": "#6fa8dc",
    "lava": "#e69138",
    "pit": "#6aa84f",
    "obstacle": "#666666",
    "hazard": "#cc0000",
}
LETTER = {"water": "~", "lava": "^", "pit": "o", "obstacle": "#", "hazard": "!"}


def _figures(game: Game) -> dict[tuple[int, int], tuple[str, str]]:
    out: dict[tuple[int, int], tuple[str, str]] = {}
    for h in game.state.heroes.values():
        out[h.square] = (h.id[0].upper() if not h.knocked_out else "x", h.id)
    for m in game.state.monsters.values():
        letter = "m" if m.unique else m.monster[0]
        for sq in m.base:
            out[sq] = (letter.upper() if m.rank == "master" and not m.unique else letter, m.id)
    return out


def board_text(game: Game) -> str:
    """Rows from top (largest y) to bottom; '.' a square, 'S' a search token, 'E' the exit."""
    b = game.board
    xs = [x for x, _ in b.cells]
    ys = [y for _, y in b.cells]
    figs = _figures(game)
    tokens = set(game.state.search_tokens)
    lines = []
    for y in range(max(ys), min(ys) - 1, -1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            sq = (x, y)
            if sq not in b.cells:
                ch = " "
            elif sq in figs:
                ch = figs[sq][0]
            elif sq in tokens:
                ch = "S"
            elif sq in game.quest.exit:
                ch = "E"
            else:
                ch = LETTER.get(b.terrain.get(sq, ""), ".")
            row.append(ch)
        lines.append(f"{y:4d} " + " ".join(row).rstrip())
    lines.append(f"     x from {min(xs)} to {max(xs)}, y on the left")
    return "\n".join(lines)


def status_text(game: Game) -> str:
    s = game.state
    parts = []
    for h in s.heroes.values():
        conds = ",".join(sorted(h.conditions))
        state = "KO" if h.knocked_out else f"{h.health - h.damage}/{h.health}hp {h.fatigue}/{h.stamina}fat"
        parts.append(f"{h.id}@{h.square[0]},{h.square[1]} {state}" + (f" [{conds}]" if conds else ""))
    for m in sorted(s.monsters.values(), key=lambda m: m.id):
        name = "Mauler" if m.unique else m.id
        parts.append(f"{name}({m.rank}) {m.health - m.damage}/{m.health}hp")
    return (
        f"round {s.round}  escaped {s.escaped}/{game.quest.escapes_to_lose}  hand {len(s.hand)}\n"
        + "\n".join(parts)
    )


def _abbrev(monster: str) -> str:
    words = monster.split("-")
    return "".join(w[0] for w in words).upper() if len(words) > 1 else monster[:2].capitalize()


def board_svg(game: Game) -> str:
    """A standalone SVG of the board (y up in the game, so rows are flipped for the picture)."""
    b = game.board
    xs = [x for x, _ in b.cells]
    ys = [y for _, y in b.cells]
    x0, y1 = min(xs), max(ys)
    width = max((max(xs) - x0 + 1) * SIZE + 2 * SIZE, 460)
    height = (y1 - min(ys) + 1) * SIZE + 3 * SIZE

    def px(sq: tuple[int, int]) -> tuple[int, int]:
        return ((sq[0] - x0 + 1) * SIZE, (y1 - sq[1] + 1) * SIZE)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f"<title>{escape(game.quest.name)}</title>",
        f'<rect width="{width}" height="{height}" fill="#222"/>',
    ]
    for sq in sorted(b.cells):
        x, y = px(sq)
        fill = TERRAIN_COLOUR.get(b.terrain.get(sq, ""), "#e8dcc0")
        if sq in game.quest.exit:
            fill = "#b6d7a8"
        out.append(f'<rect x="{x}" y="{y}" width="{SIZE}" height="{SIZE}" fill="{fill}" stroke="#8a7f66"/>')
    for a, c in sorted(b.walls):
        (ax, ay), (cx, cy) = px(a), px(c)
        if a[0] == c[0]:  # vertical neighbours: a horizontal wall between them
            yy = max(ay, cy)
            out.append(
                f'<line x1="{ax}" y1="{yy}" x2="{ax + SIZE}" y2="{yy}" stroke="#000" stroke-width="4"/>'
            )
        else:
            xx = max(ax, cx)
            out.append(
                f'<line x1="{xx}" y1="{ay}" x2="{xx}" y2="{ay + SIZE}" stroke="#000" stroke-width="4"/>'
            )
    for tok in game.state.search_tokens:
        x, y = px(tok)
        out.append(
            f'<circle cx="{x + SIZE // 2}" cy="{y + SIZE // 2}" r="{SIZE // 4}" '
            'fill="#f1c232" stroke="#7f6000"><title>search token</title></circle>'
        )
    for h in game.state.heroes.values():
        x, y = px(h.square)
        fill = "#999" if h.knocked_out else "#3d85c6"
        out.append(
            f'<circle cx="{x + SIZE // 2}" cy="{y + SIZE // 2}" r="{SIZE // 2 - 3}" '
            f'fill="{fill}" stroke="#fff">'
            f"<title>{escape(game.content.heroes[h.id].name)}</title></circle>"
        )
        out.append(
            f'<text x="{x + SIZE // 2}" y="{y + SIZE // 2 + 5}" text-anchor="middle" fill="#fff" '
            f'font-size="14">{h.id[0].upper()}</text>'
        )
    for m in game.state.monsters.values():
        mx = min(px(sq)[0] for sq in m.base)
        my = min(px(sq)[1] for sq in m.base)
        w = (max(sq[0] for sq in m.base) - min(sq[0] for sq in m.base) + 1) * SIZE
        h_ = (max(sq[1] for sq in m.base) - min(sq[1] for sq in m.base) + 1) * SIZE
        fill = "#cc0000" if m.rank == "master" else "#f4f4f4"
        text = "#fff" if m.rank == "master" else "#000"
        name = "Mauler" if m.unique else game.content.monsters[m.monster].name
        out.append(
            f'<rect x="{mx + 3}" y="{my + 3}" width="{w - 6}" height="{h_ - 6}" rx="6" fill="{fill}" '
            f'stroke="#000"><title>{escape(name)} ({m.rank}) {m.health - m.damage}/{m.health}</title></rect>'
        )
        out.append(
            f'<text x="{mx + w // 2}" y="{my + h_ // 2 + 5}" text-anchor="middle" fill="{text}" '
            f'font-size="13">{escape(_abbrev(m.monster) if not m.unique else "M")}</text>'
        )
    out.append(
        f'<text x="{SIZE // 2}" y="{height - SIZE - 4}" fill="#eee" font-size="13">'
        f"{escape(game.quest.name)}: "
        f"round {game.state.round}, escaped {game.state.escaped}/{game.quest.escapes_to_lose}</text>"
    )
    out.append(
        f'<text x="{SIZE // 2}" y="{height - SIZE // 2}" fill="#ccc" font-size="11">green: exit; yellow: '
        "search token; blue: hero; red: master; white: minion; M: Mauler</text>"
    )
    out.append("</svg>")
    return "\n".join(out)
