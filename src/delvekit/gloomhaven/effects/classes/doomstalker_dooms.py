"""The Doomstalker's doom: one persistent half that places the Doomstalker's token on one enemy.

The player picks any enemy on the map. Only one doom is active at a time: playing another
discards the first. A doom's card is discarded when its enemy dies (after its death effect), or
at the end of a round in which it has no living enemy (no enemy could be picked). A doom is a
:class:`~delvekit.gloomhaven.engine.state.GameState` ``scenario_marks`` entry
``doom|CHARACTER|CARD|ENEMY`` (cloned and replayed with the state).

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

``ds-transfer`` (persistent: when a doomed enemy dies within range of another enemy, you may
move the doom to it instead of discarding it, one use slot: Frightening Curse) and ``ds-expose``
(no enemy keeps Invisible while you hold it) act here too. The engine pushes a ``ds_turn`` task
at the start of every monster's turn.

>>> _parse("doom|doomstalker|380|bandit-guard#2")
('doomstalker', '380', 'bandit-guard#2')
"""

from __future__ import annotations

import msgspec

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, half_of, task_handler
from delvekit.gloomhaven.engine.registry import (
    DAMAGE_HOOKS,
    DEATH_HOOKS,
    ROUND_HOOKS,
    STAT_HOOKS,
    TURN_HOOKS,
    effect,
)
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

_DOOM = "doom|"


DOOM_TRAP = "dstrap|"


# ------------------------------------------------------------------ dooms


_STALKERS: dict[int, tuple[object, tuple[str, ...]]] = {}


def _stalkers(game: Game) -> tuple[str, ...]:
    """The party's Doomstalkers (cached per game and its clones, which share their statics)."""
    static = game.tables
    hit = _STALKERS.get(id(static))
    if hit is not None and hit[0] is static:
        return hit[1]
    ids = tuple(p.id for p in static.setup.party if p.class_name == "doomstalker")
    if len(_STALKERS) > 64:
        _STALKERS.clear()
    _STALKERS[id(static)] = (static, ids)
    return ids


def doomstalker_in_play(game: Game) -> bool:
    """Whether a Doomstalker is in the party (every hook returns at once otherwise)."""
    return bool(_stalkers(game))


def _parse(key: str) -> tuple[str, str, str]:
    _, cid, card, target = key.split("|")
    return cid, card, target


def dooms(game: Game) -> list[tuple[str, str, str]]:
    """(character, card, doomed enemy) of every active doom, in a stable order: a mark whose
    card left the active area another way (picked up by a long rest, exhaustion) is no doom."""
    st = game.state
    out: list[tuple[str, str, str]] = []
    if not st.scenario_marks:
        return out
    for k in st.scenario_marks:
        if k.startswith(_DOOM):
            cid, card, target = _parse(k)
            ch = st.characters.get(cid)
            if ch is not None and any(a.card == card for a in ch.active):
                out.append((cid, card, target))
    return sorted(out)


def _doom_of(game: Game, cid: str, card: str, half_name: str = "bottom") -> Ability | None:
    """The ``ds-doom`` ability of one half of ``cid``'s card (dooms are bottom halves)."""
    for a in half_of(game, cid, card, half_name).abilities:
        if a.kind == "custom" and a.note == "ds-doom":
            return a
    return None


def dooms_on(game: Game, target_id: str) -> list[tuple[str, str, Ability]]:
    """(character, card, doom ability) of the dooms on ``target_id``."""
    out = []
    for cid, card, tid in dooms(game):
        if tid == target_id:
            a = _doom_of(game, cid, card)
            if a is not None:
                out.append((cid, card, a))
    return out


def parts_total(a: Ability, kind: str) -> int:
    """The total of ``a``'s parts of ``kind`` (``suffer``: its ``suffer-damage-N`` flags)."""
    if kind == "suffer":
        return sum(int(n.rsplit("-", 1)[1]) for n in effects_parts.flags(a) if n.startswith("suffer-damage-"))
    return sum(p.value for p in effects_parts.parts(a, kind))


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
            game.emit("doom-ended", cid, card, why)
            game.emit("card", cid, card, "lost" if active.lost else "discard")
            return


