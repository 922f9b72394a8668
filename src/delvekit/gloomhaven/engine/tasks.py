"""The agenda's task kinds: who runs each, and the small helpers task payloads share.

:func:`task_handler` registers the handler of a task kind: a ``run`` that pops its task or
returns a :class:`~delvekit.core.records.Decision`, and an ``apply`` for a choice made there.
The engine's own modules (round, actions, monster turn) register theirs on import; effect,
item and scenario modules register theirs the same way. :class:`~delvekit.gloomhaven.engine.game.Game`
looks the handlers up here, so a module that registers tasks never needs ``Game`` at run time.

>>> hex_token((2, -1))
'2,-1'
>>> parse_hex("2,-1")
(2, -1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.model.abilities import Ability

if TYPE_CHECKING:
    from delvekit.core.hexes import Hex
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.engine.state import Task
    from delvekit.gloomhaven.model.setup import Half

Run: TypeAlias = "Callable[[Game, Task], Decision | None]"
Apply: TypeAlias = "Callable[[Game, Task, Choice], None]"
RUN: dict[str, Run] = {}
"""The run handler of each task kind."""
APPLY: dict[str, Apply] = {}
"""The apply handler of each task kind that asks a question."""

BASIC_TOP = Ability(kind="attack", value=2)
BASIC_BOTTOM = Ability(kind="move", value=2)
"""The basic abilities any card half may be played as (§3.4)."""


def task_handler(kind: str, run: Run, apply: Apply | None = None) -> None:
    """Register the handler of an agenda task kind (extension modules add their own tasks)."""
    RUN[kind] = run
    if apply is not None:
        APPLY[kind] = apply


def half_of(game: Game, cid: str, card: str, half: str) -> Half:
    """The ``top`` or ``bottom`` half of character ``cid``'s card ``card``."""
    c = game.card(cid, card)
    return c.top if half == "top" else c.bottom


def hex_token(h: Hex) -> str:
    """A hex as task and event text: ``q,r``."""
    return f"{h[0]},{h[1]}"


def parse_hex(text: str) -> Hex:
    """The hex of a ``q,r`` token."""
    q, r = text.split(",")
    return int(q), int(r)
