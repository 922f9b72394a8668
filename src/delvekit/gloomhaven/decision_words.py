"""Every decision the engine asks, in plain words: who decides what (:func:`prompt`) and what each
legal choice means (:func:`choice_label`), in the game's terms. The web play page and ``delve
play`` in the terminal both use them, so a decision reads the same on either face.

A decision is ``Decision(actor, kind, choices)``; :data:`PROMPTS` words each ``kind`` the engine
asks (``tests/play/test_decision_words.py`` fails when a new kind has no entry) and
:data:`CHOICE_KINDS` lists each choice kind :func:`choice_label` words.

>>> from delvekit.core.records import Choice, Decision
>>> d = Decision("doomstalker", "doom-transfer", [Choice("transfer", ("hound#2",)), Choice("skip")])
>>> prompt(d, {"doomstalker": "Doomstalker", "hound#2": "Hound 2"})
'Doomstalker: the doomed enemy died. Move its doom to another enemy, or let the doom end'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from delvekit.gloomhaven import describe as D

if TYPE_CHECKING:
    from delvekit.core.records import Choice, Decision
    from delvekit.gloomhaven.engine.game import Game

PROMPTS: dict[str, str] = {
    # setting up and the round
    "hand": "{who}: choose the cards to take into the scenario",
    "battle-goal": "{who}: keep one of the two battle goals dealt (the other goes back)",
    "start": "{who}: choose a starting hex",
    "select": "{who}: choose two cards for the round, the leading one first (its initiative counts), or rest",
    "tie": "The party: figures tie on initiative: choose who acts first",
    "extra-turn": "{who}: an ally offers an extra turn now: choose two cards to play, or skip it",
    "token-holder": "The party: choose the character who carries the {thing}",
    # a character's turn
    "action": "{who}: choose the next action (a card's top or bottom, or its basic Attack 2 / Move 2)",
    "move": "{who}: choose where to move, or end the move",
    "attack": "{who}: choose whom to attack, or skip the attack",
    "effect-order": "{who}: several effects come as the attack starts: choose the one that comes first",
    "push": "{who}: push {thing}: choose the hex it is pushed into, or stop the push",
    "pull": "{who}: pull {thing}: choose the hex it is pulled into, or stop the pull",
    "heal": "{who}: choose whom to heal, or skip",
    "ally": "{who}: choose the ally this goes to, or skip",
    "target": "{who}: choose the target, or skip",
    "afflict": "{who}: choose the enemy the conditions go to, or skip",
    "area": "{who}: choose where the area lands (the figures it reaches), or skip",
    "area-attack": "{who}: choose where the area attack lands (the figures it hits), or skip",
    "kill": "{who}: choose the enemy to kill, or skip",
    "control": "{who}: choose the enemy to control, or skip",
    "turn": "{who}: choose the enemy that turns on its allies this round, or skip",
    "curse": "{who}: choose the enemy whose modifier deck gains a curse",
    "consume": "{who}: consume {thing} for the ability's bonus, or not",
    "infuse": "{who}: choose an element to infuse",
    "summon": "{who}: choose the hex where the summon appears",
    "summon-performs": "{who}: choose the summon that performs the ability, or skip",
    "swap": "{who}: choose the figure to swap places with, or skip",
    "swap-second": "{who}: choose the figure it trades places with, or skip",
    "obstacle": "{who}: choose a hex for the obstacle, or skip",
    "destroy": "{who}: choose the obstacle to destroy, or skip",
    "disarm": "{who}: choose the adjacent trap to disarm, or skip",
    "trap": "{who}: choose a hex for the trap, or skip",
    "hex": "{who}: choose the hex that every enemy in range is pulled toward, or skip",
    "recover": "{who}: choose a card to recover, or stop",
    "refresh": "{who}: choose a spent item to refresh, or stop",
    "lose": "{who}: choose a card to lose (from the hand or the discard pile)",
    "pay": "{who}: pay the cost to perform the bonus, or not",
    "suffer": "{who}: choose how much damage to suffer for the bonus (0 to {thing})",
    "item": "{who}: use an item now, or pass",
    "item-pick": "{who}: the item's effect: {thing}",
    # damage and rests
    "damage": "{who} is about to suffer {thing} damage: take it, or negate it by losing a card "
    "from the hand or two from the discard pile",
    "intervene": "{who}: {thing} is about to suffer damage: suffer it instead, or decline",
    "short-rest": "{who}: short rest now? (recover the discard pile, lose one random discarded card)",
    "short-rest-loss": "{who}: the short rest lost {thing}: keep that loss, or suffer 1 damage "
    "to lose another random card instead",
    "long-rest": "{who}: long rest: choose the discarded card to lose",
    "pick-up": "{who}: before resting, pick up an active card (its bonus ends) to recover it, "
    "or keep it active",
    # the monsters (the party decides their ties)
    "monster": "The party: {thing}'s choices are tied: choose where it moves and whom it attacks",
    "monster-heal": "The party: {thing}'s heal is tied: choose whom it heals",
    "monster-affect": "The party: {thing}'s ability reaches one adjacent enemy: choose which",
    "monster-summon": "The party: choose the hex where {thing}'s summon appears",
    "monster-trap": "The party: choose the hex where {thing}'s trap is placed",
    "monster-teleport": "The party: choose the hex {thing} teleports to",
    "monster-egg": "The party: choose the hex for the Winged Horror's egg",
    "monster-zephyr": "The party: choose the hex for the Elder Drake's zephyr",
    "forced-move": "The party: choose the hex {thing} is moved to",
    "wild": "The party: {thing} may consume any element: choose which",
    # class abilities
    "attack-from": "{who}: attack from your own hex, or from your summon's hex as if you stood there",
    "as-heal": "{who}: perform this ability as printed, or as a heal one stronger instead",
    "doom": "{who}: choose the enemy to doom",
    "doom-transfer": "{who}: the doomed enemy died. Move its doom to another enemy, or let the doom end",
    "doom-shove": "{who}: Frightening Curse: choose the hex {thing} is moved into",
    "drop-song": "{who}: two songs are already active: choose the one that ends (to the discard pile)",
    "enemy-step": "{who}: choose the hex {thing} steps into, or skip",
    "forgo": "{who}: before the bear acts, forgo the top action, the bottom or both to strengthen it, "
    "or keep them",
    "medical-pack": "{who}: use a medical pack now (it heals you), or keep it",
    "move-first": "{who}: Mobilizing Measure: move 1 before this attack?",
    "share-damage": "{who}: share out the damage of you and your summons: how much damage does {thing} keep?",
    "spring": "{who}: spring an adjacent trap on an enemy in range, or skip",
    "steed": "{who}: Earthen Steed: consume Earth for +2 Move for {thing}?",
    "steer": "{who}: choose the adjacent enemy that steps next to you, or skip",
    "volatile": "{who}: an element was consumed: deal 1 damage to an enemy within 2 hexes, "
    "or heal 1 a figure within 2, or skip",
    "ward": "{who}: choose the ally whose next damage this round is negated",
}
"""Decision kind → sentence; ``{who}`` is the deciding figure, ``{thing}`` what the choices name."""

BY_STEP: dict[str, str] = {
    "ds_pick_doomed": "{who}: choose the doomed enemy to attack (at any range), or skip",
    "ds_summon": "{who}: choose the adjacent summon that performs its move and attack, or skip",
    "ph_sacrifice": "{who}: suffer 1 damage to deal 3 damage to a poisoned enemy, or skip",
    "ph_cash": "{who}: choose a poisoned enemy: its poison ends and it suffers the damage, or skip",
    "qm_bomb": "{who}: place the bomb: its normal enemies and you suffer the damage, or skip",
    "cls_kill_area": "{who}: choose the line of hexes: the enemies in it are killed, or skip",
}
"""Sentences for generic decision kinds (``target``, ``area``...) by the step that asks them:
what only the game's pending step knows (the Doomstalker's Wild Command, Willing Sacrifice)."""

_ITEM_PICKS = {
    "heal": "choose whom to heal", "infuse": "choose an element to infuse",
    "consume": "choose an element to consume", "refresh": "choose an item to refresh, or stop",
    "recover": "choose a card to recover, or stop", "ally": "choose an ally",
    "summon-at": "choose the hex for the summon", "cure": "choose whom to cure, or stop",
    "move-summon": "choose the summon to move", "control": "choose the enemy to control",
    "mark": "choose the figure to mark", "destroy": "choose the obstacle to destroy",
    "play": "choose a card to play", "select": "choose two cards, the leading one first",
    "target": "choose the target",
}  # fmt: skip


def _name(names: Mapping[str, str], fid: str) -> str:
    return names.get(fid) or D.figure_name(fid)


def _first_arg(d: Decision, kinds: tuple[str, ...]) -> str | None:
    return next((c.args[0] for c in d.choices if c.kind in kinds and c.args), None)


def _task(game: Game | None) -> tuple[str, str, str]:
    """(kind, who, text) of the step that asks the decision now, or empty words."""
    if game is None or not game.state.agenda:
        return "", "", ""
    t = game.state.agenda[-1]
    return t.kind, t.who, t.text


def _thing(d: Decision, names: Mapping[str, str], game: Game | None) -> str:
    """The word a decision's sentence needs from its choices (an element, a figure, an amount)
    or, with ``game``, from the step asking it (the figure pushed, the card a rest lost)."""
    k = d.kind
    task, who, text = _task(game)
    if k in ("push", "pull", "forced-move", "wild") or k.startswith("monster"):
        f = game.state.figures.get(who) if game is not None else None
        if f is not None and (f.kind != "character" or k in ("push", "pull", "forced-move")):
            return _name(names, who)
        return "the figure" if k in ("push", "pull", "forced-move") else "the monster"
    if k == "short-rest-loss":
        return D.words(text) if task == "rest_reroll" and text else "a random card"
    if k == "steed":
        fid = text.split("#", 1)[0]
        return _name(names, fid) if fid and game is not None and fid in game.state.figures else "the mover"
    if k == "consume":
        found = [c.args for c in d.choices if c.kind == "consume" and c.args]
        if len(found) == 1:
            return " and ".join(D.words(a) for a in found[0])
        return "an element"
    if k == "damage":
        return _first_arg(d, ("take",)) or "some"
    if k == "suffer":
        return max((c.args[0] for c in d.choices if c.args and c.args[0].isdigit()), key=int, default="0")
    if k in ("intervene", "doom-shove", "enemy-step"):
        arg = _first_arg(d, ("intervene", "shove", "hex"))
        return _name(names, arg) if arg else "the figure"
    if k == "share-damage":
        arg = _first_arg(d, ("damage",))
        return _name(names, arg) if arg else "the figure"
    if k == "token-holder":
        token = _first_arg(d, ("holder",))
        return D.words(token) if token else "token"
    if k == "item-pick":
        kind = next((c.kind for c in d.choices if c.kind != "done"), "")
        return _ITEM_PICKS.get(kind, "choose one")
    return "the figure"


def prompt(d: Decision, names: Mapping[str, str], game: Game | None = None) -> str:
    """The question of ``d`` as a sentence: who decides what, and what the choices mean; with
    ``game`` (whose decision ``d`` is) it also names what only the game knows: the figure pushed,
    the monster whose options tie, the card a short rest lost.

    >>> from delvekit.core.records import Choice, Decision
    >>> prompt(Decision("brute", "damage", [Choice("take", ("3",))]), {"brute": "Brute"})[:42]
    'Brute is about to suffer 3 damage: take it'
    """
    who = "The party" if d.actor == "party" else _name(names, d.actor)
    kinds = {c.kind for c in d.choices}
    if d.kind == "push" and kinds & {"target", "all"}:
        return f"{who}: choose whom to push, or skip"
    if d.kind == "pull" and kinds & {"target", "all"}:
        return f"{who}: choose whom to pull, or skip"
    if d.kind == "tie" and "slot" in kinds:
        mtype = _first_arg(d, ("slot",)) or "the monster"
        return f"The party: {D.words(mtype)} ties on initiative: choose its place among the tied figures"
    if d.kind == "swap" and "figure" in kinds:
        return f"{who}: choose the first of two figures that trade places, or skip"
    if d.kind == "obstacle" and "move-obstacle" in kinds:
        return f"{who}: choose an obstacle to move and where it goes, or skip"
    if d.kind == "pay" and "discard" in kinds:
        return f"{who}: discard a card from the hand to perform the bonus, or skip"
    if d.kind == "pay":
        return f"{who}: suffer the damage to perform the bonus, or not"
    if d.kind == "recover" and any(len(c.args) == 2 for c in d.choices if c.kind == "recover"):
        return f"{who}: choose an adjacent ally's lost card to recover, or stop"
    if d.kind == "move" and kinds & {"teleport"}:
        return f"{who}: choose a hex to teleport to, or stop"
    task = _task(game)[0]
    template = BY_STEP.get(task) if task and d.actor != "party" else None
    template = template or PROMPTS.get(d.kind)
    if template is None:  # a kind no sentence was written for (the tests catch it)
        return f"{who}: {D.words(d.kind)}"
    return template.format(who=who, thing=_thing(d, names, game))


CHOICE_KINDS = frozenset(
    {
        # hexes
        "step", "start", "summon-at", "place", "hex", "teleport", "move-to", "push-to", "pull-to",
        "disarm", "destroy", "outcome", "move-obstacle", "shove", "spring",
        # figures
        "target", "all", "area", "heal", "ally", "affect", "kill", "control", "turn", "doom",
        "transfer", "summon", "figure", "swap", "first", "slot", "intervene", "holder", "attack-from",
        "damage", "steer", "mark", "cure", "move-summon",
        # cards
        "select", "top", "bottom", "basic-top", "basic-bottom", "take", "lose", "lose-hand",
        "lose-discard", "recover", "pick-up", "discard", "keep", "play",
        # elements, items, amounts
        "consume", "no-consume", "infuse", "item", "refresh", "use-pack", "suffer", "forgo", "steed",
        "as-attack",
        # yes and no
        "skip", "stop", "done", "decline", "pass", "accept", "reroll", "short-rest", "no-rest",
        "long-rest", "keep-active", "as-heal", "as-printed", "move-first", "no-move", "pay", "no-pay",
    }
)  # fmt: skip
"""Every choice kind :func:`choice_label` words (anything else falls back to its raw words)."""

_PLAIN = {
    "skip": "Skip", "stop": "End the move here", "done": "Done", "decline": "Decline",
    "pass": "Pass", "accept": "Keep that loss", "no-rest": "Do not rest", "keep-active": "Keep it active",
    "reroll": "Reroll: suffer 1 damage and lose another random card instead",
    "short-rest": "Short rest: recover the discard pile, lose one random discarded card",
    "long-rest": "Long rest (initiative 99): lose a discarded card you choose, heal 2, recover the rest",
    "no-consume": "Do not consume", "as-printed": "As printed", "as-heal": "As a heal",
    "move-first": "Move 1 first", "no-move": "No, attack now", "pay": "Pay", "no-pay": "Do not pay",
}  # fmt: skip
_HEX_VERB = {
    "step": "Step to", "start": "Start on", "summon-at": "Summon on", "place": "Place on",
    "teleport": "Teleport to", "move-to": "Move to", "push-to": "Push into", "pull-to": "Pull into",
    "disarm": "Disarm the trap on", "destroy": "Destroy the obstacle on",
}  # fmt: skip
_FIGURE_VERB = {
    "kill": "Kill", "control": "Control", "turn": "Turn", "doom": "Doom", "transfer": "Move the doom to",
    "affect": "", "first": "", "holder": "", "figure": "", "swap": "Swap with", "heal": "Heal",
    "mark": "Mark", "cure": "Cure", "move-summon": "Move", "steer": "",
    "intervene": "Suffer the damage for",
}  # fmt: skip
_TARGET_VERB = {
    "kill": "Kill", "curse": "Curse", "ward": "Ward", "afflict": "", "push": "Push", "pull": "Pull",
    "control": "Control", "doom": "Doom",
}  # fmt: skip


def _who(game: Game, names: Mapping[str, str], fid: str) -> str:
    f = game.state.figures.get(fid)
    return _name(names, fid) + (f" ({f.hp}/{f.max_hp})" if f is not None else "")


def _item_name(game: Game, number: str, owner: str | None = None) -> tuple[str, str | None]:
    for ch in game.setup.party:
        if owner is not None and ch.id != owner:
            continue
        found = next((i for i in ch.items if str(i.number) == number), None)
        if found is not None:
            return found.name, ch.id
    return f"item {number}", None


def choice_label(game: Game, d: Decision, c: Choice, names: Mapping[str, str]) -> str:
    """One legal choice of ``d`` in words, short enough for a button: ``Kill Cultist 4 (3/5)``,
    ``Lose Trample from the hand``, ``Consume Fire``, ``Bear keeps 3 damage``."""
    k, args = c.kind, list(c.args)
    if k in _PLAIN and not args:
        if k == "skip" and d.kind == "doom-transfer":
            return "Let the doom end"
        return _PLAIN[k]
    if k in ("top", "bottom", "basic-top", "basic-bottom") and args:
        if k.startswith("basic"):
            return f"Basic {'Attack 2' if k == 'basic-top' else 'Move 2'} (with {D.words(args[0])})"
        return f"{k.capitalize()} of {D.words(args[0])}"
    if k == "select" and len(args) == 2 and d.kind == "extra-turn":
        return f"Play {D.words(args[0])} and {D.words(args[1])}"
    if k == "select" and len(args) == 2:
        return f"{D.words(args[0])} leads, {D.words(args[1])}"
    if k == "take" and args and args[0].isdigit():
        return f"Suffer {args[0]} damage"
    if k == "take" and args:
        return f"Take {D.words(args[0])}"
    if k == "lose-hand" and args:
        return f"Lose {' and '.join(D.words(a) for a in args)} from the hand"
    if k == "lose-discard" and args:
        return f"Lose {' and '.join(D.words(a) for a in args)} from the discard pile"
    if k == "lose" and args:
        return f"Lose {D.words(args[0])}"
    if k == "recover" and len(args) == 2:
        return f"Recover {_name(names, args[0])}'s {D.words(args[1])}"
    if k in ("recover", "pick-up", "discard", "play") and args:
        verb = {"recover": "Recover", "pick-up": "Pick up", "discard": "Discard", "play": "Play"}[k]
        return f"{verb} {D.words(args[0])}"
    if k == "keep" and args:
        return f"Keep {D.words(args[0])}"
    if k == "keep":
        return {"forgo": "Keep both actions", "medical-pack": "Keep the pack"}.get(d.kind, "Keep")
    if k == "forgo" and args:
        return {"both": "Forgo both actions"}.get(args[0], f"Forgo the {args[0]} action")
    if k == "consume":
        return "Consume " + " and ".join(D.words(a) for a in args) if args else "Consume"
    if k == "infuse" and args:
        return f"Infuse {D.words(args[0])}"
    if k == "steed" and args:
        return "Consume Earth: +2 Move" if args[0] == "consume" else "Do not consume"
    if k == "use-pack" and args:
        return f"Use a {D.words(args[0])} Pack"
    if k == "suffer" and args:
        return f"Suffer {args[0]} damage" if args[0] != "0" else "Suffer none (no bonus)"
    if k == "as-attack" and args:
        return f"Attack {args[0]} instead of moving"
    if k == "refresh" and args:
        return f"Refresh {_item_name(game, args[0], d.actor)[0]}"
    if k == "item" and args:
        owner = args[1] if len(args) > 1 and not args[1].lstrip("+-").isdigit() else None
        name, whose = _item_name(game, args[0], owner)
        shift = next((a for a in args[1:] if a.lstrip("+-").isdigit() and a[:1] in "+-"), None)
        text = f"Use {name}" + (f" ({_name(names, whose)}'s)" if whose and whose != d.actor else "")
        return text + (f", initiative {shift}" if shift else "")
    if k == "damage" and len(args) == 2:  # sharing damage out: the figure keeps this much
        f = game.state.figures.get(args[0])
        left = f" ({f.max_hp - int(args[1])}/{f.max_hp} left)" if f is not None and args[1].isdigit() else ""
        return f"{args[1]} damage{left}"
    if k == "damage" and args:
        return f"1 damage to {_who(game, names, args[0])}"
    if k == "heal" and args and d.kind == "volatile":
        return f"Heal 1 {_who(game, names, args[0])}"
    if k == "slot" and len(args) == 2:
        n = int(args[1]) if args[1].isdigit() else 0
        return "First of the tied figures" if n == 0 else f"After {n} of the tied figures"
    if k == "holder" and len(args) == 2:
        return _name(names, args[1])
    if k == "attack-from" and args:
        return "From here" if args[0] == "here" else f"From {_name(names, args[0])}'s hex"
    if k == "summon" and args:
        return _who(game, names, args[0])
    if k in ("all", "area") and args:
        hit = [a.removeprefix("e=") for a in args if not a.startswith("a=")]
        allies = [a[2:] for a in args if a.startswith("a=") and a[2:] not in hit]
        verb = {"attack": "Attack", "area-attack": "Attack", "push": "Push", "pull": "Pull"}.get(d.kind, "")
        if k == "all" and d.kind == "afflict":
            verb = "Every one:"
        shown = ", ".join(_name(names, f) for f in hit) if len(hit) < 5 else f"{len(hit)} figures"
        also = f" (the area also covers {', '.join(_name(names, a) for a in allies)})" if allies else ""
        return f"{verb} {shown}".strip() + also
    if k in ("shove", "hex", "spring") and len(args) == 2:
        hex_, other = (args[1], args[0]) if k != "spring" else (args[0], args[1])
        if k == "spring":
            return f"Spring the trap on {hex_}" + (
                f" at {_name(names, other)}" if other != "-" else " (no enemy)"
            )
        return f"To {hex_}"
    if k == "move-obstacle" and len(args) == 2:
        return f"Move the obstacle on {args[0]} to {args[1]}"
    if k == "outcome" and args:  # "outcome 5,7 brute,mindthief"; "-" when it attacks no one
        targets = [_name(names, t) for a in args[1:] for t in a.split(",") if t and t != "-"]
        return f"Move to {args[0]}" + (f", attack {', '.join(targets)}" if targets else "")
    if k in _HEX_VERB and args:
        return f"{_HEX_VERB[k]} {' '.join(args)}" if len(args) < 3 else f"{_HEX_VERB[k]} {args[0]} (shape)"
    if k == "place" and args:
        return f"Place on {', '.join(args)}"
    if k == "hex" and args:
        return f"Hex {args[0]}"
    if k == "target" and args:
        verb = _TARGET_VERB.get(d.kind, "")
        return f"{verb} {_who(game, names, args[0])}".strip()
    if k in _FIGURE_VERB and args and args[0] in game.state.figures:
        return f"{_FIGURE_VERB[k]} {_who(game, names, args[0])}".strip()
    if k in ("ally", "heal", "affect", "first", "intervene", "steer", "figure") and args:
        return _name(names, args[0])
    rest = " " + " ".join(_name(names, a) if a in names else D.words(a) for a in args) if args else ""
    return D.words(k) + rest
