"""From a content-pack scenario to the rule records
(:mod:`~delvekit.gloomhaven.model.scenario_rules`) that carry its special rules, objectives and
allies (called by :func:`~delvekit.gloomhaven.content.rule_lines.scenario_rule_lines`).

* every special rule the simple ``at`` records cannot say becomes a ``rule`` record: rule ``N``
  of the scenario (:func:`rules_of`: the content's, then :data:`EXTRA_RULES`) as the content's
  own :class:`~delvekit.gloomhaven.model.special_rules.Rule` record, with room numbers turned
  into the setup's room indices, the spawn counts ``F`` of :data:`COUNTS` filled in, and the
  stat changes the scenario's own stat card carries left out (:func:`carried_by_variant`);
* every spawn marker (``a``, ``b``...) and every marker-less spawn of a rule gets a hex, a
  ``marker`` record;
* every objective figure a room places, an ``objective`` record (its name, health formula,
  marker, room index, escort flag and hex);
* every monster type fighting on the characters' side, an ``ally`` record;
* the book's rules no source has as rule data, from this module's tables: pressure plates and
  the doors they open (:data:`PLATES`: ``plate`` and ``lock`` records), door objectives' locked
  doors, spawns until a door opens (:data:`DOOR_SPAWNS`: ``spawn`` records), rules performed as
  each character's turn ends (:data:`EACH_TURN`), tiles a rule names (``zone``), types that
  cannot be damaged (:data:`NO_DAMAGE`).

Level offsets (:func:`monster_level`) are read by
:func:`~delvekit.gloomhaven.content.adapter.setup_from_pack` for each type's stat card.

**Where the hexes come from.** No source marks the scenario book's letters on the map (see
docs/content-scenarios.md, "Markers"). Hexes derived by hand are in
``engine_content._MARKERS``; the others are placed by the documented rule below, which is an
approximation of the book's map, deterministic and the same for every game:

* an objective whose name is a kind of map overlay (:data:`OBJECTIVE_OVERLAYS`: an Altar on
  an altar, a Totem on a totem...) stands on those overlay pieces of its room, one each, in
  hex order (none in its room: the pieces of the other rooms, and it appears with that room);
* a ``Door`` objective stands next to a door of its room (the door into the room whose marker
  is its own, if any, each objective its own door), on the room's side; that door is locked
  and opens when the objective is destroyed;
* a marker the book prints on a given tile (:data:`MARKER_TILES`) is placed on that tile;
* any other marker: the free hexes of its room (no overlay, door, monster, coin or starting
  hex) farthest from the starting hexes, one per marker in letter order, each at least three
  hexes from the markers placed before it; an escort with no overlay stands on the free hex
  nearest the starting hexes.

>>> from delvekit.gloomhaven.content import load_pack
>>> lines = scenario_lines(load_pack().scenarios[27], {1: 0}, {})
>>> [type(x).__name__ for x in lines][:3]
['RuleLine', 'RuleLine', 'RuleLine']
>>> sorted(x.key for x in lines if isinstance(x, sr.Marker))
['b', 'c', 'd', 'e']
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from delvekit.core.hexes import Hex, distance, neighbours
from delvekit.gloomhaven.content import maps
from delvekit.gloomhaven.content import scenario as cs
from delvekit.gloomhaven.model import scenario_rules as sr

OBJECTIVE_OVERLAYS: dict[str, str] = {
    "Altar": "altar",
    "Rock Column": "rock-column",
    "Totem": "totem",
    "The Crystal": "crystal",
    "Tree": "tree-3",
    "Bone Pile": "nest",
}
"""Objective name → the overlay variant it is printed on in the map source (VGB)."""

COUNTS: dict[tuple[int, str], str] = {(26, "a"): "2", (26, "b"): "C//3", (26, "c"): "C//4"}
"""(scenario, marker) → what GHS's spawn count ``F`` stands for there (the book's rules text
defines it; no source carries it). Scenario 26: every water pump not yet cleansed summons one
Black Imp as each round ends; the pumps are the two water hexes a (every party), b (three or
more characters: ``C//3``) and c (four: ``C//4``). An ``F`` with no entry (scenario 75's
graves) is one spawn per objective of the rule's ``dead`` condition, on its hex, as each is
destroyed (:mod:`~delvekit.gloomhaven.scenario.triggers`)."""

RULE_ROOMS: dict[tuple[int, int], str] = {(26, 1): "L1a", (26, 2): "L1a", (26, 3): "L1a"}
"""(scenario, rule index) → the map tile whose room must be revealed before the rule applies,
where the book prints the rule in the section read as that room opens and GHS has no
``requiredRooms``: scenario 26's pumps summon only once door 1 is open (their markers are
then placed in that room)."""

EXTRA_RULES: dict[int, tuple[cs.Rule, ...]] = {
    36: (
        cs.Rule(
            when="R == 8",
            figures=(cs.FigureEffect(cs.Figures("objective", "Door", "1"), "damage", "10+(2xL)"),),
        ),
        cs.Rule(
            always=True,
            once=True,
            figures=(cs.FigureEffect(cs.Figures("objective", "Door", "1"), "dead"),),
            spawns=(cs.Spawn("prime-demon-scenario-36", ("boss", "boss", "boss"), marker="e"),),
        ),
    ),
    47: (
        cs.Rule(
            requires_rooms=(2,),
            figures=(cs.FigureEffect(cs.Figures("characterWithSummon", "*", "zone:J1a"), "damage", "3+L"),),
        ),
    ),
    62: (
        cs.Rule(
            always=True,
            once=True,
            figures=(cs.FigureEffect(cs.Figures("monster", "living-bones"), "killed", "10"),),
            spawns=(cs.Spawn("hungry-soul", ("boss", "boss", "boss"), marker="c"),),
        ),
    ),
}
"""Rules of the book that no source has as rule data, in the content's own record (their
indices follow the scenario's own rules; a figures marker ``zone:TILE`` names the figures on
that map tile). Scenario 47: once door 1 is open, every character and character summon still
on the J tile suffers 3+L damage as each round ends. Scenario 36: the Prime Demon is not set up; it
appears at e once door 1 is destroyed, and the door falls by itself as round 8 ends, after the
Prime Demon suffered that round's damage (the damage dealt while it was away is dealt as it
appears: :mod:`~delvekit.gloomhaven.scenario.triggers`). Scenario 62: when ten Living Bones
have been killed, the Hungry Soul appears at c (its stat card has its health, attack and extra
shield; its shield falling with every other Living Bones on the map is not performed)."""

MARKER_TILES: dict[int, dict[str, str]] = {
    19: {"c": "D2a", "d": "D1a", "e": "C2b"},
    62: {"a": "M1a", "b": "M1a", "c": "B2b"},
    26: {"a": "L1a", "b": "L1a", "c": "L1a"},
    86: {"c": "B1b", "d": "M1b", "e": "B1b", "f": "M1b"},
}
"""Scenario → marker → the map tile the book prints it on, where the rule's room would put it
elsewhere (public notes on the scenario book): 19's spawns appear behind the party (c on the
starting tile), 26's pumps are on the last tile of their room, 62's Living Bones come on M1a and
the Hungry Soul at the far end of B2b, 86's Vermling Scouts come from
the village's two ends (the notes say M1a for d and f; the map has M1b). The hex on the tile
is chosen by the rule above."""

BOSS_MARKER_TILES: dict[int, dict[str, str]] = {
    48: {"a": "L3a", "b": "L1b", "c": "L3a", "d": "L1b", "e": "L3a", "f": "L1b"},
    51: {"a": "D2a", "b": "D1a", "c": "M1a"},
}
"""Scenario → the letters a boss's special rule uses → the tile the book prints each on
(public notes on the scenario book; no source gives the hexes): 48's six hexes where the Dark
Rider appears, 51's three hexes the Gloom jumps to. The hex on the tile is chosen by the rule
above. A letter whose hex is known (``engine_content._MARKERS``: 21's altar at f, 34's perches)
gets its own line too."""

DEFENDED: dict[int, tuple[str, ...]] = {36: ("Door",)}
"""Objectives the monsters attack and the characters defend, though they are no escort in the
data (they never move): scenario 36's gate, which the demons break down."""


