"""Where the active monster can stand and whom it can attack from there (rules digest §11).

:class:`Reach` holds what one monster turn's search needs about the board: the movement field
(negative hexes and movement points to every hex), line of sight, range, the placements of an
area attack and, per hex, the enemies one attack could take. Every query is memoised; the
procedure itself (focus, target sets, destination) is :mod:`.solver`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from delvekit.core.hexes import Hex
from delvekit.core.los import Sight, sight_for
from delvekit.core.paths import INF, Grid, Mover, grid, move_search
from delvekit.gloomhaven.monster_ai.turn import MonsterTurn, validate


@dataclass
class Aim:
    """One way to aim the attack from one hex; placements with the same area targets are one."""

    pre: tuple[int, ...]
    """Targets inside the area (figure indices, sorted)."""
    hexes: tuple[Hex, ...]
    k: int
    """How many extra single targets the attack takes here (as many as it may)."""
    avail: tuple[int, ...]
    """Targetable enemies outside the area, best extra target first."""
    weights: tuple[tuple[int, int], ...]
    """Per ``avail`` entry: (adds disadvantage where that ranks targets, focus rank)."""


@dataclass
class Spot:
    """Who can be attacked from one hex (``targetable``) and every way to aim the attack there."""

    targetable: list[int]
    places: list[Aim]


class Reach:
    """One monster turn's board as the search sees it (see the module docstring)."""

    def __init__(self, turn: MonsterTurn) -> None:
        validate(turn)
        self.turn = turn
        rules = turn.ruleset
        self.rules = rules
        board = turn.board
        g: Grid = grid(board)
        self.g = g
        ab = turn.ability
        self.ability = ab
        me = turn.active()
        self.me = me
        self.start = g.index[me.hex]
        figs = turn.figures
        self.figs = figs
        self.fig_at: dict[int, int] = {g.index[f.hex]: k for k, f in enumerate(figs)}
        enemies = [k for k, f in enumerate(figs) if f.side != me.side]
        allies = [k for k, f in enumerate(figs) if f.side == me.side and not f.active]
        self.enemies = enemies
        self.pool = [k for k in enemies if not figs[k].invisible]
        if ab.teleport:
            mode: Literal["walk", "jump", "fly", "teleport"] = "teleport"
        elif ab.flying:
            mode = "fly"
        elif ab.jump:
            mode = "jump"
        else:
            mode = "walk"
        self.mover = Mover(
            mode=mode,
            enemies=frozenset(figs[k].hex for k in enemies),
            allies=frozenset(figs[k].hex for k in allies),
            ends_on_obstacles=ab.flying,
            landing_negative=not ab.flying,
            jump_pays_difficult_on_landing=rules.jump_pays_difficult_on_landing,
        )
        self.search = move_search(board, me.hex, self.mover)
        fld = self.search.field
        self.neg = fld.negative
        self.pts = fld.points
        self.can_end = fld.can_end
        self.sight: Sight = sight_for(board, rules.los)
        atk = ab.attack
        self.atk = atk
        self.melee = atk is None or atk.range == 0
        self.rng = 1 if self.melee else (atk.range if atk else 1)
        self.susceptible = atk is not None and not self.melee and not ab.muddled
        if atk is None:
            self.plus = -1
        elif atk.targets == "all":
            self.plus = INF
        else:
            self.plus = atk.targets - 1
        self.all_targets = atk is not None and atk.targets == "all"
        self.aoe = atk.aoe if atk is not None else None
        self._spots: dict[tuple[int, int], Spot] = {}
        self._most: dict[int, list[int]] = {}
        self._area_prox: dict[int, list[int]] = {}
        self._area_reach: dict[int, list[int]] = {}
        self.fhex = [g.index[f.hex] for f in figs]
        self.figs_by_id = {f.id: f for f in figs}
        self.rank: dict[int, int] = {}
        self.n_ranks = 1
        self._los: dict[tuple[int, int], bool] = {}
        self.shapes = self.aoe.shapes() if self.aoe else []
        self.melee_zone = {h for shape in self.shapes for h in shape}
        # Locations the monster may end on, cheapest first.
        packed = [n * INF + p for n, p in zip(self.neg, self.pts, strict=True)]
        self.ends = sorted(
            (i for i in range(len(g)) if self.can_end[i] and self.pts[i] < INF), key=packed.__getitem__
        )
        self.order = {k: self._initiative_key(k) for k in enemies}
        self.from_start = g.proximity(self.start)

    # --- small memoised queries -----------------------------------------------------------

    def prox(self, i: int) -> list[int]:
        """Range (around walls) from hex ``i``, up to the attack's range."""
        return self.g.proximity(i, self.rng)

    def area_prox(self, i: int) -> list[int]:
        """Range from ``i`` to the hexes of a free area (into wall hexes when the FAQ ruling is on)."""
        if not self.rules.area_in_range_hex_may_be_wall:
            return self.prox(i)
        got = self._area_prox.get(i)
        if got is None:
            got = self.g.proximity_from([i], self.rng, into_walls=True)
            self._area_prox[i] = got
        return got

    def los(self, i: int, j: int) -> bool:
        key = (i, j) if i <= j else (j, i)
        got = self._los.get(key)
        if got is None:
            got = self.sight.visible(self.g.hexes[i], self.g.hexes[j])
            self._los[key] = got
        return got

    def adjacent(self, i: int, j: int) -> bool:
        return j in self.g.step[i] and not self.g.wall[j]

    def fig_hex(self, k: int) -> int:
        return self.fhex[k]

    def _initiative_key(self, k: int) -> tuple[int, int]:
        f = self.figs[k]
        if f.summon_of is not None:
            owner = next(o for o in self.figs if o.id == f.summon_of)
            return (owner.initiative, 0)
        return (f.initiative, 1)

    def focus_rank_info(self, k: int) -> tuple[int, int, int]:
        prox = 0 if not self.rules.proximity_breaks_focus_ties else self.from_start[self.fig_hex(k)]
        a, b = self.order[k]
        return (prox, a, b)

    # --- area placements ----------------------------------------------------------------------

    def melee_placements(self, loc: int, heeded: list[int]) -> list[tuple[tuple[int, ...], tuple[Hex, ...]]]:
        out = []
        h0 = self.g.hexes[loc]
        for shape in self.shapes:
            hexes = tuple((h0[0] + dq, h0[1] + dr) for dq, dr in shape)
            pre = []
            for h in hexes:
                j = self.g.index.get(h, -1)
                if j >= 0:
                    k = self.fig_at.get(j, -1)
                    if k >= 0 and k in heeded and self.los(j, loc):
                        pre.append(k)
            out.append((tuple(pre), hexes))
        return out

    def free_placements(
        self, heeded: list[int]
    ) -> list[tuple[tuple[Hex, ...], tuple[int, ...], tuple[int, ...]]]:
        """Distinct placements of a free area covering at least one heeded enemy:
        (hexes, on-board hex indices, heeded enemies inside)."""
        key = tuple(heeded)
        cache = self.__dict__.setdefault("_free_cache", {})
        if key in cache:
            got: list[tuple[tuple[Hex, ...], tuple[int, ...], tuple[int, ...]]] = cache[key]
            return got
        seen: set[tuple[Hex, ...]] = set()
        out = []
        heeded_set = set(heeded)
        for k in heeded:
            c = self.figs[k].hex
            for shape in self.shapes:
                for pin in shape:
                    hexes = tuple(sorted((c[0] + dq - pin[0], c[1] + dr - pin[1]) for dq, dr in shape))
                    if hexes in seen:
                        continue
                    seen.add(hexes)
                    idx = tuple(self.g.index[h] for h in hexes if h in self.g.index)
                    inside = tuple(
                        kk for kk in (self.fig_at.get(j, -1) for j in idx) if kk >= 0 and kk in heeded_set
                    )
                    out.append((hexes, idx, inside))
        cache[key] = out
        return out

    def reach_of(self, k: int) -> list[int]:
        """Steps from enemy ``k`` to every hex within attack range (range is symmetric)."""
        return self.g.proximity(self.fhex[k], self.rng)

    def area_reach_of(self, k: int) -> list[int]:
        """Steps to every hex from the nearest non-wall hex of any free-area placement that
        covers enemy ``k`` (within attack range)."""
        got = self._area_reach.get(k)
        if got is None:
            wall = self.g.wall
            walls_ok = self.rules.area_in_range_hex_may_be_wall
            zone = {j for _h, idx, _in in self.free_placements([k]) for j in idx if walls_ok or not wall[j]}
            got = self.g.proximity_from(sorted(zone), self.rng)
            self._area_reach[k] = got
        return got

    def attackable(self, loc: int, k: int) -> bool:
        """Could this attack reach enemy ``k`` from ``loc`` (range and area only; no LOS)?"""
        if (self.aoe is None or self.plus > 0) and self.reach_of(k)[loc] <= self.rng:
            return True
        if self.aoe is None:
            return False
        if self.aoe.anchor == "attacker":
            h0 = self.g.hexes[loc]
            ch = self.figs[k].hex
            return any((h0[0] + dq, h0[1] + dr) == ch for shape in self.shapes for dq, dr in shape)
        return self.area_reach_of(k)[loc] <= self.rng

    def most_targets(self, heeded: list[int]) -> list[int]:
        """Per hex, an upper bound on the targets of one attack from there (range and area
        reach only, no line of sight); memoised per heeded set."""
        key = heeded[0] if len(heeded) == 1 else -1
        got = self._most.get(key)
        if got is not None:
            return got
        rng = self.rng
        aoe = self.aoe
        n = len(self.g)
        counts = [0] * n
        for k in heeded:
            near = self.reach_of(k)
            if aoe is not None and aoe.anchor == "free":
                far = self.area_reach_of(k)
                for i in range(n):
                    if near[i] <= rng or far[i] <= rng:
                        counts[i] += 1
            elif aoe is not None:
                ch = self.figs[k].hex
                zone = self.melee_zone
                hexes = self.g.hexes
                for i in range(n):
                    h0 = hexes[i]
                    if near[i] <= rng or (ch[0] - h0[0], ch[1] - h0[1]) in zone:
                        counts[i] += 1
            else:
                for i in range(n):
                    if near[i] <= rng:
                        counts[i] += 1
        if not self.all_targets:
            if aoe is None:
                cap = 1 + max(0, self.plus)
            else:
                cap = max(len(shape) for shape in self.shapes) + self.plus
            counts = [min(c, cap) for c in counts]
        self._most[key] = counts
        return counts

    def spot(self, loc: int, heeded: list[int]) -> Spot:
        """Who can be attacked from ``loc`` and how (independent of the focus; memoised)."""
        key = (loc, heeded[0] if len(heeded) == 1 else -1)
        got = self._spots.get(key)
        if got is not None:
            return got
        rng = self.rng
        fh = self.fhex
        targetable = [k for k in heeded if self.reach_of(k)[loc] <= rng and self.los(fh[k], loc)]
        raw: dict[tuple[int, ...], tuple[Hex, ...]] = {}
        if self.aoe is None:
            raw[()] = ()
            extra = INF if self.all_targets else 1 + max(0, self.plus)
        else:
            extra = INF if self.all_targets else self.plus
            if self.aoe.anchor == "attacker":
                for pre, hexes in self.melee_placements(loc, heeded):
                    if pre:
                        raw.setdefault(tuple(sorted(pre)), hexes)
            else:
                p = self.area_prox(loc)
                for hexes, idx, inside in self.free_placements(heeded):
                    if not inside or not any(p[j] <= rng for j in idx):
                        continue
                    pre = tuple(sorted(k for k in inside if self.los(fh[k], loc)))
                    if pre:
                        raw.setdefault(pre, hexes)
        weigh_adjacent = self.susceptible and not self.rules.prioritize_no_disadvantage_on_focus
        rank = self.rank
        places = []
        for pre, hexes in raw.items():
            avail = [k for k in targetable if k not in pre]
            wts = {k: (int(weigh_adjacent and self.adjacent(loc, fh[k])), rank[k]) for k in avail}
            avail.sort(key=lambda k: (wts[k], k))
            k_extra = len(avail) if extra >= INF else min(extra, len(avail))
            places.append(Aim(pre, hexes, k_extra, tuple(avail), tuple(wts[k] for k in avail)))
        got = Spot(targetable, places)
        self._spots[key] = got
        return got
