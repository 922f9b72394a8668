"""The monster mover's board editor: pure operations on a one-case ``gh-monster-ai-cases`` document.

The editor's whole state is the document a user exports (a plain JSON-like dict with one board
and one case), so export, import, undo and the HTTP API all speak the same format. Every
operation returns a new document and leaves its input untouched; a request that makes no sense
(a wall on a figure, a character on a wall) raises :class:`EditError` and changes nothing.

>>> doc = blank(4, 3)
>>> len(board_hexes(doc))
12
>>> doc2 = paint(doc, "obstacle", (1, 0))
>>> case_of(doc2)["terrain"]
{'obstacle': [[1, 0]]}
>>> case_of(doc)["terrain"]
{}
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from delvekit.core.errors import InputError
from delvekit.core.hexes import Hex, neighbours

Doc = dict[str, Any]

FORMAT = {"name": "gh-monster-ai-cases", "version": 1}
BOARD_NAME = "board"
TERRAIN_KINDS = ("wall", "obstacle", "trap", "hazardous", "difficult", "icy")
RULESETS = ("gloomhaven", "jaws_of_the_lion", "frosthaven")
MAX_WIDTH = 24
MAX_HEIGHT = 16


class EditError(InputError):
    """An edit that cannot be made; the document is unchanged."""


def rect_hexes(width: int, height: int) -> list[Hex]:
    """A ``width`` x ``height`` block of flat-top hexes in columns (odd columns half a hex up).

    >>> rect_hexes(2, 2)
    [(0, 0), (0, 1), (1, -1), (1, 0)]
    """
    out: list[Hex] = []
    for q in range(width):
        top = -((q + (q & 1)) // 2)
        out.extend((q, top + k) for k in range(height))
    return out


def blank(width: int = 9, height: int = 7, ruleset: str = "gloomhaven") -> Doc:
    """A fresh board with one active monster and one character, ready to solve."""
    if not (1 <= width <= MAX_WIDTH and 1 <= height <= MAX_HEIGHT):
        raise EditError(
            f"a board is 1 to {MAX_WIDTH} hexes wide and 1 to {MAX_HEIGHT} high; "
            f"you asked for {width} x {height}",
            where="width",
        )
    hexes = rect_hexes(width, height)
    figures: list[dict[str, Any]] = [{"id": "A", "side": "monster", "hex": list(hexes[0]), "active": True}]
    if width >= 4:
        mid = height // 2
        figures = [
            {"id": "A", "side": "monster", "hex": [1, -1 + mid], "active": True},
            {
                "id": "C1",
                "side": "character",
                "hex": [width - 2, -((width - 2 + ((width - 2) & 1)) // 2) + mid],
                "initiative": 0,
            },
        ]
    elif len(hexes) >= 2:
        figures.append({"id": "C1", "side": "character", "hex": list(hexes[-1]), "initiative": 0})
    case = {
        "id": "mover",
        "ruleset": ruleset,
        "board": BOARD_NAME,
        "walls": [],
        "terrain": {},
        "figures": figures,
        "ability": {
            "move": 2,
            "jump": False,
            "flying": False,
            "teleport": False,
            "muddled": False,
            "attack": {"range": 0, "melee": True, "targets": 1, "aoe": None},
        },
    }
    return {"format": dict(FORMAT), "boards": {BOARD_NAME: [list(h) for h in hexes]}, "cases": [case]}


# --- reading ---------------------------------------------------------------------------------


def case_of(doc: Doc) -> dict[str, Any]:
    """The document's (single) case."""
    cases: list[dict[str, Any]] = doc["cases"]
    return cases[0]


def board_hexes(doc: Doc) -> list[Hex]:
    """The hexes of the case's board, in document order."""
    return [(int(h[0]), int(h[1])) for h in doc["boards"][case_of(doc)["board"]]]


def terrain_at(doc: Doc) -> dict[Hex, str]:
    """Terrain kind per hex."""
    out: dict[Hex, str] = {}
    for kind, hexes in case_of(doc)["terrain"].items():
        for h in hexes:
            out[(int(h[0]), int(h[1]))] = kind
    return out


