"""The table companion's monster turns: each standee's action in words, its monster-AI outcome
from the positions the table keeps, and applying an outcome (the standee moves, its attacks
draw from the monster modifier deck).

The outcome is the exact monster AI of :mod:`delvekit.gloomhaven.monster_ai.solver`, asked through a
gh-monster-ai-cases document (:func:`turn_case`): the very document ``delve monster-ai solve``
reads, so the table and the command line answer the same question the same way.
"""

from __future__ import annotations

import re
from typing import Any

from delvekit.core.hexes import Hex
from delvekit.gloomhaven.describe import ability_text
from delvekit.gloomhaven.engine.game import MONSTER_DECK
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import MonsterStats
from delvekit.gloomhaven.monster_ai import cases as casefile
from delvekit.gloomhaven.monster_ai.case_export import outcome_to_json
from delvekit.web.table_state import Standee, Table, TableError, label
from delvekit.web.table_state import hex_field as parse_hex

_GROUPED = ("move", "attack")


def card_actions(table: Table, s: Standee) -> tuple[Ability, ...]:
    card = table.card(s.type)
    return () if card is None else card.actions


def _attack_value(stats: MonsterStats, a: Ability) -> int:
    return max(0, stats.attack + a.value)


def card_lines(stats: MonsterStats, actions: tuple[Ability, ...]) -> list[str]:
    """A monster ability card with a stat line worked in: one line per action."""
    return [ability_text(a, stats) for a in actions]


def action_text(table: Table, s: Standee) -> list[str]:
    """The standee's card this round with its stat line worked in: one line per action."""
    return card_lines(table.stats(s.type, s.rank), card_actions(table, s))


def _planned_ability(table: Table, s: Standee) -> dict[str, Any]:
    return planned_ability(table.stats(s.type, s.rank), card_actions(table, s), s.conditions)


def planned_ability(
    stats: MonsterStats, card: tuple[Ability, ...], conditions: dict[str, int] | frozenset[str] = frozenset()
) -> dict[str, Any]:
    """The card's first move and the attack after it (or its first attack), with the stat line
    worked in, as a gh-monster-ai-cases ability."""
    actions = [a for a in card if a.kind in _GROUPED]
    move_ab = next((a for a in actions if a.kind == "move"), None)
    attack_ab: Ability | None = None
    if move_ab is not None:
        after = actions[actions.index(move_ab) + 1 :]
        attack_ab = after[0] if after and after[0].kind == "attack" else None
    else:
        attack_ab = next((a for a in actions if a.kind == "attack"), None)
    move = 0
    if move_ab is not None and "immobilize" not in conditions and "stun" not in conditions:
        move = max(0, stats.move + move_ab.value)
    attack: dict[str, Any] | None = None
    if attack_ab is not None and "disarm" not in conditions and "stun" not in conditions:
        rng = max(0, stats.range + attack_ab.range) if stats.range or attack_ab.range else 0
        count = 0 if attack_ab.targets == 0 else max(attack_ab.targets, stats.targets)
        aoe: dict[str, Any] | None = None
        if attack_ab.area:
            cells = list(attack_ab.area) if rng else [(0, 0), *attack_ab.area]
            aoe = {"anchor": "free" if rng else "attacker", "hexes": [list(h) for h in cells]}
        attack = {"range": rng, "targets": "all" if count == 0 else count, "aoe": aoe}
    return {
        "move": move,
        "jump": bool(move_ab is not None and move_ab.jump),
        "flying": stats.flying,
        "teleport": False,
        "muddled": "muddle" in conditions,
        "attack": attack,
    }


