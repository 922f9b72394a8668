"""Named effects of the Elementalist's cards, registered in :mod:`delvekit.gloomhaven.effects`.

:mod:`~delvekit.gloomhaven.character_cards` writes an ability marked ``elemental`` as one
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
``el-infuse-any-at-turn-end``   persistent: at the end of each of your turns you may infuse
                                any element (a turn hook) — Shaping the Ether
==============================  ===============================================================
"""

from __future__ import annotations

import itertools

import msgspec

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven import effects_characters as fx
from delvekit.gloomhaven import effects_classes as cls
from delvekit.gloomhaven.abilities import Ability
from delvekit.gloomhaven.effects import TURN_END_HOOKS, effect
from delvekit.gloomhaven.elements import Element
from delvekit.gloomhaven.engine import Game, task_handler
from delvekit.gloomhaven.state import Figure, Task

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


@effect("elemental", "el-any-of")
def _elemental(game: Game, fid: str, ability: Ability) -> None:
    """Ask each consumption in turn (task ``el_consume``), then perform."""
    game._push(Task("el_consume", fid, 0, f"|{ability}"))


def _run_consume(game: Game, task: Task) -> Decision | None:
    chosen, text = task.text.split("|", 1)
    ability = Ability.parse(text)
    _, bought = groups(ability)
    if task.n >= len(bought):
        game._pop()
        _finish(game, task.who, ability, [int(i) for i in chosen.split(";") if i])
        return None
    ways = offers(game, bought[task.n][0])
    if not ways:
        game._pop()
        game._push(Task("el_consume", task.who, task.n + 1, task.text))
        return None
    choices = [*(Choice("consume", tuple(e.value for e in way)) for way in ways), Choice("no-consume")]
    return Decision(task.who, "consume", choices)


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    chosen, text = task.text.split("|", 1)
    picked = [i for i in chosen.split(";") if i]
    if choice.kind == "consume":
        for name in choice.args:
            element = Element.parse(name)
            game.state.elements.consume(element)
            game._emit("consumed", task.who, element.value)
        picked.append(str(task.n))
    game._push(Task("el_consume", task.who, task.n + 1, f"{';'.join(picked)}|{text}"))


def _flag_sum(items: list[Ability], prefix: str) -> int:
    return cls._total(items, prefix)


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
        return msgspec.structs.replace(main, value=main.value + _flag_sum(gained, f"{main.kind}-plus-"))
    return main


def _finish(game: Game, fid: str, ability: Ability, chosen: list[int]) -> None:
    base, bought = groups(ability)
    gained = [p for i in chosen for p in bought[i][1]]
    cls._gain_xp(game, fid, gained)
    if game.state.figures.get(fid) is None:
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
            fx._perform_attack(game, fid, p)
        else:
            game._perform(fid, p)


# ------------------------------------------------------------ turn end


@effect("el-infuse-any-at-turn-end")
def _announce(game: Game, fid: str, ability: Ability) -> None:
    """Shaping the Ether: acts from the active area (:func:`_turn_end`)."""
    game._emit("bonus", fid, ability.note)


def _turn_end(game: Game, f: Figure) -> None:
    """At the end of each of your turns, you may infuse any element (one choice per card)."""
    for _ in cls._holders(game, f.id, "el-infuse-any-at-turn-end"):
        game._push(Task("el_infuse", f.id, 0, ""))


def _run_infuse(game: Game, task: Task) -> Decision | None:
    if task.who not in game.state.figures:
        game._pop()
        return None
    return Decision(task.who, "infuse", [*(Choice("infuse", (e.value,)) for e in Element), Choice("skip")])


def _apply_infuse(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    if choice.kind == "infuse":
        game.infuse(Element.parse(choice.args[0]))
    else:
        game._emit("declined", task.who, "infuse")


TURN_END_HOOKS.append(_turn_end)

for _kind, _run, _apply in (
    ("el_consume", _run_consume, _apply_consume),
    ("el_infuse", _run_infuse, _apply_infuse),
):
    task_handler(_kind, _run, _apply)

__all__ = ["groups", "improved", "offers"]
