"""The one seeded random generator a game owns. Nothing in delvekit reads a global RNG.

>>> a, b = Rng(7), Rng(7)
>>> [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
True
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A deterministic generator with a serialisable state (for save, load and undo)."""

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def randint(self, low: int, high: int) -> int:
        """An integer in ``[low, high]``."""
        return self._random.randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return items[self._random.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._random.shuffle(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._random.sample(list(items), k)

    def getstate(self) -> object:
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        self._random.setstate(state)  # type: ignore[arg-type]

    def clone(self) -> Rng:
        """An independent generator in the same state."""
        other = Rng(self.seed)
        other._random.setstate(self._random.getstate())
        return other
