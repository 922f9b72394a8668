"""Golden rule cases for drawing modifier cards: normal, advantage, disadvantage (§6.5, §18.9)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.rng import Rng
from delvekit.gloomhaven.model.modifier_deck import Draw, ModifierDeck
from delvekit.gloomhaven.model.modifiers import ModifierCard, cards_of, compare, parse_card


def draw(top: list[str], *, attack: int = 3, advantage: bool = False, disadvantage: bool = False) -> Draw:
    deck = ModifierDeck(draw_pile=cards_of(top))
    result, _ = deck.draw(Rng(0), attack=attack, advantage=advantage, disadvantage=disadvantage)
    return result


def applied(result: Draw) -> list[str]:
    return [str(c) for c in result.applied]


# §18.9: the FAQ's advantage rulings; ambiguous means the first drawn card is used.
@pytest.mark.parametrize(
    ("first", "second", "used", "ambiguous"),
    [
        ("+1", "+2", "+2", False),
        ("+2", "+1", "+2", False),
        ("+1 stun", "+1", "+1 stun", False),
        ("+1", "+1 stun", "+1 stun", False),
        ("+0 stun", "+2", "+0 stun", True),
        ("+2", "+0 stun", "+2", True),
        ("+1 stun", "+1 fire", "+1 stun", True),
        ("+1 fire", "+1 stun", "+1 fire", True),
        ("+0 muddle", "+2 stun", "+0 muddle", True),
        ("+2 stun", "+0 muddle", "+2 stun", True),
        ("null", "-2", "-2", False),
        ("x2", "+2", "x2", False),  # attack 3: 6 beats 5
    ],
)
def test_example_9_faq_advantage_ambiguity_uses_first_drawn(
    first: str, second: str, used: str, ambiguous: bool
) -> None:
    result = draw([first, second, "+0"], advantage=True)
    assert applied(result) == [used]
    assert result.ambiguous is ambiguous
    assert [str(c) for c in result.drawn] == [first, second]


def test_advantage_better_card_depends_on_attack_value_x2_vs_plus2() -> None:
    assert applied(draw(["+2", "x2"], attack=1, advantage=True)) == ["+2"]  # 3 beats 2
    assert applied(draw(["+2", "x2"], attack=3, advantage=True)) == ["x2"]  # 6 beats 5
    equal = draw(["+2", "x2"], attack=2, advantage=True)  # 4 and 4: alike, first drawn
    assert applied(equal) == ["+2"] and equal.ambiguous


def test_advantage_one_rolling_adds_its_effect_to_the_other_card() -> None:
    assert applied(draw(["rolling +0 push 1", "-1", "+2"], advantage=True)) == ["rolling +0 push 1", "-1"]
    assert applied(draw(["-1", "rolling +1", "+2"], advantage=True)) == ["-1", "rolling +1"]


def test_advantage_both_rolling_draws_on_and_applies_everything() -> None:
    result = draw(["rolling +1", "rolling +0 stun", "rolling +0 fire", "-1", "+2"], advantage=True)
    assert applied(result) == ["rolling +1", "rolling +0 stun", "rolling +0 fire", "-1"]
    assert len(result.drawn) == 4


def test_disadvantage_uses_the_worse_card() -> None:
    assert applied(draw(["+1", "+2"], disadvantage=True)) == ["+1"]
    assert applied(draw(["+2", "null"], disadvantage=True)) == ["null"]
    assert applied(draw(["+1 stun", "+1"], disadvantage=True)) == ["+1"]
    ambiguous = draw(["+2", "+0 stun"], disadvantage=True)
    assert applied(ambiguous) == ["+2"] and ambiguous.ambiguous


def test_disadvantage_ignores_a_single_rolling_card() -> None:
    assert applied(draw(["rolling +1 disarm", "-1"], disadvantage=True)) == ["-1"]
    assert applied(draw(["+2", "rolling +0 stun"], disadvantage=True)) == ["+2"]


def test_disadvantage_both_rolling_applies_only_the_last_card() -> None:
    result = draw(["rolling +1", "rolling +0 stun", "rolling +0 push 1", "x2", "+0"], disadvantage=True)
    assert applied(result) == ["x2"]
    assert [str(c) for c in result.drawn] == ["rolling +1", "rolling +0 stun", "rolling +0 push 1", "x2"]


def test_normal_draw_rolling_chain_applies_every_card() -> None:
    result = draw(["rolling +0 pierce 3", "rolling +1", "x2", "+2"])
    assert applied(result) == ["rolling +0 pierce 3", "rolling +1", "x2"]
    assert applied(draw(["-1", "+2"])) == ["-1"]


def test_advantage_and_disadvantage_cancel_to_a_normal_draw() -> None:
    result = draw(["+1", "+2"], advantage=True, disadvantage=True)
    assert applied(result) == ["+1"] and len(result.drawn) == 1


def test_drawn_bless_and_curse_leave_the_deck_even_when_not_used() -> None:
    deck = ModifierDeck(draw_pile=cards_of(["curse", "+1", "bless", "+0"]))
    result, deck = deck.draw(Rng(0), attack=2, advantage=True)  # curse vs +1: +1 used, curse still leaves
    assert applied(result) == ["+1"]
    assert [str(c) for c in deck.discard] == ["+1"] and deck.count("curse") == 0
    result, deck = deck.draw(Rng(0), attack=2)
    assert applied(result) == ["bless"] and deck.count("bless") == 0
    assert not deck.shuffle_pending  # bless and curse never ask for the round-end shuffle


def test_drawn_x2_or_null_asks_for_shuffle_at_end_of_round_even_when_not_used() -> None:
    deck = ModifierDeck(draw_pile=cards_of(["+1", "null", "+0", "-1"]))
    result, deck = deck.draw(Rng(0), attack=2, advantage=True)
    assert applied(result) == ["+1"] and deck.shuffle_pending
    deck = deck.end_of_round(Rng(5))
    assert not deck.shuffle_pending and deck.discard == () and len(deck.draw_pile) == 4


def test_no_shuffle_at_end_of_round_without_x2_or_null() -> None:
    deck = ModifierDeck(draw_pile=cards_of(["+1", "+0", "-1"]))
    _, deck = deck.draw(Rng(0), attack=2)
    assert deck.end_of_round(Rng(5)) is deck and [str(c) for c in deck.discard] == ["+1"]


def test_empty_draw_pile_mid_draw_shuffles_the_discards_but_not_the_cards_in_play() -> None:
    deck = ModifierDeck(draw_pile=cards_of(["rolling +1"]), discard=cards_of(["+2"]))
    result, deck = deck.draw(Rng(0), attack=2)
    assert applied(result) == ["rolling +1", "+2"]
    assert deck.draw_pile == () and len(deck.discard) == 2


def test_a_deck_that_runs_out_ends_the_draw() -> None:
    assert applied(draw(["rolling +1", "rolling +0 stun"])) == ["rolling +1", "rolling +0 stun"]
    assert applied(draw(["rolling +1", "rolling +0 stun"], disadvantage=True)) == []
    assert applied(draw([])) == []
    assert applied(draw(["+1"], advantage=True)) == ["+1"]


def test_compare_is_antisymmetric_on_the_faq_pairs() -> None:
    pairs = [("+1", "+2"), ("+1 stun", "+1"), ("+0 stun", "+2"), ("null", "curse")]
    pairs.append(("+0 push 2", "+0 push 1"))
    for a, b in pairs:
        assert compare(parse_card(a), parse_card(b), 3) == -compare(parse_card(b), parse_card(a), 3)
    assert compare(parse_card("+0 push 2"), parse_card("+0 push 1"), 3) == 1


_POOL = cards_of(["+0", "+1", "+2", "-1", "-2", "x2", "null", "bless", "curse", "+1 stun"])
_POOL += cards_of(["+0 stun", "+1 fire", "+2 muddle", "+0 push 2", "+0 push 1", "+1 pierce 2"])
_POOL += cards_of(["+2 stun fire"])


@given(st.sampled_from(_POOL), st.sampled_from(_POOL), st.sampled_from(_POOL), st.integers(0, 6))
def test_better_is_a_partial_order(a: ModifierCard, b: ModifierCard, c: ModifierCard, attack: int) -> None:
    assert compare(a, b, attack) == -compare(b, a, attack)
    assert compare(a, a, attack) == 0
    if compare(a, b, attack) == 1 and compare(b, c, attack) == 1:
        assert compare(a, c, attack) == 1
