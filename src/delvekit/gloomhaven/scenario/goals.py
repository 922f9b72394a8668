"""Scenario goals of scenarios 11-95: how a scenario is won, and lost besides exhaustion.

The goals are data (``content/data/scenario-goals.json``, decoded into :class:`ScenarioGoal`):
each scenario's goal is a list of **win** parts that must all hold at once, and a list of
**lose** parts any one of which loses. :func:`goal_lines` turns them, for one party size and one
map, into the setup's rule lines ``win|KIND|...`` and ``lose|KIND|...``; this module performs
those lines through the hooks of :mod:`delvekit.gloomhaven.engine.registry` (scenarios 1-10 keep their
``goal|...`` lines of :mod:`delvekit.gloomhaven.scenario.rules`; a setup has one family or the
other).

Win parts the engine checks (``KIND`` and its line):

* ``kill-all`` — every monster dead and every room revealed (the default goal): ``win|kill-all|``;
* ``kill-revealed`` — no monster on the map: ``win|kill-revealed|``;
* ``kill`` — every standee of some types that the map places was revealed, and none of those
  types is on the map: ``win|kill|TYPE,TYPE``; a boss that a special rule brings in
  (``win|kill|TYPE|spawned``) must also have been killed once;
* ``kill-count`` — that many monsters (of some types, or any) killed, spawned ones too:
  ``win|kill-count|EXPR|TYPE,...`` (EXPR in ``C``);
* ``loot`` — every goal treasure tile looted: ``win|loot|Q,R;...|MODE``, MODE ``turn`` (also by
  ending a turn on one) or ``ability`` (only a Loot ability takes them);
* ``loot-each`` — every character that is not exhausted has looted a goal treasure tile:
  ``win|loot-each|Q,R;...|MODE``;
* ``reveal`` — those rooms revealed: ``win|reveal|I,J`` (room indices of the setup);
* ``survive`` — N rounds have ended: ``win|survive|N``;
* ``escape`` — every character that is not exhausted stands on one of the hexes (and one does):
  ``win|escape|Q,R;...``;
* ``occupy`` — at least N of the pressure plates are occupied by characters at once:
  ``win|occupy|EXPR|Q,R;...``;
* ``destroy`` — every objective of that name (the setup's ``objective`` lines of
  :mod:`~delvekit.gloomhaven.scenario.rules`) was placed and is gone: ``win|destroy|NAME``
  (``dig``: 75's graves, which the engine digs up as damage, are destroyed the same way);
* ``escort`` — ``all`` or COUNT of the escorts of that name arrived where they walk to
  (:func:`~delvekit.gloomhaven.scenario.objectives.move_escorts` marks them): ``win|escort|NAME|COUNT``;
* ``carry`` — a character holds the carried token NAME on one of the hexes (next to the well
  or the crystal): ``win|carry|NAME|Q,R;...``; the token itself is a ``mech|token`` line of
  :mod:`~delvekit.gloomhaven.scenario.mechanisms`, which also writes the breakable walls;
* ``sacrifice-artifact`` — 82: the holder of the artifacts (treasure tile 62) on hex g, or,
  once they were taken, every character on a starting hex:
  ``win|carry|artifact|Q,R|Q,R;...``;
* ``staff-of-xorn`` — 54: the Seeker of Xorn (who the party handed the staff) next to the altar
  with the staff charged (:func:`~delvekit.gloomhaven.scenario.mechanisms.staff_charge`):
  ``win|staff|CHARGE|Q,R;...``.

Lose parts the engine checks: ``lose|exhausted|`` (a character exhausted; ``lose|exhausted|
loot-each``: exhausted before it looted a goal treasure tile), ``lose|rounds|N`` (the goal does
not hold as round N ends), ``lose|killed|TYPE,...`` (a monster of those types killed),
``lose|occupied-by|TYPE,...|Q,R;...`` (a monster of those types on one of the hexes),
``lose|escort-killed|NAME|COUNT`` (``any`` one, ``all`` or COUNT of the objectives of that name
killed: Hail, the Captive Orchids, the crystal; an escort that arrived and left the map is
saved, not killed), ``lose|seeker-exhausted|`` (54: the Seeker of Xorn, the character the
party handed the staff, exhausted) and ``lose|rooms-abandoned|Q,R;...`` (90: no character left on
those hexes, the left room, or only one character left not exhausted).

Monsters fighting on the characters' side (allies) never need to die. The data also records
goals the engine cannot check yet (``cleanse``, ``close-rift``;
losses such as ``ship-sinks``): for those the scenario plays with the default goal (kill all)
and the unchecked losses are left out; :meth:`ScenarioGoal.checked` says which.
A win is declared when the goal holds (as a turn ends, a monster dies or a round ends) and the
scenario then ends with the round; a loss likewise, with the event ``scenario-lost REASON``
(``exhausted``, ``rounds``, ``occupied-by`` or ``killed=TYPE``).

>>> goals = load_goals()
>>> [p.kind for p in goals[11].win], goals[11].win[0].monsters
(['kill'], ('captain-of-the-guard',))
>>> parse_line("win|survive|10")
('win', 'survive', ('10',))
>>> parse_line("lose|killed|city-guard,city-archer")[2]
('city-guard,city-archer',)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from delvekit.core.errors import ContentError, InputError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.scenario.mechanisms import (
    STAFF,
    TOKENS,
    holder,
    mechanism_lines,
    seeker,
    staff_charge,
    was_taken,
)

if TYPE_CHECKING:
    from delvekit.gloomhaven.content.scenario import Scenario
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.engine.state import Figure

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


def _hexes(hexes: Iterable[Hex]) -> str:
    return ";".join(f"{q},{r}" for q, r in sorted(set(hexes)))


def goal_lines(
    s: Scenario,
    players: int,
    *,
    room_index: Mapping[int, int],
    goals: Mapping[int, ScenarioGoal] | None = None,
) -> tuple[str, ...]:
    """The ``win``/``lose`` rule lines of scenario ``s`` for ``players`` characters (empty for a
    scenario without goal data: scenarios 1-10). ``room_index`` maps room numbers to the setup's
    room indices. A goal the engine cannot check, or whose monster the map does not place for
    this party size, plays as "kill all" (``win|kill-all|``)."""
    g = (goals if goals is not None else load_goals()).get(s.number)
    if g is None:
        return ()
    win = _win_lines(g, s, players, room_index) if g.checked() else None
    lines = mechanism_lines(s, room_index)
    lines += win if win is not None else ["win|kill-all|"]
    for p in g.lose:
        if p.kind == "exhausted":
            lines.append(f"lose|exhausted|{p.before}")
        elif p.kind == "rounds":
            lines.append(f"lose|rounds|{p.after}")
        elif p.kind == "killed":
            lines.append(f"lose|killed|{','.join(p.monsters)}")
        elif p.kind == "occupied-by":
            lines.append(f"lose|occupied-by|{','.join(p.monsters)}|{_hexes(_plates(s, ()))}")
        elif p.kind == "escort-killed" and any(o.name == p.objective for o in s.objectives):
            lines.append(f"lose|escort-killed|{p.objective}|{p.count or 'any'}")
        elif p.kind == "seeker-exhausted":
            lines.append("lose|seeker-exhausted|")
        elif p.kind == "rooms-abandoned" and _tile_hexes(s, ["start"]):
            lines.append(f"lose|rooms-abandoned|{_hexes(_tile_hexes(s, ['start']))}")
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
    from delvekit.gloomhaven.scenario.rules import RuleLine
    from delvekit.gloomhaven.scenario.rules import parse_line as parse_rule

    lines = [parse_rule(x) for x in scenario_rule_lines(s) if x.startswith("rule|")]
    spawned = {sp.monster for x in lines if isinstance(x, RuleLine) for sp in x.rule.spawns}
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
    """Names of the escorts the setup's rules walk to a goal (``objective`` lines with a move)."""
    from delvekit.gloomhaven.content.rule_lines import scenario_rule_lines
    from delvekit.gloomhaven.scenario.rules import ObjectiveLine
    from delvekit.gloomhaven.scenario.rules import parse_line as parse_rule

    lines = [parse_rule(x) for x in scenario_rule_lines(s) if x.startswith("objective|")]
    return {x.name for x in lines if isinstance(x, ObjectiveLine) and x.escort and x.move and x.to}


