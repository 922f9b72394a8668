"""Map tiles and their placement: tile masks → placed hexes, rooms, thin walls, board.

Tile masks (``data/tiles.json``) give each tile's full hexes in the tile's own axial frame.
A placed tile's hex ``h`` lands on ``rotate(h, turns) + origin``. The board is the union of the
placed tiles plus the hexes of doors, corridors and overlays that sit between tiles.

Walls follow the rulebook: space outside the tiles is wall (``rim_walls``), and where two tiles
meet edge to edge the seam is a thin wall, except through a door or corridor hex, which is open
to both sides. Overlays give terrain: obstacles, traps, hazardous and difficult terrain, wall
overlays; a breakable wall is a wall hex until a rule removes it.

The conversion from the Virtual Gloomhaven Board's pointy-top "odd-r" offset grid to our
flat-top axial grid is :func:`from_offset`: the VGB picture turned a quarter turn clockwise.

>>> from_offset(0, 0), from_offset(1, 0), from_offset(0, 1)
((0, 0), (0, 1), (-1, 1))
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from delvekit.core.board import Board, Terrain
from delvekit.core.errors import ContentError
from delvekit.core.hexes import Hex, add, neighbours, rotate

if TYPE_CHECKING:
    from delvekit.gloomhaven.content.scenario import Door, Scenario, Tile

TILES_FILE = Path(__file__).parent / "data" / "tiles.json"

_TERRAIN = {
    "obstacle": Terrain.OBSTACLE,
    "trap": Terrain.TRAP,
    "hazardous": Terrain.HAZARDOUS,
    "difficult": Terrain.DIFFICULT,
    "wall": Terrain.WALL,
}


def from_offset(x: int, y: int) -> Hex:
    """A VGB cell (column ``x``, row ``y``; pointy-top hexes, odd rows shifted right) as our
    axial flat-top hex. The VGB picture is turned 90 degrees clockwise: VGB east becomes our
    south, VGB south-east our south-west. Neighbours stay neighbours and clockwise stays
    clockwise, so VGB's ``turns`` (60 degree clockwise steps) carry over unchanged."""
    qv = x - (y - (y & 1)) // 2
    rv = y
    return (-rv, qv + rv)


@lru_cache(maxsize=4)
def load_tiles(path: Path = TILES_FILE) -> Mapping[str, tuple[Hex, ...]]:
    """Tile reference (``L1a``) → its hexes in the tile's own frame."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ContentError(f"cannot read tile masks: {exc}", where=str(path)) from None
    out: dict[str, tuple[Hex, ...]] = {}
    for ref, cells in raw.items():
        if not isinstance(cells, list) or not all(
            isinstance(c, list) and len(c) == 2 and all(isinstance(v, int) for v in c) for c in cells
        ):
            raise ContentError("expected a list of [q, r] pairs", where=f"{path}: {ref}")
        out[ref] = tuple((c[0], c[1]) for c in cells)
    return out


def tile_hexes(tile: Tile, tiles: Mapping[str, tuple[Hex, ...]] | None = None) -> list[Hex]:
    """The board hexes of a placed tile."""
    masks = load_tiles() if tiles is None else tiles
    cells = masks.get(tile.ref)
    if cells is None:
        raise ContentError(f"unknown map tile {tile.ref!r}", where="tiles")
    return [add(rotate(h, tile.turns), tile.origin) for h in cells]


@dataclass(frozen=True)
class ScenarioMap:
    """A placed scenario map: the board, the hexes of each room, and the owner of each hex."""

    board: Board
    room_hexes: Mapping[int, frozenset[Hex]]
    """Hexes of each room's tiles (door hexes belong to both rooms they join)."""
    doors: Mapping[Hex, Door]
    tile_of: Mapping[Hex, int] = field(repr=False)
    """Index (into the flattened tile list) of the tile each tile hex lies on."""

    def rooms_at(self, h: Hex) -> tuple[int, ...]:
        """Rooms a hex belongs to (two for a door hex, none off the map)."""
        return tuple(n for n, hexes in self.room_hexes.items() if h in hexes)


def build_map(scenario: Scenario, tiles: Mapping[str, tuple[Hex, ...]] | None = None) -> ScenarioMap:
    """Place every tile of ``scenario`` and build its board (cached per scenario when the
    bundled tile masks are used: scenarios and maps are immutable).

    Raises :class:`ContentError` for a scenario without a map or an unknown tile."""
    if tiles is None:
        return _cached_map(scenario)
    return _build_map(scenario, tiles)


@lru_cache(maxsize=256)
def _cached_map(scenario: Scenario) -> ScenarioMap:
    return _build_map(scenario, load_tiles())


def _build_map(scenario: Scenario, tiles: Mapping[str, tuple[Hex, ...]]) -> ScenarioMap:
    where = f"scenario {scenario.number}"
    if not scenario.rooms:
        raise ContentError("has no fixed map (no rooms)", where=where)
    masks = tiles
    tile_of: dict[Hex, int] = {}
    room_hexes: dict[int, set[Hex]] = {}
    index = 0
    for room in scenario.rooms:
        hexes = room_hexes.setdefault(room.number, set())
        for tile in room.tiles:
            if tile.ref not in masks:
                raise ContentError(f"unknown map tile {tile.ref!r}", where=f"{where}: rooms.{room.number}")
            for h in tile_hexes(tile, masks):
                # Two tiles overlapping is a content error the check reports; keep the first.
                tile_of.setdefault(h, index)
                hexes.add(h)
            index += 1
    link_hexes: set[Hex] = set()
    doors: dict[Hex, Door] = {}
    for door in scenario.doors:
        doors[door.hex] = door
        link_hexes.add(door.hex)
        for n in door.rooms:
            if n in room_hexes:
                room_hexes[n].add(door.hex)
    terrain: dict[Hex, Terrain] = {}
    extra: set[Hex] = set(link_hexes)
    for overlay in scenario.overlays:
        extra.update(overlay.hexes)
        if overlay.kind == "corridor":
            link_hexes.update(overlay.hexes)
        kind = _TERRAIN.get(overlay.kind)
        if kind is not None:
            for h in overlay.hexes:
                terrain[h] = kind
    for door in scenario.doors:
        if door.kind == "breakable-wall":
            terrain[door.hex] = Terrain.WALL
    all_hexes = set(tile_of) | extra
    walls: set[tuple[Hex, Hex]] = set()
    for h, owner in tile_of.items():
        if h in link_hexes:
            continue
        for nb in neighbours(h):
            other = tile_of.get(nb)
            if other is not None and other != owner and nb not in link_hexes:
                walls.add((h, nb) if h <= nb else (nb, h))  # canonical edge, as hexes.edge
    board = Board.build(
        all_hexes,
        terrain=terrain,
        walls=walls,
        doors=[d.hex for d in scenario.doors if d.closed],
        rim_walls=True,
    )
    return ScenarioMap(
        board=board,
        room_hexes={n: frozenset(v) for n, v in room_hexes.items()},
        doors=doors,
        tile_of=tile_of,
    )
