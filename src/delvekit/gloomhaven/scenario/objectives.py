"""Objective figures, escorts, allied monsters and pressure plates of a scenario in play (the
``objective``, ``ally`` and ``plate`` records of :mod:`~delvekit.gloomhaven.model.scenario_rules`).

**Objectives** (rules digest §1, "Objective / obstacle with HP") are figures with a health
formula (``4+(CxL)``, evaluated for the party size and scenario level) that never act. They are
immune to every condition, to bless and curse, and to push and pull; they cannot be healed;
only damage destroys them (a destroyed objective drops nothing and counts as no kill).

* An objective the characters must destroy (an Altar, a Totem, a Door) is on the monsters'
  side: characters and their summons attack it as an enemy (summons focus it as initiative
  99), monsters leave it alone.
* An **escort** (``escort: true``: Hail, Redthorn, the Captive Orchids, the Villagers...) is on
  the characters' side: monsters focus and attack it as they would a character (initiative 99
  for their focus ties), characters cannot attack it. Escorts with a ``move`` walk toward
  their goal as the round ends (:func:`move_escorts`); the others stand where they are placed.

**Allied monsters** (``ally`` records: scenario 11's Living Bones and Living Corpses...) are
monsters on the characters' side: they take their turns from their own ability deck on their
own initiative, focus and attack the other monsters, and are never the characters' targets; the
"kill all" goal does not need them dead.

**Pressure plates** (``plate`` records: ``hexes``, ``effect``, ``count``): a character ending
its turn on a plate of the group presses it, once, when ``count`` plates of the group hold
characters at that moment (``C`` in ``count``: the characters not exhausted): it reveals a room,
opens doors (locked ones too) or finishes the scenario.
"""

from __future__ import annotations

import functools
import heapq
import re
from typing import TYPE_CHECKING

from delvekit.core.hexes import Hex, neighbours
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.conditions import Condition

if TYPE_CHECKING:
    from delvekit.core.board import Board
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.model.scenario_rules import ObjectiveLine, Plate

ALL_CONDITIONS = frozenset(Condition)


def objective_id(line: ObjectiveLine) -> str:
    """``Vocal Cord`` number 2 → ``vocal-cord.2`` (no ``#``: an objective is no monster kill)."""
    return f"{_slug(line.name)}.{line.number}"


@functools.lru_cache(maxsize=256)
def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def place_objectives(game: Game, lines: list[ObjectiveLine], room: int) -> list[Figure]:
    """Place the objectives of ``room`` not placed yet (each once in a game: a destroyed one
    does not come back when the rules look again)."""
    from delvekit.gloomhaven.scenario.rules import spawn_hex

    st = game.state
    placed: list[Figure] = []
    for line in lines:
        fid = objective_id(line)
        mark = f"objective:{fid}"
        if line.room != room or mark in st.scenario_marks:
            continue
        where = (
            line.hex if not any(f.hex == line.hex for f in st.figures.values()) else spawn_hex(game, line.hex)
        )
        st.scenario_marks[mark] = st.round
        if where is None:
            game.emit("no-objective", fid, "no-hex")
            continue
        health = int(parse_expr(line.health).evaluate(C=len(game.setup.party), L=game.setup.level))
        if health < 1:
            continue
        fig = Figure(
            fid, "objective", line.name, health, where,
            immune=ALL_CONDITIONS, side="party" if line.escort else "monsters",
        )  # fmt: skip
        st.figures[fid] = fig
        placed.append(fig)
        game.emit(
            "objective",
            fid,
            "escort" if line.escort else "enemy",
            f"hp={health}",
            f"hex={where[0]},{where[1]}",
        )
    return placed


def matches(line: ObjectiveLine, name: str, marker: str) -> bool:
    """Whether a rule's ``objective`` figures entry (name, marker; ``*`` any name) names it."""
    return (name in ("*", line.name)) and (not marker or marker == line.marker)


def side_allies(game: Game, types: frozenset[str]) -> None:
    """Every monster of an allied type fights on the characters' side."""
    if not types:
        return
    for f in game.state.figures.values():
        if f.kind == "monster" and f.name in types and f.side != "party":
            f.side = "party"
            game.emit("ally", f.id)


def press_plates(game: Game, plates: list[Plate], figure: Figure) -> None:
    """``figure`` ends its turn: a character on a plate of a group that is not pressed yet
    presses it if enough of the group's plates hold characters now."""
    st = game.state
    if figure.kind != "character":
        return
    held = {f.hex for f in st.figures.values() if f.kind == "character"}
    for plate in plates:
        mark = f"plate:{plate.hex[0]},{plate.hex[1]}"
        if figure.hex not in plate.hexes or mark in st.scenario_marks:
            continue
        active = sum(1 for c in st.characters.values() if not c.exhausted)  # "every character"
        need = int(parse_expr(plate.count).evaluate(C=active))
        if len(held & set(plate.hexes)) < need:
            continue
        st.scenario_marks[mark] = st.round
        game.emit("plate-pressed", figure.id, f"{plate.hex[0]},{plate.hex[1]}", plate.effect, plate.value)
        if plate.effect == "reveal":
            room = plate.room
            if 0 < room < len(game.setup.rooms) and room not in st.revealed_rooms:
                game.reveal_room(room)
        elif plate.effect == "open":
            open_doors(game, list(plate.doors))
        elif st.ending is None:
            st.ending = "victory" if plate.finish == "won" else "defeat"
            game.emit("scenario-finish", plate.finish, "plate")


