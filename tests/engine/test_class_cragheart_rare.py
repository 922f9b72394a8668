"""Rare situations of the Cragheart's wordings (:mod:`delvekit.gloomhaven.effects.classes.cragheart`
and :mod:`...cragheart_obstacles`) that random play meets only now and then: a disarmed or
immobilized Cragheart, a straight move with nowhere to go, obstacles running out of room, a
created obstacle moved again."""

from __future__ import annotations

from delvekit.core.board import Terrain
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition

from .class_arena import ARENA, at, go
from .test_class_cragheart import crag, field


def _condition(game: Game, fid: str, condition: Condition) -> None:
    game.state.figures[fid].conditions.add(condition, turns_started=0, immune=frozenset())


def _terrain(game: Game, h: tuple[int, int]) -> Terrain | None:
    board = game.board()
    assert board is not None
    return board.terrain_at(h)


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def test_a_disarmed_cragheart_cannot_make_his_area_attack() -> None:
    """§8.2 Disarm: the figure cannot perform any attack ability (Cataclysm's melee area too); the
    rest of the card (the immobilize rides on the attack) does nothing either."""
    game = field([crag(["cataclysm", "crushing-grasp"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select cataclysm crushing-grasp")
    _condition(game, "cragheart", Condition.DISARM)
    events = go(game, "top cataclysm")
    assert "prevented cragheart attack disarm" in events
    assert not any(e.startswith("attack cragheart") for e in events)
    assert game.state.figures[m].hp == 10
    assert Condition.IMMOBILIZE not in game.state.figures[m].conditions
    assert game.decision is None or game.decision.kind != "area"


def test_an_immobilized_cragheart_cannot_make_rock_slides_straight_move() -> None:
    """§8.2 Immobilize: the figure cannot perform move abilities (a straight-line move is one)."""
    game = field([crag(["rock-slide", "crushing-grasp"], (0, 0))], [("normal", (5, -5))])
    go(game, "select rock-slide crushing-grasp")
    _condition(game, "cragheart", Condition.IMMOBILIZE)
    events = go(game, "bottom rock-slide")
    assert "prevented cragheart move immobilize" in events
    assert game.decision is None or game.decision.kind != "move"
    assert game.state.figures["cragheart"].hex == (0, 0)


def test_an_immobilized_cragheart_cannot_make_rocky_ends_move() -> None:
    """Rocky End's move that must end by an obstacle is a move: immobilize stops it."""
    game = field([crag(["rocky-end", "crushing-grasp"], (0, 0))], [("normal", (5, -5))], obstacles=((4, 0),))
    go(game, "select rocky-end crushing-grasp")
    _condition(game, "cragheart", Condition.IMMOBILIZE)
    events = go(game, "bottom rocky-end")
    assert "prevented cragheart move immobilize" in events
    assert game.decision is None or game.decision.kind != "move"
    assert game.state.figures["cragheart"].hex == (0, 0)


def test_rock_slide_boxed_in_by_obstacles_has_no_straight_move() -> None:
    """A straight move never enters an obstacle: walled in on all six sides, there is no move."""
    ring = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    game = field([crag(["rock-slide", "crushing-grasp"], (0, 0))], [("normal", (5, -5))], obstacles=ring)
    events = go(game, "select rock-slide crushing-grasp", "bottom rock-slide")
    assert "no-target cragheart" in events
    assert game.decision is None or game.decision.kind != "move"
    assert game.state.figures["cragheart"].hex == (0, 0)


def test_rock_slide_stops_its_straight_line_where_the_move_points_run_out() -> None:
    """Move 6 in a straight line from the arena's edge: six hexes along, never seven."""
    game = field([crag(["rock-slide", "crushing-grasp"], (-5, 0))], [("normal", (5, -5))])
    go(game, "select rock-slide crushing-grasp", "bottom rock-slide")
    d = game.decision
    assert d is not None and d.kind == "move"
    ends = {c.args[0] for c in d.choices if c.kind == "move-to"}
    assert "1,0" in ends and "2,0" not in ends


def test_rock_slide_with_room_for_one_obstacle_places_it_and_hurts_its_neighbours() -> None:
    """Create up to three obstacles: when no empty hex in range is left after the first, the
    placement ends there and its damage still hits every figure next to the obstacle made."""
    keep = {(0, 0), (1, 0), (2, 0)}
    walls = tuple(h for h in ARENA if _distance(h, (0, 0)) <= 4 and h not in keep)
    game = field([crag(["rock-slide", "crushing-grasp"], (0, 0))], [("normal", (2, 0))], obstacles=walls)
    m = at(game, (2, 0))
    go(game, "select rock-slide crushing-grasp", "top rock-slide")
    d = game.decision
    assert d is not None and d.kind == "obstacle"
    assert {str(c) for c in d.choices} == {"place 1,0", "skip"}
    events = go(game, "place 1,0")
    assert "obstacle-created cragheart 1,0" in events
    assert game.decision is None or game.decision.kind != "obstacle"  # nowhere left: no "done" asked
    assert game.state.created_obstacles == frozenset({(1, 0)})
    assert game.state.figures[m].hp == 8


def test_clear_the_way_moves_an_obstacle_the_cragheart_created_earlier() -> None:
    """Clear the Way moves an obstacle the Cragheart made himself: it leaves its hex (which is
    empty again) and stands in the new one."""
    game = field([crag(["clear-the-way", "crushing-grasp"], (0, 0))], [("normal", (5, -5))])
    game.state.created_obstacles = frozenset({(1, 0)})
    assert _terrain(game, (1, 0)) is Terrain.OBSTACLE
    go(game, "select clear-the-way crushing-grasp", "top clear-the-way")
    events = go(game, "move-obstacle 1,0 3,0")
    assert "obstacle-moved cragheart 1,0 3,0" in events
    assert game.state.created_obstacles == frozenset({(3, 0)})
    assert _terrain(game, (1, 0)) is None and _terrain(game, (3, 0)) is Terrain.OBSTACLE
    assert (1, 0) not in game.state.sprung


def test_brutal_momentum_push_against_the_edge_of_the_map_hurts_per_hex() -> None:
    """§1.2 and §7: space outside the map is wall; a Brutal Momentum push stopped because the
    next hex is off the map costs the target the card's damage for each hex not pushed, as an
    obstacle would."""
    game = field([crag(["brutal-momentum", "crushing-grasp"], (4, 0))], [("normal", (5, 0))])
    m = at(game, (5, 0))
    events = go(game, "select brutal-momentum crushing-grasp", "top brutal-momentum", f"target {m}")
    assert f"push-blocked {m} 2 by=cragheart" in events
    assert game.state.figures[m].hex == (5, 0)
    assert game.state.figures[m].hp == 10 - 3 - 4
    assert game.state.characters["cragheart"].xp == 2
