"""A save or log verifies only when its setup, seed, choices and final state are the ones
written (issue 18 items 4 and 5), and a header is read as strictly as a game is built."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from delvekit.cli.main import _register, cli

CUT = 40  # choices kept: enough to reach several turns, short to replay


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    """Scenario 1, the first legal choice CUT times over (written by the engine, so genuine)."""
    from delvekit.cli.play import new_game

    game = new_game(1, "brute,mindthief", level=1, seed=1, content=None, difficulty="normal", items=None)
    for _ in range(CUT):
        decision = game.decision
        assert decision is not None
        game.choose(decision.choices[len(game.log) % len(decision.choices)])
    return {"save": json.loads(game.save()), "short": game.save(), "short_log": game.log_lines()}


def _replay(tmp_path: Path, text: str, *, verify: bool = True, name: str = "x.json") -> tuple[int, str]:
    _register()
    path = tmp_path / name
    path.write_text(text)
    result = CliRunner().invoke(cli, ["replay", str(path), *(["--verify"] if verify else [])])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.output


def _short_save(played: dict[str, Any]) -> dict[str, Any]:
    """The played save cut to CUT choices."""
    out: dict[str, Any] = json.loads(played["short"])
    return out


def test_a_genuine_save_and_log_verify(tmp_path: Path, played: dict[str, Any]) -> None:
    code, out = _replay(tmp_path, json.dumps(_short_save(played)))
    assert code == 0 and out.rstrip().endswith("verified"), out
    code, out = _replay(tmp_path, "\n".join(played["short_log"]), name="x.jsonl")
    assert code == 0 and out.rstrip().endswith("verified"), out


def test_verify_fails_without_a_digest(tmp_path: Path, played: dict[str, Any]) -> None:
    save = copy.deepcopy(played["save"])
    del save["digest"]
    save["choices"] = save["choices"][: CUT // 2]
    code, out = _replay(tmp_path, json.dumps(save))
    assert code != 0 and "verified" not in out and "no digest" in out, out
    log = [line for line in played["short_log"] if '"digest"' not in line]
    code, out = _replay(tmp_path, "\n".join(log), name="x.jsonl")
    assert code != 0 and "verified" not in out and "no digest" in out, out


def _setup_mutations() -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    def card(setup: dict[str, Any]) -> dict[str, Any]:
        card: dict[str, Any] = setup["party"][0]["hand"][0]
        return card

    def first_attack(setup: dict[str, Any]) -> dict[str, Any]:
        ability: dict[str, Any] = card(setup)["top"]["abilities"][0]
        return ability

    return [
        ("ruleset frosthaven", lambda d: d["setup"].update(ruleset="frosthaven")),
        ("no walls", lambda d: d["setup"]["board"].update(walls=[])),
        ("max_health 2**70", lambda d: d["setup"]["party"][0].update(max_health=2**70)),
        ("max_health 11", lambda d: d["setup"]["party"][0].update(max_health=11)),
        ("card attack 10**15", lambda d: first_attack(d["setup"]).update(value=10**15)),
        ("card attack 4", lambda d: first_attack(d["setup"]).update(value=4)),
        ("scenario 3", lambda d: d["setup"].update(scenario="3")),
        ("level 6", lambda d: d["setup"].update(level=6)),
        ("seed 2", lambda d: d.update(seed=2)),
        ("content version", lambda d: d.update(content_version="other")),
        ("misspelt key", lambda d: d["setup"]["party"][0].update(max_helth=12)),
        ("unknown top key", lambda d: d["setup"].update(rulesett="gloomhaven")),
        ("monster health 0", lambda d: d["setup"]["monsters"][0]["normal"].update(health=0)),
        ("monster health -3", lambda d: d["setup"]["monsters"][0]["normal"].update(health=-3)),
        ("negative range", lambda d: d["setup"]["monsters"][0]["normal"].update(range=-2)),
        ("card level 2**64", lambda d: card(d["setup"]).update(level=2**64)),
        ("garbage rule", lambda d: d["setup"].update(rules=["garbage|x|y"])),
        ("a float", lambda d: d["setup"]["party"][0].update(max_health=10.5)),
    ]


MUTATIONS = _setup_mutations()


@pytest.mark.parametrize("name, mutate", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_a_changed_save_header_does_not_verify(
    tmp_path: Path, played: dict[str, Any], name: str, mutate: Callable[[dict[str, Any]], None]
) -> None:
    save = _short_save(played)
    mutate(save)
    code, out = _replay(tmp_path, json.dumps(save))
    assert code != 0 and "verified" not in out, (name, out)
    assert out.startswith("Error: ") and out.count("\n") == 1, out


@pytest.mark.parametrize("name, mutate", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_a_changed_log_header_does_not_verify(
    tmp_path: Path, played: dict[str, Any], name: str, mutate: Callable[[dict[str, Any]], None]
) -> None:
    lines = played["short_log"]
    header = json.loads(lines[0])
    mutate(header)
    code, out = _replay(tmp_path, "\n".join([json.dumps(header), *lines[1:]]), name="x.jsonl")
    assert code != 0 and "verified" not in out, (name, out)


def test_a_changed_choice_does_not_verify(tmp_path: Path, played: dict[str, Any]) -> None:
    """Cutting the choices and fixing the digest to the shorter game's still breaks the seal."""
    from delvekit.gloomhaven.engine.game import Game

    save = _short_save(played)
    shorter = Game.load(json.dumps(save)).undo(1)
    save["choices"] = shorter.log
    save["digest"] = shorter.digest()
    code, out = _replay(tmp_path, json.dumps(save))
    assert code != 0 and "seal" in out, out


