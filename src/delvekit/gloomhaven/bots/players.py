"""Bots that answer a game's decisions: :class:`RandomBot` and :class:`GreedyBot`, the bot names
faces use (:data:`BOTS`, :func:`make_bot`) and :func:`play`.

The greedy bot lives in :mod:`~delvekit.gloomhaven.bots.greedy` (its decisions),
:mod:`~delvekit.gloomhaven.bots.evaluation` (its weights and cheap evaluation),
:mod:`~delvekit.gloomhaven.bots.geometry` (walking costs) and
:mod:`~delvekit.gloomhaven.bots.worlds` (sampled worlds for its look-ahead); this module
re-exports what callers use.

A bot only reads the game and returns one of the pending decision's legal choices; it never
changes the game and never decides a rule (the engine lists what is legal). Both are
deterministic: the random bot draws from its own :class:`~delvekit.core.rng.Rng`, seeded from
the game seed (:func:`bot_seed`), never from the global generator or the game's own generator
(drawing from that would change the game).

>>> from delvekit.gloomhaven.engine.game import Game
>>> from delvekit.gloomhaven.testing.examples import tiny_setup
>>> game = play(Game(tiny_setup(), seed=3), GreedyBot())
>>> game.result in ("victory", "defeat"), game.decision is None
(True, True)
>>> a = play(Game(tiny_setup(), seed=3), RandomBot(3))
>>> b = play(Game(tiny_setup(), seed=3), RandomBot(3))
>>> a.log == b.log
True

The greedy bot scores card pairs and the order of their halves by a cheap evaluation of what
they can do in the character's situation (:class:`Context`: how far the enemies are, how many
are expected to attack it, its active augments, the frailest enemy in reach). Attacks are worth
something only if an enemy is within reach after the moves before them, more if they can kill
or stun; shields and retaliates count once per expected attacker; an augment counts for every
later melee attack, a summon for its health and attack; named effects count as the plain
abilities they mostly amount to; lost halves cost a card for the rest of the scenario (in full
while the character has many rests to come, less as it runs out of cards:
:func:`card_scarcity`), and abilities the engine does not perform are worth nothing. With an
enemy near, it then plays out the best few pairs (plus the best early and the best late one) to
the end of the round in sampled worlds — copies of the game whose hidden draw piles (attack
modifiers, monster abilities) are reshuffled from the bot's own generator, so it never peeks at
the next card — by successive halving (the better half gets fresh worlds until one pair is
left), and keeps the pair whose round ends best (:func:`outcome`: monster health and kills, the
monster attack that can reach the party next round, augments and summons in play, against
character health, cards lost — priced by the same scarcity — and exhaustion).

In play, the sturdiest character leads with early initiatives and the others with late ones
(monsters tied on distance focus the lowest initiative). A character walks along a
shortest-path field (a trap or hazardous hex costs as much as a long detour) toward a hex from
which its next attack reaches an enemy, the most dangerous enemy for its health first (a less
sturdy character prefers hexes that do not draw a monster's focus); with no attack left this
turn it ends where the fewest monsters can reach it. Between fights the sturdiest character
opens the next door once the others wait near it, and characters long rest with a large discard
pile or missing health (skipping a short rest for it). It attacks the enemy it can kill (then
the most dangerous and most hurt one, avoiding retaliation), never pushes an enemy out of its
own melee reach, takes every hit it survives on its health and negates only lethal ones (a card
from the hand before two from the discard pile), keeps augments in play at rests, short rests
instead of being forced into a long rest, and heal-rests when no enemy is on the board.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from delvekit.core.records import Choice
from delvekit.core.rng import Rng
from delvekit.gloomhaven.bots.base import Bot, bot_seed, pending_decision
from delvekit.gloomhaven.bots.greedy import GreedyBot
from delvekit.gloomhaven.engine.game import Game

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "bot_seed", "make_bot", "play"]


class RandomBot:
    """Uniform over the legal choices, from its own generator seeded by ``bot_seed(seed)``."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = Rng(bot_seed(seed, "random"))

    def choose(self, game: Game) -> Choice:
        return self.rng.choice(pending_decision(game).choices)


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": lambda seed: GreedyBot(),
    "search": lambda seed: importlib.import_module("delvekit.gloomhaven.bots.search").SearchBot(seed),
}
"""Bot names for faces (``--bots random|greedy|search``): name → factory taking the game seed."""


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name`` for a game with ``seed``."""
    from delvekit.core.errors import InputError

    if name not in BOTS:
        raise InputError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})", where="bots")
    return BOTS[name](seed)


def play(game: Game, bot: Bot, *, max_choices: int = 100_000) -> Game:
    """Let ``bot`` answer every decision until the scenario ends; returns ``game``."""
    for _ in range(max_choices):
        if game.decision is None:
            return game
        game.choose(bot.choose(game))
    raise RuntimeError(f"the scenario did not end within {max_choices} choices")
