"""The monster mover's board as SVG: a pure function of the editor document and the outcomes.

Geometry follows the gh-monster-ai-cases compass: flat-top hexes, north up, centre of ``(q, r)``
at ``x = 1.5 q``, ``y = sqrt(3) (r + q / 2)`` edge lengths. Every element the user may click
carries its coordinates (``data-hex="q,r"`` or ``data-edge="q1,r1,q2,r2"``); the page's script
turns a click into an editor request, so the drawing itself stays free of behaviour.

>>> from delvekit.web.editor import blank
>>> svg = board_svg(blank(4, 3))
>>> svg.startswith("<svg") and 'data-hex="0,0"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from delvekit.core.hexes import Hex, neighbours
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


def shared_side(a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
    """End points of the side between neighbours ``a`` and ``b``."""
    ax, ay = centre(a)
    bx, by = centre(b)
    theta = math.atan2(by - ay, bx - ax)
    return tuple(  # type: ignore[return-value]
        (ax + SIZE * math.cos(theta + d), ay + SIZE * math.sin(theta + d))
        for d in (-math.pi / 6, math.pi / 6)
    )


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


def _terrain_mark(kind: str, h: Hex) -> str:
    x, y = centre(h)
    if kind == "obstacle":
        pts = [(x - 13, y + 9), (x - 6, y - 8), (x, y - 2), (x + 5, y - 11), (x + 14, y + 9)]
        return (
            f'<polygon class="mark" points="{_pts(pts)}" fill="#8a6a44" stroke="#5a4228" stroke-width="1.5"/>'
        )
    if kind == "trap":
        return (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="none" stroke="#b3261e" stroke-width="2.5"/>'
            f'<path d="M{x - 6:.1f},{y - 6:.1f}L{x + 6:.1f},{y + 6:.1f}M{x + 6:.1f},{y - 6:.1f}L{x - 6:.1f},'
            f'{y + 6:.1f}" stroke="#b3261e" stroke-width="2.5"/>'
        )
    if kind == "hazardous":
        pts = [(x, y - 12), (x + 12, y + 9), (x - 12, y + 9)]
        return (
            f'<polygon points="{_pts(pts)}" fill="#f29d38" stroke="#a35a00" stroke-width="1.5"/>'
            f'<text x="{x:.1f}" y="{y + 7:.1f}" class="glyph">!</text>'
        )
    if kind == "difficult":
        return "".join(
            f'<circle cx="{x + dx:.1f}" cy="{y + dy:.1f}" r="3" fill="#3d7a35"/>'
            for dx, dy in ((-9, 5), (0, -6), (9, 5), (0, 8), (-8, -5), (8, -5))
        )
    if kind == "icy":
        return "".join(
            f'<line x1="{x - 11 * math.cos(a):.1f}" y1="{y - 11 * math.sin(a):.1f}" '
            f'x2="{x + 11 * math.cos(a):.1f}" y2="{y + 11 * math.sin(a):.1f}" '
            'stroke="#2f7fb8" stroke-width="2"/>'
            for a in (0.0, math.pi / 3, 2 * math.pi / 3)
        )
    return ""


def _figure(fig: dict[str, Any], *, dim: bool = False) -> str:
    h = (int(fig["hex"][0]), int(fig["hex"][1]))
    x, y = centre(h)
    fid = escape(str(fig["id"]))
    if fig["side"] == "character":
        kind = "character"
    elif fig.get("active"):
        kind = "active"
    else:
        kind = "monster"
    extra = ' opacity="0.35"' if dim else ""
    parts = [f'<g class="figure {kind}" data-figure="{fid}" data-hex="{_hex_id(h)}"{extra}>']
    if kind == "character":
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="17"/>')
    elif kind == "active":
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="19" class="halo"/>')
        parts.append(f'<rect x="{x - 15:.1f}" y="{y - 15:.1f}" width="30" height="30" rx="6"/>')
    else:
        parts.append(f'<rect x="{x - 14:.1f}" y="{y - 14:.1f}" width="28" height="28" rx="6"/>')
    parts.append(f'<text x="{x:.1f}" y="{y + 4.5:.1f}">{fid}</text>')
    init = fig.get("initiative")
    if kind == "character" and init:
        parts.append(
            f'<circle cx="{x + 15:.1f}" cy="{y - 14:.1f}" r="9" class="init"/>'
            f'<text x="{x + 15:.1f}" y="{y - 10.5:.1f}" class="init-text">{int(init)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _arrow_path(points: Sequence[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _outcome_layer(
    index: int, outcome: dict[str, Any], active_hex: Hex | None, where: dict[str, Hex], *, show: bool
) -> str:
    dest = (int(outcome["destination"][0]), int(outcome["destination"][1]))
    cls = "outcome show" if show else "outcome"
    parts = [f'<g class="{cls}" data-outcome="{index}">', '<g class="detail">']
    for h in outcome.get("aoe_hexes") or []:
        parts.append(f'<polygon class="aoe" points="{_pts(corners((int(h[0]), int(h[1])), 0.82))}"/>')
    path = [(int(h[0]), int(h[1])) for h in (outcome.get("path") or [])]
    if active_hex is not None and (not path or path[0] != active_hex):
        path = [active_hex, *path]
    if path and path[-1] != dest:
        path.append(dest)
    if len(path) >= 2 and path[0] != path[-1]:
        parts.append(
            f'<path class="move" d="{_arrow_path([centre(h) for h in path])}" marker-end="url(#arrow)"/>'
        )
    dx, dy = centre(dest)
    for target in outcome.get("targets") or []:
        th = where.get(str(target))
        if th is None:
            continue
        tx, ty = centre(th)
        parts.append(
            f'<line class="attack" x1="{dx:.1f}" y1="{dy:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" '
            'marker-end="url(#strike)"/>'
        )
    parts.append("</g>")
    parts.append(
        f'<circle class="dest" cx="{dx:.1f}" cy="{dy + 17:.1f}" r="8"/>'
        f'<text class="dest-text" x="{dx:.1f}" y="{dy + 20.5:.1f}">{index + 1}</text>'
    )
    parts.append("</g>")
    return "".join(parts)


_DEFS = (
    "<defs>"
    '<marker id="arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="5" markerHeight="5" '
    'orient="auto">'
    '<path d="M0,0 L10,5 L0,10 z" fill="#7b2cbf"/></marker>'
    '<marker id="strike" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" '
    'orient="auto">'
    '<path d="M0,0 L10,5 L0,10 z" fill="#d00000"/></marker>'
    "</defs>"
)


def board_svg(
    doc: editor.Doc,
    *,
    outcomes: Sequence[dict[str, Any]] = (),
    tool: str = "",
    selected: int | None = None,
    trail: dict[str, Any] | None = None,
) -> str:
    """The editor board: hexes, terrain, thin walls, figures, then the outcomes drawn on top.

    ``tool`` adds the click targets that tool needs: hexes just outside the board for the
    board-shape tool, the hex sides for the thin-wall tool. ``selected`` is the outcome whose
    path and attacks are shown first (the page shows another on hover). ``trail`` is the outcome
    just applied, drawn faintly so the move stays visible.
    """
    hexes = editor.board_hexes(doc)
    ghosts = editor.ghost_hexes(doc) if tool == "hex" else []
    terrain = editor.terrain_at(doc)
    case = editor.case_of(doc)
    figures = case["figures"]
    where = {str(f["id"]): (int(f["hex"][0]), int(f["hex"][1])) for f in figures}
    active = editor.active_figure(doc)
    active_hex = (int(active["hex"][0]), int(active["hex"][1])) if active else None
    vx, vy, vw, vh = view_box([*hexes, *ghosts])
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board tool-{escape(tool or "none")}" '
        f'viewBox="{vx:.1f} {vy:.1f} {vw:.1f} {vh:.1f}" width="{vw:.0f}" height="{vh:.0f}" '
        f'role="img" aria-label="monster mover board">',
        _DEFS,
    ]
    for h in ghosts:
        out.append(f'<polygon class="ghost" data-hex="{_hex_id(h)}" points="{_pts(corners(h, 0.94))}"/>')
    for h in editor.sorted_hexes(hexes):
        kind = terrain.get(h, "floor")
        label = f" {TERRAIN_LABEL.get(kind, '')}" if kind != "floor" else ""
        out.append(
            f'<polygon class="hex t-{kind}" data-hex="{_hex_id(h)}" points="{_pts(corners(h, 0.97))}">'
            f"<title>{h[0]},{h[1]}{label}</title></polygon>"
        )
    occupied = set(where.values())
    out.append('<g class="marks">')
    for h in editor.sorted_hexes(hexes):
        x, y = centre(h)
        mark = terrain.get(h)
        if mark is not None and h not in occupied:
            out.append(_terrain_mark(mark, h))
        out.append(f'<text class="coord" x="{x:.1f}" y="{y - SIZE * 0.58:.1f}">{h[0]},{h[1]}</text>')
    out.append("</g>")
    out.append('<g class="walls">')
    for pair in sorted(tuple(sorted(p)) for p in editor.wall_pairs(doc)):
        a, b = pair
        (x1, y1), (x2, y2) = shared_side(a, b)
        out.append(f'<line class="thin-wall" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
    out.append("</g>")
    trail_path = [(int(h[0]), int(h[1])) for h in ((trail or {}).get("path") or [])]
    if len(trail_path) >= 2:
        out.append(
            f'<path class="trail" d="{_arrow_path([centre(h) for h in trail_path])}" '
            'marker-end="url(#arrow)"/>'
        )
    if outcomes:
        out.append('<g class="outcomes">')
        order = list(range(len(outcomes)))
        if selected is not None and 0 <= selected < len(outcomes):
            order.remove(selected)
            order.append(selected)  # drawn last: on top
        for i in order:
            out.append(_outcome_layer(i, outcomes[i], active_hex, where, show=i == selected))
        out.append("</g>")
    out.append('<g class="figures">')
    for fig in figures:
        out.append(_figure(fig))
    out.append("</g>")
    if tool == "wall-edge":
        on = set(hexes)
        seen: set[tuple[Hex, Hex]] = set()
        out.append('<g class="edges">')
        for h in editor.sorted_hexes(hexes):
            for n in neighbours(h):
                key: tuple[Hex, Hex] = (min(h, n), max(h, n))
                if key in seen:
                    continue
                seen.add(key)
                (x1, y1), (x2, y2) = shared_side(h, n)
                state = " on" if frozenset(key) in editor.wall_pairs(doc) else ""
                rim = "" if n in on else " rim"
                # A thin kite around the side (a hit area, not just a line) reaching a little
                # into both hexes.
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                (ax, ay), (bx, by) = centre(key[0]), centre(key[1])
                kite = [(x1, y1), (mx + 0.28 * (ax - mx), my + 0.28 * (ay - my))]
                kite += [(x2, y2), (mx + 0.28 * (bx - mx), my + 0.28 * (by - my))]
                out.append(
                    f'<polygon class="edge{state}{rim}" data-edge="{_hex_id(key[0])},{_hex_id(key[1])}" '
                    f'points="{_pts(kite)}"/>'
                )
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def aoe_svg(doc: editor.Doc) -> str:
    """The small grid on which the area pattern is drawn (radius 3 around the origin)."""
    case = editor.case_of(doc)
    attack = case["ability"].get("attack")
    melee = attack is None or attack["range"] == 0
    chosen = {(int(h[0]), int(h[1])) for h in ((attack or {}).get("aoe") or {}).get("hexes", [])}
    cells = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
    vx, vy, vw, vh = view_box(cells)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="aoe-grid" '
        f'viewBox="{vx:.1f} {vy:.1f} {vw:.1f} {vh:.1f}" '
        f'width="{vw * 0.42:.0f}" height="{vh * 0.42:.0f}" role="img" aria-label="area pattern">'
    ]
    for h in cells:
        if melee and h == (0, 0):
            x, y = centre(h)
            out.append(
                f'<polygon class="aoe-cell self" points="{_pts(corners(h, 0.95))}"/>'
                f'<text x="{x:.1f}" y="{y + 6:.1f}" class="aoe-self">A</text>'
            )
            continue
        cls = "aoe-cell on" if h in chosen else "aoe-cell"
        out.append(f'<polygon class="{cls}" data-aoe="{_hex_id(h)}" points="{_pts(corners(h, 0.95))}"/>')
    out.append("</svg>")
    return "".join(out)
