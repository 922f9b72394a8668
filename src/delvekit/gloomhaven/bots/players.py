"""Bots that answer a game's decisions: :class:`RandomBot` and :class:`GreedyBot`.

A bot only reads the game and returns one of the pending decision's legal choices; it never
changes the game and never decides a rule (the engine lists what is legal). Both are
deterministic: the random bot draws from its own :class:`~delvekit.core.rng.Rng`, seeded from
the game seed (:func:`bot_seed`), never from the global generator or the game's own generator
(drawing from that would change the game).

>>> from delvekit.gloomhaven.engine.game import Game
>>> from delvekit.gloomhaven.testing.examples import tiny_setup
>>> game = play(Game(tiny_setup(), seed=3), GreedyBot())
>>> game.result in ("victory", "defeat"), game.decision is None
(True, True)
>>> a = play(Game(tiny_setup(), seed=3), RandomBot(3))
>>> b = play(Game(tiny_setup(), seed=3), RandomBot(3))
>>> a.log == b.log
True

The greedy bot scores card pairs and the order of their halves by a cheap evaluation of what
they can do in the character's situation (:class:`Context`: how far the enemies are, how many
are expected to attack it, its active augments, the frailest enemy in reach). Attacks are worth
something only if an enemy is within reach after the moves before them, more if they can kill
or stun; shields and retaliates count once per expected attacker; an augment counts for every
later melee attack, a summon for its health and attack; named effects count as the plain
abilities they mostly amount to; lost halves cost a card for the rest of the scenario (in full
while the character has many rests to come, less as it runs out of cards:
:func:`card_scarcity`), and abilities the engine does not perform are worth nothing. With an
enemy near, it then plays out the best few pairs (plus the best early and the best late one) to
the end of the round in sampled worlds — copies of the game whose hidden draw piles (attack
modifiers, monster abilities) are reshuffled from the bot's own generator, so it never peeks at
the next card — by successive halving (the better half gets fresh worlds until one pair is
left), and keeps the pair whose round ends best (:func:`outcome`: monster health and kills, the
monster attack that can reach the party next round, augments and summons in play, against
character health, cards lost — priced by the same scarcity — and exhaustion).

In play, the sturdiest character leads with early initiatives and the others with late ones
(monsters tied on distance focus the lowest initiative). A character walks along a
shortest-path field (a trap or hazardous hex costs as much as a long detour) toward a hex from
which its next attack reaches an enemy, the most dangerous enemy for its health first (a less
sturdy character prefers hexes that do not draw a monster's focus); with no attack left this
turn it ends where the fewest monsters can reach it. Between fights the sturdiest character
opens the next door once the others wait near it, and characters long rest with a large discard
pile or missing health (skipping a short rest for it). It attacks the enemy it can kill (then
the most dangerous and most hurt one, avoiding retaliation), never pushes an enemy out of its
own melee reach, takes every hit it survives on its health and negates only lethal ones (a card
from the hand before two from the discard pile), keeps augments in play at rests, short rests
instead of being forced into a long rest, and heal-rests when no enemy is on the board.
"""

from __future__ import annotations

import hashlib
import heapq
import importlib
from collections.abc import Callable, Mapping
from typing import NamedTuple, Protocol, TypeAlias

import msgspec

from delvekit.core.board import Board, Terrain
from delvekit.core.decks import Deck
from delvekit.core.hexes import Hex, distance
from delvekit.core.records import Choice, Decision
from delvekit.core.rng import Rng
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import Card, Half

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "bot_seed", "make_bot", "play"]


class Bot(Protocol):
    """Anything that picks one of the legal choices of the game's pending decision."""

    def choose(self, game: Game) -> Choice: ...


