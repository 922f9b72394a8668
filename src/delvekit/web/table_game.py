"""The table companion's game: the monsters' side of a physical Gloomhaven game, replayed from a log.

A table is ``(scenario, players, level, seed)`` plus an ordered list of table actions (an
initiative typed, "next", an outcome applied, 2 damage to a standee, a door opened...). The
state is a pure function of them: :func:`replay` builds it again from scratch, so every phone
that joins a table and every reload sees the same thing, and undo is "replay without the last
action".

Randomness comes from the engine itself: the table builds the engine's own game for the
scenario (:class:`~delvekit.gloomhaven.engine.game.Game`, seeded with the table's seed) and draws
from its one generator with the engine's own deck code: monster ability cards
(``state.decks[deck].draw``), the monster attack modifier deck
(:class:`~delvekit.gloomhaven.model.modifier_deck.ModifierDeck`), standee numbers when a room is revealed
(:meth:`Game.reveal_room`) and the end-of-round reshuffles, in the order the engine makes
them. So the opening room's standee numbers and the first round's ability cards are the
engine's for the same seed, scenario and party size; later draws are the engine's deck code on
the same generator (the physical players draw their own modifier cards, which the engine would
draw from that generator too).

>>> t = replay(TableConfig(scenario=1, players=3, level=1, seed=7), [])
>>> sorted({s.type for s in t.standees.values()}), len(t.standees)
(['bandit-guard'], 6)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.gloomhaven.card_words import title
from delvekit.gloomhaven.engine.game import MONSTER_DECK
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.modifiers import parse_card
from delvekit.web import table_ai
from delvekit.web.table_rules import round_rules
from delvekit.web.table_state import (
    CONDITIONS,
    ELEMENTS,
    EXPIRING,
    STARTING_CLASSES,
    Character,
    Standee,
    Table,
    TableConfig,
    TableError,
    Turn,
    figure_field,
    hex_field,
    hurt,
    int_field,
    label,
    new_table,
    rewards,
    self_immunities,
    table_setup,
    take_placed,
    turn_label,
    type_of_deck,
)

__all__ = [
    "STARTING_CLASSES",
    "Character",
    "Standee",
    "Table",
    "TableConfig",
    "TableError",
    "apply",
    "label",
    "new_table",
    "replay",
    "rewards",
    "table_setup",
    "turn_label",
]


def replay(config: TableConfig, actions: list[dict[str, Any]]) -> Table:
    """The table after ``actions`` (each already accepted once, so none may fail now)."""
    table = new_table(config)
    for action in actions:
        apply(table, action)
    return table


# --- actions -----------------------------------------------------------------------------


def apply(table: Table, action: dict[str, Any]) -> str:
    """Carry out one table action; returns what happened in words. Refused actions raise
    :class:`TableError` before changing anything."""
    kind = action.get("kind")
    handler = _ACTIONS.get(kind if isinstance(kind, str) else "")
    if handler is None:
        raise TableError(f"unknown action {str(kind)[:30]!r}; known: {', '.join(_ACTIONS)}", where="kind")
    if table.phase == "ended" and kind not in ("damage", "heal", "xp", "loot"):
        raise TableError("the scenario has ended; undo to go back", where="kind")
    before = len(table.events)
    text = handler(table, action)
    # what the action did comes first, then what followed from it (written meanwhile): the
    # round ends, then its end-of-round rules (§3.5); a turn ends, then the next one's wound
    table.events.insert(before, text)
    del table.events[:-40]
    return text


def _initiative(table: Table, action: dict[str, Any]) -> str:
    ch = table.characters.get(str(action.get("character", "")))
    if ch is None:
        raise TableError(
            f"no character {action.get('character')!r}; the table has {', '.join(table.characters)}"
        )
    if table.phase != "initiatives":
        raise TableError(
            "initiatives are entered between rounds; finish this round first", where="initiative"
        )
    if ch.exhausted:
        raise TableError(f"{ch.name} is exhausted", where="character")
    if action.get("long_rest"):
        ch.initiative, ch.long_rest = 99, True
        return f"{ch.name} rests long (initiative 99)"
    ch.initiative = int_field(action, "value", 1, 99, "an initiative")
    ch.long_rest = False
    return f"{ch.name}: initiative {ch.initiative}"


def _start_round(table: Table, action: dict[str, Any]) -> str:
    if table.phase != "initiatives":
        raise TableError("the round has already started", where="round")
    missing = [c.name for c in table.characters.values() if not c.exhausted and c.initiative is None]
    if missing:
        raise TableError(f"enter the initiative of {', '.join(missing)} first", where="initiative")
    st = table.game.state
    table.round += 1
    rules = round_rules(table, "start")  # before the cards, as the engine's round start
    on_board = {s.type for s in table.standees.values()}
    drawn: list[str] = []
    for deck, types in type_of_deck(table.setup).items():  # the engine's order (_run_reveal)
        if any(t in on_board for t in types) and deck not in st.revealed:
            card = st.decks[deck].draw(st.rng)
            st.revealed[deck] = card
            drawn.append(f"{title(deck)} {card} ({table.deck_card(deck, card).initiative})")
    table.phase = "turns"
    table.order = _order(table)
    table.turn = 0
    _begin_turn(table)
    return (
        f"round {table.round}: drew "
        + (", ".join(drawn) or "no monster card")
        + (f"; {rules}" if rules else "")
    )


def _order(table: Table) -> list[Turn]:
    turns = [
        Turn("character", c.id, c.initiative or 99) for c in table.characters.values() if not c.exhausted
    ]
    for m in table.setup.monsters:
        if any(s.type == m.name for s in table.standees.values()):
            card = table.card(m.name)
            if card is not None:
                turns.append(Turn("monster", m.name, card.initiative))
    # Ties: characters before monsters (§3.3); among monster types, the setup order.
    return sorted(turns, key=lambda t: (t.initiative, t.kind != "character"))


def _acting_order(table: Table, type_name: str) -> list[str]:
    rank = {"boss": 0, "elite": 1, "normal": 2}
    mine = [s for s in table.standees.values() if s.type == type_name]
    return [s.id for s in sorted(mine, key=lambda s: (rank.get(s.rank, 3), s.number))]


def _start_figure_turn(table: Table, fig: Standee | Character) -> None:
    fig.turns += 1
    if "wound" in fig.conditions:
        table.events.append(hurt(table, fig, 1, "wound"))


def _start_next_standee(table: Table) -> Standee | None:
    """Start the turn of the type's next living standee (one killed by its wound is skipped)."""
    while True:
        s = table.current_standee()
        if s is None:
            return None
        _start_figure_turn(table, s)
        if s.id in table.standees:
            return s
        table.sub += 1