class EscortMove(msgspec.Struct, frozen=True):
    """How an escort acts on initiative 99 each round: ``Move N`` toward ``target``."""

    move: int
    target: str
    """``overlay:VARIANT`` (end next to that overlay piece: 19's altar),
    ``monster:TYPE@TILE`` (end next to where the map places that monster on that tile: 38's
    Inox Shaman on D1b) or ``tile-end:TILE`` (enter one of the two hexes of that tile farthest
    from the starting hexes; the escort is then saved and leaves the map: 86's docks)."""


ESCORT_MOVES: dict[int, dict[str, EscortMove]] = {
    19: {"Hail": EscortMove(2, "overlay:altar")},
    38: {"Orchid": EscortMove(3, "monster:inox-shaman@D1b")},
    86: {"Villager": EscortMove(3, "tile-end:H3a")},
}
"""Escorts that move (scenario book, each acting on initiative 99 "opening doors and springing
traps if necessary"). The others stand: Hail in 27 and the Captive Orchids in 44 and 56 have no
action; Redthorn (44) and Fish (79) attack, which is not performed (docs/content-scenarios.md)."""


class PlateRule(msgspec.Struct, frozen=True):
    """Pressure plates that open locked doors: the plates on ``tiles``, ``count`` of them held
    by characters at once at the end of a character's turn (an expression in ``C``), open the
    doors into the rooms marked ``doors`` (letters), which no character opens before."""

    tiles: tuple[str, ...]
    count: str
    doors: str


