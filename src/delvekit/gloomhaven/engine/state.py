"""The mutable state of one Gloomhaven scenario in play, with a cheap :meth:`GameState.clone`.

Static facts (card texts, monster stats, the map) live in the immutable
:class:`~delvekit.gloomhaven.model.setup.GameSetup` that clones share. The state holds only what
changes: figures (health, hex, conditions, bonuses, turn counts), each character's piles (hand,
discard, lost, active area, the two cards selected this round), monster ability decks, elements,
money tokens, the round, the initiative order and the engine's agenda of pending steps. Every
container is copied one level deep by ``clone``; the values inside are immutable or cloned
explicitly. No ``copy.deepcopy``.

:meth:`GameState.text` is the canonical text of the whole state, used for digests (replay and
save/load checks) and golden tests.
"""

from __future__ import annotations

import hashlib
from typing import Literal, TypeAlias

import msgspec

from delvekit.core.decks import Deck
from delvekit.core.hexes import Hex
from delvekit.core.rng import Rng
from delvekit.gloomhaven.model.conditions import Condition, Conditions
from delvekit.gloomhaven.model.elements import Elements
from delvekit.gloomhaven.model.initiative import Actor
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.setup import Rank

FigureId: TypeAlias = str
FigureKind: TypeAlias = Literal["character", "summon", "monster", "objective"]
Side: TypeAlias = Literal["party", "monsters"]
"""Which side a figure fights on: the characters' (with their summons, escorts and allied
monsters) or the monsters' (with the objectives the characters must destroy)."""
Pile: TypeAlias = Literal["hand", "discard", "lost", "active", "selected", "playing"]


class Figure:
    """A figure on the board. Monster ids are ``type#standee`` (``bandit-guard#3``)."""

    __slots__ = (
        "acted_round",
        "conditions",
        "hex",
        "hp",
        "id",
        "immune",
        "kind",
        "max_hp",
        "name",
        "owner",
        "rank",
        "retaliate_bonus",
        "retaliate_far",
        "shield_bonus",
        "side",
        "spawned",
        "standee",
        "summoned_round",
        "turns",
    )

    def __init__(
        self,
        id: FigureId,
        kind: FigureKind,
        name: str,
        hp: int,
        hex: Hex,
        *,
        rank: Rank | None = None,
        standee: int = 0,
        immune: frozenset[Condition] = frozenset(),
        owner: str | None = None,
        summoned_round: int = 0,
        spawned: bool = False,
        side: Side | None = None,
    ) -> None:
        self.id = id
        self.kind = kind
        self.name = name
        self.hp = hp
        self.max_hp = hp
        self.hex = hex
        self.rank = rank
        self.standee = standee
        self.immune = immune
        self.owner = owner
        self.summoned_round = summoned_round
        self.spawned = spawned
        self.side: Side = side or ("monsters" if kind == "monster" else "party")
        self.conditions = Conditions()
        self.turns = 0
        """Turns this figure has started (the clock of condition expiry, §8.1)."""
        self.acted_round = 0
        """The last round in which this figure started a turn."""
        self.shield_bonus = 0
        self.retaliate_bonus = 0
        self.retaliate_far: tuple[tuple[int, int], ...] = ()
        """Card bonuses "Retaliate X, Range Y" (Y > 1) performed this round: (X, Y)."""

    def clone(self) -> Figure:
        other = Figure.__new__(Figure)
        other.id, other.kind, other.name, other.hp, other.max_hp = (
            self.id,
            self.kind,
            self.name,
            self.hp,
            self.max_hp,
        )
        other.hex, other.rank, other.standee, other.immune, other.owner = (
            self.hex, self.rank, self.standee, self.immune, self.owner,
        )  # fmt: skip
        other.summoned_round, other.spawned, other.turns = self.summoned_round, self.spawned, self.turns
        other.acted_round, other.shield_bonus, other.retaliate_bonus = (
            self.acted_round, self.shield_bonus, self.retaliate_bonus,
        )  # fmt: skip
        other.retaliate_far, other.side = self.retaliate_far, self.side
        other.conditions = self.conditions.clone()
        return other

    def text(self) -> str:
        conds = ",".join(f"{c}@{s}" for c, s in self.conditions.to_state().items()) or "-"
        q, r = self.hex
        return (
            f"{self.id} {self.kind} hp={self.hp}/{self.max_hp} hex={q},{r} turns={self.turns} "
            f"acted={self.acted_round} shield+={self.shield_bonus} retaliate+={self.retaliate_bonus} "
            f"far={self.retaliate_far} "
            f"conditions={conds}" + (f" side={self.side}" if self.side != _SIDE[self.kind] else "")
        )


