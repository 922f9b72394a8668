"""Generated play on modifier decks: cards are conserved, draws follow the procedure's shape,
the round-end shuffle flag tracks x2/null, and everything replays from the seed."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.errors import IllegalChoice
from delvekit.core.rng import Rng
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import ModifierCard, cards_of, parse_card, standard_deck

EXTRA = cards_of(["rolling +1", "rolling +0 push 1", "rolling +0 stun", "+1 poison", "+2 fire", "-1",
                  "rolling +0 pierce 3", "+0 stun", "+3"])  # fmt: skip
OPS = st.sampled_from(["draw", "advantage", "disadvantage", "bless", "curse", "end_of_round"])


def play(seed: int, extra: list[ModifierCard], ops: list[str]) -> list[str]:
    rng = Rng(seed)
    deck = ModifierDeck.shuffled([*standard_deck(), *extra], rng)
    start = Counter(map(str, deck.cards))
    added: Counter[str] = Counter()
    removed: Counter[str] = Counter()
    pending = False
    log = []
    for op in ops:
        if op in ("bless", "curse"):
            try:
                deck = deck.with_card(parse_card(op), rng)
                added[op] += 1
            except IllegalChoice:
                assert deck.count(op) == 10
        elif op == "end_of_round":
            deck = deck.end_of_round(rng)
            pending = False
            assert not deck.shuffle_pending
            if deck.discard:  # no shuffle happened, so nothing was pending
                assert not any(c.shuffles for c in deck.discard)
        else:
            mode = {"advantage": op == "advantage", "disadvantage": op == "disadvantage"}
            result, deck = deck.draw(rng, attack=3, **mode)
            drawn, applied = list(result.drawn), list(result.applied)
            assert not Counter(map(str, applied)) - Counter(map(str, drawn))  # applied ⊆ drawn
            assert drawn and all(c.rolling for c in drawn[:-1][2:])  # beyond two cards: a rolling chain
            if op == "draw":
                assert all(c.rolling for c in drawn[:-1]) and applied == drawn
            else:
                assert len(applied) <= max(2, len(drawn))
            if op == "disadvantage":
                assert not any(c.rolling for c in applied)
            removed.update(str(c) for c in drawn if c.removed_when_drawn)
            pending = pending or any(c.shuffles for c in drawn)
            assert deck.shuffle_pending == pending
            log.append(str(result))
        assert Counter(map(str, deck.cards)) + removed == start + added
    return log


@given(st.integers(0, 2**32), st.lists(st.sampled_from(EXTRA), max_size=10), st.lists(OPS, max_size=60))
def test_generated_play_keeps_the_deck_invariants_and_replays(
    seed: int, extra: list[ModifierCard], ops: list[str]
) -> None:
    assert play(seed, extra, ops) == play(seed, extra, ops)