def _end_figure_turn(fig: Standee | Character) -> None:
    for name, stamp in list(fig.conditions.items()):
        if name in EXPIRING and stamp < fig.turns:
            del fig.conditions[name]


def _begin_turn(table: Table) -> None:
    """Start the turn at ``table.turn`` (skipping types with no standee left)."""
    table.draws = []
    table.applied = set()
    while table.turn < len(table.order):
        turn = table.order[table.turn]
        if turn.kind == "character":
            ch = table.characters[turn.id]
            if ch.exhausted:
                table.turn += 1
                continue
            _start_figure_turn(table, ch)
            return
        table.acting = _acting_order(table, turn.id)
        table.sub = 0
        if _start_next_standee(table) is not None:
            return
        table.turn += 1
    _end_round(table)


def _next(table: Table, action: dict[str, Any]) -> str:
    if table.phase != "turns":
        raise TableError(
            "the round has not started: enter the initiatives, then start the round", where="next"
        )
    turn = table.order[table.turn]
    if turn.kind == "character":
        ch = table.characters[turn.id]
        _end_figure_turn(ch)
        done = f"{ch.name}'s turn ends"
    else:
        s = table.current_standee()
        if s is not None:
            _end_figure_turn(s)
        table.sub += 1
        table.draws = []
        table.applied = set()
        nxt = _start_next_standee(table)
        if nxt is not None:
            return f"next: {label(nxt)}"
        done = f"{title(turn.id)} done" + _infuse(table, turn.id)
    table.turn += 1
    _begin_turn(table)
    now = table.current()
    if now is None:
        return f"{done}; round {table.round} ends"
    return f"{done}; next: {turn_label(table, now)}"


