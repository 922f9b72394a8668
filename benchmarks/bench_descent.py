"""Descent: exact dice odds (target: 4 attack + 3 defence dice under 50 ms, caches cleared) and a
random-bot game of First Blood (target: under 0.1 s). Medians are printed, never asserted; the
games also print their median CPU time and CPU time per choice (``time.process_time``), which a
busy shared machine disturbs less than the wall clock."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

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


def games(bots: str, count: int = 41) -> tuple[float, float, float]:
    """Games of First Blood with 2 heroes on seeds 0 to ``count - 1``: the median wall ms and CPU
    ms of a game and the CPU us of one choice (the board's caches warm up over the first games,
    as in any run of many games)."""
    from delvekit.descent.bots import play_game

    wall, cpu, choices = [], [], 0
    for seed in range(count):
        start, start_cpu = time.perf_counter(), time.process_time()
        game = play_game("first-blood", ("grisban", "jain"), bots, seed)
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
        choices += len(game.log)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000, sum(cpu) / choices * 1e6


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
        game_ms, cpu_ms, choice_us = games(bots)
        print(f"{bots + ' bots: a game of First Blood, 2 heroes':52s} {game_ms:10.3f}")
        label = f"  the same, CPU ms ({choice_us:.1f} CPU us a choice)"
        print(f"{label:52s} {cpu_ms:10.3f}")
    print("(target: a random-bot game under 100 ms)")


if __name__ == "__main__":
    main()
