"""Random legal play across scenarios 1-10 with invariants after every choice; logs replay to
the identical state; save at a random decision, load, continue: identical result."""

from __future__ import annotations

import random
from functools import cache

import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.bots.players import RandomBot
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.setup import GameSetup
from delvekit.gloomhaven.testing.invariants import violations

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


@cache
def checked(scenario: int, seed: int) -> Game:
    """One random game (parties of two, three and four in turn), shared by the tests below."""
    return play_checked(setup_or_skip(scenario, 2 + seed % 3), seed)


def run_games(scenario: int, seeds: range) -> None:
    for seed in seeds:
        play_checked(setup_or_skip(scenario, 2 + seed % 3), seed)


FAST_SEEDS = range(4)  # make test; the slow tier adds seeds 4-11 and the thousand games


def _tiered(scenario: int, seed: int) -> object:
    marks = [] if seed in FAST_SEEDS else [pytest.mark.slow]
    return pytest.param(scenario, seed, marks=marks)


GAMES = [_tiered(n, s) for n in SCENARIOS for s in range(12)]


@pytest.mark.parametrize(("scenario", "seed"), GAMES)
def test_random_games_keep_every_invariant(scenario: int, seed: int) -> None:
    checked(scenario, seed)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_thousand_random_games_keep_every_invariant(scenario: int) -> None:
    """At least 1,000 games in all (112 per scenario), seeds not used by the other tests."""
    run_games(scenario, range(1000, 1112))


@pytest.mark.parametrize(("scenario", "seed"), GAMES)
def test_random_logs_replay_to_the_identical_final_state(scenario: int, seed: int) -> None:
    game = checked(scenario, seed)
    replayed = Game.from_log(game.log_lines())
    assert replayed.digest() == game.digest()
    assert replayed.result == game.result and replayed.state.round == game.state.round
    assert [str(e) for e in replayed.events] == [str(e) for e in game.events]


@pytest.mark.parametrize(("scenario", "seed"), GAMES)
def test_save_at_a_random_decision_load_and_continue_identically(scenario: int, seed: int) -> None:
    full = checked(scenario, seed)
    cut = random.Random(seed).randrange(len(full.log) + 1)
    partial = Game.replay(full.setup, seed, full.log[:cut])
    resumed = Game.load(partial.save())
    assert resumed.decision == partial.decision
    for text in full.log[cut:]:
        resumed.choose(text)
    assert resumed.digest() == full.digest()
    assert resumed.outcome == full.outcome
