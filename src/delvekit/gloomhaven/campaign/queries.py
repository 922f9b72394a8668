"""Values derived from a campaign state: pure functions, no changes (shop supply, perks earned,
scenario availability...)."""

from __future__ import annotations

from delvekit.gloomhaven.campaign import tables as T
from delvekit.gloomhaven.campaign.content import (
    Catalog,
    Requirement,
)
from delvekit.gloomhaven.campaign.state import CampaignState, Character
from delvekit.gloomhaven.campaign.variant import CampaignRules


def prosperity(state: CampaignState) -> int:
    return T.prosperity_level(state.prosperity_checkmarks)


def perks_allowed(state: CampaignState, ch: Character, rules: CampaignRules) -> int:
    """Level-ups + checkmark perks + retirement perks (+ the JotL scenario perk)."""
    bonus = (
        1
        if rules.bonus_perk_scenario is not None and rules.bonus_perk_scenario in state.completed_scenarios
        else 0
    )
    return (ch.level - 1) + ch.checkmark_perks + ch.bonus_perks + bonus


def in_shop(catalog: Catalog, state: CampaignState, number: int) -> bool:
    item = catalog.items[number]
    return (
        (item.prosperity is not None and item.prosperity <= prosperity(state))
        or number in state.item_designs
        or number in state.released_items
    )


def copies_available(catalog: Catalog, state: CampaignState, number: int) -> int:
    """Copies in the city supply: every copy not owned by an active character (§16.6)."""
    if not in_shop(catalog, state, number):
        return 0
    owned = sum(1 for ch in state.characters.values() if not ch.retired and number in ch.items)
    return max(0, catalog.items[number].count - owned)


def scenario_blocker(catalog: Catalog, state: CampaignState, number: int) -> str | None:
    """Why scenario ``number`` cannot be played in campaign mode now, or None (§16.11)."""
    if number not in state.unlocked_scenarios:
        return f"scenario {number} is not unlocked"
    if number in state.completed_scenarios:
        return f"scenario {number} is already completed (replay it in casual mode)"
    if number in state.blocked_scenarios:
        return f"scenario {number} is blocked by a scenario completed earlier"
    info = catalog.scenarios.get(number)
    if info is None:
        return None
    if info.requires_completed and not any(
        all(n in state.completed_scenarios for n in group) for group in info.requires_completed
    ):
        need = " or ".join("+".join(str(n) for n in g) for g in info.requires_completed)
        return f"scenario {number} requires completing scenario {need}"
    if info.requirements:
        reasons = [_requirement_gap(state, r) for r in info.requirements]
        if all(reasons):
            return f"scenario {number} " + " or ".join(r for r in reasons if r)
    return None


def _requirement_gap(state: CampaignState, req: Requirement) -> str | None:
    party = state.party.achievements if state.party else []
    for kind, names, held in (
        ("global", req.global_achievements, state.global_achievements),
        ("party", req.party_achievements, party),
    ):
        for name in names:
            if name.startswith("!") and name[1:] in held:
                return f"is blocked by the {kind} achievement {name[1:]!r}"
            if not name.startswith("!") and name not in held:
                return f"requires the {kind} achievement {name!r}"
    return None


def card_pool(catalog: Catalog, ch: Character) -> list[str]:
    """Level-1 and X cards of the class plus the cards gained at each level."""
    base = [c.name for c in catalog.classes[ch.cls].cards if c.level in (None, 1)]
    return base + list(ch.cards)


def must_level_up(ch: Character) -> bool:
    return not ch.retired and ch.level < T.MAX_LEVEL and ch.xp >= T.xp_threshold(ch.level + 1)


def quest_fulfilled(catalog: Catalog, ch: Character) -> bool:
    """The personal quest is fulfilled: its tracked progress reached the quest's target, or the
    players recorded it as fulfilled (``fulfill_quest``)."""
    if ch.quest is None:
        return False
    if ch.quest_recorded:
        return True
    quest = catalog.quests.get(ch.quest)
    return ch.quest_progress >= (quest.target if quest else 1)


def perk_choices(catalog: Catalog, state: CampaignState, ch: Character, rules: CampaignRules) -> list[int]:
    """Perk lines the character may take now (empty when every earned perk is taken)."""
    if ch.retired or len(ch.perks) >= perks_allowed(state, ch, rules):
        return []
    perks = catalog.classes[ch.cls].perks
    return [i for i, perk in enumerate(perks) if ch.perks.count(i) < perk.count]


def card_choices(catalog: Catalog, ch: Character, level: int) -> list[str]:
    """Cards a character may add to its pool on reaching ``level`` (level ≤ it, not yet owned)."""
    pool = set(card_pool(catalog, ch))
    return [
        c.name
        for c in catalog.classes[ch.cls].cards
        if c.level is not None and c.level <= level and c.name not in pool
    ]
