"""Exact damage distribution of one attack against one target (rules digest §6.4–§6.5).

The deck is taken freshly shuffled (or, mid-scenario, its draw pile shuffled, then its discards
if the pile runs out): every order of its cards is equally likely. Nothing is sampled: the draw
procedures of :meth:`ModifierDeck.draw` are counted out with hypergeometric weights, exactly, in
:class:`fractions.Fraction`. Several modifier cards are applied in the attacker's best order. A
rolling card matters to the damage only through its value and pierce, so rolling cards are
grouped by those two numbers before counting; the odds of each added effect are counted one
effect at a time the same way.

>>> dist = attack_distribution(3)
>>> dist.probabilities[3], dist.expected
(Fraction(3, 10), Fraction(3, 1))
>>> attack_distribution(2, shield=1, pierce=1).expected
Fraction(2, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm
from typing import Generic, TypeVar

from delvekit.core.errors import InputError
from delvekit.gloomhaven.model.damage import resolve_attack
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import (
    BLESS_LIMIT,
    CURSE_LIMIT,
    ModifierCard,
    parse_card,
    standard_deck,
)
from delvekit.gloomhaven.model.modifiers import compare as _compare

_BLESS = parse_card("bless")
_CURSE = parse_card("curse")


@dataclass(frozen=True)
class Distribution:
    """Probability of each damage value (exact), its expected value, the probability that the
    modifier cards add each effect (``"stun"``, ``"push"``, ``"heal self"``...: applied whatever
    the damage, §6.6), and the JSON contract."""

    probabilities: dict[int, Fraction]
    expected: Fraction = field(init=False)
    effects: dict[str, Fraction] = field(default_factory=dict)

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
        """``{"distribution": {"<damage>": probability}, "expected": number, "effects": {"<effect>":
        probability}}`` with floats, plus the same under ``"exact"`` as fraction strings ("3/10").

        >>> attack_distribution(1, shield=5).to_json()["distribution"]
        {'0': 1.0}
        """
        ordered = sorted(self.probabilities.items())
        return {
            "distribution": {str(d): float(p) for d, p in ordered},
            "expected": float(self.expected),
            "effects": {name: float(p) for name, p in self.effects.items()},
            "exact": {
                "distribution": {str(d): str(p) for d, p in ordered},
                "expected": str(self.expected),
                "effects": {name: str(p) for name, p in self.effects.items()},
            },
        }


def _check_count(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"must be a whole number of at least 0, got {value!r}", where=name)


def attack_distribution(
    attack: int,
    *,
    deck: Iterable[ModifierCard] | ModifierDeck | None = None,
    discard: Iterable[ModifierCard] = (),
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

    Mid-scenario, pass the draw pile as ``deck`` and the ``discard`` pile, or a whole
    :class:`ModifierDeck` as ``deck``: when the draw pile runs out during the draw, the discards
    are shuffled into a new one (§6.5).

    >>> from delvekit.gloomhaven.model.modifiers import cards_of

    >>> from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
    >>> in_play = ModifierDeck(draw_pile=cards_of(["+1"]), discard=cards_of(["x2", "-1"]))
    >>> attack_distribution(3, deck=in_play, advantage=True).probabilities
    {4: Fraction(1, 2), 6: Fraction(1, 2)}

    >>> d = attack_distribution(2, advantage=True)
    >>> d.probabilities[0], d.probabilities[4]
    (Fraction(1, 190), Fraction(37, 190))
    >>> from delvekit.gloomhaven.model.modifiers import cards_of
    >>> attack_distribution(2, deck=cards_of(["+0 stun", "rolling +0 push 1", "+1"])).effects
    {'push': Fraction(1, 3), 'stun': Fraction(1, 2)}
    """
    if isinstance(attack, bool) or not isinstance(attack, int):
        raise InputError(f"must be a whole number, got {attack!r}", where="attack")
    for name, value in (("bless", bless), ("curse", curse), ("shield", shield), ("pierce", pierce)):
        _check_count(name, value)
    if isinstance(deck, ModifierDeck):
        in_play = deck
        deck, discard = in_play.draw_pile, (*in_play.discard, *discard)
    cards = list(standard_deck() if deck is None else deck)
    discards = list(discard)
    for where, pile in (("deck", cards), ("discard", discards)):
        if not all(isinstance(c, ModifierCard) for c in pile):
            raise InputError("every card must be a ModifierCard", where=where)
    cards += [_BLESS] * bless + [_CURSE] * curse
    for marker, limit in (("bless", BLESS_LIMIT), ("curse", CURSE_LIMIT)):
        held = sum(c.marker == marker for c in [*cards, *discards])
        if held > limit:
            message = f"a deck holds at most {limit} {marker} cards (§2.8), this one {held}"
            raise InputError(message, where=marker)
    if not cards:  # an empty draw pile is replaced by the shuffled discards at once
        cards, discards = discards, []
    if not cards:
        raise InputError("the deck holds no card", where="deck")
    damage = _damage_odds(attack, cards, discards, advantage, disadvantage, shield, pierce)
    effects = _effect_odds(attack, cards, discards, advantage, disadvantage)
    return Distribution(
        {d: p for d, p in sorted(damage.items()) if p},
        effects={name: effects[name] for name in sorted(effects) if effects[name]},
    )


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


