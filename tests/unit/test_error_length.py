"""An error message stays one readable line even when a document echoes a huge value back (a
fuzzed save's 10,000-character monster name): it is cut, saying how long it was."""

from __future__ import annotations

import json

import pytest

from delvekit.core.errors import MAX_MESSAGE, ContentError, InputError
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.examples import tiny_setup


def test_a_huge_value_in_a_message_is_cut_saying_how_long_it_was() -> None:
    err = InputError(f"unknown monster type {'x' * 10_000!r}", where="mine.save: setup")
    text = str(err)
    assert len(text) <= MAX_MESSAGE
    assert text.startswith("mine.save: setup: unknown monster type 'xxx")
    assert text.endswith(
        f"... ({10_000 + 2 + len('mine.save: setup: unknown monster type ')} characters in all)"
    )
    assert err.where == "mine.save: setup"


def test_a_short_message_is_left_as_it_is() -> None:
    assert str(ContentError("must rise strictly", where="tables.json: level_xp")) == (
        "tables.json: level_xp: must rise strictly"
    )


def test_a_save_naming_a_huge_monster_is_refused_in_one_bounded_line() -> None:
    doc = json.loads(Game(tiny_setup(), seed=1).save())
    name = "x" * 20_000
    doc["setup"]["monsters"][0]["name"] = name
    with pytest.raises(InputError) as caught:
        Game.load(json.dumps(doc), where="mine.save")
    text = str(caught.value)
    assert text.startswith("mine.save") and "\n" not in text and len(text) <= MAX_MESSAGE
