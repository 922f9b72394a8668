"""Traps made by characters: ``create-trap`` (damage, conditions, XP when an enemy springs it,
on an empty adjacent hex), ``disarm-trap`` (remove an adjacent trap), and :func:`trap_sprung`,
which the engine calls for every trap sprung.
"""

from __future__ import annotations

from delvekit.core.board import Terrain
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

# ------------------------------------------------------------------ traps


@effect("disarm-trap")
def _disarm_trap(game: Game, fid: str, ability: Ability) -> None:
    """Tinkerer's Tools: remove one trap on an adjacent hex (the player picks)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    found = sorted(h for h in board.links.get(f.hex, ()) if board.terrain_at(h) is Terrain.TRAP)
    if not found:
        game.emit("no-target", fid)
        return
    game.push(Task("cls_disarm", fid, 0, ";".join(actions.hex_token(h) for h in found)))


def _run_disarm(game: Game, task: Task) -> Decision | None:
    return Decision(
        task.who, "disarm", [*(Choice("disarm", (h,)) for h in task.text.split(";")), Choice("skip")]
    )


def _apply_disarm(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "disarm")
        return
    st = game.state
    h = actions.parse_hex(choice.args[0])
    if h in st.created_traps:
        st.created_traps = {k: v for k, v in st.created_traps.items() if k != h}
    else:
        st.sprung = st.sprung | {h}
    game.emit("trap-disarmed", task.who, choice.args[0])


@effect("create-trap")
def _create_trap(game: Game, fid: str, ability: Ability) -> None:
    """A trap on an empty adjacent hex the player picks (none: nothing happens)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    free = sorted(effects_parts.empty_adjacent(game, f))
    if not free:
        game.emit("no-hex", fid, "trap")
        return
    spots = ";".join(actions.hex_token(h) for h in free)
    game.push(Task("cls_trap", fid, 0, f"{spots}|{ability}"))


def _run_trap(game: Game, task: Task) -> Decision | None:
    spots = task.text.split("|", 1)[0].split(";")
    taken = {actions.hex_token(g.hex) for g in game.state.figures.values()}
    free = [s for s in spots if s not in taken]
    if not free:
        game.pop_task()
        return None
    return Decision(task.who, "trap", [*(Choice("place", (s,)) for s in free), Choice("skip")])


def _apply_trap(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "trap")
        return
    st = game.state
    ability = Ability.parse(task.text.split("|", 1)[1])
    h = actions.parse_hex(choice.args[0])
    damage = sum(p.value for p in ability.then if p.kind == "suffer")
    conditions = [f"with={p.condition.value}" for p in ability.then if p.condition is not None]
    xp = sum(p.value for p in ability.then if p.kind == "xp")
    st.created_traps = {**st.created_traps, h: damage}
    st.sprung = st.sprung - {h}
    extra = [*conditions, *([f"xp={xp}"] if xp else [])]
    game.emit("trap-created", task.who, choice.args[0], f"damage={damage}", *extra)


def trap_sprung(game: Game, f: Figure, h: tuple[int, int]) -> None:
    """A figure sprang the trap on ``h`` (called before its damage): a trap a character
    created adds its conditions, and its XP goes to its owner when an enemy springs it."""
    token = actions.hex_token(h)
    from delvekit.gloomhaven.effects.classes import (
        doomstalker as effects_doomstalker,  # Detonation's damage around the trap
    )

    effects_doomstalker.trap_sprung(game, f, h)
    for e in reversed(game.events):
        if e.kind == "trap-created" and len(e.args) > 1 and e.args[1] == token:
            owner = game.state.figures.get(e.args[0])
            for arg in e.args[3:]:
                if arg.startswith("with="):
                    game.add_condition(f.id, Condition(arg.removeprefix("with=")))
                elif arg.startswith("xp=") and owner is not None and actions.hostile(owner, f):
                    gain = int(arg.removeprefix("xp="))
                    game.state.characters[owner.id].xp += gain
                    game.emit("xp", owner.id, gain, "trap")
            return


task_handler("cls_trap", _run_trap, _apply_trap)


task_handler("cls_disarm", _run_disarm, _apply_disarm)
