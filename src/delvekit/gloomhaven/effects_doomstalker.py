"""Named effects of the Doomstalker's cards, registered in :mod:`delvekit.gloomhaven.effects`.

:mod:`~delvekit.gloomhaven.character_cards` writes the ``custom`` abilities (every name starts
``ds-``). The class's own mechanism is the **doom**: a persistent half that places the
Doomstalker's token on one enemy (the player picks any enemy on the map). Only one doom is
active at a time: playing another discards the first. A doom's card is discarded when its enemy
dies (after its death effect), or at the end of a round in which it has no living enemy (no
enemy could be picked). A doom is a :class:`~delvekit.gloomhaven.state.GameState`
``scenario_marks`` entry ``doom|CHARACTER|CARD|ENEMY`` (cloned and replayed with the state).

What a doom does is named by the flags that follow ``ds-doom``:

==============================  ==============================================================
``who-self`` / ``who-allies``   +N Attack on attacks on the doomed enemy by you / by your
/ ``who-summons``               allies (not you) / by summoned allies (Rain of Arrows,
                                Multi-Pronged Assault, The Hunt Begins)
``weaken-N``                    the enemy's Move, Attack and Range (ranged only) are N lower
                                (Crippling Noose; a monster stat hook)
``turn-start-damage``           the enemy suffers the damage at the start of each of its
                                turns (Race to the Grave)
``on-damage-heal-self``         each time it suffers damage you heal (Sap Life)
``on-death-move-there``         when it dies you are placed on its hex (Felling Swoop)
``on-death-heal-self``          when it dies you heal (Vital Charge)
``on-death-damage-adjacent``    when it dies every enemy next to its hex suffers the damage
                                (Detonation)
``on-death-shove-adjacent``     when it dies every enemy next to its hex moves one hex, you
                                choosing where (Frightening Curse)
==============================  ==============================================================

Other effects: ``ds-attack`` (an attack adding +N on a ``doomed`` or ``undamaged`` target:
Swift Trickery, Fresh Kill), ``ds-doomed-dies`` (persistent: each time a doomed enemy dies,
"Attack 2, Range 5", one use slot: Rain of Arrows), ``ds-transfer`` (persistent: when a doomed
enemy dies within range of another enemy, you may move the doom to it instead of discarding it,
one use slot: Frightening Curse), ``ds-trap-splash`` (the trap just created also damages every
enemy next to it when sprung: Detonation). A summon whose stat line prints a Retaliate (the Vicious
Jackal) has it every round from the turn it is placed (a round and a turn-end hook: the engine
clears retaliate bonuses as rounds end).

The engine asks :func:`strike_extra` for every attack (via
:func:`~delvekit.gloomhaven.effects_characters.strike_bonus`), :func:`trap_sprung` for every
trap sprung (via :func:`~delvekit.gloomhaven.effects_classes.trap_sprung`), and pushes a
``ds_turn`` task at the start of every monster's turn.

>>> _parse("doom|doomstalker|380|bandit-guard#2")
('doomstalker', '380', 'bandit-guard#2')
"""

from __future__ import annotations

import delvekit.gloomhaven.engine  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven import effects_characters as fx
from delvekit.gloomhaven import engine_actions as actions
from delvekit.gloomhaven.abilities import Ability
from delvekit.gloomhaven.effects import (
    DAMAGE_HOOKS,
    DEATH_HOOKS,
    ROUND_HOOKS,
    STAT_HOOKS,
    TURN_END_HOOKS,
    effect,
)
from delvekit.gloomhaven.engine import Game, _half, task_handler
from delvekit.gloomhaven.state import Figure, Task

_DOOM = "doom|"
_TRAP = "dstrap|"

# ------------------------------------------------------------------ dooms


def _parse(key: str) -> tuple[str, str, str]:
    _, cid, card, target = key.split("|")
    return cid, card, target


