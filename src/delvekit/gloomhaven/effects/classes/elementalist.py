"""Named effects of the Elementalist's cards, registered in :mod:`delvekit.gloomhaven.engine.registry`.

:mod:`~delvekit.gloomhaven.content.character_cards` writes an ability marked ``elemental`` as one
``elemental`` effect: the ability's own engine abilities (the attack with its range, area and
conditions, the move, heal, shield or loot), then its consumptions, each a ``consume-E`` flag
(``consume-wild``: any one Strong or Waning element) followed by what it buys; a
``consume-all`` flag joins the consumption flags after it into one purchase (two elements, both
needed, never the same element twice).

==============================  ===============================================================
``elemental``                   each consumption is asked in turn (``consume E`` with the
                                element or elements, ``no-consume``; one element is consumed
                                only once); then the ability is performed with everything
                                bought: +attack, +range, pierce, push, pull, conditions, curse,
                                a target count (an attack); +move, jump (a move); +heal,
                                +shield, +loot; a heal, shield or retaliate of its own (on
                                yourself, for the round) and the XP — Raw Enhancement, Pure
                                Augmentation, Formless Power, Shaping the Ether, Stoking Hail,
                                Tremulant Cyclone, Ice Spikes, Frigid Torrent, Malleable
                                Evocation
``el-elemental``                the same for a wording whose own ability goes to an ally
                                (``affects-*``; ``instead-N`` replaces its value) — Vengeance
``el-any-of``                   no ability of its own: each consumption buys an ability
                                performed in the card's order — Ethereal Manifestation
``el-chain``                    Chain Lightning: Attack X on one enemy within range, then X-1,
                                X-2 (X-3 bought with air) each on a new enemy within range 2 of
                                the previous target and in its sight; light adds to every one
``el-heal-then``                you or an ally within range is healed (the consumptions add
                                to it); the healed figure gets what was bought (a shield this
                                round, one discarded card recovered) and every enemy within the
                                attack's range of it is attacked — Pragmatic Reinforcement,
                                Eye of the Hurricane
``el-move-through``             a move (jump) the consumptions lengthen; the conditions bought
                                go to every enemy moved through — Volatile Consumption
``el-infuse-any-at-turn-end``   persistent: at the end of each of your turns you may infuse
                                any element (a turn hook) — Shaping the Ether
``el-volatile``                 persistent: each element you consume lets you deal 1 damage to
                                an enemy within range 2 or perform Heal 1, Range 2 (asked at
                                once; the hook point ``consumed``, which ``Game.emit``
                                calls on each ``consumed`` event) — Volatile Consumption
==============================  ===============================================================

A bought ``kill-normal`` (Vengeance) kills every normal target of the attack instead (the
Spellweaver's Black Hole event). Formless Power's bottom is ``consume-on-attack`` with any
element, performed by :mod:`~delvekit.gloomhaven.effects.active_area` (every Strong or Waning
element offered once per attack action).
"""

from __future__ import annotations

import itertools

import msgspec

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine orders the effect modules' imports)
from delvekit.core.hexes import Hex
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import active_area as effects_active_area
from delvekit.gloomhaven.effects import consume as effects_consume
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import Strike
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

_MAIN = ("attack", "move", "heal", "shield", "loot", "retaliate")

Group = tuple[tuple[str, ...], list[Ability]]


def groups(ability: Ability) -> tuple[list[Ability], list[Group]]:
    """(the ability's own parts, [(elements, what they buy)...]) of an ``elemental`` effect.

    >>> a = Ability.parse("custom elemental then move:3 then custom:consume-ice then custom:move-plus-2")
    >>> base, bought = groups(a)
    >>> [str(p) for p in base], [(e, [str(p) for p in b]) for e, b in bought]
    (['move 3'], [(('ice',), ['custom move-plus-2'])])
    """
    base: list[Ability] = []
    out: list[Group] = []
    joining = False
    for p in ability.then:
        note = p.note if p.kind == "custom" else ""
        if note == "consume-all":
            out.append(((), []))
            joining = True
        elif note.startswith("consume-"):
            element = note.removeprefix("consume-")
            if joining:
                out[-1] = ((*out[-1][0], element), out[-1][1])
            else:
                out.append(((element,), []))
        elif out:
            joining = False
            out[-1][1].append(p)
        else:
            base.append(p)
    return base, out


