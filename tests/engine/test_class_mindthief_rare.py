"""Rare Mindthief situations the random sweeps used to reach only (issue 12): augments whose
element consumption is paid while another augment is active, and a paid consumption that buys
nothing against the target. Real cards on the open arena, +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import MonsterStats

from .class_arena import arena, at, finish_round, go, hero

TOUGH = MonsterStats(health=30, move=2, attack=3)


def _strong(game: Game, element: Element) -> None:
    game.state.elements.infuse(element)
    game.state.elements.end_turn()


def test_phantasmal_killer_dark_paid_against_an_elite_kills_nothing_the_attack_is_plain() -> None:
    """Phantasmal Killer kills a *normal* enemy instead of attacking; against an elite the dark
    the player chose to consume buys nothing and the attack (Attack 2, its shield 1) is made."""
    game = arena(
        [hero("mindthief", ["phantasmal-killer", "scurry"], (0, 0))], [("elite", (1, 0))], stats=TOUGH
    )
    m = at(game, (1, 0))
    _strong(game, Element.DARK)
    go(game, "select phantasmal-killer scurry", "top phantasmal-killer", f"target {m}")
    events = go(game, "consume dark")
    assert "consumed mindthief dark" in events
    assert f"attack mindthief {m} value=2 damage=1" in events
    target = game.state.figures[m]
    assert f"killed {m}" not in events and target.hp == target.max_hp - 1


def test_mass_hysteria_frozen_mind_ice_buys_its_stun_the_other_augment_adds_its_own_bonus() -> None:
    """With two augments active (Mass Hysteria), consuming ice for Frozen Mind buys only Frozen
    Mind's stun; The Mind's Weakness still adds its +2 to the melee attack."""
    cards = [
        "mass-hysteria",
        "scurry",
        "the-mind-s-weakness",
        "into-the-night",
        "frozen-mind",
        "fearsome-blade",
    ]
    game = arena([hero("mindthief", cards, (0, 0))], [("normal", (1, 0))], stats=TOUGH)
    m = at(game, (1, 0))
    go(game, "select scurry mass-hysteria", "top scurry", "stop?", "skip?", "bottom mass-hysteria")
    go(game, "select the-mind-s-weakness into-the-night", "top the-mind-s-weakness", f"target {m}")
    go(game, "bottom into-the-night")
    finish_round(game)
    _strong(game, Element.ICE)
    go(game, "select frozen-mind fearsome-blade", "top frozen-mind", f"target {m}")
    events = go(game, "consume ice")
    assert "consumed mindthief ice" in events
    assert f"attack-bonus mindthief {m} +2 augment+2" in events
    assert f"attack mindthief {m} value=4 damage=4" in events and f"condition {m} stun" in events
