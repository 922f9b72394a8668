"""The table companion's monster cards in words (each card line with the stat line worked in, as
the table shows it to the players) and the ability the monster AI is asked about (§6.3 areas).

Each card is a real one from the box, taken from a scenario's setup at level 1."""

from __future__ import annotations

from functools import cache

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import MonsterStats
from delvekit.web.table_ai import card_lines, planned_ability
from delvekit.web.table_game import TableConfig, new_table
from delvekit.web.table_state import Table


@cache
def _table(scenario: int) -> Table:
    return new_table(TableConfig(scenario, 2, 1, 1))


def _card(
    scenario: int, monster: str, card: str, rank: str = "normal"
) -> tuple[MonsterStats, tuple[Ability, ...]]:
    table = _table(scenario)
    return table.stats(monster, rank), table.deck_card(table.deck_of(monster), card).actions


def _words(scenario: int, monster: str, card: str, rank: str = "normal") -> list[str]:
    return card_lines(*_card(scenario, monster, card, rank))


def test_an_attack_on_all_adjacent_enemies_reads_every_enemy_in_reach() -> None:
    # the Earth Demon's card 641: every adjacent enemy, and consuming earth pushes
    assert _words(4, "earth-demon", "641") == [
        "Move 0",
        "Attack 2, every enemy in reach, consume Earth for Push 1",
    ]
    assert _words(4, "earth-demon", "641", "elite")[0] == "Move 1"


def test_a_multi_target_attack_reads_target_n_with_the_stat_lines_range() -> None:
    # the Bandit Archer's card 536: Target 2; the elite's stat line has a longer range
    assert _words(1, "bandit-archer", "536") == ["Attack 1, Range 4, Target 2"]
    assert _words(1, "bandit-archer", "536", "elite") == ["Attack 2, Range 5, Target 2"]


def test_pierce_push_and_pull_are_named_with_their_numbers() -> None:
    assert _words(5, "frost-demon", "626") == [
        "Move 1",
        "Attack 2, Pierce 3",
        "Consume any element: Infuse Ice",
    ]
    assert _words(2, "living-corpse", "571") == ["Attack 5, Push 1", "Suffer 1 damage"]
    # a flying monster's move reads Fly (the Wind Demon's stat line)
    assert _words(4, "wind-demon", "645") == ["Fly 3", "Attack 2, Range 3, Pull 1", "Infuse Air"]


def test_a_ranged_area_counts_its_red_hexes_and_a_consumed_element_names_its_bonus() -> None:
    # the Flame Demon's card 631: a two-hex area placed in range; consuming fire adds +1 and wound
    stats, actions = _card(5, "flame-demon", "631")
    assert len(next(a for a in actions if a.kind == "attack").area) == 2
    assert card_lines(stats, actions) == [
        "Attack 2, Range 3, area attack on 2 hexes, consume Fire for +1 Attack, Wound"
    ]
    assert _words(4, "earth-demon", "639") == ["Attack 3, Range 4, consume Earth for Target 2"]


def test_a_melee_area_counts_only_its_red_hexes_not_the_attackers_grey_one() -> None:
    """§6.3: the Earth Demon's card 643 shows three red hexes next to the grey attacker hex;
    the grey hex is the attacker's own (not in ``Ability.area``) and is not attacked."""
    stats, actions = _card(4, "earth-demon", "643")
    area = next(a for a in actions if a.kind == "attack").area
    assert len(area) == 3 and (0, 0) not in area
    assert card_lines(stats, actions) == [
        "Move 1",
        "Attack 2, area attack on 3 hexes",
        "Consume any element: Infuse Earth",
    ]


def test_heal_reads_its_range_or_self() -> None:
    assert _words(3, "inox-shaman", "590") == ["Move 1", "Heal 3, Range 3"]
    assert _words(1, "living-bones", "517") == ["Move 1", "Attack 1, Target 2", "Heal 2 self"]


def test_infuse_suffer_and_loot_lines_read_as_on_the_card() -> None:
    assert _words(4, "earth-demon", "638") == ["Move 1", "Attack 3", "Infuse Earth"]
    assert _words(2, "living-corpse", "569") == ["Move 2", "Suffer 1 damage"]
    assert _words(9, "vermling-scout", "675") == ["Jump 4", "Loot 1"]


def test_a_special_line_reads_its_note_with_its_inner_parts() -> None:
    # the Bandit Archer's card 538 places a trap of 3 damage; a note the words do not know reads
    # as a sentence, its named parts too
    assert _words(1, "bandit-archer", "538")[-1] == (
        "Create a damage trap (3 damage) next to it, as close to an enemy as possible"
    )
    stats, _ = _card(1, "bandit-archer", "538")
    bare = Ability(kind="custom", note="summon-ally", then=(Ability(kind="custom", note="inner-rule"),))
    assert card_lines(stats, (bare,)) == ["Summon ally: Inner rule"]


def test_a_ranged_area_is_asked_as_a_free_shape_with_one_hex_in_range() -> None:
    """§6.3: without a grey hex the area is ranged: placed anywhere with a red hex in range."""
    stats, actions = _card(5, "flame-demon", "631")
    ability = planned_ability(stats, actions)
    assert ability["move"] == 0 and ability["flying"] is True
    assert ability["attack"] == {
        "range": 3,
        "targets": 1,
        "aoe": {"anchor": "free", "hexes": [[2, -2], [1, -1]]},
    }


def test_a_melee_area_is_asked_anchored_on_the_attacker() -> None:
    """§6.3: the grey hex is the attacker: the shape is anchored on it, (0, 0) included."""
    stats, actions = _card(4, "earth-demon", "643")
    ability = planned_ability(stats, actions)
    assert ability["move"] == 1
    assert ability["attack"] == {
        "range": 0,
        "targets": 1,
        "aoe": {"anchor": "attacker", "hexes": [[0, 0], [1, -1], [1, 0], [2, -1]]},
    }
    # disarmed: it moves, but its area attack is off
    assert planned_ability(stats, actions, frozenset({"disarm"}))["attack"] is None


def test_the_frost_demons_immobilize_on_enemies_in_range_does_not_read_self() -> None:
    # the Frost Demon's card 620 immobilizes every enemy within range 2
    assert _words(5, "frost-demon", "620")[0] == "Immobilize every enemy within Range 2"
