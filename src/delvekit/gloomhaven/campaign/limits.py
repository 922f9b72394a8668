"""The ranges a campaign action's numbers may take, and the achievements a campaign knows.

An action whose numbers are far outside what the game allows (a quest progress of 10**20, a
negative share of an event's gold) would be accepted by the types alone and break the campaign
later (an integer too large for the snapshot's encoding). :func:`check_numbers` refuses them
up front with one line naming the field and the range.

>>> check_numbers({"action": "quest_progress", "character": "Ana", "amount": 10**20}, "do")
Traceback (most recent call last):
...
delvekit.core.errors.InputError: do: quest_progress.amount: 100000000000000000000 is not within -1000..1000
>>> check_numbers({"action": "road_event", "card": 3, "option": "A", "split": {"Ana": -5}}, "do")
Traceback (most recent call last):
...
delvekit.core.errors.InputError: do: road_event.split.Ana: -5 is not within 0..1000000
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

import msgspec

from delvekit.core.errors import InputError

if TYPE_CHECKING:
    from delvekit.gloomhaven.campaign.content import Catalog

GOLD: Final[tuple[int, int]] = (0, 1_000_000)
"""Gold has no cap in the rules; a million is more than any campaign sees."""
ITEM: Final[tuple[int, int]] = (1, 999)
SCENARIO: Final[tuple[int, int]] = (1, 999)
PERK: Final[tuple[int, int]] = (0, 30)
"""Perk lines are numbered from 0 (the class's own list says how many)."""

RANGES: Final[dict[str, dict[str, tuple[int, int]]]] = {
    "create_character": {"level": (1, 9), "quest": (0, 1), "perks": PERK},
    "buy": {"item": ITEM},
    "sell": {"item": ITEM},
    "equip": {"items": ITEM},
    "city_event": {"card": (1, 999), "choice": (0, 9), "split": GOLD},
    "road_event": {"card": (1, 999), "choice": (0, 9), "split": GOLD},
    "level_up": {"perk": PERK},
    "add_checkmarks": {"count": (-18, 18)},
    "add_perk": {"perk": PERK},
    "quest_progress": {"amount": (-1000, 1000)},
    "enhance": {"action_index": (0, 20), "hexes": (1, 37)},
    "choose_scenario": {"scenario": SCENARIO},
    "unlock_scenario": {"scenario": SCENARIO},
    "complete_scenario": {
        "scenario": SCENARIO,
        "xp": (0, 1000),
        "gold": GOLD,
        "checkmarks": (0, 18),
        "quest": (0, 1000),
        "items": ITEM,
        "split": GOLD,
    },
    "change_reputation": {"amount": (-40, 40)},
    "add_prosperity": {"amount": (-64, 64)},
}
"""Per action, the range of each numeric field (by its last name: ``characters.Ana.xp`` is
``xp``; a list's or a share map's numbers take the field's range)."""

ANY: Final[tuple[int, int]] = (-1_000_000, 1_000_000)
"""Any number not named above (none today: a new field gets a range here)."""

MAX_TEXT: Final[int] = 200
"""Names, cards, options, stickers: no real one is longer."""


def check_numbers(obj: Any, where: str) -> None:
    """Raise :class:`InputError` when a number of the action ``obj`` (its JSON form) is out of
    its range, or a text is longer than :data:`MAX_TEXT`."""
    name = str(obj.get("action", "")) if isinstance(obj, dict) else ""
    ranges = RANGES.get(name, {})
    stack: list[tuple[object, str, str]] = [(obj, name, "")]
    while stack:
        node, path, field = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                # a share map ({"Ana": 3}) keeps its field's name for its numbers
                keep = field if field in ("split",) else str(key)
                stack.append((value, f"{path}.{key}", keep))
        elif isinstance(node, list | tuple):
            stack.extend((v, f"{path}[{i}]", field) for i, v in enumerate(node))
        elif isinstance(node, int) and not isinstance(node, bool):
            low, high = ranges.get(field, ANY)
            if not low <= node <= high:
                raise InputError(f"{node} is not within {low}..{high}", where=f"{where}: {path}")
        elif isinstance(node, str) and len(node) > MAX_TEXT and field != "action":
            raise InputError(f"longer than {MAX_TEXT} characters", where=f"{where}: {path}")


def check_action(action: msgspec.Struct, where: str) -> None:
    """:func:`check_numbers` of a decoded action."""
    check_numbers(msgspec.to_builtins(action), where)


BUILT_IN_ACHIEVEMENTS: Final[frozenset[str]] = frozenset(
    {
        "the-power-of-enhancement",
        "ancient-technology",
        "the-drakes-command",
        "the-drakes-treasure",
        "the-drake-aided",
    }
)
"""Achievements the campaign rules themselves act on (see :mod:`.effects`)."""


@lru_cache(maxsize=16)
def known_achievements(catalog: Catalog) -> frozenset[str]:
    """Every achievement a campaign may gain: those its content lists (``achievements``), those
    any reward, requirement, event or group names, and those the rules act on."""
    names: set[str] = set(BUILT_IN_ACHIEVEMENTS)
    stack: list[tuple[object, str]] = [(msgspec.to_builtins(catalog.content), "")]
    while stack:
        node, key = stack.pop()
        if isinstance(node, dict):
            if "achievement" in key:
                names.update(str(k).lstrip("!") for k in node)
            stack.extend((v, str(k)) for k, v in node.items())
        elif isinstance(node, list | tuple):
            stack.extend((v, key) for v in node)
        elif isinstance(node, str) and "achievement" in key:
            names.add(node.lstrip("!"))
    return frozenset(names)


def check_achievement(catalog: Catalog, name: str) -> None:
    """Refuse an achievement the campaign's content does not know (a typo would otherwise be
    recorded for good and never match a requirement)."""
    known = known_achievements(catalog)
    if name not in known:
        close = sorted(k for k in known if k[:4] == name[:4])[:5]
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise InputError(f"unknown achievement {name[:80]!r}{hint}", where="achievement")