def _win_lines(g: ScenarioGoal, s: Scenario, players: int, room_index: Mapping[int, int]) -> list[str] | None:
    lines = []
    for p in g.win:
        if p.kind in ("kill-all", "kill-revealed"):
            lines.append(f"win|{p.kind}|")
        elif p.kind == "kill":
            missing = set(p.monsters) - _placed(s, players)
            if not missing:
                lines.append(f"win|kill|{','.join(p.monsters)}")
            elif len(p.monsters) == 1 and missing <= _spawned_by_rules(s):
                lines.append(f"win|kill|{p.monsters[0]}|spawned")  # a special rule brings it in
            else:
                return None
        elif p.kind == "kill-count":
            lines.append(f"win|kill-count|{p.count}|{','.join(p.monsters)}")
        elif p.kind in ("loot", "loot-each"):
            tiles = _goal_tiles(s)
            if not tiles:
                return None
            mode = "ability" if p.loot_action_only else "turn"
            lines.append(f"win|{p.kind}|{_hexes(tiles)}|{mode}")
        elif p.kind == "reveal":
            if p.rooms == "all":
                rooms = sorted(set(room_index.values()))
            else:
                rooms = sorted({room_index[r.number] for r in s.rooms for t in r.tiles if t.ref in p.tiles})
            if not rooms:
                return None
            lines.append(f"win|reveal|{','.join(map(str, rooms))}")
        elif p.kind == "survive":
            lines.append(f"win|survive|{p.rounds}")
        elif p.kind == "escape":
            hexes = set(s.starting_hexes) if p.hexes == "start" else _tile_hexes(s, p.tiles)
            if not hexes:
                return None
            lines.append(f"win|escape|{_hexes(hexes)}")
        elif p.kind in ("destroy", "dig"):
            if not all(any(o.name == name for o in s.objectives) for name in p.objectives):
                return None
            lines += [f"win|destroy|{name}" for name in p.objectives]
        elif p.kind == "escort":
            if p.objective not in _walking_escorts(s):
                return None  # no rule walks it to its goal
            lines.append(f"win|escort|{p.objective}|{p.count or 'all'}")
        elif p.kind == "carry":
            hexes = _carry_to(s, p.to)
            if TOKENS.get(s.number, ("",))[0] != p.item or not hexes:
                return None  # no token of that name in play, or no hex for its goal
            lines.append(f"win|carry|{p.item}|{_hexes(hexes)}")
        elif p.kind == "sacrifice-artifact":
            if s.number not in SACRIFICE_HEX or s.number not in TOKENS:
                return None
            hex_g = SACRIFICE_HEX[s.number]
            lines.append(f"win|carry|{TOKENS[s.number][0]}|{_hexes([hex_g])}|{_hexes(s.starting_hexes)}")
        elif p.kind == "staff-of-xorn":
            altar = _carry_to(s, "altar a")
            if s.number not in STAFF or not altar:
                return None
            lines.append(f"win|staff|{STAFF[s.number][1]}|{_hexes(altar)}")
        else:  # occupy
            plates = _plates(s, p.tiles)
            if not plates:
                return None
            lines.append(f"win|occupy|{p.plates}|{_hexes(plates)}")
    return lines


