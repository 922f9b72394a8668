"""A board as an SVG picture: hexes, thin walls, doors, overlays, figures, highlights, paths.

Everything here is a pure function of its arguments and returns text, so the web app, the CLI
and the tests share one renderer. Hexes are flat-topped, north up, as in
:mod:`delvekit.core.hexes`.

>>> from delvekit.core.board import Board
>>> svg = board_svg(Board.build([(0, 0), (1, 0)]), figures=[Token((0, 0), "BG", "elite")])
>>> svg.startswith("<svg") and 'class="figure elite"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Literal, TypeAlias

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import Hex, corners, edge_segment, neighbours

TokenKind: TypeAlias = Literal["normal", "elite", "boss", "character", "summon", "objective"]
MarkerKind: TypeAlias = Literal[
    "obstacle", "trap", "hazardous", "difficult", "pressure-plate", "treasure", "coin", "corridor",
    "start", "wall", "text", "opening", "breakable", "tile",
]


@dataclass(frozen=True)
class Token:
    """A figure drawn as a round token (a standee): ``label`` is a short text on it (2-3
    letters), ``name`` its tooltip."""

    hex: Hex
    label: str
    kind: TokenKind = "normal"
    name: str = ""


@dataclass(frozen=True)
class Marker:
    """An overlay token drawn under the figures: ``text`` is a treasure number or a coin value."""

    hex: Hex
    kind: MarkerKind
    text: str = ""


# Palette: parchment floor, ink walls, muted overlay colours that stay readable when printed.
_FLOOR = ("#efe3c8", "#e6d6b3", "#eadcc0", "#e2d0ab", "#ece0c4", "#dfcca6")
_INK = "#2b2118"
_COLOURS = {
    "obstacle": "#8a7d6b",
    "trap": "#b8322a",
    "hazardous": "#e07b24",
    "difficult": "#6f9fbf",
    "pressure-plate": "#7a6fa8",
    "treasure": "#c9971c",
    "coin": "#e3b341",
    "corridor": "#d9c9a6",
    "start": "#6fa35a",
    "wall": "#3b342c",
}
_FIGURE_FILL = {
    "normal": ("#fbfaf5", _INK),
    "elite": ("#f2c230", _INK),
    "boss": ("#b3262e", "#fff4e0"),
    "character": ("#3d6fb6", "#ffffff"),
    "summon": ("#7ab0e0", _INK),
    "objective": ("#9c7bc2", "#ffffff"),
}


class _Frame:
    """Lattice → pixel mapping. Lattice x is in half edge lengths, y in sqrt(3)/2 units. With
    ``pointy`` the picture is turned a quarter turn counter-clockwise: hexes stand pointy-top in
    rows, as in the scenario book (whose maps delvekit's grid holds turned a quarter turn)."""

    def __init__(self, hexes: Iterable[Hex], size: float, margin: float, *, pointy: bool = False) -> None:
        self.sx = size / 2
        self.sy = size * math.sqrt(3) / 2
        self.pointy = pointy
        self.x0 = self.y0 = 0.0
        raw = [self.point(c) for h in hexes for c in corners(h)] or [(0.0, 0.0)]
        self.x0 = min(x for x, _ in raw) - margin
        self.y0 = min(y for _, y in raw) - margin
        self.width = max(x for x, _ in raw) - self.x0 + margin
        self.height = max(y for _, y in raw) - self.y0 + margin

    def point(self, p: tuple[int, int]) -> tuple[float, float]:
        x, y = p[0] * self.sx, p[1] * self.sy
        if self.pointy:
            x, y = y, -x
        return (x - self.x0, y - self.y0)

    def centre(self, h: Hex) -> tuple[float, float]:
        return self.point((3 * h[0], 2 * h[1] + h[0]))

    def polygon(self, h: Hex, shrink: float = 1.0) -> str:
        cx, cy = self.centre(h)
        out = []
        for c in corners(h):
            x, y = self.point(c)
            out.append(f"{cx + (x - cx) * shrink:.1f},{cy + (y - cy) * shrink:.1f}")
        return " ".join(out)


def board_svg(
    board: Board,
    *,
    figures: Sequence[Token] = (),
    markers: Sequence[Marker] = (),
    highlights: Mapping[Hex, str] | Iterable[Hex] = (),
    paths: Sequence[Sequence[Hex]] = (),
    regions: Mapping[Hex, int] | None = None,
    dimmed: Iterable[Hex] = (),
    labels: Literal["none", "coords"] = "none",
    title: str = "",
    legend: Sequence[tuple[Token, str]] = (),
    size: float = 32.0,
    orientation: Literal["flat", "pointy"] = "flat",
    extent: Iterable[Hex] = (),
    overlay: Callable[[Callable[[Hex], tuple[float, float]]], str] | None = None,
    key: bool = False,
) -> str:
    """Draw ``board`` as a standalone SVG document.

    ``regions`` tints hexes by a number (rooms); ``dimmed`` hexes are veiled (rooms not yet
    revealed); ``highlights`` outlines hexes (a mapping gives each its colour); ``paths`` are
    drawn as arrows through hex centres; ``labels="coords"`` prints each hex's axial
    coordinate; ``legend`` lists sample figures with their meaning. ``orientation="pointy"``
    turns the picture a quarter turn counter-clockwise (north to the left), which shows a
    scenario as the scenario book draws it. ``extent`` names more hexes the picture must have
    room for (off-board hexes an editor offers); ``overlay`` is called with the hex-to-pixel
    function and its SVG is drawn last, on top (the web app's click targets and solved
    outcomes). ``key`` adds a row explaining each kind of terrain and token on the board."""
    margin = size * 0.8
    frame = _Frame([*board.hexes, *extent], size, margin, pointy=orientation == "pointy")
    top = 34.0 if title else 0.0
    legend_rows = (len(legend) + 2) // 3
    key_items = _key_items(board, markers) if key else []
    key_rows = (len(key_items) + 3) // 4
    bottom = (14.0 + 26.0 * legend_rows if legend else 0.0) + (16.0 + 30.0 * key_rows if key_rows else 0.0)
    # Room for the title (about 0.6 em per character at 18 px) and three legend columns.
    least = 700.0 if key_items else 600.0 if legend else 0.0
    width = max(frame.width, least, len(title) * 11.0 + margin)
    height = frame.height + top + bottom
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" font-family="DejaVu Sans, Verdana, sans-serif">',
        "<defs>",
        '<pattern id="difficult" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(30)"><rect width="8" height="8" fill="#cfe0ea"/>'
        f'<line x1="0" y1="0" x2="0" y2="8" stroke="{_COLOURS["difficult"]}" stroke-width="3"/></pattern>',
        '<marker id="arrow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" markerHeight="5" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f6fd1"/></marker>',
        "</defs>",
        '<rect width="100%" height="100%" fill="#f8f4ea"/>',
    ]
    if title:
        out.append(
            f'<text x="{margin * 0.5:.1f}" y="23" font-size="18" font-weight="bold" fill="{_INK}">'
            f"{escape(title)}</text>"
        )
    out.append(f'<g transform="translate(0,{top:.0f})">')
    # Floor, tinted per region (room).
    out.append('<g class="floor">')
    for h in sorted(board.hexes):
        t = board.terrain_at(h)
        fill = _FLOOR[(regions.get(h, 0) if regions else 0) % len(_FLOOR)]
        if t is Terrain.WALL:
            fill = _COLOURS["wall"]
        elif t is Terrain.DIFFICULT:
            fill = "url(#difficult)"
        out.append(
            f'<polygon class="hex" data-q="{h[0]}" data-r="{h[1]}" points="{frame.polygon(h)}" '
            f'fill="{fill}" stroke="#b9a886" stroke-width="1"/>'
        )
    out.append("</g>")
    out.extend(_markers(frame, markers, size))
    out.extend(_terrain(frame, board, size))
    out.extend(_doors(frame, board, size))
    out.extend(_walls(frame, board, size))
    veil = sorted(set(dimmed) & board.hexes)
    if veil:
        out.append('<g class="dimmed">')
        out.extend(
            f'<polygon points="{frame.polygon(h, 1.02)}" fill="#f8f4ea" fill-opacity="0.72"/>' for h in veil
        )
        out.append("</g>")
    out.extend(_highlights(frame, highlights, size))
    out.extend(_paths(frame, paths, size))
    out.extend(_figures(frame, figures, size))
    if labels == "coords":
        for h in sorted(board.hexes):
            cx, cy = frame.centre(h)
            out.append(
                f'<text x="{cx:.1f}" y="{cy + size * 0.72:.1f}" font-size="{size * 0.24:.1f}" '
                f'text-anchor="middle" fill="#6b5d45">{h[0]},{h[1]}</text>'
            )
    if overlay is not None:
        out.append(overlay(frame.centre))
    out.append("</g>")
    y_key = frame.height + top + 8
    if legend:
        out.extend(_legend(legend, y_key, size))
        y_key += 14.0 + 26.0 * legend_rows
    if key_items:
        out.extend(_key(key_items, y_key, size))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _terrain(frame: _Frame, board: Board, size: float) -> list[str]:
    out = ['<g class="terrain">']
    for h, t in sorted(board.terrain.items()):
        cx, cy = frame.centre(h)
        if t is Terrain.OBSTACLE:
            out.append(
                f'<polygon class="obstacle" points="{frame.polygon(h, 0.78)}" fill="{_COLOURS["obstacle"]}" '
                f'stroke="#5d5244" stroke-width="1.5" stroke-linejoin="round"/>'
            )
        elif t is Terrain.TRAP:
            r = size * 0.42
            spikes = " ".join(
                f"{cx + (r if i % 2 == 0 else r * 0.45) * math.cos(math.pi * i / 6):.1f},"
                f"{cy + (r if i % 2 == 0 else r * 0.45) * math.sin(math.pi * i / 6):.1f}"
                for i in range(12)
            )
            out.append(
                f'<polygon class="trap" points="{spikes}" fill="{_COLOURS["trap"]}" stroke="#6e1a15" '
                'stroke-width="1"/>'
            )
        elif t is Terrain.HAZARDOUS:
            out.append(
                f'<polygon class="hazardous" points="{frame.polygon(h, 0.8)}" fill="{_COLOURS["hazardous"]}" '
                'fill-opacity="0.75" stroke="#9c4a0c" stroke-width="1.2" stroke-dasharray="3,2"/>'
            )
        elif t is Terrain.ICY:
            out.append(
                f'<polygon class="icy" points="{frame.polygon(h, 0.85)}" fill="#d8f0fb" stroke="#8cc4dc"/>'
            )
    out.append("</g>")
    return out


