"""Recovering and losing cards, and healing all damage.

``ally-recovers``: an ally (or the performer) recovers up to N discarded or lost cards, the
owner choosing, or all its discards; then may lose cards, or takes a lost card of an ally next
to it — Reinvigorating Elixir, Brilliant Prayer, Chimeric Formula. ``heal-all-damage``: one
adjacent ally heals all its damage — Lay on Hands.
"""

from __future__ import annotations

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.allies import allies_named
from delvekit.gloomhaven.effects.consume import flag_value, part_flags
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Task
from delvekit.gloomhaven.model.abilities import Ability

# ----------------------------------------------------------- recovering cards


def recovers(game: Game, fid: str, items: list[Ability]) -> None:
    """An ally-recovers wording: the allies named recover cards (your own: Reforge)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in part_flags(items) if n.startswith("affects-")), "affects-ally-adjacent")
    if who == "affects-self":  # Reforge: recover your own cards
        start_recovery(game, fid, fid, items)
        return
    ids, _ = allies_named(game, f, who)
    ids = [i for i in ids if i in game.state.characters and i != fid]
    if not ids:
        game.emit("no-target", fid)
        return
    text = str(Ability(kind="custom", note="ally-recovers", then=tuple(items)))
    game.push(Task("cls_pick", fid, 1, f"recover|{';'.join(ids)}|{text}"))


def _unrecoverable(game: Game, cid: str, card: str) -> bool:
    """A card whose own ability recovers lost cards cannot itself be recovered (§ FAQ)."""
    c = game.card(cid, card)
    return any(
        a.kind == "custom" and a.note == "ally-recovers" and "pile-lost" in effects_parts.flags(a)
        for half in (c.top, c.bottom)
        for a in half.abilities
    )


def _pile(game: Game, cid: str, pile: str) -> list[str]:
    ch = game.state.characters[cid]
    if pile == "lost":
        return [c for c in ch.lost if not _unrecoverable(game, cid, c)]
    return list(ch.discard)


def start_recovery(game: Game, fid: str, ally: str, items: list[Ability]) -> None:
    """Let ``ally`` recover cards from its discard or lost pile as ``items`` say."""
    pile = "lost" if "pile-lost" in part_flags(items) else "discard"
    ch = game.state.characters.get(ally)
    if ch is None:
        return
    if "of-adjacent" in part_flags(items):  # Chimeric Formula: a lost card of an ally next to them
        game.push(Task("cls_recover_other", ally, flag_value(items, "target-", 1)))
        return
    lose = flag_value(items, "then-lose-", 0)
    if lose:  # Chimeric Formula: then the ally loses two cards (after the recovery)
        game.push(Task("cls_lose", ally, lose))
    if "all" in part_flags(items):
        for card in _pile(game, ally, pile):
            _recover(game, ally, card, pile)
        return
    count = flag_value(items, "target-", 1)
    game.push(Task("cls_recover", ally, count, pile))


def _recover(game: Game, cid: str, card: str, pile: str) -> None:
    ch = game.state.characters[cid]
    (ch.lost if pile == "lost" else ch.discard).remove(card)
    ch.hand.append(card)
    game.emit("recovered", cid, card, pile)


def _run_recover(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters.get(task.who)
    cards = _pile(game, task.who, task.text) if ch is not None and not ch.exhausted else []
    if not cards or task.n <= 0:
        game.pop_task()
        return None
    return Decision(task.who, "recover", [*(Choice("recover", (c,)) for c in cards), Choice("done")])


def _apply_recover(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "done":
        return
    _recover(game, task.who, choice.args[0], task.text)
    if task.n > 1:
        game.push(Task("cls_recover", task.who, task.n - 1, task.text))


def _run_recover_other(game: Game, task: Task) -> Decision | None:
    """The ally (``task.who``) picks a lost card of a character adjacent to it."""
    f = game.state.figures.get(task.who)
    board = game.board()
    if f is None or board is None or task.n <= 0:
        game.pop_task()
        return None
    owners = sorted(
        cid
        for cid, ch in game.state.characters.items()
        if cid != task.who
        and not ch.exhausted
        and cid in game.state.figures
        and board.adjacent(f.hex, game.state.figures[cid].hex)
    )
    choices = [Choice("recover", (cid, card)) for cid in owners for card in _pile(game, cid, "lost")]
    if not choices:
        game.pop_task()
        return None
    return Decision(task.who, "recover", [*choices, Choice("done")])


def _apply_recover_other(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "done":
        return
    owner, card = choice.args
    _recover(game, owner, card, "lost")
    if task.n > 1:
        game.push(Task("cls_recover_other", task.who, task.n - 1))


def _run_lose(game: Game, task: Task) -> Decision | None:
    """Lose ``task.n`` cards from hand or discard pile (mandatory while any is left)."""
    ch = game.state.characters.get(task.who)
    if ch is None or ch.exhausted or task.n <= 0:
        game.pop_task()
        return None
    cards = [*ch.hand, *ch.discard]
    if not cards:
        game.pop_task()
        return None
    return Decision(task.who, "lose", [Choice("lose", (c,)) for c in cards])


def _apply_lose(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ch = game.state.characters[task.who]
    card = choice.args[0]
    (ch.hand if card in ch.hand else ch.discard).remove(card)
    ch.lost.append(card)
    game.emit("card", task.who, card, "lost")
    if task.n > 1:
        game.push(Task("cls_lose", task.who, task.n - 1))


@effect("heal-all-damage")
def _heal_all(game: Game, fid: str, ability: Ability) -> None:
    """Lay on Hands: one adjacent ally heals all its damage (a heal: poison still blocks it)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in effects_parts.flags(ability) if n.startswith("affects-")), "affects-ally-adjacent")
    ids, _ = allies_named(game, f, who)
    ids = [i for i in ids if i != fid]
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("cls_pick", fid, 1, f"heal-all|{';'.join(ids)}|{ability}"))


task_handler("cls_recover", _run_recover, _apply_recover)


task_handler("cls_recover_other", _run_recover_other, _apply_recover_other)


task_handler("cls_lose", _run_lose, _apply_lose)
