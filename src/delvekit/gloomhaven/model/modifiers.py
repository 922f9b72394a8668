"""Attack modifier cards and decks (rules digest §2.8, §6.5).

A :class:`ModifierCard` is a small immutable value with a canonical text form. The grammar
(case-insensitive on input, lower case on output, tokens separated by spaces)::

    card    := ["rolling"] base effect*
    base    := "+N" | "-N" | "x2" | "null" | "bless" | "curse"
    effect  := "push N" | "pull N" | "pierce N" | "add target" ["N"]
             | condition | element
             | "heal N self" | "shield N self" | "refresh item"

``bless`` is a ``x2`` card and ``curse`` a ``null`` card that leave the deck once drawn; written
after a base, ``curse`` (or ``bless``, ``stun``...) is a condition the card adds to the attack.
The canonical text lists effects in the order above (conditions and elements in the order of
:data:`CONDITIONS` and :data:`ELEMENTS`); ``2x`` and a Unicode minus are accepted on input.

>>> str(parse_card("Rolling +0 Push 1"))
'rolling +0 push 1'
>>> str(parse_card("+1 fire immobilize"))
'+1 immobilize fire'
>>> parse_card("bless").removed_when_drawn, parse_card("x2").shuffles
(True, True)
>>> parse_card("rolling x2")
Traceback (most recent call last):
...
delvekit.core.errors.InputError: modifier card 'rolling x2': only a +N/-N card can be rolling
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, TypeAlias, get_args

import msgspec

from delvekit.core.errors import InputError

CardKind: TypeAlias = Literal["add", "double", "null"]
CardMarker: TypeAlias = Literal["", "bless", "curse"]
ConditionName: TypeAlias = Literal[
    "poison", "wound", "immobilize", "disarm", "stun", "muddle", "curse",
    "invisible", "strengthen", "bless",
]  # fmt: skip
ElementName: TypeAlias = Literal["fire", "ice", "air", "earth", "light", "dark"]

CONDITIONS: tuple[ConditionName, ...] = get_args(ConditionName)
ELEMENTS: tuple[ElementName, ...] = get_args(ElementName)


class ModifierCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """One attack modifier card. Build it with :func:`parse_card`; ``str(card)`` gives it back.

    ``kind`` is ``add`` (``value`` is added), ``double`` (x2) or ``null`` (no damage at all).
    ``marker`` says whether it is a bless or curse card. The effects act exactly as if printed
    on the attack ability (§6.6); ``heal_self`` and ``shield_self`` act on the drawer.
    """

    kind: CardKind = "add"
    value: int = 0
    rolling: bool = False
    marker: CardMarker = ""
    conditions: tuple[ConditionName, ...] = ()
    elements: tuple[ElementName, ...] = ()
    push: int = 0
    pull: int = 0
    pierce: int = 0
    add_target: int = 0
    heal_self: int = 0
    shield_self: int = 0
    refresh_item: bool = False

    def __post_init__(self) -> None:
        problem = _check(self)
        if problem:
            raise InputError(problem, where=f"modifier card {self.__str__()!r}")

    @property
    def shuffles(self) -> bool:
        """Drawing it shuffles the deck at the end of the round: the standard x2 and null (§3.5)."""
        return self.kind != "add" and not self.marker

    @property
    def removed_when_drawn(self) -> bool:
        """Bless and curse leave the deck when drawn, back to their supply (§2.8)."""
        return bool(self.marker)

    @property
    def has_effects(self) -> bool:
        """Whether the card adds anything besides its number (a "positive, undefined size")."""
        return bool(self.effect_amounts())

    def effect_amounts(self) -> dict[str, int]:
        """The card's added effects as ``name -> amount`` (1 for a condition or element)."""
        out: dict[str, int] = {c: 1 for c in self.conditions}
        out.update({e: 1 for e in self.elements})
        for name in ("push", "pull", "pierce", "add_target", "heal_self", "shield_self"):
            amount: int = getattr(self, name)
            if amount:
                out[name] = amount
        if self.refresh_item:
            out["refresh_item"] = 1
        return out

    def apply(self, attack: int) -> int | None:
        """The attack value after this card alone; ``None`` for a null (no damage at all).

        >>> parse_card("-1").apply(3), parse_card("x2").apply(3), parse_card("curse").apply(3)
        (2, 6, None)
        """
        if self.kind == "null":
            return None
        if self.kind == "double":
            return attack * 2
        return attack + self.value

    def __str__(self) -> str:
        words = ["rolling"] if self.rolling else []
        if self.marker:
            words.append(self.marker)
        elif self.kind == "double":
            words.append("x2")
        elif self.kind == "null":
            words.append("null")
        else:
            words.append(f"{self.value:+d}")
        for name in ("push", "pull", "pierce"):
            amount = getattr(self, name)
            if amount:
                words.append(f"{name} {amount}")
        if self.add_target:
            words.append("add target" if self.add_target == 1 else f"add target {self.add_target}")
        words.extend(self.conditions)
        words.extend(self.elements)
        if self.heal_self:
            words.append(f"heal {self.heal_self} self")
        if self.shield_self:
            words.append(f"shield {self.shield_self} self")
        if self.refresh_item:
            words.append("refresh item")
        return " ".join(words)


