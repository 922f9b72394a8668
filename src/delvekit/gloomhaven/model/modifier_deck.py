"""Attack modifier decks in play (rules digest §6.5, §6.6): drawing with advantage and
disadvantage, rolling cards, bless and curse, the end-of-round shuffle, and the effects the
applied cards add to an attack.

The cards themselves, their text form and the decks a character starts with are
:mod:`delvekit.gloomhaven.model.modifiers`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.core.rng import Rng
from delvekit.gloomhaven.model.modifiers import (
    BLESS_LIMIT,
    CONDITIONS,
    CURSE_LIMIT,
    ELEMENTS,
    ConditionName,
    ElementName,
    ModifierCard,
    as_card,
    compare,
    parse_card,
)


class CardEffects(msgspec.Struct, frozen=True, kw_only=True):
    """The added effects of the modifier cards applied to one attack (§6.6). Each card's push,
    pull, heal and shield is a separate effect (§7: applied or skipped independently; two heals
    are two heals), so those are tuples; pierce and extra targets add up."""

    conditions: tuple[ConditionName, ...] = ()
    elements: tuple[ElementName, ...] = ()
    pushes: tuple[int, ...] = ()
    pulls: tuple[int, ...] = ()
    pierce: int = 0
    add_target: int = 0
    heals_self: tuple[int, ...] = ()
    shields_self: tuple[int, ...] = ()
    refresh_items: int = 0


def effects_of(cards: Iterable[ModifierCard]) -> CardEffects:
    """Every effect the applied ``cards`` add to the attack.

    >>> from delvekit.gloomhaven.model.modifiers import cards_of
    >>> e = effects_of(cards_of(["rolling +0 push 1", "rolling +0 stun fire", "+1 push 1 poison"]))
    >>> e.conditions, e.elements, e.pushes
    (('poison', 'stun'), ('fire',), (1, 1))
    """
    cards = list(cards)
    conditions = {c for card in cards for c in card.conditions}
    elements = {e for card in cards for e in card.elements}
    return CardEffects(
        conditions=tuple(c for c in CONDITIONS if c in conditions),
        elements=tuple(e for e in ELEMENTS if e in elements),
        pushes=tuple(card.push for card in cards if card.push),
        pulls=tuple(card.pull for card in cards if card.pull),
        pierce=sum(card.pierce for card in cards),
        add_target=sum(card.add_target for card in cards),
        heals_self=tuple(card.heal_self for card in cards if card.heal_self),
        shields_self=tuple(card.shield_self for card in cards if card.shield_self),
        refresh_items=sum(card.refresh_item for card in cards),
    )


class Draw(msgspec.Struct, frozen=True, kw_only=True):
    """What one attack drew: every revealed card in order, and the cards that apply."""

    drawn: tuple[ModifierCard, ...]
    applied: tuple[ModifierCard, ...]
    """The cards whose value and effects apply to the attack, in the order drawn."""
    ambiguous: bool = False
    """Better/worse could not be told apart, so the first drawn card was used (§6.5)."""

    @property
    def effects(self) -> CardEffects:
        """The added effects of the applied cards."""
        return effects_of(self.applied)

    def __str__(self) -> str:
        used = ", ".join(str(c) for c in self.applied) or "nothing"
        shown = ", ".join(str(c) for c in self.drawn)
        return f"drew {shown}; applies {used}" + (" (ambiguous: first drawn)" if self.ambiguous else "")


class ModifierDeck(msgspec.Struct, frozen=True, kw_only=True):
    """One attack modifier deck in play: draw pile (next card first), discard pile and whether
    a drawn x2/null asks for a shuffle at the end of the round. Immutable: every operation
    returns a new deck, so game states branch cheaply.

    >>> from delvekit.core.rng import Rng
    >>> from delvekit.gloomhaven.model.modifiers import standard_deck
    >>> rng = Rng(3)
    >>> deck = ModifierDeck.shuffled(standard_deck(), rng).with_card(parse_card("bless"), rng)
    >>> len(deck.draw_pile), deck.count("bless")
    (21, 1)
    """

    draw_pile: tuple[ModifierCard, ...]
    discard: tuple[ModifierCard, ...] = ()
    shuffle_pending: bool = False

    @classmethod
    def shuffled(cls, cards: Iterable[ModifierCard], rng: Rng) -> ModifierDeck:
        """A fresh deck of ``cards`` in a random order."""
        pile = list(cards)
        rng.shuffle(pile)
        return cls(draw_pile=tuple(pile))

    @property
    def cards(self) -> tuple[ModifierCard, ...]:
        """Every card the deck holds (draw pile, then discard pile)."""
        return self.draw_pile + self.discard

    def to_json(self) -> dict[str, object]:
        """A compact JSON form with cards as text (for saves and logs).

        >>> from delvekit.gloomhaven.model.modifiers import cards_of
        >>> deck = ModifierDeck(draw_pile=cards_of(["+1", "x2"]), discard=cards_of(["null"]))
        >>> deck.to_json()
        {'draw_pile': ['+1', 'x2'], 'discard': ['null'], 'shuffle_pending': False}
        >>> ModifierDeck.from_json(deck.to_json()) == deck
        True
        """
        return {
            "draw_pile": [str(c) for c in self.draw_pile],
            "discard": [str(c) for c in self.discard],
            "shuffle_pending": self.shuffle_pending,
        }

    @classmethod
    def from_json(cls, data: object, *, where: str = "modifier deck") -> ModifierDeck:
        """The deck saved by :meth:`to_json`; a bad document raises :class:`InputError` naming
        ``where`` and the field."""
        if not isinstance(data, Mapping):
            raise InputError("expected an object with draw_pile, discard, shuffle_pending", where=where)
        unknown = set(data) - {"draw_pile", "discard", "shuffle_pending"}
        if unknown:
            raise InputError(f"unknown field(s) {', '.join(sorted(map(str, unknown)))}", where=where)
        piles: dict[str, tuple[ModifierCard, ...]] = {}
        for name in ("draw_pile", "discard"):
            texts = data.get(name, [])
            if not isinstance(texts, list):
                raise InputError("expected a list of card texts", where=f"{where}.{name}")
            piles[name] = tuple(as_card(t, f"{where}.{name}[{i}]") for i, t in enumerate(texts))
        pending = data.get("shuffle_pending", False)
        if not isinstance(pending, bool):
            raise InputError("expected true or false", where=f"{where}.shuffle_pending")
        return cls(draw_pile=piles["draw_pile"], discard=piles["discard"], shuffle_pending=pending)

    def count(self, text: str) -> int:
        """How many cards written ``text`` the deck holds."""
        card = parse_card(text)
        return sum(c == card for c in self.cards)

    def with_card(self, card: ModifierCard, rng: Rng) -> ModifierDeck:
        """The deck with ``card`` (a bless, a curse, a scenario card) shuffled into the draw pile.

        Raises :class:`IllegalChoice` when the deck already holds a full supply of blesses or
        curses (§2.8).
        """
        if card.marker:
            limit = BLESS_LIMIT if card.marker == "bless" else CURSE_LIMIT
            if sum(c.marker == card.marker for c in self.cards) >= limit:
                raise IllegalChoice(f"the deck already holds {limit} {card.marker} cards (§2.8)")
        pile = [*self.draw_pile, card]
        rng.shuffle(pile)
        return msgspec.structs.replace(self, draw_pile=tuple(pile))

    def end_of_round(self, rng: Rng) -> ModifierDeck:
        """If a standard x2 or null was drawn this round, shuffle the discards back in (§3.5)."""
        if not self.shuffle_pending:
            return self
        return ModifierDeck.shuffled(self.cards, rng)

    def end_of_scenario(self, rng: Rng) -> ModifierDeck:
        """Every bless and curse leaves; the rest is shuffled together (§2.8)."""
        return ModifierDeck.shuffled((c for c in self.cards if not c.marker), rng)

    def draw(
        self, rng: Rng, *, attack: int, advantage: bool = False, disadvantage: bool = False
    ) -> tuple[Draw, ModifierDeck]:
        """Draw for one attack (one target) by the GH 1e procedure (§6.5); ``attack`` is the value
        before modifier cards, needed to tell the better of two cards.

        Normal: draw until a non-rolling card; all apply. Advantage: two cards, the better one;
        exactly one rolling → both apply; both rolling → draw on, everything applies.
        Disadvantage: two cards, the worse one; a rolling card is ignored; both rolling → draw
        on and only the last card applies. Having both cancels them. An empty draw pile takes
        the shuffled discards mid-draw; a deck that runs out of cards altogether ends the draw.
        Drawn bless and curse cards leave the deck; a drawn x2 or null asks for the end-of-round
        shuffle, whether it was used or not.

        >>> from delvekit.core.rng import Rng
        >>> from delvekit.gloomhaven.model.modifiers import cards_of
        >>> deck = ModifierDeck(draw_pile=cards_of(["+0 stun", "+2", "-1"]))
        >>> draw, deck = deck.draw(Rng(1), attack=3, advantage=True)
        >>> str(draw), len(deck.draw_pile), len(deck.discard)
        ('drew +0 stun, +2; applies +0 stun (ambiguous: first drawn)', 1, 2)
        """
        if advantage and disadvantage:
            advantage = disadvantage = False
        pile = list(self.draw_pile)
        pile.reverse()  # pop() from the end is the top card
        discard = list(self.discard)
        drawn: list[ModifierCard] = []

        def reveal() -> ModifierCard | None:
            nonlocal pile, discard
            if not pile:
                if not discard:
                    return None
                pile, discard = discard, []
                rng.shuffle(pile)
            card = pile.pop()
            drawn.append(card)
            return card

        def draw_on() -> None:  # keep drawing while the last card was rolling
            while drawn[-1].rolling and reveal() is not None:
                pass

        applied: tuple[ModifierCard, ...]
        ambiguous = False
        first = reveal()
        second = reveal() if first is not None and (advantage or disadvantage) else None
        if first is None:
            applied = ()
        elif second is None:  # a normal draw, or a deck with a single card left
            draw_on()
            applied = tuple(drawn)
        elif first.rolling and second.rolling:
            draw_on()
            applied = tuple(drawn) if advantage else tuple(drawn[-1:]) if not drawn[-1].rolling else ()
        elif first.rolling or second.rolling:
            applied = (first, second) if advantage else ((second,) if first.rolling else (first,))
        else:
            verdict = compare(first, second, attack)
            ambiguous = verdict == 0 and first != second
            if disadvantage:
                verdict = -verdict
            applied = (second,) if verdict < 0 else (first,)

        pile.reverse()
        kept = [c for c in drawn if not c.removed_when_drawn]
        deck = ModifierDeck(
            draw_pile=tuple(pile),
            discard=(*discard, *kept),
            shuffle_pending=self.shuffle_pending or any(c.shuffles for c in drawn),
        )
        return Draw(drawn=tuple(drawn), applied=applied, ambiguous=ambiguous), deck