def _infuse(table: Table, type_name: str) -> str:
    """§9: the elements the type's card infuses become strong once its turn is over."""
    card = table.card(type_name)
    if card is None:
        return ""
    made = [a.element.value for a in card.actions if a.kind == "infuse" and a.element is not None]
    for e in made:
        table.elements[e] = "strong"
    return f" (infuses {', '.join(title(e) for e in made)})" if made else ""


def _end_round(table: Table) -> None:
    """§3.5, as the engine's end of round does it: reshuffles, elements wane."""
    st = table.game.state
    amd = st.modifier_decks[MONSTER_DECK]
    if amd.shuffle_pending:
        st.modifier_decks[MONSTER_DECK] = amd.end_of_round(st.rng)
    for deck, card in list(st.revealed.items()):
        st.decks[deck].discard(card)
        if table.deck_card(deck, card).shuffle:
            st.decks[deck].reshuffle(st.rng)
    st.revealed.clear()
    for e, strength in table.elements.items():
        table.elements[e] = {"strong": "waning", "waning": "inert"}.get(strength, "inert")
    for ch in table.characters.values():
        ch.initiative, ch.long_rest = None, False
    table.phase, table.order, table.turn, table.acting, table.sub = "initiatives", [], -1, [], 0
    table.draws, table.applied = [], set()
    rules = round_rules(table, "end")
    if rules:
        table.events.append(rules)


def _damage(table: Table, action: dict[str, Any]) -> str:
    fig = figure_field(table, action)
    amount = int_field(action, "amount", 0, 99, "damage")
    added = action.get("conditions", [])
    if not isinstance(added, list) or any(c not in CONDITIONS for c in added):
        raise TableError(f"conditions are among {', '.join(CONDITIONS)}", where="conditions")
    if amount == 0 and not added:
        raise TableError("damage must be from 1 to 99", where="amount")
    text = hurt(table, fig, amount, str(action.get("why") or "by hand")) if amount else ""
    alive = fig.id in table.standees or (isinstance(fig, Character) and not fig.exhausted)
    immune = {c.value for c in self_immunities(table, fig)} if isinstance(fig, Standee) else set()
    given = [c for c in added if c not in immune] if alive else []
    for c in given:
        fig.conditions[str(c)] = fig.turns
    if given:
        who = label(fig) if isinstance(fig, Standee) else fig.name
        text = (text + "; " if text else f"{who}: ") + ", ".join(given)
    if table.characters and all(c.exhausted for c in table.characters.values()) and not table.result:
        table.result, table.phase = "defeat", "ended"
        text += "; every character is exhausted: the scenario is lost"
    return text


def _heal(table: Table, action: dict[str, Any]) -> str:
    fig = figure_field(table, action)
    amount = int_field(action, "amount", 1, 99, "a heal")
    name = label(fig) if isinstance(fig, Standee) else fig.name
    if "poison" in fig.conditions:  # §8: the heal removes poison and heals nothing
        fig.conditions.pop("poison")
        fig.conditions.pop("wound", None)
        return f"{name}: poison removed (the heal heals nothing)"
    fig.conditions.pop("wound", None)
    before = fig.health
    fig.health = min(fig.max_health, fig.health + amount)
    return f"{name} heals {fig.health - before}, {fig.health} of {fig.max_health}"


