"""Exact odds of one attack (§6.4–§6.5) checked three ways: by hand, against every order of a
small deck drawn by the real deck code, and against a seeded Monte Carlo on full decks."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from fractions import Fraction

import pytest

from delvekit.core.errors import InputError
from delvekit.core.rng import Rng
from delvekit.gloomhaven.model.damage import resolve_attack
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import ModifierCard, apply_perks, cards_of, standard_deck
from delvekit.gloomhaven.model.odds import attack_distribution

F = Fraction
MODES = [(False, False), (True, False), (False, True)]


def test_standard_deck_attack_3_by_hand() -> None:
    dist = attack_distribution(3)
    assert dist.probabilities == {0: F(1, 20), 1: F(1, 20), 2: F(5, 20), 3: F(6, 20), 4: F(5, 20),
                                  5: F(1, 20), 6: F(1, 20)}  # fmt: skip
    assert dist.expected == 3


def test_advantage_and_disadvantage_by_hand() -> None:
    # Attack 2: +2 and x2 both give 4 (alike, so the first drawn is used; either way 4).
    assert attack_distribution(2, advantage=True).probabilities[4] == 1 - F(18 * 17, 20 * 19)
    assert attack_distribution(2, disadvantage=True).probabilities[4] == F(2, 20 * 19)
    # Disadvantage gives 0 unless neither card is the null or the -2.
    assert attack_distribution(2, disadvantage=True).probabilities[0] == 1 - F(18 * 17, 20 * 19)
    assert attack_distribution(2, advantage=True, disadvantage=True) == attack_distribution(2)


def test_bless_curse_shield_pierce_by_hand() -> None:
    assert attack_distribution(3, curse=1).probabilities[0] == F(2, 21)
    assert attack_distribution(3, bless=2).probabilities[6] == F(3, 22)
    # Shield 1 left: every value −1, except the null (0) and the −2 (1 → 0): 60 − 18 − 1.
    assert attack_distribution(3, shield=2, pierce=1).expected == F(41, 20)
    assert attack_distribution(0).probabilities == {0: F(14, 20), 1: F(5, 20), 2: F(1, 20)}


def test_rolling_chain_by_hand() -> None:
    deck = cards_of(["rolling +1", "rolling +0 pierce 2", "x2", "+0"])
    dist = attack_distribution(2, deck=deck, shield=2)
    # The number of rolling cards before the first non-rolling card and which one it is.
    # x2 doubles after the +1 (the attacker's best order); pierce 2 cancels the shield.
    assert sum(dist.probabilities.values()) == 1
    assert dist.probabilities[6] == F(1, 4) * F(1, 3) * F(1, 2) * 2  # both rolling, then x2
    assert dist.expected > attack_distribution(2, deck=cards_of(["x2", "+0"]), shield=2).expected


def _brute_force(attack: int, deck: list[ModifierCard], advantage: bool, disadvantage: bool,
                 shield: int, pierce: int) -> tuple[dict[int, Fraction], dict[str, Fraction]]:  # fmt: skip
    """Every order of the deck, drawn by the real deck code and damaged by the real pipeline:
    the odds of each damage and of each effect."""
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
        {d: F(c, len(orders)) for d, c in sorted(counts.items())},
        {name: F(c, len(orders)) for name, c in effects.items()},
    )


SMALL_DECKS = [
    ["+1", "-1", "x2", "null", "+0 stun"],
    ["rolling +1", "rolling +0 push 1", "+2", "-1", "x2"],
    ["rolling +0 pierce 3", "rolling +2", "rolling +1 disarm", "null", "+1 fire", "+1 stun"],
    ["rolling +1", "rolling +0 stun", "rolling +0 muddle"],  # only rolling cards: the deck runs out
    ["bless", "curse", "+0 muddle", "+2 stun", "-2", "rolling +1"],
    ["+1", "+1", "+1 stun", "+0", "x2", "rolling +0 heal 1 self", "rolling +0 heal 1 self"],
    ["-1"],
    ["rolling +1", "+0"],
]


@pytest.mark.parametrize("texts", SMALL_DECKS, ids=lambda t: "/".join(t))
@pytest.mark.parametrize(("advantage", "disadvantage"), MODES, ids=["normal", "advantage", "disadvantage"])
def test_enumeration_equals_every_order_of_a_small_deck(
    texts: list[str], advantage: bool, disadvantage: bool
) -> None:
    deck = list(cards_of(texts))
    for attack, shield, pierce in [(3, 0, 0), (1, 2, 1), (4, 3, 0)]:
        exact = attack_distribution(
            attack, deck=deck, advantage=advantage, disadvantage=disadvantage, shield=shield, pierce=pierce
        )
        damage, effects = _brute_force(attack, deck, advantage, disadvantage, shield, pierce)
        assert (exact.probabilities, exact.effects) == (damage, effects)


BRUTE = [
    {"remove": ["-1", "-1"]},
    {"remove": ["-1"], "add": ["+1"]},
    {"add": ["rolling +0 push 1"] * 3},
    {"add": ["rolling +0 pierce 3"] * 2},
    {"add": ["+1 shield 1 self"]},
    {"add": ["+3"]},
]


@pytest.mark.parametrize(
    ("attack", "advantage", "disadvantage", "bless", "curse", "shield", "pierce"),
    [
        (3, False, False, 0, 0, 0, 0),
        (3, True, False, 2, 1, 2, 0),
        (2, False, True, 1, 3, 1, 1),
        (4, True, False, 0, 0, 4, 0),
    ],
)
def test_enumeration_matches_a_seeded_monte_carlo(
    attack: int, advantage: bool, disadvantage: bool, bless: int, curse: int, shield: int, pierce: int
) -> None:
    deck = apply_perks(standard_deck(), BRUTE)
    exact = attack_distribution(attack, deck=deck, advantage=advantage, disadvantage=disadvantage,
                                bless=bless, curse=curse, shield=shield, pierce=pierce)  # fmt: skip
    full = [*deck, *cards_of(["bless"] * bless + ["curse"] * curse)]
    rng = Rng(20240611 + attack)
    trials = 20_000
    counts: Counter[int] = Counter()
    effects: Counter[str] = Counter()
    for _ in range(trials):
        fresh = ModifierDeck.shuffled(full, rng)
        draw, _ = fresh.draw(rng, attack=attack, advantage=advantage, disadvantage=disadvantage)
        counts[resolve_attack(attack, cards=draw.applied, shield=shield, pierce=pierce).damage] += 1
        effects.update({name.replace("_", " ") for card in draw.applied for name in card.effect_amounts()})
    assert set(counts) <= set(exact.probabilities)
    assert set(effects) <= set(exact.effects) <= {"push", "pierce", "shield self"}
    assert ("push" in exact.effects) is not disadvantage  # disadvantage ignores rolling cards
    for outcome, p in [*exact.probabilities.items(), *exact.effects.items()]:
        sigma = math.sqrt(float(p) * (1 - float(p)) / trials)
        seen = counts[outcome] if isinstance(outcome, int) else effects[outcome]
        assert abs(seen / trials - float(p)) <= 5 * sigma + 1e-3, outcome
    mean = sum(d * c for d, c in counts.items()) / trials
    assert abs(mean - float(exact.expected)) < 0.05


def test_json_contract() -> None:
    data = attack_distribution(3, curse=1).to_json()
    assert json.loads(json.dumps(data)) == data
    exact = attack_distribution(3, curse=1).probabilities
    assert data["distribution"] == {str(d): float(p) for d, p in exact.items()}
    assert math.isclose(sum(data["distribution"].values()), 1.0)  # type: ignore[attr-defined]
    assert data["expected"] == pytest.approx(float(attack_distribution(3, curse=1).expected))
    assert data["exact"]["distribution"]["0"] == "2/21"  # type: ignore[index]


@pytest.mark.parametrize(
    ("kwargs", "where"),
    [
        ({"bless": -1}, "bless"),
        ({"curse": 1.5}, "curse"),
        ({"shield": True}, "shield"),
        ({"pierce": "2"}, "pierce"),
        ({"deck": []}, "deck"),
        ({"deck": ["+1"]}, "deck"),
        ({"curse": 11}, "curse"),
        ({"bless": 9, "deck": [*standard_deck(), *cards_of(["bless", "bless"])]}, "bless"),
    ],
)
def test_bad_arguments_name_the_field(kwargs: dict[str, object], where: str) -> None:
    with pytest.raises(InputError) as info:
        attack_distribution(3, **kwargs)  # type: ignore[arg-type]
    assert info.value.where == where
    with pytest.raises(InputError, match="attack"):
        attack_distribution("3")  # type: ignore[arg-type]
