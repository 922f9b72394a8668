"""The Berserker's effects that act from the active area, through the engine's hooks.

:mod:`~delvekit.gloomhaven.effects.classes.berserker` performs the cards' wordings as they are
played; the cards it leaves in the active area act here: Defiance of Death and Vengeful Barrage on
damage to the Berserker (``BEFORE_DAMAGE_HOOKS``), Seeing Red, Vengeful Barrage's fire and Shiny
Distraction on her attacks (``STRIKE_HOOKS``), Blood Pact at the start of each of her turns
(``TURN_START_HOOKS``),
Reckless Offensive on monsters' melee attacks on her (``ATTACKED_HOOKS``), Spiked Armor on her
retaliates (``RETALIATE_HOOKS``) and Unstoppable Destruction after her short rest
(``ROUND_HOOKS``).
"""

from __future__ import annotations

import delvekit.gloomhaven.items.play as items_play
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import wordings
from delvekit.gloomhaven.effects.classes import berserker as be
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.effects.classes.berserker import holders
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import (
    ATTACKED_HOOKS,
    BEFORE_DAMAGE_HOOKS,
    DEATH_HOOKS,
    RETALIATE_HOOKS,
    ROUND_HOOKS,
    STRIKE_HOOKS,
    TURN_START_HOOKS,
    effect,
)
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability


@effect(
    "be-negate-lethal",
    "be-attack-on-damage",
    "be-turn-start-damage",
    "be-hurt-attack-bonus",
    "be-advantage-this-round",
    "be-melee-attackers-bonus",
    "be-retaliate-bonus-this-round",
    "be-short-rest-as-long",
)
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Effects that act from the active area (the hooks below)."""
    game.emit("bonus", fid, ability.note)


def before_damage(game: Game, task: Task) -> bool:
    """Defiance of Death negates a source that would leave the Berserker below 1 hit point;
    Vengeful Barrage lets the damage happen, then attacks (one use slot each). ``True``: the
    damage task was taken over."""
    f = game.state.figures.get(task.who)
    if f is None or f.kind != "character" or task.n <= 0:
        return False
    lethal = holders(game, f.id, "be-negate-lethal")
    if lethal and task.n >= f.hp:
        game.pop_task()
        game.emit("negated", f.id, task.n, task.text, "defiance")
        wordings.spend_use(game, f.id, lethal[-1][0])
        return True
    barrage = holders(game, f.id, "be-attack-on-damage")
    last = game.events[-1] if game.events else None
    if barrage and not (last is not None and last.kind == "be-barrage" and last.args[:1] == (f.id,)):
        i, a = barrage[-1]
        game.pop_task()
        wordings.spend_use(game, f.id, i)
        game.emit("be-barrage", f.id)  # last: the re-pushed damage task is not asked again
        attack = next(p for p in a.then if p.kind == "attack")
        game.push(task, Task("be_barrage", f.id, attack.value))
        return True
    return False


def _run_barrage(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    if task.who in game.state.figures:
        game.perform(task.who, Ability(kind="attack", value=task.n))
    return None


def strike_extra(game: Game, f: Figure, target: Figure, out: object) -> None:
    """Bonuses on one attack: Seeing Red (+N while hurt), Vengeful Barrage's fire (+N this
    round), Shiny Distraction (advantage this round) for the Berserker's attacks."""
    assert isinstance(out, fx.StrikeBonus)
    if f.id in game.state.characters:
        if be.is_hurt(game, f):
            for _, a in holders(game, f.id, "be-hurt-attack-bonus"):
                n = sum(p.value for p in a.then if p.kind == "attack")
                out.attack += n
                out.why.append(f"hurt+{n}")
        n = sum(
            int(args[1])
            for kind, args in fx.round_events(game)
            if kind == "be-round-bonus" and args[0] == f.id
        )
        if n:
            out.attack += n
            out.why.append(f"round-bonus+{n}")
        if holders(game, f.id, "be-advantage-this-round"):
            out.advantage = True


def _turn_start(game: Game, cid: str) -> list[Task]:
    """Blood Pact: suffer the damage at the start of each of your turns (resting or stunned too)."""
    pacts = holders(game, cid, "be-turn-start-damage")
    n = sum(fx.flag_number(a, "suffer-damage-") for _, a in pacts)
    return [Task("damage", cid, n, "blood-pact")] if n else []


