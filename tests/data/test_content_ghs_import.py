"""`delve content import-ghs`: converting a GHS-format data folder (an invented fixture that uses
every action type the Brute, Mindthief and monster-deck files use)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from delvekit.cli.content import group as content_cli
from delvekit.core.errors import ContentError
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.ghs_import import convert_folder, import_ghs

GHS = Path(__file__).parent / "fixtures" / "ghs-mini"

# Every GHS action type, valueType and card marker found in brute.json, mindthief.json, the 30
# monster decks and the monster stat files of the GHS snapshot (see docs/content.md).
USED_TYPES = {
    "area", "attack", "box", "card", "concatenation", "concatenationSpacer", "condition", "custom",
    "element", "grid", "heal", "jump", "loot", "move", "pierce", "pull", "push", "range",
    "retaliate", "shield", "special", "specialTarget", "sufferDamage", "summon", "target",
    "teleport",
}  # fmt: skip
USED_VALUE_TYPES = {"plus", "minus", "add", "subtract"}
USED_MARKERS = {"experience", "round", "persistent", "lost", "slot", "slotXp"}


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        if "type" in node and isinstance(node["type"], str):
            yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def test_fixture_covers_every_action_type() -> None:
    actions = [a for path in GHS.rglob("*.json") for a in _walk(json.loads(path.read_text()))]
    types = {a["type"] for a in actions}
    assert types >= USED_TYPES, USED_TYPES - types
    assert {a["valueType"] for a in actions if "valueType" in a} >= USED_VALUE_TYPES
    markers = {str(a["value"]).partition(":")[0] for a in actions if a["type"] == "card"}
    assert markers >= USED_MARKERS
    summons = {a["value"] for a in actions if a["type"] == "summon"}
    assert summons >= {"summonData", "monsterStandee"}


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pack") / "ghs-pack"
    import_ghs(GHS, out)
    return out


def test_converted_pack_loads_and_checks(converted: Path) -> None:
    pack = load_pack(converted)  # raises if any check fails
    blade = pack.classes["test-blade"]
    assert blade.health[0] == 8 and blade.hand_size == 3
    assert blade.playable_at(2) and not blade.playable_at(3)
    assert [c.number for c in blade.missing_cards(3)] == [9006]
    assert pack.monsters["test-gnasher"].flying
    assert len(pack.monster_decks["test-gnasher"].cards) == 8


def test_card_markers_are_lifted_to_the_half() -> None:
    blade = next(c for c in convert_folder(GHS)["classes"] if c.id == "test-blade")
    cards = {c.number: c for c in blade.cards}
    cleave = cards[9001]
    assert cleave.top.xp == 1 and not cleave.top.lost
    assert cleave.bottom.xp == 2 and cleave.bottom.lost
    bulwark = cards[9002]
    assert bulwark.top.round
    assert bulwark.bottom.persistent and bulwark.bottom.lost
    assert [s.xp for s in bulwark.bottom.slots] == [0, 1]
    hook = cards[9004]
    assert hook.top.persistent and not hook.top.round  # the round marker belongs to the augment
    augment = hook.top.abilities[0]
    assert augment.type == "augment"
    assert [(a.type, a.value) for a in augment.sub] == [("custom", "advantage"), ("custom", "card:round")]


def test_actions_are_structured() -> None:
    blade = next(c for c in convert_folder(GHS)["classes"] if c.id == "test-blade")
    cards = {c.number: c for c in blade.cards}
    attack = cards[9001].top.abilities[0]
    area = next(s for s in attack.sub if s.type == "area")
    # GHS cells (0,0) empty, (0,1) active, (1,0) and (1,1) targets on odd-r rows → axial offsets.
    assert {(h.q, h.r, h.kind) for h in area.area} == {
        (0, -1, "empty"),
        (0, 0, "active"),
        (1, -1, "target"),
        (1, 0, "target"),
    }
    lance = cards[9005].top.abilities[0]
    consume = next(s for s in lance.sub if s.type == "element")
    assert (consume.value, consume.mode) == ("ice", "consume")
    assert [(a.type, a.value, a.mode) for a in consume.sub] == [
        ("attack", 1, "add"),
        ("condition", "stun", "absolute"),
        ("xp", 1, "absolute"),
    ]
    strengthen = cards[9005].bottom.abilities[2]
    affects = strengthen.sub[0]
    assert (affects.type, affects.value, affects.sub[0].type, affects.sub[0].value) == (
        "affects",
        "allies-range",
        "range",
        2,
    )
    summon = cards[9003].top.abilities[0].summon
    assert summon is not None and (summon.name, summon.health, summon.move, summon.attack) == (
        "Paper Hawk",
        3,
        3,
        1,
    )
    assert blade.summons[0].flying
    assert cards[9004].bottom.abilities[0].sub[0].sub[0].mode == "plus"
    assert [p.ignore for p in blade.perks][-1] == "negative_scenario_effects"
    assert blade.perks[2].add == ("rolling +0 push 1",) * 2
    assert blade.perks[3].add == ("+1 heal 1 self",)
    assert blade.perks[1].remove == ("-2",) and blade.perks[1].add == ("+0",)


def test_monsters_decks_and_bosses() -> None:
    data = convert_folder(GHS)
    monsters = {m.id: m for m in data["monsters"]}
    gnasher = monsters["test-gnasher"]
    assert gnasher.immunities == ("poison", "push")
    level4 = gnasher.stats(4, "elite")
    assert [a.type for a in level4.abilities] == ["condition", "pierce", "custom"]  # base wound first
    assert gnasher.stats(0, "normal").range == 2
    boss = monsters["test-overlord"]
    assert [boss.stats(n, "boss").health for n in (0, 2, 3)] == ["6xC", "15xC/2", "2+LxC//2"]
    spawn = boss.specials[1][1]
    assert spawn.type == "spawn"
    assert [(s.monster, s.kind, s.count) for s in spawn.spawns] == [
        ("test-gnasher", ("normal", "normal", "elite"), 1),
        ("test-gnasher", ("normal", "normal", "normal"), 2),
    ]
    decks = {d.id: d for d in data["monster_decks"]}
    assert set(decks) == {"test-gnasher", "boss"}  # boss deck found in the older deck/ folder
    card = next(c for c in decks["test-gnasher"].cards if c.number == 9104)
    consume = card.abilities[1].sub[0]
    assert [(a.type, a.value, a.mode) for a in consume.sub] == [
        ("attack", 2, "add"),
        ("range", 1, "subtract"),
    ]
    assert decks["boss"].cards[0].abilities[0].type == "special"


def test_campaign_cards_drop_narrative() -> None:
    data = convert_folder(GHS)
    event = data["events"][0]
    assert event.id == "city-01"
    assert "dropped" not in json.dumps([str(e) for e in data["events"]])
    assert event.options[0].outcomes[0].effects[1].values[0].type == "lose-gold"
    treasures = data["treasures"]
    assert [(r.kind, r.value) for r in treasures[2].rewards] == [
        ("damage", 3),
        ("condition", "poison"),
        ("condition", "wound"),
    ]
    assert [(r.kind, r.value) for r in treasures[3].rewards] == [("item", 2), ("item", 3)]
    items = {i.number: i for i in data["items"]}
    assert items[2].modifiers_added == ("-1", "-1") and items[3].slot == "one-hand" and items[3].uses == 3
    assert {a.id for a in data["achievements"]} == {"test-glory", "the-tests-pact", "test-friends"}


def test_cli_import_ghs(tmp_path: Path) -> None:
    out = tmp_path / "imported"
    result = CliRunner().invoke(content_cli, ["import-ghs", str(GHS), "--out", str(out)])
    assert result.exit_code == 0, result.output
    playable = ", ".join(sorted([*_bundled_playable(), "test-blade"]))
    assert f"playable classes at level 1: {playable}" in result.output
    check = CliRunner().invoke(content_cli, ["facts", "--content", str(out)])
    facts = json.loads(check.output)
    assert facts["classes"]["test-blade"]["playable"] is True
    assert facts["monsters"]["test-overlord"]["levels"][0]["boss"]["health"] == "6xC"


def test_bad_ghs_data_names_file_and_field(tmp_path: Path) -> None:
    broken = tmp_path / "ghs"
    shutil.copytree(GHS, broken)
    deck = broken / "character" / "deck" / "test-blade.json"
    data = json.loads(deck.read_text())
    data["abilities"][0]["actions"][0]["type"] = "smite"
    deck.write_text(json.dumps(data))
    with pytest.raises(ContentError) as info:
        convert_folder(broken)
    assert "character/deck/test-blade.json: abilities[0].actions[0].type" in str(info.value)
    assert "'smite'" in str(info.value)
    result = CliRunner().invoke(content_cli, ["import-ghs", str(tmp_path), "--out", str(tmp_path / "o")])
    assert result.exit_code != 0
    assert "not a GHS data folder" in str(result.exception) + result.output


def test_skip_unknown_keeps_the_card_unencoded(tmp_path: Path) -> None:
    broken = tmp_path / "ghs"
    shutil.copytree(GHS, broken)
    deck = broken / "character" / "deck" / "test-blade.json"
    data = json.loads(deck.read_text())
    data["abilities"][0]["actions"][0]["type"] = "smite"
    deck.write_text(json.dumps(data))
    out = tmp_path / "pack"
    result = CliRunner().invoke(content_cli, ["import-ghs", str(broken), "--out", str(out), "--skip-unknown"])
    assert result.exit_code == 0, result.output
    assert "card not encoded: character/deck/test-blade.json: abilities[0].actions[0].type" in result.output
    playable = ", ".join(_bundled_playable())
    assert f"playable classes at level 1: {playable}\n" in result.output
    blade = load_pack(out).classes["test-blade"]
    assert [c.number for c in blade.missing_cards(1)] == [9001]


def _bundled_playable() -> list[str]:
    """The bundled classes playable at level 1 (transcribed classes join as they are encoded)."""
    return sorted(cid for cid, k in load_pack().classes.items() if k.playable_at(1))