def figure_at(doc: Doc, h: Hex) -> dict[str, Any] | None:
    """The figure standing on ``h``, if any."""
    for fig in case_of(doc)["figures"]:
        if tuple(fig["hex"]) == h:
            return dict(fig)
    return None


def active_figure(doc: Doc) -> dict[str, Any] | None:
    """The acting monster."""
    for fig in case_of(doc)["figures"]:
        if fig.get("active"):
            return dict(fig)
    return None


def doors_of(doc: Doc) -> set[Hex]:
    """Hexes holding a closed door."""
    return {(int(h[0]), int(h[1])) for h in case_of(doc).get("doors", [])}


def _set_doors(case: dict[str, Any], doors: Iterable[Hex]) -> None:
    kept = sorted(set(doors))
    if kept:
        case["doors"] = [list(h) for h in kept]
    else:
        case.pop("doors", None)


def toggle_door(doc: Doc, h: Hex) -> Doc:
    """Put a closed door on ``h``, or take it away."""
    _on_board(doc, h)
    if terrain_at(doc).get(h) == "wall":
        raise EditError(f"hex {list(h)} is a wall; a door stands on an open hex", where="hex")
    fig = figure_at(doc, h)
    if fig is not None and h not in doors_of(doc):
        raise EditError(f"{fig['id']} stands on {list(h)}; no figure stands in a closed door", where="hex")
    out = _copy(doc)
    doors = doors_of(doc)
    _set_doors(case_of(out), doors - {h} if h in doors else doors | {h})
    return out


def wall_pairs(doc: Doc) -> set[frozenset[Hex]]:
    """Thin walls as unordered hex pairs."""
    return {frozenset(((a[0], a[1]), (b[0], b[1]))) for a, b in case_of(doc)["walls"]}


# --- editing ---------------------------------------------------------------------------------


def _copy(doc: Doc) -> Doc:
    return copy.deepcopy(doc)  # small documents (a few kB); edits are rare, not a hot path


def _set_terrain(case: dict[str, Any], h: Hex, kind: str | None) -> None:
    terrain: dict[str, list[list[int]]] = {}
    for k in TERRAIN_KINDS:
        kept = [list(x) for x in case["terrain"].get(k, []) if tuple(x) != h]
        if k == kind:
            kept.append(list(h))
        if kept:
            terrain[k] = kept
    case["terrain"] = terrain


def _on_board(doc: Doc, h: Hex) -> None:
    if h not in set(board_hexes(doc)):
        raise EditError(f"hex {list(h)} is not on the board", where="hex")


def paint(doc: Doc, kind: str, h: Hex) -> Doc:
    """Toggle terrain ``kind`` on ``h`` (painting the same kind again clears it)."""
    if kind not in TERRAIN_KINDS:
        raise EditError(f"unknown terrain {kind!r}; known: {', '.join(TERRAIN_KINDS)}", where="tool")
    _on_board(doc, h)
    current = terrain_at(doc).get(h)
    fig = figure_at(doc, h)
    if kind == "wall" and current != "wall" and fig is not None:
        raise EditError(f"{fig['id']} stands on {list(h)}; move it before drawing a wall there", where="hex")
    if kind == "wall" and h in doors_of(doc):
        raise EditError(f"a door stands on {list(h)}; erase it before drawing a wall there", where="hex")
    out = _copy(doc)
    _set_terrain(case_of(out), h, None if current == kind else kind)
    return out


def erase(doc: Doc, h: Hex) -> Doc:
    """Clear ``h``: its figure first, else its terrain, else its door, else the thin walls around it."""
    _on_board(doc, h)
    fig = figure_at(doc, h)
    if fig is not None and fig.get("active"):
        raise EditError(
            "the active monster stays on the board; move it with the Active monster tool", where="hex"
        )
    out = _copy(doc)
    case = case_of(out)
    if fig is not None:
        case["figures"] = [f for f in case["figures"] if tuple(f["hex"]) != h]
    elif h in terrain_at(doc):
        _set_terrain(case, h, None)
    elif h in doors_of(doc):
        _set_doors(case, doors_of(doc) - {h})
    else:
        case["walls"] = [w for w in case["walls"] if tuple(w[0]) != h and tuple(w[1]) != h]
    return out


