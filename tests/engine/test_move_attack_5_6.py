"""Characters' Move (§5.1, §5.2, §5.5) and Attack (§6.1–§6.7) on a real map."""

from __future__ import annotations

import random

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.core.hexes import disk, distance
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of
from delvekit.gloomhaven.model.setup import BoardSpec, DoorSpec, GameSetup
from delvekit.gloomhaven.testing.invariants import violations

from .helpers import card, events_since, half, hero, mcard, mtype, plain_hand, setup

# A radius-3 disk around (0, 0) with terrain; a corridor east through a door at (4, 0) into
# room 1, a 3-hex strip (5, 0), (6, 0), (5, -1).
TERRAIN = (
    ((1, 0), "difficult"),
    ((0, 1), "trap"),
    ((-1, 0), "obstacle"),
    ((0, -1), "hazardous"),
    ((-2, 2), "wall"),
)
ROOM1 = ((5, 0), (6, 0), (5, -1))


def board() -> BoardSpec:
    hexes = (*disk((0, 0), 3), (4, 0), *ROOM1)
    walls = [((3, 0), (4, -1)), ((3, -1), (4, -1))]
    return BoardSpec(hexes=hexes, terrain=TERRAIN, walls=tuple(walls), doors=(DoorSpec((4, 0), (0, 1)),))


def game_with(
    cards: list[object], *, monsters: list[tuple[str, str, tuple[int, int]]] = (), seed: int = 1, **kw: object
) -> Game:
    deck_cards = kw.get("deck") or [mcard("g90", 90)]
    s = setup(
        [hero("brute", [*cards, *plain_hand("c", [60, 61, 62, 63])])],  # type: ignore[list-item]
        [mtype("guard", health=int(kw.get("health", 5)))],  # type: ignore[call-overload]
        {"guard": deck_cards},  # type: ignore[dict-item]
        [list(monsters), [("guard", "normal", (6, 0))]],
    )
    return Game(msgspec.structs.replace(s, board=board()), seed=seed)


def _move_card(text: str = "move 2") -> object:
    return card("mv", 10, bottom=half(text))


def test_5_1_walk_choices_difficult_obstacle_and_enemies() -> None:
    game = game_with([_move_card("move 2")], monsters=[("guard", "normal", (1, -1))])
    game.choose("select mv c1")
    game.choose("bottom mv")
    d = game.decision
    assert d is not None and d.kind == "move"
    # (1,0) difficult costs 2, (-1,0) obstacle and (1,-1) enemy are not offered
    assert set(d.choices.texts()) == {"step 1,0", "step 0,1", "step 0,-1", "step -1,1", "stop"}
    events = [str(e) for e in game.choose("step 1,0")]  # difficult: both points spent, it stops
    assert "move-ended brute 1,0" in events and game.state.figures["brute"].hex == (1, 0)


def test_5_1_trap_springs_once_and_hazardous_hurts_each_entry() -> None:
    game = game_with([_move_card("move 4")])
    game.choose("select mv c1")
    game.choose("bottom mv")
    start = len(game.events)
    game.choose("step 0,1")  # trap: 2 + L(1) = 3 damage, then the trap is gone
    d = game.decision
    assert d is not None and d.kind == "damage" and "take 3" in d.choices
    game.choose("take 3")
    assert "trap-sprung brute 0,1" in events_since(game, start) and (0, 1) in game.state.sprung
    game.choose("step 0,0")
    game.choose("step 0,1")  # sprung: nothing happens
    assert game.decision is not None and game.decision.kind == "move"
    assert game.state.figures["brute"].hp == 7
    game.choose("step 0,0")  # fourth point used; then the other action
    assert game.decision is not None and game.decision.kind == "action"


def test_5_1_hazardous_terrain_deals_half_trap_damage_on_entry() -> None:
    game = game_with([_move_card("move 3")])
    game.choose("select mv c1")
    game.choose("bottom mv")
    game.choose("step 0,-1")
    assert game.decision is not None and "take 1" in game.decision.choices  # floor(3 / 2)