def offers(game: Game, elements: tuple[str, ...]) -> list[tuple[Element, ...]]:
    """The ways to pay for ``elements`` now (``wild``: any Strong or Waning one; distinct)."""
    available = game.state.elements.consumable()
    ways: list[tuple[Element, ...]] = []
    pools = [available if e == "wild" else [Element.parse(e)] for e in elements]
    for combo in itertools.product(*pools):
        if len(set(combo)) == len(combo) and all(c in available for c in combo):
            key = tuple(sorted(combo, key=lambda e: e.value))
            if key not in ways:
                ways.append(key)
    return ways


@effect("elemental", "el-any-of", "el-elemental", "el-chain", "el-heal-then", "el-move-through")
def _elemental(game: Game, fid: str, ability: Ability) -> None:
    """Ask each consumption in turn (task ``el_consume``), then perform."""
    game.push(Task("el_consume", fid, 0, f"|{ability}"))


def _run_consume(game: Game, task: Task) -> Decision | None:
    chosen, text = task.text.split("|", 1)
    ability = Ability.parse(text)
    _, bought = groups(ability)
    if task.n >= len(bought):
        game.pop_task()
        _finish(game, task.who, ability, [int(i) for i in chosen.split(";") if i])
        return None
    ways = offers(game, bought[task.n][0])
    if not ways:
        game.pop_task()
        game.push(Task("el_consume", task.who, task.n + 1, task.text))
        return None
    choices = [*(Choice("consume", tuple(e.value for e in way)) for way in ways), Choice("no-consume")]
    return Decision(task.who, "consume", choices)


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    chosen, text = task.text.split("|", 1)
    picked = [i for i in chosen.split(";") if i]
    if choice.kind == "consume":
        picked.append(str(task.n))
    game.push(Task("el_consume", task.who, task.n + 1, f"{';'.join(picked)}|{text}"))
    if choice.kind == "consume":  # after the next question: what a consumption sets off comes first
        for name in choice.args:
            element = Element.parse(name)
            game.state.elements.consume(element)
            game.emit("consumed", task.who, element.value)


def _flag_sum(items: list[Ability], prefix: str) -> int:
    return effects_consume.flag_total(items, prefix)


def improved(main: Ability, gained: list[Ability]) -> Ability:
    """``main`` with what the consumptions bought.

    >>> bought = [Ability(kind="attack", value=2), Ability.parse("custom range-1")]
    >>> bought.append(Ability(kind="push", value=3))
    >>> str(improved(Ability(kind="attack", value=1, range=3), bought))
    'attack 3 range 4 push 3'
    """
    notes = [p.note for p in gained if p.kind == "custom"]
    if main.kind == "attack":
        adds = [p.condition for p in gained if p.kind == "condition" and p.condition is not None]
        targets = main.targets
        for note in notes:
            if note.startswith("target-") and note.removeprefix("target-").isdigit() and targets != 0:
                targets = max(targets, int(note.removeprefix("target-")))
        return msgspec.structs.replace(
            main,
            value=main.value + sum(p.value for p in gained if p.kind == "attack"),
            range=main.range + _flag_sum(gained, "range-") if main.range else main.range,
            targets=targets,
            pierce=main.pierce + _flag_sum(gained, "pierce-"),
            push=max([main.push, *(p.value for p in gained if p.kind == "push")]),
            pull=max([main.pull, *(p.value for p in gained if p.kind == "pull")]),
            adds=tuple(dict.fromkeys((*main.adds, *adds))),
            card_adds=("curse",) if "curse" in notes else main.card_adds,
        )
    if main.kind == "move":
        return msgspec.structs.replace(
            main, value=main.value + _flag_sum(gained, "move-plus-"), jump=main.jump or "jump" in notes
        )
    if main.kind in ("heal", "shield", "loot", "retaliate"):
        instead = [int(n.removeprefix("instead-")) for n in notes if n.startswith("instead-")]
        value = instead[-1] if instead else main.value + _flag_sum(gained, f"{main.kind}-plus-")
        return msgspec.structs.replace(main, value=value)
    return main


