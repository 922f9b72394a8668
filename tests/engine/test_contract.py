"""The engine contract (ARCHITECTURE.md): validate/apply, events, clone, save/load, log, undo."""

from __future__ import annotations

import json
import random

import msgspec
import pytest

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.core.records import Choice
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.testing.examples import tiny_setup

from .helpers import hero, plain_hand, random_choice, setup


def _played(seed: int, n: int) -> Game:
    game = Game(tiny_setup(), seed=seed)
    rnd = random.Random(seed)
    for _ in range(n):
        if game.decision is None:
            break
        game.choose(random_choice(game, rnd))
    return game


def test_illegal_choice_raises_and_changes_nothing() -> None:
    game = _played(1, 7)
    digest, events, log, decision = game.digest(), len(game.events), list(game.log), game.decision
    for bad in ("select nope nope", "take 999", "frobnicate", Choice.of("first", "nobody")):
        assert not game.can_choose(bad)
        with pytest.raises(IllegalChoice, match="not a legal choice"):
            game.choose(bad)
    assert (game.digest(), len(game.events), game.log, game.decision) == (digest, events, log, decision)


def test_can_choose_accepts_text_and_records() -> None:
    game = Game(tiny_setup(), seed=1)
    assert game.can_choose("select b1 b2") and game.can_choose(Choice.of("select", "b2", "b1"))
    assert not game.can_choose("select b1 b1") and not game.can_choose("long-rest")


def test_selection_is_hidden_until_revealed() -> None:
    game = Game(tiny_setup(), seed=1)
    events = [str(e) for e in game.choose("select b3 b7")]
    assert events == ["selected brute"]
    events = [str(e) for e in game.choose("select s1 s2")]
    assert "reveal brute lead=b3 other=b7 initiative=40" in events


def test_clone_is_independent() -> None:
    game = _played(3, 10)
    copy = game.clone()
    assert copy.digest() == game.digest() and copy.decision == game.decision
    rnd = random.Random(9)
    for _ in range(30):
        if copy.decision is None:
            break
        copy.choose(random_choice(copy, rnd))
    assert copy.digest() != game.digest()
    assert _played(3, 10).digest() == game.digest()


def test_same_seed_same_game_different_seed_different_standees() -> None:
    assert _played(5, 40).digest() == _played(5, 40).digest()
    placements = {tuple(sorted(Game(tiny_setup(), seed=s).state.figures)) for s in range(8)}
    assert len(placements) > 1  # standee numbers are random


def test_save_load_continues_identically() -> None:
    game = _played(4, 25)
    loaded = Game.load(game.save())
    assert loaded.digest() == game.digest() and loaded.decision == game.decision
    rnd_a, rnd_b = random.Random(1), random.Random(1)
    while game.decision is not None:
        c = random_choice(game, rnd_a)
        assert random_choice(loaded, rnd_b) == c
        game.choose(c)
        loaded.choose(c)
    assert loaded.digest() == game.digest() and loaded.result == game.result


def test_log_replays_and_verifies() -> None:
    game = _played(6, 10_000)
    assert game.result is not None
    again = Game.from_log(game.log_lines())
    assert again.digest() == game.digest() and again.result == game.result


def test_undo_returns_to_an_earlier_decision() -> None:
    game = Game(tiny_setup(), seed=2)
    game.choose("select b1 b2")
    before = game.digest()
    decision = game.decision
    game.choose("select s1 s2")
    back = game.undo()
    assert back.digest() == before and back.decision == decision
    with pytest.raises(InputError):
        game.undo(99)


