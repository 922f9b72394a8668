"""The Spellweaver's area spells (Inferno, Black Hole) and the parts helpers of its wordings.

==================================  ===========================================================
``xp-per-target-or-kill``           Black Hole: XP per enemy targeted, killed ones included
``pull-toward-hex``                 Black Hole: every enemy within range of a chosen hex (in
                                    range of you) is pulled toward it
``attack-room``                     Inferno: every enemy in your room is attacked (the
                                    consumption adds to it), then every ally there suffers damage
``retaliate-allies``                Inferno: retaliate with range for you and every ally
==================================  ===========================================================

A room is the hexes reached from the performer's hex without crossing a wall or a door hex
(:func:`room_of`: our reading of "the same room" on maps that do not name rooms hex by hex).
"""

from __future__ import annotations

import msgspec

from delvekit.core.hexes import Hex, distance, neighbours
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import allies as effects_allies
from delvekit.gloomhaven.effects import consume as effects_consume
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import Strike
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

# ------------------------------------------------------------------ parts


def plus_total(items: list[Ability], kind: str) -> int:
    """The sum of the ``KIND-plus-N`` flags among ``items``."""
    return effects_consume.flag_total(items, f"{kind}-plus-")


def suffer_amount(items: list[Ability]) -> int:
    """The damage a ``suffer-damage`` part says."""
    return sum(p.value for p in items if p.kind == "suffer") + effects_consume.flag_total(
        items, "suffer-damage-"
    )


def attack_with_riders(items: list[Ability]) -> Ability:
    """The attack among ``items`` with the push, pull and conditions that follow it."""
    attack = next(p for p in items if p.kind == "attack")
    adds = tuple(p.condition for p in items if p.kind == "condition" and p.condition is not None)
    push = sum(p.value for p in items if p.kind == "push")
    pull = sum(p.value for p in items if p.kind == "pull")
    return msgspec.structs.replace(attack, adds=(*attack.adds, *adds), push=push, pull=pull)


def paid_parts(ability: Ability, paid: bool) -> tuple[list[Ability], list[Ability]]:
    """(the base parts, what the consumption bought — empty when not paid)."""
    base, _, bought = effects_consume.split_consumption(ability)
    return base, bought if paid else []


@effect("xp-per-target-or-kill")
def _xp_per_target_or_kill(game: Game, fid: str, ability: Ability) -> None:
    """Black Hole: XP for each enemy its attack targeted, those killed instead counted too."""
    ch = game.state.characters.get(fid)
    if ch is None:
        return
    since = effects_parts.events_since(game, "action", fid)
    hit = {args[1] for kind, args in since if kind in ("attack", "kill") and args[0] == fid}
    gain = len(hit) * sum(p.value for p in effects_parts.parts(ability, "xp"))
    if gain:
        ch.xp += gain
        game.emit("xp", fid, gain)


