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

>>> parse_line("win|survive|10")
('win', 'survive', ('10',))
>>> parse_line("lose|killed|city-guard,city-archer")[2]
('city-guard,city-archer',)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from delvekit.core.errors import ContentError, InputError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.scenario.mechanisms import (
    holder,
    seeker,
    staff_charge,
    was_taken,
)

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.engine.state import Figure

# The goal data and the rule lines built from it live in scenario.goal_lines.
from delvekit.gloomhaven.scenario.goal_lines import CARRY_TO_TILE_CENTRE as CARRY_TO_TILE_CENTRE
from delvekit.gloomhaven.scenario.goal_lines import DATA_FILE as DATA_FILE
from delvekit.gloomhaven.scenario.goal_lines import LOSE_CHECKED as LOSE_CHECKED
from delvekit.gloomhaven.scenario.goal_lines import LOSE_RECORDED as LOSE_RECORDED
from delvekit.gloomhaven.scenario.goal_lines import SACRIFICE_HEX as SACRIFICE_HEX
from delvekit.gloomhaven.scenario.goal_lines import WIN_CHECKED as WIN_CHECKED
from delvekit.gloomhaven.scenario.goal_lines import WIN_RECORDED as WIN_RECORDED
from delvekit.gloomhaven.scenario.goal_lines import Part as Part
from delvekit.gloomhaven.scenario.goal_lines import ScenarioGoal as ScenarioGoal
from delvekit.gloomhaven.scenario.goal_lines import check_goals as check_goals
from delvekit.gloomhaven.scenario.goal_lines import goal_lines as goal_lines
from delvekit.gloomhaven.scenario.goal_lines import load_goals as load_goals

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


def turn_ended(game: Game, figure: Figure) -> None:
    if _lines(game):
        _take(game, figure, {figure.hex}, by_ability=False)


def loot_ability(game: Game, figure: Figure, hexes: set[Hex]) -> None:
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
    return False  # killed: judged as each monster dies (died)


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
    without a goal line, test setups), ``GameSetup.win == "kill-all"``: success once every room is
    revealed and no monster of the monsters' side is left (§15). ``None`` for ``win == "none"``."""
    if game.setup.win != "kill-all":
        return None
    st = game.state
    return len(st.revealed_rooms) == len(game.setup.rooms) and not any(
        f.kind == "monster" and f.side == "monsters" for f in st.figures.values()
    )


def at_round(game: Game, timing: str) -> None:
    """As a round ends: survive goals and round limits are judged, then every other part."""
    if timing != "end" or not _lines(game) or game.state.ending is not None:
        return
    if _won(game, round_over=True):
        game.state.ending = "victory"
        game.emit("scenario-goal", "victory")
        return
    _check_losses(game, round_over=True)


def died(game: Game, figure: Figure) -> None:
    if game.state.ending is not None or not _lines(game):
        return
    if figure.kind == "objective":  # destroy goals and escort losses are judged now
        game.check_victory()
        return
    for side, kind, fields in _lines(game):
        if side == "lose" and kind == "killed" and figure.name in fields[0].split(","):
            _lose(game, f"killed={figure.name}")
