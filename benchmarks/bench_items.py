"""Items in play: the cost of equipped items on random play.

Scenario 1, Brute + Mindthief at level 5, random bots, the same seeds with and without a full
set of items (every slot: boots, armour with use slots and -1 cards, a helmet, hand items,
potions). Prints the median milliseconds per game and per choice, choices per game, the ratios
with / without items and how often items were used per game. Nothing is asserted.
``--games N``: N games each (default 40).
"""

from __future__ import annotations

import statistics
import sys
import time

from delvekit.cli.play import new_game
from delvekit.gloomhaven.bots.players import RandomBot, play

KIT = "brute=1,3,6,11,12,14,27;mindthief=2,23,24,9,13,20,41"
"""Level 5: three small items each."""


def one(seed: int, items: str | None) -> tuple[float, int, int]:
    game = new_game(1, "brute,mindthief", level=5, seed=seed, items=items)
    start = time.perf_counter()
    play(game, RandomBot(seed))
    elapsed = time.perf_counter() - start
    used = sum(1 for e in game.events if e.kind == "item-used")
    return elapsed, len(game.log), used


def main(argv: list[str]) -> None:
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 40
    rows = {}
    for label, kit in (("no items", None), ("items", KIT)):
        runs = [one(seed, kit) for seed in range(games)]
        ms = statistics.median(r[0] for r in runs) * 1000
        choices = statistics.median(r[1] for r in runs)
        used = statistics.mean(r[2] for r in runs)
        per_choice = statistics.median(r[0] / max(1, r[1]) for r in runs) * 1000
        rows[label] = (ms, per_choice)
        print(
            f"{label:>9}: median {ms:7.1f} ms/game, {choices:5.0f} choices/game, "
            f"{per_choice:.3f} ms/choice, items used {used:4.1f}/game"
        )
    (game_with, choice_with), (game_without, choice_without) = rows["items"], rows["no items"]
    print(
        f"ratio items / no items: {game_with / game_without:.2f} per game, "
        f"{choice_with / choice_without:.2f} per choice"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
