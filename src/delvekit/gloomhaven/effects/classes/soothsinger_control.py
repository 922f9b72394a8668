"""Named effects of the Soothsinger's level 6-9 cards: enemies forced to act for her, songs
that act as her turns start, and allies performing at her word. Registered in
:mod:`delvekit.gloomhaven.engine.registry` (the songs themselves are
:mod:`~delvekit.gloomhaven.effects.classes.soothsinger`'s ``ss-song``).

Effects performed when the ability is:

===========================  ===================================================================
``ss-control-attack``        Pull the Strings: the player picks one enemy within range, in
                             sight; it performs "Attack +N": its own stat line's attack + N,
                             its own range, its stat card's conditions and pierce, against one
                             of its own allies (never itself), the Soothsinger choosing the
                             target (a disarmed enemy performs nothing)
``ss-moved-through-attack``  Shadow Puppets: after the move, every enemy whose hex the
                             Soothsinger moved (jumped) through in this action performs the
                             printed attack (melee) against one of its own allies, she choosing
``ss-some-allies-perform``   Shadow Puppets: up to ``target`` allies within range (in sight)
                             may perform the parts, one after another: the player picks an
                             ally (or stops), it acts, then the next
===========================  ===================================================================

Songs that act as the owner's turn starts (:func:`turn_start`, a turn hook: on the turns she
performs actions, as the songs' XP; not on a long rest, not when stunned; on a turn the Betrayer
plays they come but do nothing: her enemies are her allies that round, and the controlled turn
performs no named effect on another figure):

* ``ss-turn-start-control`` (Pull the Strings): she may force one enemy within range (in
  sight) to perform the move, choosing its path (the Mindthief's ``control-enemy`` pick);
* ``ss-turn-start-curse`` (Nightmare Serenade): she curses one enemy within range, in sight
  (she picks which; no enemy in reach: nothing happens).

The song's +N Attack for allies (``ss-allies-attack-all``, Captivating Performance) is in
:func:`delvekit.gloomhaven.effects.classes.soothsinger.strike_extra`.
"""

from __future__ import annotations

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects.classes import mindthief as effects_mindthief
from delvekit.gloomhaven.effects.classes import soothsinger as ss
from delvekit.gloomhaven.engine import actions, hooks
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

_TURN_SONGS = ("ss-turn-start-control", "ss-turn-start-curse")


def _enemies(game: Game, f: Figure, reach: int) -> list[str]:
    """Visible enemies of ``f`` within ``reach`` (adjacent at 1), in sight; sorted ids."""
    found = [
        g
        for g in game.state.figures.values()
        if actions.hostile(f, g) and g.kind != "objective" and Condition.INVISIBLE not in g.conditions
    ]
    return sorted(g.id for g in effects_parts.figures_in_reach(game, f, reach, found))


def _forced_attack(game: Game, cid: str, mid: str, value: int, *, relative: bool) -> None:
    """Enemy ``mid`` performs an attack against its own allies, ``cid`` controlling it:
    ``relative``: its stat line's attack + ``value`` at its own range ("Attack +N"); else a
    melee "Attack ``value``". The stat card's conditions and pierce apply to either."""
    m = game.state.figures.get(mid)
    if m is None:
        return
    game.emit("controlled", mid, f"by={cid}")
    if Condition.DISARM in m.conditions:
        game.emit("prevented", mid, "attack", "disarm")
        return
    reach, pierce = 0, 0
    adds: tuple[Condition, ...] = ()
    if m.kind == "monster" and m.name in game.tables.types:
        stats = game.tables.types[m.name].stats(m.rank or "normal")
        _, more_attack, more_range = hooks.stat_total(game, m)
        adds, pierce = stats.adds, stats.pierce
        if relative:
            value, reach = stats.attack + more_attack + value, stats.range + more_range
    attack = Ability(kind="attack", value=max(0, value), range=reach, adds=adds, pierce=pierce)
    game.push(Task("attack", mid, attack.value, effects_parts.attack_task_text(attack, "allies")))


# ------------------------------------------------------------ Pull the Strings


