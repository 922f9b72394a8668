"""The table companion's game: the monsters' side of a physical Gloomhaven game, replayed from a log.

A table is ``(scenario, players, level, seed)`` plus an ordered list of table actions (an
initiative typed, "next", an outcome applied, 2 damage to a standee, a door opened...). The
state is a pure function of them: :func:`replay` builds it again from scratch, so every phone
that joins a table and every reload sees the same thing, and undo is "replay without the last
action".

Randomness comes from the engine itself: the table builds the engine's own game for the
scenario (:class:`~delvekit.gloomhaven.engine.Game`, seeded with the table's seed) and draws
from its one generator with the engine's own deck code: monster ability cards
(``state.decks[deck].draw``), the monster attack modifier deck
(:class:`~delvekit.gloomhaven.modifiers.ModifierDeck`), standee numbers when a room is revealed
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
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.conditions import Condition
from delvekit.gloomhaven.engine import MONSTER_DECK, Game
from delvekit.gloomhaven.engine_content import Member, setup_from_pack
from delvekit.gloomhaven.engine_level import level_info
from delvekit.gloomhaven.engine_setup import GameSetup, MonsterCard, MonsterStats, MonsterType
from delvekit.gloomhaven.modifiers import parse_card

STARTING_CLASSES = ("brute", "tinkerer", "spellweaver", "scoundrel", "cragheart", "mindthief")
ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")
CONDITIONS = tuple(c.value for c in Condition)
EXPIRING = frozenset(c.value for c in Condition if c.expires)
# (character level, difficulty) giving each scenario level 0..7 through the engine's own rule
_LEVEL_PARTY: dict[int, tuple[int, str]] = {
    0: (1, "easy"),
    1: (1, "normal"),
    2: (3, "normal"),
    3: (5, "normal"),
    4: (7, "normal"),
    5: (9, "normal"),
    6: (9, "hard"),
    7: (9, "very_hard"),
}
MAX_ACTIONS = 5000


class TableError(InputError):
    """A table action that cannot be carried out; the table is unchanged."""


@dataclass(frozen=True)
class TableConfig:
    scenario: int
    players: int
    level: int
    seed: int
    classes: tuple[str, ...] = ()

    def check(self) -> None:
        from delvekit.web import services

        if not 2 <= self.players <= 4:
            raise InputError(f"players must be 2, 3 or 4, not {self.players}", where="players")
        if not 0 <= self.level <= 7:
            raise InputError(f"the scenario level is 0 to 7, not {self.level}", where="level")
        if not 0 <= self.seed <= 2**53:
            raise InputError("the seed is a whole number from 0 to 2^53", where="seed")
        numbers = services.scenario_numbers()
        if self.scenario not in numbers:
            raise InputError(
                f"there is no scenario {self.scenario} with a map; choose 1 to {max(numbers, default=95)}",
                where="scenario",
            )
        if self.classes and len(self.classes) != self.players:
            raise InputError(f"name {self.players} classes, one per player", where="classes")


@dataclass
class Standee:
    id: str
    type: str
    number: int
    rank: str
    hex: Hex
    health: int
    max_health: int
    conditions: dict[str, int] = field(default_factory=dict)
    """Condition → the figure's started-turn count when it was applied (expiry, §8)."""
    turns: int = 0


@dataclass
class Character:
    id: str
    name: str
    hex: Hex
    health: int
    max_health: int
    xp: int = 0
    loot: int = 0
    initiative: int | None = None
    long_rest: bool = False
    exhausted: bool = False
    conditions: dict[str, int] = field(default_factory=dict)
    turns: int = 0


@dataclass
class Turn:
    kind: str  # "character" | "monster"
    id: str  # character id, or the monster type
    initiative: int


