"""The Sawbones's medical packs (the rest of her cards: :mod:`~delvekit.gloomhaven.effects.classes.sawbones`).

``sb-give-pack`` hands a Medical Pack (heal 4) or a Large Medical Pack (heal 8) to one adjacent
ally character (the player picks), to every adjacent ally character or to the figure just healed
(``healed``: Bedside Manner). The supply holds seven and four (GHS numbers 417-423 and 424-427;
the card database J lists the same ranges): with none left, none is given. Who holds which pack
is read from the events (``sb-pack HOLDER KIND heal=N by=SAWBONES``, ``sb-pack-used HOLDER
KIND``); a character exhausted gives its packs back.

A held pack is used on the holder's turns: after its actions the holder may use one pack it
holds, a heal ability of its own (its heal bonuses apply), and the pack goes back to the supply.
The printed rule plays the pack as one of the holder's two cards, never for a basic action or to
negate damage; the engine's hands hold only the owner's cards, so the pack is used beside the two
cards instead (our reading, docs/effects.md). ``sb-return-to-supply`` (on the pack cards, which
never enter a hand: level M) only says so.
"""

from __future__ import annotations

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

SUPPLY = {"medical": 7, "large": 4}
"""Packs in the Sawbones's supply (Medical Packs 417-423, Large Medical Packs 424-427)."""


def friends_of(game: Game, f: Figure, *, adjacent: bool, characters: bool = False) -> list[Figure]:
    """``f``'s allies (not ``f``), maybe only adjacent ones, maybe only characters."""
    out = [
        g
        for g in game.state.figures.values()
        if g is not f and g.kind != "objective" and not actions.hostile(f, g)
        and (not characters or g.id in game.state.characters)
    ]  # fmt: skip
    if adjacent:
        out = [g for g in out if fx.is_adjacent(game, f, g)]
    return sorted(out, key=lambda g: g.id)


def healed_this_action(game: Game, fid: str) -> list[str]:
    """The figures healed so far in ``fid``'s current action, in order."""
    out: list[str] = []
    for kind, args in fx.events_since(game, "action", fid):
        if kind == "healed" and args and args[0] not in out and args[0] in game.state.figures:
            out.append(args[0])
    return out


def held_packs(game: Game, cid: str) -> list[tuple[str, int]]:
    """(kind, heal) of the packs character ``cid`` holds now (none once it is exhausted)."""
    ch = game.state.characters.get(cid)
    if ch is None or ch.exhausted or cid not in game.state.figures:
        return []
    if not any(c.class_name == "sawbones" for c in game.setup.party):  # no pack was ever given
        return []
    held: list[tuple[str, int]] = []
    for e in game.events:
        if e.kind == "sb-pack" and e.args[0] == cid:
            held.append((e.args[1], int(e.args[2].removeprefix("heal="))))
        elif e.kind == "sb-pack-used" and e.args[0] == cid:
            used = next((p for p in held if p[0] == e.args[1]), None)
            if used is not None:
                held.remove(used)
    return held


def _in_supply(game: Game, kind: str) -> int:
    out = sum(1 for cid in game.state.characters for k, _ in held_packs(game, cid) if k == kind)
    return SUPPLY[kind] - out


@effect("sb-give-pack")
def _give_pack(game: Game, fid: str, ability: Ability) -> bool | None:
    f = game.state.figures.get(fid)
    if f is None:
        return False
    notes = fx.flags(ability)
    if "healed" in notes:  # Bedside Manner: the figure just healed
        ids = [i for i in healed_this_action(game, fid) if i in game.state.characters]
        pick = False
    else:
        who = next((n for n in notes if n.startswith("affects-")), "affects-ally-adjacent")
        ids = [g.id for g in friends_of(game, f, adjacent=True, characters=True)]
        pick = who == "affects-ally-adjacent"
    if not ids:
        game.emit("no-target", fid)
        return False
    if pick:
        game.push(Task("sb_pack_pick", fid, 0, f"{';'.join(ids)}|{ability}"))
        return None
    return any([_give_one(game, fid, tid, ability) for tid in ids])


def _give_one(game: Game, fid: str, tid: str, ability: Ability) -> bool:
    kind = "large" if "pack-large" in fx.flags(ability) else "medical"
    heal = sum(p.value for p in fx.parts(ability, "heal"))
    if _in_supply(game, kind) <= 0:
        game.emit("no-card", fid, f"pack-{kind}")
        return False
    game.emit("sb-pack", tid, kind, f"heal={heal}", f"by={fid}")
    return True


def _run_pack(game: Game, task: Task) -> Decision | None:
    kinds = sorted({k for k, _ in held_packs(game, task.who)})
    f = game.state.figures.get(task.who)
    if not kinds or f is None or Condition.STUN in f.conditions:
        game.pop_task()
        return None
    return Decision(task.who, "medical-pack", [*(Choice("use-pack", (k,)) for k in kinds), Choice("keep")])


def _apply_pack(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "keep":
        game.emit("declined", task.who, "medical-pack")
        return
    kind = choice.args[0]
    heal = next(h for k, h in held_packs(game, task.who) if k == kind)
    game.emit("sb-pack-used", task.who, kind)
    game.perform(task.who, Ability(kind="heal", value=heal))  # the holder's own heal ability


@effect("sb-return-to-supply")
def _returned(game: Game, fid: str, ability: Ability) -> bool:
    game.emit("sb-returned", fid)
    return True


def _run_pick(game: Game, task: Task) -> Decision | None:
    ids = [i for i in task.text.split("|", 1)[0].split(";") if i in game.state.figures]
    if not ids:
        game.pop_task()
        game.emit("no-target", task.who)
        return None
    return Decision(task.who, "ally", [*(Choice("target", (i,)) for i in ids), Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "pack")
        return
    _give_one(game, task.who, choice.args[0], Ability.parse(task.text.split("|", 1)[1]))


for _kind, _run, _apply in (
    ("sb_pack", _run_pack, _apply_pack),
    ("sb_pack_pick", _run_pick, _apply_pick),
):
    task_handler(_kind, _run, _apply)
