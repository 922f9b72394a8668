"""The engine's hook points (engine/hooks.py) and the wiring table that fills them
(gloomhaven/wiring.py): the engine calls no class, item, scenario or content module by name,
every point is wired, the order is the stated one, and scenario 1's victory has one home."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import delvekit.gloomhaven.engine as engine_package
from delvekit.core.errors import ContentError
from delvekit.gloomhaven.effects.classes import berserker_hooks
from delvekit.gloomhaven.engine import hooks, registry
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.scenario import goals, mechanisms, rules, triggers
from delvekit.gloomhaven.testing.examples import tiny_setup

SATELLITES = (
    "delvekit.gloomhaven.effects",
    "delvekit.gloomhaven.items",
    "delvekit.gloomhaven.scenario",
    "delvekit.gloomhaven.content",
    "delvekit.gloomhaven.wiring",
)


def _imports(path: Path) -> list[str]:
    """Every module an engine file imports at run time (``TYPE_CHECKING`` blocks left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            skip |= {sub.lineno for stmt in node.body for sub in ast.walk(stmt) if hasattr(sub, "lineno")}
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.lineno not in skip:
            out += [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import) and node.lineno not in skip:
            out += [a.name for a in node.names]
    return out


def test_the_engine_imports_no_effect_item_scenario_or_content_module() -> None:
    found = [
        f"{path.name}: {name}"
        for path in sorted(Path(engine_package.__file__).parent.glob("*.py"))
        for name in _imports(path)
        if name.startswith(SATELLITES)
    ]
    assert found == []


def test_every_hook_point_is_wired_and_single_provider_points_have_one() -> None:
    registry.load()
    assert {name for name, point in hooks.ALL.items() if not point.fns} == set()
    for name in ("strike_bonus", "strike_rider", "use_in_move", "use_in_attack", "check_rule"):
        assert len(hooks.ALL[name].fns) == 1, name


def test_hook_order_is_the_stated_order_not_the_registration_order() -> None:
    point: hooks.Hook[[list[str]], None] = hooks.Hook("test-order", "a test point")
    point.add(30, lambda out: out.append("third"))
    point.add(10, lambda out: out.append("first"))
    point.add(20, lambda out: out.append("second"))
    out: list[str] = []
    point.run(out)
    assert out == ["first", "second", "third"]
    with pytest.raises(ContentError, match="order 20 is taken"):
        point.add(20, lambda out: None)


def test_the_first_rule_that_takes_damage_over_stops_the_others() -> None:
    out: list[str] = []

    def ward(seen: list[str]) -> bool:
        seen.append("ward")
        return True

    def never(seen: list[str]) -> bool:
        seen.append("never")
        return True

    point: hooks.Hook[[list[str]], bool] = hooks.Hook("test-any", "a test point")
    point.add(10, ward)
    point.add(20, never)
    assert point.any(out)
    assert out == ["ward"]


def test_move_bonuses_apply_in_the_wiring_order() -> None:
    names = [fn.__qualname__ for fn in hooks.move_bonus.fns]
    assert names == ["move_bonus", "move_bonus", "move_change"]  # Defensive Stance, Song of Speed, 88
    assert [fn.__module__.rsplit(".", 1)[-1] for fn in hooks.move_bonus.fns[:2]] == [
        "active_area",
        "soothsinger",
    ]


def test_the_older_lists_keep_their_order_as_hook_points() -> None:
    """What was ordered by module in the registry's lists is ordered by number in the wiring:
    a broken wall reveals its rooms before kill all is judged, the default goal is asked last."""
    registry.load()
    assert hooks.died.fns[0] is mechanisms.died
    assert hooks.round_event.fns[0] is mechanisms.at_round
    assert hooks.goal.fns == (triggers.any_change, goals.goal_met, rules.goal_met, goals.kill_all)
    assert hooks.before_damage.fns[-1] is berserker_hooks.before_damage  # after the older two


def _cleared(game: Game) -> Game:
    """Every room revealed and every monster gone (outside a choice: a tampered game)."""
    st = game.state
    st.revealed_rooms = list(range(len(game.setup.rooms)))
    for fid in [f.id for f in st.figures.values() if f.kind == "monster"]:
        del st.figures[fid]
    return game


def test_scenario_1_victory_kill_all_lives_in_the_scenario_goals() -> None:
    game = _cleared(Game(tiny_setup(), seed=1))
    game.check_victory()
    assert game.state.ending == "victory"


def test_without_the_default_goal_hook_clearing_the_map_wins_nothing() -> None:
    registry.load()
    order = next(o for o, name in hooks.goal.orders if name.endswith("goals.kill_all"))
    hooks.goal.remove(goals.kill_all)
    try:
        game = _cleared(Game(tiny_setup(), seed=1))
        game.check_victory()
        assert game.state.ending is None  # the engine has no second home for "kill all"
    finally:
        hooks.goal.add(order, goals.kill_all)


def test_docs_architecture_lists_every_hook_point() -> None:
    text = (Path(__file__).parents[2] / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert [name for name in hooks.ALL if f"| `{name}` |" not in text] == []


def test_the_order_is_the_same_when_the_wiring_is_imported_before_load() -> None:
    """Importing the wiring early (a test module does) changes nothing: scenario.triggers' goal
    hook is still asked first and the default goal last."""
    code = (
        "import delvekit.gloomhaven.wiring\n"
        "from delvekit.gloomhaven.engine import hooks\n"
        "print(' '.join(f.__module__.rsplit('.', 1)[-1] + '.' + f.__name__ for f in hooks.goal.fns))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["triggers.any_change", "goals.goal_met", "rules.goal_met", "goals.kill_all"]


def test_no_module_registers_at_a_hook_point_as_it_is_imported() -> None:
    """Every handler module imported, the wiring table not yet: every hook point is still empty
    (a module appending itself to a hook would run in import order, not the stated one), and the
    registry keeps no hook lists of its own."""
    code = (
        "import importlib\n"
        "from delvekit.gloomhaven.engine import hooks, registry\n"
        "for name in registry.HANDLER_MODULES[:-1]:\n"
        "    importlib.import_module(name)\n"
        "print(' '.join(n for n, p in hooks.ALL.items() if p.registered) or 'none')\n"
    )
    assert registry.HANDLER_MODULES[-1] == "delvekit.gloomhaven.wiring"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["none"]
    assert [name for name in vars(registry) if name.endswith(("_HOOKS", "AFTER_LOAD"))] == []


def test_only_the_wiring_table_calls_add_on_a_hook_point() -> None:
    """Statically too: no module but gloomhaven/wiring.py calls ``hooks.POINT.add``."""
    root = Path(engine_package.__file__).parents[1]
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "wiring.py" and path.parent == root:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "add"
                and isinstance(node.func.value, ast.Attribute)
                and isinstance(node.func.value.value, ast.Name)
                and node.func.value.value.id == "hooks"
            ):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    assert found == []
