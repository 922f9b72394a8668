"""Campaign input that used to break a campaign or print a traceback (issue 18 items 6, 10, 11,
12 and the "also" list): every outcome is one line and the campaign stays usable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from delvekit.cli.main import _register, cli

from .fixture import write_json

_register()

DEEP = "[" * 100_000


class Delve:
    def __init__(self, tmp_path: Path) -> None:
        self.tmp = tmp_path
        self.db = tmp_path / "c.sqlite3"
        self.content = write_json(tmp_path / "content.json")

    def __call__(self, *args: str, ok: bool = True, env: dict[str, str] | None = None) -> Result:
        result = CliRunner().invoke(
            cli, ["campaign", *args, "--db", str(self.db)], catch_exceptions=False, env=env
        )
        assert (result.exit_code == 0) == ok, (result.output, result.stderr)
        return result

    def refused(self, *args: str, match: str, env: dict[str, str] | None = None) -> str:
        result = self(*args, ok=False, env=env)
        lines = result.stderr.strip().splitlines()
        assert result.exit_code == 1 and len(lines) == 1 and match in lines[0], result.stderr
        return lines[0]

    def show(self) -> str:
        return self("show", "C", "--json").output


@pytest.fixture
def delve(tmp_path: Path) -> Delve:
    d = Delve(tmp_path)
    d("new", "C", "--content", str(d.content), "--seed", "4")
    d("do", "C", "new_party", "name=The Lost")
    d("do", "C", "create_character", "name=Ana", "class=brute", "level=1")
    return d


# --- item 10: every number of an action has the game's range -----------------------------------


@pytest.mark.parametrize(
    "action, field",
    [
        ("quest_progress", "amount=100000000000000000000"),
        ("quest_progress", f"amount={2**64}"),
        ("quest_progress", f"amount={10**77}"),
        ("quest_progress", f"amount={-(10**30)}"),
        ("add_checkmarks", f"count={2**64}"),
        ("add_perk", f"perk={2**70}"),
        ("buy", f"item={2**64}"),
    ],
)
def test_numbers_beyond_the_game_are_refused_and_the_campaign_stays_usable(
    delve: Delve, action: str, field: str
) -> None:
    before = delve.show()
    delve.refused("do", "C", action, "character=Ana", field, match="is not within")
    assert delve.show() == before
    delve("do", "C", "quest_progress", "character=Ana", "amount=1")  # later actions still work


def test_change_reputation_and_prosperity_have_ranges(delve: Delve) -> None:
    delve.refused("do", "C", "change_reputation", "amount=41", match="-40..40")
    delve.refused("do", "C", "add_prosperity", "amount=100000", match="-64..64")


def test_an_export_with_a_huge_number_is_refused_on_import(delve: Delve, tmp_path: Path) -> None:
    delve("do", "C", "quest_progress", "character=Ana", "amount=1")
    doc = json.loads(delve("export", "C").output)
    doc["log"][-1]["action"]["amount"] = 10**20
    path = tmp_path / "export.json"
    path.write_text(json.dumps(doc))
    delve.refused("import", str(path), "--name", "D", match="is not within")


def test_a_negative_share_of_a_road_event_is_refused(delve: Delve) -> None:
    delve.refused(
        "do", "C", "road_event", "card=3", "option=A", 'split={"Ana": 30, "Bo": -10}', match="not within 0"
    )


def test_only_known_achievements_are_gained(delve: Delve) -> None:
    delve.refused("do", "C", "gain_achievement", "achievement=the-power-of-enhancment", match="unknown")
    delve("do", "C", "gain_achievement", "achievement=the-power-of-enhancement")


def test_the_bundled_content_lists_every_achievement_of_the_game() -> None:
    from delvekit.gloomhaven.campaign.content import Catalog
    from delvekit.gloomhaven.campaign.limits import known_achievements
    from delvekit.gloomhaven.campaign.pack import from_pack
    from delvekit.gloomhaven.content import load_pack

    pack = load_pack()
    known = known_achievements(Catalog(from_pack(pack)))
    assert set(pack.achievements) <= known and "the-power-of-enhancement" in known
    assert "the-power-of-enhancment" not in known


# --- item 11: integers too big for SQLite -------------------------------------------------------


def test_a_seed_too_big_for_the_database_is_one_line(tmp_path: Path) -> None:
    d = Delve(tmp_path)
    d.refused("new", "H3", "--content", str(d.content), "--seed", str(10**30), match="too large")
    d("new", "H3", "--content", str(d.content), "--seed", str(2**63 - 1))


def test_an_import_with_a_seed_too_big_is_one_line(delve: Delve, tmp_path: Path) -> None:
    doc = json.loads(delve("export", "C").output)
    doc["seed"] = -(10**30)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(doc))
    delve.refused("import", str(path), "--name", "D", match="too large")
    doc["seed"] = 1e400
    path.write_text(json.dumps(doc).replace("Infinity", "1e400"))
    delve.refused("import", str(path), "--name", "D", match=str(path))


# --- item 12: DELVEKIT_BUSY_TIMEOUT -------------------------------------------------------------


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "-5", "seven", "3601"])
def test_bad_busy_timeouts_are_one_line(delve: Delve, value: str) -> None:
    delve.refused("show", "C", env={"DELVEKIT_BUSY_TIMEOUT": value}, match="DELVEKIT_BUSY_TIMEOUT")


def test_good_busy_timeouts_work(delve: Delve) -> None:
    for value in ("0", "0.5", "3600"):
        delve("show", "C", env={"DELVEKIT_BUSY_TIMEOUT": value})


# --- "also": only commands that create a campaign create a database ---------------------------


def test_reading_commands_create_no_database_or_folder(tmp_path: Path) -> None:
    db = tmp_path / "new" / "dir" / "x.sqlite3"
    runner = CliRunner()
    result = runner.invoke(cli, ["campaign", "list", "--db", str(db)], catch_exceptions=False)
    assert result.exit_code == 0 and "no campaigns" in result.stderr
    for args in (["show", "C"], ["log", "C"], ["do", "C", "new_party", "name=P"], ["export", "C"]):
        result = runner.invoke(cli, ["campaign", *args, "--db", str(db)], catch_exceptions=False)
        assert result.exit_code == 1 and "no campaign database" in result.stderr, result.stderr
    assert not (tmp_path / "new").exists()


# --- item 6: deep nesting, and bad bytes, in every campaign input --------------------------------


def test_a_deeply_nested_script_line_is_one_line(delve: Delve, tmp_path: Path) -> None:
    script = tmp_path / "deep.jsonl"
    script.write_text(DEEP + "\n")
    delve.refused("run", "C", str(script), match="nested")


def test_a_script_with_bad_utf8_is_one_line(delve: Delve, tmp_path: Path) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_bytes(b'{"action": "new_party", "name": "\xff"}\n')
    delve.refused("run", "C", str(script), match="UTF-8")


@pytest.mark.parametrize("depth", [100_000, 5_000])
def test_a_deeply_nested_import_is_one_line(delve: Delve, tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * depth)
    delve.refused("import", str(path), match="nested")
    doc = json.loads(delve("export", "C").output)
    path.write_text(json.dumps(doc).replace('"log": [', '"log": [' + "[" * depth + "]" * depth + ",", 1))
    delve.refused("import", str(path), "--name", "D", match="nested")


def test_a_deeply_nested_field_of_do_is_one_line(delve: Delve) -> None:
    delve.refused("do", "C", "create_character", "name=Bo", "class=brute", "cards=" + DEEP, match="nested")
    delve.refused(
        "do",
        "C",
        "create_character",
        "name=Bo",
        "class=brute",
        "cards=" + "[" * 500 + "]" * 500,
        match="nested",
    )
