"""The party a scenario gets from the campaign (hook for `delve play --campaign`)."""

from __future__ import annotations

import msgspec
import pytest

from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.campaign import apply_scenario_result
from delvekit.gloomhaven.campaign.actions import CharacterResult, CompleteScenario
from delvekit.gloomhaven.campaign.party import scenario_party

from .conftest import Play


def test_loadouts_and_result_round_trip(play: Play) -> None:
    p = play
    p.do("create_character", name="Ana", **{"class": "brute"})
    p.do("buy", character="Ana", item=1)
    p.do("equip", character="Ana", items=[1])
    (ana,) = scenario_party(p.campaign.catalog, p.state, 1)
    assert (ana.name, ana.cls, ana.level, ana.max_health, ana.items, ana.blessings) == (
        "Ana",
        "brute",
        1,
        10,
        (1,),
        0,
    )
    assert "Brute Strike" in ana.cards and "Brute Two A" not in ana.cards
    result = CompleteScenario(scenario=1, success=True, characters={"Ana": CharacterResult(xp=50, gold=9)})
    state = apply_scenario_result(p.campaign.catalog, p.state, result)
    assert state.characters["Ana"].xp == 50 and p.state.characters["Ana"].xp == 0  # the input is untouched
    with pytest.raises(DelvekitError, match="already completed"):
        scenario_party(p.campaign.catalog, state, 1)
    with pytest.raises(DelvekitError, match="must level up"):
        scenario_party(p.campaign.catalog, state, 2)
    with pytest.raises(DelvekitError, match="unknown character 'Zed'"):
        scenario_party(p.campaign.catalog, p.state, 1, ["Zed"])


def test_result_from_the_engine_record(play: Play) -> None:
    from delvekit.gloomhaven.campaign.party import result_from_engine
    from delvekit.gloomhaven.model.level import CharacterResult as EngineCharacter
    from delvekit.gloomhaven.model.level import ScenarioResult

    p = play
    p.do("create_character", name="Ana", **{"class": "brute"})
    record = ScenarioResult(
        scenario="1",
        result="victory",
        rounds=9,
        level=1,
        characters=(EngineCharacter(id="ana", xp=7, coins=4, gold=8, bonus_xp=6, exhausted=False),),
    )
    action = result_from_engine(record, checkmarks={"Ana": 1}, names={"ana": "Ana"})
    assert action == CompleteScenario(
        scenario=1, success=True, characters={"Ana": CharacterResult(xp=13, gold=8, checkmarks=1)}
    )
    state = apply_scenario_result(p.campaign.catalog, p.state, action)
    assert (state.characters["Ana"].xp, state.characters["Ana"].gold, state.completed_scenarios) == (
        13,
        38,
        [1],
    )
    lost = msgspec.structs.replace(record, result="defeat")
    assert result_from_engine(lost, checkmarks={"Ana": 1}, names={"ana": "Ana"}).characters[
        "Ana"
    ] == CharacterResult(xp=7, gold=8)
