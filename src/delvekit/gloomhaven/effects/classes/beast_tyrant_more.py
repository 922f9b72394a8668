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
``bt-summon-attack``          Storm Sigil: the Wind Totem's own turn is an attack on every
                              adjacent enemy with the push of the sub (no move), through the
                              engine's summon action hook; the class's summons printed without
                              an attack (Monolith, Spirit Banner) have no attack on their turns
``bt-banner-aura``            Tribal Sigil: every ally adjacent to the Spirit Banner adds the
                              sub to all its attacks (the engine's attack bonus hook)
``bt-recover-summons``        Tribal Sigil: recover up to N of your lost cards with a summon on
                              them (never the card itself, nor a card that recovers lost cards)
``bt-summons-gain``           Patch Fur, Earthen Spikes: every summoned ally on the party's side
                              gains the Shield / Retaliate of the subs this round
``bt-heal-consume``           Natural Remedy: Heal N, Range R (you or an ally in range and sight);
                              the element buys ``heal-plus-N`` and ``range-plus-N`` and its XP
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
from delvekit.gloomhaven.effects import wordings
from delvekit.gloomhaven.effects.classes import beast_tyrant as bt_fx
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.effects.classes.beast_tyrant import BEAR, bear_of
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import ATTACK_BONUS_HOOKS, SUMMON_ACTION_HOOKS, effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

# ------------------------------------------------------------------ swaps


def _swappable(game: Game, fid: str, who: str) -> list[Figure]:
    f = game.state.figures[fid]
    out = [g for g in game.state.figures.values() if g.kind != "objective"]
    if who == "enemies":
        out = [g for g in out if actions.hostile(f, g)]
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
        if g.kind == "summon" and not actions.hostile(f, g) and Condition.STUN not in g.conditions
    ]
    if "-range-" in who:
        summons = fx.figures_in_reach(game, f, int(who.rsplit("-", 1)[1]), summons)
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
        fx.perform_attack(game, sid, Ability(kind="attack", value=max(0, value), range=reach))
    if move > 0 and any(n.startswith("move-") for n in flags):
        fx.perform_move(game, sid, Ability(kind="move", value=max(0, move + _signed(ability, "move"))))


# ------------------------------------------------------------ Borrowed Essence


@effect("bt-share-damage")
def _share(game: Game, fid: str, ability: Ability) -> bool | None:
    """Redistribute the damage of you and your summoned allies; none is given as much damage
    as its maximum hit points (no figure dies of it)."""
    st = game.state
    me = st.figures.get(fid)
    if me is None:
        return False
    summons = (g.id for g in st.figures.values() if g.kind == "summon" and not actions.hostile(me, g))
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


# ------------------------------------------------------ summoned allies gain


@effect("bt-summons-gain")
def _summons_gain(game: Game, fid: str, ability: Ability) -> bool:
    """Every summoned ally (anyone's, the Dized FAQ) gains the Shield and Retaliate this round."""
    me = game.state.figures.get(fid)
    if me is None:
        return False
    summons = sorted(
        (g for g in game.state.figures.values() if g.kind == "summon" and not actions.hostile(me, g)),
        key=lambda g: g.id,
    )
    if not summons:
        game.emit("no-target", fid)
        return False
    for g in summons:
        for p in ability.then:
            if p.kind == "shield":
                g.shield_bonus += p.value
                game.emit("bonus", g.id, "shield", p.value, f"by={fid}")
            elif p.kind == "retaliate":
                g.retaliate_bonus += p.value
                game.emit("bonus", g.id, "retaliate", p.value, f"by={fid}")
    return True


# ------------------------------------------------------------ Natural Remedy


@effect("bt-heal-consume")
def _heal_consume(game: Game, fid: str, ability: Ability) -> None:
    """Heal N, Range R with an element buying more heal and range (asked first)."""
    game.push(Task("bt_heal_consume", fid, 0, str(ability)))


def _tally(items: list[Ability], prefix: str) -> int:
    """The sum of the numbers ending the flags ``prefix``N among ``items``."""
    tails = (p.note.removeprefix(prefix) for p in items if p.kind == "custom" and p.note.startswith(prefix))
    return sum(int(t) for t in tails if t.isdigit())


def _run_heal_consume(game: Game, task: Task) -> Decision | None:
    return wordings.consume_offer(game, task, _heal_finish)


def _apply_heal_consume(game: Game, task: Task, choice: Choice) -> None:
    wordings.consume_answer(game, task, choice, _heal_finish)


