"""The Summoner's Earthen Steed (``su-earth-steed``, persistent): "on any of your or your summoned
allies' move actions, you may consume earth to add +2 Move and gain 1 XP". Registered in
:mod:`delvekit.gloomhaven.engine.registry` (a move hook and a stat hook).

While the card is in her active area and earth is Strong or Waning, the Summoner is asked
(``steed consume`` / ``steed no-consume``) as a move begins:

* a move step of hers or of one of her summons (a card's move, a summon moved by a card),
  before its first hex: consumed, the move is 2 longer;
* one of her summons' own turns, before its abilities (not when it is immobilized): consumed,
  its stat line's Move is 2 higher for that turn (the stat hook), which its monster-rule move
  then uses.

The XP is the Summoner's, once per consumption.
"""

from __future__ import annotations

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import MOVE_HOOKS, STAT_HOOKS, effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

NOTE = "su-earth-steed"
_TURN = "steed-turn|"  # summon id → the figure's turn count whose Move is 2 higher
_HELD = "steed-held|"  # figure id → agenda depth of a move step already asked about


@effect(NOTE)
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Earthen Steed acts from the active area (the module docstring)."""
    game.emit("bonus", fid, ability.note)


def _holder(game: Game, f: Figure) -> tuple[str, Ability] | None:
    """(the Summoner, her Earthen Steed) when ``f`` is she or one of her summons."""
    cid = f.id if f.kind == "character" else f.owner if f.kind == "summon" else None
    if cid is None or cid not in game.state.characters:
        return None
    for _, _, half in fx.active_halves(game, cid):
        for a in fx.named_in(half, NOTE):
            return cid, a
    return None


def _move_starts(game: Game, f: Figure, task: Task | None) -> bool:
    found = _holder(game, f)
    st = game.state
    if found is None or not st.elements.can_consume(Element.EARTH):
        return False
    cid = found[0]
    if task is None:  # a summon's own turn
        if f.kind != "summon" or Condition.IMMOBILIZE in f.conditions:
            return False
        game.push(Task("su_steed", cid, 0, f"{f.id}#"))
        return True
    key = _HELD + f.id
    if st.scenario_marks.get(key) == len(st.agenda):  # asked already: the move goes on
        del st.scenario_marks[key]
        return False
    game.pop_task()  # the move step comes back once answered
    game.push(Task("su_steed", cid, task.n, f"{f.id}#{task.text}"))
    return True


def _run_steed(game: Game, task: Task) -> Decision | None:
    return Decision(task.who, "steed", [Choice("steed", ("consume",)), Choice("steed", ("no-consume",))])


def _apply_steed(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    st = game.state
    fid, move = task.text.split("#", 1)
    f = st.figures.get(fid)
    bought = choice.args[0] == "consume" and st.elements.can_consume(Element.EARTH)
    extra = 0
    if move and f is not None:
        extra = 2 if bought else 0
        game.push(Task("move", fid, task.n + extra, move))
        st.scenario_marks[_HELD + fid] = len(st.agenda)
    elif f is not None and bought:
        st.scenario_marks[_TURN + fid] = f.turns
    if bought:
        st.elements.consume(Element.EARTH)
        game.emit("consumed", task.who, Element.EARTH.value)
        ch = st.characters.get(task.who)
        if ch is not None:
            ch.xp += 1
            game.emit("xp", task.who, 1)
        game.emit("steed", task.who, fid, "+2")


def _stat(game: Game, f: Figure) -> tuple[int, int, int]:
    """+2 Move on a summon's turn for which earth was consumed."""
    if f.kind == "summon" and game.state.scenario_marks.get(_TURN + f.id) == f.turns:
        return 2, 0, 0
    return 0, 0, 0


MOVE_HOOKS.append(_move_starts)
STAT_HOOKS.append(_stat)
task_handler("su_steed", _run_steed, _apply_steed)
