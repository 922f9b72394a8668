"""Named effects of the Quartermaster's cards not shared with other classes, registered in
:mod:`delvekit.gloomhaven.engine.registry` (his item wordings are in
:mod:`~delvekit.gloomhaven.effects.wordings`).

==============================  ================================================================
``qm-self-and-area-damage``     Catastrophic Bomb's bottom: the player places the area next to
                                the Quartermaster (its ``shape`` flag, offsets from his hex, any
                                rotation or mirror image); every normal enemy in it suffers the
                                damage (not an attack: no modifier card, shields do not count),
                                then he suffers it too. Only placements holding a normal enemy
                                are offered (with none, the ability cannot be performed).
==============================  ================================================================
"""

from __future__ import annotations

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.hexes import orientations
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability


def _shape(ability: Ability) -> tuple[tuple[int, int], ...]:
    note = next((n for n in fx.flags(ability) if n.startswith("shape-")), "shape-0,1")
    cells = [c.split(",") for c in note.removeprefix("shape-").split("/")]
    return tuple((int(q), int(r)) for q, r in cells)


def placements(game: Game, f: Figure, shape: tuple[tuple[int, int], ...]) -> list[tuple[str, ...]]:
    """Every distinct set of normal enemies one placement of the melee area next to ``f`` holds
    (the area turned and mirrored about ``f``'s hex); sets are sorted ids."""
    board = game.board()
    if board is None:
        return []
    normals = {
        g.hex: g.id
        for g in game.state.figures.values()
        if actions.hostile(f, g) and g.kind == "monster" and g.rank == "normal"
    }
    seen: dict[tuple[str, ...], None] = {}
    for pattern in orientations(shape):
        cells = [(f.hex[0] + q, f.hex[1] + r) for q, r in pattern]
        ids = tuple(sorted(normals[c] for c in cells if c in normals and c in board.hexes))
        if ids:
            seen.setdefault(ids, None)
    return list(seen)


@effect("qm-self-and-area-damage")
def _self_and_area(game: Game, fid: str, ability: Ability) -> None:
    """Catastrophic Bomb: place the area; its normal enemies and you suffer the damage."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    options = placements(game, f, _shape(ability))
    if not options:
        game.emit("no-target", fid)
        return
    amount = fx.flag_number(ability, "suffer-damage-")
    game.push(Task("qm_bomb", fid, amount, "/".join(";".join(o) for o in options)))


def _run_bomb(game: Game, task: Task) -> Decision | None:
    options = [tuple(o.split(";")) for o in task.text.split("/") if o]
    return Decision(task.who, "area", [*(Choice("area", o) for o in options), Choice("skip")])


def _apply_bomb(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "area")
        return
    # each damage is a step pushed on top: the Quartermaster's first, so it comes last
    game.suffer_damage(task.who, task.n, "suffer")
    for tid in reversed([t for t in choice.args if t in game.state.figures]):
        game.suffer_damage(tid, task.n, "suffer")


task_handler("qm_bomb", _run_bomb, _apply_bomb)