def _check(card: ModifierCard) -> str:
    """Why ``card`` is not a card of the game, or ``""``."""
    if card.kind != "add" and card.value:
        return "only a +N/-N card has a value"
    if card.rolling and (card.kind != "add" or card.marker):
        return "only a +N/-N card can be rolling"
    if card.marker == "bless" and card.kind != "double":
        return "a bless card is a x2"
    if card.marker == "curse" and card.kind != "null":
        return "a curse card is a null"
    if card.marker and card.effect_amounts():
        return f"a {card.marker} card carries no effect"
    for name in ("push", "pull", "pierce", "add_target", "heal_self", "shield_self"):
        if getattr(card, name) < 0:
            return f"{name} cannot be negative"
    if tuple(sorted(set(card.conditions), key=CONDITIONS.index)) != card.conditions:
        return "conditions must be distinct and in canonical order"
    if tuple(sorted(set(card.elements), key=ELEMENTS.index)) != card.elements:
        return "elements must be distinct and in canonical order"
    return ""


_BASES: dict[str, tuple[CardKind, CardMarker]] = {
    "x2": ("double", ""),
    "2x": ("double", ""),
    "null": ("null", ""),
    "bless": ("double", "bless"),
    "curse": ("null", "curse"),
}
_AMOUNT_EFFECTS = {"push": "push", "pull": "pull", "pierce": "pierce"}
_SELF_EFFECTS = {"heal": "heal_self", "shield": "shield_self"}


def _number(word: str, text: str, after: str) -> int:
    if not word.isdigit():
        raise InputError(f"expected a number after {after!r}, got {word!r}", where=f"modifier card {text!r}")
    return int(word)


