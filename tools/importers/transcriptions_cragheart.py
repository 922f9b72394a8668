"""The Cragheart's ability cards transcribed into delvekit's schema (GHS has placeholders only).

Facts only (numbers, keywords, markers), in our schema; no card text. Merged into
``transcriptions.CLASSES`` and written into the class file by ``class_cards.py``. Sources, read
with the search tool:

* J: the structured card database (stored file 26468133426; the index does not name its
  repository): every Cragheart card with markers, XP, use slots, elements and area patterns;
* D: a deck-builder's card tags (repository smorawski/deck-builder,
  ``src/resources/classes/cragheart/abilities/*/index.js``): attack and move numbers, loss
  markers, XP, elements and effect keywords per half, every card;
* F: the Dized Cragheart FAQ (rules.dized.com, cragheart-faq): rulings used for our readings;
* GHS: the card list, levels and initiatives (already in the class file).

Every number D prints agrees with J; ranges, areas, use slots, round markers and the wording of
the special lines rest on J. docs/content.md lists the readings.

J draws an area as a chain of hexes (G the performer, R a target, A an enhancement hex; a digit
1-6 between two hexes is the direction of the next one: 1 = (+1, 0), 2 = (0, +1), 3 = (-1, +1),
4 = (-1, 0), 5 = (0, -1), 6 = (+1, -1) in our axial coordinates). The engine turns and mirrors
a pattern as a whole.
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import AreaHex, CardAbility, CardHalf, UseSlot


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _custom(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _affects(kind: str, range_: int | None = None) -> CardAbility:
    return _a("affects", kind, *((_a("range", range_),) if range_ is not None else ()))


def _consume(element: str, *sub: CardAbility) -> CardAbility:
    return _a("element", element, *sub, mode="consume")


def _infuse(element: str) -> CardAbility:
    return _a("element", element, mode="infuse")


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


def _area(*hexes: tuple[int, int, str]) -> CardAbility:
    return CardAbility(type="area", area=tuple(AreaHex(q=q, r=r, kind=k) for q, r, k in hexes))  # type: ignore[arg-type]


def _shape(*hexes: tuple[int, int]) -> CardAbility:
    """An area for the Cragheart's own area attacks (``area-attack``): offsets as one flag."""
    return _custom("shape:" + "/".join(f"{q},{r}" for q, r in hexes))


def _xp_if(element: str, xp: int) -> CardAbility:
    """The XP of an attack's consumption (the consumption itself stays on the attack)."""
    return _custom("xp-if-consumed", _consume(element), _a("xp", xp))


def _around(damage: int, *rest: CardAbility) -> CardAbility:
    """Every ally and enemy adjacent to you (or, with ``around-target``, to the target)."""
    return _custom("suffer-adjacent", _a("suffer-damage", damage), *rest)