def test_corrupt_saves_and_logs_give_one_clear_error() -> None:
    game = _played(7, 12)
    doc = json.loads(game.save())
    with pytest.raises(InputError, match=r"save: not (valid )?JSON"):
        Game.load("{nope")
    with pytest.raises(InputError, match="not a delvekit save"):
        Game.load(json.dumps({**doc, "format": "other"}))
    with pytest.raises(InputError, match="save: choice 3"):
        Game.load(json.dumps({**doc, "choices": [*doc["choices"][:2], "take 99", *doc["choices"][3:]]}))
    with pytest.raises(InputError, match="digest"):
        Game.load(json.dumps({**doc, "digest": "0" * 64}))
    with pytest.raises(InputError, match="save: setup"):
        Game.load(json.dumps({**doc, "setup": {**doc["setup"], "level": "high"}}))
    with pytest.raises(InputError, match="seed"):
        Game.load(json.dumps({**doc, "seed": "x"}))
    lines = game.log_lines()
    with pytest.raises(InputError, match="line 2"):
        Game.from_log([lines[0], "[1, 2]", *lines[1:]])
    with pytest.raises(InputError, match="line 1"):
        Game.from_log(lines[1:])
    with pytest.raises(InputError, match="digest"):
        Game.from_log([*lines[:-1], json.dumps({"digest": "bad"})])


def test_bad_setup_names_the_field() -> None:
    good = hero("brute", plain_hand("c", [1, 2, 3]))
    with pytest.raises(InputError, match=r"party\.brute"):
        Game(setup([msgspec.structs.replace(good, hand_limit=4)]), seed=1)
    with pytest.raises(InputError, match=r"rooms\[0\]"):
        Game(setup([good], rooms=[[("ghoul", "normal", (2, 0))]]), seed=1)
    with pytest.raises(InputError, match="party"):
        Game(setup([]), seed=1)


def test_effects_called_from_outside_a_choice_make_the_game_unsaveable() -> None:
    game = Game(tiny_setup(), seed=1)
    game.heal("brute", 1)
    with pytest.raises(IllegalChoice):
        game.save()


def test_a_finished_game_refuses_choices() -> None:
    game = _played(8, 10_000)
    assert game.decision is None and game.result in ("victory", "defeat")
    with pytest.raises(IllegalChoice, match="ended"):
        game.choose("no-rest")


def test_a_players_view_hides_other_selections_until_revealed_and_all_deck_orders() -> None:
    game = Game(tiny_setup(), seed=1)
    game.choose("select b3 b7")
    bob = game.view("spellweaver")
    assert "b3" not in bob.split("selected=")[1].split()[0] and "2-hidden" in bob
    assert "selected=b3,b7" in game.view("brute")
    assert "rng" not in bob and "agenda" not in bob
    assert "deck guard draw=8 " in bob and "modifiers brute draw=20 " in bob  # sizes, not orders
    game.choose("select s1 s2")
    assert "selected=b3,b7" in game.view("spellweaver")  # revealed
    with pytest.raises(InputError):
        game.view("nobody")


def test_clone_copies_every_slot_of_figures_and_characters() -> None:
    """A new slot forgotten in ``clone`` would silently share or drop state."""
    from delvekit.gloomhaven.engine.state import CharacterState, Figure

    game = _played(11, 30)
    copy = game.clone()
    for cls, originals, copies in (
        (Figure, game.state.figures, copy.state.figures),
        (CharacterState, game.state.characters, copy.state.characters),
    ):
        for key, original in originals.items():
            for slot in cls.__slots__:
                a, b = getattr(original, slot), getattr(copies[key], slot)
                assert a == b or str(a) == str(b) or slot == "conditions", (cls.__name__, slot)
                if isinstance(a, list | dict):
                    assert a is not b, (cls.__name__, slot)
    assert copy.state.text() == game.state.text()


def test_an_engine_fault_during_a_choice_changes_nothing() -> None:
    """Even a bug inside a rule handler leaves the game as it was before the choice."""
    from delvekit.gloomhaven.engine import game as engine

    game = _played(2, 5)
    digest, log, decision = game.digest(), list(game.log), game.decision
    assert decision is not None
    kind = game.state.agenda[-1].kind
    original = engine._APPLY[kind]

    calls = []

    def broken(g: Game, task: object, choice: object) -> None:  # fails once, mid-way
        original(g, task, choice)  # type: ignore[arg-type]
        if not calls:
            calls.append(1)
            raise RuntimeError("boom")

    engine._APPLY[kind] = broken
    try:
        with pytest.raises(RuntimeError, match="boom"):
            game.choose(decision.choices[0])
    finally:
        engine._APPLY[kind] = original
    assert (game.digest(), game.log, game.decision) == (digest, log, decision)
    game.choose(decision.choices[0])  # and the game goes on normally
