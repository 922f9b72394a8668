"""The Descent engine, one rule per test (rules digest §4, First Blood's structure). Positions are
set on the state directly, then the engine is driven only through decision / choose."""

from __future__ import annotations

import pytest

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.descent import rules
from delvekit.descent.engine import Game
from delvekit.descent.invariants import check
from delvekit.descent.state import Attack


def new(heroes: tuple[str, ...] = ("grisban", "jain"), seed: int = 1) -> Game:
    return Game.new("first-blood", list(heroes), seed=seed)


def texts(g: Game) -> list[str]:
    return g.decision.choices.texts()


def to_overlord(g: Game) -> None:
    """End every hero's turn (each ends at once)."""
    while g.decision.actor != "overlord":
        d = g.decision
        g.choose("end-turn" if d.kind == "action" else d.choices[0])
    while g.decision.kind == "react":
        g.choose("pass")


def clear_hand(g: Game) -> None:
    g.state.deck += g.state.hand
    g.state.hand.clear()


def test_illegal_choice_is_refused_and_changes_nothing() -> None:
    g = new()
    before = g.digest()
    with pytest.raises(IllegalChoice):
        g.choose("turn widow")
    assert g.digest() == before and not g.log
    assert not g.can_choose("attack mauler") and g.can_choose("turn grisban")


def test_save_load_replay_and_clone_reach_the_same_digest() -> None:
    g = new(seed=5)
    for _ in range(12):
        g.choose(g.decision.choices[0])
    other = Game.load(g.save())
    assert other.digest() == g.digest()
    assert Game.from_log(g.log_lines(), verify=True).digest() == g.digest()
    c = g.clone()
    c.choose(c.decision.choices[-1])
    assert g.digest() != c.digest() and len(g.log) == 12


def test_bad_setup_is_one_clear_error() -> None:
    for heroes, message in (
        (["grisban"], "2 to 4"),
        (["grisban", "bob"], "unknown hero"),
        (["grisban", "grisban"], "once"),
        (["jain", "tomble"], "thief"),
    ):
        with pytest.raises(InputError, match=message):
            Game.new("first-blood", heroes)
    with pytest.raises(InputError, match="not playable"):
        Game.new("first-blood", ["grisban", "jain"], classes=["knight", "thief"])


@pytest.mark.parametrize(
    "heroes,rank,health,ettins",
    [
        (("grisban", "jain"), "minion", 5 + 4, 1),
        (("grisban", "jain", "avric"), "master", 8 + 6, 1),
        (("grisban", "jain", "avric", "leoric"), "master", 8 + 8, 2),
    ],
)
def test_first_blood_mauler_by_hero_count(
    heroes: tuple[str, ...], rank: str, health: int, ettins: int
) -> None:
    g = new(heroes)
    mauler = [m for m in g.state.monsters.values() if m.unique == "mauler"]
    assert len(mauler) == 1 and mauler[0].rank == rank and mauler[0].health == health
    assert sum(1 for m in g.state.monsters.values() if m.monster == "ettin") == ettins
    assert len(mauler[0].base) == 4  # a 2x2 base
    goblins = [m for m in g.state.monsters.values() if m.monster == "goblin-archer"]
    assert len(goblins) == len(heroes) + 1  # 2/3/4 minions and a master
    assert len(g.state.search_tokens) == len(heroes)
    assert len(g.state.hand) == len(heroes)  # one overlord card per hero


def test_a_hero_has_two_actions_4_2() -> None:
    g = new()
    g.choose("turn grisban")
    g.choose("move")
    g.choose("move")
    assert "move" not in texts(g) and "rest" not in texts(g)
    assert g.state.turn.mp == 2 * 3
    check(g)