def toggle_hex(doc: Doc, h: Hex) -> Doc:
    """Add ``h`` to the board, or remove it with everything on it (terrain, figure, walls)."""
    hexes = board_hexes(doc)
    out = _copy(doc)
    case = case_of(out)
    if h in hexes:
        if len(hexes) == 1:
            raise EditError("a board needs at least one hex", where="hex")
        fig = figure_at(doc, h)
        if fig is not None and fig.get("active"):
            raise EditError("the active monster stands there; move it first", where="hex")
        out["boards"][case["board"]] = [list(x) for x in hexes if x != h]
        case["figures"] = [f for f in case["figures"] if tuple(f["hex"]) != h]
        _set_terrain(case, h, None)
        _set_doors(case, doors_of(doc) - {h})
        remaining = set(hexes) - {h}
        case["walls"] = [w for w in case["walls"] if tuple(w[0]) in remaining or tuple(w[1]) in remaining]
    else:
        if not any(n in set(hexes) for n in neighbours(h)):
            raise EditError(f"hex {list(h)} does not touch the board", where="hex")
        if len(hexes) >= MAX_WIDTH * MAX_HEIGHT:
            raise EditError("the board is at its largest", where="hex")
        out["boards"][case["board"]] = [*[list(x) for x in hexes], list(h)]
    return out


def toggle_wall(doc: Doc, a: Hex, b: Hex) -> Doc:
    """Draw or remove the thin wall on the side shared by ``a`` and ``b``."""
    if b not in neighbours(a):
        raise EditError(f"hexes {list(a)} and {list(b)} are not neighbours", where="edge")
    hexes = set(board_hexes(doc))
    if a not in hexes and b not in hexes:
        raise EditError(f"the side between {list(a)} and {list(b)} is not on the board", where="edge")
    out = _copy(doc)
    case = case_of(out)
    pair = frozenset((a, b))
    kept = [w for w in case["walls"] if frozenset((tuple(w[0]), tuple(w[1]))) != pair]
    if len(kept) == len(case["walls"]):
        first, second = sorted((a, b))
        kept.append([list(first), list(second)])
    case["walls"] = kept
    return out


def _next_id(case: dict[str, Any], prefix: str) -> str:
    used = {f["id"] for f in case["figures"]}
    n = 1
    while f"{prefix}{n}" in used:
        n += 1
    return f"{prefix}{n}"


def _check_standable(doc: Doc, h: Hex, what: str) -> None:
    _on_board(doc, h)
    if terrain_at(doc).get(h) == "wall":
        raise EditError(f"{what} cannot stand on the wall hex {list(h)}", where="hex")
    if h in doors_of(doc):
        raise EditError(f"{what} cannot stand in the closed door on {list(h)}", where="hex")


def place(doc: Doc, side: str, h: Hex, *, initiative: int = 0) -> Doc:
    """Place a character (``C1``, ``C2``...) or another monster (``M1``...) on ``h``.

    Clicking a figure of the same kind removes it; a figure of another kind is replaced.
    """
    if side not in ("character", "monster"):
        raise EditError(f"unknown side {side!r}", where="tool")
    if not 0 <= initiative <= 99:
        raise EditError(f"an initiative is 0 to 99 (0: not set); you typed {initiative}", where="initiative")
    _check_standable(doc, h, "a figure")
    existing = figure_at(doc, h)
    out = _copy(doc)
    case = case_of(out)
    if existing is not None:
        if existing.get("active"):
            raise EditError("the active monster stands there; move it first", where="hex")
        case["figures"] = [f for f in case["figures"] if tuple(f["hex"]) != h]
        if existing["side"] == side:
            return out
    fig: dict[str, Any] = {
        "id": _next_id(case, "C" if side == "character" else "M"),
        "side": side,
        "hex": list(h),
    }
    if side == "character":
        fig["initiative"] = initiative
    case["figures"].append(fig)
    return out


