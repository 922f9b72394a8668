"""The parts of a class wording and its optional element consumption.

:mod:`~delvekit.gloomhaven.content.character_cards` writes a class wording as a ``custom``
ability whose ``then`` holds its parts; a ``consume-<element>`` part (``wild`` for any) splits
them into what is always performed and what consuming buys. :func:`consume_offer` and
:func:`consume_answer` are the one "consume an element for more" offer every class module's
consume task uses (``consume`` / ``no-consume``; a wild one offers every Strong or Waning
element).
"""

from __future__ import annotations

from typing import Protocol

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.elements import Element

# ------------------------------------------------------------------ parts


def split_consumption(ability: Ability) -> tuple[list[Ability], str | None, list[Ability]]:
    """(parts before the consumption, the element it consumes — ``wild`` for any — and what
    consuming buys)."""
    base: list[Ability] = []
    bought: list[Ability] = []
    element: str | None = None
    for p in ability.then:
        if element is None and p.kind == "custom" and p.note.startswith("consume-"):
            element = p.note.removeprefix("consume-")
        elif element is None:
            base.append(p)
        else:
            bought.append(p)
    return base, element, bought


def consume_choices(game: Game, element: str | None) -> list[Element]:
    """The elements a consumption of ``element`` may take now (wild: any Strong or Waning)."""
    if element is None:
        return []
    elements = game.state.elements
    if element == "wild":
        return elements.consumable()
    e = Element.parse(element)
    return [e] if elements.can_consume(e) else []


def effective_parts(ability: Ability, paid: bool) -> list[Ability]:
    """The parts that apply: with the consumption paid, its ``affects-``/``target-`` flags
    replace those of the base and its other parts are added."""
    base, _, bought = split_consumption(ability)
    if not paid:
        return base
    replaced = {p.note.split("-", 1)[0] for p in bought if p.kind == "custom"}
    swapped = replaced & {"affects", "target"}
    kept = [p for p in base if not (p.kind == "custom" and p.note.split("-", 1)[0] in swapped)]
    return kept + bought


def part_flags(items: list[Ability]) -> list[str]:
    return [p.note for p in items if p.kind == "custom"]


def flag_total(items: list[Ability], prefix: str) -> int:
    """The sum of the numbers ending the flags that start with ``prefix``."""
    return sum(
        int(n.rsplit("-", 1)[-1])
        for n in part_flags(items)
        if n.startswith(prefix) and n.rsplit("-", 1)[-1].isdigit()
    )


def flag_value(items: list[Ability], prefix: str, default: int) -> int:
    for note in part_flags(items):
        if note.startswith(prefix) and note.rsplit("-", 1)[-1].isdigit():
            return int(note.rsplit("-", 1)[-1])
    return default


def gain_parts_xp(game: Game, fid: str, items: list[Ability]) -> None:
    gain = sum(p.value for p in items if p.kind == "xp")
    ch = game.state.characters.get(fid)
    if gain and ch is not None:
        ch.xp += gain
        game.emit("xp", fid, gain)


class Finish(Protocol):
    """What a wording does once its optional consumption is settled (paid or not)."""

    def __call__(self, game: Game, fid: str, ability: Ability, *, paid: bool) -> None: ...


def consume_offer(game: Game, task: Task, finish: Finish) -> Decision | None:
    """The one "consume an element for more" offer of a class wording (the task's text is the
    ability): the elements it may consume, or no offer at all (another effect took the element
    meanwhile) and the wording finished unpaid. Every class module's consume task uses it."""
    ability = Ability.parse(task.text)
    offer = consume_choices(game, split_consumption(ability)[1])
    if not offer:
        game.pop_task()
        finish(game, task.who, ability, paid=False)
        return None
    return Decision(
        task.who, "consume", [*(Choice("consume", (e.value,)) for e in offer), Choice("no-consume")]
    )


def consume_answer(game: Game, task: Task, choice: Choice, finish: Finish) -> None:
    """Apply the answer to :func:`consume_offer`: consume the element (or not), then finish."""
    game.pop_task()
    ability = Ability.parse(task.text)
    paid = choice.kind == "consume"
    if paid:
        element = Element.parse(choice.args[0])
        game.state.elements.consume(element)
        game.emit("consumed", task.who, element.value)
    finish(game, task.who, ability, paid=paid)