PLATES: dict[int, tuple[PlateRule, ...]] = {
    15: (PlateRule(("D1a",), "1", "a"), PlateRule(("H1b", "H3b"), "C", "b")),
    33: (PlateRule(("I1b",), "C", "1"),),
    41: (PlateRule(("L1a",), "1", "2"),),
    69: (PlateRule(("B1b",), "1", "1"),),
}
"""Pressure plates of the book (public notes on the scenario book; the map source has the
plates, not their letters): 15, plate c opens doors a, and every character on an H-tile plate
at once opens doors b (the book names which plates by party size: d, then e, then f; here any
C of the four); 33, every character on one of the four plates c opens door 1; 41, plate b
opens door 2 (the book: door 2 can then be opened; its Stone Golems and Artilleries waiting for
the plate are set up with their room); 69, plate b opens door 1."""


class DoorSpawn(msgspec.Struct, frozen=True):
    """A spawn at the round's end (``when`` in R) on the hex of ``tile`` nearest the door into
    the room marked ``door``, until that door opens; ``ranks`` for 2, 3 and 4 characters."""

    when: str
    monster: str
    ranks: tuple[sr.SpawnRank, sr.SpawnRank, sr.SpawnRank]
    tile: str
    door: str


DOOR_SPAWNS: dict[int, tuple[DoorSpawn, ...]] = {
    95: (
        DoorSpawn("R % 2 == 1", "flame-demon", ("normal", "elite", "elite"), "G1b", "1"),
        DoorSpawn("R % 2 == 0", "earth-demon", ("normal", "normal", "elite"), "G1b", "1"),
    ),
}
"""Spawns of the book that no source has as rule data: scenario 95's demons come on the G-tile
hex nearest door 1 at the end of every round until door 1 opens (the book: until tokens 1-4
are looted, which open it)."""

EACH_TURN: dict[int, tuple[int, ...]] = {51: (1,)}
"""Scenario → rules whose effects happen as each character's turn ends, to it and its summons
(the book: "at the end of each of their turns"; GHS has no such timing): 51's 2 damage."""

NO_DAMAGE: dict[int, tuple[str, ...]] = {70: ("living-spirit",)}
"""Monster types that cannot be damaged in any way (the book; conditions still apply): 70's
Living Spirits (the players' removing one when a demon dies is not performed)."""

MAX_LEVEL = 7
"""The highest monster level: a type's level offset never takes it beyond (28, 67)."""

_SPACING = 3


def level_offsets(s: cs.Scenario) -> dict[str, int]:
    """Monster type → levels above the scenario level: the ``level_offset`` of its placements and
    of the rules' spawns (28's Living Corpses +2; 57's Infiltrator, 58's Harvester and 67's
    Arcane Golem +1). The data never gives one type two offsets in a scenario; the largest wins.

    >>> from delvekit.gloomhaven.content import load_pack
    >>> level_offsets(load_pack().scenarios[28])
    {'living-corpse': 2}
    """
    out: dict[str, int] = {}
    spawns = [sp for rule in rules_of(s) for sp in rule.spawns]
    for monster, offset in [(p.monster, p.level_offset) for _, p in s.placements()] + [
        (sp.monster, sp.level_offset) for sp in spawns
    ]:
        if offset:
            out[monster] = max(out.get(monster, 0), offset)
    return out


