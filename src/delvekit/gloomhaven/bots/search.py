"""A search bot: the greedy bot's play, with card selection chosen by determinized rollouts.

At each card selection with an enemy near, the greedy bot's cheap evaluation proposes a few
card pairs (its best ones plus the best early and late ones, and a long rest when one is
legal). Each candidate is then played out several rounds deep in sampled worlds: copies of the
game (:meth:`~delvekit.gloomhaven.engine.game.Game.clone`) whose hidden draw piles — attack modifier
decks and monster ability decks — and the game's generator are reshuffled from the bot's own
generator, so it never peeks at the next card. The plain greedy policy plays every decision of
the play-out (both characters and the party's). A play-out is scored by how much better the
party stands at its end (:func:`delvekit.gloomhaven.bots.players.outcome`: monster health and kills,
character health, cards lost and exhaustion, the monster attack that can reach the party), plus
a large bonus for a victory and a large cost for a defeat within the horizon. Successive
halving spends the budget: every candidate is played out in the same fresh worlds, the better
half again in new ones, until one is left.

The budget is a number of play-outs per card selection (``playouts``): deterministic for a
fixed game seed and budget (the bot's generator is seeded from the game seed and the position,
never from the clock). ``seconds`` adds a cap in CPU time per selection, which makes the bot
stronger or weaker with the machine's speed and so is not reproducible; it is off by default.

>>> from delvekit.gloomhaven.engine.game import Game
>>> from delvekit.gloomhaven.testing.examples import tiny_setup
>>> game = Game(tiny_setup(), seed=2)
>>> bot = SearchBot(2, playouts=4)
>>> while game.decision is not None and game.state.round <= 2:
...     _ = game.choose(bot.choose(game))
>>> game.state.round > 2 or game.result is not None
True
"""

from __future__ import annotations

import math
import time

import msgspec

from delvekit.core.decks import Deck
from delvekit.core.records import Choice
from delvekit.core.rng import Rng
from delvekit.gloomhaven.bots.base import bot_seed
from delvekit.gloomhaven.bots.evaluation import outcome
from delvekit.gloomhaven.bots.greedy import GreedyBot
from delvekit.gloomhaven.bots.worlds import _determinized, _play_round
from delvekit.gloomhaven.engine.game import Game

__all__ = ["SearchBot", "determinize"]

PLAYOUTS = 48
"""Play-outs per card selection (the default budget)."""
HORIZON = 3
"""Rounds a play-out lasts (the current one included), unless the scenario ends first."""
VICTORY_WORTH = 60.0
DEFEAT_COST = 60.0
"""What winning or losing within the horizon adds to a play-out's score (beyond exhaustion)."""
REST_CANDIDATE = True
"""Whether a legal long rest is one of the candidates (the greedy bot decides rests by rule)."""


def determinize(game: Game, rng: Rng) -> Game:
    """A copy of ``game`` whose hidden orders are drawn from ``rng`` alone: every draw pile
    (attack modifiers, monster abilities) is put in a canonical order and shuffled, and the
    game's generator is reseeded. Unlike the greedy bot's sampler (which the search bot uses:
    it shuffles each pile as it lies, a uniformly random permutation of it), the result does
    not even depend on the real order of a pile. Measured, the search bot won 1 of 29 games of
    Black Barrow with it against 20 of 179 with the greedy bot's sampler (docs/bots.md): too
    few games to tell the samplers apart, so it is kept for that comparison."""
    g = game.clone()
    st = g.state
    st.rng = Rng(rng.randint(0, 2**62))
    for name in sorted(st.modifier_decks):
        amd = st.modifier_decks[name]
        pile = sorted(amd.draw_pile, key=str)
        rng.shuffle(pile)
        st.modifier_decks[name] = msgspec.structs.replace(amd, draw_pile=tuple(pile))
    for name in sorted(st.decks):
        draw, discards = st.decks[name].to_state()
        ordered = sorted(draw, key=str)
        rng.shuffle(ordered)
        st.decks[name] = Deck.from_state(ordered, discards)
    return g


class SearchBot(GreedyBot):
    """The greedy bot whose card selection is decided by rollouts (see the module docstring).

    ``playouts``: play-outs per card selection; ``horizon``: rounds per play-out; ``seconds``:
    an optional CPU-time cap per selection (not reproducible)."""

    __slots__ = ("horizon", "playouts", "seconds", "seed", "spent")

    def __init__(
        self, seed: int, *, playouts: int = PLAYOUTS, horizon: int = HORIZON, seconds: float | None = None
    ) -> None:
        super().__init__()
        self.seed = seed
        self.playouts = playouts
        self.horizon = horizon
        self.seconds = seconds
        self.spent: list[float] = []
        """CPU seconds of each searched card selection (for measurements)."""

    def _look_ahead(self, game: Game, actor: str, candidates: list[Choice]) -> Choice:
        d = game.decision
        if REST_CANDIDATE and d is not None and Choice("long-rest") in d.choices:
            candidates = [*candidates, Choice("long-rest")]
        if len(candidates) == 1:
            return candidates[0]
        start = time.process_time()
        try:
            return self._search(game, candidates, start)
        finally:
            self.spent.append(time.process_time() - start)

    def _search(self, game: Game, candidates: list[Choice], start: float) -> Choice:
        inner = self._inner()
        rng = Rng(bot_seed(self.seed, f"search:{game.state.round}:{len(game.log)}"))
        last_round = game.state.round + self.horizon - 1
        steps = max(1, math.ceil(math.log2(len(candidates))))
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        budget = self.playouts
        for step in range(steps):
            per = max(1, (budget // (steps - step)) // len(alive))
            worlds = [_determinized(game, rng) for _ in range(per)]
            for i in alive:
                for world in worlds:
                    if self.seconds is not None and time.process_time() - start > self.seconds:
                        break
                    totals[i] += self._playout(game, world, candidates[i], inner, last_round)
                    counts[i] += 1
                    budget -= 1
            # ties (and candidates not played out) keep the cheap evaluation's order
            alive.sort(key=lambda i: (-(totals[i] / counts[i]) if counts[i] else 1e9, i))
            alive = alive[: max(1, len(alive) // 2)]
            if len(alive) == 1 or (self.seconds is not None and time.process_time() - start > self.seconds):
                break
        return candidates[alive[0]]

    @staticmethod
    def _playout(game: Game, world: Game, choice: Choice, inner: GreedyBot, last_round: int) -> float:
        g = world.clone()
        g.choose(choice)
        _play_round(g, inner, last_round)
        score = outcome(game, g)
        if g.result == "victory":
            score += VICTORY_WORTH
        elif g.result == "defeat":
            score -= DEFEAT_COST
        return score
