"""A monster's plan is solved once per activation: the apply step reuses the outcomes its run
step found (engine_monsters._planned), and the games played are exactly those of solving twice,
also when a clone plans in between (a bot's play-outs) or the party picks among tied outcomes."""

from __future__ import annotations

import random

import pytest

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine import monster_turn as engine_monsters
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.monster_ai import solver as monster_ai
from delvekit.gloomhaven.monster_ai import turn as ai_turn


def _play(seed: int, *, clone_at_ties: bool = False) -> tuple[Game, int]:
    setup = setup_from_pack(load_pack(), 1, [Member("brute"), Member("mindthief")])
    game = Game(setup, seed=seed)
    rnd = random.Random(seed)
    ties = 0
    while game.decision is not None:
        choices = game.decision.choices
        if clone_at_ties and game.decision.kind == "monster":
            ties += 1
            other = game.clone()  # plans other monsters' turns before the original applies its own
            other_rnd = random.Random(seed + 1)
            while other.decision is not None:
                other.choose(other.decision.choices[other_rnd.randrange(len(other.decision.choices))])
        game.choose(choices[rnd.randrange(len(choices))])
    return game, ties


def _solve_twice(game: Game, f: Figure, task: Task) -> list[ai_turn.Outcome]:
    return engine_monsters._solve(game, f, task.n)


def test_each_activation_solves_once_and_plays_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = 0
    solve = monster_ai.solve

    def counting(turn: ai_turn.MonsterTurn) -> list[ai_turn.Outcome]:
        nonlocal calls
        calls += 1
        return solve(turn)

    monkeypatch.setattr(monster_ai, "solve", counting)
    once = [_play(seed)[0] for seed in range(8)]
    once_calls, calls = calls, 0
    monkeypatch.setattr(engine_monsters, "_planned", _solve_twice)
    twice = [_play(seed)[0] for seed in range(8)]
    assert once_calls > 0 and calls == 2 * once_calls
    assert [g.digest() for g in once] == [g.digest() for g in twice]
    assert [g.log for g in once] == [g.log for g in twice]


def test_a_clone_planning_between_run_and_apply_changes_nothing() -> None:
    ties = 0
    for seed in range(40):
        game, n = _play(seed, clone_at_ties=True)
        ties += n
        plain, _ = _play(seed)
        assert game.digest() == plain.digest() and game.log == plain.log
    assert ties > 0  # the party did pick among tied monster outcomes
