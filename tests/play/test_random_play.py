"""Random legal play across scenarios 1-10 with invariants after every choice; logs replay to
the identical state; save at a random decision, load, continue: identical result."""

from __future__ import annotations

import random

import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.bots import RandomBot
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.engine_checks import violations
from delvekit.gloomhaven.engine_setup import GameSetup

from .conftest import scenario_setup

SCENARIOS = range(1, 11)


def setup_or_skip(scenario: int, size: int) -> GameSetup:
    try:
        return scenario_setup(scenario, size)
    except InputError as exc:
        if "does not model yet" in str(exc):  # the engine's own, named refusal (scenario 9's V)
            pytest.skip(str(exc))
        raise


def play_checked(setup: GameSetup, seed: int) -> Game:
    """A whole game of random legal choices; every invariant holds after every choice."""
    game = Game(setup, seed=seed)
    bot = RandomBot(seed)
    assert not violations(game)
    for n in range(20_000):
        d = game.decision
        if d is None:
            break
        choice = bot.choose(game)
        assert choice in d.choices
        game.choose(choice)
        problems = violations(game)
        assert not problems, f"seed {seed}, choice {n + 1} ({choice}): {problems}"
    assert game.decision is None, f"seed {seed}: no end after 20000 choices"
    assert game.result in ("victory", "defeat")
    outcome = game.outcome
    assert outcome is not None and outcome.rounds == game.state.round >= 1
    return game


def run_games(scenario: int, seeds: range) -> None:
    for seed in seeds:
        size = 2 + seed % 3  # parties of two, three and four in turn
        play_checked(setup_or_skip(scenario, size), seed)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_keep_every_invariant(scenario: int) -> None:
    run_games(scenario, range(12))


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_thousand_random_games_keep_every_invariant(scenario: int) -> None:
    """At least 1,000 games in all: 112 per scenario (1,008 while scenario 9 is refused by the
    engine), seeds not used by the quick test."""
    run_games(scenario, range(1000, 1112))


def test_a_hundred_random_logs_replay_to_the_identical_final_state() -> None:
    games = 0
    for seed in range(100):
        scenario = [1, 2, 3, 4, 5, 6, 7, 8, 10][seed % 9]
        setup = scenario_setup(scenario, 2 + seed % 3)
        game = Game(setup, seed=seed)
        bot = RandomBot(seed)
        while game.decision is not None:
            game.choose(bot.choose(game))
        replayed = Game.from_log(game.log_lines())
        assert replayed.digest() == game.digest()
        assert replayed.result == game.result and replayed.state.round == game.state.round
        assert [str(e) for e in replayed.events] == [str(e) for e in game.events]
        games += 1
    assert games == 100


def test_save_at_a_random_decision_load_and_continue_identically() -> None:
    for seed in range(40):
        rnd = random.Random(seed)
        scenario = [1, 2, 3, 4, 5, 6, 7, 8, 10][seed % 9]
        setup = scenario_setup(scenario, 2 + seed % 3)
        full = Game(setup, seed=seed)
        bot = RandomBot(seed)
        while full.decision is not None:
            full.choose(bot.choose(full))
        cut = rnd.randrange(len(full.log) + 1)
        partial = Game.replay(setup, seed, full.log[:cut])
        resumed = Game.load(partial.save())
        assert resumed.decision == partial.decision
        for text in full.log[cut:]:
            resumed.choose(text)
        assert resumed.digest() == full.digest()
        assert resumed.outcome == full.outcome
