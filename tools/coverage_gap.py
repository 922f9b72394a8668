"""What the slow tier covers that the fast tier does not: ``python tools/coverage_gap.py FAST ALL [--tests]``.

Reads two coverage data files (``make coverage`` writes them) and prints, per module, the lines
and branches (arcs) the whole suite executes and the fast tier does not, each with the function
it is in. With ``--tests``, and when ALL was recorded with ``--cov-context=test``, it also names
the tests that reach each module's missing lines, so a fast test can be written after them.
Exit code 0 either way: the list is for a person to judge (issue 12 asks for none, or a justified
list).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import coverage

DEF = re.compile(r"\s*(?:async\s+)?def\s+(\w+)")


def read(path: str) -> coverage.CoverageData:
    data = coverage.CoverageData(basename=path)
    data.read()
    return data


def enclosing(source: list[str], line: int) -> str:
    """The name of the function ``line`` (1-based) is in, or ``<module>``."""
    for text in reversed(source[: line - 1]):
        m = DEF.match(text)
        if m:
            return m.group(1)
    return "<module>"


def by_module(data: coverage.CoverageData) -> dict[str, str]:
    """Measured files keyed by their path from ``delvekit/`` on, so two runs made in different
    checkouts (worktrees, a clean clone) compare module by module."""
    return {f[f.rfind("/delvekit/") + 1 :] if "/delvekit/" in f else f: f for f in data.measured_files()}


def tests_reaching(data: coverage.CoverageData, path: str, lines: list[int]) -> list[str]:
    by_line = data.contexts_by_lineno(path)
    names = {c.split("|")[0] for n in lines for c in by_line.get(n, ()) if c}
    return sorted(names)[:6]


def main(argv: list[str]) -> int:
    show_tests = "--tests" in argv
    args = [a for a in argv if a != "--tests"]
    if len(args) != 2:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    fast, full = read(args[0]), read(args[1])
    total_lines = total_arcs = 0
    fast_files = by_module(fast)
    for module, f in sorted(by_module(full).items()):
        g = fast_files.get(module, "")
        lines = sorted(set(full.lines(f) or ()) - set(fast.lines(g) or ()))
        arcs = sorted(a for a in set(full.arcs(f) or ()) - set(fast.arcs(g) or ()) if a[0] > 0 and a[1] > 0)
        if not (lines or arcs):
            continue
        total_lines += len(lines)
        total_arcs += len(arcs)
        source = Path(f).read_text().splitlines() if Path(f).exists() else []
        print(f"{f}: {len(lines)} lines, {len(arcs)} branches")
        for n in lines:
            text = source[n - 1].strip()[:90] if n <= len(source) else "?"
            print(f"    {n:5} {enclosing(source, n):28} {text}")
        for a, b in arcs:
            if a not in lines and b not in lines:
                text = source[a - 1].strip()[:70] if a <= len(source) else "?"
                print(f"    {a:5} {enclosing(source, a):28} branch to {b}: {text}")
        if show_tests:
            for name in tests_reaching(full, f, lines or [a for a, _ in arcs]):
                print(f"          reached by {name}")
    print(f"slow tier only: {total_lines} lines, {total_arcs} branches")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
