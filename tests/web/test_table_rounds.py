"""The table companion's rounds: the scenario's rules at the start and the end of a round (as the
engine performs them), conditions a rule gives, and a door that is opened twice."""

from __future__ import annotations

import copy

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from delvekit.web.table_game import TableConfig, TableError, apply, replay
from delvekit.web.table_state import Table


def _round(table: Table, value: int = 50) -> str:
    for c, ch in table.characters.items():
        if not ch.exhausted:
            apply(table, {"kind": "initiative", "character": c, "value": value})
    return apply(table, {"kind": "start_round"})


def _finish_round(table: Table) -> None:
    while table.phase == "turns":
        apply(table, {"kind": "next"})


def test_barrow_lair_for_two_sends_an_inox_guard_at_the_end_of_odd_rounds() -> None:
    """Scenario 3 for 2 characters: at the end of every odd round a normal Inox Guard appears on
    marker a (8, 2); the table says so when the round ends."""
    table = replay(TableConfig(3, 2, 1, 7), [])
    before = {s.id for s in table.standees.values()}
    said = _round(table)
    assert "appears" not in said  # nothing at the start (that rule is for 3 and 4 characters)
    _finish_round(table)
    new = [s for s in table.standees.values() if s.id not in before]
    assert [(s.type, s.rank, s.hex) for s in new] == [("inox-guard", "normal", (8, 2))]
    assert table.phase == "initiatives"
    # the log reads in the order things happen: the last turn and the round end, then the rule
    # performed at the end of the round (§3.5)
    assert table.events[-2:] == [
        "Inox Shaman done; round 1 ends",
        f"Inox Guard {new[0].number} appears on [8, 2]",
    ]


def test_a_spawn_with_no_standee_left_in_the_box_is_said_in_words() -> None:
    """Scenario 3 for 4 characters: all six Inox Guards stand in the first room, so the round
    start's guard cannot appear; the table says why and places nothing."""
    table = replay(TableConfig(3, 4, 1, 7), [])
    guards = sum(s.type == "inox-guard" for s in table.standees.values())
    assert guards == 6
    before = sorted(table.standees)
    said = _round(table)
    assert said.endswith("; no Inox Guard appears (no standee)")
    assert sorted(table.standees) == before


def test_a_condition_a_rule_gave_is_not_given_again_while_the_character_still_has_it() -> None:
    """Scenario 68: every character is poisoned as round 1 starts; poison stays until healed,
    so the end of the round neither repeats it nor restamps it."""
    table = replay(TableConfig(68, 2, 1, 7), [])
    said = _round(table)
    assert said.endswith("; Brute: poison; Tinkerer: poison")
    stamps = {c.id: dict(c.conditions) for c in table.characters.values()}
    assert stamps == {"C1": {"poison": 0}, "C2": {"poison": 0}}
    seen = len(table.events)
    _finish_round(table)
    assert not any("poison" in e for e in table.events[seen:])
    assert {c.id: dict(c.conditions) for c in table.characters.values()} == stamps


def test_a_healed_poison_from_a_round_one_rule_does_not_come_back_at_the_round_end() -> None:
    """Scenario 68: the Brute's poison from the round-1 rule is healed away (§8: the heal
    removes poison); nothing poisons him again at the end of the round."""
    table = replay(TableConfig(68, 2, 1, 7), [])
    _round(table)
    apply(table, {"kind": "heal", "figure": "C1", "amount": 2})
    assert "poison" not in table.characters["C1"].conditions
    _finish_round(table)
    assert "poison" not in table.characters["C1"].conditions


def test_the_round_one_disarm_of_scenario_5_is_gone_in_round_two() -> None:
    """Scenario 5: every character is disarmed in round 1 only; disarm ends with the character's
    next turn (§8), so in round 2 nobody is disarmed."""
    table = replay(TableConfig(5, 3, 1, 7), [])
    _round(table)
    _finish_round(table)
    _round(table)
    assert not any("disarm" in c.conditions for c in table.characters.values())


def test_a_door_already_open_is_refused_and_changes_nothing() -> None:
    table = replay(TableConfig(1, 3, 1, 7), [])
    said = apply(table, {"kind": "door", "hex": [7, 4]})
    assert "Bandit Archer" in said
    standees, events, rooms = copy.deepcopy(table.standees), list(table.events), list(table.revealed_rooms)
    with pytest.raises(TableError, match=r"^hex: this door is already open$") as refused:
        apply(table, {"kind": "door", "hex": [7, 4]})
    assert refused.value.where == "hex"
    assert table.standees == standees and table.events == events and table.revealed_rooms == rooms


def test_the_log_says_the_next_turn_starts_before_the_figure_suffers_its_wound() -> None:
    """§8 wound: the damage comes at the start of the wounded figure's turn, so the log says its
    turn started ("next: ...") and then the wound, not the other way round."""
    table = replay(TableConfig(1, 2, 1, 7), [])
    guard = next(s for s in table.standees.values() if s.type == "bandit-guard")
    apply(table, {"kind": "condition", "figure": guard.id, "condition": "wound"})
    _round(table, 1)  # both characters act before the bandits
    _finish_round(table)
    name = f"Bandit Guard {guard.number}"
    turn = table.events.index(f"next: {name}")
    assert table.events[turn + 1] == f"{name} takes 1 (wound), {guard.health} left"
