"""The Spellweaver's ability cards transcribed into delvekit's schema (GHS has placeholders only).

Facts only (numbers, keywords, markers), in our schema; no card text. Merged into
``transcriptions.CLASSES`` and written into the class file by ``class_cards.py``. Sources, read
with the search tool:

* J: the structured card database (stored file 26841792900; the index does not name its
  repository): every Spellweaver card with markers, XP, use slots, elements and area patterns;
* S: a card-description YAML file of the level-1 and X cards (stored file 5577822081, ids 061-071):
  numbers, loss markers and use-slot XP, no persistent markers;
* GHS: the card list, levels and initiatives (already in the class file) and the class's summon
  stat lines (Mystic Ally, Burning Avatar).

Level 1 and X rest on J and S, which agree on every number S prints (differences are in each
card's sources line); levels 2-9 rest on J alone. docs/content.md lists the readings.
"""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.content.schema import AreaHex, CardAbility, CardHalf, SummonStats, UseSlot


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


# J's direction digits: 1-6 go round a hex, 1 = (+1, 0) in our axial coordinates.
_STEP = {"1": (1, 0), "2": (0, 1), "3": (-1, 1), "4": (-1, 0), "5": (0, -1), "6": (1, -1)}


def pattern(chain: str) -> CardAbility:
    """An area from J's hex chain: letters are hexes (G the performer, R a target, A an
    enhancement hex, left out), digits the direction of the next hex.

    >>> [(h.q, h.r, h.kind) for h in pattern("G1R1R1A").area]
    [(0, 0, 'active'), (1, 0, 'target'), (2, 0, 'target')]
    """
    q = r = 0
    hexes: list[AreaHex] = []
    for ch in chain:
        if ch in _STEP:
            dq, dr = _STEP[ch]
            q, r = q + dq, r + dr
        elif ch in "GR":
            hexes.append(AreaHex(q=q, r=r, kind="active" if ch == "G" else "target"))
    return CardAbility(type="area", area=tuple(hexes))


def _summon(
    name: str, health: int, move: int, attack: int, range_: int, *abilities: CardAbility
) -> CardAbility:
    stats = SummonStats(name=name, health=health, move=move, attack=attack, range=range_, abilities=abilities)
    return CardAbility(type="summon", summon=stats)


_WILD_BOOST = _consume("wild", _a("attack", 1, mode="add"), _a("xp", 1))

