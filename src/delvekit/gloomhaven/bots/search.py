"""A search bot: the greedy bot's play, with card selection checked by deeper determinized play-outs.

It plays by :class:`~delvekit.gloomhaven.bots.tactics.TacticsBot`: the greedy bot's rules, with
the options of :class:`~delvekit.gloomhaven.bots.policy.PolicyBot` (a short rest that rerolls the
random loss of a good card) and of :mod:`delvekit.gloomhaven.bots.tactics` (room tactics, a
searched end of a move), all off by default. At a card selection with an enemy
near, the greedy look-ahead ranks its candidate card pairs (its cheap evaluation's best pairs
and the best early and late ones, each played out to the end of the round in sampled worlds,
by successive halving). The search bot takes the two best (its *finalists*) and plays each out
deeper — ``horizon`` rounds, the current one included — in the same fresh sampled worlds:
copies of the game (:meth:`~delvekit.gloomhaven.engine.game.Game.clone`) whose hidden draw
piles (attack modifier and monster ability decks) and generator are reshuffled from the bot's
own generator, so it never peeks at the next card. The plain policy (no look-ahead) plays
every decision of a play-out. A play-out scores how much better the party stands at its end
(:func:`delvekit.gloomhaven.bots.evaluation.outcome`: monster health and kills, character
health, cards lost and exhaustion, the monster attack that can reach the party), less
``low_hp_worth`` for every point of a character's health below ``LOW_HP`` (so low, most hits
cost a card to negate), plus a large bonus for a victory and a large cost for a defeat within
the horizon. The runner-up replaces the first pick only when it is better in the paired
worlds by more than ``switch_z`` standard errors: the look-ahead's pick stands unless the
deeper view disagrees.

The budget is a number of deep play-outs per card selection (``playouts``, shared by the
finalists), on top of the greedy look-ahead's one-round play-outs: deterministic for a fixed
game seed and budget (the bot's generators are seeded from the game seed and the position,
never from the clock). ``seconds`` stops the deep play-outs once a selection has used that much
CPU time (the greedy look-ahead before them is not capped), which makes the bot stronger or
weaker with the machine's speed and so is not reproducible; it is off by default.

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
from typing import Unpack

import msgspec

from delvekit.core.decks import Deck
from delvekit.core.records import Choice
from delvekit.core.rng import Rng
from delvekit.gloomhaven.bots.base import bot_seed
from delvekit.gloomhaven.bots.evaluation import outcome
from delvekit.gloomhaven.bots.greedy import GreedyBot
from delvekit.gloomhaven.bots.tactics import LOW_HP, Tactics, TacticsBot, low_health
from delvekit.gloomhaven.bots.worlds import determinized, play_round
from delvekit.gloomhaven.engine.game import Game

__all__ = ["LOW_HP", "SearchBot", "determinize"]

PLAYOUTS = 16
"""Deep play-outs per card selection (the default budget), shared by the finalists."""
HORIZON = 2
"""Rounds a deep play-out lasts (the current one included), unless the scenario ends first."""
FINALISTS = 2
"""The greedy look-ahead's best candidates that are played out deeper."""
SWITCH_Z = 1.0
"""A finalist replaces the greedy pick only when its mean paired advantage exceeds this many
standard errors (and is positive)."""
LOW_HP_WORTH = 0.0
"""At a play-out's end, each point of a character's health below ``LOW_HP`` may be worth this
much more than the one point ``outcome`` counts (a character that low negates most hits by
losing cards): ``SearchBot(low_hp_worth=...)``; off by default (docs/bots.md: 2.0 measured
no better)."""
_low_health = low_health
"""Points of health below ``LOW_HP`` (:func:`delvekit.gloomhaven.bots.tactics.low_health`)."""
VICTORY_WORTH = 60.0
DEFEAT_COST = 60.0
"""What winning or losing within the horizon adds to a play-out's score (beyond exhaustion)."""


def determinize(game: Game, rng: Rng) -> Game:
    """A copy of ``game`` whose hidden orders are drawn from ``rng`` alone: every draw pile
    (attack modifiers, monster abilities) is put in a canonical order and shuffled, and the
    game's generator is reseeded. Unlike the greedy bot's sampler (which the search bot uses:
    it shuffles each pile as it lies, a uniformly random permutation of it), the result does
    not even depend on the real order of a pile. Measured with the first search bot, it won 1 of
    29 games of Black Barrow with it against 20 of 179 with the greedy bot's sampler
    (docs/bots.md): too few games to tell the samplers apart, so it is kept for that comparison."""
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


