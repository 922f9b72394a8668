"""Named effects of the Sawbones's cards (cards placed with allies, heals that
reach further, condition prevention, executions), registered in
:mod:`delvekit.gloomhaven.engine.registry`. :mod:`~delvekit.gloomhaven.content.character_cards`
writes the ``custom`` abilities whose words start ``sb-`` (the transcriptions in
``tools/importers/transcriptions_sawbones.py``).

Effects performed when the ability is:

===============================  ===================================================================
``sb-cleanse``                   every negative condition removed from the figure(s) just healed,
                                 one adjacent ally (picked) or every adjacent ally
``sb-afflict-healed``            the conditions on every figure just healed (Amputate: stun)
``sb-place-with-ally``           the card is placed with one adjacent ally character (picked): its
                                 parts act for that ally while the card stays in play
``sb-lend-this-round``           Syringe: one adjacent ally character gets the shield this round
``sb-recover-per-adjacent-ally`` Teamwork: you and every adjacent ally character may recover up
                                 to N discarded cards, N the number of allies adjacent to you
``sb-kill-two-conditions``       Euthanize: kill one adjacent normal enemy with two or more
                                 negative conditions
``sb-kill-in-area-hurt``         Grisly Trauma: the player places the three-hex area within range
                                 (in sight); every normal or elite enemy in it missing at least
                                 ten hit points is killed
===============================  ===================================================================

Effects that act from the active area (performing them only says so):

* ``sb-heals-affect-adjacent-this-round`` (Hand of the Surgeon): each heal ability of the
  Sawbones this round heals her and every adjacent ally instead of its printed targets;
* ``sb-cleanse-before-heals`` (Master Physician, six use slots): before each heal ability of the
  Sawbones, every negative condition on the figures it heals is removed (one slot per heal);
* ``sb-melee-targets-adjacent-this-round`` (Hold Back the Pain): each melee attack of the
  Sawbones this round targets every adjacent enemy;
* ``sb-attack-move-as-heal`` (Prep for Surgery): the player may perform each attack or move
  ability of the Sawbones as a heal of its value plus one (range 1, or the attack's range;
  the attack's conditions are not applied);
* ``sb-prevent-conditions-this-round`` (Battlefield Medicine): no negative condition is given
  to the Sawbones or any ally this round;
* ``sb-shield-aura`` (Prevention Is Key): the Sawbones and every ally adjacent to her have the
  shield;
* ``sb-heal-each-turn`` (Triage, four use slots): on each of the Sawbones's next turns (turns
  she acts, not long rests) she performs the heal after her actions, spending a slot.

Cards placed with an ally (``sb-place-with-ally``) stay in the Sawbones's active area (the
engine's cards belong to their owner) and act for the ally holding them: their ``shield`` is the
holder's, ``prevent-conditions`` keeps every negative condition off the holder and
``heal-at-turn-start`` heals the holder as each of its turns starts.

Medical packs (``sb-give-pack``, ``sb-return-to-supply``):
:mod:`~delvekit.gloomhaven.effects.classes.sawbones_packs`.

The engine asks this module through the registry's ability, condition and shield hooks
(``ABILITY_HOOKS``, ``CONDITION_HOOKS``, ``SHIELD_HOOKS``) and its turn hooks.
"""

from __future__ import annotations

import msgspec

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import wordings as wd
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.effects.classes.sawbones_packs import friends_of, healed_this_action, held_packs
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import (
    ABILITY_HOOKS,
    CONDITION_HOOKS,
    SHIELD_HOOKS,
    TURN_HOOKS,
    effect,
)
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

TRIANGLE = ((0, 0), (0, 1), (1, 0))
"""Grisly Trauma's area: three mutually adjacent hexes."""
PLACED = "sb-place-with-ally"
AS_IS = "sb-performs"
"""The event before an ability this module performs unchanged (it is not looked at again)."""


# ----------------------------------------------------------------- helpers


def _in_play(game: Game, cid: str, note: str) -> list[tuple[int, Ability]]:
    """(active card index, ability) of ``cid``'s active cards with the named effect ``note``."""
    return wd.active_holders(game, cid, note)


def _cleanse(game: Game, tid: str) -> bool:
    """Remove every negative condition of ``tid``; whether one was removed."""
    f = game.state.figures.get(tid)
    if f is None:
        return False
    removed = False
    for c in sorted(fx.NEGATIVE, key=lambda c: c.value):
        if f.conditions.remove(c):
            game.emit("condition-ended", tid, c.value, "cleansed")
            removed = True
    return removed


def _pick(game: Game, fid: str, purpose: str, ids: list[str], ability: Ability, n: int = 0) -> None:
    """The player picks one of ``ids`` (or none) for ``purpose`` (an ``sb_pick`` step)."""
    game.push(Task("sb_pick", fid, n, f"{purpose}|{';'.join(ids)}|{ability}"))


