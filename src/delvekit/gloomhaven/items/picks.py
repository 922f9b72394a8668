"""The picks an item needs (``C item-pick`` decisions, task ``item_pick``): an element for a
wild infusion, a hex for a summon, cards to recover, items to refresh, a summon or enemy to move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine.payloads import MoveStep
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.items.own_turn import consume_element, path_effect, perform_effect
from delvekit.gloomhaven.items.state import add_mark, items_of, refresh, sub_value
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import ItemSetup

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game


# ------------------------------------------------------------------ picks

_PICK_WORD = {
    "heal": "heal", "infuse": "infuse", "consume": "consume", "refresh": "refresh",
    "recover": "recover", "ally": "ally", "summon-at": "summon-at", "cure": "cure",
    "summon": "move-summon", "control": "control", "mark": "mark", "obstacle": "destroy",
    "ally-recover": "recover", "play": "play", "turn": "select", "redirect": "target",
    "consume-only": "consume",
}  # fmt: skip


_OPTIONAL = frozenset({"refresh", "recover", "ally-recover", "cure"})
"""Picks of "up to N": ``done`` ends them early."""


def _run_pick(game: Game, task: Task) -> Decision | None:
    kind, options, _, count = task.text.split("|")
    opts = [o for o in options.split(";") if o]
    if kind == "turn":
        hand = [o for o in opts if o in game.state.characters[task.who].hand]
        choices = [Choice("select", (a, b)) for a in hand for b in hand if a != b]
    else:
        choices = [Choice(_PICK_WORD[kind], (o,)) for o in opts]
    if not choices or int(count) <= 0 or task.who not in game.state.figures:
        game.pop_task()
        return None
    if kind in _OPTIONAL:
        choices.append(Choice("done"))
    return Decision(task.who, "item-pick", choices)  # an ally recovering its cards decides itself


_NO_ITEM = ItemSetup(number=0, name="-", slot="small")


def refresh_by_card(game: Game, f: Figure, count: int) -> None:
    """A "refresh an item" modifier card (Quartermaster's perk) drawn by ``f`` (a summon: for its
    owner): up to ``count`` of the owner's spent or consumed items, the player choosing which."""
    cid = f.owner if f.kind == "summon" and f.owner is not None else f.id
    ch = game.state.characters.get(cid)
    if ch is None:
        return
    options = [str(n) for n, s in sorted(ch.items.items()) if s in ("spent", "consumed")]
    if options:
        game.push(Task("item_pick", cid, 0, f"refresh|{';'.join(options)}|0|{count}"))


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    kind, options, path, count = task.text.split("|")
    if choice.kind == "done":
        return
    st = game.state
    owner = task.who if kind != "ally-recover" else path.split("@")[1]
    found = items_of(game, owner).get(task.n)  # none for a modifier card's refresh
    if found is None and kind != "refresh":
        return
    item = found or _NO_ITEM
    picked = choice.args[0]
    rest = [o for o in options.split(";") if o and o != picked]
    more = int(count) - 1
    if kind in _OPTIONAL and more > 0 and rest:
        game.push(Task("item_pick", task.who, task.n, f"{kind}|{';'.join(rest)}|{path}|{more}"))
    if kind == "heal":
        game.heal(picked, path_effect(item, path).value)
    elif kind == "infuse":
        game.infuse(Element(picked))
    elif kind == "consume":
        consume_element(game, task.who, Element(picked))
        e = path_effect(item, path)
        steps: list[Task] = []
        for n, s in enumerate(e.then):
            steps += perform_effect(game, task.who, item, s, f"{path}.{n}")
        game.push(*steps)
    elif kind == "consume-only":  # an attack item's price; its bonus rides on the attack
        consume_element(game, task.who, Element(picked))
    elif kind == "refresh":
        refresh(game, task.who, int(picked))
    elif kind in ("recover", "ally-recover"):
        ch = st.characters[task.who]
        ch.discard.remove(picked)
        ch.hand.append(picked)
        game.emit("recovered-card", task.who, picked)
    elif kind == "ally":
        e = path_effect(item, path)
        cards = st.characters[picked].discard
        game.push(
            Task(
                "item_pick",
                picked,
                task.n,
                f"ally-recover|{';'.join(cards)}|{path}@{owner}|{sub_value(e, 'target', 1)}",
            )
        )
    elif kind == "summon-at":
        e = path_effect(item, path)
        q, r = (int(x) for x in picked.split(","))
        game.summon(
            task.who,
            e.arg.lower().replace(" ", "-"),
            sub_value(e, "health", 1),
            (q, r),
            move=sub_value(e, "move"),
            attack=sub_value(e, "attack"),
            range=sub_value(e, "range"),
        )
    elif kind == "cure":
        f = st.figures[task.who]
        f.conditions.remove(Condition.parse(picked))
        game.emit("condition-ended", task.who, picked, "item")
    elif kind in ("summon", "control"):
        e = path_effect(item, path)
        moved = st.figures.get(picked)
        if moved is not None:
            if kind == "control":
                game.emit("controlled", picked, f"by={task.who}")
            if Condition.IMMOBILIZE in moved.conditions:
                game.emit("prevented", picked, "move", "immobilize")
            else:
                game.push(Task("move", picked, sub_value(e, "move"), MoveStep().text))
    elif kind == "mark":
        e = path_effect(item, path)
        add_mark(game, task.who, f"mark={picked}+{sub_value(e, 'attack', 1)}")
        game.emit("marked", picked, f"by={task.who}")
    elif kind == "obstacle":
        q, r = (int(x) for x in picked.split(","))
        st.sprung = st.sprung | {(q, r)}
        game.emit("obstacle-destroyed", task.who, picked)
    elif kind == "play":
        from delvekit.gloomhaven.items.passive import play_half

        play_half(game, task.who, picked, path)
    elif kind == "turn":
        from delvekit.gloomhaven.items.passive import extra_turn

        extra_turn(game, task.who, choice.args[0], choice.args[1])
    elif kind == "redirect":
        from delvekit.gloomhaven.items.defence import redirect_attack

        redirect_attack(game, picked)


def _register() -> None:
    from delvekit.gloomhaven.engine.game import task_handler

    task_handler("item_pick", _run_pick, _apply_pick)


_register()