def _markers(frame: _Frame, markers: Sequence[Marker], size: float) -> list[str]:
    out = ['<g class="markers">']
    for m in markers:
        cx, cy = frame.centre(m.hex)
        colour = _COLOURS.get(m.kind, _INK)
        if m.kind == "start":
            out.append(
                f'<polygon class="start" points="{frame.polygon(m.hex, 0.86)}" fill="{colour}" '
                f'fill-opacity="0.35" stroke="{colour}" stroke-width="2" stroke-dasharray="4,3"/>'
            )
        elif m.kind in ("corridor", "pressure-plate"):
            shrink = 0.95 if m.kind == "corridor" else 0.55
            out.append(
                f'<polygon class="{m.kind}" points="{frame.polygon(m.hex, shrink)}" fill="{colour}" '
                f'fill-opacity="{0.9 if m.kind == "corridor" else 0.8}" stroke="#8f7d5a" stroke-width="0.8"/>'
            )
        elif m.kind == "treasure":
            w, hh = size * 0.62, size * 0.44
            out.append(
                f'<rect class="treasure" x="{cx - w / 2:.1f}" y="{cy - hh / 2:.1f}" width="{w:.1f}" '
                f'height="{hh:.1f}" rx="3" fill="{colour}" stroke="#6b4e08" stroke-width="1.5"/>'
            )
            if m.text:
                out.append(
                    f'<text x="{cx:.1f}" y="{cy + size * 0.1:.1f}" font-size="{size * 0.3:.1f}" '
                    f'text-anchor="middle" font-weight="bold" fill="#3a2a02">{escape(m.text)}</text>'
                )
        elif m.kind == "coin":
            out.append(
                f'<circle class="coin" cx="{cx + size * 0.28:.1f}" cy="{cy - size * 0.3:.1f}" '
                f'r="{size * 0.17:.1f}" fill="{colour}" stroke="#8a6a10" stroke-width="1.2"/>'
            )
        elif m.kind == "opening":
            out.append(
                f'<polygon class="opening" points="{frame.polygon(m.hex, 0.8)}" fill="none" '
                'stroke="#8f7d5a" stroke-width="1.5" stroke-dasharray="2,3"/>'
            )
        elif m.kind == "breakable":
            r = size * 0.4
            crack = " ".join(
                f"{cx + r * (i / 2 - 1):.1f},{cy + (r * 0.35 if i % 2 else -r * 0.35):.1f}" for i in range(5)
            )
            out.append(
                f'<polyline class="breakable" points="{crack}" fill="none" stroke="#d9c9a6" '
                'stroke-width="2" stroke-linejoin="round"/>'
            )
        elif m.kind == "tile":
            out.append(
                f'<text class="tile-name" x="{cx:.1f}" y="{cy + size * 0.16:.1f}" '
                f'font-size="{size * 0.5:.1f}" '
                f'text-anchor="middle" font-weight="bold" fill="#b9a886" fill-opacity="0.75">'
                f"{escape(m.text)}</text>"
            )
        elif m.kind == "text":
            out.append(
                f'<text x="{cx:.1f}" y="{cy - size * 0.45:.1f}" font-size="{size * 0.3:.1f}" '
                f'text-anchor="middle" fill="{_INK}">{escape(m.text)}</text>'
            )
        else:
            out.append(
                f'<polygon class="{m.kind}" points="{frame.polygon(m.hex, 0.7)}" fill="{colour}" '
                'fill-opacity="0.8"/>'
            )
    out.append("</g>")
    return out


