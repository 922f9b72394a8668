"""Objective figures, escorts, allied monsters and pressure plates of a scenario in play (the
``objective``, ``ally`` and ``plate`` lines of :mod:`~delvekit.gloomhaven.scenario_rules`).

**Objectives** (rules digest §1, "Objective / obstacle with HP") are figures with a health
formula (``4+(CxL)``, evaluated for the party size and scenario level) that never act. They are
immune to every condition, to bless and curse, and to push and pull; they cannot be healed;
only damage destroys them (a destroyed objective drops nothing and counts as no kill).

* An objective the characters must destroy (an Altar, a Totem, a Door) is on the monsters'
  side: characters and their summons attack it as an enemy (summons focus it as initiative
  99), monsters leave it alone.
* An **escort** (``escort: true``: Hail, Redthorn, the Captive Orchids, the Villagers...) is on
  the characters' side: monsters focus and attack it as they would a character (initiative 99
  for their focus ties), characters cannot attack it. Escorts stand where they are placed: the
  book's rules for moving some of them are not data (see docs/content-scenarios.md).

**Allied monsters** (``ally|TYPE``: scenario 11's Living Bones and Living Corpses...) are
monsters on the characters' side: they take their turns from their own ability deck on their
own initiative, focus and attack the other monsters, and are never the characters' targets; the
"kill all" goal does not need them dead.

**Pressure plates** (``plate|Q,R|EFFECT|VALUE``): a character ending its turn on the plate
presses it, once: it reveals a room, opens doors (locked ones too) or finishes the scenario.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from delvekit.core.hexes import Hex
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.content.expr import parse as parse_expr
from delvekit.gloomhaven.state import Figure

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine import Game
    from delvekit.gloomhaven.scenario_rules import ObjectiveLine, Plate

ALL_CONDITIONS = frozenset(Condition)


def objective_id(line: ObjectiveLine) -> str:
    """``Vocal Cord`` number 2 → ``vocal-cord.2`` (no ``#``: an objective is no monster kill)."""
    return f"{re.sub(r'[^a-z0-9]+', '-', line.name.lower()).strip('-')}.{line.number}"


def place_objectives(game: Game, lines: list[ObjectiveLine], room: int) -> list[Figure]:
    """Place the objectives of ``room`` not placed yet (each once in a game: a destroyed one
    does not come back when the rules look again)."""
    from delvekit.gloomhaven.scenario_rules import spawn_hex

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
            game._emit("no-objective", fid, "no-hex")
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
        game._emit(
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
            game._emit("ally", f.id)


def press_plates(game: Game, plates: list[Plate], figure: Figure) -> None:
    """``figure`` ends its turn: a character on an unpressed plate presses it."""
    st = game.state
    if figure.kind != "character":
        return
    for plate in plates:
        mark = f"plate:{plate.hex[0]},{plate.hex[1]}"
        if plate.hex != figure.hex or mark in st.scenario_marks:
            continue
        st.scenario_marks[mark] = st.round
        game._emit("plate-pressed", figure.id, f"{plate.hex[0]},{plate.hex[1]}", plate.effect, plate.value)
        if plate.effect == "reveal":
            room = int(plate.value)
            if 0 < room < len(game.setup.rooms) and room not in st.revealed_rooms:
                game.reveal_room(room)
        elif plate.effect == "open":
            _open(game, [_hex(t) for t in plate.value.split(";")])
        elif st.ending is None:
            st.ending = "victory" if plate.value == "won" else "defeat"
            game._emit("scenario-finish", plate.value, "plate")


def _hex(token: str) -> Hex:
    q, r = token.split(",")
    return int(q), int(r)


def _open(game: Game, doors: list[Hex]) -> None:
    """Open closed doors (also locked ones) and reveal the rooms behind them."""
    setup, st = game.setup, game.state
    assert setup.board is not None
    for door in doors:
        spec = next((d for d in setup.board.doors if d.hex == door), None)
        if spec is None or door in st.opened:
            continue
        st.opened = st.opened | {door}
        game._emit("door-opened", f"{door[0]},{door[1]}", "plate")
        for room in spec.rooms:
            if room not in st.revealed_rooms:
                game.reveal_room(room)