def test_fatigue_buys_movement_up_to_stamina_4_3() -> None:
    g = new()
    clear_hand(g)
    g.choose("turn jain")
    h = g.state.heroes["jain"]
    far = [c for c in texts(g) if c.startswith("goto")]
    assert far, "Jain may move with fatigue alone"
    reach = rules.hero_reach(g, h, h.stamina)
    dest = max(reach, key=lambda sq: reach[sq])
    g.choose(f"goto {dest[0]},{dest[1]}")
    assert h.fatigue == reach[dest] <= h.stamina and g.state.turn.actions == 2


def test_knocked_out_on_own_turn_ends_it_and_the_overlord_draws_4_10() -> None:
    g = new()
    g.choose("turn grisban")
    h = g.state.heroes["grisban"]
    h.conditions.add("poisoned")
    hand = len(g.state.hand)
    rules.hero_damage(g, h, h.health, "test")
    assert h.knocked_out and h.fatigue == h.stamina and not h.conditions
    assert len(g.state.hand) == hand + 1 and g.state.turn.ended


def test_stand_up_recovers_red_dice_and_ends_the_turn_4_3() -> None:
    g = new(seed=3)
    h = g.state.heroes["grisban"]
    rules.hero_damage(g, h, h.health, "test")
    g.choose("turn grisban")
    assert texts(g) == ["stand-up", "end-turn"]
    events = g.choose("stand-up")
    rolled = next(e for e in events if e.kind == "stand-up")
    hearts, surges = int(rolled.get("hearts") or 0), int(rolled.get("surges") or 0)
    assert not h.knocked_out and h.damage == h.health - hearts and h.fatigue == h.stamina - surges
    assert g.decision.kind == "order"  # the turn ended


def test_revive_an_adjacent_hero_4_3() -> None:
    g = new()
    jain, grisban = g.state.heroes["jain"], g.state.heroes["grisban"]
    rules.hero_damage(g, jain, jain.health, "test")
    g.choose("turn grisban")
    assert "revive jain" in texts(g) and g.board.adjacent(grisban.square, jain.square)
    g.choose("revive jain")
    assert not jain.knocked_out and jain.damage < jain.health


def test_a_monster_attacks_once_per_activation_4_9() -> None:
    g = new(seed=2)
    clear_hand(g)
    to_overlord(g)
    goblin = next(m for m in g.state.monsters.values() if m.monster == "goblin-archer")
    g.choose(f"activate {goblin.id}")
    hero = g.state.heroes["grisban"]
    hero.square = (8, -5)  # in sight of the goblins
    g.state.turn.actions = 2
    g._decision = None  # the position changed under the engine: recompute (test set-up only)
    assert f"attack {hero.id}" in texts(g)
    g.choose(f"attack {hero.id}")
    while g.decision.kind == "surges":
        g.choose("surge-done")
    assert g.state.turn.actions == 1 and not any(c.startswith("attack") for c in texts(g))
    check(g)


def test_stunned_allows_only_discarding_it_4_11() -> None:
    g = new()
    g.state.heroes["grisban"].conditions.add("stunned")
    g.choose("turn grisban")
    assert texts(g) == ["discard-stun", "end-turn"]
    g.choose("discard-stun")
    assert "move" in texts(g) and g.state.turn.actions == 1


def test_poisoned_hero_tests_might_at_turn_start_4_11() -> None:
    for seed in range(20):
        g = new(seed=seed)
        h = g.state.heroes["jain"]
        h.conditions.add("poisoned")
        events = g.choose("turn jain")
        test = next(e for e in events if e.kind == "test")
        if "fail" in test.args:
            assert h.damage == 1 and "poisoned" in h.conditions
        else:
            assert h.damage == 0 and "poisoned" not in h.conditions


