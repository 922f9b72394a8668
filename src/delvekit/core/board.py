"""The static map: which hexes exist, their terrain, thin walls on hex sides, closed doors.

A :class:`Board` is immutable. Figures, tokens and anything else that changes during a game live
in the game state; a sprung trap or an opened door yields a new board (:meth:`Board.replace`).

>>> b = Board.build([(0, 0), (1, 0), (1, -1)], walls=[((0, 0), (1, 0))])
>>> b.adjacent((0, 0), (1, 0)), b.adjacent((0, 0), (1, -1))
(False, True)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from functools import cached_property
from types import MappingProxyType

from delvekit.core.errors import BoardError
from delvekit.core.hexes import Edge, Hex, distance, edge, neighbours


class Terrain(enum.Enum):
    """What lies on a hex. One kind per hex; ``None`` (absent from the map) is an empty hex."""

    WALL = "wall"
    """Impassable; blocks line of sight and range counting."""
    OBSTACLE = "obstacle"
    """Blocks walking, not jumping or flying; never blocks sight or range."""
    TRAP = "trap"
    """Negative hex: springs on entry (normal or forced movement), then is removed."""
    HAZARDOUS = "hazardous"
    """Negative hex: damage on each entry; stays."""
    DIFFICULT = "difficult"
    """Costs 2 movement points to enter by normal movement."""
    ICY = "icy"
    """Frosthaven: a figure entering it slides on."""

    @property
    def negative(self) -> bool:
        """Traps and hazardous terrain are the hexes a monster avoids."""
        return self is Terrain.TRAP or self is Terrain.HAZARDOUS


class Board:
    """Hexes that exist, terrain per hex, thin walls per edge and closed doors.

    Build one with :meth:`Board.build`; it validates its input and raises :class:`BoardError`
    naming the offending hex or edge.
    """

    __slots__ = ("__dict__", "_doors", "_hexes", "_terrain", "_walls")

    def __init__(
        self,
        hexes: frozenset[Hex],
        terrain: Mapping[Hex, Terrain],
        walls: frozenset[Edge],
        doors: frozenset[Hex],
    ) -> None:
        self._hexes = hexes
        self._terrain: Mapping[Hex, Terrain] = MappingProxyType(dict(terrain))
        self._walls = walls
        self._doors = doors

    @classmethod
    def build(
        cls,
        hexes: Iterable[Hex],
        *,
        terrain: Mapping[Hex, Terrain] | None = None,
        walls: Iterable[tuple[Hex, Hex]] = (),
        doors: Iterable[Hex] = (),
        rim_walls: bool = False,
    ) -> Board:
        """Validate and build a board.

        ``walls`` are pairs of neighbouring hexes; one of the pair may lie off the board (a wall
        drawn on the rim). With ``rim_walls`` every side between a board hex and a missing hex
        becomes a thin wall, as the edge of a map tile is (rulebook: space outside the tiles is
        wall); without it, missing hexes cannot be entered or counted through but do not block
        line of sight (as in the gh-monster-ai-cases format).
        """
        if isinstance(hexes, frozenset):
            hex_set: frozenset[Hex] = hexes  # already a set of hexes: share it
        else:
            hex_set = frozenset((int(q), int(r)) for q, r in hexes)
        terrain_map = dict(terrain or {})
        for h in terrain_map:
            if h not in hex_set:
                raise BoardError(f"terrain on hex {list(h)}, which is not on the board")
        wall_set: set[Edge] = set()
        for pair in walls:
            a, b = pair
            if a not in hex_set and b not in hex_set:
                raise BoardError(f"thin wall {[list(a), list(b)]} touches no board hex")
            try:
                wall_set.add(edge(a, b))
            except ValueError:
                raise BoardError(f"thin wall {[list(a), list(b)]}: the hexes are not neighbours") from None
        door_set = frozenset(doors)
        for h in door_set:
            if h not in hex_set:
                raise BoardError(f"door on hex {list(h)}, which is not on the board")
        if rim_walls:
            for h in hex_set:
                for n in neighbours(h):
                    if n not in hex_set:
                        wall_set.add(edge(h, n))
        return cls(hex_set, terrain_map, frozenset(wall_set), door_set)

    def replace(
        self,
        *,
        terrain: Mapping[Hex, Terrain] | None = None,
        walls: frozenset[Edge] | None = None,
        doors: frozenset[Hex] | None = None,
    ) -> Board:
        """A copy with some parts replaced (for a sprung trap or an opened door)."""
        return Board(
            self._hexes,
            self._terrain if terrain is None else terrain,
            self._walls if walls is None else walls,
            self._doors if doors is None else doors,
        )

    # --- plain queries -------------------------------------------------------------------------

    @property
    def hexes(self) -> frozenset[Hex]:
        return self._hexes

    @property
    def terrain(self) -> Mapping[Hex, Terrain]:
        return self._terrain

    @property
    def walls(self) -> frozenset[Edge]:
        """Thin walls, as canonical edges."""
        return self._walls

    @property
    def doors(self) -> frozenset[Hex]:
        """Closed doors. A closed door is a wall for line of sight, monsters and summons."""
        return self._doors

    def __contains__(self, h: object) -> bool:
        return h in self._hexes

    def __len__(self) -> int:
        return len(self._hexes)

    def terrain_at(self, h: Hex) -> Terrain | None:
        return self._terrain.get(h)

    def is_wall(self, h: Hex) -> bool:
        """A wall hex (or a hex that does not exist)."""
        return h not in self._hexes or self._terrain.get(h) is Terrain.WALL

    def blocks_sight(self, h: Hex) -> bool:
        """Wall hexes and closed doors block line of sight; missing hexes do not by themselves."""
        return self._terrain.get(h) is Terrain.WALL or h in self._doors

    def thin_wall_between(self, a: Hex, b: Hex) -> bool:
        return ((a, b) if a <= b else (b, a)) in self._walls

    def adjacent(self, a: Hex, b: Hex) -> bool:
        """Neighbours on the board that no thin wall separates (the rules' "adjacent")."""
        return (
            distance(a, b) == 1 and a in self._hexes and b in self._hexes and not self.thin_wall_between(a, b)
        )

    @cached_property
    def links(self) -> Mapping[Hex, tuple[Hex, ...]]:
        """For each non-wall hex, the non-wall hexes one step away not across a thin wall.

        Closed doors are included (whether a figure may enter one is the mover's business)."""
        out: dict[Hex, tuple[Hex, ...]] = {}
        for h in self._hexes:
            if self._terrain.get(h) is Terrain.WALL:
                continue
            out[h] = tuple(
                n
                for n in neighbours(h)
                if n in self._hexes
                and self._terrain.get(n) is not Terrain.WALL
                and not self.thin_wall_between(h, n)
            )
        return MappingProxyType(out)

    def __repr__(self) -> str:
        return (
            f"Board({len(self._hexes)} hexes, {len(self._terrain)} terrain, "
            f"{len(self._walls)} thin walls, {len(self._doors)} doors)"
        )