def bot_seed(seed: int, name: str = "bot") -> int:
    """A seed for a bot's own generator, derived from the game seed (stable across runs and
    Python versions, unlike ``hash``).

    >>> bot_seed(1) == bot_seed(1), bot_seed(1) == bot_seed(2), bot_seed(1, "a") == bot_seed(1, "b")
    (True, False, False)
    """
    digest = hashlib.sha256(f"{name}:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _pending(game: Game) -> Decision:
    d = game.decision
    if d is None:
        raise ValueError("the scenario has ended: there is no decision to answer")
    return d


class RandomBot:
    """Uniform over the legal choices, from its own generator seeded by ``bot_seed(seed)``."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = Rng(bot_seed(seed, "random"))

    def choose(self, game: Game) -> Choice:
        return self.rng.choice(_pending(game).choices)


# ----------------------------------------------------------------- greedy


LOST_COST = 16.0
"""What a lost half costs in the pair evaluation: a card gone for the rest of the scenario."""
LOOKAHEAD_PAIRS = 6
"""Card pairs (the cheap evaluation's best) a selection plays out."""
LOOKAHEAD_ROUNDS = 1
"""Rounds a candidate is played out for (the current one included)."""
LOOKAHEAD_WORLDS = 4
"""Sampled worlds each candidate card pair is played out in (half as many for parties of three
or four, whose play-outs cost more)."""
LOOKAHEAD_HALVING = True
"""Whether the better half of the candidates is played out again in fresh worlds, until one
is left (otherwise each is played out once in the same worlds)."""
POOL_CARD_USES = 2
"""A card appears in at most this many of the pairs played out."""
LOOKAHEAD_NEAR = 6
"""Pairs are played out only with an enemy within this many hexes."""
KILL_WORTH = 3.0
HP_WORTH = 1.0
CARD_WORTH = 7.0
EXHAUSTION_COST = 40.0
EXPOSURE_COST = 3.0
"""Movement points a less sturdy character would rather walk than end nearer to a monster
than every ally (and so draw its attack)."""
INITIATIVE_WEIGHT = 40.0
"""With enemies near, every this many initiative points cost one point of a pair's worth."""
HAND_KEEP = 0
"""A negation loses one card from the hand, or two from the discard pile once the hand is
this small (a hand of one forces a rest)."""
QUIET_REST_HEAL = 2
QUIET_REST_DISCARDS = 3
"""With no enemy on the board, a character missing this much health long rests (healing)
once it has this many discards."""
QUIET_REST_ALWAYS = 4
"""With no enemy on the board, a character long rests once it has this many discards (it
enters the next room with a full hand)."""
LOST_KEEP = 0.6
"""A lost half's share of its worth when choosing cards to keep (it is played only once)."""
KILL_BONUS = 4.0
"""Worth of an attack strong enough to kill the frailest enemy within reach (before it acts)."""
KILL_REACH = 5
CONDITION_WORTH = {"stun": 3.0, "disarm": 3.0, "poison": 1.0, "wound": 1.0, "immobilize": 0.5, "muddle": 1.0}
"""Worth of giving an enemy a condition with an attack (stun and disarm prevent its attack)."""
SAFE_STEP = 2.0
"""Movement points a character without an attack this turn walks to be in reach of one
monster fewer next round (0: it keeps near the enemies instead)."""
SAFE_FAR = False
"""Whether a character whose next attack cannot reach an enemy this turn also keeps safe."""
PRIORITY_ATTACK = 2.0
PRIORITY_MOVE = 2.0
"""How much the attack choice and the walk prefer the enemy with the most attack per health
left (its priority), against the most hurt or the nearest one."""
HEAL_WORTH = 1.2
"""Worth of a point of health the character heals itself."""
DANGER_WORTH = 0.7
"""Worth of one point of monster attack that can reach the party next round (look-ahead)."""
SHIELD_PER_ATTACK = 1.2
"""Worth of one point of shield or retaliate per enemy expected to attack the character."""
THREAT_REACH = 5
"""A monster this near (in hexes) whose nearest foe is the character is expected to attack it."""
AUGMENT_ATTACK = 3.0
"""Worth of an augment's +1 attack (it strengthens every melee attack while it stays)."""
AUGMENT_OTHER = 2.0
"""Worth of each other part of an augment (a heal, shield or condition on every melee attack)."""
SUMMON_HEALTH = 1.0
SUMMON_ATTACK = 2.5
"""Worth of a summon's health point and attack point (it soaks attacks and hits every round)."""
DOOR_WAIT = 3
"""The sturdiest character opens a door once every other character is this near to it."""
TRAP_STEP = 15.0
"""What walking onto a trap or hazardous hex costs, in steps: a detour this long is better."""
SCARCITY_CYCLES = 6
"""A lost card costs in full while a character has more than this many rests to come."""
SCARCITY_FLOOR = 0.25
"""The least share of a lost card's cost (a character about to run out of cards)."""
QUIET_LONG_REST = True
"""With no enemy on the board, a hurt character skips a short rest for a long rest's heal."""
_NEGATIVE = (Terrain.TRAP, Terrain.HAZARDOUS)
_FAR = 1e6
Reach: TypeAlias = tuple[float, float]
"""(movement to a free hex next to an enemy, hex distance to the nearest enemy)."""
_BASIC_TOP = Half(abilities=(Ability(kind="attack", value=2),))
_BASIC_BOTTOM = Half(abilities=(Ability(kind="move", value=2),))


class Context(NamedTuple):
    """What a character's card evaluation needs to know of its situation."""

    walk: float
    """Movement points to a free hex next to an enemy (``_FAR``: none)."""
    hexes: float
    """Hex distance to the nearest enemy (``_FAR``: none)."""
    threat: int = 0
    """Enemies expected to attack the character this round."""
    augment: int = 0
    """The attack its active augments add to each of its melee attacks."""
    augments: tuple[Ability, ...] = ()
    """Its active augments."""
    missing: int = 0
    """Health it lacks."""
    weakest: int = 0
    """Health plus shield of the frailest enemy it can reach this turn (0: none)."""
    cards: int = 99
    """Cards in its hand and discard pile (what it can still play)."""


def context(game: Game, f: Figure) -> Context:
    """The situation of figure ``f`` for the card evaluation."""
    from delvekit.gloomhaven.effects.classes.mindthief import augments

    walk, hexes = _reach(game, f)
    augs = tuple(augments(game, f.id)) if f.kind == "character" else ()
    near = [
        g.hp + game.shield(g.id)
        for g in game.state.figures.values()
        if _hostile(f, g) and distance(f.hex, g.hex) <= KILL_REACH
    ]
    return Context(
        walk,
        hexes,
        _threat(game, f),
        sum(_augment_attack(a) for a in augs),
        augs,
        f.max_hp - f.hp,
        min(near, default=0),
        _cards_left(game, f.id),
    )


def _cards_left(game: Game, cid: str) -> int:
    """Cards a character can still play: its hand, discard pile and the cards it is playing."""
    ch = game.state.characters.get(cid)
    if ch is None:
        return 99
    return len(ch.hand) + len(ch.discard) + len(ch.selected)


def card_scarcity(cards: int) -> float:
    """How much of a lost card's full cost applies to a character with ``cards`` left to play:
    a card kept is played again after every rest to come, and a character with few cards has
    few rests left (a rest loses a card), so its lost cards cost less and it spends them.

    >>> card_scarcity(10), card_scarcity(4), card_scarcity(2)
    (1.0, 0.5, 0.25)
    """
    return max(SCARCITY_FLOOR, min(1.0, (cards - 1) / SCARCITY_CYCLES))


def _threat(game: Game, f: Figure) -> int:
    """Monsters within ``THREAT_REACH`` whose nearest foe is ``f`` (a monster's focus is the
    nearest enemy it can reach, §10)."""
    figures = game.state.figures.values()
    foes = [g for g in figures if g.kind != "monster"]
    n = 0
    for m in figures:
        if m.kind != "monster" or not _hostile(f, m):
            continue
        d = distance(m.hex, f.hex)
        if d <= THREAT_REACH and all(distance(m.hex, g.hex) >= d for g in foes):
            n += 1
    return n


def _augment_attack(a: Ability) -> int:
    return sum(p.value for p in a.then if p.kind == "attack")


def _augment_parts_worth(a: Ability) -> float:
    worth = 0.0
    for p in a.then:
        if p.kind == "attack":
            worth += AUGMENT_ATTACK * p.value
        elif p.kind in ("heal", "shield", "retaliate"):
            worth += AUGMENT_OTHER * max(1, p.value) / 2
        elif p.kind == "condition":
            worth += AUGMENT_OTHER
    return worth


def _augment_worth(a: Ability, ctx: Context) -> float:
    """Worth of playing augment ``a`` now: its parts on every later melee attack, less the
    active augment it replaces."""
    worth = _augment_parts_worth(a)
    if ctx.augments:
        worth -= max(_augment_parts_worth(b) for b in ctx.augments)
    return worth if ctx.hexes < _FAR else worth * 0.3


def _summon_worth(a: Ability) -> float:
    health = 0
    for p in a.then:
        if p.kind == "custom" and "health-" in p.note:
            digits = p.note.rsplit("health-", 1)[1]
            health = int(digits) if digits.isdigit() else 0
    attack = sum(p.value for p in a.then if p.kind == "attack")
    return SUMMON_HEALTH * health + SUMMON_ATTACK * attack


def _as_plain(a: Ability) -> Ability:
    """The plain ability a named effect mostly amounts to, for the cheap evaluation (the
    effect itself stays with the engine); ``a`` when there is none."""
    note = a.note
    if note == "attack-x":
        return Ability(kind="attack", value=2)
    if note == "move-x":
        return Ability(kind="move", value=2)
    if note in ("attack-per-condition", "attack-consumes", "attack-moved-through"):
        return next((p for p in a.then if p.kind == "attack"), a)
    if note == "afflict":
        return next((p for p in a.then if p.kind == "condition" and p.condition is not None), a)
    if note == "shield-on-attacked":
        return Ability(kind="shield", value=3)  # one shield point on each of several attacks
    if note.startswith("shield-1-"):
        return Ability(kind="shield", value=1)
    if note.startswith("heal-1-"):
        return Ability(kind="heal", value=1, range=1)
    return a


def _ability_value(a: Ability) -> float:
    """A context-free worth of one ability (used to rank cards to keep or to lose)."""
    if a.kind == "attack":
        targets = 3 if a.targets == 0 else max(1, a.targets, len(a.area))
        return (a.value + a.pierce / 2 + len(a.adds) + (a.push + a.pull) / 2) * 1.5 * targets
    if a.kind == "move":
        return a.value * 0.8
    if a.kind in ("heal", "loot"):
        return a.value * 0.8
    if a.kind in ("shield", "retaliate"):
        return a.value * 1.5
    if a.kind == "xp":
        return 0.5
    if a.kind == "suffer":
        return -a.value
    if a.kind == "custom":
        return 1.0 if effects.handler(a.note) is not None else 0.0  # nothing the engine performs
    return 1.0


def card_value(card: Card) -> float:
    """How much a card is worth keeping in hand (to build the hand, to choose a card to lose):
    its better half, plus a little for the other.

    >>> from delvekit.gloomhaven.model.setup import Card, Half
    >>> strong = Card(id="a", initiative=10, top=Half(abilities=(Ability(kind="attack", value=4),)))
    >>> weak = Card(id="b", initiative=10, top=Half(abilities=(Ability(kind="attack", value=1),)))
    >>> card_value(strong) > card_value(weak)
    True
    """
    a, b = _keep_value(card.top), _keep_value(card.bottom)
    return max(a, b) + min(a, b) / 4


def _keep_value(h: Half) -> float:
    """A half's worth in hand: a lost half is played once (at the moment it pays off), the
    others again after every rest."""
    worth = sum(_ability_value(a) for a in h.abilities)
    return worth * LOST_KEEP if h.lost else worth


class _Field:
    """Shortest walking costs to a set of goal hexes (Dijkstra backwards from the goals)."""

    __slots__ = ("cost",)

    def __init__(self, board: Board, goals: Mapping[Hex, float] | set[Hex], blocked: set[Hex]) -> None:
        links = board.links
        steps = _steps(board)
        cost: dict[Hex, float] = {}
        base = goals if isinstance(goals, Mapping) else dict.fromkeys(goals, 0.0)
        heap = [(b, g) for g, b in base.items() if g in links]
        heapq.heapify(heap)
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            c, h = pop(heap)
            if h in cost:
                continue
            cost[h] = c
            # entering h costs what h's terrain asks; we walk the field backwards
            step = c + steps[h]
            for n in links[h]:
                if n not in cost and n not in blocked and steps[n] < _FAR:
                    push(heap, (step, n))
        self.cost = cost

    def at(self, h: Hex) -> float:
        return self.cost.get(h, _FAR)


_STEPS: dict[int, tuple[Board, dict[Hex, float]]] = {}


def _steps(board: Board) -> dict[Hex, float]:
    """The cost of entering each hex of ``board`` (``_FAR`` for obstacles), computed once per
    board (boards are immutable)."""
    known = _STEPS.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    steps = {
        h: _FAR if board.terrain_at(h) is Terrain.OBSTACLE else _enter_cost(board, h) for h in board.links
    }
    if len(_STEPS) > 64:
        _STEPS.clear()
    _STEPS[id(board)] = (board, steps)
    return steps


def _enter_cost(board: Board, h: Hex) -> float:
    t = board.terrain_at(h)
    if t is Terrain.DIFFICULT:
        return 2.0
    if t in _NEGATIVE:
        return TRAP_STEP
    return 1.0


def _hex(text: str) -> Hex | None:
    """The hex written ``q,r``; ``None`` for any other token."""
    q, sep, r = text.partition(",")
    try:
        return (int(q), int(r)) if sep else None
    except ValueError:
        return None


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
        d = _pending(game)
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
                        total += _augment_worth(a, ctx)
                        bonus = _augment_attack(a)
                        continue
                    if a.note == "summon":
                        total += _summon_worth(a) if hexes < _FAR else 0.5
                        continue
                    a = _as_plain(a)
                    kind = a.kind
                if kind == "move":
                    need = min(walk, max(0.0, hexes - 1))
                    useful = min(a.value, max(0.0, need - moved)) if hexes < _FAR else a.value
                    total += useful * 1.2 + (a.value - useful) * 0.2
                    moved += a.value
                elif kind == "attack":
                    reachable = walk <= moved if a.range == 0 else hexes <= a.range + moved
                    if reachable:
                        extra = bonus if a.range == 0 else 0
                        total += _ability_value(a) * 1.5 + extra * 1.5
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
                    total += _ability_value(a) * 0.5
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
                        x = _basic(h1) if basic1 else self.half(cid, first, h1)
                        y = _basic(h2) if basic2 else self.half(cid, second, h2)
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
        if Choice("long-rest") in d.choices and reach[1] >= _FAR and (
            (f.max_hp - f.hp >= QUIET_REST_HEAL and len(ch.discard) >= QUIET_REST_DISCARDS)
            or len(ch.discard) >= QUIET_REST_ALWAYS
        ):
            return Choice("long-rest")  # no enemy on the board: the lost turn costs nothing
        if Choice("long-rest") in d.choices and near and reach[0] >= _FAR:
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
            tank = _sturdiest(game, f)
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
        (the same worlds for every candidate), ends best for the party (:func:`outcome`).

        Successive halving: every candidate is played out in a few worlds, the better half in a
        few more, and so on until one is left, so the close calls get the most samples. The
        worlds reshuffle every hidden draw pile, so the bot never peeks at the next card."""
        inner = self._inner()
        rng = Rng(bot_seed(game.state.round * 7919 + len(game.log), game.seed.__str__()))
        per = self.worlds if len(game.state.characters) <= 2 else max(1, self.worlds // 2)
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        while True:
            worlds = [_determinized(game, rng) for _ in range(per)]
            for i in alive:
                for world in worlds:
                    g = world.clone()
                    g.choose(candidates[i])
                    _play_round(g, inner, game.state.round + LOOKAHEAD_ROUNDS - 1)
                    totals[i] += outcome(game, g)
            # ties keep the cheap evaluation's order
            alive.sort(key=lambda i: (-totals[i], i))
            if len(alive) <= 1 or not LOOKAHEAD_HALVING:
                return candidates[alive[0]]
            alive = alive[: max(1, len(alive) // 2)]

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
            h = _basic(half) if c.kind.startswith("basic-") else self.half(d.actor, c.args[0], half)
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
        quiet = not any(_hostile(f, g) for g in game.state.figures.values())
        if quiet and f.hp < f.max_hp and QUIET_LONG_REST:
            return Choice("no-rest")
        if len(ch.hand) < 2 and 3 * f.hp > f.max_hp:
            return Choice("short-rest")
        return Choice("no-rest")

    def start(self, game: Game, d: Decision) -> Choice | None:
        enemies = [g.hex for g in game.state.figures.values() if g.kind == "monster"]
        starts = [(h, c) for c in d.choices if c.args and (h := _hex(c.args[0])) is not None]
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
            h = _hex(c.args[0]) if c.kind == "step" and c.args else None
            if h is None:
                continue
            v = field.at(h) + (5.0 if board.terrain_at(h) in _NEGATIVE else 0.0)
            if game.state.figure_at(h) is not None and points <= 1:
                v += 1.5  # onto an ally with no point left to step off it: it cannot stop there
            v -= 0.3 * game.state.coins.get(h, 0)
            if v < best[0]:
                best = (v, c)
        return best[1]

    def _move_field(self, game: Game, f: Figure, board: Board) -> tuple[_Field, bool]:
        st = game.state
        enemies = [g for g in st.figures.values() if _hostile(f, g)]
        blocked = {g.hex for g in enemies}
        if enemies:
            # never open a door (and wake a room) while a fight is on
            blocked |= board.doors - st.opened
            r = self._next_attack_range(game, f.id)
            want = max(1, r) if r is not None else 2
            taken = blocked | {g.hex for g in st.figures.values() if g is not f}
            links = board.links
            # the most dangerous enemy for its health draws the party (focus fire)
            urgency = {g.hex: _priority(game, g) for g in enemies}
            top = max(urgency.values())
            lag = {h: PRIORITY_MOVE * (1 - u / top) if top > 0 else 0.0 for h, u in urgency.items()}
            goals: dict[Hex, float] = {}
            if want == 1:  # melee: next to an enemy, not across a thin wall
                for g in enemies:
                    for n in links.get(g.hex, ()):
                        if n not in taken:
                            goals[n] = min(goals.get(n, _FAR), lag[g.hex])
            else:
                for h in links:
                    if h not in taken:
                        near = [lag[g.hex] for g in enemies if distance(h, g.hex) <= want]
                        if near:
                            goals[h] = min(near)
            if r is not None:
                reached = _in_attack_reach(game, f, r)
                if not reached:
                    goals.pop(f.hex, None)  # in range but out of sight: look for another hex
                field = _Field(board, self._exposure(game, f, goals), blocked)
                task = st.agenda[-1] if st.agenda else None
                points = task.n if task is not None and task.kind == "move" else 0
                if reached or f.kind != "character" or field.at(f.hex) <= points or not SAFE_FAR:
                    return field, reached
            elif f.kind != "character" or not SAFE_STEP:
                reached = all(2 <= distance(f.hex, g.hex) <= want for g in enemies)
                return _Field(board, self._exposure(game, f, goals), blocked), reached
            # no attack this turn (none left, or none it can reach): end where the fewest
            # monsters can reach it next round, the party together
            return _Field(board, self._safety(game, f, board, enemies, taken), blocked), False
        doors = board.doors - st.opened
        if not doors:
            return _Field(board, set(st.coins), blocked), not st.coins
        # the party's sturdiest character opens the next door, once the others are near it;
        # the others wait two hexes from it (a room wakes up on the one who opens it)
        leader = _leader(game)
        door = min(doors, key=lambda h: (distance(h, leader.hex), h))
        blocked |= doors
        links = board.links
        if leader is not f:
            wait = {h for h in links if h not in blocked and distance(h, door) == 2}
            return _Field(board, wait, blocked), f.hex in wait
        others = [g for g in st.figures.values() if g.kind == "character" and g is not f]
        if all(distance(g.hex, door) <= DOOR_WAIT for g in others):
            blocked.discard(door)
            return _Field(board, {door}, blocked), False
        beside = {n for n in links.get(door, ()) if n not in blocked}
        return _Field(board, beside, blocked), f.hex in beside

    def _safety(
        self, game: Game, f: Figure, board: Board, enemies: list[Figure], taken: set[Hex]
    ) -> dict[Hex, float]:
        """Every free hex with the cost of standing there: the monsters that can reach it next
        round (move plus range, in hexes), and for a less sturdy character its exposure."""
        lines = [(g.hex, sum(_monster_line(game, g)[::2]) + 1) for g in enemies]
        allies = [g.hex for g in game.state.figures.values() if g is not f and not _hostile(f, g)]
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
        enemies = [g for g in st.figures.values() if _hostile(f, g)]
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
                card, half = task.text.split("/")
                for a in self.half(cid, card, half).abilities[task.n :]:
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
            urgent = sum(_priority(game, st.figures[fid]) for fid in ids)
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
            h = _hex(c.args[0]) if c.args else None
            if h is None:
                return False, 0
            away = min((distance(h, p) for p in party), default=0) if ours and d.kind == "push" else 0
            return (board.terrain_at(h) in _NEGATIVE) == ours, away

        return max(options, key=worth)


def _determinized(game: Game, rng: Rng) -> Game:
    """A copy of ``game`` in which every hidden order (attack modifier and monster ability draw
    piles, the game's generator) is drawn afresh from ``rng``: one world the bot cannot tell
    apart from the real one."""
    g = game.clone()
    st = g.state
    st.rng = Rng(rng.randint(0, 2**62))
    for name, amd in st.modifier_decks.items():
        pile = list(amd.draw_pile)
        rng.shuffle(pile)
        st.modifier_decks[name] = msgspec.structs.replace(amd, draw_pile=tuple(pile))
    for name, deck in st.decks.items():
        draw, discards = deck.to_state()
        draw = list(draw)
        rng.shuffle(draw)
        st.decks[name] = Deck.from_state(draw, discards)
    return g


def _play_round(game: Game, bot: Bot, round_no: int) -> None:
    """Let ``bot`` answer every decision until round ``round_no`` (and its rests) is over."""
    for _ in range(5000):
        if game.decision is None or game.state.round > round_no:
            return
        game.choose(bot.choose(game))


def outcome(before: Game, after: Game) -> float:
    """How much better ``after`` is for the party than ``before``: monster health removed and
    kills, against character health and cards lost (a card negates about three damage, so
    it is worth about three health) and exhaustion."""
    b, a = before.state, after.state
    value = 0.0
    for fid, m in b.figures.items():
        if m.kind != "monster":
            continue
        now = a.figures.get(fid)
        if now is None:
            value += m.hp + KILL_WORTH * (2 if m.rank == "elite" else 1)
        else:
            value += m.hp - now.hp
    for cid, ch in b.characters.items():
        if ch.exhausted:
            continue
        later = a.characters[cid]
        if later.exhausted:
            value -= EXHAUSTION_COST
            continue
        f, g = b.figures[cid], a.figures[cid]
        value -= HP_WORTH * (min(f.hp, f.max_hp) - g.hp)
        value -= CARD_WORTH * card_scarcity(_cards_left(before, cid)) * (len(later.lost) - len(ch.lost))
        value += _assets(after, cid) - _assets(before, cid)
    return value - DANGER_WORTH * (_danger(after) - _danger(before))


def _danger(game: Game) -> float:
    """The attack the monsters can bring next round: the attack stat of every monster that is
    neither stunned nor disarmed and has a foe within its move plus range (a kill, a stun or a
    step back out of reach all lower it)."""
    st = game.state
    foes = [g.hex for g in st.figures.values() if g.kind != "monster"]
    if not foes:
        return 0.0
    total = 0.0
    for m in st.figures.values():
        if m.kind != "monster" or Condition.STUN in m.conditions or Condition.DISARM in m.conditions:
            continue
        move, attack, reach = _monster_line(game, m)
        if any(distance(m.hex, h) <= move + max(1, reach) for h in foes):
            total += attack
    return total


def _priority(game: Game, m: Figure) -> float:
    """How urgently the party wants ``m`` dead: the attack it brings (more from afar) for each
    point of health and shield it has left."""
    if m.kind != "monster":
        return 0.0
    _, attack, reach = _monster_line(game, m)
    return attack * (1.3 if reach else 1.0) / max(1, m.hp + game.shield(m.id))


def _monster_line(game: Game, m: Figure) -> tuple[int, int, int]:
    """(move, attack, range) of a monster's stat line; a middling one when it has none."""
    kinds = game.tables.types
    kind = kinds.get(m.name)
    if kind is None:
        return 2, 2, 0
    stats = kind.stats(m.rank or "normal")
    return stats.move, stats.attack, stats.range


def _assets(game: Game, cid: str) -> float:
    """What a character has in play that keeps paying off: its active augments and the health
    and attacks of its summons."""
    from delvekit.gloomhaven.effects.classes.mindthief import augments

    worth = sum(_augment_parts_worth(a) for a in augments(game, cid))
    for g in game.state.figures.values():
        if g.kind == "summon" and g.owner == cid:
            worth += SUMMON_HEALTH * g.hp / 2 + SUMMON_ATTACK
    return worth


def _sturdiest(game: Game, f: Figure) -> bool:
    """Whether ``f`` has the most maximum health among the characters on the board."""
    return all(g.max_hp <= f.max_hp for g in game.state.figures.values() if g.kind == "character")


def _leader(game: Game) -> Figure:
    """The character on the board with the most maximum health (the first of them in party
    order): it goes first through doors."""
    st = game.state
    on_board = [st.figures[c] for c in st.characters if c in st.figures]
    return max(reversed(on_board), key=lambda g: g.max_hp)


def _basic(half: str) -> Half:
    return _BASIC_TOP if half == "top" else _BASIC_BOTTOM


def _hostile(a: Figure, b: Figure) -> bool:
    return (a.kind == "monster") != (b.kind == "monster")


def _enemy_distance(game: Game, f: Figure) -> float:
    hexes = [g.hex for g in game.state.figures.values() if _hostile(f, g)]
    if not hexes:
        return _FAR
    return min(distance(f.hex, h) for h in hexes)


def _reach(game: Game, f: Figure) -> Reach:
    """(movement points to a free hex next to an enemy, not across a thin wall nor through a
    closed door; hex distance to the nearest enemy). ``_FAR`` when there is none."""
    hexes = _enemy_distance(game, f)
    board = game.board()
    if board is None or hexes >= _FAR:
        return (hexes, hexes)
    st = game.state
    enemies = [g.hex for g in st.figures.values() if _hostile(f, g)]
    blocked = set(enemies) | (board.doors - st.opened)
    taken = blocked | {g.hex for g in st.figures.values() if g is not f}
    links = board.links
    goals = {n for e in enemies for n in links.get(e, ()) if n not in taken}
    return (_Field(board, goals, blocked).at(f.hex), hexes)


def _in_attack_reach(game: Game, f: Figure, attack_range: int) -> bool:
    from delvekit.gloomhaven.engine.actions import targets

    return bool(targets(game, f, attack_range))


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


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": lambda seed: GreedyBot(),
    "search": lambda seed: importlib.import_module("delvekit.gloomhaven.bots.search").SearchBot(seed),
}
"""Bot names for faces (``--bots random|greedy|search``): name → factory taking the game seed."""


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name`` for a game with ``seed``."""
    from delvekit.core.errors import InputError

    if name not in BOTS:
        raise InputError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})", where="bots")
    return BOTS[name](seed)


def play(game: Game, bot: Bot, *, max_choices: int = 100_000) -> Game:
    """Let ``bot`` answer every decision until the scenario ends; returns ``game``."""
    for _ in range(max_choices):
        if game.decision is None:
            return game
        game.choose(bot.choose(game))
    raise RuntimeError(f"the scenario did not end within {max_choices} choices")
