"""Sampled worlds and play-outs: a copy of a game whose hidden orders are drawn from a bot's own
generator (:func:`determinized`), and a bot playing it to the end of a round."""

from __future__ import annotations

import msgspec

from delvekit.core.decks import Deck
from delvekit.core.rng import Rng
from delvekit.gloomhaven.bots.base import Bot
from delvekit.gloomhaven.engine.game import Game


def determinized(game: Game, rng: Rng) -> Game:
    """A copy of ``game`` in which every hidden order (attack modifier and monster ability draw
    piles, the game's generator) is drawn afresh from ``rng``: one world the bot cannot tell
    apart from the real one."""
    g = game.clone()
    st = g.state
    st.rng = Rng(rng.randint(0, 2**62))
    for name, amd in st.modifier_decks.items():
        pile = list(amd.draw_pile)
        rng.shuffle(pile)
        st.modifier_decks[name] = msgspec.structs.replace(amd, draw_pile=tuple(pile))
    for name, deck in st.decks.items():
        draw, discards = deck.to_state()
        draw = list(draw)
        rng.shuffle(draw)
        st.decks[name] = Deck.from_state(draw, discards)
    return g


def play_round(game: Game, bot: Bot, round_no: int) -> None:
    """Let ``bot`` answer every decision until round ``round_no`` (and its rests) is over."""
    for _ in range(5000):
        if game.decision is None or game.state.round > round_no:
            return
        game.choose(bot.choose(game))
