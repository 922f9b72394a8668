"""`delve content facts` (the JSON contract of issue 3) and the cross-check against XHA data."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from delvekit.cli.content import group as content_cli
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.crosscheck import compare_monsters, crosscheck, xha_standees
from delvekit.gloomhaven.content.facts import facts

XHA = Path(__file__).parent / "fixtures" / "xha-mini"


def test_facts_contract_shape() -> None:
    document = facts(load_pack())
    assert set(document) == {"monsters", "classes", "scenarios", "items"}
    guard = document["monsters"]["bandit-guard"]
    assert guard["levels"][0] == {
        "level": 0,
        "normal": {"health": 5, "move": 2, "attack": 2},
        "elite": {"health": 9, "move": 2, "attack": 3},
    }
    assert [entry["level"] for entry in guard["levels"]] == list(range(8))
    gloom = document["monsters"]["the-gloom"]["levels"][0]
    assert set(gloom) == {"level", "boss"} and gloom["boss"]["health"] == "20xC"
    brute = document["classes"]["brute"]
    assert brute == {
        "health": [10, 12, 14, 16, 18, 20, 22, 24, 26],
        "hand_size": 10,
        "cards": 29,
        "playable": True,
    }
    assert document["classes"]["tinkerer"]["playable"] is True  # level-1 and X cards transcribed
    assert document["classes"]["spellweaver"]["playable"] is True  # every card transcribed
    assert document["classes"]["summoner"]["playable"] is True  # level-1 and X cards transcribed
    assert document["classes"]["beast-tyrant"]["playable"] is True  # every card transcribed
    sawbones = document["classes"]["sawbones"]
    assert sawbones["cards"] == 29  # the two medical-pack cards (level M) are not hand cards
    assert document["items"]["1"] == {"cost": 20, "count": 2}
    for scenario in document["scenarios"].values():
        assert set(scenario["monsters"]) == {"2", "3", "4"}


def test_cli_facts_is_json() -> None:
    result = CliRunner().invoke(content_cli, ["facts"])
    assert result.exit_code == 0
    assert json.loads(result.output)["classes"]["mindthief"]["hand_size"] == 10


def test_crosscheck_agrees_with_xha_on_bandit_guard_and_gloom() -> None:
    edition = json.loads((XHA / "editions" / "Gloomhaven.json").read_text())
    disagreements = compare_monsters(load_pack(), edition)
    # The fixture holds only two monsters: everything else is reported absent on XHA's side.
    assert [d for d in disagreements if d.theirs != "absent"] == []


def test_crosscheck_reports_a_changed_value(tmp_path: Path) -> None:
    folder = tmp_path / "xha"
    shutil.copytree(XHA, folder)
    path = folder / "editions" / "Gloomhaven.json"
    edition = json.loads(path.read_text())
    edition["monsters"]["Bandit Guard"]["levels"][4]["elite"]["attributes"] = ["%muddle%", "%shield% 3"]
    edition["monsters"]["Bandit Guard"]["levels"][2]["normal"]["health"] = 7
    edition["classes"][0]["health"][8] = 27
    path.write_text(json.dumps(edition))
    found = {(d.subject, d.field, d.ours, d.theirs) for d in crosscheck(load_pack(), folder)}
    assert ("monster bandit-guard", "levels[4].elite.shield", "2", "3") in found
    assert ("monster bandit-guard", "levels[2].normal.health", "6", "7") in found
    assert any(s == "class brute" and f == "health" for s, f, _, _ in found)


def test_xha_room_totals() -> None:
    rooms = json.loads((XHA / "rooms" / "Gloomhaven.json").read_text())
    totals = xha_standees(rooms["1"])
    assert totals["2"]["bandit-guard"] == {"normal": 4, "elite": 1}
    assert totals["4"]["bandit-archer"] == {"normal": 6, "elite": 1}


def test_cli_check_passes_for_a_sound_user_folder() -> None:
    custom = Path(__file__).parent / "fixtures" / "custom-content"
    result = CliRunner().invoke(content_cli, ["check", "--content", str(custom)])
    problems = result.output.split("engine coverage (informational")[0]
    assert "test-sage" not in problems  # no problem names a custom class


def test_xha_card_names() -> None:
    from delvekit.gloomhaven.content.crosscheck import xha_card

    assert xha_card("perks/plus0target1flip") == "rolling +0 add target"
    assert xha_card("perks/plus0untap") == "+0 refresh item"
    assert xha_card("perks/plus2fire") == "+2 fire"
    assert xha_card("minus2") == "-2"


def test_xha_spawn_entries_are_not_setup() -> None:
    rooms = [
        {"L1a": {"Bandit Guard": {"normal": [1, 1, 1], "elite": [0, 0, 1]}}},
        {"spawn 1": {"Bandit Guard": {"normal": [5, 5, 5], "elite": [0, 0, 0]}}},
        {"554 Mangy": {"Cave Bear": {"normal": [1, 1, 0], "elite": [0, 0, 1]}}},
    ]
    totals = xha_standees(rooms)
    assert totals["4"] == {"bandit-guard": {"normal": 1, "elite": 1}}