def test_goblins_escape_at_the_exit_and_five_lose_the_quest() -> None:
    g = new(seed=4)
    clear_hand(g)
    to_overlord(g)
    exit_sq = g.quest.exit[0]
    for n in range(5):
        goblins = [
            m
            for m in g.state.monsters.values()
            if m.monster == "goblin-archer" and m.id not in g.state.activated
        ]
        if not goblins:
            g.state.activated.clear()
            g.state.groups_done.clear()
            g.state.group = ""
            goblins = [m for m in g.state.monsters.values() if m.monster == "goblin-archer"]
            if not goblins:
                g._spawn("goblin-archer", "minion", exit_sq)  # test set-up
                goblins = [m for m in g.state.monsters.values() if m.monster == "goblin-archer"]
        gob = goblins[0]
        gob.base = (exit_sq,)
        g._decision = None
        g.choose(f"activate {gob.id}")
        g.choose("move")
        assert "escape" in texts(g)
        g.choose("escape")
        assert g.state.escaped == n + 1
    assert g.result == "overlord"


def test_defeating_mauler_wins_for_the_heroes() -> None:
    g = new()
    mauler = next(m for m in g.state.monsters.values() if m.unique)
    rules.monster_damage(g, mauler, mauler.health, "test")
    assert g.result == "heroes" and g.decision.kind == "over"
    with pytest.raises(IllegalChoice):
        g.choose("turn grisban")


def test_the_ettin_shrinks_moves_and_expands_4_5() -> None:
    g = new(seed=6)
    clear_hand(g)
    to_overlord(g)
    ettin = next(m for m in g.state.monsters.values() if m.unique)
    g.choose(f"activate {ettin.id}")
    g.choose("move")
    gotos = [c for c in texts(g) if c.startswith("goto")]
    assert gotos
    start = set(ettin.base)
    g.choose(gotos[-1])
    if g.decision.kind == "place":
        g.choose(g.decision.choices[0])
    assert len(ettin.base) == 4 and set(ettin.base) != start
    assert g.state.turn.mp == 0  # a large monster's move ends where it expands
    check(g)


def test_reinforcements_bring_back_goblins_first_blood() -> None:
    g = new()
    clear_hand(g)
    gob = next(m for m in g.state.monsters.values() if m.monster == "goblin-archer" and m.rank == "minion")
    rules.monster_damage(g, gob, gob.health, "test")
    to_overlord(g)
    before = sum(1 for m in g.state.monsters.values() if m.monster == "goblin-archer")
    g.choose("end-turn")
    after = sum(1 for m in g.state.monsters.values() if m.monster == "goblin-archer")
    assert after == before + 1 and g.state.round == 2


def test_each_surge_ability_once_and_one_surge_for_fatigue_4_6() -> None:
    g = new(seed=11)
    g.state.heroes["grisban"].fatigue = 2
    target = next(iter(g.state.monsters))
    att = Attack("grisban", [target], ("blue", "red"), False, False, 3, 4, 3, ["+1heart", "+1heart"])
    opts = rules.surge_options(g, att)
    assert opts == ["surge 0", "surge 1", "surge fatigue"]
    rules.spend_surge(g, att, "0")
    assert "surge 0" not in rules.surge_options(g, att) and att.bonus_hearts == 1


def test_word_of_misery_cannot_loop_on_a_fully_fatigued_hero() -> None:
    g = new()
    g.state.misery = True
    h = g.state.heroes["jain"]
    h.fatigue = h.stamina
    rules.hero_damage(g, h, 1, "test")
    assert h.damage == 2 and h.fatigue == h.stamina


def test_cowardly_goblins_spend_surges_only_near_a_master() -> None:
    g = new()
    minion = next(m for m in g.state.monsters.values() if m.monster == "goblin-archer" and m.rank == "minion")
    att = Attack(minion.id, ["grisban"], ("blue", "yellow"), True, False, 5, 2, 1, ["+1range", "+1heart"])
    assert rules.surge_options(g, att)  # the goblin master stands beside its minions at setup
    for m in g.state.monsters.values():
        if m.rank == "master":
            m.rank = "minion"
    assert rules.surge_options(g, att) == []


