"""Resting with cards in the active area: active cards without the lost icon count as
discarded, and a resting character may pick them up into its discard pile first or leave them
in play (§4, FAQ p.58; task ``rest_pickup``).
"""

from __future__ import annotations

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.summons import card_left_play
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.state import Task

# ------------------------------------------------------------------- rests


def pickup_candidates(game: Game, cid: str) -> list[str]:
    """Active cards that count as discarded (no lost icon), which a resting character may pick
    up into its discard pile first or leave in play (§4, FAQ p.58)."""
    ch = game.state.characters.get(cid)
    return [] if ch is None else [a.card for a in ch.active if not a.lost]


def _run_pickup(game: Game, task: Task) -> Decision | None:
    cards = pickup_candidates(game, task.who)
    if not cards:
        game.pop_task()
        return None
    return Decision(task.who, "pick-up", [*(Choice("pick-up", (c,)) for c in cards), Choice("keep-active")])


def _apply_pickup(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "keep-active":
        return
    ch = game.state.characters[task.who]
    card = choice.args[0]
    ch.active = [a for a in ch.active if a.card != card]
    ch.discard.append(card)
    game.emit("card", task.who, card, "discard")
    card_left_play(game, task.who, card)
    game.push(Task("rest_pickup", task.who))


task_handler("rest_pickup", _run_pickup, _apply_pickup)
