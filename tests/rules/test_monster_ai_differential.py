"""Differential cases: random boards of the reference kind (the 16x7 board, walls and thin walls,
obstacles, traps, hazardous, difficult and icy terrain, allies, 1-7 characters with initiatives,
melee/ranged attacks, Target N, area patterns, jump/flying/teleport/muddled), each under the three
rule sets. Their answers are the ones delvekit and a port of the reference solver agreed on; the
few cases tagged ``reference_quirk`` are boards where the reference answers differently because
of an indexing or floating-point slip, and carry the rule answer with a note of the reference's
(see docs/monster-ai.md, "Differential testing")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from delvekit.gloomhaven.monster_ai import cases as casefile

PATH = Path(__file__).resolve().parent.parent / "data" / "monster-ai" / "differential-cases.json"
DOC = casefile.load(PATH)
RAW = {c["id"]: c for c in json.loads(PATH.read_text(encoding="utf-8"))["cases"]}
QUIRKS = [c for c in DOC.cases if "reference_quirk" in RAW[c.id].get("tags", [])]


def test_file_covers_every_rule_set_and_feature() -> None:
    assert len(DOC.cases) >= 300
    assert {c.ruleset for c in DOC.cases} == {"gloomhaven", "jaws_of_the_lion", "frosthaven"}
    tags = {t for c in RAW.values() for t in c.get("tags", [])}
    for needed in (
        "aoe_melee",
        "aoe_ranged",
        "multi_target",
        "target_all",
        "jump",
        "flying",
        "teleport",
        "muddled",
        "icy",
        "difficult",
        "trap",
        "hazardous",
        "thin_walls",
        "player_choice",
        "no_attack_this_turn",
    ):
        assert needed in tags, needed
    assert sum(bool(c.get("answer_differs_across_rulesets")) for c in RAW.values()) >= 60


@pytest.mark.parametrize("case", DOC.cases, ids=[c.id for c in DOC.cases])
def test_differential_case(case: casefile.Case) -> None:
    result = casefile.check_case(case)
    assert result.matched, f"missing {result.missing}, unexpected {result.extra}"


def test_quirk_cases_name_the_reference_answer() -> None:
    # One board per known slip of the reference: a rim corner judged by the wrong hex's walls,
    # the first hex of the board dropped from ranged areas, a grazing corner-to-corner line whose
    # float test depends on its direction, and a wall on the rim's south side that never blocks.
    kinds = {RAW[c.id]["notes"].split(":", 1)[0] for c in QUIRKS}
    assert kinds == {"rim corner", "hex index 0", "float grazing", "rim wall"}
    for case in QUIRKS:
        note = RAW[case.id]["notes"]
        theirs = {
            (tuple(d), tuple(t))
            for d, t in json.loads(note.split("The reference answers ", 1)[1].rstrip("."))
        }
        ours = {casefile.outcome_key(o) for o in casefile.solve_case(case)}
        assert ours == {casefile.outcome_key(o) for o in case.expected}
        assert theirs and theirs != ours
