"""§2.2–§2.3 scenario level and its table; §15 the result record; §18.2 and §18.8."""

from __future__ import annotations

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.level import level_info, scenario_level

from .helpers import default_answer, hero, mcard, mtype, plain_hand, setup

TABLE = [  # level, monster level, gold per coin, trap, hazardous, bonus XP (rulebook p.15)
    (0, 0, 2, 2, 1, 4),
    (1, 1, 2, 3, 1, 6),
    (2, 2, 3, 4, 2, 8),
    (3, 3, 3, 5, 2, 10),
    (4, 4, 4, 6, 3, 12),
    (5, 5, 4, 7, 3, 14),
    (6, 6, 5, 8, 4, 16),
    (7, 7, 6, 9, 4, 18),
]


@pytest.mark.parametrize("row", TABLE)
def test_2_3_scenario_level_table(row: tuple[int, ...]) -> None:
    info = level_info(row[0])
    assert (
        info.level,
        info.monster_level,
        info.gold_per_coin,
        info.trap_damage,
        info.hazardous_damage,
        info.bonus_xp,
    ) == row


def test_18_2_scenario_level_worked_example_and_clamping() -> None:
    assert scenario_level([6, 4, 4, 3]) == 3
    assert scenario_level([6, 4, 4, 3], "hard") == 4
    assert scenario_level([1, 1], "easy") == 0
    assert scenario_level([9, 9, 9], "very_hard") == 7
    assert scenario_level([2, 1]) == 1  # 1.5 / 2 = 0.75 -> 1
    with pytest.raises(InputError, match="difficulty"):
        scenario_level([1], "nightmare")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="party levels"):
        scenario_level([])


def test_2_2_solo_rule_raises_monsters_and_traps_only() -> None:
    solo = level_info(3, solo=True)
    assert (solo.monster_level, solo.trap_damage, solo.gold_per_coin, solo.bonus_xp) == (4, 6, 3, 10)


def _l3_game() -> Game:
    a = hero("alice", plain_hand("a", [10, 11, 12, 13]))
    b = hero("bob", plain_hand("b", [20, 21, 22, 23]), hex=(1, 0))
    rooms = [[("g", "normal", (3, 0))]]
    s = setup([a, b], [mtype("g")], {"g": [mcard("g50", 50)]}, rooms, win="kill-all")
    return Game(msgspec.structs.replace(s, level=3), seed=1)


def test_18_8_level_3_success_with_7_coins_gives_21_gold_and_10_bonus_xp_exhausted_included() -> None:
    game = _l3_game()
    game.state.coins[(0, 0)] = 7  # on alice's hex: looted at the end of her turn
    game.choose("select a1 a2")
    game.choose("select b1 b2")
    game.suffer_damage("bob", 10, "test")
    game.choose("take 10")  # bob is exhausted
    game.suffer_damage(game.state.monsters()[0].id, 99, "test")
    while game.decision is not None:
        game.choose(default_answer(game.decision))
    outcome = game.outcome
    assert outcome is not None and outcome.result == "victory" and outcome.level == 3 and outcome.rounds == 1
    alice, bob = outcome.characters
    assert (alice.coins, alice.gold, alice.bonus_xp, alice.exhausted) == (7, 21, 10, False)
    assert (bob.coins, bob.gold, bob.bonus_xp, bob.exhausted) == (0, 0, 10, True)


def test_15_defeat_gives_no_bonus_xp_and_no_outcome_before_the_end() -> None:
    game = _l3_game()
    assert game.outcome is None
    game.choose("select a1 a2")
    game.choose("select b1 b2")
    game.suffer_damage("alice", 10, "test")
    game.choose("take 10")
    game.suffer_damage("bob", 10, "test")
    game.choose("take 10")
    outcome = game.outcome
    assert outcome is not None and outcome.result == "defeat"
    assert [c.bonus_xp for c in outcome.characters] == [0, 0]


def test_setup_level_outside_the_table_is_refused() -> None:
    s = setup([hero("alice", plain_hand("a", [1, 2]))])
    with pytest.raises(InputError, match="level"):
        Game(msgspec.structs.replace(s, level=8), seed=1)