def _condition(table: Table, action: dict[str, Any]) -> str:
    fig = figure_field(table, action)
    name = action.get("condition")
    if name not in CONDITIONS:
        raise TableError(f"unknown condition {name!r}; known: {', '.join(CONDITIONS)}", where="condition")
    who = label(fig) if isinstance(fig, Standee) else fig.name
    if action.get("on", True):
        if isinstance(fig, Standee) and Condition(name) in self_immunities(table, fig):
            raise TableError(f"{who} is immune to {name}", where="condition")
        fig.conditions[str(name)] = fig.turns
        return f"{who}: {name}"
    fig.conditions.pop(str(name), None)
    return f"{who}: {name} removed"


def _element(table: Table, action: dict[str, Any]) -> str:
    e, state = action.get("element"), action.get("state")
    if e not in ELEMENTS:
        raise TableError(f"unknown element {e!r}; known: {', '.join(ELEMENTS)}", where="element")
    if state not in ("strong", "waning", "inert"):
        raise TableError("an element is strong, waning or inert", where="state")
    table.elements[str(e)] = str(state)
    return f"{e}: {state}"


def _move(table: Table, action: dict[str, Any]) -> str:
    fig = figure_field(table, action)
    h = hex_field(action)
    if h not in table.open_hexes():
        raise TableError(f"hex {list(h)} is not in a revealed room", where="hex")
    who = table.occupied().get(h)
    if who is not None and who != fig.id:
        raise TableError(f"{who} already stands on {list(h)}", where="hex")
    if isinstance(fig, Character) and h in table.door_rooms and h not in table.opened:
        raise TableError("a character entering a closed door opens it: use Open door", where="hex")
    fig.hex = h
    if isinstance(fig, Standee) and fig.id in table.game.state.figures:
        table.game.state.figures[fig.id].hex = h
    name = label(fig) if isinstance(fig, Standee) else fig.name
    return f"{name} moved to {list(h)}"


def _door(table: Table, action: dict[str, Any]) -> str:
    h = hex_field(action)
    rooms = table.door_rooms.get(h)
    if rooms is None:
        raise TableError(f"no door on {list(h)}", where="hex")
    new = [r for r in rooms if r not in table.revealed_rooms]
    if h in table.opened or not new:
        raise TableError("this door is already open", where="hex")
    if len(new) == len(rooms):
        raise TableError("no revealed room leads to this door yet", where="hex")
    table.opened.add(h)
    table.game.state.opened = table.game.state.opened | {h}
    placed: list[Standee] = []
    seen = len(table.game.events)
    for room in new:
        table.game.reveal_room(room)
        placed += take_placed(table)
    missing = [e.args[0] for e in table.game.events[seen:] if e.kind == "no-standee"]
    if table.phase == "turns":  # new types act this round, by their freshly drawn card (§5.5)
        _schedule_new_types(table, placed)
    names = ", ".join(label(s) for s in placed) or "no monster"
    short = "; no standee left for " + ", ".join(title(m) for m in missing) if missing else ""
    return f"door opened: {names}{short}"


