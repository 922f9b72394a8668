"""Descent: exact dice odds (target: 4 attack + 3 defence dice under 50 ms, caches cleared) and a
random-bot game of First Blood (target: under 0.1 s). Medians are printed, never asserted; the
games also print their median CPU time and CPU time per choice (``time.process_time``), which a
busy shared machine disturbs less than the wall clock."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial

from delvekit.descent.odds import attack_odds, attack_outcomes, parse_surges, shield_outcomes


def median_ms(run: Callable[[], object], repeat: int = 15) -> float:
    times = []
    for _ in range(repeat):
        attack_outcomes.cache_clear()
        shield_outcomes.cache_clear()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _one_game(bots: str, seeds: Iterator[int]) -> object:
    from delvekit.descent.bots import play_game

    return play_game("first-blood", ("grisban", "jain"), bots, next(seeds))


def game_cpu(bots: str, games: int = 41) -> tuple[float, float]:
    """The median CPU ms of a game and the CPU us of one choice over seeds 0 to ``games - 1``."""
    from delvekit.descent.bots import play_game

    times, choices = [], 0
    for seed in range(games):
        start = time.process_time()
        game = play_game("first-blood", ("grisban", "jain"), bots, seed)
        times.append(time.process_time() - start)
        choices += len(game.log)
    return statistics.median(times) * 1000, sum(times) / choices * 1e6


def main() -> None:
    four_three = (("blue", "red", "yellow", "green"), ("brown", "gray", "black"))
    surges = parse_surges("+1heart,+1heart,+2range,pierce2")
    queries: list[tuple[str, Callable[[], object]]] = [
        ("odds blue+red vs gray", lambda: attack_odds(("blue", "red"), ("gray",))),
        ("odds 4 attack + 3 defence (target < 50 ms)", lambda: attack_odds(*four_three)),
        ("odds 4+3, 4 surge abilities, range 5",
         lambda: attack_odds(*four_three, abilities=surges, need_range=5)),
    ]  # fmt: skip
    print(f"{'query':52s} {'median ms':>10s}")
    for name, run in queries:
        print(f"{name:52s} {median_ms(run):10.3f}")
    for bots in ("random", "greedy", "random/greedy"):
        seeds = iter(range(10_000))
        game_ms = median_ms(partial(_one_game, bots, seeds), repeat=41)
        print(f"{bots + ' bots: a game of First Blood, 2 heroes':52s} {game_ms:10.3f}")
        cpu_ms, choice_us = game_cpu(bots)
        label = f"  the same, CPU ms ({choice_us:.1f} CPU us a choice)"
        print(f"{label:52s} {cpu_ms:10.3f}")
    print("(target: a random-bot game under 100 ms)")


if __name__ == "__main__":
    main()
