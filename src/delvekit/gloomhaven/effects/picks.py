"""Wordings that pick enemies, and the one enemy pick of the Brute's and Mindthief's
generation (tasks ``fx_pick`` and ``fx_all``).

``afflict``: conditions (and a push) on one adjacent enemy, every adjacent enemy, or every enemy
moved through — Withering Claw, Frigid Apparition, Unstoppable Charge, Crippling Offensive.
``kill``: kill one normal (or elite) enemy, adjacent or in range, maybe one with a given
condition — Fatal Advance, Quietus, Face Your End. ``attack-around-killed``: attack every enemy
adjacent to the enemy killed in this action.
"""

from __future__ import annotations

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.classes.mindthief import command_ally, control_monster
from delvekit.gloomhaven.effects.parts import (
    adjacent_enemies,
    events_since,
    flags,
    moved_through,
    offer_pick,
    parts,
)
from delvekit.gloomhaven.effects.summons import place_summon
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import ForceStep, Strike, forced_kind
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition


def _run_all(game: Game, task: Task) -> Decision | None:
    kind, ids, _ = task.text.split("|", 2)
    alive = tuple(i for i in ids.split(";") if i in game.state.figures)
    if not alive:
        game.pop_task()
        return None
    return Decision(task.who, "attack" if kind == "strike" else kind, [Choice("all", alive), Choice("skip")])


def _apply_all(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    kind, _, text = task.text.split("|", 2)
    if choice.kind == "skip":
        game.emit("declined", task.who, kind)
        return
    if kind == "strike":
        a = Ability.parse(text)
        game.push(*(Task("strike", task.who, a.value, Strike(a, t).text) for t in choice.args))
    else:
        for t in choice.args:
            _afflict_one(game, task.who, t, Ability.parse(text))


# --------------------------------------------------------- conditions on others


def _afflict_one(game: Game, fid: str, tid: str, ability: Ability) -> None:
    target = game.state.figures.get(tid)
    if target is None:
        return
    for c in parts(ability, "condition"):
        if c.condition is not None:
            game.add_condition(tid, c.condition)
    if "curse" in flags(ability):
        game.add_modifier_card(tid, "curse")
    for p in parts(ability, "push") + parts(ability, "pull"):
        game.push(Task("force", tid, p.value, ForceStep(fid, forced_kind(p.kind)).text))


@effect("afflict")
def _afflict(game: Game, fid: str, ability: Ability) -> None:
    """Conditions (and a push) on one adjacent enemy, every adjacent enemy or every enemy moved
    through this action."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = flags(ability)
    if "affects-enemies-moved-through" in who:
        found = [g.id for g in moved_through(game, f)]
        if found:
            game.push(Task("fx_all", fid, 0, f"afflict|{';'.join(sorted(found))}|{ability}"))
        return
    near = sorted(g.id for g in adjacent_enemies(game, f))
    if not near:
        game.emit("no-target", fid)
        return
    if "affects-enemies-adjacent" in who:
        game.push(Task("fx_all", fid, 0, f"afflict|{';'.join(near)}|{ability}"))
    else:
        game.push(Task("fx_pick", fid, 0, f"afflict|{';'.join(near)}|{ability}"))


def _run_pick(game: Game, task: Task) -> Decision | None:
    kind, ids, _ = task.text.split("|", 2)
    alive = [i for i in ids.split(";") if i and (i in game.state.figures or kind == "summon")]
    if not alive:
        game.pop_task()
        return None
    word = {"afflict": "target", "summon": "summon-at"}.get(kind, kind)
    actor = game.state.figures.get(task.who)
    who = actions.decider(game, actor) if actor is not None else task.who
    return Decision(who, kind, [*(Choice(word, (i,)) for i in alive), Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    kind, _, text = task.text.split("|", 2)
    if choice.kind == "skip":
        game.emit("declined", task.who, kind)
        return
    ability = Ability.parse(text)
    picked = choice.args[0]
    if kind == "afflict":
        _afflict_one(game, task.who, picked, ability)
    elif kind == "kill":
        kill(game, task.who, picked)
    elif kind == "summon":
        place_summon(game, task.who, actions.parse_hex(picked), ability)
    elif kind == "control":
        control_monster(game, task.who, picked, ability)
    elif kind == "ally":
        command_ally(game, task.who, picked, ability)
    elif kind == "turn":
        control = "you-control" in flags(ability)
        game.emit("turned", picked, f"by={task.who}", *(["control"] if control else []))


@effect("kill")
def _kill_effect(game: Game, fid: str, ability: Ability) -> None:
    """Kill one normal (or elite) enemy in reach, maybe only one with a given condition."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    ranks = ("normal", "elite") if "normal-or-elite" in flags(ability) else ("normal",)
    needs = [p.condition for p in parts(ability, "condition")]
    enemies = [
        g
        for g in game.state.figures.values()
        if g.kind == "monster"
        and g.rank in ranks
        and Condition.INVISIBLE not in g.conditions
        and all(c in g.conditions for c in needs)
    ]
    offer_pick(game, fid, "kill", ability, enemies)


def kill(game: Game, fid: str, tid: str) -> None:
    """Kill ``tid`` outright (a kill wording of ``fid``), saying where it fell."""
    target = game.state.figures.get(tid)
    if target is None:
        return
    game.emit("kill", fid, tid, f"hex={actions.hex_token(target.hex)}")
    game.kill(target)


@effect("attack-around-killed")
def _attack_around_killed(game: Game, fid: str, ability: Ability) -> None:
    """Cranium Overload: attack every enemy adjacent to the enemy killed in this action."""
    f = game.state.figures.get(fid)
    attacks = parts(ability, "attack")
    board = game.board()
    if f is None or not attacks or board is None:
        return
    since = events_since(game, "action", fid)
    killed = [
        actions.parse_hex(args[2].removeprefix("hex="))
        for kind, args in since
        if kind == "kill" and args[0] == fid
    ]
    if not killed:
        game.emit("no-target", fid)
        return
    around = sorted(
        g.id
        for g in game.state.figures.values()
        if actions.hostile(f, g)
        and board.adjacent(killed[-1], g.hex)
        and Condition.INVISIBLE not in g.conditions
    )
    if not around:
        game.emit("no-target", fid)
        return
    game.push(Task("fx_all", fid, 0, f"strike|{';'.join(around)}|{attacks[0]}"))


task_handler("fx_all", _run_all, _apply_all)


task_handler("fx_pick", _run_pick, _apply_pick)