#: card number → (top, bottom, sources)
SPELLWEAVER: dict[int, tuple[CardHalf, CardHalf, str]] = {
    61: (  # Fire Orbs
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    3,
                    _a("range", 3),
                    _a("target", 3),
                    _custom("xp-per-target", _a("xp", 1)),
                ),
                _infuse("fire"),
            ),
            lost=True,
        ),
        CardHalf(abilities=(_a("move", 3),)),
        "J S",
    ),
    62: (  # Impaling Eruption
        CardHalf(
            abilities=(
                _custom(
                    "attack-along-path",
                    _a("attack", 3, _a("range", 4)),
                    _custom("xp-per-target", _a("xp", 1)),
                ),
                _infuse("earth"),
            ),
            lost=True,
        ),
        CardHalf(abilities=(_a("move", 4),)),
        "J S (initiative: J and GHS 70, S 62; GHS kept)",
    ),
    63: (  # Reviving Ether
        CardHalf(
            abilities=(_custom("ally-recovers-lost", _affects("self"), _custom("all")), _infuse("dark")),
            lost=True,
        ),
        CardHalf(abilities=(_a("move", 4, _a("jump")),)),
        "J S (both: this card itself is never recovered)",
    ),
    64: (  # Freezing Nova
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    2,
                    _affects("enemies-adjacent"),
                    _a("condition", "immobilize"),
                    _consume("ice", _a("attack", 1, mode="add")),
                ),
            )
        ),
        CardHalf(abilities=(_a("heal", 4, _a("range", 4)), _infuse("light")), lost=True),
        "J S (light infusion: J only)",
    ),
    65: (  # Mana Bolt
        CardHalf(abilities=(_a("attack", 2, _a("range", 3), _WILD_BOOST),)),
        CardHalf(abilities=(_a("heal", 3, _a("range", 1)),)),
        "J S",
    ),
    66: (  # Frost Armor
        CardHalf(abilities=(_a("attack", 2, _a("range", 3), _WILD_BOOST),)),
        CardHalf(
            abilities=(_custom("negate-damage-to-you"), _infuse("ice")),
            persistent=True,
            lost=True,
            slots=_slots(1, 1),
        ),
        "J S (persistent marker: J only)",
    ),
    67: (  # Flame Strike
        CardHalf(abilities=(_a("attack", 3, _a("range", 2), _consume("fire", _a("condition", "wound"))),)),
        CardHalf(abilities=(_a("attack", 2, _a("range", 2)),), xp=1),
        "J S (the bottom's XP 1: J only)",
    ),
    68: (  # Ride the Wind
        CardHalf(abilities=(_a("loot", 1),)),
        CardHalf(abilities=(_a("move", 8, _a("jump")), _infuse("air")), lost=True),
        "J S",
    ),
    69: (  # Crackling Air
        CardHalf(
            abilities=(
                _custom(
                    "next-attacks-bonus-consume",
                    _a("attack", 1, mode="add"),
                    _consume("air", _a("attack", 2, mode="add")),
                ),
            ),
            persistent=True,
            lost=True,
            slots=_slots(0, 1, 0, 1),
        ),
        CardHalf(
            abilities=(_a("move", 3), _custom("bonus-consume", _consume("fire", _a("retaliate", 2)))),
            round=True,
        ),
        "J S (persistent marker: J only)",
    ),
    70: (  # Hardened Spikes
        CardHalf(
            abilities=(
                _a(
                    "retaliate",
                    2,
                    _affects("self-allies-adjacent"),
                    _consume("earth", _a("retaliate", 1)),
                ),
            ),
            lost=True,
            round=True,
            xp=2,
        ),
        CardHalf(
            abilities=(_a("move", 3), _custom("bonus-consume", _consume("ice", _a("shield", 2)))),
            round=True,
        ),
        "J S",
    ),
    71: (  # Aid from the Ether
        CardHalf(abilities=(_a("heal", 3, _a("range", 3)),)),
        CardHalf(
            abilities=(_summon("Mystic Ally", 2, 2, 3, 2),),
            lost=True,
            persistent=True,
            xp=2,
        ),
        "J S, Mystic Ally stats S and GHS class summons",
    ),
    # Levels 2-9: J alone.
    72: (  # Flashing Burst
        CardHalf(abilities=(_a("attack", 3, _a("range", 3)), _infuse("light"))),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
    73: (  # Icy Blast
        CardHalf(
            abilities=(
                _a("attack", 2, _a("range", 3), pattern("R6R2R3R4R5R6R"), _a("condition", "muddle")),
                _infuse("ice"),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("heal", 6, _a("range", 2)),), lost=True),
        "J (area: J's pattern R6R2R3R4R5R6R, a hex and its six neighbours)",
    ),
    74: (  # Cold Fire
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    1,
                    _a("range", 3),
                    pattern("R2R6R5A"),
                    _consume("fire", _a("attack", 2, mode="add")),
                    _consume("ice", _a("condition", "stun")),
                ),
            )
        ),
        CardHalf(abilities=(_a("loot", 2),), lost=True),
        "J (area: J's pattern R2R6R5A, three mutually adjacent hexes)",
    ),
    75: (  # Elemental Aid
        CardHalf(
            abilities=(
                _a("heal", 3, _a("range", 2), _consume("earth", _a("heal", 2, mode="add"), _a("xp", 1))),
            )
        ),
        CardHalf(
            abilities=(_a("shield", 2, _affects("ally"), _consume("air", _affects("allies"))),),
            round=True,
        ),
        "J",
    ),
    76: (  # Spirit of Doom
        CardHalf(
            abilities=(
                _custom(
                    "curse-or-kill", _a("range", 4), _consume("dark", _custom("kill-normal"), _a("xp", 1))
                ),
            ),
            lost=True,
        ),
        CardHalf(
            abilities=(_custom("heal-half-max", _affects("ally"), _consume("light", _custom("full"))),),
            lost=True,
            xp=1,
        ),
        "J",
    ),
    77: (  # Forked Beam
        CardHalf(abilities=(_a("attack", 2, _a("range", 3), _a("target", 2)),), xp=1),
        CardHalf(abilities=(_a("move", 4),)),
        "J",
    ),
    78: (  # Chromatic Explosion
        CardHalf(
            abilities=(
                _a("attack", 3, _a("range", 3), pattern("R2R6R")),
                *(_infuse(e) for e in ("air", "ice", "fire", "earth", "light", "dark")),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 2), _custom("infuse-any"))),
        "J (area: J's pattern R2R6R, three mutually adjacent hexes)",
    ),
    79: (  # Engulfed in Flames
        CardHalf(abilities=(_a("attack", 4, _a("range", 3)), _infuse("fire"))),
        CardHalf(
            abilities=(_custom("retaliate-on-melee-attacked", _a("retaliate", 3)),),
            persistent=True,
            lost=True,
            slots=_slots(1, 0, 1, 0, 1),
        ),
        "J",
    ),
    80: (  # Living Torch
        CardHalf(
            abilities=(
                _custom(
                    "attack-splash",
                    _a("attack", 4, _a("range", 3), _a("condition", "immobilize")),
                    _consume("light", _a("suffer-damage", 2), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(
            abilities=(
                _summon(
                    "Burning Avatar",
                    2,
                    3,
                    2,
                    3,
                    _custom("ondeath"),
                    _a("attack", 3, _affects("enemies-adjacent")),
                ),
            ),
            lost=True,
            persistent=True,
            xp=2,
        ),
        "J, Burning Avatar stats GHS class summons (its death attack: effects_spellweaver)",
    ),
    81: (  # Frozen Night
        CardHalf(
            abilities=(
                _a("attack", 4, pattern("G2R2R6R5R1R2A3A"), _custom("xp-per-target", _a("xp", 1))),
                _infuse("ice"),
            ),
            lost=True,
        ),
        CardHalf(
            abilities=(
                _custom(
                    "bonus-consume",
                    _a("move", 3),
                    _consume("dark", _a("move", 2, mode="add"), _a("condition", "invisible"), _a("xp", 1)),
                ),
            )
        ),
        "J (area: J's pattern G2R2R6R5R1R2A3A, five hexes beside the performer)",
    ),
    82: (  # Twin Restoration
        CardHalf(
            abilities=(_custom("ally-recovers-lost", _affects("self"), _a("target", 2)),),
            lost=True,
        ),
        CardHalf(abilities=(_a("heal", 3, _a("range", 3), _a("target", 2)),)),
        "J",
    ),
    83: (  # Stone Fists
        CardHalf(
            abilities=(
                _custom(
                    "attack-consume-targets",
                    _a("attack", 6, _a("push", 2), _a("condition", "immobilize")),
                    _consume("earth", _a("target", 2), _a("xp", 1)),
                ),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(
            abilities=(
                _custom(
                    "bonus-consume",
                    _a("move", 3),
                    _a("shield", 1),
                    _consume("earth", _a("move", 1, mode="add"), _a("shield", 1, mode="add"), _a("xp", 1)),
                ),
            ),
            round=True,
        ),
        "J",
    ),
    84: (  # Zephyr Wings
        CardHalf(
            abilities=(
                _custom(
                    "bonus-consume",
                    _a("loot", 2),
                    _custom("loot-cap-4"),
                    _consume("air", _a("loot", 1, mode="add"), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(
            abilities=(
                _custom(
                    "bonus-consume",
                    _a("move", 8, _a("jump")),
                    _consume("air", _a("move", 3, mode="add"), _a("xp", 1)),
                ),
            ),
            lost=True,
            xp=1,
        ),
        "J",
    ),
    85: (  # Cold Front
        CardHalf(
            abilities=(_a("attack", 5, _a("range", 2), pattern("R1R1R1R1R")), _infuse("ice")),
            lost=True,
            xp=2,
        ),
        CardHalf(
            abilities=(_custom("negate-attack-damage-retaliate", _a("retaliate", 3, _a("range", 3))),),
            persistent=True,
            lost=True,
            slots=_slots(1, 1, 1),
        ),
        "J (area: J's pattern R1R1R1R1R, a line of five hexes)",
    ),
    86: (  # Black Hole
        CardHalf(
            abilities=(
                _custom("next-attack-kills-normal", _consume("dark")),
                _a("attack", 4, _a("range", 3), pattern("R2R6R")),
                _custom("xp-per-target-or-kill", _a("xp", 1)),
            ),
            lost=True,
        ),
        CardHalf(abilities=(_custom("pull-toward-hex", _a("range", 4), _a("pull", 2)),)),
        "J (area: J's pattern R2R6R, three mutually adjacent hexes)",
    ),
    87: (  # Inferno
        CardHalf(
            abilities=(
                _custom(
                    "attack-room",
                    _a("attack", 3),
                    _a("suffer-damage", 2),  # to every ally in the room, after the attack
                    _consume("fire", _a("attack", 1, mode="add"), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(
            abilities=(
                _custom("retaliate-allies", _a("retaliate", 2, _a("range", 3)), _affects("self-allies")),
            ),
            round=True,
        ),
        "J",
    ),
}
