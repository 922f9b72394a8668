"""The round state machine of rules digest §3–§4: one handler per agenda task.

Each ``_run_*`` handler either finishes its task (popping it and maybe pushing follow-ups) and
returns ``None``, or leaves it on the agenda and returns the :class:`Decision` it waits for; the
matching ``_apply_*`` handler applies a legal choice. Handlers re-check that their figure still
exists, so a figure killed or exhausted mid-turn simply stops (§17.B B3, B8).

Task kinds, in the order a game uses them: ``deal_goals`` / ``keep_goal`` / ``build_hand`` /
``place`` (setup) → ``round_start`` → ``select`` (per character) → ``reveal`` → ``order`` → ``next_turn``
(loops over the turn order: ``char_turn``, ``summon_turn``, ``monster_group``; ``schedule`` for
groups revealed mid-round) → ``end_round`` → ``short_rest`` / ``rest_reroll``.

Decisions (``actor kind: choices``), the vocabulary faces, bots and logs share:

=============================  ===============================================================
``C battle-goal``              ``keep GOAL`` (one of the two dealt)
``C hand``                     ``take CARD`` until the hand limit is reached
``C start``                    ``start Q,R`` (a free starting hex, when the setup lists them)
``C select``                   ``select LEAD OTHER`` (ordered pair of hand cards) | ``long-rest``
``party tie``                  ``first ID`` among actors the rules cannot order;
                               ``slot TYPE K`` for a type revealed mid-round (K equal types before)
``C action``                   ``top CARD`` | ``bottom CARD`` | ``basic-top CARD`` (Attack 2) |
                               ``basic-bottom CARD`` (Move 2); then the other half of the other
``C damage``                   ``take N`` | ``lose-hand CARD`` | ``lose-discard CARD CARD``
``C long-rest``                ``lose CARD`` (the discard to lose)
``C short-rest``               ``short-rest`` | ``no-rest``
``C short-rest-loss``          ``accept`` | ``reroll`` (suffer 1 damage, lose another card)
``C move``                     ``step Q,R`` | ``stop`` (with a board)
``C attack``                   ``target ID`` | ``all IDS`` | ``area IDS`` | ``skip``
``C consume``                  ``consume ELEMENT...`` | ``no-consume``
``C heal``                     ``heal ID`` | ``skip`` (Heal X, Range Y)
``C|party push`` / ``pull``    ``push-to Q,R`` / ``pull-to Q,R`` | ``decline`` (characters only)
``party monster``              ``outcome Q,R TARGETS`` when the monster AI ties
``party monster-heal``         ``heal ID`` among equally damaged allies
``C summon``                   ``summon-at Q,R`` (an empty adjacent hex) | ``skip`` (§12)
``C afflict`` / ``C kill``     ``target ID`` / ``kill ID`` | ``all IDS`` | ``skip`` (named effects)
``C control`` / ``ally`` /     ``control ID`` / ``ally ID`` / ``turn ID`` | ``skip``; then the
``turn``                       controlled figure's ``move`` and ``attack``, decided by ``C``
``C move`` (Immovable          also ``as-attack N``: the move performed as an attack of equal
Phalanx)                       value
``C pick-up``                  ``pick-up CARD`` | ``keep-active`` (a rest, FAQ p.58)
``C action|move|attack|``      also ``item N`` (``item N OWNER``: an ally's item) when an
``damage``                     item's trigger comes (:mod:`~delvekit.gloomhaven.items.play`)
``C item``                     ``item N`` | ``item N -10`` | ``item N +10`` | ``pass``
``C item-pick``                what an item needs: ``infuse E``, ``summon-at Q,R``,
                               ``recover CARD``, ``play CARD``... | ``done``
``party token-holder``         ``holder NAME C`` as round 1 starts: who holds a scenario token
                               (69's doll, 54's staff; :mod:`~delvekit.gloomhaven.scenario.mechanisms`)
=============================  ===============================================================

Events (``kind args``): setup ``placed``, ``no-standee``, ``battle-goal-kept``, ``hand-ready``;
round ``round``, ``selected`` (hidden), ``reveal``, ``ability-card``, ``order``, ``tie-broken``,
``scheduled``, ``activate``, ``turn``, ``action``, ``card`` (destination), ``round-end``,
``elements``, ``deck-shuffled``, ``modifiers-shuffled``; effects ``damage``, ``negated``,
``healed``, ``condition``, ``condition-ended``, ``immune``, ``bonus``, ``infusing``,
``infused``, ``xp``, ``no-xp`` (no ability of the action used, §3.4), ``looted``,
``coin-dropped``, ``killed``, ``removed``, ``exhausted``,
``stunned``, ``prevented``, ``unresolved``, ``modifiers``, ``no-card``, ``summoned``,
``room-revealed``, ``moved``, ``move-ended``, ``door-opened``, ``trap-sprung``, ``attack``,
``forced``, ``focus``, ``no-target``, ``no-focus``; named effects of class cards ``x``,
``attack-bonus``, ``redirected``, ``controlled``, ``ally-performs``, ``turned``, ``kill``,
``condition-met``, ``declined``, ``round-attack-bonus``, ``move-as-attack``, ``no-hex``,
``augment``; rests ``short-rest``,
``short-rest-reroll``, ``recovered``, ``long-rest``; end ``scenario-goal``, ``scenario-end``.
"""

