"""core.decks: seeded, cloneable draw/discard piles."""

from __future__ import annotations

import pytest

from delvekit.core.decks import Deck, EmptyDeck
from delvekit.core.rng import Rng


def test_same_seed_same_order_and_clone_is_independent() -> None:
    a, b = Deck(range(20), Rng(5)), Deck(range(20), Rng(5))
    assert a.draw_pile == b.draw_pile
    c = a.clone()
    drawn = a.draw()
    assert len(a) == 19 and len(c) == 20
    assert c.draw() == drawn


def test_draw_refills_from_discards_only_with_an_rng() -> None:
    deck = Deck(["x"])
    deck.discard(deck.draw())
    with pytest.raises(EmptyDeck):
        deck.draw()
    assert deck.draw(Rng(1)) == "x"
    with pytest.raises(EmptyDeck):
        deck.draw(Rng(1))


def test_reshuffle_and_shuffle_in_keep_every_card() -> None:
    rng = Rng(3)
    deck = Deck(list("abcdef"), rng)
    for _ in range(4):
        deck.discard(deck.draw())
    deck.shuffle_in("bless", rng)
    assert len(deck) == 3 and sorted(deck.cards()) == sorted([*"abcdef", "bless"])
    deck.reshuffle(rng)
    assert deck.discards == [] and len(deck) == 7
    assert deck.remove("bless") and not deck.remove("bless")


def test_state_round_trip() -> None:
    deck = Deck(list("abcd"), Rng(2))
    deck.discard(deck.draw())
    again = Deck.from_state(*deck.to_state())
    assert again.to_state() == deck.to_state()
    assert again.draw() == deck.draw()
