"""A stand-in map for scenario 55 (Foggy Thicket), which the book plays on a random dungeon.

The printed scenario draws three rooms from a reduced random-dungeon deck: six monster cards
and six dungeon (room) cards. The monster cards are public data (imported by
``tools/importers/random_dungeon.py`` into ``data/random-dungeon.json``); the dungeon cards'
layouts are not in any source. So delvekit builds a **stand-in**, seeded and documented:

* three rooms, each one base map tile (``tiles.json``; a tile of 22 to 35 hexes, each tile used
  once, turned at random), joined in a chain by two stone doors: room 1 is where the party
  starts, its door reveals room 2, whose door reveals room 3;
* the starting hexes are six hexes of room 1 around its hex farthest from the door;
* each room gets one of the scenario's six monster cards (three different ones): every
  numbered position of the card (1 to 12) is a hex of its own, drawn at random among the room's
  hexes that are not a starting hex and not next to a door; a card's standees (types for 2, 3
  and 4 characters), coins, traps and terrain go to their positions; the cards' treasure
  rewards are not placed (the engine has no random-dungeon treasures);
* in room 3 whatever is at position 12 is replaced by the goal treasure tile (the book: "loot
  the treasure tile in the third room", only with a Loot ability);
* the dungeon cards' penalties are not applied (no source has them).

The same seed always gives the same map (:class:`~delvekit.core.rng.Rng`).

>>> from delvekit.gloomhaven.content import load_pack
>>> s = stand_in(load_pack().scenarios[55], seed=7)
>>> s.map_source, len(s.rooms), len(s.doors), len(s.starting_hexes)
('custom', 3, 2, 6)
>>> stand_in(load_pack().scenarios[55], seed=7) == s
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal

import msgspec

from delvekit.core.errors import ContentError
from delvekit.core.hexes import Hex, add, distance, neighbours, rotate
from delvekit.core.rng import Rng
from delvekit.gloomhaven.content.maps import load_tiles
from delvekit.gloomhaven.content.scenario import (
    Door,
    Overlay,
    Placement,
    PlayerType,
    Room,
    Scenario,
    Tile,
)

DATA_FILE = Path(__file__).parent / "data" / "random-dungeon.json"
NOTE = (
    "stand-in map: the book plays this scenario on a random dungeon whose room cards no source "
    "holds; delvekit draws three rooms from the base map tiles with the scenario's monster cards, "
    "seeded (docs/content-scenarios.md, Scenario 55)"
)
ROOMS = 3
STARTS = 6
POSITIONS = 12


class Standee(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    monster: str
    types: tuple[PlayerType, PlayerType, PlayerType]
    marker: str


class CardOverlay(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    kind: Literal["coin", "trap", "difficult", "hazardous", "treasure"]
    marker: str
    variant: str = ""


class MonsterCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A random-dungeon monster card: standees and overlays on numbered positions."""

    number: int
    name: str
    standees: tuple[Standee, ...]
    overlays: tuple[CardOverlay, ...]


class _Deck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    monster_cards: tuple[str, ...]
    room_cards: tuple[str, ...]


class _File(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    about: str
    monster_cards: tuple[MonsterCard, ...]
    scenario_55: _Deck


@functools.lru_cache(maxsize=4)
def _load(path: Path) -> _File:
    where = path.name if path == DATA_FILE else str(path)
    try:
        doc = msgspec.json.decode(path.read_bytes(), type=_File)
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror}", where=where) from None
    except msgspec.ValidationError as exc:
        message, _, at = str(exc).rpartition(" - at `")
        raise ContentError(message or str(exc), where=f"{where}: {at.rstrip('`') or '$'}") from None
    except msgspec.DecodeError as exc:
        raise ContentError(f"not valid JSON ({exc})", where=where) from None
    names = {c.name for c in doc.monster_cards}
    for i, name in enumerate(doc.scenario_55.monster_cards):
        if name not in names:
            raise ContentError(
                f"unknown monster card {name!r}", where=f"{where}: $.scenario_55.monster_cards[{i}]"
            )
    for c in doc.monster_cards:
        for j, marker in enumerate([s.marker for s in c.standees] + [o.marker for o in c.overlays]):
            if not marker.isdigit() or not 1 <= int(marker) <= POSITIONS:
                raise ContentError(
                    f"position {marker!r} is not 1..{POSITIONS}", where=f"{where}: card {c.name} [{j}]"
                )
    return doc


def monster_cards(path: Path | None = None) -> dict[str, MonsterCard]:
    """The random dungeon's monster cards by name."""
    return {c.name: c for c in _load(path or DATA_FILE).monster_cards}