def turn_case(table: Table, s: Standee) -> dict[str, Any]:
    """The standee's turn as a one-case gh-monster-ai-cases document (the revealed rooms, the
    figures where the table has them, this round's initiatives)."""
    board = table.game.board()
    assert board is not None
    hexes = sorted(ai_hexes(table))
    inside = set(hexes)
    terrain: dict[str, list[list[int]]] = {}
    for h in hexes:
        t = board.terrain_at(h)
        if t is not None and t.value in ("obstacle", "trap", "hazardous", "difficult", "icy"):
            terrain.setdefault(t.value, []).append(list(h))
    walls = sorted([list(a), list(b)] for a, b in board.walls if a in inside and b in inside)
    doors = sorted(list(h) for h in board.doors if h in inside)
    initiative = {t.id: t.initiative for t in table.order}
    figures: list[dict[str, Any]] = []
    for c in table.characters.values():
        if not c.exhausted and c.hex in inside:
            fig: dict[str, Any] = {"id": c.id, "side": "character", "hex": list(c.hex)}
            fig["initiative"] = initiative.get(c.id, c.initiative or 0)
            if "invisible" in c.conditions:
                fig["invisible"] = True
            figures.append(fig)
    for o in table.standees.values():
        if o.hex not in inside and o.id != s.id:
            continue  # on a wall hex (a scenario's objective-like standee): not in the AI's way
        fig = {"id": case_id(o.id), "side": "monster", "hex": list(o.hex)}
        if o.id == s.id:
            fig["active"] = True
        figures.append(fig)
    case = {
        "id": f"table-r{table.round}-{case_id(s.id)}",
        "ruleset": table.setup.ruleset,
        "board": "table",
        "walls": walls,
        "terrain": terrain,
        "figures": figures,
        "ability": _planned_ability(table, s),
        "scenario": table.config.scenario,
        "description": f"{label(s)}, round {table.round}",
    }
    if doors:
        case["doors"] = doors
    return {
        "format": {"name": "gh-monster-ai-cases", "version": 1},
        "boards": {"table": [list(h) for h in hexes]},
        "cases": [case],
    }


def ai_hexes(table: Table) -> set[Hex]:
    """The board the monster AI plays on: the revealed rooms, and any map hex a standee stands
    on (a corridor or overlay hex the map data gives no room: the scenario put it there)."""
    board = table.game.board()
    assert board is not None
    standing = {o.hex for o in table.standees.values() if o.hex in board.hexes and not board.is_wall(o.hex)}
    return table.open_hexes() | standing


def case_id(fid: str) -> str:
    """A standee's id as the case format spells figure ids (``bandit-guard#3`` → ``bandit-guard-3``,
    at most 16 characters)."""
    from delvekit.web.services import standee_id

    monster, _, number = fid.partition("#")
    return standee_id(monster, "normal", int(number)) if number.isdigit() else fid[:16]


def _all_revealed(table: Table) -> set[Hex]:
    rooms = table.room_hexes()
    out: set[Hex] = set()
    for r in table.revealed_rooms:
        out |= rooms.get(r, set())
    return out


def solve(table: Table, s: Standee) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``(case document, outcomes)``: every outcome the players may choose among, in the
    engine's order, each with its reason in words (``reason``). A card with neither a move nor
    an attack (Shield 1, Retaliate 2) has nothing to solve: no outcome."""
    doc = turn_case(table, s)
    if not any(a.kind in _GROUPED for a in card_actions(table, s)):
        return doc, []
    parsed = casefile.parse_document(doc, where="table")
    outcomes = [outcome_to_json(o) for o in casefile.solve_case(parsed.cases[0])]
    for o in outcomes:
        o["reason"] = reason(table, s, o)
        o["why"] = _named(table, str(o.get("explanation") or ""))
    return doc, outcomes


def _name(table: Table, fid: str) -> str:
    if fid in table.characters:
        return table.characters[fid].name
    if fid in table.standees:
        return label(table.standees[fid])
    return fid


def _named(table: Table, text: str) -> str:
    """The engine's text with figure ids replaced by names (``C1`` → ``Brute``)."""
    names = {c.id: c.name for c in table.characters.values()}
    names.update({case_id(x.id): label(x) for x in table.standees.values()})
    return re.sub(r"[A-Za-z][A-Za-z0-9_-]*", lambda m: names.get(m.group(0), m.group(0)), text)


def focus_why(table: Table, o: dict[str, Any]) -> str:
    """Why it chose its focus, from the engine's explanation, in names (empty if none)."""
    text = str(o.get("explanation") or "")
    found = re.match(r"Focus [^:]+: ([^.]*)\.", text)
    if not found:
        return ""
    why = found.group(1).replace(" with 0 negative hexes on the way", "")
    return _named(table, why)


