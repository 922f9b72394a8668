"""Several effects that come at the same moment, as an attack starts, go in the order the
attacking player chooses (the ``effect-order`` decision of :mod:`delvekit.gloomhaven.engine.actions`).

The ruling: the rulebook gives no order of play or of printing between active bonuses; where
several modifiers of one attack come at one step, "the player chooses the order in which they
are applied" (Gloomhaven rulebook p.20, "Attack modifiers": the Scoundrel example orders +2 before
the doubling; rules digest §18.1), and where the rules leave a choice to the players the engine
must offer it (digest §0, FAQ p.78: "It is up to you. That is why you are deciding."). Grim
Bargain (the Plagueherald curses an ally within range 2 for two more targets) and the
Soothsinger's Mobilizing Measure (an ally may move 1 before its attack) both come as the
Plagueherald's attack starts, before any target: the Plagueherald's player orders them. Before,
the engine always asked Grim Bargain first (its place in the hook table)."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import arena, finish_round, go, hero, until
from .test_class_plagueherald import SLOW, ph
from .test_class_soothsinger import singer5


def _both_active() -> Game:
    """Grim Bargain's top and Mobilizing Measure active from round 1, the Brute within range 2
    of the Plagueherald; round 2 stops as the Plagueherald chooses its first action."""
    singer = singer5(["mobilizing-measure", "marching-beat", "singing-arrow", "nimble-knife"], (-5, 0))
    game = arena(
        [ph(["grim-bargain", "biting-gnats", "creeping-curse"]), hero("brute", [], (-1, 1)), singer],
        [("normal", (2, 0)), ("normal", (2, -1)), ("normal", (3, -1))],
        stats=MonsterStats(health=20, move=0, attack=0),
    )
    go(game, "select grim-bargain creeping-curse", SLOW, "select mobilizing-measure marching-beat")
    go(game, "top mobilizing-measure", "bottom marching-beat?", "stop?")
    go(game, "top grim-bargain", "bottom creeping-curse", "stop?")
    finish_round(game)
    go(
        game,
        "select biting-gnats paralyzing-bite",
        "select shield-bash leaping-cleave",
        "select singing-arrow nimble-knife",
    )
    until(game, "plagueherald", "action", skips=("no-move",))
    return game


def _choices(game: Game) -> tuple[str, set[str]]:
    d = game.decision
    assert d is not None
    return d.kind, {str(c) for c in d.choices}


def test_the_attacking_player_orders_grim_bargain_and_mobilizing_measure_that_come_at_once() -> None:
    game = _both_active()
    go(game, "top biting-gnats")
    d = game.decision
    assert d is not None and d.kind == "effect-order" and d.actor == "plagueherald"
    assert {str(c) for c in d.choices} == {"first grim-bargain", "first mobilizing-measure"}  # no skip
    events = go(game, "first mobilizing-measure")
    assert "effect-order plagueherald first=mobilizing-measure" in events
    assert _choices(game) == ("move-first", {"move-first", "no-move"})  # the Move 1 first
    go(game, "move-first", "step 0,1")
    kind, choices = _choices(game)
    assert kind == "ally" and choices == {"target brute", "skip"}  # then the bargain, still fresh
    events = go(game, "target brute")
    assert "ph-bargain plagueherald paid brute targets+2" in events
    assert _choices(game)[0] == "attack"  # every question asked once: the targets now


def test_grim_bargain_first_when_its_player_chooses_it_then_mobilizing_measure() -> None:
    game = _both_active()
    go(game, "top biting-gnats", "first grim-bargain")
    assert _choices(game) == ("ally", {"target brute", "skip"})
    go(game, "target brute")
    assert _choices(game) == ("move-first", {"move-first", "no-move"})  # asked once it is done
    go(game, "no-move")
    assert _choices(game)[0] == "attack"


def test_one_effect_alone_is_asked_with_no_order_to_choose() -> None:
    """With the Brute out of Grim Bargain's range 2 only Mobilizing Measure asks: no order."""
    game = _both_active()
    game.state.figures["brute"].hex = (-4, 4)
    go(game, "top biting-gnats")
    assert _choices(game) == ("move-first", {"move-first", "no-move"})
