"""Scenario special rules, goals and bosses of scenarios 1-10 (delvekit.gloomhaven.scenario.rules,
the boss specials in delvekit.gloomhaven.effects.monsters), each named for its scenario."""

from __future__ import annotations

import json
import random

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.rule_text import parse_rule_line, rule_line
from delvekit.gloomhaven.model.scenario_rules import Goal
from delvekit.gloomhaven.scenario.rules import check
from delvekit.gloomhaven.testing.invariants import violations

PARTY = [Member("brute"), Member("mindthief")]


def _setup(n: int, party: list[Member] = PARTY):  # type: ignore[no-untyped-def]
    return setup_from_pack(load_pack(), n, party)


def _lines(setup) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    """A setup's rule records in their text form (readable expectations)."""
    return tuple(rule_line(r) for r in setup.rules)


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
    rules = {n: _lines(_setup(n)) for n in range(1, 11)}
    assert rules[2][-2:] == ("goal|kill|bandit-commander", "goal|revealed|")
    assert rules[8] == ("goal|kill|inox-bodyguard",)
    assert rules[9] == ("goal|kill|merciless-overseer", "goal|treasure|12,0")
    assert rules[7] == ("goal|treasure-loot|3,2;7,-3;8,8;17,-2;18,3",)
    assert rules[2][1] == "lock|7,7;4,8;4,3;7,1|bandit-commander"  # doors a, b, c, d
    assert rules[3][-1] == "goal|kills|5xC"
    assert rules[6][-2:] == ("goal|room|3", "goal|revealed|")  # room 3 is the M1a tile
    for n in (1, 4, 5, 10):
        assert not any(r.startswith("goal|") for r in rules[n])  # kill all enemies


def test_scenario_8_is_won_when_both_bodyguards_die_with_monsters_left() -> None:
    game = Game(_setup(8), seed=3)
    _to_round(game, random.Random(3))
    for room in range(1, len(game.setup.rooms)):
        if room not in game.state.revealed_rooms:
            game.reveal_room(room)
    bodyguards = [f for f in game.state.monsters() if f.name == "inox-bodyguard"]
    assert len(bodyguards) == 2
    game.kill(bodyguards[0])
    assert game.state.ending is None
    game.kill(bodyguards[1])
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
    game.kill(commander)
    others = [f for f in game.state.monsters()]
    assert others and game.state.ending is None
    for f in others:
        game.kill(f)
    assert game.state.ending == "victory"  # unrevealed rooms do not matter


def test_scenario_9_the_overseer_attack_is_the_number_of_scouts() -> None:
    from delvekit.gloomhaven.engine.monster_turn import stat_line

    game = Game(_setup(9), seed=5)
    _to_round(game, random.Random(5))
    for room in range(1, len(game.setup.rooms)):
        if room not in game.state.revealed_rooms:
            game.reveal_room(room)
    overseer = next(f for f in game.state.monsters() if f.name == "merciless-overseer")
    scouts = [f for f in game.state.monsters() if f.name == "vermling-scout"]
    assert stat_line(game, overseer)[1] == len(scouts) > 0
    game.kill(scouts[0])
    assert stat_line(game, overseer)[1] == len(scouts) - 1
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
    "line",
    [
        "at|noon|R == 1|character|condition|disarm",
        "goal|win|x",
        "at|start||character|explode|1",
        "goal|kills|5xL",
        "goal|room|M1a",
        "spawn|end||inox-guard|normal,none|8,2|",
        "spawn|end||inox-guard|normal,none,boss|8,2|",
        "spawn|end||inox-guard|normal,none,none|8;2|",
        "spawn|end|R ==|inox-guard|normal,none,none|8,2|",
        "lock|7,7;x|bandit-commander",
        "lock||bandit-commander",
    ],
)
def test_a_malformed_rule_line_names_itself(line: str) -> None:
    with pytest.raises(InputError, match="scenario rule"):
        check(parse_rule_line(line))


def test_a_spawn_of_a_type_the_setup_lacks_is_refused_by_name() -> None:
    spawn = parse_rule_line("spawn|start||inox-guard|normal,normal,normal|1,1|")
    setup = msgspec.structs.replace(_setup(1), rules=(spawn,))
    rnd = random.Random(1)
    with pytest.raises(InputError, match="inox-guard"):
        game = Game(setup, seed=1)
        while game.decision is not None:
            game.choose(rnd.choice(list(game.decision.choices)))


