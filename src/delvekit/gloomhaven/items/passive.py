"""Items at the start and end of rounds and turns, and standing (passive) items (rules digest
§13, §3.3, §3.4). Part of :mod:`~delvekit.gloomhaven.items.play`, which re-exports what the
engine calls: initiative items after the reveal (``C item``: ``item N -10`` / ``item N +10``),
end-of-turn items (``C item``; Ring of Haste/Brutality play a hand card's half, Second Chance
Ring an extra turn) and the passive ones acting by themselves (moved-this-turn bonuses, default
actions, muddle to strengthen, Heavy Greaves, flying, terrain, focus, Thief's Hood, Dampening
Ring, Necklace of Teeth).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from delvekit.core.board import Terrain
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine.payloads import CardHalf
from delvekit.gloomhaven.engine.state import Figure, Task, Turn
from delvekit.gloomhaven.items.own_turn import (
    consume_element,
    find_item,
    item_choice,
    one_is_monster,
    own_turn_choices,
    performable,
    pick_task,
    use_own_turn,
)
from delvekit.gloomhaven.items.state import (
    add_mark,
    drop_marks,
    has_effect,
    held_items,
    is_ready,
    items_of,
    mark_used,
    ready_with,
    sub_value,
)
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.initiative import Actor, tie_groups

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game


# ------------------------------------------------------------------ round and turn


def round_tasks(game: Game) -> list[Task]:
    """``item_round`` for each character holding an initiative item (after the reveal)."""
    return [
        Task("item_round", cid)
        for cid, held in held_items(game).items()
        if any(i.trigger == "round-start" for i in held.values())
    ]


def _run_round(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters.get(task.who)
    if ch is None or ch.exhausted or ch.long_rest:
        game.pop_task()
        return None
    choices: list[Choice] = []
    for item in items_of(game, task.who).values():
        if item.trigger == "round-start" and is_ready(game, task.who, item):
            shift = next(sub_value(e, "target") for e in item.effects if e.kind == "initiative-shift")
            choices += [
                Choice("item", (str(item.number), f"-{shift}")),
                Choice("item", (str(item.number), f"+{shift}")),
            ]
    if not choices:
        game.pop_task()
        return None
    return Decision(task.who, "item", [*choices, Choice("pass")])


def _apply_round(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "pass":
        return
    st = game.state
    item = items_of(game, task.who)[int(choice.args[0])]
    mark_used(game, task.who, item)
    shift = int(choice.args[1])
    actors = [a for group in st.pending_ties for a in group]
    out: list[Actor] = []
    for a in actors:
        if a.kind == "character" and a.id == task.who:
            a = Actor.character(a.id, min(99, max(1, a.initiative + shift)), a.secondary)
            game.emit("initiative-shifted", task.who, f"initiative={a.initiative}")
        out.append(a)
    st.pending_ties = tie_groups(out)


def turn_tasks(game: Game, cid: str) -> list[Task]:
    """``item_turn_end`` before a character's end of turn, when it holds items."""
    return [Task("item_turn_end", cid)] if items_of(game, cid) else []


def moved_this_turn(game: Game, cid: str) -> int:
    """Hexes ``cid`` moved (or was moved by its own abilities) since its turn began."""
    count = 0
    for e in reversed(game.events):
        if e.kind == "turn" and e.args and e.args[0] == cid:
            break
        if e.kind == "moved" and e.args and e.args[0] == cid:
            count += 1
    return count


def _run_turn_end(game: Game, task: Task) -> Decision | None:
    st = game.state
    cid = task.who
    ch = st.characters.get(cid)
    f = st.figures.get(cid)
    if ch is None or ch.exhausted or f is None:
        game.pop_task()
        return None
    if task.n == 0:
        game.pop_task()
        game.push(Task("item_turn_end", cid, 1))
        _passive_turn_end(game, f)
        return None
    choices: list[Choice] = []
    for item in items_of(game, cid).values():
        if item.trigger != "end-of-turn" or item.use == "passive" or not is_ready(game, cid, item):
            continue
        needs = 2 if any(e.kind == "extra-turn" for e in item.effects) else 1
        if len(ch.hand) >= needs:
            choices.append(item_choice(item))
    stunned = _stunned_this_turn(game, cid)  # then only the cure potions ("usable while stunned")
    for item in items_of(game, cid).values():  # "during your turn" lasts to its end
        cure = any(e.kind == "remove-negative-conditions" for e in item.effects)
        if (
            (cure or not stunned)
            and item.trigger == "own-turn"
            and is_ready(game, cid, item)
            and performable(game, cid, item)
        ):
            choices.append(item_choice(item))
    if not choices:
        game.pop_task()
        return None
    return Decision(cid, "item", [*choices, Choice("pass")])