@pytest.mark.parametrize(("points", "offered"), [(1, False), (2, True)])
def test_5_1_crossing_an_ally_only_when_an_empty_hex_is_still_reachable(points: int, offered: bool) -> None:
    a = hero(
        "alice", [card("mv", 10, bottom=half(f"move {points}")), *plain_hand("a", [60, 61])], hex=(0, -3)
    )
    b = hero("bob", plain_hand("b", [70, 71, 72]), hex=(0, -2))
    s = msgspec.structs.replace(setup([a, b]), board=msgspec.structs.replace(board(), doors=()))
    game = Game(s, seed=1)
    game.choose("select mv a1")
    game.choose("select b1 b2")
    game.choose("bottom mv")
    d = game.decision
    assert d is not None and d.kind == "move" and ("step 0,-2" in d.choices) is offered
    if offered:
        game.choose("step 0,-2")  # on bob's hex: it cannot stop here
        assert "stop" not in game.decision.choices  # type: ignore[union-attr]


def test_5_5_entering_a_door_reveals_the_room_mid_move() -> None:
    game = game_with([_move_card("move 6")])
    game.choose("select mv c1")
    game.choose("bottom mv")
    for h in ("0,-1", "1,-1", "2,-1", "3,-1"):
        if game.decision is not None and game.decision.kind == "damage":
            game.choose(game.decision.choices[0])
        game.choose(f"step {h}")
    if game.decision is not None and game.decision.kind == "damage":
        game.choose(game.decision.choices[0])
    assert "step 4,0" not in game.decision.choices  # type: ignore[union-attr]  # not adjacent to (3,-1)
    game.choose("step 3,0")
    start = len(game.events)
    game.choose("step 4,0")
    events = events_since(game, start)
    assert events[:3] == ["moved brute 4,0", "door-opened 4,0", "room-revealed 1"]
    assert any(e.startswith("placed guard#") for e in events) and game.state.revealed_rooms == [0, 1]


def test_5_2_jump_passes_over_obstacles_and_figures_and_only_the_landing_hex_counts() -> None:
    game = game_with([_move_card("move 3 jump")], monsters=[("guard", "normal", (-1, 1))])
    game.choose("select mv c1")
    game.choose("bottom mv")
    game.choose("step -1,0")  # obstacle: passable by a jump, not a landing hex
    d = game.decision
    assert d is not None and "stop" not in d.choices
    game.choose("step -1,1")  # the guard's hex: cannot land
    d = game.decision
    assert d is not None and "stop" not in d.choices and "step -2,1" in d.choices
    events = [str(e) for e in game.choose("step -2,1")]  # the last point: it lands there
    assert "move-ended brute -2,1" in events


def test_5_2_a_jump_never_strands_on_a_hex_it_cannot_end_on() -> None:
    game = game_with([_move_card("move 2 jump")], monsters=[("guard", "normal", (-1, 1))])
    game.choose("select mv c1")
    game.choose("bottom mv")
    game.choose("step -1,0")
    assert "step -1,1" not in game.decision.choices  # type: ignore[union-attr]  # would end on the guard


def test_5_2_jump_over_a_trap_does_not_spring_it_landing_does_and_difficult_landing_costs_more() -> None:
    game = game_with([_move_card("move 2 jump")])
    game.choose("select mv c1")
    game.choose("bottom mv")
    game.choose("step 0,1")  # over the trap
    events = [str(e) for e in game.choose("step 0,2")]  # no points left: it lands by itself
    assert "move-ended brute 0,2" in events
    assert (0, 1) not in game.state.sprung and game.state.figures["brute"].hp == 10
    game2 = game_with([_move_card("move 1 jump")])
    game2.choose("select mv c1")
    game2.choose("bottom mv")
    # landing on difficult terrain needs one more point (GH 1e), so it is not offered
    assert "step 1,0" not in game2.decision.choices  # type: ignore[union-attr]


