"""A content scenario's special rules as :mod:`~delvekit.gloomhaven.model.scenario_rules` records:
round effects, the rules of the content's rule data, objectives, allies, locked doors and the
goals of scenarios 1-10 (the scenario book's, kept here), used by the content adapter and the
scenario goals."""

from __future__ import annotations

from delvekit.gloomhaven.content import scenario as cs_scenario
from delvekit.gloomhaven.model import scenario_rules as sr
from delvekit.gloomhaven.scenario import setup as scenario_setup

_GOALS: dict[int, tuple[tuple[sr.GoalKind, str], ...]] = {
    2: (("kill", "bandit-commander"), ("revealed", "")),
    3: (("kills", "5xC"),),
    6: (("room", "M1a"), ("revealed", "")),
    7: (("treasure-loot", ""),),
    8: (("kill", "inox-bodyguard"),),
    9: (("kill", "merciless-overseer"), ("treasure", "")),
}
"""Scenario goals other than "kill all enemies" (scenario book): a goal kind and its value (a
monster type, a count, a room's map tile: scenario 6, reveal the M tile); a treasure goal is
the scenario's goal treasure tiles."""

_LOCKS: dict[int, tuple[str, str]] = {
    2: ("abcd", "bandit-commander"),
    53: ("abcd", "scenario"),
    74: ("12", "scenario"),
    79: ("1", "scenario"),
}
"""Locked doors (scenario book): the markers of the rooms behind them in their opening order,
and the monster type that alone opens them (``scenario``: none; the scenario's rules open them
as they reveal the room: 53's doors by round, 74's at the end of rounds 3 and 6, 79's when
every Stone Golem is dead)."""

MAP_MARKERS: dict[int, dict[str, tuple[int, int]]] = {
    3: {"a": (8, 2)},
    21: {"f": (2, 4)},
    34: {"a": (2, 7), "b": (2, 0), "c": (6, 2)},
    36: {"e": (7, 1)},
}
"""Map markers that no source places (docs/content-scenarios.md, "Markers"): scenario 3's
(a), where the Inox Guards spawn, on tile L1b's cell (0, 3), next to door 1; scenario 36's (e),
where the Prime Demon appears "just beyond the row of starting hexes in front of door 1": the
outside hex touching both starting hexes that touch the gate (6, 1) and (6, 2). Scenario 21's
(f), the altar's first place, is the map's altar overlay (the book draws the altar on f);
34's perches are its three huge boulders (VGB overlays): c where the Elder Drake stands at
setup (the book's top centre: east here, our map being VGB's picture turned a quarter turn
clockwise, ``content.maps.from_offset``), a and b one hex of each other boulder (the one nearest
c): a the book's right (south here), b its left (north)."""

_TIMING: dict[tuple[int, int], str] = {(3, 1): "start", **{(53, i): "start" for i in (1, 2, 3, 4)}}
"""(scenario, rule index) → round timing where the book differs from the imported rule:
scenario 3's guard for three or four characters spawns as every round begins; 53's doors open
as rounds 2, 4, 6 and 8 begin."""


def _room_index(s: cs_scenario.Scenario) -> dict[int, int]:
    """Room number → index into the setup's rooms (as :func:`setup_from_pack` orders them)."""
    numbers = sorted(r.number for r in s.rooms)
    initial = {r.number for r in s.rooms if r.initial} or {numbers[0]}
    rest = sorted(set(numbers) - initial)
    return {n: 0 if n in initial else 1 + rest.index(n) for n in numbers}


def _lock_lines(s: cs_scenario.Scenario, index: dict[int, int]) -> list[sr.ScenarioRule]:
    if s.number not in _LOCKS:
        return []
    letters, opener = _LOCKS[s.number]
    rooms = {r.marker: r.number for r in s.rooms if r.marker}
    doors = s.map().doors
    hexes = [
        h
        for letter in letters
        for h, d in sorted(doors.items())
        if letter in rooms and rooms[letter] in d.rooms
    ]
    return [sr.Lock(doors=tuple(hexes), opener=opener)] if hexes else []


def scenario_rule_lines(s: cs_scenario.Scenario) -> tuple[sr.ScenarioRule, ...]:
    """The scenario's special rules the engine performs, as
    :mod:`~delvekit.gloomhaven.model.scenario_rules` records: round-timed effects on figures
    (``at``), every other rule of the content's rule data (``rule``, with the hexes of its
    markers), objective figures, allies (:mod:`~delvekit.gloomhaven.scenario.setup`), locked
    doors and the goal."""
    lines: list[sr.ScenarioRule] = []
    for rule in s.rules:
        for fe in rule.figures if scenario_setup.is_plain(rule) else ():
            lines.append(
                sr.RoundRule(
                    timing=rule.timing, when=rule.when, who=fe.figures.kind,
                    effect=fe.effect,  # type: ignore[arg-type]  # is_plain: one of the three
                    value=fe.value,
                )
            )  # fmt: skip
    index = _room_index(s)
    timing = {i: t for (n, i), t in _TIMING.items() if n == s.number}
    lines += scenario_setup.scenario_lines(s, index, MAP_MARKERS.get(s.number, {}), timing)
    lines += _lock_lines(s, index)
    goal_tiles = tuple(h for o in s.overlays if (o.kind, o.treasure) == ("treasure", "goal") for h in o.hexes)
    tiles = {t.ref: index[r.number] for r in s.rooms for t in r.tiles}
    for kind, value in _GOALS.get(s.number, ()):
        if kind in ("treasure", "treasure-loot"):
            if goal_tiles:
                lines.append(sr.Goal(goal=kind, hexes=goal_tiles))
        elif kind == "room":
            lines.append(sr.Goal(goal=kind, room=tiles[value]))
        elif kind == "kill":
            lines.append(sr.Goal(goal=kind, monster=value))
        elif kind == "kills":
            lines.append(sr.Goal(goal=kind, count=value))
        else:
            lines.append(sr.Goal(goal=kind))
    return tuple(lines)


LATE_BOSSES: dict[int, tuple[str, ...]] = {48: ("dark-rider",)}
"""Bosses that no room places and no rule spawns: they appear by their own special rule (48: the
Dark Rider, on its first turn, :mod:`~delvekit.gloomhaven.effects.bosses`)."""
