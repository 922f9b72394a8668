"""The content's scenario special rules in play: the ``rule|N|JSON`` lines of
:mod:`~delvekit.gloomhaven.scenario_rules`, each a
:class:`~delvekit.gloomhaven.content.scenario.Rule` record, performed through the hooks of
:mod:`~delvekit.gloomhaven.effects` (and the objectives, allies and pressure plates of
:mod:`~delvekit.gloomhaven.scenario_objectives`).

**When a rule fires.** A rule is looked at as every round starts and ends; an ``always`` rule
that waits for something (rooms, figures, a ``once``) is also looked at whenever a room is
revealed, a turn ends or a monster dies. It fires when all of these hold:

* its round timing (``start``/``end``; an ``always`` rule: any of those moments);
* ``when``, an expression in ``R`` (round), ``C`` (characters), ``L`` (scenario level);
* every room of ``requires_rooms`` revealed;
* its figure conditions: ``present`` (a named objective with that marker is on the map, or a
  monster of that type; an objective with no health is a printed marker and always present),
  ``dead`` (every objective of that name and marker was placed and is destroyed) and
  ``killed`` (``all``: every monster of that type the map places was revealed and none is
  left);
* no rule that fired has it in its ``disables``; a ``once`` rule fires once, any other at most
  once a round.

**What it does**, in this order: a ``dead`` monster entry removes that monster (the spawns of
the rule then appear on its hex: scenario 57's guard who is the Infiltrator); ``reveal_rooms``;
``spawns``
(``count`` evaluated, the rank for the party size, ``none`` skipped) at their marker's hex;
figure effects on characters, monsters, summons, objectives, ``all`` figures or
``characterWithSummon``: ``add-modifier`` (``curse:3``, ``minus1:2``), ``condition``,
``damage`` (not an attack), ``toggle-off`` (that type takes no turn this round; ``toggle-on``
is the default); element states; stat changes whose formula uses only the
figure's health ``H``, ``C`` and ``L`` (``Hx2``: its maximum and current health set once per
figure); ``finish`` (``won``/``lost``: the scenario ends with the round).

Not performed (no engine meaning in the data, listed by :func:`unperformed`): stat changes
written in ``X`` (scenario 22), a type's name, deck or extra actions (54, 67, 89), spawn level
offsets (57's Infiltrator appears at the scenario level).
"""

from __future__ import annotations

import fnmatch
from typing import Literal

from delvekit.core.hexes import Hex
from delvekit.gloomhaven import effects
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.content import scenario as cs
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.elements import Element, Strength
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.scenario_objectives import (
    matches,
    objective_id,
    place_objectives,
    press_plates,
    side_allies,
)
from delvekit.gloomhaven.scenario_rules import (
    Ally,
    Marker,
    ObjectiveLine,
    Plate,
    RuleLine,
    add_cards,
    parsed,
    spawn_monster,
)
from delvekit.gloomhaven.state import Figure

Moment = Literal["start", "end", "turn"]

_STAT_VARIABLES = frozenset({"H", "C", "L"})


def _of(
    game: Game,
) -> tuple[list[RuleLine], dict[str, Hex], list[ObjectiveLine], frozenset[str], list[Plate]]:
    lines = parsed(game.setup.rules)
    return (
        [x for x in lines if isinstance(x, RuleLine)],
        {x.key: x.hex for x in lines if isinstance(x, Marker)},
        [x for x in lines if isinstance(x, ObjectiveLine)],
        frozenset(x.monster for x in lines if isinstance(x, Ally)),
        [x for x in lines if isinstance(x, Plate)],
    )


def _waits(rule: cs.Rule) -> bool:
    """An ``always`` rule that waits for something, looked at whenever things change."""
    waits_for = rule.once or rule.requires_rooms or rule.disables or rule.reveal_rooms
    return rule.always and bool(waits_for or any(f.effect in _CONDITIONS for f in rule.figures))


_CONDITIONS = ("present", "dead", "killed")


def _value(game: Game, text: str) -> int:
    names = {"R": game.state.round, "C": len(game.setup.party), "L": game.setup.level}
    expr = parse_expr(text)
    return int(expr.evaluate(**{k: v for k, v in names.items() if k in expr.variables}))