def test_a_bad_rule_in_a_save_is_refused_as_it_loads_not_in_play() -> None:
    game = Game(_setup(1), seed=1)
    doc = json.loads(game.save())
    doc["setup"]["rules"] = ["goal|win|x"]
    with pytest.raises(InputError, match="scenario rule"):
        Game.load(json.dumps(doc))


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
    assert _lines(setup) == ("goal|kill|merciless-overseer", "goal|treasure|12,0")
    game = Game(setup, seed=7)
    _to_round(game, random.Random(7))
    _reveal_room_of(game, "merciless-overseer")
    game.kill(next(f for f in game.state.monsters() if f.name == "merciless-overseer"))
    assert game.state.ending is None  # the treasure is still there
    brute = game.state.figures["brute"]
    brute.hex = (12, 0)
    from delvekit.gloomhaven.engine import hooks

    hooks.turn_ended.run(game, brute)
    game.check_victory()
    assert "treasure-looted brute 12,0" in [str(e) for e in game.events]
    assert game.state.ending == "victory"


def test_scenario_7_goal_treasures_are_looted_only_by_a_loot_ability() -> None:
    from delvekit.gloomhaven.engine import hooks
    from delvekit.gloomhaven.engine.actions import loot

    setup = _setup(7)
    goal = setup.rules[-1]
    assert isinstance(goal, Goal) and goal.goal == "treasure-loot"
    tiles = list(goal.hexes)
    assert len(tiles) == 5
    game = Game(setup, seed=8)
    _to_round(game, random.Random(8))
    brute = game.state.figures["brute"]
    for n, tile in enumerate(tiles):
        brute.hex = tile  # type: ignore[assignment]
        hooks.turn_ended.run(game, brute)  # ending a turn on it does not loot it (scenario 7)
        assert sum(e.kind == "treasure-looted" for e in game.events) == n
        # Loot 1 from the next hex along: the tile is in reach
        loot(game, brute, 0)
        loot(game, brute, 1)  # looted once only
        game.check_victory()
        assert (game.state.ending == "victory") == (n == len(tiles) - 1)
    assert sum(e.kind == "treasure-looted" for e in game.events) == 5


def test_scenario_7_a_loot_ability_reaches_goal_treasures_in_range_and_sight_only() -> None:
    from delvekit.gloomhaven.engine.actions import loot

    game = Game(_setup(7), seed=8)
    _to_round(game, random.Random(8))
    brute = game.state.figures["brute"]
    brute.hex = (3, 4)  # type: ignore[assignment]  # two steps from the tile at 3,2
    loot(game, brute, 1)
    assert not any(e.kind == "treasure-looted" for e in game.events)
    loot(game, brute, 2)
    assert [str(e) for e in game.events if e.kind == "treasure-looted"] == ["treasure-looted brute 3,2"]


def test_scenario_9_goal_treasure_is_looted_by_ending_a_turn_on_it_or_a_loot_ability() -> None:
    from delvekit.gloomhaven.engine import hooks
    from delvekit.gloomhaven.engine.actions import loot

    game = Game(_setup(9), seed=8)
    _to_round(game, random.Random(8))
    brute = game.state.figures["brute"]
    brute.hex = (12, 0)  # type: ignore[assignment]
    hooks.turn_ended.run(game, brute)
    assert [str(e) for e in game.events if e.kind == "treasure-looted"] == ["treasure-looted brute 12,0"]
    other = Game(_setup(9), seed=8)
    _to_round(other, random.Random(8))
    other.state.figures["brute"].hex = (12, 0)  # type: ignore[assignment]
    loot(other, other.state.figures["brute"], 0)
    assert any(e.kind == "treasure-looted" for e in other.events)


# ---------------------------------------------------------------- scenario 2: locked doors


def _next_to(game: Game, door: tuple[int, int]) -> tuple[int, int]:
    from delvekit.core.hexes import neighbours

    board = game.board()
    assert board is not None
    taken = {f.hex for f in game.state.figures.values()}
    return next(
        n for n in sorted(neighbours(door))
        if n in board.hexes and board.adjacent(n, door) and not board.is_wall(n)
        and n not in board.doors and n not in taken and board.terrain_at(n) is None
    )  # fmt: skip


