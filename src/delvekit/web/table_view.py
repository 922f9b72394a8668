"""What the table companion shows: the setup sheet and the live table state, as plain JSON.

The browser draws both (the map, the order, the monster's turn); everything here is read from
the table (:mod:`delvekit.web.table_game`) and the content pack, nothing is decided.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from delvekit.gloomhaven.engine.game import MONSTER_DECK
from delvekit.gloomhaven.model.level import level_info
from delvekit.gloomhaven.model.rule_text import rule_line
from delvekit.gloomhaven.model.setup import MonsterStats
from delvekit.web import table_ai
from delvekit.web.table_game import Standee, Table, TableConfig, label, new_table, turn_label

RANKS = ("normal", "elite", "boss")


def _stats_json(stats: MonsterStats | None) -> dict[str, Any] | None:
    if stats is None:
        return None
    return {
        "health": stats.health,
        "move": stats.move,
        "attack": stats.attack,
        "range": stats.range,
        "shield": stats.shield,
        "retaliate": stats.retaliate,
        "flying": stats.flying,
        "targets": stats.targets,
        "pierce": stats.pierce,
        "adds": [c.value for c in stats.adds],
        "immunities": [c.value for c in stats.immunities],
    }


def _title(name: str) -> str:
    return name.replace("-", " ").title()


@lru_cache(maxsize=64)
def setup_sheet(config: TableConfig) -> dict[str, Any]:
    """The setup sheet: the map with rooms and tile names, the standees of each room for this
    party size, the goal and special rules, the stat cards at the level, the level values."""
    from delvekit.gloomhaven.content import load_pack

    table = new_table(config)
    s = load_pack().scenarios[config.scenario]
    smap = s.map()
    board = smap.board
    rooms = table.room_hexes()
    room_of = {h: r for r, hexes in sorted(rooms.items(), reverse=True) for h in hexes}
    tiles: list[dict[str, Any]] = []
    flat = [(room.number, t.ref) for room in s.rooms for t in room.tiles]
    by_tile: dict[int, list[tuple[int, int]]] = {}
    for h, i in smap.tile_of.items():
        by_tile.setdefault(i, []).append(h)
    for i, cells in sorted(by_tile.items()):
        if i < len(flat):
            centre = min(cells, key=lambda h: sum(abs(h[0] - o[0]) + abs(h[1] - o[1]) for o in cells))
            tiles.append({"name": flat[i][1], "hex": list(centre)})
    hexes = [
        {"hex": list(h), "room": room_of.get(h, 0), "terrain": t.value if (t := board.terrain_at(h)) else ""}
        for h in sorted(board.hexes)
    ]
    info = level_info(config.level)
    placements = []
    for index, room in enumerate(table.setup.rooms):
        placements.append(
            {
                "room": index,
                "standees": [
                    {"type": p.monster, "name": _title(p.monster), "rank": p.rank, "hex": list(p.hex)}
                    for p in room
                ],
            }
        )
    goal = [rule_line(r) for r in table.setup.rules] or (
        ["Goal: kill every enemy (all rooms revealed)."] if table.setup.win == "kill-all" else []
    )
    return {
        "scenario": config.scenario,
        "name": s.name,
        "players": config.players,
        "level": config.level,
        "map": {
            "hexes": hexes,
            "walls": [[list(a), list(b)] for a, b in sorted(board.walls)],
            "doors": [{"hex": list(d.hex), "rooms": list(d.rooms)} for d in table.setup.board.doors]
            if table.setup.board
            else [],
            "tiles": tiles,
            "starts": [list(h) for h in table.setup.starts],
        },
        "rooms": placements,
        "room_tiles": _room_tiles(s),
        "rules": goal,
        "stat_cards": [
            {
                "type": m.name,
                "name": _title(m.name),
                "deck": m.deck,
                "standees": m.standees,
                **{rank: _stats_json(getattr(m, rank)) for rank in RANKS},
            }
            for m in table.setup.monsters
        ],
        "level_values": {
            "scenario_level": config.level,
            "monster_level": info.monster_level,
            "trap_damage": info.trap_damage,
            "hazardous_damage": info.hazardous_damage,
            "gold_per_coin": info.gold_per_coin,
            "bonus_xp": info.bonus_xp,
        },
    }


def _room_tiles(s: Any) -> dict[int, list[str]]:
    """Engine room index → the tile names of that room (the opening rooms are room 0)."""
    numbers = sorted(r.number for r in s.rooms)
    initial = {r.number for r in s.rooms if r.initial} or {numbers[0]}
    rest = sorted(set(numbers) - initial)
    out: dict[int, list[str]] = {}
    for r in s.rooms:
        index = 0 if r.number in initial else 1 + rest.index(r.number)
        out.setdefault(index, []).extend(t.ref for t in r.tiles)
    return out


def _standee_json(table: Table, s: Standee) -> dict[str, Any]:
    stats = table.stats(s.type, s.rank)
    return {
        "id": s.id,
        "type": s.type,
        "name": label(s),
        "number": s.number,
        "rank": s.rank,
        "hex": list(s.hex),
        "health": s.health,
        "max_health": s.max_health,
        "conditions": sorted(s.conditions),
        "shield": stats.shield,
        "retaliate": stats.retaliate,
    }


def _standee_order(s: Standee) -> tuple[str, int, int]:
    return (s.type, RANKS.index(s.rank) if s.rank in RANKS else 3, s.number)


def _card_json(table: Table, type_name: str) -> dict[str, Any] | None:
    card = table.card(type_name)
    if card is None:
        return None
    out: dict[str, Any] = {"id": card.id, "initiative": card.initiative, "shuffle": card.shuffle}
    for rank in RANKS:
        mine = [s for s in table.standees.values() if s.type == type_name and s.rank == rank]
        if mine:
            out[rank] = table_ai.action_text(table, mine[0])
    return out


def state_json(table: Table, *, table_id: str, head: int, undoable: bool) -> dict[str, Any]:
    """The live table: figures, order, the acting standee with its outcomes, elements, decks."""
    current = table.current()
    acting = table.current_standee()
    turn: dict[str, Any] | None = None
    if acting is not None:
        doc, outcomes = table_ai.solve(table, acting)
        turn = {
            "standee": acting.id,
            "name": label(acting),
            "actions": table_ai.action_text(table, acting),
            "outcomes": outcomes,
            "case": doc,
            "applied": acting.id in table.applied,
            "draws": table.draws,
            "position": table.sub + 1,
            "note": "stunned: it loses this turn"
            if "stun" in acting.conditions
            else ""
            if outcomes
            else "no move or attack on its card: nothing to work out",
            "of": len(table.acting),
        }
    amd = table.game.state.modifier_decks[MONSTER_DECK]
    types_on_board = list(dict.fromkeys(s.type for s in table.standees.values()))
    doors = [
        {
            "hex": list(h),
            "rooms": list(rooms),
            "open": h in table.opened or all(r in table.revealed_rooms for r in rooms),
            "reachable": any(r in table.revealed_rooms for r in rooms),
        }
        for h, rooms in sorted(table.door_rooms.items())
    ]
    return {
        "id": table_id,
        "head": head,
        "undoable": undoable,
        "scenario": table.config.scenario,
        "players": table.config.players,
        "level": table.config.level,
        "seed": table.config.seed,
        "round": table.round,
        "phase": table.phase,
        "result": table.result,
        "characters": [
            {
                "id": c.id,
                "name": c.name,
                "hex": list(c.hex),
                "health": c.health,
                "max_health": c.max_health,
                "xp": c.xp,
                "loot": c.loot,
                "initiative": c.initiative,
                "long_rest": c.long_rest,
                "exhausted": c.exhausted,
                "conditions": sorted(c.conditions),
            }
            for c in table.characters.values()
        ],
        "standees": [_standee_json(table, s) for s in sorted(table.standees.values(), key=_standee_order)],
        "order": [
            {
                "kind": t.kind,
                "id": t.id,
                "name": turn_label(table, t),
                "initiative": t.initiative,
                "current": current is t,
                "done": i < table.turn,
            }
            for i, t in enumerate(table.order)
        ],
        "current": None
        if current is None
        else {"kind": current.kind, "id": current.id, "name": turn_label(table, current)},
        "turn": turn,
        "cards": {t: _card_json(table, t) for t in types_on_board},
        "elements": dict(table.elements),
        "monster_deck": {
            "draw_pile": len(amd.draw_pile),
            "discard": len(amd.discard),
            "bless": sum(c.marker == "bless" for c in amd.cards),
            "curse": sum(c.marker == "curse" for c in amd.cards),
            "shuffle_pending": amd.shuffle_pending,
        },
        "revealed_rooms": table.revealed_rooms,
        "doors": doors,
        "events": list(reversed(table.events[-12:])),
        "rewards": _rewards(table),
    }


def _rewards(table: Table) -> dict[str, Any] | None:
    if table.phase != "ended":
        return None
    from delvekit.web.table_game import rewards

    return rewards(table)
