"""Audit of full greedy games of scenario 1 (rules digest §3.4): an action's XP is earned only
when at least one of its abilities is used. Spare Dagger's top (Attack 3, Range 3, XP 1) gave
its XP in a transcript where the attack found no target; now it gives ``no-xp``."""

from __future__ import annotations

import msgspec

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition

from .helpers import card, half, hero, mcard, mtype, plain_hand, setup
from .test_move_attack_5_6 import board


def _game() -> Game:
    dagger = card("dagger", 10, top=half("attack 3 range 3", "xp 1"))
    s = setup(
        [hero("brute", [dagger, *plain_hand("c", [60, 61, 62, 63])])],
        [mtype("guard", health=9)],
        {"guard": [mcard("g90", 90)]},
        [[("guard", "normal", (1, -1))], [("guard", "normal", (6, 0))]],
    )
    return Game(msgspec.structs.replace(s, board=board()), seed=1)


def test_3_4_action_xp_is_earned_when_its_attack_is_performed() -> None:
    game = _game()
    game.choose("select dagger c1")
    game.choose("top dagger")
    guard = game.state.monsters()[0]
    events = [str(e) for e in game.choose(f"target {guard.id}")]
    assert "xp brute 1" in events


def test_3_4_action_xp_is_not_earned_when_no_ability_of_the_action_is_used() -> None:
    game = _game()
    game.add_condition(game.state.monsters()[0].id, Condition.INVISIBLE)
    game.choose("select dagger c1")
    events = [str(e) for e in game.choose("top dagger")]
    assert "no-target brute" in events
    assert "xp brute 1" not in events


def _mover(top: tuple[str, ...]) -> Game:
    step = card("step", 10, top=half(*top))
    s = setup([hero("brute", [step, *plain_hand("c", [60, 61, 62, 63])])], [mtype("guard")],
              {"guard": [mcard("g90", 90)]}, [[("guard", "normal", (3, 0))], []])  # fmt: skip
    game = Game(msgspec.structs.replace(s, board=board()), seed=1)
    game.choose("select step c1")
    game.choose("top step")
    return game


def test_3_4_a_move_of_no_hex_earns_no_xp_one_hex_does() -> None:
    game = _mover(("move 2", "xp 1"))
    events = [str(e) for e in game.choose("stop")]
    assert "no-xp brute 1" in events and "xp brute 1" not in events
    assert game.state.characters["brute"].xp == 0
    game = _mover(("move 2", "xp 1"))
    game.choose("step 1,-1")  # plain ground
    events = [str(e) for e in game.choose("stop")]
    assert "xp brute 1" in events and game.state.characters["brute"].xp == 1


def test_3_4_a_self_ability_is_always_used_and_earns_the_xp() -> None:
    game = _mover(("shield 1", "xp 2"))
    assert game.state.characters["brute"].xp == 2
