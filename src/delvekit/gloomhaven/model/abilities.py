"""Abilities as data: one :class:`Ability` record per printed ability of a card half or monster card.

The engine resolves abilities in printed order (§3.4). What the foundation resolves itself:

* ``heal N`` on self (a real heal: poison/wound rules of §8.2),
* ``shield N`` and ``retaliate N`` as bonuses (a monster's card bonus lasts from its activation
  to the end of the round, §6.7/§10.2; a character's comes with a round-bonus card),
* ``condition NAME`` on self (e.g. strengthen, invisible; negative ones are mandatory),
* ``infuse ELEMENT`` (Strong at the end of the turn, §9),
* ``suffer N`` (damage that is not an attack, §6.8; a character may negate it by losing cards),
* ``xp N``,
* ``negate``: a persistent bonus that negates the next source of damage to its owner (one use
  slot per source, e.g. Frost Armor, §18.7); it acts from the active area, not when performed.

``move`` and ``attack`` need the map: with a board in the setup the engine resolves them itself
(:mod:`~delvekit.gloomhaven.engine.actions` for characters, :mod:`~delvekit.gloomhaven.engine.monster_turn`
for monsters and summons); an :class:`~delvekit.gloomhaven.engine.game.AbilityResolver` may replace
that. Without either, they are declined (the rules let a character decline its positive
abilities) and an ``unresolved`` event says so.

>>> str(Ability.parse("heal 2"))
'heal 2'
>>> Ability.parse("attack 3 range 2").range
2
>>> Ability.parse("infuse fire").element
<Element.FIRE: 'fire'>
"""

from __future__ import annotations

import re
from typing import Literal, TypeAlias

import msgspec

from delvekit.core.errors import InputError
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

AbilityKind: TypeAlias = Literal[
    "move",
    "attack",
    "heal",
    "shield",
    "retaliate",
    "condition",
    "infuse",
    "suffer",
    "xp",
    "loot",
    "negate",
    "custom",
    "push",
    "pull",
]
SELF_RESOLVED: frozenset[str] = frozenset(
    {"heal", "shield", "retaliate", "condition", "infuse", "suffer", "xp", "negate"}
)
_BOOST = re.compile(r"(attack|pierce|range)([+-])(\d+)|(?:target|push|pull)=\d+|with=[a-z]+")
_BOOST_PARTS = re.compile(r"([a-z]+)([+=-])(.+)")
_ELEMENT_NAMES = frozenset(e.value for e in Element)
_VALUED = frozenset({"move", "attack", "heal", "shield", "retaliate", "suffer", "xp", "loot", "push", "pull"})


