"""Named effects of the Spellweaver's cards, registered in :mod:`delvekit.gloomhaven.engine.registry`.

:mod:`~delvekit.gloomhaven.content.character_cards` writes each wording as a ``custom`` ability whose
parts are the card's numbers (``attack 3``, ``range-4``, ``consume-dark``...). An optional element
consumption is asked first (``consume E`` / ``no-consume``); what it buys follows the
``consume-E`` flag among the parts. Targets the rules let the player choose are asked through
agenda tasks (``sw_*``).

==================================  ===========================================================
``attack-along-path``               Impaling Eruption: one target within range, then every
                                    enemy on the straight hex line to it is attacked too (XP per
                                    enemy targeted)
``next-attacks-bonus-consume``      Crackling Air: persistent +N on the next attacks (one use
                                    slot per target attacked), +M instead if the element was
                                    consumed as the card was played
``bonus-consume``                   a move, shield or loot of yours with what a consumption adds
                                    (+move, +shield, +loot, a shield or retaliate this round,
                                    invisible) — Crackling Air, Hardened Spikes, Frozen Night,
                                    Stone Fists, Zephyr Wings (at most four money tokens)
``curse-or-kill``                   Spirit of Doom: curse one enemy within range; the
                                    consumption kills a normal one instead
``heal-half-max``                   Spirit of Doom: one ally heals half its maximum hit points
                                    (rounded down), all of them with the consumption
``infuse-any``                      Chromatic Explosion: the player names the element
``attack-splash``                   Living Torch: attack one enemy; the consumption deals damage
                                    to every enemy adjacent to that target
``attack-consume-targets``          Stone Fists: a melee attack the consumption gives more targets
``next-attack-kills-normal``        Black Hole: with the consumption, the normal enemies the next
                                    attack of this action targets are killed instead
``negate-attack-damage-retaliate``  Cold Front: persistent; the next sources of attack damage on
                                    you are negated (one use slot each) and you retaliate against
                                    that attacker
==================================  ===========================================================

The area spells (Inferno, Black Hole) are in
:mod:`~delvekit.gloomhaven.effects.classes.spellweaver_area`.

The Burning Avatar (Living Torch's summon) attacks every adjacent enemy as it dies
(:func:`summon_died`, asked by the engine as any summon dies).
"""

from __future__ import annotations

import msgspec

from delvekit.core.hexes import Hex, line
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import active_area as effects_active_area
from delvekit.gloomhaven.effects import allies as effects_allies
from delvekit.gloomhaven.effects import consume as effects_consume
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects import picks as effects_picks
from delvekit.gloomhaven.effects import summons as effects_summons
from delvekit.gloomhaven.effects.classes.spellweaver_area import (
    attack_room,
    attack_with_riders,
    paid_parts,
    plus_total,
    suffer_amount,
)
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import Strike
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

# ------------------------------------------------------- optional consumption


def _with_consumption(game: Game, fid: str, ability: Ability) -> None:
    """Ask whether to consume the element (when it can be), then finish the effect."""
    if effects_consume.consume_choices(game, effects_consume.split_consumption(ability)[1]):
        game.push(Task("sw_consume", fid, 0, str(ability)))
        return
    _finish(game, fid, ability, paid=False)


def _run_consume(game: Game, task: Task) -> Decision | None:
    return effects_consume.consume_offer(game, task, _finish)


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    effects_consume.consume_answer(game, task, choice, _finish)


@effect(
    "bonus-consume",
    "next-attacks-bonus-consume",
    "curse-or-kill",
    "heal-half-max",
    "attack-splash",
    "attack-consume-targets",
    "next-attack-kills-normal",
    "attack-room",
)
def _consuming(game: Game, fid: str, ability: Ability) -> None:
    """Effects with an optional consumption: asked first, then performed (:func:`_finish`); a
    disarmed figure is not asked for an attack it cannot perform."""
    f = game.state.figures.get(fid)
    if f is not None and ability.note in _ATTACKS and Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
        return
    _with_consumption(game, fid, ability)


_ATTACKS = ("attack-splash", "attack-consume-targets")


