"""Named effects of class ability cards (Brute and Mindthief, every level), registered in
:mod:`delvekit.gloomhaven.engine.registry`. :mod:`~delvekit.gloomhaven.content.character_cards` makes the
``custom`` abilities; each handler here performs one wording, asking the deciding player through
agenda tasks where the rules leave a choice.

Effects performed when the ability is:

=============================  ===============================================================
``attack-x`` / ``move-x``      X from its rule part: hexes moved this turn (the figure's own
                               ``moved`` steps since its turn began) or damage dealt this turn
                               (the damage of its attacks since its turn began) — Balanced Measure
``attack-moved-through``       one attack on each enemy whose hex the figure moved through in
                               this action (no range or sight needed) — Trample
``attack-per-condition``       +N attack (and XP) per negative condition on each target —
                               Submissive Affliction, Perverse Edge
``attack-consumes``            an attack with one or more optional element consumptions, each
                               adding attack, conditions, a curse or XP — Frigid Apparition,
                               Dark Frenzy, Shared Nightmare
``consume-for``                a consumption of its own (shield self, curse an adjacent enemy)
``push-consume``               Push N to adjacent enemies, more when consuming — Silent Scream
``afflict``                    conditions (and a push) on one adjacent enemy, every adjacent
                               enemy, or every enemy moved through — Withering Claw, Frigid
                               Apparition, Unstoppable Charge, Crippling Offensive
``if-ended-in-starting-hex``   a move; if it ended where it began, its parts — Feedback Loop
``if-moved-in-straight-line``  a move; if in a straight line, Attack X (X hexes moved) — Hook
                               and Chain
``xp-per-target``              XP per enemy attacked in this action — Whirlwind, King of the Hill
``kill``                       kill one normal (or elite) enemy, adjacent or in range, maybe one
                               with a given condition — Fatal Advance, Quietus, Face Your End
``attack-around-killed``       attack every enemy adjacent to the enemy killed in this action
``summon``                     a character summon on an empty adjacent hex the owner chooses
                               (§12): its stat line, attacks adding its conditions; it dies when
                               its card leaves play, and its card is lost when it dies
``augment``                    the Mindthief's augment: an older augment in the active area is
                               discarded (two may stay with ``two-augments-active``)
``control-enemy``              one enemy in range performs the parts, the player choosing its
                               path and targets; its attack uses the monster's range and deck,
                               and may target only its own allies, never itself
``ally-performs``              an ally (adjacent or in range) performs the parts
``extra-coin-per-adjacent-enemy``  Loot, then one more coin per adjacent enemy from the supply
=============================  ===============================================================

Effects that act from the active area (performing them only says so): ``bonus-this-round``
(+N to all your attacks this round, maybe only against targets with listed conditions — Wall of
Doom, Quietus, Frenzied Onslaught), ``redirect-attacks`` (Provoking Roar: an enemy attacking an
ally adjacent to you attacks you instead, at any range), ``shield-on-attacked`` (Warding
Strength: each attack on you spends a use slot and gives its shield), ``xp-per-retaliate`` (Eye
for an Eye: XP each time your retaliate deals damage this round), ``two-augments-active``,
``ranged-attacks-gain-augments`` (Psychic Projection).
"""

from __future__ import annotations

import itertools

import msgspec

from delvekit.core.hexes import Hex, neighbours
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, _half, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import ActiveCard, Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import Half

NEGATIVE = frozenset(c for c in Condition if c.negative)

# ----------------------------------------------------------------- parts


def flags(ability: Ability) -> list[str]:
    """The one-word parts of a named effect, in order."""
    return [a.note for a in ability.then if a.kind == "custom"]


def flag_number(ability: Ability, prefix: str, default: int = 0) -> int:
    """The number ending the first flag that starts with ``prefix`` (``enemy-range-5`` → 5)."""
    for note in flags(ability):
        if note.startswith(prefix):
            tail = note.removeprefix(prefix).rsplit("-", 1)[-1]
            if tail.isdigit():
                return int(tail)
    return default


def parts(ability: Ability, kind: str) -> list[Ability]:
    return [a for a in ability.then if a.kind == kind]


