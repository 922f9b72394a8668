"""A setup's scenario special rules, goals and mechanisms as typed records (``GameSetup.rules``).

One frozen record per kind, a tagged union on ``kind`` (:data:`ScenarioRule`): in a save or a
log each is a JSON object such as ``{"kind": "spawn", "timing": "end", "when": "R % 2 == 1",
...}``. Hexes are ``(q, r)`` tuples, room numbers are indices into the setup's rooms, and
expressions (``when``, counts, health, charges) stay their source text, read by
:mod:`delvekit.gloomhaven.content.expr` where they are performed. What each kind means in play is
described where it is performed: :mod:`~delvekit.gloomhaven.scenario.rules` (``at``, ``goal``,
``spawn``, ``lock``, ``marker``, ``ally``), :mod:`~delvekit.gloomhaven.scenario.triggers`
(``rule``, ``zone``, ``each-turn``, ``no-damage``), :mod:`~delvekit.gloomhaven.scenario.objectives`
(``objective``, ``plate``), :mod:`~delvekit.gloomhaven.scenario.goals` (``win``, ``lose``) and
:mod:`~delvekit.gloomhaven.scenario.mechanisms` (``wall``, ``wall-opening``, ``token``,
``staff``).

Saves, logs and setups written before 2026-11 carry these rules as pipe-separated lines
(``spawn|end|R % 2 == 1|inox-guard|normal,none,none|8,2|5``):
:mod:`~delvekit.gloomhaven.model.rule_text` reads and writes that form (the save and log reader
upgrades them as it reads, :mod:`delvekit.gloomhaven.engine.saves`).

>>> msgspec.json.encode(Ally(monster="living-bones"))
b'{"kind":"ally","monster":"living-bones"}'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypeAlias, TypeVar

import msgspec

from delvekit.core.hexes import Hex
from delvekit.gloomhaven.model.special_rules import Rule

Timing: TypeAlias = Literal["start", "end"]
SpawnRank: TypeAlias = Literal["normal", "elite", "none"]


class RuleRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True,
                 tag_field="kind"):  # fmt: skip
    """The base of every scenario rule record (its JSON names its kind in ``kind``)."""


class RoundRule(RuleRecord, tag="at", frozen=True, kw_only=True):
    """At the ``start`` or ``end`` of every round in which ``when`` holds (in ``R``, ``C``,
    ``L``; empty: every round), every figure ``who`` names (``character``, ``monster`` or a
    monster type) gets ``effect``: ``add-modifier`` (``value`` ``curse:3``), ``condition``
    (``value`` a condition) or ``damage`` (``value`` an expression)."""

    timing: Timing
    when: str = ""
    who: str
    effect: Literal["add-modifier", "condition", "damage"]
    value: str


GoalKind: TypeAlias = Literal["kill", "revealed", "kills", "room", "treasure", "treasure-loot"]


class Goal(RuleRecord, tag="goal", frozen=True, kw_only=True):
    """A goal of scenarios 1-10: ``kill`` (``monster``), ``revealed``, ``kills`` (``count``, an
    expression in ``C``), ``room`` (``room`` revealed), ``treasure`` and ``treasure-loot``
    (``hexes``: the goal treasure tiles)."""

    goal: GoalKind
    monster: str = ""
    count: str = ""
    room: int = 0
    hexes: tuple[Hex, ...] = ()


class Spawn(RuleRecord, tag="spawn", frozen=True, kw_only=True):
    """One monster of ``monster`` appears on ``hex`` at ``timing`` of every round in which
    ``when`` holds, its rank for 2, 3 and 4 characters in ``ranks``, until a room of ``stop``
    is revealed."""

    timing: Timing
    when: str = ""
    monster: str
    ranks: tuple[SpawnRank, SpawnRank, SpawnRank]
    hex: Hex
    stop: tuple[int, ...] = ()


class Lock(RuleRecord, tag="lock", frozen=True, kw_only=True):
    """Locked doors, in the order ``opener`` (a monster type, or ``scenario``: the rules) opens them."""

    doors: tuple[Hex, ...]
    opener: str


class RuleLine(RuleRecord, tag="rule", frozen=True, kw_only=True):
    """Rule ``index`` of the scenario's rule data (room numbers as setup room indices)."""

    index: int
    rule: Rule


class Marker(RuleRecord, tag="marker", frozen=True, kw_only=True):
    """The hex of a spawn marker (a letter, or ``#N`` for rule N's spawns that name none)."""

    key: str
    hex: Hex


class ObjectiveLine(RuleRecord, tag="objective", frozen=True, kw_only=True):
    """An objective figure placed with its room (``health``: an expression in ``C`` and ``L``);
    an escort that walks: ``move``, ``to`` and ``reach``; a door objective: ``door``."""

    name: str
    health: str
    hex: Hex
    room: int = 0
    marker: str = ""
    escort: bool = False
    number: int = 1
    move: int = 0
    to: tuple[Hex, ...] = ()
    reach: Literal["", "adjacent", "on"] = ""
    door: Hex | None = None


class Ally(RuleRecord, tag="ally", frozen=True, kw_only=True):
    """Monsters of type ``monster`` fight on the characters' side."""

    monster: str


class NoDamage(RuleRecord, tag="no-damage", frozen=True, kw_only=True):
    """Monsters of type ``monster`` cannot be damaged in any way."""

    monster: str


class Zone(RuleRecord, tag="zone", frozen=True, kw_only=True):
    """Hexes a rule's figures entry names with the marker ``zone:KEY``."""

    key: str
    hexes: tuple[Hex, ...]


class EachTurn(RuleRecord, tag="each-turn", frozen=True, kw_only=True):
    """Rule ``index``'s figure effects happen as each character's turn ends."""

    index: int


