"""Class wordings given to allies, and the one ally pick (task ``cls_pick``).

==================================  ===========================================================
``to-allies``                       a heal, shield, retaliate, condition, bless or damage given
                                    to allies: every adjacent ally, every ally within range
                                    (with or without the performer), every ally, one ally the
                                    player picks, or "Heal N, Range R (Target T)"; a
                                    consumption may change who, how many and add to it —
                                    Flamethrower, Restorative Mist, Glorious Bolt
``ally-performs-consumes``          an adjacent ally attacks; the consumption kills its normal
                                    or elite target instead — Inspiring Sanctity
``move-consumes``                   a move a consumption lengthens — Scales of Justice
``allies-perform``                  every ally within range may perform the parts (XP per ally
                                    attack) — Mobilizing Axiom, Inspiring Sanctity
``ally-extra-turn``                 an ally takes an extra turn with two cards from its hand
``summons-move``                    summoned allies within range move their Move + N
``to-allies-moved-through``         the parts to each ally moved through — Path of Glory
==================================  ===========================================================

A wording with an optional consumption (these and ``ally-recovers``) asks it first
(``cls_consume``, through :func:`~delvekit.gloomhaven.effects.consume.consume_offer`).
"""

from __future__ import annotations

import msgspec

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.active_area import heal_bonus
from delvekit.gloomhaven.effects.allies import allies_named, give_parts
from delvekit.gloomhaven.effects.classes import mindthief as effects_mindthief
from delvekit.gloomhaven.effects.consume import (
    consume_answer,
    consume_choices,
    consume_offer,
    effective_parts,
    flag_total,
    flag_value,
    gain_parts_xp,
    part_flags,
    split_consumption,
)
from delvekit.gloomhaven.effects.recovery import recovers, start_recovery
from delvekit.gloomhaven.effects.refresh import refresh_for
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import ForceStep, MoveStep, forced_kind
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

# ------------------------------------------------------- optional consumption


@effect("to-allies", "ally-recovers", "move-consumes", "ally-performs-consumes")
def _with_consumption(game: Game, fid: str, ability: Ability) -> None:
    """Ask whether to consume the element (when it can be), then perform."""
    if consume_choices(game, split_consumption(ability)[1]):
        game.push(Task("cls_consume", fid, 0, str(ability)))
        return
    _finish(game, fid, ability, paid=False)


def _run_consume(game: Game, task: Task) -> Decision | None:
    return consume_offer(game, task, _finish)


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    consume_answer(game, task, choice, _finish)


def _finish(game: Game, fid: str, ability: Ability, *, paid: bool) -> None:
    items = effective_parts(ability, paid)
    if paid:
        bought = split_consumption(ability)[2]
        gain_parts_xp(game, fid, bought)
        for note in part_flags(bought):
            if note.startswith("infuse-"):  # Burning Flash: any element for +1 heal and light
                game.infuse(Element.parse(note.removeprefix("infuse-")))
    if ability.note == "to-allies":
        to_allies(game, fid, items)
    elif ability.note == "ally-performs-consumes":
        f = game.state.figures.get(fid)
        who = next((n for n in part_flags(items) if n.startswith("affects-")), "affects-ally-adjacent")
        ids = [i for i in allies_named(game, f, who)[0] if i != fid] if f is not None else []
        if not ids:
            game.emit("no-target", fid)
            return
        text = str(Ability(kind="custom", note="ally-performs-consumes", then=tuple(items)))
        game.push(Task("cls_pick", fid, 1, f"ally-attack|{';'.join(ids)}|{text}"))
    elif ability.note == "move-consumes":
        move = next(p for p in items if p.kind == "move")
        extra = flag_total(items, "move-plus-") - flag_total(items, "move-minus-")
        game.perform(fid, msgspec.structs.replace(move, value=max(0, move.value + extra)))
    else:
        recovers(game, fid, items)


def to_allies(game: Game, fid: str, items: list[Ability]) -> None:
    """A ``to-allies`` wording: give ``items`` to the allies its ``affects-`` flag names (or a pick)."""
    f = game.state.figures.get(fid)
    who = next((n for n in part_flags(items) if n.startswith("affects-")), "affects-self")
    if f is None:
        return
    ids, pick = allies_named(game, f, who)
    if not ids:
        game.emit("no-target", fid)
        return
    if any(p.kind == "heal" for p in items):  # one heal ability, one use of a heal bonus
        extra = heal_bonus(game, fid)
        items = [*items, *([Ability(kind="custom", note=f"heal-plus-{extra}")] if extra else [])]
    text = str(Ability(kind="custom", note="to-allies", then=tuple(items)))
    if pick:
        count = flag_value(items, "target-", 1)
        game.push(Task("cls_pick", fid, count, f"give|{';'.join(ids)}|{text}"))
        return
    for rid in ids:
        give_parts(game, fid, rid, items)


