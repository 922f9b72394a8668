"""The search bot's CPU per card selection, on fixed positions: for seeds 0-9 of scenario 1
(Black Barrow, Brute + Mindthief, level 1, normal), the first card selection of round 2 or
later with an enemy near (reached by the plain greedy policy), asked to the search bot with
its defaults and with the options of docs/bots.md. Prints the median and largest CPU seconds
per selection and how many deep play-outs ran; the issue's budget is 1 s per selection.
Nothing is asserted (a loaded machine runs slower). ``--quick``: seeds 0-3.

Profile one position with ``python -m cProfile -s cumulative benchmarks/bench_search.py --one``.
"""

from __future__ import annotations

import statistics
import sys
import time

from delvekit.cli.play import new_game
from delvekit.gloomhaven.bots.evaluation import LOOKAHEAD_NEAR, context
from delvekit.gloomhaven.bots.players import GreedyBot
from delvekit.gloomhaven.bots.search import SearchBot
from delvekit.gloomhaven.engine.game import Game

VARIANTS: dict[str, dict[str, object]] = {
    "defaults (2 finalists, 16 deep play-outs)": {},
    "finalists=3, playouts=24": {"finalists": 3, "playouts": 24},
    "lost_extra=8, ranking_low_hp=2, turn_worlds=3": {
        "lost_extra": 8.0,
        "ranking_low_hp": 2.0,
        "turn_worlds": 3,
    },
}


def position(seed: int) -> Game | None:
    """The first card selection of round 2 or later with an enemy within look-ahead reach."""
    game = new_game(1, "brute,mindthief", seed=seed)
    bot = GreedyBot(lookahead=0)
    while game.decision is not None:
        d = game.decision
        if d.kind == "select" and game.state.round >= 2:
            f = game.state.figures[d.actor]
            if context(game, f).hexes <= LOOKAHEAD_NEAR:
                return game
        game.choose(bot.choose(game))
    return None


def main() -> None:
    seeds = range(1) if "--one" in sys.argv else range(4) if "--quick" in sys.argv else range(10)
    games = [(s, g) for s in seeds if (g := position(s)) is not None]
    for name, options in VARIANTS.items():
        spent: list[float] = []
        deep: list[int] = []
        for seed, game in games:
            bot = SearchBot(seed, **options)  # type: ignore[arg-type]
            start = time.process_time()
            bot.choose(game)
            spent.append(time.process_time() - start)
            deep += bot.deep
        print(
            f"search bot, {name}: {len(spent)} selections, CPU per selection median "
            f"{statistics.median(spent):.3f} s, largest {max(spent):.3f} s; deep play-outs {sum(deep)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
