"""The monster AI: focus, movement and targets for one monster's turn (rules digest §11).

:func:`solve` takes a :class:`MonsterTurn` (board, figures, one ability, a ruleset) and returns
every :class:`Outcome` the players may choose among: where the monster ends its move and whom
it attacks. Ties are never broken silently; each outcome carries the focus and an explanation.

The procedure, for a monster with an attack (a monster without one moves as if it had a single
melee attack, and attacks nobody):

1. **Focus.** For every enemy, the cheapest hex (unlimited movement) from which this attack can
   reach it: cost = (negative hexes on the way, movement points). The focus minimises (that
   cost, proximity from the monster counted around walls - unless the ruleset says proximity
   does not break ties -, initiative order). Invisible enemies cannot be focused.
2. **Target set.** Over every end hex and every legal way to attack (area placements, extra
   targets), minimise: negative hexes on the way; not reachable this turn; disadvantage on the
   focus (ranged attack on an adjacent focus); more targets; path length; extra targets ranked
   like foci. (Frosthaven orders more targets before disadvantage, and counts disadvantaged
   targets; see the :class:`~delvekit.gloomhaven.model.rulesets.Ruleset` flags.)
3. **Destination.** Among hexes achieving one of the chosen target sets: fewest disadvantaged
   targets, then shortest path.
4. **Out of reach.** If the destination cannot be reached this turn the monster does not
   attack; it ends on the reachable hex minimising (negative hexes to it and on to the
   destination, remaining distance, movement spent), once per tied destination.

>>> from delvekit.core.board import Board
>>> from delvekit.core.hexes import disk
>>> turn = MonsterTurn(
...     board=Board.build(disk((0, 0), 3)),
...     figures=(Figure("A", "monster", (0, 0), active=True), Figure("C1", "character", (0, -3))),
...     ability=Ability(move=2, attack=Attack()),
... )
>>> [(o.destination, o.targets) for o in solve(turn)]
[((0, -2), ('C1',))]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Literal, TypeAlias

from delvekit.core.board import Board
from delvekit.core.errors import InputError
from delvekit.core.hexes import Hex, orientations
from delvekit.core.los import Sight, sight_for
from delvekit.core.paths import INF, Grid, Mover, grid, move_search
from delvekit.gloomhaven.model.rulesets import PRESETS, Ruleset

FigureId: TypeAlias = str
Side: TypeAlias = Literal["character", "monster"]
Orientations: TypeAlias = Literal["rotations_and_mirror", "rotations_only", "fixed"]


@dataclass(frozen=True)
class Figure:
    """A standee on the board. Characters carry their initiative (0 = unspecified: all equal)."""

    id: FigureId
    side: Side
    hex: Hex
    active: bool = False
    initiative: int = 0
    invisible: bool = False
    """Cannot be focused or targeted (it still occupies its hex)."""
    summon_of: FigureId | None = None
    """The owner of a summon: the summon comes before its owner in initiative order."""


@dataclass(frozen=True)
class AreaOfEffect:
    """An area attack's shape. ``attacker``: offsets from the attacker's hex (melee area);
    ``free``: a shape placed anywhere with at least one hex in range (ranged area)."""

    anchor: Literal["attacker", "free"]
    hexes: tuple[Hex, ...]
    orientations: Orientations = "rotations_and_mirror"

    def shapes(self) -> list[tuple[Hex, ...]]:
        """Every allowed orientation of the shape (offsets), without duplicates."""
        base = [h for h in self.hexes if not (self.anchor == "attacker" and h == (0, 0))]
        if self.orientations == "fixed":
            return [tuple(sorted(set(base)))]
        return orientations(base, mirrored=self.orientations == "rotations_and_mirror")


@dataclass(frozen=True)
class Attack:
    """``range`` 0 is melee. ``targets``: an integer (with an area: the area plus N-1 extra
    single targets) or ``"all"`` (every enemy in range)."""

    range: int = 0
    targets: int | Literal["all"] = 1
    aoe: AreaOfEffect | None = None


@dataclass(frozen=True)
class Ability:
    """One monster ability card line: a move (maybe jump/flying/teleport) and an attack."""

    move: int = 0
    jump: bool = False
    flying: bool = False
    teleport: bool = False
    muddled: bool = False
    attack: Attack | None = None


@dataclass(frozen=True)
class MonsterTurn:
    """Everything the AI needs: the board, every figure (one active), the ability, the rules."""

    board: Board
    figures: tuple[Figure, ...]
    ability: Ability
    ruleset: Ruleset = field(default_factory=lambda: PRESETS["gloomhaven"])

    def active(self) -> Figure:
        actives = [f for f in self.figures if f.active]
        if len(actives) != 1:
            raise InputError(f"exactly one active figure is needed, found {len(actives)}", where="figures")
        return actives[0]


@dataclass(frozen=True)
class Outcome:
    """One choice the players may make: where the monster ends and whom it attacks."""

    destination: Hex
    targets: tuple[FigureId, ...]
    focus: tuple[FigureId, ...] = ()
    path: tuple[Hex, ...] = ()
    attack_hexes: tuple[Hex, ...] = ()
    """The hex(es) the monster heads for (equal to the destination when it attacks now)."""
    aoe_hexes: tuple[Hex, ...] = ()
    """One area placement giving these targets (empty without an area attack)."""
    explanation: str = ""


def validate(turn: MonsterTurn) -> None:
    """Raise :class:`InputError` (naming the field) when the turn cannot be solved."""
    board = turn.board
    turn.active()
    seen: dict[Hex, str] = {}
    ids: set[str] = set()
    for i, f in enumerate(turn.figures):
        where = f"figures[{i}]"
        if f.id in ids:
            raise InputError(f"duplicate figure id {f.id!r}", where=f"{where}.id")
        ids.add(f.id)
        if f.hex not in board:
            raise InputError(f"hex {list(f.hex)} is not on the board", where=f"{where}.hex")
        if board.is_wall(f.hex) or f.hex in board.doors:
            raise InputError(f"hex {list(f.hex)} is a wall", where=f"{where}.hex")
        if f.hex in seen:
            raise InputError(f"hex {list(f.hex)} already holds {seen[f.hex]}", where=f"{where}.hex")
        seen[f.hex] = f.id
    for i, f in enumerate(turn.figures):
        if f.summon_of is not None:
            owner = next((o for o in turn.figures if o.id == f.summon_of), None)
            if owner is None or owner.side != f.side or owner.summon_of is not None:
                raise InputError(
                    f"summon_of {f.summon_of!r} names no figure of its side", where=f"figures[{i}].summon_of"
                )
    ab = turn.ability
    if ab.move < 0:
        raise InputError("move must be >= 0", where="ability.move")
    atk = ab.attack
    if atk is not None:
        if atk.range < 0:
            raise InputError("range must be >= 0", where="ability.attack.range")
        if atk.targets != "all" and (not isinstance(atk.targets, int) or atk.targets < 1):
            raise InputError("targets must be a positive integer or 'all'", where="ability.attack.targets")
        if atk.aoe is not None:
            if atk.aoe.anchor == "attacker" and atk.range != 0:
                raise InputError(
                    "an area anchored on the attacker is melee (range 0)", where="ability.attack.aoe"
                )
            if atk.aoe.anchor == "free" and atk.range == 0:
                raise InputError("a free area needs a range", where="ability.attack.aoe")
            if not atk.aoe.shapes() or not atk.aoe.shapes()[0]:
                raise InputError("the area has no hexes to attack", where="ability.attack.aoe.hexes")


# --- the solver -------------------------------------------------------------------------------

Key: TypeAlias = tuple[int, ...]
Group: TypeAlias = tuple[int, ...]
"""A target set: sorted figure indices."""


@dataclass
class _Placement:
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
class _Spot:
    targetable: list[int]
    places: list[_Placement]


Family: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], int]
"""Target sets ``base + any need of tied`` (tied enemies are interchangeable for the key)."""


@dataclass
class _Action:
    focus: set[int] = field(default_factory=set)
    heading: set[int] = field(default_factory=set)
    aoe: tuple[Hex, ...] = ()


def _fmt(h: Hex) -> str:
    return f"({h[0]}, {h[1]})"


class _Solver:
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
        self._spots: dict[tuple[int, int], _Spot] = {}
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

    def spot(self, loc: int, heeded: list[int]) -> _Spot:
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
            places.append(_Placement(pre, hexes, k_extra, tuple(avail), tuple(wts[k] for k in avail)))
        got = _Spot(targetable, places)
        self._spots[key] = got
        return got

    # --- the procedure ----------------------------------------------------------------------

    def focus(self) -> tuple[list[int], tuple[int, int], dict[int, tuple[int, ...]]]:
        """(tied foci, their (negative hexes, movement points) to attack, per-enemy keys)."""
        best: tuple[int, ...] | None = None
        foci: list[int] = []
        keys: dict[int, tuple[int, ...]] = {}
        for k in self.pool:
            c = self.fig_hex(k)
            for loc in self.ends:
                # Every enemy's own best key is kept (the explanation names the runner-up).
                here = (self.neg[loc], self.pts[loc])
                if self.attackable(loc, k) and self.los(c, loc):
                    info = self.focus_rank_info(k)
                    key = (*here, info[0], info[1], info[2])
                    keys[k] = key
                    if best is None or key < best:
                        best, foci = key, [k]
                    elif key == best:
                        foci.append(k)
                    break
        if best is None:
            return [], (INF, INF), keys
        return foci, (best[0], best[1]), keys

    def solve(self) -> list[Outcome]:
        foci, cost, keys = self.focus()
        if not foci:
            why = (
                "no enemy can be focused (none visible)"
                if not self.pool
                else "no enemy can be attacked from any hex the monster could reach"
            )
            return [
                Outcome(self.me.hex, (), (), (self.me.hex,), (), (), f"{why}: no focus, the monster stays.")
            ]
        can_attack_focus = cost[1] <= self.ability.move
        heed_only_focus = not self.rules.no_attack_move_toward_best_multiattack and not can_attack_focus
        infos = sorted({self.focus_rank_info(k) for k in self.pool})
        if self.rules.rank_secondary_targets:
            self.rank = {k: infos.index(self.focus_rank_info(k)) for k in self.pool}
            self.n_ranks = len(infos)
        else:
            self.rank = {k: 0 for k in self.pool}
            self.n_ranks = 1
        actions: dict[tuple[int, Group], _Action] = {}
        for f in foci:
            heeded = [f] if heed_only_focus else list(self.pool)
            self._solve_focus(f, heeded, actions)
        if not actions:
            return [
                Outcome(
                    self.me.hex, (), (), (self.me.hex,), (), (), "no legal move found: the monster stays."
                )
            ]
        return self._outcomes(actions, foci, keys, cost, can_attack_focus)

    def _solve_focus(self, f: int, heeded: list[int], actions: dict[tuple[int, Group], _Action]) -> None:
        prioritize = self.rules.prioritize_no_disadvantage_on_focus
        susceptible = self.susceptible
        move = self.ability.move
        fh = self.fhex
        ff = fh[f]
        best: Key | None = None
        families: set[Family] = set()
        if self.aoe is None and not self.all_targets and self.plus <= 0:
            heeded = [f]  # a single target: only the focus can be attacked
        most_at = self.most_targets(heeded)
        for loc in self.ends:
            if not self.attackable(loc, f):
                continue  # every target set holds the focus
            neg = self.neg[loc]
            reach = -int(self.pts[loc] <= move)
            disadv_f = int(susceptible and self.adjacent(loc, ff))
            if best is not None:
                if (neg, reach) > best[:2]:
                    continue
                if prioritize and (neg, reach, disadv_f) > best[:3]:
                    continue
                # Cheap bound before any line of sight: at most this many targets from here.
                most = -most_at[loc]
                if prioritize:
                    if (neg, reach, disadv_f, most, self.pts[loc]) > best[:5]:
                        continue
                elif (neg, reach, most) > best[:3]:
                    continue
            sp = self.spot(loc, heeded)
            if self.aoe is None and f not in sp.targetable:
                continue
            for pl in sp.places:
                got = self._family(loc, f, pl, disadv_f, reach, prioritize)
                if got is None:
                    continue
                key, fam = got
                if best is None or key < best:
                    best, families = key, {fam}
                elif key == best:
                    families.add(fam)
        if best is None:
            return
        best_count = -best[3 if prioritize else 2]
        fams = [(b, t, n, frozenset(b), frozenset(t)) for b, t, n in sorted(families)]
        best_dest: tuple[int, int] | None = None
        dests: dict[tuple[int, Group], tuple[Hex, ...]] = {}
        for loc in self.ends:
            if self.neg[loc] != best[0] or -int(self.pts[loc] <= move) != best[1]:
                continue
            if prioritize and int(susceptible and self.adjacent(loc, ff)) != best[2]:
                continue
            if most_at[loc] < best_count:
                continue
            sp = self.spot(loc, heeded)
            pts = self.pts[loc]
            for pl in sp.places:
                if len(pl.pre) + pl.k != best_count:
                    continue
                pre = set(pl.pre)
                avail = set(pl.avail)
                reachable = pre | avail
                for base, tied, need, base_set, tied_set in fams:
                    extra_pre = pre - base_set
                    if not extra_pre <= tied_set or not base_set <= reachable:
                        continue
                    rest = need - len(extra_pre)
                    pool = [k for k in tied if k not in extra_pre and k in avail]
                    if rest < 0 or len(pool) < rest:
                        continue
                    fixed = list(base) + sorted(extra_pre)
                    if susceptible:
                        adj_fixed = sum(1 for k in fixed if self.adjacent(loc, fh[k]))
                        far = [k for k in pool if not self.adjacent(loc, fh[k])]
                        near = [k for k in pool if self.adjacent(loc, fh[k])]
                    else:
                        adj_fixed, far, near = 0, pool, []
                    extra_adj = max(0, rest - len(far))
                    key2 = (adj_fixed + extra_adj, pts)
                    if best_dest is not None and key2 > best_dest:
                        continue
                    if best_dest is None or key2 < best_dest:
                        best_dest, dests = key2, {}
                    if rest <= len(far):
                        picks = [list(c) for c in combinations(far, rest)]
                    else:
                        picks = [far + list(c) for c in combinations(near, rest - len(far))]
                    for pick in picks:
                        dests.setdefault((loc, tuple(sorted(fixed + pick))), pl.hexes)
        if best[1] == -1:
            for (loc, grp), hexes in dests.items():
                targets: Group = grp if self.plus >= 0 else ()
                act = actions.setdefault((loc, targets), _Action())
                act.focus.add(f)
                act.heading.add(loc)
                if not act.aoe and targets:
                    act.aoe = hexes
            return
        for dest in sorted({loc for loc, _ in dests}):
            to_neg, to_pts = self.search.to(dest)
            best_move: tuple[int, int, int] | None = None
            chosen: list[int] = []
            for loc in range(len(self.g)):
                if self.pts[loc] <= move and self.can_end[loc]:
                    tn, tp = to_neg[loc], to_pts[loc]
                    mv = (tn + self.neg[loc] if tn < INF else INF, tp, self.pts[loc])
                    if best_move is None or mv < best_move:
                        best_move, chosen = mv, [loc]
                    elif mv == best_move:
                        chosen.append(loc)
            for loc in chosen:
                act = actions.setdefault((loc, ()), _Action())
                act.focus.add(f)
                act.heading.add(dest)

    def _family(
        self, loc: int, f: int, pl: _Placement, disadv_f: int, reach: int, prioritize: bool
    ) -> tuple[Key, Family] | None:
        """The best target sets containing the focus for one placement at one hex, and their key.

        Each extra target adds its own term to the key, so the best sets take the best extra
        targets one by one; equally good candidates at the margin make a family of tied sets."""
        avail = pl.avail
        wts = pl.weights
        k_extra = pl.k
        base = list(pl.pre)
        if f not in pl.pre:
            if k_extra == 0 or f not in avail:
                return None
            i = avail.index(f)
            avail = avail[:i] + avail[i + 1 :]
            wts = wts[:i] + wts[i + 1 :]
            base.append(f)
            k_extra -= 1
        if k_extra > 0:
            edge = wts[k_extra - 1]
            lo = 0
            while wts[lo] < edge:
                lo += 1
            hi = k_extra
            while hi < len(wts) and wts[hi] == edge:
                hi += 1
            base.extend(avail[:lo])
            tied = tuple(sorted(avail[lo:hi]))
            need = k_extra - lo
        else:
            edge = (0, 0)
            tied = ()
            need = 0
        rank = self.rank
        counts = [0] * self.n_ranks
        for k in base:
            counts[rank[k]] += 1
        if need:
            counts[edge[1]] += need
        ranks_part = tuple(-c for c in counts)
        total = len(base) + need
        neg = self.neg[loc]
        pts = self.pts[loc]
        if prioritize:
            key: Key = (neg, reach, disadv_f, -total, pts, *ranks_part)
        else:
            disadv = 0
            if self.susceptible:
                fh = self.fhex
                disadv = sum(1 for k in base if self.adjacent(loc, fh[k])) + need * edge[0]
            key = (neg, reach, -total, disadv, pts, *ranks_part)
        return key, (tuple(sorted(base)), tied, need)

    # --- output ---------------------------------------------------------------------------------

    def _outcomes(
        self,
        actions: dict[tuple[int, Group], _Action],
        foci: list[int],
        keys: dict[int, tuple[int, ...]],
        cost: tuple[int, int],
        can_attack: bool,
    ) -> list[Outcome]:
        g = self.g
        figs = self.figs
        out: list[Outcome] = []
        fld = self.search.field
        for loc, grp in sorted(actions, key=lambda a: (g.hexes[a[0]], sorted(figs[k].id for k in a[1]))):
            act = actions[(loc, grp)]
            dest = g.hexes[loc]
            targets = tuple(sorted(figs[k].id for k in grp))
            focus_ids = tuple(sorted(figs[k].id for k in act.focus))
            heading = tuple(sorted(g.hexes[i] for i in act.heading))
            path = tuple(fld.trail(dest))
            out.append(
                Outcome(
                    destination=dest,
                    targets=targets,
                    focus=focus_ids,
                    path=path,
                    attack_hexes=heading,
                    aoe_hexes=tuple(act.aoe) if targets else (),
                    explanation=self._explain(
                        dest,
                        targets,
                        focus_ids,
                        foci,
                        keys,
                        cost,
                        can_attack,
                        path,
                        heading,
                        act.aoe if targets else (),
                    ),
                )
            )
        return out

    def _explain(
        self,
        dest: Hex,
        targets: tuple[str, ...],
        focus_ids: tuple[str, ...],
        foci: list[int],
        keys: dict[int, tuple[int, ...]],
        cost: tuple[int, int],
        can_attack: bool,
        path: tuple[Hex, ...],
        heading: tuple[Hex, ...],
        aoe: tuple[Hex, ...],
    ) -> str:
        parts: list[str] = []
        key = keys[foci[0]]
        neg_word = "negative hex" if cost[0] == 1 else "negative hexes"
        mp_word = "movement point" if cost[1] == 1 else "movement points"
        why = [f"an attack hex {cost[1]} {mp_word} away with {cost[0]} {neg_word} on the way"]
        if self.rules.proximity_breaks_focus_ties:
            why.append(f"proximity {key[2]}")
        why.append(
            f"initiative {key[3] or 'unspecified'}" + (" (a summon, before its owner)" if key[4] == 0 else "")
        )
        who = " or ".join(focus_ids) if len(focus_ids) > 1 else focus_ids[0]
        text = f"Focus {who}: {', '.join(why)}"
        if len(focus_ids) > 1:
            text += "; these foci tie and give this same outcome"
        others = [self.figs[k].id for k in foci if self.figs[k].id not in focus_ids]
        if others:
            text += f"; {', '.join(others)} {'ties' if len(others) == 1 else 'tie'} too, for other outcomes"
        rivals = sorted((v, self.figs[k].id) for k, v in keys.items() if k not in foci)
        if rivals:
            text += f"; next best {rivals[0][1]}"
        parts.append(text + ".")
        if self.atk is None:
            parts.append("No attack on the card: it moves as if it had a melee attack.")
        steps = len(path) - 1
        mp = self.pts[self.g.index[dest]]
        if steps <= 0:
            parts.append(f"Stays at {_fmt(dest)}.")
        else:
            parts.append(
                f"Moves {' -> '.join(_fmt(h) for h in path)} ({mp} of {self.ability.move} movement)."
            )
            crossed = self.neg[self.g.index[dest]]
            if crossed:
                parts.append(f"The path crosses {crossed} negative hex(es); no better path serves it.")
        if targets:
            extra = len(targets) - 1
            attacks = f"Attacks {', '.join(targets)} from {_fmt(dest)}"
            if extra and not aoe:
                attacks += " (as many targets as it can)"
            parts.append(attacks + ".")
            if self.susceptible:
                d = self.g.index[dest]
                near = [t for t in targets if self.adjacent(d, self.g.index[self.figs_by_id[t].hex])]
                if near:
                    parts.append(f"Ranged attack with disadvantage against adjacent {', '.join(near)}.")
                elif len(path) > 1 and any(
                    self.adjacent(self.start, self.g.index[self.figs_by_id[t].hex]) for t in targets
                ):
                    parts.append("It steps away so that no target is adjacent (no disadvantage).")
            if aoe:
                parts.append(f"Area placed on {', '.join(_fmt(h) for h in aoe)}.")
        elif self.atk is not None and not can_attack:
            parts.append(
                f"Cannot attack this turn: heads for {', '.join(_fmt(h) for h in heading)} and ends on the "
                "reachable hex nearest to it (fewest negative hexes first)."
            )
        elif self.atk is None:
            parts.append(f"Heads for {', '.join(_fmt(h) for h in heading)}.")
        return " ".join(parts)


def solve(turn: MonsterTurn) -> list[Outcome]:
    """Every outcome of the monster's turn the players may choose among (sorted by destination,
    then targets). Raises :class:`InputError` for an unsolvable turn (see :func:`validate`)."""
    return _Solver(turn).solve()
