"""Scenario setup in the engine (§2.1 order): battle goals dealt two, keep one (§2.6), then
hands chosen from the available cards (§2.5); standees numbered at random (§1.3)."""

from __future__ import annotations

import random

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.invariants import violations

from .helpers import hero, mcard, mtype, plain_hand, setup

GOALS = tuple(f"goal{n}" for n in range(1, 25))


def _game(seed: int = 1, pool: int = 6, limit: int = 4) -> Game:
    a = msgspec.structs.replace(hero("alice", plain_hand("a", list(range(10, 10 + pool)))), hand_limit=limit)
    b = hero("bob", plain_hand("b", [50, 51, 52, 53]), hex=(1, 0))
    return Game(msgspec.structs.replace(setup([a, b]), battle_goals=GOALS), seed=seed)


def test_2_6_each_character_is_dealt_two_goals_and_keeps_one_secretly() -> None:
    game = _game()
    d = game.decision
    assert d is not None and d.actor == "alice" and d.kind == "battle-goal" and len(d.choices) == 2
    alice_goals = [c.args[0] for c in d.choices]
    events = [str(e) for e in game.choose(d.choices[1])]
    assert events == ["battle-goal-kept alice"]  # which one stays secret
    d = game.decision
    assert d is not None and d.actor == "bob" and d.kind == "battle-goal"
    assert not {c.args[0] for c in d.choices} & set(alice_goals)  # dealt from one deck
    game.choose(d.choices[0])
    assert game.state.characters["alice"].battle_goal == alice_goals[1]


def test_2_1_goals_then_hands_then_the_first_round() -> None:
    game = _game()
    kinds = []
    while game.decision is not None and game.decision.kind != "select":
        kinds.append((game.decision.actor, game.decision.kind))
        game.choose(game.decision.choices[0])
    assert kinds == [("alice", "battle-goal"), ("bob", "battle-goal")] + [("alice", "hand")] * 4
    assert game.state.round == 1


def test_2_5_hand_is_chosen_card_by_card_up_to_the_limit() -> None:
    game = _game(pool=6, limit=4)
    for _ in range(2):
        game.choose(game.decision.choices[0])  # type: ignore[union-attr]
    taken = []
    for n in range(4):
        d = game.decision
        assert d is not None and d.kind == "hand" and len(d.choices) == 6 - n
        pick = d.choices[-1]
        taken.append(pick.args[0])
        game.choose(pick)
    ch = game.state.characters["alice"]
    assert sorted(ch.hand) == sorted(taken) and len(ch.set_aside) == 2
    assert "hand-ready alice " + " ".join(taken) in [str(e) for e in game.events]
    assert game.decision is not None and game.decision.kind == "select"
    assert all(c.args[0] in taken and c.args[1] in taken for c in game.decision.choices if c.kind == "select")


def test_2_5_fewer_cards_than_the_hand_limit_is_refused() -> None:
    a = msgspec.structs.replace(hero("alice", plain_hand("a", [1, 2, 3])), hand_limit=4)
    with pytest.raises(InputError, match=r"party\.alice"):
        Game(setup([a]), seed=1)


def test_2_6_battle_goal_deck_must_serve_every_character() -> None:
    with pytest.raises(InputError, match="battle_goals"):
        Game(
            msgspec.structs.replace(setup([hero("alice", plain_hand("a", [1, 2]))]), battle_goals=("g1",)),
            seed=1,
        )


def test_1_3_standee_numbers_are_random_and_distinct() -> None:
    brute = hero("brute", plain_hand("c", [50, 51]))
    rooms = [[("g", "normal", (3, n)) for n in range(4)]]
    seen = set()
    for seed in range(10):
        game = Game(setup([brute], [mtype("g", standees=6)], {"g": [mcard("g1", 30)]}, rooms), seed=seed)
        numbers = sorted(f.standee for f in game.state.monsters())
        assert len(set(numbers)) == 4 and all(1 <= n <= 6 for n in numbers)
        assert sorted(game.state.standees["g"] + numbers) == [1, 2, 3, 4, 5, 6]
        seen.add(tuple(numbers))
    assert len(seen) > 1


def test_1_3_out_of_standees_places_only_the_available_ones() -> None:
    brute = hero("brute", plain_hand("c", [50, 51]))
    rooms = [[("g", "normal", (3, n)) for n in range(3)]]
    game = Game(setup([brute], [mtype("g", standees=2)], {"g": [mcard("g1", 30)]}, rooms), seed=1)
    assert len(game.state.monsters()) == 2 and "no-standee g hex=3,2" in [str(e) for e in game.events]


def test_random_play_with_setup_decisions_keeps_every_invariant() -> None:
    for seed in range(30):
        game = _game(seed=seed, pool=9, limit=6)
        rnd = random.Random(seed)
        while game.decision is not None:
            game.choose(rnd.choice(list(game.decision.choices)))
            assert not violations(game)
        assert game.outcome is not None
        assert {c.battle_goal for c in game.outcome.characters} <= set(GOALS)
        assert Game.from_log(game.log_lines()).digest() == game.digest()


def test_2_1_each_character_takes_a_free_starting_hex() -> None:
    a = hero("alice", plain_hand("a", [10, 11]), hex=(0, 0))
    b = hero("bob", plain_hand("b", [20, 21]), hex=(1, 0))
    s = msgspec.structs.replace(setup([a, b]), starts=((0, 0), (1, 0), (2, 0)))
    game = Game(s, seed=1)
    assert str(game.decision) == "alice start: start 0,0 | start 2,0"  # bob stands on (1,0)
    game.choose("start 2,0")
    assert str(game.decision) == "bob start: start 0,0 | start 1,0"
    game.choose("start 0,0")
    assert game.state.figures["alice"].hex == (2, 0) and game.state.figures["bob"].hex == (0, 0)
    assert game.decision is not None and game.decision.kind == "select"
    with pytest.raises(InputError, match="starts"):
        Game(msgspec.structs.replace(s, starts=((5, 5),)), seed=1)
