"""Scenario mechanisms (delvekit.gloomhaven.scenario.mechanisms): breakable walls (76 attacked,
84 opened by round) and carried tokens (69's doll, 88's claw), each a golden case named after the
book's rule."""

from __future__ import annotations

import random

import pytest

from delvekit.core.errors import InputError
from delvekit.core.hexes import distance, neighbours
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine import hooks, registry
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.rule_text import parse_rule_line, rule_line
from delvekit.gloomhaven.model.scenario_rules import BreakableWall, Staff, Token, WallOpening, Win, of_kind
from delvekit.gloomhaven.scenario import goals as scenario_goals
from delvekit.gloomhaven.scenario import mechanisms as scenario_mechanisms
from delvekit.gloomhaven.scenario.mechanisms import holder, token_hex
from delvekit.gloomhaven.scenario.rules import check
from delvekit.gloomhaven.testing.invariants import violations

from .helpers import play_random

PARTY = [Member("brute"), Member("mindthief")]


def _started(n: int, seed: int = 1, party: list[Member] = PARTY, hold: str = "brute") -> Game:
    """Scenario ``n`` at the start of round 1 (characters on the board; a token the party
    hands to a character goes to ``hold``)."""
    game = Game(setup_from_pack(load_pack(), n, party), seed=seed)
    rnd = random.Random(seed)
    while game.decision is not None and game.state.round < 1:
        game.choose(rnd.choice(list(game.decision.choices)))
    while game.decision is not None and game.decision.kind == "token-holder":
        game.choose(next(c for c in game.decision.choices if c.args[1] == hold))
    return game


def _mech(game: Game) -> list[str]:
    """The mechanism records in their text form (readable expectations)."""
    mechs = BreakableWall | WallOpening | Token | Staff
    return [rule_line(r) for r in game.setup.rules if isinstance(r, mechs)]


def _events(game: Game) -> list[str]:
    return [str(e) for e in game.events]


# ---------------------------------------------------------------------------- lines


@pytest.mark.parametrize(
    "line",
    ["mech|nope|x", "mech|wall|C+L/2|stun", "mech|wall|C+R|stun|1,1", "mech|wall|C|maybe|1,1",
     "mech|open|four|1,1", "mech|open|4|1", "mech|token|doll|anyone|pass", "mech|token||start|pass",
     "mech|token|doll|start", "mech|token|doll|start|give", "mech|token|x|at=1|keep", "mech|staff|t|R",
     "mech|staff||C", "mech|token|claw|start|pass|two", "mech|token|claw|nowhere|pass|-2", "wall|C|stun|1,1"],
)  # fmt: skip
def test_a_malformed_mechanism_line_names_itself(line: str) -> None:
    with pytest.raises(InputError, match="scenario rule"):
        check(parse_rule_line(line))


def test_mechanism_lines_of_the_scenarios_that_have_them() -> None:
    pack = load_pack()
    with_lines = {
        n
        for n in pack.scenarios
        if any(
            isinstance(r, BreakableWall | WallOpening | Token | Staff)
            for r in setup_from_pack(pack, n, PARTY).rules
        )
    }
    assert with_lines == {54, 69, 76, 82, 84, 88}
    assert _mech(_started(54)) == ["mech|token|staff|start|keep", "mech|staff|harrower-infester|2xCx(L+1)"]
    walls = _mech(_started(76))
    assert len(walls) == 1 and walls[0].startswith("mech|wall|C+L/2|stun|")
    wall = of_kind(_started(76).setup.rules, BreakableWall)[0]
    assert wall.stun and len(wall.hexes) == 23  # "23 marked" (scenario book p.96)
    assert [r.round for r in of_kind(_started(84).setup.rules, WallOpening)] == [4, 6, 9]


# ------------------------------------------------------------------ breakable walls (76)


def test_harrower_hive_walls_stand_with_c_plus_half_l_health_rounded_up() -> None:
    game = _started(76)  # two characters, level 1: 2 + 1/2 rounded up = 3
    walls = [f for f in game.state.figures.values() if f.id.startswith("wall.")]
    board = game.board()
    assert board is not None
    # the walls of the start room (B1b, room 0) stand; the others wait for their rooms
    assert {w.hex for w in walls} == {(6, 1), (8, 0)}
    assert all(w.hp == w.max_hp == 3 and w.side == "monsters" and board.is_wall(w.hex) for w in walls)
    assert violations(game) == []


