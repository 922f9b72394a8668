"""A generic deck of cards: a draw pile and a discard pile, shuffled only by the game's seeded Rng.

Cards are any hashable values (card ids in practice). The top of the draw pile is the end of the
internal list, so drawing is O(1); :meth:`Deck.clone` copies two short lists.

>>> from delvekit.core.rng import Rng
>>> rng = Rng(1)
>>> deck = Deck(["a", "b", "c"], rng)
>>> first = deck.draw()
>>> deck.discard(first)
>>> len(deck), deck.discards == [first]
(2, True)
>>> deck.reshuffle(rng)
>>> len(deck), deck.discards
(3, [])
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

from delvekit.core.errors import DelvekitError
from delvekit.core.rng import Rng

C = TypeVar("C", bound=Hashable)


class EmptyDeck(DelvekitError):
    """A draw from a deck whose draw pile and discard pile are both empty."""


class Deck(Generic[C]):
    """Draw pile plus discard pile. ``draw`` takes the top card; ``reshuffle`` shuffles the
    discards back into the draw pile; ``shuffle_in`` puts one card at a random place of the
    remaining draw pile (bless and curse)."""

    __slots__ = ("_discards", "_draw")

    def __init__(self, cards: Iterable[C], rng: Rng | None = None) -> None:
        self._draw: list[C] = list(cards)
        self._discards: list[C] = []
        if rng is not None:
            rng.shuffle(self._draw)

    def __len__(self) -> int:
        """Cards left in the draw pile."""
        return len(self._draw)

    @property
    def draw_pile(self) -> list[C]:
        """A copy of the draw pile, top card first."""
        return self._draw[::-1]

    @property
    def discards(self) -> list[C]:
        """A copy of the discard pile, oldest first."""
        return list(self._discards)

    def draw(self, rng: Rng | None = None) -> C:
        """The top card. An empty draw pile is first refilled from the discards (shuffled with
        ``rng``); with no ``rng`` or no discards either, :class:`EmptyDeck` is raised."""
        if not self._draw:
            if rng is None or not self._discards:
                raise EmptyDeck("the deck is empty")
            self.reshuffle(rng)
        return self._draw.pop()

    def discard(self, card: C) -> None:
        self._discards.append(card)

    def reshuffle(self, rng: Rng) -> None:
        """Shuffle the discard pile back into the draw pile (the whole deck is shuffled)."""
        self._draw.extend(self._discards)
        self._discards.clear()
        rng.shuffle(self._draw)

    def shuffle_in(self, card: C, rng: Rng) -> None:
        """Insert ``card`` at a uniformly random place of the remaining draw pile."""
        self._draw.insert(rng.randint(0, len(self._draw)), card)

    def remove(self, card: C) -> bool:
        """Take one copy of ``card`` out of the deck (draw pile first); ``False`` if absent."""
        for pile in (self._draw, self._discards):
            if card in pile:
                pile.remove(card)
                return True
        return False

    def cards(self) -> list[C]:
        """Every card of the deck: draw pile (top first), then discards."""
        return self._draw[::-1] + self._discards

    def clone(self) -> Deck[C]:
        other: Deck[C] = Deck.__new__(Deck)
        other._draw = self._draw.copy()
        other._discards = self._discards.copy()
        return other

    def to_state(self) -> tuple[list[C], list[C]]:
        """``(draw pile top first, discards)``; :meth:`from_state` rebuilds the deck."""
        return self.draw_pile, self.discards

    @classmethod
    def from_state(cls, draw_pile: Iterable[C], discards: Iterable[C]) -> Deck[C]:
        deck: Deck[C] = cls(list(draw_pile)[::-1])
        deck._discards = list(discards)
        return deck
