"""One regression test per campaign pitfall of other tools (rules digest §17.C) and per loss
floor of §16.1. Test names carry the digest's IDs."""

from __future__ import annotations

import pytest

from delvekit.gloomhaven.campaign import tables as T

from .conftest import Play


def _enhancer(play: Play, *, gold: int = 1000, prosperity_checkmarks: int = 0) -> Play:
    play.do("create_character", name="Ana", **{"class": "brute"})
    play.do("gain_achievement", achievement="the-power-of-enhancement")
    play.do("complete_scenario", scenario=1, success=False, characters={"Ana": {"gold": gold - 30}})
    if prosperity_checkmarks:
        play.do("add_prosperity", amount=prosperity_checkmarks)
    return play


def _enhancements(play: Play) -> list[int]:
    return [e["cost"] for e in play.show()["enhancements"].get("brute", [])]


def test_C1_multi_target_doubles_attack_and_target(play: Play) -> None:
    p = _enhancer(play)
    p.do("enhance", character="Ana", card="Brute Volley", half="top", sticker="attack")
    q = _enhancer(_other_party())
    q.do("enhance", character="Ana", card="Brute Volley", half="top", sticker="target")
    assert _enhancements(p) == [100] and _enhancements(q) == [100]


def _other_party() -> Play:
    p = Play()
    p.do("new_party", name="Other")
    return p


def test_C2_first_sticker_on_the_bottom_ignores_the_top(play: Play) -> None:
    p = _enhancer(play)
    p.do("enhance", character="Ana", card="Brute Strike", half="top", sticker="attack")
    p.do("enhance", character="Ana", card="Brute Strike", half="bottom", sticker="move")
    assert _enhancements(p) == [50, 30]  # not 105
    # Top and bottom actions count separately; another line of the top half is its own action too.
    p.do("enhance", character="Ana", card="Brute Strike", half="top", action_index=1, sticker="range")
    p.do("enhance", character="Ana", card="Brute Strike", half="top", action_index=0, sticker="poison")
    assert _enhancements(p) == [50, 30, 30, 75 + 75]


def test_C3_limit_counts_enhanced_cards_not_stickers(play: Play) -> None:
    p = _enhancer(play, prosperity_checkmarks=4)
    assert p.show()["prosperity"]["level"] == 2
    p.do("enhance", character="Ana", card="Brute Strike", half="top", sticker="attack")
    p.do("enhance", character="Ana", card="Brute Volley", half="top", sticker="attack")
    p.do("enhance", character="Ana", card="Brute Strike", half="bottom", sticker="move")  # same card: allowed
    p.refused("enhance", "2 enhanced card", character="Ana", card="Brute Guard", half="top", sticker="shield")


def test_C4_cost_function_is_pure() -> None:
    first = T.enhancement_cost("element", card_level=1, multi_target=False, stickers_on_action=0)
    second = T.enhancement_cost("attack", card_level=1, multi_target=False, stickers_on_action=0)
    assert (first, second) == (100, 50)
    assert T.enhancement_cost("attack", card_level=1, multi_target=False, stickers_on_action=0) == 50


def test_C5_gloomhaven_never_triples(play: Play) -> None:
    # GH1e has no persistent-ability multiplier: a shield on a line that affects allies costs its
    # base price whatever else the card does.
    p = _enhancer(play)
    p.do("enhance", character="Ana", card="Brute Guard", half="top", sticker="shield")
    assert _enhancements(p) == [100]


def test_C6_starting_gold(play: Play) -> None:
    play.do("create_character", name="One", **{"class": "brute"}, level=1)
    assert play.ch("One")["gold"] == 30
    play.do("add_prosperity", amount=9)
    play.do("create_character", name="Three", **{"class": "tinkerer"}, level=3)
    assert (play.ch("Three")["gold"], play.ch("Three")["xp"]) == (60, 95)
    gh2e = Play(edition="gloomhaven_2e")
    gh2e.do("new_party", name="P")
    gh2e.do("add_prosperity", amount=9)
    gh2e.do("create_character", name="X", **{"class": "brute"}, level=1)
    assert gh2e.ch("X")["gold"] == 10 * 3 + 15


@pytest.mark.parametrize(
    ("checkmarks", "level"),
    [
        (3, 1),
        (4, 2),
        (8, 2),
        (9, 3),
        (14, 3),
        (15, 4),
        (22, 5),
        (29, 5),
        (30, 6),
        (39, 7),
        (49, 7),
        (50, 8),
        (63, 8),
        (64, 9),
    ],
)
def test_C7_prosperity_levels(play: Play, checkmarks: int, level: int) -> None:
    play.do("add_prosperity", amount=checkmarks)
    assert play.show()["prosperity"] == {"checkmarks": checkmarks, "level": level}


