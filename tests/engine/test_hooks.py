"""The engine's hook points (engine/hooks.py) and the wiring table that fills them
(gloomhaven/wiring.py): the engine calls no class, item, scenario or content module by name,
every point is wired, the order is the stated one, and scenario 1's victory has one home."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import delvekit.gloomhaven.engine as engine_package
from delvekit.core.errors import ContentError
from delvekit.gloomhaven import wiring
from delvekit.gloomhaven.engine import hooks, registry
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.scenario import goals
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


def test_the_registry_lists_are_sorted_by_the_stated_module_order() -> None:
    registry.load()
    order = wiring.LIST_ORDER["DEATH_HOOKS"]
    before = list(registry.DEATH_HOOKS)
    try:  # as if the modules had been imported in another order (each keeps its own order)
        registry.DEATH_HOOKS.sort(key=lambda fn: fn.__module__, reverse=True)
        wiring.order_lists()
        ranks = [wiring.rank(order, fn) for fn in registry.DEATH_HOOKS]
        assert ranks == sorted(ranks)
        assert registry.DEATH_HOOKS[0].__module__.endswith("scenario.mechanisms")  # walls before kill all
        assert registry.GOAL_HOOKS[-1] is goals.kill_all  # the default goal is asked last
    finally:
        registry.DEATH_HOOKS[:] = before


def test_a_goal_of_a_module_not_in_the_table_comes_before_the_default_goal() -> None:
    registry.load()
    before = list(registry.GOAL_HOOKS)

    def new_goal(game: Game) -> bool | None:
        return None

    new_goal.__module__ = "delvekit.gloomhaven.scenario.new_kind"
    try:
        registry.GOAL_HOOKS.append(new_goal)
        wiring.order_lists()
        assert registry.GOAL_HOOKS[-2:] == [new_goal, goals.kill_all]
    finally:
        registry.GOAL_HOOKS[:] = before


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


def test_without_the_default_goal_hook_clearing_the_map_wins_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.load()
    monkeypatch.setattr(registry, "GOAL_HOOKS", [h for h in registry.GOAL_HOOKS if h is not goals.kill_all])
    game = _cleared(Game(tiny_setup(), seed=1))
    game.check_victory()
    assert game.state.ending is None  # the engine has no second home for "kill all"


def test_docs_architecture_lists_every_hook_point() -> None:
    text = (Path(__file__).parents[2] / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert [name for name in hooks.ALL if f"| `{name}` |" not in text] == []


def test_the_lists_keep_the_stated_order_when_the_wiring_is_imported_before_load() -> None:
    """Importing the wiring early (a test module does) must not sort before every module has
    appended its functions: scenario.triggers' goal hook is still asked first."""
    import subprocess
    import sys

    code = (
        "import delvekit.gloomhaven.wiring\n"
        "from delvekit.gloomhaven.engine import registry as r\n"
        "r.load()\n"
        "print(' '.join(f.__module__.rsplit('.', 1)[-1] + '.' + f.__name__ for f in r.GOAL_HOOKS))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["triggers._any_change", "goals.goal_met", "rules.goal_met", "goals.kill_all"]


def test_every_function_in_the_registry_lists_is_named_by_the_stated_order() -> None:
    """A module renamed or split (its functions no longer named in wiring.LIST_ORDER) would move
    its hooks to the end of the list in silence: name it in the table."""
    registry.load()
    unnamed = [
        f"{list_name}: {fn.__module__}.{fn.__qualname__}"
        for list_name, order in wiring.LIST_ORDER.items()
        for fn in getattr(registry, list_name)
        if wiring.rank(order, fn) == (order.index("*") if "*" in order else len(order))
        and not fn.__module__.startswith("tests")
    ]
    assert unnamed == []
