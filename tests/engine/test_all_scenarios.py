"""Issue 5 "must show": every scenario 1-95 played to its end (victory or defeat) by random bots
for 10 seeds and by greedy bots for 3, with the invariants (:func:`engine_checks.violations`)
checked after every choice and no exception; seed 0's game also replays from its log and
resumes from a save to the identical end.

Cost (one core, measured): the random games about 80 s for all 950; a greedy game of four
characters about 2 s on average at levels 1-9 (53's about 20 s), all 285 about 9 minutes.
``make test`` plays random seed 0 of every scenario (with the replay and resume checks); the
other random seeds and every greedy game are in the slow tier (``make test-all``). The greedy
bot's own checks in ``make test`` replay committed golden logs (tests/play/test_golden_logs.py).

The party is four of the playable classes (three while only three are playable), taken in turn
from the content pack's playable list so every class meets every scenario; the level runs
through 1-9 with the scenario and seed. Scenario 55 (the random dungeon) plays on its seeded
stand-in map (:mod:`delvekit.gloomhaven.content.random_dungeon`), a different one per seed.
"""

from __future__ import annotations

from functools import cache

import pytest

from delvekit.gloomhaven.bots.players import Bot, GreedyBot, RandomBot
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.invariants import violations

SCENARIOS = range(1, 96)
RANDOM_SEEDS = range(10)
GREEDY_SEEDS = range(3)
MAX_CHOICES = 20_000


@cache
def playable() -> tuple[str, ...]:
    """The bundled classes playable at level 1, in the pack's order."""
    return tuple(c for c, k in sorted(load_pack().classes.items()) if k.playable_at(1))


def party_for(scenario: int, seed: int) -> tuple[list[Member], int]:
    """Four playable classes (three while only three are), rotated by scenario and seed, and a
    level from 1 to 9 that varies the same way."""
    classes = playable()
    size = min(4, len(classes))
    start = (scenario * 7 + seed) % len(classes)
    names = [classes[(start + i) % len(classes)] for i in range(size)]
    level = 1 + (scenario * 5 + seed * 3) % 9
    return [Member(n, level) for n in names], level


def play_checked(scenario: int, seed: int, bot: Bot) -> Game:
    """Play one game to its end, checking the invariants after every choice."""
    members, _ = party_for(scenario, seed)
    game = Game(setup_from_pack(load_pack(), scenario, members, seed=seed), seed=seed)
    choices = 0
    while game.decision is not None:
        decision = game.decision
        choice = bot.choose(game)
        game.choose(choice)
        choices += 1
        problems = violations(game)
        assert not problems, (scenario, seed, [m.class_id for m in members], decision.kind, choice, problems)
        assert choices < MAX_CHOICES, (scenario, seed, "the game does not end")
    return game


def _tiered(n: int, seed: int) -> object:
    """Seed 0 of every scenario in ``make test``; the other seeds in the slow tier."""
    return (n, seed) if seed == 0 else pytest.param(n, seed, marks=[pytest.mark.slow])


@pytest.mark.parametrize(("scenario", "seed"), [_tiered(n, s) for n in SCENARIOS for s in RANDOM_SEEDS])
def test_random_bots_play_every_scenario_to_its_end(scenario: int, seed: int) -> None:
    game = play_checked(scenario, seed, RandomBot(seed))
    assert game.result in ("victory", "defeat") and game.outcome is not None
    if seed == 0:
        assert_replays_and_resumes(game, cut=(scenario * 37) % (len(game.log) + 1))


def assert_replays_and_resumes(game: Game, cut: int) -> None:
    """The log replays to the identical state; saved after ``cut`` choices, loaded and
    continued, the game ends identically (the scenario's rules, bosses and spawns included)."""
    assert Game.from_log(game.log_lines()).digest() == game.digest()
    resumed = Game.load(Game.replay(game.setup, game.seed, game.log[:cut]).save())
    for text in game.log[cut:]:
        resumed.choose(text)
    assert resumed.digest() == game.digest() and resumed.outcome == game.outcome


@pytest.mark.slow
@pytest.mark.parametrize(("scenario", "seed"), [(n, s) for n in SCENARIOS for s in GREEDY_SEEDS])
def test_greedy_bots_play_every_scenario_to_its_end(scenario: int, seed: int) -> None:
    # two sampled worlds per look-ahead (one for these parties of four): the rules and
    # invariants are the point here, not the bot's strength, so its cheaper setting will do
    game = play_checked(scenario, seed, GreedyBot(worlds=2))
    assert game.result in ("victory", "defeat") and game.outcome is not None


def test_parties_cover_every_playable_class_and_every_level() -> None:
    classes = playable()
    assert {"brute", "mindthief", "tinkerer"} <= set(classes)
    seen_classes: set[str] = set()
    seen_levels: set[int] = set()
    for n in SCENARIOS:
        for seed in RANDOM_SEEDS:
            members, level = party_for(n, seed)
            assert len(members) == min(4, len(classes)) and len({m.class_id for m in members}) == len(members)
            seen_classes |= {m.class_id for m in members}
            seen_levels.add(level)
    assert seen_classes == set(classes) and seen_levels == set(range(1, 10))


def test_34_the_elder_drake_starts_on_its_boulder_and_a_character_never_starts_on_one() -> None:
    """The map prints the Elder Drake on a huge boulder (its perch c); the setup accepts a
    monster on an obstacle hex but still refuses a character on one."""
    import msgspec

    from delvekit.core.board import Terrain
    from delvekit.core.errors import InputError

    setup = setup_from_pack(load_pack(), 34, [Member("brute"), Member("mindthief")])
    assert setup.board is not None
    board = setup.board.build("34")
    drake = next(p for room in setup.rooms for p in room if p.monster == "elder-drake")
    assert board.terrain_at(drake.hex) == Terrain.OBSTACLE
    game = Game(setup, seed=1)
    assert game.state.figures["elder-drake#1"].hex == drake.hex
    boulder = next(h for h in board.hexes if board.terrain_at(h) == Terrain.OBSTACLE and h != drake.hex)
    brute = msgspec.structs.replace(setup.party[0], hex=boulder)
    moved = msgspec.structs.replace(setup, party=(brute, *setup.party[1:]), starts=(*setup.starts, boulder))
    with pytest.raises(InputError, match="not an open hex"):
        moved.validate()
