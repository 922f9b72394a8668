"""The Elementalist's ability cards transcribed into delvekit's schema (GHS has placeholders only).

Facts only (numbers, keywords, markers), in our schema; no card text. Merged into
``transcriptions.CLASSES`` and written into the class file by ``class_cards.py``. Sources, read
with the search tool:

* J: the structured card database (stored file 26761831706; the index does not name its
  repository): every Elementalist card with markers, XP, elements and area patterns;
* R: the r/Gloomhaven wiki Elementalist ability page (reddit.wdas.io/r/Gloomhaven/wiki/
  class_guides/class16/abilities), the ten level-1 cards (numbers, elements, XP, loss markers);
* GHS: the card list, levels and initiatives (already in the class file).

The level-1 cards rest on J and R, which agree but where each card's sources line says; the X
cards and levels 2-9 rest on J alone (docs/content.md lists the readings). The class's signature is an
ability followed by several optional consumptions, each buying its own bonus: such an ability
carries a ``custom elemental`` marker and is performed by ``effects_elementalist`` (each
consumption asked in turn). ``custom consume-all`` groups consumptions that buy one bonus
together (two elements, both needed).
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import AreaHex, CardAbility, CardHalf


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _custom(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _affects(kind: str, range_: int | None = None) -> CardAbility:
    return _a("affects", kind, *((_a("range", range_),) if range_ is not None else ()))


def _consume(element: str, *sub: CardAbility) -> CardAbility:
    return _a("element", element, *sub, mode="consume")


def _both(first: str, second: str, *sub: CardAbility) -> CardAbility:
    """Two consumptions that buy ``sub`` together."""
    return _custom("consume-all", _consume(first), _consume(second), *sub)


def _infuse(element: str) -> CardAbility:
    return _a("element", element, mode="infuse")


def _plus(kind: str, n: int) -> CardAbility:
    return _a(kind, n, mode="add")


def _xp(n: int = 1) -> CardAbility:
    return _a("xp", n)


_ELEMENTAL = _custom("elemental")

# J's direction digits: 1-6 go round a hex, 1 = (+1, 0) in our axial coordinates.
_STEP = {"1": (1, 0), "2": (0, 1), "3": (-1, 1), "4": (-1, 0), "5": (0, -1), "6": (1, -1)}


def pattern(chain: str) -> CardAbility:
    """An area from J's hex chain (G the performer, R a target hex, A an enhancement hex, left
    out; a digit steps to the next hex).

    >>> [(h.q, h.r, h.kind) for h in pattern("R2R6R").area]
    [(0, 0, 'target'), (0, 1, 'target'), (1, 0, 'target')]
    """
    q = r = 0
    cells: list[AreaHex] = []
    for ch in chain:
        if ch in _STEP:
            q, r = q + _STEP[ch][0], r + _STEP[ch][1]
        elif ch in "GR":
            cells.append(AreaHex(q=q, r=r, kind="active" if ch == "G" else "target"))
    return CardAbility(type="area", area=tuple(cells))


def ring(radius: int) -> CardAbility:
    """Every hex at exactly ``radius`` from the performer, as a melee area (Infernal Vortex).

    >>> len(ring(2).area)
    13
    """
    cells = [AreaHex(q=0, r=0, kind="active")]
    for dq in range(-radius, radius + 1):
        for dr in range(-radius, radius + 1):
            if max(abs(dq), abs(dr), abs(dq + dr)) == radius:
                cells.append(AreaHex(q=dq, r=dr, kind="target"))
    return CardAbility(type="area", area=tuple(cells))


TRIANGLE = pattern("R2R6R")

#: card number → (top, bottom, sources)
ELEMENTALIST: dict[int, tuple[CardHalf, CardHalf, str]] = {
    447: (  # Raw Enhancement
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    1,
                    _a("range", 3),
                    _ELEMENTAL,
                    _consume("fire", _plus("attack", 2), _xp()),
                    _consume("air", _plus("attack", 2)),
                ),
            )
        ),
        CardHalf(
            abilities=(
                _a(
                    "move",
                    3,
                    _ELEMENTAL,
                    _consume("ice", _plus("move", 2), _xp()),
                    _consume("earth", _plus("move", 2)),
                ),
            )
        ),
        "J R",
    ),
    448: (  # Pure Augmentation
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    1,
                    _a("range", 3),
                    _ELEMENTAL,
                    _consume("earth", _plus("attack", 2), _xp()),
                    _consume("ice", _plus("attack", 2)),
                ),
            )
        ),
        CardHalf(
            abilities=(
                _a(
                    "move",
                    3,
                    _ELEMENTAL,
                    _consume("air", _plus("move", 2), _xp()),
                    _consume("fire", _plus("move", 2)),
                ),
            )
        ),
        "J R",
    ),
    449: (  # Formless Power
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    2,
                    _a("range", 2),
                    _ELEMENTAL,
                    _consume("wild", _plus("attack", 1), _plus("range", 1), _xp()),
                    _consume("wild", _plus("attack", 1), _plus("range", 1)),
                ),
            )
        ),
        CardHalf(
            abilities=(_custom("consume-on-attack", _consume("wild", _plus("attack", 1))),),
            persistent=True,
            lost=True,
            xp=2,
        ),
        "J R (the bottom's XP 2: R only)",
    ),
    450: (  # Shaping the Ether
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    1,
                    _a("range", 3),
                    _ELEMENTAL,
                    _consume("fire", _plus("attack", 2)),
                    _consume("air", _a("push", 3)),
                    _consume("ice", _a("condition", "stun")),
                    _consume("earth", _a("target", 2)),
                ),
            ),
            xp=1,
        ),
        CardHalf(
            abilities=(
                _custom("el-infuse-any-at-turn-end"),
                _custom("attack-modifier", _a("attack", 1, mode="subtract")),
            ),
            persistent=True,
            lost=True,
        ),
        "J R",
    ),
    451: (  # Stoking Hail
        CardHalf(
            abilities=(
                _a("attack", 2, _a("range", 3), _ELEMENTAL, _consume("ice", _a("condition", "stun"), _xp())),
            )
        ),
        CardHalf(abilities=(_a("move", 2), _infuse("fire"))),
        "J R",
    ),
    452: (  # Tremulant Cyclone
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    1,
                    _a("range", 3),
                    TRIANGLE,
                    _ELEMENTAL,
                    _consume("air", _plus("attack", 1), _a("push", 1), _xp()),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 2), _infuse("earth"))),
        "J R (area: J's pattern R2R6R, R's three-hex triangle)",
    ),
    453: (  # Infernal Vortex
        CardHalf(
            abilities=(_a("attack", 4, ring(2)), _infuse("fire"), _infuse("air")),
            lost=True,
            xp=1,
        ),
        CardHalf(abilities=(_a("move", 2), _infuse("ice"))),
        "J R (every enemy at exactly range 2: the ring of hexes at distance 2 as an area)",
    ),
    454: (  # Lava Eruption
        CardHalf(
            abilities=(
                _a("attack", 1, _a("range", 4), _affects("enemies-range")),
                _infuse("fire"),
                _infuse("earth"),
            ),
            lost=True,
            xp=1,
        ),
        CardHalf(abilities=(_a("move", 2), _infuse("air"))),
        "J R",
    ),
    455: (  # Ice Spikes
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    1,
                    _a("range", 3),
                    TRIANGLE,
                    _ELEMENTAL,
                    _consume("fire", _plus("attack", 1), _a("condition", "wound"), _xp()),
                ),
            )
        ),
        CardHalf(
            abilities=(
                _a("attack", 5, _a("range", 3), _a("condition", "immobilize")),
                _infuse("ice"),
                _infuse("earth"),
            ),
            lost=True,
            xp=1,
        ),
        "J R (area: J's pattern R2R6R5A, the A an enhancement hex)",
    ),
    456: (  # Frigid Torrent
        CardHalf(
            abilities=(
                _a("attack", 3, _ELEMENTAL, _consume("earth", _a("target", 2), _a("pierce", 2), _xp())),
            )
        ),
        CardHalf(
            abilities=(
                _a("attack", 3, _a("range", 3), TRIANGLE, _a("pull", 2)),
                _infuse("ice"),
                _infuse("earth"),
            ),
            lost=True,
            xp=1,
        ),
        (
            "J R (the top's earth buys Target 2 (R; J prints no number); area R2R6R5A; "
            "the bottom's infusions: J ice and earth, R ice and air: J kept)"
        ),
    ),
    457: (  # Malleable Evocation
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    0,
                    _a("range", 2),
                    _ELEMENTAL,
                    _consume("fire", _plus("attack", 1), _a("condition", "wound")),
                    _consume("air", _plus("attack", 1), _a("target", 2)),
                    _consume("ice", _plus("attack", 1), _a("condition", "immobilize")),
                    _consume("earth", _plus("attack", 1), _a("condition", "poison")),
                ),
            ),
            xp=1,
        ),
        CardHalf(
            abilities=(
                _a(
                    "move",
                    2,
                    _ELEMENTAL,
                    _consume("fire", _plus("move", 3)),
                    _consume("air", _a("jump")),
                    _consume("ice", _a("heal", 2)),
                    _consume("earth", _a("shield", 1)),
                ),
            )
        ),
        "J (ice's Heal 2 and earth's Shield 1 are on yourself, the shield for the round)",
    ),
    458: (  # Brilliant Flash
        CardHalf(abilities=(_a("heal", 3, _a("range", 3)), _infuse("light"))),
        CardHalf(abilities=(_a("loot", 1),)),
        "J",
    ),
    459: (  # Encompassing Shadow
        CardHalf(abilities=(_a("condition", "invisible", _affects("ally", 3)), _infuse("dark"))),
        CardHalf(
            abilities=(_a("move", 2), _custom("attackers-disadvantaged-this-round", _affects("self"))),
            round=True,
        ),
        "J",
    ),
}

#: Levels 2-9, from J alone.
ELEMENTALIST.update(
    {
        460: (  # Boiling Arc
            CardHalf(abilities=(_a("attack", 2, pattern("G2R2R6R5R1R")), _infuse("fire"))),
            CardHalf(
                abilities=(_a("move", 4, _ELEMENTAL, _consume("fire", _a("retaliate", 2, _a("range", 2)))),)
            ),
            "J (area: J's pattern G2R2R6R5R1R; fire's Retaliate is yours for the round)",
        ),
        461: (  # Crystallizing Blast
            CardHalf(abilities=(_a("attack", 1, _a("range", 3), pattern("R1R3R4R5R6R1R")), _infuse("ice"))),
            CardHalf(abilities=(_a("move", 4, _ELEMENTAL, _consume("ice", _a("shield", 2))),)),
            "J (area: J's pattern R1R3R4R5R6R1R, seven hexes; ice's Shield is yours for the round; "
            "J's initiative 0, GHS's 67 kept)",
        ),
        462: (  # Burial
            CardHalf(
                abilities=(
                    _a(
                        "attack",
                        4,
                        _a("range", 4),
                        pattern("R3R5R"),
                        _ELEMENTAL,
                        _consume("earth", _plus("attack", 1), _a("condition", "immobilize"), _xp()),
                        _consume("dark", _plus("attack", 1), _a("condition", "curse"), _xp()),
                    ),
                ),
                lost=True,
            ),
            CardHalf(abilities=(_a("attack", 3, _a("range", 4)), _infuse("dark"))),
            "J (area: J's pattern R3R5R)",
        ),
        463: (  # Chain Lightning
            CardHalf(
                abilities=(
                    _custom(
                        "el-chain",
                        _a("attack", 4, _a("range", 3)),
                        _consume("light", _plus("attack", 1), _a("pierce", 2), _xp()),
                        _consume("air", _custom("fourth-target"), _xp()),
                    ),
                ),
                lost=True,
            ),
            CardHalf(abilities=(_a("heal", 3, _a("range", 4)), _infuse("light"))),
            "J (X = 4, then X-1 and X-2 on new enemies each within range 2 of the previous target, "
            "X-3 on a fourth with air; light's +1 Attack and Pierce 2 read as for every attack of the chain)",
        ),
        468: (  # Eye of the Hurricane
            CardHalf(
                abilities=(
                    _custom("el-heal-then", _a("heal", 3, _a("range", 4)), _a("attack", 2, _a("range", 2))),
                    _infuse("ice"),
                ),
                lost=True,
                xp=1,
            ),
            CardHalf(
                abilities=(
                    _a(
                        "move",
                        3,
                        _ELEMENTAL,
                        _consume("fire", _plus("move", 3)),
                        _consume("air", _a("jump"), _xp()),
                    ),
                )
            ),
            "J (the attack targets every enemy within range 2 of the healed figure, in its sight; "
            "J prints the ice infusion twice: one ice infusion)",
        ),
        470: (  # Vengeance
            CardHalf(
                abilities=(
                    _a(
                        "attack",
                        2,
                        _a("range", 3),
                        TRIANGLE,
                        _ELEMENTAL,
                        _both("dark", "wild", _custom("kill-normal"), _xp()),
                    ),
                )
            ),
            CardHalf(
                abilities=(
                    _a("move", 3),
                    _custom(
                        "el-elemental",
                        _a("retaliate", 1),
                        _affects("ally-adjacent"),
                        _both("light", "wild", _custom("instead-3"), _xp()),
                    ),
                ),
                round=True,
            ),
            "J (area R2R6R5A; dark and any other element kill every normal target instead; "
            "the bottom's Retaliate goes to one adjacent ally: 3, not 1, with light and one more element)",
        ),
        471: (  # Pragmatic Reinforcement
            CardHalf(
                abilities=(
                    _custom(
                        "el-heal-then",
                        _a("heal", 3, _a("range", 3)),
                        _consume("ice", _a("shield", 1)),
                        _consume("earth", _plus("heal", 2)),
                        _consume("light", _custom("recover-discarded-1")),
                    ),
                ),
                xp=1,
            ),
            CardHalf(
                abilities=(
                    _a(
                        "attack",
                        3,
                        _a("range", 3),
                        _ELEMENTAL,
                        _consume("fire", _a("condition", "poison"), _a("condition", "wound")),
                        _consume("air", _plus("range", 3)),
                        _consume("dark", _plus("attack", 2)),
                    ),
                ),
                xp=1,
            ),
            "J (ice's Shield 1 for the round read as the healed figure's, as light's recovery is)",
        ),
        464: (  # Primal Duality
            CardHalf(
                abilities=(_a("attack", 5, _a("range", 4), _a("target", 2)), _infuse("ice"), _infuse("fire")),
                lost=True,
                xp=1,
            ),
            CardHalf(abilities=(_a("move", 2), _infuse("light"), _infuse("dark"))),
            "J",
        ),
        465: (  # Gravel Vortex
            CardHalf(
                abilities=(_a("attack", 2, _affects("enemies-adjacent")), _infuse("air"), _infuse("earth"))
            ),
            CardHalf(abilities=(_a("loot", 1, _ELEMENTAL, _both("wild", "wild", _plus("loot", 2))),)),
            "J (two elements of any kind buy Loot 2 more: Loot 3)",
        ),
        466: (  # Obsidian Shards
            CardHalf(
                abilities=(
                    _a(
                        "attack",
                        2,
                        _a("range", 3),
                        _a("target", 2),
                        _ELEMENTAL,
                        _both("fire", "earth", _plus("attack", 3), _xp()),
                    ),
                )
            ),
            CardHalf(abilities=(_a("shield", 1), _infuse("ice"), _infuse("dark")), round=True),
            "J",
        ),
        467: (  # Winter's Edge
            CardHalf(
                abilities=(
                    _a(
                        "attack",
                        5,
                        _a("range", 2),
                        _ELEMENTAL,
                        _both("ice", "air", _plus("range", 2), _a("pierce", 4), _xp()),
                    ),
                )
            ),
            CardHalf(abilities=(_a("heal", 2, _a("range", 2)), _infuse("fire"), _infuse("light"))),
            "J",
        ),
        472: (  # Volatile Consumption
            CardHalf(abilities=(_custom("el-volatile"),), persistent=True, lost=True, xp=2),
            CardHalf(
                abilities=(
                    _custom(
                        "el-move-through",
                        _a("move", 3, _a("jump")),
                        _both("fire", "wild", _plus("move", 2), _a("condition", "wound"), _xp()),
                        _both("fire", "wild", _plus("move", 2), _a("condition", "immobilize"), _xp()),
                    ),
                )
            ),
            "J (each element you consume while the top is active: 1 damage to an enemy within range 2 "
            "or Heal 1, Range 2; J names fire and any other element for both bottom purchases: kept, "
            "so one of them per move)",
        ),
        473: (  # Elemental Aegis
            CardHalf(
                abilities=(
                    _a(
                        "shield",
                        2,
                        _ELEMENTAL,
                        _consume("wild", _plus("shield", 1), _xp()),
                        _consume("wild", _plus("shield", 1)),
                        _consume("wild", _plus("shield", 1), _xp()),
                        _consume("wild", _plus("shield", 1)),
                    ),
                ),
                round=True,
            ),
            CardHalf(abilities=(_a("heal", 5), _infuse("light"))),
            "J (four consumptions of any element, each +1 Shield, XP on the first and third)",
        ),
        475: (  # Eternal Equilibrium
            CardHalf(
                abilities=(
                    _a(
                        "attack",
                        2,
                        _a("range", 3),
                        _affects("enemies-range"),
                        _ELEMENTAL,
                        _consume("dark", _plus("attack", 1), _a("condition", "curse"), _xp()),
                        _consume("light", _plus("attack", 1), _a("condition", "muddle"), _xp()),
                    ),
                )
            ),
            CardHalf(
                abilities=(
                    _a(
                        "heal",
                        4,
                        _a("range", 4),
                        _ELEMENTAL,
                        _consume("fire", _a("retaliate", 2), _xp()),
                        _consume("ice", _a("shield", 2), _xp()),
                    ),
                )
            ),
            "J (fire's Retaliate and ice's Shield are yours, for the round)",
        ),
    }
)

# Simulacrum, Ethereal Manifestation
ELEMENTALIST.update(__import__("transcriptions_elementalist_summons").CARDS)
