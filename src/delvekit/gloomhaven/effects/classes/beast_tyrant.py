"""Named effects of the Beast Tyrant's cards, registered in :mod:`delvekit.gloomhaven.engine.registry`.

The cards are in ``content/data/classes/beast-tyrant.json``
(tools/importers/transcriptions_beast_tyrant.py). Their summons (§12) are the generic ``summon``
effect, "all summoned allies" and "one adjacent ally" the shared ``to-allies`` wording. This
module adds the bear and the class's own wordings:

============================  =================================================================
the bear                      the class's own summon, placed at the start of the scenario (the
                              start of round 1) in the empty hex next to the Beast Tyrant
                              nearest an enemy; it acts from round 1 like any summon (§12), its
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
``bt-command-bonus``          +N Attack on every command attack of this owner this round
``bt-swap``                   swap the positions of any two figures (``swap-figures``) or
                              enemies (``swap-enemies``) on the map
``bt-swap-bear``              swap positions with your bear
``bt-summons-perform``        one summoned ally (``any-one-summon``, anywhere) or every summoned
                              ally within range (``affects-summons-range-N``) performs its own
                              Move and Attack plus or minus the bonuses, the owner controlling
============================  =================================================================

Readings (docs/content.md): a swap is no movement (no trap or hazardous terrain is sprung, as
for a teleport); objectives are not figures that can be swapped. The bear's loot gives the money
to its owner; numbered treasure tiles are not looted by a summon.
"""

from __future__ import annotations

import msgspec

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.hexes import distance
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import ROUND_HOOKS, SUMMON_TURN_HOOKS, TURN_HOOKS, effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

CLASS_ID = "beast-tyrant"
BEAR = "bear"
BEAR_MOVE, BEAR_ATTACK = 3, 2
"""The bear's stat line: Health 8 + 2 x the Beast Tyrant's level, Move 3, Attack 2 (G's class
file, the pack's ``summons[0]``; a test checks they agree)."""

_PLACED = "btbear|"  # scenario mark: the owner's bear was placed (it is never placed again)
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