def open_doors(game: Game, doors: list[Hex], by: str = "plate") -> None:
    """Open closed doors (also locked ones) and reveal the rooms behind them (``by``: what
    opened them, in the ``door-opened`` event)."""
    setup, st = game.setup, game.state
    assert setup.board is not None
    for door in doors:
        spec = next((d for d in setup.board.doors if d.hex == door), None)
        if spec is None or door in st.opened:
            continue
        st.opened = st.opened | {door}
        game.emit("door-opened", f"{door[0]},{door[1]}", by)
        for room in spec.rooms:
            if room not in st.revealed_rooms:
                game.reveal_room(room)


# ------------------------------------------------------------------------ escorts that move


def move_escorts(game: Game, lines: list[ObjectiveLine]) -> None:
    """Every escort that moves (``move`` > 0) performs its Move toward its ``to`` hexes, as the
    round ends: its initiative is 99, after every other turn (the book: Hail in 19, the Orchid
    in 38, the Villagers in 86). It walks the path with the fewest traps and hazardous hexes,
    then the fewest movement points (difficult terrain costs two), through its allies but not
    its enemies, obstacles or walls; it opens a closed door it enters (revealing the room) and
    springs a trap (§5.1, §5.5). It ends on the reachable empty hex nearest its goal (ties: fewer
    negative hexes, fewer points, lowest hex) and stays put if no hex is nearer. On arrival
    (next to a ``to`` hex, or on one for ``reach: on``) it is marked ``arrived:ID`` in the
    scenario marks with an ``escort-arrived`` event; reaching ``on`` a hex saves it: it leaves
    the map (``escort-saved``)."""
    fields: dict[tuple[tuple[Hex, ...], str], tuple[set[Hex], dict[Hex, int]]] = {}
    for line in lines:
        f = game.state.figures.get(objective_id(line))
        if line.move and line.to and f is not None:
            board = game.board()
            assert board is not None
            key = (line.to, line.reach)
            if key not in fields:  # walls and obstacles do not change: one field per goal
                goal = _goal_hexes(board, line)
                fields[key] = goal, _steps_to(board, goal)
            _move_escort(game, f, line, *fields[key])


def _goal_hexes(board: Board, line: ObjectiveLine) -> set[Hex]:
    if line.reach == "on":
        return {h for h in line.to if _open_hex(board, h)}
    return {
        n for t in line.to for n in neighbours(t) if _open_hex(board, n) and board.adjacent(t, n)
    }  # fmt: skip


def _open_hex(board: Board, h: Hex) -> bool:
    if h not in board.hexes or board.is_wall(h):
        return False
    terrain = board.terrain_at(h)
    return terrain is None or terrain.name not in ("OBSTACLE", "WALL")


def _steps_to(board: Board, goal: set[Hex]) -> dict[Hex, int]:
    """Steps from every hex to the nearest goal hex, around walls and obstacles (figures and
    doors ignored: they move or open)."""
    seen = dict.fromkeys(goal, 0)
    layer = sorted(goal)
    while layer:
        nxt = []
        for h in layer:
            for n in neighbours(h):
                if n not in seen and _open_hex(board, n) and board.adjacent(h, n):
                    seen[n] = seen[h] + 1
                    nxt.append(n)
        layer = nxt
    return seen


def _move_escort(game: Game, f: Figure, line: ObjectiveLine, goal: set[Hex], towards: dict[Hex, int]) -> None:
    from delvekit.gloomhaven.engine.actions import enter_hex

    st = game.state
    board = game.board()
    assert board is not None
    if f.hex not in goal:
        occupied = {g.hex: g for g in st.figures.values() if g is not f}
        best: dict[Hex, tuple[int, int]] = {f.hex: (0, 0)}
        came: dict[Hex, Hex] = {}
        heap: list[tuple[int, int, Hex]] = [(0, 0, f.hex)]
        while heap:
            bad, cost, h = heapq.heappop(heap)
            if best.get(h, (bad + 1, cost)) < (bad, cost):
                continue
            for n in neighbours(h):
                if not _open_hex(board, n) or not board.adjacent(h, n):
                    continue
                other = occupied.get(n)
                if other is not None and other.side != f.side:
                    continue  # enemies block; allies may be passed through
                terrain = board.terrain_at(n)
                step = 2 if terrain is not None and terrain.name == "DIFFICULT" else 1
                hurt = int(terrain is not None and terrain.name in ("TRAP", "HAZARDOUS"))
                key = (bad + hurt, cost + step)
                if cost + step > line.move or best.get(n, (1 << 30, 0)) <= key:
                    continue
                best[n], came[n] = key, h
                heapq.heappush(heap, (key[0], key[1], n))
        ends = [h for h in best if h == f.hex or h not in occupied]
        far = 1 << 30
        end = min(ends, key=lambda h: (towards.get(h, far), *best[h], h))
        if towards.get(end, far) >= towards.get(f.hex, far):
            return
        path = [end]
        while path[-1] != f.hex:
            path.append(came[path[-1]])
        for h in reversed(path[:-1]):
            f.hex = h
            game.emit("moved", f.id, f"{h[0]},{h[1]}")
            enter_hex(game, f, h)  # a door opens, a trap springs
            if f.id not in st.figures:
                return
    if f.hex in goal and f"arrived:{f.id}" not in st.scenario_marks:
        st.scenario_marks[f"arrived:{f.id}"] = st.round
        game.emit("escort-arrived", f.id, f"{f.hex[0]},{f.hex[1]}")
        if line.reach == "on":
            del st.figures[f.id]
            game.emit("escort-saved", f.id)
