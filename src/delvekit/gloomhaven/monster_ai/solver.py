"""The monster AI: focus, movement and targets for one monster's turn (rules digest §11).

:func:`solve` takes a :class:`~.turn.MonsterTurn` (board, figures, one ability, a ruleset) and returns
every :class:`~.turn.Outcome` the players may choose among: where the monster ends its move and whom
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

The board queries (reach, line of sight, area placements) are :class:`~.reach.Reach`'s; the
records are :mod:`.turn`'s.

>>> from delvekit.core.board import Board
>>> from delvekit.gloomhaven.monster_ai.turn import MoveAttack, Attack, Piece, MonsterTurn
>>> from delvekit.core.hexes import disk
>>> turn = MonsterTurn(
...     board=Board.build(disk((0, 0), 3)),
...     figures=(Piece("A", "monster", (0, 0), active=True), Piece("C1", "character", (0, -3))),
...     ability=MoveAttack(move=2, attack=Attack()),
... )
>>> [(o.destination, o.targets) for o in solve(turn)]
[((0, -2), ('C1',))]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeAlias

from delvekit.core.hexes import Hex
from delvekit.core.paths import INF
from delvekit.gloomhaven.monster_ai.reach import Aim, Reach
from delvekit.gloomhaven.monster_ai.turn import MonsterTurn, Outcome

Key: TypeAlias = tuple[int, ...]
Group: TypeAlias = tuple[int, ...]
"""A target set: sorted figure indices."""

Family: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], int]
"""Target sets ``base + any need of tied`` (tied enemies are interchangeable for the key)."""


@dataclass
class _Action:
    focus: set[int] = field(default_factory=set)
    heading: set[int] = field(default_factory=set)
    aoe: tuple[Hex, ...] = ()


def _fmt(h: Hex) -> str:
    return f"({h[0]}, {h[1]})"


class _Solver(Reach):
    """The procedure of the module docstring over one turn's :class:`Reach`."""

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
        self, loc: int, f: int, pl: Aim, disadv_f: int, reach: int, prioritize: bool
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
