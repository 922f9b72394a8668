"""Named effects of the Beast Tyrant's cards, registered in :mod:`delvekit.gloomhaven.engine.registry`.

The cards are in ``content/data/classes/beast-tyrant.json``
(tools/importers/transcriptions_beast_tyrant.py). Their summons (§12) are the generic ``summon``
effect, "all summoned allies" and "one adjacent ally" the shared ``to-allies`` wording. This
module adds the bear and the class's own wordings:

============================  =================================================================
the bear                      the class's own summon, placed with the scenario (a setup step
                              after the starting hexes: its owner picks an empty hex next to
                              the Beast Tyrant); it acts from round 1 like any summon (§12), its
                              stat line Health 8 + 2 x level, Move 3, Attack 2 (G's class file);
                              once dead it stays dead for the scenario
``bt-command``                the card's command icon: the bear performs the sub-abilities in
                              order (attack, move, heal and conditions on itself, loot, and the
                              ``bt-`` parts below), its owner choosing everything; no bear (or a
                              stunned one): nothing is performed
``bt-bought``                 under a command, after an attack: an element consumption that
                              adds to that attack (and gives the owner its XP)
``bt-afflict``                under a command: the conditions go to every enemy within the
                              range of the bear and in its sight
``bt-push``                   under a command: push one (``target-1``) or every (``target-0``)
                              enemy adjacent to the bear
``bt-kill``                   under a command: kill one adjacent normal enemy of at most
                              ``max-hit-points-N`` current hit points
``bt-command-bonus``          Punch Through: +N Attack on every command attack of this owner
                              this round
``bt-forgo-for-bear``         Concentrated Rage (persistent): before the bear's turn (a summon
                              turn hook) its owner may forgo the top, the bottom or both actions
                              of the coming turn for +N Attack (top) / +N Move (bottom) on the
                              bear's attacks and moves this round, commands included; the cards
                              whose action was forgone go to the discard pile
``bt-blood-hunger``           Blood Hunger (persistent, five use slots): after each attack of
                              the bear (each target; on its turn or commanded) it heals itself
                              by the sub's value, one slot each
============================  =================================================================

The swaps, the summons performing and Borrowed Essence are in
:mod:`~delvekit.gloomhaven.effects.classes.beast_tyrant_more`. Readings (docs/content.md): the
bear's loot gives the money to its owner; numbered treasure tiles are not looted by a summon.
"""

from __future__ import annotations

import msgspec

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import active_area as effects_active_area
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import ForceStep
from delvekit.gloomhaven.engine.registry import (
    effect,
)
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

CLASS_ID = "beast-tyrant"
BEAR = "bear"
BEAR_MOVE, BEAR_ATTACK = 3, 2
"""The bear's stat line: Health 8 + 2 x the Beast Tyrant's level, Move 3, Attack 2 (G's class
file, the pack's ``summons[0]``; a test checks they agree)."""

_BONUS = "btcmd|"  # scenario mark: round of the owner's command bonus
_BONUS_VALUE = "btcmdv|"


def bear_health(level: int) -> int:
    """The bear's maximum hit points at the Beast Tyrant's ``level``.

    >>> bear_health(1), bear_health(9)
    (10, 26)
    """
    return 8 + 2 * level


def bear_of(game: Game, cid: str) -> Figure | None:
    """Character ``cid``'s bear, if it is on the map."""
    return next(
        (g for g in game.state.figures.values() if g.kind == "summon" and g.owner == cid and g.name == BEAR),
        None,
    )


# ------------------------------------------------------------------ the bear


def bear_steps(game: Game) -> list[Task]:
    """Setup: every Beast Tyrant places its bear (after the starting hexes are taken)."""
    if game.board() is None:
        return []
    return [Task("bt_bear", ch.id) for ch in game.setup.party if ch.class_name == CLASS_ID]


def _run_bear(game: Game, task: Task) -> Decision | None:
    f = game.state.figures.get(task.who)
    free = sorted(effects_parts.empty_adjacent(game, f)) if f is not None else []
    if not free:
        game.pop_task()
        game.emit("no-hex", task.who, BEAR)
        return None
    return Decision(task.who, "summon", [Choice("summon-at", (actions.hex_token(h),)) for h in free])


def _apply_bear(game: Game, task: Task, choice: Choice) -> None:
    """The bear comes with the scenario (summoned before round 1, so it acts in round 1);
    set on the map here rather than through Game.summon, which would advance a game that is
    still being built."""
    game.pop_task()
    st, cid = game.state, task.who
    spot = actions.parse_hex(choice.args[0])
    level = next(ch.level for ch in game.setup.party if ch.id == cid)
    bid = f"{cid}.{BEAR}1"
    st.figures[bid] = Figure(bid, "summon", BEAR, bear_health(level), spot, owner=cid, summoned_round=0)
    st.summon_stats[bid] = (BEAR_MOVE, BEAR_ATTACK, 0)
    game.emit("placed", bid, f"hex={choice.args[0]}", f"owner={cid}")  # with the scenario


