"""What each battle goal asks, in our words, for a person choosing which of the two dealt to keep
(rules digest §2.6). The content pack carries the goals' names and check marks only; these
sentences follow the table of :mod:`delvekit.gloomhaven.scenario.battle_goals`, which judges them.

>>> goal_words("dynamo", 1)
'1 ✓: you kill a monster with at least 4 more damage than it needed; the players judge it, not the game'
"""

from __future__ import annotations

ACHIEVED_WHEN: dict[str, str] = {
    "aggressor": "a monster is on the map at the start of every round",
    "diehard": "your hit points never drop below half your maximum",
    "dynamo": "you kill a monster with at least 4 more damage than it needed",
    "executioner": "you kill an undamaged monster with a single attack",
    "explorer": "you reveal a room (open a door) on your turn",
    "fast-healer": "your hit points are at maximum at the end",
    "hoarder": "you loot 5 or more money tokens",
    "hunter": "you kill an elite monster",
    "indigent": "you loot no money token and no treasure tile",
    "layabout": "you gain 7 XP or fewer in the scenario",
    "masochist": "your hit points are 2 or fewer at the end",
    "neutralizer": "a trap is sprung or disarmed on your turn",
    "opener": "you kill the first monster killed in the scenario",
    "pacifist": "you kill 3 monsters or fewer",
    "plunderer": "you loot a treasure tile",
    "professional": "you use your items at least (your level + 2) times",
    "protector": "no other character becomes exhausted",
    "purist": "you use no item",
    "sadist": "you kill 5 monsters or more",
    "scrambler": "you take no long rest",
    "straggler": "you take no short rest",
    "streamliner": "you end with 5 or more cards in hand and discard pile",
    "workhorse": "you gain 13 XP or more in the scenario",
    "zealot": "you end with 3 or fewer cards in hand and discard pile",
}
"""Goal id → the condition that earns its check marks."""


def goal_words(goal: str, checks: int | None = None) -> str:
    """The goal's check marks and its condition, or ``""`` for a goal not listed here."""
    from delvekit.gloomhaven.scenario.battle_goals import NOT_JUDGED

    said = ACHIEVED_WHEN.get(goal)
    if said is None:
        return ""
    if goal in NOT_JUDGED:
        said += "; the players judge it, not the game"
    return f"{checks} ✓: {said}" if checks else said
