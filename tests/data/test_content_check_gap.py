"""`delve content check` on the invariants only the slow tier used to break: a formula that does
not parse, a stat line missing at a level, a negative move, campaign tables out of order, and
the filter that keeps a user's folder's problems apart from the bundled pack's. One user folder
breaks several at once (checked once, module-scoped); each test names one invariant."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from delvekit.core.errors import ContentError
from delvekit.gloomhaven.content import ContentPack, load_pack
from delvekit.gloomhaven.content.check import check_pack, problems_in
from delvekit.gloomhaven.content.pack import BUNDLED
from delvekit.gloomhaven.content.problems import Problem

TABLES = json.loads((BUNDLED / "tables.json").read_text())


def _stat(health: Any = 5, move: int = 2) -> dict[str, Any]:
    return {"health": health, "move": move, "attack": 2}


def _monster() -> dict[str, Any]:
    levels: list[dict[str, Any]] = [{"level": n, "normal": _stat(), "elite": _stat(7)} for n in range(8)]
    levels[0]["normal"] = _stat("3+")  # a formula that ends too early
    del levels[3]["elite"]  # no elite stats at level 3
    levels[5]["elite"] = _stat(7, move=-1)  # a negative move
    return {"id": "test-rat", "name": "Test Rat", "deck": "test-rat", "count": 4, "levels": levels}


def _deck() -> dict[str, Any]:
    cards = [
        {
            "number": 9900 + n,
            "initiative": 10 + n,
            "shuffle": n == 0,
            "abilities": [{"type": "move", "value": 1, "mode": "plus"}],
        }
        for n in range(8)
    ]
    return {"id": "test-rat", "cards": cards}


def _write(folder: Path, files: dict[str, Any]) -> Path:
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content))
    return folder


@pytest.fixture(scope="module")
def problems(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Problem]]:
    tables = dict(TABLES)
    thresholds = list(tables["prosperity_thresholds"])
    thresholds[2], thresholds[3] = thresholds[3], thresholds[2]  # 15 and 22 swapped: not rising
    tables["prosperity_thresholds"] = thresholds
    tables["reputation_prices"] = [p for p in tables["reputation_prices"] if p["low"] != 3]  # 3..6 missing
    folder = _write(
        tmp_path_factory.mktemp("user") / "mine",
        {"monsters/test-rat.json": _monster(), "monster-decks/test-rat.json": _deck(), "tables.json": tables},
    )
    return folder, check_pack(ContentPack([BUNDLED, folder]))


def _messages(found: tuple[Path, list[Problem]], file: str, field: str) -> list[str]:
    folder, problems = found
    path = str(folder / file)
    return [p.message for p in problems if p.file == path and p.field == field]


def test_a_health_formula_that_does_not_parse_names_its_field(problems: tuple[Path, list[Problem]]) -> None:
    assert _messages(problems, "monsters/test-rat.json", "levels[0].normal.health") == [
        "expression '3+': ends too early"
    ]


def test_a_monster_without_elite_stats_at_a_level_is_reported(problems: tuple[Path, list[Problem]]) -> None:
    assert _messages(problems, "monsters/test-rat.json", "levels[3].elite") == [
        "missing elite stats at level 3"
    ]


def test_a_negative_move_is_reported(problems: tuple[Path, list[Problem]]) -> None:
    assert _messages(problems, "monsters/test-rat.json", "levels[5].elite.move") == ["must not be negative"]


def test_prosperity_thresholds_must_rise_strictly(problems: tuple[Path, list[Problem]]) -> None:
    assert _messages(problems, "tables.json", "prosperity_thresholds") == ["must rise strictly"]


def test_a_gap_in_the_reputation_prices_is_reported(problems: tuple[Path, list[Problem]]) -> None:
    assert _messages(problems, "tables.json", "reputation_prices") == ["gap or overlap at reputation 3"]


def test_overlapping_reputation_prices_are_reported(tmp_path: Path) -> None:
    tables = dict(TABLES)
    prices = [dict(p) for p in tables["reputation_prices"]]
    for p in prices:
        if p["low"] == 3:
            p["low"] = 1  # 1..6 overlaps -2..2
    tables["reputation_prices"] = prices
    folder = _write(tmp_path / "mine", {"tables.json": tables})
    tables_file = str(folder / "tables.json")
    found = [p for p in check_pack(ContentPack([BUNDLED, folder])) if p.file == tables_file]
    assert found == [Problem(tables_file, "reputation_prices", "gap or overlap at reputation 3")]


def test_a_user_folder_is_told_its_own_problems_and_the_bundled_maps_its_monsters_break(
    tmp_path: Path,
) -> None:
    guard = msgspec.to_builtins(ContentPack([BUNDLED]).monsters["bandit-guard"])
    guard["count"] = 0  # breaks the guard itself, and every bundled scenario that places guards
    folder = _write(tmp_path / "mine", {"monsters/bandit-guard.json": guard})
    mine = list(problems_in(ContentPack([BUNDLED, folder]), folder))
    assert mine[0] == Problem(
        str(folder / "monsters/bandit-guard.json"), "count", "needs at least one standee, has 0"
    )
    broken_maps = {p.file for p in mine[1:]}
    assert "data/scenarios/01.json" in broken_maps  # Black Barrow places bandit guards
    assert all(p.field.startswith("monsters.bandit-guard") for p in mine[1:])


def test_a_user_folder_that_changes_no_monster_is_not_told_the_bundled_maps(tmp_path: Path) -> None:
    folder = _write(tmp_path / "mine", {"monsters/test-rat.json": _monster()})
    assert all(p.file.startswith(str(folder)) for p in problems_in(ContentPack([BUNDLED, folder]), folder))


def test_a_user_folders_bad_tables_are_refused_naming_its_file(tmp_path: Path) -> None:
    tables = dict(TABLES)
    tables["prosperity_thresholds"] = [9, 4, *tables["prosperity_thresholds"][2:]]
    folder = _write(tmp_path / "mine", {"tables.json": tables})
    with pytest.raises(ContentError) as caught:
        load_pack(folder)
    assert f"{folder / 'tables.json'}: prosperity_thresholds: must rise strictly" in str(caught.value)


def test_a_user_folders_bad_scenario_is_refused_naming_its_file(tmp_path: Path) -> None:
    scenario = json.loads((BUNDLED / "scenarios" / "01.json").read_text())
    scenario["rooms"][0]["tiles"][0]["ref"] = "nowhere"
    folder = _write(tmp_path / "mine", {"scenarios/01.json": scenario})
    with pytest.raises(ContentError) as caught:
        load_pack(folder)
    assert str(folder / "scenarios" / "01.json") in str(caught.value)
