"""Whole games with bots: one greedy game of scenario 1 for two and for four characters
(median over seeds), and random-play throughput (choices per second, games per second) for
two characters on scenario 1. Targets (issue 4): a four-character greedy game under 1 s, at
least 10 random two-character games per second on one core. Nothing is asserted.

Then greedy against random bots over 200 games each of scenario 1, at normal and at easy
difficulty (victories and monsters killed; ``--quick``: 20 games each).

``python benchmarks/bench_play.py --profile`` also prints where a greedy four-character game
spends its time (cProfile, top functions by own time)."""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

from delvekit.gloomhaven.bots.players import GreedyBot, RandomBot, play
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.level import Difficulty
from delvekit.gloomhaven.model.setup import GameSetup

# The bundled playable classes, plus the test fixture classes for a party of four.
CUSTOM = Path(__file__).resolve().parents[1] / "tests" / "data" / "fixtures" / "custom-content"
TWO = ("brute", "mindthief")
FOUR = ("brute", "mindthief", "tinkerer", "test-warden")


def setup_for(party: tuple[str, ...], difficulty: Difficulty = "normal") -> GameSetup:
    return setup_from_pack(load_pack(extra=CUSTOM), 1, [Member(c) for c in party], difficulty=difficulty)


def greedy_games(setup: GameSetup, seeds: range) -> tuple[list[float], list[Game]]:
    times, games = [], []
    for seed in seeds:
        start = time.perf_counter()
        game = play(Game(setup, seed=seed), GreedyBot())
        times.append(time.perf_counter() - start)
        games.append(game)
    return times, games


def main() -> None:
    two, four = setup_for(TWO), setup_for(FOUR)
    for name, setup in (("two", two), ("four", four)):
        times, games = greedy_games(setup, range(15))
        wins = sum(g.result == "victory" for g in games)
        rounds = statistics.median(g.state.round for g in games)
        choices = statistics.median(len(g.log) for g in games)
        print(
            f"greedy game, scenario 1, {name} characters: median {statistics.median(times) * 1e3:.0f} ms "
            f"(max {max(times) * 1e3:.0f} ms; target < 1000 ms for four); "
            f"{wins}/15 victories, median {rounds:.0f} rounds, {choices:.0f} choices"
        )
    # random-play throughput: whole two-character games of scenario 1, bot time included
    start = time.perf_counter()
    games = choices_made = 0
    while time.perf_counter() - start < 3.0:
        game = play(Game(two, seed=games), RandomBot(games))
        games += 1
        choices_made += len(game.log)
    elapsed = time.perf_counter() - start
    print(
        f"random play, scenario 1, two characters: {games / elapsed:.1f} games/s "
        f"(target >= 10), {choices_made / elapsed:.0f} choices/s"
    )
    # where one decision's time goes: engine (choose) against the greedy bot (choose a choice)
    bot, engine_t, bot_t = GreedyBot(), 0.0, 0.0
    for seed in range(5):
        game = Game(four, seed=seed)
        while game.decision is not None:
            t0 = time.perf_counter()
            choice = bot.choose(game)
            t1 = time.perf_counter()
            game.choose(choice)
            engine_t += time.perf_counter() - t1
            bot_t += t1 - t0
    share = engine_t / (engine_t + bot_t)
    print(f"greedy four-character games: engine {share:.0%} of the time, bot the rest")
    count = 20 if "--quick" in sys.argv else 200
    win_rates(two, count, "normal")
    win_rates(setup_for(TWO, "easy"), count, "easy")
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.enable()
        greedy_games(four, range(5))
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)


def win_rates(setup: GameSetup, games: int, difficulty: str) -> None:
    """Issue 5's measure: greedy against random bots on scenario 1 (Brute + Mindthief),
    ``games`` seeds each: victories, and the monsters killed per game (of the scenario's nine
    for two characters) as a finer measure of strength."""
    for name, make in (("greedy", lambda seed: GreedyBot()), ("random", RandomBot)):
        start = time.perf_counter()
        wins, kills = 0, []
        for seed in range(games):
            game = play(Game(setup, seed=seed), make(seed))
            wins += game.result == "victory"
            kills.append(sum(e.kind == "killed" for e in game.events))
        elapsed = time.perf_counter() - start
        print(
            f"{name} bots, scenario 1 ({difficulty}), brute+mindthief, {games} games: {wins} victories "
            f"({wins / games:.1%}); monsters killed per game: mean {statistics.mean(kills):.2f}, "
            f"max {max(kills)}; {elapsed / games * 1e3:.0f} ms per game"
        )


if __name__ == "__main__":
    main()