@effect("retaliate-allies")
def _retaliate_allies(game: Game, fid: str, ability: Ability) -> None:
    """Inferno: Retaliate N (with its range) for you and every ally named, this round."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in effects_parts.flags(ability) if n.startswith("affects-")), "affects-self")
    retaliate = next(p for p in ability.then if p.kind == "retaliate")
    for rid in effects_allies.allies_named(game, f, who)[0]:
        g = game.state.figures.get(rid)
        if g is None:
            continue
        if retaliate.range > 1:
            g.retaliate_far = (*g.retaliate_far, (retaliate.value, retaliate.range))
        else:
            g.retaliate_bonus += retaliate.value
        game.emit("bonus", rid, "retaliate", retaliate.value, f"range={retaliate.range}", f"by={fid}")


def room_of(game: Game, start: Hex) -> set[Hex]:
    """The hexes reached from ``start`` without crossing a wall, a thin wall or a door hex."""
    board = game.board()
    if board is None:
        return set()
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in neighbours(h):
            if n in seen or not board.adjacent(h, n) or board.is_wall(n) or n in board.doors:
                continue
            seen.add(n)
            todo.append(n)
    return seen


def attack_room(game: Game, f: Figure, base: list[Ability], bought: list[Ability]) -> None:
    """Inferno: attack every enemy in your room (the consumption's +N), then every ally there
    suffers the damage."""
    room = room_of(game, f.hex)
    attack = attack_with_riders(base)
    attack = msgspec.structs.replace(
        attack, value=attack.value + sum(p.value for p in bought if p.kind == "attack")
    )
    hurt = suffer_amount(base)
    figures = sorted(game.state.figures.values(), key=lambda g: g.id)
    allies = [
        g.id
        for g in figures
        if g is not f and not actions.hostile(f, g) and g.kind != "objective" and g.hex in room
    ]
    if hurt:
        game.push(Task("sw_room_damage", f.id, hurt, ";".join(allies)))
    if Condition.DISARM in f.conditions:
        game.emit("prevented", f.id, "attack", "disarm")
        return
    enemies = [
        g.id
        for g in figures
        if actions.hostile(f, g) and g.hex in room and Condition.INVISIBLE not in g.conditions
    ]
    if not enemies:
        game.emit("no-target", f.id)
        return
    game.mark_used(f.id)
    game.push(*(Task("strike", f.id, attack.value, Strike(attack, t).text) for t in reversed(enemies)))


def _run_room_damage(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    for gid in [i for i in task.text.split(";") if i]:
        if gid in game.state.figures:
            game.suffer_damage(gid, task.n, "inferno")
    return None


# ------------------------------------------------------------------ Black Hole


@effect("pull-toward-hex")
def _pull_toward_hex(game: Game, fid: str, ability: Ability) -> None:
    """Black Hole: choose a hex within range; every enemy within that range of it is pulled
    toward it (each its own pull, the player choosing each step)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    reach = effects_parts.flag_number(ability, "range-", 1)
    near = proximity(board, f.hex, reach)
    hexes = sorted(h for h, d in near.items() if d <= reach and not board.is_wall(h))
    game.push(
        Task(
            "sw_hex",
            fid,
            sum(p.value for p in ability.then if p.kind == "pull"),
            f"{reach}|" + ";".join(actions.hex_token(h) for h in hexes),
        )
    )


def _run_hex(game: Game, task: Task) -> Decision | None:
    hexes = task.text.split("|", 1)[1]
    return Decision(task.who, "hex", [*(Choice("hex", (h,)) for h in hexes.split(";") if h), Choice("skip")])


def _apply_hex(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    board = game.board()
    if choice.kind == "skip" or f is None or board is None:
        game.emit("declined", task.who, "pull")
        return
    reach = int(task.text.split("|", 1)[0])
    centre = actions.parse_hex(choice.args[0])
    near = proximity(board, centre, reach)
    ids = sorted(
        g.id
        for g in game.state.figures.values()
        if actions.hostile(f, g) and near.get(g.hex, reach + 1) <= reach and g.kind != "objective"
    )
    game.mark_used(task.who)
    game.emit("pull-centre", task.who, choice.args[0], *ids)
    game.push(*(Task("sw_pull", gid, task.n, f"{task.who}|{choice.args[0]}") for gid in reversed(ids)))


def _pull_steps(game: Game, target: Figure, centre: Hex) -> list[Hex]:
    board = game.board()
    if board is None:
        return []
    occupied = {g.hex for g in game.state.figures.values()}
    here = distance(target.hex, centre)
    return [
        n
        for n in neighbours(target.hex)
        if n not in occupied
        and board.adjacent(target.hex, n)
        and n not in board.doors
        and board.terrain_at(n) not in actions.BLOCKS_WALK
        and distance(n, centre) < here
    ]


def _run_pull(game: Game, task: Task) -> Decision | None:
    owner, token = task.text.split("|")
    target = game.state.figures.get(task.who)
    steps = _pull_steps(game, target, actions.parse_hex(token)) if target is not None and task.n > 0 else []
    if target is not None and target.kind == "monster":
        mtype = game.tables.types.get(target.name)
        if mtype is not None and "pull" in mtype.stats(target.rank or "normal").immune_cards:
            game.emit("immune", target.id, "pull")
            steps = []
    if not steps:
        game.pop_task()
        return None
    choices = [Choice("pull-to", (actions.hex_token(h),)) for h in sorted(steps)]
    return Decision(owner, "pull", [*choices, Choice("decline")])


def _apply_pull(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "decline":
        game.emit("pull-declined", task.who)
        return
    target = game.state.figures[task.who]
    h = actions.parse_hex(choice.args[0])
    game.push(Task("sw_pull", task.who, task.n - 1, task.text))
    target.hex = h
    game.emit("forced", target.id, "pull", choice.args[0])
    mtype = game.tables.types.get(target.name) if target.kind == "monster" else None
    if mtype is None or not mtype.stats(target.rank or "normal").flying:
        actions.enter_hex(game, target, h)


task_handler("sw_hex", _run_hex, _apply_hex)


task_handler("sw_pull", _run_pull, _apply_pull)


task_handler("sw_room_damage", _run_room_damage)