def monster_level(s: cs.Scenario, monster: str, level: int) -> int:
    """The level ``monster``'s stat card is read at in scenario ``s`` (monster level ``level``
    plus its offset, at most :data:`MAX_LEVEL`)."""
    return min(MAX_LEVEL, level + level_offsets(s).get(monster, 0))


def rules_of(s: cs.Scenario) -> tuple[cs.Rule, ...]:
    """The scenario's rules as the engine performs them: the content's (with the rooms of
    :data:`RULE_ROOMS`) followed by :data:`EXTRA_RULES` (and a rule that never fires for each
    type of :data:`DOOR_SPAWNS`, so that the setup has the type)."""
    rules = list(s.rules)
    for (number, i), tile in RULE_ROOMS.items():
        room = next((r.number for r in s.rooms if any(t.ref == tile for t in r.tiles)), None)
        if number == s.number and room is not None and i < len(rules):
            rules[i] = msgspec.structs.replace(rules[i], requires_rooms=(*rules[i].requires_rooms, room))
    names = [d.monster for d in DOOR_SPAWNS.get(s.number, ())]
    spawns = tuple(cs.Rule(when=NEVER, spawns=(cs.Spawn(m, ("normal", "normal", "normal")),)) for m in names)
    return (*rules, *EXTRA_RULES.get(s.number, ()), *spawns)


NEVER = "0"
"""The ``when`` of a rule that never fires: it only names a monster type the scenario needs
(:data:`DOOR_SPAWNS`' types, spawned by their own lines)."""


def _placed_types(s: cs.Scenario) -> set[str]:
    return {p.monster for _, p in s.placements()} | {sp.monster for r in rules_of(s) for sp in r.spawns}


def carried_by_variant(s: cs.Scenario, change: cs.StatChange) -> bool:
    """A stat change on monster type T that the scenario's own stat card for T already carries:
    the scenario places ``T-scenario-N`` instead of T (54's Cave Bears poison with every attack,
    89's Cultists draw the deck that summons Giant Vipers, 36's Prime Demon has twice the
    health), so the change is not performed again.

    >>> from delvekit.gloomhaven.content import load_pack
    >>> s = load_pack().scenarios[54]
    >>> carried_by_variant(s, s.rules[0].stats[0])
    True
    """
    variant = f"{change.figures.name}-scenario-{s.number}"
    return change.figures.kind == "monster" and variant in _placed_types(s)


def _free_hexes(s: cs.Scenario, room_hexes: frozenset[Hex]) -> list[Hex]:
    smap = s.map()
    used: set[Hex] = set(s.starting_hexes) | set(smap.doors)
    for o in s.overlays:
        if o.kind not in ("corridor", "pressure-plate"):
            used.update(o.hexes)
    used.update(p.hex for _, p in s.placements() if p.hex is not None)
    return sorted(h for h in room_hexes if h not in used and h in smap.board.hexes)


def _room_hexes(s: cs.Scenario, number: int | None) -> frozenset[Hex]:
    smap = s.map()
    if number is not None and smap.room_hexes.get(number):
        return smap.room_hexes[number]
    initial = [r.number for r in s.rooms if r.initial] or [min(r.number for r in s.rooms)]
    return frozenset().union(*(smap.room_hexes.get(n, frozenset()) for n in initial))


def _tile_hexes(s: cs.Scenario, ref: str) -> frozenset[Hex]:
    return frozenset(h for r in s.rooms for t in r.tiles if t.ref == ref for h in maps.tile_hexes(t))


def _far_from_start(s: cs.Scenario, hexes: list[Hex], taken: list[Hex]) -> Hex | None:
    starts = s.starting_hexes or ((0, 0),)

    def key(h: Hex) -> tuple[int, Hex]:
        return (-min(distance(h, x) for x in starts), h)

    ordered = sorted(hexes, key=key)
    spaced = [h for h in ordered if all(distance(h, t) >= _SPACING for t in taken)]
    free = [h for h in (spaced or ordered) if h not in taken]
    return free[0] if free else None


