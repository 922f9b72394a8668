"""The content's scenario special rules in play: the setup's ``rule`` records
(:class:`~delvekit.gloomhaven.model.scenario_rules.RuleLine`: an index and the content's own
:class:`~delvekit.gloomhaven.model.special_rules.Rule` record), with the ``zone``, ``each-turn``
and ``no-damage`` records, performed through the hooks of
:mod:`~delvekit.gloomhaven.engine.registry` (and the objectives, allies and pressure plates of
:mod:`~delvekit.gloomhaven.scenario.objectives`).

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
  left; a number N: N monsters of that type were killed);
* no rule that fired has it in its ``disables``; a ``once`` rule fires once, any other at most
  once a round.

**A rule waiting for a monster** (a ``dead`` monster entry) fires when that monster dies: of
the type it names, the one its required room places (the elite first), marked as the room is
revealed; its spawns with no marker appear where it fell (57: the elite City Guard of the
main barracks is the Infiltrator).

**What it does**, in this order: ``reveal_rooms``;
``spawns`` (``count`` evaluated, the rank for the party size, ``none`` skipped) at their
marker's hex; figure effects on characters, monsters, summons, objectives, ``all`` figures or
``characterWithSummon``: ``add-modifier`` (``curse:3``, ``minus1:2``), ``condition``,
``damage`` (not an attack; to an objective at once; to a monster type that is not on the map
yet it is kept and dealt as the type appears: 36's Prime Demon), ``toggle-off`` (that type
takes no turn this round; ``toggle-on`` is the default); element states; stat changes;
``finish`` (``won``/``lost``: the scenario ends with the round).

**Stat changes**: a ``health`` formula in the figure's health ``H``, ``C`` and ``L`` (``Hx2``)
sets its maximum and current health once per figure; ``name`` is a label (an event, 67's
Arcane Golem); a change ``while_present`` objectives stand is written in ``X``, the number of
those objectives not destroyed (placed or still to come): ``health`` is added to the maximum
health as ``X`` changes, ``movement``, ``attack`` and ``range`` (ranged monsters only) are
added to the stat card through the hook point ``stat_bonus`` (scenario
22's altars). Changes the scenario's own stat card carries, level offsets and renamed types are
settled at setup (:mod:`~delvekit.gloomhaven.scenario.setup`).

**Spawn count ``F``**: a spawn whose count is still ``F`` (no table entry) appears once per
objective of the rule's ``dead`` condition, on its hex, as each is destroyed (75's graves).

**Escorts that move** act as the round ends (their initiative is 99): see
:func:`~delvekit.gloomhaven.scenario.objectives.move_escorts`.
"""

from __future__ import annotations

import fnmatch
from typing import Literal

from delvekit.core.hexes import Hex
from delvekit.gloomhaven.content import scenario as cs
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.scenario_rules import (
    Ally,
    EachTurn,
    Marker,
    NoDamage,
    ObjectiveLine,
    Plate,
    RuleLine,
    Zone,
)
from delvekit.gloomhaven.scenario.objectives import (
    matches,
    move_escorts,
    objective_id,
    open_doors,
    place_objectives,
    press_plates,
    side_allies,
)
from delvekit.gloomhaven.scenario.rules import add_cards, spawn_monster

Moment = Literal["start", "end", "turn"]

_STAT_VARIABLES = frozenset({"H", "C", "L"})