def reason(table: Table, s: Standee, o: dict[str, Any]) -> str:
    """The outcome in plain words: focus (and why), move, attacks."""
    focus = [_name(table, f) for f in o.get("focus") or []]
    path = o.get("path") or []
    steps = max(0, len(path) - 1)
    parts = []
    if focus:
        why = focus_why(table, o)
        parts.append(f"focuses on {' or '.join(focus)}" + (f" ({why})" if why else ""))
    else:
        parts.append("has no focus: stays put")
    if steps:
        parts.append(f"moves {steps} hex{'es' if steps != 1 else ''}")
    elif focus:
        parts.append("does not move")
    targets = [_name(table, t) for t in o.get("targets") or []]
    parts.append(f"attacks {', '.join(targets)}" if targets else "attacks no one")
    return f"{label(s)} " + ", ".join(parts) + "."


def _modifier_value(base: int, applied: tuple[Any, ...]) -> int:
    value = base
    for card in applied:
        after = card.apply(value)
        if after is None:
            return 0
        value = after
    return max(0, value)


def apply_outcome(table: Table, action: dict[str, Any]) -> str:
    """Move the acting standee to the outcome's destination and draw a modifier for each
    target (the monster modifier deck: bless, curse, reshuffle as the engine draws)."""
    s = table.current_standee()
    fid = action.get("figure")
    if s is None or s.id != fid:
        now = label(s) if s is not None else "no monster"
        raise TableError(f"it is not {fid}'s turn ({now} acts now)", where="figure")
    if s.id in table.applied:
        raise TableError(f"{label(s)}'s outcome is already applied (undo to choose again)", where="figure")
    destination = parse_hex(action, "destination")
    targets = action.get("targets", [])
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise TableError("targets is a list of figure ids", where="targets")
    for t in targets:
        if t not in table.characters or table.characters[t].exhausted:
            raise TableError(f"{t} is not a character on the board", where="targets")
    occupant = table.occupied().get(destination)
    if occupant not in (None, s.id) or destination not in ai_hexes(table):
        raise TableError(f"{label(s)} cannot end on {list(destination)}", where="destination")
    s.hex = destination
    if s.id in table.game.state.figures:
        table.game.state.figures[s.id].hex = destination
    table.applied.add(s.id)
    stats = table.stats(s.type, s.rank)
    attack_ab = next((a for a in card_actions(table, s) if a.kind == "attack"), None)
    words = [f"{label(s)} moves to {list(destination)}"]
    st = table.game.state
    for t in targets:
        if attack_ab is None:
            break
        ch = table.characters[t]
        base = _attack_value(stats, attack_ab) + (1 if "poison" in ch.conditions else 0)
        rng_attack = max(0, stats.range + attack_ab.range) if stats.range or attack_ab.range else 0
        adjacent = rng_attack > 0 and _adjacent(s.hex, ch.hex)
        draw, st.modifier_decks[MONSTER_DECK] = st.modifier_decks[MONSTER_DECK].draw(
            st.rng,
            attack=base,
            advantage="strengthen" in s.conditions,
            disadvantage="muddle" in s.conditions or adjacent,
        )
        damage = _modifier_value(base, draw.applied)
        table.draws.append(
            {
                "attacker": s.id,
                "target": t,
                "attack": base,
                "drawn": [str(c) for c in draw.drawn],
                "applied": [str(c) for c in draw.applied],
                "damage": damage,
                "pierce": attack_ab.pierce + stats.pierce,
                "conditions": [c.value for c in dict.fromkeys((*attack_ab.adds, *stats.adds))],
            }
        )
        drawn = ", ".join(str(c) for c in draw.drawn) or "nothing"
        words.append(f"attacks {ch.name}: attack {base}, drew {drawn}: {damage} damage before shields")
    return "; ".join(words)


def _adjacent(a: Hex, b: Hex) -> bool:
    from delvekit.core.hexes import distance

    return distance(a, b) == 1


def check_outcome(table: Table, action: dict[str, Any]) -> None:
    """Refuse an outcome the monster AI does not offer (checked when a phone sends it; a
    replay of the log does not solve again)."""
    s = table.current_standee()
    if s is None or s.id != action.get("figure"):
        return  # apply_outcome says why
    _, outcomes = solve(table, s)
    wanted = (parse_hex(action, "destination"), tuple(action.get("targets") or []))
    offered = {(tuple(o["destination"]), tuple(o["targets"])) for o in outcomes}
    if wanted not in offered and action.get("override") is not True:
        raise TableError(
            "the monster AI does not offer that outcome: pick a shown one, or move the standee by hand",
            where="outcome",
        )
