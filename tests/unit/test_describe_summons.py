"""A character's summon is told by its name and its owner's: "Bone Wolf (Brute's summon) is summoned"."""

from __future__ import annotations

from delvekit.core.records import Event
from delvekit.gloomhaven.describe import event_text, events_text, figure_name
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.examples import board_setup


def test_a_summon_is_named_with_its_owner() -> None:
    assert figure_name("mindthief.rat-swarm2") == "Rat Swarm (Mindthief's summon)"


def test_a_summoning_in_a_game_reads_as_a_sentence() -> None:
    game = Game(board_setup(), seed=0)
    fid = game.summon("brute", "bone-wolf", 3, (-3, -1))
    assert fid == "brute.bone-wolf1"
    assert events_text(game.events, {})[-1] == "Bone Wolf (Brute's summon) is summoned"


def test_a_named_summon_keeps_the_name_it_is_given() -> None:
    text = event_text(Event("summoned", ("brute.bone-wolf1", "owner=brute")), {"brute.bone-wolf1": "Rex"})
    assert text == "Rex is summoned"