def test_C8_reputation_unlock_is_sticky(play: Play) -> None:
    play.do("change_reputation", amount=10)
    deck = list(play.show()["city_deck"])
    assert play.show()["envelopes"] == ["sun"] and "sunkeeper" in play.show()["classes_unlocked"]
    play.do("change_reputation", amount=-1)
    assert play.show()["envelopes"] == ["sun"] and "sunkeeper" in play.show()["classes_unlocked"]
    play.do("change_reputation", amount=1)
    assert play.show()["envelopes"] == ["sun"]
    assert sorted(play.show()["city_deck"]) == sorted(deck)  # no second copy of the class's events
    # The same for the −10 moon box and the ±20 event cards.
    play.do("change_reputation", amount=10)
    assert 76 in play.show()["city_deck"] and 67 in play.show()["road_deck"]
    play.do("change_reputation", amount=-40)
    s = play.show()
    assert s["reputation"] == -20 and "moon" in s["envelopes"] and "sun" in s["envelopes"]
    assert 77 in s["city_deck"] and 68 in s["road_deck"] and 76 in s["city_deck"]


def test_C9_jaws_of_the_lion_scenario_perk() -> None:
    p = Play(edition="jaws_of_the_lion")
    p.do("new_party", name="J")
    p.do("create_character", name="Ana", **{"class": "brute"})
    p.do("unlock_scenario", scenario=3)
    p.do("complete_scenario", scenario=3, success=True, characters={"Ana": {"xp": 45, "checkmarks": 3}})
    p.do("level_up", character="Ana", card="Brute Two A", perk=0)
    assert p.ch("Ana")["perks_allowed"] == 1 + 1 + 1
    gh = Play()
    gh.do("new_party", name="G")
    gh.do("create_character", name="Ana", **{"class": "brute"})
    gh.do("unlock_scenario", scenario=3)
    gh.do("complete_scenario", scenario=3, success=True, characters={"Ana": {"xp": 45, "checkmarks": 3}})
    gh.do("level_up", character="Ana", card="Brute Two A", perk=0)
    assert gh.ch("Ana")["perks_allowed"] == 2


def _retire_with_quest(p: Play, quest: str) -> None:
    # Put the wanted quest on top of the deck (the deal is seeded; this picks a case).
    p.state.quest_deck.remove(quest)
    p.state.quest_deck.insert(0, quest)
    p.do("create_character", name="R", **{"class": "cragheart"}, quest=0)
    assert p.ch("R")["personal_quest"] == quest
    p.do("quest_progress", character="R", amount=5)
    p.do("retire", character="R")


def test_C10_retirement_when_the_unlock_is_already_open(play: Play) -> None:
    play.do("change_reputation", amount=10)  # the sun box unlocks sunkeeper
    design, side = play.state.item_design_deck[0], play.state.side_scenario_deck[0]
    _retire_with_quest(play, "q-sun")
    s = play.show()
    assert s["item_designs"] == [design]
    assert s["unlocked_scenarios"] == [1, side]
    assert len(play.state.item_design_deck) == 2 and len(play.state.side_scenario_deck) == 2


def test_C10_first_unlock_gives_no_random_draw(play: Play) -> None:
    _retire_with_quest(play, "q-quarter")
    s = play.show()
    assert "quartermaster" in s["classes_unlocked"] and s["item_designs"] == []
    assert 32 in s["city_deck"]  # first unlock of a class adds its events


def test_C10_empty_decks_give_nothing(play: Play) -> None:
    play.do("change_reputation", amount=10)
    play.state.item_design_deck.clear()
    play.state.side_scenario_deck.clear()
    _retire_with_quest(play, "q-sun")
    assert play.show()["item_designs"] == [] and play.show()["unlocked_scenarios"] == [1]