def test_5_1_immobilized_characters_do_not_move() -> None:
    game = game_with([_move_card("move 3")])
    game.add_condition("brute", Condition.IMMOBILIZE)
    game.choose("select mv c1")
    events = [str(e) for e in game.choose("bottom mv")]
    assert "prevented brute move immobilize" in events


def _stack(game: Game, cards: list[str], key: str = "brute") -> None:
    game.state.modifier_decks[key] = ModifierDeck(draw_pile=cards_of(cards))


def test_6_4_melee_attack_shield_poison_kill_and_coin() -> None:
    hit = card("hit", 10, top=half("attack 3"))
    game = game_with([hit], monsters=[("guard", "elite", (1, -1))], health=5)
    guard = game.state.monsters()[0]
    _stack(game, ["+0", "+0", "+0"])
    game.choose("select hit c1")
    d = game.decision
    game.choose("top hit")
    d = game.decision
    assert d is not None and str(d) == f"brute attack: target {guard.id} | skip"
    events = [str(e) for e in game.choose(f"target {guard.id}")]
    assert f"attack brute {guard.id} value=3 damage=2" in events  # elite shield 1
    assert guard.hp == 9 - 2


def test_6_4_poisoned_target_takes_one_more_and_a_kill_drops_a_coin() -> None:
    hit = card("hit", 10, top=half("attack 3"))
    game = game_with([hit], monsters=[("guard", "normal", (1, -1))], health=4)
    guard = game.state.monsters()[0]
    game.add_condition(guard.id, Condition.POISON)
    _stack(game, ["+0"])
    game.choose("select hit c1")
    game.choose("top hit")
    events = [str(e) for e in game.choose(f"target {guard.id}")]
    assert f"attack brute {guard.id} value=4 damage=4" in events and f"killed {guard.id}" in events
    assert game.state.coins == {(1, -1): 1}


def test_6_1_ranged_attack_on_an_adjacent_target_has_disadvantage_and_range_counts_around_walls() -> None:
    bolt = card("bolt", 10, top=half("attack 2 range 3"))
    game = game_with([bolt], monsters=[("guard", "normal", (1, -1)), ("guard", "normal", (-3, 3))], health=9)
    near = next(g for g in game.state.monsters() if g.hex == (1, -1))
    _stack(game, ["+2", "-1", "+0"])
    game.choose("select bolt c1")
    game.choose("top bolt")
    d = game.decision
    assert d is not None
    far = next(g for g in game.state.monsters() if g.hex == (-3, 3))
    assert f"target {far.id}" not in d.choices  # (-2,2) is a wall hex: 4 steps around it
    events = [str(e) for e in game.choose(f"target {near.id}")]
    assert "modifiers brute drew=+2,-1 applies=-1" in events
    assert f"attack brute {near.id} value=2 damage=1" in events


def test_6_3_invisible_enemies_cannot_be_targeted() -> None:
    hit = card("hit", 10, top=half("attack 3"))
    game = game_with([hit], monsters=[("guard", "normal", (1, -1))])
    game.add_condition(game.state.monsters()[0].id, Condition.INVISIBLE)
    game.choose("select hit c1")
    events = [str(e) for e in game.choose("top hit")]
    assert "no-target brute" in events


def test_6_7_retaliate_hits_an_adjacent_attacker_after_the_attack() -> None:
    hit = card("hit", 95, top=half("attack 1"))
    deck = [mcard("g10", 10, "retaliate 2")]
    game = game_with([hit], monsters=[("guard", "normal", (1, -1))], health=9, deck=deck)
    guard = game.state.monsters()[0]
    _stack(game, ["+0"])
    game.choose("select hit c1")  # the guard (10) performs its retaliate bonus first
    game.choose("top hit")
    game.choose(f"target {guard.id}")
    d = game.decision
    assert d is not None and d.kind == "damage" and "take 2" in d.choices