# R1G1R: a target on each side of the performer, opposite each other (Opposing Strike).
OPPOSITE_2 = _area((0, 0, "active"), (-1, 0, "target"), (1, 0, "target"))
# G2R6R5A: two adjacent hexes next to the performer (Avalanche).
WEDGE_2 = _area((0, 0, "active"), (0, 1, "target"), (1, 0, "target"))
# R2R6R5A: three mutually adjacent hexes, ranged (Forceful Storm, Sentient Growth).
TRIANGLE_3 = _area((0, 0, "target"), (0, 1, "target"), (1, 0, "target"))
# R1R3R4R5R6R1R: a hex and its six neighbours (Dirt Tornado).
FLOWER_7 = ((0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

_EARTH_ATTACK_1 = _consume("earth", _a("attack", 1, mode="add"))

#: card number → (top, bottom, sources)
CRAGHEART: dict[int, tuple[CardHalf, CardHalf, str]] = {
    116: (  # Opposing Strike
        CardHalf(abilities=(_a("attack", 3, OPPOSITE_2),), xp=1),
        CardHalf(
            abilities=(_custom("retaliate-on-melee-attacked", _a("retaliate", 2)),),
            persistent=True,
            lost=True,
            slots=_slots(0, 1, 0, 1, 0, 1),
        ),
        "J D (area, use slots and their XP: J only)",
    ),
    117: (  # Crushing Grasp
        CardHalf(abilities=(_a("attack", 3, _a("condition", "immobilize")), _infuse("earth"))),
        CardHalf(abilities=(_a("loot", 1),)),
        "J D",
    ),
    118: (  # Avalanche
        CardHalf(
            abilities=(_a("attack", 4, WEDGE_2, _EARTH_ATTACK_1), _xp_if("earth", 1)),
            lost=True,
            xp=1,
        ),
        CardHalf(abilities=(_custom("create-obstacle"), _infuse("earth"))),
        "J D (area and the obstacle: J only; D: attack 4/5, earth, XP, lost)",
    ),
    119: (  # Rumbling Advance
        CardHalf(abilities=(_a("heal", 4, _a("range", 2)), _infuse("earth"))),
        CardHalf(abilities=(_a("move", 2), _around(1), _infuse("earth"))),
        "J D",
    ),
    120: (  # Massive Boulder
        CardHalf(
            abilities=(
                _a("attack", 3, _a("range", 3)),
                _around(1, _custom("around-target")),
                _infuse("earth"),
            )
        ),
        CardHalf(abilities=(_a("move", 4),)),
        "J D",
    ),
    121: (  # Backup Ammunition
        CardHalf(
            abilities=(_custom("next-ranged-attacks-add-target", _a("target", 1)),),
            persistent=True,
            lost=True,
            slots=_slots(1, 1, 1, 1),
        ),
        CardHalf(abilities=(_a("move", 3),)),
        "J D (use slots and their XP: J only)",
    ),
    122: (  # Rock Tunnel
        CardHalf(abilities=(_custom("destroy-obstacle"),), xp=1),
        CardHalf(
            abilities=(
                _a("move", 5, _a("jump")),
                _a("condition", "immobilize", _affects("enemies-moved-through")),
            ),
            lost=True,
            xp=1,
        ),
        "J D",
    ),
    123: (  # Unstable Upheaval
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    3,
                    _affects("enemies-adjacent"),
                    _consume("earth", _a("target", 0), _a("range", 2, mode="add")),
                ),
                _xp_if("earth", 1),
                _a("suffer-damage", 2, _affects("allies-adjacent")),
            ),
            lost=True,
            xp=1,
        ),
        CardHalf(
            abilities=(
                _a("suffer-damage", 1, _affects("allies")),
                _a("shield", 2, _affects("allies")),
            ),
            lost=True,
            round=True,
            xp=2,
        ),
        "J D (round marker and the earth range: J only; target 0 under earth: every enemy in range)",
    ),
    124: (  # Crater
        CardHalf(
            abilities=(_a("attack", 3, _a("range", 3), _consume("earth", _a("push", 2))), _xp_if("earth", 1))
        ),
        CardHalf(
            abilities=(
                _around(1),
                _a("move", 4, _a("jump")),
                _around(1, _consume("earth", _a("suffer-damage", 2), _a("xp", 1))),
            ),
            lost=True,
            xp=1,
        ),
        "J D (the damage lines: J only; F: earth changes the second line only)",
    ),
    125: (  # Dirt Tornado
        CardHalf(
            abilities=(
                _custom(
                    "area-attack",
                    _a("attack", 1, _a("range", 2)),
                    _shape(*FLOWER_7),
                    _a("condition", "muddle"),
                    _consume("earth", _a("attack", 1, mode="add"), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 3),)),
        "J D (area: J only)",
    ),
    126: (  # Earthen Clod
        CardHalf(
            abilities=(
                _a("attack", 2, _a("range", 5), _consume("earth", _a("condition", "immobilize"))),
                _xp_if("earth", 1),
            )
        ),
        CardHalf(abilities=(_a("heal", 2, _a("range", 3)),)),
        "J D",
    ),
    127: (  # Heaving Swing
        CardHalf(
            abilities=(
                _a("attack", 3, _a("push", 1)),
                _custom("push-smash", _a("suffer-damage", 2), _a("xp", 1)),
            )
        ),
        CardHalf(abilities=(_custom("ranged-bonus-this-round", _a("attack", 1, mode="add")),), round=True),
        "J D",
    ),
    128: (  # Forceful Storm
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    3,
                    _a("range", 3),
                    TRIANGLE_3,
                    _a("condition", "disarm"),
                    _custom("xp-per-target", _a("xp", 1)),
                ),
                _infuse("air"),
            ),
            lost=True,
        ),
        CardHalf(abilities=(_custom("melee-bonus-this-round", _a("attack", 2, mode="add")),), round=True),
        "J D (area: J only)",
    ),
    129: (  # Nature's Lift
        CardHalf(abilities=(_a("heal", 2, _a("range", 3), _a("target", 2)),)),
        CardHalf(
            abilities=(
                _custom("ranged-attacks-consume-for-range", _consume("air", _a("range", 2, mode="add"))),
            ),
            persistent=True,
            lost=True,
            slots=_slots(0, 1, 0, 1, 0, 1),
        ),
        "J D (use slots and their XP: J only)",
    ),
}

