"""Scenario level (rules digest §2.2–§2.3) and the end-of-scenario result record (§15).

>>> scenario_level([6, 4, 4, 3])                      # §18.2: 4.25 / 2 = 2.125 -> 3
3
>>> scenario_level([6, 4, 4, 3], difficulty="hard")
4
>>> info = level_info(3)
>>> info.monster_level, info.gold_per_coin, info.trap_damage, info.hazardous_damage, info.bonus_xp
(3, 3, 5, 2, 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import ceil
from typing import Literal, TypeAlias

import msgspec

from delvekit.core.errors import InputError
from delvekit.gloomhaven.model.damage import hazardous_damage, trap_damage

Difficulty: TypeAlias = Literal["easy", "normal", "hard", "very_hard"]
DIFFICULTY: dict[str, int] = {"easy": -1, "normal": 0, "hard": 1, "very_hard": 2}
GOLD_PER_COIN = (2, 2, 3, 3, 4, 4, 5, 6)
"""Gold per money token by scenario level 0–7 (rulebook p.15; note level 7 gives 6, not 5)."""


def scenario_level(levels: Sequence[int], difficulty: Difficulty = "normal") -> int:
    """Recommended level: ceil(average character level / 2), plus the difficulty, within 0–7."""
    if not levels or any(isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 9 for x in levels):
        raise InputError(f"character levels are 1 to 9, got {list(levels)!r}", where="party levels")
    if difficulty not in DIFFICULTY:
        raise InputError(
            f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTY)})", where="difficulty"
        )
    base = ceil(Fraction(sum(levels), len(levels)) / 2)
    return max(0, min(7, base + DIFFICULTY[difficulty]))


class LevelInfo(msgspec.Struct, frozen=True):
    """The §2.3 row of one scenario level. With the GH 1e solo rule, monster level (at most 7)
    and trap damage are one higher (hazardous: half of that, unconfirmed); gold and bonus XP stay
    at the scenario level."""

    level: int
    monster_level: int
    gold_per_coin: int
    trap_damage: int
    hazardous_damage: int
    bonus_xp: int


def level_info(level: int, *, solo: bool = False) -> LevelInfo:
    """The §2.3 table row for ``level`` (0–7).

    >>> level_info(7).gold_per_coin, level_info(1).hazardous_damage
    (6, 1)
    >>> s = level_info(2, solo=True); (s.monster_level, s.trap_damage, s.gold_per_coin, s.bonus_xp)
    (3, 5, 3, 8)
    """
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 7:
        raise InputError(f"a scenario level is 0 to 7, got {level!r}", where="scenario level")
    trap = trap_damage(level) + (1 if solo else 0)
    return LevelInfo(
        level=level,
        monster_level=min(7, level + 1) if solo else level,
        gold_per_coin=GOLD_PER_COIN[level],
        trap_damage=trap,
        hazardous_damage=hazardous_damage(level) if not solo else trap // 2,  # solo: [unconfirmed]
        bonus_xp=4 + 2 * level,
    )


class CharacterResult(msgspec.Struct, frozen=True, kw_only=True):
    """What one character takes away from the scenario (§15.2–§15.3): XP earned in play, coins
    and the gold they convert to, the success bonus XP, and whether it ended exhausted."""

    id: str
    xp: int
    coins: int
    gold: int
    bonus_xp: int
    exhausted: bool
    battle_goal: str | None = None
    """The goal the character kept (§2.6)."""
    battle_goal_met: bool | None = None
    """Whether the engine judged it achieved; ``None``: not judged (the players decide)."""
    checkmarks: int = 0
    """Battle-goal check marks earned (success only, §15.3), from the judged goal."""
    treasures: tuple[int, ...] = ()
    """Numbered treasures looted (§14; a campaign crosses them off)."""
    treasure_gold: int = 0
    """Gold from treasures (already counted in ``gold``)."""
    items: tuple[int, ...] = ()
    """Items from treasures."""
    rewards: tuple[str, ...] = ()
    """Treasure rewards the campaign applies (``item-design:N``, ``random-item-design``,
    ``scenario:N``, ``random-scenario``, ``battle-goal:N``...)."""


class ScenarioResult(msgspec.Struct, frozen=True, kw_only=True):
    """The record a campaign applies later. Battle goals and the scenario's own rewards are the
    campaign's business (they need the campaign state)."""

    scenario: str
    result: Literal["victory", "defeat"]
    rounds: int
    level: int
    characters: tuple[CharacterResult, ...]
