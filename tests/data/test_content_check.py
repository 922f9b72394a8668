"""`delve content check` names the file and field of every broken invariant; users' folders are
checked the same way and refused with one clear error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from delvekit.core.errors import ContentError
from delvekit.gloomhaven.content import ContentPack, load_pack
from delvekit.gloomhaven.content.check import check_pack
from delvekit.gloomhaven.content.pack import BUNDLED
from delvekit.gloomhaven.content.problems import Problem

FIXTURES = Path(__file__).parent / "fixtures"


def _stat(health: Any = 5) -> dict[str, Any]:
    return {"health": health, "move": 2, "attack": 2}


def _monster(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "id": "test-rat",
        "name": "Test Rat",
        "deck": "test-rat",
        "count": 4,
        "levels": [{"level": n, "normal": _stat(), "elite": _stat(7)} for n in range(8)],
    }
    record.update(changes)
    return record


def _deck(cards: int = 8, **card_changes: Any) -> dict[str, Any]:
    made = []
    for n in range(cards):
        card: dict[str, Any] = {
            "number": 9900 + n,
            "initiative": 10 + n,
            "shuffle": n == 0,
            "abilities": [{"type": "move", "value": 1, "mode": "plus"}],
        }
        if n == 3:
            card.update(card_changes)
        made.append(card)
    return {"id": "test-rat", "cards": made}


def _pack(tmp_path: Path, files: dict[str, Any]) -> Path:
    folder = tmp_path / "mine"
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    return folder


def _problems(folder: Path) -> list[Problem]:
    return [p for p in check_pack(ContentPack([BUNDLED, folder])) if p.file.startswith(str(folder))]


def test_a_sound_user_monster_passes(tmp_path: Path) -> None:
    folder = _pack(tmp_path, {"monsters/test-rat.json": _monster(), "monster-decks/test-rat.json": _deck()})
    assert _problems(folder) == []
    pack = load_pack(folder)
    assert pack.monsters["test-rat"].count == 4
    assert "bandit-guard" in pack.monsters  # laid over the bundled pack
    assert "test-rat" not in load_pack().monsters  # the bundled pack is untouched


@pytest.mark.parametrize(
    ("files", "file", "field", "message"),
    [
        (
            {"monsters/test-rat.json": _monster(), "monster-decks/test-rat.json": _deck(cards=7)},
            "monster-decks/test-rat.json",
            "cards",
            "8 cards, this one has 7",
        ),
        (
            {"monsters/test-rat.json": _monster(), "monster-decks/test-rat.json": _deck(initiative=100)},
            "monster-decks/test-rat.json",
            "cards[3].initiative",
            "must be 1-99",
        ),
        (
            {
                "monsters/test-rat.json": _monster(),
                "monster-decks/test-rat.json": _deck(abilities=[{"type": "fireball", "value": 2}]),
            },
            "monster-decks/test-rat.json",
            "cards[3].abilities[0].type",
            "unknown ability type 'fireball'",
        ),
        (
            {"monsters/test-rat.json": _monster(deck="nowhere")},
            "monsters/test-rat.json",
            "deck",
            "unknown monster deck 'nowhere'",
        ),
        (
            {"monsters/test-rat.json": _monster(levels=[{"level": 0, "normal": _stat(), "elite": _stat()}])},
            "monsters/test-rat.json",
            "levels",
            "needs levels 0-7",
        ),
        (
            {
                "monsters/test-rat.json": _monster(
                    levels=[{"level": n, "normal": _stat("9xQ"), "elite": _stat()} for n in range(8)]
                )
            },
            "monsters/test-rat.json",
            "levels[0].normal.health",
            "unknown variables ['Q']",
        ),
        (
            {"monsters/test-rat.json": _monster(immunities=["sleepy"])},
            "monsters/test-rat.json",
            "immunities[0]",
            "unknown condition 'sleepy'",
        ),
        (
            {"monsters/test-rat.json": _monster(count=0)},
            "monsters/test-rat.json",
            "count",
            "at least one standee",
        ),
    ],
)
def test_each_violation_names_file_and_field(
    tmp_path: Path, files: dict[str, Any], file: str, field: str, message: str
) -> None:
    folder = _pack(tmp_path, {"monster-decks/test-rat.json": _deck(), **files})
    problems = _problems(folder)
    assert any(
        p.file == str(folder / file) and p.field == field and message in p.message for p in problems
    ), problems
    with pytest.raises(ContentError) as info:
        load_pack(folder)
    assert str(folder / file) in str(info.value)


def _klass(**changes: Any) -> dict[str, Any]:
    record = json.loads((FIXTURES / "custom-content" / "classes" / "test-sage.json").read_text())
    record.update(changes)
    return record


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"health": [6, 7, 8, 9, 10, 11, 12, 13, 12]}, "health", "never fall"),
        ({"hand_size": 9}, "cards", "fewer level 1 and X cards than the hand size 9"),
        ({"perks": [{"add": ["+7 banana"]}]}, "perks[0]", "modifier card '+7 banana'"),
        ({"perks": [{"count": 1}]}, "perks[0]", "changes the deck or ignores"),
    ],
)
def test_class_invariants(tmp_path: Path, changes: dict[str, Any], field: str, message: str) -> None:
    folder = _pack(tmp_path, {"classes/test-sage.json": _klass(**changes)})
    problems = _problems(folder)
    assert any(p.field == field and message in p.message for p in problems), problems


def test_card_invariants(tmp_path: Path) -> None:
    record = _klass()
    record["cards"][0]["initiative"] = 0
    record["cards"][1]["top"] = {}
    record["cards"][2]["level"] = 12
    record["cards"][3]["number"] = record["cards"][4]["number"]
    record["cards"][4]["top"]["abilities"][0]["sub"].append({"type": "condition", "value": "sleepy"})
    folder = _pack(tmp_path, {"classes/test-sage.json": record})
    fields = {(p.field, p.message.split(",")[0]) for p in _problems(folder)}
    assert ("cards[0].initiative", "must be 1-99") in fields
    assert ("cards[1].top", "an encoded card needs abilities on both halves") in fields
    assert ("cards[2].level", "must be 1-9") in fields
    assert any(f == "cards[4].number" and "also in class test-sage" in m for f, m in fields)
    assert ("cards[4].top.abilities[0].sub[2].value", "unknown condition 'sleepy'") in fields


def test_decoding_errors_name_the_field(tmp_path: Path) -> None:
    bad = _klass()
    bad["health"] = "lots"
    folder = _pack(tmp_path, {"classes/test-sage.json": bad})
    with pytest.raises(ContentError) as info:
        load_pack(folder)
    assert f"{folder / 'classes' / 'test-sage.json'}: $.health" in str(info.value)
    folder2 = _pack(tmp_path / "two", {"classes/test-sage.json": "{not json"})
    with pytest.raises(ContentError, match="not valid JSON"):
        load_pack(folder2)
    unknown = _klass(colour="blue")
    folder3 = _pack(tmp_path / "three", {"classes/test-sage.json": unknown})
    with pytest.raises(ContentError, match="unknown field `colour`"):
        load_pack(folder3)


def test_duplicate_ids_in_one_folder(tmp_path: Path) -> None:
    record = _klass()
    folder = _pack(tmp_path, {"classes/a.json": record, "classes/b.json": record})
    with pytest.raises(ContentError, match="duplicate classes entry 'test-sage'"):
        load_pack(folder)


def test_missing_folder_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="is not a folder"):
        load_pack(tmp_path / "nope")
