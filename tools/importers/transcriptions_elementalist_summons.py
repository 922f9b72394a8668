"""The Elementalist's two summon cards (Simulacrum, level 6; Ethereal Manifestation, level 9) in
delvekit's schema, merged into ``transcriptions_elementalist.ELEMENTALIST`` (that module is near
its size limit).

Facts only, no card text. Sources, read with the search tool: J (stored file 26761831706, its
ids 498 and 503 for GHS's 469 and 474) for every number, marker, element and XP; GHS's class
file (``summons``) for the Doppelganger's and the Mana Sphere's stat lines and their wordings
(the Doppelganger: its owner may perform attack actions as if occupying its hex; the Mana
Sphere: it infuses any one element when it attacks).
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import CardAbility, CardHalf, SummonStats


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _custom(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _consume(element: str, *sub: CardAbility) -> CardAbility:
    return _a("element", element, *sub, mode="consume")


def _both(first: str, second: str, *sub: CardAbility) -> CardAbility:
    """Two consumptions that buy ``sub`` together."""
    return _custom("consume-all", _consume(first), _consume(second), *sub)


def _xp(n: int = 1) -> CardAbility:
    return _a("xp", n)


def _summon(stats: SummonStats, xp: int) -> CardHalf:
    return CardHalf(abilities=(CardAbility(type="summon", summon=stats),), lost=True, persistent=True, xp=xp)


#: card number → (top, bottom, sources)
CARDS: dict[int, tuple[CardHalf, CardHalf, str]] = {
    469: (  # Simulacrum
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    2,
                    _a("range", 3),
                    _custom("elemental"),
                    _both("wild", "wild", _a("attack", 3, mode="add"), _xp()),
                    _both("wild", "wild", _a("target", 2), _xp()),
                    _both("wild", "wild", _a("condition", "immobilize"), _a("condition", "muddle"), _xp()),
                ),
            )
        ),
        CardHalf(
            abilities=(
                CardAbility(
                    type="summon",
                    summon=SummonStats(
                        name="Doppelganger",
                        health=10,
                        move=2,
                        attack=0,
                        can_attack=False,
                        abilities=(_custom("attack-from-its-hex"),),
                    ),
                ),
                _a("element", "earth", mode="infuse"),
            ),
            lost=True,
            persistent=True,
            xp=1,
        ),
        "J (three purchases, each of any two elements), Doppelganger stats G",
    ),
    474: (  # Ethereal Manifestation
        _summon(
            SummonStats(
                name="Mana Sphere",
                health=3,
                move=3,
                attack=2,
                range=3,
                abilities=(_a("element", "wild", _custom("on-attack"), mode="infuse"),),
            ),
            xp=1,
        ),
        CardHalf(
            abilities=(
                _custom(
                    "el-any-of",
                    _consume("fire", _a("attack", 3, _a("range", 3))),
                    _consume("air", _a("move", 3)),
                    _consume("ice", _a("loot", 1)),
                    _consume("earth", _a("heal", 3, _a("range", 3))),
                ),
            )
        ),
        "J (the bottom: each consumption buys its own ability), Mana Sphere stats G",
    ),
}
