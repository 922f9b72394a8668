"""Class ability cards transcribed into delvekit's schema where GHS has only placeholders.

Only facts (numbers, keywords, markers) are carried over, in our schema; no card text. A card is
transcribed only when two sources agree on its abilities; docs/content.md lists, card by card,
which sources were used and which facts rest on one source. Sources, read with the search tool:

* R: the r/Gloomhaven wiki Tinkerer ability page (reddit.wdas.io/r/Gloomhaven/wiki/class_guides/
  class02/abilities), level-1 cards and the first X card;
* B: buildhaven.app/class/tinkerer (numbers only; no loss markers, elements often missing);
* J: a structured card database found with the search tool (stored file 27045737830; the index
  does not name its repository), every Tinkerer card with markers, XP and use slots;
* L: GHS's English label file, the text of the free-text lines (tinkerer.abilities.N).
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import Ability, AreaHex, CardHalf, SummonStats, UseSlot


def _a(kind: str, value: Any = None, *sub: Ability, mode: str = "absolute") -> Ability:
    return Ability(type=kind, value=value, mode=mode, sub=tuple(sub))


def _custom(rule: str, *sub: Ability) -> Ability:
    return _a("custom", rule, *sub)


def _affects(kind: str, range_: int | None = None) -> Ability:
    return _a("affects", kind, *((_a("range", range_),) if range_ is not None else ()))


def _area(*hexes: tuple[int, int, str]) -> Ability:
    return Ability(type="area", area=tuple(AreaHex(q=q, r=r, kind=k) for q, r, k in hexes))  # type: ignore[arg-type]


# A ranged 3-hex triangle: three mutually adjacent hexes, anchored on the first target.
TRIANGLE_3 = _area((0, 0, "target"), (1, -1, "target"), (1, 0, "target"))
# A melee 4-hex diamond with the performer at one point: two hexes in front, one beyond them.
DIAMOND_4 = _area((0, 0, "active"), (1, -1, "target"), (1, 0, "target"), (2, -1, "target"))

#: card number → (top, bottom, sources)
TINKERER: dict[int, tuple[CardHalf, CardHalf, str]] = {
    30: (  # Proximity Mine
        CardHalf(
            abilities=(
                _custom("create-trap-adjacent", _a("suffer-damage", 6)),
                _custom("xp-when-trap-sprung-by-enemy", _a("xp", 2)),
            ),
            lost=True,
        ),
        CardHalf(abilities=(_a("move", 4),)),
        "J R L (XP 2; B says 1)",
    ),
    31: (  # Harmless Contraption
        CardHalf(
            abilities=(
                Ability(
                    type="summon",
                    summon=SummonStats(name="Decoy", health=6, move=2, attack=0, can_attack=False),
                ),
            ),
            lost=True,
            persistent=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("heal", 2, _a("range", 3)),)),
        "J R, Decoy stats R and GHS/XHA class summons",
    ),
    32: (  # Flamethrower
        CardHalf(
            abilities=(
                _a("attack", 3, DIAMOND_4, _a("condition", "wound")),
                _a("element", "fire", mode="infuse"),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("shield", 1, _affects("self-allies-adjacent")),), round=True),
        "J R (B lacks the wound and the pattern)",
    ),
    33: (  # Hook Gun
        CardHalf(abilities=(_a("attack", 2, _a("range", 3), _a("pull", 2)),)),
        CardHalf(abilities=(_a("loot", 2),), lost=True, xp=1),
        "J R B",
    ),
    34: (  # Ink Bomb
        CardHalf(
            abilities=(
                _a("attack", 4, _a("range", 3), TRIANGLE_3, _custom("xp-per-target", _a("xp", 1))),
                _a("element", "dark", mode="infuse"),
            ),
            lost=True,
        ),
        CardHalf(abilities=(_a("move", 4),)),
        "J R L (B lacks the element)",
    ),
    35: (  # Net Shooter
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    3,
                    _a("range", 3),
                    TRIANGLE_3,
                    _a("condition", "immobilize"),
                    _custom("xp-per-target", _a("xp", 1)),
                ),
            ),
            lost=True,
        ),
        CardHalf(abilities=(_a("condition", "immobilize", _affects("enemy-adjacent")), _a("move", 2))),
        "J R B L",
    ),
    36: (  # Stun Shot
        CardHalf(abilities=(_a("attack", 1, _a("range", 3), _a("condition", "stun")),)),
        CardHalf(abilities=(_a("move", 4),)),
        "J R B",
    ),
    37: (  # Reinvigorating Elixir
        CardHalf(abilities=(_a("heal", 3, _a("range", 3)),)),
        CardHalf(
            abilities=(_custom("ally-recovers-discarded", _affects("ally-adjacent"), _custom("all")),),
            lost=True,
            xp=2,
        ),
        "J R B L",
    ),
    38: (  # Restorative Mist
        CardHalf(abilities=(_a("heal", 3, _a("range", 3)),)),
        CardHalf(abilities=(_a("move", 2), _a("heal", 1, _affects("allies-adjacent")))),
        "J R B",
    ),
    39: (  # Energizing Tonic
        CardHalf(abilities=(_a("heal", 5, _a("range", 2)),), lost=True, xp=2),
        CardHalf(abilities=(_a("move", 6),), lost=True, xp=1),
        "J R B",
    ),
    40: (  # Enhancement Field
        CardHalf(abilities=(_a("attack", 3, _a("range", 3)),)),
        CardHalf(
            abilities=(
                _custom("bonus-this-round", _a("attack", 1, mode="add"), _affects("self-allies-adjacent")),
            ),
            round=True,
        ),
        "J R B L",
    ),
    41: (  # Toxic Bolt
        CardHalf(
            abilities=(
                _a("attack", 2, _a("range", 3), _a("condition", "poison")),
                _a("element", "earth", mode="infuse"),
            )
        ),
        CardHalf(abilities=(_a("attack", 5, _a("range", 2)),), lost=True, xp=2),
        "J R (B lacks the element and markers)",
    ),
    42: (  # Reviving Shock
        CardHalf(abilities=(_a("attack", 2, _a("range", 3), _a("target", 2)),)),
        CardHalf(abilities=(_a("heal", 5, _a("range", 2)),), lost=True, xp=2),
        "J B (XP and loss marker: J only)",
    ),
    43: (  # Volatile Concoction
        CardHalf(
            abilities=(_custom("create-trap-adjacent", _a("suffer-damage", 2), _a("condition", "poison")),)
        ),
        CardHalf(
            abilities=(
                _custom(
                    "ally-recovers-discarded",
                    _affects("ally", 2),
                    _a("element", "ice", _custom("up-to-two-instead"), mode="consume"),
                ),
            )
        ),
        "J R B L",
    ),
    44: (  # Potent Potables
        CardHalf(
            abilities=(_custom("next-heals-bonus", _a("heal", 2, mode="add")),),
            persistent=True,
            lost=True,
            slots=(UseSlot(xp=0), UseSlot(xp=1), UseSlot(xp=0), UseSlot(xp=1)),
        ),
        CardHalf(abilities=(_a("move", 3),)),
        "J B L (use slots and their XP: J only)",
    ),
}

#: class id → its transcribed cards.
CLASSES: dict[str, dict[int, tuple[CardHalf, CardHalf, str]]] = {"tinkerer": TINKERER}
