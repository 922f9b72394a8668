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
    "monster-attack-rolled": ["critical-blow", "dark-might", "dark-fortune"],
    "hero-enters-empty": ["pit-trap", "tripwire"],
    "hero-searches": ["poison-dart"],
    "overlord-turn-start": ["word-of-misery"],
    "monster-activation": ["dash", "frenzy"],
}


def react_options(g: Game) -> list[str]:
    """The overlord cards in hand that the pending trigger allows (each card once per trigger)."""
    s = g.state
    cards = [c for c in TRIGGERS[s.react] if c in s.hand and c not in s.react_used]
    if s.react == "monster-attack-rolled":
        att = s.attack
        if att is None or att.miss:
            cards = [c for c in cards if c == "dark-fortune"]
        if att is not None and att.fortune:
            cards = [c for c in cards if c != "dark-fortune"]
    if s.react.startswith("hero-") and s.heroes[s.react_hero].knocked_out:
        return []
    return [f"play {c}" for c in cards]


def react(g: Game, c: Choice) -> None:
    """Apply the overlord's answer to a card trigger (play a card or pass); the trigger stays
    open while other cards in hand may still be played on it."""
    s = g.state
    trigger = s.react
    card = c.args[0] if c.kind == "play" else ""
    if card:
        s.hand.remove(card)
        s.discard.append(card)
        s.react_used.append(card)
        g.emit("overlord-plays", card)
        _play(g, trigger, card)
        if not s.result and react_options(g):
            return
    s.react, s.react_used = "", []
    if s.result:
        return
    if trigger == "monster-attack-rolled":
        rules.to_surges(g)
    elif trigger in ("hero-enters-empty", "hero-searches"):
        s.phase = "hero"
    elif trigger == "overlord-turn-start":
        s.phase = "overlord"
    else:
        s.phase = "monster"


def _play(g: Game, trigger: str, card: str) -> None:
    s = g.state
    if trigger == "monster-attack-rolled":
        att = s.attack
        assert att is not None
        if card == "critical-blow":
            att.abilities.append("+3heart")
        elif card == "dark-might":  # [M] the stored text lost its icon: read as 1 surge
            att.surges += 1
        elif card == "dark-fortune":
            att.fortune = True
    elif trigger == "hero-enters-empty":
        h = s.heroes[s.react_hero]
        if rules.attribute_test(g, h, "awareness"):
            return
        if card == "pit-trap":
            rules.hero_damage(g, h, 1, "pit-trap")
            if s.turn.mp > 0:
                s.turn.mp -= 1
            elif not h.knocked_out:
                h.conditions.add("stunned")
                g.emit("condition", h.id, "stunned")
        elif card == "tripwire":  # the move ends: its movement points are lost
            s.turn.mp = 0
            g.emit("move-ends", h.id, "source=tripwire")
    elif trigger == "hero-searches":
        h = s.heroes[s.react_hero]
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
        s.misery = True
    elif card == "dash":
        s.turn.dash = True
    elif card == "frenzy":
        s.turn.attack_limit = 2
        s.turn.frenzy = True