def _passage_angle(frame: _Frame, board: Board, h: Hex) -> float:
    """Direction (degrees) of the way through a door hex: the main axis of the directions to
    the neighbours it opens to (they lie on both sides, so the axis, not the sum, is taken)."""
    cx, cy = frame.centre(h)
    sxx = syy = sxy = 0.0
    for n in neighbours(h):
        if board.adjacent(h, n):
            x, y = frame.centre(n)
            dx, dy = x - cx, y - cy
            sxx, syy, sxy = sxx + dx * dx, syy + dy * dy, sxy + dx * dy
    return math.degrees(0.5 * math.atan2(2 * sxy, sxx - syy))


def _doors(frame: _Frame, board: Board, size: float) -> list[str]:
    out = ['<g class="doors">']
    for h in sorted(board.doors):
        cx, cy = frame.centre(h)
        w, hh = size * 0.9, size * 0.5
        # The door leaf lies across the passage.
        angle = _passage_angle(frame, board, h) + 90.0
        out.append(f'<g transform="rotate({angle:.0f} {cx:.1f} {cy:.1f})">')
        out.append(
            f'<rect class="door" x="{cx - w / 2:.1f}" y="{cy - hh / 2:.1f}" width="{w:.1f}" '
            f'height="{hh:.1f}" rx="{hh / 2:.1f}" fill="#7a4a22" stroke="{_INK}" stroke-width="2"/>'
        )
        out.append(
            f'<line x1="{cx:.1f}" y1="{cy - hh / 2:.1f}" x2="{cx:.1f}" y2="{cy + hh / 2:.1f}" '
            f'stroke="{_INK}" stroke-width="1.5"/>'
        )
        out.append("</g>")
    out.append("</g>")
    return out


