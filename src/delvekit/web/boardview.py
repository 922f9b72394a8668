"""The monster mover's board as SVG: a pure function of the editor document and the outcomes.

The board itself is drawn by the shared renderer (:func:`delvekit.render.svg.board_svg`, the
same picture as ``delve scenario show --svg``); this module adds the editor's layer on top,
positioned with the renderer's own hex-to-pixel function. Every element the user may click
carries its coordinates (``data-hex="q,r"`` or ``data-edge="q1,r1,q2,r2"``); the page's script
turns a click into an editor request, so the drawing itself stays free of behaviour. The small
area-pattern grid (:func:`aoe_svg`) is drawn here, with the gh-monster-ai-cases compass.

>>> from delvekit.web.editor import blank
>>> svg = board_svg(blank(4, 3))
>>> svg.startswith("<svg") and 'data-hex="0,0"' in svg
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import DIRECTIONS, Hex, neighbours
from delvekit.render import svg as render_svg
from delvekit.render.scenario import monster_label
from delvekit.render.svg import Token, TokenKind
from delvekit.web import editor

SIZE = 30.0
"""Hex edge length in SVG units."""
SQRT3 = math.sqrt(3.0)
MARGIN = 12.0

TERRAIN_LABEL = {
    "wall": "wall",
    "obstacle": "obstacle",
    "trap": "trap",
    "hazardous": "hazard",
    "difficult": "difficult",
    "icy": "icy",
}


def centre(h: Hex) -> tuple[float, float]:
    """Pixel centre of ``h`` (before the view box shift)."""
    q, r = h
    return (1.5 * SIZE * q, SQRT3 * SIZE * (r + q / 2.0))


def corners(h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of ``h``, clockwise from east (y grows southward)."""
    x, y = centre(h)
    s = SIZE * scale
    return [
        (x + s * math.cos(math.radians(60 * i)), y + s * math.sin(math.radians(60 * i))) for i in range(6)
    ]


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _hex_id(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def view_box(hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
    """``(min_x, min_y, width, height)`` enclosing the hexes with a margin."""
    xs: list[float] = []
    ys: list[float] = []
    for h in hexes:
        x, y = centre(h)
        xs += [x - SIZE, x + SIZE]
        ys += [y - SQRT3 * SIZE / 2, y + SQRT3 * SIZE / 2]
    if not xs:
        return (0.0, 0.0, 100.0, 100.0)
    return (
        min(xs) - MARGIN,
        min(ys) - MARGIN,
        max(xs) - min(xs) + 2 * MARGIN,
        max(ys) - min(ys) + 2 * MARGIN,
    )


_DEFS = (
    "<defs>"
    '<marker id="mv-arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" '
    'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#7b2cbf"/></marker>'
    '<marker id="mv-strike" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" '
    'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#d00000"/></marker>'
    "</defs>"
)


class Geometry:
    """Pixel positions derived from the shared renderer's hex-to-pixel function alone, so the
    overlay lines up whatever size or orientation the renderer draws with."""

    def __init__(self, centre: Callable[[Hex], tuple[float, float]]) -> None:
        self.centre = centre
        # The map is affine, so every hex has the same corner offsets: each corner is the mean of
        # three touching hex centres, measured once around the origin.
        ox, oy = centre((0, 0))
        self._offsets: list[tuple[float, float]] = []
        for i in range(6):
            a = centre(DIRECTIONS[i])
            b = centre(DIRECTIONS[(i + 1) % 6])
            self._offsets.append(((ox + a[0] + b[0]) / 3 - ox, (oy + a[1] + b[1]) / 3 - oy))

    def corners(self, h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
        """The six corners of ``h`` (clockwise from the north-east one), shrunk by ``scale``."""
        cx, cy = self.centre(h)
        return [(cx + dx * scale, cy + dy * scale) for dx, dy in self._offsets]

    def side(self, a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
        """End points of the side shared by neighbours ``a`` and ``b``."""
        i = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
        cs = self.corners(a)
        return cs[(i - 1) % 6], cs[i]

    def radius(self) -> float:
        (x0, y0), (x1, y1) = self.centre((0, 0)), self.centre((0, 1))
        return math.hypot(x1 - x0, y1 - y0) / math.sqrt(3)


def _pt(x: float, y: float) -> str:
    return f"{x:.1f},{y:.1f}"


def _outcome_layer(
    geo: Geometry,
    index: int,
    outcome: dict[str, Any],
    active_hex: Hex | None,
    where: dict[str, Hex],
    *,
    show: bool,
) -> str:
    dest = (int(outcome["destination"][0]), int(outcome["destination"][1]))
    cls = "outcome show" if show else "outcome"
    parts = [f'<g class="{cls}" data-outcome="{index}">', '<g class="detail">']
    for h in outcome.get("aoe_hexes") or []:
        parts.append(f'<polygon class="aoe" points="{_pts(geo.corners((int(h[0]), int(h[1])), 0.86))}"/>')
    if not outcome.get("targets"):
        # No attack this turn: outline the hex(es) the monster is heading for.
        for h in outcome.get("attack_hexes") or []:
            goal = (int(h[0]), int(h[1]))
            if goal != dest:
                parts.append(f'<polygon class="goal" points="{_pts(geo.corners(goal, 0.8))}"/>')
    path = [(int(h[0]), int(h[1])) for h in (outcome.get("path") or [])]
    if active_hex is not None and (not path or path[0] != active_hex):
        path = [active_hex, *path]
    if path and path[-1] != dest:
        path.append(dest)
    r = geo.radius()
    dx, dy = geo.centre(dest)
    if len(path) >= 2 and path[0] != path[-1]:
        points = [geo.centre(h) for h in path]
        # Leave the standee's label readable: start at the rim of the monster's token.
        (sx, sy), (nx, ny) = points[0], points[1]
        k = min(0.5, r * 0.55 / max(1e-6, math.hypot(nx - sx, ny - sy)))
        points[0] = (sx + (nx - sx) * k, sy + (ny - sy) * k)
        d = "M" + " L".join(_pt(x, y) for x, y in points)
        parts.append(f'<path class="move" d="{d}" marker-end="url(#mv-arrow)"/>')
        parts.append(f'<circle class="ghost-token" cx="{dx:.1f}" cy="{dy:.1f}" r="{r * 0.5:.1f}"/>')
    for target in outcome.get("targets") or []:
        th = where.get(str(target))
        if th is None:
            continue
        tx, ty = geo.centre(th)
        # Stop short of the target's centre so the arrow head shows beside the standee.
        k = max(0.0, 1 - geo.radius() * 0.55 / max(1e-6, math.hypot(tx - dx, ty - dy)))
        parts.append(
            f'<line class="attack" x1="{dx:.1f}" y1="{dy:.1f}" x2="{dx + (tx - dx) * k:.1f}" '
            f'y2="{dy + (ty - dy) * k:.1f}" marker-end="url(#mv-strike)"/>'
        )
    parts.append("</g>")
    parts.append(
        f'<circle class="dest" cx="{dx + r * 0.5:.1f}" cy="{dy - r * 0.5:.1f}" r="{r * 0.26:.1f}"/>'
        f'<text class="dest-text" x="{dx + r * 0.5:.1f}" y="{dy - r * 0.5 + r * 0.11:.1f}" '
        f'font-size="{r * 0.32:.1f}">{index + 1}</text>'
    )
    parts.append("</g>")
    return "".join(parts)


def _overlay(
    geo: Geometry,
    doc: editor.Doc,
    *,
    outcomes: Sequence[dict[str, Any]],
    tool: str,
    selected: int | None,
    trail: dict[str, Any] | None,
    ghosts: Sequence[Hex],
) -> str:
    hexes = editor.board_hexes(doc)
    terrain = editor.terrain_at(doc)
    figures = editor.case_of(doc)["figures"]
    where = {str(f["id"]): (int(f["hex"][0]), int(f["hex"][1])) for f in figures}
    active = editor.active_figure(doc)
    active_hex = (int(active["hex"][0]), int(active["hex"][1])) if active else None
    r = geo.radius()
    out = ['<g class="mover-overlay">', _DEFS]
    # Click targets: one per hex, over the drawing (which stays purely visual).
    out.append('<g class="hits">')
    for h in ghosts:
        out.append(f'<polygon class="ghost" data-hex="{_hex_id(h)}" points="{_pts(geo.corners(h, 0.92))}"/>')
    for h in editor.sorted_hexes(hexes):
        kind = terrain.get(h, "floor")
        label = f" {TERRAIN_LABEL.get(kind, '')}" if kind != "floor" else ""
        out.append(
            f'<polygon class="hex t-{kind}" data-hex="{_hex_id(h)}" tabindex="0" role="button" '
            f'aria-label="hex {h[0]},{h[1]}{label}" points="{_pts(geo.corners(h, 0.98))}">'
            f"<title>{h[0]},{h[1]}{label}</title></polygon>"
        )
    out.append("</g>")
    trail_path = [(int(h[0]), int(h[1])) for h in ((trail or {}).get("path") or [])]
    if len(trail_path) >= 2:
        d = "M" + " L".join(_pt(*geo.centre(h)) for h in trail_path)
        out.append(f'<path class="trail" d="{d}" marker-end="url(#mv-arrow)"/>')
    if outcomes:
        out.append('<g class="outcomes">')
        order = list(range(len(outcomes)))
        if selected is not None and 0 <= selected < len(outcomes):
            order.remove(selected)
            order.append(selected)  # drawn last: on top
        for i in order:
            out.append(_outcome_layer(geo, i, outcomes[i], active_hex, where, show=i == selected))
        out.append("</g>")
    out.append('<g class="figure-hits">')
    for fig in figures:
        h = (int(fig["hex"][0]), int(fig["hex"][1]))
        x, y = geo.centre(h)
        kind = "character" if fig["side"] == "character" else ("active" if fig.get("active") else "monster")
        fid = escape(str(fig["id"]))
        parts = [f'<g class="figure {kind}" data-figure="{fid}" data-hex="{_hex_id(h)}">']
        if kind == "active":
            parts.append(f'<circle class="halo" cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.62:.1f}"/>')
        init = fig.get("initiative")
        if kind == "character" and init:
            bx, by = x + r * 0.45, y - r * 0.45
            parts.append(
                f'<circle class="init" cx="{bx:.1f}" cy="{by:.1f}" r="{r * 0.24:.1f}"/>'
                f'<text class="init-text" x="{bx:.1f}" y="{by + r * 0.1:.1f}" font-size="{r * 0.28:.1f}">'
                f"{int(init)}</text>"
            )
        side = "active monster" if kind == "active" else fig["side"]
        parts.append(
            f'<circle class="hit" cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.52:.1f}"><title>{fid}: {side}'
            f"{f', initiative {int(init)}' if init else ''}</title></circle></g>"
        )
        out.append("".join(parts))
    out.append("</g>")
    if tool == "wall-edge":
        on = set(hexes)
        walls = editor.wall_pairs(doc)
        seen: set[tuple[Hex, Hex]] = set()
        out.append('<g class="edges">')
        for h in editor.sorted_hexes(hexes):
            for n in neighbours(h):
                key: tuple[Hex, Hex] = (min(h, n), max(h, n))
                if key in seen:
                    continue
                seen.add(key)
                (x1, y1), (x2, y2) = geo.side(key[0], key[1])
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                (ax, ay), (bx, by) = geo.centre(key[0]), geo.centre(key[1])
                # A thin kite around the side (a hit area, not a bare line), into both hexes.
                kite = [(x1, y1), (mx + 0.28 * (ax - mx), my + 0.28 * (ay - my))]
                kite += [(x2, y2), (mx + 0.28 * (bx - mx), my + 0.28 * (by - my))]
                state = " on" if frozenset(key) in walls else ""
                rim = "" if n in on else " rim"
                out.append(
                    f'<polygon class="edge{state}{rim}" data-edge="{_hex_id(key[0])},{_hex_id(key[1])}" '
                    f'points="{_pts(kite)}"/>'
                )
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


def to_board(doc: editor.Doc) -> Board:
    """The core board the document describes (for the shared renderer)."""
    terrain = {h: Terrain(kind) for h, kind in editor.terrain_at(doc).items()}
    walls = [(a, b) for a, b in (tuple(p) for p in editor.wall_pairs(doc))]
    return Board.build(editor.board_hexes(doc), terrain=terrain, walls=walls, doors=editor.doors_of(doc))


def standee_of(fid: str) -> tuple[str, str, int] | None:
    """``(rank, type, number)`` of a typed standee id, else ``None``.

    The type may be cut short to fit the case format's 16 characters (``harrower-infe``).

    >>> standee_of("e-bandit-guard-5"), standee_of("bandit-guard-3"), standee_of("M1")
    (('elite', 'bandit-guard', 5), ('normal', 'bandit-guard', 3), None)
    """
    name, sep, number = fid.rpartition("-")
    if not sep or not number.isdigit() or not name:
        return None
    for rank, prefix in (("elite", "e-"), ("boss", "b-")):
        if name.startswith(prefix):
            return rank, name.removeprefix(prefix), int(number)
    return "normal", name, int(number)


def _render_figures(doc: editor.Doc) -> list[Token]:
    out = []
    for fig in editor.case_of(doc)["figures"]:
        h = (int(fig["hex"][0]), int(fig["hex"][1]))
        fid = str(fig["id"])
        label = fid[:3]
        kind: TokenKind = "elite" if fid.startswith("E") else "normal"
        typed = standee_of(fid)
        if typed is not None:  # a scenario's standee: initials and number, its rank's colour
            rank, monster, number = typed
            label = f"{monster_label(monster)}{number}"
            kind = "elite" if rank == "elite" else "boss" if rank == "boss" else "normal"
        if fig["side"] == "character":
            out.append(Token(h, label, "character", f"character {fid}"))
        elif fig.get("active"):
            out.append(Token(h, label, "boss", f"active monster {fid}"))
        else:
            out.append(Token(h, label, kind, f"monster {fid}"))
    return out


def board_svg(
    doc: editor.Doc,
    *,
    outcomes: Sequence[dict[str, Any]] = (),
    tool: str = "",
    selected: int | None = None,
    trail: dict[str, Any] | None = None,
) -> str:
    """The editor board: the shared renderer's drawing (:func:`delvekit.render.svg.board_svg`)
    with the editor's layer on top: click targets, the solved outcomes, initiative badges.

    ``tool`` adds the targets that tool needs: hexes just outside the board for the board-shape
    tool, the hex sides for the thin-wall tool. ``selected`` is the outcome whose path and
    attacks are shown first (the page shows another on hover); ``trail`` is the outcome just
    applied, drawn faintly so the move stays visible.
    """
    ghosts = editor.ghost_hexes(doc) if tool == "hex" else []
    active = editor.active_figure(doc)
    highlights = {(int(active["hex"][0]), int(active["hex"][1])): "#e0a800"} if active else {}

    def overlay(centre: Callable[[Hex], tuple[float, float]]) -> str:
        return _overlay(
            Geometry(centre), doc, outcomes=outcomes, tool=tool, selected=selected, trail=trail, ghosts=ghosts
        )

    svg = render_svg.board_svg(
        to_board(doc),
        figures=_render_figures(doc),
        highlights=highlights,
        labels="coords",
        extent=ghosts,
        overlay=overlay,
        orientation="pointy",  # as the scenario book draws its maps
    )
    # Grow to the page's width, but never past 1.6 times the drawn size (a small room stays sane).
    width = re.search(r'width="([0-9.]+)"', svg)
    limit = f' style="max-width: {float(width.group(1)) * 1.6:.0f}px"' if width else ""
    return svg.replace(
        "<svg ",
        f'<svg class="board tool-{escape(tool or "none")}" data-orientation="pointy" role="img" '
        f'aria-label="monster mover board"{limit} ',
        1,
    ).strip()


def aoe_svg(doc: editor.Doc) -> str:
    """The small grid on which the area pattern is drawn (radius 3 around the origin)."""
    case = editor.case_of(doc)
    attack = case["ability"].get("attack")
    melee = attack is None or attack["range"] == 0
    chosen = {(int(h[0]), int(h[1])) for h in ((attack or {}).get("aoe") or {}).get("hexes", [])}
    cells = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
    vx, vy, vw, vh = view_box(cells)
    # Turned a quarter turn counter-clockwise, as the board is (the scenario book's orientation).
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="aoe-grid" data-orientation="pointy" '
        f'viewBox="{vy:.1f} {-(vx + vw):.1f} {vh:.1f} {vw:.1f}" '
        f'width="{vh * 0.42:.0f}" height="{vw * 0.42:.0f}" role="img" aria-label="area pattern">'
        '<g transform="rotate(-90)">'
    ]
    for h in cells:
        if melee and h == (0, 0):
            x, y = centre(h)
            out.append(
                f'<polygon class="aoe-cell self" points="{_pts(corners(h, 0.95))}"/>'
                f'<text x="{x:.1f}" y="{y + 6:.1f}" class="aoe-self" '
                f'transform="rotate(90 {x:.1f} {y:.1f})">A</text>'
            )
            continue
        cls = "aoe-cell on" if h in chosen else "aoe-cell"
        out.append(f'<polygon class="{cls}" data-aoe="{_hex_id(h)}" points="{_pts(corners(h, 0.95))}"/>')
    out.append("</g></svg>")
    return "".join(out)
