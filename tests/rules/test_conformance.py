"""The rules conformance suite (docs/rules-conformance.md): every case in
``tests/rules/conformance/*.toml`` is a small scripted board with its expected events, named
for the digest section it checks; every numbered section §1–§16 has at least one."""

from __future__ import annotations

import re

import pytest
from conformance_cases import Case, load_cases, play, problems

CASES = load_cases()


def test_every_numbered_section_of_the_digest_has_a_case() -> None:
    sections = {int(m.group(1)) for c in CASES if (m := re.match(r"§(\d+)", c.rule))}
    assert set(range(1, 17)) <= sections, sorted(set(range(1, 17)) - sections)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.rule} {c.name}" for c in CASES])
def test_conformance_case(case: Case) -> None:
    game = play(case)
    found = problems(case, game)
    assert not found, (
        f"{case.rule} {case.title}: "
        + "; ".join(found)
        + "\nevents:\n"
        + "\n".join(str(e) for e in game.events[-60:])
    )