def test_harrower_hive_a_destroyed_wall_reveals_the_room_behind_and_stuns_enemies_next_to_it() -> None:
    game = _started(76)
    wall = next(f for f in game.state.figures.values() if f.hex == (6, 1))
    room = game.tables.door_room[(6, 1)]
    assert set(room) - set(game.state.revealed_rooms)
    game.lose_hp(wall, wall.hp, "attack")
    assert "wall-broken 6,1" in _events(game)
    assert set(room) <= set(game.state.revealed_rooms)
    board = game.board()
    assert board is not None and not board.is_wall((6, 1)) and (6, 1) not in board.doors
    beside = [f for f in game.state.monsters() if board.adjacent(f.hex, (6, 1))]
    assert beside, "the room behind has monsters next to the wall"
    assert all(Condition.STUN in f.conditions for f in beside)
    far = [f for f in game.state.monsters() if f not in beside]
    assert not any(Condition.STUN in f.conditions for f in far)
    # the walls of the newly revealed room appear; the broken one never comes back
    assert not any(f.hex == (6, 1) for f in game.state.figures.values())
    assert any(f.hex == (7, 3) for f in game.state.figures.values())
    assert violations(game) == []


def test_harrower_hive_a_character_attacks_a_wall_in_melee_and_at_range_in_sight() -> None:
    from delvekit.gloomhaven.engine.actions import targets

    game = _started(76)
    brute = game.state.figures["brute"]
    board = game.board()
    assert board is not None
    taken = {f.hex for f in game.state.figures.values()}
    brute.hex = next(
        n for n in neighbours((8, 0)) if board.adjacent(n, (8, 0)) and not board.is_wall(n) and n not in taken
    )
    assert any(f.hex == (8, 0) for f in targets(game, brute, 0))
    assert any(f.hex == (8, 0) for f in targets(game, brute, 3))
    # at range: steps counted into the wall hex, sight as if it were open
    two_away = next(
        h for h in sorted(board.hexes)
        if not board.is_wall(h) and h not in taken and distance(h, (8, 0)) == 2
        and all(not board.is_wall(n) for n in neighbours(h) if distance(n, (8, 0)) == 1)
    )  # fmt: skip
    brute.hex = two_away
    assert not any(f.hex == (8, 0) for f in targets(game, brute, 0))
    assert not any(f.hex == (8, 0) for f in targets(game, brute, 1))
    assert any(f.hex == (8, 0) for f in targets(game, brute, 2))


def test_harrower_hive_kill_all_needs_the_rooms_behind_the_walls() -> None:
    game = _started(76)
    for f in list(game.state.monsters()):
        game.kill(f)
    assert game.state.ending is None  # rooms behind walls are not revealed yet


# --------------------------------------------------------------- opened walls (84)


def test_crystalline_cave_corridors_open_at_the_start_of_rounds_4_6_and_9() -> None:
    game = _started(84)
    order = []
    for rnd in range(1, 10):
        game.state.round = rnd
        before = set(game.state.revealed_rooms)
        hooks.round_event.run(game, "start")
        order.append((rnd, sorted(set(game.state.revealed_rooms) - before)))
    opened = [(rnd, rooms) for rnd, rooms in order if rooms]
    assert [rnd for rnd, _ in opened] == [4, 6, 9]
    assert sorted(r for _, rooms in opened for r in rooms) == [1, 2, 3]
    board = game.board()
    assert board is not None
    assert not any(board.is_wall(h) for h in ((10, -3), (10, -2), (2, 1), (2, 2), (6, 2)))
    assert [e for e in _events(game) if e.startswith("wall-broken")] == [
        "wall-broken 10,-3", "wall-broken 10,-2", "wall-broken 2,1", "wall-broken 2,2", "wall-broken 6,2",
    ]  # fmt: skip


# ------------------------------------------------------------------ carried tokens


