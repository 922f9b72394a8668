"""Scenario goals of scenarios 11-95: how a scenario is won, and lost besides exhaustion.

The goals are data (``content/data/scenario-goals.json``, decoded into :class:`ScenarioGoal`):
each scenario's goal is a list of **win** parts that must all hold at once, and a list of
**lose** parts any one of which loses. :func:`goal_lines` turns them, for one party size and one
map, into the setup's rule records :class:`~delvekit.gloomhaven.model.scenario_rules.Win` and
:class:`~delvekit.gloomhaven.model.scenario_rules.Lose`; this module performs those records
through the hooks of :mod:`delvekit.gloomhaven.engine.registry` (scenarios 1-10 keep their
``goal`` records of :mod:`delvekit.gloomhaven.scenario.rules`; a setup has one family or the
other).

Win parts the engine checks (the part's kind, and the record's ``goal`` and fields):

* ``kill-all`` — every monster dead and every room revealed (the default goal): ``kill-all``;
* ``kill-revealed`` — no monster on the map: ``kill-revealed``;
* ``kill`` — every standee of some types (``monsters``) that the map places was revealed, and
  none of those types is on the map: ``kill``; a boss that a special rule brings in
  (``spawned``) must also have been killed once;
* ``kill-count`` — ``count`` monsters (of the types ``monsters``, or any) killed, spawned ones
  too (``count`` in ``C``);
* ``loot`` — every goal treasure tile (``hexes``) looted, also by ending a turn on one (with
  ``by_ability``: only a Loot ability takes them);
* ``loot-each`` — every character that is not exhausted has looted a goal treasure tile;
* ``reveal`` — the ``rooms`` (room indices of the setup) revealed;
* ``survive`` — ``rounds`` rounds have ended;
* ``escape`` — every character that is not exhausted stands on one of ``hexes`` (and one does);
* ``occupy`` — at least ``count`` of the pressure plates ``hexes`` are occupied by characters
  at once;
* ``destroy`` — every objective named ``name`` (the setup's ``objective`` records) was placed
  and is gone (``dig``: 75's graves, which the engine digs up as damage, are destroyed the
  same way);
* ``escort`` — ``all`` or ``count`` of the escorts named ``name`` arrived where they walk to
  (:func:`~delvekit.gloomhaven.scenario.objectives.move_escorts` marks them);
* ``carry`` — a character holds the carried token ``name`` on one of ``hexes`` (next to the
  well or the crystal); the token itself is a ``token`` record of
  :mod:`~delvekit.gloomhaven.scenario.mechanisms`, which also writes the breakable walls;
* ``sacrifice-artifact`` — 82: the holder of the artifacts (treasure tile 62) on hex g, or,
  once they were taken, every character on a starting hex: ``carry`` with ``back``;
* ``staff-of-xorn`` — 54: the Seeker of Xorn (who the party handed the staff) on one of
  ``hexes`` (next to the altar) with the staff charged to ``count``
  (:func:`~delvekit.gloomhaven.scenario.mechanisms.staff_charge`): ``staff``.

Lose parts the engine checks (the record's ``loss``): ``exhausted`` (a character exhausted;
``before`` ``loot-each``: exhausted before it looted a goal treasure tile), ``rounds`` (the goal
does not hold as round ``rounds`` ends), ``killed`` (a monster of the types ``monsters``
killed), ``occupied-by`` (a monster of those types on one of ``hexes``), ``escort-killed``
(``any`` one, ``all`` or ``count`` of the objectives named ``name`` killed: Hail, the Captive
Orchids, the crystal; an escort that arrived and left the map is saved, not killed),
``seeker-exhausted`` (54: the Seeker of Xorn, the character the party handed the staff,
exhausted) and ``rooms-abandoned`` (90: no character left on ``hexes``, the left room, or only
one character left not exhausted).

Monsters fighting on the characters' side (allies) never need to die. The data also records
goals the engine cannot check yet (``cleanse``, ``close-rift``;
losses such as ``ship-sinks``): for those the scenario plays with the default goal (kill all)
and the unchecked losses are left out; :meth:`ScenarioGoal.checked` says which.
A win is declared when the goal holds (as a turn ends, a monster dies or a round ends) and the
scenario then ends with the round; a loss likewise, with the event ``scenario-lost REASON``
(``exhausted``, ``rounds``, ``occupied-by`` or ``killed=TYPE``).

>>> from delvekit.gloomhaven.content import load_pack
>>> s = load_pack().scenarios[11]
>>> index = {r.number: i for i, r in enumerate(s.rooms)}
>>> [(type(x).__name__, x.monsters) for x in goal_lines(s, 2, room_index=index)]
[('Win', ('captain-of-the-guard',))]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delvekit.core.hexes import Hex
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.model.scenario_rules import Lose, ObjectiveLine, Win
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

def _has_goals(game: Game) -> bool:
    """Whether the setup has goals of this module (``win`` or ``lose`` records)."""
    return bool(game.tables.rules_of(Win) or game.tables.rules_of(Lose))


def _looted(game: Game) -> dict[str, str]:
    """Goal treasure tile ``Q,R`` → the character that looted it."""
    return {e.args[1]: e.args[0] for e in game.events if e.kind == "treasure-looted"}


def _take(game: Game, figure: Figure, hexes: set[Hex], *, by_ability: bool) -> None:
    if figure.kind != "character":
        return  # a summon's loot goes nowhere (§14)
    looted = _looted(game)
    wins = game.tables.rules_of(Win)
    each = any(w.goal == "loot-each" for w in wins)
    for w in wins:
        if w.goal not in ("loot", "loot-each") or (w.by_ability and not by_ability):
            continue
        for h in w.hexes:
            here = f"{h[0]},{h[1]}"
            if h not in hexes or here in looted:
                continue
            if each and figure.id in looted.values():
                return  # one goal treasure tile per character
            looted[here] = figure.id
            game.emit("treasure-looted", figure.id, here)


def turn_ended(game: Game, figure: Figure) -> None:
    if _has_goals(game):
        _take(game, figure, {figure.hex}, by_ability=False)


def loot_ability(game: Game, figure: Figure, hexes: set[Hex]) -> None:
    if _has_goals(game):
        _take(game, figure, hexes, by_ability=True)


def _kills(game: Game, types: set[str]) -> int:
    return sum(
        1
        for e in game.events
        if e.kind == "killed" and "#" in e.args[0] and (not types or e.args[0].partition("#")[0] in types)
    )


def _objective_ids(game: Game) -> list[tuple[str, str]]:
    """(name, figure id) of every objective record of a setup."""
    from delvekit.gloomhaven.scenario.objectives import objective_id

    return [(x.name, objective_id(x)) for x in game.tables.rules_of(ObjectiveLine)]


def _objectives_gone(game: Game, name: str, *, arrived: bool = False) -> tuple[int, int]:
    """(how many objectives named ``name`` the setup has, how many were placed and are gone,
    not counting escorts that arrived); ``arrived``: how many arrived instead."""
    st = game.state
    total = gone = 0
    for named, fid in _objective_ids(game):
        if named != name:
            continue
        total += 1
        came = f"arrived:{fid}" in st.scenario_marks
        if arrived:
            gone += came
        elif f"objective:{fid}" in st.scenario_marks and fid not in st.figures and not came:
            gone += 1
    return total, gone


def _holds(game: Game, w: Win, *, round_over: bool) -> bool:
    st = game.state
    players = len(game.setup.party)
    monsters = [f for f in st.figures.values() if f.kind == "monster" and f.side != "party"]
    kind = w.goal
    if kind == "kill-all":
        return not monsters and len(st.revealed_rooms) == len(game.setup.rooms)
    if kind == "kill-revealed":
        return not monsters
    if kind == "kill":
        types = set(w.monsters)
        rooms = [i for i, room in enumerate(game.setup.rooms) if any(p.monster in types for p in room)]
        if w.spawned and not _kills(game, types):
            return False
        return all(i in st.revealed_rooms for i in rooms) and not any(f.name in types for f in monsters)
    if kind == "kill-count":
        need = int(parse_expr(w.count).evaluate(C=players))
        return _kills(game, set(w.monsters)) >= need
    if kind in ("loot", "loot-each"):
        looted = _looted(game)
        if kind == "loot":
            return all(f"{q},{r}" in looted for q, r in w.hexes)
        active = [c for c in st.characters.values() if not c.exhausted]
        return bool(active) and all(c.id in looted.values() for c in active)
    if kind == "reveal":
        return all(i in st.revealed_rooms for i in w.rooms)
    if kind == "survive":
        return (st.round if round_over else st.round - 1) >= w.rounds
    if kind == "destroy":
        total, gone = _objectives_gone(game, w.name)
        return total > 0 and gone == total
    if kind == "escort":
        total, came = _objectives_gone(game, w.name, arrived=True)
        return total > 0 and came >= (total if w.count == "all" else int(w.count))
    if kind == "carry":
        who = holder(game, w.name)
        if who is not None and who in st.figures and st.figures[who].hex in set(w.hexes):
            return True
        if not w.back or not was_taken(game, w.name):
            return False
        out = set(w.back)  # or, once taken, every character back on those hexes
        back = [st.figures[c.id].hex for c in st.characters.values() if c.id in st.figures]
        return bool(back) and all(h in out for h in back)
    if kind == "staff":
        who = seeker(game)
        need = int(parse_expr(w.count).evaluate(C=players, L=game.setup.level))
        on = who in st.figures and st.figures[who].hex in set(w.hexes)
        return on and staff_charge(game) >= need
    hexes = set(w.hexes)
    where = [st.figures[c.id].hex for c in st.characters.values() if not c.exhausted and c.id in st.figures]
    if kind == "escape":
        return bool(where) and all(h in hexes for h in where)
    need = int(parse_expr(w.count).evaluate(C=players))  # occupy
    return len(hexes & set(where)) >= need


def _lost(game: Game, x: Lose, *, round_over: bool) -> bool:
    st = game.state
    kind = x.loss
    if kind == "exhausted":
        out = [c for c in st.characters.values() if c.exhausted]
        if x.before == "loot-each":
            looted = set(_looted(game).values())
            out = [c for c in out if c.id not in looted]
        return bool(out)
    if kind == "rounds":
        return round_over and st.round >= x.rounds
    if kind == "occupied-by":
        types, hexes = set(x.monsters), set(x.hexes)
        return any(f.kind == "monster" and f.name in types and f.hex in hexes for f in st.figures.values())
    if kind == "escort-killed":
        total, gone = _objectives_gone(game, x.name)
        need = 1 if x.count == "any" else total if x.count == "all" else int(x.count)
        return total > 0 and gone >= need
    if kind == "seeker-exhausted":  # the Seeker of Xorn: who the party handed the staff
        return bool(game.setup.party) and st.characters[seeker(game)].exhausted
    if kind == "rooms-abandoned":
        if st.round < 1:
            return False
        active = [c.id for c in st.characters.values() if not c.exhausted and c.id in st.figures]
        left = set(x.hexes)
        return len(active) <= 1 or not any(st.figures[c].hex in left for c in active)
    return False  # killed: judged as each monster dies (died)


def _won(game: Game, *, round_over: bool) -> bool | None:
    wins = game.tables.rules_of(Win)
    if not wins:
        return None
    return all(_holds(game, w, round_over=round_over) for w in wins)


def _lose(game: Game, reason: str) -> None:
    st = game.state
    if st.ending is None:
        st.ending = "defeat"
        game.emit("scenario-lost", reason)


def _check_losses(game: Game, *, round_over: bool) -> None:
    for x in game.tables.rules_of(Lose):
        if game.state.ending is None and _lost(game, x, round_over=round_over):
            _lose(game, x.loss)


def goal_met(game: Game) -> bool | None:
    """GOAL hook: whether the ``win`` records all hold now (``None``: the setup has none); a loss
    that holds ends the scenario in defeat first."""
    if not _has_goals(game):
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
    if timing != "end" or not _has_goals(game) or game.state.ending is not None:
        return
    if _won(game, round_over=True):
        game.state.ending = "victory"
        game.emit("scenario-goal", "victory")
        return
    _check_losses(game, round_over=True)


def died(game: Game, figure: Figure) -> None:
    if game.state.ending is not None or not _has_goals(game):
        return
    if figure.kind == "objective":  # destroy goals and escort losses are judged now
        game.check_victory()
        return
    for x in game.tables.rules_of(Lose):
        if x.loss == "killed" and figure.name in x.monsters:
            _lose(game, f"killed={figure.name}")