@dataclass
class Table:
    config: TableConfig
    setup: GameSetup
    game: Game
    characters: dict[str, Character]
    standees: dict[str, Standee]
    phase: str = "initiatives"  # initiatives | turns | ended
    round: int = 0
    order: list[Turn] = field(default_factory=list)
    turn: int = -1
    acting: list[str] = field(default_factory=list)
    """Standee ids of the monster type whose turn it is, in acting order (elites, then numbers)."""
    sub: int = 0
    elements: dict[str, str] = field(default_factory=lambda: dict.fromkeys(ELEMENTS, "inert"))
    applied: set[str] = field(default_factory=set)
    """Standees whose outcome was applied this turn (a second phone applying it again is refused)."""
    draws: list[dict[str, Any]] = field(default_factory=list)
    """Modifier draws of the current turn (shown with the outcome)."""
    events: list[str] = field(default_factory=list)
    opened: set[Hex] = field(default_factory=set)
    result: str = ""
    coins: int = 0

    # --- reading ----------------------------------------------------------------------

    def stats(self, type_name: str, rank: str) -> MonsterStats:
        return _types(self.setup)[type_name].stats(rank)  # type: ignore[arg-type]

    def deck_of(self, type_name: str) -> str:
        return _types(self.setup)[type_name].deck

    def deck_card(self, deck: str, card_id: str) -> MonsterCard:
        return _deck_cards(self.setup)[deck][card_id]

    def card(self, type_name: str) -> MonsterCard | None:
        """The type's ability card this round, if drawn."""
        deck = self.deck_of(type_name)
        card_id = self.game.state.revealed.get(deck)
        return None if card_id is None else self.deck_card(deck, card_id)

    @property
    def door_rooms(self) -> dict[Hex, tuple[int, ...]]:
        """Door hex → the rooms (engine indices) it joins."""
        return {d.hex: d.rooms for d in self.setup.board.doors} if self.setup.board else {}

    @property
    def revealed_rooms(self) -> list[int]:
        return list(self.game.state.revealed_rooms)

    def current(self) -> Turn | None:
        return self.order[self.turn] if self.phase == "turns" and 0 <= self.turn < len(self.order) else None

    def current_standee(self) -> Standee | None:
        turn = self.current()
        if turn is None or turn.kind != "monster":
            return None
        while self.sub < len(self.acting) and self.acting[self.sub] not in self.standees:
            self.sub += 1  # killed before its turn
        return self.standees[self.acting[self.sub]] if self.sub < len(self.acting) else None

    def occupied(self) -> dict[Hex, str]:
        out = {s.hex: s.id for s in self.standees.values()}
        out.update({c.hex: c.id for c in self.characters.values() if not c.exhausted})
        return out

    def open_hexes(self) -> set[Hex]:
        """Hexes of the revealed rooms (and their doors) where a figure may stand."""
        board = self.game.board()
        assert board is not None
        smap_rooms = self.room_hexes()
        out: set[Hex] = set()
        for room in self.revealed_rooms:
            out |= smap_rooms.get(room, set())
        return {h for h in out if not board.is_wall(h)}

    def room_hexes(self) -> dict[int, set[Hex]]:
        return _room_hexes(self.config.scenario)


_INDEX: dict[int, tuple[GameSetup, dict[str, MonsterType], dict[str, dict[str, MonsterCard]]]] = {}


def _index(setup: GameSetup) -> tuple[dict[str, MonsterType], dict[str, dict[str, MonsterCard]]]:
    """Monster types and deck cards by name (setups are immutable and cached, so keyed by id)."""
    found = _INDEX.get(id(setup))
    if found is None or found[0] is not setup:
        types = {m.name: m for m in setup.monsters}
        cards = {name: {c.id: c for c in deck} for name, deck in setup.decks.items()}
        found = _INDEX[id(setup)] = (setup, types, cards)
    return found[1], found[2]


def _types(setup: GameSetup) -> dict[str, MonsterType]:
    return _index(setup)[0]


def _deck_cards(setup: GameSetup) -> dict[str, dict[str, MonsterCard]]:
    return _index(setup)[1]


def type_of_deck(setup: GameSetup) -> dict[str, list[str]]:
    """Deck → the monster types drawing from it, in the engine's order."""
    out: dict[str, list[str]] = {}
    for m in setup.monsters:
        out.setdefault(m.deck, []).append(m.name)
    return out


@lru_cache(maxsize=128)
def _room_hexes(scenario: int) -> dict[int, set[Hex]]:
    """Engine room index → its hexes (room 0: the opening rooms)."""
    from delvekit.gloomhaven.content import load_pack

    s = load_pack().scenarios[scenario]
    smap = s.map()
    numbers = sorted(r.number for r in s.rooms)
    initial = {r.number for r in s.rooms if r.initial} or {numbers[0]}
    rest = sorted(set(numbers) - initial)
    out: dict[int, set[Hex]] = {}
    for n in numbers:
        index = 0 if n in initial else 1 + rest.index(n)
        out.setdefault(index, set()).update(smap.room_hexes.get(n, ()))
    return out


@lru_cache(maxsize=64)
def table_setup(config: TableConfig) -> GameSetup:
    """The engine's setup of the scenario for this party size at this level (cached: immutable)."""
    from delvekit.gloomhaven.content import load_pack

    char_level, difficulty = _LEVEL_PARTY[config.level]
    # The engine's party only sets the level and draws the characters' deck shuffles from the
    # generator (the same for every class without perks): the starting classes, whoever plays.
    classes = STARTING_CLASSES[: config.players]
    party = [Member(c, char_level) for c in classes]
    try:
        return setup_from_pack(load_pack(), config.scenario, party, difficulty=difficulty, seed=config.seed)  # type: ignore[arg-type]
    except InputError:
        party = [Member(c, 1) for c in classes]
        setup = setup_from_pack(load_pack(), config.scenario, party, seed=config.seed)
        raise InputError(
            f"scenario {config.scenario} cannot be set up at level {config.level} (setup at level "
            f"{setup.level} works)",
            where="level",
        ) from None


