"""User content folders: bad bytes name the file (issue 18 item 7), an overlay is checked against
the whole merged pack (item 8), and `delve content check` finds everything `delve play
--content` refuses and says what it ignores (item 9)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from delvekit.cli.main import _register, cli
from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.content.pack import BUNDLED

_register()

# One file of every kind a pack folder may hold (a category as one list file or as a folder of
# records, the tables, the pack's own description, a scenario).
FILE_KINDS = [
    "pack.json",
    "tables.json",
    "monsters.json",
    "monster-decks.json",
    "classes/brute.json",
    "classes.json",
    "items.json",
    "battle-goals.json",
    "personal-quests.json",
    "events.json",
    "treasures.json",
    "achievements.json",
    "scenarios/01.json",
]


def _run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def check(folder: Path) -> Result:
    return _run("content", "check", "--content", str(folder))


def play_refusal(folder: Path) -> str | None:
    """What `delve play --content` says when it refuses the folder (None: it would play)."""
    from delvekit.cli.play import new_game

    try:
        new_game(1, "brute,mindthief", level=1, seed=1, content=str(folder))
    except DelvekitError as exc:
        return str(exc)
    return None


def _write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("name", FILE_KINDS)
def test_invalid_utf8_in_every_file_kind_names_the_file(tmp_path: Path, name: str) -> None:
    path = _write(tmp_path, name, b'{"id": "brut\xe9"}')
    result = check(tmp_path)
    assert result.exit_code == 1 and str(path) in result.output and "UTF-8" in result.output, result.output
    refusal = play_refusal(tmp_path)
    assert refusal is not None and str(path) in refusal and "UTF-8" in refusal


@pytest.mark.parametrize("name", ["pack.json", "monsters.json", "classes/brute.json", "scenarios/01.json"])
def test_deep_nesting_in_a_content_file_is_one_problem(tmp_path: Path, name: str) -> None:
    path = _write(tmp_path, name, b"[" * 100_000)
    result = check(tmp_path)
    assert result.exit_code == 1 and str(path) in result.output, result.output
    assert play_refusal(tmp_path) is not None


def test_an_unchanged_bundled_scenario_overlaid_plays(tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    shutil.copy(BUNDLED / "scenarios" / "01.json", tmp_path / "scenarios" / "01.json")
    result = check(tmp_path)
    assert result.exit_code == 0, result.output
    assert play_refusal(tmp_path) is None


def test_an_overlay_unlocking_a_missing_scenario_is_refused_by_both(tmp_path: Path) -> None:
    text = (BUNDLED / "scenarios" / "01.json").read_text().replace('"unlocks": [', '"unlocks": [999, ', 1)
    assert "999" in text
    _write(tmp_path, "scenarios/01.json", text.encode())
    assert check(tmp_path).exit_code == 1
    refusal = play_refusal(tmp_path)
    assert refusal is not None and "unknown scenario 999" in refusal


PACK_JSON = [
    b"",
    b"null",
    b"\x00\x01\xfe\xff",
    b"\x89PNG\r\n\x1a\n",
    b"[]",
    b"3",
    b'"pack"',
    b"true",
    b"{",
    b'{"name": 5}',
    b'{"name": null}',
    b'{"name": ["x"]}',
    b'{"name": {"a": 1}}',
    b'{"name": "x", "version": {}}',
    b'{"name": "x", "extra": "\xff"}',
    b"[" * 100_000,
    b'{"name": "x"} trailing',
    b"\xef\xbb\xbf{\xff}",
]


@pytest.mark.parametrize("data", PACK_JSON)
def test_a_corrupt_pack_json_is_found_by_check_when_play_refuses_it(tmp_path: Path, data: bytes) -> None:
    _write(tmp_path, "pack.json", data)
    refusal = play_refusal(tmp_path)
    result = check(tmp_path)
    if refusal is not None:
        assert result.exit_code == 1 and "pack.json" in result.output, (refusal, result.output)
    else:
        assert result.exit_code == 0, result.output


def test_check_says_what_it_ignores(tmp_path: Path) -> None:
    _write(tmp_path, "zzz.json", b"{}")
    _write(tmp_path, "classes/notes.txt", b"hello")
    _write(tmp_path, "random-dungeon.json", b"{}")
    result = check(tmp_path)
    assert result.exit_code == 0, result.output
    assert f"ignored: {tmp_path / 'zzz.json'} (not a content file name)" in result.output
    assert f"ignored: {tmp_path / 'classes' / 'notes.txt'} (not a .json file)" in result.output
    assert "random-dungeon.json (read from the bundled pack only)" in result.output


def test_a_category_given_as_a_file_is_refused_by_both(tmp_path: Path) -> None:
    _write(tmp_path, "classes", b"[]")
    result = check(tmp_path)
    assert result.exit_code == 1 and "must be a folder" in result.output, result.output
    refusal = play_refusal(tmp_path)
    assert refusal is not None and "must be a folder" in refusal