def parse_card(text: str) -> ModifierCard:
    """The card written ``text`` in the canonical grammar (see the module docstring).

    >>> card = parse_card("rolling +0 heal 1 self")
    >>> card.rolling, card.value, card.heal_self
    (True, 0, 1)
    >>> parse_card(str(card)) == card
    True
    >>> parse_card("+1 teleport")
    Traceback (most recent call last):
    ...
    delvekit.core.errors.InputError: modifier card '+1 teleport': unknown word 'teleport'
    """
    if not isinstance(text, str):
        raise InputError(f"expected card text, got {type(text).__name__}", where="modifier card")
    where = f"modifier card {text!r}"
    words = text.replace("\u2212", "-").lower().split()
    rolling = bool(words) and words[0] == "rolling"
    if rolling:
        words = words[1:]
    if not words:
        raise InputError("missing the card's value (+N, -N, x2, null, bless or curse)", where=where)
    base, rest = words[0], words[1:]
    kind: CardKind = "add"
    marker: CardMarker = ""
    value = 0
    if base in _BASES:
        kind, marker = _BASES[base]
    elif len(base) > 1 and base[0] in "+-" and base[1:].isdigit():
        value = int(base)
    else:
        raise InputError(f"bad value {base!r} (expected +N, -N, x2, null, bless or curse)", where=where)

    fields: dict[str, int] = {}
    conditions: set[str] = set()
    elements: set[str] = set()
    refresh_item = False

    def once(name: str) -> None:
        if name in fields:
            raise InputError(f"{name.replace('_', ' ')} given twice", where=where)

    i = 0
    while i < len(rest):
        word = rest[i]
        nxt = rest[i + 1] if i + 1 < len(rest) else ""
        if word in _AMOUNT_EFFECTS:
            once(word)
            fields[word] = _number(nxt, text, word)
            i += 2
        elif word in _SELF_EFFECTS:
            name = _SELF_EFFECTS[word]
            once(name)
            fields[name] = _number(nxt, text, word)
            if rest[i + 2 : i + 3] != ["self"]:
                raise InputError(f"{word} on a modifier card is written '{word} N self'", where=where)
            i += 3
        elif word == "add" and nxt == "target":
            once("add_target")
            if i + 2 < len(rest) and rest[i + 2].isdigit():
                fields["add_target"] = int(rest[i + 2])
                i += 3
            else:
                fields["add_target"] = 1
                i += 2
        elif word == "refresh" and nxt == "item":
            if refresh_item:
                raise InputError("refresh item given twice", where=where)
            refresh_item = True
            i += 2
        elif word in CONDITIONS or word in ELEMENTS:
            bucket = conditions if word in CONDITIONS else elements
            if word in bucket:
                raise InputError(f"{word} given twice", where=where)
            bucket.add(word)
            i += 1
        else:
            raise InputError(f"unknown word {word!r}", where=where)
    for name, amount in fields.items():
        if amount == 0:
            raise InputError(f"{name.replace('_', ' ')} 0 is not an effect", where=where)
    try:
        return ModifierCard(
            kind=kind,
            value=value,
            rolling=rolling,
            marker=marker,
            conditions=tuple(c for c in CONDITIONS if c in conditions),
            elements=tuple(e for e in ELEMENTS if e in elements),
            refresh_item=refresh_item,
            **fields,
        )
    except InputError as exc:
        raise InputError(str(exc)[len(exc.where) + 2 :], where=where) from None


# --------------------------------------------------------------------------- decks

STANDARD_DECK: tuple[str, ...] = ("+0",) * 6 + ("+1",) * 5 + ("-1",) * 5 + ("+2", "-2", "x2", "null")
"""The 20-card deck every character starts with; the monster deck is the same (§2.8)."""

CURSE_LIMIT = 10
"""No deck can hold more curse cards than its curse supply (§2.8)."""
BLESS_LIMIT = 10
"""The bless supply (§2.8, count unconfirmed); a deck never holds more."""


def cards_of(texts: Iterable[str]) -> tuple[ModifierCard, ...]:
    """Parse many card texts.

    >>> [str(c) for c in cards_of(["+1", "2x"])]
    ['+1', 'x2']
    """
    return tuple(parse_card(t) for t in texts)


def standard_deck() -> tuple[ModifierCard, ...]:
    """The standard 20-card character deck.

    >>> deck = standard_deck()
    >>> len(deck), sum(c.value for c in deck), sum(c.shuffles for c in deck)
    (20, 0, 2)
    """
    return cards_of(STANDARD_DECK)


def monster_deck() -> tuple[ModifierCard, ...]:
    """The monster deck, shared by every monster: the same 20 cards as the standard deck."""
    return cards_of(STANDARD_DECK)


def _perk_part(perk: object, name: str) -> Sequence[object]:
    part = perk.get(name, ()) if isinstance(perk, Mapping) else getattr(perk, name, ())
    if part is None:
        return ()
    if isinstance(part, str) or not isinstance(part, Sequence):
        raise InputError(f"{name!r} must be a list of card texts", where="perk")
    return part


def as_card(item: object, where: str) -> ModifierCard:
    if isinstance(item, ModifierCard):
        return item
    if isinstance(item, str):
        try:
            return parse_card(item)
        except InputError as exc:
            raise InputError(str(exc), where=where) from None
    raise InputError(f"expected a card text, got {type(item).__name__}", where=where)


