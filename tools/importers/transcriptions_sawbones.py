"""The Sawbones's ability cards in delvekit's schema (merged into ``transcriptions.CLASSES``).

Facts only (numbers, keywords, markers; no card text). The named effects (every one starts
``sb-``) are performed by :mod:`delvekit.gloomhaven.effects.classes.sawbones`, whose docstring
says what each does and which readings it takes; docs/effects.md has the table.

Sources, read with the search tool:

* J: the structured card database that also gave the Tinkerer, Sunkeeper, Quartermaster and
  Plagueherald (stored file 27086832754; the index does not name its repository): every Sawbones
  card with markers, XP, use slots and area patterns -- except Mobile Response. J numbers its
  Medical Packs 416-423 and its Large Medical Packs 424-427 and has no Mobile Response; GHS
  numbers Mobile Response 416, the Medical Pack 417 and the Large Medical Pack 424 (one card each,
  level "M"). We key by GHS's numbers.
* Q: the Dized Sawbones FAQ (rules.dized.com .../saw-faq and .../sawbones-cards-410-430-433-437,
  search corpus ``pages``): medical packs are handed to allies and go back to the supply when
  used or at the scenario's end; a card placed in an ally's active area is owned by that ally and
  only its bottom's persistent bonus applies to them; Syringe's top goes to the Sawbones's
  discard pile at the round's end; Curative Mixture on a poisoned figure removes the poison and
  heals nothing (the ordinary poison rule).

No second card source carries the numbers (COVERAGE.md: 0 text sources for this class): every
number rests on J alone; card list, levels and initiatives come from GHS (J agrees on every
initiative it has).

**Mobile Response (416)** is on no public source we could find (J skips it; GHS, XHA and the
any2cards list have no abilities for it; searched: the code corpus for "Mobile Response",
"mobile-response", "mobileresponse", the J file itself, the pages corpus for the class's card
list and FAQ): it stays a placeholder, and the class builds its level-1 hand from the other nine
level-1 cards and the three X cards (``CharacterClass.playable_at``).

The medical packs' heal (4 and 8) is written twice: on the pack cards (417, 424, never in a hand:
level M) and in the ``sb-give-pack`` abilities that hand them out (the engine gives the held pack
that heal); ``tests/engine/test_class_sawbones.py`` checks that the two agree.
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import AreaHex, CardAbility, CardHalf, UseSlot


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _c(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _range(n: int) -> CardAbility:
    return _a("range", n)


def _cond(name: str) -> CardAbility:
    return _a("condition", name)


def _affects(kind: str) -> CardAbility:
    return _a("affects", kind)


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


def _area(*hexes: tuple[int, int]) -> CardAbility:
    """A ranged area: every hex a target hex."""
    return CardAbility(type="area", area=tuple(AreaHex(q=q, r=r, kind="target") for q, r in hexes))


# J's R2R6R: three mutually adjacent hexes.
TRIANGLE_3 = ((0, 0), (0, 1), (1, 0))


UNSOURCED = frozenset({416})
"""Mobile Response: on no public source (the module docstring says what was searched)."""

MEDICAL, LARGE = 4, 8
"""The heal of a Medical Pack (417) and of a Large Medical Pack (424)."""


def _pack(heal: int) -> tuple[CardHalf, CardHalf, str]:
    half = CardHalf(abilities=(_a("heal", heal, _affects("self")), _c("sb-return-to-supply")))
    return (half, half, "J (basic actions and negating damage forbidden: J and Q)")


def _give(kind: str, affects: str) -> CardAbility:
    """Give a Medical Pack (``medical``) or a Large Medical Pack (``large``) to ``affects``."""
    heal = MEDICAL if kind == "medical" else LARGE
    who = _c("healed") if affects == "healed" else _affects(affects)  # "healed": the figure just healed
    return _c("sb-give-pack", _c(f"pack-{kind}"), _a("heal", heal), who)


#: card number (GHS) → (top, bottom, sources)
SAWBONES: dict[int, tuple[CardHalf, CardHalf, str]] = {
    407: (  # First Aid
        CardHalf(abilities=(_give("medical", "ally-adjacent"),), xp=1),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
    408: (  # Hand of the Surgeon
        CardHalf(abilities=(_a("attack", 3),), xp=1),
        CardHalf(abilities=(_c("sb-heals-affect-adjacent-this-round"),), round=True),
        "J",
    ),
    409: (  # Hold Back the Pain
        CardHalf(abilities=(_a("heal", 3, _range(1)),), xp=1),
        CardHalf(abilities=(_c("sb-melee-targets-adjacent-this-round"),), round=True),
        "J",
    ),
    410: (  # Booster Shot
        CardHalf(abilities=(_a("heal", 4, _range(1)),)),
        CardHalf(
            abilities=(_c("sb-place-with-ally", _a("shield", 1)),),
            persistent=True,
            lost=True,
            xp=2,
        ),
        "J, Q (the shield is the ally's)",
    ),
    411: (  # Bloody Saw
        CardHalf(abilities=(_a("attack", 3, _cond("wound")),), xp=1),
        CardHalf(abilities=(_a("loot", 1),)),
        "J",
    ),
    412: (  # Curative Mixture
        CardHalf(abilities=(_a("heal", 2, _range(1)), _c("sb-cleanse", _c("healed"))), xp=1),
        CardHalf(abilities=(_a("move", 3), _c("sb-cleanse", _affects("ally-adjacent")))),
        "J",
    ),
    413: (  # Syringe
        CardHalf(abilities=(_c("sb-lend-this-round", _a("shield", 2)),), round=True),
        CardHalf(abilities=(_a("attack", 1, _cond("poison"), _cond("stun")),)),
        "J, Q (the shield is the ally's for the round)",
    ),
    414: (  # Battlefield Medicine
        CardHalf(abilities=(_give("large", "ally-adjacent"),), lost=True, xp=2),
        CardHalf(
            abilities=(_c("sb-prevent-conditions-this-round", _affects("self-allies")),),
            round=True,
        ),
        "J",
    ),
    415: (  # Triage
        CardHalf(
            abilities=(_c("sb-heal-each-turn", _a("heal", 2, _range(1))),),
            persistent=True,
            lost=True,
            slots=_slots(0, 1, 0, 1),
        ),
        CardHalf(abilities=(_a("move", 5),)),
        "J",
    ),
    417: _pack(MEDICAL),  # Medical Pack
    424: _pack(LARGE),  # Large Medical Pack
    428: (  # Prevention Is Key
        CardHalf(abilities=(_a("condition", "disarm", _affects("enemies-adjacent")),)),
        CardHalf(abilities=(_c("sb-shield-aura", _a("shield", 1)),), persistent=True, xp=1),
        "J, Q (the bottom's shield: you and every ally while adjacent to you, an aura (Q); J has "
        "no loss marker on it: not lost)",
    ),
    429: (  # Teamwork
        CardHalf(abilities=(_c("sb-recover-per-adjacent-ally"),), lost=True, xp=2),
        CardHalf(abilities=(_c("ally-performs", _affects("allies-adjacent"), _a("move", 2)), _a("move", 2))),
        "J",
    ),
    430: (  # Vaccine
        CardHalf(abilities=(_a("attack", 1, _range(3), _area(*TRIANGLE_3), _cond("poison")),), xp=1),
        CardHalf(
            abilities=(_c("sb-place-with-ally", _c("prevent-conditions")),),
            persistent=True,
            lost=True,
            xp=2,
        ),
        "J (area: J's pattern R2R6R)",
    ),
    431: (  # Hamstring
        CardHalf(abilities=(_a("attack", 4, _cond("immobilize")),), xp=1),
        CardHalf(abilities=(_a("move", 6), _a("condition", "immobilize", _affects("self")))),
        "J",
    ),
    432: (  # Precaution
        CardHalf(abilities=(_a("shield", 1, _affects("allies")),), round=True),
        CardHalf(abilities=(_give("medical", "ally-adjacent"),), xp=1),
        "J (J: 'affect all allies'; read as every ally, the Sawbones not included)",
    ),
    433: (  # Regenerative Tissue
        CardHalf(abilities=(_a("heal", 5, _affects("self")),), xp=1),
        CardHalf(
            abilities=(_c("sb-place-with-ally", _c("heal-at-turn-start"), _a("heal", 1)),),
            persistent=True,
            xp=2,
        ),
        "J (J has no loss marker on the bottom: not lost; the ally owns the card, Q)",
    ),
    434: (  # Vital Strike
        CardHalf(abilities=(_a("attack", 7),), lost=True, xp=2),
        CardHalf(abilities=(_a("attack", 4),)),
        "J",
    ),
    435: (  # Blood Transfusion
        CardHalf(abilities=(_a("heal", 7, _affects("ally-adjacent")), _a("suffer-damage", 2)), xp=1),
        CardHalf(abilities=(_a("attack", 3), _a("heal", 2, _affects("allies-adjacent")))),
        "J",
    ),
    436: (  # Do No Harm
        CardHalf(
            abilities=(
                _c("kill", _affects("enemy-adjacent"), _c("normal-or-elite")),
                _a("condition", "disarm", _affects("self")),
                _a("condition", "immobilize", _affects("self")),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 4), _a("heal", 3, _range(1)))),
        "J",
    ),
    437: (  # Research the Cure
        CardHalf(abilities=(_a("attack", 4), _c("sb-cleanse", _affects("allies-adjacent")))),
        CardHalf(
            abilities=(_c("sb-place-with-ally", _a("shield", 1), _c("prevent-conditions")),),
            persistent=True,
            lost=True,
            xp=2,
        ),
        "J",
    ),
    438: (  # Amputate
        CardHalf(abilities=(_a("attack", 4, _cond("wound"), _cond("immobilize")),), xp=1),
        CardHalf(abilities=(_a("heal", 7, _range(1)), _c("sb-afflict-healed", _cond("stun")))),
        "J (the heal stuns the healed figure, as J lists it)",
    ),
    439: (  # Euthanize
        CardHalf(abilities=(_c("sb-kill-two-conditions", _affects("enemy-adjacent")),), xp=1),
        CardHalf(abilities=(_a("attack", 1, _cond("poison"), _cond("wound"), _cond("stun")),)),
        "J",
    ),
    440: (  # Prescription
        CardHalf(abilities=(_give("medical", "allies-adjacent"),), xp=1),
        CardHalf(abilities=(_give("large", "allies-adjacent"),), lost=True, xp=2),
        "J",
    ),
    441: (  # Master Physician
        CardHalf(
            abilities=(_c("sb-cleanse-before-heals"),),
            persistent=True,
            lost=True,
            slots=_slots(0, 1, 0, 1, 0, 1),
        ),
        CardHalf(abilities=(_c("next-heals-bonus", _a("heal", 4, mode="add")),), round=True),
        "J (the bottom: the Tinkerer's next-heals-bonus on a round card, +4 on every heal this round)",
    ),
    442: (  # Surgeon's Satchel
        CardHalf(abilities=(_a("loot", 1), _a("heal", 2, _affects("allies-adjacent")))),
        CardHalf(abilities=(_a("move", 4), _give("medical", "ally-adjacent")), xp=1),
        "J",
    ),
    443: (  # Bedside Manner
        CardHalf(
            abilities=(
                _a("heal", 2, _range(1)),
                _c("sb-cleanse", _c("healed")),
                _give("large", "healed"),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(
            abilities=(
                _a("move", 2),
                _c("ally-recovers-discarded", _affects("ally-adjacent"), _a("target", 2)),
            )
        ),
        "J",
    ),
    444: (  # Gentleman's Anger
        CardHalf(abilities=(_a("attack", 5, _cond("disarm")),), xp=1),
        CardHalf(abilities=(_a("attack", 3, _range(5)),), xp=1),
        "J",
    ),
    445: (  # Prep for Surgery
        CardHalf(abilities=(_c("sb-attack-move-as-heal"),), persistent=True, lost=True, xp=2),
        CardHalf(abilities=(_a("move", 3), _a("condition", "stun", _affects("enemy-adjacent")))),
        "J, Q (the converted heals have range 1 unless stated)",
    ),
    446: (  # Grisly Trauma
        CardHalf(
            abilities=(_c("sb-kill-in-area-hurt", _c("hurt-10"), _range(3), _c("area-triangle")),),
            xp=1,
        ),
        CardHalf(
            abilities=(
                _a("move", 2),
                _cond("poison"),
                _cond("wound"),
                _cond("muddle"),
                _affects("enemies-adjacent"),
            ),
        ),
        "J (area: J's pattern R2R6R, three mutually adjacent hexes)",
    ),
}