def _finish(game: Game, fid: str, ability: Ability, chosen: list[int]) -> None:
    base, bought = groups(ability)
    gained = [p for i in chosen for p in bought[i][1]]
    effects_consume.gain_parts_xp(game, fid, gained)
    f = game.state.figures.get(fid)
    if f is None:
        return
    if ability.note == "el-chain":
        _chain_start(game, f, base, gained)
        return
    if ability.note == "el-heal-then":
        main = improved(next(p for p in base if p.kind == "heal"), gained)
        rest = Ability(kind="custom", note="then", then=(*(p for p in base if p.kind == "attack"), *gained))
        game.push(Task("el_heal", fid, main.value, f"{main.range}|{rest}"))
        return
    if ability.note == "el-move-through":  # Volatile Consumption: conditions on those passed
        move = improved(next(p for p in base if p.kind == "move"), gained)
        jump = move.jump or any(p.kind == "custom" and p.note == "jump" for p in base)
        adds = [p.condition.value for p in gained if p.kind == "condition" and p.condition is not None]
        if adds:
            game.push(Task("el_through", fid, 0, ",".join(adds)))
        game.perform(fid, msgspec.structs.replace(move, jump=jump))
        return
    if any(p.kind == "custom" and p.note == "kill-normal" for p in gained):  # Vengeance
        game.emit("kill-normal-this-action", fid)
    who = [p for p in base if p.kind == "custom" and p.note.startswith("affects-")]
    if who:  # Vengeance: the retaliate goes to an ally
        main = improved(next(p for p in base if p.kind in _MAIN), gained)
        game.perform(
            fid,
            Ability(kind="custom", note="to-allies", then=(Ability(kind=main.kind, value=main.value), *who)),
        )
        return
    own = [p for p in gained if p.kind in ("heal", "shield", "retaliate")]  # on yourself
    performed: list[Ability] = []
    improved_one = False
    for p in base:
        if p.kind in _MAIN and not improved_one:
            p = improved(p, gained)
            improved_one = True
        performed.append(p)
    performed += own
    if not improved_one:  # Ethereal Manifestation: what each consumption buys is the ability
        performed += [p for p in gained if p.kind in ("attack", "move", "loot")]
    for p in reversed(performed):  # the agenda is a stack: the first ability on top
        if p.kind == "custom":
            continue
        if p.kind == "attack":
            effects_parts.perform_attack(game, fid, p)
        else:
            game.perform(fid, p)


# ------------------------------------------------------------ figures near a hex