@effect("ss-control-attack")
def _control_attack(game: Game, fid: str, ability: Ability) -> None:
    """Pick one enemy in reach; it attacks another enemy with its own attack + N."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    ids = _enemies(game, f, effects_parts.reach_of(ability))
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("ss_puppet", fid, effects_parts.flag_number(ability, "attack-plus-"), ";".join(ids)))


def _run_puppet(game: Game, task: Task) -> Decision | None:
    ids = [i for i in task.text.split(";") if i in game.state.figures]
    if not ids:
        game.pop_task()
        return None
    return Decision(task.who, "control", [*(Choice("control", (i,)) for i in ids), Choice("skip")])


def _apply_puppet(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "control")
        return
    _forced_attack(game, task.who, choice.args[0], task.n, relative=True)


# ------------------------------------------------------------- Shadow Puppets


@effect("ss-moved-through-attack")
def _moved_through_attack(game: Game, fid: str, ability: Ability) -> None:
    """Every enemy moved through in this action attacks one of its allies (melee)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    ids = sorted(g.id for g in effects_parts.moved_through(game, f))
    value = sum(p.value for p in effects_parts.parts(ability, "attack"))
    if not ids:
        game.emit("no-target", fid)
        return
    for mid in reversed(ids):  # the first enemy attacks first
        _forced_attack(game, fid, mid, value, relative=False)


@effect("ss-some-allies-perform")
def _some_allies_perform(game: Game, fid: str, ability: Ability) -> None:
    """Up to ``target`` allies in reach may perform the parts, one at a time."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    friends = [
        g
        for g in game.state.figures.values()
        if g is not f and not actions.hostile(f, g) and g.kind != "objective"
    ]
    ids = sorted(
        g.id for g in effects_parts.figures_in_reach(game, f, effects_parts.reach_of(ability), friends)
    )
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(
        Task("ss_allies", fid, effects_parts.flag_number(ability, "target-", 1), f"{';'.join(ids)}|{ability}")
    )


def _run_allies(game: Game, task: Task) -> Decision | None:
    ids = [i for i in task.text.split("|", 1)[0].split(";") if i in game.state.figures]
    if not ids or task.n <= 0:
        game.pop_task()
        return None
    return Decision(task.who, "ally", [*(Choice("ally", (i,)) for i in ids), Choice("done")])


def _apply_allies(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "done":
        game.emit("declined", task.who, "ally")
        return
    ids, text = task.text.split("|", 1)
    aid = choice.args[0]
    rest = [i for i in ids.split(";") if i != aid]
    if rest and task.n > 1:  # the next pick waits beneath this ally's actions
        game.push(Task("ss_allies", task.who, task.n - 1, f"{';'.join(rest)}|{text}"))
    effects_mindthief.command_ally(game, task.who, aid, Ability.parse(text))


# ------------------------------------------------------ songs at turn start


def _turn_songs(game: Game, cid: str) -> list[Ability]:
    return [a for _, a in ss.active_songs(game, cid) if any(k in effects_parts.flags(a) for k in _TURN_SONGS)]


def turn_start(game: Game, cid: str) -> list[Task]:
    """Pull the Strings, Nightmare Serenade: their parts first, then the turn as usual (a turn the
    Betrayer plays too: still hers)."""
    return [Task("ss_turn_songs", cid)] if _turn_songs(game, cid) else []


def _run_turn_songs(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None:
        return None
    controlled = hooks.mind_controlled.any(game, f)
    for song in reversed(_turn_songs(game, task.who)):  # the first song acts first
        game.emit("song-turn-start", task.who, next(k for k in _TURN_SONGS if k in effects_parts.flags(song)))
        if controlled:  # the Betrayer's turn: no named effect on another figure (as its card's)
            game.emit("not-performed", task.who, "song", "mind-controlled")
            continue
        if "ss-turn-start-control" in effects_parts.flags(song):
            enemies = [
                g
                for g in game.state.figures.values()
                if actions.hostile(f, g) and g.kind != "objective" and Condition.INVISIBLE not in g.conditions
            ]
            effects_parts.offer_pick(game, task.who, "control", song, enemies)
        else:
            ids = _enemies(game, f, effects_parts.flag_number(song, "range-", 1))
            if ids:
                game.push(Task("ss_serenade", task.who, 0, ";".join(ids)))
            else:
                game.emit("no-target", task.who)
    return None


def _run_serenade(game: Game, task: Task) -> Decision | None:
    ids = [i for i in task.text.split(";") if i in game.state.figures]
    if not ids:
        game.pop_task()
        return None
    return Decision(task.who, "curse", [Choice("target", (i,)) for i in ids])


def _apply_serenade(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    game.add_modifier_card(choice.args[0], "curse")


for _kind, _run, _apply in (
    ("ss_puppet", _run_puppet, _apply_puppet),
    ("ss_allies", _run_allies, _apply_allies),
    ("ss_turn_songs", _run_turn_songs, None),
    ("ss_serenade", _run_serenade, _apply_serenade),
):
    task_handler(_kind, _run, _apply)
