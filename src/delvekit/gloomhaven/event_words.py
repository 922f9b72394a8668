"""Words of the engine's rarer events (bonuses, traps, obstacles, battle goals, prevented actions,
scenario rules...), used by :func:`delvekit.gloomhaven.describe.event_text`. Pure functions of
event arguments (stdlib only).

>>> more_events("battle-goal-kept", ("brute",), lambda i: "the Brute", {})
'the Brute keeps a battle goal (secret)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from delvekit.core.records import Event
from delvekit.gloomhaven.card_words import sentence
from delvekit.gloomhaven.card_words import title as words

RESULT = {"victory": "the scenario is won", "defeat": "the scenario is lost"}

_NOT_THERE = {"no-standee": "no standee left", "no-hex": "no free hex", "no-marker": "no marked hex"}

_PREVENTED = {
    ("attack", "disarm"): "is disarmed: it cannot attack",
    ("move", "immobilize"): "is immobilized: it cannot move",
    ("command", "stun"): "is stunned: it cannot be commanded",
    ("attack", "on-obstacle"): "cannot attack while on an obstacle",
}


def no_one(e: Event) -> bool:
    return len(e.args) < 2 or e.args[1] in ("", "-")


def bonus_text(who: str, a: Sequence[str], names: Mapping[str, str]) -> str:
    """``City Guard 2 gains Shield 1``; a card's bonus by its wording: ``Brute's bonus is active:
    redirect attacks``.

    >>> bonus_text("Brute", ("redirect-attacks",), {})
    "Brute's bonus is active: redirect attacks"
    """
    if len(a) == 1 and "-" in a[0]:
        return f"{who}'s bonus is active: {sentence(a[0]).lower().replace('xp', 'XP')}"
    plain = [x for x in a if "=" not in x and x != "melee-attacked"]
    said = " ".join(words(x) if not x.isdigit() else x for x in plain)
    by = next((x[3:] for x in a if x.startswith("by=")), "")
    return f"{who} gains {said}" + (f" (from {names.get(by, words(by))})" if by else "")


def _why(token: str) -> str:
    """A bonus's reason: ``augment+2`` → ``augment``, ``allies-bonus`` → ``its allies' bonus``."""
    name = token.rstrip("+-0123456789")
    return {"allies-bonus": "its allies' bonus", "aura": "an aura"}.get(name, words(name).lower())


def more_events(k: str, a: Sequence[str], who: Callable[[int], str], names: Mapping[str, str]) -> str | None:
    """Words of the rarer events (``""``: nothing to tell; ``None``: not one of these)."""
    kv = {x.split("=", 1)[0]: x.split("=", 1)[1] for x in a if "=" in x}
    if k == "battle-goal-kept":  # the goal stays secret (§2.6)
        return f"{who(0)} keeps a battle goal (secret)"
    if k == "round-attack-bonus":
        by = kv.get("by", "")
        return f"{who(0)} has {a[1]} Attack this round" + (
            f" (from {names.get(by, words(by))})" if by else ""
        )
    if k == "attack-bonus" and len(a) > 2:
        why = ", ".join(_why(x) for x in a[3:])
        return f"{who(0)}'s attack on {who(1)} gets {a[2]} Attack" + (f" ({why})" if why else "")
    if k == "trap-created":
        damage = kv.get("damage", "")
        return f"{who(0)} sets a trap at {a[1]}" + (f" ({damage} damage)" if damage and damage != "0" else "")
    if k == "obstacle-created":
        return f"{who(0)} places an obstacle at {a[1]}" if len(a) > 1 else f"{who(0)} places an obstacle"
    if k == "no-infuse":
        element = "an element" if a[1:2] == ["any"] else words(a[1]) if len(a) > 1 else "an element"
        return f"{who(0)} infuses no {element}: no other ability of its action was used"
    if k == "augment":
        return f"{who(0)}'s augment {words(a[1])} is now active" if a[1:2] != ["-"] else ""
    if k == "stunned":
        return f"{who(0)} is stunned and loses its turn"
    if k == "prevented" and len(a) > 2:
        return f"{who(0)} " + _PREVENTED.get((a[1], a[2]), f"cannot {a[1]} ({cond_words(a[2])})")
    if k in ("no-spawn", "no-summon"):
        monster = a[0] if k == "no-spawn" else a[1] if len(a) > 1 else "summon"
        why = _NOT_THERE.get(a[-1], "") if len(a) > (1 if k == "no-spawn" else 2) else ""
        lead = "No" if k == "no-spawn" else f"{who(0)}: no"
        return f"{lead} {words(monster)} appears" + (f" ({why})" if why else "")
    if k == "no-standee":
        return f"No {words(a[0])} is placed (no standee left)"
    if k == "removed":
        gone = {"card-left-play": "its card left play", "owner-exhausted": "its summoner is exhausted"}
        reason = gone.get(a[1], words(a[1]).lower()) if len(a) > 1 else ""
        return f"{who(0)} is removed" + (f" ({reason})" if reason else "")
    if k == "door-jump":
        return f"{who(0)} moves to the door at {a[1]}" if len(a) > 1 else f"{who(0)} moves to a door"
    if k in ("push-declined", "pull-declined"):
        return f"{who(0)} is not {'pushed' if k == 'push-declined' else 'pulled'} (the player declines)"
    if k == "controlled" and "by" in kv:
        return f"{who(0)} is controlled by {names.get(kv['by'], words(kv['by']))}"
    if k == "redirected" and "to" in kv:
        to = names.get(kv["to"], words(kv["to"]))
        return (
            f"{who(0)}'s attack on {who(1)} goes to {to} instead"
            if len(a) > 2
            else f"{who(0)} attacks {to} instead"
        )
    if k == "struck":  # bookkeeping: which targets an action's attacks struck (for later parts)
        return ""
    if k == "no-hex" and len(a) > 1:
        what = {"summon": "a summon", "obstacle": "an obstacle"}.get(a[1], words(a[1]))
        return f"{who(0)} finds no free hex for {what}"
    if k == "on-death":
        return f"{who(0)} strikes as it dies"
    if k == "ally":
        return f"{who(0)} fights on the characters' side"
    if k == "condition-met":
        return f"{who(0)} meets its card's condition: {words(a[1]).lower()}" if len(a) > 1 else ""
    if k == "no-focus":
        return f"{who(0)} finds no one to focus on"
    if k == "scenario-rule" and a[:1] and a[0].startswith("rule-"):
        return f"A scenario rule applies ({words(a[1]).lower()})" if len(a) > 1 else "A scenario rule applies"
    if k == "scenario-rule" and len(a) > 2 and a[1] == "add-modifier":
        card, _, n = a[2].partition("x")
        return f"Scenario rule: each character shuffles {n} {words(card)} cards into its modifier deck"
    if k == "scenario-rule" and len(a) > 2:
        value = "" if a[2] == "-" else words(a[2])
        said = value if a[1] == "condition" else f"{words(a[1]).lower()} {value}".strip()
        return f"Scenario rule at the {words(a[0]).lower()} of the round: {said}"
    return None


def cond_words(name: str) -> str:
    """A condition as a state: ``poison`` → ``poisoned``."""
    return {
        "poison": "poisoned", "wound": "wounded", "immobilize": "immobilized", "disarm": "disarmed",
        "stun": "stunned", "muddle": "muddled", "invisible": "invisible", "strengthen": "strengthened",
    }.get(name, name)  # fmt: skip