def dooms(game: Game) -> list[tuple[str, str, str]]:
    """(character, card, doomed enemy) of every active doom, in a stable order."""
    return sorted(_parse(k) for k in game.state.scenario_marks if k.startswith(_DOOM))


def _doom_of(game: Game, cid: str, card: str, half_name: str = "bottom") -> Ability | None:
    """The ``ds-doom`` ability of one half of ``cid``'s card (dooms are bottom halves)."""
    for a in _half(game, cid, card, half_name).abilities:
        if a.kind == "custom" and a.note == "ds-doom":
            return a
    return None


def _on(game: Game, target_id: str) -> list[tuple[str, str, Ability]]:
    """(character, card, doom ability) of the dooms on ``target_id``."""
    out = []
    for cid, card, tid in dooms(game):
        if tid == target_id:
            a = _doom_of(game, cid, card)
            if a is not None:
                out.append((cid, card, a))
    return out


def _value(a: Ability, kind: str) -> int:
    """The total of ``a``'s parts of ``kind`` (``suffer``: its ``suffer-damage-N`` flags)."""
    if kind == "suffer":
        return sum(int(n.rsplit("-", 1)[1]) for n in fx.flags(a) if n.startswith("suffer-damage-"))
    return sum(p.value for p in fx.parts(a, kind))


def _discard(game: Game, cid: str, card: str, why: str) -> None:
    """Send ``cid``'s doom ``card`` from the active area to the discard pile, forgetting its mark."""
    st = game.state
    for key in [k for k in st.scenario_marks if k.startswith(f"{_DOOM}{cid}|{card}|")]:
        del st.scenario_marks[key]
    ch = st.characters.get(cid)
    if ch is None:
        return
    for i, active in enumerate(ch.active):
        if active.card == card:
            del ch.active[i]
            (ch.lost if active.lost else ch.discard).append(card)
            game._emit("doom-ended", cid, card, why)
            game._emit("card", cid, card, "lost" if active.lost else "discard")
            return


@effect("ds-doom")
def _doom(game: Game, fid: str, ability: Ability) -> None:
    """Discard the other active dooms, then place this one on an enemy the player picks."""
    ch = game.state.characters.get(fid)
    f = game.state.figures.get(fid)
    if ch is None or f is None or ch.playing is None:
        return
    for active in list(ch.active):
        if active.card != ch.playing and _doom_of(game, fid, active.card, active.half) is not None:
            _discard(game, fid, active.card, "another-doom")
    enemies = sorted(
        g.id for g in game.state.figures.values() if g.kind == "monster" and actions._hostile(f, g)
    )
    if not enemies:
        game._emit("no-target", fid, "doom")
        return
    game._push(Task("ds_doom", fid, 0, f"{ch.playing}|" + ";".join(enemies)))


def _run_doom(game: Game, task: Task) -> Decision | None:
    options = task.text.split("|")[1]
    alive = [g for g in options.split(";") if g in game.state.figures]
    if not alive:
        game._pop()
        return None
    return Decision(task.who, "doom", [Choice("doom", (g,)) for g in alive])