def test_6_6_modifier_card_effects_condition_on_target_element_infused() -> None:
    hit = card("hit", 10, top=half("attack 1"))
    game = game_with([hit], monsters=[("guard", "normal", (1, -1))], health=9)
    guard = game.state.monsters()[0]
    _stack(game, ["+1 immobilize fire"])
    game.choose("select hit c1")
    game.choose("top hit")
    events = [str(e) for e in game.choose(f"target {guard.id}")]
    assert f"condition {guard.id} immobilize" in events and "infusing fire" in events


def test_board_setup_errors_name_the_field() -> None:
    s = setup([hero("brute", plain_hand("c", [1, 2]), hex=(9, 9))])
    with pytest.raises(InputError, match="board"):
        Game(msgspec.structs.replace(s, board=board()), seed=1)
    bad = msgspec.structs.replace(board(), terrain=(((0, 0), "lava"),))
    with pytest.raises(InputError, match=r"board\.terrain"):
        Game(msgspec.structs.replace(setup([hero("brute", plain_hand("c", [1, 2]))]), board=bad), seed=1)


def board_game(seed: int) -> GameSetup:
    a = hero("alice", [card(f"a{i}", 10 + i, top=half("attack 3"), bottom=half("move 3")) for i in range(12)])
    b = hero(
        "bob",
        [card(f"b{i}", 20 + i, top=half("attack 2 range 3"), bottom=half("move 2 jump")) for i in range(8)],
        hex=(0, -1),
    )
    s = setup(
        [msgspec.structs.replace(a, hex=(-1, -1)), b],
        [mtype("guard", health=2)],
        {"guard": [mcard("g30", 30, "shield 1"), mcard("g50", 50, "retaliate 1", shuffle=True)]},
        [[("guard", "normal", (2, -1)), ("guard", "elite", (2, 1))], [("guard", "normal", (6, 0))]],
        win="kill-all",
    )
    return msgspec.structs.replace(s, board=board())


def test_random_play_on_a_board_keeps_every_invariant_and_replays() -> None:
    results = set()
    for seed in range(40):
        game = Game(board_game(seed), seed=seed)
        rnd = random.Random(seed)
        while game.decision is not None:
            choices = list(game.decision.choices)
            attacks = [c for c in choices if c.kind == "target"]  # random, but never skip an attack
            game.choose(rnd.choice(attacks or choices))
            assert not violations(game)
        results.add(game.result)
        assert Game.from_log(game.log_lines()).digest() == game.digest()
    assert results == {"victory", "defeat"}


def test_6_3_target_n_pierce_and_added_conditions() -> None:
    """Attack 2, Target 2, Pierce 1, with poison: two different targets, one after the other;
    pierce beats the elite's shield 1; poison is given after the damage (and does not raise it)."""
    sweep = card("sweep", 10, top=half("attack 2 target 2 pierce 1 with poison"))
    game = game_with([sweep], monsters=[("guard", "elite", (1, -1)), ("guard", "normal", (-1, 1))], health=9)
    _stack(game, ["+0", "+0"])
    elite = next(g for g in game.state.monsters() if g.rank == "elite")
    normal = next(g for g in game.state.monsters() if g.rank == "normal")
    game.choose("select sweep c1")
    game.choose("top sweep")
    events = [str(e) for e in game.choose(f"target {elite.id}")]
    assert f"attack brute {elite.id} value=2 damage=2" in events and f"condition {elite.id} poison" in events
    d = game.decision
    assert d is not None and str(d) == f"brute attack: target {normal.id} | skip"
    game.choose(f"target {normal.id}")
    assert Condition.POISON in normal.conditions and normal.hp == 7


