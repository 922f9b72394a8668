"""Descent's code keeps the project's rules: modules under 600 lines, and the game package and
core/squares.py import only the standard library, msgspec and delvekit's own core/descent."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "delvekit"
GAME = [*sorted((SRC / "descent").glob("*.py")), SRC / "core" / "squares.py"]
FACES = [SRC / "cli" / "descent.py", SRC / "cli" / "odds_descent.py", SRC / "web" / "descent_odds.py"]


def test_modules_stay_under_600_lines() -> None:
    long = {p.name: n for p in GAME + FACES if (n := len(p.read_text().splitlines())) >= 600}
    assert not long


def test_the_game_package_uses_only_the_stdlib_and_msgspec() -> None:
    allowed = set(sys.stdlib_module_names) | {"msgspec", "delvekit"}
    for path in GAME:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in allowed, f"{path.name} imports {name}"
                if top == "delvekit":
                    assert name.startswith(("delvekit.core", "delvekit.descent")), (
                        f"{path.name} imports {name}"
                    )