class Ability(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One ability. ``value`` is the printed number (on a monster card it is relative to the stat
    line, so ``move -1`` is legal there); ``range`` 0 means melee (attack) or self. An attack may
    take ``targets`` targets, ``pierce`` shields, give each target the conditions in ``adds``
    after its damage, and ``push``/``pull`` it."""

    kind: AbilityKind
    value: int = 0
    range: int = 0
    condition: Condition | None = None
    element: Element | None = None
    jump: bool = False
    """A jumping move (§5.2)."""
    targets: int = 1
    """How many enemies it attacks; 0: every enemy it can reach ("all adjacent enemies")."""
    pierce: int = 0
    push: int = 0
    pull: int = 0
    adds: tuple[Condition, ...] = ()
    card_adds: tuple[Literal["bless", "curse"], ...] = ()
    """Bless (on the attacker) or curse (on the target) cards an attack gives (§8.2)."""
    area: tuple[tuple[int, int], ...] = ()
    """An attack's area (§6.3): the red hexes as offsets from the attacker (melee, range 0) or
    as a shape placed anywhere with one hex in range (ranged); rotations and mirror images."""
    consume: tuple[Element, ...] = ()
    """Elements an attack may consume for ``boost`` (§9: optional for characters; monsters always
    consume what they can)."""
    boost: tuple[str, ...] = ()
    """What consuming adds: ``attack+N``, ``attack-N``, ``pierce+N``, ``range+N``, ``target=N``,
    ``push=N``, ``pull=N``, ``with=CONDITION``."""
    note: str = ""
    """What a ``custom`` ability does, as one token: the name of its effect in
    :mod:`~delvekit.gloomhaven.engine.registry` (reported ``unresolved`` when no handler is registered)."""
    then: tuple[Ability, ...] = ()
    """A ``custom`` ability's parts, for its effect's handler (e.g. what consuming an element
    gives, or the conditions given to every enemy in range); two levels deep at most."""

    def __post_init__(self) -> None:
        if self.kind == "condition" and self.condition is None:
            raise InputError("a condition ability names its condition", where="ability")
        if self.kind == "infuse" and self.element is None:
            raise InputError("an infuse ability names its element", where="ability")
        if min(self.pierce, self.push, self.pull, self.targets) < 0 or (
            self.range < 0 and self.kind != "attack"
        ):
            raise InputError(f"negative number in {self.kind} ability", where="ability")
        if self.targets != 1 and self.kind not in ("attack", "push", "pull"):
            raise InputError("only attacks, pushes and pulls choose targets", where="ability")
        extras = (
            self.pierce or self.push or self.pull or self.adds or self.card_adds or self.area or self.consume
        )
        if bool(self.consume) != bool(self.boost):
            raise InputError("an element consumption needs both its elements and its boost", where="ability")
        for b in self.boost:
            if not _BOOST.fullmatch(b):
                raise InputError(f"bad boost {b!r}", where="ability")
        if extras and self.kind != "attack":
            raise InputError("pierce, push, pull, areas and 'with' belong to attacks", where="ability")
        if self.jump and self.kind != "move":
            raise InputError("only a move can jump", where="ability")
        if (self.kind == "custom") != bool(self.note) or any(ch.isspace() for ch in self.note):
            raise InputError("a custom ability has a one-word note, and only it", where="ability")
        if (self.then and self.kind != "custom") or any(b.then for a in self.then for b in a.then):
            raise InputError("only a custom ability has parts, two levels deep", where="ability")

    def boosted(self) -> Ability:
        """The ability with its element consumption paid: boosts applied, nothing left to consume.

        >>> str(Ability.parse("attack 3 consume air boost attack+1 boost pierce+1").boosted())
        'attack 4 pierce 1'
        """
        changes: dict[str, object] = {"consume": (), "boost": ()}
        value, pierce, rng, targets = self.value, self.pierce, self.range, self.targets
        push, pull, adds = self.push, self.pull, list(self.adds)
        for b in self.boost:
            word, op, n = _BOOST_PARTS.fullmatch(b).groups()  # type: ignore[union-attr]
            if word == "with":
                adds.append(Condition.parse(n))
                continue
            k = int(n) * (-1 if op == "-" else 1)
            if word == "attack":
                value += k
            elif word == "pierce":
                pierce += k
            elif word == "range":
                rng += k
            elif word == "target":
                targets = k
            elif word == "push":
                push = k
            elif word == "pull":
                pull = k
        changes.update(value=value, pierce=pierce, range=rng, targets=targets, push=push, pull=pull)
        changes["adds"] = tuple(dict.fromkeys(adds))
        return msgspec.structs.replace(self, **changes)

    @property
    def self_resolved(self) -> bool:
        """Resolved by the engine itself (no target, path or modifier draw needed)."""
        return self.kind in SELF_RESOLVED and (self.range == 0 or self.kind == "retaliate")

    @property
    def negative(self) -> bool:
        """Mandatory for the figure that performs it (§3.4): damage to self, negative conditions,
        stand-alone infusions and XP."""
        if self.kind in ("suffer", "infuse", "xp"):
            return True
        return self.kind == "condition" and self.condition is not None and self.condition.negative

    def __str__(self) -> str:
        parts: list[str] = [self.kind]
        if self.kind in _VALUED:
            parts.append(str(self.value))
        if self.condition is not None:
            parts.append(self.condition.value)
        if self.note:
            parts.append(self.note)
        if self.element is not None:
            parts.append(self.element.value)
        if self.targets == 0:
            parts += ["target", "all"]
        for word, number, default in (
            ("range", self.range, 0),
            ("target", self.targets if self.targets else 1, 1),
            ("pierce", self.pierce, 0),
            ("push", self.push, 0),
            ("pull", self.pull, 0),
        ):
            if number != default:
                parts += [word, str(number)]
        for c in self.adds:
            parts += ["with", c.value]
        for card in self.card_adds:
            parts += ["with", card]
        if self.area:
            parts += ["area", "/".join(f"{q},{r}" for q, r in self.area)]
        for e in self.consume:
            parts += ["consume", e.value]
        for b in self.boost:
            parts += ["boost", b]
        if self.jump:
            parts.append("jump")
        for a in self.then:
            parts += ["then", str(a).replace(":", ";").replace(" ", ":")]
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Ability:
        """``kind [value] [condition|element|note] [range N] [target N] [pierce N] [push N]
        [pull N] [with CONDITION]... [area Q,R/Q,R...] [jump]``; the inverse of ``str``.

        >>> str(Ability.parse("attack 2 pierce 1 with poison with wound target 2"))
        'attack 2 target 2 pierce 1 with poison with wound'
        >>> Ability.parse("attack 3 area 1,-1/1,0").area
        ((1, -1), (1, 0))
        """
        tokens = text.split()
        where = f"ability {text!r}"
        if not tokens:
            raise InputError("empty ability text", where="ability")
        kind, rest = tokens[0], tokens[1:]
        if kind not in _VALUED | {"condition", "infuse", "negate", "custom"}:
            raise InputError(f"unknown ability kind {kind!r}", where=where)
        fields: dict[str, object] = {"kind": kind}
        adds: list[Condition] = []
        try:
            if kind in _VALUED:
                fields["value"], rest = int(rest[0]), rest[1:]
            if kind == "condition":
                fields["condition"], rest = Condition.parse(rest[0]), rest[1:]
            if kind == "infuse":
                fields["element"], rest = Element.parse(rest[0]), rest[1:]
            if kind == "custom":
                fields["note"], rest = rest[0], rest[1:]
            while rest:
                word = rest[0]
                if word == "target" and rest[1] == "all":
                    fields["targets"], rest = 0, rest[2:]
                elif word in ("range", "target", "pierce", "push", "pull"):
                    fields["targets" if word == "target" else word], rest = int(rest[1]), rest[2:]
                elif word == "with" and rest[1] in ("bless", "curse"):
                    fields["card_adds"] = (*fields.get("card_adds", ()), rest[1])  # type: ignore[misc]
                    rest = rest[2:]
                elif word == "with":
                    adds.append(Condition.parse(rest[1]))
                    rest = rest[2:]
                elif kind == "custom" and word in _ELEMENT_NAMES and "element" not in fields:
                    fields["element"], rest = Element(word), rest[1:]
                elif word == "jump":
                    fields["jump"], rest = True, rest[1:]
                elif word == "consume":
                    fields["consume"] = (*fields.get("consume", ()), Element.parse(rest[1]))  # type: ignore[misc]
                    rest = rest[2:]
                elif word == "boost":
                    fields["boost"] = (*fields.get("boost", ()), rest[1])  # type: ignore[misc]
                    rest = rest[2:]
                elif word == "area":
                    fields["area"] = tuple(tuple(int(x) for x in h.split(",")) for h in rest[1].split("/"))
                    rest = rest[2:]
                elif word == "then":
                    part = Ability.parse(rest[1].replace(":", " ").replace(";", ":"))
                    fields["then"] = (*fields.get("then", ()), part)  # type: ignore[misc]
                    rest = rest[2:]
                else:
                    raise InputError(f"unexpected {word!r}", where=where)
        except (IndexError, ValueError):
            raise InputError("expected 'kind [value] [options]'", where=where) from None
        if adds:
            fields["adds"] = tuple(adds)
        try:
            return msgspec.convert(fields, cls)
        except msgspec.ValidationError as exc:
            raise InputError(str(exc), where=where) from None
