"""Writing gh-monster-ai-cases documents: a solved outcome, a case or a whole document as JSON.

:func:`case_to_json` makes one case self-contained (its board inline as ``board_hexes``), so
one exported case is a valid document for :func:`delvekit.gloomhaven.monster_ai.cases.parse_document`.
"""

from __future__ import annotations

from typing import Any

from delvekit.core.hexes import Hex
from delvekit.gloomhaven.monster_ai.case_fields import FLAG_NAMES, TERRAIN
from delvekit.gloomhaven.monster_ai.cases import Case, CaseDocument
from delvekit.gloomhaven.monster_ai.turn import Outcome


def _hx(h: Hex) -> list[int]:
    return [h[0], h[1]]


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """A JSON-ready dict: destination, targets, path, attack_hexes, aoe_hexes, focus, explanation."""
    return {
        "destination": _hx(outcome.destination),
        "targets": list(outcome.targets),
        "path": [_hx(h) for h in outcome.path],
        "attack_hexes": [_hx(h) for h in outcome.attack_hexes],
        "aoe_hexes": [_hx(h) for h in outcome.aoe_hexes],
        "focus": list(outcome.focus),
        "explanation": outcome.explanation,
    }


def case_to_json(case: Case) -> dict[str, Any]:
    """The case in the gh-monster-ai-cases format, self-contained (``board_hexes`` inline)."""
    turn = case.turn
    board = turn.board
    out: dict[str, Any] = {"id": case.id}
    for key in ("scenario",):
        if key in case.info:
            out[key] = case.info[key]
    out["ruleset"] = case.ruleset
    for key in ("category", "tags", "description"):
        if key in case.info:
            out[key] = case.info[key]
    out["board"] = case.board_name if case.board_name is not None else "inline"
    out["board_hexes"] = [_hx(h) for h in sorted(board.hexes)]
    out["walls"] = [[_hx(a), _hx(b)] for a, b in sorted(board.walls)]
    terrain: dict[str, list[list[int]]] = {}
    for kind, t in TERRAIN.items():
        hs = sorted(h for h, tt in board.terrain.items() if tt is t)
        if hs:
            terrain[kind] = [_hx(h) for h in hs]
    out["terrain"] = terrain
    if board.doors:
        out["doors"] = [_hx(h) for h in sorted(board.doors)]
    figures = []
    for i, f in enumerate(turn.figures):
        fj: dict[str, Any] = {"id": f.id, "side": f.side}
        if f.active:
            fj["active"] = True
        if f.side == "character" or f.initiative:
            fj["initiative"] = f.initiative
        fj["hex"] = _hx(f.hex)
        if f.invisible:
            fj["invisible"] = True
        if f.summon_of is not None:
            fj["summon_of"] = f.summon_of
        if i < len(case.figure_info):
            fj.update(case.figure_info[i])
        figures.append(fj)
    out["figures"] = figures
    ab = turn.ability
    attack: dict[str, Any] | None = None
    if ab.attack is not None:
        a = ab.attack
        attack = {"range": a.range, "melee": a.range == 0, "targets": a.targets, "aoe": None}
        if a.aoe is not None:
            attack["aoe"] = {
                "anchor": a.aoe.anchor,
                "hexes": [_hx(h) for h in a.aoe.hexes],
                "orientations": a.aoe.orientations,
            }
    out["ability"] = {
        "move": ab.move,
        "jump": ab.jump,
        "flying": ab.flying,
        "teleport": ab.teleport,
        "muddled": ab.muddled,
        "attack": attack,
    }
    if case.expected is not None:
        out["expected"] = {"match": case.match, "outcomes": [dict(o.raw) for o in case.expected]}
    if case.rule_flags_given:
        out["rule_flags"] = {name: getattr(case.rules, name) for name in FLAG_NAMES}
    if case.disputed:
        out["disputed"] = True
    for key in ("notes", "answer_differs_across_rulesets"):
        if key in case.info:
            out[key] = case.info[key]
    return out


def document_to_json(doc: CaseDocument) -> dict[str, Any]:
    """A whole document back in the format (header kept, cases exported)."""
    out = dict(doc.header)
    out["cases"] = [case_to_json(c) for c in doc.cases]
    return out