@effect("ds-doom")
def _doom(game: Game, fid: str, ability: Ability) -> None:
    """Place this doom on an enemy the player picks; the other dooms then end (Inescapable Fate
    keeps one other doom on the same enemy)."""
    ch = game.state.characters.get(fid)
    f = game.state.figures.get(fid)
    if ch is None or f is None or ch.playing is None:
        return
    ranks = (
        ("normal", "elite")
        if "normal-or-elite" in effects_parts.flags(ability)
        else ("normal", "elite", "boss")
    )
    enemies = sorted(
        g.id
        for g in game.state.figures.values()
        if g.kind == "monster" and g.rank in ranks and actions.hostile(f, g)
    )
    if not enemies:
        _end_others(game, fid, ch.playing, None)
        game.emit("no-target", fid, "doom")
        return
    game.push(Task("ds_doom", fid, 0, f"{ch.playing}|" + ";".join(enemies)))


def _end_others(game: Game, cid: str, card: str, target: str | None) -> None:
    """A doom of ``card`` goes on ``target``: the others end, but with Inescapable Fate active
    one other doom on the same enemy stays (the oldest of two there ends)."""
    ch = game.state.characters[cid]
    from delvekit.gloomhaven.effects.active_area import active_holders

    two = bool(active_holders(game, cid, "ds-two-dooms"))
    placed = {c: t for k, c, t in dooms(game) if k == cid}
    same = [a.card for a in ch.active if a.card in placed and placed[a.card] == target and a.card != card]
    keep = set(same[-1:]) if two and target is not None else set()
    for active in list(ch.active):
        if active.card != card and active.card not in keep and _doom_of(game, cid, active.card, active.half):
            _discard(game, cid, active.card, "another-doom")


def _run_doom(game: Game, task: Task) -> Decision | None:
    options = task.text.split("|")[1]
    alive = [g for g in options.split(";") if g in game.state.figures]
    if not alive:
        game.pop_task()
        _end_others(game, task.who, task.text.split("|")[0], None)
        return None
    return Decision(task.who, "doom", [Choice("doom", (g,)) for g in alive])