def test_losses_never_go_below_the_floors(play: Play) -> None:
    """§16.1: never below 0 gold, the XP of the level, a perk threshold or the prosperity level."""
    play.do("create_character", name="Ana", **{"class": "brute"})
    play.do("create_character", name="Bo", **{"class": "tinkerer"})
    play.do(
        "complete_scenario",
        scenario=1,
        success=True,
        characters={"Ana": {"xp": 50, "gold": 0, "checkmarks": 4}, "Bo": {}},
    )
    play.do("level_up", character="Ana", card="Brute Two A", perk=0)
    play.do("add_prosperity", amount=5)  # 5 checkmarks: level 2
    play.state.characters["Ana"].gold = 3
    # City event 1 A, first alternative: +10 XP each and 5 gold lost each.
    play.do("city_event", card=1, option="A", choice=0)
    assert play.ch("Ana")["gold"] == 0 and play.ch("Bo")["gold"] == 25
    play.do("add_prosperity", amount=-4)
    assert play.show()["prosperity"] == {"checkmarks": 4, "level": 2}
    # Road event 1 B: each loses one checkmark; Ana's perk from 3 checkmarks stays.
    play.do("road_event", card=1, option="B")
    assert play.ch("Ana")["checkmarks"] == 3
    play.refused("add_checkmarks", "never goes below the perk threshold 3", character="Ana", count=-3)
    assert (play.ch("Ana")["checkmarks"], play.ch("Ana")["perks_allowed"]) == (3, 2)
    assert play.show()["city_deck"].count(1) == 1
    assert play.state.scenario_effects == ["start-poisoned"]


def test_level_up_to_the_prosperity_level(play: Play) -> None:
    play.do("create_character", name="Ana", **{"class": "brute"})
    play.do("add_prosperity", amount=9)
    play.do("level_up", character="Ana", card="Brute Two A", perk=0)
    play.do("level_up", character="Ana", card="Brute Three A", perk=1)
    assert (play.ch("Ana")["level"], play.ch("Ana")["xp"]) == (3, 95)
    play.refused("level_up", "level 4 needs 150", character="Ana", card="Brute Four A", perk=2)


def test_scenario_blocked_by_completing_another(play: Play) -> None:
    play.do("create_character", name="Ana", **{"class": "brute"})
    for n in (8, 9):
        play.do("unlock_scenario", scenario=n)
    play.do("complete_scenario", scenario=8, success=True, characters={"Ana": {}})
    s = play.show()
    assert 9 in s["blocked_scenarios"] and 9 not in s["available_scenarios"]
    play.refused("complete_scenario", "blocked", scenario=9, success=True, characters={"Ana": {}})
    # 8 gave "the-merchant-flees", which scenario 3 forbids.
    play.do("unlock_scenario", scenario=3)
    play.refused("choose_scenario", "blocked by the global achievement 'the-merchant-flees'", scenario=3)


def test_equipment_limits(play: Play) -> None:
    play.do("create_character", name="Ana", **{"class": "brute"})
    play.state.characters["Ana"].gold = 500
    for item in (8, 9, 11, 12, 13):
        play.do("buy", character="Ana", item=item)
    play.refused("equip", "two one-handed items or one two-handed", character="Ana", items=[8, 9])
    play.refused("equip", "at most 1 small", character="Ana", items=[12, 13])
    play.do("equip", character="Ana", items=[8, 11, 12])
    assert play.ch("Ana")["equipped"] == [8, 11, 12]


def test_retire_needs_a_personal_quest(play: Play) -> None:
    play.state.quest_deck.clear()  # every quest dealt: a new character gets none
    play.do("create_character", name="Nobody", **{"class": "brute"})
    assert play.ch("Nobody")["personal_quest"] is None
    play.refused("retire", "no personal quest", character="Nobody")
    play.refused("quest_progress", "no personal quest", character="Nobody")


def test_treasure_items_sold_go_to_the_city_supply(play: Play) -> None:
    """§14: a treasure item already owned is sold at once for half price and the copy joins the
    supply; the shop then sells it although prosperity does not stock it."""
    play.do("create_character", name="Ana", **{"class": "brute"})
    play.do("create_character", name="Bo", **{"class": "tinkerer"})
    play.do(
        "complete_scenario", scenario=1, success=True, characters={"Ana": {"items": [71]}, "Bo": {"gold": 20}}
    )
    assert "71" not in play.show()["shop"] and play.ch("Ana")["items"] == [71]
    play.do("unlock_scenario", scenario=3)
    play.do("complete_scenario", scenario=3, success=True, characters={"Ana": {"items": [71]}, "Bo": {}})
    assert play.ch("Ana")["gold"] == 30 + 20  # half of 40
    assert play.show()["shop"]["71"] == {"price": 40, "copies": 1}  # reputation +2: no modifier
    play.do("buy", character="Bo", item=71)
    assert play.show()["shop"]["71"]["copies"] == 0