def _passive_turn_end(game: Game, f: Figure) -> None:
    if on_obstacle(game, f):  # Cloak of Phasing: invisible while standing on an obstacle
        number = next(
            n
            for n, i in items_of(game, f.id).items()
            if any(e.kind == "obstacle-invisible-no-attack" for e in i.effects)
        )
        game.emit("item-used", f.id, number, "passive")
        game.add_condition(f.id, Condition.INVISIBLE)
    moved = moved_this_turn(game, f.id)
    for number, item in items_of(game, f.id).items():
        if item.trigger != "end-of-turn" or item.use != "passive":
            continue
        for e in item.effects:
            limit = sub_value(e, "target")
            met = (e.kind == "moved-at-most" and moved <= limit) or (
                e.kind == "moved-at-least" and moved >= limit
            )
            if not met:
                continue
            game.emit("item-used", f.id, number, "passive")
            for s in e.then:
                if s.kind == "shield":
                    f.shield_bonus += s.value  # until the end of the round
                    game.emit("bonus", f.id, "shield", s.value)
                elif s.kind == "heal":
                    game.heal(f.id, s.value)
                elif s.kind == "xp":
                    game.state.characters[f.id].xp += s.value
                    game.emit("xp", f.id, s.value)


def _stunned_this_turn(game: Game, cid: str) -> bool:
    for e in reversed(game.events):
        if e.args and e.args[0] == cid and e.kind in ("turn", "stunned"):
            return e.kind == "stunned"
    return False


def _apply_turn_end(game: Game, task: Task, choice: Choice) -> None:
    if choice.kind == "pass":
        game.pop_task()
        return
    cid = task.who
    _, item = find_item(game, choice, cid)
    if item.trigger == "own-turn":
        use_own_turn(game, cid, choice)
        return
    mark_used(game, cid, item)
    hand = game.state.characters[cid].hand
    for e in item.effects:
        if e.kind in ("play-card-top", "play-card-bottom"):
            half = "top" if e.kind == "play-card-top" else "bottom"
            game.push(pick_task(cid, item, "play", hand, half))
        elif e.kind == "extra-turn":
            game.push(pick_task(cid, item, "turn", hand, "0"))


def play_half(game: Game, cid: str, card: str, half: str) -> None:
    """Ring of Haste / Brutality: play a hand card now and perform its ``half`` (or the basic
    action of that half); the card then goes where that half sends it. Cards already waiting in
    ``selected`` (a Second Chance Ring's extra turn, §13) stay there for their own turn: the
    decision offers this card only."""
    ch = game.state.characters[cid]
    ch.hand.remove(card)
    ch.selected.append(card)
    game.emit("item-play", cid, card, half)
    game.push(Task("item_half", cid, 0, CardHalf(card, half).text))