_SIDE: dict[str, Side] = {
    "character": "party", "summon": "party", "monster": "monsters", "objective": "party",
}  # fmt: skip


class ActiveCard(msgspec.Struct, frozen=True):
    """A card in the active area: ``round`` bonuses leave at end of round; ``lost`` says where it
    goes then (and whether it counts as discarded for resting and damage negation)."""

    card: str
    duration: Literal["round", "persistent"]
    lost: bool
    half: Literal["top", "bottom"] = "top"
    used: int = 0
    """Use slots already spent (persistent bonuses with slots)."""


ItemState: TypeAlias = Literal["unused", "spent", "consumed"]
"""An item's state in play (§13): spent items are turned sideways (a long rest refreshes them),
consumed ones flipped for the rest of the scenario."""


class CharacterState:
    """A character's piles and per-round status. ``selected`` holds the cards played this round
    that have not been resolved yet (in neither hand nor discard, §4.3); ``playing`` the card
    whose action is being resolved."""

    __slots__ = (
        "action_used",
        "active",
        "battle_goal",
        "coins",
        "discard",
        "exhausted",
        "hand",
        "id",
        "item_marks",
        "item_uses",
        "items",
        "lead",
        "long_rest",
        "lost",
        "playing",
        "selected",
        "set_aside",
        "used_half",
        "xp",
    )

    def __init__(self, id: str, hand: list[str], set_aside: list[str] | None = None) -> None:
        self.id = id
        self.hand = hand
        self.set_aside: list[str] = set_aside or []
        """Cards available but not taken into this scenario's hand (§2.5)."""
        self.battle_goal: str | None = None
        self.discard: list[str] = []
        self.lost: list[str] = []
        self.active: list[ActiveCard] = []
        self.selected: list[str] = []
        self.playing: str | None = None
        self.lead: str | None = None
        self.long_rest = False
        self.used_half: str | None = None
        self.action_used = False
        """An ability of the action being performed was used (§3.4: its XP is then earned)."""
        self.exhausted = False
        self.xp = 0
        self.coins = 0
        self.items: dict[int, ItemState] = {}
        """Item number → ``unused``, ``spent`` or ``consumed`` (§13), for the items it brought."""
        self.item_uses: dict[int, int] = {}
        """Item number → use slots covered (items with use slots, §13)."""
        self.item_marks: tuple[str, ...] = ()
        """Short-lived item effects in force (:mod:`~delvekit.gloomhaven.items.play`): the
        current attack on this character, a marked enemy..."""

    def clone(self) -> CharacterState:
        other = CharacterState.__new__(CharacterState)
        other.id, other.playing, other.lead, other.long_rest = (
            self.id,
            self.playing,
            self.lead,
            self.long_rest,
        )
        other.used_half, other.exhausted, other.xp, other.coins = (
            self.used_half,
            self.exhausted,
            self.xp,
            self.coins,
        )
        other.battle_goal, other.action_used = self.battle_goal, self.action_used
        other.items = self.items.copy()
        other.item_uses = self.item_uses.copy()
        other.item_marks = self.item_marks
        other.hand = self.hand.copy()
        other.discard = self.discard.copy()
        other.lost = self.lost.copy()
        other.active = self.active.copy()
        other.selected = self.selected.copy()
        other.set_aside = self.set_aside.copy()
        return other

    def all_cards(self) -> list[str]:
        """Every card the character owns in this scenario, wherever it is (conservation check)."""
        cards = (
            self.hand
            + self.discard
            + self.lost
            + [a.card for a in self.active]
            + self.selected
            + self.set_aside
        )
        if self.playing is not None:
            cards.append(self.playing)
        return cards

    def discard_like(self) -> list[str]:
        """The discard pile plus active cards that count as discarded (§3.4, §4.3)."""
        return self.discard + [a.card for a in self.active if not a.lost]

    def text(self) -> str:
        active = (
            ",".join(f"{a.card}:{a.duration}:{'lost' if a.lost else 'discard'}" for a in self.active) or "-"
        )
        return (
            f"{self.id} hand={','.join(self.hand) or '-'} discard={','.join(self.discard) or '-'} "
            f"lost={','.join(self.lost) or '-'} active={active} selected={','.join(self.selected) or '-'} "
            f"playing={self.playing or '-'} lead={self.lead or '-'} long_rest={self.long_rest} "
            f"exhausted={self.exhausted} xp={self.xp} coins={self.coins} "
            f"set_aside={','.join(self.set_aside) or '-'} goal={self.battle_goal or '-'}"
        ) + self._items_text()

    def _items_text(self) -> str:
        out = " items=" + ",".join(f"{n}:{s}" for n, s in sorted(self.items.items())) if self.items else ""
        if any(self.item_uses.values()):
            out += " item-uses=" + ",".join(f"{n}:{u}" for n, u in sorted(self.item_uses.items()) if u)
        return out + (" item-marks=" + ",".join(self.item_marks) if self.item_marks else "")


