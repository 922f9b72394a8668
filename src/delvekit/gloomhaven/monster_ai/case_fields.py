"""The gh-monster-ai-cases format's limits and vocabulary, and checked readers of its JSON values.

Every reader takes the value and ``where`` (the JSON path, for the message) and raises
:class:`InputError` naming it when the value does not fit. The limits are the one set that both
``delve monster-ai`` and the web API apply (the API's OpenAPI schema quotes them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from delvekit.core import jsonio
from delvekit.core.board import Terrain
from delvekit.core.errors import InputError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.model import rulesets

# The format's limits: the one set that both `delve monster-ai` and the web API apply (the
# API's OpenAPI schema quotes them). Generous for any real table; small enough that one
# document cannot tie up a server.
MAX_CASES: Final[int] = 1000
MAX_BOARDS: Final[int] = 100
MAX_BOARD_HEXES: Final[int] = 2000
MAX_WALLS: Final[int] = 2 * MAX_BOARD_HEXES
MAX_FIGURES: Final[int] = 50
MAX_AOE_HEXES: Final[int] = 37
MAX_COORD: Final[int] = 200
MAX_MOVE: Final[int] = 50
MAX_RANGE: Final[int] = 50
MAX_TARGETS: Final[int] = 50
MAX_INITIATIVE: Final[int] = 999
"""Character initiatives are 1-99 at the table; the reference test sets also use 0 and
100-101 to order characters, so the format allows any whole number up to 999."""
MAX_ID: Final[int] = 200
MAX_TEXT: Final[int] = 10_000
MAX_LIST: Final[int] = 200
MAX_OUTCOMES: Final[int] = 1000
MAX_SHOWN_ID: Final[int] = 60
"""Ids longer than this are shown by position (``#3``) in messages."""

TERRAIN: Final[dict[str, Terrain]] = {
    "wall": Terrain.WALL,
    "obstacle": Terrain.OBSTACLE,
    "trap": Terrain.TRAP,
    "hazardous": Terrain.HAZARDOUS,
    "difficult": Terrain.DIFFICULT,
    "icy": Terrain.ICY,
}
FLAG_NAMES: Final[tuple[str, ...]] = tuple(
    name for name in rulesets.Ruleset.__struct_fields__ if name != "name"
)
"""The terrain kinds a case names, and the engine's terrain for each."""


def fail(where: str, message: str) -> InputError:
    return InputError(message, where=where)


def read_object(
    value: object, where: str, allowed: frozenset[str], required: Sequence[str] = ()
) -> Mapping[str, Any]:
    if type(value) is not dict and not isinstance(value, Mapping):
        raise fail(where, f"expected an object, got {type(value).__name__}")
    for key in value:
        if key not in allowed:
            raise fail(where, f"unknown field {jsonio.shown(key)}")
    for key in required:
        if key not in value:
            raise fail(where, f"missing field {key!r}")
    return value


def read_int(value: object, where: str, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(where, f"expected an integer, got {jsonio.shown(value)}")
    if minimum is not None and value < minimum:
        raise fail(where, f"must be >= {minimum}, got {jsonio.shown(value)}")
    if maximum is not None and value > maximum:
        raise fail(where, f"must be <= {maximum}, got {jsonio.shown(value)}")
    return value


def read_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise fail(where, f"expected true or false, got {jsonio.shown(value)}")
    return value


def read_str(value: object, where: str, limit: int = MAX_ID) -> str:
    if not isinstance(value, str) or not value:
        raise fail(where, f"expected a non-empty string, got {jsonio.shown(value)}")
    if len(value) > limit:
        raise fail(where, f"longer than {limit} characters ({len(value)})")
    return value


def read_text(value: object, where: str) -> str | None:
    """Informative text (description, category, a note): a string up to MAX_TEXT, or null."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise fail(where, f"expected text, got {jsonio.shown(value)}")
    if len(value) > MAX_TEXT:
        raise fail(where, f"longer than {MAX_TEXT} characters ({len(value)})")
    return value


def read_texts(value: object, where: str) -> None:
    """Tags or notes: one text, a list of texts, or null."""
    if value is None or isinstance(value, str):
        read_text(value, where)
        return
    for i, v in enumerate(read_list(value, where, MAX_LIST)):
        read_text(v, f"{where}[{i}]")


def plain(text: str) -> bool:
    """Whether an id can be quoted as it is in a one-line message (short, no control characters)."""
    return 0 < len(text) <= MAX_SHOWN_ID and text.isprintable()


def in_range(h: Hex, where: str) -> Hex:
    if not (-MAX_COORD <= h[0] <= MAX_COORD and -MAX_COORD <= h[1] <= MAX_COORD):
        raise fail(where, f"hex {list(h)} is outside -{MAX_COORD}..{MAX_COORD}")
    return h


def read_hex(value: object, where: str) -> Hex:
    if (
        type(value) is list
        and len(value) == 2
        and type(value[0]) is int
        and type(value[1]) is int
        and -MAX_COORD <= value[0] <= MAX_COORD
        and -MAX_COORD <= value[1] <= MAX_COORD
    ):
        return (value[0], value[1])  # the common case, without the generic checks
    if (
        not isinstance(value, Sequence)
        or isinstance(value, str)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise fail(where, f"expected a hex [q, r], got {jsonio.shown(value)}")
    return in_range((value[0], value[1]), where)


def read_hexes(value: object, where: str, limit: int = MAX_BOARD_HEXES) -> list[Hex]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise fail(where, f"expected a list of hexes, got {jsonio.shown(value)}")
    if len(value) > limit:
        raise fail(where, f"more than {limit} hexes ({len(value)})")
    return [read_hex(v, f"{where}[{i}]") for i, v in enumerate(value)]


def read_list(value: object, where: str, limit: int | None = None) -> Sequence[Any]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise fail(where, f"expected a list, got {jsonio.shown(value)}")
    if limit is not None and len(value) > limit:
        raise fail(where, f"more than {limit} entries ({len(value)})")
    return value
