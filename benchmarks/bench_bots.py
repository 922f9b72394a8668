"""Bot strength: greedy against random bots on scenario 1 (Black Barrow), level 1, normal
difficulty, 200 games each (seeds 0-199), for the starter pair (Brute + Mindthief), a party of
three (+ Tinkerer) and, when a fourth bundled class is playable, a party of four.

Prints per party and bot: victories (rate), monsters killed per game (a finer measure of
strength), rounds per game, and speed (median ms per game, games per second over the worker
processes). Nothing is asserted. ``--quick``: 20 games each; ``--games N``: N games each;
``--difficulty D``: another difficulty; ``--workers N``: processes (default 2); ``--party
A,B,...``: only this party; ``--search``: the search bot too (about twice the greedy bot's time
per game), with the CPU seconds of its searched card selections (median and largest).

This is issue 5's measure "greedy bots win scenario 1 far more often than random bots".
"""

from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from delvekit.gloomhaven.bots.players import Bot, GreedyBot, RandomBot, play
from delvekit.gloomhaven.bots.search import SearchBot
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.setup import GameSetup

STARTERS = ("brute", "mindthief", "tinkerer")
"""The party grows in this order; a fourth member is the first other playable bundled class."""


def parties() -> list[tuple[str, ...]]:
    pack = load_pack()
    out = [STARTERS[:2], STARTERS]
    fourth = sorted(c for c, k in pack.classes.items() if c not in STARTERS and k.playable_at(1))
    if fourth:
        out.append((*STARTERS, fourth[0]))
    return out


def one_game(job: tuple[tuple[str, ...], str, str, int]) -> tuple[bool, int, int, float, list[float]]:
    """(won, monsters killed, rounds, seconds, CPU seconds of each searched card selection) of
    one game."""
    party, difficulty, bot, seed = job
    setup = _setup(party, difficulty)
    start = time.perf_counter()
    player: Bot = SearchBot(seed) if bot == "search" else GreedyBot() if bot == "greedy" else RandomBot(seed)
    game = play(Game(setup, seed=seed), player)
    elapsed = time.perf_counter() - start
    kills = sum(1 for e in game.events if e.kind == "killed" and "#" in e.args[0])
    spent = player.spent if isinstance(player, SearchBot) else []
    return game.result == "victory", kills, game.state.round, elapsed, spent


_SETUPS: dict[tuple[tuple[str, ...], str], GameSetup] = {}


def _setup(party: tuple[str, ...], difficulty: str) -> GameSetup:
    key = (party, difficulty)
    if key not in _SETUPS:
        _SETUPS[key] = setup_from_pack(
            load_pack(),
            1,
            [Member(c) for c in party],
            difficulty=difficulty,  # type: ignore[arg-type]
        )
    return _SETUPS[key]


def _option(name: str, default: str) -> str:
    args = sys.argv[1:]
    return args[args.index(name) + 1] if name in args else default


def main() -> None:
    games = 20 if "--quick" in sys.argv else int(_option("--games", "200"))
    difficulty = _option("--difficulty", "normal")
    workers = int(_option("--workers", "2"))
    with ProcessPoolExecutor(workers) as pool:
        chosen = _option("--party", "")
        for party in [tuple(chosen.split(","))] if chosen else parties():
            rates: dict[str, float] = {}
            for bot in ("greedy", "random", *(("search",) if "--search" in sys.argv else ())):
                start = time.perf_counter()
                jobs = [(party, difficulty, bot, seed) for seed in range(games)]
                results = list(pool.map(one_game, jobs, chunksize=4))
                wall = time.perf_counter() - start
                wins = sum(r[0] for r in results)
                rates[bot] = wins / games
                print(
                    f"{bot:6} {'+'.join(party)} scenario 1 ({difficulty}), {games} games: "
                    f"{wins} victories ({wins / games:.1%}); killed per game "
                    f"{statistics.mean(r[1] for r in results):.2f}; rounds "
                    f"{statistics.mean(r[2] for r in results):.1f}; median "
                    f"{statistics.median(r[3] for r in results) * 1e3:.0f} ms per game, "
                    f"{games / wall:.1f} games/s on {workers} processes",
                    flush=True,
                )
                spent = sorted(s for r in results for s in r[4])
                if spent:
                    print(
                        f"       search: {len(spent)} card selections searched, CPU per selection "
                        f"median {statistics.median(spent):.2f} s, largest {spent[-1]:.2f} s",
                        flush=True,
                    )
            if rates["random"]:
                ratio = rates["greedy"] / rates["random"]
                print(f"       greedy/random victory ratio: {ratio:.1f}", flush=True)
            else:
                print(f"       greedy won {rates['greedy']:.1%}, random none", flush=True)


if __name__ == "__main__":
    main()