def apply_perks(deck: Iterable[ModifierCard], perks: Iterable[object]) -> tuple[ModifierCard, ...]:
    """The deck after taking ``perks`` in order: each removes its ``remove`` cards, then adds its
    ``add`` cards (a "replace" perk does both). A perk is a mapping or record with ``remove`` and
    ``add`` lists of card texts; a perk taken twice appears twice. Removed cards go from the
    front of the deck, added cards at the end.

    >>> perks = [{"remove": ["-1", "-1"]}, {"remove": ["-1"], "add": ["+1"]}]
    >>> deck = apply_perks(standard_deck(), perks)
    >>> len(deck), sum(str(c) == "-1" for c in deck), sum(str(c) == "+1" for c in deck)
    (18, 2, 6)
    >>> apply_perks(standard_deck(), [{"remove": ["+3"]}])
    Traceback (most recent call last):
    ...
    delvekit.core.errors.InputError: perk 1: cannot remove '+3': no such card left in the deck
    """
    cards = list(deck)
    for number, perk in enumerate(perks, start=1):
        where = f"perk {number}"
        try:
            removes, adds = _perk_part(perk, "remove"), _perk_part(perk, "add")
        except InputError as exc:
            raise InputError(str(exc)[len(exc.where) + 2 :], where=where) from None
        for item in removes:
            card = as_card(item, where)
            try:
                cards.remove(card)
            except ValueError:
                message = f"cannot remove '{card}': no such card left in the deck"
                raise InputError(message, where=where) from None
        cards.extend(as_card(item, where) for item in adds)
    return tuple(cards)


def deck_with_perks(
    perks: Sequence[object], numbers: Iterable[int], *, owner: str = "the class"
) -> tuple[ModifierCard, ...]:
    """The standard deck after taking the perk lines ``numbers`` (numbered from 1, in the order
    of ``perks``; a line taken twice appears twice), refusing more takes than a line has boxes
    (its ``count``). ``owner`` names the class in messages.

    >>> perks = [{"remove": ["-2"], "add": ["+0"]}, {"add": ["+1", "+1"], "count": 2}]
    >>> len(deck_with_perks(perks, [2, 2]))
    24
    >>> deck_with_perks(perks, [1, 1], owner="the Brute")
    Traceback (most recent call last):
    ...
    delvekit.core.errors.InputError: perks: perk 1 of the Brute can be taken 1 time(s), asked 2
    """
    numbers = list(numbers)
    for number, times in sorted(Counter(numbers).items()):
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(perks):
            message = f"{owner} has {len(perks)} perk lines, there is no perk {number}"
            raise InputError(message, where="perks")
        perk = perks[number - 1]
        boxes = perk.get("count", 1) if isinstance(perk, Mapping) else getattr(perk, "count", 1)
        if times > boxes:
            message = f"perk {number} of {owner} can be taken {boxes} time(s), asked {times}"
            raise InputError(message, where="perks")
    try:
        return apply_perks(standard_deck(), [perks[n - 1] for n in numbers])
    except InputError as exc:
        raise InputError(f"{owner}: {exc}", where="perks") from None


# --------------------------------------------------------------------------- better and worse


def compare(first: ModifierCard, second: ModifierCard, attack: int) -> int:
    """Which card is better for an attack of value ``attack`` (§6.5): 1 for ``first``, -1 for
    ``second``, 0 when the rules cannot tell (ambiguous or alike: use the first drawn).

    A card is better when its value is at least as high and it carries at least every effect of
    the other, and it differs in one of the two; an added effect is "positive but of undefined
    size", so a higher value against an effect is ambiguous. A null is the worst value.

    The FAQ rulings (§18.9):

    >>> c = parse_card
    >>> compare(c("+1"), c("+2"), 3), compare(c("+1 stun"), c("+1"), 3)
    (-1, 1)
    >>> compare(c("+0 stun"), c("+2"), 3), compare(c("+1 stun"), c("+1 fire"), 3)
    (0, 0)
    >>> compare(c("+0 muddle"), c("+2 stun"), 3)
    0
    """
    a, b = first.apply(attack), second.apply(attack)
    ea, eb = first.effect_amounts(), second.effect_amounts()
    a_covers = (b is None or (a is not None and a >= b)) and all(ea.get(k, 0) >= v for k, v in eb.items())
    b_covers = (a is None or (b is not None and b >= a)) and all(eb.get(k, 0) >= v for k, v in ea.items())
    if a_covers and not b_covers:
        return 1
    if b_covers and not a_covers:
        return -1
    return 0
