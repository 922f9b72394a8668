"""The Berserker's ability cards in delvekit's schema (merged into ``transcriptions.CLASSES``).

Only facts (numbers, keywords, markers) are carried over; no card text. Sources, read with the
search tool:

* J: the structured card database that gave the Scoundrel, the Cragheart and the Summoner
  (stored file 26426579249; the index does not name its repository): every Berserker card with
  markers, XP, use slots, elements and the area pattern;
* R: the r/Gloomhaven wiki's Berserker ability page (read for the ten level-1 cards,
  1st-edition values marked v1), which agrees with J on every number it prints but Blood Pact's
  XP;
* GHS: the card list, levels and initiatives (already in the class file), which agree with J on
  every card. Two names differ: J spells 321 "Strength of Agony" and 339 "Final Thought"; we
  keep GHS's names (R agrees on "Strength in Agony").

The wordings are named effects of :mod:`delvekit.gloomhaven.effects.classes.berserker` (its
docstring lists them and their flags); docs/content.md lists our readings.
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import AreaHex, CardAbility, CardHalf, UseSlot


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _c(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _be(rule: str, *sub: CardAbility) -> CardAbility:
    """A Berserker wording (``be-…``, performed by effects_berserker)."""
    return _c(f"be-{rule}", *sub)


def _affects(kind: str, range_: int | None = None) -> CardAbility:
    return _a("affects", kind, *((_a("range", range_),) if range_ is not None else ()))


def _consume(element: str, *sub: CardAbility) -> CardAbility:
    return _a("element", element, *sub, mode="consume")


def _infuse(element: str) -> CardAbility:
    return _a("element", element, mode="infuse")


def _plus(kind: str, n: int) -> CardAbility:
    return _a(kind, n, mode="add")


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


_XP1 = _a("xp", 1)
_HURT = _c("when-hurt")  # fewer hit points than half the maximum (rounded up)
_X = _a("attack", "X")

# G3R1R6R5A: three hexes next to the Berserker, side by side (Devil Horns).
HORNS_3 = CardAbility(
    type="area",
    area=(
        AreaHex(q=0, r=0, kind="active"),
        AreaHex(q=-1, r=1, kind="target"),
        AreaHex(q=0, r=1, kind="target"),
        AreaHex(q=1, r=0, kind="target"),
    ),
)

#: card number → (top, bottom, sources)
BERSERKER: dict[int, tuple[CardHalf, CardHalf, str]] = {
    319: (  # Resolute Stand
        CardHalf(abilities=(_be("attack", _X, _c("x-missing-hp"), _c("xp-per-5-damage")),), lost=True),
        CardHalf(abilities=(_a("move", 2), _a("retaliate", 1, _affects("self"))), round=True),
        "J R",
    ),
    320: (  # Growing Rage
        CardHalf(abilities=(_be("attack", _X, _c("x-lost-cards")),), xp=1),
        CardHalf(abilities=(_a("move", 3), _be("when-hurt", _a("attack", 2), _XP1))),
        "J R",
    ),
    321: (  # Strength in Agony (J: "Strength of Agony")
        CardHalf(abilities=(_be("attack", _a("attack", 3), _c("pay-2"), _plus("attack", 2), _XP1),)),
        CardHalf(abilities=(_be("move", _a("move", 4), _c("pay-up-to-3"), _c("x-paid")),)),
        "J R (name: GHS and R)",
    ),
    322: (  # Defiance of Death
        CardHalf(abilities=(_be("attack", _a("attack", 3), _HURT, _plus("attack", 2), _XP1),)),
        CardHalf(abilities=(_be("negate-lethal"),), persistent=True, lost=True, slots=_slots(1, 1, 1)),
        "J R",
    ),
    323: (  # From the Brink
        CardHalf(abilities=(_be("heal-x", _a("range", 2)),), lost=True, xp=2),
        CardHalf(abilities=(_a("move", 3), _a("push", 1, _affects("enemy-adjacent")))),
        "J R",
    ),
    324: (  # Blood Pact
        CardHalf(abilities=(_a("attack", 6), _be("suffer-half")), xp=2),
        CardHalf(
            abilities=(
                _c("attack-modifier", _plus("attack", 1)),
                _be("turn-start-damage", _a("suffer-damage", 1)),
            ),
            persistent=True,
            lost=True,
        ),
        "J R (XP: J gives the top 2 and the bottom none, R the top 1 and the bottom 2; J kept)",
    ),
    325: (  # Cauterize
        CardHalf(
            abilities=(
                _a("attack", 2, _a("range", 3), _a("target", 2), _a("condition", "wound")),
                _infuse("fire"),
            )
        ),
        CardHalf(
            abilities=(_c("next-heals-bonus", _plus("heal", 2)),),
            persistent=True,
            lost=True,
            slots=_slots(0, 1, 0, 1),
        ),
        "J R (attack 2 as J and R's 1st edition; the 2nd edition prints 1)",
    ),
    326: (  # Dazing Wound
        CardHalf(abilities=(_be("attack", _a("attack", 3), _c("pay-2"), _a("condition", "stun"), _XP1),)),
        CardHalf(abilities=(_a("move", 4),)),
        "J R",
    ),
    327: (  # Furious Aid
        CardHalf(abilities=(_a("loot", 2),), lost=True, xp=1),
        CardHalf(abilities=(_a("heal", 3, _a("range", 3)),)),
        "J R",
    ),
    328: (  # Bounce Back
        CardHalf(abilities=(_a("retaliate", 2, _affects("self")),), round=True),
        CardHalf(abilities=(_a("move", 3), _a("heal", 1, _affects("self")))),
        "J R",
    ),
    329: (  # Unbridled Power
        CardHalf(abilities=(_a("attack", 2, _a("condition", "stun"), _consume("fire", _plus("attack", 2))),)),
        CardHalf(
            abilities=(_be("overheal", _c("max-26")), _a("heal", 3, _affects("self"))),
            persistent=True,
            lost=True,
            xp=2,
        ),
        "J",
    ),
    330: (  # Glass Hammer
        CardHalf(
            abilities=(_be("attack", _X, _c("x-current-hp"), _c("xp-per-5-damage"), _c("hp-to-1")),),
            lost=True,
        ),
        CardHalf(abilities=(_a("move", 3),)),
        "J",
    ),
    331: (  # Numb the Pain
        CardHalf(
            abilities=(_a("attack", 3), _be("pay", _c("pay-2"), _a("shield", 1), _XP1)),
            round=True,
        ),
        CardHalf(
            abilities=(
                _a("move", 3),
                _be("pay", _c("pay-2"), _a("condition", "stun"), _affects("enemy-adjacent")),
            )
        ),
        "J",
    ),
    332: (  # Reckless Offensive
        CardHalf(abilities=(_be("attack", _a("attack", 4), _c("pay-up-to-3"), _c("targets-x")),)),
        CardHalf(
            abilities=(
                _be("melee-attackers-bonus", _plus("attack", 1)),
                _a("retaliate", 2, _affects("self")),
            ),
            persistent=True,
            lost=True,
        ),
        "J",
    ),
    333: (  # Break the Chains
        CardHalf(abilities=(_a("attack", 3, _a("range", 3), _a("target", 2)), _a("pull", 2))),
        CardHalf(
            abilities=(
                _be(
                    "move",
                    _a("move", 4),
                    _HURT,
                    _plus("move", 2),
                    _consume("fire", _plus("move", 2), _XP1),
                ),
            )
        ),
        "J",
    ),
    334: (  # Spiked Armor
        CardHalf(abilities=(_be("retaliate-bonus-this-round", _plus("retaliate", 2)),), round=True, xp=1),
        CardHalf(abilities=(_a("move", 2), _a("attack", 2, _affects("enemies-adjacent")))),
        "J",
    ),
    335: (  # Fatal Fury
        CardHalf(abilities=(_be("kill-weak"), _infuse("fire")), xp=1),
        CardHalf(abilities=(_a("attack", 2), _a("move", 2), _a("attack", 2))),
        "J",
    ),
    336: (  # Flurry of Axes
        CardHalf(
            abilities=(_be("attack", _X, _c("pay-up-to-4"), _c("x-paid"), _affects("enemies-range", 3)),),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 5),)),
        "J",
    ),
    337: (  # Shiny Distraction
        CardHalf(abilities=(_a("loot", 1), _a("shield", 1, _affects("self"))), round=True),
        CardHalf(
            abilities=(
                _be("advantage-this-round"),
                _c("attackers-disadvantaged-this-round"),
                _infuse("fire"),
            ),
            round=True,
        ),
        "J",
    ),
    338: (  # Seeing Red
        CardHalf(abilities=(_a("attack", 4), _be("when-hurt", _a("shield", 1), _XP1))),
        CardHalf(
            abilities=(_be("hurt-attack-bonus", _plus("attack", 1)),),
            persistent=True,
            lost=True,
            xp=2,
        ),
        "J",
    ),
    339: (  # Final Fight (J: "Final Thought")
        CardHalf(abilities=(_be("kill-exhaust", _c("normal-or-elite"), _a("xp", 3)),)),
        CardHalf(
            abilities=(
                _be("move", _a("move", "X"), _c("x-lost-cards")),
                _be("consume", _consume("fire", _a("attack", 3))),
            )
        ),
        "J (name: GHS; the XP 3 is gained before the exhaustion)",
    ),
    340: (  # Devil Horns
        CardHalf(abilities=(_a("attack", 4, HORNS_3, _a("condition", "wound")), _infuse("fire"))),
        CardHalf(abilities=(_a("attack", 5),), xp=1),
        "J",
    ),
    341: (  # Unstoppable Destruction
        CardHalf(abilities=(_be("attack", _a("attack", 4), _c("pay-2"), _c("ignore-shield"), _XP1),)),
        CardHalf(abilities=(_be("short-rest-as-long"),), round=True),
        "J",
    ),
    342: (  # Burning Hatred
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    3,
                    _affects("enemies-adjacent"),
                    _consume("fire", _plus("range", 2), _a("target", 0)),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 3), _a("condition", "wound", _affects("enemies-adjacent")))),
        "J",
    ),
    343: (  # Careless Charge
        CardHalf(
            abilities=(
                _a("move", 3),
                _be("attack", _a("attack", 4), _c("pay-wound"), _a("push", 2), _a("condition", "immobilize")),
            )
        ),
        CardHalf(abilities=(_be("immune-negative"),), persistent=True, lost=True, xp=2),
        "J",
    ),
    344: (  # Bone Breaker
        CardHalf(
            abilities=(
                _a("attack", 5, _a("condition", "wound"), _a("condition", "immobilize")),
                _infuse("fire"),
            )
        ),
        CardHalf(abilities=(_be("attack", _a("attack", 3, _a("range", 4)), _c("grounds-target")),)),
        "J",
    ),
    345: (  # Vengeful Barrage
        CardHalf(
            abilities=(_be("attack-on-damage", _a("attack", 3)),),
            persistent=True,
            lost=True,
            slots=_slots(1, 0, 1, 0, 1),
        ),
        CardHalf(
            abilities=(
                _a("move", 4),
                _be("consume", _consume("fire", _c("round-attack-bonus"), _plus("attack", 1), _XP1)),
            )
        ),
        "J (J sets a persistent marker on the bottom, whose bonus lasts the round: not kept)",
    ),
    346: (  # Immortality
        CardHalf(
            abilities=(_c("negate-damage-to-you"),),
            persistent=True,
            lost=True,
            slots=_slots(1, 0, 1, 0, 1),
        ),
        CardHalf(
            abilities=(
                _a("move", 2),
                _a("shield", 2, _affects("self")),
                _be("consume", _consume("fire", _a("retaliate", 2))),
            ),
            round=True,
        ),
        "J",
    ),
    347: (  # The Maw of Madness
        CardHalf(
            abilities=(
                _be(
                    "attack",
                    _a("attack", 3),
                    _affects("enemies-adjacent"),
                    _a("condition", "muddle"),
                    _c("heal-self-per-damaged-2"),
                ),
            )
        ),
        CardHalf(
            abilities=(
                _be(
                    "attack",
                    _a("attack", 3, _a("range", 3)),
                    _a("condition", "immobilize"),
                    _c("pay-up-to-5"),
                    _c("x-paid"),
                ),
            )
        ),
        "J",
    ),
}
