"""Items against monster attacks (rules digest §13, §6). Part of
:mod:`~delvekit.gloomhaven.items.play`, which re-exports what the engine calls.

A monster attack on a character with items: :func:`attacked` asks its ``attacked`` items before
the draw (``C item``), the marks ``atk...`` on the character hold what they gave for this attack
(disadvantage, shield, retaliate) until ``item_attack_end``; at the ``C damage`` decision shields
and Shadow Armor are offered, armour with use slots applies by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine.payloads import ForceStep
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.items.own_turn import (
    adjacent_figures,
    find_item,
    item_choice,
    pick_task,
)
from delvekit.gloomhaven.items.state import (
    add_mark,
    drop_marks,
    is_ready,
    item_marks,
    items_of,
    mark_used,
    sub_value,
)
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.modifiers import ModifierCard, parse_card
from delvekit.gloomhaven.model.setup import ItemSetup

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game


# ------------------------------------------------------------------ attacked


def attacked(game: Game, attacker: Figure, target: Figure, task: Task) -> bool:
    """A monster is about to draw against a character with items: the first time for this
    attack, queue the ``attacked`` items (and their clean-up after the attack) before it, and
    return ``True`` (the attack task was put back to run after them)."""
    if target.kind != "character" or not items_of(game, target.id):
        return False
    key = f"atk={attacker.id}/{task.n}/{task.text}"
    if key in game.state.characters[target.id].item_marks:
        return False
    drop_marks(game, target.id, "atk")
    add_mark(game, target.id, key)
    from delvekit.gloomhaven.engine import monster_turn as engine_monsters

    if 0 <= task.n < len(engine_monsters.monster_actions(game, attacker)):
        ability = engine_monsters.monster_actions(game, attacker)[task.n]
        pierce = engine_monsters.attack_traits(game, attacker, ability, task.n)[1]
        if pierce:  # item shields against this attack are pierced too (§6.7)
            add_mark(game, target.id, f"atk-pierce={pierce}")
    game.push(
        Task("item_guard", target.id, 0, attacker.id),
        Task(task.kind, task.who, task.n, task.text),
        Task("item_attack_end", target.id),
    )
    return True


def _run_guard(game: Game, task: Task) -> Decision | None:
    st = game.state
    cid = task.who
    attacker = st.figures.get(task.text)
    if attacker is None or cid not in st.figures:
        game.pop_task()
        return None
    if task.n == 0:
        game.pop_task()
        game.push(Task("item_guard", cid, 1, task.text))
        _passive_attacked(game, cid, attacker)
        return None
    choices = [
        item_choice(item)
        for item in items_of(game, cid).values()
        if item.trigger == "attacked"
        and item.use != "passive"
        and is_ready(game, cid, item)
        and _guard_ok(game, cid, item, attacker)
    ]
    if not choices:
        game.pop_task()
        return None
    return Decision(cid, "item", [*choices, Choice("pass")])


def _guard_ok(game: Game, cid: str, item: ItemSetup, attacker: Figure) -> bool:
    if any(e.kind == "redirect-attack" for e in item.effects):
        return bool(_redirect_targets(game, cid, attacker))
    return True


def _redirect_targets(game: Game, cid: str, attacker: Figure) -> list[Figure]:
    """Heart of the Betrayer: an adjacent normal attacker's allies within its range."""
    board = game.board()
    me = game.state.figures.get(cid)
    if board is None or me is None or attacker.rank != "normal" or not board.adjacent(attacker.hex, me.hex):
        return []
    from delvekit.gloomhaven.engine import actions as engine_actions
    from delvekit.gloomhaven.engine import monster_turn as engine_monsters

    reach = engine_monsters.stat_line(game, attacker)[2]
    pending = next(
        (t for t in reversed(game.state.agenda) if t.kind == "monster_attack" and t.who == attacker.id), None
    )
    actions = engine_monsters.monster_actions(game, attacker)
    if pending is not None and 0 <= pending.n < len(actions):
        reach = max(0, reach + actions[pending.n].range)  # the attack's range: stat card and card
    return engine_actions.targets(game, attacker, reach, allies=True)