def _objectives_named(objectives: list[ObjectiveLine], fe: cs.FigureEffect) -> list[ObjectiveLine]:
    return [o for o in objectives if matches(o, fe.figures.name, fe.figures.marker)]


def _named(monster: str, name: str) -> bool:
    """A rule's monster name (``*``, ``*demon*``) names ``monster``; a plain name also names
    its scenario variant (``prime-demon`` is scenario 36's ``prime-demon-scenario-36``)."""
    return name == "*" or fnmatch.fnmatch(monster, name) or monster.startswith(f"{name}-scenario-")


def _holds(game: Game, rule: cs.Rule, objectives: list[ObjectiveLine]) -> bool:
    st = game.state
    if rule.when and not _value(game, rule.when):
        return False
    if any(r not in st.revealed_rooms for r in rule.requires_rooms):
        return False
    for fe in rule.figures:
        kind, name = fe.figures.kind, fe.figures.name
        if fe.effect == "present":
            if kind == "objective":
                named = _objectives_named(objectives, fe)
                if named and not any(objective_id(o) in st.figures for o in named):
                    return False
            elif not any(f.kind == "monster" and _named(f.name, name) for f in st.figures.values()):
                return False
        elif fe.effect == "dead" and kind == "objective":
            named = _objectives_named(objectives, fe)
            placed = [o for o in named if f"objective:{objective_id(o)}" in st.scenario_marks]
            if not named or len(placed) < len(named) or any(objective_id(o) in st.figures for o in named):
                return False
        elif fe.effect == "killed":
            rooms = [r for r, room in enumerate(game.setup.rooms) if any(p.monster == name for p in room)]
            if any(r not in st.revealed_rooms for r in rooms):
                return False
            if any(f.kind == "monster" and f.name == name for f in st.figures.values()):
                return False
    return True


def _who(game: Game, figures: cs.Figures, objectives: list[ObjectiveLine]) -> list[Figure]:
    st = game.state
    kind, name = figures.kind, figures.name
    out: list[Figure] = []
    for f in sorted(st.figures.values(), key=lambda f: f.id):
        if kind == "all":
            ok = True
        elif kind == "characterWithSummon":
            ok = f.kind == "character" and any(g.owner == f.id for g in st.figures.values())
        elif kind == "objective":
            ok = f.kind == "objective" and any(
                objective_id(o) == f.id for o in objectives if matches(o, name, figures.marker)
            )
        else:
            ok = f.kind == kind and _named(f.name, name)
        if ok:
            out.append(f)
    return out


def _fire(game: Game, n: int, rule: cs.Rule, moment: Moment, markers: dict[str, Hex],
          objectives: list[ObjectiveLine]) -> None:  # fmt: skip
    st = game.state
    st.scenario_marks[f"rule:{n}"] = st.round
    game._emit("scenario-rule", f"rule-{n}", moment)
    freed: list[Hex] = []
    for fe in rule.figures:  # a monster that is "dead" by this rule leaves (57: it was the Infiltrator)
        if fe.effect == "dead" and fe.figures.kind == "monster":
            gone = _who(game, fe.figures, objectives)[:1]
            for f in gone:
                freed.append(f.hex)
                del st.figures[f.id]
                st.standees[f.name].append(f.standee)
                st.standees[f.name].sort()
                game._emit("removed", f.id, "scenario-rule")
    for room in rule.reveal_rooms:
        if 0 < room < len(game.setup.rooms) and room not in st.revealed_rooms:
            game.reveal_room(room)
    players = min(max(len(game.setup.party), 2), 4)
    for sp in rule.spawns:
        rank = sp.types[players - 2]
        at = markers.get(sp.marker or f"#{n}") if not freed or sp.marker else freed[0]
        if rank == "none" or at is None:
            if at is None and rank != "none":
                game._emit("no-spawn", sp.monster, "no-marker")
            continue
        for _ in range(max(0, _value(game, sp.count))):
            spawn_monster(game, sp.monster, rank, at, mid_round=moment == "turn")
    for fe in rule.figures:
        if fe.effect in _CONDITIONS or (fe.effect == "dead" and fe.figures.kind == "monster"):
            continue
        for f in _who(game, fe.figures, objectives):
            if f.id not in st.figures:
                continue
            if fe.effect == "add-modifier" and f.kind in ("character", "monster"):
                add_cards(game, f, fe.value)
            elif fe.effect == "condition":
                game.add_condition(f.id, Condition.parse(fe.value))
            elif fe.effect == "damage":
                game.suffer_damage(f.id, _value(game, fe.value), "scenario")
            elif fe.effect == "toggle-off" and f.kind == "monster":
                f.acted_round = st.round  # takes no turn this round
                game._emit("inactive", f.id)
    for change in rule.elements:
        st.elements.set(Element(change.element), Strength[change.state.upper()])
        game._emit("element-set", change.element, change.state)
    if rule.finish and st.ending is None:
        st.ending = "victory" if rule.finish == "won" else "defeat"
        game._emit("scenario-finish", rule.finish, f"rule-{n}")