def near(game: Game, origin: Hex, reach: int, candidates: list[Figure]) -> list[Figure]:
    """The ``candidates`` within ``reach`` of ``origin`` (around walls) and in its sight."""
    board = game.board()
    if board is None:
        return []
    dist = proximity(board, origin, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    return [g for g in candidates if dist.get(g.hex, reach + 1) <= reach and sight.visible(origin, g.hex)]


def _enemies(game: Game, f: Figure) -> list[Figure]:
    return [
        g
        for g in game.state.figures.values()
        if actions.hostile(f, g) and Condition.INVISIBLE not in g.conditions
    ]


def _strike(game: Game, fid: str, attack: Ability, tid: str) -> None:
    game.push(Task("strike", fid, attack.value, Strike(attack, tid).text))


# ------------------------------------------------------------ Chain Lightning


def _chain_start(game: Game, f: Figure, base: list[Ability], gained: list[Ability]) -> None:
    """Chain Lightning: Attack X on one enemy within range, then X-1, X-2 (X-3 with air) each
    on a new enemy within range 2 of the previous target; light adds to every attack."""
    if Condition.DISARM in f.conditions:
        game.emit("prevented", f.id, "attack", "disarm")
        return
    first = next(p for p in base if p.kind == "attack")
    links = 4 if any(p.kind == "custom" and p.note == "fourth-target" for p in gained) else 3
    bonus = sum(p.value for p in gained if p.kind == "attack")
    values = [first.value + bonus - i for i in range(links)]
    pierce = _flag_sum(gained, "pierce-")
    game.push(Task("el_chain", f.id, first.range, f"{','.join(map(str, values))}|{pierce}|-|"))


def _run_chain(game: Game, task: Task) -> Decision | None:
    values, _, origin, used = task.text.split("|")
    f = game.state.figures.get(task.who)
    if f is None or not values:
        game.pop_task()
        return None
    if origin == "-":
        found = actions.targets(game, f, task.n)
    else:
        taken = set(used.split(";"))
        found = [g for g in near(game, actions.parse_hex(origin), 2, _enemies(game, f)) if g.id not in taken]
    if not found:
        game.pop_task()
        game.emit("chain-ends", task.who)
        return None
    return Decision(task.who, "attack", [*(Choice("target", (g.id,)) for g in found), Choice("skip")])


def _apply_chain(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "chain")
        return
    values, pierce, origin, used = task.text.split("|")
    tid = choice.args[0]
    target = game.state.figures[tid]
    value, *rest = [int(v) for v in values.split(",")]
    if rest:
        later = ";".join(x for x in (*used.split(";"), tid) if x)
        nxt = f"{','.join(map(str, rest))}|{pierce}|{actions.hex_token(target.hex)}|{later}"
        game.push(Task("el_chain", task.who, 2, nxt))
    reach = task.n if origin == "-" else 2
    _strike(game, task.who, Ability(kind="attack", value=max(0, value), range=reach, pierce=int(pierce)), tid)


# ------------------------------------------------- heal, then around the healed


def _run_heal(game: Game, task: Task) -> Decision | None:
    """Pragmatic Reinforcement, Eye of the Hurricane: you or an ally within range is healed;
    what follows happens to or around that figure."""
    f = game.state.figures.get(task.who)
    if f is None:
        game.pop_task()
        return None
    reach = int(task.text.split("|", 1)[0])
    friends = [g for g in game.state.figures.values() if not actions.hostile(f, g)]
    found = [f, *(g for g in near(game, f.hex, reach, friends) if g is not f)]
    return Decision(task.who, "heal", [Choice("heal", (g.id,)) for g in found])


def _apply_heal(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    gid = choice.args[0]
    target = game.state.figures[gid]
    game.heal(gid, task.n)
    rest = list(Ability.parse(task.text.split("|", 1)[1]).then)
    shield = sum(p.value for p in rest if p.kind == "shield")
    if shield:  # Pragmatic Reinforcement's ice: the healed figure's shield this round
        target.shield_bonus += shield
        game.emit("bonus", gid, "shield", shield)
    for attack in (p for p in rest if p.kind == "attack"):  # Eye of the Hurricane
        f = game.state.figures.get(task.who)
        if f is not None and Condition.DISARM not in f.conditions:
            hit = near(game, target.hex, attack.range, _enemies(game, f))
            plain = msgspec.structs.replace(attack, range=max(attack.range, 1))
            for g in reversed(hit):
                _strike(game, task.who, plain, g.id)
    ch = game.state.characters.get(gid)
    if (
        any(p.kind == "custom" and p.note == "recover-discarded-1" for p in rest)
        and ch is not None
        and ch.discard
    ):
        game.push(Task("el_recover", gid, 1, ""))


def _run_recover(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters.get(task.who)
    if ch is None or not ch.discard:
        game.pop_task()
        return None
    return Decision(task.who, "recover", [*(Choice("recover", (c,)) for c in ch.discard), Choice("skip")])


def _apply_recover(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "recover")
        return
    ch = game.state.characters[task.who]
    card = choice.args[0]
    ch.discard.remove(card)
    ch.hand.append(card)
    game.emit("recovered", task.who, card, "discard")


# ------------------------------------------------------ Volatile Consumption


def _run_through(game: Game, task: Task) -> Decision | None:
    """The conditions bought go to every enemy moved through in this action."""
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None:
        return None
    for g in effects_parts.moved_through(game, f):
        for name in task.text.split(","):
            game.add_condition(g.id, Condition(name))
    return None


@effect("el-volatile")
def _volatile_announce(game: Game, fid: str, ability: Ability) -> None:
    """Volatile Consumption acts from the active area (:func:`consumed`)."""
    game.emit("bonus", fid, ability.note)


def consumed(game: Game, who: str, element: str) -> None:
    """Volatile Consumption: each element you consume lets you hurt an enemy within range 2 by
    1 or perform Heal 1, Range 2 (a consume hook of :mod:`~delvekit.gloomhaven.engine.registry`)."""
    if who in game.state.characters and effects_active_area.active_holders(game, who, "el-volatile"):
        game.push(Task("el_volatile", who, 0, element))


def _run_volatile(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    if f is None:
        game.pop_task()
        return None
    friends = [g for g in game.state.figures.values() if not actions.hostile(f, g)]
    choices = [Choice("damage", (g.id,)) for g in near(game, f.hex, 2, _enemies(game, f))]
    choices += [Choice("heal", (f.id,))]
    choices += [Choice("heal", (g.id,)) for g in near(game, f.hex, 2, friends) if g is not f]
    return Decision(task.who, "volatile", [*choices, Choice("skip")])


def _apply_volatile(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "damage":
        game.suffer_damage(choice.args[0], 1, "volatile-consumption")
    elif choice.kind == "heal":
        game.heal(choice.args[0], 1)
    else:
        game.emit("declined", task.who, "volatile")


# ------------------------------------------------------------ turn end


@effect("el-infuse-any-at-turn-end")
def _announce(game: Game, fid: str, ability: Ability) -> None:
    """Shaping the Ether: acts from the active area (:func:`turn_ended`)."""
    game.emit("bonus", fid, ability.note)


def turn_ended(game: Game, f: Figure) -> None:
    """At the end of each of your turns, you may infuse any element (one choice per card)."""
    for _ in effects_active_area.active_holders(game, f.id, "el-infuse-any-at-turn-end"):
        game.push(Task("el_infuse", f.id, 0, ""))


def _run_infuse(game: Game, task: Task) -> Decision | None:
    if task.who not in game.state.figures:
        game.pop_task()
        return None
    return Decision(task.who, "infuse", [*(Choice("infuse", (e.value,)) for e in Element), Choice("skip")])


def _apply_infuse(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "infuse":
        game.infuse(Element.parse(choice.args[0]))
    else:
        game.emit("declined", task.who, "infuse")


for _kind, _run, _apply in (
    ("el_consume", _run_consume, _apply_consume),
    ("el_infuse", _run_infuse, _apply_infuse),
    ("el_chain", _run_chain, _apply_chain),
    ("el_heal", _run_heal, _apply_heal),
    ("el_recover", _run_recover, _apply_recover),
    ("el_volatile", _run_volatile, _apply_volatile),
):
    task_handler(_kind, _run, _apply)
task_handler("el_through", _run_through)

__all__ = ["groups", "improved", "near", "offers"]
