"""The board editor's documents in and out: one case taken from a many-case document, the
canonical JSON the page and the export carry, and a one-line summary of a case in plain words.

The editing operations themselves are :mod:`delvekit.web.editor`'s.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from delvekit.web.editor import FORMAT, TERRAIN_KINDS, Doc, EditError


def single_case(document: Doc, case_index: int = 0) -> Doc:
    """The editor document for case ``case_index`` of a (validated) many-case document.

    Informative fields (expected answers, tags) are dropped: they describe the original board,
    not the one being edited. The board keeps its name.
    """
    cases = document["cases"]
    if not 0 <= case_index < len(cases):
        raise EditError(f"the document has {len(cases)} case(s); no case {case_index}", where="case")
    case = copy.deepcopy(cases[case_index])
    # The board: a name from ``boards``, a name with ``board_hexes`` inline, or a bare hex list.
    if "board_hexes" in case:
        board_name, board = str(case["board"]), case["board_hexes"]
    elif isinstance(case["board"], str):
        board_name, board = case["board"], document["boards"][case["board"]]
    else:
        board_name, board = f"{case['id']}-board", case["board"]
    kept = {k: case[k] for k in ("id", "ruleset", "walls", "terrain", "figures", "ability") if k in case}
    kept["board"] = board_name
    for key in ("scenario", "description"):
        if case.get(key) is not None:
            kept[key] = case[key]
    kept.setdefault("walls", [])
    kept.setdefault("terrain", {})
    kept["terrain"] = {k: [list(h) for h in v] for k, v in kept["terrain"].items() if v}
    kept["walls"] = [[list(a), list(b)] for a, b in kept["walls"]]
    if case.get("doors"):
        kept["doors"] = [list(h) for h in case["doors"]]
    kept["figures"] = [
        {k: (list(v) if k == "hex" else v) for k, v in fig.items() if k != "source_index" and v is not None}
        for fig in kept["figures"]
    ]
    ability = kept["ability"]
    for flag in ("jump", "flying", "teleport", "muddled"):
        ability.setdefault(flag, False)
    attack = ability.get("attack")
    if attack is not None:
        attack.setdefault("melee", attack["range"] == 0)
        attack.setdefault("aoe", None)
        if attack["aoe"] is not None:
            attack["aoe"].setdefault("orientations", "rotations_and_mirror")
            attack["aoe"]["hexes"] = [list(h) for h in attack["aoe"]["hexes"]]
    order = (
        "id",
        "ruleset",
        "board",
        "walls",
        "terrain",
        "doors",
        "figures",
        "ability",
        "scenario",
        "description",
    )
    return {
        "format": dict(FORMAT),
        "boards": {board_name: [list(h) for h in board]},
        "cases": [{k: kept[k] for k in order if k in kept}],
    }


def describe(case: dict[str, Any]) -> str:
    """A one-line summary of a case in plain words (ability, figures, what is on the board).

    >>> from delvekit.web.editor import blank, case_of
    >>> describe(case_of(blank(5, 4)))
    'move 2, melee attack; 1 character'
    """
    ability = case["ability"]
    moves = [f"move {ability['move']}"] + [
        flag for flag in ("jump", "flying", "teleport", "muddled") if ability.get(flag)
    ]
    attack = ability.get("attack")
    if attack is None:
        moves.append("no attack")
    else:
        kind = "melee attack" if attack["range"] == 0 else f"range {attack['range']} attack"
        targets = attack.get("targets", 1)
        if targets == "all":
            kind += " on every enemy in range"
        elif targets != 1:
            kind += f", {targets} targets"
        area = len((attack.get("aoe") or {}).get("hexes", []))
        if area:
            kind += f" with a {area}-hex area"
        moves.append(kind)
    figures = case["figures"]
    characters = sum(1 for f in figures if f["side"] == "character")
    others = sum(1 for f in figures if f["side"] == "monster" and not f.get("active"))
    board = [f"{characters} character{'s' if characters != 1 else ''}"]
    if others:
        board.append(f"{others} other monster{'s' if others != 1 else ''}")
    kinds = [k for k in TERRAIN_KINDS if case.get("terrain", {}).get(k)]
    board += [
        {"wall": "wall hexes", "hazardous": "hazardous terrain", "difficult": "difficult terrain"}.get(
            k, f"{k}s" if k in ("obstacle", "trap") else f"{k} terrain"
        )
        for k in kinds
    ]
    if case.get("walls"):
        board.append("thin walls")
    if case.get("doors"):
        board.append("doors")
    return ", ".join(moves) + "; " + ", ".join(board)


def dumps(doc: Doc) -> str:
    """Canonical compact JSON of a document (the export and the hidden form field)."""
    return json.dumps(doc, separators=(",", ":"), sort_keys=False)
