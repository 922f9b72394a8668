"""Monsters' Move and Attack through the monster AI (§10–§11) on a real map."""

from __future__ import annotations

import random

import msgspec
import pytest

from delvekit.core.hexes import disk, distance
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of
from delvekit.gloomhaven.model.setup import BoardSpec, GameSetup, MonsterStats, MonsterType
from delvekit.gloomhaven.testing.invariants import violations

from .helpers import card, default_answer, events_since, half, hero, mcard, plain_hand, setup


def guard(move: int = 2, attack: int = 2, rng: int = 0, health: int = 5) -> MonsterType:
    stats = MonsterStats(health=health, move=move, attack=attack, range=rng)
    return MonsterType(name="guard", deck="guard", standees=6, normal=stats, elite=stats)


def game_with(
    heroes: list[object],
    monsters: list[tuple[str, tuple[int, int]]],
    actions: tuple[str, ...] = ("move 0", "attack 0"),
    *,
    terrain: tuple[tuple[tuple[int, int], str], ...] = (),
    kind: MonsterType | None = None,
    seed: int = 1,
) -> Game:
    s = setup(
        heroes,  # type: ignore[arg-type]
        [kind or guard()],
        {"guard": [mcard("g50", 50, *actions)]},
        [[("guard", rank, h) for rank, h in monsters]],
    )
    board = BoardSpec(hexes=tuple(disk((0, 0), 4)), terrain=terrain)
    game = Game(msgspec.structs.replace(s, board=board), seed=seed)
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+0"] * 10))
    return game


def brute(**kw: object) -> object:
    return hero("brute", plain_hand("c", [60, 61, 62, 63]), **kw)  # type: ignore[arg-type]


def test_10_monster_moves_to_its_focus_and_attacks_it() -> None:
    game = game_with([brute()], [("normal", (3, 0))])
    guard_id = game.state.monsters()[0].id
    start = len(game.events)
    game.choose("select c1 c2")  # guard (50) acts before the brute (60)
    events = events_since(game, start)
    assert f"moved {guard_id} 2,0" in events and f"moved {guard_id} 1,0" in events
    assert f"attack {guard_id} brute value=2 damage=2" in events
    d = game.decision
    assert d is not None and d.actor == "brute" and d.kind == "damage" and "take 2" in d.choices
    game.choose("take 2")
    assert game.state.figures["brute"].hp == 8


def test_10_6_equally_good_outcomes_are_the_players_decision() -> None:
    bob = hero("bob", plain_hand("b", [60, 61, 62]), hex=(2, 0))  # same initiative as the brute
    game = game_with([brute(hex=(-2, 0)), bob], [("normal", (0, 0))], actions=("move 1", "attack 0"))
    game.choose("select c1 c2")
    game.choose("select b1 b2")
    game.choose("first brute")  # the characters' own tie (§3.3 rule 1)
    d = game.decision
    assert d is not None and d.actor == "party" and d.kind == "monster"
    assert set(d.choices.texts()) == {"outcome -1,0 brute", "outcome 1,0 bob"}
    game.choose("outcome 1,0 bob")
    assert game.decision is not None and game.decision.actor == "bob" and game.decision.kind == "damage"


def test_11_monster_avoids_a_trap_when_another_path_exists() -> None:
    game = game_with([brute()], [("normal", (2, 0))], terrain=(((1, 0), "trap"),))
    game.choose("select c1 c2")
    # two clean hexes next to the brute tie; the trap hex in between is never offered
    assert str(game.decision) == "party monster: outcome 0,1 brute | outcome 1,-1 brute"
    game.choose("outcome 1,-1 brute")
    moved = game.state.monsters()[0]
    assert (1, 0) not in game.state.sprung and moved.hp == 5 and moved.hex == (1, -1)
    assert distance(moved.hex, (0, 0)) == 1 and game.decision is not None and game.decision.kind == "damage"


def test_10_2_card_values_add_to_the_stat_line_and_poison_adds_one() -> None:
    game = game_with([brute()], [("normal", (1, 0))], actions=("attack 1",))
    game.add_condition("brute", Condition.POISON)
    start = len(game.events)
    game.choose("select c1 c2")
    guard_id = game.state.monsters()[0].id
    assert f"attack {guard_id} brute value=4 damage=4" in events_since(game, start)


def test_10_3_ranged_monster_adjacent_to_its_target_attacks_with_disadvantage() -> None:
    game = game_with([brute()], [("normal", (1, 0))], actions=("attack 0",), kind=guard(rng=3))
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+1", "-1"]))
    start = len(game.events)
    game.choose("select c1 c2")
    guard_id = game.state.monsters()[0].id
    assert f"modifiers {guard_id} drew=+1,-1 applies=-1" in events_since(game, start)


