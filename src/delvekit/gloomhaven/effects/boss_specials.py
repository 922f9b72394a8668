"""Boss specials printed on monster cards, and the boss states the engine asks about: the
Betrayer's mind control (:func:`mind_controlled`, :func:`controlled_team`,
:func:`controlled_actions`), objective figures that act (:data:`ACTING_OBJECTIVES`) and the
after-attack hooks (:data:`AFTER_ATTACK`), filled by :mod:`~delvekit.gloomhaven.effects.bosses`
and :mod:`~delvekit.gloomhaven.effects.boss_figures`.

* ``custom-move-to-next-door-and-reveal`` (Bandit Commander, special 1) — with the scenario's
  ``lock`` line (scenario 2) the boss jumps to the next locked door in order a-d (then a again),
  opens it and reveals the room behind; without one it moves toward the nearest closed door and,
  reaching it, opens it and reveals the room behind.
* ``custom-scouts-act-again`` (Merciless Overseer, special 1) — every Vermling Scout performs
  its ability card again right away (not those summoned this round).
"""

from __future__ import annotations

from collections.abc import Callable

from delvekit.core.board import Board, Terrain
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.effects.placement import landing_hex, one_is_monster
from delvekit.gloomhaven.engine.actions import hex_token
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability

# ---------------------------------------------------------------------- boss specials


@effect("custom-move-to-next-door-and-reveal")
def _to_door(game: Game, fid: str, ability: Ability) -> None:
    """Bandit Commander's special 1. With a scenario ``lock`` line naming its type (scenario 2:
    doors a-d), it jumps however far to the next door in the listed order (after the last, back
    to the first), opens it and reveals the room behind; an occupied (open) door hex: the
    nearest empty hex. Without one: it moves (its stat move) toward the nearest closed door,
    around walls and through figures' gaps as a walking monster; reaching it opens the door."""
    st = game.state
    f = st.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    if game.setup.rules:
        from delvekit.gloomhaven.scenario import rules as scenario_rules

        order = scenario_rules.lock_of(game.setup.rules, f.name)
        if order:
            done = sum(1 for e in game.events if e.kind == "door-jump" and e.args[0] == fid)
            door = order[done % len(order)]
            game.emit("door-jump", fid, hex_token(door))
            if door not in st.opened:
                st.opened = st.opened | {door}
                game.emit("door-opened", hex_token(door))
            land = landing_hex(game, door, f)
            if land is not None and land != f.hex:
                f.hex = land
                game.emit("moved", fid, hex_token(land))
            for room in game.tables.door_room.get(door, ()):
                if room not in st.revealed_rooms:
                    game.reveal_room(room)
            game.emit("move-ended", fid, hex_token(f.hex))
            return
    closed = [
        h
        for h, rooms in game.tables.door_room.items()
        if h not in st.opened and any(r not in st.revealed_rooms for r in rooms)
    ]
    if not closed:
        game.emit("no-door", fid)
        return
    move = game.tables.types[f.name].stats(f.rank or "normal").move
    blocked = {g.hex for g in st.figures.values() if g is not f and one_is_monster(f, g)}
    # distances to the door from every hex (doors are walls until opened, so measure from it)
    door = min(closed, key=lambda d: (_distance(board, f.hex, d, blocked), d))
    far = step_field(board, door, blocked)
    here = far.get(f.hex)
    if here is None:
        game.emit("no-path", fid)
        return
    occupied = {g.hex for g in st.figures.values() if g is not f}
    for _ in range(move):
        steps = [
            h for h in board.links.get(f.hex, ())
            if h in far and far[h] < far[f.hex] and board.adjacent(f.hex, h)
            and (h == door or h not in occupied)
            and board.terrain_at(h) not in (Terrain.OBSTACLE,)
        ]  # fmt: skip
        if not steps:
            break
        f.hex = min(steps, key=lambda h: (far[h], h))
        game.emit("moved", fid, hex_token(f.hex))
        if f.hex == door:
            st.opened = st.opened | {door}
            game.emit("door-opened", hex_token(door))
            for room in game.tables.door_room[door]:
                if room not in st.revealed_rooms:
                    game.reveal_room(room)
            break
    game.emit("move-ended", fid, hex_token(f.hex))


