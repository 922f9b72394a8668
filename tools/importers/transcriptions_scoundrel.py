"""The Scoundrel's ability cards in delvekit's schema (merged into ``transcriptions.CLASSES``).

Only facts (numbers, keywords, markers) are carried over; no card text. Sources, read with the
search tool:

* J: the structured card database that also gave the Tinkerer, Sunkeeper and Quartermaster
  (stored file 26165175543; the index does not name its repository): every Scoundrel card with
  markers, XP, use slots and elements;
* F: the fandom Scoundrel class page's card table (level 1 and X only: for each half the kind of
  action — melee attack, move, loot, loss, persistent track, dark — no numbers).

Every number rests on J alone; F agrees on the kind of every level-1 and X half. docs/content.md
lists our readings of the special wordings. The Scoundrel's wordings are named effects of
:mod:`delvekit.gloomhaven.effects.classes.scoundrel`: ``when-P`` bonuses on an attack (P: ``flanked``
— the target is adjacent to an ally of yours; ``alone`` — it is adjacent to none of its allies;
``per-ally``; ``per-shield``; a condition of the target; ``invisible`` — you are; joined by
``-and-`` / ``-or-``), ``next-attacks-if`` (use slots), ``attacks-gain`` (active area),
``enemy-steps-next-to-you``, ``kill-if``, ``spring-trap-on-enemy``, ``loot-every-hex-entered``.
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import CardAbility, CardHalf, UseSlot


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _c(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _affects(kind: str) -> CardAbility:
    return _a("affects", kind)


def _plus(n: int) -> CardAbility:
    return _a("attack", n, mode="add")


def _when(pred: str, *sub: CardAbility) -> CardAbility:
    return _c(f"when-{pred}", *sub)


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


_XP1 = _a("xp", 1)
_INVISIBLE_SELF = _a("condition", "invisible", _affects("self"))

#: card number → (top, bottom, sources)
SCOUNDREL: dict[int, tuple[CardHalf, CardHalf, str]] = {
    88: (  # Single Out
        CardHalf(abilities=(_a("attack", 3, _when("flanked", _plus(2), _XP1)),)),
        CardHalf(
            abilities=(_c("next-attacks-if", _c("when-alone"), _plus(2)),),
            lost=True,
            persistent=True,
            slots=_slots(1, 1, 1, 1),
        ),
        "J F (top's condition as J prints it; see docs/content.md)",
    ),
    89: (  # Flanking Strike
        CardHalf(abilities=(_a("attack", 3, _when("flanked", _plus(2), _XP1)),)),
        CardHalf(abilities=(_a("move", 5),)),
        "J F",
    ),
    90: (  # Smoke Bomb
        CardHalf(
            abilities=(
                _INVISIBLE_SELF,
                _a("element", "dark", mode="infuse"),
                _c("next-attacks-if", _c("when-invisible"), _c("double")),
            ),
            lost=True,
            persistent=True,
            slots=_slots(2),
        ),
        CardHalf(abilities=(_a("pull", 2, _a("range", 3)),)),
        "J F",
    ),
    91: (  # Backstab
        CardHalf(
            abilities=(_a("attack", 3, _when("flanked", _plus(2), _XP1), _when("alone", _plus(2), _XP1)),),
            lost=True,
        ),
        CardHalf(abilities=(_a("move", 6),)),
        "J F",
    ),
    92: (  # Thief's Knack
        CardHalf(abilities=(_c("disarm-trap"),), xp=2),
        CardHalf(abilities=(_a("attack", 3),), xp=1),
        "J F",
    ),
    93: (  # Venom Shiv
        CardHalf(abilities=(_a("attack", 3, _a("condition", "poison")),), xp=1),
        CardHalf(abilities=(_a("move", 5),)),
        "J F",
    ),
    94: (  # Throwing Knives
        CardHalf(abilities=(_a("attack", 2, _a("range", 3), _a("target", 2)),), xp=1),
        CardHalf(abilities=(_a("loot", 2),), lost=True),
        "J F",
    ),
    95: (  # Quick Hands
        CardHalf(abilities=(_a("move", 2), _a("attack", 2))),
        CardHalf(abilities=(_a("loot", 1),)),
        "J F",
    ),
    96: (  # Special Mixture
        CardHalf(abilities=(_a("heal", 3, _affects("self")),)),
        CardHalf(abilities=(_a("move", 3), _a("condition", "poison", _affects("enemy-adjacent")))),
        "J F",
    ),
    97: (  # Sinister Opportunity
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    3,
                    _when("per-ally", _plus(1)),
                    _a("element", "dark", _when("per-ally", _plus(2)), _XP1, mode="consume"),
                ),
            )
        ),
        CardHalf(
            abilities=(
                _a("move", 3),
                _c("enemy-steps-next-to-you", _affects("enemy-adjacent"), _a("move", 1)),
            )
        ),
        "J F",
    ),
    98: (  # Trickster's Reversal
        CardHalf(abilities=(_a("attack", 2, _when("per-shield", _plus(2))),), lost=True, xp=2),
        CardHalf(abilities=(_c("negate-damage-to-you"),), round=True, slots=_slots(0)),
        "J F",
    ),
    99: (  # Swift Bow
        CardHalf(abilities=(_a("attack", 3, _a("range", 4)),)),
        CardHalf(abilities=(_a("move", 4, _c("loot-every-hex-entered")),)),
        "J F",
    ),
    100: (  # Open Wound
        CardHalf(abilities=(_a("attack", 4, _when("flanked", _a("condition", "wound"), _XP1)),)),
        CardHalf(abilities=(_a("move", 5),)),
        "J",
    ),
    101: (  # Flintlock
        CardHalf(abilities=(_a("loot", 1),)),
        CardHalf(abilities=(_a("attack", 5, _a("range", 4)),), lost=True, xp=2),
        "J",
    ),
    102: (  # Hidden Daggers
        CardHalf(abilities=(_a("attack", 4, _a("range", 3)),), lost=True, xp=2),
        CardHalf(abilities=(_INVISIBLE_SELF,)),
        "J",
    ),
    103: (  # Duelist's Advance
        CardHalf(abilities=(_a("move", 3), _a("attack", 3))),
        CardHalf(abilities=(_c("attacks-gain", _c("when-alone"), _plus(2)),), round=True),
        "J",
    ),
    104: (  # Flurry of Blades
        CardHalf(abilities=(_a("attack", 2, _a("range", 3), _a("target", 3)),), xp=1),
        CardHalf(abilities=(_a("move", 4), _c("attacks-gain", _c("advantage"))), round=True),
        "J",
    ),
    105: (  # Gruesome Advantage
        CardHalf(
            abilities=(_a("attack", 3, _when("flanked", _plus(3), _XP1), _when("alone", _plus(3), _XP1)),),
            lost=True,
        ),
        CardHalf(abilities=(_a("move", 7),)),
        "J",
    ),
    106: (  # Cull the Weak
        CardHalf(abilities=(_a("attack", 4, _when("flanked", _plus(2), _XP1)),)),
        CardHalf(
            abilities=(_c("next-attacks-if", _c("when-disarm-or-immobilize-or-stun"), _plus(2)),),
            lost=True,
            persistent=True,
            slots=_slots(1, 0, 1, 0, 1, 0),
        ),
        "J",
    ),
    107: (  # Visage of the Inevitable
        CardHalf(
            abilities=(
                _c("kill-if", _affects("enemy-adjacent"), _c("normal-only"), _c("when-alone-and-flanked")),
            ),
            xp=1,
        ),
        CardHalf(abilities=(_a("move", 2), _a("condition", "poison", _affects("enemies-adjacent")))),
        "J",
    ),
    108: (  # Crippling Poison
        CardHalf(abilities=(_c("attacks-gain", _c("when-poison"), _plus(2)),), lost=True, persistent=True),
        CardHalf(
            abilities=(_a("attack", 2, _a("condition", "poison"), _a("condition", "immobilize")),), xp=1
        ),
        "J",
    ),
    109: (  # Burning Oil
        CardHalf(
            abilities=(
                _a("attack", 4, _a("range", 3), _a("condition", "wound")),
                _a("element", "fire", mode="infuse"),
            ),
            xp=1,
        ),
        CardHalf(abilities=(_a("loot", 2),), xp=1),
        "J",
    ),
    110: (  # Stick to the Shadows
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    4,
                    _a("element", "dark", _when("flanked", _plus(4), _a("xp", 2)), mode="consume"),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 2), _INVISIBLE_SELF)),
        "J",
    ),
    111: (  # Spring the Trap
        CardHalf(abilities=(_c("spring-trap-on-enemy", _a("range", 3)),), xp=2),
        CardHalf(
            abilities=(_c("next-attacks-if", _c("when-alone-and-flanked"), _c("double")),),
            lost=True,
            persistent=True,
            slots=_slots(2),
        ),
        "J",
    ),
    112: (  # Stiletto Storm
        CardHalf(abilities=(_a("attack", 2, _a("range", 3), _a("target", 4)),), xp=1),
        CardHalf(abilities=(_a("move", 4), _a("retaliate", 1)), round=True),
        "J",
    ),
    113: (  # Pain's End
        CardHalf(abilities=(_a("heal", 8, _affects("self")),), lost=True, xp=2),
        CardHalf(
            abilities=(
                _a("move", 3),
                _c("kill-if", _affects("enemy-adjacent"), _c("normal-or-elite"), _c("when-hp-at-most-3")),
            )
        ),
        "J",
    ),
    114: (  # Long Con
        CardHalf(abilities=(_a("attack", 4, _affects("enemies-adjacent"), _a("condition", "disarm")),)),
        CardHalf(
            abilities=(
                _c(
                    "enemy-turns-on-its-allies-this-round",
                    _a("affects", "enemy", _a("range", 1)),
                    _c("normal-or-elite"),
                    _c("you-control"),
                ),
            ),
            lost=True,
            round=True,
            xp=2,
        ),
        "J",
    ),
    115: (  # Watch It Burn
        CardHalf(
            abilities=(_c("attacks-gain", _a("condition", "poison"), _a("condition", "wound")),),
            lost=True,
            persistent=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 5), _a("condition", "wound", _affects("enemies-adjacent")))),
        "J",
    ),
}
