"""What the monster AI is asked and answers: the turn's records and their validation.

A :class:`MonsterTurn` holds the board, every figure and the one ability a monster performs;
:func:`delvekit.gloomhaven.monster_ai.solver.solve` answers with :class:`Outcome` records (rules
digest §11). :func:`validate` refuses a turn that cannot be solved, naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from delvekit.core.board import Board
from delvekit.core.errors import InputError
from delvekit.core.hexes import Hex, orientations
from delvekit.gloomhaven.model.rulesets import PRESETS, Ruleset

FigureId: TypeAlias = str
Side: TypeAlias = Literal["character", "monster"]
Orientations: TypeAlias = Literal["rotations_and_mirror", "rotations_only", "fixed"]


@dataclass(frozen=True)
class Piece:
    """A figure as the monster AI sees it: an id, a side and a hex (the engine's figure is
    :class:`delvekit.gloomhaven.engine.state.Figure`). Characters carry their initiative
    (0 = unspecified: all equal)."""

    id: FigureId
    side: Side
    hex: Hex
    active: bool = False
    initiative: int = 0
    invisible: bool = False
    """Cannot be focused or targeted (it still occupies its hex)."""
    summon_of: FigureId | None = None
    """The owner of a summon: the summon comes before its owner in initiative order."""


@dataclass(frozen=True)
class AreaOfEffect:
    """An area attack's shape. ``attacker``: offsets from the attacker's hex (melee area);
    ``free``: a shape placed anywhere with at least one hex in range (ranged area)."""

    anchor: Literal["attacker", "free"]
    hexes: tuple[Hex, ...]
    orientations: Orientations = "rotations_and_mirror"

    def shapes(self) -> list[tuple[Hex, ...]]:
        """Every allowed orientation of the shape (offsets), without duplicates."""
        base = [h for h in self.hexes if not (self.anchor == "attacker" and h == (0, 0))]
        if self.orientations == "fixed":
            return [tuple(sorted(set(base)))]
        return orientations(base, mirrored=self.orientations == "rotations_and_mirror")


@dataclass(frozen=True)
class Attack:
    """``range`` 0 is melee. ``targets``: an integer (with an area: the area plus N-1 extra
    single targets) or ``"all"`` (every enemy in range)."""

    range: int = 0
    targets: int | Literal["all"] = 1
    aoe: AreaOfEffect | None = None


@dataclass(frozen=True)
class MoveAttack:
    """One monster ability card line: a move (maybe jump/flying/teleport) and an attack."""

    move: int = 0
    jump: bool = False
    flying: bool = False
    teleport: bool = False
    muddled: bool = False
    attack: Attack | None = None


@dataclass(frozen=True)
class MonsterTurn:
    """Everything the AI needs: the board, every figure (one active), the ability, the rules."""

    board: Board
    figures: tuple[Piece, ...]
    ability: MoveAttack
    ruleset: Ruleset = field(default_factory=lambda: PRESETS["gloomhaven"])

    def active(self) -> Piece:
        actives = [f for f in self.figures if f.active]
        if len(actives) != 1:
            raise InputError(f"exactly one active figure is needed, found {len(actives)}", where="figures")
        return actives[0]


@dataclass(frozen=True)
class Outcome:
    """One choice the players may make: where the monster ends and whom it attacks."""

    destination: Hex
    targets: tuple[FigureId, ...]
    focus: tuple[FigureId, ...] = ()
    path: tuple[Hex, ...] = ()
    attack_hexes: tuple[Hex, ...] = ()
    """The hex(es) the monster heads for (equal to the destination when it attacks now)."""
    aoe_hexes: tuple[Hex, ...] = ()
    """One area placement giving these targets (empty without an area attack)."""
    explanation: str = ""


def validate(turn: MonsterTurn) -> None:
    """Raise :class:`InputError` (naming the field) when the turn cannot be solved."""
    board = turn.board
    turn.active()
    seen: dict[Hex, str] = {}
    ids: set[str] = set()
    for i, f in enumerate(turn.figures):
        where = f"figures[{i}]"
        if f.id in ids:
            raise InputError(f"duplicate figure id {f.id!r}", where=f"{where}.id")
        ids.add(f.id)
        if f.hex not in board:
            raise InputError(f"hex {list(f.hex)} is not on the board", where=f"{where}.hex")
        if board.is_wall(f.hex) or f.hex in board.doors:
            raise InputError(f"hex {list(f.hex)} is a wall", where=f"{where}.hex")
        if f.hex in seen:
            raise InputError(f"hex {list(f.hex)} already holds {seen[f.hex]}", where=f"{where}.hex")
        seen[f.hex] = f.id
    for i, f in enumerate(turn.figures):
        if f.summon_of is not None:
            owner = next((o for o in turn.figures if o.id == f.summon_of), None)
            if owner is None or owner.side != f.side or owner.summon_of is not None:
                raise InputError(
                    f"summon_of {f.summon_of!r} names no figure of its side", where=f"figures[{i}].summon_of"
                )
    ab = turn.ability
    if ab.move < 0:
        raise InputError("move must be >= 0", where="ability.move")
    atk = ab.attack
    if atk is not None:
        if atk.range < 0:
            raise InputError("range must be >= 0", where="ability.attack.range")
        if atk.targets != "all" and (not isinstance(atk.targets, int) or atk.targets < 1):
            raise InputError("targets must be a positive integer or 'all'", where="ability.attack.targets")
        if atk.aoe is not None:
            if atk.aoe.anchor == "attacker" and atk.range != 0:
                raise InputError(
                    "an area anchored on the attacker is melee (range 0)", where="ability.attack.aoe"
                )
            if atk.aoe.anchor == "free" and atk.range == 0:
                raise InputError("a free area needs a range", where="ability.attack.aoe")
            if not atk.aoe.shapes() or not atk.aoe.shapes()[0]:
                raise InputError("the area has no hexes to attack", where="ability.attack.aoe.hexes")