def _run_pick(game: Game, task: Task) -> Decision | None:
    ids = task.text.split("|", 2)[1]
    alive = [i for i in ids.split(";") if i in game.state.figures]
    if not alive or task.n <= 0:
        game.pop_task()
        return None
    return Decision(task.who, "ally", [*(Choice("target", (i,)) for i in alive), Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    purpose, ids, text = task.text.split("|", 2)
    if choice.kind == "skip":
        game.emit("declined", task.who, purpose)
        return
    picked = choice.args[0]
    ability = Ability.parse(text)
    items = list(ability.then)
    if purpose == "give":
        rest = [i for i in ids.split(";") if i != picked]
        if task.n > 1 and rest:
            game.push(Task("cls_pick", task.who, task.n - 1, f"give|{';'.join(rest)}|{text}"))
        give_parts(game, task.who, picked, items)
    elif purpose == "recover":
        start_recovery(game, task.who, picked, items)
    elif purpose == "ally-attack":  # Inspiring Sanctity: the ally attacks (kill instead, paid)
        ally = game.state.figures.get(picked)
        killne = "killne" if "kill-normal-or-elite-instead" in part_flags(items) else ""
        if ally is not None:
            game.emit("ally-performs", picked, f"for={task.who}")
            for p in reversed([p for p in items if p.kind == "attack"]):
                if Condition.DISARM not in ally.conditions:
                    game.push(Task("attack", picked, p.value, effects_parts.attack_task_text(p, killne)))
    elif purpose == "extra-turn":
        game.push(Task("cls_extra_select", picked, 2))
    elif purpose == "refresh":
        refresh_for(game, picked, ability)
    elif purpose == "shove":
        rest = [i for i in ids.split(";") if i != picked]
        if task.n > 1 and rest:
            game.push(Task("cls_pick", task.who, task.n - 1, f"shove|{';'.join(rest)}|{text}"))
        for p in items:
            if p.kind in ("push", "pull"):
                game.push(Task("force", picked, p.value, ForceStep(task.who, forced_kind(p.kind)).text))
    elif purpose == "afflict":
        rest = [i for i in ids.split(";") if i != picked]
        if task.n > 1 and rest:
            game.push(Task("cls_pick", task.who, task.n - 1, f"afflict|{';'.join(rest)}|{text}"))
        give_parts(
            game,
            task.who,
            picked,
            [p for p in items if p.kind == "condition" or p.note in ("bless", "curse")],
        )
    elif purpose == "heal-all":
        target = game.state.figures.get(picked)
        if target is not None:
            game.heal(picked, max(target.max_hp - target.hp, 0) + heal_bonus(game, task.who))


# ---------------------------------------------------------- allies perform


@effect("allies-perform")
def _allies_perform(game: Game, fid: str, ability: Ability) -> None:
    """Mobilizing Axiom: every ally named (within range) may perform the parts (each move may
    stop at once)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in effects_parts.flags(ability) if n.startswith("affects-")), "affects-allies")
    ids, _ = allies_named(game, f, who)
    ids = [i for i in ids if i != fid]
    if not ids:
        game.emit("no-target", fid)
        return
    xp = sum(p.value for p in effects_parts.parts(ability, "xp"))
    if "xp-per-attack" in effects_parts.flags(ability) and xp:  # counted once every ally has acted
        game.push(Task("cls_xp_attacks", fid, len(game.events), f"{xp}|{';'.join(ids)}"))
    for aid in reversed(ids):  # the first ally acts first
        effects_mindthief.command_ally(game, fid, aid, ability)


@effect("ally-extra-turn")
def _extra_turn(game: Game, fid: str, ability: Ability) -> None:
    """Unwavering Mandate: an adjacent ally may at once take an extra turn, playing two cards
    from its hand (its own cards of this round wait until that turn is over)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in effects_parts.flags(ability) if n.startswith("affects-")), "affects-ally-adjacent")
    count = effects_parts.flag_number(ability, "target-", 2)
    ids = [
        i
        for i in allies_named(game, f, who)[0]
        if i != fid and i in game.state.characters and len(game.state.characters[i].hand) >= count
    ]
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("cls_pick", fid, 1, f"extra-turn|{';'.join(ids)}|{ability}"))


