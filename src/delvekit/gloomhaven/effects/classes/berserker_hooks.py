"""The Berserker's effects that act from the active area, through the engine's hooks.

:mod:`~delvekit.gloomhaven.effects.classes.berserker` performs the cards' wordings as they are
played; the cards it leaves in the active area act here: Defiance of Death and Vengeful Barrage on
damage to the Berserker (``BEFORE_DAMAGE_HOOKS``), Seeing Red, Vengeful Barrage's fire and Shiny
Distraction on her attacks (``STRIKE_HOOKS``), Blood Pact at the start of her turns
(``TURN_HOOKS``: the turns in which she performs actions, not a long rest or a stunned turn).
"""

from __future__ import annotations

from delvekit.core.records import Decision
from delvekit.gloomhaven.effects import wordings
from delvekit.gloomhaven.effects.classes import berserker as be
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.effects.classes.berserker import holders
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import BEFORE_DAMAGE_HOOKS, STRIKE_HOOKS, TURN_HOOKS, effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability


@effect(
    "be-negate-lethal",
    "be-attack-on-damage",
    "be-turn-start-damage",
    "be-hurt-attack-bonus",
    "be-advantage-this-round",
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
        wordings._spend(game, f.id, lethal[-1][0])
        return True
    barrage = holders(game, f.id, "be-attack-on-damage")
    last = game.events[-1] if game.events else None
    if barrage and not (last is not None and last.kind == "be-barrage" and last.args[:1] == (f.id,)):
        i, a = barrage[-1]
        game.pop_task()
        wordings._spend(game, f.id, i)
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
            for kind, args in fx._this_round(game)
            if kind == "be-round-bonus" and args[0] == f.id
        )
        if n:
            out.attack += n
            out.why.append(f"round-bonus+{n}")
        if holders(game, f.id, "be-advantage-this-round"):
            out.advantage = True


def _turn_start(game: Game, cid: str) -> bool:
    """Blood Pact: suffer the damage at the start of each of your turns, then the turn."""
    pacts = holders(game, cid, "be-turn-start-damage")
    if not pacts:
        return False
    n = sum(fx.flag_number(a, "suffer-damage-") for _, a in pacts)
    game.push(Task("action", cid, 1))
    game.suffer_damage(cid, n, "blood-pact")
    return True


BEFORE_DAMAGE_HOOKS.append(before_damage)
STRIKE_HOOKS.append(strike_extra)
TURN_HOOKS.append(_turn_start)
task_handler("be_barrage", _run_barrage, None)
