"""First Blood played to its end by bots for 2, 3 and 4 heroes, invariants checked after every
choice (health, fatigue, one attack per monster activation, two actions per hero turn, no two
figures on a square, cards conserved...) and every log replayed to the same digest. A few dozen
seeds here; 200 per hero count and bot under ``-m slow``."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from delvekit.cli.main import _register, cli
from delvekit.descent.bots import play_game
from delvekit.descent.engine import Game
from delvekit.descent.invariants import check

_register()

ARCHETYPES = (("grisban", "syndrael"), ("jain", "tomble"), ("avric", "ashrian"), ("leoric", "widow"))


def party(n: int, seed: int) -> tuple[str, ...]:
    """A legal party of ``n`` heroes (one per archetype), varied by seed so all 8 heroes play."""
    start = seed % 4
    return tuple(ARCHETYPES[(start + i) % 4][(seed >> (i + 2)) & 1] for i in range(n))


def played(n: int, bots: str, seed: int) -> Game:
    game = play_game("first-blood", party(n, seed), bots, seed, check=check)
    assert game.result in ("heroes", "overlord")
    again = Game.from_log(game.log_lines(), verify=True)
    assert again.digest() == game.digest() and again.result == game.result
    return game


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_greedy_bots_play_first_blood_to_the_end(n: int, seed: int) -> None:
    played(n, "greedy", seed)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", range(2))
def test_random_bots_play_first_blood_to_the_end(n: int, seed: int) -> None:
    played(n, "random", 100 + seed)


@pytest.mark.slow
@pytest.mark.parametrize("bots", ["greedy", "random/greedy", "greedy/random", "random"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_hundred_seeds_per_hero_count(n: int, bots: str) -> None:
    """200 seeds for each hero count and pairing of bots (heroes/overlord). Pure random games
    last 20 to 300 rounds: those three cases take most of this test's minutes."""
    seeds = 200
    results = {"heroes": 0, "overlord": 0}
    for seed in range(seeds):
        results[played(n, bots, seed).result] += 1
    assert sum(results.values()) == seeds


def test_cli_play_prints_the_result_last_and_writes_a_replayable_log(tmp_path) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "game.log"
    args = [
        "descent",
        "play",
        "--quest",
        "first-blood",
        "--heroes",
        "grisban,jain",
        "--bots",
        "greedy",
        "--seed",
        "3",
        "--quiet",
        "--log",
        str(log),
    ]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    last = out.output.strip().splitlines()[-1]
    assert last.startswith("result: ") and last.split()[1] in ("heroes", "overlord") and "rounds=" in last
    rep = CliRunner().invoke(cli, ["replay", str(log), "--verify"])
    assert rep.exit_code == 0 and "verified" in rep.output, rep.output
    full = CliRunner().invoke(cli, args[:-3])
    assert full.output.strip().splitlines()[-1] == last and "goblin" in full.output


def test_cli_bad_input_is_one_line() -> None:
    for args in (
        ["descent", "play", "--heroes", "grisban,bob"],
        ["descent", "play", "--heroes", "grisban"],
        ["descent", "quest", "show", "nowhere"],
        ["descent", "play", "--heroes", "jain,tomble"],
    ):
        out = CliRunner().invoke(cli, args)
        assert out.exit_code != 0 and "Traceback" not in out.output
        assert len(out.output.strip().splitlines()) == 1, out.output


def test_cli_human_seat_undo_and_save(tmp_path) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "s.json"
    keys = "1\nundo\n2\nsave\nquit\n"
    out = CliRunner().invoke(
        cli,
        ["descent", "play", "--heroes", "grisban,jain", "--human", "heroes", "--save", str(save)],
        input=keys,
    )
    assert out.exit_code == 0, out.output
    game = Game.load(save.read_text())
    assert [str(c) for c in game.log] == ["turn jain"]


def test_quest_show_writes_svg_and_content_check_passes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    svg = tmp_path / "fb.svg"
    out = CliRunner().invoke(cli, ["descent", "quest", "show", "first-blood", "--svg", str(svg)])
    assert out.exit_code == 0 and svg.read_text().startswith("<svg") and "Mauler" in svg.read_text()
    out = CliRunner().invoke(cli, ["descent", "content", "check"])
    assert out.exit_code == 0 and out.output.strip().endswith("content ok"), out.output
    assert "connectors 36/36" in out.output and "disagreements" in out.output


@pytest.mark.parametrize("bots", ["random/greedy", "greedy/random"])
@pytest.mark.parametrize("seed", range(3))
def test_mixed_bots_play_first_blood_to_the_end(bots: str, seed: int) -> None:
    game = play_game("first-blood", party(2 + seed % 3, seed), bots, 200 + seed, check=check)
    assert game.result in ("heroes", "overlord")
    assert Game.from_log(game.log_lines(), verify=True).digest() == game.digest()


def test_delve_replay_reads_a_descent_save_and_refuses_a_tampered_log(tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = play_game("first-blood", ("grisban", "jain"), "greedy", 5)
    save = tmp_path / "game.json"
    save.write_text(game.save())
    out = CliRunner().invoke(cli, ["replay", str(save)])
    assert out.exit_code == 0 and f"digest={game.digest()}" in out.output
    assert f"result={game.result}" in out.output
    log = tmp_path / "game.log"
    lines = game.log_lines()
    lines[-1] = lines[-1].replace(game.digest(), "0" * 16)
    log.write_text("\n".join(lines))
    bad = CliRunner().invoke(cli, ["replay", str(log), "--verify"])
    assert bad.exit_code != 0 and "differs" in bad.output and "Traceback" not in bad.output
