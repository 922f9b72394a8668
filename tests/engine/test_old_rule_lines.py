"""Scenario rules as typed records, and the text lines older saves carry
(delvekit.gloomhaven.model.scenario_rules, model.rule_text, engine.saves.upgrade_rules).

The fixtures in tests/data/old-rule-lines were written by delvekit 5a07fec, before the records:
every scenario's ``GameSetup.rules`` as text lines, and two saves whose setups carry them.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model import scenario_rules as sr
from delvekit.gloomhaven.model.rule_text import parse_rule_line, rule_line
from delvekit.gloomhaven.model.setup import GameSetup

OLD = Path(__file__).resolve().parents[1] / "data" / "old-rule-lines"
CLASSES = ("brute", "spellweaver", "scoundrel", "cragheart")


@cache
def old_lines() -> dict[str, list[str]]:
    doc: dict[str, dict[str, list[str]]] = json.loads((OLD / "rule-lines.json").read_text(encoding="utf-8"))
    return doc["rules"]


def test_every_scenarios_old_rule_lines_read_as_the_records_the_adapter_builds_now() -> None:
    pack = load_pack()
    assert len(old_lines()) == 3 * len(pack.scenarios)
    for key, lines in old_lines().items():
        number, players = map(int, key.split("/"))
        setup = setup_from_pack(pack, number, [Member(c) for c in CLASSES[:players]], seed=0)
        assert tuple(parse_rule_line(line) for line in lines) == setup.rules, key


def test_every_kind_of_record_is_met_and_written_back_as_its_old_line() -> None:
    kinds = set()
    for lines in old_lines().values():
        for line in lines:
            record = parse_rule_line(line)
            kinds.add(type(record))
            assert rule_line(record) == line
    assert kinds == set(sr.ScenarioRule.__args__)  # type: ignore[attr-defined]


def test_records_travel_as_tagged_json_objects_and_come_back_equal() -> None:
    records = tuple(parse_rule_line(line) for lines in old_lines().values() for line in lines)
    raw = msgspec.json.encode(records)
    assert msgspec.json.decode(raw, type=tuple[sr.ScenarioRule, ...]) == records
    first = msgspec.json.decode(msgspec.json.encode(records[0]))
    assert first["kind"] in ("at", "goal", "rule", "marker", "lock", "objective", "win", "token", "ally")
    assert b'"|' not in raw.replace(b'"rule|', b"")  # no text line left inside


@pytest.mark.parametrize("name", ["s03-save.json", "s54-save.json"])
def test_a_save_written_with_rule_lines_loads_verifies_and_replays_to_its_digest(name: str) -> None:
    text = (OLD / name).read_text(encoding="utf-8")
    written = json.loads(text)
    assert all(isinstance(x, str) for x in written["setup"]["rules"])  # the old form
    game = Game.load(text, verify=True)  # the digest and the seal are checked as it loads
    assert game.digest() == written["digest"]
    assert game.setup.rules == tuple(parse_rule_line(x) for x in written["setup"]["rules"])
    again = Game.load(game.save(), verify=True)  # saved again: records, not lines
    rules = json.loads(game.save())["setup"]["rules"]
    assert rules and all(isinstance(x, dict) and "kind" in x for x in rules)
    assert again.digest() == game.digest() and again.setup == game.setup


def test_an_old_log_with_rule_lines_replays() -> None:
    game = Game.load((OLD / "s54-save.json").read_text(encoding="utf-8"))
    lines = game.log_lines()
    header = json.loads(lines[0])
    header["setup"]["rules"] = [rule_line(r) for r in game.setup.rules]  # as a 5a07fec log
    replayed = Game.from_log([json.dumps(header), *lines[1:-1]], verify=False)
    assert replayed.digest() == game.digest()


def _save_with_rules(rules: list[object]) -> str:
    doc = json.loads((OLD / "s03-save.json").read_text(encoding="utf-8"))
    doc["setup"]["rules"] = rules
    doc.pop("seal")
    doc.pop("digest")
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (["spawn|end|R ==|inox-guard|normal,none,none|8,2|"], "setup.rules[0]"),
        (["goal|room|M1a"], "bad goal line"),
        ([{"kind": "spawn", "timing": "noon", "monster": "x", "ranks": ["none"] * 3, "hex": [0, 0]}], "noon"),
        ([{"kind": "ally", "monster": "x", "colour": "red"}], "colour"),
        ([{"kind": "explode"}], "explode"),
        ([{"kind": "objective", "name": "Altar", "health": "4+R", "hex": [0, 0]}], "health"),
    ],
)
def test_a_bad_rule_in_a_save_is_refused_as_it_loads_naming_it(rules: list[object], words: str) -> None:
    with pytest.raises(InputError, match="setup") as caught:
        Game.load(_save_with_rules(rules))
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_setup_holds_records_only() -> None:
    setup = setup_from_pack(load_pack(), 2, [Member("brute"), Member("spellweaver")])
    assert all(isinstance(r, sr.ScenarioRule.__args__) for r in setup.rules)  # type: ignore[attr-defined]
    built = msgspec.convert(msgspec.to_builtins(setup), GameSetup)
    assert built == setup


def test_the_goal_words_read_a_rule_whose_condition_has_an_or() -> None:
    """27's demons come in rounds 3 and 9 (``R == 3 || R == 9``): the text line's ``|`` split
    that rule's JSON, and the words said only "A special rule applies"."""
    from delvekit.gloomhaven.describe import goal_words

    setup = setup_from_pack(load_pack(), 27, [Member("brute"), Member("spellweaver")])
    words = goal_words(setup)
    assert any(w.startswith("In rounds 3 and 9 (at the end of the round): 1 Frost Demon") for w in words)