from __future__ import annotations

from typing import Literal

import msgspec

import delvekit.gloomhaven.items.play as items_play
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import wordings as effects_classes
from delvekit.gloomhaven.effects.classes import brute_mindthief as effects_characters
from delvekit.gloomhaven.engine import monster_turn as engine_monsters
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.engine.game import BASIC_BOTTOM, BASIC_TOP, Game, _half, task_handler
from delvekit.gloomhaven.engine.state import ActiveCard, Task, Turn
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.initiative import Actor, first_candidates, monster_order, tie_groups
from delvekit.gloomhaven.model.setup import Half
from delvekit.gloomhaven.scenario import treasure as engine_treasure

# ------------------------------------------------------------------ round start


def _run_round_start(game: Game, task: Task) -> Decision | None:
    st = game.state
    if st.ending is not None:
        game.pop_task()
        st.result = st.ending
        game.emit("scenario-end", st.result, f"rounds={st.round}")
        return None
    st.round += 1
    st.order, st.turn_index = [], 0
    game.emit("round", st.round)
    effects.round_event(game, "start")  # scenario special rules
    from delvekit.gloomhaven.scenario.mechanisms import round_tasks  # who holds 69's doll...

    selects = [Task("select", c.id) for c in st.characters.values() if not c.exhausted]
    game.push(
        *round_tasks(game),
        *selects,
        Task("reveal"),
        *items_play.round_tasks(game),  # initiative items, once the cards are revealed
        Task("order"),
        Task("next_turn"),
        Task("end_round"),
    )
    return None


# ---------------------------------------------------------------------- setup


def _run_deal_goals(game: Game, task: Task) -> Decision | None:
    """§2.6: deal two battle goals to each character from the shuffled deck."""
    game.pop_task()
    st = game.state
    deck = list(game.setup.battle_goals)
    st.rng.shuffle(deck)
    steps = []
    for ch in st.characters.values():
        offered = [deck.pop(), deck.pop()]
        steps.append(Task("keep_goal", ch.id, 0, ",".join(offered)))
    game.push(*steps)
    return None


def _run_keep_goal(game: Game, task: Task) -> Decision | None:
    return Decision(task.who, "battle-goal", [Choice("keep", (g,)) for g in task.text.split(",")])


