"""Rules digest §9 (infusion at end of turn, consumption, monster timing) and §3.5 step 3."""

from __future__ import annotations

import pytest

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Elements, Strength

from .helpers import card, default_answer, events_since, half, hero, mcard, mtype, plain_hand, setup


def test_9_infused_element_is_strong_at_end_of_turn_then_wanes_each_round() -> None:
    fire = card("fire", 20, top=half("infuse fire"))
    game = Game(setup([hero("brute", [fire, *plain_hand("c", [30, 40, 50, 60, 70])])]), seed=1)
    game.choose("select fire c1")
    game.choose("top fire")
    elements = game.state.elements
    assert elements[Element.FIRE] is Strength.INERT and not elements.can_consume(Element.FIRE)
    start = len(game.events)
    game.choose(game.decision.choices[0])  # type: ignore[union-attr]  # second action, turn ends
    events = events_since(game, start)
    assert "infused fire" in events
    assert events.index("infused fire") < events.index("round-end 1")
    assert "elements fire=waning ice=inert air=inert earth=inert light=inert dark=inert" in events
    game.choose("no-rest")
    game.choose("select c2 c3")
    while game.decision is not None and game.decision.kind == "action":
        game.choose(game.decision.choices[0])
    assert elements[Element.FIRE] is Strength.INERT


def test_9_consume_moves_strong_or_waning_to_inert_and_refuses_inert() -> None:
    e = Elements()
    with pytest.raises(IllegalChoice):
        e.consume(Element.DARK)
    e.infuse(Element.DARK)
    e.end_turn()
    e.wane()
    assert e.consumable() == [Element.DARK]
    e.consume(Element.DARK)
    assert e[Element.DARK] is Strength.INERT
    with pytest.raises(InputError):
        Element.parse("wind")


def _earth_game(count: int, seed: int = 1) -> Game:
    brute = hero("brute", plain_hand("c", [50, 51, 52, 53]))
    rooms = [[("g", "normal", (3, n)) for n in range(count)]]
    deck = {"g": [mcard("g10", 10, "shield 1", "infuse earth")]}
    return Game(setup([brute], [mtype("g")], deck, rooms), seed=seed)


def test_9_monster_type_infuses_at_the_end_of_its_last_activation() -> None:
    game = _earth_game(2)
    start = len(game.events)
    game.choose("select c1 c2")
    events = events_since(game, start)
    ids = sorted((f.standee, f.id) for f in game.state.monsters())
    assert events.index(f"turn {ids[1][1]}") < events.index("infused earth") < events.index("turn brute")
    assert game.state.elements[Element.EARTH] is Strength.STRONG


@pytest.mark.parametrize(("stunned", "infused"), [(1, True), (2, False)])
def test_9_stunned_monsters_do_not_infuse(stunned: int, infused: bool) -> None:
    game = _earth_game(2)
    for f in game.state.monsters()[:stunned]:
        game.add_condition(f.id, Condition.STUN)
    start = len(game.events)
    game.choose("select c1 c2")
    assert ("infused earth" in events_since(game, start)) is infused
    while game.decision is not None and game.decision.kind == "action":
        game.choose(default_answer(game.decision))
