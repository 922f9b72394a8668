"""`delve content check` lists every card ability the engine cannot execute (issue 5: "No card is
silently skipped"): every class card and monster ability card of the pack, in a separate
informational section with a count per class and deck; the exit code stays about the data unless
``--strict-engine`` is given."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from delvekit.cli.content import ENGINE_SECTION
from delvekit.cli.content import group as content_cli
from delvekit.gloomhaven.content import ContentPack, load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack, slug, unsupported
from delvekit.gloomhaven.content.check import NOT_ENCODED, EngineGap, engine_gaps
from delvekit.gloomhaven.content.pack import BUNDLED
from delvekit.gloomhaven.engine import registry as effects

CUSTOM = Path(__file__).parent / "fixtures" / "custom-content"


@pytest.fixture(scope="module")
def gaps() -> list[EngineGap]:
    return engine_gaps(load_pack())


def test_every_unencoded_class_card_is_listed(gaps: list[EngineGap]) -> None:
    pack = load_pack()
    listed = {(g.deck, g.card) for g in gaps if g.abilities == (NOT_ENCODED,)}
    expected = {(f"class {cid}", c.name) for cid, k in pack.classes.items() for c in k.cards if not c.encoded}
    assert listed == expected and expected  # some classes are not encoded yet


def test_the_playable_classes_have_no_gap_and_the_rest_do(gaps: list[EngineGap]) -> None:
    decks = {g.deck for g in gaps}
    assert "class brute" not in decks and "class mindthief" not in decks
    assert "class tinkerer" not in decks and "class sunkeeper" not in decks  # every card executes
    assert "class spellweaver" not in decks
    assert "class beast-tyrant" not in decks and "class quartermaster" not in decks  # every card executes
    assert decks == {"class sawbones"}  # only Mobile Response, which no public source describes


def test_each_listed_ability_has_no_handler(gaps: list[EngineGap]) -> None:
    named = [n for g in gaps for n in g.abilities if n != NOT_ENCODED]
    assert all(effects.handler(n) is None for n in named)


def test_monster_decks_beyond_scenarios_1_to_10_are_covered(gaps: list[EngineGap]) -> None:
    # every monster ability card of every deck executes (issue 5): no monster deck is listed
    assert not [g for g in gaps if g.deck.startswith("monster deck")]


def test_agrees_with_the_engine_setups_of_scenarios_1_to_10() -> None:
    """What the engine would report as unresolved in a real setup is on the list (one class
    wording's handler is taken away, so that the party has something unresolved)."""
    effects.load()
    trap = effects.EFFECTS.pop("create-trap")
    try:
        _agrees_with_the_engine_setups()
    finally:
        effects.EFFECTS["create-trap"] = trap


def _agrees_with_the_engine_setups() -> None:
    listed = {(g.card, n) for g in engine_gaps(load_pack()) for n in g.abilities}
    pack = load_pack()
    names = {slug(card.name): card.name for k in pack.classes.values() for card in k.cards}
    seen = 0
    for scenario in range(1, 11):
        setup = setup_from_pack(pack, scenario, [Member("brute"), Member("mindthief"), Member("tinkerer")])
        for key, notes in unsupported(setup).items():
            owner, card = key.split("/")
            shown = names[card] if owner in pack.classes else card  # class card slug or monster card number
            for note in notes:
                seen += 1
                assert (shown, note) in listed, (scenario, key, note)
    assert seen  # the Tinkerer's traps at least


def test_a_handler_takes_an_ability_off_the_list() -> None:
    effects.load()
    teleport = effects.EFFECTS.pop("teleport")
    try:  # the bosses share one deck but differ in their specials: each boss is listed on its own
        before = {g.deck: g.abilities for g in engine_gaps(load_pack())}
    finally:
        effects.EFFECTS["teleport"] = teleport
    assert before["monster deck boss (the-gloom)"] == ("teleport",)
    after = {g.deck for g in engine_gaps(load_pack())}
    assert "monster deck boss (the-gloom)" not in after


def test_a_user_class_is_listed() -> None:
    effects.load()
    give = effects.EFFECTS.pop("to-allies")  # Sage Ward's shield for its allies
    try:
        gaps = engine_gaps(ContentPack([BUNDLED, CUSTOM]))
    finally:
        effects.EFFECTS["to-allies"] = give
    sage = [g for g in gaps if g.deck == "class test-sage"]
    assert sage == [EngineGap("class test-sage", "Sage Ward", ("to-allies",))]
    assert not [g for g in engine_gaps(ContentPack([BUNDLED, CUSTOM])) if g.deck == "class test-sage"]


def test_cli_prints_the_section_with_counts_and_keeps_exit_code_0(gaps: list[EngineGap]) -> None:
    result = CliRunner().invoke(content_cli, ["check"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith(ENGINE_SECTION))
    assert lines[head - 1].startswith("content ok: ")
    assert f": {len(gaps)} cards in " in lines[head]
    assert not any(line.startswith("  monster deck") for line in lines)
    sawbones = next(line for line in lines if line.startswith("  class sawbones: "))
    count = sum(1 for g in gaps if g.deck == "class sawbones")
    assert sawbones == f"  class sawbones: {count} cards, {count} not encoded"  # Mobile Response
    done = ("  class tinkerer: ", "  class sunkeeper: ", "  class beast-tyrant: ", "  class quartermaster: ")
    assert not any(line.startswith(done) for line in lines)


def test_cli_strict_engine_fails_on_the_list() -> None:
    result = CliRunner().invoke(content_cli, ["check", "--strict-engine"])
    assert result.exit_code == 2
    assert "--strict-engine: " in result.output and "cannot execute" in result.output


def test_cli_data_problems_keep_exit_code_1_and_no_engine_section(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    (folder / "monster-decks").mkdir(parents=True)
    (folder / "monster-decks" / "guard.json").write_text(json.dumps({"id": "guard", "cards": []}))
    for flags in ([], ["--strict-engine"]):
        result = CliRunner().invoke(content_cli, ["check", "--content", str(folder), *flags])
        assert result.exit_code == 1
        assert ENGINE_SECTION not in result.output
