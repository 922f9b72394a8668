"""The scenario goals of scenarios 11-95 as data (``content/data/scenario-goals.json``: win and
loss parts per scenario, checked against the content pack) and as the ``win``/``lose`` rule records
of a setup (:func:`goal_lines`; :class:`~delvekit.gloomhaven.model.scenario_rules.Win` and
:class:`~delvekit.gloomhaven.model.scenario_rules.Lose`). Judging them in play is
:mod:`~delvekit.gloomhaven.scenario.goals` (which re-exports these names and describes each kind).

>>> goals = load_goals()
>>> [p.kind for p in goals[11].win], goals[11].win[0].monsters
(['kill'], ('captain-of-the-guard',))
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from delvekit.core.errors import ContentError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.model.scenario_rules import Lose, ObjectiveLine, RuleLine, ScenarioRule, Win, of_kind
from delvekit.gloomhaven.scenario.mechanisms import (
    STAFF,
    TOKENS,
    mechanism_lines,
)

if TYPE_CHECKING:
    from delvekit.gloomhaven.content.scenario import Scenario

DATA_FILE = Path(__file__).parents[1] / "content" / "data" / "scenario-goals.json"

WIN_CHECKED = (
    "kill-all", "kill-revealed", "kill", "kill-count", "loot", "loot-each", "reveal", "survive",
    "escape", "occupy", "destroy", "dig", "escort", "carry", "sacrifice-artifact", "staff-of-xorn",
)  # fmt: skip
"""Win kinds the engine checks."""
WIN_RECORDED = (
    "cleanse", "close-rift",
)  # fmt: skip
"""Win kinds the data records but the engine cannot check yet (the scenario plays "kill all")."""
LOSE_CHECKED = (
    "exhausted", "rounds", "killed", "occupied-by", "escort-killed", "seeker-exhausted", "rooms-abandoned",
)  # fmt: skip
LOSE_RECORDED = ("ship-sinks", "sacrifice")


class Part(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One part of a goal or a loss: a kind and its parameters."""

    kind: str
    monsters: tuple[str, ...] = ()
    count: str = ""
    """``kill-count``: an expression in C; ``escort-killed``: ``any``, ``all`` or a number."""
    tiles: tuple[str, ...] = ()
    """Map tiles (``G2a``; ``start``: the tiles holding the starting hexes)."""
    hexes: str = ""
    """``start``: the starting hexes."""
    rooms: str = ""
    """``all``: every room."""
    rounds: int = 0
    after: int = 0
    plates: str = ""
    """How many pressure plates: an expression in C."""
    objectives: tuple[str, ...] = ()
    objective: str = ""
    to: str = ""
    item: str = ""
    loot_action_only: bool = False
    before: str = ""


