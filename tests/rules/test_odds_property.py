"""Generated checks of the exact odds: random small decks against every order drawn by the real
deck code, and shield/pierce monotonicity on random full decks."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from delvekit.core.rng import Rng
from delvekit.gloomhaven.damage import resolve_attack
from delvekit.gloomhaven.modifiers import ModifierCard, ModifierDeck, cards_of, standard_deck
from delvekit.gloomhaven.odds import attack_distribution

POOL = cards_of([
    "+0", "+1", "+2", "-1", "-2", "x2", "null", "bless", "curse", "+1 stun", "+0 stun", "+1 fire",
    "+2 muddle", "+0 push 2", "+1 pierce 2", "rolling +1", "rolling +2", "rolling +0 push 1",
    "rolling +0 pierce 3", "rolling +0 stun", "rolling -1", "rolling +0 heal 1 self",
])  # fmt: skip
MODE = st.sampled_from([(False, False), (True, False), (False, True)])


def every_order(attack: int, deck: list[ModifierCard], advantage: bool, disadvantage: bool,
                shield: int, pierce: int) -> tuple[dict[int, Fraction], dict[str, Fraction]]:  # fmt: skip
    counts: Counter[int] = Counter()
    effects: Counter[str] = Counter()
    orders = list(itertools.permutations(deck))
    for order in orders:
        draw, _ = ModifierDeck(draw_pile=order).draw(
            Rng(0), attack=attack, advantage=advantage, disadvantage=disadvantage
        )
        counts[resolve_attack(attack, cards=draw.applied, shield=shield, pierce=pierce).damage] += 1
        effects.update({name.replace("_", " ") for card in draw.applied for name in card.effect_amounts()})
    return (
        {d: Fraction(c, len(orders)) for d, c in counts.items() if c},
        {name: Fraction(c, len(orders)) for name, c in effects.items()},
    )


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(POOL), min_size=1, max_size=6),
    MODE,
    st.integers(0, 5),
    st.integers(0, 3),
    st.integers(0, 3),
)
def test_enumeration_equals_every_order(
    deck: list[ModifierCard], mode: tuple[bool, bool], attack: int, shield: int, pierce: int
) -> None:
    advantage, disadvantage = mode
    exact = attack_distribution(
        attack, deck=deck, advantage=advantage, disadvantage=disadvantage, shield=shield, pierce=pierce
    )
    expected = every_order(attack, deck, advantage, disadvantage, shield, pierce)
    assert (exact.probabilities, exact.effects) == expected


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(POOL), max_size=12), MODE, st.integers(0, 6), st.integers(0, 3))
def test_more_shield_never_helps_and_more_pierce_never_hurts(
    extra: list[ModifierCard], mode: tuple[bool, bool], attack: int, shield: int
) -> None:
    deck = [*standard_deck(), *extra]
    advantage, disadvantage = mode

    def expected(shield: int, pierce: int) -> Fraction:
        return attack_distribution(
            attack, deck=deck, advantage=advantage, disadvantage=disadvantage, shield=shield, pierce=pierce
        ).expected

    base = expected(shield, 0)
    assert expected(shield + 1, 0) <= base <= expected(shield, 1)
    assert sum(attack_distribution(attack, deck=deck).probabilities.values()) == 1
