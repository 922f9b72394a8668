"""A campaign played through every action, checked against the rules digest's exact numbers
(§15.3, §16.1–§16.11, worked examples §18.14, §18.15, §18.17)."""

from __future__ import annotations

from delvekit.gloomhaven.campaign import tables as T

from .conftest import Play


def test_walkthrough(play: Play) -> None:
    p = play
    # §16.2: level 1 → 30 gold, XP 0; deal two quests, keep the one asked for.
    offered = list(p.state.quest_deck[:2])
    p.do("create_character", name="Ana", **{"class": "brute"}, level=1, quest=1, player="ana")
    assert p.ch("Ana") | {} == p.ch("Ana")
    ana = p.ch("Ana")
    assert (ana["level"], ana["xp"], ana["gold"], ana["max_health"]) == (1, 0, 30, 10)
    assert ana["personal_quest"] == offered[1]
    assert offered[0] in p.state.quest_deck and offered[1] not in p.state.quest_deck
    p.do("create_character", name="Bo", **{"class": "scoundrel"}, level=1)
    p.refused(
        "create_character", "starting level 2 is not allowed", name="Cy", **{"class": "tinkerer"}, level=2
    )
    p.refused("create_character", "already plays brute", name="Cy", **{"class": "brute"})
    p.refused("create_character", "not unlocked", name="Cy", **{"class": "sunkeeper"})

    # §16.6 shop at reputation 0: printed cost; two copies of Boots of Striding.
    p.do("buy", character="Ana", item=1)
    p.do("buy", character="Ana", item=3)
    assert p.ch("Ana")["gold"] == 30 - 20 - 10
    p.refused("buy", "has 0 gold", character="Ana", item=7)
    p.do("buy", character="Bo", item=1)
    p.refused("buy", "already owns", character="Bo", item=1)
    assert p.show()["shop"]["1"] == {"price": 20, "copies": 0}
    p.refused("buy", "not in the shop", character="Bo", item=15)
    p.do("sell", character="Ana", item=3)  # half of 10
    assert p.ch("Ana")["gold"] == 5
    assert p.show()["shop"]["3"]["copies"] == 2

    # No town visit before the first scenario: no sanctuary, no city event (§16.1, §16.7).
    p.refused("donate", "town visit", character="Ana")
    p.refused("city_event", "town visit", card=1, option="A")

    # Scenario 1: XP includes the success bonus 4 + 2L (L = 1 → 6) and what they earned.
    p.do(
        "complete_scenario",
        scenario=1,
        success=True,
        characters={
            "Ana": {"xp": 12, "gold": 8, "checkmarks": 1},
            "Bo": {"xp": 10, "gold": 3, "checkmarks": 2},
        },
    )
    s = p.show()
    assert s["completed_scenarios"] == [1] and s["unlocked_scenarios"] == [1, 2]
    assert s["party_achievements"] == ["first-steps"]
    assert (p.ch("Ana")["xp"], p.ch("Ana")["gold"], p.ch("Ana")["checkmarks"]) == (12, 13, 1)
    assert (p.ch("Bo")["xp"], p.ch("Bo")["gold"]) == (10, 13)

    # Sanctuary: 10 gold, 2 blessings, once per character per visit.
    p.do("donate", character="Ana")
    assert (p.ch("Ana")["gold"], p.ch("Ana")["blessings"], p.show()["donations"]) == (3, 2, 10)
    p.refused("donate", "already donated", character="Ana")
    p.do("donate", character="Bo")

    # City event 1, option A, second alternative: +10 XP each, −1 reputation; card to the bottom.
    card = 1
    p.do("city_event", card=card, option="A", choice=1)
    assert (p.ch("Ana")["xp"], p.ch("Bo")["xp"], p.show()["reputation"]) == (22, 20, -1)
    assert p.show()["city_deck"][-1] == card
    p.refused("city_event", "already resolved a city event", card=2, option="B")

    # Reputation 7 → price −2 (§18.14: cost 20 → 18); reputation −3 → +1 (21).
    p.do("change_reputation", amount=-2)
    assert p.show()["shop"]["4"]["price"] == 21
    p.do("change_reputation", amount=10)
    assert p.show()["reputation"] == 7 and p.show()["shop"]["4"]["price"] == 18

    # Road event (scenario 2 is not linked to town): collective gold split freely; one per trip.
    p.refused("road_event", "collective gold", card=1, option="A")
    p.do("road_event", card=1, option="A", split={"Ana": 10, "Bo": 5})
    assert (p.ch("Ana")["gold"], p.ch("Bo")["gold"]) == (13, 8)
    p.refused("road_event", "already resolved a road event", card=2, option="B")

    # Scenario 2 rewards: 10 gold each, +1 prosperity; unlocks 3 and 4.
    p.do(
        "complete_scenario",
        scenario=2,
        success=True,
        characters={
            "Ana": {"xp": 30, "gold": 20, "checkmarks": 2},
            "Bo": {"xp": 25, "gold": 15, "checkmarks": 1},
        },
    )
    s = p.show()
    assert s["prosperity"] == {"checkmarks": 1, "level": 1}
    assert s["unlocked_scenarios"] == [1, 2, 3, 4]
    ana, bo = p.ch("Ana"), p.ch("Bo")
    assert (ana["xp"], ana["gold"], ana["checkmarks"], ana["perks_allowed"]) == (52, 43, 3, 1)
    assert (bo["xp"], bo["gold"], bo["checkmarks"]) == (45, 33, 3)
    assert ana["must_level_up"] and bo["must_level_up"]

    # §16.3 level 2 at 45 XP: health 12, one perk, one card of level ≤ 2.
    p.refused("level_up", "level 3", character="Ana", card="Brute Three A", perk=0)
    p.do("level_up", character="Ana", card="Brute Two A", perk=0)
    ana = p.ch("Ana")
    assert (ana["level"], ana["max_health"], ana["perks"], ana["perks_allowed"]) == (2, 12, 1, 2)
    assert "Brute Two A" in ana["cards"]
    p.do("add_perk", character="Ana", perk=2)
    p.refused("add_perk", "all 2 perk", character="Ana", perk=2)
    p.do("level_up", character="Bo", card="Scoundrel Two B", perk=0)
    p.refused("level_up", "has 52 XP; level 3 needs 95", character="Ana", card="Brute Three A", perk=1)

    # Prosperity 4 checkmarks → level 2: items 15–21 join the supply; price at reputation 7.
    p.do("add_prosperity", amount=3)
    assert p.show()["prosperity"] == {"checkmarks": 4, "level": 2}
    assert p.show()["shop"]["15"] == {"price": 28, "copies": 2}
    p.do("buy", character="Bo", item=15)
    assert p.ch("Bo")["gold"] == 33 - 28

    # New character at prosperity 2: level 2, XP 45, gold 15 × 3 = 45 (§16.2, §18.17).
    p.do("create_character", name="Cy", **{"class": "tinkerer"}, level=2, cards=["Tinkerer Two B"], perks=[1])
    cy = p.ch("Cy")
    assert (cy["level"], cy["xp"], cy["gold"], cy["perks"], cy["max_health"]) == (2, 45, 45, 1, 9)

    # Reputation 10 opens the sun box (Sunkeeper unlocked, its events join the decks), and stays open.
    p.do("change_reputation", amount=3)
    s = p.show()
    assert s["reputation"] == 10 and "sun" in s["envelopes"] and "sunkeeper" in s["classes_unlocked"]
    assert 31 in s["city_deck"] and 31 in s["road_deck"]
    p.do("change_reputation", amount=-1)
    p.do("change_reputation", amount=1)
    assert p.show()["envelopes"].count("sun") == 1
    assert p.show()["shop"]["4"]["price"] == 18  # 20 − 2 at +10

    # Scenario 3: rewards XP 5 each, +2 reputation, The Power of Enhancement, a city rule.
    p.do(
        "complete_scenario",
        scenario=3,
        success=True,
        characters={
            "Ana": {"xp": 14, "gold": 400},
            "Bo": {"xp": 10, "gold": 40},
            "Cy": {"xp": 8, "gold": 100},
        },
    )
    s = p.show()
    assert s["reputation"] == 12 and s["global_achievements"] == [
        "city-rule-economic",
        "the-power-of-enhancement",
    ]
    assert (p.ch("Ana")["xp"], p.ch("Ana")["gold"]) == (52 + 14 + 5, 43 + 400)
    assert p.show()["shop"]["4"]["price"] == 20 - 3  # reputation +12: −3

    # Enhancements (§16.10): +1 target on "Attack 2, Target 3", level 1 → 50 × 2 = 100; then
    # +1 attack on the same action: 100 + 75 (one sticker there) = 175; attack hex on a 3-hex area 66.
    gold = p.ch("Ana")["gold"]
    p.do("enhance", character="Ana", card="Brute Volley", half="top", action_index=0, sticker="target")
    p.do("enhance", character="Ana", card="Brute Volley", half="top", index=0, sticker="attack")
    p.do("enhance", character="Ana", card="Brute Sweep", half="top", line=0, sticker="attack_hex")
    assert p.ch("Ana")["gold"] == gold - 100 - 175 - 66
    assert [e["cost"] for e in p.show()["enhancements"]["brute"]] == [100, 175, 66]
    # Level-2 card, single target +1 attack: 50 + 25 = 75.
    p.do("enhance", character="Cy", card="Tinkerer Two B", half="top", action_index=0, sticker="attack")
    assert p.ch("Cy")["gold"] == 45 + 100 - 75
    # Prosperity 2 allows two enhanced brute cards: a third card is refused (§17.C3).
    p.refused(
        "enhance", "limit at prosperity 2", character="Ana", card="Brute Strike", half="top", sticker="attack"
    )

    # Checkmarks: every 3 a perk, at most 18.
    p.do("add_checkmarks", character="Bo", count=6)
    assert (p.ch("Bo")["checkmarks"], p.ch("Bo")["perks_allowed"]) == (9, 1 + 3)
    p.refused("add_checkmarks", "at most 18", character="Bo", count=10)

    # Retirement: quest fulfilled → prosperity +1, items back, gold lost, the quest's class unlocked.
    # Seed 1 dealt Ana "q-sun", whose class the sun box already unlocked: so retiring draws one
    # random item design and one random side scenario instead (§16.8, §17.C10).
    assert p.ch("Ana")["personal_quest"] == "q-sun"
    p.do("quest_progress", character="Ana", amount=1)
    assert p.ch("Ana")["quest_fulfilled"]
    before = p.show()
    design, side = p.state.item_design_deck[0], p.state.side_scenario_deck[0]
    p.do("retire", character="Ana")
    s = p.show()
    assert s["characters"]["Ana"]["retired"] and s["characters"]["Ana"]["gold"] == 0
    assert s["characters"]["Ana"]["items"] == []
    assert s["prosperity"]["checkmarks"] == before["prosperity"]["checkmarks"] + 1
    assert s["shop"]["1"]["copies"] == 1  # Ana's boots are back in the supply
    assert "town-records" in s["envelopes"]
    assert s["item_designs"] == [design] and side in s["unlocked_scenarios"]
    assert 42 in s["city_deck"] and 42 in s["road_deck"]  # first brute retirement
    p.refused("buy", "has retired", character="Ana", item=2)
    # Brute enhancements stay with the class.
    assert len(s["enhancements"]["brute"]) == 3

    # Ana's player starts a new brute with one extra perk (§16.2).
    p.do("create_character", name="Dee", **{"class": "brute"}, player="ana")
    dee = p.ch("Dee")
    assert (dee["perks_allowed"], dee["gold"]) == (1, 30)

    # A failed scenario keeps XP and gold, gives no rewards and no checkmarks, stays playable.
    p.refused(
        "complete_scenario",
        "only on success",
        scenario=4,
        success=False,
        characters={"Bo": {"checkmarks": 1}},
    )
    p.do(
        "complete_scenario",
        scenario=4,
        success=False,
        characters={"Bo": {"xp": 7, "gold": 4}, "Dee": {"xp": 3}},
    )
    assert 4 not in p.show()["completed_scenarios"] and p.show()["reputation"] == 12
    assert p.ch("Dee")["xp"] == 3
    # Scenario 4 success: the militaristic city rule replaces the economic one (§16.11), item design 71.
    p.do("complete_scenario", scenario=4, success=True, characters={"Bo": {"xp": 9}, "Dee": {"xp": 9}})
    s = p.show()
    assert (
        "city-rule-militaristic" in s["global_achievements"]
        and "city-rule-economic" not in s["global_achievements"]
    )
    assert s["reputation"] == 11 and s["item_designs"] == sorted([71, design]) and "71" in s["shop"]
    p.do("unlock_scenario", scenario=10)
    assert 10 in p.show()["unlocked_scenarios"] and 10 in p.show()["blocked_scenarios"]
    p.refused(
        "complete_scenario",
        "requires the party achievement 'a-map' or",
        scenario=10,
        success=True,
        characters={"Bo": {}},
    )


