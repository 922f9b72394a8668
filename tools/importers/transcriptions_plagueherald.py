"""The Plagueherald's ability cards in delvekit's schema (merged into ``transcriptions.CLASSES``).

Only facts (numbers, keywords, markers) are carried over; no card text. Source, read with the
search tool:

* J: the structured card database that also gave the Tinkerer, Sunkeeper, Quartermaster,
  Doomstalker and Cragheart (stored file 26455662698; the index does not name its repository):
  every Plagueherald card with markers, XP, use slots, elements and area patterns.

No second card source was found (no buildhaven.app or r/Gloomhaven wiki page for this class;
the strategy guides in the corpus describe the 2nd edition): every number rests on J alone, the
card list and initiatives on GHS. J's hex chains read as in ``transcriptions_elementalist``
(``R1R3R4R5R6R1R``: a hex and its six neighbours; ``R2R6R5A``: three mutually adjacent hexes,
the ``A`` an enhancement hex). The Plagueherald's wordings are named effects of
:mod:`delvekit.gloomhaven.effects.classes.plagueherald`, every one starting ``ph-``; area attacks that
touch allies too reuse the Cragheart's ``area-attack``.
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


def _infuse(element: str) -> CardAbility:
    return _a("element", element, mode="infuse")


def _consume(element: str, *sub: CardAbility) -> CardAbility:
    return _a("element", element, *sub, mode="consume")


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


def _area(*hexes: tuple[int, int]) -> CardAbility:
    """A ranged area: every hex a target hex."""
    return CardAbility(type="area", area=tuple(AreaHex(q=q, r=r, kind="target") for q, r in hexes))


def _shape(*hexes: tuple[int, int]) -> CardAbility:
    """An area for ``area-attack`` (the Cragheart's wording): offsets as one flag."""
    return _c("shape:" + "/".join(f"{q},{r}" for q, r in hexes))


# J's direction digits: 1-6 go round a hex, 1 = (+1, 0) in our axial coordinates.
_STEP = {"1": (1, 0), "2": (0, 1), "3": (-1, 1), "4": (-1, 0), "5": (0, -1), "6": (1, -1)}


def chain(text: str) -> tuple[tuple[int, int], ...]:
    """The target hexes of J's hex chain (R a target hex, A an enhancement hex, left out).

    >>> chain("R2R6R5A")
    ((0, 0), (0, 1), (1, 0))
    """
    q = r = 0
    cells: list[tuple[int, int]] = []
    for ch in text:
        if ch in _STEP:
            q, r = q + _STEP[ch][0], r + _STEP[ch][1]
        elif ch == "R":
            cells.append((q, r))
    return tuple(cells)


def _everyone(*parts: CardAbility) -> CardAbility:
    """Conditions on every enemy (``range-N``: within range; ``adjacent``: next to you;
    ``everyone``: every ally and enemy)."""
    return _c("ph-afflict-all", *parts)


# R1R3R4R5R6R1R: a hex and its six neighbours.
FLOWER_7 = ((0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
# R2R6R5A: three mutually adjacent hexes.
TRIANGLE_3 = ((0, 0), (0, 1), (1, 0))

#: card number → (top, bottom, sources)
PLAGUEHERALD: dict[int, tuple[CardHalf, CardHalf, str]] = {
    289: (  # Vile Pestilence
        CardHalf(
            abilities=(_c("area-attack", _a("attack", 1, _range(3)), _shape(*FLOWER_7), _cond("poison")),)
        ),
        CardHalf(abilities=(_a("move", 3),)),
        "J (area: J's pattern R1R3R4R5R6R1R; the poison goes to every ally and enemy in it)",
    ),
    290: (  # Grasping Vermin
        CardHalf(abilities=(_a("attack", 0, _range(3), _area(*FLOWER_7), _cond("immobilize")),)),
        CardHalf(
            abilities=(_a("shield", 1, _a("affects", "self")), _c("ph-range-minus", _range(1))),
            persistent=True,
            lost=True,
            xp=1,
        ),
        "J (area: J's pattern R1R3R4R5R6R1R)",
    ),
    291: (  # Wretched Swarm
        CardHalf(
            abilities=(_a("attack", 1, _range(3), _area(*FLOWER_7), _cond("stun")),),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 4),)),
        "J (area: J's pattern R1R3R4R5R6R1R)",
    ),
    292: (  # Spread the Plague
        CardHalf(
            abilities=(
                _c("ph-spread-the-plague", _range(2), _a("suffer-damage", 3), _a("attack", 1, mode="add")),
            ),
            persistent=True,
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 3),)),
        "J (J gives the bottom's move a Range 3 bonus, meaningless on a move: left out)",
    ),
    293: (  # Biting Gnats
        CardHalf(abilities=(_a("attack", 2, _range(4), _a("target", 2)),), xp=1),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
    294: (  # Winged Congregation
        CardHalf(
            abilities=(_c("ph-flying"), _infuse("air")),
            persistent=True,
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 2), _a("heal", 1, _a("affects", "allies-adjacent")))),
        "J",
    ),
    295: (  # Creeping Curse
        CardHalf(abilities=(_a("attack", 3, _range(3), _cond("curse")),)),
        CardHalf(abilities=(_a("move", 2), _a("condition", "curse", _a("affects", "enemy-adjacent")))),
        "J",
    ),
    296: (  # Gathering Doom
        CardHalf(abilities=(_a("attack", 3, _range(3), _cond("curse")),)),
        CardHalf(abilities=(_a("loot", 2), _infuse("air")), lost=True, xp=1),
        "J (its top repeats Creeping Curse's exactly: a possible slip of J, kept as J has it)",
    ),
    297: (  # Paralyzing Bite
        CardHalf(abilities=(_a("attack", 1, _range(3), _cond("stun")),), xp=1),
        CardHalf(abilities=(_a("move", 6, _a("jump")), _infuse("air")), lost=True, xp=1),
        "J",
    ),
    298: (  # Foul Wind
        CardHalf(
            abilities=(_c("consume-on-attack", _consume("air", _a("attack", 1, mode="add"))),),
            persistent=True,
            lost=True,
            slots=_slots(0, 1, 0, 1, 0, 1),
        ),
        CardHalf(abilities=(_a("loot", 1),)),
        "J",
    ),
    299: (  # Scattered Terror
        CardHalf(
            abilities=(_a("attack", 2, _range(4), _a("target", 3)), _infuse("air")),
            lost=True,
            xp=2,
        ),
        CardHalf(
            abilities=(_c("attackers-disadvantaged-this-round", _a("affects", "self")),),
            round=True,
        ),
        "J (J lists a Pierce with no number, an enhancement mark: left out)",
    ),
    300: (  # Epidemic
        CardHalf(abilities=(_a("attack", 3, _range(2), _a("target", 2)),), xp=1),
        CardHalf(
            abilities=(_c("ph-poison-after-move"),),
            persistent=True,
            lost=True,
            xp=1,
        ),
        "J",
    ),
    301: (  # Virulent Strain
        CardHalf(abilities=(_c("ph-remove-poison-damage", _a("suffer-damage", 4)),), xp=1),
        CardHalf(abilities=(_c("ph-poison-around-poisoned"),)),
        "J",
    ),
    302: (  # Blistering Vortex
        CardHalf(
            abilities=(_a("attack", 3, _range(1), _area(*TRIANGLE_3)), _infuse("air")),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 2), _a("shield", 1, _a("affects", "self"))), round=True),
        "J (area: J's pattern R2R6R5A)",
    ),
    303: (  # Under the Skin
        CardHalf(abilities=(_a("attack", 3, _range(3), _a("pierce", 3)),), xp=1),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
    304: (  # Rot Maggots
        CardHalf(
            abilities=(_c("ph-attack-poison-allies-around", _a("attack", 5, _range(2), _cond("poison"))),),
            xp=1,
        ),
        CardHalf(abilities=(_a("heal", 2, _range(3), _a("target", 2)),)),
        "J",
    ),
    305: (  # Succumb to the Gift
        CardHalf(
            abilities=(
                _c("kill", _c("normal-or-elite"), _cond("poison"), _a("affects", "enemies-range", _range(3))),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_c("ph-bless-poisoned-allies"),)),
        "J",
    ),
    306: (  # Fetid Flurry
        CardHalf(abilities=(_a("attack", 4, _range(3), _cond("curse")),)),
        CardHalf(abilities=(_a("move", 2), _infuse("air"))),
        "J",
    ),
    307: (  # Storm of Wings
        CardHalf(
            abilities=(_c("ph-storm", _a("attack", 5, _range(4)), _consume("air", _c("along-path"))),),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 5),)),
        "J (GHS truncates the name to 'Storm of')",
    ),
    308: (  # Nightmarish Affliction
        CardHalf(
            abilities=(
                _a("attack", 1, _range(3), _a("target", 2), _cond("poison"), _cond("curse")),
                _infuse("dark"),
            )
        ),
        CardHalf(abilities=(_a("condition", "immobilize", _range(3), _a("target", 2)),)),
        "J",
    ),
    309: (  # Accelerated End
        CardHalf(
            abilities=(
                _c(
                    "ph-damage-poisoned",
                    _a("suffer-damage", 1),
                    _consume("air", _a("suffer-damage", 1), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("condition", "poison", _range(5), _a("target", 3)),)),
        "J",
    ),
    310: (  # Willing Sacrifice
        CardHalf(
            abilities=(_c("ph-sacrifice-on-move", _a("suffer-damage", 1), _c("deal-3")),),
            persistent=True,
            lost=True,
            xp=2,
        ),
        CardHalf(
            abilities=(
                _c(
                    "ph-recover-poisoned-allies",
                    _a("target", 2),
                    _consume("air", _a("target", 3), _a("xp", 1)),
                ),
            ),
            lost=True,
            xp=1,
        ),
        "J",
    ),
    311: (  # Stinging Cloud
        CardHalf(
            abilities=(
                _a("attack", 2, _range(3), _area(*FLOWER_7), _consume("dark", _cond("muddle"), _a("xp", 1))),
            )
        ),
        CardHalf(abilities=(_a("move", 3), _a("shield", 1, _a("affects", "self"))), round=True),
        "J (area: J's pattern R1R3R4R5R6R1R)",
    ),
    312: (  # Black Tides
        CardHalf(abilities=(_a("attack", 4, _range(3)), _infuse("air"))),
        CardHalf(abilities=(_a("move", 4), _infuse("dark"))),
        "J",
    ),
    313: (  # Airborne Toxin
        CardHalf(
            abilities=(
                _everyone(
                    _c("curse"), _cond("muddle"), _range(2), _consume("air", _c("range-plus-1"), _a("xp", 1))
                ),
            )
        ),
        CardHalf(abilities=(_everyone(_cond("poison")), _infuse("air")), lost=True, xp=1),
        "J",
    ),
    314: (  # Baneful Hex
        CardHalf(
            abilities=(_c("ph-curse-backfires", _a("suffer-damage", 3)),),
            persistent=True,
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 3), _everyone(_c("curse"), _c("adjacent")))),
        "J",
    ),
    315: (  # Spreading Scourge
        CardHalf(
            abilities=(
                _a("attack", 1, _range(3), _area(*chain("R2R1R5R5R6R2R2R2R6R5R5R1A2A")), _cond("muddle")),
            )
        ),
        CardHalf(abilities=(_a("heal", 2, _range(3), _a("target", 3)),)),
        "J (area: J's pattern R2R1R5R5R6R2R2R2R6R5R5R1A2A, twelve hexes)",
    ),
    316: (  # Grim Bargain
        CardHalf(
            abilities=(_c("ph-curse-ally-for-targets", _range(2), _a("target", 2)),),
            persistent=True,
            lost=True,
            slots=_slots(0, 1, 0, 1, 0, 1),
        ),
        CardHalf(
            abilities=(_c("ph-double-next-attack", _cond("muddle")), _infuse("dark")),
            round=True,
            lost=True,
            xp=1,
        ),
        "J",
    ),
    317: (  # Mass Extinction
        CardHalf(
            abilities=(
                _everyone(_c("curse"), _cond("wound"), _c("everyone")),
                _infuse("air"),
                _infuse("dark"),
            )
        ),
        CardHalf(
            abilities=(
                _c(
                    "ph-damage-poisoned",
                    _a("suffer-damage", 2),
                    _consume("air", _a("suffer-damage", 1), _a("xp", 1)),
                    _consume("dark", _a("suffer-damage", 1), _a("xp", 1)),
                ),
            )
        ),
        "J",
    ),
    318: (  # Convert the Flock
        CardHalf(
            abilities=(_a("attack", 4, _range(3), _a("target", 3), _cond("curse")),),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_c("ph-hurt-poisoned-allies", _a("suffer-damage", 2)),), round=True),
        "J",
    ),
}
