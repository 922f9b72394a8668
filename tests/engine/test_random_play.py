"""Random legal play with invariants after every choice; replay and save/load identity."""

from __future__ import annotations

import random

import pytest

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.examples import four_setup, tiny_setup

from .helpers import play_random, random_choice


@pytest.mark.parametrize("make", [tiny_setup, four_setup])
def test_random_games_keep_every_invariant(make: object) -> None:
    for seed in range(60):
        game = play_random(Game(make(), seed=seed), seed)  # type: ignore[operator]
        assert game.result in ("victory", "defeat")


def test_random_games_with_reveals_and_effects_keep_every_invariant() -> None:
    """Rooms revealed and damage dealt at random moments (as abilities will), still sound."""
    from delvekit.gloomhaven.testing.invariants import violations

    for seed in range(40):
        game = Game(four_setup(), seed=seed)
        rnd = random.Random(seed)
        while game.decision is not None:
            if game.decision.kind == "action" and rnd.random() < 0.1:
                if 1 not in game.state.revealed_rooms:
                    game.reveal_room(1)
                monsters = game.state.monsters()
                if monsters:
                    game.suffer_damage(rnd.choice(monsters).id, rnd.randint(1, 6), "test")
            if game.decision is None:
                break
            game.choose(random_choice(game, rnd))
            assert not violations(game)
        assert game.result in ("victory", "defeat")


def test_logs_replay_to_the_identical_state() -> None:
    for seed in range(30):
        game = play_random(Game(four_setup(), seed=seed), seed, check=False)
        assert Game.from_log(game.log_lines()).digest() == game.digest()


def test_save_at_a_random_decision_load_and_continue_identically() -> None:
    for seed in range(20):
        rnd = random.Random(seed)
        full = play_random(Game(tiny_setup(), seed=seed), seed, check=False)
        cut = rnd.randrange(len(full.log) + 1)
        partial = Game.replay(tiny_setup(), seed, full.log[:cut])
        resumed = Game.load(partial.save())
        for text in full.log[cut:]:
            resumed.choose(text)
        assert resumed.digest() == full.digest() and resumed.result == full.result
