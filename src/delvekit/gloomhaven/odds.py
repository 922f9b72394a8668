"""Exact damage distribution of one attack against one target (rules digest §6.4–§6.5).

The deck is taken freshly shuffled: every order of its cards is equally likely. Nothing is
sampled: the draw procedures of :meth:`ModifierDeck.draw` are counted out with hypergeometric
weights in :class:`fractions.Fraction`. Several modifier cards are applied in the attacker's best
order, and a rolling card matters to the damage only through its value and pierce, so rolling
cards are grouped by those two numbers before counting.

>>> dist = attack_distribution(3)
>>> dist.probabilities[3], dist.expected
(Fraction(3, 10), Fraction(3, 1))
>>> attack_distribution(2, shield=1, pierce=1).expected
Fraction(2, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb

from delvekit.core.errors import InputError
from delvekit.gloomhaven.damage import resolve_attack
from delvekit.gloomhaven.modifiers import ModifierCard, compare, parse_card, standard_deck

_BLESS = parse_card("bless")
_CURSE = parse_card("curse")


@dataclass(frozen=True)
class Distribution:
    """Probability of each damage value (exact), its expected value and the JSON contract."""

    probabilities: dict[int, Fraction]
    expected: Fraction = field(init=False)

    def __post_init__(self) -> None:
        total = sum(self.probabilities.values(), Fraction(0))
        if total != 1:
            raise AssertionError(f"probabilities sum to {total}, not 1")
        expected = sum((d * p for d, p in self.probabilities.items()), Fraction(0))
        object.__setattr__(self, "expected", expected)

    def at_least(self, damage: int) -> Fraction:
        """Probability of dealing ``damage`` or more.

        >>> attack_distribution(2).at_least(4)
        Fraction(1, 10)
        """
        return sum((p for d, p in self.probabilities.items() if d >= damage), Fraction(0))

    def to_json(self) -> dict[str, object]:
        """``{"distribution": {"<damage>": probability}, "expected": number}`` with floats, plus the
        same under ``"exact"`` as fraction strings ("3/10").

        >>> attack_distribution(1, shield=5).to_json()["distribution"]
        {'0': 1.0}
        """
        ordered = sorted(self.probabilities.items())
        return {
            "distribution": {str(d): float(p) for d, p in ordered},
            "expected": float(self.expected),
            "exact": {
                "distribution": {str(d): str(p) for d, p in ordered},
                "expected": str(self.expected),
            },
        }


def _check_count(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"must be a whole number of at least 0, got {value!r}", where=name)


def attack_distribution(
    attack: int,
    *,
    deck: Iterable[ModifierCard] | None = None,
    advantage: bool = False,
    disadvantage: bool = False,
    bless: int = 0,
    curse: int = 0,
    shield: int = 0,
    pierce: int = 0,
) -> Distribution:
    """The exact damage distribution of one attack of value ``attack`` (after the attacker's
    bonuses) drawing from ``deck`` (default: the standard deck) freshly shuffled with ``bless``
    bless and ``curse`` curse cards added, against ``shield`` with ``pierce``.

    >>> d = attack_distribution(2, advantage=True)
    >>> d.probabilities[0], d.probabilities[4]
    (Fraction(1, 190), Fraction(37, 190))
    """
    if isinstance(attack, bool) or not isinstance(attack, int):
        raise InputError(f"must be a whole number, got {attack!r}", where="attack")
    for name, value in (("bless", bless), ("curse", curse), ("shield", shield), ("pierce", pierce)):
        _check_count(name, value)
    cards = list(standard_deck() if deck is None else deck)
    if not all(isinstance(c, ModifierCard) for c in cards):
        raise InputError("every card must be a ModifierCard", where="deck")
    cards += [_BLESS] * bless + [_CURSE] * curse
    if not cards:
        raise InputError("the deck holds no card", where="deck")
    if advantage and disadvantage:
        advantage = disadvantage = False
    weights = _Counter(attack, cards, shield, pierce)
    if len(cards) == 1 or not (advantage or disadvantage):
        weights.normal()
    elif advantage:
        weights.advantage()
    else:
        weights.disadvantage()
    return Distribution({d: p for d, p in sorted(weights.result.items()) if p})


@lru_cache(maxsize=4096)
def _damage(attack: int, shield: int, pierce: int, total: int, positive: int, extra_pierce: int,
            final: ModifierCard | None) -> int:  # fmt: skip
    """Damage of rolling cards summing to ``total`` (``positive`` of it from positive cards) with
    ``extra_pierce``, then ``final``; computed by the damage pipeline itself."""
    cards = []
    if positive or extra_pierce:
        cards.append(ModifierCard(value=positive, rolling=True, pierce=extra_pierce))
    if total - positive:
        cards.append(ModifierCard(value=total - positive, rolling=True))
    if final is not None:
        cards.append(final)
    return resolve_attack(attack, cards=cards, shield=shield, pierce=pierce).damage


RollingSum = tuple[int, int, int, int]
"""(cards drawn, value total, positive value total, pierce total) of a set of rolling cards."""


class _Counter:
    """Accumulates exact probabilities of damage values for one deck."""

    def __init__(self, attack: int, cards: list[ModifierCard], shield: int, pierce: int) -> None:
        self.attack, self.shield, self.pierce = attack, shield, pierce
        self.size = len(cards)
        rolling = Counter((c.value, c.pierce) for c in cards if c.rolling)
        self.rolling_groups = sorted(rolling.items())
        self.rolling_total = sum(rolling.values())
        finals = Counter(c for c in cards if not c.rolling)
        self.finals = sorted(finals.items(), key=lambda item: str(item[0]))
        self.sums: dict[int, dict[int, int]] = {}

    def add(self, ways: int, out_of: int, rolled: RollingSum, final: ModifierCard | None) -> None:
        """Add probability ``ways / out_of``; sums stay integers per denominator until the end."""
        _, total, positive, extra_pierce = rolled
        damage = _damage(self.attack, self.shield, self.pierce, total, positive, extra_pierce, final)
        by_damage = self.sums.setdefault(out_of, {})
        by_damage[damage] = by_damage.get(damage, 0) + ways

    @property
    def result(self) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for out_of, by_damage in self.sums.items():
            for damage, ways in by_damage.items():
                out[damage] = out.get(damage, Fraction(0)) + Fraction(ways, out_of)
        return out

    def rolling_sets(self) -> dict[RollingSum, int]:
        """For each sum of a set of rolling cards: the number of such sets of card instances."""
        sets: dict[RollingSum, int] = {(0, 0, 0, 0): 1}
        for (value, pierce), count in self.rolling_groups:
            grown: dict[RollingSum, int] = {}
            for (k, total, positive, extra), ways in sets.items():
                for m in range(count + 1):
                    key = (k + m, total + m * value, positive + m * max(value, 0), extra + m * pierce)
                    grown[key] = grown.get(key, 0) + ways * comb(count, m)
            sets = grown
        return sets

    def chains(self, min_rolling: int) -> Iterable[tuple[int, int, RollingSum, ModifierCard | None]]:
        """Every normal draw that starts with at least ``min_rolling`` rolling cards, as (ways,
        out of, rolling cards, final card): the first k cards are a given set of rolling cards
        (in any order), then one non-rolling card."""
        for rolled, ways in self.rolling_sets().items():
            k = rolled[0]
            if k < min_rolling:
                continue
            if not self.finals:  # only rolling cards: the draw runs the deck out
                if k == self.rolling_total:
                    yield 1, 1, rolled, None
                continue
            out_of = comb(self.size, k) * (self.size - k)
            for final, count in self.finals:
                yield ways * count, out_of, rolled, final

    def normal(self) -> None:
        for ways, out_of, rolled, final in self.chains(0):
            self.add(ways, out_of, rolled, final)

    def _pairs(self) -> Iterable[tuple[int, ModifierCard, ModifierCard]]:
        """Both of the first two cards non-rolling, in draw order (ways out of n(n-1))."""
        for first, a in self.finals:
            for second, b in self.finals:
                both = a * (b - (first == second))
                if both:
                    yield both, first, second

    def advantage(self) -> None:
        # A rolling first card: the rest is a normal draw (§6.5).
        for ways, out_of, rolled, final in self.chains(1):
            self.add(ways, out_of, rolled, final)
        pairs = self.size * (self.size - 1)
        none: RollingSum = (0, 0, 0, 0)
        for first, a in self.finals:
            # Non-rolling then rolling: the rolling card's effect is added to the first.
            for (value, pierce), r in self.rolling_groups:
                self.add(a * r, pairs, (1, value, max(value, 0), pierce), first)
        for ways, first, second in self._pairs():
            better = second if compare(first, second, self.attack) < 0 else first
            self.add(ways, pairs, none, better)

    def disadvantage(self) -> None:
        pairs = self.size * (self.size - 1)
        none: RollingSum = (0, 0, 0, 0)
        if not self.finals:  # every card rolling: no card applies
            self.add(1, 1, none, None)
            return
        # Unless both first cards are non-rolling, only the first non-rolling card applies.
        for ways, out_of, _, final in self.chains(1):
            self.add(ways, out_of, none, final)
        for first, a in self.finals:
            self.add(a * self.rolling_total, pairs, none, first)
        for ways, first, second in self._pairs():
            worse = second if compare(first, second, self.attack) > 0 else first
            self.add(ways, pairs, none, worse)