def test_6_7_a_characters_retaliate_hits_the_adjacent_attacker() -> None:
    thorns = card("thorns", 10, bottom=half("retaliate 2", persistent=True, lost=True))
    b = hero("brute", [thorns, *plain_hand("c", [60, 61, 62, 63])])
    game = game_with([b], [("normal", (1, 0))], actions=("attack 0",))
    game.choose("select thorns c1")  # the brute (10) acts before the guard (50)
    game.choose("bottom thorns")
    game.choose("top c1")
    assert game.retaliate("brute") == 2
    game.choose("take 2")  # the guard's attack; retaliate follows once it is resolved
    guard = game.state.monsters()[0]
    assert guard.hp == 3


def test_8_2_disarmed_monster_does_not_attack_immobilized_one_does_not_move() -> None:
    game = game_with([brute()], [("normal", (3, 0))])
    guard_id = game.state.monsters()[0].id
    game.add_condition(guard_id, Condition.IMMOBILIZE)
    start = len(game.events)
    game.choose("select c1 c2")
    events = events_since(game, start)
    assert not [e for e in events if e.startswith(f"moved {guard_id}")]
    assert not [e for e in events if e.startswith(f"attack {guard_id}")]
    game2 = game_with([brute()], [("normal", (1, 0))])
    guard_id = game2.state.monsters()[0].id
    game2.add_condition(guard_id, Condition.DISARM)
    start = len(game2.events)
    game2.choose("select c1 c2")
    assert not [e for e in events_since(game2, start) if e.startswith(f"attack {guard_id}")]


def scenario(seed: int) -> GameSetup:
    a = hero(
        "alice",
        [card(f"a{i}", 10 + i * 7, top=half("attack 3"), bottom=half("move 3")) for i in range(10)],
        hex=(-3, 0),
    )
    b = hero(
        "bob",
        [
            card(f"b{i}", 15 + i * 8, top=half("attack 2 range 3"), bottom=half("move 2 jump"))
            for i in range(8)
        ],
        hex=(-3, 1),
    )
    s = setup(
        [a, b],
        [guard(health=4)],
        {
            "guard": [
                mcard("g20", 20, "move 0", "attack 0"),
                mcard("g40", 40, "move 1", "attack -1"),
                mcard("g70", 70, "shield 1", "attack 1", shuffle=True),
            ]
        },
        [[("guard", "normal", (3, 0)), ("guard", "elite", (3, -1)), ("guard", "normal", (2, 2))]],
        win="kill-all",
    )
    return msgspec.structs.replace(
        s, board=BoardSpec(hexes=tuple(disk((0, 0), 4)), terrain=(((0, 1), "trap"), ((0, -1), "obstacle")))
    )


def test_random_games_with_monster_turns_keep_every_invariant_and_replay() -> None:
    results = set()
    for seed in range(40):
        game = Game(scenario(seed), seed=seed)
        rnd = random.Random(seed)
        while game.decision is not None:
            choices = list(game.decision.choices)
            attacks = [c for c in choices if c.kind == "target"]
            game.choose(rnd.choice(attacks or choices))
            assert not violations(game), violations(game)
        results.add(game.result)
        assert Game.from_log(game.log_lines()).digest() == game.digest()
    assert results == {"victory", "defeat"}


def test_12_summon_acts_with_the_monster_ai_against_monsters_drawing_from_its_owners_deck() -> None:
    game = game_with([brute(hex=(-3, 0))], [("normal", (3, 0))], actions=("shield 1",))
    sid = game.summon("brute", "wolf", 4, (-1, 0), move=3, attack=2)
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["+1"] * 5))
    game.choose("select c1 c2")  # round 1: the wolf was just summoned and does not act
    while game.decision is not None and game.decision.kind != "select":
        game.choose(default_answer(game.decision))
    assert f"turn {sid}" not in [str(e) for e in game.events]
    start = len(game.events)
    game.choose("select c3 c4")
    events = events_since(game, start)
    guard = game.state.monsters()[0]
    assert f"moved {sid} 2,0" in events
    # +1 drawn from the brute's deck, minus the Shield 1 the guard's card gave it this round
    assert f"attack {sid} {guard.id} value=2 damage=2" in events and guard.hp == 3
    assert f"modifiers {sid} drew=+1 applies=+1" in events
    assert events.index(f"turn {sid}") < events.index("turn brute")


def test_7_a_monsters_push_is_the_players_choice() -> None:
    game = game_with([brute()], [("normal", (1, 0))], actions=("attack 0 push 1",))
    game.choose("select c1 c2")
    game.choose("take 2")
    d = game.decision
    assert d is not None and d.actor == "party" and d.kind == "push" and "decline" not in d.choices
    target = next(c for c in d.choices if c.kind == "push-to")
    game.choose(target)
    assert game.state.figures["brute"].hex != (0, 0)


