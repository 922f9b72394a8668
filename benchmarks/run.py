"""Run every benchmark module (benchmarks/bench_*.py) in its own process and print its report.

Each module is a script: it measures, prints medians and ratios, and never fails on a time.
`make bench` runs this file; `python benchmarks/run.py NAME` runs only bench_NAME.py.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    wanted = set(argv)
    status = 0
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        print(f"== {name}", flush=True)
        status |= subprocess.call([sys.executable, str(path)])
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