compare = lru_cache(maxsize=4096)(_compare)

K = TypeVar("K", bound=Hashable)  # what a rolling card contributes to an outcome
S = TypeVar("S", bound=Hashable)  # what a set of rolling cards contributes together
R = TypeVar("R", bound=Hashable)  # an outcome counted (a damage value, an effect name)


class _Count(Generic[K, S, R]):
    """Counts, exactly, how often each outcome comes out of one draw from a shuffled deck.

    Rolling cards matter to an outcome only through ``key(card)``, so they are counted in groups
    with hypergeometric weights; the contribution of a set of rolling cards is ``grow``-n from
    ``start``; ``outcome(contribution, final card)`` names what that draw yields. Probabilities
    are kept as integer sums per denominator until the end.
    """

    def __init__(
        self,
        cards: list[ModifierCard],
        attack: int,
        key: Callable[[ModifierCard], K],
        start: S,
        grow: Callable[[S, K, int], S],
        outcome: Callable[[S, ModifierCard | None], Iterable[R]],
        final_key: Callable[[ModifierCard], Hashable],
        discard: list[ModifierCard] | None = None,
    ) -> None:
        self.attack, self.size = attack, len(cards)
        self.key = key
        self.start, self.grow, self.outcome = start, grow, outcome
        rolling = Counter(key(c) for c in cards if c.rolling)
        self.rolling_groups = list(rolling.items())
        self.rolling_total = sum(rolling.values())
        finals = Counter(c for c in cards if not c.rolling)
        self.finals = sorted(finals.items(), key=lambda item: str(item[0]))
        # After rolling cards the last card is only counted, never compared: group the cards
        # that give the same outcome (``final_key``), one representative each.
        grouped: dict[Hashable, tuple[ModifierCard, int]] = {}
        for card, count in self.finals:
            representative, total = grouped.get(final_key(card), (card, 0))
            grouped[final_key(card)] = (representative, total + count)
        self.chain_finals = list(grouped.values())
        self.sums: dict[int, dict[R, int]] = {}
        # The discard pile, shuffled into a new draw pile if this one runs out mid-draw (§6.5).
        self.tail = _Count(discard, attack, key, start, grow, outcome, final_key) if discard else None

    def run(self, advantage: bool, disadvantage: bool) -> dict[R, Fraction]:
        if (self.size == 1 and self.tail is None) or advantage == disadvantage:
            self.normal()
        elif advantage:
            self.advantage()
        else:
            self.disadvantage()
        common = lcm(*self.sums)
        numerators: dict[R, int] = {}
        for out_of, by_outcome in self.sums.items():
            scale = common // out_of
            for result, ways in by_outcome.items():
                numerators[result] = numerators.get(result, 0) + ways * scale
        return {result: Fraction(numerator, common) for result, numerator in numerators.items()}

    def add(self, ways: int, out_of: int, rolled: S, final: ModifierCard | None) -> None:
        """Add probability ``ways / out_of`` to each outcome of this draw."""
        by_outcome = self.sums.setdefault(out_of, {})
        for result in self.outcome(rolled, final):
            by_outcome[result] = by_outcome.get(result, 0) + ways

    def rolling_sets(self, start: S) -> dict[tuple[int, S], int]:
        """For each (size, contribution) of a set of rolling cards: how many such sets of cards."""
        sets: dict[tuple[int, S], int] = {(0, start): 1}
        for key, count in self.rolling_groups:
            grown: dict[tuple[int, S], int] = {}
            for (k, rolled), ways in sets.items():
                for m in range(count + 1):
                    entry = (k + m, self.grow(rolled, key, m))
                    grown[entry] = grown.get(entry, 0) + ways * comb(count, m)
            sets = grown
        return sets

    def chains(self, min_rolling: int, start: S) -> Iterable[tuple[int, int, S, ModifierCard | None]]:
        """Every normal draw that starts with at least ``min_rolling`` rolling cards, as (ways,
        out of, rolling contribution, final card): the first k cards are a given set of rolling
        cards (in any order), then one non-rolling card. A pile of rolling cards only is run out,
        then the draw goes on in the shuffled discards, if any."""
        if self.size == 0:  # an empty discard pile: the draw ends with what was drawn
            yield 1, 1, start, None
            return
        for (k, rolled), ways in self.rolling_sets(start).items():
            if k < min_rolling:
                continue
            if not self.finals:  # only rolling cards: the draw runs the pile out
                if k == self.rolling_total:
                    if self.tail is None:
                        yield 1, 1, rolled, None
                    else:
                        yield from self.tail.chains(0, rolled)
                continue
            out_of = comb(self.size, k) * (self.size - k)
            for final, count in self.chain_finals:
                yield ways * count, out_of, rolled, final

    def first_final(self) -> Iterable[tuple[int, int, ModifierCard | None]]:
        """The first non-rolling card of this pile shuffled: each equally likely (none if every
        card is rolling)."""
        finals = sum(count for _, count in self.chain_finals)
        if not finals:
            yield 1, 1, None
        for final, count in self.chain_finals:
            yield count, finals, final

    def normal(self) -> None:
        for ways, out_of, rolled, final in self.chains(0, self.start):
            self.add(ways, out_of, rolled, final)

    def _one_card_then_discards(self, advantage: bool) -> None:
        """A draw pile of one card: the second card comes from the shuffled discards."""
        tail = self.tail
        assert tail is not None and self.size == 1
        if self.rolling_groups:
            key = self.rolling_groups[0][0]
            if advantage:  # rolling first card: a normal draw goes on in the discards
                for ways, out_of, rolled, final in tail.chains(0, self.grow(self.start, key, 1)):
                    self.add(ways, out_of, rolled, final)
            else:  # disadvantage ignores it: the first non-rolling card of the discards
                for ways, out_of, final in tail.first_final():
                    self.add(ways, out_of, self.start, final)
            return
        first = self.finals[0][0]
        for key, r in tail.rolling_groups:  # exactly one rolling: added (advantage) or ignored
            rolled = self.grow(self.start, key, 1) if advantage else self.start
            self.add(r, tail.size, rolled, first)
        for second, n in tail.finals:
            verdict = compare(first, second, self.attack)
            chosen = second if (verdict < 0 if advantage else verdict > 0) else first
            self.add(n, tail.size, self.start, chosen)

    def _pairs(self) -> Iterable[tuple[int, ModifierCard, ModifierCard]]:
        """Both of the first two cards non-rolling, in draw order (ways out of n(n-1))."""
        for first, a in self.finals:
            for second, b in self.finals:
                both = a * (b - (first == second))
                if both:
                    yield both, first, second

    def advantage(self) -> None:
        if self.tail is not None and self.size == 1:
            return self._one_card_then_discards(advantage=True)
        if not self.finals:  # both first cards rolling: everything applies, as a normal draw
            return self.normal()
        # A rolling first card: the rest is a normal draw (§6.5).
        for ways, out_of, rolled, final in self.chains(1, self.start):
            self.add(ways, out_of, rolled, final)
        pairs = self.size * (self.size - 1)
        for first, a in self.finals:
            # Non-rolling then rolling: the rolling card's effect is added to the first.
            for key, r in self.rolling_groups:
                self.add(a * r, pairs, self.grow(self.start, key, 1), first)
        for ways, first, second in self._pairs():
            better = second if compare(first, second, self.attack) < 0 else first
            self.add(ways, pairs, self.start, better)

    def disadvantage(self) -> None:
        if self.tail is not None and self.size == 1:
            return self._one_card_then_discards(advantage=False)
        pairs = self.size * (self.size - 1)
        if not self.finals:  # every card rolling: the first non-rolling card of the discards
            for ways, out_of, final in self.tail.first_final() if self.tail else [(1, 1, None)]:
                self.add(ways, out_of, self.start, final)
            return
        # Unless both first cards are non-rolling, only the first non-rolling card applies.
        for ways, out_of, _, final in self.chains(1, self.start):
            self.add(ways, out_of, self.start, final)
        for first, a in self.finals:
            self.add(a * self.rolling_total, pairs, self.start, first)
        for ways, first, second in self._pairs():
            worse = second if compare(first, second, self.attack) > 0 else first
            self.add(ways, pairs, self.start, worse)