def test_a_saved_game_with_bad_rules_is_refused_at_load_not_in_play(
    tmp_path: Path, played: dict[str, Any]
) -> None:
    save = _short_save(played)
    save["setup"]["rules"] = ["garbage|x|y"]
    code, out = _replay(tmp_path, json.dumps(save), verify=False)
    assert code != 0 and "setup.rules" in out, out


def test_the_digest_of_the_state_is_unchanged_by_the_seal(played: dict[str, Any]) -> None:
    """Golden digests elsewhere compare Game.digest(): the seal is a separate field."""
    from delvekit.gloomhaven.engine.game import Game

    game = Game.load(played["short"])
    saved = json.loads(played["short"])
    assert saved["digest"] == game.digest() == game.state.digest()
    assert saved["seal"] != game.digest()


DEEP = "[" * 100_000


@pytest.mark.parametrize(
    "text, name",
    [
        (DEEP, "deep.json"),
        ('{"format": "delvekit-gloomhaven-save", "version": 1, "setup": ' + DEEP, "deep-save.json"),
        ('{"format": "delvekit-gloomhaven-log", "version": 1, "setup": ' + DEEP + "\n{}", "deep.jsonl"),
        ('{"format": "delvekit-gloomhaven-save", "version": 1, "seed": 1e400}', "huge.json"),
        ('{"format": "delvekit-gloomhaven-save", "version": 1, "seed": NaN}', "nan.json"),
    ],
)
def test_deep_or_unreadable_files_are_one_line_in_replay_and_play(
    tmp_path: Path, text: str, name: str
) -> None:
    code, out = _replay(tmp_path, text, name=name)
    assert code != 0 and out.startswith("Error: ") and out.count("\n") == 1, out
    _register()
    path = tmp_path / name
    result = CliRunner().invoke(cli, ["play", "--load", str(path)])
    assert (result.exit_code != 0 and result.exception is None) or isinstance(result.exception, SystemExit)
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output


def test_a_log_whose_header_nests_deeply_is_one_line(tmp_path: Path, played: dict[str, Any]) -> None:
    lines = list(played["short_log"])
    header = json.loads(lines[0])
    header["setup"]["rules"] = "@@"
    text = json.dumps(header).replace('"@@"', DEEP[:5000] + "]" * 5000)
    code, out = _replay(tmp_path, "\n".join([text, *lines[1:]]), name="x.jsonl")
    assert code != 0 and "nested" in out and out.count("\n") == 1, out


def test_play_load_of_a_log_says_how_to_replay_it(tmp_path: Path, played: dict[str, Any]) -> None:
    _register()
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(played["short_log"]))
    result = CliRunner().invoke(cli, ["play", "--load", str(path)])
    assert result.exit_code != 0 and "delve replay" in result.output and "log" in result.output


def test_a_huge_choice_text_is_cut_in_the_error(played: dict[str, Any]) -> None:
    from delvekit.core.errors import IllegalChoice
    from delvekit.gloomhaven.engine.game import Game

    game = Game.load(played["short"])
    with pytest.raises(IllegalChoice) as info:
        game.choose("x" * 1_000_000)
    assert len(str(info.value)) < 2000 and "1000000 characters" in str(info.value)


def test_huge_answers_at_the_prompt_are_cut_and_never_a_traceback() -> None:
    _register()
    answers = "9" * 5000 + "\n" + "x" * 1_000_000 + "\nq\n"
    result = CliRunner().invoke(cli, ["play", "--scenario", "1", "--party", "brute,mindthief"], input=answers)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    said = [line for line in result.output.splitlines() if not line.startswith("choice (")]  # not the echo
    text = " ".join(" ".join(said).split())  # the terminal wraps and pads long lines
    assert "(1000000 characters)" in text and "x" * 100 not in text
