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
``C effect-order``             ``first NAME``: which of the questions coming at once as the
                               attack starts is asked first (Grim Bargain, Mobilizing Measure)
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

from typing import TYPE_CHECKING

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine import monster_turn as engine_monsters
from delvekit.gloomhaven.engine.payloads import MonsterHeal
from delvekit.gloomhaven.engine.state import ActiveCard, Task, Turn
from delvekit.gloomhaven.engine.tasks import task_handler
from delvekit.gloomhaven.engine.turns import apply_action as apply_action  # items.passive uses it
from delvekit.gloomhaven.engine.turns import start_turn
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.initiative import Actor, first_candidates, monster_order, tie_groups

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game

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
    hooks.round_event.run(game, "start")  # scenario special rules
    selects = [Task("select", c.id) for c in st.characters.values() if not c.exhausted]
    game.push(
        *hooks.flat(hooks.round_start_tasks.each(game)),  # who holds 69's doll...
        *selects,
        Task("reveal"),
        *hooks.flat(hooks.reveal_tasks.each(game)),  # initiative items, once the cards are revealed
        Task("order"),
        Task("next_turn"),
        Task("end_round"),
    )
    return None



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
    on_board = {f.name for f in st.figures.values() if f.kind == "monster"}
    on_board |= {name for names in hooks.away_types.each(game) for name in names}  # the Dark Rider
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
        hooks.treasure_looted.run(game, f, (f.hex,))  # numbered treasure tiles (§14)
        hooks.turn_ended.run(game, f)  # scenario rules: goal treasure tiles
    elif f is not None and f.kind == "summon":
        hooks.summon_event.run(game, f, "turn-end", "")  # its stat line's wordings (the Healing Sprite)
    for element in st.elements.end_turn():
        game.emit("infused", element.value)
    if f is not None:
        for c in f.conditions.expire(turns_started=f.turns):
            game.emit("condition-ended", f.id, c.value, "expired")
    game.check_victory()
    return None



# ------------------------------------------------------------- monster turns


def _run_monster_group(game: Game, task: Task) -> Decision | None:
    """A type's activation (§10.1): elites then normals by standee; only figures that have not
    acted this round and were not summoned this round (§5.5 step 6, §10.4)."""
    game.pop_task()
    st = game.state
    first = hooks.flat(hooks.group_tasks.each(game, task.who))  # zephyrs act first; the Dark Rider appears
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
    if start_turn(game, task.who):  # a monster killed before its turn stays dead (§17.B B8)
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
    if hooks.deny_offer.any(game, f):  # Dampening Ring: asked before the type consumes
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
        if not hooks.controlled_action.any(game, f, ability):  # Domination
            engine_monsters.act(game, f, task.n)
    elif ability.kind == "heal" and ability.range and board_play:
        game.push(Task("monster_heal", f.id, ability.value, MonsterHeal(ability.range).text))
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
    hooks.round_event.run(game, "end")  # scenario special rules
    game.emit("round-end", st.round)
    game.push(*(Task("short_rest", c.id) for c in st.characters.values() if not c.exhausted))
    return None



for _kind, _run, _apply in (
    ("round_start", _run_round_start, None),
    ("select", _run_select, _apply_select),
    ("reveal", _run_reveal, None),
    ("order", _run_order, _apply_order),
    ("next_turn", _run_next_turn, None),
    ("schedule", _run_schedule, _apply_schedule),
    ("wound", _run_wound, None),
    ("end_turn", _run_end_turn, None),
    ("monster_group", _run_monster_group, None),
    ("monster_turn", _run_monster_turn, None),
    ("monster_act", _run_monster_act, None),
    ("monster_ability", _run_monster_ability, None),
    ("group_end", _run_group_end, None),
    ("forget_plan", _run_forget_plan, None),
    ("end_round", _run_end_round, None),
):
    task_handler(_kind, _run, _apply)