# A ranged triangle for Sentient Growth: R2R6R5A (as Forceful Storm's).
# Stone Pummel, A2R6R2G2R6R2A: two pairs of hexes on opposite sides of the performer.
PAIRS_4 = _area((0, 0, "active"), (-1, 0, "target"), (0, -1, "target"), (0, 1, "target"), (1, 0, "target"))
# Cataclysm, G1R3R4R2R1R6R: six hexes in front of the performer (two rows of three).
FRONT_6 = ((1, 0), (0, 1), (-1, 1), (-1, 2), (0, 2), (1, 1))

# Levels 2-9: every number D prints agrees with J except where a card's sources say otherwise.
CRAGHEART.update(
    {
        130: (  # Explosive Punch
            CardHalf(
                abilities=(
                    _custom("destroy-obstacle", _custom("any-size")),
                    _custom("attack-around-obstacle", _a("attack", 4), _custom("destroyed")),
                    _infuse("earth"),
                ),
                lost=True,
                xp=2,
            ),
            CardHalf(abilities=(_a("move", 4),)),
            "J D",
        ),
        131: (  # Sentient Growth
            CardHalf(
                abilities=(
                    _custom(
                        "area-attack",
                        _a("attack", 2, _a("range", 3)),
                        _shape((0, 0), (0, 1), (1, 0)),
                        _a("heal", 2),
                    ),
                )
            ),
            CardHalf(
                abilities=(
                    _a("move", 2),
                    _a("heal", 1, _affects("allies-adjacent")),
                    _a("attack", 1, _affects("enemies-adjacent")),
                )
            ),
            "J D (F: the heal needs the attack to have a target, same area)",
        ),
        132: (  # Clear the Way
            CardHalf(
                abilities=(
                    _custom("move-obstacle", _a("range", 4)),
                    _custom(
                        "attack-around-obstacle",
                        _a("attack", 2),
                        _custom("moved"),
                        _consume("earth", _a("attack", 1, mode="add"), _a("xp", 1)),
                    ),
                ),
                xp=1,
            ),
            CardHalf(abilities=(_a("move", 5, _a("jump")), _custom("clear-path")), lost=True, xp=2),
            "J D",
        ),
        133: (  # Blunt Force
            CardHalf(
                abilities=(_a("attack", 4, _consume("earth", _a("attack", 4, mode="add"), _a("xp", 2))),),
                lost=True,
                xp=1,
            ),
            CardHalf(abilities=(_a("move", 2), _a("retaliate", 1, _affects("self"))), round=True, xp=1),
            "J D",
        ),
        134: (  # Rock Slide
            CardHalf(
                abilities=(
                    _custom("create-obstacle", _a("range", 4), _a("target", 3), _custom("damage-adjacent:2")),
                    _infuse("earth"),
                ),
                xp=2,
            ),
            CardHalf(abilities=(_custom("move-straight", _a("move", 6)),)),
            "J D (initiative 81 in J and D, 87 in GHS: GHS kept; F: 2 damage at most per figure)",
        ),
        135: (  # Kinetic Assault
            CardHalf(abilities=(_a("move", 1), _a("attack", 4))),
            CardHalf(abilities=(_a("retaliate", 3, _a("range", 3)),), lost=True, round=True, xp=2),
            "J D",
        ),
        136: (  # Petrify
            CardHalf(
                abilities=(
                    _custom("kill", _affects("enemy", 4), _custom("normal-only")),
                    _custom("obstacle-where-killed"),
                    _infuse("earth"),
                ),
                lost=True,
                xp=2,
            ),
            CardHalf(abilities=(_a("move", 3), _a("condition", "immobilize", _affects("enemies-adjacent")))),
            "J D (F: money stays on the obstacle)",
        ),
        137: (  # Stone Pummel
            CardHalf(abilities=(_a("attack", 3, PAIRS_4, _a("condition", "muddle")),), xp=1),
            CardHalf(
                abilities=(_custom("next-melee-attacks-destroy-obstacle", _a("attack", 3, mode="add")),),
                persistent=True,
                lost=True,
                slots=_slots(1, 1, 1, 1),
            ),
            "J D (area, use slots and their XP: J only; F: a slot only when an obstacle is destroyed)",
        ),
        138: (  # Dig Pit
            CardHalf(
                abilities=(
                    _custom("create-trap-adjacent", _a("suffer-damage", 2), _a("condition", "stun")),
                    _a("condition", "muddle", _affects("enemies-adjacent")),
                )
            ),
            CardHalf(abilities=(_a("move", 2), _a("condition", "invisible"))),
            "J D",
        ),
        139: (  # Cataclysm
            CardHalf(
                abilities=(
                    _custom(
                        "area-attack",
                        _a("attack", 4),
                        _shape(*FRONT_6),
                        _a("condition", "immobilize"),
                        _consume("earth", _a("attack", 2, mode="add"), _a("xp", 2)),
                    ),
                ),
                lost=True,
            ),
            CardHalf(abilities=(_a("move", 3, _consume("earth", _a("move", 3, mode="add"))),)),
            "J D (area: J only)",
        ),
        140: (  # Meteor
            CardHalf(
                abilities=(
                    _custom("create-obstacle", _a("range", 3), _custom("triangle")),
                    _custom(
                        "attack-around-obstacle",
                        _a("attack", 4),
                        _a("condition", "immobilize"),
                        _custom("created"),
                    ),
                    _infuse("earth"),
                ),
                lost=True,
                xp=2,
            ),
            CardHalf(abilities=(_a("move", 4, _a("jump")),)),
            "J D (F: all three hexes within range 3)",
        ),
        141: (  # Brutal Momentum
            CardHalf(
                abilities=(
                    _a("attack", 3, _a("push", 2)),
                    _custom("push-blocked-damage", _a("suffer-damage", 2), _a("xp", 1)),
                )
            ),
            CardHalf(
                abilities=(
                    _custom(
                        "ranged-bonus-this-round",
                        _a("attack", 1, mode="add"),
                        _consume("earth", _a("attack", 2, mode="add"), _a("xp", 1)),
                    ),
                ),
                round=True,
            ),
            "J D",
        ),
        142: (  # Rocky End
            CardHalf(
                abilities=(
                    _custom(
                        "destroy-in-range", _a("range", 2), _consume("earth", _a("range", 3), _a("xp", 1))
                    ),
                    _custom("attack-x-destroyed"),
                ),
                lost=True,
                xp=2,
            ),
            CardHalf(abilities=(_custom("move-end-by-obstacle", _a("move", 6)),)),
            "J D (D tags the top ranged; J prints no range: melee kept)",
        ),
        143: (  # Lumbering Bash
            CardHalf(abilities=(_a("move", 2), _a("attack", 5), _infuse("earth")), xp=1),
            CardHalf(
                abilities=(_custom("at-turn-start", _a("heal", 2, _a("range", 2))),),
                persistent=True,
                lost=True,
                slots=_slots(1, 0, 1, 0, 1),
            ),
            "J D (use slots and their XP: J only)",
        ),
        144: (  # Blind Destruction
            CardHalf(
                abilities=(
                    _a("attack", 4, _a("range", 4)),
                    _around(0, _custom("around-target"), _custom("as-target")),
                )
            ),
            CardHalf(abilities=(_a("move", 4), _around(2, _custom("along-path")), _infuse("earth"))),
            "J D",
        ),
        145: (  # Pulverize
            CardHalf(
                abilities=(
                    _a("attack", 3, _affects("enemies-adjacent"), _a("push", 2)),
                    _custom("push-smash", _a("suffer-damage", 2), _a("xp", 1)),
                ),
                lost=True,
            ),
            CardHalf(
                abilities=(
                    _a("attack", 2, _affects("enemies-adjacent")),
                    _a("move", 5, _a("jump")),
                    _a("attack", 3, _affects("enemies-adjacent")),
                ),
                lost=True,
                xp=2,
            ),
            "J D (bottom's second attack: J 3, D 2; J kept)",
        ),
    }
)