def _walls(frame: _Frame, board: Board, size: float) -> list[str]:
    parts = []
    for e in sorted(board.walls):
        (x1, y1), (x2, y2) = (frame.point(p) for p in edge_segment(e))
        parts.append(f"M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}")
    if not parts:
        return []
    width = max(2.5, size * 0.14)
    return [
        f'<path class="walls" d="{"".join(parts)}" stroke="{_INK}" stroke-width="{width:.1f}" '
        'stroke-linecap="round" fill="none"/>'
    ]


def _highlights(frame: _Frame, highlights: Mapping[Hex, str] | Iterable[Hex], size: float) -> list[str]:
    items = (
        list(highlights.items())
        if isinstance(highlights, Mapping)
        else [(h, "#1f6fd1") for h in highlights]
    )
    return [
        f'<polygon class="highlight" points="{frame.polygon(h, 0.9)}" fill="none" stroke="{colour}" '
        f'stroke-width="{size * 0.1:.1f}"/>'
        for h, colour in items
    ]


def _paths(frame: _Frame, paths: Sequence[Sequence[Hex]], size: float) -> list[str]:
    out = []
    for path in paths:
        if len(path) < 2:
            continue
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (frame.centre(h) for h in path))
        out.append(
            f'<polyline class="path" points="{pts}" fill="none" stroke="#1f6fd1" '
            f'stroke-width="{size * 0.09:.1f}" stroke-linejoin="round" marker-end="url(#arrow)"/>'
        )
    return out