def new_table(config: TableConfig) -> Table:
    """A fresh table: the engine's game started with the same seed (same generator draws)."""
    config.check()
    setup = table_setup(config)
    game = Game(setup, config.seed)
    from delvekit.gloomhaven.content import load_pack

    pack = load_pack()
    classes = config.classes or STARTING_CLASSES[: config.players]
    characters: dict[str, Character] = {}
    for i, (cls, ch) in enumerate(zip(classes, setup.party, strict=True)):
        klass = pack.classes.get(cls)
        if klass is None:
            known = ", ".join(sorted(pack.classes))
            raise InputError(f"there is no class {cls!r}; known: {known}", where="classes")
        health = klass.health[0]
        characters[f"C{i + 1}"] = Character(
            id=f"C{i + 1}", name=klass.name, hex=setup.starts[i], health=health, max_health=health
        )
        del ch
    table = Table(config=config, setup=setup, game=game, characters=characters, standees={})
    _take_placed(table)
    return table


def _take_placed(table: Table) -> list[Standee]:
    """Standees the engine placed that the table does not know yet."""
    new: list[Standee] = []
    for f in table.game.state.figures.values():
        if (
            f.kind == "monster"
            and f.id not in table.standees
            and f.rank is not None
            and f.standee is not None
        ):
            s = Standee(
                id=f.id,
                type=f.name,
                number=f.standee,
                rank=f.rank,
                hex=f.hex,
                health=f.hp,
                max_health=f.max_hp,
            )
            table.standees[f.id] = s
            new.append(s)
    return new


def replay(config: TableConfig, actions: list[dict[str, Any]]) -> Table:
    """The table after ``actions`` (each already accepted once, so none may fail now)."""
    table = new_table(config)
    for action in actions:
        apply(table, action)
    return table


# --- actions -----------------------------------------------------------------------------


def _int(action: dict[str, Any], name: str, low: int, high: int, what: str) -> int:
    value = action.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(f"{what} must be a whole number from {low} to {high}", where=name)
    if not low <= value <= high:
        raise TableError(f"{what} must be from {low} to {high}, not {value}", where=name)
    return value


def _hex(action: dict[str, Any], name: str = "hex") -> Hex:
    value = action.get(name)
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise TableError("a hex is [q, r], two whole numbers", where=name)
    return (int(value[0]), int(value[1]))


def _figure(table: Table, action: dict[str, Any]) -> Standee | Character:
    fid = action.get("figure")
    if not isinstance(fid, str):
        raise TableError("name the figure (a standee such as bandit-guard#3, or C1)", where="figure")
    found = table.standees.get(fid) or table.characters.get(fid)
    if found is None:
        raise TableError(
            f"no figure {fid} on the table (killed, or its room is not revealed yet)", where="figure"
        )
    return found


def apply(table: Table, action: dict[str, Any]) -> str:
    """Carry out one table action; returns what happened in words. Refused actions raise
    :class:`TableError` before changing anything."""
    kind = action.get("kind")
    handler = _ACTIONS.get(kind if isinstance(kind, str) else "")
    if handler is None:
        raise TableError(f"unknown action {str(kind)[:30]!r}; known: {', '.join(_ACTIONS)}", where="kind")
    if table.phase == "ended" and kind not in ("damage", "heal", "xp", "loot"):
        raise TableError("the scenario has ended; undo to go back", where="kind")
    text = handler(table, action)
    table.events.append(text)
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
    ch.initiative = _int(action, "value", 1, 99, "an initiative")
    ch.long_rest = False
    return f"{ch.name}: initiative {ch.initiative}"


def _start_round(table: Table, action: dict[str, Any]) -> str:
    if table.phase != "initiatives":
        raise TableError("the round has already started", where="round")
    missing = [c.name for c in table.characters.values() if not c.exhausted and c.initiative is None]
    if missing:
        raise TableError(f"enter the initiative of {', '.join(missing)} first", where="initiative")
    st = table.game.state
    on_board = {s.type for s in table.standees.values()}
    drawn: list[str] = []
    for deck, types in type_of_deck(table.setup).items():  # the engine's order (_run_reveal)
        if any(t in on_board for t in types) and deck not in st.revealed:
            card = st.decks[deck].draw(st.rng)
            st.revealed[deck] = card
            drawn.append(f"{deck} {card} ({table.deck_card(deck, card).initiative})")
    table.round += 1
    table.phase = "turns"
    table.order = _order(table)
    table.turn = 0
    _begin_turn(table)
    return f"round {table.round}: drew " + (", ".join(drawn) or "no monster card")


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
        _hurt(table, fig, 1, "wound")


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
        if table.current_standee() is not None:
            _start_figure_turn(table, table.standees[table.acting[table.sub]])
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
        nxt = table.current_standee()
        if nxt is not None:
            _start_figure_turn(table, nxt)
            return f"next: {label(nxt)}"
        done = f"{turn.id.replace('-', ' ')} done"
    table.turn += 1
    _begin_turn(table)
    now = table.current()
    if now is None:
        return f"{done}; round {table.round} ends"
    return f"{done}; next: {turn_label(table, now)}"


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