# ------------------------------------------------------------------------------ engine

Line = tuple[str, str, tuple[str, ...]]


def parse_line(line: str) -> Line:
    """``(side, kind, fields)`` of a ``win``/``lose`` line; a malformed one raises
    :class:`InputError` naming it."""
    side, _, rest = line.partition("|")
    kind, _, tail = rest.partition("|")
    fields = tuple(tail.split("|")) if tail else ()
    where = f"scenario goal {line!r}"
    kinds = (*WIN_CHECKED, "staff") if side == "win" else LOSE_CHECKED if side == "lose" else ()
    if kind in ("destroy", "escort", "escort-killed", "carry", "staff") and not (fields and fields[0]):
        raise InputError("an objective name is needed", where=where)
    if kind not in kinds:
        raise InputError("expected 'win|KIND|...' or 'lose|KIND|...', a kind the engine checks", where=where)
    try:
        if kind in ("loot", "loot-each", "escape", "occupy", "occupied-by", "carry", "rooms-abandoned"):
            _parse_hexes(fields[-2 if kind in ("loot", "loot-each") else -1])
        if kind in ("survive", "rounds"):
            int(fields[0])
        if kind in ("kill-count", "occupy", "staff"):
            parse_expr(fields[0])
        if kind in ("carry", "staff"):
            _parse_hexes(fields[1])
        if kind == "reveal":
            [int(x) for x in fields[0].split(",")]
        if kind in ("escort", "escort-killed") and fields[1] not in ("any", "all"):
            int(fields[1])
    except (ValueError, IndexError, ContentError):
        raise InputError("bad fields", where=where) from None
    return side, kind, fields


