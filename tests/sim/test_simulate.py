"""Issue 17: `delve simulate` plays many games, writes rows that `delve play` reproduces,
keeps finished games on Ctrl-C and skips them on a rerun; the Ray backend gives the same rows."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner

from delvekit.cli.main import _register, cli
from delvekit.core.errors import InputError
from delvekit.sim.driver import run
from delvekit.sim.game import COLUMNS, play_spec
from delvekit.sim.plan import GameSpec, parse_numbers, plan
from delvekit.sim.store import read_rows, write_rows

_register()

ARGS = ["simulate", "--scenarios", "1-4", "--party", "brute,mindthief", "--bots", "random", "--seed", "5"]


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sim") / "results.csv"
    r = CliRunner().invoke(cli, [*ARGS, "--games", "3", "--workers", "2", "--out", str(out), "--quiet"])
    assert r.exit_code == 0, r.output
    assert "played 12 games" in r.output
    return out


def test_rows_have_the_required_columns_and_one_row_per_game(results: Path) -> None:
    rows = read_rows(results)
    assert len(rows) == 12
    header = results.read_text().splitlines()[0].split(",")
    for column in ("scenario", "party", "level", "bots", "seed", "result", "rounds"):
        assert column in header
    assert {(r["scenario"], r["seed"]) for r in rows} == {(s, n) for s in range(1, 5) for n in (5, 6, 7)}
    for r in rows:
        assert r["result"] in ("victory", "defeat")
        assert r["party"] == "brute,mindthief" and r["bots"] == "random" and r["level"] == 1
        assert r["c1_class"] == "brute" and r["c2_class"] == "mindthief" and r["c3_class"] is None
        assert isinstance(r["rounds"], int) and r["rounds"] >= 1
        assert 0 <= r["c1_health"] <= r["c1_max_health"]
        if r["result"] == "defeat":
            assert r["cause"]


@pytest.mark.parametrize("index", [0, 4, 11])
def test_delve_play_reproduces_a_rows_result_and_rounds(results: Path, index: int) -> None:
    row = read_rows(results)[index]
    r = CliRunner().invoke(
        cli,
        [
            "play",
            "--scenario", str(row["scenario"]),
            "--party", str(row["party"]),
            "--level", str(row["level"]),
            "--bots", str(row["bots"]),
            "--seed", str(row["seed"]),
            "--quiet",
        ],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert r.output.strip().splitlines()[-1] == f"result: {row['result']} rounds={row['rounds']}"


@pytest.mark.slow
def test_a_greedy_row_is_reproduced_by_delve_play() -> None:
    row = play_spec(GameSpec(2, ("brute", "mindthief"), 1, "normal", ("greedy", "greedy"), 4))
    r = CliRunner().invoke(
        cli,
        [
            "play",
            "--scenario",
            "2",
            "--party",
            "brute,mindthief",
            "--bots",
            "greedy",
            "--seed",
            "4",
            "--quiet",
        ],
    )
    assert r.output.strip().splitlines()[-1] == f"result: {row['result']} rounds={row['rounds']}"


def test_a_rerun_plays_only_the_games_not_in_the_file(results: Path, tmp_path: Path) -> None:
    out = tmp_path / "again.csv"
    out.write_bytes(results.read_bytes())
    before = read_rows(out)
    r = CliRunner().invoke(cli, [*ARGS, "--games", "4", "--workers", "1", "--out", str(out), "--quiet"])
    assert r.exit_code == 0, r.output
    assert "played 4 games" in r.output and "12 already in the file" in r.output
    rows = read_rows(out)
    assert rows[:12] == before
    assert sorted(r["seed"] for r in rows[12:]) == [8, 8, 8, 8]
    r = CliRunner().invoke(cli, [*ARGS, "--games", "4", "--workers", "1", "--out", str(out), "--quiet"])
    assert "nothing to play" in r.output and len(read_rows(out)) == 16


def _ctrl_c_as_at_a_terminal() -> None:
    """The command runs as a person starts it at a terminal, where Ctrl-C interrupts: a test run
    started in the background (``make test &``) has SIGINT ignored, and a child would inherit that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_keeps_the_finished_games_and_a_rerun_finishes_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "interrupted.csv"
    cmd = [
        os.path.join(os.path.dirname(sys.executable), "delve"),
        *ARGS[:2], "1", "--bots", "random", "--games", "400", "--workers", "1", "--out", str(out), "--quiet",
    ]  # fmt: skip
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_ctrl_c_as_at_a_terminal
    )
    deadline = time.monotonic() + 60
    while not (out.exists() and read_rows(out)) and time.monotonic() < deadline:
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    kept = read_rows(out)
    assert 0 < len(kept) < 400
    assert len({r["seed"] for r in kept}) == len(kept)
    # the rows kept are whole games: each one is the game its seed plays
    spec = GameSpec(1, ("brute", "mindthief"), 1, "normal", ("random", "random"), int(kept[0]["seed"] or 0))
    again = play_spec(spec)
    assert (again["result"], again["rounds"]) == (kept[0]["result"], kept[0]["rounds"])


