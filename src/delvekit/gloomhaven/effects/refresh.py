"""``refresh-items``: refresh spent or consumed items (of some slots) of the performer, one
ally or every ally named — Restock, Reforge, Bag of Holding.
"""

from __future__ import annotations

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.allies import allies_named
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Task
from delvekit.gloomhaven.model.abilities import Ability

# ------------------------------------------------------------------ items


_SLOTS = {"small": ("small",), "hands": ("one-hand", "two-hands")}


@effect("refresh-items")
def refresh_items(game: Game, fid: str, ability: Ability) -> None:
    """Restock, Oversized Pack, Reserved Energy, Reforge: refresh spent and/or consumed items
    (of some slots) of the performer, of one ally it picks, or of every ally named; one item
    each (the owner choosing which) or all of them."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    whos = [n for n in effects_parts.flags(ability) if n.startswith("affects-")] or ["affects-self"]
    ids: list[str] = []
    pick = len(whos) > 1
    for who in whos:
        found, one = allies_named(game, f, who)
        ids += [i for i in found if i not in ids and i in game.state.characters]
        pick = pick or one
    if not ids:
        game.emit("no-target", fid)
        return
    if pick:
        game.push(Task("cls_pick", fid, 1, f"refresh|{';'.join(ids)}|{ability}"))
        return
    for cid in reversed(ids):
        refresh_for(game, cid, ability)


def refreshable(game: Game, cid: str, ability: Ability) -> list[int]:
    """The items of ``cid`` the refresh ability may refresh now (by number)."""
    from delvekit.gloomhaven.items import state as items_state

    notes = effects_parts.flags(ability)
    states = {s for s in ("spent", "consumed") if s in notes}
    slots = {slot for word, names in _SLOTS.items() if word in notes for slot in names}
    ch = game.state.characters.get(cid)
    if ch is None:
        return []
    return sorted(
        n
        for n, item in items_state.items_of(game, cid).items()
        if ch.items.get(n) in states and (not slots or item.slot in slots)
    )


def refresh_for(game: Game, cid: str, ability: Ability) -> None:
    """Refresh ``cid``'s items as ``ability`` says: all of them, or a pick of the flag's number."""

    from delvekit.gloomhaven.items import state as items_state

    if "all" in effects_parts.flags(ability):
        for n in refreshable(game, cid, ability):
            items_state.refresh(game, cid, n)
        return
    count = effects_parts.flag_number(ability, "target-", 1)
    game.push(Task("cls_refresh", cid, count, str(ability)))


def _run_refresh(game: Game, task: Task) -> Decision | None:
    found = refreshable(game, task.who, Ability.parse(task.text)) if task.n > 0 else []
    if not found:
        game.pop_task()
        return None
    return Decision(task.who, "refresh", [*(Choice("refresh", (str(n),)) for n in found), Choice("done")])


def _apply_refresh(game: Game, task: Task, choice: Choice) -> None:
    from delvekit.gloomhaven.items import state as items_state

    game.pop_task()
    if choice.kind == "done":
        return
    items_state.refresh(game, task.who, int(choice.args[0]))
    if task.n > 1:
        game.push(Task("cls_refresh", task.who, task.n - 1, task.text))


task_handler("cls_refresh", _run_refresh, _apply_refresh)
