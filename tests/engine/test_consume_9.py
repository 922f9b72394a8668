"""Element consumption (§9): optional for characters, automatic and type-wide for monsters."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of

from .helpers import card, events_since, half, hero, plain_hand
from .test_monster_turns_10 import brute, game_with


def _strong(game: Game, element: Element) -> None:
    game.state.elements.infuse(element)
    game.state.elements.end_turn()


def test_9_a_character_may_consume_for_the_boost() -> None:
    skewer = card("skewer", 10, top=half("attack 3 consume air boost attack+1 boost pierce+1"))
    b = hero("brute", [skewer, *plain_hand("c", [60, 61, 62, 63])])
    game = game_with([b], [("elite", (1, 0))], actions=("shield 1",))
    game.state.modifier_decks["brute"] = ModifierDeck(draw_pile=cards_of(["+0"] * 5))
    _strong(game, Element.AIR)
    guard = game.state.monsters()[0]
    game.choose("select skewer c1")
    game.choose("top skewer")
    assert str(game.decision) == "brute consume: consume air | no-consume"
    events = [str(e) for e in game.choose("consume air")]
    assert "consumed brute air" in events and game.state.elements[Element.AIR] is Strength.INERT
    game.choose(f"target {guard.id}")
    # Attack 4, Pierce 1 against the elite's Shield 1 (no card bonus yet: the brute acts first)
    assert guard.hp == guard.max_hp - 4


def test_9_no_decision_when_the_element_is_inert_and_declining_keeps_it() -> None:
    skewer = card("skewer", 10, top=half("attack 3 consume air boost attack+1"))
    b = hero("brute", [skewer, *plain_hand("c", [60, 61, 62, 63])])
    game = game_with([b], [("normal", (1, 0))], actions=("shield 1",))
    game.choose("select skewer c1")
    game.choose("top skewer")
    assert game.decision is not None and game.decision.kind == "attack"
    game2 = game_with([b], [("normal", (1, 0))], actions=("shield 1",))
    _strong(game2, Element.AIR)
    game2.choose("select skewer c1")
    game2.choose("top skewer")
    game2.choose("no-consume")
    assert game2.state.elements[Element.AIR] is Strength.STRONG


def test_9_monsters_always_consume_and_the_whole_type_gains() -> None:
    game = game_with(
        [brute(), hero("bob", plain_hand("b", [70, 71, 72]), hex=(-1, 0))],
        [("normal", (1, 0)), ("normal", (-1, 1))],
        actions=("attack 0 consume fire boost attack+2",),
    )
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+0"] * 10))
    _strong(game, Element.FIRE)
    game.choose("select c1 c2")
    start = len(game.events)
    game.choose("select b1 b2")
    while game.decision is not None and game.decision.kind in ("damage", "monster"):
        d = game.decision
        game.choose(next((c for c in d.choices if c.kind == "take"), d.choices[0]))
    events = events_since(game, start)
    assert events.count("consumed guard fire") == 1
    attacks = [e for e in events if e.startswith("attack guard#")]
    assert len(attacks) == 2 and all("value=4" in e for e in attacks)
    assert game.state.elements[Element.FIRE] is Strength.INERT
