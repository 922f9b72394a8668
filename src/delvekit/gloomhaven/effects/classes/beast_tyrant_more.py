"""More named effects of the Beast Tyrant's cards (:mod:`~delvekit.gloomhaven.effects.classes.beast_tyrant`
has the bear, its commands and the persistent cards); registered in
:mod:`delvekit.gloomhaven.engine.registry`.

============================  =================================================================
``bt-swap``                   Disorienting Roar, Spirit Swap: swap the positions of any two
                              figures (``swap-figures``) or enemies (``swap-enemies``) on the map
``bt-swap-bear``              Primal Blessing: swap positions with your bear
``bt-summons-perform``        Rampage: one summoned ally (``any-one-summon``, anywhere);
                              Tyrannical Force: every summoned ally within range
                              (``affects-summons-range-N``), each in turn: it performs its own
                              Move and Attack plus or minus the bonuses, the owner controlling
``bt-share-damage``           Borrowed Essence: the damage of you and all summoned allies is
                              given out again as you like, one figure after the other; none is
                              given as much as its maximum hit points
============================  =================================================================

Readings (docs/content.md): a swap is no movement (no trap or hazardous terrain is sprung, as
for a teleport); objectives are not figures that can be swapped. "Summoned allies" are every
character summon on the party's side (the Dized FAQ: not only your own).
"""

from __future__ import annotations

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.effects.classes.beast_tyrant import BEAR, bear_of
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

# ------------------------------------------------------------------ swaps


def _swappable(game: Game, fid: str, who: str) -> list[Figure]:
    f = game.state.figures[fid]
    out = [g for g in game.state.figures.values() if g.kind != "objective"]
    if who == "enemies":
        out = [g for g in out if actions._hostile(f, g)]
    return sorted(out, key=lambda g: g.id)


@effect("bt-swap")
def _swap(game: Game, fid: str, ability: Ability) -> bool | None:
    """Swap the positions of any two figures (or enemies) on the map."""
    who = next((n.removeprefix("swap-") for n in fx.flags(ability) if n.startswith("swap-")), "figures")
    found = _swappable(game, fid, who)
    if len(found) < 2:
        game.emit("no-target", fid)
        return False
    game.push(Task("bt_swap", fid, 0, f"{who}|"))
    return None


def _run_swap(game: Game, task: Task) -> Decision | None:
    who, first = task.text.split("|")
    found = [g.id for g in _swappable(game, task.who, who) if g.id != first]
    if (first and first not in game.state.figures) or not found:
        game.pop_task()
        return None
    word = "swap-second" if first else "swap"
    return Decision(task.who, word, [*(Choice("figure", (i,)) for i in found), Choice("skip")])


