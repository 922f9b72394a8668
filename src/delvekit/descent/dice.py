"""The seven Descent 2e dice with their exact faces (rules digest §1.1-§1.7).

A face is a vector: one face may carry range, hearts and a surge together, and all of them count
(§1.10). Only the blue die has the miss face (X). Defence dice carry shields only.

>>> [f.hearts for f in DICE["red"].faces]
[1, 2, 2, 2, 3, 3]
>>> DICE["blue"].faces[0].miss, DICE["gray"].kind
(True, 'defense')
>>> parse_pool("blue,red", kind="attack")
('blue', 'red')
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from delvekit.core.errors import InputError
from delvekit.core.rng import Rng


class Face(msgspec.Struct, frozen=True):
    """One face: range, hearts (damage), surges, shields, and the blue die's miss."""

    range: int = 0
    hearts: int = 0
    surges: int = 0
    shields: int = 0
    miss: bool = False


class Die(msgspec.Struct, frozen=True):
    name: str
    kind: str  # "attack" (blue), "power" (red, yellow, green) or "defense"
    faces: tuple[Face, ...]


def _power(name: str, rows: Sequence[tuple[int, int, int]], kind: str = "power") -> Die:
    return Die(name, kind, tuple(Face(range=r, hearts=h, surges=s) for r, h, s in rows))


def _defense(name: str, shields: Sequence[int]) -> Die:
    return Die(name, "defense", tuple(Face(shields=s) for s in shields))


# (range, hearts, surges) per face, §1.1-§1.4; shields per face, §1.5-§1.7.
DICE: dict[str, Die] = {
    "blue": Die(
        "blue",
        "attack",
        (
            Face(miss=True),
            *(
                Face(range=r, hearts=h, surges=s)
                for r, h, s in ((2, 2, 1), (3, 2, 0), (4, 2, 0), (5, 1, 0), (6, 1, 1))
            ),
        ),
    ),
    "red": _power("red", ((0, 1, 0), (0, 2, 0), (0, 2, 0), (0, 2, 0), (0, 3, 0), (0, 3, 1))),
    "yellow": _power("yellow", ((1, 0, 1), (1, 1, 0), (2, 1, 0), (0, 1, 1), (0, 2, 0), (0, 2, 1))),
    "green": _power("green", ((0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 0), (0, 1, 1), (1, 1, 1))),
    "brown": _defense("brown", (0, 0, 0, 1, 1, 2)),
    "gray": _defense("gray", (0, 1, 1, 1, 2, 3)),
    "black": _defense("black", (0, 2, 2, 2, 3, 4)),
}
ATTACK_DICE = ("blue", "red", "yellow", "green")
DEFENSE_DICE = ("brown", "gray", "black")
_ALIASES = {"grey": "gray"}
MAX_DICE = 8


def parse_pool(text: str | Sequence[str], *, kind: str) -> tuple[str, ...]:
    """Die names from ``"blue,red"`` (or a list), checked against ``kind``: ``"attack"`` pools are
    blue and power dice, ``"defense"`` pools brown, gray and black dice. An empty defence pool is
    allowed; an attack pool needs dice."""
    parts = [p.strip().lower() for p in (text.split(",") if isinstance(text, str) else text)]
    parts = [_ALIASES.get(p, p) for p in parts if p]
    allowed = ATTACK_DICE if kind == "attack" else DEFENSE_DICE
    for part in parts:
        if part not in allowed:
            raise InputError(f"unknown {kind} die {part!r} (known: {', '.join(allowed)})", where=f"--{kind}")
    if kind == "attack" and not parts:
        raise InputError("an attack needs at least one die", where="--attack")
    if len(parts) > MAX_DICE:
        raise InputError(f"at most {MAX_DICE} dice in one pool, got {len(parts)}", where=f"--{kind}")
    return tuple(parts)


class Roll(msgspec.Struct, frozen=True):
    """The faces rolled, die by die, and their totals."""

    dice: tuple[str, ...]
    faces: tuple[Face, ...]

    @property
    def miss(self) -> bool:
        return any(f.miss for f in self.faces)

    @property
    def range(self) -> int:
        return sum(f.range for f in self.faces)

    @property
    def hearts(self) -> int:
        return sum(f.hearts for f in self.faces)

    @property
    def surges(self) -> int:
        return sum(f.surges for f in self.faces)

    @property
    def shields(self) -> int:
        return sum(f.shields for f in self.faces)

    def text(self) -> str:
        """``blue-3/2/0 red-0/2/0`` (range/hearts/surges) or ``gray-1``; ``blue-X`` for a miss."""
        out = []
        for name, face in zip(self.dice, self.faces, strict=True):
            if face.miss:
                out.append(f"{name}-X")
            elif DICE[name].kind == "defense":
                out.append(f"{name}-{face.shields}")
            else:
                out.append(f"{name}-{face.range}/{face.hearts}/{face.surges}")
        return " ".join(out)


def roll(dice: Sequence[str], rng: Rng) -> Roll:
    """Roll ``dice`` with the game's generator (one ``randint`` per die, in order)."""
    return Roll(tuple(dice), tuple(DICE[d].faces[rng.randint(0, 5)] for d in dice))