class SearchBot(TacticsBot):
    """The greedy bot whose card selection is checked by deeper play-outs (see the module
    docstring).

    ``playouts``: deep play-outs per card selection; ``horizon``: rounds per deep play-out;
    ``seconds``: an optional CPU-time cap on a selection's deep play-outs (not reproducible)."""

    __slots__ = (
        "deep",
        "finalists",
        "horizon",
        "low_hp_worth",
        "playouts",
        "seconds",
        "seed",
        "spent",
        "switch_z",
        "switched",
    )

    def __init__(
        self,
        seed: int,
        *,
        playouts: int = PLAYOUTS,
        horizon: int = HORIZON,
        seconds: float | None = None,
        switch_z: float = SWITCH_Z,
        low_hp_worth: float = LOW_HP_WORTH,
        finalists: int = FINALISTS,
        reroll: bool = False,
        **tactics: Unpack[Tactics],
    ) -> None:
        super().__init__(reroll=reroll, **tactics)
        self.finalists = finalists
        """How many of the look-ahead's best candidates the deep play-outs compare."""
        self.seed = seed
        self.playouts = playouts
        self.horizon = horizon
        self.seconds = seconds
        self.switch_z = switch_z
        """The gate: standard errors a finalist's edge must exceed to replace the greedy pick."""
        self.low_hp_worth = low_hp_worth
        """The extra worth of each point of health below ``LOW_HP`` at a play-out's end."""
        self.spent: list[float] = []
        """CPU seconds of each searched card selection (for measurements)."""
        self.deep: list[int] = []
        """Deep play-outs of each searched card selection (at most ``playouts``)."""
        self.switched = 0
        """Searched selections where the deeper play-outs overruled the greedy pick."""

    def _look_ahead(self, game: Game, actor: str, candidates: list[Choice]) -> Choice:
        start = time.process_time()
        try:
            ranked = [candidates[i] for i in self._ranking(game, candidates)]
            finalists = ranked[: self.finalists]
            if len(finalists) < 2 or self.playouts < 2 * len(finalists):
                self.deep.append(0)  # one play-out each could not tell a clear edge from luck
                return ranked[0]
            pick = self._search(game, finalists, start)
            self.switched += pick != ranked[0]
            return pick
        finally:
            self.spent.append(time.process_time() - start)

    def _search(self, game: Game, finalists: list[Choice], start: float) -> Choice:
        """The greedy pick (``finalists[0]``), unless another finalist does clearly better in
        the same deep play-outs."""
        inner = self._inner()
        rng = Rng(bot_seed(self.seed, f"search:{game.state.round}:{len(game.log)}"))
        last_round = game.state.round + self.horizon - 1
        scores: list[list[float]] = [[] for _ in finalists]
        for _ in range(self.playouts // len(finalists)):
            if self.seconds is not None and time.process_time() - start >= self.seconds:
                break
            world = determinized(game, rng)
            for i, choice in enumerate(finalists):
                scores[i].append(self._playout(game, world, choice, inner, last_round))
        self.deep.append(sum(len(s) for s in scores))
        best, best_edge = 0, 0.0
        for i in range(1, len(finalists)):
            diffs = [b - a for a, b in zip(scores[0], scores[i], strict=False)]
            n = len(diffs)
            if n < 2:
                continue
            mean = sum(diffs) / n
            sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1))
            if mean > 0 and mean > self.switch_z * sd / math.sqrt(n) and mean > best_edge:
                best, best_edge = i, mean
        return finalists[best]

    def _playout(self, game: Game, world: Game, choice: Choice, inner: GreedyBot, last_round: int) -> float:
        g = world.clone()
        g.choose(choice)
        play_round(g, inner, last_round)
        score = outcome(game, g) - self.low_hp_worth * (_low_health(g) - _low_health(game))
        if g.result == "victory":
            score += VICTORY_WORTH
        elif g.result == "defeat":
            score -= DEFEAT_COST
        return score
