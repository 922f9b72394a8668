"""Rare situations of the Sawbones' wordings (:mod:`delvekit.gloomhaven.effects.classes.sawbones` and
``sawbones_packs``) that random play meets only now and then: a cleansed heal with nobody to
heal, a stunned holder of a medical pack, a holder killed before its pack comes."""

from __future__ import annotations

from delvekit.gloomhaven.effects.classes import sawbones_packs
from delvekit.gloomhaven.model.conditions import Condition

from .class_arena import arena, finish_round, go, hero, until
from .test_class_sawbones import saw


def test_master_physician_heal_of_adjacent_allies_with_none_adjacent_heals_nobody() -> None:
    """Blood Transfusion's bottom heals every adjacent ally: with Master Physician in play and
    no ally adjacent there is no target, nobody is healed and no use slot is spent."""
    party = [
        saw(["master-physician", "blood-transfusion"], (0, 0)),
        hero("brute", ["trample", "sweeping-blow"], (3, 0)),
    ]
    game = arena(party, [("normal", (5, -5))])
    game.state.figures["brute"].hp = 5
    game.state.figures["sawbones"].hp = 5
    go(game, "select master-physician blood-transfusion", "select trample sweeping-blow")
    go(game, "top master-physician")
    events = go(game, "bottom blood-transfusion")
    assert "no-target sawbones" in events
    assert not any(e.startswith("healed") for e in events)
    assert game.state.figures["brute"].hp == 5 and game.state.figures["sawbones"].hp == 5
    active = game.state.characters["sawbones"].active
    assert [(a.card, a.used) for a in active] == [("master-physician", 0)]


def test_a_stunned_holder_is_not_offered_its_medical_pack() -> None:
    """§8.2 Stun: a stunned figure performs no abilities and uses no items: a medical pack is not
    offered at the start of its turn and stays held."""
    party = [saw([], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (3, 0))]
    game = arena(party, [("normal", (5, -5))])
    game.emit("sb-pack", "brute", "medical", "heal=4", "by=sawbones")
    game.state.figures["brute"].hp = 5
    go(game, "select bloody-saw vital-strike", "select trample sweeping-blow")
    game.state.figures["brute"].conditions.add(Condition.STUN, turns_started=0, immune=frozenset())
    events = finish_round(game)
    assert "turn brute" in events
    assert not any(e.startswith("sb-pack-used") for e in events)
    assert sawbones_packs.held_packs(game, "brute") == [("medical", 4)]
    assert game.state.figures["brute"].hp == 5


def test_a_holder_killed_during_its_turn_never_uses_its_medical_pack() -> None:
    """A held pack is used after the holder's actions; a holder exhausted during its turn (by a
    trap, here) holds nothing any more: no pack is offered and none is used."""
    party = [saw([], (0, 0)), hero("brute", ["grab-and-go", "sweeping-blow"], (3, 0))]
    game = arena(party, [("normal", (5, -5))])
    game.emit("sb-pack", "brute", "medical", "heal=4", "by=sawbones")
    game.state.created_traps = {(2, 0): 3}
    game.state.figures["brute"].hp = 2
    go(game, "select bloody-saw vital-strike", "select grab-and-go sweeping-blow")
    until(game, "brute", "action")
    events = go(game, "bottom grab-and-go", "step 2,0")
    events += finish_round(game)
    assert game.state.characters["brute"].exhausted
    assert not any(e.startswith("sb-pack-used") for e in events)
    assert sawbones_packs.held_packs(game, "brute") == []
