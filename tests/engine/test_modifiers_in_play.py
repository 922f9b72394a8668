"""Attack modifier decks in the game state: §2.8 decks, §3.5 step 1 reshuffle, §8.2 bless/curse,
strengthen/muddle as advantage/disadvantage, summons drawing from their owner's deck."""

from __future__ import annotations

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of

from .helpers import default_answer, events_since, hero, mcard, mtype, plain_hand, setup


def _game(**kw: object) -> Game:
    brute = hero("brute", plain_hand("c", [50, 51, 52, 53, 54, 55]))
    if kw.get("modifiers"):
        brute = msgspec.structs.replace(brute, modifiers=kw["modifiers"])
    rooms = [[("g", "normal", (3, 0))]]
    return Game(setup([brute], [mtype("g")], {"g": [mcard("g80", 80)]}, rooms), seed=1)


def test_2_8_one_standard_deck_per_character_and_one_shared_monster_deck() -> None:
    game = _game()
    decks = game.state.modifier_decks
    assert set(decks) == {"brute", MONSTER_DECK}
    assert all(len(d.draw_pile) == 20 for d in decks.values())
    assert game.modifier_deck_key(game.state.monsters()[0].id) == MONSTER_DECK
    sid = game.summon("brute", "bear", 4, (1, 0))
    assert game.modifier_deck_key(sid) == "brute"


def test_3_5_step1_a_drawn_x2_or_null_reshuffles_at_end_of_round_bless_does_not() -> None:
    game = _game()
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["bless", "x2", "+1", "+0"]))
    game.choose("select c1 c2")
    assert str(game.draw_modifiers("brute", attack=2)) == "drew bless; applies bless"
    assert not game.state.modifier_decks["brute"].shuffle_pending
    game.draw_modifiers("brute", attack=2)  # x2
    deck = game.state.modifier_decks["brute"]
    assert deck.shuffle_pending and len(deck.draw_pile) == 2 and [str(c) for c in deck.discard] == ["x2"]
    start = len(game.events)
    while "round-end 1" not in events_since(game, start):
        game.choose(default_answer(game.decision))  # type: ignore[arg-type]
    assert "modifiers-shuffled brute" in events_since(game, start)
    deck = game.state.modifier_decks["brute"]
    assert len(deck.draw_pile) == 3 and deck.discard == () and not deck.shuffle_pending  # bless is gone


def test_8_2_strengthen_gives_advantage_muddle_disadvantage_both_cancel() -> None:
    game = _game()
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["-1", "+2"] * 3))
    game.add_condition("brute", Condition.STRENGTHEN)
    assert str(game.draw_modifiers("brute", attack=2)) == "drew -1, +2; applies +2"
    game.add_condition("brute", Condition.MUDDLE)
    assert str(game.draw_modifiers("brute", attack=2)) == "drew -1; applies -1"
    game.state.figures["brute"].conditions.remove(Condition.STRENGTHEN)
    assert str(game.draw_modifiers("brute", attack=2)) == "drew +2, -1; applies -1"


def test_8_2_curse_goes_to_the_monster_deck_and_stops_at_the_supply() -> None:
    game = _game()
    monster = game.state.monsters()[0].id
    for _ in range(10):
        assert game.add_modifier_card(monster, "curse")
    assert not game.add_modifier_card(monster, "curse")
    assert game.state.modifier_decks[MONSTER_DECK].count("curse") == 10
    assert game.state.modifier_decks["brute"].count("curse") == 0
    assert game.add_modifier_card("brute", "bless") and game.state.modifier_decks["brute"].count("bless") == 1
    with pytest.raises(InputError):
        game.add_modifier_card("brute", "stun")


def test_custom_modifier_deck_from_the_setup_and_a_bad_card_names_its_field() -> None:
    game = _game(modifiers=("+0", "+1", "rolling +1"))
    assert sorted(str(c) for c in game.state.modifier_decks["brute"].cards) == ["+0", "+1", "rolling +1"]
    with pytest.raises(InputError, match=r"party\.brute\.modifiers\[1\]"):
        _game(modifiers=("+0", "+7 banana"))