def test_10_3_monster_area_attack_through_the_ai() -> None:
    bob = hero("bob", plain_hand("b", [70, 71, 72]), hex=(1, -1))
    game = game_with([brute(), bob], [("normal", (1, 0))], actions=("attack 0 area 0,-1/-1,0",))
    game.choose("select c1 c2")
    start = len(game.events)
    game.choose("select b1 b2")
    while game.decision is not None and game.decision.kind == "damage":
        game.choose(next(c for c in game.decision.choices if c.kind == "take"))
    attacks = [e for e in events_since(game, start) if e.startswith("attack guard#")]
    assert sorted(e.split()[2] for e in attacks) == ["bob", "brute"]  # one placement covers both


def test_10_3_monster_attacking_all_adjacent_enemies_and_a_negative_card_range() -> None:
    bob = hero("bob", plain_hand("b", [70, 71, 72]), hex=(2, -1))
    game = game_with([brute(), bob], [("normal", (1, 0))], actions=("attack 0 target all",))
    game.choose("select c1 c2")
    start = len(game.events)
    game.choose("select b1 b2")
    while game.decision is not None and game.decision.kind == "damage":
        game.choose(next(c for c in game.decision.choices if c.kind == "take"))
    attacks = [e.split()[2] for e in events_since(game, start) if e.startswith("attack guard#")]
    assert sorted(attacks) == ["bob", "brute"]
    archer = game_with([brute()], [("normal", (3, 0))], actions=("attack 0 range -2",), kind=guard(rng=3))
    archer.choose("select c1 c2")  # range 3 - 2 = 1 from (3,0): it must walk? no move: no attack
    assert not [e for e in archer.events if str(e).startswith("attack guard#")]


def test_10_4_monster_heals_the_ally_in_range_that_lost_the_most_ties_for_the_players() -> None:
    game = game_with(
        [brute(hex=(-3, 0))], [("normal", (1, 0)), ("normal", (2, 0))], actions=("heal 1 range 2",)
    )
    a, b = sorted(game.state.monsters(), key=lambda g: g.hex)
    a.hp, b.hp = 2, 4
    game.choose("select c1 c2")
    assert (a.hp, b.hp) == (4, 4)  # each of the two heals went to the one that had lost the most
    game2 = game_with(
        [brute(hex=(-3, 0))], [("normal", (1, 0)), ("normal", (2, 0))], actions=("heal 1 range 2",)
    )
    for g in game2.state.monsters():
        g.hp = 3
    game2.choose("select c1 c2")
    d = game2.decision
    assert d is not None and d.actor == "party" and d.kind == "monster-heal" and len(d.choices) == 2


def test_10_4_monster_loot_takes_coins_off_the_map() -> None:
    game = game_with([brute(hex=(-3, 0))], [("normal", (1, 0))], actions=("loot 1",))
    game.state.coins.update({(2, 0): 1, (3, 0): 2})
    game.choose("select c1 c2")
    assert game.state.coins == {(3, 0): 2}


@pytest.mark.parametrize(
    ("bonus", "suffered"), [("retaliate 1", 0), ("retaliate 2 range 2", 2)], ids=["no-range", "range-2"]
)
def test_18_11_retaliate_reaches_an_attacker_two_hexes_away_only_with_range(
    bonus: str, suffered: int
) -> None:
    """§18.11: attacker 2 hexes away vs Retaliate 1 → nothing; vs Retaliate 2 Range 2 → 2,
    not reduced by the attacker's shield."""
    bolt = card("bolt", 95, top=half("attack 1 range 3"))
    wall = card("wall", 96, bottom=half("shield 3", round_bonus=True))
    b = hero("brute", [bolt, wall, *plain_hand("c", [60, 61, 62])])
    game = game_with([b], [("normal", (2, 0))], actions=(bonus,))
    guard = game.state.monsters()[0]
    game.choose("select bolt wall")  # the guard (50) performs its bonus before the brute (95)
    game.choose("bottom wall")  # Shield 3 on the brute: retaliate ignores it
    game.choose("top bolt")
    game.choose(f"target {guard.id}")
    if suffered:
        assert game.decision is not None and f"take {suffered}" in game.decision.choices
    else:
        assert game.state.figures["brute"].hp == 10 and (
            game.decision is None or game.decision.kind != "damage"
        )


def test_18_11_a_retaliating_monster_killed_by_the_attack_does_not_retaliate() -> None:
    hit = card("hit", 95, top=half("attack 9"))
    b = hero("brute", [hit, *plain_hand("c", [60, 61, 62, 63])])
    game = game_with([b], [("normal", (1, 0))], actions=("retaliate 3",))
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["+0"] * 3))
    guard = game.state.monsters()[0]
    game.choose("select hit c1")
    game.choose("top hit")
    game.choose(f"target {guard.id}")
    assert guard.id not in game.state.figures and game.state.figures["brute"].hp == 10
