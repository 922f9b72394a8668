"""tools/check_layout.py (run by ``make lint``): a module that uses another module's private helper,
or a game's private attribute outside the engine, is a finding; fabricated source trees show it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "check_layout.py"


@pytest.fixture(scope="module")
def checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_layout", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("check_layout", module)
    spec.loader.exec_module(module)
    return module


def tree(root: Path, files: dict[str, str]) -> Path:
    """A fake ``src`` holding ``files`` (paths under ``delvekit/``), with the packages' __init__.py."""
    src = root / "src"
    for rel, text in files.items():
        path = src / "delvekit" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        for parent in [path.parent, *path.parent.parents]:
            if parent == src:
                break
            (parent / "__init__.py").touch()
        path.write_text(text, encoding="utf-8")
    return src


HOME = '''
def _helper() -> int:
    return 1


def helper() -> int:
    """Public."""
    return _helper()  # its own private helper: fine
'''


def test_importing_another_modules_private_helper_is_a_finding(checker: ModuleType, tmp_path: Path) -> None:
    src = tree(tmp_path, {"home.py": HOME, "user.py": "from delvekit.home import _helper, helper\n"})
    assert checker.private_uses(src) == ["helper: delvekit.user -> delvekit.home._helper"]


def test_a_relative_import_of_a_private_helper_is_a_finding(checker: ModuleType, tmp_path: Path) -> None:
    src = tree(tmp_path, {"pkg/home.py": HOME, "pkg/user.py": "from .home import _helper\n"})
    assert checker.private_uses(src) == ["helper: delvekit.pkg.user -> delvekit.pkg.home._helper"]


def test_a_private_helper_through_a_module_alias_is_a_finding(checker: ModuleType, tmp_path: Path) -> None:
    src = tree(
        tmp_path,
        {
            "pkg/home.py": HOME,
            "pkg/a.py": "from delvekit.pkg import home as fx\n\ndef f() -> int:\n    return fx._helper()\n",
            "pkg/b.py": "import delvekit.pkg.home\n\ndef f() -> int:\n    return delvekit.pkg.home._helper()",
            "pkg/c.py": "import delvekit.pkg.home as h\n\ndef f() -> int:\n    return h._helper()\n",
            "pkg/d.py": "from delvekit.pkg import home\n\ndef f() -> int:\n    return home.helper()\n",
        },
    )
    assert checker.private_uses(src) == [
        f"helper: delvekit.pkg.{user} -> delvekit.pkg.home._helper" for user in ("a", "b", "c")
    ]


def test_a_private_import_inside_a_function_or_type_checking_block_counts(
    checker: ModuleType, tmp_path: Path
) -> None:
    src = tree(
        tmp_path,
        {
            "home.py": HOME + "\n_LIMIT = 3\n",
            "user.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n"
                "    from delvekit.home import _LIMIT\n\n"
                "def f() -> int:\n"
                "    from delvekit.home import _helper\n"
                "    return _helper()\n"
            ),
        },
    )
    assert checker.private_uses(src) == [
        "helper: delvekit.user -> delvekit.home._LIMIT",
        "helper: delvekit.user -> delvekit.home._helper",
    ]


def test_a_games_private_attribute_outside_the_engine_is_a_finding(
    checker: ModuleType, tmp_path: Path
) -> None:
    effect = (
        "def run(game, g, view):\n"
        "    game._emit('x')\n"
        "    g._decision = None\n"
        "    view.game._state\n"
        "    game.emit('x')  # the public API: fine\n"
        "    game.__class__  # a dunder is not private\n"
    )
    engine = "class Game:\n    def clone(self, game):\n        return game._decision\n"
    src = tree(tmp_path, {"gloomhaven/effects/fx.py": effect, "gloomhaven/engine/game.py": engine})
    assert checker.private_uses(src) == [
        "game: delvekit.gloomhaven.effects.fx -> g._decision",
        "game: delvekit.gloomhaven.effects.fx -> game._emit",
        "game: delvekit.gloomhaven.effects.fx -> view.game._state",
    ]


def test_own_privates_self_and_stdlib_are_not_findings(checker: ModuleType, tmp_path: Path) -> None:
    user = (
        "import os\n"
        "from collections import namedtuple\n"
        "from delvekit.home import helper\n\n"
        "class C:\n"
        "    def __init__(self) -> None:\n"
        "        self._x = 1\n\n"
        "    def f(self, other: 'C') -> int:\n"
        "        return self._x + other._x + helper()\n\n"
        "def g() -> None:\n"
        "    os._exit(0)\n"
        "    namedtuple('P', 'a')(1)._asdict()\n"
    )
    src = tree(tmp_path, {"home.py": HOME, "user.py": user})
    assert checker.private_uses(src) == []


def test_a_new_finding_fails_the_check_and_a_paid_debt_line_too(checker: ModuleType) -> None:
    line = "private helper: delvekit.user -> delvekit.home._helper"
    assert checker.report([line], set()) == 1  # new: not in the debt list
    assert checker.report([line], {line}) == 0  # owed: listed
    assert checker.report([], {line}) == 1  # listed but no longer true: remove it
