"""The campaign on the real bundled content pack (issue 3): numbers from the game's data."""

from __future__ import annotations

from typing import Any

import pytest

from delvekit.gloomhaven.campaign import Campaign, Catalog, action_from_object, summary
from delvekit.gloomhaven.campaign.pack import STARTING_CLASSES, from_pack


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    from delvekit.gloomhaven.content import load_pack

    return Catalog(from_pack(load_pack()), where="bundled pack")


def run(c: Campaign, *actions: dict[str, Any]) -> dict[str, Any]:
    for a in actions:
        c.apply(action_from_object(a))
    return summary(c.catalog, c.state)


def test_the_pack_gives_the_campaign_what_it_needs(catalog: Catalog) -> None:
    assert set(STARTING_CLASSES) <= set(catalog.classes)
    assert len(catalog.classes) == 17 and len(catalog.quests) == 24
    assert catalog.classes["brute"].health == (10, 12, 14, 16, 18, 20, 22, 24, 26)
    assert [n for n, i in catalog.items.items() if i.prosperity == 1] == list(range(1, 15))
    assert catalog.items[1].cost == 20 and catalog.items[12].count == 4
    assert catalog.scenarios[1].unlocks == (2,)


def test_first_steps_of_a_real_campaign(catalog: Catalog) -> None:
    c = Campaign.new(catalog, seed=3)
    s = run(
        c,
        {"action": "new_party", "name": "Real"},
        {"action": "create_character", "name": "Ana", "class": "brute"},
        {"action": "create_character", "name": "Bo", "class": "mindthief"},
        {"action": "buy", "character": "Ana", "item": 1},
        {
            "action": "complete_scenario",
            "scenario": 1,
            "success": True,
            "characters": {"Ana": {"xp": 10, "gold": 12, "checkmarks": 1}, "Bo": {"xp": 8, "gold": 5}},
        },
    )
    assert s["completed_scenarios"] == [1] and 2 in s["available_scenarios"]
    assert s["party_achievements"] == ["first-steps"]
    assert (s["characters"]["Ana"]["gold"], s["characters"]["Bo"]["max_health"]) == (10 + 12, 6)
    # City event 1, option A: +10 XP each, then lose 5 gold each or 1 reputation (choose).
    s = run(c, {"action": "city_event", "card": 1, "option": "A", "choice": 1})
    assert (s["characters"]["Ana"]["xp"], s["reputation"]) == (20, -1)
    # Scenario 2: 10 gold each and +1 prosperity (its rewards in the pack).
    s = run(
        c,
        {
            "action": "complete_scenario",
            "scenario": 2,
            "success": True,
            "characters": {"Ana": {"xp": 5}, "Bo": {"xp": 5}},
        },
    )
    assert s["prosperity"]["checkmarks"] == 1 and s["characters"]["Bo"]["gold"] == 30 + 5 + 10


def test_enhancement_costs_on_real_brute_cards(catalog: Catalog) -> None:
    c = Campaign.new(catalog, seed=3)
    run(
        c,
        {"action": "new_party", "name": "Real"},
        {"action": "create_character", "name": "Ana", "class": "brute"},
        {"action": "gain_achievement", "achievement": "the-power-of-enhancement"},
        {
            "action": "complete_scenario",
            "scenario": 1,
            "success": False,
            "characters": {"Ana": {"gold": 970}},
        },
        {"action": "add_prosperity", "amount": 4},  # prosperity 2: two enhanced cards
    )
    # §18.15: a hex added to a 3-hex area on a level-1 card with no stickers costs 66.
    s = run(
        c,
        {
            "action": "enhance",
            "character": "Ana",
            "card": "Sweeping Blow",
            "half": "top",
            "sticker": "attack_hex",
        },
    )
    # Trample's bottom attack hits every enemy moved through: +1 attack doubles to 100.
    s = run(
        c,
        {
            "action": "enhance",
            "character": "Ana",
            "card": "Trample",
            "half": "bottom",
            "action_index": 1,
            "sticker": "attack",
        },
    )
    assert [e["cost"] for e in s["enhancements"]["brute"]] == [66, 100]
    assert s["characters"]["Ana"]["gold"] == 1000 - 166


def test_class_mat_events_on_first_unlock_and_retirement(catalog: Catalog) -> None:
    c = Campaign.new(catalog, seed=3)
    s = run(c, {"action": "new_party", "name": "Real"}, {"action": "change_reputation", "amount": 10})
    assert "sunkeeper" in s["classes_unlocked"] and 31 in s["city_deck"] and 31 in s["road_deck"]
    c.state.quest_deck.remove("510")  # put quest 510 (4 steps, unlocks the Plagueherald) on top
    c.state.quest_deck.insert(0, "510")
    s = run(
        c,
        {"action": "create_character", "name": "Ana", "class": "brute", "quest": 0},
        {"action": "quest_progress", "character": "Ana", "amount": 4},
        {"action": "retire", "character": "Ana"},
    )
    assert "plagueherald" in s["classes_unlocked"]
    assert {35, 42} <= set(s["city_deck"]) and {35, 42} <= set(s["road_deck"])
