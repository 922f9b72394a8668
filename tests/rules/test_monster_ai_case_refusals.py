"""Each refusal of a malformed gh-monster-ai-cases document, one test per refusal: read from a
file, the error names the file, the case and the field, with the exact one-line message.
(Until now only the slow schemathesis/hypothesis tier sent these documents.)"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.monster_ai.cases import load, parse_document


def _case(**changes: Any) -> dict[str, Any]:
    case: dict[str, Any] = {
        "id": "t1",
        "ruleset": "gloomhaven",
        "board": "b",
        "walls": [],
        "terrain": {},
        "figures": [
            {"id": "A", "side": "monster", "hex": [0, 0], "active": True},
            {"id": "C1", "side": "character", "hex": [0, -2], "initiative": 10},
        ],
        "ability": {
            "move": 2,
            "jump": False,
            "flying": False,
            "teleport": False,
            "muddled": False,
            "attack": {"range": 0, "targets": 1, "aoe": None},
        },
    }
    case.update(changes)
    return case


def _doc(cases: list[dict[str, Any]] | None = None, **changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"boards": {"b": [[0, 0], [0, -1], [0, -2]]}, "cases": cases or [_case()]}
    doc.update(changes)
    return doc


def _refusal(tmp_path: Path, doc: object) -> InputError:
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(InputError) as caught:
        load(path)
    assert str(caught.value).startswith(f"{path}: "), "the message names the file"
    return caught.value


def test_the_base_document_is_sound(tmp_path: Path) -> None:
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(_doc()))
    assert [c.id for c in load(path).cases] == ["t1"]


def test_boards_that_are_not_an_object_are_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, _doc(boards=[[0, 0]]))
    assert err.where == f"{tmp_path / 'cases.json'}: boards"
    assert str(err).endswith(": boards: expected an object of named boards")


def test_a_board_with_an_empty_name_is_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, _doc(boards={"": [[0, 0]]}))
    assert err.where.endswith(": boards")
    assert str(err).endswith(": boards: a board name must be 1-200 printable characters")


def test_a_board_name_with_a_control_character_is_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, _doc(boards={"b\n": [[0, 0]]}))
    assert str(err).endswith(": boards: a board name must be 1-200 printable characters")


def test_a_board_without_hexes_is_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, _doc(boards={"b": []}))
    assert err.where.endswith(": boards.b")
    assert str(err).endswith(": boards.b: a board needs at least one hex")


def test_two_cases_with_one_id_are_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, _doc([_case(), _case()]))
    assert err.where.endswith(": case t1")
    assert str(err).endswith(": case t1: duplicate case id")


def test_board_hexes_without_a_board_name_are_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, _doc([_case(board=[[0, 0]], board_hexes=[[0, 0], [0, -1], [0, -2]])]))
    assert err.where.endswith(": case t1.board")
    assert str(err).endswith(": case t1.board: expected a board name next to board_hexes")


def test_a_case_whose_inline_board_has_no_hexes_is_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, _doc([_case(board=[])]))
    assert err.where.endswith(": case t1.board")
    assert str(err).endswith(": case t1.board: the board has no hexes")


def test_terrain_that_is_not_an_object_is_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, _doc([_case(terrain=[[0, -1]])]))
    assert err.where.endswith(": case t1.terrain")
    assert str(err).endswith(": case t1.terrain: expected an object of terrain kinds")


def test_a_flag_that_is_not_true_or_false_is_refused(tmp_path: Path) -> None:
    ability = copy.deepcopy(_case()["ability"])
    ability["jump"] = "yes"
    err = _refusal(tmp_path, _doc([_case(ability=ability)]))
    assert err.where.endswith(": case t1.ability.jump")
    assert str(err).endswith(": case t1.ability.jump: expected true or false, got 'yes'")


def test_a_description_that_is_not_text_is_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, _doc([_case(description=42)]))
    assert err.where.endswith(": case t1.description")
    assert str(err).endswith(": case t1.description: expected text, got 42")


def test_a_board_that_is_not_a_list_of_hexes_is_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, _doc(boards={"b": "0,0"}))
    assert err.where.endswith(": boards.b")
    assert str(err).endswith(": boards.b: expected a list of hexes, got '0,0'")


def test_cases_that_are_not_a_list_are_refused(tmp_path: Path) -> None:
    err = _refusal(tmp_path, {"boards": {}, "cases": {"t1": 1}})
    assert err.where.endswith(": cases")
    assert str(err).endswith(": cases: expected a list, got {'t1': 1}")


def test_a_refused_document_from_memory_names_document() -> None:
    with pytest.raises(InputError, match=r"^document: boards: expected an object of named boards$"):
        parse_document(_doc(boards=7))
