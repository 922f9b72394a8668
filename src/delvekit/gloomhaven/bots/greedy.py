"""The greedy bot: :class:`GreedyBot` (see :mod:`delvekit.gloomhaven.bots.players` for how it
plays)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from delvekit.core.board import Board
from delvekit.core.hexes import Hex, distance
from delvekit.core.records import Choice, Decision
from delvekit.core.rng import Rng
from delvekit.gloomhaven.bots.base import bot_seed, pending_decision
from delvekit.gloomhaven.bots.evaluation import (
    CONDITION_WORTH,
    DOOR_WAIT,
    EXPOSURE_COST,
    HAND_KEEP,
    HEAL_WORTH,
    INITIATIVE_WEIGHT,
    KILL_BONUS,
    LOOKAHEAD_HALVING,
    LOOKAHEAD_NEAR,
    LOOKAHEAD_PAIRS,
    LOOKAHEAD_ROUNDS,
    LOOKAHEAD_WORLDS,
    LOST_COST,
    POOL_CARD_USES,
    PRIORITY_ATTACK,
    PRIORITY_MOVE,
    QUIET_LONG_REST,
    QUIET_REST_ALWAYS,
    QUIET_REST_DISCARDS,
    QUIET_REST_HEAL,
    SAFE_FAR,
    SAFE_STEP,
    SHIELD_PER_ATTACK,
    Context,
    ability_value,
    as_plain,
    augment_attack,
    augment_worth,
    basic_half,
    card_scarcity,
    card_value,
    context,
    monster_line,
    outcome,
    party_leader,
    priority,
    sturdiest,
    summon_worth,
)
from delvekit.gloomhaven.bots.geometry import FAR, NEGATIVE, Field, in_attack_reach, one_is_monster, parse_hex
from delvekit.gloomhaven.bots.worlds import determinized, play_round
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.payloads import CardHalf
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.setup import Card, Half


class GreedyBot:
    """Sensible play from a cheap evaluation of the legal choices (see the module docstring).

    It keeps per-game lookups (cards by id) keyed by the game's setup, so one bot can play
    many games in turn.
    """

    __slots__ = ("_cards", "_orders", "_setup", "_values", "lookahead", "worlds")

    def __init__(self, lookahead: int | None = None, worlds: int | None = None) -> None:
        self.lookahead = LOOKAHEAD_PAIRS if lookahead is None else lookahead
        """How many card pairs (the cheap evaluation's best) a selection plays out; 0: none."""
        self.worlds = LOOKAHEAD_WORLDS if worlds is None else worlds
        """Sampled worlds per candidate and halving step (half as many for parties of three or
        more, whose play-outs cost more); more worlds, a stronger and slower bot."""
        self._setup: object = None
        self._cards: dict[str, dict[str, Card]] = {}
        self._values: dict[tuple[str, str], float] = {}
        self._orders: dict[tuple[str, str, str, Context], tuple[float, str, str]] = {}
        """best_order results of this game (they depend on the cards and the situation)."""

    def choose(self, game: Game) -> Choice:
        d = pending_decision(game)
        if game.setup is not self._setup:
            self._setup = game.setup
            self._cards = {ch.id: {c.id: c for c in ch.hand} for ch in game.setup.party}
            self._values = {
                (cid, c.id): card_value(c) for cid, cards in self._cards.items() for c in cards.values()
            }
            self._orders = {}
        handler = _HANDLERS.get(d.kind)
        if handler is not None:
            pick = handler(self, game, d)
            if pick is not None and pick in d.choices:
                return pick
        return d.choices[0]

    # ------------------------------------------------------------ helpers

    def value(self, cid: str, card: str) -> float:
        return self._values.get((cid, card), 0.0)

    def half(self, cid: str, card: str, half: str) -> Half:
        c = self._cards[cid][card]
        return c.top if half == "top" else c.bottom

    # ------------------------------------------------------------ cards

    def _plan_value(self, f: Figure, ctx: Context, first: Half, second: Half) -> float:
        """Worth of performing ``first`` then ``second`` for ``f`` in the situation ``ctx``."""
        walk, hexes = ctx.walk, ctx.hexes
        moved = 0
        total = 0.0
        bonus = ctx.augment
        for h in (first, second):
            for a in h.abilities:
                kind = a.kind
                if kind == "custom":
                    if a.note == "augment":
                        total += augment_worth(a, ctx)
                        bonus = augment_attack(a)
                        continue
                    if a.note == "summon":
                        total += summon_worth(a) if hexes < FAR else 0.5
                        continue
                    a = as_plain(a)
                    kind = a.kind
                if kind == "move":
                    need = min(walk, max(0.0, hexes - 1))
                    useful = min(a.value, max(0.0, need - moved)) if hexes < FAR else a.value
                    total += useful * 1.2 + (a.value - useful) * 0.2
                    moved += a.value
                elif kind == "attack":
                    reachable = walk <= moved if a.range == 0 else hexes <= a.range + moved
                    if reachable:
                        extra = bonus if a.range == 0 else 0
                        total += ability_value(a) * 1.5 + extra * 1.5
                        total += sum(CONDITION_WORTH.get(c.value, 0.5) for c in a.adds) * min(1, ctx.threat)
                        if ctx.weakest and a.value + extra >= ctx.weakest:
                            total += KILL_BONUS
                    else:
                        total += 0.2
                elif kind in ("shield", "retaliate"):
                    total += a.value * (SHIELD_PER_ATTACK * ctx.threat if hexes <= 4 else 0.2)
                elif kind == "heal":
                    # a heal with a range may heal the character itself, or an ally
                    own = min(a.value, ctx.missing) * HEAL_WORTH
                    total += max(own, a.value * 0.6) if a.range else own
                elif kind == "condition":
                    # stun, immobilize, muddle... on an enemy next to the character
                    total += 2.0 if walk <= moved else 0.2
                elif kind == "custom":
                    total += 1.0 if effects.handler(a.note) is not None else 0.0
                else:
                    total += ability_value(a) * 0.5
            if h.lost:
                total -= LOST_COST * card_scarcity(ctx.cards)
        return total

    def best_order(
        self, game: Game, cid: str, a: str, b: str, ctx: Context | None = None
    ) -> tuple[float, str, str]:
        """The best (worth, first choice kind, card) for playing cards ``a`` and ``b``."""
        f = game.state.figures[cid]
        if ctx is None:
            ctx = context(game, f)
        key = (cid, a, b, ctx)
        known = self._orders.get(key)
        if known is not None:
            return known
        best = (-1e9, "top", a)
        for first, second in ((a, b), (b, a)):
            for h1, h2 in (("top", "bottom"), ("bottom", "top")):
                for basic1 in (False, True):
                    for basic2 in (False, True):
                        x = basic_half(h1) if basic1 else self.half(cid, first, h1)
                        y = basic_half(h2) if basic2 else self.half(cid, second, h2)
                        v = self._plan_value(f, ctx, x, y)
                        if v > best[0]:
                            best = (v, ("basic-" if basic1 else "") + h1, first)
        self._orders[key] = best
        return best

    def select(self, game: Game, d: Decision) -> Choice | None:
        ch = game.state.characters[d.actor]
        f = game.state.figures[d.actor]
        if Choice("long-rest") in d.choices and (
            len(ch.hand) < 2 or (len(ch.hand) <= 3 and len(ch.discard) >= 3 and 3 * f.hp <= f.max_hp)
        ):
            return Choice("long-rest")
        ctx = context(game, f)
        reach = (ctx.walk, ctx.hexes)
        near = reach[1] <= 3
        if (
            Choice("long-rest") in d.choices
            and reach[1] >= FAR
            and (
                (f.max_hp - f.hp >= QUIET_REST_HEAL and len(ch.discard) >= QUIET_REST_DISCARDS)
                or len(ch.discard) >= QUIET_REST_ALWAYS
            )
        ):
            return Choice("long-rest")  # no enemy on the board: the lost turn costs nothing
        if Choice("long-rest") in d.choices and near and reach[0] >= FAR:
            return Choice("long-rest")  # no free hex next to an enemy: recover instead
        scored: list[tuple[float, Choice]] = []
        for c in d.choices:
            if c.kind != "select":
                continue
            a, b = c.args
            v = self.best_order(game, d.actor, a, b, ctx)[0]
            lead = self._cards[d.actor][a].initiative
            # with monsters close, the sturdiest character acts early (monsters tied on
            # distance focus the lowest initiative); the others act late, after the
            # monsters have picked the sturdy one
            tank = sturdiest(game, f)
            v += (-lead if tank else lead) / (INITIATIVE_WEIGHT if near else 200.0)
            scored.append((v, c))
        if not scored:
            return None
        scored.sort(key=lambda vc: -vc[0])
        if self.lookahead and reach[1] <= LOOKAHEAD_NEAR:
            # the cheap evaluation's best, plus the best early and late ones
            # (fewer for bigger parties: every play-out plays every character's turn)
            k = self.lookahead if len(game.state.characters) <= 2 else max(1, self.lookahead // 2)
            # the best pairs, each card in at most two of them (a strong card would otherwise
            # fill the pool with near twins)
            pool: list[Choice] = []
            uses: dict[str, int] = {}
            for _, c in scored:
                if len(pool) >= k:
                    break
                if all(uses.get(card, 0) < POOL_CARD_USES for card in c.args):
                    pool.append(c)
                    for card in c.args:
                        uses[card] = uses.get(card, 0) + 1
            for low, high in ((0, 25), (60, 100)):
                extra = next(
                    (c for _, c in scored if low <= self._cards[d.actor][c.args[0]].initiative <= high), None
                )
                if extra is not None and extra not in pool:
                    pool.append(extra)
            return self._look_ahead(game, d.actor, pool)
        return scored[0][1]

    def _look_ahead(self, game: Game, actor: str, candidates: list[Choice]) -> Choice:
        """The candidate whose round, played out by the plain greedy policy in sampled worlds
        (the same worlds for every candidate), ends best for the party (:func:`outcome`)."""
        return candidates[self._ranking(game, candidates)[0]]

    def _playout_score(self, game: Game, played: Game) -> float:
        """One play-out's worth (:func:`outcome`); a variant may weigh more in."""
        return outcome(game, played)

    def _ranking(self, game: Game, candidates: list[Choice]) -> list[int]:
        """The candidates' indexes, best first, by their rounds played out in sampled worlds.

        Successive halving: every candidate is played out in a few worlds, the better half in a
        few more, and so on until one is left, so the close calls get the most samples; the
        ones cut later rank above the ones cut earlier. The worlds reshuffle every hidden draw
        pile, so the bot never peeks at the next card."""
        if len(candidates) <= 1:
            return list(range(len(candidates)))
        inner = self._inner()
        rng = Rng(bot_seed(game.state.round * 7919 + len(game.log), game.seed.__str__()))
        per = self.worlds if len(game.state.characters) <= 2 else max(1, self.worlds // 2)
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        cut: list[int] = []
        while True:
            worlds = [determinized(game, rng) for _ in range(per)]
            for i in alive:
                for world in worlds:
                    g = world.clone()
                    g.choose(candidates[i])
                    play_round(g, inner, game.state.round + LOOKAHEAD_ROUNDS - 1)
                    totals[i] += self._playout_score(game, g)
            # ties keep the cheap evaluation's order
            alive.sort(key=lambda i: (-totals[i], i))
            keep = max(1, len(alive) // 2)
            if keep == len(alive) or not LOOKAHEAD_HALVING:
                return alive + cut
            cut = alive[keep:] + cut
            alive = alive[:keep]
            if len(alive) == 1:  # the winner: playing it out again would change nothing
                return alive + cut

    def _inner(self) -> GreedyBot:
        bot = GreedyBot(lookahead=0)
        bot._setup, bot._cards, bot._values = self._setup, self._cards, self._values
        bot._orders = self._orders
        return bot

    def action(self, game: Game, d: Decision) -> Choice | None:
        ch = game.state.characters[d.actor]
        if len(ch.selected) == 2:
            a, b = ch.selected
            _, kind, card = self.best_order(game, d.actor, a, b)
            return Choice(kind, (card,))
        f = game.state.figures[d.actor]
        ctx = context(game, f)
        best: tuple[float, Choice | None] = (-1e9, None)
        for c in d.choices:
            if c.kind == "item":  # items are not weighed here (items_play offers them)
                continue
            half = c.kind.removeprefix("basic-")
            h = basic_half(half) if c.kind.startswith("basic-") else self.half(d.actor, c.args[0], half)
            v = self._plan_value(f, ctx, h, Half())
            if v > best[0]:
                best = (v, c)
        return best[1]

    def hand(self, game: Game, d: Decision) -> Choice | None:
        return max(d.choices, key=lambda c: self.value(d.actor, c.args[0]))

    def long_rest(self, game: Game, d: Decision) -> Choice | None:
        return min(d.choices, key=lambda c: self.value(d.actor, c.args[0]))

    def damage(self, game: Game, d: Decision) -> Choice | None:
        f = game.state.figures[d.actor]
        take = next(c for c in d.choices if c.kind == "take")
        amount = int(take.args[0])
        # cards are what runs out first (a lost card is several rounds of play fewer), so
        # health takes every hit the character survives; only a lethal one is negated
        if amount < f.hp:
            return take
        hand = [c for c in d.choices if c.kind == "lose-hand"]
        pairs = [c for c in d.choices if c.kind == "lose-discard"]
        if pairs and (len(hand) <= HAND_KEEP or not hand):
            return min(pairs, key=lambda c: self.value(d.actor, c.args[0]) + self.value(d.actor, c.args[1]))
        if hand:
            return min(hand, key=lambda c: self.value(d.actor, c.args[0]))
        return pairs[0] if pairs else take

    def pick_up(self, game: Game, d: Decision) -> Choice | None:
        """At a rest: leave an augment in play (it strengthens every melee attack) unless the
        character is running out of cards; pick up any other card that counts as discarded."""
        ch = game.state.characters[d.actor]
        short = len(ch.hand) + len(ch.discard) < 4
        for c in d.choices:
            if c.kind != "pick-up":
                continue
            card = self._cards[d.actor].get(c.args[0])
            halves = (card.top, card.bottom) if card is not None else ()
            augment = any(a.kind == "custom" and a.note == "augment" for h in halves for a in h.abilities)
            if short or not augment:
                return c
        return Choice("keep-active")

    def short_rest(self, game: Game, d: Decision) -> Choice | None:
        ch = game.state.characters[d.actor]
        f = game.state.figures[d.actor]
        # with a low hand, rest now (no lost turn) unless a long rest's heal is needed; with no
        # enemy on the board a long rest's lost turn costs nothing, so take its heal
        quiet = not any(one_is_monster(f, g) for g in game.state.figures.values())
        if quiet and f.hp < f.max_hp and QUIET_LONG_REST:
            return Choice("no-rest")
        if len(ch.hand) < 2 and 3 * f.hp > f.max_hp:
            return Choice("short-rest")
        return Choice("no-rest")

    def start(self, game: Game, d: Decision) -> Choice | None:
        enemies = [g.hex for g in game.state.figures.values() if g.kind == "monster"]
        starts = [(h, c) for c in d.choices if c.args and (h := parse_hex(c.args[0])) is not None]
        if not enemies or not starts:
            return None
        return min(starts, key=lambda hc: min(distance(hc[0], e) for e in enemies))[1]

    def move(self, game: Game, d: Decision) -> Choice | None:
        f = game.state.figures[d.actor]
        board = game.board()
        if board is None:
            return None
        field, reached = self._move_field(game, f, board)
        if reached and Choice("stop") in d.choices:
            return Choice("stop")
        task = game.state.agenda[-1] if game.state.agenda else None
        points = task.n if task is not None and task.kind == "move" else 0
        here = field.at(f.hex)
        best: tuple[float, Choice | None] = (
            here - 0.5,
            Choice("stop") if Choice("stop") in d.choices else None,
        )
        for c in d.choices:
            h = parse_hex(c.args[0]) if c.kind == "step" and c.args else None
            if h is None:
                continue
            v = field.at(h) + (5.0 if board.terrain_at(h) in NEGATIVE else 0.0)
            if game.state.figure_at(h) is not None and points <= 1:
                v += 1.5  # onto an ally with no point left to step off it: it cannot stop there
            v -= 0.3 * game.state.coins.get(h, 0)
            if v < best[0]:
                best = (v, c)
        return best[1]

    def _move_field(self, game: Game, f: Figure, board: Board) -> tuple[Field, bool]:
        st = game.state
        enemies = [g for g in st.figures.values() if one_is_monster(f, g)]
        blocked = {g.hex for g in enemies}
        if enemies:
            # never open a door (and wake a room) while a fight is on
            blocked |= board.doors - st.opened
            r = self._next_attack_range(game, f.id)
            want = max(1, r) if r is not None else 2
            taken = blocked | {g.hex for g in st.figures.values() if g is not f}
            links = board.links
            # the most dangerous enemy for its health draws the party (focus fire)
            urgency = {g.hex: priority(game, g) for g in enemies}
            top = max(urgency.values())
            lag = {h: PRIORITY_MOVE * (1 - u / top) if top > 0 else 0.0 for h, u in urgency.items()}
            goals: dict[Hex, float] = {}
            if want == 1:  # melee: next to an enemy, not across a thin wall
                for g in enemies:
                    for n in links.get(g.hex, ()):
                        if n not in taken:
                            goals[n] = min(goals.get(n, FAR), lag[g.hex])
            else:
                for h in links:
                    if h not in taken:
                        near = [lag[g.hex] for g in enemies if distance(h, g.hex) <= want]
                        if near:
                            goals[h] = min(near)
            if r is not None:
                reached = in_attack_reach(game, f, r)
                if not reached:
                    goals.pop(f.hex, None)  # in range but out of sight: look for another hex
                field = Field(board, self._exposure(game, f, goals), blocked)
                task = st.agenda[-1] if st.agenda else None
                points = task.n if task is not None and task.kind == "move" else 0
                if reached or f.kind != "character" or field.at(f.hex) <= points or not SAFE_FAR:
                    return field, reached
            elif f.kind != "character" or not SAFE_STEP:
                reached = all(2 <= distance(f.hex, g.hex) <= want for g in enemies)
                return Field(board, self._exposure(game, f, goals), blocked), reached
            # no attack this turn (none left, or none it can reach): end where the fewest
            # monsters can reach it next round, the party together
            return Field(board, self._safety(game, f, board, enemies, taken), blocked), False
        doors = board.doors - st.opened
        if not doors:
            return Field(board, set(st.coins), blocked), not st.coins
        # the party's sturdiest character opens the next door, once the others are near it;
        # the others wait two hexes from it (a room wakes up on the one who opens it)
        leader = party_leader(game)
        door = min(doors, key=lambda h: (distance(h, leader.hex), h))
        blocked |= doors
        links = board.links
        if leader is not f:
            wait = {h for h in links if h not in blocked and distance(h, door) == 2}
            return Field(board, wait, blocked), f.hex in wait
        others = [g for g in st.figures.values() if g.kind == "character" and g is not f]
        if all(distance(g.hex, door) <= DOOR_WAIT for g in others):
            blocked.discard(door)
            return Field(board, {door}, blocked), False
        beside = {n for n in links.get(door, ()) if n not in blocked}
        return Field(board, beside, blocked), f.hex in beside

    def _safety(
        self, game: Game, f: Figure, board: Board, enemies: list[Figure], taken: set[Hex]
    ) -> dict[Hex, float]:
        """Every free hex with the cost of standing there: the monsters that can reach it next
        round (move plus range, in hexes), and for a less sturdy character its exposure."""
        lines = [(g.hex, sum(monster_line(game, g)[::2]) + 1) for g in enemies]
        allies = [g.hex for g in game.state.figures.values() if g is not f and not one_is_monster(f, g)]
        out: dict[Hex, float] = {}
        for h in board.links:
            if h in taken:
                continue
            reachable = sum(1 for m, reach in lines if distance(h, m) <= reach)
            apart = min((distance(h, a) for a in allies), default=1)
            out[h] = SAFE_STEP * reachable + 0.3 * max(0, apart - 2)
        exposure = self._exposure(game, f, set(out))
        return {h: c + exposure[h] for h, c in out.items()}

    def _exposure(self, game: Game, f: Figure, goals: Mapping[Hex, float] | set[Hex]) -> dict[Hex, float]:
        """Goal hexes with a cost for drawing the monsters' focus: a monster focuses on the
        nearest character, so a hex nearer to a monster than every ally is where its attack
        lands. The party's sturdiest character (most maximum health) pays nothing: it tanks.
        A mapping's costs are added to."""
        st = game.state
        base = goals if isinstance(goals, Mapping) else dict.fromkeys(goals, 0.0)
        allies = [g for g in st.figures.values() if g is not f and g.kind == "character"]
        if f.kind != "character" or not allies or f.max_hp >= max(a.max_hp for a in allies):
            return dict(base)
        enemies = [g for g in st.figures.values() if one_is_monster(f, g)]
        weight = EXPOSURE_COST * (1.0 - f.max_hp / max(a.max_hp for a in allies) / 2)
        out: dict[Hex, float] = {}
        nearest = [(e.hex, min(distance(a.hex, e.hex) for a in allies)) for e in enemies]
        for h, cost in base.items():
            out[h] = cost + weight * sum(1 for e, d in nearest if distance(h, e) < d)
        return out

    def _next_attack_range(self, game: Game, cid: str) -> int | None:
        """The range of the next attack this character performs this turn, if any."""
        for task in reversed(game.state.agenda):
            if task.who != cid:
                continue
            if task.kind == "ability":
                played = CardHalf.of(task)
                for a in self.half(cid, played.card, played.half).abilities[task.n :]:
                    if a.kind == "attack":
                        return a.range
            elif task.kind == "basic" and task.text == "top":
                return 0
            elif task.kind == "action" and task.n == 2:
                ch = game.state.characters[cid]
                other = "bottom" if ch.used_half == "top" else "top"
                for card in ch.selected:
                    for a in self.half(cid, card, other).abilities:
                        if a.kind == "attack":
                            return a.range
                    return 0  # a basic attack is always possible
        return None

    def attack(self, game: Game, d: Decision) -> Choice | None:
        st = game.state
        task = st.agenda[-1] if st.agenda else None
        power = task.n if task is not None and task.kind == "attack" else 2
        best: tuple[tuple[float, ...], Choice | None] = ((-1e9,), None)
        for c in d.choices:
            if c.kind == "skip":
                continue
            ids = [a for a in c.args if a in st.figures]
            kills = 0
            chip = 0.0
            left = 0
            for fid in ids:
                g = st.figures[fid]
                dealt = max(0, power - game.shield(fid))
                if dealt >= g.hp:
                    kills += 1
                else:
                    left += g.hp - dealt  # focus fire: finish what is already hurt
                    chip -= game.retaliate(fid)
                chip += min(dealt, g.hp) + (1 if g.rank == "elite" else 0)
            urgent = sum(priority(game, st.figures[fid]) for fid in ids)
            key = (kills, chip - left / 4 + PRIORITY_ATTACK * urgent, -left)
            if key > best[0]:
                best = (key, c)
        return best[1]

    def party_monster(self, game: Game, d: Decision) -> Choice | None:
        """A tied monster outcome: spread the hurt onto the healthiest character."""
        st = game.state

        def worth(c: Choice) -> float:
            hurt = [st.figures[a].hp for a in c.args if a in st.figures and st.figures[a].kind != "monster"]
            return min(hurt) if hurt else 1e6

        return max(d.choices, key=worth)

    def heal(self, game: Game, d: Decision) -> Choice | None:
        st = game.state
        heals = [c for c in d.choices if c.kind == "heal" and c.args and c.args[0] in st.figures]
        if not heals:
            return None
        return max(heals, key=lambda c: st.figures[c.args[0]].max_hp - st.figures[c.args[0]].hp)

    def force(self, game: Game, d: Decision) -> Choice | None:
        """Push or pull (a first target, then every step): a monster toward traps, else a
        push away from the party (its next attack comes later), never a push out of reach of
        the character's own melee attack still to come this turn; a character (the party
        decides) away from traps."""
        board = game.board()
        options = [c for c in d.choices if c.kind not in ("decline", "skip")]
        if board is None or not options:
            return None
        ours = d.actor != "party"
        refuse = next((c for c in d.choices if c.kind in ("decline", "skip")), None)
        if ours and d.kind == "push" and refuse is not None and self._next_attack_range(game, d.actor) == 0:
            return refuse
        party = [g.hex for g in game.state.figures.values() if g.kind != "monster"]

        def worth(c: Choice) -> tuple[bool, int]:
            h = parse_hex(c.args[0]) if c.args else None
            if h is None:
                return False, 0
            away = min((distance(h, p) for p in party), default=0) if ours and d.kind == "push" else 0
            return (board.terrain_at(h) in NEGATIVE) == ours, away

        return max(options, key=worth)


_HANDLERS: Mapping[str, Callable[[GreedyBot, Game, Decision], Choice | None]] = {
    "select": GreedyBot.select,
    "action": GreedyBot.action,
    "hand": GreedyBot.hand,
    "long-rest": GreedyBot.long_rest,
    "damage": GreedyBot.damage,
    "short-rest": GreedyBot.short_rest,
    "short-rest-loss": lambda bot, game, d: Choice("accept"),
    "pick-up": GreedyBot.pick_up,
    "start": GreedyBot.start,
    "move": GreedyBot.move,
    "attack": GreedyBot.attack,
    "monster": GreedyBot.party_monster,
    "heal": GreedyBot.heal,
    "push": GreedyBot.force,
    "pull": GreedyBot.force,
    "consume": lambda bot, game, d: Choice("consume", d.choices[0].args),
}
