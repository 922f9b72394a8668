"""Game-agnostic records of the engine contract: :class:`Choice`, :class:`Event`, :class:`Decision`.

A game stops only where somebody must decide. The pending :class:`Decision` names who decides
(``actor``), what kind of decision it is (``kind``) and the full list of legal choices as a cheap
:class:`LegalChoices` view. Choices and events are small immutable records whose canonical text
form is a kind followed by space-separated tokens; logs, saves, golden tests, bots and faces all
speak that text.

>>> c = Choice.of("select", "brute-3", 7)
>>> str(c)
'select brute-3 7'
>>> Choice.parse("select brute-3 7") == c
True
>>> d = Decision("brute", "select", [c, Choice.of("long-rest")])
>>> str(d)
'brute select: select brute-3 7 | long-rest'
>>> "long-rest" in d.choices, len(d.choices)
(True, 2)
>>> Decision.parse(str(d)) == d
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import ClassVar, overload

import msgspec

from delvekit.core.errors import InputError

Token = str | int


_BAD = re.compile(r"[\s|:]")


def _token(value: Token, what: str) -> str:
    text = str(value)
    if not text or _BAD.search(text):
        raise InputError(f"bad token {text!r}: tokens are non-empty, without spaces, '|' or ':'", where=what)
    return text


class _Record(msgspec.Struct, frozen=True):
    """A kind and its argument tokens; prints as ``kind arg arg ...``."""

    kind: str
    args: tuple[str, ...] = ()

    what: ClassVar[str] = "record"

    def __post_init__(self) -> None:
        if not self.kind or _BAD.search(self.kind):
            _token(self.kind, f"{self.what} kind")
        for arg in self.args:
            if not arg or _BAD.search(arg):
                _token(arg, f"{self.what} {self.kind}")

    def __str__(self) -> str:
        return " ".join((self.kind, *self.args)) if self.args else self.kind

    def get(self, key: str, default: str | None = None) -> str | None:
        """The value of a ``key=value`` argument, or ``default``.

        >>> Event.of("damage", "brute", "amount=2").get("amount")
        '2'
        """
        prefix = key + "="
        for arg in self.args:
            if arg.startswith(prefix):
                return arg[len(prefix) :]
        return default


class Choice(_Record, frozen=True):
    """One legal answer to a :class:`Decision`, e.g. ``select brute-3 brute-7`` or ``long-rest``."""

    what: ClassVar[str] = "choice"

    @classmethod
    def of(cls, kind: str, *args: Token) -> Choice:
        return cls(kind, tuple(str(a) for a in args))

    @classmethod
    def parse(cls, text: str) -> Choice:
        """The choice written as ``text``; raises :class:`InputError` on an empty text."""
        tokens = text.split()
        if not tokens:
            raise InputError("empty choice text", where="choice")
        return cls(tokens[0], tuple(tokens[1:]))


class Event(_Record, frozen=True):
    """Something that happened, e.g. ``damage brute amount=2 source=wound``. Faces render events;
    tests assert on their text."""

    what: ClassVar[str] = "event"

    @classmethod
    def of(cls, kind: str, *args: Token) -> Event:
        return cls(kind, tuple(str(a) for a in args))

    @classmethod
    def parse(cls, text: str) -> Event:
        tokens = text.split()
        if not tokens:
            raise InputError("empty event text", where="event")
        return cls(tokens[0], tuple(tokens[1:]))


class LegalChoices(Sequence[Choice]):
    """An immutable, ordered view of the legal choices: ``in`` (a :class:`Choice` or its text),
    ``len``, iteration and indexing (faces number them from 1, ``choices[n - 1]``)."""

    __slots__ = ("_items", "_set")

    def __init__(self, items: Iterable[Choice]) -> None:
        self._items: tuple[Choice, ...] = tuple(items)
        self._set: frozenset[Choice] | None = None

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = Choice.parse(item)
            except InputError:
                return False
        if self._set is None:
            self._set = frozenset(self._items)
        return item in self._set

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Choice]:
        return iter(self._items)

    @overload
    def __getitem__(self, index: int) -> Choice: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Choice]: ...
    def __getitem__(self, index: int | slice) -> Choice | Sequence[Choice]:
        return self._items[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalChoices):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"LegalChoices({[str(c) for c in self._items]})"

    def texts(self) -> list[str]:
        return [str(c) for c in self._items]


class Decision:
    """The pending decision: who decides (``actor``), what ``kind``, and the legal ``choices``.

    The text form is ``actor kind: choice | choice | ...``.
    """

    __slots__ = ("actor", "choices", "kind")

    def __init__(self, actor: str, kind: str, choices: Iterable[Choice]) -> None:
        self.actor = _token(actor, "decision actor")
        self.kind = _token(kind, "decision kind")
        self.choices = choices if isinstance(choices, LegalChoices) else LegalChoices(choices)

    def __str__(self) -> str:
        return f"{self.actor} {self.kind}: " + " | ".join(self.choices.texts())

    def __repr__(self) -> str:
        return f"Decision({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Decision):
            return (self.actor, self.kind, self.choices) == (other.actor, other.kind, other.choices)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.actor, self.kind, self.choices))

    @classmethod
    def parse(cls, text: str) -> Decision:
        head, sep, tail = text.partition(":")
        parts = head.split()
        if not sep or len(parts) != 2:
            raise InputError(f"expected 'actor kind: choice | ...', got {text!r}", where="decision")
        choices = [Choice.parse(part) for part in tail.split("|")] if tail.strip() else []
        return cls(parts[0], parts[1], choices)