def _events_since(game: Game, kind: str, fid: str) -> list[tuple[str, tuple[str, ...]]]:
    """Events after the last ``kind`` event of ``fid`` (its turn, its action...)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for e in reversed(game.events):
        if e.kind == kind and e.args and e.args[0] == fid:
            break
        out.append((e.kind, e.args))
    out.reverse()
    return out


def _moved(events: list[tuple[str, tuple[str, ...]]], fid: str) -> list[Hex]:
    return [actions.parse_hex(args[1]) for kind, args in events if kind == "moved" and args[0] == fid]


def _damage_dealt(events: list[tuple[str, tuple[str, ...]]], fid: str) -> int:
    return sum(
        int(args[3].removeprefix("damage="))
        for kind, args in events
        if kind == "attack" and args[0] == fid and len(args) > 3
    )


def _x(game: Game, fid: str, ability: Ability) -> int:
    rules = flags(ability)
    events = _events_since(game, "turn", fid)
    if "x-is-hexes-moved-this-turn" in rules:
        return len(_moved(events, fid))
    if "x-is-damage-dealt-this-turn" in rules:
        return _damage_dealt(events, fid)
    return 0


def _active_halves(game: Game, cid: str) -> list[tuple[int, ActiveCard, Half]]:
    ch = game.state.characters.get(cid)
    if ch is None:
        return []
    return [(i, a, _half(game, cid, a.card, a.half)) for i, a in enumerate(ch.active)]


def _named_in(half: Half, note: str) -> list[Ability]:
    return [a for a in half.abilities if a.kind == "custom" and a.note == note]


def _attack_text(ability: Ability, extras: str = "") -> str:
    return f"{ability}|" + (f"|{extras}" if extras else "")


def _perform_attack(game: Game, fid: str, ability: Ability, extras: str = "") -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    if Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
        return
    game.push(Task("attack", fid, ability.value, _attack_text(ability, extras)))


def _perform_move(game: Game, fid: str, move: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    if Condition.IMMOBILIZE in f.conditions:
        game.emit("prevented", fid, "move", "immobilize")
        return
    game.push(Task("move", fid, move.value, f"0/{'jump' if move.jump else 'walk'}/s"))


# ------------------------------------------------------------ X values


@effect("attack-x")
def _attack_x(game: Game, fid: str, ability: Ability) -> None:
    """Balanced Measure: Attack X, X = hexes moved this turn."""
    x = _x(game, fid, ability)
    game.emit("x", fid, x)
    _perform_attack(game, fid, Ability(kind="attack", value=x))


@effect("move-x")
def _move_x(game: Game, fid: str, ability: Ability) -> None:
    """Balanced Measure: Move X, X = damage dealt this turn."""
    x = _x(game, fid, ability)
    game.emit("x", fid, x)
    if x:
        _perform_move(game, fid, Ability(kind="move", value=x))


# ------------------------------------------------- enemies moved through


def _moved_through(game: Game, f: Figure) -> list[Figure]:
    """Enemies standing on hexes ``f`` entered during this action (it cannot end on them)."""
    path = _moved(_events_since(game, "action", f.id), f.id)
    on = {g.hex: g for g in game.state.figures.values() if actions._hostile(f, g)}
    seen: dict[str, Figure] = {}
    for h in path:
        g = on.get(h)
        if g is not None and h != f.hex:
            seen.setdefault(g.id, g)
    return list(seen.values())


@effect("attack-moved-through")
def _attack_moved_through(game: Game, fid: str, ability: Ability) -> None:
    """Trample: the attack targets every enemy moved through this action."""
    f = game.state.figures.get(fid)
    if f is None or not ability.then:
        return
    if Condition.DISARM in f.conditions:
        game.emit("prevented", fid, "attack", "disarm")
        return
    ids = [g.id for g in _moved_through(game, f) if Condition.INVISIBLE not in g.conditions]
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("fx_all", fid, 0, f"strike|{';'.join(sorted(ids))}|{ability.then[0]}"))


def _run_all(game: Game, task: Task) -> Decision | None:
    kind, ids, _ = task.text.split("|", 2)
    alive = tuple(i for i in ids.split(";") if i in game.state.figures)
    if not alive:
        game.pop_task()
        return None
    return Decision(task.who, "attack" if kind == "strike" else kind, [Choice("all", alive), Choice("skip")])


def _apply_all(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    kind, _, text = task.text.split("|", 2)
    if choice.kind == "skip":
        game.emit("declined", task.who, kind)
        return
    if kind == "strike":
        a = Ability.parse(text)
        game.push(*(Task("strike", task.who, a.value, f"{a}|{t}") for t in choice.args))
    else:
        for t in choice.args:
            _afflict_one(game, task.who, t, Ability.parse(text))


# --------------------------------------------------------- conditions on others


def _afflict_one(game: Game, fid: str, tid: str, ability: Ability) -> None:
    target = game.state.figures.get(tid)
    if target is None:
        return
    for c in parts(ability, "condition"):
        if c.condition is not None:
            game.add_condition(tid, c.condition)
    if "curse" in flags(ability):
        game.add_modifier_card(tid, "curse")
    for p in parts(ability, "push") + parts(ability, "pull"):
        game.push(Task("force", tid, p.value, f"{fid}/{p.kind}/s"))


def _adjacent_enemies(game: Game, f: Figure) -> list[Figure]:
    return [g for g in actions.targets(game, f, 0)]


@effect("afflict")
def _afflict(game: Game, fid: str, ability: Ability) -> None:
    """Conditions (and a push) on one adjacent enemy, every adjacent enemy or every enemy moved
    through this action."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = flags(ability)
    if "affects-enemies-moved-through" in who:
        found = [g.id for g in _moved_through(game, f)]
        if found:
            game.push(Task("fx_all", fid, 0, f"afflict|{';'.join(sorted(found))}|{ability}"))
        return
    near = sorted(g.id for g in _adjacent_enemies(game, f))
    if not near:
        game.emit("no-target", fid)
        return
    if "affects-enemies-adjacent" in who:
        game.push(Task("fx_all", fid, 0, f"afflict|{';'.join(near)}|{ability}"))
    else:
        game.push(Task("fx_pick", fid, 0, f"afflict|{';'.join(near)}|{ability}"))