def test_scenario_2_characters_cannot_open_the_locked_doors_a_to_d() -> None:
    from delvekit.gloomhaven.engine.actions import next_steps

    game = Game(_setup(2), seed=4)
    _to_round(game, random.Random(4))
    brute = game.state.figures["brute"]
    board = game.board()
    assert board is not None
    first = (11, 2)  # door 1 into the Commander's room is an ordinary door
    brute.hex = _next_to(game, first)  # type: ignore[assignment]
    assert first in [h for h, _ in next_steps(game, brute, 3, "walk", board)]
    _reveal_room_of(game, "bandit-commander")
    board = game.board()
    assert board is not None
    for door in ((7, 7), (4, 8), (4, 3), (7, 1)):
        brute.hex = _next_to(game, door)  # type: ignore[assignment]
        assert door in board.doors
        for mode in ("walk", "jump"):
            assert door not in [h for h, _ in next_steps(game, brute, 3, mode, board)], (door, mode)


def test_scenario_2_commander_special_1_jumps_to_doors_a_b_c_d_then_a_again() -> None:
    from delvekit.gloomhaven.engine import registry as effects
    from delvekit.gloomhaven.model.abilities import Ability

    setup = _setup(2)
    special = next(c for c in setup.decks["boss"] if "door" in str(c.actions[0]))
    assert str(special.actions[0]) == "custom custom-move-to-next-door-and-reveal"
    game = Game(setup, seed=4)
    _to_round(game, random.Random(4))
    _reveal_room_of(game, "bandit-commander")
    commander = next(f for f in game.state.monsters() if f.name == "bandit-commander")
    handler = effects.handler("custom-move-to-next-door-and-reveal")
    assert handler is not None
    order = [(7, 7), (4, 8), (4, 3), (7, 1)]
    for n, door in enumerate(order):
        handler(game, commander.id, Ability(kind="custom", note="custom-move-to-next-door-and-reveal"))
        assert commander.hex == door  # however far: a jump, not his Move
        assert door in game.state.opened
        assert len(game.state.revealed_rooms) == 3 + n  # rooms 0, 1 and one more each time
    handler(game, commander.id, Ability(kind="custom", note="custom-move-to-next-door-and-reveal"))
    assert commander.hex == order[0]  # after d, back to a
    assert [e.args[1] for e in game.events if e.kind == "door-jump"] == [
        "7,7", "4,8", "4,3", "7,1", "7,7"
    ]  # fmt: skip
    assert not violations(game)


def test_scenario_2_commander_lands_next_to_an_occupied_open_door() -> None:
    from delvekit.gloomhaven.engine import registry as effects
    from delvekit.gloomhaven.model.abilities import Ability

    game = Game(_setup(2), seed=4)
    _to_round(game, random.Random(4))
    _reveal_room_of(game, "bandit-commander")
    commander = next(f for f in game.state.monsters() if f.name == "bandit-commander")
    handler = effects.handler("custom-move-to-next-door-and-reveal")
    assert handler is not None
    for _ in range(4):
        handler(game, commander.id, Ability(kind="custom", note="x"))
    game.state.figures["brute"].hex = (7, 7)  # type: ignore[assignment]  # stands on open door a
    handler(game, commander.id, Ability(kind="custom", note="x"))
    from delvekit.core.hexes import distance

    assert commander.hex != (7, 7) and distance(commander.hex, (7, 7)) == 1


# ------------------------------------------------------- scenario 3: spawns and kill count


def _round_hook(game: Game, rnd: int, timing: str) -> None:
    from delvekit.gloomhaven.engine import hooks

    game.state.round = rnd
    hooks.round_event.run(game, timing)


def _guards(game: Game) -> list[str]:
    return sorted(f.id for f in game.state.monsters() if f.name == "inox-guard")


def test_scenario_3_two_characters_a_guard_spawns_at_a_as_every_odd_round_ends() -> None:
    game = Game(_setup(3), seed=9)
    _to_round(game, random.Random(9))
    before = _guards(game)
    _round_hook(game, 2, "start")
    _round_hook(game, 2, "end")
    assert _guards(game) == before  # even round: none
    _round_hook(game, 3, "start")
    assert _guards(game) == before  # not as the round begins
    _round_hook(game, 3, "end")
    new = [g for g in _guards(game) if g not in before]
    assert len(new) == 1
    guard = game.state.figures[new[0]]
    assert guard.hex == (8, 2) and guard.rank == "normal" and not guard.summoned_round
    assert guard.spawned  # it drops no money
    _round_hook(game, 5, "end")  # a is taken now: the nearest empty hex
    newer = [g for g in _guards(game) if g not in before and g != new[0]]
    from delvekit.core.hexes import distance

    assert len(newer) == 1 and distance(game.state.figures[newer[0]].hex, (8, 2)) == 1