def step_field(board: Board, start: Hex, blocked: set[Hex]) -> dict[Hex, int]:
    """Steps from ``start`` to every hex, around walls and enemies (breadth first)."""
    out = {start: 0}
    frontier = [start]
    while frontier:
        nxt: list[tuple[int, int]] = []
        for h in frontier:
            for n in board.links.get(h, ()):
                if n in out or n in blocked or n not in board.hexes:
                    continue
                if board.terrain_at(n) is Terrain.OBSTACLE:
                    continue
                out[n] = out[h] + 1
                nxt.append(n)
        frontier = nxt
    return out


def _distance(board: Board, a: tuple[int, int], door: tuple[int, int], blocked: set[tuple[int, int]]) -> int:
    return step_field(board, door, blocked).get(a, 10**6)


@effect("custom-scouts-act-again")
def _scouts_again(game: Game, fid: str, ability: Ability) -> None:
    """Merciless Overseer's special 1: every Vermling Scout on the map performs its card again
    (elites first, then by standee), right after the Overseer's turn."""
    st = game.state
    scouts = sorted(
        (
            g
            for g in st.figures.values()
            if g.kind == "monster" and g.name == "vermling-scout" and g.summoned_round != st.round
        ),
        key=lambda g: (g.rank != "elite", g.standee),
    )
    steps: list[Task] = []
    for g in scouts:
        steps += [Task("monster_act", g.id), Task("forget_plan", g.id)]
    game.emit("act-again", fid, f"scouts={len(scouts)}")
    game.push(*steps)


# ------------------------------------------------------------- mind control (the Betrayer)

MIND_CONTROL = "mind-controlled:"
"""``GameState.scenario_marks`` key prefix (then the character's id) of a character the
Betrayer mind controls, valued with the round it was marked in."""


CONTROLLED_MOVE = Ability(kind="move", value=2)
"""The "Move 2" a mind-controlled character performs before its leading card's top action."""


def mind_controlled(game: Game, f: Figure) -> bool:
    """Whether ``f`` (a character, or a summon of one) is mind controlled this round: it acts as
    if its enemies were its allies and its allies its enemies (the Betrayer, scenario 79)."""
    if f.kind == "monster" or f.kind == "objective":
        return False
    cid = f.owner if f.kind == "summon" and f.owner else f.id
    st = game.state
    return st.scenario_marks.get(MIND_CONTROL + cid) == st.round


def controlled_team(game: Game, f: Figure) -> frozenset[str]:
    """The mind-controlled character and its summons: the figures on ``f``'s side while it is
    mind controlled (every other figure of its side is its enemy, every monster its ally)."""
    cid = f.owner if f.kind == "summon" and f.owner else f.id
    summons = {g.id for g in game.state.figures.values() if g.kind == "summon" and g.owner == cid}
    return frozenset({cid} | summons)


def controlled_actions(game: Game, f: Figure) -> tuple[Ability, ...]:
    """A mind-controlled character's turn: "Move 2", then the abilities of its leading card's top
    half (absolute values: its stat line counts as Move 0, Attack 0, melee)."""
    ch = game.state.characters.get(f.id)
    if ch is None or ch.lead is None:
        return (CONTROLLED_MOVE,)
    return (CONTROLLED_MOVE, *game.card(f.id, ch.lead).top.abilities)


# ------------------------------------------------------------------ acting objectives

ACTING_OBJECTIVES: dict[str, Callable[[Game, Figure], tuple[Ability, ...]]] = {}
"""Objective figures that take turns (by name → their actions, absolute values: their stat line
counts as Move 0, Attack 0, melee): the Elder Drake's zephyrs. Filled by the modules that place
them (:mod:`~delvekit.gloomhaven.effects.bosses`)."""


def objective_actions(game: Game, f: Figure) -> tuple[Ability, ...]:
    """The actions of an acting objective figure (none for the others)."""
    found = ACTING_OBJECTIVES.get(f.name)
    return found(game, f) if found is not None else ()


AFTER_ATTACK: list[Callable[[Game, Figure, int], list[Task]]] = []
"""Called as a monster's attack (card action ``index``) is planned on its targets: tasks to run
once every target was attacked (the Dark Rider leaves the map after a melee attack)."""


def after_attack(game: Game, f: Figure, index: int) -> list[Task]:
    """The tasks the after-attack hooks add for ``f``'s attack at card action ``index``."""
    return [t for hook in AFTER_ATTACK for t in hook(game, f, index)]