def _near_start(s: cs.Scenario, hexes: list[Hex], taken: list[Hex]) -> Hex | None:
    starts = s.starting_hexes or ((0, 0),)
    free = [h for h in hexes if h not in taken]
    return min(free, key=lambda h: (min(distance(h, x) for x in starts), h)) if free else None


def _rule_room(rule: cs.Rule) -> int | None:
    rooms = rule.requires_rooms or rule.reveal_rooms
    return rooms[0] if rooms else None


def _marker_lines(s: cs.Scenario, known: Mapping[str, Hex]) -> list[sr.ScenarioRule]:
    """A hex for every spawn marker letter, and ``#N`` for rule N's spawns without one."""
    wanted: dict[str, int | None] = {}
    for i, rule in enumerate(rules_of(s)):
        for sp in rule.spawns if rule.when != NEVER else ():
            key = sp.marker or f"#{i}"
            wanted.setdefault(key, _rule_room(rule))
    tiles = {**MARKER_TILES.get(s.number, {}), **BOSS_MARKER_TILES.get(s.number, {})}
    for key in (*tiles, *known):  # letters boss specials use (effects_bosses.markers)
        wanted.setdefault(key, None)
    taken: list[Hex] = [known[k] for k in sorted(wanted) if k in known]
    out: list[sr.ScenarioRule] = []
    for key in sorted(wanted, key=lambda k: (k.startswith("#"), k)):
        h = known.get(key)
        if h is None:
            where = _tile_hexes(s, tiles[key]) if key in tiles else _room_hexes(s, wanted[key])
            h = _far_from_start(s, _free_hexes(s, where), taken)
            if h is None:
                continue
            taken.append(h)
        out.append(sr.Marker(key=key, hex=h))
    return out


def _door_side(
    s: cs.Scenario, room: cs.Room, objective: cs.Objective, taken: list[Hex], guarded: list[Hex]
) -> tuple[Hex, Hex] | None:
    """(hex, door): beside a door of ``room`` into the room marked like the objective, one not
    ``guarded`` yet, on the room's side (a starting hex if nothing else is free: the objective
    then takes the nearest empty hex once the characters stand; else the free hex nearest the
    door)."""
    smap = s.map()
    mine = smap.room_hexes.get(room.number, frozenset())
    targets = {r.number for r in s.rooms if objective.marker and r.marker == objective.marker}
    doors = sorted(h for h, d in smap.doors.items() if room.number in d.rooms)
    doors = [h for h in doors if targets & set(smap.doors[h].rooms)] or doors
    doors = [h for h in doors if h not in guarded] + [h for h in doors if h in guarded]
    free = set(_free_hexes(s, mine))
    starts = set(s.starting_hexes) & mine
    for pool in (free, free | starts):
        for door in doors:
            beside = sorted(
                n for n in neighbours(door) if n in pool and n not in taken and smap.board.adjacent(n, door)
            )
            if beside:
                return beside[0], door
    near = [(distance(h, door), h, door) for door in doors[:1] for h in free if h not in taken]
    return (min(near)[1], min(near)[2]) if near else None  # 35: the gate's sides hold demons


def _walking(s: cs.Scenario, starts: list[Hex]) -> dict[Hex, int]:
    """Steps from the nearest of ``starts`` to every hex, around walls and obstacles."""
    board = s.map().board
    seen = {h: 0 for h in starts}
    layer = list(starts)
    while layer:
        nxt = []
        for h in layer:
            for n in neighbours(h):
                if n in seen or n not in board.hexes or not board.adjacent(h, n):
                    continue
                terrain = board.terrain_at(n)
                if terrain is not None and terrain.name in ("OBSTACLE", "WALL"):
                    continue
                seen[n] = seen[h] + 1
                nxt.append(n)
        layer = nxt
    return seen