def test_thresholds_and_prices_from_the_digest() -> None:
    assert [T.xp_threshold(n) for n in range(1, 10)] == [0, 45, 95, 150, 210, 275, 345, 420, 500]
    assert [T.prosperity_threshold(n) for n in range(1, 10)] == [0, 4, 9, 15, 22, 30, 39, 50, 64]
    bands = {
        20: -5,
        19: -5,
        18: -4,
        15: -4,
        14: -3,
        11: -3,
        10: -2,
        7: -2,
        6: -1,
        3: -1,
        2: 0,
        -2: 0,
        -3: 1,
        -6: 1,
        -7: 2,
        -10: 2,
        -11: 3,
        -14: 3,
        -15: 4,
        -18: 4,
        -19: 5,
        -20: 5,
    }
    assert {r: T.price_modifier(r) for r in bands} == bands
    assert [T.starting_gold(n) for n in range(1, 10)] == [15 * (n + 1) for n in range(1, 10)]


def test_starting_gold_at_several_prosperity_levels() -> None:
    for prosperity, checkmarks in ((1, 0), (3, 9), (5, 22)):
        p = Play()
        p.do("new_party", name="P")
        if checkmarks:
            p.do("add_prosperity", amount=checkmarks)
        assert p.show()["prosperity"]["level"] == prosperity
        p.do("create_character", name="X", **{"class": "mindthief"}, level=prosperity)
        x = p.ch("X")
        assert (x["xp"], x["gold"]) == (T.XP_THRESHOLDS[prosperity - 1], 15 * (prosperity + 1))
        assert x["perks_allowed"] == prosperity - 1


