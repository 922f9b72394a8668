"""Walks over the bundled content for tests that check every card: each monster type of every
scenario with each card of its deck, once."""

from __future__ import annotations

from functools import cache

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.model.setup import MonsterCard, MonsterType


@cache
def every_monster_card() -> tuple[tuple[MonsterType, MonsterCard], ...]:
    """Every monster type of every scenario with every card of its deck (each pair once), as a
    two-character party at level 1 meets them.

    >>> pairs = every_monster_card()
    >>> len(pairs) > 400 and len({(m.name, c.id) for m, c in pairs}) == len(pairs)
    True
    """
    pack = load_pack()
    seen: dict[tuple[str, str], tuple[MonsterType, MonsterCard]] = {}
    for number in sorted(pack.scenarios):
        setup = setup_from_pack(pack, number, [Member("brute", 1), Member("tinkerer", 1)])
        for mtype in setup.monsters:
            for card in setup.decks[mtype.deck]:
                seen.setdefault((mtype.name, card.id), (mtype, card))
    return tuple(seen.values())