def _apply_swap(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    who, first = task.text.split("|")
    if choice.kind == "skip":
        game.emit("declined", task.who, "swap")
        return
    if not first:
        game.push(Task("bt_swap", task.who, 0, f"{who}|{choice.args[0]}"))
        return
    _exchange(game, game.state.figures[first], game.state.figures[choice.args[0]])


def _exchange(game: Game, a: Figure, b: Figure) -> None:
    a.hex, b.hex = b.hex, a.hex
    game.emit("swapped", a.id, b.id, f"hex={actions.hex_token(a.hex)}", f"hex={actions.hex_token(b.hex)}")


@effect("bt-swap-bear")
def _swap_bear(game: Game, fid: str, ability: Ability) -> bool:
    """Primal Blessing: swap positions with your bear."""
    bear, me = bear_of(game, fid), game.state.figures.get(fid)
    if bear is None or me is None:
        game.emit("no-summon", fid, BEAR)
        return False
    _exchange(game, me, bear)
    return True


# ------------------------------------------------------------ summons perform


@effect("bt-summons-perform")
def _summons_perform(game: Game, fid: str, ability: Ability) -> bool | None:
    """Rampage: any one summoned ally; Tyrannical Force: every one within range; each performs
    its own Move and Attack plus (minus) the bonuses, the owner controlling it."""
    f = game.state.figures.get(fid)
    if f is None:
        return False
    who = next((n for n in fx.flags(ability) if n.startswith("affects-")), "any-one-summon")
    summons = [
        g
        for g in game.state.figures.values()
        if g.kind == "summon" and not actions._hostile(f, g) and Condition.STUN not in g.conditions
    ]
    if "-range-" in who:
        summons = fx._in_reach(game, f, int(who.rsplit("-", 1)[1]), summons)
    ids = sorted(g.id for g in summons)
    if not ids:
        game.emit("no-target", fid)
        return False
    if who.startswith("affects-summons"):
        for sid in reversed(ids):  # each in turn, in id order
            game.push(Task("bt_perform", fid, 0, f"{sid}|{ability}"))
        return None
    game.push(Task("bt_perform", fid, 1, f"{';'.join(ids)}|{ability}"))
    return None


def _run_perform(game: Game, task: Task) -> Decision | None:
    ids, _ = task.text.split("|", 1)
    alive = [i for i in ids.split(";") if i in game.state.figures]
    if not alive:
        game.pop_task()
        return None
    if task.n == 0:
        return Decision(task.who, "summon-performs", [Choice("summon", (alive[0],)), Choice("skip")])
    return Decision(task.who, "summon-performs", [*(Choice("summon", (i,)) for i in alive), Choice("skip")])


def _signed(ability: Ability, kind: str) -> int:
    return fx.flag_number(ability, f"{kind}-plus-") - fx.flag_number(ability, f"{kind}-minus-")


def _apply_perform(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "summon-performs")
        return
    sid = choice.args[0]
    ability = Ability.parse(task.text.split("|", 1)[1])
    move, attack, reach = game.state.summon_stats.get(sid, (0, 0, 0))
    summon = game.state.figures[sid]
    game.emit("ally-performs", sid, f"for={task.who}")
    flags = fx.flags(ability)
    card = fx.summon_card(game, summon)  # none for the bear, which attacks
    can_attack = card is None or any(a.kind == "attack" for a in card[2].then)
    if can_attack and any(n.startswith("attack-") for n in flags):  # beneath the move: it moves first
        value = fx.summon_attack(game, summon, attack) + _signed(ability, "attack")
        fx._perform_attack(game, sid, Ability(kind="attack", value=max(0, value), range=reach))
    if move > 0 and any(n.startswith("move-") for n in flags):
        fx._perform_move(game, sid, Ability(kind="move", value=max(0, move + _signed(ability, "move"))))


# ------------------------------------------------------------ Borrowed Essence


@effect("bt-share-damage")
def _share(game: Game, fid: str, ability: Ability) -> bool | None:
    """Redistribute the damage of you and your summoned allies; none is given as much damage
    as its maximum hit points (no figure dies of it)."""
    st = game.state
    me = st.figures.get(fid)
    if me is None:
        return False
    summons = (g.id for g in st.figures.values() if g.kind == "summon" and not actions._hostile(me, g))
    group = [fid, *sorted(summons)]
    group = [i for i in group if i in st.figures]
    total = sum(st.figures[i].max_hp - st.figures[i].hp for i in group)
    if len(group) < 2 or total == 0:
        game.emit("no-target", fid)
        return False
    game.push(Task("bt_share", fid, total, ";".join(group) + "|"))
    return None


def _share_range(game: Game, task: Task) -> tuple[list[str], list[int], int, int]:
    ids_text, given_text = task.text.split("|")
    ids = ids_text.split(";")
    given = [int(x) for x in given_text.split(";") if x]
    left = task.n - sum(given)
    caps = [game.state.figures[i].max_hp - 1 for i in ids]
    later = sum(caps[len(given) + 1 :])
    return ids, given, max(0, left - later), min(caps[len(given)], left)


def _run_share(game: Game, task: Task) -> Decision | None:
    ids, given, low, high = _share_range(game, task)
    if any(i not in game.state.figures for i in ids):
        game.pop_task()
        return None
    who = ids[len(given)]
    return Decision(task.who, "share-damage", [Choice("damage", (who, str(n))) for n in range(low, high + 1)])


def _apply_share(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ids, given, _, _ = _share_range(game, task)
    given.append(int(choice.args[1]))
    if len(given) < len(ids) - 1:
        game.push(Task("bt_share", task.who, task.n, f"{';'.join(ids)}|{';'.join(map(str, given))}"))
        return
    given.append(task.n - sum(given))
    for fid, damage in zip(ids, given, strict=True):
        f = game.state.figures[fid]
        f.hp = f.max_hp - damage
        game.emit("damage-shared", fid, f"hp={f.hp}")


task_handler("bt_swap", _run_swap, _apply_swap)
task_handler("bt_perform", _run_perform, _apply_perform)
task_handler("bt_share", _run_share, _apply_share)
