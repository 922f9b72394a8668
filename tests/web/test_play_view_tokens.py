"""The play page's view of a game: the board draws a summon and an objective as their own tokens,
and a character's conditions are in its panel."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.web.play_service import Table
from delvekit.web.play_view import view


@pytest.fixture(scope="module")
def totem_table() -> Table:
    """Scenario 45 for the Brute and the Tinkerer, up to the first card selection: the Totem (an
    objective) stands in the first room; the Tinkerer places a summon and the Brute is poisoned."""
    setup = setup_from_pack(load_pack(), 45, [Member("brute", 1, ()), Member("tinkerer", 1, ())], seed=3)
    game = Game(setup, seed=3)
    while game.decision is not None and game.decision.kind != "select":
        game.choose(game.decision.choices[0])  # the hands and the starting hexes
    game.summon("tinkerer", "decoy", 2, (9, 8))
    assert game.add_condition("brute", Condition.POISON)
    return Table("g1", game, {"brute": "person", "tinkerer": "person"}, [], 0, "#45", None)


def _token(svg: str, kind: str) -> list[tuple[str, str]]:
    """(tooltip, label) of each token of ``kind`` on the board."""
    found = re.findall(
        rf'<g class="figure {kind}">\s*<title>([^<]*)</title>.*?>([^<>]*)</text>\s*</g>', svg, re.S
    )
    return [(html.unescape(name), label) for name, label in found]


def test_the_board_draws_an_objective_as_an_o_token_named_for_it(totem_table: Table) -> None:
    v = view(totem_table, "brute")
    totem = next(f for f in v["figures"] if f["kind"] == "objective")
    assert totem["id"] == "totem.1" and totem["hex"] == "8,3"
    assert _token(v["board"], "objective") == [(totem["name"], "O")]


def test_an_objective_is_named_for_itself_not_as_a_summon(totem_table: Table) -> None:
    v = view(totem_table, "brute")
    totem = next(f for f in v["figures"] if f["kind"] == "objective")
    assert totem["name"] == "Totem 1"


def test_the_board_draws_a_summon_as_an_s_token_named_for_it(totem_table: Table) -> None:
    v = view(totem_table, "tinkerer")
    decoy = next(f for f in v["figures"] if f["kind"] == "summon")
    assert decoy["hex"] == "9,8" and decoy["side"] == "party"
    assert _token(v["board"], "summon") == [(decoy["name"], "S")]
    assert len(_token(v["board"], "character")) == 2


def test_a_characters_conditions_are_shown_in_its_panel(totem_table: Table) -> None:
    v = view(totem_table, None)
    by_id = {c["id"]: c for c in v["characters"]}
    assert by_id["brute"]["conditions"] == ["poison"]
    assert by_id["tinkerer"]["conditions"] == []


def test_negating_damage_by_losing_a_card_warns_it_is_lost_for_the_scenario(totem_table: Table) -> None:
    """§4.3: a character may negate damage by losing a card from the hand; the page warns."""
    game = totem_table.game.clone()
    game.suffer_damage("brute", 3, "trap")
    table = Table("g2", game, totem_table.seats, [], 0, "#45", None)
    decision = view(table, "brute")["decision"]
    assert decision["kind"] == "damage" and decision["mine"]
    options = {o["text"]: o for o in decision["options"]}
    assert options["take 3"]["label"] == "Suffer 3 damage" and options["take 3"]["warn"] is None
    lose = options["lose-hand trample"]
    assert lose["label"] == "Lose Trample from the hand"
    assert lose["warn"] == "Trample will be lost for the rest of the scenario"
    assert view(totem_table, "brute")["decision"]["kind"] == "select"  # the clone changed nothing
