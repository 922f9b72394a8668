"""Golden rule cases for the damage pipeline (§6.4–§6.8, §17.B B9–B13, §18 examples 1, 3, 11, 12)."""

from __future__ import annotations

import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.model.damage import (
    Retaliate,
    apply_damage,
    attack_value,
    best_order,
    damage_after_shield,
    effective_shield,
    hazardous_damage,
    modified_value,
    resolve_attack,
    retaliate_damage,
    suffer_damage,
    trap_damage,
)
from delvekit.gloomhaven.model.modifiers import cards_of, parse_card


def test_example_1_scoundrel_vs_elite_bandit_guard() -> None:
    # Attack 3, +2 from the condition, doubled by an active card; the player adds before doubling.
    result = resolve_attack(3, bonuses=[2, "x2"], cards=[parse_card("-1")], shield=1)
    assert (result.value, result.modified, result.shield, result.damage) == (10, 9, 1, 8)
    # The other order the player could choose is worse: (3×2+2) −1 −1 = 6.
    assert resolve_attack(3, bonuses=["x2", 2], cards=[parse_card("-1")], shield=1).damage == 6
    assert best_order(["x2", 2]) == (2, "x2")


def test_example_3_pierce_reduces_shield() -> None:
    assert resolve_attack(3, pierce=2, shield=3, cards=[parse_card("+0")]).damage == 2
    assert resolve_attack(3, pierce=2, shield=3, cards=[parse_card("+1")]).damage == 3


def test_b9_shield_before_hp_not_clamped_hp() -> None:
    # GHS #916: HP 9, Shield 3, attack value 11 → 8 damage, 1 HP left (not 3).
    damage = resolve_attack(11, shield=3, cards=[parse_card("+0")]).damage
    assert damage == 8 and apply_damage(9, damage) == 1


def test_b11_shield_larger_than_hp() -> None:
    # GHS #732, #1000: HP 3, Shield 4. Attack 5 → 1 damage; attack 3 → 0 damage, HP never raised.
    assert apply_damage(3, resolve_attack(5, shield=4).damage) == 2
    damage = resolve_attack(3, shield=4).damage
    assert damage == 0 and apply_damage(3, damage) == 3


def test_b12_summon_round_shield() -> None:
    assert resolve_attack(4, shield=2).damage == 2


def test_b13_pierce_cannot_make_shield_negative() -> None:
    plus0 = [parse_card("+0")]
    assert resolve_attack(3, pierce=2, shield=3, cards=plus0).damage == 2
    assert resolve_attack(3, pierce=2, shield=1, cards=plus0).damage == 3
    assert effective_shield(1, 2) == 0


def test_example_12_monster_attack_card_modifier() -> None:
    # Level 0 Bandit Guard, Attack 2, card "Attack +1", draws +0 → 3.
    assert resolve_attack(2, bonuses=[1], cards=[parse_card("+0")]).damage == 3


def test_example_11_retaliate_range() -> None:
    assert retaliate_damage([Retaliate(1)], distance=2) == 0
    assert retaliate_damage([Retaliate(1)], distance=1) == 1
    assert retaliate_damage([Retaliate(2, range=2)], distance=2) == 2
    assert retaliate_damage([Retaliate(2, range=2)], distance=1, retaliator_alive=False) == 0
    # Several retaliates stack, each with its own reach.
    assert retaliate_damage([Retaliate(1), Retaliate(2, range=3)], distance=1) == 3
    assert retaliate_damage([Retaliate(1), Retaliate(2, range=3)], distance=3) == 2


def test_retaliate_and_suffer_damage_ignore_shield() -> None:
    # Not attacks: the attacker's shield does not reduce them (§6.7, §6.8).
    assert suffer_damage(retaliate_damage([Retaliate(2, range=2)], 2)) == 2
    assert suffer_damage(3) == 3 and suffer_damage(-1) == 0