def escort_target(s: cs.Scenario, move: EscortMove) -> tuple[list[Hex], str]:
    """The hexes an escort heads for and whether it must end ``adjacent`` to one or ``on``
    one (:class:`EscortMove`).

    >>> from delvekit.gloomhaven.content import load_pack
    >>> escort_target(load_pack().scenarios[19], ESCORT_MOVES[19]["Hail"])
    ([(14, -1)], 'adjacent')
    """
    kind, _, what = move.target.partition(":")
    if kind == "overlay":
        return sorted(h for o in s.overlays if o.variant == what for h in o.hexes), "adjacent"
    if kind == "monster":
        monster, _, tile = what.partition("@")
        on = _tile_hexes(s, tile)
        return sorted(p.hex for _, p in s.placements() if p.monster == monster and p.hex in on), "adjacent"
    steps = _walking(s, list(s.starting_hexes))
    far = sorted((h for h in _tile_hexes(s, what) if h in steps), key=lambda h: (-steps[h], h))
    return sorted(far[:2]), "on"


def _objective_lines(s: cs.Scenario, index: Mapping[int, int]) -> list[sr.ObjectiveLine]:
    smap = s.map()
    out: list[sr.ObjectiveLine] = []
    taken: list[Hex] = []
    guarded: list[Hex] = []
    pieces: dict[tuple[int, str], list[Hex]] = {}
    for o in s.overlays:
        if o.variant and o.hexes:
            first = min(o.hexes)
            for number in smap.rooms_at(first) or ():
                pieces.setdefault((number, o.variant), []).append(first)
    numbers: dict[str, int] = {}
    for room in sorted(s.rooms, key=lambda r: r.number):
        for k in room.objectives:
            objective = s.objectives[k]
            if objective.health.strip() == "0":
                continue  # a marker the rules text uses, not a figure (scenario 26's pumps)
            variant = OBJECTIVE_OVERLAYS.get(objective.name, "")
            spots = [
                (room.number, h) for h in sorted(pieces.get((room.number, variant), ())) if h not in taken
            ]
            if variant and not spots:  # the piece stands in a room this one leads to (22's altars)
                spots = sorted(
                    (n, h) for (n, v), hs in pieces.items() if v == variant for h in hs if h not in taken
                )
            h: Hex | None = spots[0][1] if spots else None
            where = spots[0][0] if spots else room.number
            door: Hex | None = None
            if h is None and objective.name == "Door":
                found = _door_side(s, room, objective, taken, guarded)
                if found is not None:
                    h, door = found
                    guarded.append(door)
            if h is None:
                free = _free_hexes(s, _room_hexes(s, room.number))
                h = _near_start(s, free, taken) if objective.escort else _far_from_start(s, free, taken)
            if h is None:
                continue
            taken.append(h)
            numbers[objective.name] = numbers.get(objective.name, 0) + 1
            record = sr.ObjectiveLine(
                name=objective.name,
                health=objective.health,
                marker=objective.marker,
                escort=objective.escort or objective.name in DEFENDED.get(s.number, ()),
                room=index[where],
                hex=h,
                number=numbers[objective.name],
            )
            if door is not None and len(set(smap.doors[door].rooms)) == 2:
                record = msgspec.structs.replace(record, door=door)  # locked; opens when it is destroyed
            move = ESCORT_MOVES.get(s.number, {}).get(objective.name)
            if move is not None:
                to, reach = escort_target(s, move)
                record = msgspec.structs.replace(record, move=move.move, to=tuple(to), reach=reach)
            out.append(record)
    return out


def _indexed(rule: cs.Rule, index: Mapping[int, int]) -> cs.Rule:
    return msgspec.structs.replace(
        rule,
        requires_rooms=tuple(index[n] for n in rule.requires_rooms if n in index),
        reveal_rooms=tuple(index[n] for n in rule.reveal_rooms if n in index),
    )


def is_plain(rule: cs.Rule) -> bool:
    """A rule the simple ``at`` lines say: only effects on every character, monster or type."""
    plain = not (rule.spawns or rule.elements or rule.stats or rule.finish or rule.disables)
    plain = plain and not (rule.requires_rooms or rule.reveal_rooms or rule.once or rule.always)
    return (
        plain
        and bool(rule.figures)
        and all(
            fe.effect in ("add-modifier", "condition", "damage") and fe.figures.name == "*"
            and fe.figures.kind in ("character", "monster")
            for fe in rule.figures
        )
    )  # fmt: skip