def _run_half(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters[task.who]
    played = CardHalf.of(task)
    card, half = played.card, played.half
    if ch.exhausted or card not in ch.selected:
        game.pop_task()
        return None
    choices = [Choice(half, (card,)), Choice("basic-" + half, (card,))]
    choices += own_turn_choices(game, ch.id)  # "during your turn" items
    return Decision(ch.id, "action", choices)


def _apply_half(game: Game, task: Task, choice: Choice) -> None:
    from delvekit.gloomhaven.engine.round import apply_action

    # the engine's second action of a turn: pops this task (an item choice keeps it), moves the
    # card to ``playing`` and on to where its half sends it
    apply_action(game, Task("action", task.who, 2), choice)


def extra_turn(game: Game, cid: str, lead: str, other: str) -> None:
    """Second Chance Ring: two hand cards played for another turn this round, at the leading
    card's initiative (right after the current turn if that has passed). Cards still waiting
    for an earlier extra turn (the Ring used again after a refresh) stay selected: each turn
    plays two of them, none is dropped."""
    st = game.state
    ch = st.characters[cid]
    ch.hand.remove(lead)
    ch.hand.remove(other)
    ch.selected += [lead, other]
    if len(ch.selected) == 2:
        ch.lead, ch.used_half = lead, None
    init = game.card(cid, lead).initiative
    pos = st.turn_index
    while pos < len(st.order) and st.order[pos].initiative <= init:
        pos += 1
    st.order.insert(pos, Turn("character", cid, init))
    game.emit("extra-turn", cid, f"initiative={init}")


# ------------------------------------------------------------------ passives


def basic(game: Game, cid: str, half: str, ability: Ability) -> Ability:
    """The basic Attack 2 / Move 2 with a default-action item's value."""
    kind = "default-top-attack" if half == "top" else "default-bottom-move"
    for number, item in items_of(game, cid).items():
        for e in item.effects:
            if e.kind == kind:
                game.emit("item-used", cid, number, "passive")
                return msgspec.structs.replace(
                    ability, value=sub_value(e, "attack" if half == "top" else "move", ability.value)
                )
    return ability


def gained(game: Game, fid: str, condition: Condition) -> Condition:
    """Drakescale Helm: muddle becomes strengthen."""
    if condition is not Condition.MUDDLE:
        return condition
    for number, item in items_of(game, fid).items():
        if any(e.kind == "muddle-becomes-strengthen" for e in item.effects):
            game.emit("item-used", fid, number, "passive")
            return Condition.STRENGTHEN
    return condition


def immune_forced(game: Game, target: Figure, by: Figure) -> bool:
    """Heavy Greaves: enemies cannot push or pull the wearer."""
    if target.kind != "character" or not one_is_monster(target, by):
        return False
    for number, item in items_of(game, target.id).items():
        if any(e.kind == "immune-forced-movement" for e in item.effects):
            game.emit("item-used", target.id, number, "passive")
            return True
    return False


def flying(game: Game, fid: str) -> bool:
    """Boots of Levitation, Cloak of Phasing: the character flies (moves like a jump, and the
    terrain it ends on does not affect it); Winged Congregation does the same."""
    return has_effect(game, fid, "flying") and any(
        e.kind == "flying"
        for item in items_of(game, fid).values()
        for e in item.effects
        if item.trigger == "always"
    )


def may_end_on_obstacle(game: Game, fid: str) -> bool:
    return has_effect(game, fid, "obstacle-invisible-no-attack") and any(
        e.kind == "obstacle-invisible-no-attack"
        for item in items_of(game, fid).values()
        for e in item.effects
    )


def on_obstacle(game: Game, f: Figure) -> bool:
    """Cloak of Phasing: standing on an obstacle, the wearer is invisible and cannot attack."""
    board = game.board()
    return (
        board is not None and board.terrain_at(f.hex) is Terrain.OBSTACLE and may_end_on_obstacle(game, f.id)
    )


def ignores_difficult(game: Game, f: Figure) -> bool:
    return f.kind == "character" and bool(ready_with(game, f.id, "ignore-difficult-hazardous"))


def terrain(game: Game, f: Figure, kind: Terrain) -> str:
    """How entering ``kind`` affects ``f``: ``normal``, ``ignore`` or ``heal N``."""
    if f.kind != "character" or kind not in (Terrain.TRAP, Terrain.HAZARDOUS):
        return "normal"
    if hooks.flying.any(game, f.id):  # its items', or a card's (Winged Congregation)
        for number, item in items_of(game, f.id).items():
            if item.trigger == "always" and any(e.kind == "flying" for e in item.effects):
                game.emit("item-used", f.id, number, "passive")
                break
        return "ignore"
    if kind is Terrain.HAZARDOUS:
        for number, item in items_of(game, f.id).items():
            for e in item.effects:
                if e.kind == "ignore-difficult-hazardous":
                    game.emit("item-used", f.id, number, "passive")
                    return "ignore"
                if e.kind == "ignore-hazardous":
                    game.emit("item-used", f.id, number, "passive")
                    return f"heal {sub_value(e, 'heal')}"
    return "normal"


def focus_initiative(game: Game, fid: str, initiative: int) -> int:
    """Flea-Bitten Shawl: monsters focus as if the wearer's initiative were N."""
    if not has_effect(game, fid, "focus-initiative"):
        return initiative
    for item in items_of(game, fid).values():
        for e in item.effects:
            if e.kind == "focus-initiative":
                return sub_value(e, "target", initiative)
    return initiative


def loot_offer(game: Game, f: Figure, value: int) -> bool:
    """Thief's Hood: before a Loot 1 ability, ``C item`` asks whether to make it Loot N (the
    hood is consumed); the loot is then performed by ``item_loot``. ``False``: nothing to ask."""
    if f.kind != "character" or value != 1 or not ready_with(game, f.id, "loot-upgrade"):
        return False
    game.push(Task("item_loot", f.id, value))
    return True


def _run_loot(game: Game, task: Task) -> Decision | None:
    if task.who not in game.state.figures:
        game.pop_task()
        return None
    choices = [item_choice(i) for i in ready_with(game, task.who, "loot-upgrade")]
    return Decision(task.who, "item", [*choices, Choice("pass")])


def _apply_loot(game: Game, task: Task, choice: Choice) -> None:
    from delvekit.gloomhaven.engine import actions as engine_actions

    game.pop_task()
    value = task.n
    if choice.kind == "item":
        _, item = find_item(game, choice, task.who)
        mark_used(game, task.who, item)
        value = max(
            value, next(sub_value(e, "loot", value) for e in item.effects if e.kind == "loot-upgrade")
        )
    engine_actions.loot(game, game.state.figures[task.who], value)


def deny_offer(game: Game, f: Figure) -> bool:
    """Dampening Ring: as monster ``f`` is about to consume elements (its type's first
    activation that can), a holder of a ready ring is asked (``C item``: ``item 92`` |
    ``pass``) once per type and round; ``True``: the question and the activation again were
    queued."""
    wanted = _would_consume(game, f)
    if not wanted:
        return False
    key = f"deny-asked={game.state.round}/{f.name}"
    for cid in held_items(game):
        if ready_with(game, cid, "deny-element-consume") and key not in game.state.characters[cid].item_marks:
            drop_marks(game, cid, "deny-asked=")
            add_mark(game, cid, key)
            game.push(
                Task("item_deny", cid, 0, f"{f.name}|{','.join(e.value for e in wanted)}"),
                Task("monster_act", f.id),
            )
            return True
    return False


def _would_consume(game: Game, f: Figure) -> list[Element]:
    """The elements monster ``f``'s type consumes now (as ``engine_monsters.consume_for_group``)."""
    st = game.state
    out: list[Element] = []
    for a in game.monster_card(f.name).actions:
        consume = a.consume
        if a.kind == "custom" and a.note.startswith(("consume-", "instead-consume-")) and a.element:
            consume = (a.element,)
        if not consume or all(e.value in st.group_consumed for e in consume):
            continue
        if all(st.elements.can_consume(e) for e in consume):
            out += [e for e in consume if e not in out]
    return out


def _run_deny(game: Game, task: Task) -> Decision | None:
    choices = [item_choice(i) for i in ready_with(game, task.who, "deny-element-consume")]
    if not choices or task.who not in game.state.figures:
        game.pop_task()
        return None
    return Decision(task.who, "item", [*choices, Choice("pass")])


def _apply_deny(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "pass":
        return
    _, item = find_item(game, choice, task.who)
    mark_used(game, task.who, item)
    monster, names = task.text.split("|")
    for name in names.split(","):
        element = Element(name)
        if game.state.elements.can_consume(element):
            consume_element(game, task.who, element)  # for nothing: the monsters find it gone
    game.emit("denied", task.who, monster)


def on_death(game: Game, figure: Figure) -> None:
    """Necklace of Teeth: a monster dying during its wearer's turn heals the wearer."""
    st = game.state
    if figure.kind != "monster" or not 0 < st.turn_index <= len(st.order):
        return
    turn = st.order[st.turn_index - 1]
    if turn.kind != "character" or turn.id not in st.figures:
        return
    for number, item in items_of(game, turn.id).items():
        if item.trigger == "kill":
            game.emit("item-used", turn.id, number, "passive")
            for e in item.effects:
                if e.kind == "heal":
                    game.heal(turn.id, e.value)


def _register() -> None:
    from delvekit.gloomhaven.engine.game import task_handler

    task_handler("item_round", _run_round, _apply_round)
    task_handler("item_turn_end", _run_turn_end, _apply_turn_end)
    task_handler("item_loot", _run_loot, _apply_loot)
    task_handler("item_deny", _run_deny, _apply_deny)
    task_handler("item_half", _run_half, _apply_half)


_register()