def test_14_loot_x_takes_every_coin_within_range_in_sight() -> None:
    grab = card("grab", 10, bottom=half("loot 2"))
    game = game_with([grab])
    game.state.coins.update({(1, -1): 1, (2, -2): 2, (3, -3): 1, (-3, 3): 1})  # the last: too far
    game.choose("select grab c1")
    events = [str(e) for e in game.choose("bottom grab")]
    assert "looted brute coins=3" in events
    assert game.state.characters["brute"].coins == 3 and set(game.state.coins) == {(3, -3), (-3, 3)}


def test_7_push_moves_the_target_away_step_by_step_and_may_be_declined_only_at_first() -> None:
    shove = card("shove", 10, top=half("attack 1 push 2"))
    game = game_with([shove], monsters=[("guard", "normal", (1, -1))], health=9)
    guard = game.state.monsters()[0]
    _stack(game, ["+0"])
    game.choose("select shove c1")
    game.choose("top shove")
    game.choose(f"target {guard.id}")
    d = game.decision
    assert d is not None and d.actor == "brute" and d.kind == "push" and "decline" in d.choices
    assert set(d.choices.texts()) - {"decline"} == {"push-to 2,-2", "push-to 1,-2", "push-to 2,-1"}
    game.choose("push-to 2,-2")
    d = game.decision
    assert d is not None and d.kind == "push" and "decline" not in d.choices  # must go on
    game.choose(d.choices[0])
    assert distance(guard.hex, (0, 0)) == 3


def test_7_pull_brings_the_target_closer_and_springs_a_trap() -> None:
    hook = card("hook", 10, top=half("attack 1 range 3 pull 1"))
    game = game_with([hook], monsters=[("guard", "normal", (0, 2))], health=9)
    guard = game.state.monsters()[0]
    _stack(game, ["+0"])
    game.choose("select hook c1")
    game.choose("top hook")
    game.choose(f"target {guard.id}")
    d = game.decision
    assert d is not None and d.kind == "pull" and "pull-to 0,1" in d.choices  # (0,1) is a trap
    events = [str(e) for e in game.choose("pull-to 0,1")]
    assert f"trap-sprung {guard.id} 0,1" in events and guard.hp == 9 - 1 - 3


def test_6_7_retaliate_looks_after_the_push() -> None:
    shove = card("shove", 95, top=half("attack 1 push 1"))
    game = game_with(
        [shove], monsters=[("guard", "normal", (1, -1))], health=9, deck=[mcard("g10", 10, "retaliate 2")]
    )
    guard = game.state.monsters()[0]
    _stack(game, ["+0"])
    game.choose("select shove c1")
    game.choose("top shove")
    game.choose(f"target {guard.id}")
    game.choose("push-to 2,-2")  # out of reach: no retaliate
    assert game.state.figures["brute"].hp == 10


def test_6_3_melee_area_attack_hits_every_enemy_of_the_chosen_orientation_separately() -> None:
    sweep = card("sweep", 10, top=half("attack 2 area 1,-1/1,0/0,1"))
    game = game_with([sweep], monsters=[("guard", "normal", (1, -1)), ("guard", "normal", (-1, 1))], health=9)
    a = next(g for g in game.state.monsters() if g.hex == (1, -1))
    b = next(g for g in game.state.monsters() if g.hex == (-1, 1))
    _stack(game, ["+0", "+1"])
    game.choose("select sweep c1")
    game.choose("top sweep")
    d = game.decision
    assert d is not None and d.kind == "attack"
    both = f"area {' '.join(sorted((a.id, b.id)))}"
    assert both not in d.choices  # (1,-1) and (-1,1) are never in one orientation of this shape
    assert f"area {a.id}" in d.choices and f"area {b.id}" in d.choices and "skip" in d.choices
    events = [str(e) for e in game.choose(f"area {a.id}")]
    assert f"attack brute {a.id} value=2 damage=2" in events and b.hp == 9