class Plate(RuleRecord, tag="plate", frozen=True, kw_only=True):
    """Pressure plates: when ``count`` of ``hexes`` (an expression in ``C``) hold characters,
    ``effect`` happens once: ``reveal`` room ``room``, ``open`` the ``doors``, or ``finish``
    the scenario (``won`` or ``lost``)."""

    hexes: tuple[Hex, ...]
    effect: Literal["reveal", "open", "finish"]
    room: int = 0
    doors: tuple[Hex, ...] = ()
    finish: Literal["", "won", "lost"] = ""
    count: str = "1"

    @property
    def hex(self) -> Hex:
        """The first plate (names the group in events and marks)."""
        return self.hexes[0]

    @property
    def value(self) -> str:
        """What the effect acts on, as events write it: a room, door hexes, ``won``/``lost``."""
        if self.effect == "reveal":
            return str(self.room)
        return hexes_text(self.doors) if self.effect == "open" else self.finish


WinKind: TypeAlias = Literal[
    "kill-all", "kill-revealed", "kill", "kill-count", "loot", "loot-each", "reveal", "survive",
    "escape", "occupy", "destroy", "escort", "carry", "staff",
]  # fmt: skip


class Win(RuleRecord, tag="win", frozen=True, kw_only=True):
    """A part of a goal of scenarios 11-95 (all must hold). ``monsters``: kill, kill-count;
    ``spawned``: the killed boss is brought in by a rule; ``count``: kill-count and occupy (an
    expression in ``C``), escort (``all`` or a number), staff (the charge, in ``C`` and ``L``);
    ``hexes``: loot, loot-each, escape, occupy, carry, staff; ``by_ability``: only a Loot
    ability loots; ``rooms``: reveal; ``rounds``: survive; ``name``: destroy, escort, carry;
    ``back``: carry's hexes once the token was taken (82)."""

    goal: WinKind
    monsters: tuple[str, ...] = ()
    spawned: bool = False
    count: str = ""
    hexes: tuple[Hex, ...] = ()
    by_ability: bool = False
    rooms: tuple[int, ...] = ()
    rounds: int = 0
    name: str = ""
    back: tuple[Hex, ...] = ()


LoseKind: TypeAlias = Literal[
    "exhausted", "rounds", "killed", "occupied-by", "escort-killed", "seeker-exhausted", "rooms-abandoned"
]


class Lose(RuleRecord, tag="lose", frozen=True, kw_only=True):
    """A loss of scenarios 11-95 (any one loses). ``before``: exhausted (``loot-each``: before
    it looted); ``rounds``: rounds; ``monsters``: killed, occupied-by; ``hexes``: occupied-by,
    rooms-abandoned; ``name`` and ``count`` (``any``, ``all`` or a number): escort-killed."""

    loss: LoseKind
    before: str = ""
    rounds: int = 0
    monsters: tuple[str, ...] = ()
    hexes: tuple[Hex, ...] = ()
    name: str = ""
    count: str = ""


class BreakableWall(RuleRecord, tag="wall", frozen=True, kw_only=True):
    """Breakable walls attacked as objectives (``health`` in ``C`` and ``L``), ``stun``: the
    enemies next to a broken wall are stunned."""

    health: str
    stun: bool = False
    hexes: tuple[Hex, ...]


class WallOpening(RuleRecord, tag="wall-opening", frozen=True, kw_only=True):
    """As round ``round`` starts, the walls on ``hexes`` break."""

    round: int
    hexes: tuple[Hex, ...]


class Token(RuleRecord, tag="token", frozen=True, kw_only=True):
    """A carried token: it ``enters`` with a character the party picks (``start``), where a
    monster of type ``drop`` dies (``drop``), or on hex ``at`` (``at``); ``passes``: a Loot
    ability takes it from its holder; ``move``: added to its holder's Move abilities."""

    name: str
    enters: Literal["start", "drop", "at"]
    drop: str = ""
    at: Hex | None = None
    passes: bool = False
    move: int = 0


class Staff(RuleRecord, tag="staff", frozen=True, kw_only=True):
    """The Staff of Xorn: only its holder damages ``monster``; ``charge`` (in ``C`` and ``L``)
    is the full charge."""

    monster: str
    charge: str


ScenarioRule: TypeAlias = (
    RoundRule | Goal | Spawn | Lock | RuleLine | Marker | ObjectiveLine | Ally | NoDamage | Zone | EachTurn
    | Plate | Win | Lose | BreakableWall | WallOpening | Token | Staff
)  # fmt: skip
"""Every kind of scenario rule record."""

R = TypeVar("R", bound=RuleRecord)


def of_kind(rules: Iterable[ScenarioRule], kind: type[R]) -> list[R]:
    """The records of one kind, in their order.

    >>> of_kind((Ally(monster="a"), NoDamage(monster="b"), Ally(monster="c")), Ally)
    [Ally(monster='a'), Ally(monster='c')]
    """
    return [r for r in rules if isinstance(r, kind)]


def by_kind(rules: Iterable[ScenarioRule]) -> dict[type[RuleRecord], tuple[ScenarioRule, ...]]:
    """The records grouped by kind, each group in its order (the engine's tables keep it per
    setup: :meth:`delvekit.gloomhaven.engine.tables.Tables.rules_of`)."""
    out: dict[type[RuleRecord], list[ScenarioRule]] = {}
    for r in rules:
        out.setdefault(type(r), []).append(r)
    return {k: tuple(v) for k, v in out.items()}


# ------------------------------------------------------------------ the old text form


def hexes_text(hexes: Iterable[Hex]) -> str:
    """``Q,R;Q,R`` in the order given."""
    return ";".join(f"{q},{r}" for q, r in hexes)
