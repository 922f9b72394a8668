"""Rare situations of the Nightshroud's wordings (:mod:`delvekit.gloomhaven.effects.classes.nightshroud`)
that random play meets only now and then: a teleport the player ends at once, an action bonus
held among other active cards."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

from .class_arena import arena, at, finish_round, go
from .test_class_nightshroud import nightshroud


def _dark(game: Game) -> None:
    game.state.elements.infuse(Element.DARK)
    game.state.elements.end_turn()


def test_concealed_dominance_teleport_may_be_ended_without_moving() -> None:
    """A teleport is a move the player may end at once: "stop" leaves the Nightshroud where she
    stands and ends the move there."""
    game = arena([nightshroud(["concealed-dominance", "cloak-of-shade"])], [("normal", (5, 0))])
    _dark(game)
    go(game, "select concealed-dominance cloak-of-shade", "bottom concealed-dominance", "consume dark")
    d = game.decision
    assert d is not None and d.kind == "move" and "stop" in {str(c) for c in d.choices}
    events = go(game, "stop")
    assert "move-ended nightshroud 0,0" in events
    assert not any(e.startswith(("moved nightshroud", "teleported nightshroud")) for e in events)
    assert game.state.figures["nightshroud"].hex == (0, 0)


def test_black_knives_finds_its_own_card_among_other_active_cards() -> None:
    """Black Knives' attack after an attack action while invisible spends a use of Black Knives
    itself, even with another persistent card (Eyes of the Night) active before it."""
    game = arena(
        [
            nightshroud(
                [
                    "eyes-of-the-night",
                    "black-knives",
                    "wings-of-the-night",
                    "doomed-breeze",
                    "dark-cloud",
                    "enervating-wound",
                    "dancing-shadows",
                ]
            )
        ],
        [("normal", (1, 0)), ("normal", (3, 0))],
    )
    go(
        game,
        "select eyes-of-the-night doomed-breeze",
        "top eyes-of-the-night",
        "bottom doomed-breeze",
        "stop?",
    )
    finish_round(game)
    go(game, "select black-knives enervating-wound", "top black-knives", "bottom enervating-wound", "stop?")
    finish_round(game)
    ch = game.state.characters["nightshroud"]
    assert [a.card for a in ch.active] == ["eyes-of-the-night", "black-knives"]
    near, far = at(game, (1, 0)), at(game, (3, 0))
    events = go(game, "select wings-of-the-night dark-cloud", "top wings-of-the-night", f"target {near}")
    assert Condition.INVISIBLE in game.state.figures["nightshroud"].conditions
    events += go(game, f"target {far}")
    assert "next-action-bonus nightshroud black-knives" in events
    assert game.state.figures[far].hp == 8  # Attack 2, range 3
    assert [(a.card, a.used) for a in ch.active] == [("eyes-of-the-night", 0), ("black-knives", 1)]
