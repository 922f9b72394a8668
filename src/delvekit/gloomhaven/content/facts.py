"""``delve content facts``: one JSON document of schema-independent facts about a pack.

The shape is a contract the project's checks rely on (issue 3); keep it stable::

    {"monsters": {id: {"levels": [{"level": L, "normal": {"health", "move", "attack"},
                                   "elite": {...}}]}},          # a boss has "boss" instead
     "classes": {id: {"health": [9 values], "hand_size": n, "cards": n, "playable": bool}},
     "scenarios": {"<number>": {"monsters": {"2"|"3"|"4": {id: {"normal": n, "elite": n}}}}},
     "items": {"<number>": {"cost": c, "count": n}}}

``playable`` means playable at level 1 (every level-1 and X card encoded).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from delvekit.gloomhaven.content.schema import StatLine

if TYPE_CHECKING:
    from delvekit.gloomhaven.content.pack import ContentPack


def _line(line: StatLine) -> dict[str, Any]:
    return {"health": line.health, "move": line.move, "attack": line.attack}


def monster_part(pack: ContentPack) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for monster_id, monster in pack.monsters.items():
        levels = []
        for entry in sorted(monster.levels, key=lambda e: e.level):
            level: dict[str, Any] = {"level": entry.level}
            if monster.boss:
                if entry.boss is not None:
                    level["boss"] = _line(entry.boss)
            else:
                if entry.normal is not None:
                    level["normal"] = _line(entry.normal)
                if entry.elite is not None:
                    level["elite"] = _line(entry.elite)
            levels.append(level)
        out[monster_id] = {"levels": levels}
    return out


def class_part(pack: ContentPack) -> dict[str, Any]:
    return {
        class_id: {
            "health": list(klass.health),
            "hand_size": klass.hand_size,
            "cards": sum(1 for card in klass.cards if card.level != "M"),
            "playable": klass.playable_at(1),
        }
        for class_id, klass in pack.classes.items()
    }


def scenario_part(pack: ContentPack) -> dict[str, Any]:
    """Standee totals per scenario and player count (setup and room reveals, no rule spawns)."""
    scenarios = pack.scenarios
    if not scenarios:
        return {}
    from delvekit.gloomhaven.content.scenario import scenario_facts

    result: dict[str, Any] = scenario_facts(scenarios)
    return result


def item_part(pack: ContentPack) -> dict[str, Any]:
    return {str(number): {"cost": item.cost, "count": item.count} for number, item in pack.items.items()}


def facts(pack: ContentPack) -> dict[str, Any]:
    """The whole facts document for ``pack``."""
    return {
        "monsters": monster_part(pack),
        "classes": class_part(pack),
        "scenarios": scenario_part(pack),
        "items": item_part(pack),
    }
