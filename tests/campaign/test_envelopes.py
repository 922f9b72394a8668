"""The envelope conditions of the seeds (§16.9) and the sanctuary milestones (§16.7)."""

from __future__ import annotations

from .conftest import Play


def test_sanctuary_total_of_100_opens_envelope_b_then_milestones_add_prosperity(play: Play) -> None:
    p = play
    p.do("create_character", name="Ana", **{"class": "brute"})
    p.do("create_character", name="Bo", **{"class": "tinkerer"})
    for visit in range(1, 8):
        p.do(
            "complete_scenario",
            scenario=1,
            success=False,
            characters={"Ana": {"gold": 10}, "Bo": {"gold": 10}},
        )
        p.do("donate", character="Ana")
        p.do("donate", character="Bo")
        s = p.show()
        assert s["donations"] == 20 * visit
        assert ("B" in s["envelopes"]) == (20 * visit >= 100)
        # +1 prosperity at 150 (visit 8 would reach 160): none yet up to 140.
        assert s["prosperity"]["checkmarks"] == 0
    p.do("complete_scenario", scenario=1, success=False, characters={"Ana": {"gold": 10}, "Bo": {"gold": 10}})
    p.do("donate", character="Ana")  # 150
    assert p.show()["prosperity"]["checkmarks"] == 1
    p.do("donate", character="Bo")  # 160
    assert p.show()["prosperity"]["checkmarks"] == 1 and p.show()["envelopes"].count("B") == 1
    assert p.ch("Ana")["blessings"] == 2


def test_five_ancient_technology_achievements_open_envelope_a(play: Play) -> None:
    for n in range(1, 6):
        assert "A" not in play.show()["envelopes"]
        play.do("gain_achievement", achievement="ancient-technology")
        assert play.show()["global_achievement_counts"]["ancient-technology"] == n
    assert play.show()["envelopes"] == ["A"]


def test_the_drake_aided(play: Play) -> None:
    play.do("gain_achievement", achievement="the-drakes-command", kind="party")
    assert "the-drake-aided" not in play.show()["global_achievements"]
    play.do("gain_achievement", achievement="the-drakes-treasure", kind="party")
    s = play.show()
    assert "the-drake-aided" in s["global_achievements"]
    assert 75 in s["city_deck"] and 66 in s["road_deck"]
    # Optional but permanent: losing a party achievement later changes nothing.
    play.do("gain_achievement", achievement="the-drakes-command", kind="party", lose=True)
    assert "the-drake-aided" in play.show()["global_achievements"]


def test_reputation_20_and_minus_20_add_their_events_once(play: Play) -> None:
    play.do("change_reputation", amount=25)
    s = play.show()
    assert s["reputation"] == 20 and s["city_deck"].count(76) == 1 and s["road_deck"].count(67) == 1
    play.do("change_reputation", amount=-1)
    play.do("change_reputation", amount=1)
    assert play.show()["city_deck"].count(76) == 1


def test_first_retirement_opens_the_town_records_once(play: Play) -> None:
    for name, cls in (("Ana", "brute"), ("Bo", "tinkerer")):
        play.do("create_character", name=name, **{"class": cls})
        play.do("fulfill_quest", character=name)  # retiring needs a fulfilled quest (§16.8)
        play.do("retire", character=name)
    s = play.show()
    assert s["envelopes"].count("town-records") == 1
    assert s["prosperity"]["checkmarks"] == 2
