"""No damage this round, and damage taken for an ally.

``negate-damage-this-round``: you and the allies named suffer no damage this round;
``take-ally-damage`` and ``shield-allies`` act from the active area. The engine asks
:func:`before_damage` (every damage), :func:`protected` and :func:`ally_shield`.
"""

from __future__ import annotations

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.active_area import active_holders
from delvekit.gloomhaven.effects.allies import allies_named
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability

# ------------------------------------------------------------ no damage


@effect("negate-damage-this-round")
def _protect(game: Game, fid: str, ability: Ability) -> None:
    """Protective Blessing: the performer and the allies named suffer no damage this round."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in effects_parts.flags(ability) if n.startswith("affects-")), "affects-self")
    ids, _ = allies_named(game, f, who) if who != "affects-self" else ([fid], False)
    game.emit("protected", fid, *ids)


def before_damage(game: Game, task: Task) -> bool:
    """Called before a damage task (``task.who`` suffers ``task.n``): ``True`` when this module
    took it over — Protective Blessing negates it; Divine Intervention first asks its owner
    whether to suffer it instead, reduced by 1."""
    f = game.state.figures.get(task.who)
    if f is None:
        return False
    if protected(game, f.id):
        game.pop_task()
        game.emit("negated", f.id, task.n, task.text, "protected")
        return True
    last = game.events[-1] if game.events else None
    if last is not None and last.kind == "intervene-declined" and last.args[:1] == (f.id,):
        return False  # asked already for this damage
    for cid in sorted(game.state.characters):
        owner = game.state.figures.get(cid)
        if cid == f.id or owner is None or actions.hostile(owner, f) or f.kind == "objective":
            continue
        if active_holders(game, cid, "take-ally-damage"):
            game.pop_task()
            game.push(Task("cls_intervene", cid, task.n, f"{f.id}|{task.text}"))
            return True
    return False


def _run_intervene(game: Game, task: Task) -> Decision | None:
    target = task.text.split("|", 1)[0]
    if task.who not in game.state.figures or target not in game.state.figures:
        game.pop_task()
        if target in game.state.figures:
            game.push(Task("damage", target, task.n, task.text.split("|", 1)[1]))
        return None
    return Decision(task.who, "intervene", [Choice("intervene", (target,)), Choice("decline")])


def _apply_intervene(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    target, source = task.text.split("|", 1)
    if choice.kind == "intervene":
        reduced = max(0, task.n - 1)
        game.emit("intervened", task.who, target, task.n)
        game.push(Task("damage", task.who, reduced, "intervene"))
    else:
        game.emit("intervene-declined", target)
        game.push(Task("damage", target, task.n, source))


def ally_shield(game: Game, target: Figure) -> int:
    """Divine Intervention: shield from a character's "you and all allies" persistent card."""
    total = 0
    for cid in game.state.characters:
        owner = game.state.figures.get(cid)
        if owner is None or actions.hostile(owner, target):
            continue
        for _, a in active_holders(game, cid, "shield-allies"):
            total += sum(p.value for p in effects_parts.parts(a, "shield"))
    return total


def protected(game: Game, fid: str) -> bool:
    """Whether every source of damage to ``fid`` is negated this round (Protective Blessing,
    while its round card is in its owner's active area)."""
    if not effects_parts.named_in_play(game, "negate-damage-this-round"):
        return False
    return any(kind == "protected" and fid in args[1:] for kind, args in effects_parts.round_events(game))


task_handler("cls_intervene", _run_intervene, _apply_intervene)
