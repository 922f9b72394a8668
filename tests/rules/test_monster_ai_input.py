"""Bad case files are refused with one InputError naming the case and the field; good ones
round-trip through export unchanged."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.monster_ai import case_export
from delvekit.gloomhaven.monster_ai import cases as casefile

DATA = Path(__file__).resolve().parent.parent / "data" / "monster-ai"


def _doc() -> dict[str, Any]:
    data = json.loads((DATA / "own-cases.json").read_text())
    data["cases"] = data["cases"][:1]
    return data


def _refused(data: object) -> str:
    with pytest.raises(InputError) as info:
        casefile.parse_document(data, where="file.json")
    return str(info.value)


def test_unknown_field() -> None:
    data = _doc()
    data["cases"][0]["figures"][1]["colour"] = "red"
    msg = _refused(data)
    assert "own-invisible-focus-skipped" in msg and "figures[1]" in msg and "colour" in msg


def test_hex_off_board() -> None:
    data = _doc()
    data["cases"][0]["figures"][2]["hex"] = [9, 9]
    msg = _refused(data)
    assert "figures[2].hex" in msg and "not on the board" in msg


def test_two_figures_on_one_hex() -> None:
    data = _doc()
    data["cases"][0]["figures"][2]["hex"] = [0, -1]
    assert "already holds C1" in _refused(data)


@pytest.mark.parametrize("actives", [0, 2])
def test_exactly_one_active(actives: int) -> None:
    data = _doc()
    figs = data["cases"][0]["figures"]
    figs[0].pop("active")
    for f in figs[:actives]:
        f["active"] = True
    msg = _refused(data)
    assert "figures" in msg and f"found {actives}" in msg


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("ability", "move"), -1, "ability.move"),
        (("ability", "attack", "targets"), 0, "attack.targets"),
        (("ability", "attack", "targets"), "some", "attack.targets"),
        (("ability", "attack", "melee"), False, "attack.melee"),
        (("ruleset",), "descent", "ruleset"),
        (("terrain",), {"lava": [[1, 1]]}, "lava"),
        (("walls",), [[[0, 0], [3, 3]]], "walls[0]"),
        (("board",), "nowhere", "unknown board"),
        (("rule_flags",), {"los": "maybe"}, "rule_flags.los"),
        (("expected", "outcomes"), [{"destination": [0, 0], "targets": ["Z9"]}], "targets[0]"),
    ],
)
def test_bad_fields(path: tuple[str, ...], value: object, words: str) -> None:
    data = _doc()
    node = data["cases"][0]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    msg = _refused(data)
    assert "case own-invisible-focus-skipped" in msg and words in msg


def test_not_an_object() -> None:
    assert "expected an object" in _refused({"cases": [3]})
    assert "missing field 'cases'" in _refused({"boards": {}})


def test_refusal_changes_nothing() -> None:
    data = _doc()
    data["cases"][0]["figures"][1]["hex"] = [0, 0]
    before = copy.deepcopy(data)
    _refused(data)
    assert data == before


def test_round_trip_is_stable() -> None:
    for name in ("cases.json", "own-cases.json"):
        doc = casefile.load(DATA / name)
        for case in doc.cases[:60]:
            exported = case_export.case_to_json(case)
            again = casefile.parse_document(exported, where="export").cases[0]
            assert case_export.case_to_json(again) == exported
            assert [casefile.outcome_key(o) for o in casefile.solve_case(again)] == [
                casefile.outcome_key(o) for o in casefile.solve_case(case)
            ]


def test_extensions_round_trip() -> None:
    doc = casefile.load(DATA / "own-cases.json")
    by_id = {c.id: c for c in doc.cases}
    summon = case_export.case_to_json(by_id["own-summon-before-owner"])
    assert any(f.get("summon_of") == "C1" for f in summon["figures"])
    door = case_export.case_to_json(by_id["own-door-blocks"])
    assert door["doors"] == [[0, -2]]
    invisible = case_export.case_to_json(by_id["own-invisible-only-enemy"])
    assert any(f.get("invisible") for f in invisible["figures"])


def test_single_case_object_is_a_document() -> None:
    case = _doc()["cases"][0]
    case["board_hexes"] = [[q, r] for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
    case["board"] = "disk4"
    doc = casefile.parse_document(case)
    assert [c.id for c in doc.cases] == ["own-invisible-focus-skipped"]


def test_summon_owner_must_exist() -> None:
    data = _doc()
    data["cases"][0]["figures"][2]["summon_of"] = "C7"
    assert "summon_of" in _refused(data)