def _apply_keep_goal(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    game.state.characters[task.who].battle_goal = choice.args[0]
    game.emit("battle-goal-kept", task.who)  # secret (§2.6)


def _run_build_hand(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters[task.who]
    limit = next(c.hand_limit for c in game.setup.party if c.id == task.who)
    if len(ch.hand) >= limit:
        game.pop_task()
        game.emit("hand-ready", ch.id, *ch.hand)
        return None
    return Decision(ch.id, "hand", [Choice("take", (c,)) for c in ch.set_aside])


def _apply_build_hand(game: Game, task: Task, choice: Choice) -> None:
    ch = game.state.characters[task.who]
    ch.set_aside.remove(choice.args[0])
    ch.hand.append(choice.args[0])


def _run_place(game: Game, task: Task) -> Decision | None:
    """§2.1 step 7: a character takes any free starting hex."""
    st = game.state
    me = st.figures[task.who]
    taken = {f.hex for f in st.figures.values() if f is not me}
    free = [h for h in game.setup.starts if h not in taken]
    return Decision(task.who, "start", [Choice("start", (f"{q},{r}",)) for q, r in free])


def _apply_place(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    q, r = choice.args[0].split(",")
    game.state.figures[task.who].hex = (int(q), int(r))
    game.emit("placed", task.who, f"hex={q},{r}")


# --------------------------------------------------------------- card selection


def _run_select(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters[task.who]
    if ch.exhausted:
        game.pop_task()
        return None
    if len(ch.hand) < 2 and len(ch.discard) < 2:
        game.pop_task()
        game.exhaust(ch.id, "cards")
        return None
    choices = [Choice("select", (a, b)) for a in ch.hand for b in ch.hand if a != b]
    if len(ch.discard) >= 2:
        choices.append(Choice("long-rest"))
    return Decision(ch.id, "select", choices)


def _apply_select(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ch = game.state.characters[task.who]
    if choice.kind == "long-rest":
        ch.long_rest = True
    else:
        lead, other = choice.args
        ch.hand.remove(lead)
        ch.hand.remove(other)
        ch.selected = [lead, other]
        ch.lead = lead
    game.emit("selected", ch.id)


# ------------------------------------------------------------ reveal and order


def _run_reveal(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    st, static = game.state, game.tables
    actors: list[Actor] = []
    for ch in st.characters.values():
        if ch.exhausted:
            continue
        if ch.long_rest:
            actors.append(Actor.long_rest(ch.id))
            game.emit("reveal", ch.id, "long-rest", "initiative=99")
        else:
            lead, other = ch.selected
            li, oi = game.card(ch.id, lead).initiative, game.card(ch.id, other).initiative
            actors.append(Actor.character(ch.id, li, oi))
            game.emit("reveal", ch.id, f"lead={lead}", f"other={other}", f"initiative={li}")
    on_board = {f.name for f in st.figures.values() if f.kind == "monster"} | effects.away_types(game)
    for deck, types in static.type_of_deck.items():
        if any(t in on_board for t in types) and deck not in st.revealed:
            game.draw_ability(deck)
    for m in game.setup.monsters:
        if m.name in on_board:
            actors.append(Actor.monster(m.name, game.monster_card(m.name).initiative))
    st.pending_ties = tie_groups(actors)
    return None


def _shared_deck(game: Game, candidates: list[Actor]) -> str | None:
    """The deck all candidates share, if they are all monster types of one deck."""
    decks = {game.tables.types[a.id].deck if a.kind == "monster" else None for a in candidates}
    if len(decks) != 1:
        return None
    deck = decks.pop()
    return deck


def _remembered(game: Game, candidates: list[Actor]) -> Actor | None:
    deck = _shared_deck(game, candidates)
    memory = game.state.tie_memory.get(deck or "", ())
    if deck is None or not all(a.id in memory for a in candidates):
        return None
    return min(candidates, key=lambda a: memory.index(a.id))


def _take_slot(game: Game, actor: Actor) -> None:
    st = game.state
    st.pending_ties[0].remove(actor)
    if actor.kind == "monster":
        st.order.append(Turn("monster", actor.id, actor.initiative))
        return
    for f in st.figures.values():  # summons in summoning order, just before their owner
        if f.kind == "summon" and f.owner == actor.id:
            st.order.append(Turn("summon", f.id, actor.initiative))
    st.order.append(Turn("character", actor.id, actor.initiative))


def _run_order(game: Game, task: Task) -> Decision | None:
    st = game.state
    while st.pending_ties:
        group = st.pending_ties[0]
        if not group:
            st.pending_ties.pop(0)
            continue
        candidates = first_candidates(group)
        pick = candidates[0] if len(candidates) == 1 else _remembered(game, candidates)
        if pick is None:
            return Decision("party", "tie", [Choice("first", (a.id,)) for a in candidates])
        _take_slot(game, pick)
    game.pop_task()
    game.emit("order", *(f"{t.id}={t.initiative}" for t in st.order))
    return None


def _apply_order(game: Game, task: Task, choice: Choice) -> None:
    st = game.state
    candidates = first_candidates(st.pending_ties[0])
    pick = next(a for a in candidates if a.id == choice.args[0])
    deck = _shared_deck(game, candidates)
    if deck is not None:
        memory = [t for t in st.tie_memory.get(deck, ()) if t != pick.id]
        others = {a.id for a in candidates} - {pick.id}
        at = next((i for i, t in enumerate(memory) if t in others), len(memory))
        memory.insert(at, pick.id)
        memory += sorted(others - set(memory))
        st.tie_memory[deck] = tuple(memory)
    game.emit("tie-broken", pick.id)
    _take_slot(game, pick)


# ------------------------------------------------------------- revealed groups


def _schedule_slots(game: Game, task: Task) -> tuple[int, list[Turn]] | None:
    """Where a type revealed mid-round joins the turn order (§5.5 steps 5–6): ``None`` if its
    turn is still to come (the new figures act then); else the first slot and the monster types
    of equal initiative it may go before or after (a tie the players decide, §3.3 rule 3)."""
    st = game.state
    if any(t.kind == "monster" and t.id == task.who for t in st.order[st.turn_index :]):
        return None
    init, current = game.monster_card(task.who).initiative, task.n
    pos = st.turn_index
    if init < current:  # acts right after the revealer, with the other revealed groups
        while pos < len(st.order) and st.order[pos].initiative < min(current, init):
            pos += 1
    else:  # at its normal place; characters go first at equal initiative
        while pos < len(st.order) and (
            st.order[pos].initiative < init
            or (st.order[pos].initiative == init and st.order[pos].kind != "monster")
        ):
            pos += 1
    equal: list[Turn] = []
    while pos + len(equal) < len(st.order) and st.order[pos + len(equal)].initiative == init:
        equal.append(st.order[pos + len(equal)])
    return pos, equal


def _insert_scheduled(game: Game, task: Task, slot: int) -> None:
    st = game.state
    found = _schedule_slots(game, task)
    assert found is not None
    pos, _ = found
    init = game.monster_card(task.who).initiative
    st.order.insert(pos + slot, Turn("monster", task.who, init))
    game.emit("scheduled", task.who, f"initiative={init}")


def _run_schedule(game: Game, task: Task) -> Decision | None:
    found = _schedule_slots(game, task)
    if found is None:
        game.pop_task()
        return None
    _, equal = found
    if equal:
        tied = [Actor.monster(t.id, t.initiative) for t in equal] + [Actor.monster(task.who, 0)]
        if _remembered(game, tied) is not None:
            memory = game.state.tie_memory[game.tables.types[task.who].deck]
            game.pop_task()
            _insert_scheduled(game, task, sum(memory.index(t.id) < memory.index(task.who) for t in equal))
            return None
        return Decision("party", "tie", [Choice("slot", (task.who, str(k))) for k in range(len(equal) + 1)])
    game.pop_task()
    _insert_scheduled(game, task, 0)
    return None


def _apply_schedule(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    _insert_scheduled(game, task, int(choice.args[1]))


# ------------------------------------------------------------------ turn order


def _run_next_turn(game: Game, task: Task) -> Decision | None:
    st = game.state
    if st.turn_index >= len(st.order):
        game.pop_task()
        return None
    turn = st.order[st.turn_index]
    st.turn_index += 1
    kind = {"character": "char_turn", "summon": "summon_turn", "monster": "monster_group"}[turn.kind]
    game.push(Task(kind, turn.id))
    return None


def _start_turn(game: Game, fid: str) -> bool:
    """Count the turn on the figure's own clock; ``False`` if the figure is gone."""
    st = game.state
    f = st.figures.get(fid)
    if f is None:
        return False
    f.turns += 1
    f.acted_round = st.round
    game.emit("turn", fid)
    return True


def _run_wound(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is not None and Condition.WOUND in f.conditions:
        game.push(Task("damage", f.id, 1, "wound"))
    return None


def _run_end_turn(game: Game, task: Task) -> Decision | None:
    """End of turn (§3.4): loot own hex (characters), infuse, then expire conditions."""
    game.pop_task()
    st = game.state
    f = st.figures.get(task.who)
    if f is not None and f.kind == "character":
        coins = st.coins.pop(f.hex, 0)
        if coins:
            st.characters[f.id].coins += coins
            game.emit("looted", f.id, f"coins={coins}")
        engine_treasure.loot(game, f, (f.hex,))  # numbered treasure tiles (§14)
        effects.turn_end(game, f)  # scenario rules: goal treasure tiles
    elif f is not None and f.kind == "summon":
        effects.summon_event(game, f, "turn-end")  # its stat line's wordings (the Healing Sprite)
    for element in st.elements.end_turn():
        game.emit("infused", element.value)
    if f is not None:
        for c in f.conditions.expire(turns_started=f.turns):
            game.emit("condition-ended", f.id, c.value, "expired")
    game.check_victory()
    return None


# ------------------------------------------------------------- character turns


def _run_char_turn(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    if game.state.characters[task.who].exhausted or not _start_turn(game, task.who):
        return None
    game.push(
        *(t for hook in effects.TURN_START_HOOKS for t in hook(game, task.who)),  # Blood Pact
        Task("wound", task.who),
        Task("char_act", task.who),
        *items_play.turn_tasks(game, task.who),  # end-of-turn items
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
    elif not effects.turn_taken(game, ch.id):  # the Betrayer's mind control plays it instead
        game.push(Task("action", ch.id, 1))
    return None


def _run_action(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters[task.who]
    if ch.exhausted or not ch.selected:
        game.pop_task()
        return None
    halves = ("top", "bottom") if task.n == 1 else ("bottom" if ch.used_half == "top" else "top",)
    choices = [Choice(kind, (card,)) for card in ch.selected for h in halves for kind in (h, "basic-" + h)]
    choices += items_play.own_turn_choices(game, ch.id)  # "during your turn" items
    return Decision(ch.id, "action", choices)


def _apply_action(game: Game, task: Task, choice: Choice) -> None:
    if choice.kind == "item":  # the decision stays; it comes back after the item's effects
        items_play.use_own_turn(game, task.who, choice)
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
        steps = [Task("ability", ch.id, i, f"{card}/{half}") for i in _order(_half(game, ch.id, card, half))]
    steps.append(Task("card_done", ch.id, int(basic), f"{card}/{half}"))
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
    game.perform(task.who, items_play.basic(game, task.who, task.text, basic))  # Versatile Dagger...
    return None


def _run_ability(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    card, half_name = task.text.split("/")
    half = _half(game, task.who, card, half_name)
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
    card, half_name = task.text.split("/")
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
    if task.n == 0 and effects_characters.pickup_candidates(game, ch.id):  # FAQ p.58
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
    items_play.refresh_spent(game, cid)  # §4.2: spent items refresh


# ----------------------------------------------------------------- damage


def _run_damage(game: Game, task: Task) -> Decision | None:
    st = game.state
    f = st.figures.get(task.who)
    if f is None or task.n <= 0:
        game.pop_task()
        return None
    if effects_classes.before_damage(game, task):  # Protective Blessing, Divine Intervention
        return None
    from delvekit.gloomhaven.effects.classes import soothsinger as effects_soothsinger  # Defensive Ditty

    if effects_soothsinger.before_damage(game, task):
        return None
    if any(hook(game, task) for hook in effects.BEFORE_DAMAGE_HOOKS):  # Defiance of Death
        return None
    if f.kind != "character":
        game.pop_task()
        game.lose_hp(f, task.n, task.text)
        return None
    ch = st.characters[f.id]
    from delvekit.gloomhaven.effects.classes import spellweaver as effects_spellweaver  # Cold Front

    if effects_spellweaver.negated(game, task):  # (it pops the damage task itself)
        return None
    if _negated_by_active_card(game, f.id, task):
        game.pop_task()
        return None
    if items_play.damage_auto(game, f, task):  # armour with use slots (Hide Armor...)
        return None
    choices = [Choice("take", (str(task.n),)), *items_play.damage_choices(game, f, task)]
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
        items_play.use_on_damage(game, task, choice)
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
        effects_characters.card_left_play(game, ch.id, card)  # its summon goes with it
    game.emit("negated", f.id, task.n, task.text)


# ------------------------------------------------------------- summons


def _run_summon_turn(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None or f.summoned_round == game.state.round:
        return None  # never acts in the round it was summoned (§12)
    _start_turn(game, f.id)
    before, after = effects.summon_turn(game, f)  # the Beast Tyrant's Concentrated Rage, Blood Hunger
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
        effects.move_starts(game, f)  # Earthen Steed: its question comes first
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


# ------------------------------------------------------------- monster turns


def _run_monster_group(game: Game, task: Task) -> Decision | None:
    """A type's activation (§10.1): elites then normals by standee; only figures that have not
    acted this round and were not summoned this round (§5.5 step 6, §10.4)."""
    game.pop_task()
    st = game.state
    first = effects.before_group(game, task.who)  # zephyrs act first; the Dark Rider appears
    ready = [
        (f.rank or "normal", f.standee, f.id)
        for f in st.figures.values()
        if f.kind == "monster"
        and f.name == task.who
        and f.acted_round != st.round
        and f.summoned_round != st.round
    ]
    if not ready:
        return None
    st.group_infusions = []
    st.group_consumed = []
    st.group_performed = False
    game.emit("activate", task.who, f"card={st.revealed[game.tables.types[task.who].deck]}")
    steps: list[Task] = first
    for fid in monster_order(ready):
        steps += [Task("monster_turn", fid), Task("end_turn", fid), Task("forget_plan", fid)]
    steps.append(Task("group_end", task.who))
    game.push(*steps)
    return None


def _run_monster_turn(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    if _start_turn(game, task.who):  # a monster killed before its turn stays dead (§17.B B8)
        game.push(Task("ds_turn", task.who), Task("wound", task.who), Task("monster_act", task.who))
    return None


def _run_monster_act(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    st = game.state
    f = st.figures.get(task.who)
    if f is None:
        return None
    if Condition.STUN in f.conditions:
        game.emit("stunned", f.id)  # ignores its whole card, bonuses included (§8.3)
        return None
    if items_play.deny_offer(game, f):  # Dampening Ring: asked before the type consumes
        return None
    st.group_performed = True
    engine_monsters.consume_for_group(game, f)
    card = game.monster_card(f.name)
    game.push(*(Task("monster_ability", f.id, i) for i in range(len(card.actions))))
    return None


def _run_monster_ability(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None:
        return None
    ability = engine_monsters.monster_actions(game, f)[task.n]
    board_play = game.tables.board is not None and game.resolver is None
    if ability.kind in ("move", "attack") and board_play:
        if not effects_characters.controlled_action(game, f, ability):  # Domination
            engine_monsters.act(game, f, task.n)
    elif ability.kind == "heal" and ability.range and board_play:
        game.push(Task("monster_heal", f.id, ability.value, str(ability.range)))
    elif ability.kind == "loot" and board_play:
        engine_monsters.loot(game, f, ability.value)
    else:
        game.perform(f.id, ability)
    return None


def _run_forget_plan(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    game.state.plans.pop(task.who, None)
    return None


def _run_group_end(game: Game, task: Task) -> Decision | None:
    """Monster infusions happen at the end of the type's last activation (§9 convention)."""
    game.pop_task()
    st = game.state
    if st.group_performed:
        for name in st.group_infusions:
            st.elements.infuse(Element(name))
        for element in st.elements.end_turn():
            game.emit("infused", element.value)
    st.group_infusions = []
    return None


# --------------------------------------------------------------- end of round


def _run_end_round(game: Game, task: Task) -> Decision | None:
    """§3.5: modifier decks that drew a standard x2/null reshuffle; monster ability decks whose
    card had the shuffle icon reshuffle; elements wane; round bonuses end; short rests."""
    game.pop_task()
    st = game.state
    for key, amd in list(st.modifier_decks.items()):
        if amd.shuffle_pending:
            st.modifier_decks[key] = amd.end_of_round(st.rng)
            game.emit("modifiers-shuffled", key)
    for deck, card in list(st.revealed.items()):
        st.decks[deck].discard(card)
        if game.tables.deck_cards[deck][card].shuffle:
            st.decks[deck].reshuffle(st.rng)
            game.emit("deck-shuffled", deck)
    st.revealed.clear()
    st.elements.wane()
    game.emit("elements", *str(st.elements).split())
    for ch in st.characters.values():
        keep: list[ActiveCard] = []
        for a in ch.active:
            if a.duration == "round":
                (ch.lost if a.lost else ch.discard).append(a.card)
                game.emit("card", ch.id, a.card, "lost" if a.lost else "discard")
            else:
                keep.append(a)
        ch.active = keep
        ch.long_rest, ch.lead, ch.used_half = False, None, None
    for f in st.figures.values():
        f.shield_bonus = f.retaliate_bonus = 0
        f.retaliate_far = ()
    effects.round_event(game, "end")  # scenario special rules
    game.emit("round-end", st.round)
    game.push(*(Task("short_rest", c.id) for c in st.characters.values() if not c.exhausted))
    return None


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
    if task.n == 0 and effects_characters.pickup_candidates(game, task.who):
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
    ("deal_goals", _run_deal_goals, None),
    ("keep_goal", _run_keep_goal, _apply_keep_goal),
    ("build_hand", _run_build_hand, _apply_build_hand),
    ("place", _run_place, _apply_place),
    ("round_start", _run_round_start, None),
    ("select", _run_select, _apply_select),
    ("reveal", _run_reveal, None),
    ("order", _run_order, _apply_order),
    ("next_turn", _run_next_turn, None),
    ("schedule", _run_schedule, _apply_schedule),
    ("wound", _run_wound, None),
    ("end_turn", _run_end_turn, None),
    ("char_turn", _run_char_turn, None),
    ("char_act", _run_char_act, None),
    ("action", _run_action, _apply_action),
    ("basic", _run_basic, None),
    ("ability", _run_ability, None),
    ("card_done", _run_card_done, None),
    ("long_rest", _run_long_rest, _apply_long_rest),
    ("damage", _run_damage, _apply_damage),
    ("summon_turn", _run_summon_turn, None),
    ("summon_act", _run_summon_act, None),
    ("summon_ability", _run_summon_ability, None),
    ("monster_group", _run_monster_group, None),
    ("monster_turn", _run_monster_turn, None),
    ("monster_act", _run_monster_act, None),
    ("monster_ability", _run_monster_ability, None),
    ("group_end", _run_group_end, None),
    ("forget_plan", _run_forget_plan, None),
    ("end_round", _run_end_round, None),
    ("short_rest", _run_short_rest, _apply_short_rest),
    ("rest_reroll", _run_rest_reroll, _apply_rest_reroll),
):
    task_handler(_kind, _run, _apply)
