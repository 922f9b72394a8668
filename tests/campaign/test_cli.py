"""`delve campaign`: the command-line contract (issue 6) and one-line errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from delvekit.cli.main import _register, cli

from .fixture import write_json

_register()


class Delve:
    def __init__(self, tmp_path: Path) -> None:
        self.db = tmp_path / "c.sqlite3"
        self.content = write_json(tmp_path / "content.json")
        self.runner = CliRunner()

    def __call__(self, *args: str, ok: bool = True) -> Result:
        result = self.runner.invoke(cli, ["campaign", *args, "--db", str(self.db)], catch_exceptions=False)
        assert (result.exit_code == 0) == ok, (result.output, result.stderr)
        return result

    def show(self, name: str = "C") -> dict[str, Any]:
        return json.loads(self("show", name, "--json").output)  # type: ignore[no-any-return]

    def refused(self, *args: str, match: str) -> str:
        before = self.show()
        result = self(*args, ok=False)
        assert result.exit_code == 1
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and match in lines[0], result.stderr
        assert self.show() == before
        return lines[0]


@pytest.fixture
def delve(tmp_path: Path) -> Delve:
    d = Delve(tmp_path)
    d("new", "C", "--content", str(d.content), "--seed", "4")
    d("do", "C", "new_party", "name=The Lost")
    d("do", "C", "create_character", "name=Ana", "class=brute", "level=1")
    return d


def test_show_json_contract(delve: Delve) -> None:
    delve("do", "C", "buy", "character=Ana", "item=1")
    delve(
        "do",
        "C",
        "complete_scenario",
        "scenario=1",
        "success=true",
        'characters={"Ana": {"xp": 10, "gold": 7, "checkmarks": 2}}',
    )
    doc = delve.show()
    assert doc["prosperity"] == {"checkmarks": 0, "level": 1}
    assert doc["reputation"] == 0
    ana = doc["characters"]["Ana"]
    assert {
        k: ana[k] for k in ("class", "level", "xp", "gold", "items", "perks", "checkmarks", "retired")
    } == {
        "class": "brute",
        "level": 1,
        "xp": 10,
        "gold": 17,
        "items": [1],
        "perks": 0,
        "checkmarks": 2,
        "retired": False,
    }
    assert doc["unlocked_scenarios"] == [1, 2] and doc["completed_scenarios"] == [1]
    assert doc["envelopes"] == [] and doc["global_achievements"] == []
    assert doc["party_achievements"] == ["first-steps"]


def test_enhance_from_the_command_line_takes_action_as_the_line(delve: Delve) -> None:
    delve("do", "C", "gain_achievement", "achievement=the-power-of-enhancement")
    delve("do", "C", "complete_scenario", "scenario=1", "success=false", 'characters={"Ana": {"gold": 500}}')
    delve("do", "C", "enhance", "character=Ana", "card=Brute Strike", "half=top", "action=1", "sticker=range")
    assert delve.show()["enhancements"]["brute"][0] == {
        "card": "Brute Strike",
        "half": "top",
        "action_index": 1,
        "sticker": "range",
        "cost": 30,
    }


def test_run_log_undo_export_import(delve: Delve, tmp_path: Path) -> None:
    script = tmp_path / "s.jsonl"
    script.write_text(
        '{"action": "buy", "character": "Ana", "item": 3}\n'
        "# comments and blank lines are skipped\n\n"
        '{"action": "change_reputation", "amount": 3}\n'
    )
    out = delve("run", "C", str(script)).output
    assert out.splitlines()[0].startswith("ok 1 ") and out.splitlines()[1].startswith("ok 4 ")
    assert delve.show()["reputation"] == 3
    log = delve("log", "C").output.splitlines()
    assert len(log) == 4 and '"change_reputation"' in log[-1]
    assert "undone" in delve("undo", "C").output
    assert delve.show()["reputation"] == 0
    assert "(undone)" in delve("log", "C").output.splitlines()[-2]
    exported = tmp_path / "e.json"
    delve("export", "C", "-o", str(exported))
    delve("import", str(exported), "--name", "D")
    assert delve.show("D") == delve.show("C")
    assert json.loads(delve("export", "C").output)["format"] == "delvekit-campaign"
    assert delve("list").output.split() == ["C", "D"]


def test_refused_action_is_one_line_and_changes_nothing(delve: Delve) -> None:
    delve.refused("do", "C", "buy", "character=Ana", "item=17", match="not in the shop")
    delve.refused("do", "C", "create_character", "name=Bo", "class=brute", match="already plays brute")
    delve.refused("do", "C", "donate", "character=Ana", match="town visit")


def test_bad_input_gives_one_clear_message(delve: Delve, tmp_path: Path) -> None:
    delve.refused("do", "C", "fly", "to=moon", match="unknown action 'fly'")
    delve.refused("do", "C", "buy", "character=Ana", match="missing required field `item`")
    delve.refused("do", "C", "buy", "character=Ana", "item=three", match="item must be a whole number")
    delve.refused("do", "C", "buy", "character=Ana", "item=999", match="unknown item 999")
    delve.refused("do", "C", "buy", "character=Zed", "item=1", match="unknown character 'Zed'")
    delve.refused("do", "C", "buy", "character", match="expected key=value")
    delve.refused(
        "do",
        "C",
        "complete_scenario",
        "scenario=1",
        "success=true",
        "characters={oops",
        match="characters: not valid JSON",
    )
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"action": "change_reputation", "amount": 1}\n{"action": "buy", "character": \n')
    line = delve.refused("run", "C", str(bad), match="bad.jsonl:2")
    assert "not valid JSON" in line
    # A refused line stops the run; the lines before it stay (each is its own transaction).
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(
        '{"action": "change_reputation", "amount": 1}\n{"action": "buy", "character": "Ana", "item": 999}\n'
    )
    result = delve("run", "C", str(mixed), ok=False)
    assert "mixed.jsonl:2" in result.stderr and delve.show()["reputation"] == 1
    delve.refused("show", "Nobody", match="no campaign named 'Nobody'")


def test_corrupt_database_file(tmp_path: Path) -> None:
    d = Delve(tmp_path)
    d.db.write_bytes(b"definitely not sqlite" * 50)
    result = d("show", "C", ok=False)
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and "not a usable delvekit database" in result.stderr


def test_default_database_in_the_user_data_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    content = write_json(tmp_path / "content.json")
    result = CliRunner().invoke(cli, ["campaign", "new", "X", "--party", "P", "--content", str(content)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "xdg" / "delvekit" / "campaigns.sqlite3").exists()


def test_bundled_content_pack(tmp_path: Path) -> None:
    d = Delve(tmp_path)
    d("new", "G", "--party", "Real")
    d("do", "G", "create_character", "name=Ana", "class=brute")
    d("do", "G", "buy", "character=Ana", "item=1")
    doc = d.show("G")
    assert doc["characters"]["Ana"]["gold"] == 10  # Boots of Striding: 20 gold
    assert doc["characters"]["Ana"]["max_health"] == 10
    assert "Trample" in doc["characters"]["Ana"]["cards"]


def test_dotted_keys_for_nested_fields(delve: Delve) -> None:
    delve(
        "do",
        "C",
        "complete_scenario",
        "scenario=1",
        "success=true",
        "characters.Ana.xp=12",
        "characters.Ana.gold=3",
        "characters.Ana.checkmarks=1",
    )
    ana = delve.show()["characters"]["Ana"]
    assert (ana["xp"], ana["gold"], ana["checkmarks"]) == (12, 33, 1)
    delve.refused("do", "C", "buy", "character=Ana", "character.x=1", match="character is not an object")
