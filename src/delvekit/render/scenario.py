"""A scenario's setup drawn: monster standees for a player count, overlays, tile names.

:func:`scenario_figures` lists what stands on the map (shared by the SVG and the terminal
pictures); :func:`scenario_svg` draws it with :func:`delvekit.render.svg.board_svg`, as the
scenario book does. :func:`monster_labels` gives every monster type a distinct short label.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

from delvekit.core.hexes import Hex, centre_point
from delvekit.gloomhaven.content.maps import tile_hexes
from delvekit.render.svg import Marker, Token, board_svg

if TYPE_CHECKING:
    from delvekit.gloomhaven.content.scenario import Scenario


def monster_label(monster: str) -> str:
    """Initials of a monster id: ``bandit-guard`` → ``BG``, ``ooze`` → ``OO``.

    >>> monster_label("bandit-guard"), monster_label("ooze"), monster_label("cultist-scenario-89")
    ('BG', 'OO', 'CU')
    """
    return _label_forms(monster)[0]


def _label_forms(monster: str) -> list[str]:
    """Ever longer labels for a monster type (at most 3 characters)."""
    parts = monster.split("-")
    words = [w for w in parts if w and not w.isdigit() and w != "scenario"] or ["?"]
    digits = "".join(w for w in parts if w.isdigit())
    rest = "".join(w[0] for w in words[1:3])
    forms = [(words[0][:2] if len(words) == 1 else words[0][0] + rest).upper()]
    forms.append((words[0][:3] if len(words) == 1 else words[0][:2] + rest).upper()[:3])
    if len(words) > 1:
        forms.append((words[0][0] + words[1][:2]).upper())
    if digits:
        forms.append((words[0][0] + digits).upper()[:3])
    return forms


def monster_labels(monsters: Iterable[str]) -> dict[str, str]:
    """A distinct short label for each monster type: initials, a longer form where two types
    share them, a digit as the last resort.

    >>> labels = monster_labels(["flame-demon", "frost-demon", "vermling-scout", "vermling-shaman"])
    >>> sorted(labels.values())
    ['FLD', 'FRD', 'VSC', 'VSH']
    >>> sorted(monster_labels(["cultist", "cultist-scenario-78"]).values())
    ['C78', 'CU']
    """
    kinds = sorted(set(monsters))
    forms = {m: _label_forms(m) for m in kinds}
    groups: dict[str, list[str]] = {}
    for m in kinds:
        groups.setdefault(forms[m][0], []).append(m)
    out: dict[str, str] = {}
    for label, group in groups.items():
        if len(group) == 1:
            out[group[0]] = label
            continue
        # Each member takes its first form that no other member of the group can also take.
        for m in group:
            others = {f for o in group if o != m for f in forms[o]}
            out[m] = next((f for f in forms[m][1:] if f not in others), "")
    taken: dict[str, int] = {}
    for m in kinds:
        label = out[m] or forms[m][0]
        taken[label] = taken.get(label, 0) + 1
        out[m] = label if taken[label] == 1 else f"{label[:2]}{taken[label]}"
    return out


def scenario_figures(scenario: Scenario, players: int) -> tuple[list[Token], list[Marker], dict[str, str]]:
    """Figures (monster standees for ``players`` characters), overlay markers and the label →
    monster legend of a scenario's setup."""
    figures: list[Token] = []
    names: dict[str, str] = {}
    labels = monster_labels(p.monster for _, p in scenario.placements())
    for _, p in scenario.placements():
        kind = p.type_for(players)
        if kind == "none" or p.hex is None:
            continue
        label = labels[p.monster]
        names[label] = p.monster
        figures.append(Token(p.hex, label, kind, f"{kind} {p.monster}"))
    markers: list[Marker] = [Marker(h, "start") for h in scenario.starting_hexes]
    for o in scenario.overlays:
        for h in o.hexes:
            if o.kind == "treasure":
                markers.append(Marker(h, "treasure", "G" if o.treasure == "goal" else o.treasure))
            elif o.kind == "coin":
                markers.append(Marker(h, "coin", str(o.amount)))
            elif o.kind in ("corridor", "pressure-plate"):
                markers.append(Marker(h, o.kind))
    for d in scenario.doors:
        if d.kind == "opening":
            markers.append(Marker(d.hex, "opening"))
        elif d.kind == "breakable-wall":
            markers.append(Marker(d.hex, "breakable"))
    # Each tile's name on the free hex nearest its middle, as the scenario book prints it.
    busy = {f.hex for f in figures} | {m.hex for m in markers} | set(scenario.board().terrain)
    for room in scenario.rooms:
        for tile in room.tiles:
            hexes = tile_hexes(tile)
            if not hexes:
                continue
            points = [centre_point(h) for h in hexes]
            mx = sum(x for x, _ in points) / len(points)
            my = sum(y for _, y in points) / len(points)

            def off_centre(h: Hex, mx: float = mx, my: float = my) -> tuple[bool, float]:
                x, y = centre_point(h)
                return (h in busy, (x - mx) ** 2 + (y - my) ** 2)

            middle = min(hexes, key=off_centre)
            busy.add(middle)
            markers.append(Marker(middle, "tile", tile.ref))
    return figures, markers, names


def scenario_svg(
    scenario: Scenario,
    players: int,
    *,
    labels: Literal["none", "coords"] = "none",
    orientation: Literal["flat", "pointy"] = "pointy",
) -> str:
    """The setup of a scenario for ``players`` characters (2-4): map, overlays, standees. By
    default drawn as the scenario book does (pointy-top hexes, see :func:`board_svg`)."""
    smap = scenario.map()
    figures, markers, names = scenario_figures(scenario, players)
    regions = {h: n for n, hexes in smap.room_hexes.items() for h in hexes}
    legend: list[tuple[Token, str]] = [
        (Token((0, 0), label, "normal"), names[label].replace("-", " ")) for label in sorted(names)
    ]
    legend += [
        (Token((0, 0), "", "normal"), "normal"),
        (Token((0, 0), "", "elite"), "elite"),
    ]
    if any(f.kind == "boss" for f in figures):
        legend.append((Token((0, 0), "", "boss"), "boss"))
    unplaced = sum(1 for _, p in scenario.placements() if p.hex is None and p.type_for(players) != "none")
    title = f"#{scenario.number} {scenario.name} - {players} characters"
    if unplaced:
        title += f" (+{unplaced} standee{'s' if unplaced > 1 else ''} with no hex in the map data)"
    return board_svg(
        smap.board,
        figures=figures,
        markers=markers,
        regions=regions,
        labels=labels,
        title=title,
        legend=legend,
        orientation=orientation,
        key=True,
    )
