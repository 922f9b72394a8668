"""The Elementalist's Doppelganger (Simulacrum): "you may perform attack actions as if you
occupied its hex". Registered by :mod:`delvekit.gloomhaven.wiring` (an attack hook);
the summon itself is the generic ``summon`` effect, its stat-line wording the flag
``summon-attack-from-its-hex`` (:mod:`~delvekit.gloomhaven.content.character_cards`).

As each attack ability of the owner starts (before any target is chosen; the engine's attack
hook point ``attack_starts``), while one of her summons with
the flag is on the map, she is asked where the attack comes from: ``attack-from here`` or
``attack-from <summon>``. From the summon, she and the summon trade hexes for that attack only
(so range, line of sight, melee areas, adjacency and a push's direction are all counted from
the summon's hex, and retaliation reaches her there); as the attack ends (every target
resolved) each goes back to its own hex. The choice is remembered in the attack's own step
(a ``from=`` token), so the question comes once per attack ability. Known gap: attacks that
named effects resolve in their own steps (Chain Lightning, Eye of the Hurricane's and Pragmatic
Reinforcement's attacks) are not offered.
"""

from __future__ import annotations

import msgspec

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects import summons as effects_summons
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import AttackStep
from delvekit.gloomhaven.engine.state import Figure, Task

FLAG = "summon-attack-from-its-hex"


def _stands_in(game: Game, f: Figure) -> list[str]:
    """Ids of ``f``'s summons on the map whose stat line lets ``f`` attack from their hex."""
    out = []
    for g in game.state.figures.values():
        if g.kind == "summon" and g.owner == f.id:
            found = effects_summons.summon_card(game, g)
            if found is not None and FLAG in effects_parts.flags(found[2]):
                out.append(g.id)
    return sorted(out)


def _with_token(text: str, token: str) -> str:
    """The attack task's text with one more extras token."""
    step = AttackStep.decode(text)
    return msgspec.structs.replace(step, extras=",".join([*(t for t in step.tokens if t), token])).text


def attack_starts(game: Game, f: Figure, task: Task) -> bool:
    """Ask where ``f``'s attack comes from (``True``: the attack waits inside the question)."""
    if f.kind != "character" or any(t.startswith("from=") for t in AttackStep.of(task).tokens):
        return False
    stands = _stands_in(game, f)
    if not stands:
        return False
    game.pop_task()  # the attack step comes back, marked, once answered
    game.push(Task("el_from", f.id, task.n, f"{';'.join(stands)}#{task.text}"))
    return True


def _run_from(game: Game, task: Task) -> Decision | None:
    ids = [i for i in task.text.split("#", 1)[0].split(";") if i in game.state.figures]
    choices = [Choice("attack-from", ("here",)), *(Choice("attack-from", (i,)) for i in ids)]
    return Decision(task.who, "attack-from", choices)


def _apply_from(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    text = task.text.split("#", 1)[1]
    where = choice.args[0]
    me, stand = game.state.figures.get(task.who), game.state.figures.get(where)
    game.emit("attack-from", task.who, where)
    attack = Task("attack", task.who, task.n, _with_token(text, f"from={where}"))
    if me is None or stand is None:
        game.push(attack)
        return
    mine, its = me.hex, stand.hex
    me.hex, stand.hex = its, mine
    game.push(
        attack, Task("el_back", task.who, 0, f"{stand.id}|{actions.hex_token(mine)}|{actions.hex_token(its)}")
    )


def _run_back(game: Game, task: Task) -> Decision | None:
    """The attack is over: each goes back to its own hex (a figure gone stays gone; the
    Elementalist alone goes back if her hex is free)."""
    game.pop_task()
    sid, mine, its = task.text.split("|")
    me, stand = game.state.figures.get(task.who), game.state.figures.get(sid)
    home = actions.parse_hex(mine)
    if me is not None and stand is not None:
        me.hex, stand.hex = home, actions.parse_hex(its)
    elif me is not None and game.state.figure_at(home) is None:
        me.hex = home
    game.emit("attack-from-ended", task.who)
    return None


task_handler("el_from", _run_from, _apply_from)
task_handler("el_back", _run_back)
