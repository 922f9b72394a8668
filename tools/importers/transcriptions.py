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

from delvekit.gloomhaven.content.schema import AreaHex, CardAbility, CardHalf, SummonStats, UseSlot


def _a(kind: str, value: Any = None, *sub: CardAbility, mode: str = "absolute") -> CardAbility:
    return CardAbility(type=kind, value=value, mode=mode, sub=tuple(sub))


def _custom(rule: str, *sub: CardAbility) -> CardAbility:
    return _a("custom", rule, *sub)


def _affects(kind: str, range_: int | None = None) -> CardAbility:
    return _a("affects", kind, *((_a("range", range_),) if range_ is not None else ()))


def _area(*hexes: tuple[int, int, str]) -> CardAbility:
    return CardAbility(type="area", area=tuple(AreaHex(q=q, r=r, kind=k) for q, r, k in hexes))  # type: ignore[arg-type]


# A ranged 3-hex triangle: three mutually adjacent hexes, anchored on the first target.
TRIANGLE_3 = _area((0, 0, "target"), (1, -1, "target"), (1, 0, "target"))
# A melee 4-hex diamond with the performer at one point: two hexes in front, one beyond them.
DIAMOND_4 = _area((0, 0, "active"), (1, -1, "target"), (1, 0, "target"), (2, -1, "target"))