def scenario_55_cards(path: Path | None = None) -> tuple[MonsterCard, ...]:
    """The six monster cards scenario 55 draws from."""
    doc = _load(path or DATA_FILE)
    cards = {c.name: c for c in doc.monster_cards}
    return tuple(cards[n] for n in doc.scenario_55.monster_cards)


def _pool(tiles: Mapping[str, tuple[Hex, ...]]) -> list[str]:
    return sorted(ref for ref, cells in tiles.items() if 22 <= len(cells) <= 35 and len(ref) == 3)


def _place_rooms(rng: Rng, tiles: Mapping[str, tuple[Hex, ...]]) -> tuple[list[Tile], list[Hex]]:
    """Three tiles in a chain and the door hex between each two (no tile touches another but
    through its door)."""
    pool = _pool(tiles)
    first = rng.choice(pool)
    placed = [Tile(first, rng.randint(0, 5), (0, 0))]
    used = {first[:2]}  # a physical tile has two sides: use it once
    cells = [{add(rotate(h, placed[0].turns), (0, 0)) for h in tiles[first]}]
    doors: list[Hex] = []
    for _ in range(1, ROOMS):
        for _attempt in range(500):
            ref = rng.choice([r for r in pool if r[:2] not in used])
            turns = rng.randint(0, 5)
            shape = [rotate(h, turns) for h in tiles[ref]]
            taken = set().union(*cells)
            previous = cells[-1]
            candidates = sorted(
                {
                    n
                    for h in previous
                    for n in neighbours(h)
                    if n not in taken and not _touches(n, taken - previous)
                }
            )
            door = rng.choice(candidates)
            beyond = sorted(n for n in neighbours(door) if n not in taken and not _touches(n, taken))
            if not beyond:
                continue
            anchor, target = rng.choice(shape), rng.choice(beyond)
            origin = (target[0] - anchor[0], target[1] - anchor[1])
            hexes = {add(h, origin) for h in shape}
            if door in hexes or hexes & taken or any(_touches(h, taken) for h in hexes):
                continue
            placed.append(Tile(ref, turns, origin))
            cells.append(hexes)
            doors.append(door)
            used.add(ref[:2])
            break
        else:  # pragma: no cover - the pool always leaves room on some side
            raise ContentError("no place found for a room", where="scenario 55 stand-in")
    return placed, doors


def _touches(h: Hex, hexes: set[Hex]) -> bool:
    return any(n in hexes for n in neighbours(h))


def stand_in(scenario: Scenario, seed: int, *, cards: Sequence[MonsterCard] | None = None) -> Scenario:
    """``scenario`` (55) with the stand-in map of ``seed`` (see the module text)."""
    rng = Rng(seed)
    tiles = load_tiles()
    placed, doors = _place_rooms(rng, tiles)
    room_hexes = [sorted(add(rotate(h, t.turns), t.origin) for h in tiles[t.ref]) for t in placed]
    far = min(room_hexes[0], key=lambda h: (-distance(h, doors[0]), h))
    starts = sorted(room_hexes[0], key=lambda h: (distance(h, far), h))[:STARTS]
    drawn = rng.sample(list(cards if cards is not None else scenario_55_cards()), ROOMS)
    rooms: list[Room] = []
    overlays: list[Overlay] = []
    for i, (tile, card) in enumerate(zip(placed, drawn, strict=True)):
        near_door = {h for d in doors for h in (d, *neighbours(d))}
        free = [h for h in room_hexes[i] if h not in near_door and h not in starts]
        rng.shuffle(free)
        spot = {str(n + 1): free[n] for n in range(min(POSITIONS, len(free)))}
        last = i == ROOMS - 1
        standees = tuple(
            Placement(s.monster, spot[s.marker], s.types)
            for s in card.standees
            if s.marker in spot and not (last and s.marker == "12")
        )
        for o in card.overlays:
            if o.marker not in spot or o.kind == "treasure" or (last and o.marker == "12"):
                continue
            h = spot[o.marker]
            if o.kind == "coin":
                overlays.append(Overlay("coin", (h,), amount=1))
            else:
                overlays.append(Overlay(o.kind, (h,), variant=o.variant))
        if last:
            overlays.append(Overlay("treasure", (spot["12"],), treasure="goal"))
        rooms.append(
            Room(
                number=i + 1,
                tiles=(tile,),
                initial=i == 0,
                reveals=(i + 2,) if not last else (),
                marker=card.name,
                monsters=standees,
            )
        )
    return msgspec.structs.replace(
        scenario,
        map_source="custom",
        rooms=tuple(rooms),
        doors=tuple(Door(d, "stone", (k + 1, k + 2)) for k, d in enumerate(doors)),
        overlays=tuple(overlays),
        starting_hexes=tuple(sorted(starts)),
        monsters=tuple(sorted({p.monster for r in rooms for p in r.monsters})),
        notes=(*scenario.notes, NOTE),
    )
