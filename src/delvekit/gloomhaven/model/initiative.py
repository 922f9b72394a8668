"""Initiative order and every tie rule of rules digest §3.3.

Actors are characters (their leading card's initiative, or 99 for a long rest) and monster types
(their revealed ability card). Character summons are not sorted: each acts immediately before its
summoner, in the order summoned (§3.3 rule 4, :func:`with_summons`). Monsters inside a type act
elites first, then normals, each by ascending standee number (rule 5, :func:`monster_order`).

Ties the rules do not settle are the players' decision. :func:`tie_groups` cuts the sorted actors
into groups of equal initiative; inside a group :func:`first_candidates` lists the actors that may
go next (no other member of the group must precede them), so the engine offers exactly those.

Worked example (rulebook p.18, §18.4):

>>> actors = [Actor.character("brute", 61, 15), Actor.character("scoundrel", 86, 20),
...           Actor.monster("living-bones", 45), Actor.monster("bandit-archer", 32)]
>>> [a.id for a in settle(actors, lambda group: group[0])]
['bandit-archer', 'living-bones', 'brute', 'scoundrel']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Literal, TypeAlias

import msgspec

Initiative: TypeAlias = int
LONG_REST_INITIATIVE: Initiative = 99

ActorKind: TypeAlias = Literal["character", "monster"]


class Actor(msgspec.Struct, frozen=True):
    """One entry of the initiative track. ``secondary`` is a character's non-leading card (``None``
    for a long rest, which has no cards to compare)."""

    id: str
    kind: ActorKind
    initiative: Initiative
    secondary: Initiative | None = None

    @classmethod
    def character(cls, id: str, leading: Initiative, other: Initiative | None) -> Actor:
        return cls(id, "character", leading, other)

    @classmethod
    def long_rest(cls, id: str) -> Actor:
        return cls(id, "character", LONG_REST_INITIATIVE, None)

    @classmethod
    def monster(cls, type_name: str, initiative: Initiative) -> Actor:
        return cls(type_name, "monster", initiative)


def precedes(a: Actor, b: Actor) -> bool | None:
    """``True`` if ``a`` acts before ``b`` by the rules, ``False`` if after, ``None`` if the
    players decide (§3.3 rules 1–3 and 6).

    >>> precedes(Actor.character("a", 20, 30), Actor.character("b", 20, 40))
    True
    >>> precedes(Actor.monster("m", 20), Actor.character("c", 20, 90))
    False
    >>> precedes(Actor.long_rest("a"), Actor.character("b", 99, 10)) is None
    True
    """
    if a.initiative != b.initiative:
        return a.initiative < b.initiative
    if a.kind != b.kind:
        return a.kind == "character"
    sa, sb = a.secondary, b.secondary
    if a.kind == "character" and sa is not None and sb is not None and sa != sb:
        return sa < sb
    return None


def tie_groups(actors: Iterable[Actor]) -> list[list[Actor]]:
    """Actors sorted into groups of equal (initiative, kind): characters before monsters at equal
    initiative; within a group, characters by non-leading card where that decides. A group of
    more than one actor may still need the players' decision (:func:`first_candidates`)."""
    ordered = sorted(
        actors,
        key=lambda a: (
            a.initiative,
            0 if a.kind == "character" else 1,
            LONG_REST_INITIATIVE + 1 if a.secondary is None else a.secondary,
            a.id,
        ),
    )
    groups: list[list[Actor]] = []
    for actor in ordered:
        if groups and (groups[-1][0].initiative, groups[-1][0].kind) == (actor.initiative, actor.kind):
            groups[-1].append(actor)
        else:
            groups.append([actor])
    return groups


def first_candidates(group: Sequence[Actor]) -> list[Actor]:
    """The members of a tie group that may act first: those no other member must precede."""
    return [a for a in group if not any(precedes(b, a) is True for b in group if b is not a)]


def settle(actors: Iterable[Actor], decide: Callable[[list[Actor]], Actor]) -> list[Actor]:
    """The full order; ``decide`` picks among :func:`first_candidates` whenever more than one may
    go next (a tie the players settle). The engine asks the same question as a decision."""
    out: list[Actor] = []
    for group in tie_groups(actors):
        rest = list(group)
        while rest:
            candidates = first_candidates(rest)
            pick = candidates[0] if len(candidates) == 1 else decide(candidates)
            if pick not in candidates:
                raise ValueError(f"{pick.id} may not act first among {[a.id for a in candidates]}")
            out.append(pick)
            rest.remove(pick)
    return out


def with_summons(order: Iterable[str], summons: Mapping[str, Sequence[str]]) -> list[str]:
    """Insert each character's summons (in summoning order) immediately before the character.

    >>> with_summons(["orc", "tinkerer", "brute"], {"tinkerer": ["drone", "decoy"]})
    ['orc', 'drone', 'decoy', 'tinkerer', 'brute']
    """
    out: list[str] = []
    for actor in order:
        out.extend(summons.get(actor, ()))
        out.append(actor)
    return out


Rank: TypeAlias = Literal["elite", "normal", "boss"]


def monster_order(monsters: Iterable[tuple[Rank, int, str]]) -> list[str]:
    """Figure ids of one type in activation order: elites (and a boss) first, then normals, each by
    ascending standee number. Input: ``(rank, standee, figure_id)``.

    >>> monster_order([("normal", 1, "g1"), ("elite", 4, "g4"), ("normal", 3, "g3"), ("elite", 2, "g2")])
    ['g2', 'g4', 'g1', 'g3']
    """
    return [fid for _, _, fid in sorted(monsters, key=lambda m: (m[0] == "normal", m[1]))]
