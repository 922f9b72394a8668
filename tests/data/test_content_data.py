"""Properties of the committed pack files: canonical encoding, formulas that evaluate, and the
content CLI."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from delvekit.cli.content import group as content_cli
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.expr import value
from delvekit.gloomhaven.content.ghs_import import encode
from delvekit.gloomhaven.content.pack import BUNDLED, CATEGORIES


@pytest.mark.parametrize("name", sorted(CATEGORIES))
def test_committed_files_are_in_canonical_form(name: str) -> None:
    # The importer's output is deterministic: re-encoding the decoded records gives the file back.
    pack = load_pack()
    records = list(getattr(pack, name).values())
    category = CATEGORIES[name]
    single = BUNDLED / f"{category.stem}.json"
    if single.exists():
        assert encode(sorted(records, key=category.key)) == single.read_bytes()
    else:
        for record in records:
            assert encode(record) == (BUNDLED / category.stem / f"{category.key(record)}.json").read_bytes()


@given(st.integers(2, 4), st.integers(0, 7), st.sampled_from(sorted(load_pack().monsters)))
def test_every_health_formula_evaluates_to_a_positive_number(
    characters: int, level: int, monster_id: str
) -> None:
    monster = load_pack().monsters[monster_id]
    kinds = ("boss",) if monster.boss else ("normal", "elite")
    for kind in kinds:
        line = monster.stats(level, kind)  # type: ignore[arg-type]
        assert value(line.health, C=characters, L=level) >= 1


def test_every_monster_has_its_deck() -> None:
    pack = load_pack()
    for monster_id in pack.monsters:
        assert len(pack.deck_of(monster_id).cards) == 8


def test_cli_check_passes_on_the_bundled_pack() -> None:
    result = CliRunner().invoke(content_cli, ["check"])
    assert result.exit_code == 0, result.output
    assert "content ok: 60 monsters, 30 monster decks, 17 classes" in result.output


def test_cli_check_fails_on_a_broken_folder(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path)) / "broken"
    (folder / "monster-decks").mkdir(parents=True)
    (folder / "monster-decks" / "guard.json").write_text(json.dumps({"id": "guard", "cards": []}))
    result = CliRunner().invoke(content_cli, ["check", "--content", str(folder)])
    assert result.exit_code == 1
    assert (
        f"{folder / 'monster-decks' / 'guard.json'}: cards: a monster deck has 8 cards, this one has 0"
        in result.output
    )
