"""City and road events (§16.1): conditions, prices the party chooses to pay, collective gold,
losses that stop at the floors, card disposition, and cards the content does not structure."""

from __future__ import annotations

from .conftest import Play


def _visit(p: Play, gold: int = 0) -> None:
    """End a campaign-mode scenario (a failure keeps it playable) to start a town visit."""
    p.do("complete_scenario", scenario=1, success=False, characters={"Ana": {"gold": gold}})


def _party(p: Play) -> Play:
    p.do("create_character", name="Ana", **{"class": "brute"})
    p.do("create_character", name="Bo", **{"class": "tinkerer"})
    return p


def test_a_price_is_paid_only_when_the_party_agrees(play: Play) -> None:
    p = _party(play)
    _visit(p)
    p.refused("city_event", "asks no price", card=2, option="A", pay=True)
    p.refused("city_event", "pay 10 collective gold", card=3, option="A", pay=True)
    p.do("city_event", card=3, option="A", pay=True, split={"Ana": 4, "Bo": 6})
    s = p.show()
    assert (s["prosperity"]["checkmarks"], s["reputation"]) == (1, 0)
    assert (s["characters"]["Ana"]["gold"], s["characters"]["Bo"]["gold"]) == (26, 24)
    _visit(p)
    p.do("city_event", card=3, option="A")  # not paying: the "otherwise" outcome
    assert p.show()["reputation"] == -2 and p.show()["prosperity"]["checkmarks"] == 1


def test_otherwise_and_reputation_conditions(play: Play) -> None:
    p = _party(play)
    _visit(p)
    p.do("city_event", card=2, option="A")  # reputation 0 < 5: otherwise → −1 reputation
    assert p.show()["reputation"] == -1
    p.do("change_reputation", amount=6)
    _visit(p)
    p.do("city_event", card=2, option="A")  # reputation 5: 10 gold each, and not the "otherwise"
    s = p.show()
    assert s["reputation"] == 5 and s["characters"]["Bo"]["gold"] == 40


def test_class_condition_and_card_removed_by_its_outcome(play: Play) -> None:
    p = _party(play)
    p.do("road_event", card=3, option="B")  # a brute in the party: +5 XP each, the card leaves
    assert p.ch("Ana")["xp"] == 5 and 3 not in p.show()["road_deck"]


def test_collective_loss_the_party_cannot_cover_takes_everything(play: Play) -> None:
    p = _party(play)
    p.state.characters["Ana"].gold = 7
    p.state.characters["Bo"].gold = 5
    p.do("road_event", card=3, option="A")
    assert (p.ch("Ana")["gold"], p.ch("Bo")["gold"]) == (0, 0)


def test_collective_loss_is_split_freely(play: Play) -> None:
    p = _party(play)
    p.refused("road_event", "lose 20 collective gold", card=3, option="A")
    p.refused("road_event", "summing to 20", card=3, option="A", split={"Ana": 30, "Bo": 0})
    p.refused("road_event", "Bo: -10 is not within 0", card=3, option="A", split={"Ana": 30, "Bo": -10})
    p.state.characters["Ana"].gold = 10
    p.refused("road_event", "Ana has 10 gold, not 20", card=3, option="A", split={"Ana": 20})
    p.do("road_event", card=3, option="A", split={"Ana": 5, "Bo": 15})
    assert (p.ch("Ana")["gold"], p.ch("Bo")["gold"]) == (5, 15)
    assert p.show()["road_deck"][-1] == 3  # back to the bottom


def test_item_and_collective_gold_go_where_the_party_says(play: Play) -> None:
    p = _party(play)
    _visit(p)
    p.refused("city_event", "name the character", card=3, option="B", split={"Ana": 15})
    p.do("city_event", card=3, option="B", split={"Ana": 15}, character="Bo")
    assert p.ch("Ana")["gold"] == 45 and p.ch("Bo")["items"] == [13]


def test_an_event_the_content_does_not_structure_still_cycles(play: Play) -> None:
    p = _party(play)
    _visit(p)
    before = p.show()
    p.do("city_event", card=4, option="B")
    after = p.show()
    assert after["city_deck"][-1] == 4 and after["characters"] == before["characters"]
    p.refused("road_event", "option is A or B", card=4, option="C")
    p.refused("road_event", "not in the road deck", card=99, option="A")