def _finish(game: Game, fid: str, ability: Ability, *, paid: bool) -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    base, bought = paid_parts(ability, paid)
    if ability.note != "attack-splash":  # Living Torch: XP only with the damage dealt
        effects_consume.gain_parts_xp(game, fid, bought)
    note = ability.note
    if note == "bonus-consume":
        _bonus(game, f, base, bought)
    elif note == "next-attacks-bonus-consume":
        game.emit("bonus", fid, note, f"paid={int(paid)}")
    elif note == "curse-or-kill":
        reach = effects_consume.flag_value(base, "range-", 1)
        ids = sorted(g.id for g in actions.targets(game, f, reach))
        _pick(game, fid, "curse-kill" if paid else "curse", ids, "")
    elif note == "heal-half-max":
        ids = [i for i in effects_allies.allies_named(game, f, "affects-ally")[0] if i != fid]
        _pick(game, fid, "heal-full" if paid else "heal-half", ids, "")
    elif note == "attack-splash":
        attack = attack_with_riders(base)
        ids = sorted(g.id for g in actions.targets(game, f, attack.range))
        rider = str(Ability(kind="custom", note="splash", then=tuple(bought))) if paid else ""
        _pick(game, fid, "splash", ids, f"{attack}^{rider}")
    elif note == "attack-consume-targets":
        attack = attack_with_riders(base)
        more = effects_consume.flag_value(bought, "target-", attack.targets)
        effects_parts.perform_attack(game, fid, msgspec.structs.replace(attack, targets=more))
    elif note == "next-attack-kills-normal":
        if paid:
            game.emit("kill-normal-this-action", fid)
    elif note == "attack-room":
        attack_room(game, f, base, bought)


# ------------------------------------------------------------ bonus-consume


def _bonus(game: Game, f: Figure, base: list[Ability], bought: list[Ability]) -> None:
    """A move, shield or loot of yours plus what the consumption adds; a shield or retaliate
    the consumption buys lasts this round; a condition it buys is yours."""
    for p in bought:
        if p.kind in ("shield", "retaliate"):
            game.perform(f.id, p)
        elif p.kind == "condition" and p.condition is not None:
            game.add_condition(f.id, p.condition)
    for p in base:
        if p.kind == "shield":
            game.perform(f.id, msgspec.structs.replace(p, value=p.value + plus_total(bought, "shield")))
        elif p.kind == "loot":
            cap = effects_consume.flag_value(base, "loot-cap-", 0)
            _loot(game, f, p.value + plus_total(bought, "loot"), cap)
    moves = [p for p in base if p.kind == "move"]
    for p in reversed(moves):  # the move last on the stack runs first
        jump = p.jump or "jump" in effects_consume.part_flags(base)
        game.perform(f.id, msgspec.structs.replace(p, value=p.value + plus_total(bought, "move"), jump=jump))


def _loot(game: Game, f: Figure, reach: int, cap: int) -> None:
    """Loot ``reach``; with a ``cap``, at most that many money tokens (the nearest first)."""
    board = game.board()
    if board is None:
        return
    coins = game.state.coins
    near = proximity(board, f.hex, reach)
    in_reach = sorted((d, h) for h, d in near.items() if d <= reach and coins.get(h))
    if not cap or sum(coins[h] for _, h in in_reach) <= cap:
        game.perform(f.id, Ability(kind="loot", value=reach))
        return
    game.mark_used(f.id)
    aside: dict[Hex, int] = {}
    left = cap
    for _, h in in_reach:  # tokens beyond the cap stay where they are
        take = min(left, coins[h])
        left -= take
        if take < coins[h]:
            aside[h] = coins[h] - take
            if take:
                coins[h] = take
            else:
                del coins[h]
    actions.loot(game, f, reach)
    for h, n in aside.items():
        coins[h] = coins.get(h, 0) + n
    game.emit("loot-capped", f.id, cap)


# ------------------------------------------------------------- picking targets


def _pick(game: Game, fid: str, purpose: str, ids: list[str], text: str) -> None:
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("sw_pick", fid, 1, f"{purpose}|{';'.join(ids)}|{text}"))


