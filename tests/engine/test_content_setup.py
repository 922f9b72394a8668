"""The content adapter: scenarios from the bundled pack as engine setups (§2), played end to end
by random bots with every invariant checked."""

from __future__ import annotations

import random

import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, convert, setup_from_pack, slug, unsupported
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.invariants import violations

PARTY = [Member("brute"), Member("mindthief")]


def test_scenario_1_black_barrow_setup() -> None:
    s = setup_from_pack(load_pack(), 1, PARTY)
    assert s.level == 1 and s.scenario == "1"
    brute, mindthief = s.party
    assert (brute.max_health, brute.hand_limit, len(brute.hand)) == (10, 10, 13)  # level 1 + X cards
    assert (mindthief.max_health, mindthief.hand_limit) == (6, 10)
    # the starting room holds the standees the content marks for two players, on their hexes
    scenario = load_pack().scenarios[1]
    expected = {
        (p.monster, p.type_for(2), p.hex)
        for number, p in scenario.placements()
        if scenario.room(number).initial and p.type_for(2) != "none"
    }
    assert {(p.monster, p.rank, p.hex) for p in s.rooms[0]} == expected and len(expected) == 3
    guard = next(m for m in s.monsters if m.name == "bandit-guard")
    assert guard.normal is not None and (guard.normal.health, guard.normal.move, guard.normal.attack) == (
        6,
        3,
        2,
    )
    assert {d.rooms for d in s.board.doors} == {(0, 1), (1, 2)} if s.board else False
    trample = next(c for c in brute.hand if c.id == "trample")
    assert trample.initiative == 72 and str(trample.top.abilities[0]) == "attack 3 pierce 2"
    assert trample.bottom.lost and trample.bottom.abilities[0].jump


def test_level_difficulty_and_bad_input() -> None:
    pack = load_pack()
    assert setup_from_pack(pack, 1, [Member("brute", 3), Member("mindthief", 3)]).level == 2
    assert setup_from_pack(pack, 1, PARTY, difficulty="hard").level == 2
    with pytest.raises(InputError, match="unknown class"):
        setup_from_pack(pack, 1, [Member("brute"), Member("wizard")])
    with pytest.raises(InputError, match="unknown scenario"):
        setup_from_pack(pack, 999, PARTY)
    with pytest.raises(InputError, match="2 to 4"):
        setup_from_pack(pack, 1, [Member("brute")])


def test_monster_card_values_are_relative_and_unsupported_abilities_are_listed() -> None:
    pack = load_pack()
    deck = pack.deck_of("bandit-guard")
    card = next(c for c in deck.cards if any(a.type == "move" for a in c.abilities))
    move = next(a for a in card.abilities if a.type == "move")
    [converted] = convert(move, {"C": 2, "L": 1}, relative=True)
    assert converted.kind == "move" and abs(converted.value) <= 3
    s = setup_from_pack(pack, 1, PARTY)
    gaps = unsupported(s)
    assert all(isinstance(v, list) and v for v in gaps.values())
    assert "brute/trample" not in gaps  # "enemies moved through" is a named effect now
    assert "brute/sweeping-blow" not in gaps  # its area attack and its push of its own are played
    assert slug("The Mind's Weakness") == "the-mind-s-weakness"


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5, 6, 7, 8, 10])
@pytest.mark.parametrize("party", [PARTY, [*PARTY, Member("tinkerer")]], ids=["two", "three"])
def test_scenarios_play_end_to_end_with_random_bots(scenario: int, party: list[Member]) -> None:
    setup = setup_from_pack(load_pack(), scenario, party)
    for seed in range(3):
        game = Game(setup, seed=seed)
        rnd = random.Random(seed)
        while game.decision is not None:
            choices = list(game.decision.choices)
            attacks = [c for c in choices if c.kind == "target"]
            game.choose(rnd.choice(attacks or choices))
            assert not violations(game), violations(game)
        assert game.outcome is not None
        assert Game.from_log(game.log_lines()).digest() == game.digest()


def test_scenario_9_sets_up_with_the_overseer_attack_counting_scouts() -> None:
    """Scenario 9 was refused while the Merciless Overseer's ``V`` had no meaning; its attack
    is now one per Vermling Scout on the map (tests/engine/test_scenario_rules.py plays it)."""
    s = setup_from_pack(load_pack(), 9, PARTY)
    boss = next(m for m in s.monsters if m.name == "merciless-overseer").boss
    assert boss is not None and boss.attack_counts == "vermling-scout"


def test_abilities_that_affect_others_are_never_applied_to_oneself() -> None:
    """A condition or bonus that 'affects an adjacent enemy' or allies stays custom (unresolved)
    instead of landing on the character who plays it."""
    s = setup_from_pack(load_pack(), 1, PARTY)
    mindthief = s.party[1]
    for card in mindthief.hand:
        for half in (card.top, card.bottom):
            for ability in half.abilities:
                if ability.kind == "condition":
                    assert ability.condition is not None and not ability.condition.negative, (
                        card.id,
                        ability,
                    )
