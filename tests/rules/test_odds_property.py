"""Generated checks of the exact odds: random small decks against every order drawn by the real
deck code, and shield/pierce monotonicity on random full decks."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.rng import Rng
from delvekit.gloomhaven.model.damage import resolve_attack
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import ModifierCard, cards_of, standard_deck
from delvekit.gloomhaven.model.odds import attack_distribution

POOL = cards_of([
    "+0", "+1", "+2", "-1", "-2", "x2", "null", "bless", "curse", "+1 stun", "+0 stun", "+1 fire",
    "+2 muddle", "+0 push 2", "+1 pierce 2", "rolling +1", "rolling +2", "rolling +0 push 1",
    "rolling +0 pierce 3", "rolling +0 stun", "rolling -1", "rolling +0 heal 1 self",
])  # fmt: skip
MODE = st.sampled_from([(False, False), (True, False), (False, True)])


def names(cards: tuple[ModifierCard, ...]) -> set[str]:
    """The effects the applied cards add, named as in the odds."""
    return {name.replace("_", " ") for card in cards for name in card.effect_amounts()}


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
        effects.update(names(draw.applied))
    return (
        {d: Fraction(c, len(orders)) for d, c in counts.items() if c},
        {name: Fraction(c, len(orders)) for name, c in effects.items()},
    )


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


Odds = tuple[dict[int, Fraction], dict[str, Fraction]]


def pile_then_discards(attack: int, pile: list[ModifierCard], discard: list[ModifierCard],
                       advantage: bool, disadvantage: bool) -> Odds:  # fmt: skip
    """Every order of the draw pile followed by every order of the discards (what a reshuffle
    gives when the pile runs out), drawn as one pile by the real deck code."""
    counts: Counter[int] = Counter()
    effects: Counter[str] = Counter()
    total = 0
    for top in itertools.permutations(pile):
        for rest in itertools.permutations(discard):
            draw, _ = ModifierDeck(draw_pile=top + rest).draw(
                Rng(0), attack=attack, advantage=advantage, disadvantage=disadvantage
            )
            counts[resolve_attack(attack, cards=draw.applied).damage] += 1
            effects.update(names(draw.applied))
            total += 1
    return (
        {d: Fraction(c, total) for d, c in counts.items()},
        {name: Fraction(c, total) for name, c in effects.items()},
    )


@given(
    st.lists(st.sampled_from(POOL), max_size=3),
    st.lists(st.sampled_from(POOL), max_size=4),
    MODE,
    st.integers(0, 4),
)
def test_mid_scenario_odds_go_on_into_the_shuffled_discards(
    pile: list[ModifierCard], discard: list[ModifierCard], mode: tuple[bool, bool], attack: int
) -> None:
    if not pile and not discard:
        return
    advantage, disadvantage = mode
    mode_args = {"advantage": advantage, "disadvantage": disadvantage}
    exact = attack_distribution(attack, deck=pile, discard=discard, **mode_args)
    expected = pile_then_discards(attack, pile, discard, advantage, disadvantage)
    assert (exact.probabilities, exact.effects) == expected


def test_mid_scenario_odds_match_the_real_reshuffle() -> None:
    """The deck code itself reshuffles the discards (with its Rng) when the pile runs out."""
    pile = list(cards_of(["rolling +1", "rolling +0 stun"]))
    discard = list(cards_of(["+0", "x2", "-1", "rolling +2", "null", "+1 push 1"]))
    for advantage, disadvantage in [(False, False), (True, False), (False, True)]:
        mode_args = {"advantage": advantage, "disadvantage": disadvantage}
        exact = attack_distribution(3, deck=pile, discard=discard, **mode_args)
        rng = Rng(77)
        counts: Counter[int] = Counter()
        trials = 20_000
        for _ in range(trials):
            deck = ModifierDeck(draw_pile=ModifierDeck.shuffled(pile, rng).draw_pile, discard=tuple(discard))
            draw, _ = deck.draw(rng, attack=3, **mode_args)
            counts[resolve_attack(3, cards=draw.applied).damage] += 1
        for damage, p in exact.probabilities.items():
            sigma = (float(p) * (1 - float(p)) / trials) ** 0.5
            assert abs(counts[damage] / trials - float(p)) <= 5 * sigma + 1e-3, (mode_args, damage)