def test_scenario_3_three_characters_a_guard_spawns_as_every_round_begins() -> None:
    game = Game(_setup(3, [*PARTY, Member("tinkerer")]), seed=9)
    rnd = random.Random(9)
    while game.decision is not None and game.state.round < 1:
        game.choose(rnd.choice(list(game.decision.choices)))
    spawned = [str(e) for e in game.events if e.kind == "spawned"]
    assert len(spawned) == 1 and spawned[0].endswith("normal hex=8,2")  # round 1 already
    _round_hook(game, 1, "end")
    assert sum(e.kind == "spawned" for e in game.events) == 1
    _round_hook(game, 2, "start")
    assert sum(e.kind == "spawned" for e in game.events) == 2


def test_scenario_3_spawning_stops_once_door_1_is_opened() -> None:
    game = Game(_setup(3), seed=9)
    _to_round(game, random.Random(9))
    cave = next(r for r, placed in enumerate(game.setup.rooms) if r and placed and r == 5)
    game.reveal_room(cave)
    _round_hook(game, 1, "end")
    assert not any(e.kind == "spawned" for e in game.events)


def test_scenario_3_is_won_after_five_kills_per_character() -> None:
    game = Game(_setup(3), seed=9)
    _to_round(game, random.Random(9))
    for room in range(1, len(game.setup.rooms) - 1):  # not the cave: guards still spawn
        game.reveal_room(room)
    kills, rnd = 0, 1
    while kills < 10:
        assert game.state.ending is None, kills
        alive = list(game.state.monsters())
        if not alive:
            _round_hook(game, rnd, "end")  # an odd round ends: a guard spawns at a
            rnd += 2
            continue
        game.kill(alive[0])
        kills += 1
    assert game.state.ending == "victory"  # 5 x 2 characters, spawned guards count
    assert rnd > 1  # the ten placed for two characters were not enough (standees ran out)


# ------------------------------------------------------------ scenario 6: reveal the M tile


def test_scenario_6_needs_the_m_tile_revealed_and_every_revealed_enemy_dead() -> None:
    game = Game(_setup(6), seed=10)
    _to_round(game, random.Random(10))
    for f in list(game.state.monsters()):
        game.kill(f)
    game.check_victory()
    assert game.state.ending is None  # room 1 cleared, the M tile not revealed
    game.reveal_room(1)
    for f in list(game.state.monsters()):
        game.kill(f)
    assert game.state.ending is None  # still not the M tile
    game.reveal_room(3)
    placed = list(game.state.monsters())
    assert placed
    for f in placed:
        game.kill(f)
    assert game.state.ending == "victory"
    assert 2 not in game.state.revealed_rooms  # an unrevealed room does not matter


@pytest.mark.parametrize("number", [2, 3, 6, 7])
def test_scenarios_with_locks_spawns_and_goals_play_to_the_end_and_replay(number: int) -> None:
    setup = _setup(number)
    locked = {(7, 7), (4, 8), (4, 3), (7, 1)} if number == 2 else set()
    for seed in range(2):
        game = Game(setup, seed=seed)
        rnd = random.Random(seed)
        while game.decision is not None:
            choices = list(game.decision.choices)
            game.choose(rnd.choice(choices))
            problems = violations(game)
            assert not problems, problems
            board = game.board()
            if locked and game.decision is not None and board is not None:
                actor = game.state.figures.get(game.decision.actor)
                steps = {c.args[0] for c in game.decision.choices if c.kind == "step"}
                closed = {f"{q},{r}" for q, r in locked & board.doors}
                assert actor is None or actor.kind == "monster" or not steps & closed
        assert game.result in ("victory", "defeat")
        assert Game.from_log(game.log_lines()).digest() == game.digest()
        if number == 2:
            jumps = [e.args[1] for e in game.events if e.kind == "door-jump"]
            assert jumps == ["7,7", "4,8", "4,3", "7,1", "7,7", "4,8", "4,3", "7,1"][: len(jumps)]