def attacked(game: Game, attacker: Figure, target: Figure, melee: bool) -> int:
    """Reckless Offensive: a melee attack on the Berserker adds +N."""
    if not melee or target.id not in game.state.characters:
        return 0
    n = sum(p.value for _, a in holders(game, target.id, "be-melee-attackers-bonus") for p in a.then)
    if n:
        game.emit("attack-bonus", attacker.id, target.id, f"+{n}", "reckless")
    return n


def retaliates(game: Game, cid: str) -> list[tuple[int, int]]:
    """Spiked Armor: +N to each of her retaliate abilities this round — those performed this
    round and the persistent ones played before it (an adjacent retaliate of 2N per two)."""
    bonus = sum(
        fx.flag_number(a, "retaliate-plus-") for _, a in holders(game, cid, "be-retaliate-bonus-this-round")
    )
    if not bonus:
        return []
    events = fx.round_events(game)
    count = sum(1 for kind, args in events if kind == "bonus" and args[:2] == (cid, "retaliate"))
    fresh = {
        args[1] for kind, args in events if kind == "card" and args[0] == cid and args[2:] == ("active",)
    }
    ch = game.state.characters[cid]
    for i, active in enumerate(ch.active):
        if active.duration == "persistent" and active.card not in fresh:
            half = fx.active_halves(game, cid)[i][2]
            count += sum(1 for a in half.abilities if a.kind == "retaliate")
    return [(bonus * count, 1)] if count else []


def _round_end(game: Game, timing: str) -> None:
    """Unstoppable Destruction: remember the discard pile; after the round's short rests
    (``be_long_rest``), a Berserker who short rested gains a long rest's benefits."""
    if timing != "end":
        return
    for cid, ch in sorted(game.state.characters.items()):
        played = any(
            kind == "bonus" and args == (cid, "be-short-rest-as-long") for kind, args in fx.round_events(game)
        )
        if played and not ch.exhausted:
            game.push(Task("be_long_rest", cid, 0, ";".join(ch.discard)))


def _rested(game: Game, cid: str) -> str | None:
    """The card ``cid`` lost in its short rest since the round ended, if it rested."""
    for e in reversed(game.events):
        if e.kind == "round-end":
            return None
        if e.kind == "short-rest-reroll" and e.args[:1] == (cid,):
            return e.args[2].removeprefix("lost=")
        if e.kind == "short-rest" and e.args[:1] == (cid,):
            return e.args[1].removeprefix("lost=")
    return None


def _run_long_rest(game: Game, task: Task) -> Decision | None:
    """Choose the card to lose (the random one, or another card of the pile she rested with)."""
    ch = game.state.characters.get(task.who)
    lost = _rested(game, task.who)
    if ch is None or ch.exhausted or lost is None:
        game.pop_task()
        return None
    pile = [c for c in task.text.split(";") if c in ch.hand or c == lost]
    if not pile:
        game.pop_task()
        return None
    return Decision(task.who, "long-rest", [Choice("lose", (c,)) for c in pile])


def _apply_long_rest(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ch = game.state.characters[task.who]
    lost = _rested(game, task.who)
    card = choice.args[0]
    if card != lost and lost in ch.lost:
        ch.lost.remove(lost)
        ch.hand.append(lost)
        ch.hand.remove(card)
        ch.lost.append(card)
    game.emit("be-long-rest", task.who, f"lost={card}")
    game.heal(task.who, 2)
    items_play.refresh_spent(game, task.who)


def _died(game: Game, f: Figure) -> None:
    """Bone Breaker's token leaves with its figure (a later standee of that number flies)."""
    game.state.scenario_marks.pop(f"grounded|{f.id}", None)


BEFORE_DAMAGE_HOOKS.append(before_damage)
DEATH_HOOKS.append(_died)
STRIKE_HOOKS.append(strike_extra)
TURN_START_HOOKS.append(_turn_start)
ATTACKED_HOOKS.append(attacked)
RETALIATE_HOOKS.append(retaliates)
ROUND_HOOKS.append(_round_end)
task_handler("be_barrage", _run_barrage, None)
task_handler("be_long_rest", _run_long_rest, _apply_long_rest)
