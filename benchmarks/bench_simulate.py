"""`delve simulate` throughput and environment steps per second (issue 17).

1. Random-bot games of scenarios 1-10 (Brute + Mindthief, level 1, normal; ``--games`` per
   scenario, 200 by default: 2,000 games) through the simulation driver on a process pool of 1
   worker, then of 2 workers: games/s of each and their ratio. Both runs play the same seeds and
   must give the same rows (checked, apart from the time column).
2. Steps/s of the PettingZoo AEC environment under random masked play (observation and mask
   encoded at every step), and of the engine alone on the same games for comparison.

Nothing is asserted on time. ``--quick``: 20 games per scenario and 2,000 env steps;
``--games N``; ``--steps N``; ``--workers A,B`` (default 1,2); ``--out FILE``: also write the
2-worker rows (for ``delve simulate report``).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

from delvekit.sim.driver import chunk_size, process_pool, run
from delvekit.sim.game import Row
from delvekit.sim.plan import plan
from delvekit.sim.store import write_rows


def simulate(games: int, workers: int) -> tuple[float, float, list[Row]]:
    """(wall seconds, CPU seconds of the workers, rows)."""
    specs = plan(list(range(1, 11)), ["brute,mindthief"], [1], ["normal"], "random", games=games, seed=1)
    rows: list[Row] = []
    pool = process_pool(workers)
    # start the workers (and their imports) before the clock: a long run amortises it anyway
    list(pool.map(abs, range(workers * 4)))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with pool:
        run(specs, pool, rows.append, chunk=chunk_size(specs, workers))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers were joined: counted
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu, rows


def env_steps(steps: int) -> tuple[float, float]:
    """(env steps/s, engine-only choices/s) under random masked play of scenario 1."""
    import numpy as np

    from delvekit.rl import aec_env

    env = aec_env(scenario=1)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    episodes = done = 0
    start = time.perf_counter()
    while done < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                episodes += 1
                env.reset(seed=episodes)
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        done += 1
    env_rate = done / (time.perf_counter() - start)
    from delvekit.cli.play import new_game

    rng = np.random.default_rng(0)
    done = 0
    start = time.perf_counter()
    seed = 0
    while done < steps:
        game = new_game(1, "brute,mindthief", seed=seed)
        while game.decision is not None and done < steps:
            choices = game.decision.choices
            game.choose(choices[int(rng.integers(len(choices)))])
            done += 1
        seed += 1
    return env_rate, done / (time.perf_counter() - start)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--games", type=int, default=None)
    p.add_argument("--steps", type=int, default=None)
    p.add_argument("--workers", default="1,2")
    p.add_argument("--out", type=Path, default=None)
    p.add_argument("--no-env", action="store_true")
    args = p.parse_args(argv)
    games = args.games or (20 if args.quick else 200)
    steps = args.steps or (2000 if args.quick else 10_000)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine: {os.cpu_count()} cores, load average {load:.2f} at start")
    rates: dict[int, float] = {}
    first: list[Row] | None = None
    for workers in (int(w) for w in args.workers.split(",")):
        seconds, cpu, rows = simulate(games, workers)
        rates[workers] = len(rows) / seconds
        wins = sum(1 for r in rows if r["result"] == "victory")
        print(
            f"simulate {len(rows)} random games, scenarios 1-10, {workers} worker(s): "
            f"{seconds:.1f} s, {rates[workers]:.1f} games/s ({wins} victories); workers' CPU {cpu:.1f} s, "
            f"{cpu / seconds:.2f} cores busy, {len(rows) / cpu:.1f} games per CPU second"
        )
        key = sorted(({k: v for k, v in r.items() if k != "seconds"} for r in rows), key=lambda r: str(r))
        if first is None:
            first = key
        elif key != first:
            print("  ROWS DIFFER between worker counts")
        if args.out is not None and workers == max(int(w) for w in args.workers.split(",")):
            write_rows(args.out, rows)
    if 1 in rates and 2 in rates:
        print(f"speed-up 2 workers / 1 worker: {rates[2] / rates[1]:.2f}x (issue 17 expects >= 1.8x)")
    try:
        import delvekit.rl  # noqa: F401
    except ImportError:
        print("env steps: skipped (the rl extra is not installed: pip install 'delvekit[rl]')")
        args.no_env = True
    if not args.no_env:
        env_rate, engine_rate = env_steps(steps)
        print(f"AEC env, random masked play of scenario 1: {env_rate:.0f} steps/s ({steps} steps)")
        print(f"engine alone, random play of scenario 1: {engine_rate:.0f} choices/s")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.2f} at the end (the machine is shared: other processes slow both runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
