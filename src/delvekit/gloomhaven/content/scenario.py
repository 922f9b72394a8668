"""Scenarios as data: map tiles, rooms, doors, overlays, monster placements and special rules.

One JSON file per scenario (``scenarios/07.json``) decodes into a frozen :class:`Scenario`. The
map is stored as placed tiles (a tile reference, a rotation and the board hex where the tile's
own origin lands); :mod:`delvekit.gloomhaven.content.maps` turns that into hexes, thin walls on
tile rims and a :class:`delvekit.core.board.Board`. Everything else (doors, overlays, monster
and starting hexes) is in board coordinates: axial flat-top ``(q, r)`` with north ``(0, -1)``.

Monster placements carry one type per player count, in the order 2, 3, 4 characters:
``"none"``, ``"normal"``, ``"elite"`` or ``"boss"``.

>>> p = Placement(monster="bandit-guard", hex=(0, 0), types=("none", "normal", "elite"))
>>> p.type_for(2), p.type_for(4)
('none', 'elite')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

import msgspec

from delvekit.core.errors import ContentError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.model.special_rules import ElementChange as ElementChange
from delvekit.gloomhaven.model.special_rules import FigureEffect as FigureEffect
from delvekit.gloomhaven.model.special_rules import Figures as Figures
from delvekit.gloomhaven.model.special_rules import PlayerType as PlayerType
from delvekit.gloomhaven.model.special_rules import Rule as Rule
from delvekit.gloomhaven.model.special_rules import Spawn as Spawn
from delvekit.gloomhaven.model.special_rules import StatChange as StatChange

if TYPE_CHECKING:
    from delvekit.core.board import Board
    from delvekit.gloomhaven.content.maps import ScenarioMap

DoorKind: TypeAlias = Literal["stone", "wooden", "opening", "breakable-wall", "altar"]
"""How two rooms join. ``stone``, ``wooden`` and ``altar`` are closed doors at setup;
``opening`` is an open passage between two rooms (no door token; the second room is revealed by
the scenario's rules); ``breakable-wall`` is a wall hex until a special rule removes it."""

OverlayKind: TypeAlias = Literal[
    "obstacle", "trap", "hazardous", "difficult", "pressure-plate", "treasure", "coin", "corridor", "wall"
]

PLAYER_COUNTS: Final[tuple[int, int, int]] = (2, 3, 4)
CLOSED_DOOR_KINDS: Final[frozenset[str]] = frozenset({"stone", "wooden", "altar"})


class Tile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A map tile placed on the board: its hex ``(q, r)`` lands on ``rotate((q, r), turns) +
    origin`` (``turns`` steps of 60 degrees clockwise)."""

    ref: str
    turns: int
    origin: Hex


class Placement(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A monster standee printed on the map, with its type for 2, 3 and 4 characters."""

    monster: str
    hex: Hex | None
    """``None`` when no source gives the hex (the scenario book places the figure by its own
    rules text); such a standee still counts in the totals."""
    types: tuple[PlayerType, PlayerType, PlayerType]
    level_offset: int = 0
    """Added to the scenario level for this standee (``living-corpse:+2`` in some scenarios)."""

    def type_for(self, players: int) -> PlayerType:
        """The type on this hex for ``players`` characters (2, 3 or 4)."""
        if players not in PLAYER_COUNTS:
            raise ContentError(f"player count must be 2, 3 or 4, got {players}", where="players")
        return self.types[players - 2]


class Room(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A room: one or more tiles joined by corridors, revealed together."""

    number: int
    tiles: tuple[Tile, ...]
    initial: bool = False
    reveals: tuple[int, ...] = ()
    """Rooms a door of this room leads to (the scenario book's reveal order)."""
    marker: str = ""
    treasures: tuple[int, ...] = ()
    objectives: tuple[int, ...] = ()
    """Indexes into :attr:`Scenario.objectives` placed when this room is revealed."""
    monsters: tuple[Placement, ...] = ()


class Door(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    hex: Hex
    kind: DoorKind
    rooms: tuple[int, int]

    @property
    def closed(self) -> bool:
        """Closed at setup (a character opens it by entering)."""
        return self.kind in CLOSED_DOOR_KINDS


class Overlay(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """An overlay tile: ``variant`` is what it depicts (``table``, ``bear`` trap, ``water``);
    ``treasure`` is a treasure number or ``"goal"``; ``amount`` the value of a coin."""

    kind: OverlayKind
    hexes: tuple[Hex, ...]
    variant: str = ""
    treasure: str = ""
    amount: int = 0


class Objective(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A non-monster figure (an altar, an escorted ally): health is an expression."""

    name: str
    health: str
    count: int = 1
    marker: str = ""
    escort: bool = False
    initiative: int | None = None


class Rewards(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    gold: int = 0
    collective_gold: int = 0
    experience: int = 0
    reputation: int = 0
    prosperity: int = 0
    items: tuple[int, ...] = ()
    item_designs: tuple[int, ...] = ()
    global_achievements: tuple[str, ...] = ()
    party_achievements: tuple[str, ...] = ()
    lost_party_achievements: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    unlock_classes: tuple[str, ...] = ()
    envelopes: tuple[str, ...] = ()
    battle_goals: int = 0


class Requirement(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Achievements needed to play; a leading ``!`` means the achievement must be absent."""

    global_achievements: tuple[str, ...] = ()
    party_achievements: tuple[str, ...] = ()


class Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One scenario. ``map_source`` says where the geometry came from (``"vgb"``) or ``"none"``
    for a scenario without a fixed map (55, the random dungeon)."""

    number: int
    name: str
    map_source: Literal["vgb", "none", "custom"]
    rooms: tuple[Room, ...] = ()
    doors: tuple[Door, ...] = ()
    overlays: tuple[Overlay, ...] = ()
    starting_hexes: tuple[Hex, ...] = ()
    monsters: tuple[str, ...] = ()
    """Every monster type the scenario uses, including those only spawned by rules."""
    allies: tuple[str, ...] = ()
    """Monster types that fight on the characters' side (scenario 11's Living Bones)."""
    allied: tuple[str, ...] = ()
    """GHS's separate ``allied`` list (only scenario 61: its Flame and Frost Demons, which take
    turns with the other monsters round by round); not the characters' allies."""
    objectives: tuple[Objective, ...] = ()
    rules: tuple[Rule, ...] = ()
    unlocks: tuple[int, ...] = ()
    requires: tuple[tuple[int, ...], ...] = ()
    """Completed scenarios needed: any one of the inner tuples, all of its members."""
    requirements: tuple[Requirement, ...] = ()
    blocks: tuple[int, ...] = ()
    links: tuple[int, ...] = ()
    rewards: Rewards = Rewards()
    standee_waivers: tuple[str, ...] = ()
    """Monster types whose standee count falls (or whose elites decrease) as characters are
    added by the scenario's design; the check accepts them. The importer waives only what the
    sources agree on (docs/content-scenarios.md lists each)."""
    notes: tuple[str, ...] = ()

    def room(self, number: int) -> Room:
        for room in self.rooms:
            if room.number == number:
                return room
        raise ContentError(f"no room {number}", where=f"scenario {self.number}")

    def placements(self) -> Iterable[tuple[int, Placement]]:
        """Every (room number, placement)."""
        for room in self.rooms:
            for p in room.monsters:
                yield room.number, p

    def standees(self, players: int) -> dict[str, dict[str, int]]:
        """Monster totals over all rooms for ``players`` characters:
        ``{monster: {"normal": n, "elite": n}}``. A boss counts as ``normal`` (as the X-haven
        Assistant room data does: one standee, one figure)."""
        out: dict[str, dict[str, int]] = {}
        for _, p in self.placements():
            kind = p.type_for(players)
            if kind == "none":
                continue
            entry = out.setdefault(p.monster, {"normal": 0, "elite": 0})
            entry["elite" if kind == "elite" else "normal"] += 1
        return out

    def map(self) -> ScenarioMap:
        """The placed map (hexes per room, board, doors); raises :class:`ContentError` for a
        scenario without a fixed map."""
        from delvekit.gloomhaven.content.maps import build_map

        return build_map(self)

    def board(self) -> Board:
        """The whole map as a core :class:`~delvekit.core.board.Board` (rim walls on tile
        edges, closed doors, terrain from overlays)."""
        return self.map().board


_DECODER = msgspec.json.Decoder(Scenario)


def decode_scenario(data: bytes, *, where: str) -> Scenario:
    """Decode one scenario file; a schema error raises :class:`ContentError` naming ``where``
    and the field (msgspec's ``$.rooms[0].tiles`` path)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(f"not UTF-8 text (invalid byte at offset {exc.start})", where=where) from None
    try:
        return _DECODER.decode(data)
    except msgspec.ValidationError as exc:
        raise ContentError(str(exc)[:500], where=where) from None
    except msgspec.DecodeError as exc:
        raise ContentError(f"not valid JSON: {exc}", where=where) from None
    except RecursionError:
        raise ContentError("not valid JSON: nested too deeply", where=where) from None


def encode_scenario(scenario: Scenario) -> bytes:
    """The canonical file form: indented JSON, fields in schema order, defaults omitted."""
    return msgspec.json.format(_ENCODER.encode(scenario), indent=1) + b"\n"


_ENCODER = msgspec.json.Encoder()


def load_scenarios(folder: Path) -> dict[int, Scenario]:
    """Every ``*.json`` scenario file in ``folder``, by number. Two files with one number, or a
    file whose name does not match its number, raise :class:`ContentError`."""
    out: dict[int, Scenario] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise ContentError(f"cannot read: {exc.strerror or exc}", where=str(path)) from None
        scenario = decode_scenario(data, where=str(path))
        if path.stem.isdigit() and int(path.stem) != scenario.number:
            raise ContentError(
                f"file name says scenario {int(path.stem)} but number is {scenario.number}",
                where=f"{path}: number",
            )
        if scenario.number in out:
            raise ContentError(f"scenario {scenario.number} defined twice", where=f"{path}: number")
        out[scenario.number] = scenario
    return out


def default_folder() -> Path:
    """The scenarios shipped with delvekit."""
    return Path(__file__).parent / "data" / "scenarios"


def scenario_facts(scenarios: Mapping[int, Scenario]) -> dict[str, Any]:
    """The ``"scenarios"`` part of ``delve content facts``: standee totals per player count over
    all rooms (setup and reveals, not rule spawns), bosses counted as ``normal``."""
    out: dict[str, Any] = {}
    for number in sorted(scenarios):
        s = scenarios[number]
        out[str(number)] = {
            "monsters": {
                str(p): {m: dict(v) for m, v in sorted(s.standees(p).items())} for p in PLAYER_COUNTS
            }
        }
    return out

