"""Named effects of the Doomstalker's cards, registered in :mod:`delvekit.gloomhaven.engine.registry`.

:mod:`~delvekit.gloomhaven.content.character_cards` writes the ``custom`` abilities (every name
starts ``ds-``). The class's own mechanism, the doom, is in
:mod:`~delvekit.gloomhaven.effects.classes.doomstalker_dooms`.

Other effects: ``ds-attack`` (an attack adding +N on a ``doomed`` or ``undamaged`` target:
Swift Trickery, Fresh Kill), ``ds-doomed-dies`` (persistent: each time a doomed enemy dies,
"Attack 2, Range 5", one use slot: Rain of Arrows), ``ds-trap-splash`` (the trap just created
also damages every enemy next to it when sprung: Detonation), ``ds-attack-all`` (attack every
enemy within range, XP per target: Darkened Skies, Crashing Wave). A summon whose stat line
prints a Retaliate (the Vicious Jackal) has it every round from the turn it is placed (a round
and a turn-end hook: the engine clears retaliate bonuses as rounds end).

The engine asks :func:`strike_extra` for every attack (via
:func:`~delvekit.gloomhaven.effects.strike.strike_bonus`) and :func:`trap_sprung` for every trap
sprung (via :func:`~delvekit.gloomhaven.effects.traps.trap_sprung`).
"""

from __future__ import annotations

import msgspec

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects import summons as effects_summons
from delvekit.gloomhaven.effects.classes.doomstalker_dooms import (
    DOOM_TRAP,
    doom_countdown,
    dooms_on,
    doomstalker_in_play,
    parts_total,
)
from delvekit.gloomhaven.effects.classes.doomstalker_dooms import dooms as dooms
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import (
    ROUND_HOOKS,
    TURN_END_HOOKS,
    effect,
)
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

# ---------------------------------------------------------------- attacks


def strike_extra(
    game: Game, f: Figure, target: Figure, ability: Ability, out: effects_parts.StrikeBonus, extras: str
) -> None:
    """Doom bonuses on one attack of ``f`` (any figure) on ``target``, the ``dsb=`` bonuses of a
    ``ds-attack`` and the round bonuses on doomed enemies (Relentless Offensive)."""
    if not doomstalker_in_play(game):
        return
    on = dooms_on(game, target.id) if game.state.scenario_marks else []
    for token in extras.split(","):
        if token.startswith("dsb="):
            pred, n = token.removeprefix("dsb=").split("~")
            if (pred == "doomed" and on) or (pred == "undamaged" and target.hp >= target.max_hp):
                out.attack += int(n)
                out.why.append(f"{pred}+{n}")
    if on and f.kind == "character":
        from delvekit.gloomhaven.effects.active_area import active_holders

        for _, a in active_holders(game, f.id, "ds-doomed-bonus-this-round"):
            more = parts_total(a, "attack")
            out.attack += more
            out.why.append(f"doomed-this-round+{more}")
    for cid, card, a in on:
        flags = set(effects_parts.flags(a))
        owner = game.state.figures.get(cid)
        friendly = owner is not None and not actions.hostile(owner, f)
        mine = (
            ("who-self" in flags and f.id == cid)
            or ("who-allies" in flags and friendly and f.id != cid)
            or ("who-summons" in flags and friendly and f.kind == "summon")
            or ("who-self-allies" in flags and friendly)
        )
        bonus = parts_total(a, "attack")
        if mine and bonus:
            out.attack += bonus
            out.why.append(f"doom-{card}+{bonus}")
        pierce = sum(int(n.removeprefix("pierce-")) for n in flags if n.startswith("pierce-"))
        if mine and pierce:
            out.pierce += pierce
        if "advantage" in flags:  # Singular Focus: every attack on it
            out.advantage = True
        if "curse" in flags:  # Crashing Wave: every attack on it curses it
            game.add_modifier_card(target.id, "curse")
            game.emit("doom-curse", target.id, f"card={card}")
        if "range-gap" in flags and ability.range > 0:  # Predator and Prey
            board = game.board()
            if board is not None:
                distance = proximity(board, f.hex, ability.range).get(target.hex, ability.range)
                gap = ability.range - distance
                if gap > 0:
                    out.attack += gap
                    out.why.append(f"range-gap+{gap}")


