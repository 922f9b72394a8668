"""Conditions (rules digest §8) and their exact timing.

GH 1e has eight condition tokens (bless and curse are modifier cards, handled by the modifier
decks). A figure holds at most one token of each; re-applying refreshes its duration.

Timing (§8.1, FAQ "next full turn"): a figure counts the turns it has *started*. A condition that
ends "at the end of the figure's next turn" remembers that count when it is applied and is removed
at the end of the first turn that started after it. Applied before the figure acted this round →
removed at the end of this round's turn; applied during its own turn or after it acted → removed
at the end of its turn next round. Summons count their own turns, so their conditions run on the
summon's turn, not the owner's (§8.1, GHS #307/#598).

>>> c = Conditions()
>>> c.add(Condition.IMMOBILIZE, turns_started=0)   # applied before its first turn
True
>>> c.expire(turns_started=1)                        # end of its first turn
[<Condition.IMMOBILIZE: 'immobilize'>]
>>> c.add(Condition.STUN, turns_started=1)          # applied during (or after) turn 1
True
>>> c.expire(turns_started=1), c.expire(turns_started=2)
([], [<Condition.STUN: 'stun'>])
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

from delvekit.core.errors import InputError


class Condition(enum.Enum):
    POISON = "poison"
    WOUND = "wound"
    IMMOBILIZE = "immobilize"
    DISARM = "disarm"
    STUN = "stun"
    MUDDLE = "muddle"
    INVISIBLE = "invisible"
    STRENGTHEN = "strengthen"

    @property
    def negative(self) -> bool:
        return self not in _POSITIVE

    @property
    def expires(self) -> bool:
        """Ends by itself at the end of the figure's next turn (poison and wound need a heal)."""
        return self not in _UNTIL_HEALED

    @classmethod
    def parse(cls, name: str) -> Condition:
        """The GH 1e condition called ``name``; later editions' conditions are refused (§17.B B2).

        >>> Condition.parse("bane")
        Traceback (most recent call last):
        ...
        delvekit.core.errors.InputError: condition: unknown condition 'bane' (GH 1e knows: \
poison, wound, immobilize, disarm, stun, muddle, invisible, strengthen)
        """
        try:
            return cls(name)
        except ValueError:
            known = ", ".join(c.value for c in cls)
            message = f"unknown condition {name!r} (GH 1e knows: {known})"
            raise InputError(message, where="condition") from None


_POSITIVE = frozenset({Condition.INVISIBLE, Condition.STRENGTHEN})
_UNTIL_HEALED = frozenset({Condition.POISON, Condition.WOUND})


class Conditions:
    """The condition tokens on one figure, each with the figure's started-turn count at the moment
    it was (last) applied."""

    __slots__ = ("_stamps",)

    def __init__(self) -> None:
        self._stamps: dict[Condition, int] = {}

    def __contains__(self, condition: object) -> bool:
        return condition in self._stamps

    def __iter__(self) -> Iterator[Condition]:
        return iter(sorted(self._stamps, key=_ORDER.__getitem__))

    def __len__(self) -> int:
        return len(self._stamps)

    def __bool__(self) -> bool:
        return bool(self._stamps)

    def add(self, condition: Condition, *, turns_started: int, immune: Iterable[Condition] = ()) -> bool:
        """Apply ``condition`` (refreshing it if present); ``False`` if the figure is immune."""
        if condition in immune:
            return False
        self._stamps[condition] = turns_started
        return True

    def remove(self, condition: Condition) -> bool:
        return self._stamps.pop(condition, None) is not None

    def expire(self, *, turns_started: int) -> list[Condition]:
        """At the end of the figure's turn number ``turns_started``: remove and return (in table
        order) the conditions applied before that turn started."""
        gone = [c for c, stamp in self._stamps.items() if c.expires and stamp < turns_started]
        for c in gone:
            del self._stamps[c]
        gone.sort(key=_ORDER.__getitem__)
        return gone

    def heal_blocks_hp(self) -> bool:
        """Poison makes a heal remove the poison (and wound) and restore nothing (§8.2)."""
        return Condition.POISON in self._stamps

    def clear(self) -> None:
        self._stamps.clear()

    def clone(self) -> Conditions:
        other = Conditions.__new__(Conditions)
        other._stamps = self._stamps.copy()
        return other

    def to_state(self) -> dict[str, int]:
        return {c.value: self._stamps[c] for c in self}

    @classmethod
    def from_state(cls, data: dict[str, int]) -> Conditions:
        out = cls()
        for name, stamp in data.items():
            out._stamps[Condition.parse(name)] = stamp
        return out


_ORDER = {c: i for i, c in enumerate(Condition)}