def _parse_hexes(text: str) -> tuple[Hex, ...]:
    out = []
    for token in text.split(";"):
        q, r = token.split(",")
        out.append((int(q), int(r)))
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _parsed(rules: tuple[str, ...]) -> tuple[Line, ...]:
    return tuple(parse_line(x) for x in rules if x.startswith(("win|", "lose|")))


def _lines(game: Game) -> tuple[Line, ...]:
    return _parsed(game.setup.rules)


def _looted(game: Game) -> dict[str, str]:
    """Goal treasure tile ``Q,R`` → the character that looted it."""
    return {e.args[1]: e.args[0] for e in game.events if e.kind == "treasure-looted"}


def _take(game: Game, figure: Figure, hexes: set[Hex], *, by_ability: bool) -> None:
    if figure.kind != "character":
        return  # a summon's loot goes nowhere (§14)
    looted = _looted(game)
    each = any(kind == "loot-each" for _, kind, _ in _lines(game))
    for _side, kind, fields in _lines(game):
        if kind not in ("loot", "loot-each") or (fields[1] == "ability" and not by_ability):
            continue
        for h in _parse_hexes(fields[0]):
            here = f"{h[0]},{h[1]}"
            if h not in hexes or here in looted:
                continue
            if each and figure.id in looted.values():
                return  # one goal treasure tile per character
            looted[here] = figure.id
            game.emit("treasure-looted", figure.id, here)


def _turn_end(game: Game, figure: Figure) -> None:
    if _lines(game):
        _take(game, figure, {figure.hex}, by_ability=False)


def _loot_ability(game: Game, figure: Figure, hexes: set[Hex]) -> None:
    if _lines(game):
        _take(game, figure, hexes, by_ability=True)


def _kills(game: Game, types: set[str]) -> int:
    return sum(
        1
        for e in game.events
        if e.kind == "killed" and "#" in e.args[0] and (not types or e.args[0].partition("#")[0] in types)
    )


