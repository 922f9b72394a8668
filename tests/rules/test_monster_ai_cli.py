"""The `delve monster-ai` contract: solve prints one JSON object per case per line, check counts
matches and fails on any mismatch, bad input is one line on stderr and a non-zero exit."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from delvekit.cli.main import _register, cli

DATA = Path(__file__).resolve().parent.parent / "data" / "monster-ai"
_register()


def test_solve_prints_one_line_per_case() -> None:
    result = CliRunner().invoke(cli, ["monster-ai", "solve", str(DATA / "own-cases.json")])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert len(lines) == 14
    first = lines[0]
    assert first == {
        "id": "own-invisible-focus-skipped",
        "outcomes": [{"destination": [0, 2], "targets": ["C2"]}],
    }


def test_solve_explain_adds_reasons() -> None:
    result = CliRunner().invoke(cli, ["monster-ai", "solve", "--explain", str(DATA / "own-cases.json")])
    outcome = json.loads(result.output.splitlines()[0])["outcomes"][0]
    assert outcome["focus"] == ["C2"] and "Focus C2" in outcome["explanation"]
    assert outcome["path"][0] == [0, 0] and outcome["path"][-1] == [0, 2]


def test_check_passes_and_reports_disputed() -> None:
    result = CliRunner().invoke(cli, ["monster-ai", "check", str(DATA / "cases.json")])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("351 of 351 cases match")
    assert "disputed (not counted): 9" in result.output


def test_check_fails_on_mismatch(tmp_path: Path) -> None:
    data = json.loads((DATA / "own-cases.json").read_text())
    data["cases"][0]["expected"]["outcomes"][0]["destination"] = [0, 1]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["monster-ai", "check", str(bad)])
    assert result.exit_code == 1
    assert "MISMATCH own-invisible-focus-skipped" in result.output


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"cases": [{"id": "x"}]}')
    result = CliRunner().invoke(cli, ["monster-ai", "solve", str(bad)])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "case x" in result.output and "missing field" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text("{nope")
    result = CliRunner().invoke(cli, ["monster-ai", "check", str(broken)])
    assert result.exit_code == 2 and "not valid JSON" in result.output


def test_demo_runs() -> None:
    result = CliRunner().invoke(cli, ["monster-ai", "demo"])
    assert result.exit_code == 0, result.output
    assert "outcome" in result.output and "Focus" in result.output
