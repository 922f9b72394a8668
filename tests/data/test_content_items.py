"""The base game's items: usage, trigger and effects (docs/content.md, items section)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from delvekit.gloomhaven.content import ContentPack, load_pack
from delvekit.gloomhaven.content.check import check_pack
from delvekit.gloomhaven.content.pack import BUNDLED
from delvekit.gloomhaven.content.schema import ITEM_SCOPES, ITEM_TRIGGERS, CardAbility, Item

PACK = load_pack()
BASE = [item for item in PACK.items.values() if not item.solo]
ATTACK_TRIGGERS = {"attack", "melee-attack", "ranged-attack", "ally-attack"}


def _walk(abilities: tuple[CardAbility, ...]) -> list[CardAbility]:
    out: list[CardAbility] = []
    for a in abilities:
        out.append(a)
        out.extend(_walk(a.sub))
    return out


def test_there_are_133_base_items_numbered_1_to_133() -> None:
    assert sorted(i.number for i in BASE) == list(range(1, 134))


@pytest.mark.parametrize("item", BASE, ids=lambda i: f"{i.number}-{i.name}")
def test_every_base_item_has_usage_trigger_effect_and_source(item: Item) -> None:
    assert item.use in ("spent", "consumed", "passive")
    assert item.trigger in ITEM_TRIGGERS
    assert item.effects, "needs at least one structured or named effect"
    assert item.source.startswith("D (heisch/gloomhaven-item-db)")
    if item.scope:
        assert item.scope in ITEM_SCOPES
        assert item.trigger in ATTACK_TRIGGERS, "only attack riders have a scope"
    for a in _walk(item.effects):
        if a.type == "custom":
            assert isinstance(a.value, str) and a.value


def test_every_named_effect_is_listed_in_the_docs() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "content.md").read_text(encoding="utf-8")
    section = docs.split("## Items: usage and effects", 1)[1].split("\n## ", 1)[0]
    named = {a.value for i in BASE for a in _walk(i.effects) if a.type == "custom"}
    missing = sorted(str(n) for n in named if f"`{n}`" not in section)
    assert not missing, f"named item effects not documented: {missing}"


def test_known_items_decode_as_printed() -> None:
    items = PACK.items
    boots = items[1]
    assert (boots.name, boots.use, boots.trigger) == ("Boots of Striding", "spent", "move")
    assert boots.effects == (CardAbility(type="move", value=2, mode="add"),)

    potion = items[12]
    assert (potion.name, potion.use, potion.trigger) == ("Minor Healing Potion", "consumed", "own-turn")
    heal_self = CardAbility(type="heal", value=3, sub=(CardAbility(type="affects", value="self"),))
    assert potion.effects == (heal_self,)

    hide = items[3]
    assert (hide.name, hide.use, hide.uses, hide.trigger) == ("Hide Armor", "spent", 2, "damaged-by-attack")
    assert hide.modifiers_added == ("-1", "-1")
    assert hide.effects == (CardAbility(type="shield", value=1),)

    leather = items[4]
    assert leather.trigger == "attacked"
    assert leather.effects == (CardAbility(type="custom", value="attacker-disadvantage"),)

    platemail = items[65]
    assert (platemail.uses, len(platemail.modifiers_added)) == (5, 5)

    iron_helmet = items[7]
    assert iron_helmet.use == "passive"

    war_hammer = items[10]
    stun = CardAbility(type="condition", value="stun")
    assert (war_hammer.scope, war_hammer.effects) == ("entire", (stun,))
    assert items[11].scope == "single"

    frigid = items[77]
    (consume,) = frigid.effects
    assert (consume.type, consume.value, consume.mode) == ("element", "ice", "consume")
    assert consume.sub == (CardAbility(type="attack", value=2, mode="add"),)


def test_summon_items_summon_their_stat_line() -> None:
    for number, name, stats in (
        (35, "Jade falcon", (2, 3, 2)),
        (115, "Warrior spirit", (4, 1, 3)),
        (123, "Skeleton", (3, 2, 2)),
        (132, "Steel construct", (5, 2, 3)),
    ):
        item = PACK.items[number]
        (summon,) = item.effects
        assert summon.type == "summon" and summon.summon == item.summon
        assert summon.summon is not None
        assert summon.summon.name.lower() == name.lower()
        assert (summon.summon.health, summon.summon.move, summon.summon.attack) == stats
        assert item.use == "consumed"


def test_passive_items_are_never_marked_used_up_and_vice_versa() -> None:
    passive = {i.number for i in BASE if i.use == "passive"}
    # Standing effects and element-cost items carry no usage icon in either source.
    assert {7, 16, 22, 38, 52, 58, 71, 77, 82, 101, 121} <= passive
    assert not passive & {1, 5, 12, 27, 35, 65}


def _items_pack(tmp_path: Path, record: dict[str, Any]) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "items.json").write_text(json.dumps([record]))
    return folder


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"trigger": "whenever"}, "trigger", "unknown trigger"),
        ({"scope": "half"}, "scope", "unknown scope"),
        ({"effects": [{"type": "teleportation"}]}, "effects[0].type", "unknown ability type"),
    ],
)
def test_bad_item_fields_are_named(tmp_path: Path, changes: dict[str, Any], field: str, message: str) -> None:
    record = {"number": 901, "name": "Test Charm", "slot": "small", "cost": 10, "count": 1}
    folder = _items_pack(tmp_path, {**record, **changes})
    problems = [p for p in check_pack(ContentPack([BUNDLED, folder])) if p.file.startswith(str(folder))]
    assert [(p.field, message in p.message) for p in problems] == [(f"[0].{field}", True)], problems


def test_a_sound_user_item_passes(tmp_path: Path) -> None:
    record = {
        "number": 902, "name": "Test Boots", "slot": "legs", "cost": 10, "count": 1, "use": "spent",
        "trigger": "move", "effects": [{"type": "move", "value": 1, "mode": "add"}],
    }  # fmt: skip
    folder = _items_pack(tmp_path, record)
    assert [p for p in check_pack(ContentPack([BUNDLED, folder])) if p.file.startswith(str(folder))] == []
    assert load_pack(folder).items[902].trigger == "move"


def test_usage_disagreements_are_settled_and_documented() -> None:
    splintmail, robes = PACK.items[44], PACK.items[102]
    assert (splintmail.use, splintmail.uses, len(splintmail.modifiers_added)) == ("spent", 4, 4)
    assert robes.use == "spent" and robes.trigger == "ranged-attack"
    docs = (Path(__file__).resolve().parents[2] / "docs" / "content.md").read_text(encoding="utf-8")
    table = docs.split("<!-- item-doubts:begin -->", 1)[1].split("<!-- item-doubts:end -->", 1)[0]
    assert "| 44 Splintmail | usage |" in table
    assert "| 102 Sacrificial Robes | usage |" in table
    for item in BASE:
        if item.note:
            assert f"| {item.number} {item.name} |" in table, item.name


@pytest.mark.parametrize(
    ("number", "active", "targets"),
    [(18, True, 2), (26, True, 2), (33, False, 3), (47, True, 3), (60, False, 4)],
)
def test_area_items_carry_their_pattern(number: int, active: bool, targets: int) -> None:
    item = PACK.items[number]
    assert item.scope == "single" and item.trigger.endswith("attack")
    (area,) = [a for a in _walk(item.effects) if a.type == "area"]
    kinds = [h.kind for h in area.area]
    assert ("active" in kinds) == active
    assert kinds.count("target") == targets
    hexes = {(h.q, h.r) for h in area.area}
    # Every hex of a pattern touches another one (axial neighbours).
    steps = {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}
    for q, r in hexes:
        assert any((q + dq, r + dr) in hexes for dq, dr in steps)
    assert item.source.endswith("C confirms")