@functools.lru_cache(maxsize=64)
def _objective_ids(rules: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(name, figure id) of every objective line of a setup."""
    from delvekit.gloomhaven.scenario.objectives import objective_id
    from delvekit.gloomhaven.scenario.rules import ObjectiveLine
    from delvekit.gloomhaven.scenario.rules import parse_line as parse_rule

    lines = [parse_rule(x) for x in rules if x.startswith("objective|")]
    return tuple((x.name, objective_id(x)) for x in lines if isinstance(x, ObjectiveLine))


def _objectives_gone(game: Game, name: str, *, arrived: bool = False) -> tuple[int, int]:
    """(how many objectives named ``name`` the setup has, how many were placed and are gone,
    not counting escorts that arrived); ``arrived``: how many arrived instead."""
    st = game.state
    total = gone = 0
    for named, fid in _objective_ids(game.setup.rules):
        if named != name:
            continue
        total += 1
        came = f"arrived:{fid}" in st.scenario_marks
        if arrived:
            gone += came
        elif f"objective:{fid}" in st.scenario_marks and fid not in st.figures and not came:
            gone += 1
    return total, gone


def _holds(game: Game, kind: str, fields: tuple[str, ...], *, round_over: bool) -> bool:
    st = game.state
    players = len(game.setup.party)
    monsters = [f for f in st.figures.values() if f.kind == "monster" and f.side != "party"]
    if kind == "kill-all":
        return not monsters and len(st.revealed_rooms) == len(game.setup.rooms)
    if kind == "kill-revealed":
        return not monsters
    if kind == "kill":
        types = set(fields[0].split(","))
        rooms = [i for i, room in enumerate(game.setup.rooms) if any(p.monster in types for p in room)]
        if len(fields) > 1 and fields[1] == "spawned" and not _kills(game, types):
            return False
        return all(i in st.revealed_rooms for i in rooms) and not any(f.name in types for f in monsters)
    if kind == "kill-count":
        need = int(parse_expr(fields[0]).evaluate(C=players))
        return _kills(game, set(fields[1].split(",")) - {""}) >= need
    if kind in ("loot", "loot-each"):
        looted = _looted(game)
        if kind == "loot":
            return all(f"{q},{r}" in looted for q, r in _parse_hexes(fields[0]))
        active = [c for c in st.characters.values() if not c.exhausted]
        return bool(active) and all(c.id in looted.values() for c in active)
    if kind == "reveal":
        return all(int(i) in st.revealed_rooms for i in fields[0].split(","))
    if kind == "survive":
        return (st.round if round_over else st.round - 1) >= int(fields[0])
    if kind == "destroy":
        total, gone = _objectives_gone(game, fields[0])
        return total > 0 and gone == total
    if kind == "escort":
        total, came = _objectives_gone(game, fields[0], arrived=True)
        return total > 0 and came >= (total if fields[1] == "all" else int(fields[1]))
    if kind == "carry":
        who = holder(game, fields[0])
        if who is not None and who in st.figures and st.figures[who].hex in set(_parse_hexes(fields[1])):
            return True
        if len(fields) < 3 or not was_taken(game, fields[0]):
            return False
        out = set(_parse_hexes(fields[2]))  # or, once taken, every character back on those hexes
        back = [st.figures[c.id].hex for c in st.characters.values() if c.id in st.figures]
        return bool(back) and all(h in out for h in back)
    if kind == "staff":
        who = seeker(game)
        need = int(parse_expr(fields[0]).evaluate(C=players, L=game.setup.level))
        on = who in st.figures and st.figures[who].hex in set(_parse_hexes(fields[1]))
        return on and staff_charge(game) >= need
    hexes = set(_parse_hexes(fields[-1]))
    where = [st.figures[c.id].hex for c in st.characters.values() if not c.exhausted and c.id in st.figures]
    if kind == "escape":
        return bool(where) and all(h in hexes for h in where)
    need = int(parse_expr(fields[0]).evaluate(C=players))  # occupy
    return len(hexes & set(where)) >= need


def _lost(game: Game, kind: str, fields: tuple[str, ...], *, round_over: bool) -> bool:
    st = game.state
    if kind == "exhausted":
        out = [c for c in st.characters.values() if c.exhausted]
        if fields and fields[0] == "loot-each":
            looted = set(_looted(game).values())
            out = [c for c in out if c.id not in looted]
        return bool(out)
    if kind == "rounds":
        return round_over and st.round >= int(fields[0])
    if kind == "occupied-by":
        types, hexes = set(fields[0].split(",")), set(_parse_hexes(fields[1]))
        return any(f.kind == "monster" and f.name in types and f.hex in hexes for f in st.figures.values())
    if kind == "escort-killed":
        total, gone = _objectives_gone(game, fields[0])
        need = 1 if fields[1] == "any" else total if fields[1] == "all" else int(fields[1])
        return total > 0 and gone >= need
    if kind == "seeker-exhausted":  # the Seeker of Xorn: who the party handed the staff
        return bool(game.setup.party) and st.characters[seeker(game)].exhausted
    if kind == "rooms-abandoned":
        if st.round < 1:
            return False
        active = [c.id for c in st.characters.values() if not c.exhausted and c.id in st.figures]
        left = set(_parse_hexes(fields[0]))
        return len(active) <= 1 or not any(st.figures[c].hex in left for c in active)
    return False  # killed: judged as each monster dies (_died)


def _won(game: Game, *, round_over: bool) -> bool | None:
    wins = [(k, f) for side, k, f in _lines(game) if side == "win"]
    if not wins:
        return None
    return all(_holds(game, k, f, round_over=round_over) for k, f in wins)


def _lose(game: Game, reason: str) -> None:
    st = game.state
    if st.ending is None:
        st.ending = "defeat"
        game.emit("scenario-lost", reason)


def _check_losses(game: Game, *, round_over: bool) -> None:
    for side, kind, fields in _lines(game):
        if side == "lose" and game.state.ending is None and _lost(game, kind, fields, round_over=round_over):
            _lose(game, kind)


def goal_met(game: Game) -> bool | None:
    """GOAL hook: whether the ``win`` lines all hold now (``None``: the setup has none); a loss
    that holds ends the scenario in defeat first."""
    if not _lines(game):
        return None
    _check_losses(game, round_over=False)
    if game.state.ending is not None:
        return False
    return _won(game, round_over=False)


def kill_all(game: Game) -> bool | None:
    """GOAL hook, asked last: the default goal of a setup whose rules state none (scenarios 1-10
    without a goal line, test setups), ``GameSetup.win == "kill_all"``: success once every room is
    revealed and no monster of the monsters' side is left (§15). ``None`` for ``win == "none"``."""
    if game.setup.win != "kill_all":
        return None
    st = game.state
    return len(st.revealed_rooms) == len(game.setup.rooms) and not any(
        f.kind == "monster" and f.side == "monsters" for f in st.figures.values()
    )


def _round(game: Game, timing: str) -> None:
    """As a round ends: survive goals and round limits are judged, then every other part."""
    if timing != "end" or not _lines(game) or game.state.ending is not None:
        return
    if _won(game, round_over=True):
        game.state.ending = "victory"
        game.emit("scenario-goal", "victory")
        return
    _check_losses(game, round_over=True)


def _died(game: Game, figure: Figure) -> None:
    if game.state.ending is not None or not _lines(game):
        return
    if figure.kind == "objective":  # destroy goals and escort losses are judged now
        game.check_victory()
        return
    for side, kind, fields in _lines(game):
        if side == "lose" and kind == "killed" and figure.name in fields[0].split(","):
            _lose(game, f"killed={figure.name}")


effects.GOAL_HOOKS.append(goal_met)
effects.GOAL_HOOKS.append(kill_all)  # after every other goal (the wiring's LIST_ORDER)
effects.ROUND_HOOKS.append(_round)
effects.DEATH_HOOKS.append(_died)
effects.TURN_END_HOOKS.append(_turn_end)
effects.LOOT_HOOKS.append(_loot_ability)
