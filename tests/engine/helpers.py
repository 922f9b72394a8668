"""Shared helpers for engine tests: a random bot and drivers that stop at a given decision."""

from __future__ import annotations

import random
from collections.abc import Callable

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.engine_checks import violations


def random_choice(game: Game, rnd: random.Random) -> Choice:
    assert game.decision is not None
    return rnd.choice(list(game.decision.choices))


def play_random(game: Game, seed: int, *, max_choices: int = 5000, check: bool = True) -> Game:
    """Play random legal choices until the end, checking invariants after each one."""
    rnd = random.Random(seed)
    for _ in range(max_choices):
        if game.decision is None:
            return game
        game.choose(random_choice(game, rnd))
        if check:
            problems = violations(game)
            assert not problems, problems
    raise AssertionError("game did not end")


def until(game: Game, stop: Callable[[Decision], bool], answer: Callable[[Decision], str]) -> Decision:
    """Answer decisions with ``answer`` until ``stop`` holds for the pending one."""
    for _ in range(1000):
        d = game.decision
        assert d is not None, "game ended"
        if stop(d):
            return d
        game.choose(answer(d))
    raise AssertionError("never reached")