def set_active(doc: Doc, h: Hex) -> Doc:
    """Make the monster on ``h`` the active one, or move the active monster to the empty ``h``."""
    _check_standable(doc, h, "the active monster")
    existing = figure_at(doc, h)
    out = _copy(doc)
    case = case_of(out)
    if existing is not None:
        if existing["side"] != "monster":
            raise EditError(f"{existing['id']} is a character; only a monster can act", where="hex")
        for f in case["figures"]:
            f.pop("active", None)
            if tuple(f["hex"]) == h:
                f["active"] = True
        return out
    for f in case["figures"]:
        if f.get("active"):
            f["hex"] = list(h)
            return out
    case["figures"].append({"id": _next_id(case, "A"), "side": "monster", "hex": list(h), "active": True})
    return out


def set_initiatives(doc: Doc, initiatives: dict[str, int]) -> Doc:
    """Set characters' initiatives by figure id (0 = unspecified)."""
    out = _copy(doc)
    for fig in case_of(out)["figures"]:
        if fig["id"] in initiatives and fig["side"] == "character":
            value = initiatives[fig["id"]]
            if not 0 <= value <= 99:
                raise EditError(
                    f"{fig['id']}'s initiative is 0 to 99 (0: not set); you typed {value}",
                    where=f"init_{fig['id']}",
                )
            fig["initiative"] = value
    return out


def set_ability(
    doc: Doc,
    *,
    move: int,
    jump: bool,
    flying: bool,
    teleport: bool,
    muddled: bool,
    attack: bool,
    range_: int,
    targets: int | str,
) -> Doc:
    """Replace the ability, keeping the area pattern (adjusted to the attack's anchor)."""
    if not 0 <= move <= 30:
        raise EditError(f"Move is 0 to 30; you typed {move}", where="move")
    if not 0 <= range_ <= 30:
        raise EditError(f"Range is 0 to 30 (0: melee); you typed {range_}", where="range")
    if targets != "all" and not (isinstance(targets, int) and 1 <= targets <= 20):
        raise EditError(f"Targets is 1 to 20, or all in range; you typed {targets}", where="targets")
    out = _copy(doc)
    ability = case_of(out)["ability"]
    old_attack = ability.get("attack") or {}
    aoe = old_attack.get("aoe")
    ability.update(move=move, jump=jump, flying=flying, teleport=teleport, muddled=muddled)
    if not attack:
        ability["attack"] = None
        return out
    if aoe is not None:
        aoe = _anchor_aoe(aoe, "attacker" if range_ == 0 else "free")
    ability["attack"] = {"range": range_, "melee": range_ == 0, "targets": targets, "aoe": aoe}
    return out


def _anchor_aoe(aoe: dict[str, Any], anchor: str) -> dict[str, Any] | None:
    hexes = [list(h) for h in aoe["hexes"]]
    if anchor == "attacker":
        hexes = [h for h in hexes if tuple(h) != (0, 0)]
    if not hexes:
        return None
    return {"anchor": anchor, "hexes": hexes, "orientations": aoe.get("orientations", "rotations_and_mirror")}


def toggle_aoe(doc: Doc, offset: Hex) -> Doc:
    """Add or remove one hex of the attack's area pattern (offsets from the attacker when melee)."""
    out = _copy(doc)
    attack = case_of(out)["ability"].get("attack")
    if attack is None:
        raise EditError("the ability has no attack; tick Attack first", where="aoe")
    anchor = "attacker" if attack["range"] == 0 else "free"
    if anchor == "attacker" and offset == (0, 0):
        raise EditError("the centre of a melee area is the attacker itself", where="aoe")
    current = [list(h) for h in (attack["aoe"] or {}).get("hexes", [])]
    if list(offset) in current:
        current.remove(list(offset))
    else:
        current.append(list(offset))
    current.sort()
    attack["aoe"] = (
        {"anchor": anchor, "hexes": current, "orientations": "rotations_and_mirror"} if current else None
    )
    return out


