"""Saves and logs: the refusals and tolerances the slow fuzz tier used to reach alone. Each
refusal names the file (``where``) and the field, in one line; nothing is half-loaded."""

from __future__ import annotations

import json
import random

import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.examples import tiny_setup


@pytest.fixture(scope="module")
def game() -> Game:
    played = Game(tiny_setup(), seed=5)
    rnd = random.Random(5)
    for _ in range(12):
        assert played.decision is not None
        played.choose(rnd.choice(list(played.decision.choices)))
    return played


@pytest.mark.parametrize(
    "choices", ["pass pass", [1, 2], ["select b1 b2", None]], ids=["text", "ints", "null"]
)
def test_a_save_whose_choices_are_not_a_list_of_strings_is_refused(game: Game, choices: object) -> None:
    doc = json.loads(game.save())
    doc["choices"] = choices
    with pytest.raises(InputError) as caught:
        Game.load(json.dumps(doc), where="mine.save.json")
    assert caught.value.where == "mine.save.json: choices"
    assert str(caught.value) == "mine.save.json: choices: choices must be a list of strings"


def test_blank_lines_in_a_log_are_skipped(game: Game) -> None:
    lines = game.log_lines()
    padded = [lines[0], "", *lines[1:3], "   ", *lines[3:], "\t"]
    again = Game.from_log(padded, where="mine.log")
    assert again.digest() == game.digest()
    assert again.log == game.log


def test_verifying_a_log_without_a_seal_is_refused(game: Game) -> None:
    lines = game.log_lines()
    end = json.loads(lines[-1])
    del end["seal"]
    with pytest.raises(InputError) as caught:
        Game.from_log([*lines[:-1], json.dumps(end)], where="old.log", verify=True)
    assert caught.value.where == "old.log: seal"
    assert str(caught.value) == (
        "old.log: seal: cannot verify: the file has no seal binding its setup and seed (written before seals)"
    )


def test_verifying_a_save_without_a_seal_is_refused_but_loading_it_plainly_works(game: Game) -> None:
    doc = json.loads(game.save())
    del doc["seal"]
    text = json.dumps(doc)
    with pytest.raises(InputError) as caught:
        Game.load(text, where="old.save.json", verify=True)
    assert caught.value.where == "old.save.json: seal"
    assert "cannot verify: the file has no seal" in str(caught.value)
    assert Game.load(text, where="old.save.json").digest() == game.digest()  # the digest still matches


def test_a_save_whose_setup_has_a_bad_ability_names_the_save_file(game: Game) -> None:
    doc = json.loads(game.save())
    doc["setup"]["party"][0]["hand"][0]["top"]["abilities"] = [{"kind": "condition", "value": 1}]
    with pytest.raises(InputError) as caught:
        Game.load(json.dumps(doc), where="mine.save.json")
    assert str(caught.value) == "mine.save.json: setup: ability: a condition ability names its condition"


def test_a_save_whose_party_repeats_a_character_names_the_save_file(game: Game) -> None:
    doc = json.loads(game.save())
    doc["setup"]["party"].append(doc["setup"]["party"][0])
    with pytest.raises(InputError) as caught:
        Game.load(json.dumps(doc), where="mine.save.json")
    assert str(caught.value).startswith("mine.save.json: ")
    assert "duplicate character ids" in str(caught.value)