def _apply_doom(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    card = task.text.split("|")[0]
    game.mark_used(task.who)
    _end_others(game, task.who, card, choice.args[0])
    game.state.scenario_marks[f"{_DOOM}{task.who}|{card}|{choice.args[0]}"] = game.state.round
    game.emit("doomed", choice.args[0], f"by={task.who}", f"card={card}")


def _turn_start(game: Game, cid: str) -> bool:
    """As your turn starts: Inescapable Fate's marker advances (the third kills its enemy), and
    Expose strips every enemy's invisibility. Never takes the turn over."""
    if not doomstalker_in_play(game):
        return False
    st = game.state
    _expose(game)
    if not st.scenario_marks:
        return False
    doom_countdown(game, cid)
    return False


def _round_end(game: Game, timing: str) -> None:
    """A doom card without a living doomed enemy leaves the active area as the round ends."""
    if not doomstalker_in_play(game):
        return
    if timing != "end":
        return
    live = {f"{_DOOM}{c}|{card}|{t}" for c, card, t in dooms(game)}
    for key in [k for k in game.state.scenario_marks if k.startswith(_DOOM) and k not in live]:
        del game.state.scenario_marks[key]
    placed = {(cid, card) for cid, card, tid in dooms(game) if tid in game.state.figures}
    for cid, ch in game.state.characters.items():
        for active in list(ch.active):
            if (cid, active.card) not in placed and _doom_of(game, cid, active.card, active.half) is not None:
                _discard(game, cid, active.card, "no-enemy")


# ------------------------------------------------------------- monster side


def _stat(game: Game, f: Figure) -> tuple[int, int, int]:
    """Crippling Noose: the doomed monster's Move, Attack and (ranged) Range are lower."""
    if not doomstalker_in_play(game):
        return 0, 0, 0
    if f.kind != "monster" or not game.state.scenario_marks:
        return 0, 0, 0
    n = 0
    for _, _, a in dooms_on(game, f.id):
        for flag in effects_parts.flags(a):
            if flag.startswith("weaken-"):
                n += int(flag.removeprefix("weaken-"))
    if not n:
        return 0, 0, 0
    ranged = game.tables.types[f.name].stats(f.rank or "normal").range > 0
    return -n, -n, -n if ranged else 0


def _run_turn(game: Game, task: Task) -> Decision | None:
    """Race to the Grave: damage at the start of the doomed monster's turn."""
    game.pop_task()
    if not doomstalker_in_play(game) or task.who not in game.state.figures:
        return None
    _expose(game)
    if not game.state.scenario_marks:
        return None
    for _, card, a in dooms_on(game, task.who):
        if "turn-start-damage" in effects_parts.flags(a):
            game.suffer_damage(task.who, parts_total(a, "suffer"), f"doom-{card}")
    return None


def _damaged(game: Game, f: Figure, amount: int, source: str) -> bool:
    """Sap Life: you heal each time the doomed enemy suffers damage (never handles the damage)."""
    if not doomstalker_in_play(game):
        return False
    if amount <= 0 or not game.state.scenario_marks:
        return False
    for cid, card, a in dooms_on(game, f.id):
        if "on-damage-heal-self" in effects_parts.flags(a) and cid in game.state.figures:
            game.emit("doom-heal", cid, card)
            game.heal(cid, parts_total(a, "heal"))
    return False


# ------------------------------------------------------------------ deaths


def _died(game: Game, dead: Figure) -> None:
    """A doomed enemy died: each doom's death effect, then Rain of Arrows (once per death),
    then the dooms move on (Rising Momentum, Frightening Curse) or are discarded."""
    if not doomstalker_in_play(game):
        return
    on = dooms_on(game, dead.id)
    if not on:
        return
    st = game.state
    from delvekit.gloomhaven.effects.active_area import active_holders, spend_use

    for cid in sorted({c for c, _, _ in on}):
        me = st.figures.get(cid)
        mine = [(card, a) for c, card, a in on if c == cid]
        if me is None:
            for card, _ in mine:
                _discard(game, cid, card, "owner-gone")
            continue
        momentum = 0
        for card, a in mine:
            game.emit("doom-death", dead.id, f"card={card}")
            _death_effect(game, me, dead, card, a)
            flags = effects_parts.flags(a)
            momentum = max(
                [momentum, *(int(x.rsplit("-", 1)[1]) for x in flags if x.startswith("transfer-on-death-"))]
            )
        for i, held in reversed(active_holders(game, cid, "ds-doomed-dies")):  # Rain of Arrows
            attacks = effects_parts.parts(held, "attack")
            if attacks:
                game.emit("doom-attack", cid, st.characters[cid].active[i].card)
                spend_use(game, cid, i)
                effects_parts.perform_attack(game, cid, attacks[0])
        cards = [card for card, _ in mine]
        if momentum:  # Rising Momentum: every doom on it moves on, no slot spent
            others = _within(game, me, dead.hex, momentum)
            if others:
                game.push(Task("ds_transfer", cid, 0, ",".join(cards) + "|free|" + ";".join(others)))
                continue
        transfer = active_holders(game, cid, "ds-transfer")  # Frightening Curse: one doom moves on
        others = _within(game, me, dead.hex, _reach(transfer[0][1])) if transfer else []
        if others:
            game.push(Task("ds_transfer", cid, 0, f"{cards[0]}|slot|" + ";".join(others)))
            cards = cards[1:]
        for card in cards:
            _discard(game, cid, card, "enemy-died")


def _death_effect(game: Game, me: Figure, dead: Figure, card: str, a: Ability) -> None:
    st, board, cid = game.state, game.board(), me.id
    flags = set(effects_parts.flags(a))
    if "on-death-heal-self" in flags:
        game.heal(cid, parts_total(a, "heal"))
    if "on-death-heal-party" in flags:  # Nature's Hunger: you and every ally
        for g in sorted(st.figures.values(), key=lambda g: g.id):
            if g.kind in ("character", "summon") and not actions.hostile(me, g):
                game.heal(g.id, parts_total(a, "heal"))
    if "on-death-attack" in flags:  # Darkened Skies
        attack = effects_parts.parts(a, "attack")[0]
        n = next((int(x.removeprefix("target-")) for x in flags if x.startswith("target-")), 1)
        effects_parts.perform_attack(game, cid, msgspec.structs.replace(attack, targets=n))
    if "on-death-move-there" in flags and st.figure_at(dead.hex) is None:
        me.hex = dead.hex
        game.emit("moved", cid, actions.hex_token(dead.hex), "doom")
    around = (
        sorted(
            g.id
            for g in st.figures.values()
            if g.kind == "monster" and actions.hostile(me, g) and board.adjacent(g.hex, dead.hex)
        )
        if board is not None
        else []
    )
    if "on-death-damage-adjacent" in flags:
        for gid in around:
            game.suffer_damage(gid, parts_total(a, "suffer"), f"doom-{card}")
    if "on-death-shove-adjacent" in flags and around:
        game.push(Task("ds_shove", cid, 0, ";".join(around)))


def _reach(held: Ability) -> int:
    return next(
        (int(n.removeprefix("range-")) for n in effects_parts.flags(held) if n.startswith("range-")), 2
    )


def _within(game: Game, me: Figure, h: tuple[int, int], reach: int) -> list[str]:
    """Enemies of ``me`` within ``reach`` of hex ``h`` (counted around walls)."""
    board = game.board()
    if board is None:
        return []
    near = proximity(board, h, reach)
    return sorted(
        g.id
        for g in game.state.figures.values()
        if g.kind == "monster"
        and actions.hostile(me, g)
        and g.hex != h
        and near.get(g.hex, reach + 1) <= reach
    )


def _run_transfer(game: Game, task: Task) -> Decision | None:
    cards, _, options = task.text.split("|")
    alive = [g for g in options.split(";") if g in game.state.figures]
    if not alive:
        game.pop_task()
        for card in cards.split(","):
            _discard(game, task.who, card, "enemy-died")
        return None
    return Decision(task.who, "doom-transfer", [*(Choice("transfer", (g,)) for g in alive), Choice("skip")])


def _apply_transfer(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    cards, pay, _ = task.text.split("|")
    if choice.kind == "skip":
        for card in cards.split(","):
            _discard(game, task.who, card, "enemy-died")
        return
    _move_dooms(game, task.who, cards.split(","), choice.args[0])
    if pay == "slot":
        from delvekit.gloomhaven.effects.active_area import active_holders, spend_use

        held = active_holders(game, task.who, "ds-transfer")
        if held:
            spend_use(game, task.who, held[0][0])


def _move_dooms(game: Game, cid: str, cards: list[str], target: str) -> None:
    st = game.state
    for card in cards:
        for key in [k for k in st.scenario_marks if k.startswith(f"{_DOOM}{cid}|{card}|")]:
            del st.scenario_marks[key]
        st.scenario_marks[f"{_DOOM}{cid}|{card}|{target}"] = st.round
        game.emit("doom-transferred", cid, card, target)


@effect("ds-transfer-all")
def _transfer_all(game: Game, fid: str, ability: Ability) -> None:
    """Lead to Slaughter: every active doom of yours moves to an enemy within range of you."""
    me = game.state.figures.get(fid)
    cards = [c for k, c, t in dooms(game) if k == fid and t in game.state.figures]
    if me is None or not cards:
        game.emit("no-target", fid, "doom")
        return
    others = _within(game, me, me.hex, _reach(ability))
    if others:
        game.push(Task("ds_move_all", fid, 0, ",".join(cards) + "|" + ";".join(others)))
    else:
        game.emit("no-target", fid, "doom")


def _run_move_all(game: Game, task: Task) -> Decision | None:
    options = [g for g in task.text.split("|")[1].split(";") if g in game.state.figures]
    if not options:
        game.pop_task()
        return None
    return Decision(task.who, "doom-transfer", [*(Choice("transfer", (g,)) for g in options), Choice("skip")])


def _apply_move_all(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "transfer":
        game.mark_used(task.who)
        _move_dooms(game, task.who, task.text.split("|")[0].split(","), choice.args[0])


def _step_hexes(game: Game, g: Figure) -> list[str]:
    board = game.board()
    assert board is not None
    if Condition.IMMOBILIZE in g.conditions or Condition.STUN in g.conditions:
        return []  # it performs the Move 1 itself: immobilize and stun stop it
    occupied = {f.hex: f for f in game.state.figures.values()}
    return sorted(
        actions.hex_token(h)
        for h in board.links.get(g.hex, ())
        if h not in occupied and actions.walkable(board, g, g.hex, h, occupied)
    )


def _run_shove(game: Game, task: Task) -> Decision | None:
    """Frightening Curse: each enemy next to the dead one moves one hex, the player choosing."""
    queue = [g for g in task.text.split(";") if g]
    g = game.state.figures.get(queue[0]) if queue else None
    hexes = _step_hexes(game, g) if g is not None and game.board() is not None else []
    if g is not None and hexes:
        return Decision(task.who, "doom-shove", [Choice("shove", (g.id, h)) for h in hexes])
    game.pop_task()
    if len(queue) > 1:
        game.push(Task("ds_shove", task.who, 0, ";".join(queue[1:])))
    return None


def _apply_shove(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    rest = [g for g in task.text.split(";") if g and g != choice.args[0]]
    g = game.state.figures.get(choice.args[0])
    if rest:
        game.push(Task("ds_shove", task.who, 0, ";".join(rest)))
    if g is not None:
        h = actions.parse_hex(choice.args[1])
        g.hex = h
        game.emit("moved", g.id, choice.args[1], "forced")
        actions.enter_hex(game, g, h)


def doom_countdown(game: Game, cid: str) -> None:
    """Inescapable Fate: once per turn of yours after the one it was placed in, its marker
    advances; the third advance kills its enemy."""
    st = game.state
    ch = st.characters.get(cid)
    if ch is None or st.scenario_marks.get(f"dsfate|{cid}") == st.round:
        return
    from delvekit.gloomhaven.effects.active_area import spend_use

    for c, card, tid in dooms(game):
        a = _doom_of(game, cid, card) if c == cid else None
        if a is None or "countdown" not in effects_parts.flags(a):
            continue
        placed = st.scenario_marks.get(f"{_DOOM}{cid}|{card}|{tid}", st.round)
        index = next((i for i, x in enumerate(ch.active) if x.card == card), None)
        if index is None or placed >= st.round:
            continue
        st.scenario_marks[f"dsfate|{cid}"] = st.round
        done = ch.active[index].used + 1 >= half_of(game, cid, card, "bottom").uses
        game.emit("doom-countdown", cid, card, tid)
        if done:
            for key in [k for k in st.scenario_marks if k.startswith(f"{_DOOM}{cid}|{card}|")]:
                del st.scenario_marks[key]
        spend_use(game, cid, index)
        target = st.figures.get(tid)
        if done and target is not None:
            game.emit("kill", cid, tid, "inescapable-fate")
            game.kill(target)


# ----------------------------------------------------------- higher levels


def _expose(game: Game) -> None:
    """Expose: while a character holds it, no enemy keeps Invisible (stripped as turns start)."""
    st = game.state
    from delvekit.gloomhaven.effects.active_area import active_holders

    holders = [cid for cid in _stalkers(game) if active_holders(game, cid, "ds-expose")]
    for cid in holders:
        me = st.figures.get(cid)
        for g in sorted(st.figures.values(), key=lambda g: g.id):
            if me is not None and actions.hostile(me, g) and g.conditions.remove(Condition.INVISIBLE):
                game.emit("condition-ended", g.id, Condition.INVISIBLE.value, "exposed")


task_handler("ds_doom", _run_doom, _apply_doom)


task_handler("ds_transfer", _run_transfer, _apply_transfer)


task_handler("ds_shove", _run_shove, _apply_shove)


task_handler("ds_turn", _run_turn)


task_handler("ds_move_all", _run_move_all, _apply_move_all)


TURN_HOOKS.append(_turn_start)


DEATH_HOOKS.append(_died)


ROUND_HOOKS.append(_round_end)


STAT_HOOKS.append(_stat)


DAMAGE_HOOKS.append(_damaged)
