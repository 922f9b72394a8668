"""Golden tests for the Cragheart's wordings as named effects
(:mod:`delvekit.gloomhaven.effects.classes.cragheart`), one per card and rule, with the real cards of the
content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

from delvekit.core.board import Terrain
from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import ActiveCard
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import (
    BoardSpec,
    CharacterSetup,
    GameSetup,
    MonsterCard,
    MonsterStats,
    MonsterType,
    Placement,
)

from .class_arena import ARENA, PACK, ZEROS, at, finish_round, go, hero

CRAG = {c.id: c for c in character(PACK, Member("cragheart", 9), (0, 0), {"C": 2, "L": 1}).hand}
FILLER = ["crushing-grasp", "earthen-clod", "massive-boulder", "rumbling-advance"]


def crag(cards: list[str], hex: tuple[int, int], health: int = 12) -> CharacterSetup:
    names = cards + [c for c in FILLER if c not in cards]
    hand = tuple(CRAG[c] for c in names)
    return CharacterSetup(
        id="cragheart",
        class_name="cragheart",
        max_health=health,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=9,
    )


def field(
    party: list[CharacterSetup],
    monsters: list[tuple[str, tuple[int, int]]],
    actions: tuple[str, ...] = (),
    *,
    obstacles: tuple[tuple[int, int], ...] = (),
    stats: MonsterStats | None = None,
) -> Game:
    """The class arena with printed obstacles."""
    normal = stats or MonsterStats(health=10, move=2, attack=3)
    dummy = MonsterType(
        name="dummy",
        deck="dummy",
        standees=10,
        normal=normal,
        elite=MonsterStats(health=14, move=2, attack=3),
    )
    card = MonsterCard(id="m1", initiative=90, actions=tuple(Ability.parse(a) for a in actions))
    setup = GameSetup(
        scenario="test",
        level=1,
        party=tuple(party),
        monsters=(dummy,),
        decks={"dummy": (card,)},
        rooms=((*(Placement("dummy", rank, h) for rank, h in monsters),),),  # type: ignore[arg-type]
        win="none",
        board=BoardSpec(hexes=ARENA, terrain=tuple((h, "obstacle") for h in obstacles)),
    )
    return Game(setup, seed=1)


def _strong(game: Game, element: Element) -> None:
    game.state.elements.infuse(element)
    game.state.elements.end_turn()


def _area(*ids: str) -> str:
    return "area " + " ".join(sorted(ids))


def _terrain(game: Game, h: tuple[int, int]) -> Terrain | None:
    board = game.board()
    assert board is not None
    return board.terrain_at(h)


def test_avalanche_creates_an_obstacle_in_an_adjacent_empty_hex() -> None:
    game = field([crag(["avalanche", "crushing-grasp"], (0, 0))], [("normal", (5, -5))])
    go(game, "select avalanche crushing-grasp", "bottom avalanche")
    d = game.decision
    assert d is not None and d.kind == "obstacle"
    assert {str(c) for c in d.choices} >= {"place 1,0", "place -1,0", "skip"}
    events = go(game, "place 1,0")
    assert "obstacle-created cragheart 1,0" in events
    assert game.state.created_obstacles == frozenset({(1, 0)})
    assert _terrain(game, (1, 0)) is Terrain.OBSTACLE
    assert "obstacles 1,0" in game.state.text()
    clone = game.clone()
    assert clone.state.created_obstacles == game.state.created_obstacles


def test_avalanche_obstacle_never_on_a_figure_or_a_door_hex() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    game = field([crag(["avalanche", "crushing-grasp"], (0, 0)), brute], [("normal", (0, 1))])
    go(game, "select avalanche crushing-grasp", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "cragheart":
        go(game, "skip" if "skip" in game.decision.choices else str(game.decision.choices[0]))
    go(game, "bottom avalanche")
    d = game.decision
    assert d is not None and d.kind == "obstacle"
    spots = {str(c) for c in d.choices}
    assert "place 1,0" not in spots and "place 0,1" not in spots
    assert "place -1,0" in spots


def test_avalanche_earth_adds_one_attack_and_xp_on_its_two_hex_wedge() -> None:
    game = field([crag(["avalanche", "crushing-grasp"], (0, 0))], [("normal", (1, 0)), ("normal", (0, 1))])
    a, b = at(game, (1, 0)), at(game, (0, 1))
    _strong(game, Element.EARTH)
    go(game, "select avalanche crushing-grasp", "top avalanche")
    events = go(game, "consume earth", _area(a, b))
    assert "consumed cragheart earth" in events
    assert game.state.figures[a].hp == 5 and game.state.figures[b].hp == 5
    assert game.state.characters["cragheart"].xp == 2  # the printed 1 and the earth's 1


def test_rock_tunnel_destroys_a_printed_adjacent_obstacle_for_xp() -> None:
    game = field(
        [crag(["rock-tunnel", "crushing-grasp"], (0, 0))], [("normal", (5, -5))], obstacles=((1, 0),)
    )
    go(game, "select rock-tunnel crushing-grasp", "top rock-tunnel")
    events = go(game, "destroy 1,0")
    assert "obstacle-destroyed cragheart 1,0" in events
    assert _terrain(game, (1, 0)) is None
    assert game.state.characters["cragheart"].xp == 1


def test_rock_tunnel_destroys_a_created_obstacle_and_one_hex_only() -> None:
    game = field(
        [crag(["rock-tunnel", "crushing-grasp"], (0, 0))], [("normal", (5, -5))], obstacles=((2, 0),)
    )
    game.state.created_obstacles = frozenset({(1, 0)})
    go(game, "select rock-tunnel crushing-grasp", "top rock-tunnel", "destroy 1,0")
    assert game.state.created_obstacles == frozenset()
    assert _terrain(game, (2, 0)) is Terrain.OBSTACLE  # a touching obstacle hex stays


def test_rock_tunnel_jump_immobilizes_every_enemy_moved_through() -> None:
    game = field([crag(["rock-tunnel", "crushing-grasp"], (0, 0))], [("normal", (1, 0)), ("normal", (2, 0))])
    a, b = at(game, (1, 0)), at(game, (2, 0))
    go(game, "select rock-tunnel crushing-grasp", "bottom rock-tunnel")
    events = go(game, "step 1,0", "step 2,0", "step 3,0", "stop", "all " + " ".join(sorted((a, b))))
    assert Condition.IMMOBILIZE in game.state.figures[a].conditions
    assert Condition.IMMOBILIZE in game.state.figures[b].conditions
    assert any(e.startswith("card cragheart rock-tunnel lost") for e in events) or (
        "rock-tunnel" in game.state.characters["cragheart"].lost
        or game.state.characters["cragheart"].playing == "rock-tunnel"
    )


def test_rumbling_advance_hurts_every_adjacent_ally_and_enemy_after_the_move() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (2, -1))
    game = field([crag(["rumbling-advance", "crushing-grasp"], (0, 0)), brute], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(game, "select rumbling-advance crushing-grasp", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "cragheart":
        go(game, "skip" if "skip" in game.decision.choices else str(game.decision.choices[0]))
    go(game, "bottom rumbling-advance")
    events = go(game, "step 1,0", "step 2,0", "stop?", "take?")
    assert "infusing earth" in events
    assert game.state.figures[m].hp == 9
    assert game.state.figures["cragheart"].hp == 12  # not itself
    assert game.state.figures["brute"].hp == 11


def test_massive_boulder_hurts_allies_and_enemies_next_to_the_target() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (4, -1))
    game = field(
        [crag(["massive-boulder", "crushing-grasp"], (0, 0)), brute],
        [("normal", (3, 0)), ("normal", (4, 0)), ("normal", (-3, 0))],
    )
    target, beside, far = at(game, (3, 0)), at(game, (4, 0)), at(game, (-3, 0))
    go(game, "select massive-boulder crushing-grasp", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "cragheart":
        go(game, "skip" if "skip" in game.decision.choices else str(game.decision.choices[0]))
    events = go(game, "top massive-boulder", f"target {target}")
    events += finish_round(game)
    assert game.state.figures[target].hp == 7
    assert game.state.figures[beside].hp == 9
    assert game.state.figures[far].hp == 10
    assert f"struck cragheart {target} 3,0" in events


def test_unstable_upheaval_earth_attacks_every_enemy_within_range_2_for_xp() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-1, 0), health=12)
    game = field(
        [crag(["unstable-upheaval", "crushing-grasp"], (0, 0)), brute],
        [("normal", (1, 0)), ("normal", (2, 0)), ("normal", (4, 0))],
    )
    near, mid, far = at(game, (1, 0)), at(game, (2, 0)), at(game, (4, 0))
    _strong(game, Element.EARTH)
    go(game, "select unstable-upheaval crushing-grasp", "select grab-and-go shield-bash")
    events = go(game, "top unstable-upheaval", "consume earth", f"all {mid} {near}")
    assert game.state.figures[near].hp == 7 and game.state.figures[mid].hp == 7
    assert game.state.figures[far].hp == 10
    events += go(game, "take 2")
    assert game.state.figures["brute"].hp == 10  # the adjacent ally
    assert game.state.characters["cragheart"].xp == 2  # the printed 1 and the earth's 1


def test_unstable_upheaval_bottom_hurts_every_ally_and_shields_them() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (4, 0))
    game = field([crag(["unstable-upheaval", "crushing-grasp"], (0, 0)), brute], [("normal", (-5, 5))])
    go(game, "select unstable-upheaval crushing-grasp", "select grab-and-go shield-bash")
    events = go(game, "bottom unstable-upheaval", "take?")
    assert game.state.figures["brute"].shield_bonus == 2
    assert game.state.figures["cragheart"].shield_bonus == 0 and game.state.figures["cragheart"].hp == 12
    assert game.state.characters["cragheart"].xp == 2
    assert events


def test_crater_earth_raises_only_the_second_damage_line() -> None:
    game = field([crag(["crater", "crushing-grasp"], (0, 0))], [("normal", (1, 0)), ("normal", (3, -1))])
    first, second = at(game, (1, 0)), at(game, (3, -1))
    _strong(game, Element.EARTH)
    go(game, "select crater crushing-grasp", "bottom crater")
    assert game.state.figures[first].hp == 9  # the first line: 1
    go(game, "step 1,0", "step 2,0", "step 3,0", "stop", "consume earth")
    assert game.state.figures[second].hp == 8  # the second line with earth: 2
    assert game.state.characters["cragheart"].xp == 2  # the printed 1 and the earth's 1


def test_crater_top_earth_pushes_two_for_xp() -> None:
    game = field([crag(["crater", "crushing-grasp"], (0, 0))], [("normal", (2, 0))])
    m = at(game, (2, 0))
    _strong(game, Element.EARTH)
    go(game, "select crater crushing-grasp", "top crater", "consume earth", f"target {m}")
    assert game.decision is not None and game.decision.kind == "push"
    go(game, "push-to 3,0", "push-to 4,0")
    assert game.state.figures[m].hex == (4, 0)
    assert game.state.characters["cragheart"].xp == 1


def test_dirt_tornado_muddles_every_ally_and_enemy_in_the_area() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (2, 1))
    game = field(
        [crag(["dirt-tornado", "crushing-grasp"], (0, 0)), brute], [("normal", (2, 0)), ("normal", (5, -5))]
    )
    m = at(game, (2, 0))
    go(game, "select dirt-tornado crushing-grasp", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "cragheart":
        go(game, "skip" if "skip" in game.decision.choices else str(game.decision.choices[0]))
    go(game, "top dirt-tornado")
    d = game.decision
    assert d is not None and d.kind == "area-attack"
    names = {str(c) for c in d.choices}
    assert f"area e={m} a=brute a={m}" in names and f"area e={m} a={m}" in names
    go(game, f"area e={m} a=brute a={m}")
    assert game.state.figures[m].hp == 9
    assert Condition.MUDDLE in game.state.figures[m].conditions
    assert Condition.MUDDLE in game.state.figures["brute"].conditions
    assert game.state.characters["cragheart"].xp == 0


def test_dirt_tornado_earth_adds_one_attack_and_xp() -> None:
    game = field([crag(["dirt-tornado", "crushing-grasp"], (0, 0))], [("normal", (2, 0))])
    m = at(game, (2, 0))
    _strong(game, Element.EARTH)
    go(game, "select dirt-tornado crushing-grasp", "top dirt-tornado", "consume earth", f"area e={m} a={m}")
    assert game.state.figures[m].hp == 8
    assert game.state.characters["cragheart"].xp == 1


def test_earthen_clod_earth_immobilizes_for_xp() -> None:
    game = field([crag(["earthen-clod", "crushing-grasp"], (0, 0))], [("normal", (5, 0))])
    m = at(game, (5, 0))
    _strong(game, Element.EARTH)
    go(game, "select earthen-clod crushing-grasp", "top earthen-clod", "consume earth", f"target {m}")
    assert Condition.IMMOBILIZE in game.state.figures[m].conditions
    assert game.state.figures[m].hp == 8
    assert game.state.characters["cragheart"].xp == 1


def test_earthen_clod_without_earth_no_xp() -> None:
    game = field([crag(["earthen-clod", "crushing-grasp"], (0, 0))], [("normal", (5, 0))])
    m = at(game, (5, 0))
    go(game, "select earthen-clod crushing-grasp", "top earthen-clod", f"target {m}")
    assert Condition.IMMOBILIZE not in game.state.figures[m].conditions
    assert game.state.characters["cragheart"].xp == 0


def test_heaving_swing_pushes_the_target_into_an_obstacle_destroying_it() -> None:
    game = field(
        [crag(["heaving-swing", "crushing-grasp"], (0, 0))], [("normal", (1, 0))], obstacles=((2, 0),)
    )
    m = at(game, (1, 0))
    go(game, "select heaving-swing crushing-grasp", "top heaving-swing", f"target {m}")
    d = game.decision
    assert d is not None and d.kind == "push"
    assert "push-to 2,0" in {str(c) for c in d.choices}
    events = go(game, "push-to 2,0")
    assert "obstacle-destroyed cragheart 2,0" in events
    assert game.state.figures[m].hex == (2, 0)
    assert game.state.figures[m].hp == 10 - 3 - 2
    assert _terrain(game, (2, 0)) is None
    assert game.state.characters["cragheart"].xp == 1


def test_a_plain_push_never_enters_an_obstacle() -> None:
    game = field([crag(["crater", "crushing-grasp"], (0, 0))], [("normal", (2, 0))], obstacles=((3, 0),))
    m = at(game, (2, 0))
    _strong(game, Element.EARTH)
    go(game, "select crater crushing-grasp", "top crater", "consume earth", f"target {m}")
    d = game.decision
    assert d is not None and "push-to 3,0" not in {str(c) for c in d.choices}


def test_heaving_swing_bottom_adds_one_to_ranged_attacks_this_round_only() -> None:
    game = field([crag(["heaving-swing", "earthen-clod"], (0, 0))], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(game, "select heaving-swing earthen-clod", "bottom heaving-swing")
    events = go(game, "top earthen-clod", f"target {m}")
    assert game.state.figures[m].hp == 7
    assert any(e.startswith(f"attack-bonus cragheart {m} +1") for e in events)


def test_forceful_storm_bottom_adds_two_to_melee_attacks_not_ranged() -> None:
    game = field([crag(["forceful-storm", "crushing-grasp"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(
        game,
        "select forceful-storm crushing-grasp",
        "bottom forceful-storm",
        "top crushing-grasp",
        f"target {m}",
    )
    assert game.state.figures[m].hp == 5


def test_forceful_storm_top_disarms_the_triangle_xp_per_target() -> None:
    game = field(
        [crag(["forceful-storm", "crushing-grasp"], (0, 0))], [("normal", (3, 0)), ("normal", (3, -1))]
    )
    a, b = at(game, (3, 0)), at(game, (3, -1))
    go(game, "select forceful-storm crushing-grasp", "top forceful-storm", _area(a, b))
    assert Condition.DISARM in game.state.figures[a].conditions
    assert game.state.characters["cragheart"].xp == 2


def test_backup_ammunition_adds_a_target_to_ranged_attacks_spending_a_slot() -> None:
    game = field(
        [crag(["backup-ammunition", "earthen-clod", "crater", "massive-boulder"], (0, 0))],
        [("normal", (3, 0)), ("normal", (3, -1))],
    )
    a, b = at(game, (3, 0)), at(game, (3, -1))
    ch = game.state.characters["cragheart"]
    ch.hand.remove("backup-ammunition")
    ch.active.append(ActiveCard("backup-ammunition", "persistent", True, "top"))
    events = go(game, "select massive-boulder crater", "top massive-boulder", f"target {a}", f"target {b}")
    assert game.state.figures[a].hp <= 7 and game.state.figures[b].hp <= 7
    assert [(x.card, x.used) for x in ch.active] == [("backup-ammunition", 1)]
    assert ch.xp == 1
    assert any(e.startswith("bonus cragheart target 1") for e in events)


def test_natures_lift_air_strong_gives_two_range_for_a_slot() -> None:
    game = field([crag(["nature-s-lift", "earthen-clod"], (0, 0))], [("normal", (5, -5))])
    m = at(game, (5, -5))
    go(game, "select nature-s-lift massive-boulder", "bottom nature-s-lift")
    _strong(game, Element.AIR)
    go(game, "top massive-boulder")
    d = game.decision
    assert d is not None and d.kind == "consume"
    go(game, "consume air", f"target {m}")  # 5 hexes away: range 3 + 2
    ch = game.state.characters["cragheart"]
    assert [(x.card, x.used) for x in ch.active] == [("nature-s-lift", 1)]
    assert ch.xp == 0  # the first slot gives none


def test_natures_lift_not_offered_when_air_is_not_strong() -> None:
    game = field([crag(["nature-s-lift", "earthen-clod"], (0, 0))], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(game, "select nature-s-lift massive-boulder", "bottom nature-s-lift", "top massive-boulder")
    d = game.decision
    assert d is not None and d.kind == "attack" and f"target {m}" in {str(c) for c in d.choices}


def test_opposing_strike_retaliates_2_on_melee_attacks() -> None:
    game = field([crag(["opposing-strike", "crushing-grasp"], (0, 0))], [("normal", (1, 0))], ("attack +0",))
    m = at(game, (1, 0))
    go(
        game,
        "select opposing-strike crushing-grasp",
        "bottom opposing-strike",
        "top crushing-grasp",
        f"target {m}",
    )
    events = finish_round(game)
    assert f"damage {m} 2 retaliate" in events
    assert [(a.card, a.used) for a in game.state.characters["cragheart"].active] == [("opposing-strike", 1)]


def test_opposing_strike_top_hits_both_sides() -> None:
    game = field(
        [crag(["opposing-strike", "crushing-grasp"], (0, 0))], [("normal", (1, 0)), ("normal", (-1, 0))]
    )
    a, b = at(game, (1, 0)), at(game, (-1, 0))
    go(game, "select opposing-strike crushing-grasp", "top opposing-strike")
    go(game, f"area {a} {b}" if a < b else _area(a, b))
    assert game.state.figures[a].hp == 7 and game.state.figures[b].hp == 7
    assert game.state.characters["cragheart"].xp == 1


# ------------------------------------------------------------------ levels 2-9


def test_explosive_punch_destroys_a_whole_obstacle_and_attacks_every_enemy_next_to_it() -> None:
    game = field(
        [crag(["explosive-punch", "crushing-grasp"], (0, 0))],
        [("normal", (3, 0)), ("normal", (2, 1)), ("normal", (-3, 0))],
        obstacles=((1, 0), (2, 0)),
    )
    a, b, far = at(game, (3, 0)), at(game, (2, 1)), at(game, (-3, 0))
    go(game, "select explosive-punch crushing-grasp", "top explosive-punch")
    events = go(game, "destroy 1,0")
    assert _terrain(game, (1, 0)) is None and _terrain(game, (2, 0)) is None  # any size
    events += go(game, "all " + " ".join(sorted((a, b))))
    assert game.state.figures[a].hp == 6 and game.state.figures[b].hp == 6
    assert game.state.figures[far].hp == 10
    assert "obstacle-destroyed cragheart 2,0" in events


def test_sentient_growth_heals_the_allies_in_the_attacked_area() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (3, 1), health=12)
    game = field(
        [crag(["sentient-growth", "crushing-grasp"], (0, 0)), brute],
        [("normal", (3, 0)), ("normal", (5, -5))],
    )
    m = at(game, (3, 0))
    game.state.figures["brute"].hp = 8
    go(game, "select sentient-growth crushing-grasp", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "cragheart":
        go(game, "skip" if "skip" in game.decision.choices else str(game.decision.choices[0]))
    go(game, "top sentient-growth", f"area e={m} a=brute a={m}")
    assert game.state.figures[m].hp == 8  # not healed: an enemy
    assert game.state.figures["brute"].hp == 10


def test_clear_the_way_moves_an_obstacle_and_attacks_around_it_earth_for_more() -> None:
    game = field(
        [crag(["clear-the-way", "crushing-grasp"], (0, 0))],
        [("normal", (4, 0)), ("normal", (0, 4))],
        obstacles=((1, 0),),
    )
    m = at(game, (4, 0))
    _strong(game, Element.EARTH)
    go(game, "select clear-the-way crushing-grasp", "top clear-the-way")
    d = game.decision
    assert d is not None and "move-obstacle 1,0 3,0" in {str(c) for c in d.choices}
    events = go(game, "move-obstacle 1,0 3,0", "consume earth", f"all {m}")
    assert _terrain(game, (1, 0)) is None and _terrain(game, (3, 0)) is Terrain.OBSTACLE
    assert game.state.figures[m].hp == 7
    assert game.state.characters["cragheart"].xp == 2
    assert "obstacle-moved cragheart 1,0 3,0" in events


def test_clear_the_way_jump_destroys_obstacles_and_disarms_traps_moved_through() -> None:
    game = field(
        [crag(["clear-the-way", "crushing-grasp"], (0, 0))], [("normal", (5, -5))], obstacles=((1, 0),)
    )
    game.state.created_traps = {(2, 0): 3}
    go(game, "select clear-the-way crushing-grasp", "bottom clear-the-way")
    events = go(game, "step 1,0", "step 2,0", "step 3,0", "stop")
    assert _terrain(game, (1, 0)) is None and _terrain(game, (2, 0)) is None
    assert "trap-disarmed cragheart 2,0" in events
    assert game.state.figures["cragheart"].hp == 12


def test_rock_slide_three_obstacles_damage_each_neighbour_once() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (-3, 0))
    game = field([crag(["rock-slide", "crushing-grasp"], (0, 0)), brute], [("normal", (3, 0))])
    m = at(game, (3, 0))
    go(game, "select rock-slide crushing-grasp", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "cragheart":
        go(game, "skip" if "skip" in game.decision.choices else str(game.decision.choices[0]))
    go(game, "top rock-slide", "place 2,0", "place 3,-1", "place -2,0", "take?")
    assert game.state.created_obstacles == frozenset({(2, 0), (3, -1), (-2, 0)})
    assert game.state.figures[m].hp == 8  # next to two of them: 2 once
    assert game.state.figures["brute"].hp == 10
    assert game.state.characters["cragheart"].xp == 2


def test_rock_slide_moves_in_a_straight_line_only() -> None:
    game = field([crag(["rock-slide", "crushing-grasp"], (0, 0))], [("normal", (5, -5))], obstacles=((3, 0),))
    go(game, "select rock-slide crushing-grasp", "bottom rock-slide")
    d = game.decision
    assert d is not None and d.kind == "move"
    ends = {c.args[0] for c in d.choices if c.kind == "move-to"}
    assert "2,0" in ends and "3,0" not in ends and "4,0" not in ends  # the obstacle stops it
    assert "0,-5" in ends and "1,1" not in ends
    go(game, next(str(c) for c in d.choices if c.kind == "move-to" and c.args[0] == "0,-5"))
    assert game.state.figures["cragheart"].hex == (0, -5)


def test_petrify_kills_a_normal_enemy_in_range_and_leaves_an_obstacle() -> None:
    game = field([crag(["petrify", "crushing-grasp"], (0, 0))], [("normal", (4, 0)), ("elite", (0, 3))])
    m = at(game, (4, 0))
    go(game, "select petrify crushing-grasp", "top petrify")
    d = game.decision
    assert d is not None and {str(c) for c in d.choices} == {f"kill {m}", "skip"}  # normal only
    go(game, f"kill {m}")
    assert m not in game.state.figures
    assert _terrain(game, (4, 0)) is Terrain.OBSTACLE
    assert game.state.characters["cragheart"].xp == 2


def test_stone_pummel_melee_attack_destroys_an_adjacent_obstacle_for_three() -> None:
    game = field(
        [crag(["stone-pummel", "crushing-grasp"], (0, 0))], [("normal", (1, 0))], obstacles=((-1, 0),)
    )
    m = at(game, (1, 0))
    go(game, "select stone-pummel crushing-grasp", "bottom stone-pummel")
    events = go(game, "top crushing-grasp", f"target {m}")
    assert game.state.figures[m].hp == 10 - 6
    assert _terrain(game, (-1, 0)) is None
    ch = game.state.characters["cragheart"]
    assert [(a.card, a.used) for a in ch.active] == [("stone-pummel", 1)] and ch.xp == 1
    assert any("obstacle+3" in e for e in events)


def test_stone_pummel_no_obstacle_no_slot() -> None:
    game = field([crag(["stone-pummel", "crushing-grasp"], (0, 0))], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(game, "select stone-pummel crushing-grasp", "bottom stone-pummel", "top crushing-grasp", f"target {m}")
    assert game.state.figures[m].hp == 7
    assert [a.used for a in game.state.characters["cragheart"].active] == [0]


def test_cataclysm_immobilizes_every_ally_and_enemy_in_its_melee_area() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash"], (0, 1))
    game = field(
        [crag(["cataclysm", "crushing-grasp"], (0, 0)), brute], [("normal", (1, 0)), ("normal", (5, -5))]
    )
    m = at(game, (1, 0))
    go(game, "select cataclysm crushing-grasp", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "cragheart":
        go(game, "skip" if "skip" in game.decision.choices else str(game.decision.choices[0]))
    go(game, "top cataclysm")
    d = game.decision
    assert d is not None
    go(game, f"area e={m} a=brute a={m}")
    assert game.state.figures[m].hp == 6
    assert Condition.IMMOBILIZE in game.state.figures[m].conditions
    assert Condition.IMMOBILIZE in game.state.figures["brute"].conditions


def test_meteor_triangle_obstacle_then_attacks_every_enemy_next_to_it() -> None:
    game = field([crag(["meteor", "crushing-grasp"], (0, 0))], [("normal", (4, 0)), ("normal", (-4, 0))])
    m, far = at(game, (4, 0)), at(game, (-4, 0))
    go(game, "select meteor crushing-grasp", "top meteor")
    d = game.decision
    assert d is not None and "place 2,0 2,1 3,0" in {str(c) for c in d.choices}
    assert all(len(c.args) == 3 for c in d.choices if c.kind == "place")
    go(game, "place 2,0 2,1 3,0", f"all {m}")
    assert game.state.created_obstacles == frozenset({(2, 0), (2, 1), (3, 0)})
    assert game.state.figures[m].hp == 6 and Condition.IMMOBILIZE in game.state.figures[m].conditions
    assert game.state.figures[far].hp == 10


def test_brutal_momentum_push_blocked_by_a_wall_of_obstacles_hurts_per_hex() -> None:
    game = field(
        [crag(["brutal-momentum", "crushing-grasp"], (0, 0))],
        [("normal", (1, 0))],
        obstacles=((2, 0), (2, -1), (1, 1)),
    )
    m = at(game, (1, 0))
    events = go(game, "select brutal-momentum crushing-grasp", "top brutal-momentum", f"target {m}")
    assert f"push-blocked {m} 2 by=cragheart" in events
    assert game.state.figures[m].hp == 10 - 3 - 4
    assert game.state.characters["cragheart"].xp == 2


def test_brutal_momentum_bottom_earth_gives_plus_two_to_ranged_attacks() -> None:
    game = field([crag(["brutal-momentum", "massive-boulder"], (0, 0))], [("normal", (3, 0))])
    m = at(game, (3, 0))
    _strong(game, Element.EARTH)
    go(game, "select brutal-momentum massive-boulder", "bottom brutal-momentum", "consume earth")
    go(game, "top massive-boulder", f"target {m}")
    assert game.state.figures[m].hp == 10 - 5
    assert game.state.characters["cragheart"].xp == 1


def test_rocky_end_destroys_obstacles_in_range_then_attacks_twice_their_hexes() -> None:
    game = field(
        [crag(["rocky-end", "crushing-grasp"], (0, 0))],
        [("normal", (1, 0))],
        obstacles=((0, 2), (-2, 0), (3, 0)),
    )
    m = at(game, (1, 0))
    events = go(game, "select rocky-end crushing-grasp", "top rocky-end", f"target {m}")
    assert "x cragheart 4" in events
    assert game.state.figures[m].hp == 6
    assert _terrain(game, (3, 0)) is Terrain.OBSTACLE  # out of range 2


def test_rocky_end_move_must_end_next_to_an_obstacle() -> None:
    game = field([crag(["rocky-end", "crushing-grasp"], (0, 0))], [("normal", (5, -5))], obstacles=((4, 0),))
    go(game, "select rocky-end crushing-grasp", "bottom rocky-end")
    d = game.decision
    assert d is not None and d.kind == "move"
    ends = {c.args[0] for c in d.choices if c.kind == "move-to"}
    assert "3,0" in ends and "2,0" not in ends


def test_lumbering_bash_heals_at_the_start_of_the_next_turns() -> None:
    brute = hero("brute", ["grab-and-go", "shield-bash", "trample", "spare-dagger"], (1, 0))
    game = field(
        [crag(["lumbering-bash", "crushing-grasp", "earthen-clod", "crater"], (0, 0)), brute],
        [("normal", (5, -5))],
    )
    go(game, "select lumbering-bash crushing-grasp", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "cragheart":
        go(game, "skip" if "skip" in game.decision.choices else str(game.decision.choices[0]))
    go(game, "bottom lumbering-bash")
    finish_round(game)
    game.state.figures["brute"].hp = 6
    go(game, "select earthen-clod crater", "select trample spare-dagger")
    while game.decision is not None and game.decision.actor != "cragheart":
        go(game, "skip" if "skip" in game.decision.choices else str(game.decision.choices[0]))
    d = game.decision
    assert d is not None and "heal brute" in {str(c) for c in d.choices}
    go(game, "heal brute")
    assert game.state.figures["brute"].hp == 8
    ch = game.state.characters["cragheart"]
    assert [(a.card, a.used) for a in ch.active] == [("lumbering-bash", 1)] and ch.xp == 1


def test_blind_destruction_neighbours_suffer_the_targets_damage() -> None:
    game = field(
        [crag(["blind-destruction", "crushing-grasp"], (0, 0))], [("normal", (3, 0)), ("normal", (4, 0))]
    )
    target, beside = at(game, (3, 0)), at(game, (4, 0))
    go(game, "select blind-destruction crushing-grasp", "top blind-destruction", f"target {target}")
    assert game.state.figures[target].hp == 6
    assert game.state.figures[beside].hp == 6


def test_blind_destruction_move_hurts_everyone_next_to_the_hexes_entered() -> None:
    game = field(
        [crag(["blind-destruction", "crushing-grasp"], (0, 0))], [("normal", (2, -1)), ("normal", (1, 2))]
    )
    a, b = at(game, (2, -1)), at(game, (1, 2))
    go(game, "select blind-destruction crushing-grasp", "bottom blind-destruction")
    go(game, "step 1,0", "step 2,0", "stop")
    assert game.state.figures[a].hp == 8
    assert game.state.figures[b].hp == 10


def test_pulverize_pushes_every_adjacent_enemy_through_obstacles() -> None:
    game = field(
        [crag(["pulverize", "crushing-grasp"], (0, 0))], [("normal", (1, 0))], obstacles=((2, 0), (3, 0))
    )
    m = at(game, (1, 0))
    go(game, "select pulverize crushing-grasp", "top pulverize", f"all {m}")
    events = go(game, "push-to 2,0", "take?", "push-to 3,0")
    assert game.state.figures[m].hex == (3, 0)
    assert game.state.figures[m].hp == 10 - 3 - 2 - 2
    assert game.state.characters["cragheart"].xp == 2
    assert events