def _run_pick(game: Game, task: Task) -> Decision | None:
    ids = [i for i in task.text.split("|", 2)[1].split(";") if i in game.state.figures]
    if not ids:
        game.pop_task()
        game.emit("no-target", task.who)
        return None
    word = "heal" if task.text.startswith("heal|") else "target"  # as the engine asks for a heal
    kind = "heal" if word == "heal" else "ally"
    return Decision(task.who, kind, [*(Choice(word, (i,)) for i in ids), Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    purpose, _, text = task.text.split("|", 2)
    if choice.kind == "skip":
        game.emit("declined", task.who, purpose)
        return
    tid = choice.args[0]
    ability = Ability.parse(text)
    if purpose == "place":
        _place(game, task.who, tid)
    elif purpose == "lend":
        _lend(game, task.who, tid, ability)
    elif purpose == "cleanse":
        _cleanse(game, tid)
        game.emit("cleansed", tid, f"by={task.who}")
    elif purpose == "heal":
        _heal(game, task.who, [tid], task.n)


# ----------------------------------------------------------------- cleansing, afflicting


@effect("sb-cleanse")
def _cleanse_effect(game: Game, fid: str, ability: Ability) -> bool | None:
    f = game.state.figures.get(fid)
    if f is None:
        return False
    notes = fx.flags(ability)
    if "healed" in notes:
        ids = healed_this_action(game, fid)
    else:
        ids = [g.id for g in friends_of(game, f, adjacent=True)]
        if "affects-ally-adjacent" in notes and ids:
            _pick(game, fid, "cleanse", ids, ability)
            return None
    if not ids:
        game.emit("no-target", fid)
        return False
    done = [_cleanse(game, tid) for tid in ids]
    game.emit("cleansed", *ids, f"by={fid}")
    return any(done) or bool(ids)


@effect("sb-afflict-healed")
def _afflict_healed(game: Game, fid: str, ability: Ability) -> bool:
    ids = healed_this_action(game, fid)
    if not ids:
        game.emit("no-target", fid)
        return False
    for tid in ids:
        for p in fx.parts(ability, "condition"):
            if p.condition is not None:
                game.add_condition(tid, p.condition)
    return True


# ----------------------------------------------------------------- cards placed with allies


@effect("sb-place-with-ally", "sb-lend-this-round")
def _place_effect(game: Game, fid: str, ability: Ability) -> bool | None:
    f = game.state.figures.get(fid)
    if f is None:
        return False
    ids = [g.id for g in friends_of(game, f, adjacent=True, characters=True)]
    if not ids:
        game.emit("no-target", fid)
        return False
    _pick(game, fid, "place" if ability.note == PLACED else "lend", ids, ability)
    return None


def _place(game: Game, fid: str, tid: str) -> None:
    ch = game.state.characters.get(fid)
    if ch is None or ch.playing is None:
        return
    game.emit("sb-placed", fid, ch.playing, tid)


def _lend(game: Game, fid: str, tid: str, ability: Ability) -> None:
    target = game.state.figures.get(tid)
    if target is None:
        return
    for p in fx.parts(ability, "shield"):
        target.shield_bonus += p.value
        game.emit("bonus", tid, "shield", p.value, f"by={fid}")


def held_cards(game: Game, holder: str) -> list[Ability]:
    """The ``sb-place-with-ally`` abilities of the cards placed with ``holder`` still in play."""
    out: list[Ability] = []
    for cid in sorted(game.state.characters):
        if cid == holder or cid not in game.state.figures:
            continue
        halves = [(a, h) for _, a, h in fx.active_halves(game, cid) if fx.named_in(h, PLACED)]
        if not halves:
            continue
        placed: dict[str, str] = {}
        for e in game.events:
            if e.kind == "sb-placed" and e.args[0] == cid:
                placed[e.args[1]] = e.args[2]
        for active, half in halves:
            if placed.get(active.card) == holder:
                out += fx.named_in(half, PLACED)
    return out


# ----------------------------------------------------------------- recovering, killing


@effect("sb-recover-per-adjacent-ally")
def _teamwork(game: Game, fid: str, ability: Ability) -> bool | None:
    f = game.state.figures.get(fid)
    if f is None:
        return False
    near = friends_of(game, f, adjacent=True)
    if not near:
        game.emit("no-target", fid)
        return False
    who = [fid, *(g.id for g in near if g.id in game.state.characters)]
    game.emit("sb-teamwork", fid, f"recover={len(near)}", *who)
    for cid in reversed(who):
        game.push(Task("cls_recover", cid, len(near), "discard"))
    return None


@effect("sb-kill-two-conditions")
def _euthanize(game: Game, fid: str, ability: Ability) -> None:
    if fid not in game.state.figures:
        return
    enemies = [
        g
        for g in game.state.figures.values()
        if g.kind == "monster"
        and g.rank == "normal"
        and Condition.INVISIBLE not in g.conditions
        and sum(1 for c in fx.NEGATIVE if c in g.conditions) >= 2
    ]
    fx.offer_pick(game, fid, "kill", ability, enemies)


@effect("sb-kill-in-area-hurt")
def _grisly(game: Game, fid: str, ability: Ability) -> bool | None:
    f = game.state.figures.get(fid)
    if f is None:
        return False
    hurt = fx.flag_number(ability, "hurt-", 10)
    reach = fx.flag_number(ability, "range-", 3)
    shape = Ability(kind="attack", range=reach, area=TRIANGLE)
    options = [ids for ids in actions.area_targets(game, f, shape) if any(_hurt(game, i, hurt) for i in ids)]
    if not options:
        game.emit("no-target", fid)
        return False
    game.push(Task("sb_area", fid, hurt, "/".join(";".join(o) for o in options)))
    return None


def _hurt(game: Game, tid: str, hurt: int) -> bool:
    g = game.state.figures.get(tid)
    return g is not None and g.kind == "monster" and g.rank in ("normal", "elite") and g.max_hp - g.hp >= hurt


def _run_area(game: Game, task: Task) -> Decision | None:
    options = [o.split(";") for o in task.text.split("/")]
    return Decision(task.who, "area", [*(Choice("area", tuple(o)) for o in options), Choice("skip")])


def _apply_area(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "area")
        return
    for tid in choice.args:
        if _hurt(game, tid, task.n):
            fx.kill(game, task.who, tid)


# ----------------------------------------------------------------- active-area bonuses


@effect(
    "sb-heals-affect-adjacent-this-round",
    "sb-melee-targets-adjacent-this-round",
    "sb-prevent-conditions-this-round",
    "sb-cleanse-before-heals",
    "sb-attack-move-as-heal",
    "sb-shield-aura",
    "sb-heal-each-turn",
)
def _passive(game: Game, fid: str, ability: Ability) -> bool:
    """Bonuses that act from the active area (see the module docstring)."""
    game.emit("bonus", fid, ability.note)
    return True


def _heal_parts(ability: Ability) -> tuple[int, str] | None:
    """(value, targets flag) of a heal ability (plain, or ``to-allies`` with only a heal)."""
    if ability.kind == "heal":
        who = f"affects-self-or-ally-range-{ability.range}" if ability.range else "affects-self"
        return ability.value, who
    if ability.kind == "custom" and ability.note == "to-allies":
        heals = fx.parts(ability, "heal")
        others = [p for p in ability.then if p.kind != "heal" and not p.note.startswith("affects-")]
        if len(heals) == 1 and not others:
            who = next((n for n in fx.flags(ability) if n.startswith("affects-")), "affects-self")
            return heals[0].value, who
    return None


def _ability_hook(game: Game, fid: str, ability: Ability) -> bool:
    """Prep for Surgery, Hold Back the Pain, Hand of the Surgeon, Master Physician: ``True`` when
    other steps were put in place of ``ability``."""
    if fid not in game.state.characters or not game.state.characters[fid].active:
        return False
    if game.events and game.events[-1].kind == AS_IS and game.events[-1].args[0] == fid:
        return False
    if ability.kind in ("attack", "move") and _in_play(game, fid, "sb-attack-move-as-heal"):
        game.push(Task("sb_prep", fid, 0, str(ability)))
        return True
    melee = _melee(game, fid, ability)
    if melee is not ability:
        _as_is(game, fid, melee)
        return True
    heal = _heal_parts(ability)
    spread = bool(_in_play(game, fid, "sb-heals-affect-adjacent-this-round"))
    if heal is None or not (spread or _in_play(game, fid, "sb-cleanse-before-heals")):
        return False
    f = game.state.figures[fid]
    value, who = heal
    if spread:  # Hand of the Surgeon: you and every adjacent ally
        ids, pick = [fid, *(g.id for g in friends_of(game, f, adjacent=True))], False
    else:
        ids, pick = wd.allies_named(game, f, who)
    if not ids:
        game.emit("no-target", fid)
    elif pick:
        _pick(game, fid, "heal", ids, ability, value)
    else:
        _heal(game, fid, ids, value)
    return True


def _melee(game: Game, fid: str, ability: Ability) -> Ability:
    """Hold Back the Pain: a melee attack of ``fid`` this round targets every adjacent enemy."""
    if (
        ability.kind == "attack"
        and ability.range == 0
        and not ability.area
        and ability.targets != 0
        and _in_play(game, fid, "sb-melee-targets-adjacent-this-round")
    ):
        return msgspec.structs.replace(ability, targets=0)
    return ability


def _as_is(game: Game, fid: str, ability: Ability) -> None:
    game.push(Task("sb_do", fid, 0, str(ability)))


def _run_do(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    game.emit(AS_IS, task.who, *str(Ability.parse(task.text)).split()[:1])
    game.perform(task.who, Ability.parse(task.text))
    return None


def _heal(game: Game, fid: str, ids: list[str], value: int) -> None:
    """One heal ability of the Sawbones on ``ids``: Master Physician's cleansing first (one use
    slot), then the heal with the bonuses of the active area."""
    bonus = wd.heal_bonus(game, fid)
    physician = _in_play(game, fid, "sb-cleanse-before-heals")
    if physician:
        for tid in ids:
            _cleanse(game, tid)
        game.emit("cleansed", *ids, f"by={fid}")
        wd.spend_use(game, fid, physician[-1][0])
    for tid in ids:
        game.heal(tid, value + bonus)
    game.mark_used(fid)


def _run_prep(game: Game, task: Task) -> Decision | None:
    return Decision(task.who, "as-heal", [Choice("as-heal"), Choice("as-printed")])


def _apply_prep(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ability = Ability.parse(task.text)
    if choice.kind == "as-printed":
        _as_is(game, task.who, _melee(game, task.who, ability))
        return
    reach = ability.range if ability.kind == "attack" and ability.range > 0 else 1
    game.emit("sb-as-heal", task.who, ability.kind, ability.value)
    game.push(Task("sb_do_heal", task.who, ability.value + 1, str(reach)))


def _run_do_heal(game: Game, task: Task) -> Decision | None:
    """A heal put in place of an attack or move: it may still reach every adjacent ally."""
    game.pop_task()
    game.perform(task.who, Ability(kind="heal", value=task.n, range=int(task.text)))
    return None


# ----------------------------------------------------------------- hooks


def _prevented(game: Game, fid: str, condition: Condition) -> bool:
    """Battlefield Medicine (this round: the Sawbones and every ally) and the placed Vaccine and
    Research the Cure (their holder): a negative condition is not given."""
    f = game.state.figures.get(fid)
    if f is None or f.kind == "objective":
        return False
    why = ""
    for cid in sorted(game.state.characters):
        owner = game.state.figures.get(cid)
        if (
            owner is not None
            and not actions.hostile(owner, f)
            and _in_play(game, cid, "sb-prevent-conditions-this-round")
        ):
            why = cid
            break
    placed = fid in game.state.characters and not why
    if placed and any("prevent-conditions" in fx.flags(a) for a in held_cards(game, fid)):
        why = "placed"
    if why:
        game.emit("condition-prevented", fid, condition.value, f"by={why}")
    return bool(why)


def _shield(game: Game, f: Figure) -> int:
    """Prevention Is Key (the Sawbones and every ally adjacent to her) and the placed Booster
    Shot and Research the Cure (their holder)."""
    total = 0
    for cid in game.state.characters:
        owner = game.state.figures.get(cid)
        if owner is None or actions.hostile(owner, f) or f.kind == "objective":
            continue
        if owner is f or fx.is_adjacent(game, owner, f):
            for _, a in _in_play(game, cid, "sb-shield-aura"):
                total += sum(p.value for p in fx.parts(a, "shield"))
    if f.id in game.state.characters:
        total += sum(p.value for a in held_cards(game, f.id) for p in fx.parts(a, "shield"))
    return total


def _turn_start(game: Game, cid: str) -> bool:
    """Regenerative Tissue heals its holder now; Triage's heal and a held pack come after the
    character's actions (steps beneath them). Never takes the turn over."""
    if cid not in game.state.figures:
        return False
    for a in held_cards(game, cid):
        if "heal-at-turn-start" in fx.flags(a):
            for p in fx.parts(a, "heal"):
                game.emit("sb-tissue", cid, p.value)
                game.heal(cid, p.value)
    steps: list[Task] = []
    for i, a in reversed(_in_play(game, cid, "sb-heal-each-turn")):
        heals = fx.parts(a, "heal")
        wd.spend_use(game, cid, i)
        steps += [Task("sb_do_heal", cid, h.value, str(h.range)) for h in heals]
    if held_packs(game, cid):
        steps.append(Task("sb_pack", cid))
    if steps:
        game.push(*steps)
    return False


ABILITY_HOOKS.append(_ability_hook)
CONDITION_HOOKS.append(_prevented)
SHIELD_HOOKS.append(_shield)
TURN_HOOKS.append(_turn_start)

for _kind, _run, _apply in (
    ("sb_pick", _run_pick, _apply_pick),
    ("sb_area", _run_area, _apply_area),
    ("sb_prep", _run_prep, _apply_prep),
    ("sb_do", _run_do, None),
    ("sb_do_heal", _run_do_heal, None),
):
    task_handler(_kind, _run, _apply)