def _apply_guard(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "pass":
        return
    cid = task.who
    _, item = find_item(game, choice, cid)
    mark_used(game, cid, item)
    attacker = game.state.figures[task.text]
    game.push(Task("item_guard", cid, 1, task.text))  # more items, after this one's picks
    for e in item.effects:
        if e.kind == "attacker-disadvantage":
            add_mark(game, cid, "atk-disadv")
        elif e.kind == "shield":
            add_mark(game, cid, f"atk-shield={e.value}")
        elif e.kind == "redirect-attack":
            others = sorted(g.id for g in _redirect_targets(game, cid, attacker))
            game.push(pick_task(cid, item, "redirect", others, "0"))


def redirect_attack(game: Game, new_target: str) -> None:
    """The pending monster attack (below on the agenda) targets ``new_target`` instead."""
    agenda = game.state.agenda
    for i in range(len(agenda) - 1, -1, -1):
        t = agenda[i]
        if t.kind == "monster_attack":
            agenda[i] = Task(t.kind, t.who, t.n, new_target)
            game.emit("redirected", t.who, f"to={new_target}")
            return


def _passive_attacked(game: Game, cid: str, attacker: Figure) -> None:
    """Helm of the Mountain, Wave Crest: with the element strong, the attacker is hit."""
    from delvekit.gloomhaven.model.elements import Strength

    for number, item in items_of(game, cid).items():
        if item.trigger != "attacked" or item.use != "passive":
            continue
        for e in item.effects:
            if e.kind != "if-element-strong" or not e.then:
                continue
            element, effect = e.then[0], e.then[1:]
            if game.state.elements[Element(element.arg)] is not Strength.STRONG:
                continue
            game.emit("item-used", cid, number, "passive")
            for s in effect:
                if s.kind == "condition":
                    game.add_condition(attacker.id, Condition.parse(s.arg))
                elif s.kind == "push":
                    game.push(Task("force", attacker.id, s.value, ForceStep(cid, "push").text))


def defence(game: Game, target: Figure) -> tuple[bool, int]:
    """(the attacker has disadvantage, extra shield) from items used against this attack; the
    target's whole shield against it is noted (``atk-base``) for shields used after the draw."""
    if target.kind != "character":
        return False, 0
    marks = game.state.characters[target.id].item_marks
    shield = sum(int(m.split("=")[1]) for m in marks if m.startswith("atk-shield="))
    if any(m.startswith("atk-pierce=") for m in marks):
        base = game.shield(target.id) + sum(hooks.attack_shield.each(game, target)) + shield
        add_mark(game, target.id, f"atk-base={base}")
    return "atk-disadv" in marks, shield


def defend_cards(game: Game, target: Figure, cards: tuple[ModifierCard, ...]) -> tuple[ModifierCard, ...]:
    """Iron Helmet: a x2 the attacker draws counts as +0."""
    if target.kind != "character" or not any(c.kind == "double" for c in cards):
        return cards
    for number, item in items_of(game, target.id).items():
        if any(e.kind == "enemy-double-is-zero" for e in item.effects):
            game.emit("item-used", target.id, number, "passive")
            zero = parse_card("+0")
            return tuple(zero if c.kind == "double" else c for c in cards)
    return cards


def _run_attack_end(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    drop_marks(game, task.who, "atk")
    return None


# ------------------------------------------------------------------ damage


def damage_auto(game: Game, f: Figure, task: Task) -> bool:
    """Items with use slots that apply by themselves to attack damage (Hide Armor, Chainmail...):
    once per attack; ``True`` when the damage task was replaced (reduced)."""
    cid = f.id
    marks = game.state.characters[cid].item_marks
    if task.text != "attack" or not any(m.startswith("atk=") for m in marks) or "atk-auto" in marks:
        return False
    add_mark(game, cid, "atk-auto")
    shield = 0
    for item in items_of(game, cid).values():
        if item.trigger == "damaged-by-attack" and item.uses and is_ready(game, cid, item):
            mark_used(game, cid, item)
            shield += _defend(game, cid, item)
    if not shield:
        return False
    game.pop_task()
    _reduced(game, task, shield)
    return True


def _defend(game: Game, cid: str, item: ItemSetup) -> int:
    shield = 0
    for e in item.effects:
        if e.kind == "shield":
            shield += e.value
        elif e.kind == "retaliate":
            add_mark(game, cid, f"atk-retaliate={e.value}")
    return shield


def _mark_value(game: Game, cid: str, prefix: str) -> int | None:
    found = item_marks(game, cid, prefix)
    return int(found[-1].removeprefix(prefix)) if found else None


def _reduced(game: Game, task: Task, shield: int) -> None:
    """Push the damage task again, ``shield`` more shield against the attack taken off (what
    the attack's pierce leaves of it: shield and pierce of the whole attack, §6.4)."""
    cid = task.who
    pierce, base = _mark_value(game, cid, "atk-pierce="), _mark_value(game, cid, "atk-base=")
    cut = shield
    if pierce and base is not None:
        extra = _mark_value(game, cid, "atk-extra=") or 0
        cut = max(0, base + extra + shield - pierce) - max(0, base + extra - pierce)
        drop_marks(game, cid, "atk-extra=")
        add_mark(game, cid, f"atk-extra={extra + shield}")
    left = max(0, task.n - cut)
    game.emit("item-shield", task.who, shield, f"damage={left}")
    if left:
        game.push(Task("damage", task.who, left, task.text))


def damage_choices(game: Game, f: Figure, task: Task) -> list[Choice]:
    """Optional items against attack damage at the ``damage`` decision."""
    if task.text != "attack":
        return []
    return [
        item_choice(item)
        for item in items_of(game, f.id).values()
        if item.trigger == "damaged-by-attack" and not item.uses and is_ready(game, f.id, item)
    ]


def use_on_damage(game: Game, task: Task, choice: Choice) -> None:
    _, item = find_item(game, choice, task.who)
    mark_used(game, task.who, item)
    game.pop_task()
    if any(e.kind == "negate-attack-damage" for e in item.effects):
        game.emit("negated", task.who, task.n, task.text, f"by=item-{item.number}")
        return
    _reduced(game, task, _defend(game, task.who, item))


def retaliates(game: Game, fid: str) -> list[tuple[int, int]]:
    """Retaliate items used against the current attack: (amount, range)."""
    ch = game.state.characters.get(fid)
    if ch is None:
        return []
    return [(int(m.split("=")[1]), 1) for m in ch.item_marks if m.startswith("atk-retaliate=")]


def passive_shield(game: Game, fid: str) -> int:
    """Chain Hood: shield while next to at least N enemies."""
    f = game.state.figures.get(fid)
    if f is None or f.kind != "character":
        return 0
    total = 0
    for item in items_of(game, fid).values():
        for e in item.effects:
            if e.kind != "adjacent-enemies-at-least":
                continue
            if len(adjacent_figures(game, f, enemies=True)) >= sub_value(e, "target"):
                total += sub_value(e, "shield")
    return total


def _register() -> None:
    from delvekit.gloomhaven.engine.game import task_handler

    task_handler("item_guard", _run_guard, _apply_guard)
    task_handler("item_attack_end", _run_attack_end)


_register()