def test_6_3_area_hits_two_enemies_each_with_its_own_modifier_card() -> None:
    cleave = card("cleave", 10, top=half("attack 2 area 1,-1/1,0"))
    game = game_with([cleave], monsters=[("guard", "normal", (1, -1)), ("guard", "normal", (1, 0))], health=9)
    ids = sorted(g.id for g in game.state.monsters())
    _stack(game, ["+0", "+1"])
    game.choose("select cleave c1")
    game.choose("top cleave")
    events = [str(e) for e in game.choose(f"area {ids[0]} {ids[1]}")]
    assert len([e for e in events if e.startswith("modifiers brute")]) == 2
    assert sorted(g.hp for g in game.state.monsters()) == [6, 7]


def test_6_3_ranged_area_needs_one_red_hex_in_range() -> None:
    burst = card("burst", 10, top=half("attack 1 range 1 area 0,0/1,0"))
    game = game_with([burst], monsters=[("guard", "normal", (2, 0)), ("guard", "normal", (3, -3))], health=9)
    near = next(g for g in game.state.monsters() if g.hex == (2, 0))
    game.choose("select burst c1")
    game.choose("top burst")
    d = game.decision
    # a red hex 1 away, the other next to it: (2,0) can be hit, (3,-3) cannot
    assert d is not None and set(d.choices.texts()) == {f"area {near.id}", "skip"}


def test_6_3_attack_all_adjacent_enemies_and_curse_added_by_the_attack() -> None:
    whirl = card("whirl", 10, top=half("attack 1 target all with curse"))
    game = game_with([whirl], monsters=[("guard", "normal", (1, -1)), ("guard", "normal", (-1, 1))], health=9)
    ids = sorted(g.id for g in game.state.monsters())
    _stack(game, ["+0", "+0"])
    game.choose("select whirl c1")
    game.choose("top whirl")
    assert str(game.decision) == f"brute attack: all {ids[0]} {ids[1]} | skip"
    game.choose(f"all {ids[0]} {ids[1]}")
    assert all(g.hp == 8 for g in game.state.monsters())
    assert game.state.modifier_decks["@monsters"].count("curse") == 2


def test_8_2_heal_with_range_targets_self_or_an_ally_in_range() -> None:
    mend = card("mend", 10, bottom=half("heal 3 range 2"))
    a = hero("alice", [mend, *plain_hand("a", [60, 61])], hex=(0, 0))
    b = hero("bob", plain_hand("b", [70, 71, 72]), hex=(0, -2))
    c = hero("carl", plain_hand("k", [80, 81, 82]), hex=(-3, 3))
    plain = msgspec.structs.replace(board(), doors=())
    game = Game(msgspec.structs.replace(setup([a, b, c]), board=plain), seed=1)
    game.state.figures["bob"].hp = 4
    game.choose("select mend a1")
    game.choose("select b1 b2")
    game.choose("select k1 k2")
    game.choose("bottom mend")
    assert str(game.decision) == "alice heal: heal alice | heal bob | skip"  # carl is too far
    game.choose("heal bob")
    assert game.state.figures["bob"].hp == 7


def test_7_a_push_of_its_own_targets_adjacent_enemies() -> None:
    roar = card("roar", 10, bottom=half("push 1 target all"))
    game = game_with([roar], monsters=[("guard", "normal", (1, -1)), ("guard", "normal", (-1, 1))], health=9)
    ids = sorted(g.id for g in game.state.monsters())
    game.choose("select roar c1")
    game.choose("bottom roar")
    assert str(game.decision) == f"brute push: all {ids[0]} {ids[1]} | skip"
    game.choose(f"all {ids[0]} {ids[1]}")
    for _ in range(2):
        d = game.decision
        assert d is not None and d.kind == "push"
        game.choose(next(c for c in d.choices if c.kind == "push-to"))
    assert all(distance(g.hex, (0, 0)) == 2 for g in game.state.monsters())
