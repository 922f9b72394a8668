"""The event-level rule checker follows numbered treasure tiles: a character looting one on its
own turn breaks no rule."""

from __future__ import annotations

import random

import msgspec

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.setup import TreasureTile
from delvekit.gloomhaven.testing.examples import board_setup
from delvekit.gloomhaven.testing.rules_sweep import violations


def test_a_treasure_looted_on_the_looters_turn_breaks_no_rule() -> None:
    tile = TreasureTile(number=7, hex=(-2, 0), room=0, rewards=("gold:5",))
    game = Game(msgspec.structs.replace(board_setup(), treasures=(tile,)), seed=12)
    rnd = random.Random(12)
    while game.decision is not None:
        game.choose(rnd.choice(list(game.decision.choices)))
    looted = [e for e in game.events if e.kind == "treasure"]
    assert [e.args[:2] for e in looted] == [("brute", "7")]
    turn = next(e for e in reversed(game.events[: game.events.index(looted[0])]) if e.kind == "turn")
    assert turn.args[0] == "brute"
    assert violations(game) == []
