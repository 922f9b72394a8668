"""Played games shared by every test of one test process (pytest-xdist worker): a bot game is
played once, with its legality and invariants checked after every choice, and kept with the
game as it stood at each decision, so tests that ask questions of the same games never play
them again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from delvekit.core.records import Choice
from delvekit.gloomhaven.bots.players import Bot, GreedyBot, RandomBot
from delvekit.gloomhaven.content import ContentPack, load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.level import Difficulty
from delvekit.gloomhaven.model.setup import GameSetup
from delvekit.gloomhaven.testing.invariants import violations

MAX_CHOICES = 20_000
GOLDEN = Path(__file__).resolve().parent / "data" / "golden-logs"
# the test fixture classes (test-sage, test-warden): a party of four with two bundled classes
CUSTOM = Path(__file__).resolve().parent / "data" / "fixtures" / "custom-content"


@dataclass(frozen=True)
class Step:
    """One decision of a played game: the game just before the choice (a clone) and the choice."""

    before: Game
    choice: Choice


@dataclass(frozen=True)
class Played:
    game: Game
    steps: tuple[Step, ...]


@cache
def pack(custom: bool = False) -> ContentPack:
    return load_pack(extra=CUSTOM) if custom else load_pack()


@cache
def setup(
    scenario: int, party: tuple[str, ...], level: int = 1, difficulty: Difficulty = "normal"
) -> GameSetup:
    """The content pack's setup (with the test fixture classes when the party names one)."""
    content = pack(custom=any(c.startswith("test-") for c in party))
    return setup_from_pack(content, scenario, [Member(c, level) for c in party], difficulty=difficulty)


def play_recorded(game: Game, bot: Bot, *, keep_steps: bool = True) -> Played:
    """Play to the end, checking after every choice that it was legal and every invariant holds."""
    steps: list[Step] = []
    while game.decision is not None:
        decision = game.decision
        choice = bot.choose(game)
        assert choice in decision.choices, (decision.kind, str(choice))
        if keep_steps:
            steps.append(Step(game.clone(), choice))
        game.choose(choice)
        problems = violations(game)
        assert not problems, (game.setup.scenario, decision.kind, str(choice), problems)
        assert len(game.log) < MAX_CHOICES, "the game does not end"
    return Played(game, tuple(steps))


@cache
def greedy_game(
    scenario: int, party: tuple[str, ...], seed: int, level: int = 1, difficulty: Difficulty = "normal"
) -> Played:
    return play_recorded(Game(setup(scenario, party, level, difficulty), seed=seed), GreedyBot())


@cache
def random_game(
    scenario: int, party: tuple[str, ...], seed: int, level: int = 1, difficulty: Difficulty = "normal"
) -> Played:
    return play_recorded(Game(setup(scenario, party, level, difficulty), seed=seed), RandomBot(seed))


def golden_names() -> list[str]:
    """The golden bot games (tests/data/golden-logs, written by tools/golden_logs.py)."""
    return sorted(p.stem for p in GOLDEN.glob("*.jsonl"))


@cache
def golden_game(name: str) -> Played:
    """A golden log replayed with the game kept at each decision: the bot's own choices, at the
    cost of the engine alone (tests/play/test_golden_logs.py checks the log is what the bot
    plays today)."""
    logged = Game.from_log((GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines())
    game = Game(logged.setup, seed=logged.seed)
    steps: list[Step] = []
    for text in logged.log:
        assert game.decision is not None
        choice = next(c for c in game.decision.choices if str(c) == text)
        steps.append(Step(game.clone(), choice))
        game.choose(choice)
    return Played(game, tuple(steps))
