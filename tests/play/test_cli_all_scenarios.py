"""Issue 5 "must show": ``delve play --scenario N --party A,B,C,D --bots random --seed S --quiet``
for every scenario 1-95, a party of four playable classes (three while only three are) at a
level 1-9 that varies with the scenario (55: its seeded stand-in map); the printed result is
the engine's own."""

from __future__ import annotations

from functools import cache

import pytest
from click.testing import CliRunner

from delvekit.cli.main import _register, cli
from delvekit.cli.play import new_game
from delvekit.gloomhaven.bots import make_bot, play
from delvekit.gloomhaven.content import load_pack

_register()


@cache
def playable() -> tuple[str, ...]:
    return tuple(c for c, k in sorted(load_pack().classes.items()) if k.playable_at(1))


@pytest.mark.parametrize("scenario", range(1, 96))
def test_delve_play_quiet_random_bots_plays_every_scenario(scenario: int) -> None:
    classes = playable()
    party = ",".join(classes[(scenario + i) % len(classes)] for i in range(min(4, len(classes))))
    level, seed = 1 + scenario % 9, scenario
    args = ["play", "--scenario", str(scenario), "--party", party, "--level", str(level)]
    result = CliRunner().invoke(
        cli, [*args, "--bots", "random", "--seed", str(seed), "--quiet"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    game = play(new_game(scenario, party, level=level, seed=seed), make_bot("random", seed))
    assert game.result in ("victory", "defeat")
    assert result.output == f"result: {game.result} rounds={game.state.round}\n"
    assert all(c.level == level for c in game.setup.party)
