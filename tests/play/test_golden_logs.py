"""Golden logs of greedy-bot games (tools/golden_logs.py writes them; ``make golden``), replayed
step by step instead of played again, as OpenSpiel keeps playthroughs.

Fast tier: every logged choice is legal when it is made, every invariant holds after it, the
game ends with the logged digest, and at a sample of decisions (spread over the game, with the
first two card selections) the greedy bot, asked again, makes the logged choice. Slow tier:
each game played afresh by the bot gives exactly its log. A rule or bot change on purpose shows
up here: regenerate the logs and review their diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from delvekit.gloomhaven.bots.players import make_bot, play
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.invariants import violations
from shared_games import setup

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden-logs"
INDEX: list[dict[str, Any]] = json.loads((GOLDEN / "index.json").read_text(encoding="utf-8"))
ASKED = 12  # decisions per game at which the bot is asked again (spread over the game)


def lines(entry: dict[str, Any]) -> list[str]:
    return (GOLDEN / f"{entry['name']}.jsonl").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("entry", INDEX, ids=[e["name"] for e in INDEX])
def test_a_golden_game_replays_step_by_step(entry: dict[str, Any]) -> None:
    logged = Game.from_log(lines(entry))  # the logged digest is checked here
    assert logged.setup == setup(entry["scenario"], tuple(entry["party"]), entry["level"])
    assert (logged.result, logged.state.round) == (entry["result"], entry["rounds"])
    choices = logged.log
    sample = set(range(0, len(choices), max(1, len(choices) // ASKED)))
    bot = make_bot(entry["bot"], entry["seed"])
    game = Game(logged.setup, seed=logged.seed)
    selections = 0
    for n, text in enumerate(choices):
        decision = game.decision
        assert decision is not None, f"choice {n}: the game had ended"
        if n in sample or (decision.kind == "select" and selections < 2):
            selections += decision.kind == "select"
            again = str(bot.choose(game))
            assert again == text, f"choice {n} ({decision.kind}): the bot now chooses {again!r}"
        assert game.can_choose(text), f"choice {n}: {text!r} is not legal"
        game.choose(text)
        problems = violations(game)
        assert not problems, (n, text, problems)
    assert game.decision is None and game.digest() == logged.digest()


@pytest.mark.slow
@pytest.mark.parametrize("entry", INDEX, ids=[e["name"] for e in INDEX])
def test_the_bot_plays_each_golden_game_again_exactly(entry: dict[str, Any]) -> None:
    logged = Game.from_log(lines(entry))
    fresh = play(Game(logged.setup, seed=logged.seed), make_bot(entry["bot"], entry["seed"]))
    assert fresh.log == logged.log and fresh.digest() == logged.digest()


def test_the_golden_games_cover_many_classes_scenarios_and_both_results() -> None:
    classes = {c for e in INDEX for c in e["party"]}
    assert len(classes) >= 12 and len({e["scenario"] for e in INDEX}) >= 6
    assert {e["result"] for e in INDEX} == {"victory", "defeat"}
