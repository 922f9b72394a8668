"""A monster's attack in words with its stat line worked in (§10.2): a card's range is relative
to the stat line's ("Range -1" on a Range 3 monster reads Range 2, "Range +2" reads Range 5), a
card without a range uses the stat line's, and a card gives a melee type its own range (as the
engine attacks: stat range + card range)."""

from __future__ import annotations

from delvekit.gloomhaven.describe import ability_text
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import MonsterStats

ARCHER = MonsterStats(health=5, move=2, attack=2, range=3)


def test_a_cards_minus_one_range_is_taken_off_the_stat_lines_range() -> None:
    assert ability_text(Ability.parse("attack 1 range -1"), ARCHER) == "Attack 3, Range 2"


def test_a_card_without_a_range_uses_the_stat_lines_range() -> None:
    assert ability_text(Ability.parse("attack 1"), ARCHER) == "Attack 3, Range 3"


def test_a_cards_plus_range_adds_to_the_stat_lines_range() -> None:
    # "Range +2" on a Range 3 stat line: the engine attacks at Range 5 (Bandit Archer 537 is +1 on 4)
    assert ability_text(Ability.parse("attack 1 range 2"), ARCHER) == "Attack 3, Range 5"


def test_a_card_gives_a_melee_type_its_own_range() -> None:
    guard = MonsterStats(health=5, move=2, attack=2)
    assert ability_text(Ability.parse("attack 1 range 3"), guard) == "Attack 3, Range 3"
    assert ability_text(Ability.parse("attack 1"), guard) == "Attack 3"


def test_without_a_stat_line_the_card_reads_as_printed() -> None:
    assert ability_text(Ability.parse("attack 1 range -1")) == "Attack 1, Range -1"