def _of(
    game: Game,
) -> tuple[list[RuleLine], dict[str, Hex], list[ObjectiveLine], frozenset[str], list[Plate]]:
    rules_of = game.tables.rules_of
    return (
        list(rules_of(RuleLine)),
        {x.key: x.hex for x in rules_of(Marker)},
        list(rules_of(ObjectiveLine)),
        frozenset(x.monster for x in rules_of(Ally)),
        list(rules_of(Plate)),
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
        elif fe.effect == "killed" and fe.value.isdigit():  # 62: ten Living Bones killed
            kills = sum(1 for e in game.events if e.kind == "killed" and e.args[0].split("#")[0] == name)
            if kills < int(fe.value):
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
    zone = _zones(game).get(figures.marker.removeprefix("zone:"), frozenset())
    for f in sorted(st.figures.values(), key=lambda f: f.id):
        if figures.marker.startswith("zone:") and f.hex not in zone:
            continue  # only the figures standing in the zone (47: on the J tile)
        if kind == "all":
            ok = True
        elif kind == "characterWithSummon":  # every character and character summon (51)
            ok = f.kind in ("character", "summon")
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
          objectives: list[ObjectiveLine], fell: Hex | None = None) -> None:  # fmt: skip
    st = game.state
    st.scenario_marks[f"rule:{n}"] = st.round
    game.emit("scenario-rule", f"rule-{n}", moment)
    for room in rule.reveal_rooms:
        if 0 < room < len(game.setup.rooms) and room not in st.revealed_rooms:
            reveal_and_open(game, room)
    players = min(max(len(game.setup.party), 2), 4)
    for sp in rule.spawns:
        rank = sp.types[players - 2]
        at = markers.get(sp.marker or f"#{n}") if fell is None or sp.marker else fell
        if sp.count == "F":
            continue  # one per objective, as each is destroyed (objective_died)
        if rank == "none" or at is None:
            if at is None and rank != "none":
                game.emit("no-spawn", sp.monster, "no-marker")
            continue
        for _ in range(max(0, _value(game, sp.count))):
            fig = spawn_monster(game, sp.monster, rank, at, mid_round=moment == "turn" and not _ending(game))
            if fig is not None:
                _pending_damage(game, fig)
    for fe in rule.figures:
        if fe.effect in _CONDITIONS or fe.effect == "dead":
            continue
        if fe.effect == "damage" and fe.figures.kind == "monster" and _absent(game, fe.figures.name):
            key = f"pending:{fe.figures.name}"
            st.scenario_marks[key] = st.scenario_marks.get(key, 0) + _value(game, fe.value)
            game.emit("damage-pending", fe.figures.name, st.scenario_marks[key])
            continue
        for f in _who(game, fe.figures, objectives):
            if f.id not in st.figures:
                continue
            if fe.effect == "add-modifier" and f.kind in ("character", "monster"):
                add_cards(game, f, fe.value)
            elif fe.effect == "condition":
                game.add_condition(f.id, Condition.parse(fe.value))
            elif fe.effect == "damage" and f.kind == "objective":
                game.lose_hp(f, _value(game, fe.value), "scenario")  # no card can negate it
            elif fe.effect == "damage":
                game.suffer_damage(f.id, _value(game, fe.value), "scenario")
            elif fe.effect == "toggle-off" and f.kind == "monster":
                f.acted_round = st.round  # takes no turn this round
                game.emit("inactive", f.id)
    for change in rule.elements:
        st.elements.set(Element(change.element), Strength[change.state.upper()])
        game.emit("element-set", change.element, change.state)
    if rule.finish and st.ending is None:
        st.ending = "victory" if rule.finish == "won" else "defeat"
        game.emit("scenario-finish", rule.finish, f"rule-{n}")


def reveal_and_open(game: Game, room: int) -> None:
    """A rule reveals ``room``: the closed doors between it and the revealed rooms open (also
    locked ones: 53's, 74's and 79's doors open by the rules alone), then the room is revealed
    if no door led to it."""
    st = game.state
    assert game.setup.board is not None
    doors = [
        d.hex
        for d in game.setup.board.doors
        if room in d.rooms and any(r in st.revealed_rooms for r in d.rooms) and d.hex not in st.opened
    ]
    open_doors(game, doors, by="rule")
    if room not in st.revealed_rooms:
        game.reveal_room(room)