class ScenarioGoal(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A scenario's goal as printed (``goal``, our words), its parts, and where it comes from."""

    scenario: int
    goal: str
    win: tuple[Part, ...]
    page: int
    source: str
    confirmed: bool
    lose: tuple[Part, ...] = ()
    note: str = ""
    also: tuple[str, ...] = ()

    def checked(self) -> bool:
        """Whether the engine checks every win part (else the scenario plays "kill all")."""
        return all(p.kind in WIN_CHECKED for p in self.win)

    def unchecked_losses(self) -> tuple[Part, ...]:
        return tuple(p for p in self.lose if p.kind not in LOSE_CHECKED)


class _GoalFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    about: str
    goals: tuple[ScenarioGoal, ...]


def _field(error: msgspec.ValidationError) -> tuple[str, str]:
    message, sep, at = str(error).rpartition(" - at `")
    return (at.rstrip("`"), message) if sep else ("$", str(error))


def load_goals(path: Path | None = None) -> dict[int, ScenarioGoal]:
    """The goals by scenario number; a malformed file raises :class:`ContentError` naming the
    file and the field."""
    return dict(_load(path or DATA_FILE))


@functools.lru_cache(maxsize=8)
def _load(path: Path) -> tuple[tuple[int, ScenarioGoal], ...]:
    where = path.name if path == DATA_FILE else str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror}", where=where) from None
    try:
        doc = msgspec.json.decode(raw, type=_GoalFile)
    except msgspec.ValidationError as exc:
        field, message = _field(exc)
        raise ContentError(message, where=f"{where}: {field}") from None
    except msgspec.DecodeError as exc:
        raise ContentError(f"not valid JSON ({exc})", where=where) from None
    out: dict[int, ScenarioGoal] = {}
    for i, g in enumerate(doc.goals):
        at = f"{where}: $.goals[{i}]"
        if g.scenario in out:
            raise ContentError(f"scenario {g.scenario} appears twice", where=f"{at}.scenario")
        if not g.win:
            raise ContentError("a goal needs at least one win part", where=f"{at}.win")
        if not g.source.startswith("https://"):
            raise ContentError(f"source {g.source!r} is not an https URL", where=f"{at}.source")
        for j, p in enumerate(g.win):
            _check_part(p, WIN_CHECKED + WIN_RECORDED, f"{at}.win[{j}]")
        for j, p in enumerate(g.lose):
            _check_part(p, LOSE_CHECKED + LOSE_RECORDED, f"{at}.lose[{j}]")
        out[g.scenario] = g
    return tuple(sorted(out.items()))


def _check_part(p: Part, kinds: tuple[str, ...], where: str) -> None:
    if p.kind not in kinds:
        raise ContentError(f"unknown kind {p.kind!r} (one of {', '.join(kinds)})", where=f"{where}.kind")
    for name, text in (("count", p.count), ("plates", p.plates)):
        if text and not (name == "count" and p.kind in ("escort", "escort-killed")):
            try:
                extra = parse_expr(text).variables - {"C"}
            except ContentError as exc:
                raise ContentError(str(exc), where=f"{where}.{name}") from None
            if extra:
                raise ContentError(f"{text!r} may use C only", where=f"{where}.{name}")
    needs = {"kill": p.monsters, "kill-count": p.count, "survive": p.rounds, "rounds": p.after,
             "occupy": p.plates, "killed": p.monsters, "occupied-by": p.monsters,
             "escape": p.tiles or p.hexes}  # fmt: skip
    if p.kind in needs and not needs[p.kind]:
        raise ContentError(f"a {p.kind} part needs its parameter", where=where)


def check_goals(goals: Mapping[int, ScenarioGoal], monsters: Iterable[str]) -> list[str]:
    """Problems of the goal data against a content pack's monster ids (empty: none)."""
    known = set(monsters)
    out = []
    for n, g in sorted(goals.items()):
        for p in (*g.win, *g.lose):
            for m in p.monsters:
                if m not in known:
                    out.append(f"scenario {n}: {p.kind} names unknown monster {m!r}")
    return out


# ------------------------------------------------------------------------------- lines


def _hexes(hexes: Iterable[Hex]) -> tuple[Hex, ...]:
    return tuple(sorted(set(hexes)))