def _figure(cx: float, cy: float, f: Token, size: float) -> list[str]:
    fill, text = _FIGURE_FILL[f.kind]
    r = size * 0.5
    out = [f'<g class="figure {f.kind}">']
    if f.name:
        out.append(f"<title>{escape(f.name)}</title>")
    if f.kind == "boss":
        out.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r + 3:.1f}" fill="none" stroke="{fill}" '
            'stroke-width="2"/>'
        )
    stroke = "#8a6a10" if f.kind == "elite" else _INK
    out.append(
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
    )
    font = size * (0.36 if len(f.label) <= 2 else 0.3)
    out.append(
        f'<text x="{cx:.1f}" y="{cy + font * 0.36:.1f}" font-size="{font:.1f}" text-anchor="middle" '
        f'font-weight="bold" fill="{text}">{escape(f.label)}</text>'
    )
    out.append("</g>")
    return out


def _figures(frame: _Frame, figures: Sequence[Token], size: float) -> list[str]:
    out = ['<g class="figures">']
    for f in figures:
        cx, cy = frame.centre(f.hex)
        out.extend(_figure(cx, cy, f, size))
    out.append("</g>")
    return out


def _legend(legend: Sequence[tuple[Token, str]], y0: float, size: float) -> list[str]:
    out = ['<g class="legend">']
    small = size * 0.7
    for i, (fig, text) in enumerate(legend):
        col, row = i % 3, i // 3
        x = 16 + col * 200 + small / 2
        y = y0 + 14 + row * 26
        out.extend(_figure(x, y, fig, small))
        out.append(
            f'<text x="{x + small * 0.7:.1f}" y="{y + 4:.1f}" font-size="12" fill="{_INK}">'
            f"{escape(text)}</text>"
        )
    out.append("</g>")
    return out


_KEY_TEXT: dict[str, str] = {
    "start": "starting hex",
    "obstacle": "obstacle",
    "trap": "trap",
    "hazardous": "hazardous terrain",
    "difficult": "difficult terrain",
    "icy": "icy terrain",
    "door": "closed door",
    "corridor": "corridor",
    "pressure-plate": "pressure plate",
    "coin": "money token",
    "treasure": "treasure",
    "opening": "open passage",
    "breakable": "breakable wall",
}
_TERRAIN_KEYS: dict[Terrain, str] = {
    Terrain.OBSTACLE: "obstacle",
    Terrain.TRAP: "trap",
    Terrain.HAZARDOUS: "hazardous",
    Terrain.DIFFICULT: "difficult",
    Terrain.ICY: "icy",
}


def _key_items(board: Board, markers: Sequence[Marker]) -> list[str]:
    """The kinds of terrain and token present, in a fixed order."""
    present = {_TERRAIN_KEYS[t] for t in board.terrain.values() if t in _TERRAIN_KEYS}
    present |= {m.kind for m in markers if m.kind in _KEY_TEXT}
    if board.doors:
        present.add("door")
    return [k for k in _KEY_TEXT if k in present]


def _key(items: Sequence[str], y0: float, size: float) -> list[str]:
    """One sample hex per kind, drawn by the same functions as the board itself."""
    small = size * 0.62
    terrain_of = {v: k for k, v in _TERRAIN_KEYS.items()}
    out = ['<g class="key">']
    for i, kind in enumerate(items):
        col, row = i % 4, i // 4
        sample = Board.build(
            [(0, 0)],
            terrain={(0, 0): terrain_of[kind]} if kind in terrain_of else None,
            doors=[(0, 0)] if kind == "door" else (),
        )
        frame = _Frame([(0, 0)], small, 0.0)
        x, y = 16 + col * 172, y0 + row * 30
        out.append(f'<g transform="translate({x:.1f},{y:.1f})">')
        out.append(f'<polygon points="{frame.polygon((0, 0))}" fill="{_FLOOR[0]}" stroke="#b9a886"/>')
        if kind in terrain_of:
            out.extend(_terrain(frame, sample, small))
        elif kind == "door":
            out.extend(_doors(frame, sample, small))
        else:
            out.extend(_markers(frame, [Marker((0, 0), kind)], small))  # type: ignore[arg-type]
        out.append("</g>")
        out.append(
            f'<text x="{x + frame.width + 6:.1f}" y="{y + frame.height / 2 + 4:.1f}" font-size="12" '
            f'fill="{_INK}">{escape(_KEY_TEXT[kind])}</text>'
        )
    out.append("</g>")
    return out