def _run_pick(game: Game, task: Task) -> Decision | None:
    purpose, ids, _ = task.text.split("|", 2)
    alive = [i for i in ids.split(";") if i in game.state.figures]
    if not alive:
        game.pop_task()
        return None
    kind = "ally" if purpose.startswith("heal") else "attack" if purpose in ("path", "splash") else "target"
    return Decision(task.who, kind, [*(Choice("target", (i,)) for i in alive), Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    purpose, _, text = task.text.split("|", 2)
    if choice.kind == "skip":
        game.emit("declined", task.who, purpose)
        return
    tid = choice.args[0]
    target = game.state.figures.get(tid)
    f = game.state.figures.get(task.who)
    if target is None or f is None:
        return
    game.mark_used(task.who)
    if purpose == "curse-kill" and target.kind == "monster" and target.rank == "normal":
        effects_picks.kill(game, task.who, tid)
    elif purpose in ("curse", "curse-kill"):
        game.add_modifier_card(tid, "curse")
    elif purpose in ("heal-half", "heal-full"):
        amount = target.max_hp if purpose == "heal-full" else target.max_hp // 2
        game.heal(tid, amount)
    elif purpose == "path":
        attack = Ability.parse(text.split("^")[0])
        xp = int(text.split("^")[1] or 0)
        hit = [*_on_path(game, f, target), tid]
        if xp and task.who in game.state.characters:
            game.state.characters[task.who].xp += xp * len(hit)
            game.emit("xp", task.who, xp * len(hit))
        game.push(*(Task("strike", task.who, attack.value, Strike(attack, t).text) for t in reversed(hit)))
    elif purpose == "splash":
        attack_text, rider = text.split("^")
        attack = Ability.parse(attack_text)
        if rider:
            game.push(Task("sw_splash", task.who, 0, f"{actions.hex_token(target.hex)}|{tid}|{rider}"))
        game.push(Task("strike", task.who, attack.value, Strike(attack, tid).text))


def _on_path(game: Game, f: Figure, target: Figure) -> list[str]:
    """Enemies (not invisible) standing on the straight hex line from ``f`` to ``target``."""
    between = list(line(f.hex, target.hex))[1:-1]
    found: list[str] = []
    for h in between:
        g = game.state.figure_at(h)
        if g is not None and actions.hostile(f, g) and Condition.INVISIBLE not in g.conditions:
            found.append(g.id)
    return found


@effect("attack-along-path")
def _attack_along_path(game: Game, fid: str, ability: Ability) -> None:
    """Impaling Eruption: one target within range, then every enemy on the way to it."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    if Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
        return
    attack = attack_with_riders(list(ability.then))
    xp = sum(p.value for p in ability.then if p.kind == "xp")
    ids = sorted(g.id for g in actions.targets(game, f, attack.range))
    _pick(game, fid, "path", ids, f"{attack}^{xp}")


def _run_splash(game: Game, task: Task) -> Decision | None:
    """Living Torch: every enemy adjacent to the attack's target (where it stood) suffers the
    damage bought; XP when the consumption was paid."""
    game.pop_task()
    token, tid, rider = task.text.split("|", 2)
    f = game.state.figures.get(task.who)
    board = game.board()
    if f is None or board is None:
        return None
    centre = actions.parse_hex(token)
    bought = list(Ability.parse(rider).then)
    effects_consume.gain_parts_xp(game, task.who, bought)
    damage = suffer_amount(bought)
    near = sorted(
        g.id
        for g in game.state.figures.values()
        if g.id != tid and actions.hostile(f, g) and board.adjacent(centre, g.hex)
    )
    for gid in near:
        game.suffer_damage(gid, damage, "splash")
    return None


# ------------------------------------------------------------ Crackling Air


NEXT_ATTACKS = "next-attacks-bonus-consume"


def _paid(game: Game, cid: str) -> bool:
    """Whether the element was consumed when the character last played its Crackling Air."""
    for e in reversed(game.events):
        if e.kind == "bonus" and len(e.args) > 2 and e.args[0] == cid and e.args[1] == NEXT_ATTACKS:
            return e.args[2] == "paid=1"
    return False


def _next_bonus(game: Game, cid: str, a: Ability) -> int:
    base, _, bought = effects_consume.split_consumption(a)
    chosen = bought if _paid(game, cid) else base
    return sum(p.value for p in chosen if p.kind == "attack")


def strike_extra(game: Game, f: Figure, out: effects_parts.StrikeBonus) -> None:
    """Crackling Air: +1 (+2 when paid) on each of the next attacks, one use slot each; each
    target of an attack ability is a separate attack (rules §6.3), so Fire Orbs' three targets
    take three slots (the bonus stops when the last one is gone)."""
    if f.id not in game.state.characters:
        return
    for i, a in reversed(effects_active_area.active_holders(game, f.id, NEXT_ATTACKS)):
        n = _next_bonus(game, f.id, a)
        effects_active_area.spend_use(game, f.id, i)
        out.attack += n
        out.why.append(f"next-attacks+{n}")


def kills_instead(game: Game, f: Figure, target: Figure) -> bool:
    """Black Hole: dark consumed for this action's attack, a normal target is killed instead."""
    if f.kind != "character" or target.kind != "monster" or target.rank != "normal":
        return False
    since = effects_parts.events_since(game, "action", f.id)
    if not any(kind == "kill-normal-this-action" and args[0] == f.id for kind, args in since):
        return False
    effects_picks.kill(game, f.id, target.id)
    return True


# ------------------------------------------------------------------ Cold Front

COLD_FRONT = "negate-attack-damage-retaliate"


@effect(COLD_FRONT)
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Cold Front acts from the active area (:func:`negated`)."""
    game.emit("bonus", fid, ability.note)


def negated(game: Game, task: Task) -> bool:
    """Cold Front: damage from an attack on its holder is negated (one use slot, mandatory,
    before Frost Armor's), and the holder gains the card's Retaliate with its range for that
    attack (removed once the attack's after-effects and retaliation are done). Called by the
    damage task, which it pops."""
    if task.text != "attack" or task.who not in game.state.characters:
        return False
    holders = effects_active_area.active_holders(game, task.who, COLD_FRONT)
    if not holders:
        return False
    i, a = holders[0]
    card = game.state.characters[task.who].active[i].card
    game.pop_task()
    game.emit("negated", task.who, task.n, task.text, f"by={card}")
    effects_active_area.spend_use(game, task.who, i)
    f = game.state.figures[task.who]
    agenda = game.state.agenda
    for r in effects_parts.parts(a, "retaliate"):
        f.retaliate_far = (*f.retaliate_far, (r.value, max(1, r.range)))
        game.emit("bonus", task.who, "retaliate", r.value, f"range={r.range}", "attacked")
        # beneath the attack's after-effects (the next task), which check the retaliation
        agenda.insert(
            max(0, len(agenda) - 1), Task("sw_unretaliate", task.who, r.value, str(max(1, r.range)))
        )
    return True


def _run_unretaliate(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    pair = (task.n, int(task.text))
    if f is not None and pair in f.retaliate_far:
        far = list(f.retaliate_far)
        far.remove(pair)
        f.retaliate_far = tuple(far)
    return None


# ------------------------------------------------------------------ others


@effect("infuse-any")
def _infuse_any(game: Game, fid: str, ability: Ability) -> None:
    """Chromatic Explosion: infuse the element the player names."""
    game.push(Task("sw_infuse", fid, 0))


def _run_infuse(game: Game, task: Task) -> Decision | None:
    return Decision(task.who, "infuse", [Choice("infuse", (e.value,)) for e in Element])


def _apply_infuse(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    game.infuse(Element.parse(choice.args[0]))


# ------------------------------------------------------------ Burning Avatar


def summon_died(game: Game, f: Figure) -> None:
    """A summon with an "on death: Attack N every adjacent enemy" line (the Burning Avatar) makes
    that attack as it dies: its owner's modifier deck, no retaliation (the attacker is gone).
    Called before its card leaves the active area."""
    found = effects_summons.summon_card(game, f)
    board = game.board()
    owner = game.state.figures.get(f.owner) if f.owner is not None else None
    if found is None or board is None or owner is None or f.owner is None:
        return
    value = effects_parts.flag_number(found[2], "ondeath-attack-")
    if not value:
        return
    for g in sorted(game.state.figures.values(), key=lambda g: g.id):
        if not actions.hostile(owner, g) or not board.adjacent(f.hex, g.hex) or g.kind == "objective":
            continue
        damage = effects_summons.death_strike(game, f, f.owner, g, value)
        if damage:
            game.lose_hp(g, damage, "attack")


task_handler("sw_consume", _run_consume, _apply_consume)


task_handler("sw_pick", _run_pick, _apply_pick)


task_handler("sw_infuse", _run_infuse, _apply_infuse)


task_handler("sw_splash", _run_splash)


task_handler("sw_unretaliate", _run_unretaliate)
