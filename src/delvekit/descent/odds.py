"""Exact Descent attack odds by enumeration (rules digest §1.9, §4.6): no sampling.

The attack pool is convolved die by die into a distribution over (miss, range, hearts, surges);
the defence pool into a distribution over shields. ``damage`` is hearts minus shields (at least 0,
and 0 on a miss) with no surge spent; ``surges`` and ``range`` are 0 on a miss. With surge
abilities and a required range, each surge is spent the best way for that very roll (the
defence dice are rolled with the attack, so the attacker knows the shields, §4.6 step 4): first
to reach the range, then for the most damage; each ability once per attack (§4.6).

>>> o = attack_odds(("blue", "red"), ("gray",))
>>> o.miss
Fraction(1, 6)
>>> sum(o.damage.values())
Fraction(1, 1)
>>> summary(("blue", "yellow"))["surges_at_least"][1]
Fraction(2, 3)
>>> attribute_test_pass(3)
Fraction(19, 36)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from delvekit.core.errors import InputError
from delvekit.descent.dice import DICE

Outcome = tuple[bool, int, int, int]  # miss, range, hearts, surges


@lru_cache(maxsize=256)
def attack_outcomes(dice: tuple[str, ...]) -> dict[Outcome, Fraction]:
    """P(miss, range, hearts, surges) of the raw roll (the blue X's other dice still counted)."""
    dist: dict[Outcome, Fraction] = {(False, 0, 0, 0): Fraction(1)}
    for name in dice:
        step: dict[Outcome, Fraction] = {}
        for (miss, rng, hearts, surges), p in dist.items():
            for face in DICE[name].faces:
                key = (miss or face.miss, rng + face.range, hearts + face.hearts, surges + face.surges)
                step[key] = step.get(key, Fraction(0)) + p / 6
        dist = step
    return dist


@lru_cache(maxsize=256)
def shield_outcomes(dice: tuple[str, ...]) -> dict[int, Fraction]:
    """P(total shields) of a defence pool (an empty pool always rolls 0)."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for name in dice:
        step: dict[int, Fraction] = {}
        for shields, p in dist.items():
            for face in DICE[name].faces:
                step[shields + face.shields] = step.get(shields + face.shields, Fraction(0)) + p / 6
        dist = step
    return dist


@dataclass(frozen=True)
class SurgeAbility:
    """One surge ability: its cost in surges and what it adds (hearts, range, pierce)."""

    text: str
    cost: int = 1
    hearts: int = 0
    range: int = 0
    pierce: int = 0


_ABILITY = re.compile(r"^(?:(\d+):)?(?:\+(\d+)(heart|hearts|range)|pierce\s*(\d+))$")


def parse_surges(text: str) -> tuple[SurgeAbility, ...]:
    """``"+1heart,+2range,pierce2,2:+3heart"``: one ability per item (``N:`` = costs N surges).
    Two identical items are two abilities, both usable in one attack (§4.6)."""
    out = []
    for part in (p.strip().lower() for p in text.split(",")):
        if not part:
            continue
        m = _ABILITY.match(part.replace(" ", ""))
        if m is None:
            raise InputError(
                f"unknown surge ability {part!r} (write +1heart, +2range, pierce2, or 2:+3heart)",
                where="--surges-for",
            )
        cost = int(m.group(1) or 1)
        if cost < 1:
            raise InputError(f"a surge ability costs at least 1 surge: {part!r}", where="--surges-for")
        if m.group(4) is not None:
            out.append(SurgeAbility(part, cost, pierce=int(m.group(4))))
        elif m.group(3) == "range":
            out.append(SurgeAbility(part, cost, range=int(m.group(2))))
        else:
            out.append(SurgeAbility(part, cost, hearts=int(m.group(2))))
    if len(out) > 10:
        raise InputError("at most 10 surge abilities", where="--surges-for")
    return tuple(out)


def best_spend(
    rolled_range: int, hearts: int, surges: int, shields: int, abilities: Sequence[SurgeAbility], need: int
) -> tuple[bool, int, tuple[int, ...]]:
    """(hit, damage, indices of abilities used): reach ``need`` range if possible, then the most
    damage; among equals the fewest surges, then the first abilities listed."""
    best: tuple[bool, int, tuple[int, ...]] = (False, 0, ())
    best_key: tuple[int, int, int] | None = None
    n = len(abilities)
    for size in range(n + 1):
        for combo in itertools.combinations(range(n), size):
            cost = sum(abilities[i].cost for i in combo)
            if cost > surges:
                continue
            rng = rolled_range + sum(abilities[i].range for i in combo)
            if rng < need:
                continue
            pierce = sum(abilities[i].pierce for i in combo)
            dmg = max(0, hearts + sum(abilities[i].hearts for i in combo) - max(0, shields - pierce))
            key = (dmg, -cost, -size)
            if best_key is None or key > best_key:
                best, best_key = (True, dmg, combo), key
    return best


@dataclass(frozen=True)
class AttackOdds:
    """The issue's JSON contract plus, when asked, the odds after spending surges."""

    attack: tuple[str, ...]
    defense: tuple[str, ...]
    miss: Fraction
    damage: dict[int, Fraction]
    surges: dict[int, Fraction]
    range: dict[int, Fraction]
    need_range: int = 0
    abilities: tuple[SurgeAbility, ...] = ()
    hit: Fraction | None = None
    spent_damage: dict[int, Fraction] = field(default_factory=dict)

    def expected(self, dist: dict[int, Fraction]) -> Fraction:
        return sum((n * p for n, p in dist.items()), Fraction(0))

    def to_json(self) -> dict[str, object]:
        def js(d: dict[int, Fraction]) -> dict[str, float]:
            return {str(n): float(p) for n, p in sorted(d.items())}

        out: dict[str, object] = {
            "miss": float(self.miss),
            "damage": js(self.damage),
            "surges": js(self.surges),
            "range": js(self.range),
        }
        if self.hit is not None:
            out["with_surges"] = {
                "abilities": [a.text for a in self.abilities],
                "need_range": self.need_range,
                "hit": float(self.hit),
                "damage": js(self.spent_damage),
                "expected_damage": float(self.expected(self.spent_damage)),
            }
        return out


def _add(d: dict[int, Fraction], key: int, p: Fraction) -> None:
    d[key] = d.get(key, Fraction(0)) + p


def attack_odds(
    attack: Sequence[str],
    defense: Sequence[str] = (),
    *,
    abilities: Sequence[SurgeAbility] = (),
    need_range: int = 0,
    spend: bool = False,
) -> AttackOdds:
    """Exact odds of one attack (``spend``: also the damage after the best surge spending with
    ``abilities`` and a required range of ``need_range``; implied by either being given)."""
    if need_range < 0:
        raise InputError(f"the range needed is 0 or more, got {need_range}", where="--range")
    atk = attack_outcomes(tuple(attack))
    shields = shield_outcomes(tuple(defense))
    miss = Fraction(0)
    damage: dict[int, Fraction] = {}
    surges: dict[int, Fraction] = {}
    ranges: dict[int, Fraction] = {}
    for (is_miss, rng, hearts, srg), p in atk.items():
        if is_miss:
            miss += p
            for d in (damage, surges, ranges):
                _add(d, 0, p)
            continue
        _add(surges, srg, p)
        _add(ranges, rng, p)
        for sh, q in shields.items():
            _add(damage, max(0, hearts - sh), p * q)
    spend = spend or bool(abilities) or need_range > 0
    if not spend:
        return AttackOdds(tuple(attack), tuple(defense), miss, damage, surges, ranges)
    hit = Fraction(0)
    spent: dict[int, Fraction] = {}
    cache: dict[tuple[int, int, int, int], tuple[bool, int, tuple[int, ...]]] = {}
    for (is_miss, rng, hearts, srg), p in atk.items():
        if is_miss:
            _add(spent, 0, p)
            continue
        for sh, q in shields.items():
            key = (rng, hearts, srg, sh)
            if key not in cache:
                cache[key] = best_spend(rng, hearts, srg, sh, abilities, need_range)
            ok, dmg, _ = cache[key]
            if ok:
                hit += p * q
            _add(spent, dmg if ok else 0, p * q)
    return AttackOdds(
        tuple(attack), tuple(defense), miss, damage, surges, ranges, need_range, tuple(abilities), hit, spent
    )


def summary(attack: Sequence[str]) -> dict[str, object]:
    """The wiki's table row (§1.9): average range and hearts given no miss, P(at least k surges)
    counting every die's surges even on a miss (the wiki's convention), and P(miss)."""
    atk = attack_outcomes(tuple(attack))
    miss = sum((p for (m, *_), p in atk.items() if m), Fraction(0))
    hit = 1 - miss
    avg_range = sum((p * r for (m, r, _, _), p in atk.items() if not m), Fraction(0))
    avg_hearts = sum((p * h for (m, _, h, _), p in atk.items() if not m), Fraction(0))
    at_least = {k: sum((p for (_, _, _, s), p in atk.items() if s >= k), Fraction(0)) for k in (1, 2, 3)}
    return {
        "avg_range_hit": avg_range / hit if hit else Fraction(0),
        "avg_hearts_hit": avg_hearts / hit if hit else Fraction(0),
        "surges_at_least": at_least,
        "miss": miss,
    }


def attribute_test_pass(attribute: int) -> Fraction:
    """P(pass) of an attribute test: 1 gray + 1 black, pass if shields <= the attribute (§4.8)."""
    return sum((p for s, p in shield_outcomes(("gray", "black")).items() if s <= attribute), Fraction(0))
