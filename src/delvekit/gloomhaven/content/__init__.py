"""Gloomhaven content: the bundled base-game pack (classes, monsters, decks, items, scenarios,
campaign cards and tables) in delvekit's own schema, and users' content folders.

>>> pack = load_pack()
>>> pack.monsters["bandit-guard"].stats(4, "elite").health
11
>>> pack.classes["brute"].playable_at(9), pack.classes["tinkerer"].playable_at(1)
(True, True)
>>> [card.name for card in pack.classes["sawbones"].missing_cards(1)]  # no public source
['Mobile Response']

docs/content.md describes the schema, the checks and the sources.
"""

from __future__ import annotations

from pathlib import Path

from delvekit.gloomhaven.content.pack import BUNDLED, ContentPack
from delvekit.gloomhaven.content.schema import (
    AbilityCard,
    CardAbility,
    CharacterClass,
    Item,
    MonsterCard,
    MonsterDeck,
    MonsterType,
    Perk,
    StatLine,
)

__all__ = [
    "BUNDLED",
    "AbilityCard",
    "CardAbility",
    "CharacterClass",
    "ContentPack",
    "Item",
    "MonsterCard",
    "MonsterDeck",
    "MonsterType",
    "Perk",
    "StatLine",
    "load_pack",
]

_bundled: ContentPack | None = None


def load_pack(extra: str | Path | None = None) -> ContentPack:
    """The bundled pack (decoded once and cached), or a new pack with the user's folder
    ``extra`` laid over it. A user folder is decoded and checked in full at once; any problem
    raises :class:`~delvekit.core.errors.ContentError` naming the file and field."""
    global _bundled
    if extra is None:
        if _bundled is None:
            _bundled = ContentPack([BUNDLED])
        return _bundled
    pack = ContentPack([BUNDLED, Path(extra)])
    pack.load_all()
    from delvekit.gloomhaven.content.check import raise_problems

    raise_problems(pack, only_from=Path(extra))
    return pack
