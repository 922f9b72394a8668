"""Pure views of a campaign state: the ``show --json`` document (a stable contract) and text."""

from __future__ import annotations

from typing import Any

from delvekit.gloomhaven.campaign import tables as T
from delvekit.gloomhaven.campaign.content import Catalog
from delvekit.gloomhaven.campaign.queries import (
    card_choices,
    card_pool,
    copies_available,
    in_shop,
    must_level_up,
    perk_choices,
    perks_allowed,
    prosperity,
    quest_fulfilled,
    scenario_blocker,
)
from delvekit.gloomhaven.campaign.state import CampaignState, Character
from delvekit.gloomhaven.campaign.variant import get as get_rules


def summary(catalog: Catalog, state: CampaignState) -> dict[str, Any]:
    """The ``delve campaign show --json`` document (issue 6 contract, plus extra keys)."""
    rules = get_rules(state.edition)
    level = prosperity(state)
    party = state.party
    reputation = party.reputation if party else 0
    characters: dict[str, Any] = {}
    for ch in state.characters.values():
        cls = catalog.classes.get(ch.cls)
        characters[ch.name] = {
            "class": ch.cls,
            "level": ch.level,
            "xp": ch.xp,
            "gold": ch.gold,
            "items": sorted(ch.items),
            "perks": len(ch.perks),
            "checkmarks": ch.checkmarks,
            "retired": ch.retired,
            "player": ch.player,
            "max_health": cls.health[ch.level - 1] if cls else None,
            "equipped": sorted(ch.equipped),
            "perk_indices": list(ch.perks),
            "perks_allowed": perks_allowed(state, ch, rules),
            "cards": card_pool(catalog, ch) if cls else list(ch.cards),
            "personal_quest": ch.quest,
            "quest_progress": ch.quest_progress,
            "quest_fulfilled": quest_fulfilled(catalog, ch),
            "must_level_up": must_level_up(ch),
            "next_level_xp": T.xp_threshold(ch.level + 1) if ch.level < T.MAX_LEVEL else None,
            "blessings": ch.blessings,
            "perk_choices": perk_choices(catalog, state, ch, rules) if cls else [],
            "card_choices": _card_choices(catalog, ch) if cls else [],
        }
    shop = {
        str(n): {"price": T.shop_price(item.cost, reputation), "copies": copies_available(catalog, state, n)}
        for n, item in sorted(catalog.items.items())
        if in_shop(catalog, state, n)
    }
    unlocked = sorted(state.unlocked_scenarios)
    return {
        "party": party.name if party else None,
        "prosperity": {"checkmarks": state.prosperity_checkmarks, "level": level},
        "reputation": reputation,
        "price_modifier": T.price_modifier(reputation),
        "characters": characters,
        "unlocked_scenarios": unlocked,
        "completed_scenarios": sorted(state.completed_scenarios),
        "available_scenarios": [n for n in unlocked if scenario_blocker(catalog, state, n) is None],
        "blocked_scenarios": [
            n for n in unlocked if n not in state.completed_scenarios and scenario_blocker(catalog, state, n)
        ],
        "envelopes": sorted(state.envelopes),
        "global_achievements": sorted(state.global_achievements),
        "global_achievement_counts": dict(sorted(state.global_achievements.items())),
        "party_achievements": sorted(party.achievements) if party else [],
        "classes_unlocked": sorted(state.classes_unlocked),
        "donations": state.donations,
        "item_designs": sorted(state.item_designs),
        "shop": shop,
        "city_deck": list(state.city_deck),
        "road_deck": list(state.road_deck),
        "personal_quests_offered": state.quest_deck[:2],
        "enhancements": {
            cls: [
                {
                    "card": e.card,
                    "half": e.half,
                    "action_index": e.action_index,
                    "sticker": e.sticker,
                    "cost": e.cost,
                }
                for e in es
            ]
            for cls, es in sorted(state.enhancements.items())
        },
        "visit": state.visit,
        "next_scenario": state.next_scenario,
    }


def _card_choices(catalog: Catalog, ch: Character) -> list[str]:
    """Cards to pick: those owed from earlier levels, or those of the next level-up."""
    if ch.retired:
        return []
    if len(ch.cards) < ch.level - 1:
        return card_choices(catalog, ch, len(ch.cards) + 2)
    if must_level_up(ch):
        return card_choices(catalog, ch, ch.level + 1)
    return []


def render_text(catalog: Catalog, state: CampaignState) -> str:
    """A short human summary for the terminal."""
    doc = summary(catalog, state)
    lines = [
        f"party {doc['party'] or '(none yet)'}: reputation {doc['reputation']:+d} "
        f"(prices {doc['price_modifier']:+d}), prosperity {doc['prosperity']['level']} "
        f"({doc['prosperity']['checkmarks']} checkmarks), donations {doc['donations']}",
    ]
    for name, ch in doc["characters"].items():
        flag = " (retired)" if ch["retired"] else ""
        todo = " · must level up" if ch["must_level_up"] else ""
        todo += " · quest fulfilled: must retire" if ch["quest_fulfilled"] and not ch["retired"] else ""
        lines.append(
            f"  {name}{flag}: {ch['class']} level {ch['level']}, {ch['xp']} XP, {ch['gold']} gold, "
            f"perks {ch['perks']}/{ch['perks_allowed']}, checkmarks {ch['checkmarks']}, "
            f"items {ch['items']}{todo}"
        )
    lines.append(
        f"available scenarios: {doc['available_scenarios']}; completed: {doc['completed_scenarios']}"
    )
    if doc["envelopes"]:
        lines.append(f"envelopes opened: {', '.join(doc['envelopes'])}")
    if doc["global_achievements"]:
        lines.append(f"global achievements: {', '.join(doc['global_achievements'])}")
    if doc["party_achievements"]:
        lines.append(f"party achievements: {', '.join(doc['party_achievements'])}")
    return "\n".join(lines)