def test_widow_tarha_rerolls_one_die_once_a_round_hero_ability() -> None:
    g = new(("widow", "grisban"))
    g.choose("turn widow")
    target = next(iter(g.state.monsters))
    from delvekit.descent.engine_turns import hero_attack

    hero_attack(g, g.state.heroes["widow"], [target], "attack")
    assert g.decision.kind == "surges"
    assert [c for c in texts(g) if c.startswith("reroll")] == ["reroll 0", "reroll 1"]
    g.choose("reroll 0")
    assert "widow-reroll" in g.state.heroes["widow"].exhausted
    if g.decision.kind == "surges":
        assert not any(c.startswith("reroll") for c in texts(g))


def test_syndrael_feat_moves_her_and_a_friend_heroic_feat() -> None:
    g = new(("syndrael", "jain"))
    clear_hand(g)
    g.choose("turn syndrael")
    assert "feat jain" in texts(g)
    g.choose("feat jain")
    assert g.decision.actor == "jain" and g.decision.kind == "friend-move"
    assert g.state.heroes["jain"].fatigue == 0
    start = g.state.heroes["jain"].square
    g.choose(next(c for c in texts(g) if c.startswith("goto")))
    assert g.state.heroes["jain"].square != start and g.state.heroes["jain"].fatigue == 0
    if g.decision.kind == "friend-move":
        g.choose("done")
    assert g.decision.actor == "syndrael" and g.state.turn.mp == 4 and g.state.turn.actions == 2


def test_tripwire_ends_the_move_on_a_failed_awareness_test_basic_deck() -> None:
    for seed in range(30):
        g = new(seed=seed)
        g.state.deck += [c for c in g.state.hand if c != "tripwire"]
        g.state.hand = ["tripwire"]
        if "tripwire" in g.state.deck:
            g.state.deck.remove("tripwire")
        g.choose("turn grisban")
        g.choose("move")
        g.choose(next(c for c in texts(g) if c.startswith("goto")))
        assert g.decision.kind == "react" and "play tripwire" in texts(g)
        events = g.choose("play tripwire")
        test = next(e for e in events if e.kind == "test")
        if "fail" in test.args:
            assert g.state.turn.mp == 0
            return
        assert g.state.turn.mp > 0
    raise AssertionError("no failed test in 30 seeds")


def test_dark_fortune_lets_the_overlord_reroll_one_die_basic_deck() -> None:
    g = new(seed=2)
    clear_hand(g)
    g.state.deck.remove("dark-fortune")
    g.state.hand = ["dark-fortune"]
    to_overlord(g)
    goblin = next(m for m in g.state.monsters.values() if m.monster == "goblin-archer")
    g.choose(f"activate {goblin.id}")
    g.state.heroes["grisban"].square = (8, -5)
    g._decision = None  # the position changed under the engine: recompute (test set-up only)
    g.choose("attack grisban")
    assert texts(g) == ["play dark-fortune", "pass"]
    g.choose("play dark-fortune")
    assert [c for c in texts(g) if c.startswith("reroll")] == ["reroll 0", "reroll 1"]
    events = g.choose("reroll 0")
    assert any(e.kind == "reroll" for e in events)
    check(g)


def test_tomble_vanishes_and_reappears_within_4_spaces_heroic_feat() -> None:
    g = new(("tomble", "grisban"))
    clear_hand(g)
    g.choose("turn tomble")
    token = g.state.heroes["tomble"].square
    g.choose("feat")
    assert g.state.heroes["tomble"].vanished and g.decision.kind == "order"
    assert token not in rules.hero_squares(g)
    g.choose("turn grisban")
    g.choose("end-turn")
    to_overlord(g)
    g.choose("end-turn")
    g.choose("turn tomble")
    assert g.decision.kind == "reappear"
    places = texts(g)
    squares = [(int(p.split()[1].split(",")[0]), int(p.split()[1].split(",")[1])) for p in places]
    assert squares and all(g.board.distance(token, sq) <= 4 for sq in squares)
    g.choose(places[-1])
    assert not g.state.heroes["tomble"].vanished and g.decision.kind == "action"
    check(g)