def set_ruleset(doc: Doc, ruleset: str) -> Doc:
    """Choose the rule set the case is solved under."""
    if ruleset not in RULESETS:
        raise EditError(f"unknown rule set {ruleset!r}; known: {', '.join(RULESETS)}", where="ruleset")
    out = _copy(doc)
    case = case_of(out)
    case["ruleset"] = ruleset
    case.pop("rule_flags", None)  # the flags belong to the old rule set
    return out


def resize(doc: Doc, width: int, height: int) -> Doc:
    """A ``width`` x ``height`` rectangle; what lies outside it is dropped."""
    if not (1 <= width <= MAX_WIDTH and 1 <= height <= MAX_HEIGHT):
        raise EditError(
            f"a board is 1 to {MAX_WIDTH} hexes wide and 1 to {MAX_HEIGHT} high; "
            f"you asked for {width} x {height}",
            where="width",
        )
    hexes = rect_hexes(width, height)
    keep = set(hexes)
    active = active_figure(doc)
    if active is not None and tuple(active["hex"]) not in keep:
        raise EditError("the active monster would fall off the board; move it first", where="width")
    out = _copy(doc)
    case = case_of(out)
    out["boards"][case["board"]] = [list(h) for h in hexes]
    case["figures"] = [f for f in case["figures"] if tuple(f["hex"]) in keep]
    case["terrain"] = {
        k: kept for k, v in case["terrain"].items() if (kept := [h for h in v if tuple(h) in keep])
    }
    case["walls"] = [w for w in case["walls"] if tuple(w[0]) in keep or tuple(w[1]) in keep]
    _set_doors(case, doors_of(doc) & keep)
    return out


def apply_outcome(doc: Doc, destination: Hex) -> Doc:
    """Move the active monster to ``destination`` (the outcome the players chose)."""
    active = active_figure(doc)
    if active is None:
        raise EditError("there is no active monster", where="figures")
    if tuple(active["hex"]) == destination:
        return _copy(doc)
    _check_standable(doc, destination, "the active monster")
    occupant = figure_at(doc, destination)
    if occupant is not None:
        raise EditError(f"{occupant['id']} already stands on {list(destination)}", where="hex")
    out = _copy(doc)
    for f in case_of(out)["figures"]:
        if f.get("active"):
            f["hex"] = list(destination)
    return out


# --- form input and drawing helpers -------------------------------------------------------


def parse_hex(text: str, *, where: str = "hex") -> Hex:
    """``"q,r"`` as a hex.

    >>> parse_hex("3,-1")
    (3, -1)
    """
    try:
        q_text, r_text = text.split(",")
        return (int(q_text), int(r_text))
    except ValueError:
        raise EditError(f"expected a hex as q,r, got {text[:40]!r}", where=where) from None


def parse_hexes(text: str, count: int, *, where: str) -> list[Hex]:
    """``"q1,r1,q2,r2"`` as ``count`` hexes."""
    parts = text.split(",")
    if len(parts) != 2 * count:
        raise EditError(f"expected {count} hexes as q,r pairs, got {text[:40]!r}", where=where)
    try:
        values = [int(p) for p in parts]
    except ValueError:
        raise EditError(f"expected integers, got {text[:40]!r}", where=where) from None
    return [(values[2 * i], values[2 * i + 1]) for i in range(count)]


def ghost_hexes(doc: Doc) -> list[Hex]:
    """Hexes just outside the board (where the "board shape" tool can add one)."""
    on = set(board_hexes(doc))
    seen: set[Hex] = set()
    out: list[Hex] = []
    for h in board_hexes(doc):
        for n in neighbours(h):
            if n not in on and n not in seen:
                seen.add(n)
                out.append(n)
    return out


def sorted_hexes(hexes: Iterable[Hex]) -> list[Hex]:
    """Column by column, north to south (a stable drawing order)."""
    return sorted(hexes)
