"""Room tactics for the search bot's policy: where the party stands and when it rests, on top
of the greedy bot's rules (:class:`TacticsBot`). Each rule is a switch, all off by default (then
it plays exactly as :class:`~delvekit.gloomhaven.bots.policy.PolicyBot`); the greedy bot
itself is unchanged.

- ``opener``: the character with the most health left (not the most maximum health) opens the
  next door, so a Brute worn down in the last room does not draw the next room's attacks.
- ``step_back``: when a door has just revealed two or more monsters (that have not taken a
  turn yet), a character whose next attack cannot reach an enemy this turn ends its move where
  the fewest monsters can reach it next round (the greedy bot walks on toward them): the
  monsters of a newly opened room come to the party, a few at a time, instead of the party
  walking into all of them.
- ``door_spare``: the door opener steps into the door only with this many move points to spare
  after it (to step back with); otherwise it waits beside the door for a longer move.
- ``front``: the character with the most health left (not the most maximum health) takes the
  monsters' focus; the others keep out of it (the greedy bot's Brute tanks even at 2 health).
- ``shelter``: the greedy bot's exposure cost (a less sturdy character ending nearer to a
  monster than every ally draws its attack) is multiplied by this (1: the greedy bot's).
- ``lost_extra``: a lost half costs this much more in the pair evaluation (scaled by card
  scarcity like the greedy bot's cost), so fewer cards go to lost abilities.
- ``ranking_low_hp``: the look-ahead's play-outs (one round) count each point of a character's
  health below ``LOW_HP`` this much more than ``outcome``'s one point (so low, most hits cost a
  card to negate).
- ``turn_worlds``: a character's move in a fight is searched: where to end it — the greedy
  bot's walk, the reachable hex the fewest monsters can reach next round, or the one of them
  from which its next attack reaches an enemy — each played out to the end of the round by the
  plain policy in ``turn_worlds`` sampled worlds; another end replaces the greedy walk only
  when its mean paired advantage exceeds ``TURN_MARGIN``.
- ``rest_heal``: with no monster on the board, a character missing ``REST_HEAL_MISSING`` or
  more health long rests (heals 2) once it has two discards, so it enters the next room
  healthier (the greedy bot waits for three discards).

>>> from delvekit.gloomhaven.engine.game import Game
>>> from delvekit.gloomhaven.testing.examples import tiny_setup
>>> game = Game(tiny_setup(), seed=2)
>>> bot = TacticsBot(lookahead=0, opener=True, step_back=True, rest_heal=True)
>>> while game.decision is not None and game.state.round <= 2:
...     _ = game.choose(bot.choose(game))
>>> game.state.round > 2 or game.result is not None
True
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import TypedDict, Unpack

from delvekit.core.board import Board
from delvekit.core.hexes import Hex, distance
from delvekit.core.records import Choice, Decision
from delvekit.core.rng import Rng
from delvekit.gloomhaven.bots.base import bot_seed, pending_decision
from delvekit.gloomhaven.bots.evaluation import (
    DOOR_WAIT,
    EXPOSURE_COST,
    Context,
    card_scarcity,
    outcome,
    party_leader,
)
from delvekit.gloomhaven.bots.geometry import (
    FAR,
    NEGATIVE,
    Field,
    enemy_reach,
    in_attack_reach,
    one_is_monster,
)
from delvekit.gloomhaven.bots.greedy import GreedyBot
from delvekit.gloomhaven.bots.policy import PolicyBot
from delvekit.gloomhaven.bots.worlds import determinized, play_round
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.setup import Half

__all__ = ["LOW_HP", "REST_HEAL_MISSING", "STEP_BACK_CROWD", "TacticsBot", "door_opener", "low_health"]

LOW_HP = 4
"""Health below which most hits on a character are lethal and cost a card to negate."""
TURN_MARGIN = 1.0
"""``turn_worlds``: the mean paired advantage another end of a move needs over the greedy walk."""
REST_HEAL_MISSING = 2
"""``rest_heal``: health a character must miss to long rest between rooms with two discards."""
STEP_BACK_CROWD = 2
"""``step_back`` applies only with at least this many newly revealed monsters on the board (one
monster, an archer say, is not worth a lost turn)."""


def door_opener(game: Game) -> Figure:
    """The character on the board with the most health left (ties: the most maximum health,
    then the first in party order): it goes first through the next door."""
    st = game.state
    on_board = [st.figures[c] for c in st.characters if c in st.figures]
    return max(reversed(on_board), key=lambda g: (g.hp, g.max_hp))


class Tactics(TypedDict, total=False):
    """The switches of :class:`TacticsBot` (each off when not given; see its attributes)."""

    opener: bool
    step_back: bool
    rest_heal: bool
    door_spare: int
    front: bool
    lost_extra: float
    ranking_low_hp: float
    turn_worlds: int
    shelter: float


class TacticsBot(PolicyBot):
    """:class:`~delvekit.gloomhaven.bots.policy.PolicyBot` with the room tactics of the module
    docstring, each a switch (all off: the policy bot exactly)."""

    __slots__ = (
        "_plan",
        "door_spare",
        "front",
        "lost_extra",
        "opener",
        "ranking_low_hp",
        "rest_heal",
        "shelter",
        "step_back",
        "tactics",
        "turn_spent",
        "turn_worlds",
    )

    def __init__(
        self,
        lookahead: int | None = None,
        worlds: int | None = None,
        *,
        reroll: bool = True,
        **tactics: Unpack[Tactics],
    ) -> None:
        super().__init__(lookahead, worlds, reroll=reroll)
        self.tactics = tactics
        """The switches given (the rest stay off)."""
        self.opener = tactics.get("opener", False)
        """Whether the healthiest character (not the sturdiest) opens the next door."""
        self.step_back = tactics.get("step_back", False)
        """Whether a character that cannot attack this turn keeps out of the monsters' reach."""
        self.rest_heal = tactics.get("rest_heal", False)
        """Whether a hurt character long rests between rooms with only two discards."""
        self.door_spare = tactics.get("door_spare", 0)
        """Move points the door opener keeps after stepping into the door (0: any move opens)."""
        self.front = tactics.get("front", False)
        """Whether the healthiest character (not the sturdiest) takes the monsters' focus."""
        self.lost_extra = tactics.get("lost_extra", 0.0)
        """What a lost half costs in the pair evaluation beyond the greedy bot's price."""
        self.ranking_low_hp = tactics.get("ranking_low_hp", 0.0)
        """The look-ahead's extra worth of each point of health below ``LOW_HP``."""
        self.turn_worlds = tactics.get("turn_worlds", 0)
        """Sampled worlds per candidate end of a move in a fight (0: the greedy walk)."""
        self.shelter = tactics.get("shelter", 1.0)
        """The factor on the greedy bot's exposure cost."""
        self.turn_spent: list[float] = []
        """CPU seconds of each searched move (for measurements)."""
        self._plan: tuple[tuple[object, ...], Hex] | None = None
        """The end hex chosen for the move in progress, with the move's key."""

    def _inner(self) -> GreedyBot:
        """The play-out policy of the look-ahead: these rules and tactics, without look-ahead."""
        inner = Tactics(**self.tactics)
        inner.pop("turn_worlds", None)  # the play-outs walk as the greedy bot does
        bot = TacticsBot(lookahead=0, reroll=self.reroll, **inner)
        bot._setup, bot._cards, bot._values = self._setup, self._cards, self._values
        bot._orders = self._orders
        return bot

    def choose(self, game: Game) -> Choice:
        d = pending_decision(game)
        if game.setup is not self._setup:
            self._plan = None  # a new game: no move of the last one is in progress
        if d.kind == "select" and self.rest_heal and self._rests_to_heal(game, d):
            return Choice("long-rest")
        if d.kind == "move" and self.turn_worlds and self._plan_key(game, d.actor) is not None:
            key = self._plan_key(game, d.actor)
            if self._plan is None or self._plan[0] != key:
                self._plan = None
                start = time.process_time()
                target = self._search_move(game, d.actor)
                self.turn_spent.append(time.process_time() - start)
                if target is not None and key is not None:
                    self._plan = (key, target)
        return super().choose(game)

    def _plan_key(self, game: Game, cid: str) -> tuple[object, ...] | None:
        """What identifies the move in progress of character ``cid`` in a fight (None: not one)."""
        st = game.state
        f, ch = st.figures.get(cid), st.characters.get(cid)
        if f is None or ch is None or not any(one_is_monster(f, g) for g in st.figures.values()):
            return None
        return (st.round, cid, f.turns, ch.used_half, len(ch.selected), ch.playing)

    def _search_move(self, game: Game, cid: str) -> Hex | None:
        """``turn_worlds``: the end of this move that plays out best (None: the greedy walk)."""
        st = game.state
        f = st.figures[cid]
        board = game.board()
        task = st.agenda[-1] if st.agenda else None
        if board is None or task is None or task.kind != "move":
            return None
        enemies = [g for g in st.figures.values() if one_is_monster(f, g)]
        blocked = {g.hex for g in enemies} | (board.doors - st.opened)
        taken = blocked | {g.hex for g in st.figures.values() if g is not f}
        walk = Field(board, {f.hex}, blocked)
        ends = [
            h
            for h, c in walk.cost.items()
            if c <= task.n and h not in taken and board.terrain_at(h) not in NEGATIVE
        ]
        if not ends:
            return None
        safety = self._safety(game, f, board, enemies, taken)
        candidates: list[Hex | None] = [None, min(ends, key=lambda h: (safety.get(h, FAR), walk.at(h), h))]
        r = self._next_attack_range(game, cid)
        if r is not None:
            reach = max(1, r)
            striking = [h for h in ends if any(distance(h, g.hex) <= reach for g in enemies)]
            if striking:
                candidates.append(min(striking, key=lambda h: (safety.get(h, FAR), walk.at(h), h)))
        if len(set(candidates)) < 2:
            return None
        key = self._plan_key(game, cid)
        rng = Rng(bot_seed(len(game.log), f"turn:{game.seed}:{st.round}"))
        scores: list[list[float]] = [[] for _ in candidates]
        for _ in range(self.turn_worlds):
            world = determinized(game, rng)
            for i, target in enumerate(candidates):
                inner = self._inner()
                if isinstance(inner, TacticsBot) and target is not None and key is not None:
                    inner._plan = (key, target)
                g = world.clone()
                play_round(g, inner, st.round)
                scores[i].append(outcome(game, g))
        best, edge = 0, TURN_MARGIN
        for i in range(1, len(candidates)):
            gain = sum(b - a for a, b in zip(scores[0], scores[i], strict=True)) / self.turn_worlds
            if gain > edge:
                best, edge = i, gain
        return candidates[best]

    def _rests_to_heal(self, game: Game, d: Decision) -> bool:
        """``rest_heal``: with no enemy on the board, a character missing health long rests as
        soon as it can (two discards)."""
        if Choice("long-rest") not in d.choices:
            return False
        ch = game.state.characters[d.actor]
        f = game.state.figures[d.actor]
        quiet = enemy_reach(game, f)[1] >= FAR
        return quiet and len(ch.discard) >= 2 and f.max_hp - f.hp >= REST_HEAL_MISSING

    def _playout_score(self, game: Game, played: Game) -> float:
        """The greedy look-ahead's score of a play-out, with ``ranking_low_hp`` for each point of
        health that ends below ``LOW_HP``."""
        score = super()._playout_score(game, played)
        if self.ranking_low_hp:
            score -= self.ranking_low_hp * (low_health(played) - low_health(game))
        return score

    def _plan_value(self, f: Figure, ctx: Context, first: Half, second: Half) -> float:
        value = super()._plan_value(f, ctx, first, second)
        if self.lost_extra:
            value -= self.lost_extra * card_scarcity(ctx.cards) * (first.lost + second.lost)
        return value

    def _exposure(self, game: Game, f: Figure, goals: Mapping[Hex, float] | set[Hex]) -> dict[Hex, float]:
        """The greedy bot's exposure cost (a hex nearer to a monster than every ally draws its
        attack) times ``shelter``; with ``front``, paid by every character but the one with the
        most health left."""
        if not self.front:
            out = super()._exposure(game, f, goals)
            if self.shelter == 1.0:
                return out
            base = goals if isinstance(goals, Mapping) else dict.fromkeys(goals, 0.0)
            return {h: base[h] + self.shelter * (c - base[h]) for h, c in out.items()}
        st = game.state
        base = goals if isinstance(goals, Mapping) else dict.fromkeys(goals, 0.0)
        allies = [g for g in st.figures.values() if g is not f and g.kind == "character"]
        if f.kind != "character" or not allies or f.hp >= max(a.hp for a in allies):
            return dict(base)
        enemies = [g for g in st.figures.values() if one_is_monster(f, g)]
        weight = EXPOSURE_COST * (1.0 - f.hp / max(a.hp for a in allies) / 2)
        nearest = [(e.hex, min(distance(a.hex, e.hex) for a in allies)) for e in enemies]
        return {
            h: cost + weight * sum(1 for e, d in nearest if distance(h, e) < d) for h, cost in base.items()
        }

    def _move_field(self, game: Game, f: Figure, board: Board) -> tuple[Field, bool]:
        st = game.state
        if self._plan is not None and self._plan[0] == self._plan_key(game, f.id):
            target = self._plan[1]
            blocked = {g.hex for g in st.figures.values() if one_is_monster(f, g)} | (board.doors - st.opened)
            return Field(board, {target}, blocked), f.hex == target
        enemies = [g for g in st.figures.values() if one_is_monster(f, g)]
        if not enemies:
            if (self.opener or self.door_spare) and f.kind == "character" and board.doors - st.opened:
                return self._door_field(game, f, board)
            return super()._move_field(game, f, board)
        field, reached = super()._move_field(game, f, board)
        if not self.step_back or f.kind != "character" or reached or not _fresh_room(game, enemies):
            return field, reached
        r = self._next_attack_range(game, f.id)
        if r is None:
            return field, reached  # the greedy rules already keep safe with no attack left
        task = st.agenda[-1] if st.agenda else None
        points = task.n if task is not None and task.kind == "move" else 0
        if in_attack_reach(game, f, r) or field.at(f.hex) <= points:
            return field, reached
        blocked = {g.hex for g in enemies} | (board.doors - st.opened)
        taken = blocked | {g.hex for g in st.figures.values() if g is not f}
        return Field(board, self._safety(game, f, board, enemies, taken), blocked), False

    def _door_field(self, game: Game, f: Figure, board: Board) -> tuple[Field, bool]:
        """The greedy bot's walk to the next door (the others wait two hexes from it, the opener
        goes in once they are near), with :func:`door_opener` as the one who opens it
        (``opener``) and a move long enough to step back after it (``door_spare``)."""
        st = game.state
        doors = board.doors - st.opened
        blocked = {g.hex for g in st.figures.values() if one_is_monster(f, g)} | doors
        leader = door_opener(game) if self.opener else party_leader(game)
        door = min(doors, key=lambda h: (distance(h, leader.hex), h))
        links = board.links
        if leader is not f:
            wait = {h for h in links if h not in blocked and distance(h, door) == 2}
            return Field(board, wait, blocked), f.hex in wait
        others = [g for g in st.figures.values() if g.kind == "character" and g is not f]
        beside = {n for n in links.get(door, ()) if n not in blocked}
        if all(distance(g.hex, door) <= DOOR_WAIT for g in others):
            blocked.discard(door)
            field = Field(board, {door}, blocked)
            task = st.agenda[-1] if st.agenda else None
            points = task.n if task is not None and task.kind == "move" else 0
            need = 1 + self.door_spare
            if not self.door_spare or field.at(f.hex) + self.door_spare <= points or f.hex not in beside:
                return field, False
            if not self._has_move(game, f.id, need):
                return field, False  # no longer move in hand: open with this one
            return Field(board, beside, blocked | {door}), True  # wait for a longer move
        return Field(board, beside, blocked), f.hex in beside

    def _has_move(self, game: Game, cid: str, points: int) -> bool:
        """Whether a card in ``cid``'s hand has a move of at least ``points``."""
        return any(
            a.kind == "move" and a.value >= points
            for card in game.state.characters[cid].hand
            for half in ("top", "bottom")
            for a in self.half(cid, card, half).abilities
        )


def low_health(game: Game) -> int:
    """Points of health below ``LOW_HP``, summed over the characters on the board (an exhausted
    one counts nothing here: ``outcome`` prices exhaustion)."""
    st = game.state
    return sum(
        max(0, LOW_HP - st.figures[cid].hp)
        for cid, ch in st.characters.items()
        if not ch.exhausted and cid in st.figures
    )


def _fresh_room(game: Game, enemies: list[Figure]) -> bool:
    """Whether a door has just revealed ``STEP_BACK_CROWD`` or more monsters that have not taken
    a turn yet (after round 1: the first room's monsters start awake next to the party)."""
    return game.state.round > 1 and sum(1 for g in enemies if g.turns == 0) >= STEP_BACK_CROWD
