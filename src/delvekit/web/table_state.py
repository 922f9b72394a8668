"""The table companion's state: a table's setup, figures and decks (see :mod:`delvekit.web.table_game`
for the actions that change it and the replay).

>>> t = new_table(TableConfig(scenario=1, players=3, level=1, seed=7))
>>> sorted({s.type for s in t.standees.values()}), len(t.standees)
(['bandit-guard'], 6)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from delvekit.core.errors import InputError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.card_words import title
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.level import level_info
from delvekit.gloomhaven.model.setup import GameSetup, MonsterCard, MonsterStats, MonsterType

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
"""Actions one table's log may hold (a long scenario takes a few hundred)."""
MAX_ACTION_BYTES = 2000
"""The largest single action, as JSON (the biggest real one, an outcome, is about 100 bytes)."""


class TableError(InputError):
    """A table action that cannot be carried out; the table is unchanged."""


@dataclass(frozen=True)
class TableConfig:
    scenario: int
    players: int
    level: int
    seed: int
    classes: tuple[str, ...] = ()
    levels: tuple[int, ...] = ()
    """The characters' levels (their maximum health); level 1 when not given."""

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
        if self.levels and (len(self.levels) != self.players or not all(1 <= v <= 9 for v in self.levels)):
            raise InputError(f"give {self.players} character levels, each 1 to 9", where="levels")


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
        level = config.levels[i] if config.levels else 1
        health = klass.health[min(level, len(klass.health)) - 1]
        characters[f"C{i + 1}"] = Character(
            id=f"C{i + 1}", name=klass.name, hex=setup.starts[i], health=health, max_health=health
        )
        del ch
    table = Table(config=config, setup=setup, game=game, characters=characters, standees={})
    take_placed(table)
    return table


def take_placed(table: Table) -> list[Standee]:
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


def int_field(action: dict[str, Any], name: str, low: int, high: int, what: str) -> int:
    """The whole number an action's field ``name`` holds, from ``low`` to ``high``, or a clear error."""
    value = action.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(f"{what} must be a whole number from {low} to {high}", where=name)
    if not low <= value <= high:
        raise TableError(f"{what} must be from {low} to {high}, not {value}", where=name)
    return value


def hex_field(action: dict[str, Any], name: str = "hex") -> Hex:
    """The hex an action's field ``name`` holds (``[q, r]``), or a clear error."""
    value = action.get(name)
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise TableError("a hex is [q, r], two whole numbers", where=name)
    return (int(value[0]), int(value[1]))


def figure_field(table: Table, action: dict[str, Any]) -> Standee | Character:
    """The figure an action's ``figure`` field names, or a clear error."""
    fid = action.get("figure")
    if not isinstance(fid, str):
        raise TableError("name the figure (a standee such as bandit-guard#3, or C1)", where="figure")
    found = table.standees.get(fid) or table.characters.get(fid)
    if found is None:
        raise TableError(
            f"no figure {fid} on the table (killed, or its room is not revealed yet)", where="figure"
        )
    return found


def label(s: Standee) -> str:
    """A standee as the players name it: ``Bandit Guard 4 (elite)``."""
    return f"{title(s.type)} {s.number}" + (f" ({s.rank})" if s.rank != "normal" else "")


def turn_label(table: Table, turn: Turn) -> str:
    if turn.kind == "character":
        return table.characters[turn.id].name
    return title(turn.id)


def hurt(table: Table, fig: Standee | Character, amount: int, why: str) -> str:
    """``fig`` loses ``amount`` health (``why``); a standee at 0 dies, a character is exhausted."""
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
        and table.setup.win == "kill-all"
    ):
        table.result = "victory"
        table.phase = "ended"


def self_immunities(table: Table, s: Standee) -> tuple[Condition, ...]:
    return table.stats(s.type, s.rank).immunities


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