def test_well_of_the_unfortunate_the_party_chooses_who_holds_the_doll() -> None:
    game = Game(setup_from_pack(load_pack(), 69, PARTY), seed=3)
    rnd = random.Random(3)
    while game.decision is not None and game.decision.kind != "token-holder":
        assert not (game.state.round >= 1 and game.decision.kind == "select")  # before the cards
        game.choose(rnd.choice(list(game.decision.choices)))
    assert game.decision is not None and game.decision.actor == "party" and game.state.round == 1
    assert [str(c) for c in game.decision.choices] == ["holder doll brute", "holder doll mindthief"]
    game.choose("holder doll mindthief")
    assert holder(game, "doll") == "mindthief" and game.decision is not None
    assert game.decision.kind == "select"  # then the cards, as every round


def test_well_of_the_unfortunate_the_doll_passes_by_loot() -> None:
    game = _started(69)
    assert holder(game, "doll") == "brute" and "token-taken doll brute" in _events(game)
    hooks.round_event.run(game, "start")
    assert _events(game).count("token-taken doll brute") == 1
    mindthief = game.state.figures["mindthief"]
    hooks.looted.run(game, mindthief, {(99, 99)})
    assert holder(game, "doll") == "brute"  # the holder is not within the loot
    hooks.looted.run(game, mindthief, {game.state.figures["brute"].hex})
    assert holder(game, "doll") == "mindthief"
    assert "token-taken doll mindthief" in _events(game)


def test_well_of_the_unfortunate_an_exhausted_holder_drops_the_doll_where_it_stood() -> None:
    game = _started(69)
    hooks.round_event.run(game, "start")
    stood = game.state.figures["brute"].hex
    game.exhaust("brute", "health")
    hooks.turn_ended.run(game, game.state.figures["mindthief"])
    assert holder(game, "doll") is None and token_hex(game, "doll") == stood
    mindthief = game.state.figures["mindthief"]
    mindthief.hex = stood
    hooks.turn_ended.run(game, mindthief)  # ending a turn on the tile takes it
    assert holder(game, "doll") == "mindthief"


def test_well_of_the_unfortunate_is_won_when_the_doll_is_next_to_the_well() -> None:
    game = _started(69)
    hooks.round_event.run(game, "start")
    line = next(w for w in of_kind(game.setup.rules, Win) if w.goal == "carry" and w.name == "doll")
    goal = list(line.hexes)
    assert scenario_goals.goal_met(game) is False
    game.state.figures["mindthief"].hex = goal[0]  # not the holder
    assert scenario_goals.goal_met(game) is False
    game.state.figures["mindthief"].hex = (50, 50)
    game.state.figures["brute"].hex = goal[0]
    assert scenario_goals.goal_met(game) is True


def test_plane_of_water_the_claw_holder_has_minus_2_move() -> None:
    game = _started(88)
    assert "mech|token|claw|drop=lurker-king|pass|-2" in _mech(game)
    assert scenario_mechanisms.move_change(game, "brute") == 0
    game.state.scenario_marks["token:claw:brute"] = 1
    assert scenario_mechanisms.move_change(game, "brute") == -2
    assert scenario_mechanisms.move_change(game, "mindthief") == 0
    game._in_loop = True  # as inside a choice: the move task is pushed, not run
    game.perform("brute", Ability(kind="move", value=4))
    assert game.state.agenda[-1] == Task("move", "brute", 2, "0/walk/s")


def test_plane_of_water_the_lurker_king_drops_the_claw_and_it_is_carried_to_the_crystal() -> None:
    game = _started(88)
    for room in range(1, len(game.setup.rooms)):
        game.reveal_room(room)
    king = next(f for f in game.state.monsters() if f.name == "lurker-king")
    where = king.hex
    game.kill(king)
    assert token_hex(game, "claw") == where and f"token-dropped claw {where[0]},{where[1]}" in _events(game)
    brute = game.state.figures["brute"]
    hooks.looted.run(game, brute, {where})
    assert holder(game, "claw") == "brute"
    line = next(w for w in of_kind(game.setup.rules, Win) if w.goal == "carry" and w.name == "claw")
    goal = set(line.hexes)
    assert where in goal  # the king stands next to the crystal
    brute.hex = where
    assert scenario_goals.goal_met(game) is True