def test_parquet_rows_equal_csv_rows(results: Path, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    rows = read_rows(results)
    write_rows(tmp_path / "r.parquet", rows)
    assert read_rows(tmp_path / "r.parquet") == rows


def test_the_driver_works_on_any_executor() -> None:
    specs = plan([1], ["brute,mindthief"], [1], ["normal"], "random", games=3, seed=1)
    rows: list[dict[str, object]] = []
    with ThreadPoolExecutor(2) as pool:
        assert run(specs, pool, rows.append, window=2) == 3
    assert sorted(r["seed"] for r in rows) == [1, 2, 3]
    assert set(rows[0]) == {name for name, _ in COLUMNS}


def test_a_sampled_party_is_the_same_on_every_run_and_seats_playable_classes() -> None:
    classes = ["brute", "mindthief", "tinkerer", "spellweaver"]
    a = plan([1], ["random:2-3"], [1], ["normal"], "random", games=6, seed=1, playable=classes)
    b = plan([1], ["random:2-3"], [1], ["normal"], "random", games=6, seed=1, playable=classes)
    assert a == b
    assert all(2 <= len(s.party) <= 3 and len(set(s.party)) == len(s.party) for s in a)
    assert len({s.party for s in a}) > 1


def test_bots_per_seat_must_match_the_party() -> None:
    specs = plan([1], ["brute,mindthief"], [1], ["normal"], "greedy,random", games=1, seed=1)
    assert specs[0].bots == ("greedy", "random") and specs[0].bots_text == "greedy,random"
    with pytest.raises(InputError, match="3 bots for a party of 2"):
        plan([1], ["brute,mindthief"], [1], ["normal"], "greedy,random,random", games=1, seed=1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scenarios", "0-3"], "--scenarios: 0-3 is outside 1-95"),
        (["--scenarios", "x"], "expected numbers or ranges"),
        (["--party", "brute,wizard"], "'wizard' is not a playable class"),
        (["--bots", "clever"], "unknown bot clever"),
        (["--out", "results.txt"], "write .csv or .parquet"),
        (["--games", "0"], "play at least one game"),
        (["--workers", "0"], "at least one worker"),
        (["--difficulty", "insane"], "unknown difficulty insane"),
        (["--address", "auto"], "--address goes with --backend ray"),
    ],
)
def test_bad_options_get_one_clear_line_and_write_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["simulate", "--games", "1", *args])
    assert r.exit_code != 0
    assert message in r.output and "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []


def test_parse_numbers_keeps_order_without_repeats() -> None:
    assert parse_numbers("3,1-3", "--scenarios", low=1, high=95) == (3, 1, 2)


def test_report_writes_tables_and_plots(results: Path, tmp_path: Path) -> None:
    r = CliRunner().invoke(
        cli,
        [
            "simulate",
            "report",
            str(results),
            "--html",
            str(tmp_path / "r.html"),
            "--markdown",
            str(tmp_path / "r.md"),
        ],
    )
    assert r.exit_code == 0, r.output
    assert "Overall" in r.output and "By scenario" in r.output
    md = (tmp_path / "r.md").read_text()
    assert "| 1 | 3 |" in md and "Causes of defeat" in md and "95 % interval" in md
    page = (tmp_path / "r.html").read_text()
    assert "<table>" in page and "Wilson" in page
    if os.environ.get("NO_PLOTS") is None and _has("matplotlib"):
        assert (tmp_path / "r-win-rate.png").stat().st_size > 1000
        assert "data:image/png;base64," in page


def test_report_of_a_missing_or_foreign_file_is_one_line(tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["simulate", "report", str(tmp_path / "none.csv")])
    assert r.exit_code != 0 and "no such file" in r.output and "Traceback" not in r.output
    (tmp_path / "other.csv").write_text("a,b\n1,2\n")
    r = CliRunner().invoke(cli, ["simulate", "report", str(tmp_path / "other.csv")])
    assert r.exit_code != 0 and "not a results file" in r.output


def _has(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True
