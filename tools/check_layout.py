"""The layout rules of docs/architecture.md, checked over the source tree (run by ``make lint``).

- **No import cycles** between delvekit's modules. Every import counts, including those inside
  functions; only imports under ``if TYPE_CHECKING:`` do not (they never run).
- **No module over 600 lines.**
- **No private engine method outside the engine**: effect, item and scenario modules call the
  engine's public API, never ``game.emit`` and the like.

What the project still owes is listed in ``tools/layout-debt.txt``: a cycle, a long module or a
private call named there is reported but does not fail, and a line there that no longer applies
fails (so the list only shrinks). Anything new fails.

Run ``python tools/check_layout.py`` (exit 1 on a failure; ``-v`` lists what is owed),
``--write-debt`` to rewrite the list from what is found now (review the diff), or ``--graph`` to
print the module graph.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
DEBT = ROOT / "tools" / "layout-debt.txt"
MAX_LINES = 600
PRIVATE_ENGINE = ("_emit", "_push", "_pop", "_static")
# the engine's own modules may call its private methods; everything else uses its public API
ENGINE_PREFIXES = ("delvekit.gloomhaven.engine.game",)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def _type_checking_blocks(tree: ast.AST) -> set[int]:
    """Line numbers of the statements under ``if TYPE_CHECKING:``."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = getattr(test, "id", None) or getattr(test, "attr", "")
            if name == "TYPE_CHECKING":
                for stmt in node.body:
                    for sub in ast.walk(stmt):
                        if hasattr(sub, "lineno"):
                            lines.add(sub.lineno)
    return lines


def imports(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, int]]:
    """The delvekit modules that ``name`` imports, with the line of each import."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skip = _type_checking_blocks(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if not isinstance(node, ast.Import | ast.ImportFrom) or node.lineno in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from pkg import mod` imports the module pkg.mod; `from mod import name` imports mod
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target, node.lineno


def graph() -> dict[str, dict[str, int]]:
    found = modules()
    known = set(found)
    return {name: dict(imports(name, path, known)) for name, path in found.items()}


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def long_modules() -> list[tuple[str, int]]:
    out = []
    for name, path in modules().items():
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES:
            out.append((name, n))
    return out


_PRIVATE = re.compile(r"\bgame\._(" + "|".join(p[1:] for p in PRIVATE_ENGINE) + r")\(")


def private_calls() -> list[tuple[str, int]]:
    """Modules outside the engine that call a private engine method, with the count."""
    out = []
    for name, path in modules().items():
        if name.startswith(ENGINE_PREFIXES) or not name.startswith("delvekit.gloomhaven"):
            continue
        n = len(_PRIVATE.findall(path.read_text(encoding="utf-8")))
        if n:
            out.append((name, n))
    return out


def findings() -> list[str]:
    """One line per finding, in the debt file's words."""
    lines = [f"cycle: {' '.join(c)}" for c in cycles(graph())]
    lines += [f"long: {name}" for name, _ in long_modules()]
    lines += [f"private: {name}" for name, _ in private_calls()]
    return sorted(lines)


def read_debt() -> set[str]:
    if not DEBT.exists():
        return set()
    return {
        line.strip()
        for line in DEBT.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }


def report(now: Iterable[str], debt: set[str], *, verbose: bool = False) -> int:
    now = set(now)
    new = sorted(now - debt)
    paid = sorted(debt - now)
    owed = sorted(now & debt)
    sizes = dict(long_modules())
    for line in owed if verbose else []:
        extra = f" ({sizes[line[6:]]} lines)" if line.startswith("long: ") else ""
        print(f"owed   {line}{extra}")
    for line in paid:
        print(f"FAIL   {line}: no longer true; remove it from {DEBT.relative_to(ROOT)}")
    for line in new:
        print(f"FAIL   {line}: new (docs/architecture.md says why this is not allowed)")
    print(f"layout: {len(new)} new, {len(paid)} stale, {len(owed)} owed ({DEBT.relative_to(ROOT)})")
    return 1 if new or paid else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write-debt", action="store_true", help="rewrite the debt list from what is found")
    parser.add_argument("--graph", action="store_true", help="print each module's delvekit imports")
    parser.add_argument("-v", "--verbose", action="store_true", help="list what is owed too")
    args = parser.parse_args(argv)
    if args.graph:
        for name, targets in sorted(graph().items()):
            print(name, "->", " ".join(sorted(targets)))
        return 0
    now = findings()
    if args.write_debt:
        header = (
            "# What the layout still owes (tools/check_layout.py): a line here is reported, not failed.\n"
            "# The list may only shrink: remove a line when its cause is gone.\n"
        )
        DEBT.write_text(header + "".join(f"{line}\n" for line in now), encoding="utf-8")
        print(f"wrote {len(now)} lines to {DEBT.relative_to(ROOT)}")
        return 0
    return report(now, read_debt(), verbose=args.verbose)


if __name__ == "__main__":
    sys.exit(main())
