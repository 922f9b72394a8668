"""The layout rules of docs/architecture.md, checked over the source tree (run by ``make lint``).

- **No import cycles** between delvekit's modules. Every import counts, including those inside
  functions; only imports under ``if TYPE_CHECKING:`` do not (they never run).
- **No module over 600 lines.**
- **No private engine method outside the engine**: effect, item and scenario modules call the
  engine's public API, never ``game._emit`` and the like; no module outside the engine package
  touches a private attribute of the game (``game._x``, ``g._x``, ``self.game._x``).
- **No other module's private helper**: a module never imports ``_name`` from another delvekit
  module (``from delvekit.x import _y``) nor reaches it through a module alias (``x._y``, where
  ``x`` is an imported delvekit module). A helper other modules need is public in its home.

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
# only the engine packages may touch a game's private attributes (``game._x``)
GAME_OWNERS = ("delvekit.gloomhaven.engine", "delvekit.descent.engine")
GAME_NAMES = ("game", "g")


def module_name(path: Path, src: Path = SRC) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(src: Path = SRC) -> dict[str, Path]:
    return {module_name(p, src): p for p in sorted(src.rglob("*.py"))}


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


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _from_base(node: ast.ImportFrom, name: str, path: Path) -> str:
    """The absolute module an ``import from`` names (relative imports resolved)."""
    base = node.module or ""
    if node.level:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        anchor = package.split(".")
        anchor = anchor[: len(anchor) - node.level + 1]
        base = ".".join([*anchor, base] if base else anchor)
    return base


def _game_receiver(node: ast.expr) -> bool:
    """``game``, ``g`` or ``<anything>.game``: an expression that names a game."""
    if isinstance(node, ast.Name):
        return node.id in GAME_NAMES
    return isinstance(node, ast.Attribute) and node.attr == "game"


def private_uses(src: Path = SRC) -> list[str]:
    """Uses of another module's private helper, and of a game's private attributes outside the
    engine, one line each (``helper: MODULE -> OTHER._name``, ``game: MODULE -> game._name``)."""
    found = modules(src)
    known = set(found)
    out: set[str] = set()
    for name, path in found.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        aliases: dict[str, str] = {}  # local name -> the delvekit module it is bound to
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in known and alias.asname:
                        aliases[alias.asname] = alias.name
                    elif alias.name in known:  # ``import delvekit.x.y`` binds ``delvekit``
                        top = alias.name.split(".")[0]
                        aliases[top] = top
            elif isinstance(node, ast.ImportFrom):
                base = _from_base(node, name, path)
                if base not in known:
                    continue
                for alias in node.names:
                    if f"{base}.{alias.name}" in known:
                        aliases[alias.asname or alias.name] = f"{base}.{alias.name}"
                    elif _private(alias.name) and base != name:
                        out.add(f"helper: {name} -> {base}.{alias.name}")
        game_owner = name.startswith(GAME_OWNERS)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not _private(node.attr):
                continue
            value = node.value
            target = aliases.get(value.id) if isinstance(value, ast.Name) else None
            if target is None and isinstance(value, ast.Attribute):
                dotted = ast.unparse(value)  # delvekit.x.y._z after ``import delvekit.x.y``
                target = dotted if dotted in known and dotted.split(".")[0] in aliases else None
            if target is not None:
                if target != name:
                    out.add(f"helper: {name} -> {target}.{node.attr}")
            elif not game_owner and _game_receiver(value):
                out.add(f"game: {name} -> {ast.unparse(value)}.{node.attr}")
    return sorted(out)


def findings() -> list[str]:
    """One line per finding, in the debt file's words."""
    lines = [f"cycle: {' '.join(c)}" for c in cycles(graph())]
    lines += [f"long: {name}" for name, _ in long_modules()]
    lines += [f"private: {name}" for name, _ in private_calls()]
    lines += [f"private {line}" for line in private_uses()]
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