def _stats(game: Game, n: int, rule: cs.Rule, objectives: list[ObjectiveLine]) -> None:
    st = game.state
    for change in rule.stats:
        stats = dict(change.stats)
        if change.while_present is not None:
            _scale_health(game, n, change, _standing(game, objectives, change.while_present), objectives)
            continue
        health = stats.get("health", "")
        for f in _who(game, change.figures, objectives):
            if "name" in stats and f"name:{n}:{f.id}" not in st.scenario_marks:
                st.scenario_marks[f"name:{n}:{f.id}"] = st.round
                game.emit("renamed", f.id, stats["name"])  # 67: the Arcane Golem
            mark = f"stat:{n}:{f.id}"
            if not health or parse_expr(health).variables - _STAT_VARIABLES or mark in st.scenario_marks:
                continue
            st.scenario_marks[mark] = st.round
            value = parse_expr(health).evaluate(H=f.max_hp, C=len(game.setup.party), L=game.setup.level)
            lost = f.max_hp - f.hp
            f.max_hp = max(1, int(value))
            f.hp = max(1, f.max_hp - lost)
            game.emit("stat-changed", f.id, "health", f.max_hp)


def _standing(game: Game, objectives: list[ObjectiveLine], figures: cs.Figures) -> int:
    """How many objectives ``figures`` names are not destroyed (placed or still to come)."""
    st = game.state
    return sum(
        1
        for o in objectives
        if matches(o, figures.name, figures.marker)
        and (objective_id(o) in st.figures or f"objective:{objective_id(o)}" not in st.scenario_marks)
    )


def _scale_health(game: Game, n: int, change: cs.StatChange, x: int, objectives: list[ObjectiveLine]) -> None:
    """A stat change in ``X`` (``X``: the objectives standing): each figure's maximum health is
    its stat card's plus the ``health`` formula, followed as ``X`` changes (a figure keeps the
    damage it took; a lower maximum cuts its health)."""
    st = game.state
    health = dict(change.stats).get("health")
    if health is None:
        return
    bonus = int(parse_expr(health).evaluate(X=x))
    for f in _who(game, change.figures, objectives):
        key = f"bonus:{n}:{f.id}"
        delta = bonus - st.scenario_marks.get(key, 0)
        if not delta:
            continue
        st.scenario_marks[key] = bonus
        f.max_hp = max(1, f.max_hp + delta)
        f.hp = max(1, min(f.max_hp, f.hp + max(delta, 0)))
        game.emit("stat-changed", f.id, "health", f.max_hp)


def _scaled(game: Game) -> list[tuple[cs.Rule, cs.StatChange]]:
    return [
        (line.rule, change)
        for line in game.tables.rules_of(RuleLine)
        for change in line.rule.stats
        if change.while_present is not None
    ]


def stat_bonus(game: Game, f: Figure) -> tuple[int, int, int]:
    """(move, attack, range) the scenario's ``X`` stat changes add to monster ``f`` now
    (scenario 22: for every altar standing, +1 attack and +½ move and range, rounded up; a
    melee monster gains no range), once the rule's rooms are revealed."""
    scaled = _scaled(game) if f.kind == "monster" else []
    move = attack = rng = 0
    for rule, change in scaled:
        if not _named(f.name, change.figures.name) or change.while_present is None:
            continue
        if any(r not in game.state.revealed_rooms for r in rule.requires_rooms):
            continue
        objectives = _of(game)[2]
        x = _standing(game, objectives, change.while_present)
        stats = dict(change.stats)
        move, attack = move + _x_value(stats, "movement", x), attack + _x_value(stats, "attack", x)
        if game.tables.types[f.name].stats(f.rank or "normal").range > 0:
            rng += _x_value(stats, "range", x)
    return move, attack, rng


def _x_value(stats: dict[str, str], stat: str, x: int) -> int:
    return int(parse_expr(stats[stat]).evaluate(X=x)) if stat in stats else 0


def _absent(game: Game, name: str) -> bool:
    """Whether monster type ``name`` (or its scenario variant) is in play but on no hex yet."""
    types = [t for t in game.tables.types if _named(t, name)]
    return bool(types) and not any(
        f.kind == "monster" and f.name in types for f in game.state.figures.values()
    )


