"""A character's turn (rules digest §3.4, §4): its two cards or a long rest, each action's
abilities in order, the card's destination, damage and how a character negates it (§4.3), the
long and the short rest, and a character summon's turn (§12). The round around it is in
:mod:`~delvekit.gloomhaven.engine.round`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import msgspec

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine import monster_turn as engine_monsters
from delvekit.gloomhaven.engine.payloads import CardHalf
from delvekit.gloomhaven.engine.state import ActiveCard, Task
from delvekit.gloomhaven.engine.tasks import BASIC_BOTTOM, BASIC_TOP, task_handler
from delvekit.gloomhaven.engine.tasks import half_of as _half
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import Half

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game

# ------------------------------------------------------------- character turns


def start_turn(game: Game, fid: str) -> bool:
    """Count the turn on the figure's own clock; ``False`` if the figure is gone."""
    st = game.state
    f = st.figures.get(fid)
    if f is None:
        return False
    f.turns += 1
    f.acted_round = st.round
    game.emit("turn", fid)
    return True


def _run_char_turn(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    if game.state.characters[task.who].exhausted or not start_turn(game, task.who):
        return None
    game.push(
        *hooks.flat(hooks.turn_start_tasks.each(game, task.who)),  # Blood Pact
        Task("wound", task.who),
        Task("char_act", task.who),
        *hooks.flat(hooks.turn_end_tasks.each(game, task.who)),  # end-of-turn items
        Task("end_turn", task.who),
    )
    return None


def _run_char_act(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    st = game.state
    ch = st.characters[task.who]
    if ch.exhausted:
        return None
    if ch.long_rest:
        game.push(Task("long_rest", ch.id))
    elif Condition.STUN in st.figures[ch.id].conditions:
        # §8.3: a stunned character's played cards are discarded unused, never lost.
        game.emit("stunned", ch.id, *(f"discarded={c}" for c in ch.selected))
        ch.discard += ch.selected
        ch.selected = []
    else:  # every turn-start rule (Soothing Lullaby, Inescapable Fate...), taken over or not
        hooks.turn_starting.run(game, ch.id)
        starts = hooks.flat(hooks.turn_start_effects.each(game, ch.id))  # Lumbering Bash, songs
        if not hooks.turn_taken.any(game, ch.id):  # the Betrayer's mind control plays it instead
            game.push(Task("action", ch.id, 1))
        game.push(*starts)  # still its own turn: its start-of-turn bonuses come first
    return None


def _run_action(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters[task.who]
    if ch.exhausted or not ch.selected:
        game.pop_task()
        return None
    halves = ("top", "bottom") if task.n == 1 else ("bottom" if ch.used_half == "top" else "top",)
    choices = [Choice(kind, (card,)) for card in ch.selected for h in halves for kind in (h, "basic-" + h)]
    choices += hooks.flat(hooks.own_turn_choices.each(game, ch.id))  # "during your turn" items
    return Decision(ch.id, "action", choices)


def apply_action(game: Game, task: Task, choice: Choice) -> None:
    """Answer to a character's action choice: play the chosen half (or a basic action) of a card."""
    if choice.kind == "item":  # the decision stays; it comes back after the item's effects
        hooks.use_own_turn.only(game, task.who, choice)
        return
    game.pop_task()
    ch = game.state.characters[task.who]
    card = choice.args[0]
    basic = choice.kind.startswith("basic-")
    half = choice.kind.removeprefix("basic-")
    ch.selected.remove(card)
    ch.playing = card
    ch.used_half = half
    ch.action_used = False
    game.emit("action", ch.id, choice.kind, card)
    if basic:
        steps = [Task("basic", ch.id, 0, half)]
    else:
        played = CardHalf(card, half).text
        steps = [Task("ability", ch.id, i, played) for i in _order(_half(game, ch.id, card, half))]
    steps.append(Task("card_done", ch.id, int(basic), CardHalf(card, half).text))
    if task.n == 1:
        steps.append(Task("action", ch.id, 2))
    game.push(*steps)


def _infusion(a: Ability) -> bool:
    """A stand-alone element infusion (``infuse fire``; the named ``infuse-any``, §3.4)."""
    return a.kind == "infuse" or (a.kind == "custom" and a.note == "infuse-any")


def _order(half: Half) -> list[int]:
    """The abilities' order: as printed, except that a stand-alone infusion waits until the
    action's other abilities (not its XP) are done: it takes effect only at the end of the turn
    anyway, and only if one of them was used (§3.4)."""
    kinds = ["infuse" if _infusion(a) else a.kind for a in half.abilities]
    last = max((i for i, k in enumerate(kinds) if k not in ("xp", "infuse")), default=-1)
    late = [i for i, k in enumerate(kinds) if k == "infuse" and i < last]
    order = [i for i in range(len(kinds)) if i not in late]
    return order[: last + 1 - len(late)] + late + order[last + 1 - len(late) :]


def _run_basic(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    basic = BASIC_TOP if task.text == "top" else BASIC_BOTTOM
    for fn in hooks.basic_ability.fns:  # Versatile Dagger...
        basic = fn(game, task.who, task.text, basic)
    game.perform(task.who, basic)
    return None


def _run_ability(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    played = CardHalf.of(task)
    half = _half(game, task.who, played.card, played.half)
    ability = half.abilities[task.n]
    alone = all(a.kind == "xp" or _infusion(a) for a in half.abilities)  # the infusion is the ability
    if _infusion(ability) and alone:
        game.mark_used(task.who)
    elif (ability.kind == "xp" or _infusion(ability)) and not game.state.characters[task.who].action_used:
        if ability.kind == "xp":  # no ability of the action used (§3.4): no XP, no infusion
            game.emit("no-xp", task.who, ability.value)
        else:
            game.emit("no-infuse", task.who, ability.element.value if ability.element else "any")
        return None
    game.perform(task.who, ability, from_bonus=half.round_bonus or half.persistent)
    return None


def _run_card_done(game: Game, task: Task) -> Decision | None:
    """Card destination as soon as its action is finished (§3.4)."""
    game.pop_task()
    ch = game.state.characters[task.who]
    if ch.exhausted or ch.playing is None:
        return None  # exhaustion already moved the card to the lost pile
    half_name = CardHalf.of(task).half
    card = ch.playing
    ch.playing = None
    half = _half(game, ch.id, card, half_name)
    if task.n:  # basic action: never lost (FAQ p.58)
        ch.discard.append(card)
        where = "discard"
    elif (half.round_bonus or half.persistent) and ch.action_used:  # performed (§3.4, reading)
        duration: Literal["round", "persistent"] = "round" if half.round_bonus else "persistent"
        ch.active.append(ActiveCard(card, duration, half.lost, "top" if half_name == "top" else "bottom"))
        where = "active"
    elif half.lost:
        ch.lost.append(card)
        where = "lost"
    else:
        ch.discard.append(card)
        where = "discard"
    game.emit("card", ch.id, card, where)
    return None


# ------------------------------------------------------------------ long rest


def _run_long_rest(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters[task.who]
    if ch.exhausted:
        game.pop_task()
        return None
    if task.n == 0 and any(hooks.pickup_candidates.each(game, ch.id)):  # FAQ p.58
        game.pop_task()
        game.push(Task("rest_pickup", ch.id), Task("long_rest", ch.id, 1))
        return None
    if not ch.discard:  # every discard was lost to negate damage before this turn
        game.pop_task()
        _finish_long_rest(game, task.who, None)
        return None
    return Decision(ch.id, "long-rest", [Choice("lose", (c,)) for c in ch.discard])


def _apply_long_rest(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    _finish_long_rest(game, task.who, choice.args[0])


def _finish_long_rest(game: Game, cid: str, lose: str | None) -> None:
    """§4.2: lose the chosen discard, recover the others, Heal 2 self (a real heal)."""
    ch = game.state.characters[cid]
    if lose is not None:
        ch.discard.remove(lose)
        ch.lost.append(lose)
    recovered = len(ch.discard)
    ch.hand += ch.discard
    ch.discard = []
    game.emit("long-rest", cid, f"lost={lose or '-'}", f"recovered={recovered}")
    game.heal(cid, 2)
    hooks.refresh_spent.run(game, cid)  # §4.2: spent items refresh


# ----------------------------------------------------------------- damage


def _run_damage(game: Game, task: Task) -> Decision | None:
    st = game.state
    f = st.figures.get(task.who)
    if f is None or task.n <= 0:
        game.pop_task()
        return None
    if hooks.before_damage.any(game, task):  # Protective Blessing, Defensive Ditty, Defiance of Death
        return None
    if f.kind != "character":
        game.pop_task()
        game.lose_hp(f, task.n, task.text)
        return None
    ch = st.characters[f.id]
    if hooks.damage_negated.any(game, task):  # Cold Front (it pops the damage task itself)
        return None
    if _negated_by_active_card(game, f.id, task):
        game.pop_task()
        return None
    if hooks.damage_auto.any(game, f, task):  # armour with use slots (Hide Armor...)
        return None
    choices = [Choice("take", (str(task.n),)), *hooks.flat(hooks.damage_choices.each(game, f, task))]
    choices += [Choice("lose-hand", (c,)) for c in ch.hand]
    pool = ch.discard_like()
    choices += [Choice("lose-discard", (a, b)) for i, a in enumerate(pool) for b in pool[i + 1 :]]
    return Decision(f.id, "damage", choices)


def _negated_by_active_card(game: Game, cid: str, task: Task) -> bool:
    """A persistent "negate the next source of damage" bonus is used, mandatorily, on the first
    source that comes (§3.4, §18.7 Frost Armor); its last slot sends the card to the lost pile."""
    ch = game.state.characters[cid]
    for i, active in enumerate(ch.active):
        half = _half(game, cid, active.card, active.half)
        if not any(a.kind == "negate" for a in half.abilities):
            continue
        used = active.used + 1
        game.emit("negated", cid, task.n, task.text, f"by={active.card}")
        if used <= len(half.use_xp) and half.use_xp[used - 1]:
            ch.xp += half.use_xp[used - 1]
            game.emit("xp", cid, half.use_xp[used - 1])
        if half.uses and used >= half.uses:  # a round card's single use (Trickster's Reversal)
            del ch.active[i]
            (ch.lost if active.lost else ch.discard).append(active.card)
            game.emit("card", cid, active.card, "lost" if active.lost else "discard")
        else:
            ch.active[i] = msgspec.structs.replace(active, used=used)
        return True
    return False


def _apply_damage(game: Game, task: Task, choice: Choice) -> None:
    """§4.3: take the damage, or negate all of it by losing 1 hand card or 2 discarded cards."""
    if choice.kind == "item":  # a shield item against this attack's damage
        hooks.use_on_damage.only(game, task, choice)
        return
    game.pop_task()
    st = game.state
    f = st.figures[task.who]
    if choice.kind == "take":
        game.lose_hp(f, task.n, task.text)
        return
    ch = st.characters[f.id]
    for card in choice.args:
        if choice.kind == "lose-hand":
            ch.hand.remove(card)
        elif card in ch.discard:
            ch.discard.remove(card)
        else:
            ch.active = [a for a in ch.active if a.card != card]
        ch.lost.append(card)
        game.emit("card", ch.id, card, "lost")
        hooks.card_left_play.run(game, ch.id, card)  # its summon goes with it
    game.emit("negated", f.id, task.n, task.text)


# ------------------------------------------------------------- summons


def _run_summon_turn(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None or f.summoned_round == game.state.round:
        return None  # never acts in the round it was summoned (§12)
    start_turn(game, f.id)
    found = list(hooks.summon_turn.each(game, f))  # the Beast Tyrant's Concentrated Rage, Blood Hunger
    before = [t for tasks, _ in found for t in tasks]
    after = [t for _, tasks in found for t in tasks]
    game.push(Task("wound", f.id), *before, Task("summon_act", f.id), *after, Task("end_turn", f.id))
    return None


def _run_summon_act(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None:
        return None
    if Condition.STUN in f.conditions:
        game.emit("stunned", f.id)
        return None
    if game.tables.board is not None and game.resolver is None:
        game.push(
            Task("summon_ability", f.id, 0), Task("summon_ability", f.id, 1), Task("forget_plan", f.id)
        )
        hooks.move_starts.any(game, f, None)  # Earthen Steed: its question comes first
        return None
    game.perform(f.id, engine_monsters.SUMMON_ACTIONS[0])
    game.perform(f.id, engine_monsters.SUMMON_ACTIONS[1])
    return None


def _run_summon_ability(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is not None:
        engine_monsters.act(game, f, task.n)
    return None



# ---------------------------------------------------------------- short rest


def _run_short_rest(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters[task.who]
    if task.n == 1 and not ch.exhausted:  # decided, active cards picked up: rest now
        _apply_short_rest(game, task, Choice("short-rest"))
        return None
    if ch.exhausted or len(ch.discard) < 2:
        game.pop_task()
        return None
    return Decision(ch.id, "short-rest", [Choice("short-rest"), Choice("no-rest")])


def _apply_short_rest(game: Game, task: Task, choice: Choice) -> None:
    """§4.1: one random discard is lost; the player may then reroll once."""
    game.pop_task()
    if choice.kind == "no-rest":
        return
    if task.n == 0 and any(hooks.pickup_candidates.each(game, task.who)):
        game.push(Task("rest_pickup", task.who), Task("short_rest", task.who, 1))
        return
    st = game.state
    ch = st.characters[task.who]
    card = st.rng.choice(ch.discard)
    ch.discard.remove(card)
    ch.lost.append(card)
    game.emit("short-rest", ch.id, f"lost={card}")
    game.push(Task("rest_reroll", ch.id, 0, card))


def _run_rest_reroll(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters[task.who]
    if ch.exhausted:
        game.pop_task()
        return None
    return Decision(ch.id, "short-rest-loss", [Choice("accept"), Choice("reroll")])


def _apply_rest_reroll(game: Game, task: Task, choice: Choice) -> None:
    """Reroll: suffer 1 damage (taken on the health dial: it is the price of the reroll, not a
    damage source that cards could negate), keep the card, lose a different random one."""
    game.pop_task()
    st = game.state
    ch = st.characters[task.who]
    if choice.kind == "reroll":
        kept = task.text
        ch.lost.remove(kept)
        other = st.rng.choice(ch.discard)
        ch.discard.remove(other)
        ch.lost.append(other)
        ch.hand.append(kept)
        game.emit("short-rest-reroll", ch.id, f"kept={kept}", f"lost={other}")
    recovered = len(ch.discard)
    ch.hand += ch.discard
    ch.discard = []
    game.emit("recovered", ch.id, recovered)
    if choice.kind == "reroll":
        game.lose_hp(st.figures[ch.id], 1, "short-rest")


for _kind, _run, _apply in (
    ("char_turn", _run_char_turn, None),
    ("char_act", _run_char_act, None),
    ("action", _run_action, apply_action),
    ("basic", _run_basic, None),
    ("ability", _run_ability, None),
    ("card_done", _run_card_done, None),
    ("long_rest", _run_long_rest, _apply_long_rest),
    ("damage", _run_damage, _apply_damage),
    ("summon_turn", _run_summon_turn, None),
    ("summon_act", _run_summon_act, None),
    ("summon_ability", _run_summon_ability, None),
    ("short_rest", _run_short_rest, _apply_short_rest),
    ("rest_reroll", _run_rest_reroll, _apply_rest_reroll),
):
    task_handler(_kind, _run, _apply)