def goal_lines(
    s: Scenario,
    players: int,
    *,
    room_index: Mapping[int, int],
    goals: Mapping[int, ScenarioGoal] | None = None,
) -> tuple[ScenarioRule, ...]:
    """The ``win``/``lose`` records of scenario ``s`` for ``players`` characters, after its
    mechanisms (empty for a scenario without goal data: scenarios 1-10). ``room_index`` maps
    room numbers to the setup's room indices. A goal the engine cannot check, or whose monster
    the map does not place for this party size, plays as "kill all" (``Win(goal="kill-all")``)."""
    g = (goals if goals is not None else load_goals()).get(s.number)
    if g is None:
        return ()
    win = _win_lines(g, s, players, room_index) if g.checked() else None
    lines = mechanism_lines(s, room_index)
    lines += win if win is not None else [Win(goal="kill-all")]
    for p in g.lose:
        if p.kind == "exhausted":
            lines.append(Lose(loss="exhausted", before=p.before))
        elif p.kind == "rounds":
            lines.append(Lose(loss="rounds", rounds=p.after))
        elif p.kind == "killed":
            lines.append(Lose(loss="killed", monsters=p.monsters))
        elif p.kind == "occupied-by":
            lines.append(Lose(loss="occupied-by", monsters=p.monsters, hexes=_hexes(_plates(s, ()))))
        elif p.kind == "escort-killed" and any(o.name == p.objective for o in s.objectives):
            lines.append(Lose(loss="escort-killed", name=p.objective, count=p.count or "any"))
        elif p.kind == "seeker-exhausted":
            lines.append(Lose(loss="seeker-exhausted"))
        elif p.kind == "rooms-abandoned" and _tile_hexes(s, ["start"]):
            lines.append(Lose(loss="rooms-abandoned", hexes=_hexes(_tile_hexes(s, ["start"]))))
    return tuple(lines)


def _placed(s: Scenario, players: int) -> set[str]:
    out = set()
    for _, p in s.placements():
        if p.hex is not None and p.type_for(players) != "none":
            out.add(p.monster)
    return out


def _goal_tiles(s: Scenario) -> list[Hex]:
    return [h for o in s.overlays if o.kind == "treasure" and o.treasure == "goal" for h in o.hexes]


def _plates(s: Scenario, tiles: Sequence[str]) -> list[Hex]:
    hexes = [h for o in s.overlays if "pressure-plate" in (o.kind, o.variant) for h in o.hexes]
    return [h for h in hexes if h in _tile_hexes(s, tiles)] if tiles else hexes


def _tile_hexes(s: Scenario, refs: Sequence[str]) -> set[Hex]:
    from delvekit.gloomhaven.content.maps import tile_hexes

    starts = set(s.starting_hexes)
    out: set[Hex] = set()
    for room in s.rooms:
        for tile in room.tiles:
            hexes = tile_hexes(tile)
            if tile.ref in refs or ("start" in refs and starts & set(hexes)):
                out.update(hexes)
    return out


def _spawned_by_rules(s: Scenario) -> set[str]:
    """Monster types a special rule of ``s`` spawns (a boss that appears late: 36, 48, 57)."""
    from delvekit.gloomhaven.content.rule_lines import LATE_BOSSES, scenario_rule_lines

    spawned = {sp.monster for x in of_kind(scenario_rule_lines(s), RuleLine) for sp in x.rule.spawns}
    return spawned | set(LATE_BOSSES.get(s.number, ()))


SACRIFICE_HEX: dict[int, Hex] = {82: (9, 1)}
"""82's hex g (scenario book p.104): the single corridor hex between C1a and D1a (the map source
draws the corridor, not its doors e and f)."""

CARRY_TO_TILE_CENTRE: dict[tuple[int, str], str] = {(69, "well a"): "D2a"}
"""Carry goals whose target no map source draws: the target is the centre hex of a tile (69:
the well, "centre of the last room D2a", scenario book p.88)."""


def _carry_to(s: Scenario, to: str) -> set[Hex]:
    """The hexes a carried token must reach: next to the overlay ``to`` names (``crystal a``:
    the crystal obstacle), or next to the centre of a tile (:data:`CARRY_TO_TILE_CENTRE`; that
    hex too, which the map leaves open)."""
    from delvekit.core.hexes import distance, neighbours

    board = s.board()
    variant = to.split()[0] if to else ""
    spots = [h for o in s.overlays if o.variant == variant for h in o.hexes]
    own = False
    if not spots and (s.number, to) in CARRY_TO_TILE_CENTRE:
        tile = _tile_hexes(s, [CARRY_TO_TILE_CENTRE[s.number, to]])
        spots = [min(tile, key=lambda h: (max(distance(h, o) for o in tile), h))] if tile else []
        own = True
    out = {n for h in spots for n in neighbours(h) if n in board.hexes and board.adjacent(h, n)}
    out |= set(spots) if own else set()
    return {h for h in out if not board.is_wall(h)}