#: card number → (top, bottom, sources)
TINKERER: dict[int, tuple[CardHalf, CardHalf, str]] = {
    30: (  # Proximity Mine
        CardHalf(
            abilities=(
                _custom(
                    "create-trap-adjacent",
                    _a("suffer-damage", 6),
                    _custom("xp-when-trap-sprung-by-enemy", _a("xp", 2)),
                ),
            ),
            lost=True,
        ),
        CardHalf(abilities=(_a("move", 4),)),
        "J R L (XP 2; B says 1)",
    ),
    31: (  # Harmless Contraption
        CardHalf(
            abilities=(
                CardAbility(
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
                    _a("target", 1),
                    _a("element", "ice", _a("target", 2), mode="consume"),
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


def _consume(element: str, *sub: CardAbility) -> CardAbility:
    return _a("element", element, *sub, mode="consume")


def _infuse(element: str) -> CardAbility:
    return _a("element", element, mode="infuse")


def _slots(*xp: int) -> tuple[UseSlot, ...]:
    return tuple(UseSlot(xp=n) for n in xp)


_LIGHT_BOOST = _consume("light", _a("attack", 1, mode="add"), _custom("advantage"), _a("xp", 1))

# Sunkeeper. J: the structured card database (stored file 26481703386, every card with markers,
# XP, use slots and elements); B: buildhaven.app/class/sunkeeper (level 1 and X text, numbers
# only, no loss/persistent markers, elements often missing). Markers, slots and elements rest on
# J alone (B never prints them); docs/content.md lists the points where B differs.
SUNKEEPER: dict[int, tuple[CardHalf, CardHalf, str]] = {
    175: (  # Purifying Aura
        CardHalf(
            abilities=(_custom("retaliate-on-melee-attacked", _a("retaliate", 2)),),
            persistent=True,
            lost=True,
            slots=_slots(1, 0, 1, 0, 1),
        ),
        CardHalf(
            abilities=(
                _a(
                    "condition",
                    "strengthen",
                    _affects("allies-adjacent"),
                    _consume("light", _affects("allies-range", 2)),
                ),
            )
        ),
        "J B (use slots and their XP: J only)",
    ),
    176: (  # Cautious Advance
        CardHalf(abilities=(_a("shield", 1, _affects("self")),), round=True, xp=1),
        CardHalf(abilities=(_a("move", 3),)),
        "J B (XP and round marker: J only)",
    ),
    177: (  # Brilliant Prayer
        CardHalf(
            abilities=(_custom("ally-recovers-lost", _affects("ally-adjacent"), _a("target", 1)),),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("heal", 5, _a("range", 3)), _infuse("light")), lost=True, xp=2),
        "J B (light, XP and loss markers: J only)",
    ),
    178: (  # Empowering Command
        CardHalf(
            abilities=(
                _custom(
                    "ally-recovers-discarded",
                    _affects("ally-adjacent"),
                    _a("target", 2),
                    _consume("light", _a("target", 3), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(abilities=(_custom("ally-performs", _affects("ally-adjacent"), _a("attack", 4)),)),
        "J B",
    ),
    179: (  # Protective Blessing
        CardHalf(
            abilities=(_a("condition", "bless"), _a("condition", "strengthen"), _affects("ally", 3)),
        ),
        CardHalf(
            abilities=(
                _custom("negate-damage-this-round", _affects("self-allies-adjacent")),
                _infuse("light"),
            ),
            lost=True,
            round=True,
            xp=2,
        ),
        "J B (bottom: J gives light, XP 2 and the loss marker; B's garbled line reads XP 1)",
    ),
    180: (  # Dazzling Charge
        CardHalf(abilities=(_a("heal", 3, _a("range", 3)), _infuse("light"))),
        CardHalf(
            abilities=(
                _a("move", 5),
                _a("condition", "stun", _affects("enemy-adjacent")),
                _infuse("light"),
            ),
            lost=True,
            xp=1,
        ),
        "J B (light, XP and loss marker: J only)",
    ),
    181: (  # Tactical Order
        CardHalf(abilities=(_custom("ally-performs", _affects("ally", 3), _a("move", 4)),)),
        CardHalf(abilities=(_a("move", 4),)),
        "J B",
    ),
    182: (  # Holy Strike
        CardHalf(abilities=(_a("attack", 2, _a("condition", "stun")),)),
        CardHalf(abilities=(_a("attack", 5, _a("range", 3)), _infuse("light")), lost=True, xp=2),
        "J B (light, XP and loss marker: J only)",
    ),
    183: (  # Hammer Blow
        CardHalf(abilities=(_a("attack", 4, _LIGHT_BOOST),)),
        CardHalf(abilities=(_a("move", 4),)),
        "J B",
    ),
    184: (  # Defensive Stance
        CardHalf(abilities=(_a("attack", 4, _LIGHT_BOOST),)),
        CardHalf(
            abilities=(
                _a("shield", 1, _affects("self")),
                _custom("move-modifier", _a("move", 1, mode="subtract")),
            ),
            persistent=True,
            lost=True,
            xp=1,
        ),
        "J B (top printed as Hammer Blow's in both; XP, persistent and loss markers: J only)",
    ),
    185: (  # Lay on Hands
        CardHalf(
            abilities=(
                _custom("heal-all-damage", _affects("ally-adjacent")),
                _a("suffer-damage", 3),
                _infuse("light"),
            ),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("loot", 1),)),
        "J B (light, XP and loss marker: J only)",
    ),
    186: (  # Daybreak
        CardHalf(
            abilities=(
                _a(
                    "attack",
                    3,
                    _a("condition", "muddle"),
                    _consume("dark", _a("attack", 1, mode="add"), _infuse("light"), _a("xp", 1)),
                ),
            )
        ),
        CardHalf(abilities=(_a("move", 2), _a("condition", "bless", _affects("ally-adjacent")))),
        "J B (B cut short after the muddle and the bless; the dark consumption: J only)",
    ),
    187: (  # Beacon of Light
        CardHalf(abilities=(_a("heal", 1, _affects("self-allies-range", 4)),)),
        CardHalf(
            abilities=(_custom("infuse-at-turn-end-unless-strong", _infuse("light")),),
            persistent=True,
            lost=True,
            slots=_slots(1, 0, 1, 0, 1),
        ),
        "J B (B's bottom says dark, J light: light kept; use slots and XP: J only)",
    ),
    188: (  # Glorious Bolt
        CardHalf(
            abilities=(_a("heal", 5, _a("range", 3), _consume("light", _a("target", 2), _a("xp", 1))),),
            lost=True,
            xp=1,
        ),
        CardHalf(abilities=(_a("attack", 2, _a("range", 3), _a("condition", "muddle")),)),
        "J B (loss marker and the printed XP 1: J only)",
    ),
}


def _refresh(who: CardAbility, *what: str, count: int | None = 1) -> CardAbility:
    """Refresh items: ``who`` (an ``affects``), ``count`` items (``None``: all) in the states
    and slots named (``spent``, ``consumed``, ``small``, ``hands``)."""
    amount = (_a("target", count),) if count is not None else (_custom("all"),)
    return _custom("refresh-items", who, *amount, *(_custom(w) for w in what))


# An arc of three hexes around the performer (Cleaving Axe) and a line of two (Impaling Spear).
ARC_3 = _area((0, 0, "active"), (-1, 1, "target"), (0, 1, "target"), (1, 0, "target"))
LINE_2 = _area((0, 0, "active"), (1, 0, "target"), (2, 0, "target"))
LINE_5 = _area((0, 0, "active"), *((k, 0, "target") for k in range(1, 6)))
# Two rows of four hexes (Scroll of Blizzards), placed with one hex within range.
BAND_8 = _area(
    *((q, r, "target") for q, r in ((1, 0), (1, -1), (2, -1), (2, 0), (3, 0), (3, -1), (4, -1), (4, 0)))
)

# Quartermaster. J: the structured card database (stored file 26249544300, every card with
# markers, XP and areas); B: buildhaven.app/class/quartermaster (levels 1, X, 2 and 3, numbers
# only). Where B differs it is said in the card's sources.
QUARTERMASTER: dict[int, tuple[CardHalf, CardHalf, str]] = {
    205: (  # Restock
        CardHalf(
            abilities=(_refresh(_affects("allies-range", 2), "spent", "consumed"),),
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("attack", 3),)),
        "J B (XP and loss marker: J only)",
    ),
    206: (  # Oversized Pack
        CardHalf(abilities=(_a("loot", 2),)),
        CardHalf(abilities=(_refresh(_affects("self"), "consumed", "small", count=None),), lost=True, xp=2),
        "J B (J: consumed small items, B: consumed items; J kept. Initiative 81 in J and B, 87 in GHS)",
    ),
    207: (  # Sharpening Kit
        CardHalf(abilities=(_a("heal", 4, _a("range", 2)),), xp=1),
        CardHalf(
            abilities=(
                _custom("bonus-this-round", _a("attack", 1, mode="add"), _affects("self-allies-range", 2)),
            ),
            round=True,
        ),
        "J B (XP and round marker: J only)",
    ),
    208: (  # Proficiency
        CardHalf(
            abilities=(_custom("item-use-attack-bonus", _a("attack", 1, mode="add")),),
            persistent=True,
            lost=True,
            xp=2,
        ),
        CardHalf(abilities=(_a("move", 3),)),
        "J B (XP, persistent and loss markers: J only)",
    ),
    209: (  # Iron Bulwark
        CardHalf(abilities=(_a("attack", 3, _a("condition", "muddle")),), xp=1),
        CardHalf(abilities=(_a("shield", 1, _affects("self-allies-adjacent")),), round=True),
        "J B (XP and round marker: J only)",
    ),
    210: (  # Hastened Step
        CardHalf(abilities=(_a("attack", 2), _a("move", 1), _a("attack", 2))),
        CardHalf(abilities=(_a("move", 5),)),
        "J B",
    ),
    211: (  # Cleaving Axe
        CardHalf(abilities=(_a("attack", 2, ARC_3),), xp=1),
        CardHalf(abilities=(_a("move", 4),)),
        "J B (area and XP: J only)",
    ),
    212: (  # Impaling Spear
        CardHalf(abilities=(_a("attack", 3, LINE_2),), xp=1),
        CardHalf(abilities=(_a("move", 4),)),
        "J B (area and XP: J only)",
    ),
    213: (  # Crippling Bow
        CardHalf(abilities=(_a("attack", 3, _a("range", 3)),), xp=1),
        CardHalf(abilities=(_a("attack", 1, _a("range", 4), _a("condition", "immobilize")),)),
        "J B (XP: J only)",
    ),
    214: (  # Crushing Hammer
        CardHalf(abilities=(_a("attack", 3, _a("condition", "stun")),), lost=True, xp=2),
        CardHalf(abilities=(_a("move", 2), _a("shield", 1, _affects("self"))), round=True),
        "J B (XP, loss and round markers: J only)",
    ),
    215: (  # Scroll of Recall
        CardHalf(abilities=(_refresh(_affects("self"), "consumed", "small"),)),
        CardHalf(abilities=(_a("pull", 1, _a("range", 3), _a("target", 3)),)),
        "J B (the pull's 1: J only; B: consumed items, J: consumed small items, J kept)",
    ),
    216: (  # Reserved Energy
        CardHalf(abilities=(_refresh(_affects("ally-adjacent"), "spent", count=None),), xp=1),
        CardHalf(abilities=(_a("move", 4),)),
        "J B (XP: J only)",
    ),
    217: (  # Reforge
        CardHalf(
            abilities=(
                _custom(
                    "refresh-items",
                    _affects("self"),
                    _affects("ally-adjacent"),
                    _a("target", 1),
                    *(_custom(w) for w in ("spent", "consumed", "hands")),
                ),
            ),
            xp=1,
        ),
        CardHalf(abilities=(_custom("ally-recovers-discarded", _affects("self"), _a("target", 2)),)),
        "J (B's level-2 entry 'refreshment' at initiative 95 mixes Reforge and Refreshment)",
    ),
    218: (  # Bladed Boomerang
        CardHalf(abilities=(_a("attack", 2, _a("range", 3), _a("condition", "wound")),), xp=1),
        CardHalf(abilities=(_a("move", 2), _a("attack", 1), _a("move", 2))),
        "J B (XP: J only)",
    ),
    220: (  # Scroll of Lightning
        CardHalf(abilities=(_a("attack", 5, _a("range", 3)), _infuse("light"))),
        CardHalf(abilities=(_a("move", 3), _a("push", 1, _affects("enemies-adjacent")), _infuse("air"))),
        "J B (the elements: J only)",
    ),
    221: (  # Side Pouch
        CardHalf(
            abilities=(_refresh(_affects("ally-adjacent"), "spent", "consumed", count=None),), lost=True, xp=2
        ),
        CardHalf(abilities=(_a("move", 3), _a("loot", 1))),
        "J",
    ),
    222: (  # Giant Club
        CardHalf(abilities=(_a("attack", 5),), xp=1),
        CardHalf(abilities=(_a("attack", 3, _a("condition", "muddle")),)),
        "J",
    ),
}


def _bot(name: str, health: int, move: int, attack: int) -> CardAbility:
    return CardAbility(type="summon", summon=SummonStats(name=name, health=health, move=move, attack=attack))


# Tinkerer levels 2-9 and the Sunkeeper's and Quartermaster's higher cards below rest on J alone
# (the other pages stop after level 1); the summons' stat lines are GHS's class summon lists.
TINKERER.update(
    {
        45: (  # Stamina Booster
            CardHalf(abilities=(_a("heal", 4, _a("range", 3)),)),
            CardHalf(
                abilities=(_custom("ally-recovers-lost", _affects("ally", 3), _a("target", 1)),),
                lost=True,
                xp=2,
            ),
            "J",
        ),
        48: (  # Crank Bow
            CardHalf(abilities=(_a("attack", 6, _a("range", 5)),), lost=True, xp=2),
            CardHalf(abilities=(_a("move", 4),)),
            "J",
        ),
        49: (  # Dangerous Contraption
            CardHalf(abilities=(_bot("Battle Bot", 6, 2, 2),), lost=True, persistent=True, xp=2),
            CardHalf(abilities=(_a("move", 4),)),
            "J, Battle Bot stats GHS class summons",
        ),
        50: (  # Micro Bots
            CardHalf(abilities=(_a("heal", 6, _a("range", 3)),), lost=True, xp=2),
            CardHalf(abilities=(_a("move", 3), _a("loot", 1)), lost=True),
            "J",
        ),
        55: (  # Murderous Contraption
            CardHalf(abilities=(_bot("Kill Bot", 6, 3, 3),), lost=True, persistent=True, xp=2),
            CardHalf(abilities=(_a("attack", 4, _a("range", 3)),)),
            "J, Kill Bot stats GHS class summons",
        ),
        46: (  # Disorienting Flash
            CardHalf(abilities=(_a("condition", "stun", _a("range", 3), _a("target", 2)),), lost=True, xp=2),
            CardHalf(abilities=(_a("condition", "muddle", _affects("enemies-adjacent")), _a("move", 2))),
            "J",
        ),
        47: (  # Tinkerer's Tools
            CardHalf(abilities=(_custom("disarm-trap", _a("range", 1)),), xp=1),
            CardHalf(abilities=(_custom("create-trap-adjacent", _a("condition", "stun")),)),
            "J",
        ),
        53: (  # Gas Canister
            CardHalf(
                abilities=(
                    _custom("create-trap-adjacent", _a("suffer-damage", 4), _a("condition", "muddle")),
                )
            ),
            CardHalf(
                abilities=(
                    _custom(
                        "at-turn-end",
                        _custom("ally-recovers-discarded", _affects("ally", 3), _a("target", 1)),
                    ),
                ),
                persistent=True,
                lost=True,
                slots=_slots(0, 1, 0, 1),
            ),
            "J",
        ),
        54: (  # Auto Turret
            CardHalf(
                abilities=(_custom("at-turn-end", _a("attack", 2, _a("range", 5))),),
                persistent=True,
                lost=True,
                slots=_slots(1, 0, 1, 0, 1),
            ),
            CardHalf(abilities=(_a("heal", 3, _a("range", 4)),)),
            "J",
        ),
        56: (  # Curative Aerosol
            CardHalf(
                abilities=(
                    _a("move", 2),
                    _a("heal", 2, _a("range", 1)),
                    _a("move", 2),
                    _a("heal", 2, _a("range", 1)),
                )
            ),
            CardHalf(abilities=(_a("heal", 4, _a("range", 3), _a("target", 2)),), lost=True, xp=2),
            "J",
        ),
        57: (  # Jet Propulsion
            CardHalf(
                abilities=(_custom("summons-move", _affects("allies-range", 3), _a("move", 2, mode="add")),)
            ),
            CardHalf(abilities=(_a("move", 8, _a("jump")),), lost=True, xp=2),
            "J",
        ),
        58: (  # Harsh Stimulants
            CardHalf(abilities=(_a("attack", 9), _a("suffer-damage", 2)), lost=True, xp=2),
            CardHalf(
                abilities=(
                    _custom("bonus-this-round", _a("attack", 2, mode="add"), _affects("allies-adjacent")),
                    _a("suffer-damage", 2, _affects("allies-adjacent")),
                ),
                round=True,
            ),
            "J",
        ),
        51: (  # Noxious Vials
            CardHalf(abilities=(_refresh(_affects("ally-adjacent"), "consumed", "small"),)),
            CardHalf(
                abilities=(
                    _a(
                        "attack",
                        3,
                        _a("range", 3),
                        TRIANGLE_3,
                        _a("condition", "poison"),
                        _custom("xp-per-target", _a("xp", 1)),
                    ),
                ),
                lost=True,
            ),
            "J (area: J's pattern R6A2R3R, three mutually adjacent hexes)",
        ),
        52: (  # Disintegration Beam
            CardHalf(
                abilities=(
                    _custom(
                        "kill-in-area",
                        _custom("line-3"),
                        _custom("max-hit-points-5"),
                        _custom("xp-per-kill", _a("xp", 1)),
                    ),
                ),
                lost=True,
            ),
            CardHalf(abilities=(_a("move", 2), _a("condition", "disarm", _affects("enemy-adjacent")))),
            "J (area: J's pattern G1R1R1R1A, a line of three hexes from the Tinkerer)",
        ),
        60: (  # Chimeric Formula
            CardHalf(
                abilities=(
                    _custom(
                        "ally-recovers-lost",
                        _affects("ally-adjacent"),
                        _a("target", 2),
                        _custom("then-lose-2"),
                    ),
                )
            ),
            CardHalf(
                abilities=(
                    _custom(
                        "ally-recovers-lost", _affects("ally", 3), _a("target", 1), _custom("of-adjacent")
                    ),
                ),
                lost=True,
                xp=2,
            ),
            "J",
        ),
        59: (  # Lethal Injection
            CardHalf(
                abilities=(_custom("kill", _affects("enemy-adjacent"), _custom("normal-or-elite")),),
                lost=True,
                xp=2,
            ),
            CardHalf(abilities=(_a("move", 4), _a("condition", "poison", _affects("enemies-adjacent")))),
            "J",
        ),
    }
)

SUNKEEPER.update(
    {
        190: (  # Unwavering Mandate
            CardHalf(
                abilities=(_custom("ally-extra-turn", _affects("ally-adjacent"), _a("target", 2)),),
                lost=True,
                xp=2,
            ),
            CardHalf(
                abilities=(_a("heal", 3, _a("range", 2), _consume("light", _a("target", 2), _a("xp", 1))),),
            ),
            "J",
        ),
        191: (  # Burning Flash
            CardHalf(
                abilities=(
                    _a(
                        "attack",
                        4,
                        _affects("enemies-adjacent"),
                        _custom("xp-per-target", _a("xp", 1)),
                    ),
                    _infuse("light"),
                ),
                lost=True,
            ),
            CardHalf(
                abilities=(
                    _a(
                        "heal",
                        3,
                        _a("range", 3),
                        _consume("wild", _a("heal", 1, mode="add"), _infuse("light")),
                    ),
                )
            ),
            "J",
        ),
        192: (  # Mobilizing Axiom
            CardHalf(abilities=(_a("attack", 4), _infuse("light"))),
            CardHalf(
                abilities=(_custom("ally-performs", _affects("allies-range", 5), _a("move", 4)),),
                lost=True,
                xp=1,
            ),
            "J",
        ),
        196: (  # Scales of Justice
            CardHalf(
                abilities=(
                    _a("retaliate", 2, _affects("self")),
                    _custom("attack-modifier", _a("attack", 1, mode="subtract")),
                ),
                persistent=True,
                lost=True,
                xp=1,
            ),
            CardHalf(
                abilities=(
                    _a("move", 2, _consume("light", _a("move", 2, mode="add"), _a("xp", 1))),
                    _a("condition", "stun", _affects("enemy-adjacent")),
                )
            ),
            "J",
        ),
        197: (  # Supportive Chant
            CardHalf(
                abilities=(_custom("bonus-this-round", _a("attack", 1, mode="add"), _affects("allies")),),
                round=True,
                xp=1,
            ),
            CardHalf(
                abilities=(_custom("move-bonus-this-round", _a("move", 2, mode="add"), _affects("allies")),),
                round=True,
            ),
            "J",
        ),
        203: (  # Angelic Ascension
            CardHalf(
                abilities=(
                    _custom(
                        "next-attacks-bonus",
                        _a("attack", 3, mode="add"),
                        _a("condition", "wound"),
                        _custom("advantage"),
                    ),
                ),
                persistent=True,
                lost=True,
                slots=_slots(1, 1, 1, 1),
            ),
            CardHalf(abilities=(_a("move", 6, _a("jump")),)),
            "J",
        ),
        195: (  # Path of Glory
            CardHalf(abilities=(_a("attack", 5, _LIGHT_BOOST),)),
            CardHalf(
                abilities=(_a("move", 5), _custom("to-allies-moved-through", _a("condition", "bless"))),
                lost=True,
                xp=1,
            ),
            "J",
        ),
        194: (  # Engulfing Radiance
            CardHalf(
                abilities=(_a("heal", 3, _affects("self-allies")), _infuse("light")),
                lost=True,
                xp=2,
            ),
            CardHalf(
                abilities=(
                    _custom("attackers-disadvantaged-this-round", _affects("self-allies-range", 4)),
                    _infuse("light"),
                ),
                round=True,
            ),
            "J",
        ),
        199: (  # Weapon of Purity
            CardHalf(
                abilities=(
                    _custom(
                        "consume-on-attack",
                        _consume("light", _a("attack", 2, mode="add"), _custom("advantage"), _a("xp", 1)),
                    ),
                ),
                persistent=True,
                lost=True,
            ),
            CardHalf(abilities=(_a("move", 3), _a("attack", 3))),
            "J",
        ),
        202: (  # Inspiring Sanctity
            CardHalf(
                abilities=(
                    _custom(
                        "ally-performs",
                        _affects("ally-adjacent"),
                        _a("attack", 8),
                        _consume("light", _custom("kill-normal-or-elite-instead"), _a("xp", 1)),
                    ),
                ),
                lost=True,
                xp=2,
            ),
            CardHalf(
                abilities=(
                    _custom(
                        "ally-performs",
                        _affects("allies-range", 3),
                        _a("attack", 4),
                        _custom("xp-per-attack", _a("xp", 1)),
                    ),
                ),
                lost=True,
            ),
            "J",
        ),
        204: (  # Divine Intervention
            CardHalf(
                abilities=(_custom("take-ally-damage", _a("suffer-damage", 1, mode="subtract")),),
                persistent=True,
                lost=True,
                xp=2,
            ),
            CardHalf(
                abilities=(
                    _custom("shield-allies", _a("shield", 1), _affects("self-allies")),
                    _infuse("light"),
                ),
                persistent=True,
            ),
            "J",
        ),
        189: (  # Practical Plans
            CardHalf(abilities=(_a("attack", 5),)),
            CardHalf(abilities=(_a("move", 5),)),
            "J",
        ),
        193: (  # Righteous Strength
            CardHalf(abilities=(_a("condition", "bless", _affects("allies-adjacent")),), xp=1),
            CardHalf(abilities=(_a("move", 3), _a("shield", 1, _affects("self"))), round=True),
            "J",
        ),
        198: (  # Illuminate the Target
            CardHalf(
                abilities=(_a("attack", 5), _a("condition", "strengthen", _affects("allies-adjacent"))),
                xp=1,
            ),
            CardHalf(abilities=(_custom("ally-performs", _affects("ally-adjacent"), _a("attack", 6)),)),
            "J",
        ),
        200: (  # Bright Aegis
            CardHalf(
                abilities=(
                    _a("shield", 1, _affects("self")),
                    _a("retaliate", 1, _affects("self")),
                    _infuse("light"),
                ),
                round=True,
            ),
            CardHalf(
                abilities=(
                    _custom(
                        "ally-recovers-lost",
                        _affects("ally-adjacent"),
                        _a("target", 1),
                        _consume("light", _a("target", 2), _a("xp", 1)),
                    ),
                ),
                lost=True,
                xp=2,
            ),
            "J",
        ),
        201: (  # Cleansing Force
            CardHalf(
                abilities=(_a("attack", 6, _a("condition", "stun"), _a("condition", "wound")),),
                lost=True,
                xp=2,
            ),
            CardHalf(abilities=(_a("move", 4), _infuse("light"))),
            "J",
        ),
    }
)

QUARTERMASTER.update(
    {
        225: (  # Catastrophic Bomb (effects/classes/quartermaster.py)
            CardHalf(
                abilities=(
                    _a(
                        "attack",
                        1,
                        _a("range", 3),
                        _area(
                            *(
                                (q, r, "target")
                                for q, r in (
                                    (0, 0),
                                    (0, 1),
                                    (1, 1),
                                    (1, 0),
                                    (1, -1),
                                    (2, -2),
                                    (2, -1),
                                    (2, 0),
                                    (2, 1),
                                    (3, 0),
                                    (3, -1),
                                    (3, -2),
                                )
                            )
                        ),
                    ),
                ),
                xp=1,
            ),
            CardHalf(
                abilities=(
                    _custom("qm-self-and-area-damage", _a("suffer-damage", 10), _custom("shape:0,1/1,0")),
                ),
                xp=1,
            ),
            "J (top: J's garbled second 'Attack 3' stands where J puts a range: read as Range 3; "
            "area R2R1R5R5R6R2R2R2R6R5R5R1A2A, twelve hexes; bottom: area G2R6R next to you, "
            "normal enemies only; no loss marker in J)",
        ),
        219: (  # Continual Supply
            CardHalf(
                abilities=(
                    _custom(
                        "at-turn-end",
                        _custom("pay-discard-1"),
                        _refresh(_affects("ally-adjacent"), "consumed", "small"),
                    ),
                ),
                persistent=True,
                lost=True,
                xp=1,
            ),
            CardHalf(
                abilities=(_custom("ally-recovers-lost", _affects("self"), _a("target", 2)),),
                lost=True,
            ),
            "J B (B cut short after the top; the bottom and the markers: J only)",
        ),
        223: (  # Reinforced Steel
            CardHalf(
                abilities=(_custom("refresh-at-round-end", _a("target", 1), _custom("spent")),),
                persistent=True,
                lost=True,
                xp=2,
            ),
            CardHalf(abilities=(_a("shield", 2, _affects("self-allies-adjacent")),), round=True),
            "J",
        ),
        226: (  # Quiver of Arrows
            CardHalf(
                abilities=(_custom("adjacent-allies-ranged-attacks-add-target", _a("target", 1)),),
                persistent=True,
                lost=True,
                xp=2,
            ),
            CardHalf(abilities=(_a("move", 6),)),
            "J",
        ),
        228: (  # Refreshment
            CardHalf(
                abilities=(_custom("refresh-on-long-rest", _a("target", 1), _custom("consumed")),),
                persistent=True,
                lost=True,
                xp=2,
            ),
            CardHalf(
                abilities=(_custom("ally-recovers-discarded", _affects("ally"), _custom("all")),),
                lost=True,
                xp=2,
            ),
            "J (B lists its top under level 2 with Reforge's initiative)",
        ),
        224: (  # Scroll of Judgment
            CardHalf(
                abilities=(_a("suffer-damage", 2), _a("suffer-damage", 2, _affects("enemies-range", 4))),
                lost=True,
                xp=2,
            ),
            CardHalf(abilities=(_a("move", 2), _a("condition", "stun", _affects("enemy-adjacent")))),
            "J",
        ),
        227: (  # Scroll of Blizzards
            CardHalf(abilities=(_a("attack", 1, _a("range", 2), BAND_8), _infuse("ice"))),
            CardHalf(
                abilities=(
                    _a("condition", "immobilize", _affects("enemies-adjacent")),
                    _a("move", 2),
                    _infuse("dark"),
                )
            ),
            "J (area: J's pattern A1R5R1R2R1R5R1R2R6A, eight hexes in two rows of four)",
        ),
        230: (  # Fortified Position
            CardHalf(
                abilities=(_custom("at-turn-end", _a("heal", 2, _affects("allies-adjacent"))),),
                persistent=True,
                lost=True,
                slots=_slots(1, 0, 1, 0, 1),
            ),
            CardHalf(abilities=(_a("move", 3), _a("shield", 2, _affects("self"))), round=True),
            "J",
        ),
        229: (  # Portable Ballista
            CardHalf(abilities=(_a("attack", 4, LINE_5),), xp=1),
            CardHalf(abilities=(_custom("ignore-shields-this-round"),), round=True),
            "J (area: J's pattern G6R6R6R6R1A5R4A, a line of five hexes from the Quartermaster)",
        ),
        231: (  # Scroll of Annihilation
            CardHalf(
                abilities=(_custom("kill", _affects("enemy-adjacent"), _custom("normal-or-elite")),),
                lost=True,
                xp=2,
            ),
            CardHalf(abilities=(_a("move", 3), _a("condition", "disarm", _affects("enemies-adjacent")))),
            "J",
        ),
        232: (  # Bag of Holding
            CardHalf(abilities=(_a("loot", 3),)),
            CardHalf(
                abilities=(_refresh(_affects("self-allies-adjacent"), "consumed", "small", count=None),),
                lost=True,
                xp=2,
            ),
            "J",
        ),
    }
)


#: class id → its transcribed cards.
CLASSES: dict[str, dict[int, tuple[CardHalf, CardHalf, str]]] = {
    "tinkerer": TINKERER,
    "sunkeeper": SUNKEEPER,
    "quartermaster": QUARTERMASTER,
    "spellweaver": __import__("transcriptions_spellweaver").SPELLWEAVER,
    "scoundrel": __import__("transcriptions_scoundrel").SCOUNDREL,
    "cragheart": __import__("transcriptions_cragheart").CRAGHEART,
    "doomstalker": __import__("transcriptions_doomstalker").DOOMSTALKER,
    "elementalist": __import__("transcriptions_elementalist").ELEMENTALIST,
    "plagueherald": __import__("transcriptions_plagueherald").PLAGUEHERALD,
    "nightshroud": __import__("transcriptions_nightshroud").NIGHTSHROUD,
    "soothsinger": __import__("transcriptions_soothsinger").SOOTHSINGER,
    "summoner": __import__("transcriptions_summoner").SUMMONER,
    "berserker": __import__("transcriptions_berserker").BERSERKER,
    "sawbones": __import__("transcriptions_sawbones").SAWBONES,
    "beast-tyrant": __import__("transcriptions_beast_tyrant").BEAST_TYRANT,
}

#: class id → its cards that no public source describes (left unencoded, marked ``unsourced``).
UNSOURCED: dict[str, frozenset[int]] = {"sawbones": __import__("transcriptions_sawbones").UNSOURCED}

#: (class id, GHS summon name) → our name (applied with the cards).
SUMMON_NAMES: dict[tuple[str, str], str] = __import__("transcriptions_beast_tyrant").SUMMON_NAMES