def test_burning_mountain_the_artifacts_sacrificed_on_hex_g_win() -> None:
    game = _started(82)
    assert token_hex(game, "artifact") == (14, -2)  # on treasure tile 62
    brute, mindthief = game.state.figures["brute"], game.state.figures["mindthief"]
    brute.hex = (14, -2)
    hooks.turn_ended.run(game, brute)
    assert holder(game, "artifact") == "brute"
    hooks.looted.run(game, mindthief, {brute.hex})  # the items stay with whoever holds them
    assert holder(game, "artifact") == "brute"
    assert scenario_goals.goal_met(game) is False
    brute.hex = (9, 1)  # hex g
    assert scenario_goals.goal_met(game) is True


def test_burning_mountain_or_every_character_escapes_with_the_artifacts() -> None:
    game = _started(82)
    starts = sorted(game.setup.starts)
    brute, mindthief = game.state.figures["brute"], game.state.figures["mindthief"]
    brute.hex, mindthief.hex = starts[0], starts[1]
    assert scenario_goals.goal_met(game) is False  # nothing taken yet
    brute.hex = (14, -2)
    hooks.turn_ended.run(game, brute)
    assert scenario_goals.goal_met(game) is False  # the brute is not back
    brute.hex = starts[2]
    assert scenario_goals.goal_met(game) is True


def test_palace_of_ice_only_the_seeker_damages_infesters_and_charges_the_staff() -> None:
    game = _started(54)  # two characters, level 1: full charge 2 x 2 x 2 = 8
    for room in range(1, len(game.setup.rooms)):
        game.reveal_room(room)
    infester = next(f for f in game.state.monsters() if f.name == "harrower-infester")
    hp = infester.hp
    game.emit("attack", "mindthief", infester.id, "value=3", "damage=3")
    game.lose_hp(infester, 3, "attack")
    assert infester.hp == hp and f"no-damage {infester.id} staff" in _events(game)
    game.lose_hp(infester, 2, "trap")
    assert infester.hp == hp
    game.emit("attack", "brute", infester.id, "value=2", "damage=2")
    game.lose_hp(infester, 2, "attack")
    assert infester.hp == hp - 2 and scenario_mechanisms.staff_charge(game) == 2
    other = next(f for f in game.state.monsters() if f.name != "harrower-infester")
    game.emit("attack", "mindthief", other.id, "value=1", "damage=1")
    before = other.hp
    game.lose_hp(other, 1, "attack")
    assert other.hp == before - 1  # other monsters as usual


def test_palace_of_ice_the_seeker_is_the_character_the_party_hands_the_staff() -> None:
    game = _started(54, party=[*PARTY, Member("tinkerer")], hold="mindthief")
    assert scenario_mechanisms.seeker(game) == "mindthief" and holder(game, "staff") == "mindthief"
    game.exhaust("brute", "health")
    assert scenario_goals.goal_met(game) is False and game.state.ending is None
    game.exhaust("mindthief", "health")
    scenario_goals.goal_met(game)
    assert game.state.ending == "defeat" and "scenario-lost seeker-exhausted" in _events(game)
    assert scenario_mechanisms.seeker(game) == "mindthief"  # still, the staff dropped


def test_palace_of_ice_the_charged_seeker_next_to_the_altar_wins() -> None:
    game = _started(54)
    line = next(w for w in of_kind(game.setup.rules, Win) if w.goal == "staff")
    altar = list(line.hexes)
    brute = game.state.figures["brute"]
    brute.hex = altar[0]
    assert scenario_goals.goal_met(game) is False  # not charged
    game.state.scenario_marks["staff:charge"] = 8
    assert scenario_goals.goal_met(game) is True
    brute.hex, game.state.figures["mindthief"].hex = (50, 50), altar[0]
    assert scenario_goals.goal_met(game) is False  # only the Seeker places the staff


# ------------------------------------------------------------------ play-through


@pytest.mark.parametrize("number", [54, 69, 76, 82, 84, 88])
def test_mechanism_scenarios_play_to_the_end_with_invariants(number: int) -> None:
    game = play_random(Game(setup_from_pack(load_pack(), number, PARTY), seed=number), seed=number)
    assert game.state.result in ("victory", "defeat")


def test_the_module_is_wired_before_the_goals() -> None:
    registry.load()
    assert hooks.round_event.fns[0] is scenario_mechanisms.at_round
    assert hooks.died.fns[0] is scenario_mechanisms.died  # a broken wall reveals its rooms before kill all