def _spawn(table: Table, action: dict[str, Any]) -> str:
    """Place a standee by hand (a spawn, a summon, a scenario rule): the number is drawn from
    the type's free standees as the engine draws them; a type without a card this round gets one."""
    monster, rank = action.get("type"), action.get("rank", "normal")
    names = [m.name for m in table.setup.monsters]
    if monster not in names:
        raise TableError(
            f"this scenario has no monster type {monster!r}; it has {', '.join(names)}", where="type"
        )
    if rank not in ("normal", "elite", "boss"):
        raise TableError("a standee is normal, elite or boss", where="rank")
    try:
        stats = table.stats(str(monster), str(rank))
    except InputError:
        raise TableError(f"{title(str(monster))} has no {rank} stats", where="rank") from None
    h = hex_field(action)
    if h not in table.open_hexes() or h in table.occupied():
        raise TableError(f"hex {list(h)} is not a free hex of a revealed room", where="hex")
    st = table.game.state
    pool = st.standees[str(monster)]
    if not pool:
        raise TableError(f"every {title(str(monster))} standee is on the map", where="type")
    number = pool.pop(st.rng.randint(0, len(pool) - 1))  # as the engine's _place_room draws
    s = Standee(
        id=f"{monster}#{number}", type=str(monster), number=number, rank=str(rank), hex=h,
        health=stats.health, max_health=stats.health,
    )  # fmt: skip
    table.standees[s.id] = s
    stats_immune = frozenset(stats.immunities)
    st.figures[s.id] = Figure(
        s.id,
        "monster",
        s.type,
        s.health,
        h,
        rank=s.rank,  # type: ignore[arg-type]
        standee=number,
        immune=stats_immune,
        spawned=True,
    )  # the engine's game knows it too (its rules count and place around it)
    if table.phase == "turns":
        deck = table.deck_of(s.type)
        if deck not in st.revealed:
            st.revealed[deck] = st.decks[deck].draw(st.rng)
        _schedule_new_types(table, [s])
    return f"placed {label(s)} on {list(h)}"


def _schedule_new_types(table: Table, placed: list[Standee]) -> None:
    """New types act this round by their card, if their initiative is still to come (§5.5)."""
    current = table.order[table.turn].initiative if 0 <= table.turn < len(table.order) else 0
    known = {t.id for t in table.order if t.kind == "monster"}
    for m in table.setup.monsters:
        card = table.card(m.name)
        fresh = m.name not in known and any(s.type == m.name for s in placed)
        if fresh and card is not None and card.initiative > current:
            table.order.append(Turn("monster", m.name, card.initiative))
    head = table.order[: table.turn + 1]
    tail = sorted(table.order[table.turn + 1 :], key=lambda t: (t.initiative, t.kind != "character"))
    table.order = head + tail


def _monster_card(table: Table, action: dict[str, Any]) -> str:
    card = action.get("card")
    if card not in ("bless", "curse"):
        raise TableError("only a bless or a curse goes into the monster deck", where="card")
    st = table.game.state
    try:
        st.modifier_decks[MONSTER_DECK] = st.modifier_decks[MONSTER_DECK].with_card(
            parse_card(str(card)), st.rng
        )
    except IllegalChoice as exc:
        raise TableError(str(exc), where="card") from None
    return f"a {card} shuffled into the monster deck"


def _tally(table: Table, action: dict[str, Any], what: str) -> str:
    ch = table.characters.get(str(action.get("character", "")))
    if ch is None:
        raise TableError(f"no character {action.get('character')!r}", where="character")
    amount = int_field(action, "amount", -99, 99, what)
    value = getattr(ch, what) + amount
    if value < 0:
        raise TableError(f"{ch.name} has only {getattr(ch, what)} {what}", where="amount")
    setattr(ch, what, value)
    return f"{ch.name}: {what} {value}"


def _end(table: Table, action: dict[str, Any]) -> str:
    result = action.get("result")
    if result not in ("victory", "defeat"):
        raise TableError("the scenario ends in victory or defeat", where="result")
    table.result, table.phase = str(result), "ended"
    return f"scenario ends: {result}"


_ACTIONS: dict[str, Callable[[Table, dict[str, Any]], str]] = {
    "initiative": _initiative,
    "start_round": _start_round,
    "next": _next,
    "damage": _damage,
    "heal": _heal,
    "condition": _condition,
    "element": _element,
    "move": _move,
    "door": _door,
    "monster_card": _monster_card,
    "xp": lambda t, a: _tally(t, a, "xp"),
    "loot": lambda t, a: _tally(t, a, "loot"),
    "end": _end,
    "outcome": table_ai.apply_outcome,
    "spawn": _spawn,
}