def _walking_escorts(s: Scenario) -> set[str]:
    """Names of the escorts the setup's rules walk to a goal (``objective`` records with a move)."""
    from delvekit.gloomhaven.content.rule_lines import scenario_rule_lines

    lines = of_kind(scenario_rule_lines(s), ObjectiveLine)
    return {x.name for x in lines if x.escort and x.move and x.to}


def _win_lines(g: ScenarioGoal, s: Scenario, players: int, room_index: Mapping[int, int]) -> list[Win] | None:
    lines: list[Win] = []
    for p in g.win:
        if p.kind in ("kill-all", "kill-revealed"):
            lines.append(Win(goal=p.kind))  # type: ignore[arg-type]
        elif p.kind == "kill":
            missing = set(p.monsters) - _placed(s, players)
            if not missing:
                lines.append(Win(goal="kill", monsters=p.monsters))
            elif len(p.monsters) == 1 and missing <= _spawned_by_rules(s):
                lines.append(Win(goal="kill", monsters=p.monsters, spawned=True))  # a rule brings it in
            else:
                return None
        elif p.kind == "kill-count":
            lines.append(Win(goal="kill-count", count=p.count, monsters=p.monsters))
        elif p.kind in ("loot", "loot-each"):
            tiles = _goal_tiles(s)
            if not tiles:
                return None
            lines.append(Win(goal=p.kind, hexes=_hexes(tiles), by_ability=p.loot_action_only))  # type: ignore[arg-type]
        elif p.kind == "reveal":
            if p.rooms == "all":
                rooms = sorted(set(room_index.values()))
            else:
                rooms = sorted({room_index[r.number] for r in s.rooms for t in r.tiles if t.ref in p.tiles})
            if not rooms:
                return None
            lines.append(Win(goal="reveal", rooms=tuple(rooms)))
        elif p.kind == "survive":
            lines.append(Win(goal="survive", rounds=p.rounds))
        elif p.kind == "escape":
            hexes = set(s.starting_hexes) if p.hexes == "start" else _tile_hexes(s, p.tiles)
            if not hexes:
                return None
            lines.append(Win(goal="escape", hexes=_hexes(hexes)))
        elif p.kind in ("destroy", "dig"):
            if not all(any(o.name == name for o in s.objectives) for name in p.objectives):
                return None
            lines += [Win(goal="destroy", name=name) for name in p.objectives]
        elif p.kind == "escort":
            if p.objective not in _walking_escorts(s):
                return None  # no rule walks it to its goal
            lines.append(Win(goal="escort", name=p.objective, count=p.count or "all"))
        elif p.kind == "carry":
            hexes = _carry_to(s, p.to)
            if TOKENS.get(s.number, ("",))[0] != p.item or not hexes:
                return None  # no token of that name in play, or no hex for its goal
            lines.append(Win(goal="carry", name=p.item, hexes=_hexes(hexes)))
        elif p.kind == "sacrifice-artifact":
            if s.number not in SACRIFICE_HEX or s.number not in TOKENS:
                return None
            hex_g = SACRIFICE_HEX[s.number]
            back = _hexes(s.starting_hexes)
            lines.append(Win(goal="carry", name=TOKENS[s.number][0], hexes=_hexes([hex_g]), back=back))
        elif p.kind == "staff-of-xorn":
            altar = _carry_to(s, "altar a")
            if s.number not in STAFF or not altar:
                return None
            lines.append(Win(goal="staff", count=STAFF[s.number][1], hexes=_hexes(altar)))
        else:  # occupy
            plates = _plates(s, p.tiles)
            if not plates:
                return None
            lines.append(Win(goal="occupy", count=p.plates, hexes=_hexes(plates)))
    return lines
