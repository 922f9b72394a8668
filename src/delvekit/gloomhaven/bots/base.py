"""What every bot is: something that picks one of the pending decision's legal choices, and
the seed of a bot's own generator."""

from __future__ import annotations

import hashlib
from typing import Protocol

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine.game import Game


class Bot(Protocol):
    """Anything that picks one of the legal choices of the game's pending decision."""

    def choose(self, game: Game) -> Choice: ...


def bot_seed(seed: int, name: str = "bot") -> int:
    """A seed for a bot's own generator, derived from the game seed (stable across runs and
    Python versions, unlike ``hash``).

    >>> bot_seed(1) == bot_seed(1), bot_seed(1) == bot_seed(2), bot_seed(1, "a") == bot_seed(1, "b")
    (True, False, False)
    """
    digest = hashlib.sha256(f"{name}:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def pending_decision(game: Game) -> Decision:
    """The decision the bot must answer now; a clear error when the scenario has ended."""
    d = game.decision
    if d is None:
        raise ValueError("the scenario has ended: there is no decision to answer")
    return d
