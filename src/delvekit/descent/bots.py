"""Bots for Descent: ``random`` (a uniformly random kind of choice, then a random choice of that
kind) and ``greedy`` (one-step rules of thumb: heroes hunt Mauler and the goblins, the overlord
runs the goblins to the exit and attacks when it can). ``play_game`` runs a whole quest.

>>> g = play_game("first-blood", ("grisban", "jain"), "greedy", seed=3)
>>> g.result in ("heroes", "overlord")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from delvekit.core.errors import InputError
from delvekit.core.records import Choice
from delvekit.core.rng import Rng
from delvekit.descent.engine import Game

Bot = Callable[[Game, Rng], Choice]
MAX_CHOICES = 20_000


def random_bot(game: Game, rng: Rng) -> Choice:
    choices = game.decision.choices
    kinds = sorted({c.kind for c in choices})
    kind = rng.choice(kinds)
    return rng.choice([c for c in choices if c.kind == kind])


def _sq(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return (int(x), int(y))


def greedy_bot(game: Game, rng: Rng) -> Choice:
    d = game.decision
    choices = list(d.choices)
    by_kind: dict[str, list[Choice]] = {}
    for c in choices:
        by_kind.setdefault(c.kind, []).append(c)
    s = game.state
    board = game.board
    if d.kind == "order":
        return choices[0]
    if d.kind == "absorb":
        return choices[-1]
    if d.kind == "surges":
        att = s.attack
        if att is not None and att.miss and "reroll" in by_kind:
            return by_kind["reroll"][att.dice.index("blue") if "blue" in att.dice else 0]
        return (by_kind.get("surge") or by_kind["surge-done"])[0]
    if d.kind == "friend-move":
        return choices[-1]
    if d.kind == "reappear":
        target = _hero_goal(game, s.heroes[d.actor].square)
        if target is None:
            return choices[0]
        dist = board.distances(target)
        return min(choices, key=lambda c: (dist.get(_sq(c.args[0]), 10**6), c.args[0]))
    if d.kind == "react":
        return next((c for c in choices if c.kind == "play"), choices[-1])
    if d.kind in ("place", "throw"):
        return rng.choice(choices)
    if d.kind == "activate":
        return choices[0]
    if d.kind == "action":
        h = s.heroes[d.actor]
        hide = game.content.heroes[h.id].feat == "vanish" and h.damage * 2 < h.health
        for kind in ("stand-up", "discard-stun", "revive", "feat", "feat-attack", "rage", "attack"):
            if kind in by_kind and not (kind == "feat" and hide):
                opts = by_kind[kind]
                mauler = [
                    c for c in opts if c.args and c.args[0] in s.monsters and s.monsters[c.args[0]].unique
                ]
                goal = _hero_goal(game, h.square)
                runner = [
                    c
                    for c in opts
                    if c.args and c.args[0] in s.monsters and goal in s.monsters[c.args[0]].base
                ]
                return (mauler or runner or opts)[0]
        if "use" in by_kind and h.damage >= h.health // 2:
            hp = [c for c in by_kind["use"] if c.args[0] == "health-potion"]
            if hp:
                return hp[0]
        if "search" in by_kind:
            return by_kind["search"][0]
        target = _hero_goal(game, h.square)
        if "move" in by_kind and s.turn.mp == 0 and target is not None:
            return by_kind["move"][0]  # a move action's points before any fatigue
        if "goto" in by_kind and target is not None:
            dist = board.distances(target)
            now = dist.get(h.square, 10**6)
            best = min(by_kind["goto"], key=lambda c: (dist.get(_sq(c.args[0]), 10**6), c.args[0]))
            if dist.get(_sq(best.args[0]), 10**6) < now and (s.turn.mp > 0 or h.fatigue < h.stamina - 1):
                return best
        if "move" in by_kind and s.turn.mp == 0:
            return by_kind["move"][0]
        if "rest" in by_kind and h.fatigue > 0:
            return by_kind["rest"][0]
        return by_kind["end-turn"][0]
    # monster
    m = s.monsters[s.turn.actor]
    if "discard-stun" in by_kind:
        return by_kind["discard-stun"][0]
    if "escape" in by_kind:
        return by_kind["escape"][0]
    goblin = m.monster == game.quest.reinforce.monster
    if "attack" in by_kind and not goblin:
        return min(by_kind["attack"], key=lambda c: s.heroes[c.args[0]].health - s.heroes[c.args[0]].damage)
    goal = game.quest.exit[0] if goblin else _nearest_hero(game, m.base)
    if "goto" in by_kind and goal is not None:
        dist = board.distances(goal)
        now = min(dist.get(sq, 10**6) for sq in m.base)
        best = min(by_kind["goto"], key=lambda c: (dist.get(_sq(c.args[0]), 10**6), c.args[0]))
        if dist.get(_sq(best.args[0]), 10**6) < now:
            return best
    if "move" in by_kind and s.turn.mp == 0:
        return by_kind["move"][0]
    if "attack" in by_kind:
        return by_kind["attack"][0]
    return by_kind["end"][0]


def _hero_goal(game: Game, at: tuple[int, int]) -> tuple[int, int] | None:
    """Mauler, unless a goblin is running for the exit: then the runner nearest to it."""
    mons = list(game.state.monsters.values())
    if not mons:
        return None
    exit_dist = game.board.distances(game.quest.exit[0])
    goblin = game.quest.reinforce.monster
    runners = [m for m in mons if m.monster == goblin and exit_dist.get(m.base[0], 99) <= 5]
    if runners:
        target = min(runners, key=lambda m: (exit_dist.get(m.base[0], 99), m.id))
    else:
        target = min(mons, key=lambda m: (game.board.distance(at, m.base) - (3 if m.unique else 0), m.id))
    return min(target.base, key=lambda sq: game.board.distance(at, sq))


def _nearest_hero(game: Game, base: tuple[tuple[int, int], ...]) -> tuple[int, int] | None:
    heroes = [h for h in game.state.heroes.values() if not h.knocked_out]
    if not heroes:
        return None
    return min(heroes, key=lambda h: (game.board.distance(base, h.square), h.id)).square


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}


def play_game(
    quest: str, heroes: Sequence[str], bots: str, seed: int, *, check: Callable[[Game], None] | None = None
) -> Game:
    """Bots play every seat to the end (``check`` runs after every choice); ``bots`` is one bot
    for every seat or ``HEROES/OVERLORD``, e.g. ``random/greedy``."""
    hero_bot, _, overlord_bot = bots.partition("/")
    overlord_bot = overlord_bot or hero_bot
    for name in (hero_bot, overlord_bot):
        if name not in BOTS:
            raise InputError(f"unknown bot {name!r} (known: {', '.join(BOTS)})", where="--bots")
    game = Game.new(quest, list(heroes), seed=seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(MAX_CHOICES):
        if game.result:
            return game
        bot = BOTS[overlord_bot if game.decision.actor == "overlord" else hero_bot]
        game.choose(bot(game, rng))
        if check is not None:
            check(game)
    raise RuntimeError(f"seed {seed}: no result after {MAX_CHOICES} choices")