class Task(msgspec.Struct, frozen=True):
    """One pending step of the engine's agenda (a stack; the last task runs next). Immutable, so
    cloning the agenda is a list copy."""

    kind: str
    who: str = ""
    n: int = 0
    text: str = ""


class Turn(msgspec.Struct, frozen=True):
    """One entry of this round's turn order: a character, a summon or a monster type."""

    kind: Literal["character", "summon", "monster"]
    id: str
    initiative: int


class GameState:
    """Everything that changes during a scenario. See the module docstring."""

    __slots__ = (
        "agenda",
        "characters",
        "coins",
        "created_obstacles",
        "created_traps",
        "decks",
        "elements",
        "ending",
        "figures",
        "group_consumed",
        "group_infusions",
        "group_performed",
        "modifier_decks",
        "opened",
        "order",
        "pending_ties",
        "plans",
        "result",
        "revealed",
        "revealed_rooms",
        "rng",
        "round",
        "scenario_marks",
        "sprung",
        "standees",
        "summon_stats",
        "tie_memory",
        "treasures",
        "turn_index",
    )

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.round = 0
        self.figures: dict[FigureId, Figure] = {}
        self.characters: dict[str, CharacterState] = {}
        self.decks: dict[str, Deck[str]] = {}
        self.modifier_decks: dict[str, ModifierDeck] = {}
        """Attack modifier decks (immutable values): one per character, ``@monsters`` shared."""
        self.revealed: dict[str, str] = {}
        """Deck name → the ability card revealed for it this round."""
        self.elements = Elements()
        self.coins: dict[Hex, int] = {}
        self.treasures: dict[Hex, int] = {}
        """Numbered treasure tiles on the map (hex → number), not yet looted (§14)."""
        self.sprung: frozenset[Hex] = frozenset()
        """Traps already sprung (removed from the map)."""
        self.opened: frozenset[Hex] = frozenset()
        """Doors already opened."""
        self.created_traps: dict[Hex, int] = {}
        """Traps that abilities placed during play, with their damage (not yet sprung)."""
        self.created_obstacles: frozenset[Hex] = frozenset()
        """Obstacles that abilities placed during play (Cragheart), not yet destroyed."""
        self.standees: dict[str, list[int]] = {}
        """Monster type → standee numbers still in the box."""
        self.revealed_rooms: list[int] = []
        self.order: list[Turn] = []
        self.turn_index = 0
        self.pending_ties: list[list[Actor]] = []
        self.tie_memory: dict[str, tuple[str, ...]] = {}
        """Shared deck name → the order the players chose for its tied types (kept, §3.3)."""
        self.group_infusions: list[str] = []
        self.group_consumed: list[str] = []
        """Elements the activating monster type consumed this activation (all its monsters gain)."""
        self.plans: dict[str, tuple[str, ...]] = {}
        self.summon_stats: dict[str, tuple[int, int, int]] = {}
        """Character summon id → (move, attack, range) of its stat line."""
        """Monster id → the targets its move was planned for (the card's next attack)."""
        self.group_performed = False
        self.agenda: list[Task] = []
        self.ending: str | None = None
        """``victory`` or ``defeat`` once triggered; the round is played out first (§15.1)."""
        self.result: str | None = None
        self.scenario_marks: dict[str, int] = {}
        """Scenario special-rule bookkeeping (:mod:`~delvekit.gloomhaven.scenario.triggers`):
        mark → the round it was set (a rule fired, an objective placed, a plate pressed)."""

    def clone(self) -> GameState:
        other = GameState.__new__(GameState)
        other.rng = self.rng.clone()
        other.round = self.round
        other.figures = {k: f.clone() for k, f in self.figures.items()}
        other.characters = {k: c.clone() for k, c in self.characters.items()}
        other.decks = {k: d.clone() for k, d in self.decks.items()}
        other.modifier_decks = self.modifier_decks.copy()
        other.revealed = self.revealed.copy()
        other.elements = self.elements.clone()
        other.coins = self.coins.copy()
        other.treasures = self.treasures.copy()
        other.sprung = self.sprung
        other.opened = self.opened
        other.created_traps = self.created_traps.copy()
        other.created_obstacles = self.created_obstacles
        other.standees = {k: v.copy() for k, v in self.standees.items()}
        other.revealed_rooms = self.revealed_rooms.copy()
        other.order = self.order.copy()
        other.turn_index = self.turn_index
        other.pending_ties = [g.copy() for g in self.pending_ties]
        other.tie_memory = self.tie_memory.copy()
        other.group_infusions = self.group_infusions.copy()
        other.group_consumed = self.group_consumed.copy()
        other.plans = self.plans.copy()
        other.summon_stats = self.summon_stats.copy()
        other.group_performed = self.group_performed
        other.agenda = self.agenda.copy()
        other.ending = self.ending
        other.result = self.result
        other.scenario_marks = self.scenario_marks.copy()
        return other

    def monsters(self, type_name: str | None = None) -> list[Figure]:
        return [
            f
            for f in self.figures.values()
            if f.kind == "monster" and (type_name is None or f.name == type_name)
        ]

    def figure_at(self, h: Hex) -> Figure | None:
        for f in self.figures.values():
            if f.hex == h:
                return f
        return None

    def text(self) -> str:
        """The canonical text of the state (sorted where order carries no meaning)."""
        lines = [f"round {self.round} ending={self.ending or '-'} result={self.result or '-'}"]
        lines.append(
            f"elements {self.elements} pending={','.join(e.value for e in self.elements.pending) or '-'}"
        )
        lines += ["figure " + self.figures[k].text() for k in sorted(self.figures)]
        lines += ["character " + c.text() for c in self.characters.values()]
        for name in sorted(self.decks):
            draw, discards = self.decks[name].to_state()
            lines.append(f"deck {name} draw={','.join(draw) or '-'} discards={','.join(discards) or '-'}")
        for name, amd in self.modifier_decks.items():
            pile = ",".join(str(c).replace(" ", "_") for c in amd.draw_pile) or "-"
            used = ",".join(str(c).replace(" ", "_") for c in amd.discard) or "-"
            lines.append(f"modifiers {name} draw={pile} discard={used} shuffle={amd.shuffle_pending}")
        lines.append("revealed " + " ".join(f"{k}={v}" for k, v in sorted(self.revealed.items())))
        lines.append("coins " + " ".join(f"{q},{r}={n}" for (q, r), n in sorted(self.coins.items())))
        lines.append(
            "standees " + " ".join(f"{k}={','.join(map(str, v))}" for k, v in sorted(self.standees.items()))
        )
        lines.append(f"rooms {','.join(map(str, self.revealed_rooms))}")
        lines.append("sprung " + " ".join(f"{q},{r}" for q, r in sorted(self.sprung)))
        lines.append("opened " + " ".join(f"{q},{r}" for q, r in sorted(self.opened)))
        if self.treasures:
            tiles = sorted(self.treasures.items())
            lines.append("treasures " + " ".join(f"{q},{r}={n}" for (q, r), n in tiles))
        if self.scenario_marks:
            lines.append("scenario " + " ".join(f"{k}={v}" for k, v in sorted(self.scenario_marks.items())))
        if self.created_traps:
            traps = sorted(self.created_traps.items())
            lines.append("traps " + " ".join(f"{q},{r}={n}" for (q, r), n in traps))
        if self.created_obstacles:
            lines.append("obstacles " + " ".join(f"{q},{r}" for q, r in sorted(self.created_obstacles)))
        lines.append(
            "order "
            + " ".join(f"{t.kind}:{t.id}:{t.initiative}" for t in self.order)
            + f" @{self.turn_index}"
        )
        lines.append("group " + ",".join(self.group_consumed) + " / " + ",".join(self.group_infusions))
        lines.append("plans " + " ".join(f"{k}={','.join(v)}" for k, v in sorted(self.plans.items())))
        lines.append("agenda " + " ".join(f"{t.kind}/{t.who}/{t.n}/{t.text}" for t in self.agenda))
        lines.append(f"rng {hashlib.sha256(repr(self.rng.getstate()).encode()).hexdigest()[:16]}")
        return "\n".join(lines)

    def view(self, viewer: str) -> str:
        """What character ``viewer``'s player may see, as text: draw pile orders, the random
        generator, the agenda, other characters' battle goals and (until revealed) their card
        selections are hidden; hands, discards and everything on the board are open."""
        revealed = bool(self.order or self.pending_ties)
        lines = [f"round {self.round} ending={self.ending or '-'} result={self.result or '-'}"]
        lines.append(f"elements {self.elements}")
        lines += ["figure " + self.figures[k].text() for k in sorted(self.figures)]
        for c in self.characters.values():
            own = c.id == viewer
            selected = ",".join(c.selected) if own or revealed else f"{len(c.selected)}-hidden"
            rest = str(c.long_rest) if own or revealed else "hidden"
            lines.append(
                f"character {c.id} hand={','.join(c.hand) or '-'} discard={','.join(c.discard) or '-'} "
                f"lost={','.join(c.lost) or '-'} active={','.join(a.card for a in c.active) or '-'} "
                f"selected={selected or '-'} long_rest={rest} exhausted={c.exhausted} xp={c.xp} "
                f"coins={c.coins} goal={(c.battle_goal or '-') if own else 'hidden'}"
            )
        for name in sorted(self.decks):
            discards = ",".join(self.decks[name].discards) or "-"
            lines.append(f"deck {name} draw={len(self.decks[name])} discards={discards}")
        for name, amd in self.modifier_decks.items():
            used = ",".join(str(c).replace(" ", "_") for c in amd.discard) or "-"
            lines.append(f"modifiers {name} draw={len(amd.draw_pile)} discard={used}")
        lines.append("revealed " + " ".join(f"{k}={v}" for k, v in sorted(self.revealed.items())))
        lines.append("coins " + " ".join(f"{q},{r}={n}" for (q, r), n in sorted(self.coins.items())))
        lines.append(
            "order "
            + " ".join(f"{t.kind}:{t.id}:{t.initiative}" for t in self.order)
            + f" @{self.turn_index}"
        )
        return "\n".join(lines)

    def digest(self) -> str:
        return hashlib.sha256(self.text().encode()).hexdigest()
