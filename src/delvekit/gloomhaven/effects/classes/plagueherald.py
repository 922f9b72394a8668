"""Named effects of the Plagueherald's cards that act from the active area (flight, Spread the
Plague, Epidemic, Grim Bargain, Willing Sacrifice, Baneful Hex), registered in
:mod:`delvekit.gloomhaven.engine.registry`; the engine asks this module. The performed wordings
(poison spread and cashed in, afflicting all) are in
:mod:`~delvekit.gloomhaven.effects.classes.plagueherald_poison`.

Effects that act from the active area (performing them only says so):

* ``ph-flying`` (Winged Congregation): the Plagueherald flies while the card is active; asked
  through :func:`flying` by the items' flight rule, so moves are jumps and traps and hazardous
  terrain are ignored.
* ``ph-range-minus`` (Grasping Vermin): −R range on each of its ranged attacks
  (:func:`ranged_attack`, asked by the engine for every ranged attack of a character); a ranged
  attack keeps Range 1 at least (our reading).
* ``ph-spread-the-plague`` (Spread the Plague): before the first attack of each attack action
  (our reading of an attack action, as Weapon of Purity's: the card half being performed), the
  player may pick one ally within range (in sight); it is poisoned, or suffers the damage when
  poisoned already, and every attack of the action gains +1 (:func:`ask_before_strike`, asked
  by each attack; :func:`strike_extra`).
* ``ph-sacrifice-on-move`` (Willing Sacrifice): after each move of one hex at least, the
  player may suffer 1 damage for 3 on one poisoned enemy anywhere (our reading of "once during
  each of your move actions": asked as the move ends; no range given, none required).
* ``ph-curse-ally-for-targets`` (Grim Bargain): as an attack of yours with targets starts, you
  may curse one ally within range 2 for two more targets (one use slot; XP per slot)
  (:func:`ask_before_attack`).
* ``ph-curse-backfires`` (Baneful Hex): a monster whose attack applies a curse card suffers the
  damage (:func:`monster_attacked`, asked after every monster attack).
* ``ph-poison-after-move`` (Epidemic): after each move of the Plagueherald that entered one hex
  at least, every figure adjacent to it (allies and enemies alike, objectives aside) is
  poisoned (:func:`move_ended`, asked by the engine as a move stops).

Other Plagueherald area attacks that touch allies (Vile Pestilence) are the Cragheart's
``area-attack``; Foul Wind is the Sunkeeper's ``consume-on-attack``.
"""

from __future__ import annotations

import msgspec

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.classes.plagueherald_poison import poisoned_enemies, suffer_amount
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import AttackStep
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition


