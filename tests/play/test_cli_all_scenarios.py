"""Issue 5 "must show": ``delve play --scenario N --party A,B,C,D --bots random --seed S --quiet``
for every scenario 1-95, a party of four playable classes (three while only three are) at a
level 1-9 that varies with the scenario (55: its seeded stand-in map); the printed result is
the engine's own: the game's log, replayed, ends with that result after that many rounds.

``make test`` runs every tenth scenario (the engine itself plays every scenario there, in
tests/engine/test_all_scenarios.py); the slow tier runs all 95."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from delvekit.cli.main import _register, cli
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.engine.game import Game

_register()


@cache
def playable() -> tuple[str, ...]:
    return tuple(c for c, k in sorted(load_pack().classes.items()) if k.playable_at(1))


def _tiered(n: int) -> object:
    return n if n % 10 == 1 else pytest.param(n, marks=[pytest.mark.slow])


@pytest.mark.parametrize("scenario", [_tiered(n) for n in range(1, 96)])
def test_delve_play_quiet_random_bots_plays_every_scenario(scenario: int, tmp_path: Path) -> None:
    classes = playable()
    party = ",".join(classes[(scenario + i) % len(classes)] for i in range(min(4, len(classes))))
    level, seed = 1 + scenario % 9, scenario
    log = tmp_path / "game.jsonl"
    args = ["play", "--scenario", str(scenario), "--party", party, "--level", str(level), "--seed", str(seed)]
    result = CliRunner().invoke(cli, [*args, "--bots", "random", "--quiet", "--log", str(log)])
    assert result.exit_code == 0, result.output
    game = Game.from_log(log.read_text().splitlines())
    assert game.result in ("victory", "defeat")
    assert result.output == f"result: {game.result} rounds={game.state.round}\n"
    assert all(c.level == level for c in game.setup.party)
    assert (game.setup.scenario, game.seed) == (str(scenario), seed)