# ------------------------------------------------------------------ commands


@effect("bt-command")
def _command(game: Game, fid: str, ability: Ability) -> bool | None:
    """The bear performs the sub-abilities in order, one step each."""
    bear = bear_of(game, fid)
    if bear is None:
        game.emit("no-summon", fid, BEAR)
        return False
    if Condition.STUN in bear.conditions:
        game.emit("prevented", bear.id, "command", "stun")
        return False
    text = str(ability)
    game.push(*(Task("bt_part", bear.id, i, f"{fid}|{text}") for i in range(len(ability.then))))
    return None


def _rage(game: Game, cid: str, kind: str) -> int:
    """The Concentrated Rage bonus on the bear's ``kind`` (attack or move) this round."""
    st = game.state
    if st.scenario_marks.get(_FORGO + cid) != st.round:
        return 0
    which = st.scenario_marks.get(_FORGONE + cid, 0)
    attack, move = _raging(game, cid) or (0, 0)
    return attack * (which & 1) if kind == "attack" else move * (which >> 1)


def _bonus(game: Game, cid: str) -> int:
    st = game.state
    return (
        st.scenario_marks.get(_BONUS_VALUE + cid, 0) if st.scenario_marks.get(_BONUS + cid) == st.round else 0
    )


def _run_part(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    cid, text = task.text.split("|", 1)
    bear = game.state.figures.get(task.who)
    if bear is None:
        return None
    command = Ability.parse(text)
    part = command.then[task.n]
    following = command.then[task.n + 1] if task.n + 1 < len(command.then) else None
    if part.kind == "attack":
        attack = msgspec.structs.replace(
            part, value=part.value + _bonus(game, cid) + _rage(game, cid, "attack")
        )
        if following is not None and following.kind == "custom" and following.note == "bt-bought":
            element = next(
                (
                    Element(n.removeprefix("consume-"))
                    for n in effects_parts.flags(following)
                    if n.startswith("consume-")
                ),
                None,
            )
            if element is not None and game.state.elements.can_consume(element):
                _hunger_after(game, cid, bear)
                game.push(Task("bt_pick", cid, 0, f"consume|{element.value}|{bear.id}|{attack}|{following}"))
                return None
        _hunger_after(game, cid, bear)
        effects_parts.perform_attack(game, bear.id, attack)
    elif part.kind == "move":
        effects_parts.perform_move(
            game, bear.id, msgspec.structs.replace(part, value=part.value + _rage(game, cid, "move"))
        )
    elif part.kind == "heal":
        game.heal(bear.id, part.value)
    elif part.kind == "condition" and part.condition is not None:
        game.add_condition(bear.id, part.condition)
    elif part.kind == "loot":
        _loot(game, bear, cid, max(1, part.range or part.value))
    elif part.kind == "custom" and part.note == "bt-afflict":
        _afflict(game, bear, part)
    elif part.kind == "custom" and part.note in ("bt-push", "bt-kill"):
        _offer(game, cid, bear, part)
    return None


def _hunger_after(game: Game, cid: str, bear: Figure) -> None:
    """Blood Hunger: a check beneath the commanded attack about to be pushed."""
    if _hungry(game, cid):
        game.push(Task("bt_hunger", bear.id, len(game.events), cid))


def _loot(game: Game, bear: Figure, cid: str, reach: int) -> None:
    """Loot N by the bear (§14): money tokens in reach and sight go to its owner."""
    board = game.board()
    st = game.state
    if board is None or cid not in st.characters:
        return
    near = proximity(board, bear.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    taken = 0
    for h in sorted(st.coins):
        if near.get(h, reach + 1) <= reach and (h == bear.hex or sight.visible(bear.hex, h)):
            taken += st.coins.pop(h)
    st.characters[cid].coins += taken
    game.emit("looted", cid, f"coins={taken}", f"by={bear.id}")  # on its owner's turn, for its owner


def _enemies_near(game: Game, f: Figure, reach: int) -> list[Figure]:
    foes = [g for g in game.state.figures.values() if actions.hostile(f, g) and g.kind != "objective"]
    return sorted(effects_parts.figures_in_reach(game, f, reach, foes), key=lambda g: g.id)


def _afflict(game: Game, bear: Figure, part: Ability) -> None:
    reach = next(
        (
            int(n.rsplit("-", 1)[1])
            for n in effects_parts.flags(part)
            if n.startswith("affects-") and "-range-" in n
        ),
        1,
    )
    hit = _enemies_near(game, bear, reach)
    if not hit:
        game.emit("no-target", bear.id)
    for g in hit:
        for c in effects_parts.parts(part, "condition"):
            if c.condition is not None:
                game.add_condition(g.id, c.condition)


def _offer(game: Game, cid: str, bear: Figure, part: Ability) -> None:
    near = _enemies_near(game, bear, 1)
    if part.note == "bt-kill":
        most = effects_parts.flag_number(part, "max-hit-points-")
        near = [g for g in near if g.rank == "normal" and g.hp <= most]
    if not near:
        game.emit("no-target", bear.id)
        return
    ids = ";".join(g.id for g in near)
    game.push(Task("bt_pick", cid, 0, f"{part.note}|{ids}|{bear.id}|{part}"))


def _run_pick(game: Game, task: Task) -> Decision | None:
    kind, ids, *_ = task.text.split("|")
    if kind == "consume":
        return Decision(task.who, "consume", [Choice("consume", (ids,)), Choice("no-consume")])
    alive = [i for i in ids.split(";") if i in game.state.figures]
    if not alive:
        game.pop_task()
        return None
    if (
        kind == "bt-push"
        and effects_parts.flag_number(Ability.parse(task.text.split("|", 3)[3]), "target-", 1) == 0
    ):
        return Decision(task.who, "push", [Choice("all", tuple(alive)), Choice("skip")])
    word = {"bt-push": "push", "bt-kill": "kill"}.get(kind, kind)
    return Decision(task.who, word, [*(Choice("target", (i,)) for i in alive), Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    kind, ids, bid, text = task.text.split("|", 3)
    if kind == "consume":
        attack_text, bought_text = text.split("|", 1)
        attack = Ability.parse(attack_text)
        if choice.kind == "consume":
            element = Element(ids)
            game.state.elements.consume(element)
            game.emit("consumed", task.who, element.value)
            bought = Ability.parse(bought_text)
            more = sum(a.value for a in effects_parts.parts(bought, "attack"))
            attack = msgspec.structs.replace(attack, value=attack.value + more)
            for xp in effects_parts.parts(bought, "xp"):
                game.perform(task.who, xp)
        effects_parts.perform_attack(game, bid, attack)
        return
    if choice.kind == "skip":
        game.emit("declined", task.who, kind)
        return
    bear = game.state.figures.get(bid)
    if bear is None:
        return
    if kind == "bt-push":
        value = effects_parts.parts(Ability.parse(text), "push")
        n = value[0].value if value else 0
        game.push(*(Task("force", t, n, ForceStep(bid, "push").text) for t in choice.args))
    elif kind == "bt-kill":
        target = game.state.figures.get(choice.args[0])
        if target is not None:
            game.emit("kill", bid, target.id, f"hex={actions.hex_token(target.hex)}")
            game.kill(target)


@effect("bt-command-bonus")
def _command_bonus(game: Game, fid: str, ability: Ability) -> bool:
    """Punch Through: +N Attack on all command attacks this round."""
    st = game.state
    more = sum(a.value for a in effects_parts.parts(ability, "attack"))
    now = _bonus(game, fid)
    st.scenario_marks[_BONUS + fid] = st.round
    st.scenario_marks[_BONUS_VALUE + fid] = now + more
    game.emit("command-attack-bonus", fid, f"+{more}")  # not round-attack-bonus: that one is for every attack
    return True


# ---------------------------------------------------------- Concentrated Rage

_FORGO = "btforgo|"  # scenario mark: round in which the owner forgoes actions
_FORGONE = "btforgone|"  # 1 top, 2 bottom, 3 both
_RAGED = "btraged|"  # the bear's stat line before the round's bonus, as move*100+attack


@effect("bt-forgo-for-bear")
def _forgo_card(game: Game, fid: str, ability: Ability) -> bool:
    """Concentrated Rage goes to the active area; it acts through :func:`_before_bear`."""
    return True


def _raging(game: Game, cid: str) -> tuple[int, int] | None:
    """(attack bonus, move bonus) of the owner's active Concentrated Rage, if any."""
    for _, _, half in effects_parts.active_halves(game, cid):
        for a in effects_parts.named_in(half, "bt-forgo-for-bear"):
            return effects_parts.flag_number(a, "attack-plus-"), effects_parts.flag_number(a, "move-plus-")
    return None


def bear_turn(game: Game, f: Figure) -> tuple[list[Task], list[Task]]:
    """The bear's turn: Concentrated Rage asked before it acts, Blood Hunger after."""
    if f.name != BEAR or f.owner is None:
        return [], []
    after = [Task("bt_hunger", f.id, len(game.events), f.owner)] if _hungry(game, f.owner) else []
    return _before_bear(game, f, f.owner), after


def _before_bear(game: Game, f: Figure, cid: str) -> list[Task]:
    """Before the bear acts, its owner may forgo the top or the bottom action of the turn."""
    ch = game.state.characters.get(cid)
    if ch is None or ch.exhausted or ch.long_rest or len(ch.selected) < 2:
        return []
    if _raging(game, cid) is None or game.state.scenario_marks.get(_FORGO + cid) == game.state.round:
        return []
    return [Task("bt_forgo", cid, 0, f.id)]


def _run_forgo(game: Game, task: Task) -> Decision | None:
    if task.text not in game.state.figures:
        game.pop_task()
        return None
    kinds = [Choice("forgo", (which,)) for which in ("top", "bottom", "both")]
    return Decision(task.who, "forgo", [*kinds, Choice("keep")])


def _apply_forgo(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    st, cid, bid = game.state, task.who, task.text
    if choice.kind == "keep":
        game.emit("declined", cid, "forgo")
        return
    which = {"top": 1, "bottom": 2, "both": 3}[choice.args[0]]
    attack_more, move_more = _raging(game, cid) or (0, 0)
    attack_more, move_more = attack_more * (which & 1), move_more * (which >> 1)
    st.scenario_marks[_FORGO + cid] = st.round
    st.scenario_marks[_FORGONE + cid] = which
    move, attack, reach = st.summon_stats[bid]
    st.scenario_marks[_RAGED + bid] = move * 100 + attack
    st.summon_stats[bid] = (move + move_more, attack + attack_more, reach)
    game.emit("forgo", cid, choice.args[0], f"attack+{attack_more}", f"move+{move_more}")


def forgone_turn(game: Game, cid: str) -> bool:
    """The Beast Tyrant's turn with an action forgone: the other half only (or none)."""
    st = game.state
    ch = st.characters.get(cid)
    if ch is None or st.scenario_marks.get(_FORGO + cid) != st.round:
        return False
    which = st.scenario_marks.get(_FORGONE + cid, 0)
    if which == 3:
        game.push(Task("bt_forgone", cid))
        return True
    ch.used_half = "top" if which == 1 else "bottom"  # the one action left is the other half
    game.push(Task("action", cid, 2), Task("bt_forgone", cid))
    return True


def _run_forgone(game: Game, task: Task) -> Decision | None:
    """The cards whose action was forgone go to the discard pile."""
    game.pop_task()
    ch = game.state.characters[task.who]
    for card in list(ch.selected):
        ch.selected.remove(card)
        ch.discard.append(card)
        game.emit("card", ch.id, card, "discard")
    return None


def calm(game: Game, timing: str) -> None:
    """The round ends: the bear's stat line loses the round's bonus."""
    st = game.state
    if timing != "end":
        return
    for key in [k for k in st.scenario_marks if k.startswith(_RAGED)]:
        bid, saved = key.removeprefix(_RAGED), st.scenario_marks.pop(key)
        if bid in st.summon_stats:
            st.summon_stats[bid] = (saved // 100, saved % 100, st.summon_stats[bid][2])


# ---------------------------------------------------------------- Blood Hunger


@effect("bt-blood-hunger")
def _hunger_card(game: Game, fid: str, ability: Ability) -> bool:
    """Blood Hunger goes to the active area; it acts through :func:`_run_hunger`."""
    return True


def _hungry(game: Game, cid: str) -> bool:
    return bool(
        cid in game.state.characters and effects_active_area.active_holders(game, cid, "bt-blood-hunger")
    )


def _run_hunger(game: Game, task: Task) -> Decision | None:
    """After the bear's attacks since event ``task.n``: Heal N, self, one use slot each."""
    game.pop_task()
    cid = task.text
    done = sum(1 for e in game.events[task.n :] if e.kind == "attack" and e.args[:1] == (task.who,))
    for _ in range(done):
        holders = effects_active_area.active_holders(game, cid, "bt-blood-hunger")
        if not holders or task.who not in game.state.figures:
            return None
        index, card = holders[0]
        heal = sum(a.value for a in effects_parts.parts(card, "heal"))
        game.emit("ally-performs", task.who, f"for={cid}", "bt-blood-hunger")
        game.heal(task.who, heal)
        effects_active_area.spend_use(game, cid, index)
    return None


task_handler("bt_hunger", _run_hunger)
task_handler("bt_forgo", _run_forgo, _apply_forgo)
task_handler("bt_forgone", _run_forgone)
task_handler("bt_part", _run_part)
task_handler("bt_pick", _run_pick, _apply_pick)
task_handler("bt_bear", _run_bear, _apply_bear)
