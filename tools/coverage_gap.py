"""What the slow tier covers that the fast tier does not: ``python tools/coverage_gap.py FAST ALL``.

Reads two coverage data files (``make coverage`` writes them) and prints, per module, the lines
and branches (arcs) the whole suite executes and the fast tier does not. Exit code 0 either way:
the list is for a person to judge (issue 12 asks for none, or a justified list).
"""

from __future__ import annotations

import sys

import coverage


def executed(path: str) -> tuple[dict[str, set[int]], dict[str, set[tuple[int, int]]]]:
    data = coverage.CoverageData(basename=path)
    data.read()
    lines = {f: set(data.lines(f) or ()) for f in data.measured_files()}
    arcs = {f: set(data.arcs(f) or ()) for f in data.measured_files()}
    return lines, arcs


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    fast_lines, fast_arcs = executed(argv[0])
    all_lines, all_arcs = executed(argv[1])
    total_lines = total_arcs = 0
    for f in sorted(all_lines):
        lines = sorted(all_lines[f] - fast_lines.get(f, set()))
        arcs = sorted(a for a in all_arcs[f] - fast_arcs.get(f, set()) if a[0] > 0 and a[1] > 0)
        if lines or arcs:
            total_lines += len(lines)
            total_arcs += len(arcs)
            print(f"{f}: lines {lines[:20]}{' ...' if len(lines) > 20 else ''} ({len(arcs)} branches)")
    print(f"slow tier only: {total_lines} lines, {total_arcs} branches")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
