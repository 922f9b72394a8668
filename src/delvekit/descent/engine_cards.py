"""The overlord's basic cards in play: which cards a trigger allows and what each does (Dash,
Frenzy, Critical Blow, Pit Trap, Poison Dart, Word of Misery; docs/descent.md lists the rest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delvekit.core.records import Choice
from delvekit.descent import rules

if TYPE_CHECKING:
    from delvekit.descent.engine import Game

TRIGGERS = {
    "monster-attack-rolled": ["critical-blow"],
    "hero-enters-empty": ["pit-trap"],
    "hero-searches": ["poison-dart"],
    "overlord-turn-start": ["word-of-misery"],
    "monster-activation": ["dash", "frenzy"],
}


def react_options(g: Game) -> list[str]:
    """The overlord cards in hand that the pending trigger allows."""
    s = g.state
    cards = TRIGGERS[s.react]
    return [f"play {c}" for c in cards if c in s.hand]


def react(g: Game, c: Choice) -> None:
    """Apply the overlord's answer to a card trigger (play a card or pass) and resume."""
    s = g.state
    trigger, s.react = s.react, ""
    card = c.args[0] if c.kind == "play" else ""
    if card:
        s.hand.remove(card)
        s.discard.append(card)
        g.emit("overlord-plays", card)
    if trigger == "monster-attack-rolled":
        att = s.attack
        assert att is not None
        if card == "critical-blow":
            att.abilities.append("+3heart")
        rules.to_surges(g)
    elif trigger == "hero-enters-empty":
        s.phase = "hero"
        h = s.heroes[s.react_hero]
        if card == "pit-trap" and not rules.attribute_test(g, h, "awareness"):
            rules.hero_damage(g, h, 1, "pit-trap")
            if s.turn.mp > 0:
                s.turn.mp -= 1
            elif not h.knocked_out:
                h.conditions.add("stunned")
                g.emit("condition", h.id, "stunned")
    elif trigger == "hero-searches":
        s.phase = "hero"
        h = s.heroes[s.react_hero]
        if card == "poison-dart":
            attr = min(("awareness", "might"), key=lambda a: int(getattr(g.content.heroes[h.id], a)))
            if rules.attribute_test(g, h, attr):
                g.draw_overlord(1)
            else:
                rules.hero_damage(g, h, 1, "poison-dart")
                rules.hero_fatigue(g, h, 1, "poison-dart", forced=True)
                if not h.knocked_out:
                    h.conditions.add("poisoned")
                    g.emit("condition", h.id, "poisoned")
    elif trigger == "overlord-turn-start":
        s.misery = card == "word-of-misery"
        s.phase = "overlord"
    elif trigger == "monster-activation":
        s.phase = "monster"
        if card == "dash":
            s.turn.dash = True
        elif card == "frenzy":
            s.turn.attack_limit = 2
            s.turn.frenzy = True
