"""A monster's attack in words with its stat line worked in (§10.3): a card's range is relative
to the stat line's ("Range -1" on a Range 3 monster reads Range 2), a card without a range uses
the stat line's, and a card's own positive range stands."""

from __future__ import annotations

from delvekit.gloomhaven.describe import ability_text
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import MonsterStats

ARCHER = MonsterStats(health=5, move=2, attack=2, range=3)


def test_a_cards_minus_one_range_is_taken_off_the_stat_lines_range() -> None:
    assert ability_text(Ability.parse("attack 1 range -1"), ARCHER) == "Attack 3, Range 2"


def test_a_card_without_a_range_uses_the_stat_lines_range() -> None:
    assert ability_text(Ability.parse("attack 1"), ARCHER) == "Attack 3, Range 3"


def test_a_cards_own_range_stands() -> None:
    assert ability_text(Ability.parse("attack 1 range 2"), ARCHER) == "Attack 3, Range 2"


def test_without_a_stat_line_the_card_reads_as_printed() -> None:
    assert ability_text(Ability.parse("attack 1 range -1")) == "Attack 1, Range -1"
