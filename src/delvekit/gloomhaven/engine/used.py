"""Whether an ability of a character's action was used (rules digest §3.4).

At least one ability of an action must be used to earn the action's stand-alone XP or its
element infusion, and a persistent or round-bonus card goes to the active area only if its
action was performed. The engine records it in ``CharacterState.action_used``:

* plain abilities say so as they act (a move that entered a hex, an attack that targeted an
  enemy, a heal, a shield...): :meth:`~delvekit.gloomhaven.engine.game.Game.mark_used`;
* a named effect (``custom`` ability with a handler, :mod:`~delvekit.gloomhaven.engine.registry`) reports
  what it did: a handler may return ``True``/``False``; otherwise (``None``) the engine judges by
  the events the effect caused, at once or through the steps it queued (a decision such as
  "summon where?" is answered later). The effect counts as used when one of those events is a
  change of the game, not only a report that nothing happened (:data:`NOTHING`: ``no-target``,
  ``declined``, ``no-hex``...). So a declined summon, a steal with nothing to take or a tunnel
  with no obstacle to open earns nothing (the audit of 2026-11-27, finding 5).

The check is a step (``used_check``) pushed beneath the handler's own steps, so it runs once
they are all done.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from delvekit.core.records import Decision, Event
from delvekit.gloomhaven.engine.state import Task
from delvekit.gloomhaven.engine.tasks import task_handler

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game

NOTHING = frozenset(
    {
        "no-target",
        "declined",
        "no-hex",
        "no-summon",
        "no-spawn",
        "no-path",
        "no-focus",
        "no-card",
        "no-door",
        "no-egg",
        "no-standee",
        "no-objective",
        "no-zephyr",
        "no-xp",
        "no-infuse",
        "unresolved",
        "prevented",
        "attack-skipped",
        "push-declined",
        "pull-declined",
        "intervene-declined",
        "not-performed",
        "focus",
        "x",
        "move-ended",
    }
)
"""Event kinds that report that nothing happened (or only announce a value)."""


def changed(events: Sequence[Event]) -> bool:
    """Whether ``events`` hold a change of the game (not only :data:`NOTHING` reports).

    >>> changed([Event("declined", ("summoner", "summon"))])
    False
    >>> changed([Event("no-target", ("brute",)), Event("summoned", ("summoner.wolf1", "owner=summoner"))])
    True
    """
    return any(e.kind not in NOTHING and "declined" not in e.args for e in events)


def watch(game: Game, fid: str) -> None:
    """Queue the check of a named effect ``fid`` is about to perform (call before the handler)."""
    game.push(Task("used_check", fid, len(game.events)))


def _run_used_check(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    if changed(game.events[task.n :]):
        game.mark_used(task.who)
    return None


task_handler("used_check", _run_used_check)
