"""The party a scenario gets from the campaign (hook for `delve play --campaign`)."""

from __future__ import annotations

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