def _run_pick(game: Game, task: Task) -> Decision | None:
    kind, ids, _ = task.text.split("|", 2)
    alive = [i for i in ids.split(";") if i and (i in game.state.figures or kind == "summon")]
    if not alive:
        game.pop_task()
        return None
    word = {"afflict": "target", "summon": "summon-at"}.get(kind, kind)
    actor = game.state.figures.get(task.who)
    who = actions.decider(game, actor) if actor is not None else task.who
    return Decision(who, kind, [*(Choice(word, (i,)) for i in alive), Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    kind, _, text = task.text.split("|", 2)
    if choice.kind == "skip":
        game.emit("declined", task.who, kind)
        return
    ability = Ability.parse(text)
    picked = choice.args[0]
    if kind == "afflict":
        _afflict_one(game, task.who, picked, ability)
    elif kind == "kill":
        _kill(game, task.who, picked)
    elif kind == "summon":
        _place_summon(game, task.who, actions.parse_hex(picked), ability)
    elif kind == "control":
        _control(game, task.who, picked, ability)
    elif kind == "ally":
        _ally(game, task.who, picked, ability)
    elif kind == "turn":
        control = "you-control" in flags(ability)
        game.emit("turned", picked, f"by={task.who}", *(["control"] if control else []))


# ----------------------------------------------------------- moves with a test


@effect("if-ended-in-starting-hex", "if-moved-in-straight-line")
def _move_then(game: Game, fid: str, ability: Ability) -> None:
    """A move whose end decides what follows (Feedback Loop, Hook and Chain)."""
    f = game.state.figures.get(fid)
    moves = parts(ability, "move")
    if f is None or not moves:
        return
    game.push(Task("fx_after_move", fid, len(game.events), f"{actions.hex_token(f.hex)}|{ability}"))
    _perform_move(game, fid, moves[0])


def _run_after_move(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None:
        return None
    start_text, text = task.text.split("|", 1)
    start = actions.parse_hex(start_text)
    ability = Ability.parse(text)
    path = [
        actions.parse_hex(e.args[1]) for e in game.events[task.n :] if e.kind == "moved" and e.args[0] == f.id
    ]
    if ability.note == "if-ended-in-starting-hex":
        if path and f.hex == start:
            game.emit("condition-met", f.id, ability.note)
            on = {g.hex: g for g in game.state.figures.values() if actions._hostile(f, g)}
            hit = sorted({on[h].id for h in path if h in on})
            if hit:
                game.push(Task("fx_all", f.id, 0, f"afflict|{';'.join(hit)}|{ability}"))
        return None
    hexes = [start, *path]
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(hexes)}
    if path and len(steps) == 1:
        x = len(path)
        game.emit("condition-met", f.id, ability.note, f"x={x}")
        _perform_attack(game, f.id, Ability(kind="attack", value=x))
    return None


# ------------------------------------------------------------------- XP


@effect("xp-per-target")
def _xp_per_target(game: Game, fid: str, ability: Ability) -> None:
    """XP for each enemy attacked by the action's attack (Whirlwind, King of the Hill)."""
    ch = game.state.characters.get(fid)
    if ch is None:
        return
    since = _events_since(game, "action", fid)
    hit = {args[1] for kind, args in since if kind == "attack" and args[0] == fid}
    gain = len(hit) * sum(p.value for p in parts(ability, "xp"))
    if gain:
        ch.xp += gain
        game.emit("xp", fid, gain)


def retaliated(game: Game, target: Figure) -> None:
    """``target`` dealt retaliate damage: XP from its active "XP per retaliation" bonuses."""
    if target.kind != "character":
        return
    for _, _, half in _active_halves(game, target.id):
        for a in _named_in(half, "xp-per-retaliate"):
            gain = sum(p.value for p in parts(a, "xp"))
            if gain:
                game.state.characters[target.id].xp += gain
                game.emit("xp", target.id, gain)


# -------------------------------------------------------- active-area bonuses


@effect(
    "redirect-attacks",
    "shield-on-attacked",
    "xp-per-retaliate",
    "two-augments-active",
    "ranged-attacks-gain-augments",
    "moves-count-as-attacks",
)
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act from the active area (see the module docstring)."""
    game.emit("bonus", fid, ability.note)


@effect("bonus-this-round")
def _bonus_this_round(game: Game, fid: str, ability: Ability) -> None:
    """+N to all your attacks this round (from the active area); with an ``affects`` part
    (Enhancement Field: "you and all adjacent allies"), the allies it names when performed get
    the same bonus this round."""
    game.emit("bonus", fid, ability.note)
    f = game.state.figures.get(fid)
    who = [n for n in flags(ability) if n.startswith("affects-") and n != "affects-self"]
    if f is None or not who:
        return
    friends = [
        g
        for g in game.state.figures.values()
        if g is not f and not actions._hostile(f, g) and g.kind != "objective"
    ]
    if who[0] not in ("affects-allies", "affects-self-allies"):  # else every ally (Supportive Chant)
        friends = _in_reach(game, f, _reach(ability) if "-range-" in who[0] else 1, friends)
    n = sum(p.value for p in parts(ability, "attack"))
    for g in sorted(friends, key=lambda g: g.id):
        game.emit("round-attack-bonus", g.id, f"+{n}", f"by={fid}")


class StrikeBonus:
    """What a character's bonuses add to one attack on one target."""

    __slots__ = (
        "adds", "advantage", "attack", "heal_ally", "heal_self", "pierce", "retaliate", "shield", "why", "xp"
    )  # fmt: skip

    def __init__(self) -> None:
        self.attack = 0
        self.advantage = False
        self.pierce = 0
        self.adds: list[Condition] = []
        self.why: list[str] = []
        self.heal_self = 0
        self.heal_ally: list[tuple[int, int]] = []
        self.shield = 0
        self.retaliate = 0
        self.xp = 0


def augments(game: Game, cid: str) -> list[Ability]:
    """The character's active augments (the one being played counts at once)."""
    ch = game.state.characters.get(cid)
    if ch is None:
        return []
    out = [a for _, _, half in _active_halves(game, cid) for a in _named_in(half, "augment")]
    if ch.playing is not None and ch.used_half in ("top", "bottom"):
        out += _named_in(_half(game, cid, ch.playing, ch.used_half), "augment")
    return out


def strike_bonus(game: Game, f: Figure, target: Figure, ability: Ability, extras: str) -> StrikeBonus:
    """Bonuses on one attack of ``f`` on ``target``: round bonuses, augments (melee attacks, or
    ranged ones under Psychic Projection), per-negative-condition bonuses."""
    out = StrikeBonus()
    tokens = [t for t in extras.split(",") if t]
    negatives = sum(1 for c in target.conditions if c in NEGATIVE)
    for t in tokens:
        if t.startswith("neg="):
            out.attack += int(t[4:]) * negatives
            if negatives and int(t[4:]):
                out.why.append(f"negative-conditions={negatives}")
        elif t.startswith("negxp="):
            out.xp += int(t[6:]) * negatives
        elif t == "adv":  # a consumption bought advantage (Hammer Blow)
            out.advantage = True
    if f.kind != "monster":
        n = round_attack_bonus(game, f.id)
        if n:
            out.attack += n
            out.why.append(f"allies-bonus+{n}")
    owner = _augment_owner(game, f, ability, tokens)
    if owner is not None:
        _augment_bonus(game, owner, out, extras)
    from delvekit.gloomhaven.effects.classes import (
        doomstalker as effects_doomstalker,  # dooms: characters' and summons' attacks
    )

    effects_doomstalker.strike_extra(game, f, target, ability, out, extras)
    from delvekit.gloomhaven.effects.classes import (
        soothsinger as effects_soothsinger,  # songs: allies' attacks, summons too
    )

    effects_soothsinger.strike_extra(game, f, out)
    if f.kind != "character":
        return out
    from delvekit.gloomhaven.effects import wordings as effects_classes

    effects_classes.strike_extra(game, f, target, out, extras)  # Proficiency, Scales of Justice...
    for _, _, half in _active_halves(game, f.id):
        for a in _named_in(half, "bonus-this-round"):
            who = [n for n in flags(a) if n.startswith("affects-")]
            if who and not any(n == "affects-self" or n.startswith("affects-self-") for n in who):
                continue  # "all adjacent allies add +2" (Harsh Stimulants): not the performer
            only = {p.condition for p in parts(a, "condition")}
            if not only or any(c in target.conditions for c in only):
                n = sum(p.value for p in parts(a, "attack"))
                out.attack += n
                out.why.append(f"round-bonus+{n}")
    from delvekit.gloomhaven.effects.classes import (
        cragheart as effects_cragheart,  # ranged/melee round bonuses
    )

    effects_cragheart.strike_extra(game, f, target, ability, out)
    from delvekit.gloomhaven.effects.classes import plagueherald as effects_plagueherald  # Spread the Plague

    effects_plagueherald.strike_extra(game, f, ability, out)
    from delvekit.gloomhaven.effects.classes import (
        scoundrel as effects_scoundrel,  # last: its "double" sees every bonus
    )

    effects_scoundrel.strike_extra(game, f, target, ability, out, extras)
    return out


def _augment_owner(game: Game, f: Figure, ability: Ability, tokens: list[str]) -> str | None:
    """Whose augments apply to this attack of ``f``, if any (``aug=CID``: an ally's attack
    that gains CID's augments, Domination)."""
    lent = next((t[4:] for t in tokens if t.startswith("aug=")), None)
    if lent is not None or f.kind != "character":
        return lent
    ranged_gain = any(
        _named_in(half, "ranged-attacks-gain-augments") for _, _, half in _active_halves(game, f.id)
    )
    if "noaug" not in tokens and (ability.range == 0 or ranged_gain):
        return f.id
    return None


def augment_consumption(game: Game, f: Figure, ability: Ability, extras: str) -> Element | None:
    """The element an active augment may consume for this attack (Frozen Mind, Phantasmal
    Killer), when it can and the player has not answered yet."""
    tokens = [t for t in extras.split(",") if t]
    if any(t.startswith("augc=") for t in tokens):
        return None
    from delvekit.gloomhaven.effects import wordings as effects_classes

    own = effects_classes.attack_consumption(game, f)  # Weapon of Purity
    if own is not None:
        return own
    owner = _augment_owner(game, f, ability, tokens)
    if owner is None:
        return None
    for aug in augments(game, owner):
        for note in flags(aug):
            if note.startswith("consume-"):
                element = Element.parse(note.removeprefix("consume-"))
                if game.state.elements.can_consume(element):
                    return element
    return None


def _consumed_parts(game: Game, owner: str, extras: str) -> list[Ability]:
    """What the augment consumption of this attack bought (after ``augc=E``)."""
    paid = next((t[5:] for t in extras.split(",") if t.startswith("augc=")), "-")
    if paid == "-":
        return []
    out: list[Ability] = []
    for aug in augments(game, owner):
        bought = False
        for p in aug.then:
            if p.kind == "custom" and p.note.startswith("consume-"):
                bought = p.note == f"consume-{paid}"
            elif bought:
                out.append(p)
    return out


def killed_instead(game: Game, f: Figure, target: Figure, extras: str) -> bool:
    """Phantasmal Killer: with dark consumed, a normal target is killed instead of attacked;
    Inspiring Sanctity (``killne``): a normal or elite one."""
    from delvekit.gloomhaven.effects.classes import spellweaver as effects_spellweaver  # Black Hole

    if effects_spellweaver.kills_instead(game, f, target):
        return True
    if "killne" in extras.split(",") and target.kind == "monster" and target.rank in ("normal", "elite"):
        _kill(game, f.id, target.id)
        return True
    if "killn" in extras.split(",") and target.kind == "monster" and target.rank == "normal":
        _kill(game, f.id, target.id)  # Spirit of the Night, Angel of Death (``killn``): a normal one
        return True
    owner = _augment_owner(game, f, Ability(kind="attack"), [t for t in extras.split(",") if t])
    if owner is None:
        return False
    bought = [p.note for p in _consumed_parts(game, owner, extras) if p.kind == "custom"]
    if "kill" in bought and target.kind == "monster" and target.rank == "normal":
        _kill(game, f.id, target.id)
        return True
    return False


def _augment_bonus(game: Game, cid: str, out: StrikeBonus, extras: str = "") -> None:
    for p in _consumed_parts(game, cid, extras):
        if p.kind == "condition" and p.condition is not None:
            out.adds.append(p.condition)
    for aug in augments(game, cid):
        if any(n.startswith("consume-") for n in flags(aug)):
            continue  # what it buys comes only with the consumption (above)
        for p in aug.then:
            if p.kind == "attack":
                out.attack += p.value
                out.why.append(f"augment+{p.value}")
            elif p.kind == "condition" and p.condition is not None:
                out.adds.append(p.condition)
            elif p.kind == "heal" and p.range > 0:
                out.heal_ally.append((p.value, p.range))
            elif p.kind == "heal":
                out.heal_self += p.value
            elif p.kind == "shield":
                out.shield += p.value
            elif p.kind == "retaliate":
                out.retaliate += p.value


def after_strike(game: Game, f: Figure, bonus: StrikeBonus) -> None:
    """The after-effects of one attack's bonuses: augments' heal, shield or retaliate (until the
    end of the round), XP per negative condition."""
    owner = f.id if f.kind == "character" else None
    if f.id not in game.state.figures:
        return
    if bonus.heal_self:
        game.heal(f.id, bonus.heal_self)
    if bonus.shield:
        f.shield_bonus += bonus.shield
        game.emit("bonus", f.id, "shield", bonus.shield)
    if bonus.retaliate:
        f.retaliate_bonus += bonus.retaliate
        game.emit("bonus", f.id, "retaliate", bonus.retaliate)
    for amount, reach in bonus.heal_ally:
        game.push(Task("heal_ally", f.id, amount, str(reach)))
    if bonus.xp and owner is not None:
        game.state.characters[owner].xp += bonus.xp
        game.emit("xp", owner, bonus.xp)


def shield_against_attack(game: Game, target: Figure) -> int:
    """Shield from "on each attack on you" persistent bonuses (Warding Strength): each attack
    spends one use slot (with its XP); the last slot sends the card to the lost pile. Divine
    Intervention's shield for you and all allies counts for summons too."""
    from delvekit.gloomhaven.effects import wordings as effects_classes  # Defensive Ditty
    from delvekit.gloomhaven.effects.classes import soothsinger as effects_soothsinger  # Defensive Ditty

    allies = effects_classes.ally_shield(game, target) + effects_soothsinger.ally_shield(game, target)
    if target.kind != "character":
        return allies
    ch = game.state.characters[target.id]
    total = allies
    for i, active, half in reversed(_active_halves(game, target.id)):
        found = _named_in(half, "shield-on-attacked")
        if not found:
            continue
        amount = sum(p.value for a in found for p in parts(a, "shield"))
        total += amount
        used = active.used + 1
        game.emit("bonus", target.id, "shield", amount, f"by={active.card}")
        if used <= len(half.use_xp) and half.use_xp[used - 1]:
            ch.xp += half.use_xp[used - 1]
            game.emit("xp", target.id, half.use_xp[used - 1])
        if half.uses and used >= half.uses:
            del ch.active[i]
            (ch.lost if active.lost else ch.discard).append(active.card)
            game.emit("card", target.id, active.card, "lost" if active.lost else "discard")
        else:
            ch.active[i] = msgspec.structs.replace(active, used=used)
    return total


def redirect(game: Game, attacker: Figure, target: Figure) -> Figure:
    """Provoking Roar: an enemy attacking an ally adjacent to a character with the bonus active
    attacks that character instead, at any range. Then the attack on the final target starts
    (Purifying Aura's retaliate against melee attacks)."""
    from delvekit.gloomhaven.effects import wordings as effects_classes

    final = _redirect(game, attacker, target)
    effects_classes.melee_attacked(game, attacker, final)
    return final


def _redirect(game: Game, attacker: Figure, target: Figure) -> Figure:
    board = game.board()
    if attacker.kind != "monster" or board is None:
        return target
    for cid in game.state.characters:
        f = game.state.figures.get(cid)
        if f is None or f is target or target.kind == "monster":
            continue
        if not any(_named_in(half, "redirect-attacks") for _, _, half in _active_halves(game, cid)):
            continue
        if board.adjacent(f.hex, target.hex):
            game.emit("redirected", attacker.id, target.id, f"to={cid}")
            return f
    return target


# ------------------------------------------------------------- per condition


@effect("attack-per-condition")
def _attack_per_condition(game: Game, fid: str, ability: Ability) -> None:
    attacks = parts(ability, "attack")
    if not attacks:
        return
    per = flag_number(ability, "per-negative-condition-")
    xp = sum(p.value for p in parts(ability, "xp"))
    _perform_attack(game, fid, attacks[0], f"neg={per},negxp={xp}")


# ------------------------------------------------------------- consumptions


def _consume_groups(ability: Ability) -> tuple[list[Ability], list[tuple[Element | None, list[Ability]]]]:
    """(base parts, [(element, bonus parts)...]) of a consuming effect; element ``None`` is a
    wild consumption (any one Strong or Waning element, the player's choice, §9)."""
    base: list[Ability] = []
    groups: list[tuple[Element | None, list[Ability]]] = []
    for p in ability.then:
        if p.kind == "custom" and p.note.startswith("consume-"):
            name = p.note.removeprefix("consume-")
            groups.append((None if name == "wild" else Element.parse(name), []))
        elif groups:
            groups[-1][1].append(p)
        else:
            base.append(p)
    return base, groups


@effect("attack-consumes", "consume-for", "push-consume")
def _consumes(game: Game, fid: str, ability: Ability) -> None:
    """Ask for each optional consumption in turn, then perform (``fx_consume``)."""
    game.push(Task("fx_consume", fid, 0, f"|{ability}"))


def _run_consume(game: Game, task: Task) -> Decision | None:
    chosen, text = task.text.split("|", 1)
    ability = Ability.parse(text)
    _, groups = _consume_groups(ability)
    if task.n >= len(groups):
        game.pop_task()
        _finish_consumes(game, task.who, ability, [int(i) for i in chosen.split(";") if i])
        return None
    element = groups[task.n][0]
    elements = game.state.elements
    offer = elements.consumable() if element is None else [element] if elements.can_consume(element) else []
    if not offer:
        game.pop_task()
        game.push(Task("fx_consume", task.who, task.n + 1, task.text))
        return None
    choices = [*(Choice("consume", (e.value,)) for e in offer), Choice("no-consume")]
    return Decision(task.who, "consume", choices)


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    chosen, text = task.text.split("|", 1)
    picked = [i for i in chosen.split(";") if i]
    if choice.kind == "consume":
        element = Element.parse(choice.args[0])
        game.state.elements.consume(element)
        game.emit("consumed", task.who, element.value)
        picked.append(str(task.n))
    game.push(Task("fx_consume", task.who, task.n + 1, f"{';'.join(picked)}|{text}"))


def _finish_consumes(game: Game, fid: str, ability: Ability, chosen: list[int]) -> None:
    base, groups = _consume_groups(ability)
    gained = [p for i in chosen for p in groups[i][1]]
    xp = sum(p.value for p in gained if p.kind == "xp")
    ch = game.state.characters.get(fid)
    if xp and ch is not None:
        ch.xp += xp
        game.emit("xp", fid, xp)
    f = game.state.figures.get(fid)
    if f is None:
        return
    if ability.note == "attack-consumes":
        attack = next(p for p in base if p.kind == "attack")
        adds = [p.condition for p in gained if p.kind == "condition" and p.condition is not None]
        curse = any(p.kind == "custom" and p.note == "curse" for p in gained)
        attack = msgspec.structs.replace(
            attack,
            value=attack.value + sum(p.value for p in gained if p.kind == "attack"),
            adds=tuple(dict.fromkeys((*attack.adds, *adds))),
            card_adds=("curse",) if curse else attack.card_adds,
        )
        bought = [p.note for p in gained if p.kind == "custom"]
        for note in bought:
            if note.startswith("infuse-"):  # Daybreak: consume dark, infuse light
                game.infuse(Element.parse(note.removeprefix("infuse-")))
        _perform_attack(game, fid, attack, "adv" if "advantage" in bought else "")
    elif ability.note == "push-consume":
        push = next(p for p in base if p.kind == "push")
        extra = sum(
            int(p.note.rsplit("-", 1)[1])
            for p in gained
            if p.kind == "custom" and p.note.startswith("push-plus-")
        )
        game.push(Task("shove", fid, push.value + extra, "push/0"))
    else:  # consume-for: what the consumption buys
        for p in gained:
            if p.kind == "shield":
                f.shield_bonus += p.value
                game.emit("bonus", fid, "shield", p.value)
        afflict = [p for p in gained if p.kind == "condition" or (p.kind == "custom" and p.note == "curse")]
        if afflict:
            near = sorted(g.id for g in _adjacent_enemies(game, f))
            if near:
                spec = Ability(kind="custom", note="afflict", then=tuple(afflict))
                game.push(Task("fx_pick", fid, 0, f"afflict|{';'.join(near)}|{spec}"))


# ------------------------------------------------------------------- kill


def _in_reach(game: Game, f: Figure, reach: int, candidates: list[Figure]) -> list[Figure]:
    board = game.board()
    if board is None:
        return []
    if reach <= 1:
        return [g for g in candidates if board.adjacent(f.hex, g.hex)]
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    return [g for g in candidates if near.get(g.hex, reach + 1) <= reach and sight.visible(f.hex, g.hex)]


def _reach(ability: Ability) -> int:
    for note in flags(ability):
        if note.startswith("affects-") and "-range-" in note:
            return int(note.rsplit("-", 1)[1])
    return 1


def _offer_pick(game: Game, fid: str, kind: str, ability: Ability, candidates: list[Figure]) -> None:
    """Let the player pick one of ``candidates`` within the ability's reach (a ``kind`` pick
    task), or report that there is no target."""
    f = game.state.figures[fid]
    found = sorted(g.id for g in _in_reach(game, f, _reach(ability), candidates))
    if not found:
        game.emit("no-target", fid)
        return
    game.push(Task("fx_pick", fid, 0, f"{kind}|{';'.join(found)}|{ability}"))


@effect("kill")
def _kill_effect(game: Game, fid: str, ability: Ability) -> None:
    """Kill one normal (or elite) enemy in reach, maybe only one with a given condition."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    ranks = ("normal", "elite") if "normal-or-elite" in flags(ability) else ("normal",)
    needs = [p.condition for p in parts(ability, "condition")]
    enemies = [
        g
        for g in game.state.figures.values()
        if g.kind == "monster"
        and g.rank in ranks
        and Condition.INVISIBLE not in g.conditions
        and all(c in g.conditions for c in needs)
    ]
    _offer_pick(game, fid, "kill", ability, enemies)


def _kill(game: Game, fid: str, tid: str) -> None:
    target = game.state.figures.get(tid)
    if target is None:
        return
    game.emit("kill", fid, tid, f"hex={actions.hex_token(target.hex)}")
    game.kill(target)


@effect("attack-around-killed")
def _attack_around_killed(game: Game, fid: str, ability: Ability) -> None:
    """Cranium Overload: attack every enemy adjacent to the enemy killed in this action."""
    f = game.state.figures.get(fid)
    attacks = parts(ability, "attack")
    board = game.board()
    if f is None or not attacks or board is None:
        return
    since = _events_since(game, "action", fid)
    killed = [
        actions.parse_hex(args[2].removeprefix("hex="))
        for kind, args in since
        if kind == "kill" and args[0] == fid
    ]
    if not killed:
        game.emit("no-target", fid)
        return
    around = sorted(
        g.id
        for g in game.state.figures.values()
        if actions._hostile(f, g)
        and board.adjacent(killed[-1], g.hex)
        and Condition.INVISIBLE not in g.conditions
    )
    if not around:
        game.emit("no-target", fid)
        return
    game.push(Task("fx_all", fid, 0, f"strike|{';'.join(around)}|{attacks[0]}"))


# ----------------------------------------------------------------- summons


def _empty_adjacent(game: Game, f: Figure) -> list[Hex]:
    board = game.board()
    if board is None:
        return []
    st = game.state
    taken = {g.hex for g in st.figures.values()}
    return [
        h
        for h in neighbours(f.hex)
        if h in board.hexes
        and board.adjacent(f.hex, h)
        and board.terrain_at(h) is None
        and h not in board.doors
        and h not in taken
        and h not in st.coins
    ]


@effect("summon")
def _summon(game: Game, fid: str, ability: Ability) -> None:
    """§12: the owner places the summon on an empty adjacent hex (none: nothing happens)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    free = sorted(_empty_adjacent(game, f))
    if not free:
        game.emit("no-hex", fid, "summon")
        return
    spots = ";".join(actions.hex_token(h) for h in free)
    game.push(Task("fx_pick", fid, 0, f"summon|{spots}|{ability}"))


def summon_name(ability: Ability) -> str:
    return next((n.removeprefix("name-") for n in flags(ability) if n.startswith("name-")), "summon")


def _place_summon(game: Game, owner: str, h: Hex, ability: Ability) -> None:
    moves, attacks = parts(ability, "move"), parts(ability, "attack")
    attack = attacks[0] if attacks else None
    x_attack = "attack-x-half-health" in flags(ability)
    health = flag_number(ability, "health-")
    game.summon(
        owner,
        summon_name(ability),
        health,
        h,
        move=moves[0].value if moves else 0,
        attack=(health + 1) // 2 if x_attack else (attack.value if attack else 0),
        range=attack.range if attack else 0,
    )


def summon_card(game: Game, f: Figure) -> tuple[int, ActiveCard, Ability] | None:
    """The active card (index, card, summon ability) that keeps summon ``f`` in play."""
    if f.kind != "summon" or f.owner is None:
        return None
    for i, active, half in _active_halves(game, f.owner):
        for a in _named_in(half, "summon"):
            if summon_name(a) == f.name:
                return i, active, a
    return None


def summon_adds(game: Game, f: Figure) -> tuple[Condition, ...]:
    """Conditions a character summon's attacks add (its stat line, e.g. Rat Swarm's poison)."""
    found = summon_card(game, f)
    if found is None:
        return ()
    return tuple(c for a in parts(found[2], "attack") for c in a.adds)


def summon_attack(game: Game, f: Figure, printed: int) -> int:
    """A summon's attack now: the printed value, or for "X = half its current hit points,
    rounded up" (Rat King) that half."""
    found = summon_card(game, f)
    if found is not None and "attack-x-half-health" in flags(found[2]):
        return (f.hp + 1) // 2
    return printed


def summon_killed(game: Game, f: Figure) -> None:
    """A summon died: its card leaves the active area (to the lost pile if it has the icon)."""
    from delvekit.gloomhaven.effects.classes import (
        spellweaver as effects_spellweaver,  # the Burning Avatar's death attack
    )

    effects_spellweaver.summon_died(game, f)
    from delvekit.gloomhaven.effects.classes import (
        summoner as effects_summoner,  # the Living Bomb's death burst
    )

    effects_summoner.summon_died(game, f)
    found = summon_card(game, f)
    if found is None or f.owner is None:
        return
    i, active, _ = found
    ch = game.state.characters[f.owner]
    del ch.active[i]
    (ch.lost if active.lost else ch.discard).append(active.card)
    game.emit("card", f.owner, active.card, "lost" if active.lost else "discard")


def card_left_play(game: Game, cid: str, card: str) -> None:
    """A card left the active area (lost to negate damage, discarded...): its summon goes."""
    for f in list(game.state.figures.values()):
        if f.kind != "summon" or f.owner != cid:
            continue
        half_cards = [
            (c, h)
            for c in (card,)
            for h in ("top", "bottom")
            if any(summon_name(a) == f.name for a in _named_in(_half(game, cid, c, h), "summon"))
        ]
        if half_cards and summon_card(game, f) is None:
            del game.state.figures[f.id]
            game.state.summon_stats.pop(f.id, None)
            game.emit("removed", f.id, "card-left-play")
    from delvekit.gloomhaven.engine.flying import grounded

    grounded(game, cid)  # Winged Congregation gone while over an obstacle (§5.3)


# ----------------------------------------------------------------- augments


@effect("augment")
def _augment(game: Game, fid: str, ability: Ability) -> None:
    """A new augment: older ones in the active area are discarded (one may stay under
    "two augments active")."""
    ch = game.state.characters.get(fid)
    if ch is None:
        return
    keep = 1 if any(_named_in(h, "two-augments-active") for _, _, h in _active_halves(game, fid)) else 0
    held = [(i, a) for i, a, h in _active_halves(game, fid) if _named_in(h, "augment")]
    drop = held[: max(0, len(held) - keep)]
    for i, active in reversed(drop):
        del ch.active[i]
        (ch.lost if active.lost else ch.discard).append(active.card)
        game.emit("card", fid, active.card, "lost" if active.lost else "discard")
    game.emit("augment", fid, ch.playing or "-")


# --------------------------------------------------------- control and allies


@effect("control-enemy")
def _control_enemy(game: Game, fid: str, ability: Ability) -> None:
    """Choose one enemy in range; it then performs the parts with the player deciding."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    enemies = [
        g
        for g in game.state.figures.values()
        if actions._hostile(f, g) and Condition.INVISIBLE not in g.conditions
    ]
    _offer_pick(game, fid, "control", ability, enemies)


def _control(game: Game, cid: str, mid: str, ability: Ability) -> None:
    monster = game.state.figures.get(mid)
    if monster is None:
        return
    game.emit("controlled", mid, f"by={cid}")
    rng_plus = flag_number(ability, "range-plus-", -1)
    allies = "targets-other-enemies" in flags(ability)
    steps: list[Task] = []
    for p in ability.then:
        if p.kind == "move":
            if Condition.IMMOBILIZE in monster.conditions:
                continue
            steps.append(Task("move", mid, p.value, "0/walk/s"))
        elif p.kind == "attack":
            if Condition.DISARM in monster.conditions:
                continue
            reach = p.range
            if rng_plus >= 0 and monster.kind == "monster" and monster.rank is not None:
                reach = game.tables.types[monster.name].stats(monster.rank).range + rng_plus
            attack = msgspec.structs.replace(p, range=reach)
            steps.append(Task("attack", mid, attack.value, _attack_text(attack, "allies" if allies else "")))
    game.push(*steps)


@effect("ally-performs")
def _ally_performs(game: Game, fid: str, ability: Ability) -> None:
    """Possession, Domination: an ally (another character or a summon) performs the parts."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    allies = [g for g in game.state.figures.values() if g is not f and not actions._hostile(f, g)]
    _offer_pick(game, fid, "ally", ability, allies)


def _ally(game: Game, cid: str, aid: str, ability: Ability) -> None:
    ally = game.state.figures.get(aid)
    if ally is None:
        return
    game.emit("ally-performs", aid, f"for={cid}")
    extras = f"aug={cid}" if "gains-your-augments" in flags(ability) else ""
    steps: list[Task] = []
    for p in ability.then:
        if p.kind == "move" and Condition.IMMOBILIZE not in ally.conditions:
            steps.append(Task("move", aid, p.value, f"0/{'jump' if p.jump else 'walk'}/s"))
        elif p.kind == "attack" and Condition.DISARM not in ally.conditions:
            steps.append(Task("attack", aid, p.value, _attack_text(p, extras)))
    game.push(*steps)


# ------------------------------------------------------------------- loot


@effect("extra-coin-per-adjacent-enemy")
def _pilfer(game: Game, fid: str, ability: Ability) -> None:
    """Pilfer: Loot, then one more money token per adjacent enemy."""
    f = game.state.figures.get(fid)
    ch = game.state.characters.get(fid)
    if f is None or ch is None:
        return
    for p in parts(ability, "loot"):
        game.perform(fid, p)
    extra = sum(1 for g in game.state.figures.values() if actions._hostile(f, g) and _is_adjacent(game, f, g))
    if extra:
        ch.coins += extra
        game.emit("looted", fid, f"coins={extra}", "adjacent-enemies")


def _is_adjacent(game: Game, a: Figure, b: Figure) -> bool:
    board = game.board()
    return board is not None and board.adjacent(a.hex, b.hex)


# ------------------------------------------------------------------- rests


def pickup_candidates(game: Game, cid: str) -> list[str]:
    """Active cards that count as discarded (no lost icon), which a resting character may pick
    up into its discard pile first or leave in play (§4, FAQ p.58)."""
    ch = game.state.characters.get(cid)
    return [] if ch is None else [a.card for a in ch.active if not a.lost]


def _run_pickup(game: Game, task: Task) -> Decision | None:
    cards = pickup_candidates(game, task.who)
    if not cards:
        game.pop_task()
        return None
    return Decision(task.who, "pick-up", [*(Choice("pick-up", (c,)) for c in cards), Choice("keep-active")])


def _apply_pickup(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "keep-active":
        return
    ch = game.state.characters[task.who]
    card = choice.args[0]
    ch.active = [a for a in ch.active if a.card != card]
    ch.discard.append(card)
    game.emit("card", task.who, card, "discard")
    card_left_play(game, task.who, card)
    game.push(Task("rest_pickup", task.who))


for _kind, _run, _apply in (
    ("rest_pickup", _run_pickup, _apply_pickup),
    ("fx_all", _run_all, _apply_all),
    ("fx_pick", _run_pick, _apply_pick),
    ("fx_after_move", _run_after_move, None),
    ("fx_consume", _run_consume, _apply_consume),
):
    task_handler(_kind, _run, _apply)


# ------------------------------------------------------- this round, by events


def _this_round(game: Game) -> list[tuple[str, tuple[str, ...]]]:
    """The events of the current round (after its ``round`` event)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for e in reversed(game.events):
        if e.kind == "round":
            break
        out.append((e.kind, e.args))
    out.reverse()
    return out


@effect("allies-bonus-per-nearby-ally")
def _many_as_one(game: Game, fid: str, ability: Ability) -> None:
    """Many as One: each ally within range adds +X to its attacks this round, X = the number of
    your allies within that range (counted when performed)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    reach = _reach(ability)
    near = proximity(board, f.hex, reach)
    allies = sorted(
        g.id
        for g in game.state.figures.values()
        if g is not f and not actions._hostile(f, g) and near.get(g.hex, reach + 1) <= reach
    )
    for aid in allies:
        game.emit("round-attack-bonus", aid, f"+{len(allies)}", f"by={fid}")


def _in_play(game: Game, note: str) -> bool:
    """Whether a character has a round card with the named effect in its active area (the
    effects kept in this round's events: a cheap test before reading the events)."""
    characters = game.state.characters
    if not any(a.duration == "round" for ch in characters.values() for a in ch.active):
        return False
    return any(_named_in(half, note) for cid in characters for _, _, half in _active_halves(game, cid))


def round_attack_bonus(game: Game, fid: str) -> int:
    """Attack bonuses given to ``fid`` by others this round (Many as One, Enhancement Field)."""
    if not (_in_play(game, "allies-bonus-per-nearby-ally") or _in_play(game, "bonus-this-round")):
        return 0
    return sum(
        int(args[1].removeprefix("+"))
        for kind, args in _this_round(game)
        if kind == "round-attack-bonus" and args[0] == fid
    )


@effect("enemy-turns-on-its-allies")
def _turn_enemy(game: Game, fid: str, ability: Ability) -> None:
    """Hostile Takeover, Domination: a normal or elite enemy in range treats its allies as
    enemies and its enemies as allies this round (with ``you-control``, the player also decides
    its move and attack)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    enemies = [
        g
        for g in game.state.figures.values()
        if g.kind == "monster"
        and g.rank in ("normal", "elite")
        and Condition.INVISIBLE not in g.conditions
    ]
    _offer_pick(game, fid, "turn", ability, enemies)


def turned(game: Game, mid: str) -> tuple[str, bool] | None:
    """(character, controlled) when monster ``mid`` was turned on its allies this round."""
    if not _in_play(game, "enemy-turns-on-its-allies"):
        return None
    for kind, args in reversed(_this_round(game)):
        if kind == "turned" and args[0] == mid:
            return args[1].removeprefix("by="), "control" in args
    return None


def controlled_action(game: Game, f: Figure, ability: Ability) -> bool:
    """A monster turned and controlled by a character (Domination) performs its card's move or
    attack with the player choosing: path, and targets among its own allies. ``False`` when
    the monster AI should act as usual."""
    found = turned(game, f.id) if f.kind == "monster" else None
    if found is None or not found[1] or f.rank is None:
        return False
    stats = game.tables.types[f.name].stats(f.rank)
    if ability.kind == "move":
        move = Ability(kind="move", value=max(0, stats.move + ability.value), jump=ability.jump)
        _perform_move(game, f.id, move)
    elif ability.kind == "attack":
        attack = msgspec.structs.replace(
            ability,
            value=max(0, stats.attack + ability.value),
            range=max(0, stats.range + ability.range),
            adds=tuple(dict.fromkeys((*ability.adds, *stats.adds))),
            pierce=ability.pierce + stats.pierce,
            targets=0 if ability.targets == 0 else max(ability.targets, stats.targets),
            area=(),
        )
        _perform_attack(game, f.id, attack, "allies")
    return True


def moves_as_attacks(game: Game, f: Figure) -> bool:
    """Immovable Phalanx: the character may treat its move abilities as attacks."""
    return f.kind == "character" and any(
        _named_in(half, "moves-count-as-attacks") for _, _, half in _active_halves(game, f.id)
    )