def _pending_damage(game: Game, f: Figure) -> None:
    """Damage a rule dealt to ``f``'s type while it was away (36's Prime Demon) is dealt now."""
    st = game.state
    for key in [k for k in st.scenario_marks if k.startswith("pending:")]:
        if _named(f.name, key.removeprefix("pending:")):
            amount = st.scenario_marks.pop(key)
            game.lose_hp(f, amount, "scenario")


def _ending(game: Game) -> bool:
    """Whether the round's end is being performed (nothing placed now acts this round)."""
    return game.state.scenario_marks.get("round-ending") == game.state.round


def objective_died(game: Game, figure: Figure) -> None:
    """An objective was destroyed: the spawns counted ``F`` of the rules waiting for it appear,
    one each, on its hex (75: a Living Corpse rises from each grave dug)."""
    if figure.kind != "objective":
        return
    rules, _, objectives, _, _ = _of(game)
    line = next((o for o in objectives if objective_id(o) == figure.id), None)
    if line is None:
        return
    if line.door is not None:  # a door objective: the door opens (29, 33, 35)
        open_doors(game, [line.door], by="objective")
    players = min(max(len(game.setup.party), 2), 4)
    for rl in rules:
        waits = any(
            fe.effect == "dead"
            and fe.figures.kind == "objective"
            and matches(line, fe.figures.name, fe.figures.marker)
            for fe in rl.rule.figures
        )
        if not waits or any(r not in game.state.revealed_rooms for r in rl.rule.requires_rooms):
            continue
        for sp in rl.rule.spawns:
            rank = sp.types[players - 2]
            if sp.count == "F" and rank != "none":
                spawn_monster(game, sp.monster, rank, figure.hex, mid_round=not _ending(game))


def check(game: Game, moment: Moment) -> None:
    """Look at every rule line at ``moment`` (``start``/``end`` of a round, or ``turn``: a
    room revealed, a turn ended, a monster died) and perform those that fire."""
    rules, markers, objectives, allied, _ = _of(game)
    st = game.state
    side_allies(game, allied)
    if not rules or st.round < 1:
        return
    fired = {line.index for line in rules if f"rule:{line.index}" in st.scenario_marks}
    each = _each_turn(game)
    disabled = {d for line in rules if line.index in fired for d in line.rule.disables}
    for line in rules:
        n, rule = line.index, line.rule
        if rule.stats and not rule.spawns and not rule.figures and (rule.always or moment == rule.timing):
            if _holds(game, rule, objectives):
                _stats(game, n, rule, objectives)
            continue
        if n in disabled or (rule.once and n in fired) or _awaits_death(rule) or n in each:
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


def at_round(game: Game, timing: str) -> None:
    _, _, objectives, _, _ = _of(game)
    if timing == "start":
        for room in list(game.state.revealed_rooms):
            place_objectives(game, objectives, room)
        check(game, "start")
        return
    st = game.state
    st.scenario_marks["round-ending"] = st.round
    try:
        move_escorts(game, objectives)  # on initiative 99: after every other turn
        check(game, "end")
    finally:
        del st.scenario_marks["round-ending"]


def room_revealed(game: Game, room: int) -> None:
    rules, _, objectives, _, _ = _of(game)
    if game.state.round >= 1:
        place_objectives(game, objectives, room)
    for line in rules:
        if _awaits_death(line.rule) and room in line.rule.requires_rooms:
            _mark_target(game, line.index, line.rule, room)
    check(game, "turn")


def _awaits_death(rule: cs.Rule) -> bool:
    """A rule waiting for one monster's death (its ``dead`` monster entry)."""
    return any(fe.effect == "dead" and fe.figures.kind == "monster" for fe in rule.figures)