def _door_spawn_lines(s: cs.Scenario, index: Mapping[int, int]) -> list[sr.ScenarioRule]:
    """``spawn`` records of :data:`DOOR_SPAWNS` (they stop as the room behind the door opens)."""
    out: list[sr.ScenarioRule] = []
    doors = s.map().doors
    for sp in DOOR_SPAWNS.get(s.number, ()):
        rooms = [r.number for r in s.rooms if r.marker == sp.door]
        door = next((h for h, d in sorted(doors.items()) if set(rooms) & set(d.rooms)), None)
        free = _free_hexes(s, _tile_hexes(s, sp.tile))
        if door is None or not free or not rooms:
            continue
        at = min(free, key=lambda h: (distance(h, door), h))
        stop = tuple(index[n] for n in rooms)
        out.append(sr.Spawn(timing="end", when=sp.when, monster=sp.monster, ranks=sp.ranks, hex=at,
                            stop=stop))  # fmt: skip
    return out


def _plate_lines(s: cs.Scenario) -> list[sr.ScenarioRule]:
    """``plate`` and ``lock`` records of :data:`PLATES`."""
    out: list[sr.ScenarioRule] = []
    doors = s.map().doors
    for rule in PLATES.get(s.number, ()):
        on = frozenset().union(*(_tile_hexes(s, t) for t in rule.tiles))
        plates = sorted(h for o in s.overlays if o.kind == "pressure-plate" for h in o.hexes if h in on)
        rooms = {r.number for r in s.rooms if r.marker and r.marker in rule.doors}
        leads = {(r.number, n) for r in s.rooms for n in r.reveals if n in rooms}  # the door into it
        behind = sorted(h for h, d in doors.items() if d.rooms in leads or d.rooms[::-1] in leads)
        if plates and behind:
            out.append(sr.Plate(hexes=tuple(plates), effect="open", doors=tuple(behind), count=rule.count))
            out.append(sr.Lock(doors=tuple(behind), opener="scenario"))
    return out


def scenario_lines(
    s: cs.Scenario,
    index: Mapping[int, int],
    markers: Mapping[str, Hex],
    timing: Mapping[int, str] | None = None,
) -> list[sr.ScenarioRule]:
    """``rule``, ``marker``, ``objective`` and ``ally`` records of scenario ``s`` (``index``:
    room number → setup room index; ``markers``: hexes known for marker letters; ``timing``:
    rule index → corrected round timing)."""
    out: list[sr.ScenarioRule] = []
    for i, rule in enumerate(rules_of(s)):
        if rule.when == NEVER:
            continue
        stats = tuple(c for c in rule.stats if not carried_by_variant(s, c))
        if stats != rule.stats:
            rule = msgspec.structs.replace(rule, stats=stats)
        if is_plain(rule) or not (
            rule.spawns or rule.figures or rule.elements or rule.stats or rule.finish
            or rule.reveal_rooms or rule.disables
        ):  # fmt: skip
            continue  # an ``at`` line, carried by a stat card, or nothing the data says (71, 73)
        fixed = _indexed(rule, index)
        if timing and i in timing:
            fixed = msgspec.structs.replace(fixed, timing=timing[i])
        spawns = tuple(
            msgspec.structs.replace(sp, count=COUNTS[s.number, sp.marker])
            if sp.count == "F" and (s.number, sp.marker) in COUNTS
            else sp
            for sp in fixed.spawns
        )
        if spawns != fixed.spawns:
            fixed = msgspec.structs.replace(fixed, spawns=spawns)
        out.append(sr.RuleLine(index=i, rule=fixed))
    if s.rooms:
        out += _marker_lines(s, markers)
        objectives = _objective_lines(s, index)
        out += objectives
        out += _plate_lines(s)
        out += _door_spawn_lines(s, index)
        guarded = sorted({o.door for o in objectives if o.door is not None})
        out += [sr.Lock(doors=(d,), opener="scenario") for d in guarded]
    out += [sr.Ally(monster=t) for t in s.allies]
    out += [sr.EachTurn(index=i) for i in EACH_TURN.get(s.number, ())]
    out += [sr.NoDamage(monster=t) for t in NO_DAMAGE.get(s.number, ())]
    named = {fe.figures.marker for r in rules_of(s) for fe in r.figures}
    for tile in sorted(m.removeprefix("zone:") for m in named if m.startswith("zone:")):
        out.append(sr.Zone(key=tile, hexes=tuple(sorted(_tile_hexes(s, tile)))))
    return out
