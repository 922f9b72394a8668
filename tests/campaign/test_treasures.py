"""§14: each numbered treasure is looted once per campaign: the campaign records the treasures a
scenario's characters looted, and a campaign game leaves them off the map."""

from __future__ import annotations

from delvekit.gloomhaven.campaign import apply_scenario_result
from delvekit.gloomhaven.campaign.actions import CharacterResult, CompleteScenario
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.scenario.treasure import without

from .conftest import Play


def test_14_the_campaign_records_looted_treasures_once_and_the_next_game_leaves_them_out(play: Play) -> None:
    p = play
    p.do("create_character", name="Ana", **{"class": "brute"})
    result = CompleteScenario(
        scenario=1, success=False, characters={"Ana": CharacterResult(xp=3, treasures=(7,))}
    )
    state = apply_scenario_result(p.campaign.catalog, p.state, result)
    assert state.looted_treasures == [7]  # kept even when the scenario failed (§15.2)
    again = apply_scenario_result(p.campaign.catalog, state, result)
    assert again.looted_treasures == [7]
    setup = setup_from_pack(load_pack(), 1, [Member("brute"), Member("mindthief")])
    assert [t.number for t in setup.treasures] == [7]
    assert without(setup, again.looted_treasures).treasures == ()