def _mark_target(game: Game, n: int, rule: cs.Rule, room: int) -> None:
    """The monster rule ``n`` waits for: of the type it names, the one ``room`` places, the
    elite first (57: the elite City Guard of the main barracks, who is the Infiltrator)."""
    st = game.state
    names = [fe.figures.name for fe in rule.figures if fe.effect == "dead" and fe.figures.kind == "monster"]
    placed = sorted(
        (p for p in game.setup.rooms[room] if any(_named(p.monster, name) for name in names)),
        key=lambda p: (p.rank != "elite", p.hex),
    )
    for p in placed:
        f = st.figure_at(p.hex)
        if f is not None and f.kind == "monster" and f.name == p.monster:
            st.scenario_marks[f"target:{n}:{f.id}"] = st.round
            game.emit("scenario-target", f"rule-{n}", f.id)
            return


def monster_died(game: Game, figure: Figure) -> None:
    """The monster a rule waits for died: the rule fires, its spawns appear where it fell."""
    if figure.kind != "monster":
        return
    rules, markers, objectives, _, _ = _of(game)
    st = game.state
    for line in rules:
        n = line.index
        if f"target:{n}:{figure.id}" in st.scenario_marks and f"rule:{n}" not in st.scenario_marks:
            moment: Moment = "end" if _ending(game) else "turn"
            _fire(game, n, line.rule, moment, markers, objectives, fell=figure.hex)


def turn_ended(game: Game, figure: Figure) -> None:
    press_plates(game, _of(game)[4], figure)
    each = _each_turn(game)
    if not each or figure.kind != "character":
        return
    rules, _, objectives, _, _ = _of(game)
    st = game.state
    for line in rules:
        if line.index not in each or any(r not in st.revealed_rooms for r in line.rule.requires_rooms):
            continue
        if line.rule.when and not _value(game, line.rule.when):
            continue
        mine = {figure.id} | {g.id for g in st.figures.values() if g.owner == figure.id}
        game.emit("scenario-rule", f"rule-{line.index}", "turn-end", figure.id)
        for fe in line.rule.figures:
            for f in _who(game, fe.figures, objectives):
                if f.id in mine and fe.effect == "damage":
                    game.suffer_damage(f.id, _value(game, fe.value), "scenario")
                elif f.id in mine and fe.effect == "condition":
                    game.add_condition(f.id, Condition.parse(fe.value))


def no_damage(game: Game, f: Figure, amount: int, source: str) -> bool:
    """DAMAGE hook: a monster of a ``no-damage`` type loses no hit points (70's Living Spirits)."""
    if f.kind != "monster" or f.name not in _undamaged(game):
        return False
    game.emit("no-damage", f.id, amount, source)
    return True


def _undamaged(game: Game) -> frozenset[str]:
    return frozenset(x.monster for x in game.tables.rules_of(NoDamage))


def _zones(game: Game) -> dict[str, frozenset[Hex]]:
    return {x.key: frozenset(x.hexes) for x in game.tables.rules_of(Zone)}


def _each_turn(game: Game) -> frozenset[int]:
    return frozenset(x.index for x in game.tables.rules_of(EachTurn))


def any_change(game: Game) -> bool | None:
    if game.state.ending is None and game.state.round >= 1:
        check(game, "turn")
    return None


def unperformed(rule: cs.Rule) -> list[str]:
    """What of ``rule`` (a ``rule`` record's rule) the engine does not perform (empty: all of it).

    >>> unperformed(cs.Rule(stats=(cs.StatChange(cs.Figures("monster", "x"), (("shield", "2"),)),)))
    ['stat shield=2']
    """
    out: list[str] = []
    for change in rule.stats:
        for stat, expr in change.stats:
            if stat in ("absolute", "name"):
                continue  # a marker of the formula's kind; a label (67's Arcane Golem)
            if change.while_present is not None and stat in ("health", "movement", "attack", "range"):
                continue
            if stat != "health" or parse_expr(expr).variables - _STAT_VARIABLES:
                out.append(f"stat {stat}={expr}")
    return out
