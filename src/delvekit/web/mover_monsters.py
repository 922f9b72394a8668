"""The monster mover's scenario monsters: their stat cards, their ability decks and "next monster".

A scenario room loaded into the mover names its monsters as standees (``bandit-guard-3``,
``e-bandit-guard-5``: see :func:`delvekit.web.boardview.standee_of`). This module reads the
scenario's setup from the content pack (the table companion's, at scenario level 1 for the
number of characters on the board) to give each its stat line, to offer its type's ability
cards with the values worked in, and to step to the next monster in initiative order (elites
first, then by number, as the rules act them).
"""

from __future__ import annotations

import copy
from typing import Any

from delvekit.core.errors import DelvekitError, InputError
from delvekit.gloomhaven.model.setup import GameSetup, MonsterStats
from delvekit.web import editor
from delvekit.web.boardview import standee_of
from delvekit.web.table_ai import card_lines, planned_ability
from delvekit.web.table_game import TableConfig, table_setup

LEVEL = 1
_RANK_ORDER = {"boss": 0, "elite": 1, "normal": 2}


def _setup(doc: editor.Doc) -> GameSetup | None:
    case = editor.case_of(doc)
    number = case.get("scenario")
    if not isinstance(number, int):
        return None
    players = sum(1 for f in case["figures"] if f["side"] == "character")
    try:
        return table_setup(TableConfig(number, min(4, max(2, players)), LEVEL, 0))
    except (DelvekitError, KeyError):
        return None


def _type_name(setup: GameSetup, monster: str) -> str:
    """The full type name of a (possibly cut short) standee type."""
    names = [m.name for m in setup.monsters]
    if monster in names:
        return monster
    return next((n for n in names if n.startswith(monster)), monster)


def _stats(setup: GameSetup, monster: str, rank: str) -> MonsterStats | None:
    monster = _type_name(setup, monster)
    for m in setup.monsters:
        if m.name == monster:
            try:
                return m.stats(rank)  # type: ignore[arg-type]
            except InputError:
                return None
    return None


def monster_rows(doc: editor.Doc) -> list[dict[str, Any]]:
    """One row per typed monster on the board: its stat line at level 1."""
    setup = _setup(doc)
    if setup is None:
        return []
    rows = []
    for fig in editor.case_of(doc)["figures"]:
        typed = standee_of(str(fig["id"])) if fig["side"] == "monster" else None
        if typed is None:
            continue
        rank, monster, number = typed
        stats = _stats(setup, monster, rank)
        if stats is None:
            continue
        notes = [f"shield {stats.shield}"] if stats.shield else []
        notes += [f"retaliate {stats.retaliate}"] if stats.retaliate else []
        notes += [f"target {stats.targets}"] if stats.targets > 1 else []
        notes += ["flying"] if stats.flying else []
        rows.append(
            {
                "id": fig["id"],
                "type": _type_name(setup, monster).replace("-", " ").title(),
                "rank": rank,
                "number": number,
                "active": bool(fig.get("active")),
                "health": stats.health,
                "move": stats.move,
                "attack": stats.attack,
                "range": stats.range,
                "notes": ", ".join(notes),
            }
        )
    return rows


def deck_cards(doc: editor.Doc) -> list[dict[str, Any]]:
    """The active monster's ability cards, each with its values for the active monster's rank."""
    setup = _setup(doc)
    active = editor.active_figure(doc)
    typed = standee_of(str(active["id"])) if active else None
    if setup is None or typed is None:
        return []
    rank, monster, _ = typed
    stats = _stats(setup, monster, rank)
    deck = next((m.deck for m in setup.monsters if m.name == _type_name(setup, monster)), None)
    if stats is None or deck is None:
        return []
    return [
        {"id": c.id, "initiative": c.initiative, "shuffle": c.shuffle, "lines": card_lines(stats, c.actions)}
        for c in setup.decks.get(deck, ())
    ]


def apply_card(doc: editor.Doc, card_id: str) -> editor.Doc:
    """The document with the active monster's ability set from its type's card ``card_id``."""
    setup = _setup(doc)
    active = editor.active_figure(doc)
    typed = standee_of(str(active["id"])) if active else None
    if setup is None or typed is None:
        raise InputError("ability cards need a scenario's monster (load a scenario room)", where="card")
    rank, monster, _ = typed
    stats = _stats(setup, monster, rank)
    deck = next((m.deck for m in setup.monsters if m.name == _type_name(setup, monster)), "")
    card = next((c for c in setup.decks.get(deck, ()) if c.id == card_id), None)
    if stats is None or card is None:
        raise InputError(f"no card {card_id[:20]!r} in the {monster.replace('-', ' ')} deck", where="card")
    ability = planned_ability(stats, card.actions)
    attack = ability["attack"]
    if attack is not None:
        attack = {**attack, "melee": attack["range"] == 0}
        if attack["aoe"] is not None:
            attack["aoe"] = {**attack["aoe"], "orientations": "rotations_and_mirror"}
    out = copy.deepcopy(doc)
    editor.case_of(out)["ability"] = {**ability, "attack": attack}
    return out


def monster_order(doc: editor.Doc, initiatives: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """The monsters in acting order: by their type's card initiative when known (else by type),
    bosses and elites before normals, then by standee number; untyped monsters last."""
    known = initiatives or {}

    def order(fig: dict[str, Any]) -> tuple[int, str, int, int, str]:
        typed = standee_of(str(fig["id"]))
        if typed is None:
            return (100, "~", 3, 0, str(fig["id"]))
        rank, monster, number = typed
        return (known.get(monster, 99), monster, _RANK_ORDER.get(rank, 3), number, "")

    monsters = [f for f in editor.case_of(doc)["figures"] if f["side"] == "monster"]
    return sorted(monsters, key=order)


def next_monster(doc: editor.Doc, initiatives: dict[str, int] | None = None) -> editor.Doc:
    """The document with the next monster in acting order made the active one (wrapping)."""
    order = monster_order(doc, initiatives)
    if len(order) < 2:
        raise InputError("there is no other monster on the board", where="next")
    ids = [f["id"] for f in order]
    active = editor.active_figure(doc)
    index = ids.index(active["id"]) if active and active["id"] in ids else -1
    nxt = order[(index + 1) % len(order)]
    return editor.set_active(doc, (int(nxt["hex"][0]), int(nxt["hex"][1])))