def label(s: Standee) -> str:
    return f"{s.type.replace('-', ' ')} {s.number}" + (f" ({s.rank})" if s.rank != "normal" else "")


def turn_label(table: Table, turn: Turn) -> str:
    if turn.kind == "character":
        return table.characters[turn.id].name
    return turn.id.replace("-", " ")


def _hurt(table: Table, fig: Standee | Character, amount: int, why: str) -> str:
    fig.health = max(0, fig.health - amount)
    if isinstance(fig, Standee):
        if fig.health == 0:
            _kill(table, fig)
            return f"{label(fig)} takes {amount} ({why}) and dies"
        return f"{label(fig)} takes {amount} ({why}), {fig.health} left"
    if fig.health == 0:
        fig.exhausted = True
        return f"{fig.name} takes {amount} ({why}) and is exhausted"
    return f"{fig.name} takes {amount} ({why}), {fig.health} left"


def _kill(table: Table, s: Standee) -> None:
    del table.standees[s.id]
    st = table.game.state
    st.figures.pop(s.id, None)
    st.standees[s.type].append(s.number)  # the standee goes back to the pool (engine's _kill)
    st.standees[s.type].sort()
    table.coins += 1
    if (
        not table.standees
        and len(table.revealed_rooms) == len(table.setup.rooms)
        and table.setup.win == "kill_all"
    ):
        table.result = "victory"
        table.phase = "ended"


def _damage(table: Table, action: dict[str, Any]) -> str:
    fig = _figure(table, action)
    amount = _int(action, "amount", 1, 99, "damage")
    return _hurt(table, fig, amount, "by hand")


def _heal(table: Table, action: dict[str, Any]) -> str:
    fig = _figure(table, action)
    amount = _int(action, "amount", 1, 99, "a heal")
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
    fig = _figure(table, action)
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


def self_immunities(table: Table, s: Standee) -> tuple[Condition, ...]:
    return table.stats(s.type, s.rank).immunities


def _element(table: Table, action: dict[str, Any]) -> str:
    e, state = action.get("element"), action.get("state")
    if e not in ELEMENTS:
        raise TableError(f"unknown element {e!r}; known: {', '.join(ELEMENTS)}", where="element")
    if state not in ("strong", "waning", "inert"):
        raise TableError("an element is strong, waning or inert", where="state")
    table.elements[str(e)] = str(state)
    return f"{e}: {state}"


def _move(table: Table, action: dict[str, Any]) -> str:
    fig = _figure(table, action)
    h = _hex(action)
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
    h = _hex(action)
    rooms = table.door_rooms.get(h)
    if rooms is None:
        raise TableError(f"no door on {list(h)}", where="hex")
    new = [r for r in rooms if r not in table.revealed_rooms]
    if h in table.opened or not new:
        raise TableError("this door is already open", where="hex")
    table.opened.add(h)
    table.game.state.opened = table.game.state.opened | {h}
    placed: list[Standee] = []
    for room in new:
        table.game.reveal_room(room)
        placed += _take_placed(table)
    if table.phase == "turns":  # new types act this round, by their freshly drawn card (§5.5)
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
    names = ", ".join(label(s) for s in placed) or "no monster"
    return f"door opened: {names}"


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
    amount = _int(action, "amount", -99, 99, what)
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


def rewards(table: Table) -> dict[str, Any]:
    """What each character takes home (§15): XP, gold from loot, the bonus XP on a victory."""
    info = level_info(table.config.level)
    won = table.result == "victory"
    return {
        "result": table.result,
        "bonus_xp": info.bonus_xp if won else 0,
        "gold_per_coin": info.gold_per_coin,
        "characters": [
            {
                "id": c.id,
                "name": c.name,
                "xp": c.xp + (info.bonus_xp if won else 0),
                "gold": c.loot * info.gold_per_coin,
            }
            for c in table.characters.values()
        ],
    }


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
    "outcome": lambda t, a: _outcome(t, a),
}


def _outcome(table: Table, action: dict[str, Any]) -> str:
    from delvekit.web import table_ai  # the monster AI side (imports this module)

    return table_ai.apply_outcome(table, action)
