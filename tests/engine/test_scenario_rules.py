"""Scenario special rules, goals and bosses of scenarios 1-10 (delvekit.gloomhaven.scenario_rules,
the boss specials in delvekit.gloomhaven.effects_monsters), each named for its scenario."""

from __future__ import annotations

import itertools
import random

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.engine import Game
from delvekit.gloomhaven.engine_checks import violations
from delvekit.gloomhaven.engine_content import Member, setup_from_pack
from delvekit.gloomhaven.scenario_rules import parse_line

PARTY = [Member("brute"), Member("mindthief")]


def _setup(n: int, party: list[Member] = PARTY):  # type: ignore[no-untyped-def]
    return setup_from_pack(load_pack(), n, party)


def _to_round(game: Game, rnd: random.Random) -> None:
    while game.decision is not None and game.state.round < 1:
        game.choose(rnd.choice(list(game.decision.choices)))


def test_scenario_2_and_6_every_character_starts_with_three_curses() -> None:
    for n in (2, 6):
        game = Game(_setup(n), seed=1)
        _to_round(game, random.Random(1))
        for cid in ("brute", "mindthief"):
            assert game.state.modifier_decks[cid].count("curse") == 3, (n, cid)
        assert "scenario-rule start add-modifier cursex3" in [str(e) for e in game.events]


def test_scenario_5_every_character_starts_disarmed() -> None:
    game = Game(_setup(5), seed=1)
    _to_round(game, random.Random(1))
    assert all(Condition.DISARM in game.state.figures[c].conditions for c in ("brute", "mindthief"))


def test_round_rules_only_fire_when_their_expression_holds() -> None:
    game = Game(_setup(5), seed=2)
    rnd = random.Random(2)
    while game.decision is not None and game.state.round < 3:
        game.choose(rnd.choice(list(game.decision.choices)))
    assert [str(e) for e in game.events].count("scenario-rule start condition disarm") == 1


def test_goals_of_scenarios_1_to_10() -> None:
    rules = {n: _setup(n).rules for n in range(1, 11)}
    assert rules[2][-2:] == ("goal|kill|bandit-commander", "goal|revealed|")
    assert rules[8] == ("goal|kill|inox-bodyguard",)
    assert rules[9] == ("goal|kill|merciless-overseer", "goal|treasure|12,0")
    assert rules[7][0].startswith("goal|treasure|")
    for n in (1, 3, 4, 5, 6, 10):
        assert not any(r.startswith("goal") for r in rules[n])  # kill all enemies


def test_scenario_8_is_won_when_both_bodyguards_die_with_monsters_left() -> None:
    game = Game(_setup(8), seed=3)
    _to_round(game, random.Random(3))
    for room in range(1, len(game.setup.rooms)):
        if room not in game.state.revealed_rooms:
            game.reveal_room(room)
    bodyguards = [f for f in game.state.monsters() if f.name == "inox-bodyguard"]
    assert len(bodyguards) == 2
    game._kill(bodyguards[0])
    assert game.state.ending is None
    game._kill(bodyguards[1])
    assert game.state.ending == "victory"
    assert any(f.kind == "monster" for f in game.state.figures.values())


def _reveal_room_of(game: Game, monster: str) -> None:
    for room, placed in enumerate(game.setup.rooms):
        if any(p.monster == monster for p in placed) and room not in game.state.revealed_rooms:
            game.reveal_room(room)


def test_scenario_2_needs_the_commander_and_every_revealed_enemy_dead() -> None:
    game = Game(_setup(2), seed=4)
    _to_round(game, random.Random(4))
    _reveal_room_of(game, "bandit-commander")
    commander = next(f for f in game.state.monsters() if f.name == "bandit-commander")
    game._kill(commander)
    others = [f for f in game.state.monsters()]
    assert others and game.state.ending is None
    for f in others:
        game._kill(f)
    assert game.state.ending == "victory"  # unrevealed rooms do not matter


def test_scenario_9_the_overseer_attack_is_the_number_of_scouts() -> None:
    from delvekit.gloomhaven.engine_monsters import _stats

    game = Game(_setup(9), seed=5)
    _to_round(game, random.Random(5))
    for room in range(1, len(game.setup.rooms)):
        if room not in game.state.revealed_rooms:
            game.reveal_room(room)
    overseer = next(f for f in game.state.monsters() if f.name == "merciless-overseer")
    scouts = [f for f in game.state.monsters() if f.name == "vermling-scout"]
    assert _stats(game, overseer)[1] == len(scouts) > 0
    game._kill(scouts[0])
    assert _stats(game, overseer)[1] == len(scouts) - 1
    # immune to curse (its stat card), like the other bosses of 1-10
    assert game.add_modifier_card(overseer.id, "curse") is False


def test_scenario_9_overseer_special_1_makes_every_scout_act_again() -> None:
    setup = _setup(9)
    game = Game(setup, seed=6)
    rnd = random.Random(6)
    _to_round(game, rnd)
    for room in range(1, len(setup.rooms)):
        if room not in game.state.revealed_rooms:
            game.reveal_room(room)
    special = next(c for c in setup.decks["boss"] if str(c.actions[0]) == "custom custom-scouts-act-again")
    from delvekit.core.decks import Deck

    rest = [c.id for c in setup.decks["boss"] if c.id != special.id]
    game.state.decks["boss"] = Deck.from_state([special.id], rest)
    start = len(game.events)
    while game.decision is not None and not any(e.kind == "act-again" for e in game.events[start:]):
        game.choose(rnd.choice(list(game.decision.choices)))
    events = [str(e) for e in game.events[start:]]
    scouts = sum(1 for f in game.state.monsters() if f.name == "vermling-scout")
    assert any(e.startswith("act-again merciless-overseer") for e in events) and scouts