@effect("ph-flying", "ph-spread-the-plague", "ph-poison-after-move")
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act from the active area (see the module docstring)."""
    game.emit("bonus", fid, ability.note)


def flying(game: Game, fid: str) -> bool:
    """Winged Congregation: ``fid`` flies while the card is in its active area."""
    return any(
        effects_parts.named_in(half, "ph-flying") for _, _, half in effects_parts.active_halves(game, fid)
    )


@effect("ph-range-minus")
def _range_minus(game: Game, fid: str, ability: Ability) -> None:
    game.emit("bonus", fid, ability.note)


def ranged_attack(game: Game, fid: str, ability: Ability) -> Ability:
    """Grasping Vermin: −R range on each ranged attack of ``fid`` while the card is active (our
    reading: a ranged attack keeps at least Range 1)."""
    minus = sum(
        effects_parts.flag_number(a, "range-", 0)
        for _, _, half in effects_parts.active_halves(game, fid)
        for a in effects_parts.named_in(half, "ph-range-minus")
    )
    if not minus or ability.range <= 0:
        return ability
    game.emit("bonus", fid, "range", -minus, "by=ph-range-minus")
    return msgspec.structs.replace(ability, range=max(1, ability.range - minus))


# ------------------------------------------------ Spread the Plague: once per attack action


def _spread(game: Game, fid: str) -> Ability | None:
    halves = effects_parts.active_halves(game, fid)
    held = [a for _, _, half in halves for a in effects_parts.named_in(half, "ph-spread-the-plague")]
    return held[0] if held else None


def _spread_answer(game: Game, fid: str) -> str | None:
    """``paid`` / ``declined`` when asked during this attack action (card half) already."""
    for kind, args in effects_parts.events_since(game, "action", fid):
        if kind == "ph-spread" and args and args[0] == fid:
            return args[1]
    return None


def _spread_allies(game: Game, f: Figure, held: Ability) -> list[str]:
    reach = effects_parts.flag_number(held, "range-", 2)
    return sorted(g.id for g in actions.targets(game, f, reach, allies=True) if g.id != f.id)


def ask_before_strike(game: Game, f: Figure) -> bool:
    """Spread the Plague: before the first attack of an attack action, the Plagueherald may
    poison one ally within range (or, if it is poisoned already, make it suffer damage) for +1
    Attack on every attack of the action. ``True`` when the question was put on the agenda."""
    if f.kind != "character":
        return False
    held = _spread(game, f.id)
    if held is None or _spread_answer(game, f.id) is not None:
        return False
    allies = _spread_allies(game, f, held)
    if not allies:
        return False
    game.push(Task("ph_spread", f.id, 0, ";".join(allies)))
    return True


def _ally_pick(game: Game, task: Task, event: str) -> Decision | None:
    """The ally decision of a task listing ally ids (``a;b``): those still on the board, or
    skip; with none left the task ends, ``event`` saying it was declined."""
    alive = [i for i in task.text.split(";") if i in game.state.figures]
    if not alive:
        game.pop_task()
        game.emit(event, task.who, "declined")
        return None
    return Decision(task.who, "ally", [*(Choice("target", (i,)) for i in alive), Choice("skip")])


def _run_spread(game: Game, task: Task) -> Decision | None:
    return _ally_pick(game, task, "ph-spread")


def _apply_spread(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    held = _spread(game, task.who)
    if choice.kind == "skip" or f is None or held is None:
        game.emit("ph-spread", task.who, "declined")
        return
    tid = choice.args[0]
    ally = game.state.figures.get(tid)
    if ally is None:
        game.emit("ph-spread", task.who, "declined")
        return
    game.emit("ph-spread", task.who, "paid", tid)
    if Condition.POISON in ally.conditions:
        game.suffer_damage(tid, suffer_amount(held), "spread-the-plague")
    else:
        game.add_condition(tid, Condition.POISON)


task_handler("ph_spread", _run_spread, _apply_spread)


def strike_extra(game: Game, f: Figure, ability: Ability, out: effects_parts.StrikeBonus) -> None:
    """What the Plagueherald's cards add to one attack: Spread the Plague's +1 on every attack of
    an action it was paid for; Convert the Flock's +N this round; Grim Bargain's doubling of the
    first attack action of the round after it (the attack's value with the bonuses before it)."""
    if f.kind != "character":
        return
    if _spread_answer(game, f.id) == "paid":
        held = _spread(game, f.id)
        n = sum(p.value for p in held.then if p.kind == "attack") if held is not None else 1
        out.attack += n
        out.why.append(f"spread-the-plague+{n}")
    flock = _flock_bonus(game, f.id)
    if flock:
        out.attack += flock
        out.why.append(f"convert-the-flock+{flock}")
    if _double_pending(game, f.id):
        if not any(
            k == "ph-doubled" and a[0] == f.id for k, a in effects_parts.events_since(game, "action", f.id)
        ):
            game.emit("ph-doubled", f.id)
        extra = ability.value + out.attack
        out.attack += extra
        out.why.append(f"doubled+{extra}")


# ------------------------------------------------ Epidemic: after each of your moves


def move_ended(game: Game, f: Figure) -> None:
    """After each move of the Plagueherald (one hex at least): Willing Sacrifice may be used
    (asked after Epidemic's poison), then Epidemic poisons every ally and enemy adjacent to it."""
    if f.kind != "character":
        return
    if any(
        effects_parts.named_in(half, "ph-sacrifice-on-move")
        for _, _, half in effects_parts.active_halves(game, f.id)
    ):
        game.push(Task("ph_sacrifice", f.id))
    if not any(
        effects_parts.named_in(half, "ph-poison-after-move")
        for _, _, half in effects_parts.active_halves(game, f.id)
    ):
        return
    board = game.board()
    if board is None:
        return
    around = sorted(
        g.id
        for g in game.state.figures.values()
        if g.id != f.id and g.kind != "objective" and board.adjacent(f.hex, g.hex)
    )
    game.emit("bonus", f.id, "ph-poison-after-move", *around)
    for gid in around:
        game.add_condition(gid, Condition.POISON)


def _flock_bonus(game: Game, fid: str) -> int:
    if not effects_parts.named_in_play(game, "ph-hurt-poisoned-allies"):
        return 0
    return sum(
        int(args[1])
        for kind, args in effects_parts.round_events(game)
        if kind == "ph-flock" and args[0] == fid
    )


# ------------------------------------------------ Grim Bargain


def _double_pending(game: Game, fid: str) -> bool:
    """Grim Bargain's bottom is active and no attack action of this round has used it yet
    (the one using it is the current one)."""
    if not any(
        effects_parts.named_in(half, "ph-double-next-attack")
        for _, _, half in effects_parts.active_halves(game, fid)
    ):
        return False
    since_action = effects_parts.events_since(game, "action", fid)
    used_now = any(kind == "ph-doubled" and args[0] == fid for kind, args in since_action)
    used_before = any(
        kind == "ph-doubled" and args[0] == fid for kind, args in effects_parts.round_events(game)
    )
    return used_now or not used_before


@effect("ph-double-next-attack")
def _double_next(game: Game, fid: str, ability: Ability) -> None:
    """Grim Bargain: you are muddled (the parts' conditions), and your next attack action this
    round is doubled (:func:`strike_extra`)."""
    for p in ability.then:
        if p.kind == "condition" and p.condition is not None:
            game.add_condition(fid, p.condition)
    game.emit("bonus", fid, ability.note)


def _bargain(game: Game, fid: str) -> tuple[int, Ability] | None:
    for i, _, half in effects_parts.active_halves(game, fid):
        for a in effects_parts.named_in(half, "ph-curse-ally-for-targets"):
            return i, a
    return None


BARGAIN = "grim-bargain"
"""The name Grim Bargain's question goes by when the player orders it among others."""


def ask_before_attack(game: Game, f: Figure) -> tuple[str, Task] | None:
    """Grim Bargain's top: as an attack of the Plagueherald starts (no target chosen yet), it may
    curse one ally within range for more targets (one use slot): the question to ask (once per
    action), or ``None``. The engine asks it (the player ordering it among others)."""
    if f.kind != "character":
        return None
    held = _bargain(game, f.id)
    if held is None:
        return None
    if any(
        kind == "ph-bargain" and args[0] == f.id
        for kind, args in effects_parts.events_since(game, "action", f.id)
    ):
        return None
    allies = sorted(
        g.id for g in actions.targets(game, f, effects_parts.flag_number(held[1], "range-", 2), allies=True)
    )
    if not allies:
        return None
    return BARGAIN, Task("ph_bargain", f.id, 0, ";".join(allies))


def _run_bargain(game: Game, task: Task) -> Decision | None:
    return _ally_pick(game, task, "ph-bargain")


def _apply_bargain(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    held = _bargain(game, task.who)
    if choice.kind == "skip" or held is None or choice.args[0] not in game.state.figures:
        game.emit("ph-bargain", task.who, "declined")
        return
    index, ability = held
    more = effects_parts.flag_number(ability, "target-", 2)
    agenda = game.state.agenda
    below = agenda[-1] if agenda else None
    if below is None or below.kind != "attack" or below.who != task.who:
        game.emit("ph-bargain", task.who, "declined")
        return
    step = AttackStep.of(below)
    attack = msgspec.structs.replace(step.ability, targets=step.ability.targets + more)
    agenda[-1] = Task("attack", below.who, below.n, msgspec.structs.replace(step, ability=attack).text)
    game.emit("ph-bargain", task.who, "paid", choice.args[0], f"targets+{more}")
    game.add_modifier_card(choice.args[0], "curse")
    from delvekit.gloomhaven.effects import active_area as effects_active_area  # the use slot and its XP

    effects_active_area.spend_use(game, task.who, index)


task_handler("ph_bargain", _run_bargain, _apply_bargain)


# ------------------------------------------------ Willing Sacrifice, Baneful Hex


@effect("ph-sacrifice-on-move", "ph-curse-backfires", "ph-curse-ally-for-targets")
def _passive_persistent(game: Game, fid: str, ability: Ability) -> None:
    """Persistent bonuses acting from the active area (see the module docstring)."""
    game.emit("bonus", fid, ability.note)


def _run_sacrifice(game: Game, task: Task) -> Decision | None:
    """Willing Sacrifice: after a move, the Plagueherald may suffer 1 damage for 3 on one
    poisoned enemy (anywhere: our reading; the poisoned enemies as the question is put)."""
    f = game.state.figures.get(task.who)
    alive = [g.id for g in poisoned_enemies(game, f)] if f is not None else []
    if not alive:
        game.pop_task()
        return None
    return Decision(task.who, "target", [*(Choice("target", (i,)) for i in alive), Choice("skip")])


def _apply_sacrifice(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "willing-sacrifice")
        return
    held = [
        a
        for _, _, half in effects_parts.active_halves(game, task.who)
        for a in effects_parts.named_in(half, "ph-sacrifice-on-move")
    ]
    if not held:
        return
    game.emit("ph-sacrifice", task.who, choice.args[0])
    # pushed last runs first: the enemy's damage, then the Plagueherald's own
    game.suffer_damage(task.who, suffer_amount(held[0]), "willing-sacrifice")
    game.suffer_damage(choice.args[0], effects_parts.flag_number(held[0], "deal-", 3), "willing-sacrifice")


task_handler("ph_sacrifice", _run_sacrifice, _apply_sacrifice)


def monster_attacked(game: Game, f: Figure, cards: list[str]) -> None:
    """Baneful Hex: a monster whose attack drew a curse (which made it deal no damage) suffers
    the damage, once per Baneful Hex in play."""
    if "curse" not in cards:
        return
    for cid in sorted(game.state.characters):
        holder = game.state.figures.get(cid)
        if holder is None or not actions.hostile(holder, f):  # an enemy of the card's owner only
            continue
        for _, _, half in effects_parts.active_halves(game, cid):
            for a in effects_parts.named_in(half, "ph-curse-backfires"):
                game.emit("bonus", cid, "ph-curse-backfires", f.id)
                game.suffer_damage(f.id, suffer_amount(a), "baneful-hex")