def _nearest_enemy(game: Game, f: Figure, h: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    far = [distance(h, g.hex) for g in game.state.figures.values() if actions._hostile(f, g)]
    return (min(far) if far else 0, h)


def _place_bears(game: Game, timing: str) -> None:
    """Round 1 starts: every Beast Tyrant's bear comes next to it, nearest an enemy."""
    st = game.state
    if timing != "start" or st.round != 1 or game.board() is None:
        return
    for ch in game.setup.party:
        f = st.figures.get(ch.id)
        if ch.class_name != CLASS_ID or f is None or _PLACED + ch.id in st.scenario_marks:
            continue
        st.scenario_marks[_PLACED + ch.id] = 1
        free = fx._empty_adjacent(game, f)
        if not free:
            game.emit("no-hex", ch.id, BEAR)
            continue
        spot = min(free, key=lambda h: _nearest_enemy(game, f, h))
        bid = game.summon(ch.id, BEAR, bear_health(ch.level), spot, move=BEAR_MOVE, attack=BEAR_ATTACK)
        st.figures[bid].summoned_round = 0  # placed with the scenario: it acts in round 1


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
                    for n in fx.flags(following)
                    if n.startswith("consume-")
                ),
                None,
            )
            if element is not None and game.state.elements.can_consume(element):
                game.push(Task("bt_pick", cid, 0, f"consume|{element.value}|{bear.id}|{attack}|{following}"))
                return None
        fx._perform_attack(game, bear.id, attack)
    elif part.kind == "move":
        fx._perform_move(
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
    game.emit("looted", bear.id, f"coins={taken}", f"for={cid}")


def _enemies_near(game: Game, f: Figure, reach: int) -> list[Figure]:
    foes = [g for g in game.state.figures.values() if actions._hostile(f, g) and g.kind != "objective"]
    return sorted(fx._in_reach(game, f, reach, foes), key=lambda g: g.id)


def _afflict(game: Game, bear: Figure, part: Ability) -> None:
    reach = next(
        (int(n.rsplit("-", 1)[1]) for n in fx.flags(part) if n.startswith("affects-") and "-range-" in n), 1
    )
    hit = _enemies_near(game, bear, reach)
    if not hit:
        game.emit("no-target", bear.id)
    for g in hit:
        for c in fx.parts(part, "condition"):
            if c.condition is not None:
                game.add_condition(g.id, c.condition)


def _offer(game: Game, cid: str, bear: Figure, part: Ability) -> None:
    near = _enemies_near(game, bear, 1)
    if part.note == "bt-kill":
        most = fx.flag_number(part, "max-hit-points-")
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
    if kind == "bt-push" and fx.flag_number(Ability.parse(task.text.split("|", 3)[3]), "target-", 1) == 0:
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
            more = sum(a.value for a in fx.parts(bought, "attack"))
            attack = msgspec.structs.replace(attack, value=attack.value + more)
            for xp in fx.parts(bought, "xp"):
                game.perform(task.who, xp)
        fx._perform_attack(game, bid, attack)
        return
    if choice.kind == "skip":
        game.emit("declined", task.who, kind)
        return
    bear = game.state.figures.get(bid)
    if bear is None:
        return
    if kind == "bt-push":
        value = fx.parts(Ability.parse(text), "push")
        n = value[0].value if value else 0
        game.push(*(Task("force", t, n, f"{bid}/push/s") for t in choice.args))
    elif kind == "bt-kill":
        target = game.state.figures.get(choice.args[0])
        if target is not None:
            game.emit("kill", bid, target.id, f"hex={actions.hex_token(target.hex)}")
            game.kill(target)


@effect("bt-command-bonus")
def _command_bonus(game: Game, fid: str, ability: Ability) -> bool:
    """Punch Through: +N Attack on all command attacks this round."""
    st = game.state
    more = sum(a.value for a in fx.parts(ability, "attack"))
    now = _bonus(game, fid)
    st.scenario_marks[_BONUS + fid] = st.round
    st.scenario_marks[_BONUS_VALUE + fid] = now + more
    game.emit("round-attack-bonus", fid, f"command+{more}")
    return True


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
    for _, _, half in fx._active_halves(game, cid):
        for a in fx._named_in(half, "bt-forgo-for-bear"):
            return fx.flag_number(a, "attack-plus-"), fx.flag_number(a, "move-plus-")
    return None


def _before_bear(game: Game, f: Figure) -> list[Task]:
    """Before the bear acts, its owner may forgo the top or the bottom action of the turn."""
    cid = f.owner
    ch = game.state.characters.get(cid or "")
    if f.name != BEAR or cid is None or ch is None or ch.exhausted or ch.long_rest or len(ch.selected) < 2:
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


def _forgone_turn(game: Game, cid: str) -> bool:
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


def _calm(game: Game, timing: str) -> None:
    """The round ends: the bear's stat line loses the round's bonus."""
    st = game.state
    if timing != "end":
        return
    for key in [k for k in st.scenario_marks if k.startswith(_RAGED)]:
        bid, saved = key.removeprefix(_RAGED), st.scenario_marks.pop(key)
        if bid in st.summon_stats:
            st.summon_stats[bid] = (saved // 100, saved % 100, st.summon_stats[bid][2])


# ------------------------------------------------------------ Borrowed Essence


@effect("bt-share-damage")
def _share(game: Game, fid: str, ability: Ability) -> bool | None:
    """Redistribute the damage of you and your summoned allies; none is given as much damage
    as its maximum hit points (no figure dies of it)."""
    st = game.state
    group = [fid, *sorted(g.id for g in st.figures.values() if g.kind == "summon" and g.owner == fid)]
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


task_handler("bt_forgo", _run_forgo, _apply_forgo)
task_handler("bt_forgone", _run_forgone)
task_handler("bt_share", _run_share, _apply_share)
SUMMON_TURN_HOOKS.append(_before_bear)
TURN_HOOKS.append(_forgone_turn)
ROUND_HOOKS.append(_calm)
task_handler("bt_part", _run_part)
task_handler("bt_pick", _run_pick, _apply_pick)
task_handler("bt_swap", _run_swap, _apply_swap)
task_handler("bt_perform", _run_perform, _apply_perform)
ROUND_HOOKS.append(_place_bears)