Rolled = tuple[int, int, int]
"""Value total, positive value total and pierce total of a set of rolling cards."""


def _damage_odds(
    attack: int,
    cards: list[ModifierCard],
    discard: list[ModifierCard],
    advantage: bool,
    disadvantage: bool,
    shield: int,
    pierce: int,
) -> dict[int, Fraction]:
    def grow(rolled: Rolled, key: tuple[int, int], m: int) -> Rolled:
        (total, positive, extra), (value, card_pierce) = rolled, key
        return total + m * value, positive + m * max(value, 0), extra + m * card_pierce

    def outcome(rolled: Rolled, final: ModifierCard | None) -> tuple[int]:
        return (_damage(attack, shield, pierce, *rolled, final),)

    def final_key(card: ModifierCard) -> Hashable:
        return card.kind, card.value, card.pierce

    def key(card: ModifierCard) -> tuple[int, int]:
        return card.value, card.pierce

    count = _Count(cards, attack, key, (0, 0, 0), grow, outcome, final_key, discard)
    return count.run(advantage, disadvantage)


@lru_cache(maxsize=1024)
def _effect_names(card: ModifierCard) -> frozenset[str]:
    return frozenset(name.replace("_", " ") for name in card.effect_amounts())


def _effect_odds(
    attack: int, cards: list[ModifierCard], discard: list[ModifierCard], advantage: bool, disadvantage: bool
) -> dict[str, Fraction]:
    """The probability of each effect, counted one effect at a time: a card either carries it or
    not, which keeps the count small however many kinds of rolling cards the deck holds."""
    out: dict[str, Fraction] = {}
    for name in sorted({name for card in cards + discard for name in _effect_names(card)}):

        def carries(card: ModifierCard, name: str = name) -> bool:
            return name in _effect_names(card)

        def grow(rolled: bool, key: bool, m: int) -> bool:
            return rolled or (key and m > 0)

        def outcome(rolled: bool, final: ModifierCard | None, name: str = name) -> tuple[str, ...]:
            return (name,) if rolled or (final is not None and carries(final)) else ()

        count: _Count[bool, bool, str] = _Count(
            cards, attack, carries, False, grow, outcome, carries, discard
        )
        out.update(count.run(advantage, disadvantage))
    return out
