"""The scenario importer's merge rules, on small hand-made inputs (no source data needed)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from delvekit.gloomhaven.content.scenario import Placement

PATH = Path(__file__).resolve().parents[2] / "tools" / "importers" / "scenarios.py"


@pytest.fixture(scope="module")
def imp() -> ModuleType:
    spec = importlib.util.spec_from_file_location("scenario_importer", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["scenario_importer"] = module
    spec.loader.exec_module(module)
    module.BOSSES.update({"bandit-commander"})
    return module


def test_expressions(imp: ModuleType) -> None:
    assert imp.convert_expr("true") == ""
    assert imp.convert_expr("R % 2 == 0 || C > 2") == "R % 2 == 0 || C > 2"
    assert imp.convert_expr("[X/2{$math.ceil}]") == "(X/2)"
    assert imp.convert_expr("[2+(LxC/2){$math.floor}]") == "(2+(LxC//2))"


def test_ids(imp: ModuleType) -> None:
    assert imp._ids(["Jekserah's Plans", "End of Corruption:3"]) == ("jekserahs-plans", "end-of-corruption")
    assert imp._requirement("!The Merchant Flees") == "!the-merchant-flees"
    assert imp.xha_name("Prime Demon (36)") == "prime-demon-scenario-36"
    assert imp.split_name("living-corpse:+2") == ("living-corpse", 2)


def _room(number: int, *monsters: dict[str, str]) -> dict[str, object]:
    return {"roomNumber": number, "ref": "A1a", "monster": list(monsters)}


def test_reconcile_keeps_hexes_and_takes_the_room_lists_types(imp: ModuleType) -> None:
    report = imp.Report(0, "test")
    rooms = [
        _room(1, {"name": "bandit-guard", "type": "normal"}, {"name": "bandit-guard", "player4": "elite"}),
        _room(2, {"name": "bandit-commander", "type": "boss"}, {"name": "inox-shaman", "player3": "normal"}),
    ]
    vgb = {
        1: [
            Placement("bandit-guard", (0, 0), ("normal", "normal", "normal")),  # exact
            Placement("bandit-guard", (0, 1), ("none", "none", "normal")),  # wrong type
        ],
        2: [
            Placement("bandit-commander", (5, 5), ("normal", "normal", "normal")),  # boss as normal
            Placement("inox-archer", (6, 6), ("none", "normal", "none")),  # wrong monster
            Placement("inox-guard", (7, 7), ("elite", "elite", "elite")),  # not in the list
        ],
    }
    out = imp.reconcile(0, rooms, vgb, report)
    assert out[1] == (
        Placement("bandit-guard", (0, 0), ("normal", "normal", "normal")),
        Placement("bandit-guard", (0, 1), ("none", "none", "elite")),
    )
    assert out[2] == (
        Placement("bandit-commander", (5, 5), ("boss", "boss", "boss")),
        Placement("inox-shaman", (6, 6), ("none", "normal", "none")),
    )
    assert any("dropped the map's inox-guard" in c for c in report.corrections)


def test_reconcile_moves_between_rooms_and_keeps_the_unplaced(imp: ModuleType) -> None:
    report = imp.Report(0, "test")
    rooms = [
        _room(1, {"name": "hound", "type": "elite"}, {"name": "hound", "player4": "normal"}),
        _room(2),
    ]
    vgb = {1: [], 2: [Placement("hound", (3, 3), ("elite", "elite", "elite"))]}
    out = imp.reconcile(0, rooms, vgb, report)
    assert out[1] == (
        Placement("hound", None, ("none", "none", "normal")),
        Placement("hound", (3, 3), ("elite", "elite", "elite")),
    )
    assert out[2] == ()
    assert any("is listed in room 1" in c for c in report.corrections)
    assert any("has no hex on the map" in c for c in report.corrections)


def test_reconcile_unplaces_a_second_standee_on_one_hex(imp: ModuleType) -> None:
    report = imp.Report(0, "test")
    rooms = [_room(1, {"name": "lurker", "type": "normal"}, {"name": "frost-demon", "type": "normal"})]
    vgb = {
        1: [
            Placement("frost-demon", (1, 1), ("normal", "normal", "normal")),
            Placement("lurker", (1, 1), ("normal", "normal", "normal")),
        ]
    }
    out = imp.reconcile(0, rooms, vgb, report)
    assert sorted(p.hex is None for p in out[1]) == [False, True]


def test_waivers_name_what_falls(imp: ModuleType) -> None:
    from delvekit.gloomhaven.content.scenario import Room, Scenario

    room = Room(
        number=1,
        tiles=(),
        monsters=(
            Placement("bandit-archer", (0, 0), ("elite", "elite", "normal")),
            Placement("bandit-guard", (0, 1), ("normal", "normal", "normal")),
        ),
    )
    s = Scenario(number=1, name="x", map_source="custom", rooms=(room,))
    assert list(imp.standee_waivers(s)) == ["bandit-archer"]