def _stats(game: Game, n: int, rule: cs.Rule, objectives: list[ObjectiveLine]) -> None:
    st = game.state
    for change in rule.stats:
        health = [expr for stat, expr in change.stats if stat == "health"]
        if not health or parse_expr(health[0]).variables - _STAT_VARIABLES:
            continue
        for f in _who(game, change.figures, objectives):
            mark = f"stat:{n}:{f.id}"
            if mark in st.scenario_marks:
                continue
            st.scenario_marks[mark] = st.round
            value = parse_expr(health[0]).evaluate(H=f.max_hp, C=len(game.setup.party), L=game.setup.level)
            lost = f.max_hp - f.hp
            f.max_hp = max(1, int(value))
            f.hp = max(1, f.max_hp - lost)
            game._emit("stat-changed", f.id, "health", f.max_hp)


def check(game: Game, moment: Moment) -> None:
    """Look at every rule line at ``moment`` (``start``/``end`` of a round, or ``turn``: a
    room revealed, a turn ended, a monster died) and perform those that fire."""
    rules, markers, objectives, allied, _ = _of(game)
    st = game.state
    side_allies(game, allied)
    if not rules or st.round < 1:
        return
    fired = {line.index for line in rules if f"rule:{line.index}" in st.scenario_marks}
    disabled = {d for line in rules if line.index in fired for d in line.rule.disables}
    for line in rules:
        n, rule = line.index, line.rule
        if rule.stats and not rule.spawns and not rule.figures and (rule.always or moment == rule.timing):
            if _holds(game, rule, objectives):
                _stats(game, n, rule, objectives)
            continue
        if n in disabled or (rule.once and n in fired):
            continue
        if st.scenario_marks.get(f"rule:{n}") == st.round:
            continue
        if moment != rule.timing and not (_waits(rule) or (rule.always and moment != "turn")):
            continue
        if _holds(game, rule, objectives):
            _fire(game, n, rule, moment, markers, objectives)
            fired.add(n)
            disabled |= set(rule.disables)
            if rule.stats:
                _stats(game, n, rule, objectives)


def _round(game: Game, timing: str) -> None:
    if timing == "start":
        _, _, objectives, _, _ = _of(game)
        for room in list(game.state.revealed_rooms):
            place_objectives(game, objectives, room)
    check(game, "start" if timing == "start" else "end")


def _revealed(game: Game, room: int) -> None:
    _, _, objectives, _, _ = _of(game)
    if game.state.round >= 1:
        place_objectives(game, objectives, room)
    check(game, "turn")


def _turn_end(game: Game, figure: Figure) -> None:
    press_plates(game, _of(game)[4], figure)


def _any_change(game: Game) -> bool | None:
    if game.state.ending is None and game.state.round >= 1:
        check(game, "turn")
    return None


def unperformed(rule: cs.Rule) -> list[str]:
    """What of ``rule`` the engine does not perform (empty: all of it)."""
    out: list[str] = []
    for change in rule.stats:
        for stat, expr in change.stats:
            if stat == "absolute":
                continue
            if stat != "health" or parse_expr(expr).variables - _STAT_VARIABLES:
                out.append(f"stat {stat}={expr}")
    out += [f"spawn level offset +{sp.level_offset}" for sp in rule.spawns if sp.level_offset]
    return out


effects.ROUND_HOOKS.append(_round)
effects.REVEAL_HOOKS.append(_revealed)
effects.TURN_END_HOOKS.append(_turn_end)
effects.GOAL_HOOKS.insert(0, _any_change)