def test_travel_road_events_and_mandatory_town_steps(play: Play) -> None:
    """§16.1 and worked example §18.16: Barrow Lair (2) is linked to Black Barrow (1): straight
    there, no road event; via Gloomhaven, one road event. Leaving town needs level-ups and
    retirements done first."""
    p = play
    p.do("create_character", name="Ana", **{"class": "brute"})
    p.refused("choose_scenario", "no scenario has been played yet", scenario=1, direct=True)
    p.do("choose_scenario", scenario=1)
    p.refused("complete_scenario", "resolve a road event", scenario=1, success=True, characters={"Ana": {}})
    p.do("road_event", card=2, option="B")
    p.do("complete_scenario", scenario=1, success=True, characters={"Ana": {"xp": 50}})
    # Straight on to the linked scenario 2: no road event, and no town steps (no town visit).
    p.do("choose_scenario", scenario=2, direct=True)
    p.refused("road_event", "linked", card=1, option="B")
    assert p.state.next_direct is True
    # Via Gloomhaven instead: Ana must first level up; then a road event is due.
    p.refused("choose_scenario", "must level up", scenario=2)
    p.do("level_up", character="Ana", card="Brute Two A", perk=0)
    p.do("choose_scenario", scenario=2)
    p.refused("complete_scenario", "road event", scenario=2, success=True, characters={"Ana": {}})
    p.do("road_event", card=1, option="B")
    p.do("complete_scenario", scenario=2, success=True, characters={"Ana": {}})
    assert p.show()["completed_scenarios"] == [1, 2]
    # A fulfilled personal quest: the character must retire before the party leaves town.
    p.do("quest_progress", character="Ana", amount=2)
    p.refused("choose_scenario", "must retire", scenario=3)


def test_choices_are_listed_for_the_table(play: Play) -> None:
    p = play
    p.do("create_character", name="Ana", **{"class": "brute"})
    assert (p.ch("Ana")["perk_choices"], p.ch("Ana")["card_choices"]) == ([], [])
    p.do("complete_scenario", scenario=1, success=True, characters={"Ana": {"xp": 45, "checkmarks": 3}})
    ana = p.ch("Ana")
    assert ana["perk_choices"] == list(range(11))  # one perk earned by checkmarks, every line open
    assert ana["card_choices"] == ["Brute Two A", "Brute Two B"]  # the level-2 choice
    p.do("add_perk", character="Ana", perk=0)
    p.do("level_up", character="Ana", card="Brute Two B", perk=2)
    assert p.ch("Ana")["perk_choices"] == [] and p.ch("Ana")["card_choices"] == []