def _run_extra_select(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters.get(task.who)
    if ch is None or ch.exhausted or len(ch.hand) < 2:
        game.pop_task()
        return None
    pairs = [(a, b) for i, a in enumerate(ch.hand) for b in ch.hand[i + 1 :]]
    return Decision(task.who, "extra-turn", [*(Choice("select", p) for p in pairs), Choice("skip")])


def _apply_extra_select(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "extra-turn")
        return
    ch = game.state.characters[task.who]
    saved = f"{';'.join(ch.selected)}|{ch.used_half or '-'}|{int(ch.long_rest)}|{ch.lead or '-'}"
    for card in choice.args:
        ch.hand.remove(card)
    ch.set_aside += ch.selected  # its own cards of this round wait, still counted as its cards
    ch.selected, ch.used_half, ch.long_rest = list(choice.args), None, False
    game.emit("extra-turn", task.who, *choice.args)
    game.push(Task("char_turn", task.who), Task("cls_extra_restore", task.who, 0, saved))


def _run_extra_restore(game: Game, task: Task) -> Decision | None:
    """After the extra turn: the ally's own cards of this round are its selection again."""
    game.pop_task()
    ch = game.state.characters.get(task.who)
    if ch is None or ch.exhausted:
        return None
    selected, used_half, long_rest, lead = task.text.split("|")
    ch.discard += ch.selected  # a card the extra turn left unplayed (never both halves skipped)
    ch.selected = [c for c in selected.split(";") if c]
    for card in ch.selected:
        ch.set_aside.remove(card)
    ch.used_half = None if used_half == "-" else used_half
    ch.long_rest = long_rest == "1"
    ch.lead = None if lead == "-" else lead
    return None


def _run_xp_attacks(game: Game, task: Task) -> Decision | None:
    """Inspiring Sanctity: XP for each ally that made its attack."""
    game.pop_task()
    xp, ids = task.text.split("|")
    allies = set(ids.split(";"))
    made = {e.args[0] for e in game.events[task.n :] if e.kind == "attack" and e.args and e.args[0] in allies}
    ch = game.state.characters.get(task.who)
    if made and ch is not None:
        ch.xp += int(xp) * len(made)
        game.emit("xp", task.who, int(xp) * len(made))
    return None


@effect("summons-move")
def _summons_move(game: Game, fid: str, ability: Ability) -> None:
    """Jet Propulsion: every summoned ally within range moves its own Move plus the bonus, the
    player choosing the path."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    plus = effects_parts.flag_number(ability, "move-plus-")
    who = next(
        (n for n in effects_parts.flags(ability) if n.startswith("affects-")), "affects-allies-range-1"
    )
    ids, _ = allies_named(game, f, who)
    summons = [i for i in ids if game.state.figures[i].kind == "summon"]
    if not summons:
        game.emit("no-target", fid)
        return
    for sid in reversed(summons):
        s = game.state.figures[sid]
        if Condition.IMMOBILIZE in s.conditions or Condition.STUN in s.conditions:
            continue
        stats = game.state.summon_stats.get(sid, (0, 0, 0))
        game.emit("ally-performs", sid, f"for={fid}")
        game.push(Task("move", sid, stats[0] + plus, MoveStep().text))


@effect("to-allies-moved-through")
def _to_allies_moved_through(game: Game, fid: str, ability: Ability) -> None:
    """Path of Glory: every ally whose hex you moved through in this action gets the parts."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    path = set(effects_parts.moved_hexes(effects_parts.events_since(game, "action", fid), fid))
    ids = sorted(
        g.id
        for g in game.state.figures.values()
        if g is not f and g.hex in path and not actions.hostile(f, g) and g.kind != "objective"
    )
    if not ids:
        game.emit("no-target", fid)
    for rid in ids:
        give_parts(game, fid, rid, list(ability.then))


task_handler("cls_consume", _run_consume, _apply_consume)


task_handler("cls_pick", _run_pick, _apply_pick)


task_handler("cls_xp_attacks", _run_xp_attacks)


task_handler("cls_extra_select", _run_extra_select, _apply_extra_select)


task_handler("cls_extra_restore", _run_extra_restore)
