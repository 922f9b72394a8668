"""The six elements and their infusion board (rules digest §9, §3.5 step 3).

Infusions made during a turn wait until the end of that turn, so a figure can never consume an
element it created in the same turn; consumption takes a Strong or Waning element to Inert at once.

>>> e = Elements()
>>> e.infuse(Element.FIRE)
>>> e.can_consume(Element.FIRE)          # still pending: it becomes strong at end of turn
False
>>> e.end_turn()
[<Element.FIRE: 'fire'>]
>>> e[Element.FIRE].name, e.can_consume(Element.FIRE)
('STRONG', True)
>>> e.wane(); e[Element.FIRE].name
'WANING'
>>> e.consume(Element.FIRE); e[Element.FIRE].name
'INERT'
"""

from __future__ import annotations

import enum

from delvekit.core.errors import IllegalChoice, InputError


class Element(enum.Enum):
    FIRE = "fire"
    ICE = "ice"
    AIR = "air"
    EARTH = "earth"
    LIGHT = "light"
    DARK = "dark"

    @classmethod
    def parse(cls, name: str) -> Element:
        try:
            return cls(name)
        except ValueError:
            known = ", ".join(e.value for e in cls)
            raise InputError(f"unknown element {name!r} (known: {known})", where="element") from None


class Strength(enum.IntEnum):
    INERT = 0
    WANING = 1
    STRONG = 2


_ELEMENTS = tuple(Element)
_INDEX = {e: i for i, e in enumerate(_ELEMENTS)}


class Elements:
    """Strength of each element plus the infusions pending until the end of the current turn."""

    __slots__ = ("_pending", "_strength")

    def __init__(self) -> None:
        self._strength = [Strength.INERT] * len(_ELEMENTS)
        self._pending: list[Element] = []

    def __getitem__(self, element: Element) -> Strength:
        return self._strength[_INDEX[element]]

    @property
    def pending(self) -> tuple[Element, ...]:
        return tuple(self._pending)

    def infuse(self, element: Element) -> None:
        """Create ``element``: it becomes Strong at the end of the current turn."""
        if element not in self._pending:
            self._pending.append(element)

    def end_turn(self) -> list[Element]:
        """Make this turn's infusions Strong; returns them in the order they were made."""
        done = self._pending
        for element in done:
            self._strength[_INDEX[element]] = Strength.STRONG
        self._pending = []
        return done

    def can_consume(self, element: Element) -> bool:
        return self._strength[_INDEX[element]] is not Strength.INERT

    def consumable(self) -> list[Element]:
        """Elements that are Strong or Waning now (choices for a wild consume)."""
        return [e for e in _ELEMENTS if self.can_consume(e)]

    def consume(self, element: Element) -> None:
        if not self.can_consume(element):
            raise IllegalChoice(f"cannot consume {element.value}: it is inert")
        self._strength[_INDEX[element]] = Strength.INERT

    def set(self, element: Element, strength: Strength) -> None:
        """Put ``element`` at ``strength`` now (a scenario rule: "dark is strong every round")."""
        self._strength[_INDEX[element]] = strength

    def wane(self) -> None:
        """End of round: Strong → Waning, Waning → Inert."""
        self._strength = [Strength(max(0, s - 1)) for s in self._strength]

    def clone(self) -> Elements:
        other = Elements.__new__(Elements)
        other._strength = self._strength.copy()
        other._pending = self._pending.copy()
        return other

    def __str__(self) -> str:
        """``fire=strong ice=inert ...``, the canonical text used in state digests."""
        return " ".join(f"{e.value}={s.name.lower()}" for e, s in zip(_ELEMENTS, self._strength, strict=True))

    def to_state(self) -> dict[str, str]:
        return {e.value: s.name.lower() for e, s in zip(_ELEMENTS, self._strength, strict=True)}
