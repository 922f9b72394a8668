"""The mutable state of a Descent game: heroes, monsters, the overlord's cards, the quest's
counters and where the turn stands. Pure records with cheap ``clone`` (no deepcopy on hot paths).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from delvekit.core.squares import Square


@dataclass
class HeroState:
    id: str
    klass: str
    square: Square
    health: int  # maximum
    stamina: int
    damage: int = 0
    fatigue: int = 0
    conditions: set[str] = field(default_factory=set)
    knocked_out: bool = False
    exhausted: set[str] = field(default_factory=set)
    feat_used: bool = False
    vanished: bool = False  # Tomble's feat: his figure is off the map, a token on his square
    search_cards: list[str] = field(default_factory=list)

    def clone(self) -> HeroState:
        return replace(
            self,
            conditions=set(self.conditions),
            exhausted=set(self.exhausted),
            search_cards=list(self.search_cards),
        )

    @property
    def alive_health(self) -> int:
        return self.health - self.damage


@dataclass
class MonsterState:
    id: str  # e.g. goblin-archer-2
    monster: str
    rank: str  # minion | master
    base: tuple[Square, ...]
    health: int  # maximum (Mauler's bonus included)
    damage: int = 0
    conditions: set[str] = field(default_factory=set)
    unique: str = ""  # "mauler"

    def clone(self) -> MonsterState:
        return replace(self, conditions=set(self.conditions))


@dataclass
class Turn:
    """Where the current hero turn or monster activation stands."""

    actor: str = ""  # hero id or monster id
    actions: int = 0  # actions left
    actions_taken: int = 0
    mp: int = 0
    attacks: int = 0
    attack_limit: int = 1  # monsters: one attack per activation (Frenzy: 2)
    moved: bool = False
    rested: bool = False
    free_attack: bool = False  # a feat's attack that costs no action
    dash: bool = False  # overlord card: a move action that does not count
    frenzy: bool = False  # overlord card: an attack action that does not count
    ended: bool = False


@dataclass
class Attack:
    """One attack in progress (rules digest §4.6)."""

    attacker: str
    targets: list[str]
    dice: tuple[str, ...]
    ranged: bool
    miss: bool
    range: int
    hearts: int
    surges: int
    abilities: list[str]  # surge abilities available, each usable once
    used: list[int] = field(default_factory=list)
    pierce: int = 0
    bonus_hearts: int = 0
    bonus_range: int = 0
    effects: list[str] = field(default_factory=list)  # stun, poison, disease, immobilize, mend2...
    recover_fatigue: bool = False
    shields: dict[str, int] = field(default_factory=dict)
    need: int = 0  # spaces to the farthest target (ranged)
    source: str = "attack"  # attack | rage | feat
    stage: str = "react"  # react | surges | done
    extra_fatigue_heart: int = 0
    faces: list[int] = field(default_factory=list)  # the face rolled on each die
    rerolled: bool = False
    fortune: bool = False  # the overlord's Dark Fortune: one die of this attack may be rerolled

    def clone(self) -> Attack:
        return replace(
            self,
            faces=list(self.faces),
            targets=list(self.targets),
            abilities=list(self.abilities),
            used=list(self.used),
            effects=list(self.effects),
            shields=dict(self.shields),
        )


@dataclass
class State:
    quest: str
    round: int = 1
    phase: str = (
        "hero-order"  # hero-order | hero | overlord | monster | place | attack | react | absorb | over
    )
    heroes: dict[str, HeroState] = field(default_factory=dict)
    monsters: dict[str, MonsterState] = field(default_factory=dict)
    heroes_done: list[str] = field(default_factory=list)
    turn: Turn = field(default_factory=Turn)
    groups_done: list[str] = field(default_factory=list)
    activated: list[str] = field(default_factory=list)
    group: str = ""  # the monster group being activated
    deck: list[str] = field(default_factory=list)  # overlord deck (top = end)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    search_deck: list[str] = field(default_factory=list)
    search_tokens: list[Square] = field(default_factory=list)
    escaped: int = 0  # fatigue on the objective token
    next_id: dict[str, int] = field(default_factory=dict)
    attack: Attack | None = None
    react: str = ""  # the overlord card trigger being offered
    react_hero: str = ""
    react_used: list[str] = field(default_factory=list)
    place_options: list[tuple[Square, ...]] = field(default_factory=list)
    misery: bool = False  # Word of Misery this overlord turn
    absorb: tuple[str, int] = ("", 0)  # Jain: damage she may turn into fatigue
    friend: tuple[str, int] = ("", 0)  # Syndrael's feat: the hero moving now, and the points
    result: str = ""
    rounds_played: int = 0
    closed_doors: list[str] = field(default_factory=list)

    def clone(self) -> State:
        out = State.__new__(State)
        for f in fields(self):
            value: Any = getattr(self, f.name)
            if isinstance(value, dict):
                value = {k: (v.clone() if hasattr(v, "clone") else v) for k, v in value.items()}
            elif isinstance(value, list):
                value = list(value)
            elif isinstance(value, (Turn,)):
                value = replace(value)
            elif isinstance(value, Attack):
                value = value.clone()
            setattr(out, f.name, value)
        return out