def test_mauler_throws_an_adjacent_hero_within_3_spaces_ettin_throw() -> None:
    for seed in range(40):
        g = new(("grisban", "jain", "avric"), seed=seed)  # Mauler is a master: he has Throw
        clear_hand(g)
        to_overlord(g)
        mauler = next(m for m in g.state.monsters.values() if m.unique)
        jain = g.state.heroes["jain"]
        free = [sq for sq in g.board.cells if g.board.adjacent(sq, mauler.base[0]) and sq not in mauler.base]
        jain.square = free[0]
        g._decision = None  # the position changed under the engine: recompute (test set-up only)
        g.choose(f"activate {mauler.id}")
        assert "throw jain" in texts(g)
        before = jain.square
        events = g.choose("throw jain")
        test = next(e for e in events if e.kind == "test")
        if "pass" in test.args:
            assert jain.square == before and g.decision.kind == "monster"
            continue
        assert g.decision.kind == "throw"
        g.choose(g.decision.choices[0])
        assert g.board.distance(before, jain.square) <= 3 and jain.damage == 1
        assert any(c.startswith("attack") or c == "end" for c in texts(g))  # Throw is not an attack
        check(g)
        return
    raise AssertionError("no failed Might test in 40 seeds")


def with_board(
    g: Game, terrain: dict[tuple[int, int], str], doors: dict[str, list[object]] | None = None
) -> None:
    """Test set-up: the same map with extra terrain and doors (First Blood has none)."""
    from delvekit.core.squares import SquareBoard

    base = g.base_board
    merged = {**dict(base.terrain), **terrain}
    g.base_board = SquareBoard.build(base.cells, terrain=merged, walls=base.walls, doors=doors or {})  # type: ignore[arg-type]
    g.state.closed_doors = sorted(g.base_board.doors)
    g.board = g.base_board.with_closed(g.state.closed_doors)
    g._decision = None


def test_lava_hurts_on_entry_and_ending_a_turn_there_defeats_4_12() -> None:
    g = new()
    clear_hand(g)
    jain = g.state.heroes["jain"]
    lava = (6, -7)
    assert lava in g.board.cells
    with_board(g, {lava: "lava"})
    g.choose("turn jain")
    g.choose("move")
    g.choose("goto 6,-7")
    assert jain.damage == 1
    g.choose("end-turn")
    assert jain.knocked_out and g.board.terrain.get(jain.square) != "lava"


def test_a_pit_hurts_2_stops_movement_limits_sight_and_is_left_by_an_action_4_12() -> None:
    g = new()
    clear_hand(g)
    pit = (6, -7)
    with_board(g, {pit: "pit"})
    g.choose("turn jain")
    g.choose("move")
    g.choose("goto 6,-7")
    jain = g.state.heroes["jain"]
    assert jain.damage == 2 and jain.square == pit
    assert not any(c.startswith("goto") for c in texts(g))  # no movement points spent from a pit
    far = next(m for m in g.state.monsters.values())
    assert not rules.can_see(g, (jain.square,), far.base)
    climbs = [c for c in texts(g) if c.startswith("climb")]
    assert climbs
    g.choose(climbs[0])
    assert jain.square != pit and g.state.turn.actions == 0


def test_a_closed_door_blocks_until_a_hero_opens_it_4_3() -> None:
    g = new()
    clear_hand(g)
    # a door across the entrance tile's connection to tile 9A: sides between x=6 and x=7
    sides = [((6, -8), (7, -8)), ((6, -7), (7, -7))]
    with_board(g, {}, {"d1": sides})  # type: ignore[dict-item]
    jain = g.state.heroes["jain"]
    assert not g.board.adjacent((7, -7), (6, -7))
    g.choose("turn jain")
    g.choose("move")
    assert "goto 6,-7" not in texts(g)
    door = "door d1"
    if door not in texts(g):
        jain.square = (7, -7)
        g._decision = None
    assert door in texts(g)
    g.choose(door)
    assert g.state.closed_doors == [] and g.board.adjacent((7, -7), (6, -7))
    assert "goto 6,-7" in texts(g)
    check(g)