def test_scenario_2_commander_special_1_heads_for_a_closed_door_and_opens_it() -> None:
    setup = _setup(2)
    special = next(c for c in setup.decks["boss"] if "door" in str(c.actions[0]))
    assert str(special.actions[0]) == "custom custom-move-to-next-door-and-reveal"
    opened = 0
    for seed in range(6):
        game = Game(setup, seed=seed)
        rnd = random.Random(seed)
        _to_round(game, rnd)
        _reveal_room_of(game, "bandit-commander")
        from delvekit.core.decks import Deck

        game.state.decks["boss"] = Deck.from_state(
            [special.id], [c.id for c in setup.decks["boss"] if c.id != special.id]
        )
        start = len(game.events)
        while game.decision is not None and game.state.round < 3:
            game.choose(rnd.choice(list(game.decision.choices)))
            assert not violations(game)
        events = [str(e) for e in game.events[start:]]
        for before, after in itertools.pairwise(events):
            # the commander steps onto the door hex and opens it
            if before.startswith("moved bandit-commander") and after.startswith("door-opened"):
                assert before.split()[-1] == after.split()[-1]
                opened += 1
    assert opened  # in some of these games the commander reached a door in two turns


def test_scenario_9_plays_to_the_end_with_invariants() -> None:
    setup = _setup(9)
    results = set()
    for seed in range(4):
        game = Game(setup, seed=seed)
        rnd = random.Random(seed)
        while game.decision is not None:
            game.choose(rnd.choice(list(game.decision.choices)))
            problems = violations(game)
            assert not problems, problems
        results.add(game.result)
        assert Game.from_log(game.log_lines()).digest() == game.digest()
    assert results <= {"victory", "defeat"}


@pytest.mark.parametrize(
    "line", ["at|noon|R == 1|character|condition|disarm", "goal|win|x", "at|start||character|explode|1"]
)
def test_a_malformed_rule_line_names_itself(line: str) -> None:
    with pytest.raises(InputError, match="scenario rule"):
        parse_line(line)


def test_a_setup_with_a_bad_rule_fails_when_played_not_silently() -> None:
    setup = msgspec.structs.replace(_setup(1), rules=("goal|win|x",))
    rnd = random.Random(1)
    with pytest.raises(InputError, match="scenario rule"):
        game = Game(setup, seed=1)
        while game.decision is not None:
            game.choose(rnd.choice(list(game.decision.choices)))


def test_boss_health_and_attack_formulas_and_immunities() -> None:
    two = _setup(2)
    commander = next(m for m in two.monsters if m.name == "bandit-commander").boss
    assert two.level == 1 and commander is not None
    assert commander.health == 20  # 10 x C at level 1
    assert {c.value for c in commander.immunities} == {"stun", "immobilize"}
    assert commander.immune_cards == ("curse",)
    eight = _setup(8, [*PARTY, Member("tinkerer")])
    bodyguard = next(m for m in eight.monsters if m.name == "inox-bodyguard").boss
    assert bodyguard is not None and bodyguard.health == 21 and bodyguard.attack == 4  # 7xC, 1+C
    game = Game(two, seed=1)
    _to_round(game, random.Random(1))
    _reveal_room_of(game, "bandit-commander")
    boss = next(f for f in game.state.monsters() if f.name == "bandit-commander")
    assert game.add_condition(boss.id, Condition.STUN) is False
    assert game.add_condition(boss.id, Condition.POISON) is True


def test_scenario_9_needs_the_overseer_dead_and_the_goal_treasure_looted() -> None:
    setup = _setup(9)
    assert setup.rules == ("goal|kill|merciless-overseer", "goal|treasure|12,0")
    game = Game(setup, seed=7)
    _to_round(game, random.Random(7))
    _reveal_room_of(game, "merciless-overseer")
    game._kill(next(f for f in game.state.monsters() if f.name == "merciless-overseer"))
    assert game.state.ending is None  # the treasure is still there
    brute = game.state.figures["brute"]
    brute.hex = (12, 0)
    from delvekit.gloomhaven import effects

    effects.turn_end(game, brute)
    game._check_victory()
    assert "treasure-looted brute 12,0" in [str(e) for e in game.events]
    assert game.state.ending == "victory"


def test_scenario_7_is_won_by_looting_every_goal_treasure() -> None:
    setup = _setup(7)
    tiles = [tuple(int(x) for x in t.split(",")) for t in setup.rules[-1].split("|")[2].split(";")]
    assert len(tiles) == 5
    game = Game(setup, seed=8)
    _to_round(game, random.Random(8))
    from delvekit.gloomhaven import effects

    brute = game.state.figures["brute"]
    for n, tile in enumerate(tiles):
        brute.hex = tile  # type: ignore[assignment]
        effects.turn_end(game, brute)
        effects.turn_end(game, brute)  # looted once only
        game._check_victory()
        assert (game.state.ending == "victory") == (n == len(tiles) - 1)
    assert sum(e.kind == "treasure-looted" for e in game.events) == 5
