"""A board in the terminal, as a Rich renderable (pure: same input, same output).

Flat-top hexes stand in columns; each hex is a 3-character cell, columns 4 characters apart and
every other column half a cell lower, so the six neighbours of a hex sit around it as on the
table. Rooms are told apart by their background; thin walls are not drawn (the SVG shows them).

>>> from delvekit.core.board import Board
>>> text = board_text(Board.build([(0, 0), (0, 1), (1, 0)]))
>>> print(text.plain)
 ·
     ·
 ·
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from rich.console import Group
from rich.text import Text

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import Hex
from delvekit.render.scenario import scenario_figures
from delvekit.render.svg import Marker, Token

if TYPE_CHECKING:
    from delvekit.gloomhaven.content.scenario import Scenario

_ROOM_BG = ("on grey19", "on grey27", "on grey23", "on grey30", "on grey15", "on grey35")

_TERRAIN: dict[Terrain, tuple[str, str]] = {
    Terrain.WALL: ("###", "bold white on grey3"),
    Terrain.OBSTACLE: (" ▲ ", "bold grey70"),
    Terrain.TRAP: (" ^ ", "bold red"),
    Terrain.HAZARDOUS: (" ~ ", "bold dark_orange"),
    Terrain.DIFFICULT: (" ≈ ", "bold steel_blue1"),
    Terrain.ICY: (" * ", "bold cyan"),
}
_MARKERS: dict[str, tuple[str, str]] = {
    "start": (" ○ ", "bold green"),
    "coin": (" c ", "bold yellow"),
    "corridor": (" · ", "grey62"),
    "pressure-plate": (" □ ", "bold medium_purple"),
}
_FIGURE_STYLE = {
    "normal": "bold white",
    "elite": "bold black on gold1",
    "boss": "bold white on red3",
    "character": "bold white on blue",
    "summon": "bold black on sky_blue1",
    "objective": "bold white on purple",
}


def _cell(
    board: Board, h: Hex, figures: Mapping[Hex, Token], markers: Mapping[Hex, list[Marker]]
) -> tuple[str, str]:
    fig = figures.get(h)
    if fig is not None:
        suffix = {"elite": "*", "boss": "!"}.get(fig.kind, " ")
        return (f"{fig.label[:2]:<2}{suffix}", _FIGURE_STYLE[fig.kind])
    if h in board.doors:
        return ("[=]", "bold dark_goldenrod")
    terrain = board.terrain_at(h)
    if terrain is not None:
        return _TERRAIN[terrain]
    for m in markers.get(h, []):
        if m.kind == "treasure":
            return (f"${m.text[:2]:<2}", "bold gold1")
        if m.kind in _MARKERS:
            return _MARKERS[m.kind]
    return (" · ", "grey50")


def board_text(
    board: Board,
    *,
    figures: Sequence[Token] = (),
    markers: Sequence[Marker] = (),
    regions: Mapping[Hex, int] | None = None,
    orientation: Literal["flat", "pointy"] = "flat",
) -> Text:
    """The board as styled text; ``orientation="pointy"`` draws it as the scenario book does
    (north to the left), like :func:`delvekit.render.svg.board_svg`."""
    if not board.hexes:
        return Text("(empty board)")
    fig_at = {f.hex: f for f in figures}
    marks: dict[Hex, list[Marker]] = {}
    for m in markers:
        marks.setdefault(m.hex, []).append(m)
    # Flat: columns 4 characters apart, a hex every second line, odd columns half a hex lower.
    # Pointy (the book's view, the grid turned a quarter turn): rows on consecutive lines, hexes
    # 4 characters apart, odd rows half a hex to the side.
    if orientation == "pointy":
        place = {h: (-h[0], 2 * (2 * h[1] + h[0])) for h in board.hexes}
    else:
        place = {h: (2 * h[1] + h[0], 4 * h[0]) for h in board.hexes}
    y0 = min(y for y, _ in place.values())
    x0 = min(x for _, x in place.values())
    width = max(x for _, x in place.values()) - x0 + 3
    lines: list[list[tuple[str, str]]] = [
        [(" ", "")] * width for _ in range(max(y for y, _ in place.values()) - y0 + 1)
    ]
    for h, (py, px) in place.items():
        x, y = px - x0, py - y0
        token, style = _cell(board, h, fig_at, marks)
        bg = _ROOM_BG[regions.get(h, 0) % len(_ROOM_BG)] if regions else ""
        full = f"{style} {bg}" if bg and " on " not in style else style
        for i, ch in enumerate(token):
            lines[y][x + i] = (ch, full)
    text = Text()
    for n, row in enumerate(lines):
        # Trim trailing blanks so the output is tidy.
        last = max((i for i, (ch, _) in enumerate(row) if ch != " "), default=-1)
        for ch, st in row[: last + 1]:
            text.append(ch, style=st or None)
        if n < len(lines) - 1:
            text.append("\n")
    return text


def two_letter_labels(labels: Iterable[str]) -> dict[str, str]:
    """Two-letter forms of distinct labels that stay distinct: the first two letters, else the
    first and third, else the last two, else a letter and a digit.

    >>> sorted(two_letter_labels(["VSC", "VSH", "BG"]).items())
    [('BG', 'BG'), ('VSC', 'VC'), ('VSH', 'VH')]
    """
    items = sorted(set(labels))
    for a, b in ((0, 1), (0, 2), (1, 2)):
        forms = {t: t[a] + t[b] if len(t) > 2 else t for t in items}
        if len(set(forms.values())) == len(items):
            return forms
    return {t: (t[:2] if len(t) <= 2 else f"{t[0]}{i % 10}") for i, t in enumerate(items)}


def scenario_text(
    scenario: Scenario, players: int, *, orientation: Literal["flat", "pointy"] = "pointy"
) -> Group:
    """A scenario's setup for ``players`` characters: title, map (drawn as the scenario book
    does by default) and legend."""
    smap = scenario.map()
    figures, markers, long_names = scenario_figures(scenario, players)
    # A terminal cell holds two letters and the elite/boss mark.
    short = two_letter_labels(long_names)
    names = {short[label]: monster for label, monster in long_names.items()}
    figures = [replace(f, label=short.get(f.label, f.label)) for f in figures]
    regions = {h: n for n, hexes in smap.room_hexes.items() for h in hexes}
    title = Text(f"#{scenario.number} {scenario.name} - {players} characters", style="bold")
    legend = Text()
    for label in sorted(names):
        legend.append(f"{label:<3}", style="bold")
        legend.append(f" {names[label]}   ")
    legend.append("\n")
    for token, style, meaning in (
        ("XX ", _FIGURE_STYLE["normal"], "normal"),
        ("XX*", _FIGURE_STYLE["elite"], "elite"),
        ("XX!", _FIGURE_STYLE["boss"], "boss"),
        (" ○ ", _MARKERS["start"][1], "start"),
        ("[=]", "bold dark_goldenrod", "door"),
        (" ▲ ", _TERRAIN[Terrain.OBSTACLE][1], "obstacle"),
        (" ^ ", _TERRAIN[Terrain.TRAP][1], "trap"),
        (" ~ ", _TERRAIN[Terrain.HAZARDOUS][1], "hazardous"),
        (" ≈ ", _TERRAIN[Terrain.DIFFICULT][1], "difficult"),
        ("$7 ", "bold gold1", "treasure"),
        (" c ", _MARKERS["coin"][1], "coin"),
    ):
        legend.append(token, style=style)
        legend.append(f" {meaning}  ")
    unplaced = [
        p for _, p in scenario.placements() if p.hex is None and p.type_for(players) != "none"
    ]
    drawing = board_text(
        smap.board, figures=figures, markers=markers, regions=regions, orientation=orientation
    )
    parts: list[Text] = [title, drawing, legend]
    if unplaced:
        parts.append(
            Text(
                "also placed, with no hex in the map data (see docs/content-scenarios.md): "
                + ", ".join(f"{p.type_for(players)} {p.monster}" for p in unplaced),
                style="italic",
            )
        )
    return Group(*parts)
