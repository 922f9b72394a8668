"""The scenario invariants of ``delve content check``.

Each broken rule becomes one :class:`Problem` naming the scenario file and the field:

* references: rooms revealed, doors' rooms, placements' and spawns' monsters exist; the
  numbered treasure tiles on the map are the rooms' treasures;
* reveals: some room is in play at setup, every other room is revealed by a room or a rule,
  and one room of each door reveals the other;
* the map: tiles known and not overlapping; rooms joined through doors into one map; every
  door, starting hex and monster hex on the board, not in a wall or obstacle, and reachable
  from a starting hex; no two standees on one hex for one player count;
* standees: per monster type, the total never falls as characters are added and the elites
  never decrease (unless the scenario waives it for that type: the printed scenario trades
  one type for another); the standees placed at once (at setup, at a room's reveal) never
  exceed the type's count;
* expressions (rule conditions, objective health, stat changes) parse.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from delvekit.core.board import Terrain
from delvekit.core.errors import ContentError, DelvekitError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.content import expr
from delvekit.gloomhaven.content.maps import build_map, load_tiles
from delvekit.gloomhaven.content.problems import Problem
from delvekit.gloomhaven.content.scenario import PLAYER_COUNTS, Scenario

NUMERIC_STATS = frozenset({"health", "movement", "attack", "range", "shield", "retaliate"})
"""Stat changes whose value is an expression (others, such as a deck name, are plain text)."""


def check_scenarios(scenarios: Mapping[int, Scenario], *, monster_counts: Mapping[str, int]) -> list[Problem]:
    """Every invariant broken by these scenarios, in scenario order."""
    problems: list[Problem] = []
    for number in sorted(scenarios):
        problems.extend(check_one(scenarios[number], monster_counts=monster_counts))
    return problems


def _file(s: Scenario) -> str:
    return f"scenarios/{s.number:02d}.json"


def check_one(s: Scenario, *, monster_counts: Mapping[str, int]) -> list[Problem]:
    f = _file(s)
    out: list[Problem] = []

    def bad(field: str, message: str) -> None:
        out.append(Problem(f, field, message))

    numbers = [r.number for r in s.rooms]
    if len(set(numbers)) != len(numbers):
        bad("rooms", f"room numbers repeat: {numbers}")
    room_set = set(numbers)
    for i, room in enumerate(s.rooms):
        for n in room.reveals:
            if n not in room_set:
                bad(f"rooms[{i}].reveals", f"room {n} does not exist")
        for j, o in enumerate(room.objectives):
            if not 0 <= o < len(s.objectives):
                bad(f"rooms[{i}].objectives[{j}]", f"objective {o} does not exist")
    for i, door in enumerate(s.doors):
        for n in door.rooms:
            if n not in room_set:
                bad(f"doors[{i}].rooms", f"room {n} does not exist")
    # Reveals: a room is in play at setup or revealed by a room's door or a rule, and each
    # door joins two rooms one of which reveals the other.
    if s.rooms:
        if not any(r.initial for r in s.rooms):
            bad("rooms", "no room is in play at setup (initial)")
        revealed = {r.number for r in s.rooms if r.initial}
        for r in s.rooms:
            revealed.update(r.reveals)
        for rule in s.rules:
            revealed.update(rule.reveal_rooms)
        for i, room in enumerate(s.rooms):
            if room.number not in revealed:
                bad(f"rooms[{i}]", f"room {room.number} is never revealed (no room or rule reveals it)")
        reveals = {r.number: set(r.reveals) for r in s.rooms}
        for i, door in enumerate(s.doors):
            a, b = door.rooms
            if a != b and a in reveals and b in reveals and b not in reveals[a] and a not in reveals[b]:
                bad(f"doors[{i}].rooms", f"neither room {a} nor room {b} reveals the other")
    known = set(monster_counts)
    for i, room in enumerate(s.rooms):
        for j, p in enumerate(room.monsters):
            if known and p.monster not in known:
                bad(f"rooms[{i}].monsters[{j}].monster", f"unknown monster {p.monster!r}")
    for i, rule in enumerate(s.rules):
        for j, sp in enumerate(rule.spawns):
            if known and sp.monster not in known:
                bad(f"rules[{i}].spawns[{j}].monster", f"unknown monster {sp.monster!r}")
        for j, d in enumerate(rule.disables):
            if not 0 <= d < len(s.rules):
                bad(f"rules[{i}].disables[{j}]", f"rule {d} does not exist")
        for n in (*rule.requires_rooms, *rule.reveal_rooms):
            if n not in room_set:
                bad(f"rules[{i}]", f"room {n} does not exist")
    # Numbered treasure tiles on the map and the rooms' treasure lists name the same numbers.
    on_map = sorted(int(o.treasure) for o in s.overlays if o.kind == "treasure" and o.treasure.isdigit())
    listed = sorted(t for r in s.rooms for t in r.treasures)
    if s.overlays and on_map != listed:
        bad("overlays", f"treasure tiles on the map {on_map} differ from the rooms' treasures {listed}")
    out.extend(_check_expressions(s))
    out.extend(_check_standees(s, monster_counts))
    if s.rooms and any(r.tiles for r in s.rooms):
        out.extend(_check_map(s))
    elif s.map_source != "none":
        bad("rooms", "no map tiles, but map_source is not 'none'")
    return out


def _check_expressions(s: Scenario) -> list[Problem]:
    f = _file(s)
    out: list[Problem] = []

    def parse(field: str, text: str, kind: str) -> None:
        if not text:
            return
        try:
            e = expr.parse(text)
        except ContentError as exc:
            out.append(Problem(f, field, str(exc)))
            return
        if e.kind != kind:
            out.append(Problem(f, field, f"{text!r} is a {'condition' if e.kind == 'bool' else 'number'}"))

    for i, rule in enumerate(s.rules):
        parse(f"rules[{i}].when", rule.when, "bool")
        for j, sp in enumerate(rule.spawns):
            parse(f"rules[{i}].spawns[{j}].count", sp.count, "int")
        for j, st in enumerate(rule.stats):
            for name, text in st.stats:
                if name in NUMERIC_STATS:
                    parse(f"rules[{i}].stats[{j}].{name}", text, "int")
    for i, o in enumerate(s.objectives):
        parse(f"objectives[{i}].health", o.health, "int")
    return out


def _check_standees(s: Scenario, monster_counts: Mapping[str, int]) -> list[Problem]:
    f = _file(s)
    out: list[Problem] = []
    totals = {p: s.standees(p) for p in PLAYER_COUNTS}
    monsters = sorted({m for t in totals.values() for m in t})
    for m in monsters:
        seq = [totals[p].get(m, {"normal": 0, "elite": 0}) for p in PLAYER_COUNTS]
        for a, b, pa, pb in zip(seq, seq[1:], PLAYER_COUNTS, PLAYER_COUNTS[1:], strict=False):
            if m in s.standee_waivers:
                continue
            if a["normal"] + a["elite"] > b["normal"] + b["elite"]:
                out.append(
                    Problem(
                        f,
                        f"monsters.{m}",
                        f"{a['normal'] + a['elite']} standees for {pa} characters but "
                        f"{b['normal'] + b['elite']} for {pb}",
                    )
                )
            if a["elite"] > b["elite"]:
                out.append(
                    Problem(
                        f,
                        f"monsters.{m}",
                        f"{a['elite']} elites for {pa} characters but {b['elite']} for {pb}",
                    )
                )

    # Standees placed at once never exceed the box: at setup (every initial room) and when a
    # room is revealed (that room's standees). Over the whole scenario they may, as the first
    # monsters are dead by then (and the rules say what happens when standees run out).
    for p in PLAYER_COUNTS:
        batches: list[tuple[str, dict[str, int]]] = []
        setup: dict[str, int] = {}
        for room in s.rooms:
            placed: dict[str, int] = {}
            for pl in room.monsters:
                if pl.type_for(p) != "none":
                    placed[pl.monster] = placed.get(pl.monster, 0) + 1
            batches.append((f"room {room.number}", placed))
            if room.initial:
                for m, k in placed.items():
                    setup[m] = setup.get(m, 0) + k
        batches.append(("setup", setup))
        for when, placed in batches:
            for m, k in sorted(placed.items()):
                limit = monster_counts.get(m)
                if limit is not None and k > limit:
                    out.append(
                        Problem(
                            f,
                            f"monsters.{m}",
                            f"{k} standees placed at {when} for {p} characters, the box has {limit}",
                        )
                    )
    # One standee per hex per player count.
    for p in PLAYER_COUNTS:
        seen: dict[Hex, str] = {}
        for rn, pl in s.placements():
            if pl.hex is None or pl.type_for(p) == "none":
                continue
            if pl.hex in seen:
                out.append(
                    Problem(
                        f,
                        f"rooms.{rn}.monsters",
                        f"{pl.monster} and {seen[pl.hex]} share hex {list(pl.hex)} for {p} characters",
                    )
                )
            seen[pl.hex] = pl.monster
    return out


def _check_map(s: Scenario) -> list[Problem]:
    f = _file(s)
    out: list[Problem] = []
    masks = load_tiles()
    claimed: dict[Hex, str] = {}
    from delvekit.gloomhaven.content.maps import tile_hexes

    for i, room in enumerate(s.rooms):
        for j, tile in enumerate(room.tiles):
            if tile.ref not in masks:
                out.append(Problem(f, f"rooms[{i}].tiles[{j}].ref", f"unknown map tile {tile.ref!r}"))
                continue
            for h in tile_hexes(tile, masks):
                if h in claimed and claimed[h] != tile.ref:
                    out.append(
                        Problem(f, f"rooms[{i}].tiles[{j}]", f"hex {list(h)} also lies on tile {claimed[h]}")
                    )
                    break
                claimed[h] = tile.ref
    if out:
        return out
    try:
        smap = build_map(s, masks)
    except DelvekitError as exc:
        return [Problem(f, "rooms", str(exc))]
    board = smap.board
    # Rooms joined through doors into one map.
    mapped = [r.number for r in s.rooms if r.tiles]
    if mapped:
        graph: dict[int, set[int]] = {n: set() for n in mapped}
        for d in s.doors:
            a, b = d.rooms
            if a in graph and b in graph:
                graph[a].add(b)
                graph[b].add(a)
        seen = {mapped[0]}
        queue = deque([mapped[0]])
        while queue:
            for n in graph[queue.popleft()]:
                if n not in seen:
                    seen.add(n)
                    queue.append(n)
        for n in mapped:
            if n not in seen:
                out.append(Problem(f, f"rooms.{n}", "not joined to the rest of the map by any door"))

    def place_ok(field: str, h: Hex, what: str, *, obstacle_ok: bool = False) -> bool:
        # A boss may stand on an obstacle: the map draws a big boss's other hexes as one.
        if h not in board:
            out.append(Problem(f, field, f"{what} {list(h)} is off the map"))
            return False
        t = board.terrain_at(h)
        if t is Terrain.WALL or (t is Terrain.OBSTACLE and not obstacle_ok):
            out.append(Problem(f, field, f"{what} {list(h)} is on a {t.value}"))
            return False
        return True

    targets: list[tuple[str, Hex, str]] = []
    for i, h in enumerate(s.starting_hexes):
        if place_ok(f"starting_hexes[{i}]", h, "starting hex"):
            targets.append((f"starting_hexes[{i}]", h, "starting hex"))
    if not s.starting_hexes:
        out.append(Problem(f, "starting_hexes", "no starting hexes"))
    for i, room in enumerate(s.rooms):
        for j, p in enumerate(room.monsters):
            boss = "boss" in p.types
            field = f"rooms[{i}].monsters[{j}].hex"
            if p.hex is not None and place_ok(field, p.hex, f"{p.monster} hex", obstacle_ok=boss):
                targets.append((f"rooms[{i}].monsters[{j}].hex", p.hex, f"{p.monster} hex"))
    for i, d in enumerate(s.doors):
        if d.kind != "breakable-wall" and place_ok(f"doors[{i}].hex", d.hex, "door"):
            targets.append((f"doors[{i}].hex", d.hex, "door"))
    # Everything reachable from the starting hexes (doors open, breakable walls broken,
    # obstacles crossed as a flyer would).
    if s.starting_hexes:
        breakable = {d.hex for d in s.doors if d.kind == "breakable-wall"}
        if breakable:
            terrain = {h: t for h, t in board.terrain.items() if h not in breakable}
            board = board.replace(terrain=terrain)
        links = board.links
        # An altar joins its rooms as a portal: reaching it reaches both rooms.
        portals = {
            d.hex: [h for n in d.rooms for h in smap.room_hexes.get(n, ())]
            for d in s.doors
            if d.kind == "altar"
        }
        reach = {h for h in s.starting_hexes if h in links}
        queue2 = deque(reach)
        while queue2:
            h = queue2.popleft()
            for n in (*links.get(h, ()), *portals.get(h, ())):
                if n not in reach and n in links:
                    reach.add(n)
                    queue2.append(n)
        for field, h, what in targets:
            if h in links and h not in reach:
                out.append(Problem(f, field, f"{what} {list(h)} cannot be reached from the starting hexes"))
    return out