def test_poison_adds_one_before_modifier_cards() -> None:
    result = resolve_attack(2, poisoned=True, cards=[parse_card("x2")])
    assert (result.value, result.damage) == (3, 6)
    assert resolve_attack(2, poisoned=True, shield=1, cards=[parse_card("+0")]).damage == 2


def test_null_means_no_damage_under_any_circumstances() -> None:
    cards = cards_of(["rolling +2", "rolling +0 pierce 3", "null"])
    result = resolve_attack(6, bonuses=[3, "x2"], cards=cards)
    assert result.modified is None and result.damage == 0
    assert resolve_attack(5, cards=[parse_card("curse")]).damage == 0


def test_x2_modifier_and_bless_double() -> None:
    assert resolve_attack(3, cards=[parse_card("x2")]).damage == 6
    assert resolve_attack(3, cards=[parse_card("bless")], shield=2).damage == 4  # shield after doubling


def test_rolling_cards_all_apply_in_the_attackers_order() -> None:
    cards = cards_of(["rolling +1", "rolling +0 push 1", "x2"])
    assert resolve_attack(3, cards=cards).damage == 8  # (3 + 1) × 2
    assert resolve_attack(3, cards=cards, card_order=[2, 0, 1]).damage == 7  # 3 × 2 + 1
    # The players order a monster's cards: the worst order for the monster.
    assert modified_value(3, cards, for_attacker=False) == 7


def test_pierce_from_a_modifier_card_adds_to_the_attack() -> None:
    result = resolve_attack(3, pierce=1, shield=5, cards=cards_of(["rolling +0 pierce 3", "+1"]))
    assert (result.pierce, result.shield, result.damage) == (4, 1, 3)


def test_only_the_final_damage_is_clamped() -> None:
    assert resolve_attack(1, cards=[parse_card("-2")]).modified == -1
    assert resolve_attack(1, cards=[parse_card("-2")]).damage == 0
    assert damage_after_shield(-3, shield=0) == 0
    # A negative intermediate value still doubles arithmetically; the attacker would not choose it.
    assert attack_value(1, [-2, "x2", 5]) == 3


def test_bad_bonus_or_card_order_is_refused() -> None:
    with pytest.raises(InputError, match="attack bonus: expected a number or 'x2', got 'x3'"):
        attack_value(3, ["x3"])  # type: ignore[list-item]
    with pytest.raises(InputError, match="card order"):
        modified_value(3, cards_of(["+1", "x2"]), [0, 0])


def test_b10_frosthaven_ward_halves_after_shield() -> None:
    # GHS #752 (FH only): Shield 2 and ward, attacked for 5 → 5 − 2 = 3, halved → 1.
    assert resolve_attack(5, shield=2, ward=True).damage == 1
    assert resolve_attack(5, shield=2, brittle=True).damage == 6
    assert resolve_attack(5, shield=2, ward=True, brittle=True).damage == 3
    assert resolve_attack(5, shield=2).damage == 3  # GH 1e: no ward


def test_b6_frosthaven_ward_halves_wound_damage() -> None:
    # GHS #607 (FH only): wound's 1 damage halved to 0; suffered damage ignores shield but not ward.
    assert suffer_damage(1, ward=True) == 0
    assert suffer_damage(5, ward=True) == 2


def test_example_8_trap_and_hazardous_terrain_damage_are_suffered() -> None:
    # Level 1: trap 3, hazardous 1 per hex entered; neither is an attack, so shield does not count.
    assert trap_damage(1) == 3 and hazardous_damage(1) == 1
    assert [trap_damage(level) for level in range(8)] == [2, 3, 4, 5, 6, 7, 8, 9]
    assert [hazardous_damage(level) for level in range(8)] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert apply_damage(5, suffer_damage(hazardous_damage(1) * 3)) == 2  # three hazardous hexes
    with pytest.raises(InputError, match="scenario level: a scenario level is 0 to 7, got 8"):
        trap_damage(8)
