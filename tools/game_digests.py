"""Digests of a fixed set of recorded games: every scenario 1-95, seed 0, random and greedy bots.

A refactoring that must not change behaviour (a package move, a split) runs this before and
after and compares the two files: ``python tools/game_digests.py OUT.json [--workers N]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def one(job: tuple[int, str]) -> tuple[int, str, str]:
    from delvekit.cli.play import new_game
    from delvekit.gloomhaven.bots.players import make_bot, play
    from delvekit.gloomhaven.content import load_pack

    scenario, bot = job
    classes = [c for c, k in sorted(load_pack().classes.items()) if k.playable_at(1)]
    party = ",".join(classes[(scenario + i) % len(classes)] for i in range(4))
    game = play(new_game(scenario, party, level=1 + scenario % 9, seed=0), make_bot(bot, 0))
    return scenario, bot, f"{game.result} {game.state.round} {game.digest()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(n, bot) for n in range(1, 96) for bot in ("random", "greedy")]
    found: dict[str, dict[str, str]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for scenario, bot, digest in pool.map(one, jobs):
            found.setdefault(str(scenario), {})[bot] = digest
    args.out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(jobs)} games written to {args.out}")


if __name__ == "__main__":
    main()