def _heal_finish(game: Game, fid: str, ability: Ability, *, paid: bool) -> None:
    base, _, bought = wordings.split_consumption(ability)
    items = base + (bought if paid else [])
    if paid:
        wordings.gain_parts_xp(game, fid, bought)
    heal = sum(p.value for p in items if p.kind == "heal") + _tally(items, "heal-plus-")
    reach = _tally(base, "range-") + _tally(items, "range-plus-")
    game.push(Task("heal_ally", fid, heal, str(reach)))  # you or an ally in range and sight


# ------------------------------------------------------- the sigils' summons

_STILL = Ability(kind="move", value=0)


def _summon_half(game: Game, f: Figure) -> list[Ability] | None:
    """The abilities of the Beast Tyrant's card half that keeps summon ``f`` in play."""
    if f.owner is None or not any(
        ch.id == f.owner and ch.class_name == bt_fx.CLASS_ID for ch in game.setup.party
    ):
        return None
    found = fx.summon_card(game, f)
    if found is None:
        return None
    index = found[0]
    return list(fx.active_halves(game, f.owner)[index][2].abilities)


def _summon_turn(game: Game, f: Figure) -> tuple[Ability, Ability] | None:
    """The Beast Tyrant's summons: the Wind Totem attacks every adjacent enemy and pushes; a
    summon printed without an attack does not attack (a second Move +0 of its Move 0)."""
    half = _summon_half(game, f)
    if half is None:
        return None
    for a in half:
        if a.kind == "custom" and a.note == "bt-summon-attack":
            push = sum(p.value for p in fx.parts(a, "push"))
            return _STILL, Ability(kind="attack", value=0, targets=0, push=push)
    summon = next(a for a in half if a.kind == "custom" and a.note == "summon")
    if not fx.parts(summon, "attack"):
        return _STILL, _STILL
    return None


@effect("bt-summon-attack", "bt-banner-aura")
def _with_summon(game: Game, fid: str, ability: Ability) -> bool:
    """Parts of a summon's stat line, acting while the card is in the active area: not an
    ability used by itself (a declined summon earns no XP, §3.4)."""
    return False


def _aura(game: Game, attacker: Figure, target: Figure) -> int:
    """Tribal Sigil: +N Attack for every ally adjacent to a Spirit Banner."""
    if attacker.kind not in ("character", "summon") or not any(
        ch.class_name == bt_fx.CLASS_ID for ch in game.setup.party
    ):
        return 0
    board = game.board()
    if board is None:
        return 0
    total = 0
    for g in game.state.figures.values():
        if g.kind != "summon" or g is attacker or actions.hostile(g, attacker):
            continue
        if not board.adjacent(g.hex, attacker.hex):
            continue
        for a in _summon_half(game, g) or ():
            if a.kind == "custom" and a.note == "bt-banner-aura":
                total += fx.flag_number(a, "attack-plus-")
    return total


@effect("bt-recover-summons")
def _recover_summons(game: Game, fid: str, ability: Ability) -> bool | None:
    """Tribal Sigil: recover up to N lost cards with a summon on them."""
    if not _summon_cards(game, fid):
        game.emit("no-card", fid)
        return False
    game.push(Task("bt_recover", fid, fx.flag_number(ability, "target-", 1)))
    return None


def _summon_cards(game: Game, cid: str) -> list[str]:
    ch = game.state.characters.get(cid)
    if ch is None:
        return []
    out = []
    for card in ch.lost:
        c = game.card(cid, card)
        notes = {a.note for half in (c.top, c.bottom) for a in half.abilities if a.kind == "custom"}
        if "summon" in notes and not notes & {"bt-recover-summons", "ally-recovers"}:
            out.append(card)
    return out


def _run_recover(game: Game, task: Task) -> Decision | None:
    cards = _summon_cards(game, task.who)
    if not cards or task.n <= 0:
        game.pop_task()
        return None
    return Decision(task.who, "recover", [*(Choice("recover", (c,)) for c in cards), Choice("done")])


def _apply_recover(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "done":
        return
    ch = game.state.characters[task.who]
    card = choice.args[0]
    ch.lost.remove(card)
    ch.hand.append(card)
    game.emit("recovered", task.who, card, "lost")
    game.push(Task("bt_recover", task.who, task.n - 1))


task_handler("bt_recover", _run_recover, _apply_recover)
task_handler("bt_heal_consume", _run_heal_consume, _apply_heal_consume)
SUMMON_ACTION_HOOKS.append(_summon_turn)
ATTACK_BONUS_HOOKS.append(_aura)
task_handler("bt_swap", _run_swap, _apply_swap)
task_handler("bt_perform", _run_perform, _apply_perform)
task_handler("bt_share", _run_share, _apply_share)