def _apply_doom(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    card = task.text.split("|")[0]
    game.mark_used(task.who)
    game.state.scenario_marks[f"{_DOOM}{task.who}|{card}|{choice.args[0]}"] = game.state.round
    game._emit("doomed", choice.args[0], f"by={task.who}", f"card={card}")


def _round_end(game: Game, timing: str) -> None:
    """A doom card without a living doomed enemy leaves the active area as the round ends."""
    if timing != "end":
        return
    placed = {(cid, card) for cid, card, tid in dooms(game) if tid in game.state.figures}
    for cid, ch in game.state.characters.items():
        for active in list(ch.active):
            if (cid, active.card) not in placed and _doom_of(game, cid, active.card, active.half) is not None:
                _discard(game, cid, active.card, "no-enemy")


# ---------------------------------------------------------------- attacks


def strike_extra(game: Game, f: Figure, target: Figure, out: fx.StrikeBonus, extras: str) -> None:
    """Doom bonuses on one attack of ``f`` (a character or a summon) on ``target``, and the
    ``dsb=`` bonuses of a ``ds-attack``."""
    on = _on(game, target.id) if game.state.scenario_marks else []
    for token in extras.split(","):
        if token.startswith("dsb="):
            pred, n = token.removeprefix("dsb=").split("~")
            if (pred == "doomed" and on) or (pred == "undamaged" and target.hp >= target.max_hp):
                out.attack += int(n)
                out.why.append(f"{pred}+{n}")
    for cid, card, a in on:
        flags = set(fx.flags(a))
        owner = game.state.figures.get(cid)
        friendly = owner is not None and not actions._hostile(owner, f)
        mine = (
            ("who-self" in flags and f.id == cid)
            or ("who-allies" in flags and friendly and f.id != cid)
            or ("who-summons" in flags and friendly and f.kind == "summon")
        )
        bonus = _value(a, "attack")
        if mine and bonus:
            out.attack += bonus
            out.why.append(f"doom-{card}+{bonus}")


@effect("ds-attack")
def _attack(game: Game, fid: str, ability: Ability) -> None:
    """An attack with +N on a target that is doomed (or undamaged)."""
    attacks = fx.parts(ability, "attack")
    if not attacks:
        return
    pred = next((n for n in fx.flags(ability) if n in ("doomed", "undamaged")), "doomed")
    bonus = sum(p.value for p in attacks[1:])
    fx._perform_attack(game, fid, attacks[0], f"dsb={pred}~{bonus}")


# ------------------------------------------------------------- monster side


def _stat(game: Game, f: Figure) -> tuple[int, int, int]:
    """Crippling Noose: the doomed monster's Move, Attack and (ranged) Range are lower."""
    if f.kind != "monster" or not game.state.scenario_marks:
        return 0, 0, 0
    n = 0
    for _, _, a in _on(game, f.id):
        for flag in fx.flags(a):
            if flag.startswith("weaken-"):
                n += int(flag.removeprefix("weaken-"))
    if not n:
        return 0, 0, 0
    ranged = game._static.types[f.name].stats(f.rank or "normal").range > 0
    return -n, -n, -n if ranged else 0


def _run_turn(game: Game, task: Task) -> Decision | None:
    """Race to the Grave: damage at the start of the doomed monster's turn."""
    game._pop()
    if task.who not in game.state.figures or not game.state.scenario_marks:
        return None
    for _, card, a in _on(game, task.who):
        if "turn-start-damage" in fx.flags(a):
            game.suffer_damage(task.who, _value(a, "suffer"), f"doom-{card}")
    return None


def _damaged(game: Game, f: Figure, amount: int, source: str) -> bool:
    """Sap Life: you heal each time the doomed enemy suffers damage (never handles the damage)."""
    if amount <= 0 or not game.state.scenario_marks:
        return False
    for cid, card, a in _on(game, f.id):
        if "on-damage-heal-self" in fx.flags(a) and cid in game.state.figures:
            game._emit("doom-heal", cid, card)
            game.heal(cid, _value(a, "heal"))
    return False


# ------------------------------------------------------------------ deaths


def _died(game: Game, dead: Figure) -> None:
    on = _on(game, dead.id)
    if not on:
        return
    board = game.board()
    st = game.state
    for cid, card, a in on:
        flags = set(fx.flags(a))
        me = st.figures.get(cid)
        if me is None:
            _discard(game, cid, card, "owner-gone")
            continue
        game._emit("doom-death", dead.id, f"card={card}")
        if "on-death-heal-self" in flags:
            game.heal(cid, _value(a, "heal"))
        if "on-death-move-there" in flags and st.figure_at(dead.hex) is None:
            me.hex = dead.hex
            game._emit("moved", cid, actions.hex_token(dead.hex), "doom")
        around = (
            sorted(
                g.id
                for g in st.figures.values()
                if g.kind == "monster" and actions._hostile(me, g) and board.adjacent(g.hex, dead.hex)
            )
            if board is not None
            else []
        )
        if "on-death-damage-adjacent" in flags:
            for gid in around:
                game.suffer_damage(gid, _value(a, "suffer"), f"doom-{card}")
        if "on-death-shove-adjacent" in flags and around:
            game._push(Task("ds_shove", cid, 0, ";".join(around)))
        # Rain of Arrows: an attack for each doomed enemy's death (one use slot)
        from delvekit.gloomhaven.effects_classes import _holders, _spend

        for i, held in reversed(_holders(game, cid, "ds-doomed-dies")):
            attacks = fx.parts(held, "attack")
            if attacks:
                game._emit("doom-attack", cid, st.characters[cid].active[i].card)
                _spend(game, cid, i)
                fx._perform_attack(game, cid, attacks[0])
        transfer = _holders(game, cid, "ds-transfer")
        others = _near(game, me, dead, transfer[0][1]) if transfer and board is not None else []
        if others:
            game._push(Task("ds_transfer", cid, 0, f"{card}|" + ";".join(others)))
        else:
            _discard(game, cid, card, "enemy-died")


def _near(game: Game, me: Figure, dead: Figure, held: Ability) -> list[str]:
    board = game.board()
    assert board is not None
    reach = next((int(n.removeprefix("range-")) for n in fx.flags(held) if n.startswith("range-")), 2)
    reach = reach or next((p.range for p in fx.parts(held, "range")), 2)
    near = proximity(board, dead.hex, reach)
    return sorted(
        g.id
        for g in game.state.figures.values()
        if g.kind == "monster" and actions._hostile(me, g) and near.get(g.hex, reach + 1) <= reach
    )


def _run_transfer(game: Game, task: Task) -> Decision | None:
    card, options = task.text.split("|")
    alive = [g for g in options.split(";") if g in game.state.figures]
    if not alive:
        game._pop()
        _discard(game, task.who, card, "enemy-died")
        return None
    return Decision(task.who, "doom-transfer", [*(Choice("transfer", (g,)) for g in alive), Choice("skip")])


def _apply_transfer(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    card = task.text.split("|")[0]
    if choice.kind == "skip":
        _discard(game, task.who, card, "enemy-died")
        return
    from delvekit.gloomhaven.effects_classes import _holders, _spend

    st = game.state
    for key in [k for k in st.scenario_marks if k.startswith(f"{_DOOM}{task.who}|{card}|")]:
        del st.scenario_marks[key]
    st.scenario_marks[f"{_DOOM}{task.who}|{card}|{choice.args[0]}"] = st.round
    game._emit("doom-transferred", task.who, card, choice.args[0])
    held = _holders(game, task.who, "ds-transfer")
    if held:
        _spend(game, task.who, held[0][0])


def _step_hexes(game: Game, g: Figure) -> list[str]:
    board = game.board()
    assert board is not None
    occupied = {f.hex: f for f in game.state.figures.values()}
    return sorted(
        actions.hex_token(h)
        for h in board.links.get(g.hex, ())
        if h not in occupied and actions._walkable(board, g, g.hex, h, occupied)
    )


def _run_shove(game: Game, task: Task) -> Decision | None:
    """Frightening Curse: each enemy next to the dead one moves one hex, the player choosing."""
    queue = [g for g in task.text.split(";") if g]
    g = game.state.figures.get(queue[0]) if queue else None
    hexes = _step_hexes(game, g) if g is not None and game.board() is not None else []
    if g is not None and hexes:
        return Decision(task.who, "doom-shove", [Choice("shove", (g.id, h)) for h in hexes])
    game._pop()
    if len(queue) > 1:
        game._push(Task("ds_shove", task.who, 0, ";".join(queue[1:])))
    return None


def _apply_shove(game: Game, task: Task, choice: Choice) -> None:
    game._pop()
    rest = [g for g in task.text.split(";") if g and g != choice.args[0]]
    g = game.state.figures.get(choice.args[0])
    if rest:
        game._push(Task("ds_shove", task.who, 0, ";".join(rest)))
    if g is not None:
        h = actions.parse_hex(choice.args[1])
        g.hex = h
        game._emit("moved", g.id, choice.args[1], "forced")
        actions._enter(game, g, h)


# ------------------------------------------------------------------- traps


@effect("ds-trap-splash")
def _trap(game: Game, fid: str, ability: Ability) -> None:
    """Detonation: the trap just created also damages every enemy next to it when sprung."""
    game._push(Task("ds_trap_mark", fid, _value(ability, "suffer")))


def _run_trap_mark(game: Game, task: Task) -> Decision | None:
    game._pop()
    for e in reversed(game.events):
        if e.kind == "trap-created" and e.args and e.args[0] == task.who:
            game.state.scenario_marks[f"{_TRAP}{e.args[1]}|{task.who}|{task.n}"] = game.state.round
            return None
        if e.kind == "action":
            return None
    return None


def trap_sprung(game: Game, f: Figure, h: tuple[int, int]) -> None:
    """A figure sprang the trap on ``h``: a Detonation trap damages every enemy next to it."""
    token = actions.hex_token(h)
    st = game.state
    key = next((k for k in st.scenario_marks if k.startswith(f"{_TRAP}{token}|")), None)
    board = game.board()
    if key is None or board is None:
        return
    del st.scenario_marks[key]
    _, _, owner_id, n = key.split("|")
    owner = st.figures.get(owner_id)
    for g in sorted(st.figures.values(), key=lambda g: g.id):
        mine = owner is None or actions._hostile(owner, g)
        if g is not f and board.adjacent(g.hex, h) and g.kind == "monster" and mine:
            game.suffer_damage(g.id, int(n), "trap-splash")


# ------------------------------------------------------ summons' retaliate


def _summon_retaliate(game: Game, f: Figure) -> int:
    """The Retaliate printed on summon ``f``'s stat line (the Vicious Jackal's), 0 if none."""
    held = fx.summon_card(game, f)
    if held is None:
        return 0
    return sum(int(n.removeprefix("retaliate-")) for n in fx.flags(held[2]) if n.startswith("retaliate-"))


def _arm_summons(game: Game, owner: str | None) -> None:
    """Give summons (all, or ``owner``'s) their stat-line Retaliate for this round, once: the
    engine clears retaliate bonuses as each round ends."""
    st = game.state
    for f in st.figures.values():
        if f.kind != "summon" or (owner is not None and f.owner != owner):
            continue
        mark = f"dsret|{f.id}"
        if st.scenario_marks.get(mark) == st.round:
            continue
        n = _summon_retaliate(game, f)
        if n:
            f.retaliate_bonus += n
            st.scenario_marks[mark] = st.round


def _round_start(game: Game, timing: str) -> None:
    if timing == "start":
        _arm_summons(game, None)


def _turn_end(game: Game, f: Figure) -> None:
    """A summon placed this turn has its Retaliate at once."""
    if f.kind == "character":
        _arm_summons(game, f.id)


@effect("ds-doomed-dies", "ds-transfer")
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act from the active area (on a doomed enemy's death)."""
    game._emit("bonus", fid, ability.note)


task_handler("ds_doom", _run_doom, _apply_doom)
task_handler("ds_transfer", _run_transfer, _apply_transfer)
task_handler("ds_shove", _run_shove, _apply_shove)
task_handler("ds_trap_mark", _run_trap_mark)
task_handler("ds_turn", _run_turn)
DEATH_HOOKS.append(_died)
ROUND_HOOKS.append(_round_end)
ROUND_HOOKS.append(_round_start)
TURN_END_HOOKS.append(_turn_end)
STAT_HOOKS.append(_stat)
DAMAGE_HOOKS.append(_damaged)