@effect("ds-attack")
def _attack(game: Game, fid: str, ability: Ability) -> None:
    """An attack with +N on a target that is doomed (or undamaged)."""
    attacks = effects_parts.parts(ability, "attack")
    if not attacks:
        return
    flags = effects_parts.flags(ability)
    pred = next((n for n in flags if n in ("doomed", "undamaged")), "doomed")
    bonus = sum(p.value for p in attacks[1:])
    after = [n for n in flags if n.startswith(("finish-", "lead-"))]
    if after:  # Impending End, Lead to Slaughter: on the target once the attack is done
        game.push(Task("ds_after", fid, 0, after[0]))
    effects_parts.perform_attack(game, fid, attacks[0], f"dsb={pred}~{bonus}" if bonus else "")


def _attacked(game: Game, fid: str) -> list[str]:
    """The targets of ``fid``'s attacks since its action began, in order."""
    since = effects_parts.events_since(game, "action", fid)
    return [args[1] for kind, args in since if kind == "attack" and args[0] == fid]


def _run_after(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    hit = _attacked(game, task.who)
    target = game.state.figures.get(hit[-1]) if hit else None
    if target is None:
        return None
    kind, n = task.text.rsplit("-", 1)
    if kind == "finish" and target.hp <= int(n) and target.rank != "boss":
        game.emit("kill", task.who, target.id, "finished")
        game.kill(target)
    elif kind == "lead":
        _lead(game, task.who, target, int(n))
    return None


def _lead(game: Game, fid: str, target: Figure, steps: int) -> None:
    """Lead to Slaughter: the target moves up to ``steps`` hexes along a shortest walk toward
    the closest empty hex next to one of your allies (ties: the lowest hex)."""
    board = game.board()
    me = game.state.figures.get(fid)
    if board is None or me is None or target.kind != "monster":
        return
    occupied = {g.hex: g for g in game.state.figures.values() if g is not target}
    allies = [g for g in game.state.figures.values() if g.id != fid and not actions.hostile(me, g)]
    goals = {h for g in allies for h in board.links.get(g.hex, ()) if h not in occupied}
    if not goals or target.hex in goals:
        return
    came: dict[tuple[int, int], tuple[int, int]] = {}
    frontier, seen, found = [target.hex], {target.hex}, None
    while frontier and found is None:
        nxt = []
        for h in sorted(frontier):
            for k in sorted(board.links.get(h, ())):
                if k in seen or k in occupied or not actions.walkable(board, target, h, k, occupied):
                    continue
                seen.add(k)
                came[k] = h
                if k in goals and found is None:
                    found = k
                nxt.append(k)
        frontier = nxt
    if found is None:
        return
    path = [found]
    while came[path[-1]] != target.hex:
        path.append(came[path[-1]])
    path.reverse()
    for h in path[:steps]:
        target.hex = h
        game.emit("moved", target.id, actions.hex_token(h), "forced")
        actions.enter_hex(game, target, h)
        if target.id not in game.state.figures:
            return


# ------------------------------------------------------------------- traps


@effect("ds-trap-splash")
def _trap(game: Game, fid: str, ability: Ability) -> None:
    """Detonation: the trap just created also damages every enemy next to it when sprung."""
    adds = ".".join(
        p.condition.value for p in effects_parts.parts(ability, "condition") if p.condition is not None
    )
    game.push(Task("ds_trap_mark", fid, parts_total(ability, "suffer"), adds or "-"))


def _run_trap_mark(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    for e in reversed(game.events):
        if e.kind == "trap-created" and e.args and e.args[0] == task.who:
            mark = f"{DOOM_TRAP}{e.args[1]}|{task.who}|{task.n}|{task.text or '-'}"
            game.state.scenario_marks[mark] = game.state.round
            return None
        if e.kind == "action":
            return None
    return None


def trap_sprung(game: Game, f: Figure, h: tuple[int, int]) -> None:
    """A figure sprang the trap on ``h``: a Detonation trap damages every enemy next to it."""
    if not doomstalker_in_play(game):
        return
    token = actions.hex_token(h)
    st = game.state
    key = next((k for k in st.scenario_marks if k.startswith(f"{DOOM_TRAP}{token}|")), None)
    board = game.board()
    if key is None or board is None:
        return
    del st.scenario_marks[key]
    _, _, owner_id, n, adds = key.split("|")
    owner = st.figures.get(owner_id)
    for g in sorted(st.figures.values(), key=lambda g: g.id):
        mine = owner is None or actions.hostile(owner, g)
        if g is not f and board.adjacent(g.hex, h) and g.kind == "monster" and mine:
            for c in adds.split(".") if adds != "-" else ():
                game.add_condition(g.id, Condition(c))
            if int(n):
                game.suffer_damage(g.id, int(n), "trap-splash")


# ------------------------------------------------------ summons' retaliate


def _summon_retaliate(game: Game, f: Figure) -> int:
    """The Retaliate printed on summon ``f``'s stat line (the Vicious Jackal's), 0 if none."""
    held = effects_summons.summon_card(game, f)
    if held is None:
        return 0
    return sum(
        int(n.removeprefix("retaliate-")) for n in effects_parts.flags(held[2]) if n.startswith("retaliate-")
    )


def _arm_summons(game: Game, owner: str | None) -> None:
    """Give summons (all, or ``owner``'s) their stat-line Retaliate for this round, once: the
    engine clears retaliate bonuses as each round ends."""
    st = game.state
    for f in st.figures.values():
        if f.kind != "summon" or (owner is not None and f.owner != owner):
            continue
        mark = f"dsret|{f.id}"
        if st.scenario_marks.get(mark) == st.round:
            continue
        n = _summon_retaliate(game, f)
        if n:
            f.retaliate_bonus += n
            st.scenario_marks[mark] = st.round


def _round_start(game: Game, timing: str) -> None:
    if not doomstalker_in_play(game):
        return
    if timing == "start":
        _arm_summons(game, None)


def _turn_end(game: Game, f: Figure) -> None:
    """A summon placed this turn has its Retaliate at once; a turn that did not start as a
    played turn (a long rest) still advances Inescapable Fate."""
    if not doomstalker_in_play(game):
        return
    if f.kind == "character":
        _arm_summons(game, f.id)
        if game.state.scenario_marks:
            doom_countdown(game, f.id)


@effect("ds-expose")
def _expose_now(game: Game, fid: str, ability: Ability) -> None:
    game.mark_used(fid)
    game.emit("bonus", fid, ability.note)
    ch = game.state.characters.get(fid)
    if ch is not None and ch.playing is not None:  # not yet in the active area: strip now
        me = game.state.figures[fid]
        for g in sorted(game.state.figures.values(), key=lambda g: g.id):
            if actions.hostile(me, g) and g.conditions.remove(Condition.INVISIBLE):
                game.emit("condition-ended", g.id, Condition.INVISIBLE.value, "exposed")


@effect("ds-attack-all")
def _attack_all(game: Game, fid: str, ability: Ability) -> None:
    """Darkened Skies, Crashing Wave: attack every enemy within range (adjacent: melee); XP per
    enemy targeted, or per two."""
    attacks = effects_parts.parts(ability, "attack")
    if not attacks:
        return
    flags = effects_parts.flags(ability)
    per = 2 if "xp-per-2-targets" in flags else 1 if "xp-per-target" in flags else 0
    if per:
        game.push(Task("ds_xp_targets", fid, per))
    effects_parts.perform_attack(game, fid, msgspec.structs.replace(attacks[0], targets=0))


def _run_xp_targets(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    ch = game.state.characters.get(task.who)
    gain = len(set(_attacked(game, task.who))) // task.n
    if ch is not None and gain:
        ch.xp += gain
        game.emit("xp", task.who, gain, "targets")
    return None


@effect("ds-attack-doomed-any-range")
def _attack_doomed(game: Game, fid: str, ability: Ability) -> None:
    """Wild Command: an attack on one doomed enemy in sight, whatever its range."""
    attacks = effects_parts.parts(ability, "attack")
    f = game.state.figures.get(fid)
    board = game.board()
    if not attacks or f is None or board is None:
        return
    from delvekit.core.los import sight_for

    sight = sight_for(board, game.tables.ruleset.los)
    doomed = sorted(
        {t for k, _, t in dooms(game) if k == fid and t in game.state.figures}
        & {g.id for g in game.state.figures.values() if sight.visible(f.hex, g.hex)}
    )
    if not doomed:
        game.emit("no-target", fid)
        return
    game.push(Task("ds_pick_doomed", fid, attacks[0].value, ";".join(doomed)))


def _run_pick_doomed(game: Game, task: Task) -> Decision | None:
    alive = [g for g in task.text.split(";") if g in game.state.figures]
    if not alive:
        game.pop_task()
        return None
    return Decision(task.who, "target", [*(Choice("target", (g,)) for g in alive), Choice("skip")])


def _apply_pick_doomed(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "attack")
        return
    board = game.board()
    me, target = game.state.figures.get(task.who), game.state.figures.get(choice.args[0])
    if board is None or me is None or target is None:
        return
    reach = max(2, len(board.hexes))
    distance = proximity(board, me.hex, reach).get(target.hex, reach)
    attack = Ability(kind="attack", value=task.n, range=max(1, distance))
    effects_parts.perform_attack(game, task.who, attack, f"only={target.id}")


@effect("ds-summon-performs")
def _summon_performs(game: Game, fid: str, ability: Ability) -> None:
    """Wild Command: one adjacent summoned ally performs its Move +0 and Attack +0, you choosing."""
    me, board = game.state.figures.get(fid), game.board()
    if me is None or board is None:
        return
    summons = sorted(
        g.id
        for g in game.state.figures.values()
        if g.kind == "summon" and not actions.hostile(me, g) and board.adjacent(me.hex, g.hex)
    )
    if not summons:
        game.emit("no-target", fid, "summon")
        return
    game.push(Task("ds_summon", fid, 0, ";".join(summons)))


def _run_summon(game: Game, task: Task) -> Decision | None:
    alive = [g for g in task.text.split(";") if g in game.state.figures]
    if not alive:
        game.pop_task()
        return None
    return Decision(task.who, "summon-performs", [*(Choice("summon", (g,)) for g in alive), Choice("skip")])


def _apply_summon(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "summon")
        return
    sid = choice.args[0]
    move, attack, reach = game.state.summon_stats.get(sid, (0, 0, 0))
    game.mark_used(task.who)
    game.emit("ally-performs", sid, f"for={task.who}")
    effects_parts.perform_attack(game, sid, Ability(kind="attack", value=attack, range=reach))
    game.push(Task("ds_summon_move", sid, move))


def _run_summon_move(game: Game, task: Task) -> Decision | None:
    game.pop_task()  # the move first, then the attack pushed beneath it
    effects_parts.perform_move(game, task.who, Ability(kind="move", value=task.n))
    return None


@effect("ds-doomed-dies", "ds-transfer", "ds-two-dooms", "ds-doomed-bonus-this-round")
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act from the active area (on a doomed enemy's death)."""
    game.emit("bonus", fid, ability.note)


task_handler("ds_trap_mark", _run_trap_mark)


task_handler("ds_after", _run_after)


task_handler("ds_xp_targets", _run_xp_targets)


task_handler("ds_pick_doomed", _run_pick_doomed, _apply_pick_doomed)


task_handler("ds_summon", _run_summon, _apply_summon)


task_handler("ds_summon_move", _run_summon_move)


ROUND_HOOKS.append(_round_start)


TURN_END_HOOKS.append(_turn_end)
