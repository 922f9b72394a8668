"""Monster AI speed: a whole `delve monster-ai solve` process over the 360 reference cases.

The reference solver (AluminumAngel/gloom, Python 2.7) needs about 10.5 s of solve time for these
cases on this machine class, 5.3 s of it on scenario 131; the goal is a tenth of that for our
whole process, start-up included. Prints medians and ratios; never fails on a time.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "data" / "monster-ai" / "cases.json"
REFERENCE_TOTAL = 10.5
REFERENCE_131 = 5.3
RUNS = 7


def _command() -> list[str]:
    script = Path(sys.executable).parent / "delve"
    if script.exists():
        return [str(script), "monster-ai", "solve", str(CASES)]
    return [
        sys.executable,
        "-c",
        "from delvekit.cli.main import main; main()",
        "monster-ai",
        "solve",
        str(CASES),
    ]


def main() -> int:
    cmd = _command()
    walls: list[float] = []
    for _ in range(RUNS):
        start = time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
        walls.append(time.perf_counter() - start)
        if done.returncode != 0:
            print(f"solve failed: {done.stderr.decode(errors='replace').strip()}")
            return 1
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import delvekit.cli.main"], check=False)
    startup = time.perf_counter() - start
    whole = statistics.median(walls)
    print(f"whole process, 360 cases: median {whole:.3f} s over {RUNS} runs (min {min(walls):.3f} s)")
    print(
        f"  vs reference {REFERENCE_TOTAL} s: {REFERENCE_TOTAL / whole:.1f}x faster "
        f"(goal >= 10x: {'met' if whole < REFERENCE_TOTAL / 10 else 'NOT met'})"
    )
    print(f"  interpreter + CLI import alone: {startup:.3f} s")

    sys.path.insert(0, str(ROOT / "src"))
    from delvekit.gloomhaven.monster_ai import cases as casefile

    doc = casefile.load(CASES)
    per_case: dict[str, list[float]] = {c.id: [] for c in doc.cases}
    from delvekit.core import los, paths

    for _ in range(3):
        # Cold caches each round, as in a fresh process.
        los._SIGHT_CACHE.clear()
        paths._GRIDS.clear()
        paths._SEARCHES.clear()
        for c in doc.cases:
            c.turn.board.__dict__.pop("_grid", None)
        for c in doc.cases:
            t = time.perf_counter()
            casefile.solve_case(c)
            per_case[c.id].append(time.perf_counter() - t)
    medians = {cid: statistics.median(ts) for cid, ts in per_case.items()}
    total = sum(medians.values())
    s131 = sum(v for cid, v in medians.items() if cid.startswith("gloom-131-"))
    mid = statistics.median(medians.values())
    print(f"in-process solve (cold caches): total {total * 1000:.0f} ms, median case {mid * 1e3:.2f} ms")
    print(
        f"  scenario 131 (3 rulesets): {s131 * 1000:.0f} ms vs reference {REFERENCE_131} s: "
        f"{REFERENCE_131 / s131:.0f}x faster"
    )
    slow = sorted(medians.items(), key=lambda kv: -kv[1])[:3]
    print("  slowest: " + ", ".join(f"{cid} {v * 1000:.1f} ms" for cid, v in slow))
    return 0


if __name__ == "__main__":
    sys.exit(main())
