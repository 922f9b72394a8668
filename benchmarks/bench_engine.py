"""Engine throughput: random legal play on the hand-built example setups (no content pack yet).

Reports choices per second, games per second, the median cost of one ``clone()`` and of one
``save()``/``load()`` round trip. The first two setups have no map (move/attack are declined:
the cost of the round machine alone); the board setup plays real moves, attacks and monster-AI
turns.
"""

from __future__ import annotations

import random
import statistics
import time

from delvekit.gloomhaven.bots.players import make_bot
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.setup import GameSetup
from delvekit.gloomhaven.testing.examples import board_setup, four_setup, tiny_setup


def play(seed: int, setup: GameSetup | None = None) -> Game:
    game = Game(setup or tiny_setup(), seed=seed)
    rnd = random.Random(seed)
    while game.decision is not None:
        choices = game.decision.choices
        game.choose(choices[rnd.randrange(len(choices))])
    return game


def greedy_game(classes: list[str], seed: int) -> Game:
    """One game of scenario 1 played by the greedy bot (delvekit.gloomhaven.bots.players) on every seat."""
    setup = setup_from_pack(load_pack(), 1, [Member(c) for c in classes])
    game = Game(setup, seed=seed)
    bot = make_bot("greedy", seed)
    while game.decision is not None:
        game.choose(bot.choose(game))
    return game


def throughput(label: str, setup: GameSetup) -> None:
    games, choices, times = 0, 0, []
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        t = time.perf_counter()
        g = play(games, setup)
        times.append(time.perf_counter() - t)
        games += 1
        choices += len(g.log)
    total = time.perf_counter() - start
    print(f"random {label} games: {games / total:8.1f} games/s, {choices / total:9.0f} choices/s")
    print(f"  median game {statistics.median(times) * 1000:.2f} ms, {choices / games:.0f} choices/game")


def main() -> None:
    throughput("2-character", tiny_setup())
    throughput("4-character", four_setup())
    throughput("2-character board (move, attack, monster AI)", board_setup())
    scenario_1 = setup_from_pack(load_pack(), 1, [Member("brute"), Member("mindthief")])
    throughput("scenario 1 brute+mindthief", scenario_1)
    for classes in (["brute", "mindthief"], ["brute", "mindthief", "tinkerer"]):
        times, results = [], []
        for seed in range(5):
            t = time.perf_counter()
            g = greedy_game(classes, seed)
            times.append(time.perf_counter() - t)
            results.append(f"{g.result}/{g.state.round}")
        print(
            f"greedy scenario 1, {len(classes)} characters: median {statistics.median(times) * 1000:.1f} ms "
            f"per game; results {' '.join(results)}"
        )

    mid = play(1)
    mid = Game.replay(mid.setup, 1, mid.log[: len(mid.log) // 2])
    n = 2000
    t = time.perf_counter()
    for _ in range(n):
        mid.clone()
    clone_us = (time.perf_counter() - t) / n * 1e6
    samples = []
    for _ in range(50):
        t = time.perf_counter()
        Game.load(mid.save())
        samples.append(time.perf_counter() - t)
    print(
        f"clone(): {clone_us:.1f} us   save+load (replay {len(mid.log)} choices): "
        f"{statistics.median(samples) * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
