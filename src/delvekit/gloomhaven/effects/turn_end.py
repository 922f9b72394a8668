"""Class card effects at the end of a turn, a long rest or a round (registry hooks).

``infuse-at-turn-end-unless-strong`` (Beacon of Light), ``at-turn-end`` (Auto Turret, Gas
Canister, Fortified Position, Continual Supply), ``refresh-on-long-rest`` (Refreshment) and
``refresh-at-round-end`` (Reinforced Steel) act from the active area, each use spending a slot.
"""

from __future__ import annotations

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.active_area import active_holders, spend_use
from delvekit.gloomhaven.effects.ally_picks import to_allies
from delvekit.gloomhaven.effects.consume import part_flags
from delvekit.gloomhaven.effects.recovery import recovers
from delvekit.gloomhaven.effects.refresh import refresh_for, refresh_items
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import ROUND_HOOKS, TURN_END_HOOKS
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.elements import Element, Strength


def _turn_end(game: Game, f: Figure) -> None:
    """Beacon of Light: at the end of your turn, infuse the element unless it is Strong (or
    already infused this turn); each infusion spends a use slot. Auto Turret, Fortified
    Position, Gas Canister: at the end of each of your turns, perform the parts (a use slot
    each)."""
    for i, a in reversed(active_holders(game, f.id, "at-turn-end")):
        spend_use(game, f.id, i)
        _at_turn_end(game, f.id, a)
    for i, a in reversed(active_holders(game, f.id, "infuse-at-turn-end-unless-strong")):
        for note in effects_parts.flags(a):
            if not note.startswith("infuse-"):
                continue
            element = Element.parse(note.removeprefix("infuse-"))
            elements = game.state.elements
            if elements[element] is Strength.STRONG or element in elements.pending:
                continue
            game.infuse(element)
            spend_use(game, f.id, i)


def _at_turn_end(game: Game, fid: str, ability: Ability) -> None:
    items = list(ability.then)
    notes = part_flags(items)
    if "pay-discard-1" in notes:  # Continual Supply: you may discard a card for the parts
        game.push(Task("cls_pay", fid, 1, str(ability)))
        return
    if any(n.startswith("ally-recovers-") for n in notes):
        pile = "pile-lost" if "ally-recovers-lost" in notes else "pile-discard"
        recovers(game, fid, [Ability(kind="custom", note=pile), *items])
    elif any(p.kind == "heal" for p in items) and any(n.startswith("affects-") for n in notes):
        to_allies(game, fid, items)
    for p in items:
        if p.kind == "attack":
            effects_parts.perform_attack(game, fid, p)


def _run_pay(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters.get(task.who)
    if ch is None or ch.exhausted or not ch.hand:
        game.pop_task()
        return None
    return Decision(task.who, "pay", [*(Choice("discard", (c,)) for c in ch.hand), Choice("skip")])


def _apply_pay(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "pay")
        return
    ch = game.state.characters[task.who]
    ch.hand.remove(choice.args[0])
    ch.discard.append(choice.args[0])
    game.emit("card", task.who, choice.args[0], "discard")
    rest = [p for p in Ability.parse(task.text).then if p.note not in ("pay-discard-1", "refresh-items")]
    refresh_items(game, task.who, Ability(kind="custom", note="refresh-items", then=tuple(rest)))


def _long_rest_refresh(game: Game, f: Figure) -> None:
    """Refreshment: each time you long rest (this turn), refresh items as the card says."""
    holders = active_holders(game, f.id, "refresh-on-long-rest")
    if not holders:
        return
    rested = any(
        kind == "long-rest" and args and args[0] == f.id
        for kind, args in effects_parts.events_since(game, "turn", f.id)
    )
    if rested:
        for _, a in reversed(holders):
            refresh_for(game, f.id, a)


def _round_end(game: Game, timing: str) -> None:
    """Reinforced Steel: at the end of the round, refresh items as the card says."""
    if timing != "end":
        return
    for cid in sorted(game.state.characters, reverse=True):
        for _, a in reversed(active_holders(game, cid, "refresh-at-round-end")):
            refresh_for(game, cid, a)


TURN_END_HOOKS.append(_turn_end)


TURN_END_HOOKS.append(_long_rest_refresh)


ROUND_HOOKS.append(_round_end)


task_handler("cls_pay", _run_pay, _apply_pay)
