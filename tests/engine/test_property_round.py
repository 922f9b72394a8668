"""Property test: random parties, hands, monster decks and placements; random legal play keeps
every invariant, ends, and replays from its log to the same state."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.setup import GameSetup
from delvekit.gloomhaven.testing.invariants import violations

from .helpers import card, half, hero, mcard, mtype, setup

HALVES = [
    half(),
    half("attack 2"),
    half("move 3"),
    half("heal 2"),
    half("attack 4", lost=True),
    half("shield 1", round_bonus=True),
    half("retaliate 1", persistent=True, lost=True),
    half("negate", persistent=True, lost=True),
    half("infuse fire", "xp 1", lost=True),
    half("condition strengthen"),
    half("suffer 1"),
    half("condition wound"),
    half("condition stun"),
]
MONSTER_ACTIONS = [
    "move 1",
    "attack 0",
    "shield 1",
    "retaliate 1",
    "heal 1",
    "infuse ice",
    "condition muddle",
]


@st.composite
def setups(draw: st.DrawFn) -> GameSetup:
    party_size = draw(st.integers(1, 4))
    party = []
    for p in range(party_size):
        n = draw(st.integers(2, 9))
        cards = [
            card(
                f"p{p}c{i}",
                draw(st.integers(1, 99)),
                draw(st.sampled_from(HALVES)),
                draw(st.sampled_from(HALVES)),
            )
            for i in range(n)
        ]
        party.append(hero(f"hero{p}", cards, hex=(0, p), health=draw(st.integers(1, 12))))
    types = draw(st.integers(0, 3))
    monsters = [
        mtype(f"m{t}", deck=f"d{t % 2}", health=draw(st.integers(1, 8)), standees=draw(st.integers(1, 4)))
        for t in range(types)
    ]
    decks = {
        f"d{d}": [
            mcard(
                f"d{d}x{i}",
                draw(st.integers(1, 99)),
                *draw(st.lists(st.sampled_from(MONSTER_ACTIONS), max_size=3)),
                shuffle=draw(st.booleans()),
            )
            for i in range(draw(st.integers(1, 4)))
        ]
        for d in range(min(types, 2))
    }
    rooms: list[list[tuple[str, str, tuple[int, int]]]] = [[], []]
    for t in range(types):
        for k in range(draw(st.integers(0, 3))):
            rooms[draw(st.integers(0, 1))].append(
                (f"m{t}", draw(st.sampled_from(["normal", "elite"])), (5 + t, k))
            )
    return setup(party, monsters, decks, rooms, win=draw(st.sampled_from(["none", "kill-all"])))


@given(config=setups(), seed=st.integers(0, 2**16))
def test_random_setups_play_soundly_and_replay(config: GameSetup, seed: int) -> None:
    game = Game(config, seed=seed)
    rnd = random.Random(seed)
    for _ in range(3000):
        if game.decision is None:
            break
        if game.decision.kind == "action" and rnd.random() < 0.05 and len(game.state.revealed_rooms) < 2:
            game.reveal_room(1)
            if game.decision is None:
                break
        game.choose(rnd.choice(list(game.decision.choices)))
        assert not violations(game), violations(game)
    assert game.decision is None and game.outcome is not None
    if not game.tampered:
        assert Game.from_log(game.log_lines()).digest() == game.digest()
