"""From a content-pack scenario to the rule lines of :mod:`~delvekit.gloomhaven.scenario_rules`
that carry its special rules, objectives and allies (called by
:func:`~delvekit.gloomhaven.engine_content.scenario_rule_lines`).

* every special rule the simple ``at`` lines cannot say becomes ``rule|N|JSON``: rule ``N`` of
  the scenario as the content's own :class:`~delvekit.gloomhaven.content.scenario.Rule` record,
  with room numbers turned into the setup's room indices;
* every spawn marker (``a``, ``b``...) and every marker-less spawn of a rule gets a hex,
  ``marker|KEY|Q,R``;
* every objective figure a room places, ``objective|JSON`` (its name, health formula, marker,
  room index, escort flag and hex);
* every monster type fighting on the characters' side, ``ally|TYPE``.

**Where the hexes come from.** No source marks the scenario book's letters on the map (see
docs/content-scenarios.md, "Markers"). Hexes derived by hand are in
``engine_content._MARKERS``; the others are placed by the documented rule below, which is an
approximation of the book's map, deterministic and the same for every game:

* an objective whose name is a kind of map overlay (:data:`OBJECTIVE_OVERLAYS`: an Altar on
  an altar, a Totem on a totem...) stands on those overlay pieces of its room, one each, in
  hex order (none in its room: the pieces of the other rooms, and it appears with that room);
* a ``Door`` objective stands next to a door of its room (the door into the room whose marker
  is its own, if any), on the room's side;
* any other marker: the free hexes of its room (no overlay, door, monster, coin or starting
  hex) farthest from the starting hexes, one per marker in letter order, each at least three
  hexes from the markers placed before it; an escort with no overlay stands on the free hex
  nearest the starting hexes.

>>> from delvekit.gloomhaven.content import load_pack
>>> lines = scenario_lines(load_pack().scenarios[27], {1: 0}, {})
>>> [line.split("|")[0] for line in lines][:3]
['rule', 'rule', 'rule']
>>> sorted(line.split("|")[1] for line in lines if line.startswith("marker"))
['b', 'c', 'd', 'e']
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from delvekit.core.hexes import Hex, distance, neighbours
from delvekit.gloomhaven.content import scenario as cs

OBJECTIVE_OVERLAYS: dict[str, str] = {
    "Altar": "altar",
    "Rock Column": "rock-column",
    "Totem": "totem",
    "The Crystal": "crystal",
    "Tree": "tree-3",
    "Bone Pile": "nest",
}
"""Objective name → the overlay variant it is printed on in the map source (VGB)."""

COUNTS: dict[int, int] = {26: 1, 75: 1}
"""Scenario → the value of ``F`` in its spawn counts (the book's rules text defines it; no
source carries it): one monster per spawn until a source says more."""

_SPACING = 3


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


def _marker_lines(s: cs.Scenario, known: Mapping[str, Hex]) -> list[str]:
    """A hex for every spawn marker letter, and ``#N`` for rule N's spawns without one."""
    wanted: dict[str, int | None] = {}
    for i, rule in enumerate(s.rules):
        for sp in rule.spawns:
            key = sp.marker or f"#{i}"
            wanted.setdefault(key, _rule_room(rule))
    taken: list[Hex] = [known[k] for k in sorted(wanted) if k in known]
    out: list[str] = []
    for key in sorted(wanted, key=lambda k: (k.startswith("#"), k)):
        h = known.get(key)
        if h is None:
            h = _far_from_start(s, _free_hexes(s, _room_hexes(s, wanted[key])), taken)
            if h is None:
                continue
            taken.append(h)
        out.append(f"marker|{key}|{h[0]},{h[1]}")
    return out


def _door_side(s: cs.Scenario, room: cs.Room, objective: cs.Objective, taken: list[Hex]) -> Hex | None:
    smap = s.map()
    mine = smap.room_hexes.get(room.number, frozenset())
    targets = {r.number for r in s.rooms if objective.marker and r.marker == objective.marker}
    doors = sorted(h for h, d in smap.doors.items() if room.number in d.rooms)
    doors = [h for h in doors if targets & set(smap.doors[h].rooms)] or doors
    free = set(_free_hexes(s, mine))
    for door in doors:
        beside = sorted(
            n for n in neighbours(door) if n in free and n not in taken and smap.board.adjacent(n, door)
        )
        if beside:
            return beside[0]
    return None


def _objective_lines(s: cs.Scenario, index: Mapping[int, int]) -> list[str]:
    smap = s.map()
    out: list[str] = []
    taken: list[Hex] = []
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
            if h is None and objective.name == "Door":
                h = _door_side(s, room, objective, taken)
            if h is None:
                free = _free_hexes(s, _room_hexes(s, room.number))
                h = _near_start(s, free, taken) if objective.escort else _far_from_start(s, free, taken)
            if h is None:
                continue
            taken.append(h)
            numbers[objective.name] = numbers.get(objective.name, 0) + 1
            record = {
                "name": objective.name,
                "health": objective.health,
                "marker": objective.marker,
                "escort": objective.escort,
                "room": index[where],
                "hex": list(h),
                "number": numbers[objective.name],
            }
            out.append("objective|" + msgspec.json.encode(record).decode())
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


def scenario_lines(
    s: cs.Scenario,
    index: Mapping[int, int],
    markers: Mapping[str, Hex],
    timing: Mapping[int, str] | None = None,
) -> list[str]:
    """``rule``, ``marker``, ``objective`` and ``ally`` lines of scenario ``s`` (``index``:
    room number → setup room index; ``markers``: hexes known for marker letters; ``timing``:
    rule index → corrected round timing)."""
    out: list[str] = []
    for i, rule in enumerate(s.rules):
        if is_plain(rule) or not (
            rule.spawns or rule.figures or rule.elements or rule.stats or rule.finish
            or rule.reveal_rooms or rule.disables
        ):  # fmt: skip
            continue  # an ``at`` line, or a rule with nothing the data says (71, 73, 74)
        fixed = _indexed(rule, index)
        if timing and i in timing:
            fixed = msgspec.structs.replace(fixed, timing=timing[i])
        if any(sp.count == "F" for sp in fixed.spawns):
            n = str(COUNTS.get(s.number, 1))
            spawns = tuple(
                msgspec.structs.replace(sp, count=n if sp.count == "F" else sp.count) for sp in fixed.spawns
            )
            fixed = msgspec.structs.replace(fixed, spawns=spawns)
        out.append(f"rule|{i}|" + msgspec.json.encode(fixed).decode())
    if s.rooms:
        out += _marker_lines(s, markers)
        out += _objective_lines(s, index)
    out += [f"ally|{t}" for t in s.allies]
    return out
