"""The campaign's numbers, exactly as the rules digest gives them (§16.2–§16.10).

Every function here is pure: same arguments, same answer, no campaign state.

>>> level_for_xp(94), level_for_xp(95)
(2, 3)
>>> prosperity_level(15)
4
>>> shop_price(20, 7), shop_price(20, -3), sell_price(20)
(18, 21, 10)
>>> enhancement_cost("attack", card_level=3, multi_target=True, stickers_on_action=1)
225
>>> starting_gold(3)
60
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

from delvekit.core.errors import IllegalChoice

XP_THRESHOLDS: Final = (0, 45, 95, 150, 210, 275, 345, 420, 500)
"""XP needed for levels 1–9 (§16.3)."""

PROSPERITY_THRESHOLDS: Final = (0, 4, 9, 15, 22, 30, 39, 50, 64)
"""Prosperity checkmarks needed for prosperity levels 1–9 (§16.5, GHS PR #1062)."""

MAX_LEVEL: Final = 9
REPUTATION_MIN: Final = -20
REPUTATION_MAX: Final = 20
MAX_CHECKMARKS: Final = 18
"""Battle-goal checkmarks on a character sheet; every 3 give a perk, so at most 6 perks (§16.4)."""
CHECKMARKS_PER_PERK: Final = 3

DONATION: Final = 10
"""Gold per sanctuary donation; it adds two bless cards for the character's next scenario (§16.7)."""
DONATION_BLESSES: Final = 2
DONATION_ENVELOPE_B: Final = 100
DONATION_PROSPERITY_MILESTONES: Final = (150, 200, 250, 300, 350, 400, 500, 600, 700, 800, 900, 1000)
"""Total donations that each give +1 prosperity after envelope B (fandom wiki list; §16.7 marks the
exact list unconfirmed, carherco also has 450)."""

SHOP_ITEMS_BY_PROSPERITY: Final = {
    1: range(1, 15),
    2: range(15, 22),
    3: range(22, 29),
    4: range(29, 36),
    5: range(36, 43),
    6: range(43, 50),
    7: range(50, 57),
    8: range(57, 64),
    9: range(64, 71),
}
"""Item numbers each prosperity level adds to the city supply (§16.5)."""


def xp_threshold(level: int) -> int:
    """XP at which a character reaches ``level`` (1–9).

    >>> [xp_threshold(n) for n in (1, 2, 9)]
    [0, 45, 500]
    """
    if not 1 <= level <= MAX_LEVEL:
        raise IllegalChoice(f"level {level} is outside 1–{MAX_LEVEL}")
    return XP_THRESHOLDS[level - 1]


def level_for_xp(xp: int) -> int:
    """The highest level whose threshold ``xp`` reaches."""
    level = 1
    for n, need in enumerate(XP_THRESHOLDS, start=1):
        if xp >= need:
            level = n
    return level


def prosperity_threshold(level: int) -> int:
    """Checkmarks at which the town reaches prosperity ``level`` (1–9)."""
    if not 1 <= level <= MAX_LEVEL:
        raise IllegalChoice(f"prosperity level {level} is outside 1–{MAX_LEVEL}")
    return PROSPERITY_THRESHOLDS[level - 1]


def prosperity_level(checkmarks: int) -> int:
    """Prosperity level for a number of checkmarks (§17.C7).

    >>> [prosperity_level(n) for n in (3, 4, 8, 9, 14, 22, 29, 30, 39, 49, 50, 63, 64)]
    [1, 2, 2, 3, 3, 5, 5, 6, 7, 7, 8, 8, 9]
    """
    level = 1
    for n, need in enumerate(PROSPERITY_THRESHOLDS, start=1):
        if checkmarks >= need:
            level = n
    return level


def price_modifier(reputation: int) -> int:
    """Gold added to a printed cost at this reputation (§16.6): −5 at +19…+20, +5 at −19…−20.

    >>> [price_modifier(r) for r in (20, 19, 18, 15, 14, 3, 2, 0, -2, -3, -6, -7, -18, -19, -20)]
    [-5, -5, -4, -4, -3, -1, 0, 0, 0, 1, 1, 2, 4, 5, 5]
    """
    if reputation >= 0:
        return -((reputation - 2 + 3) // 4) if reputation > 2 else 0
    return -((reputation + 2) // 4) if reputation < -2 else 0


def shop_price(cost: int, reputation: int) -> int:
    """What the shop asks for an item of printed ``cost`` (never below 0)."""
    return max(0, cost + price_modifier(reputation))


def sell_price(cost: int) -> int:
    """What the shop pays back: half the printed cost, rounded down (§16.6)."""
    return cost // 2


StartingGoldRule: TypeAlias = Literal["fifteen_per_level", "prosperity_based"]


def starting_gold(level: int, *, rule: StartingGoldRule = "fifteen_per_level", prosperity: int = 1) -> int:
    """Gold of a new character (§16.2, §17.C6): GH1e 15 × (level + 1); the GH2E switch 10 × prosperity + 15.

    >>> starting_gold(1), starting_gold(5), starting_gold(1, rule="prosperity_based", prosperity=4)
    (30, 90, 55)
    """
    if rule == "fifteen_per_level":
        return 15 * (level + 1)
    return 10 * prosperity + 15


Sticker: TypeAlias = Literal[
    "move",
    "attack",
    "range",
    "target",
    "shield",
    "retaliate",
    "pierce",
    "heal",
    "push",
    "pull",
    "jump",
    "summon_hp",
    "summon_move",
    "summon_attack",
    "summon_range",
    "poison",
    "wound",
    "muddle",
    "immobilize",
    "disarm",
    "curse",
    "strengthen",
    "bless",
    "element",
    "any_element",
    "attack_hex",
]

ENHANCEMENT_BASE_COST: Final[dict[str, int]] = {
    "move": 30,
    "attack": 50,
    "range": 30,
    "target": 50,
    "shield": 100,
    "retaliate": 100,
    "pierce": 30,
    "heal": 30,
    "push": 30,
    "pull": 30,
    "jump": 50,
    "summon_hp": 50,
    "summon_move": 100,
    "summon_attack": 100,
    "summon_range": 50,
    "poison": 75,
    "wound": 75,
    "muddle": 50,
    "immobilize": 100,
    "disarm": 150,
    "curse": 75,
    "strengthen": 50,
    "bless": 50,
    "element": 100,
    "any_element": 150,
}
"""GH1e base price of each sticker (§16.10); the attack hex depends on the area's size."""

STICKERS: Final = (*ENHANCEMENT_BASE_COST, "attack_hex")
PLUS_ONE_STICKERS: Final = frozenset(
    {
        "move",
        "attack",
        "range",
        "target",
        "shield",
        "retaliate",
        "pierce",
        "heal",
        "push",
        "pull",
        "summon_hp",
        "summon_move",
        "summon_attack",
        "summon_range",
    }
)
NEGATIVE_CONDITION_STICKERS: Final = frozenset({"poison", "wound", "muddle", "immobilize", "disarm", "curse"})
POSITIVE_CONDITION_STICKERS: Final = frozenset({"strengthen", "bless"})


def attack_hex_cost(hexes: int) -> int:
    """Price of one more hex on an area of ``hexes`` hexes: floor(200 / hexes) (§16.10).

    >>> [attack_hex_cost(n) for n in range(2, 14)]
    [100, 66, 50, 40, 33, 28, 25, 22, 20, 18, 16, 15]
    """
    if hexes < 1:
        raise IllegalChoice("an attack-hex sticker needs an area of at least one hex")
    return 200 // hexes


def enhancement_cost(
    sticker: str,
    *,
    card_level: int | None,
    multi_target: bool,
    stickers_on_action: int,
    hexes: int = 0,
) -> int:
    """Total GH1e price of one sticker (§16.10, §17.C1–C4).

    base (× 2 when the ability targets several figures, for every sticker but the attack hex)
    + 25 × (card level − 1), X cards counting as level 1
    + 75 × stickers already on the same action (top and bottom are separate actions).

    >>> enhancement_cost("target", card_level=1, multi_target=True, stickers_on_action=0)
    100
    >>> enhancement_cost("attack_hex", card_level=1, multi_target=True, stickers_on_action=0, hexes=3)
    66
    """
    if sticker == "attack_hex":
        base = attack_hex_cost(hexes)
    else:
        try:
            base = ENHANCEMENT_BASE_COST[sticker]
        except KeyError:
            known = ", ".join(STICKERS)
            raise IllegalChoice(f"unknown enhancement sticker {sticker!r}; known: {known}") from None
        if multi_target:
            base *= 2
    level = 1 if card_level is None else card_level
    if stickers_on_action < 0:
        raise IllegalChoice("stickers_on_action cannot be negative")
    return base + 25 * (level - 1) + 75 * stickers_on_action
