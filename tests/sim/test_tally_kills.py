"""A simulated game's row credits each monster killed to the character whose attack killed it."""

from __future__ import annotations

import random

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.examples import board_setup
from delvekit.sim.game import tally


def test_a_kill_is_credited_to_the_character_whose_attack_made_it() -> None:
    game = Game(board_setup(), seed=12)
    rnd = random.Random(12)
    while not any(e.kind == "killed" for e in game.events):
        assert game.decision is not None, "the game ended before a kill"
        game.choose(rnd.choice(list(game.decision.choices)))
    events = game.events
    killed = next(i for i, e in enumerate(events) if e.kind == "killed")
    attack = next(e for e in reversed(events[:killed]) if e.kind == "attack")
    assert events[killed].args[0] == attack.args[1] and attack.args[0] == "brute"
    row = tally(game)
    assert row["monsters_killed"] == 1
    assert (row["c1_class"], row["c1_kills"]) == ("brute", 1)
    assert (row["c2_class"], row["c2_kills"]) == ("spellweaver", 0)
