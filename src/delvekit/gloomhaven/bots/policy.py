"""The search bot's play policy: the greedy bot's rules, with the card economy of a rest
sharpened (:class:`PolicyBot`). The search bot plays with it, and its play-outs use it without
look-ahead; the greedy bot itself is unchanged."""

from __future__ import annotations

from delvekit.core.records import Choice
from delvekit.gloomhaven.bots.base import pending_decision
from delvekit.gloomhaven.bots.evaluation import card_value
from delvekit.gloomhaven.bots.greedy import GreedyBot
from delvekit.gloomhaven.engine.game import Game

__all__ = ["REROLL_HP", "REROLL_MARGIN", "PolicyBot"]

REROLL_MARGIN = 1.0
"""A short rest's random loss is rerolled (1 damage, another random discard lost) when the lost
card is worth this much more than the average of the cards the reroll could lose instead..."""
REROLL_HP = 4
"""...and only while the character keeps more than this much health after the damage."""


class PolicyBot(GreedyBot):
    """The greedy bot, plus: a short rest's random loss of a good card is rerolled for one
    damage when the other discards are worth clearly less on average (the greedy bot always
    accepts the loss). ``lookahead=0`` gives the plain policy of the search bot's play-outs."""

    __slots__ = ("reroll",)

    def __init__(
        self, lookahead: int | None = None, worlds: int | None = None, *, reroll: bool = True
    ) -> None:
        super().__init__(lookahead, worlds)
        self.reroll = reroll
        """Whether a short rest's loss may be rerolled (off: the greedy bot exactly)."""

    def choose(self, game: Game) -> Choice:
        d = pending_decision(game)
        if self.reroll and d.kind == "short-rest-loss" and Choice("reroll") in d.choices:
            return Choice("reroll") if self.rerolls(game, d.actor) else Choice("accept")
        return super().choose(game)

    def _inner(self) -> GreedyBot:
        """The play-out policy of the look-ahead: these rules, without look-ahead."""
        bot = PolicyBot(lookahead=0, reroll=self.reroll)
        bot._setup, bot._cards, bot._values = self._setup, self._cards, self._values
        bot._orders = self._orders
        return bot

    @staticmethod
    def rerolls(game: Game, cid: str) -> bool:
        """Whether ``cid`` should reroll the card its short rest just lost (the last of its lost
        pile): the cards it could lose instead (its discards) are worth clearly less on average,
        and the damage leaves it healthy enough."""
        st = game.state
        ch, f = st.characters[cid], st.figures.get(cid)
        if f is None or not ch.lost or not ch.discard or f.hp - 1 <= REROLL_HP:
            return False
        cards = {c.id: c for member in game.setup.party if member.id == cid for c in member.hand}
        if ch.lost[-1] not in cards:
            return False
        lost = card_value(cards[ch.lost[-1]])
        others = [card_value(cards[c]) for c in ch.discard if c in cards]
        return bool(others) and lost > sum(others) / len(others) + REROLL_MARGIN
