"""Rules that change the state: damage, fatigue, knocked out, attribute tests, conditions,
occupancy and movement, and the attack pipeline (rules digest §4.3-§4.11). Called by
:class:`delvekit.descent.engine.Game`; every change emits an event through ``game.emit``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from delvekit.core.squares import Square
from delvekit.descent.dice import DICE, Roll, roll
from delvekit.descent.state import Attack, HeroState, MonsterState

if TYPE_CHECKING:
    from delvekit.descent.engine import Game

BIG = 10**6


# --- occupancy ---------------------------------------------------------------------------------


def hero_squares(g: Game) -> dict[Square, str]:
    """Squares of standing heroes (a knocked-out hero's token is empty, §4.10)."""
    return {h.square: h.id for h in g.state.heroes.values() if not h.knocked_out and not h.vanished}


def monster_squares(g: Game) -> dict[Square, str]:
    return {sq: m.id for m in g.state.monsters.values() for sq in m.base}


def blocked(g: Game) -> frozenset[Square]:
    """Squares that block sight: figures and obstacles."""
    return frozenset(hero_squares(g)).union(monster_squares(g), g.obstacles)


def can_see(
    g: Game,
    source: tuple[Square, ...],
    target: tuple[Square, ...],
    sight_blocked: frozenset[Square] | None = None,
) -> bool:
    """Line of sight; a figure in a pit sees and is seen only by adjacent figures (§4.7, §4.12).
    ``sight_blocked`` is :func:`blocked` when the caller has it already (several looks at one state)."""
    terrain = g.board.terrain
    if any(terrain.get(sq) == "pit" for sq in (*source, *target)):
        return any(g.board.adjacent(a, b) for a in source for b in target)
    if sight_blocked is None:
        sight_blocked = blocked(g)
    return g.board.line_of_sight(source, target, blocked=sight_blocked)


# --- damage, fatigue, knocked out ---------------------------------------------------------------


def hero_damage(g: Game, h: HeroState, amount: int, why: str, *, misery: bool = True) -> None:
    if amount <= 0 or h.knocked_out:
        return
    h.damage = min(h.health, h.damage + amount)
    g.emit("damage", h.id, f"amount={amount}", f"source={why}")
    if g.state.misery and misery and h.damage < h.health:
        hero_fatigue(g, h, 1, "word-of-misery", forced=True)
    if h.damage >= h.health:
        knock_out(g, h)


def hero_fatigue(g: Game, h: HeroState, amount: int, why: str, *, forced: bool = False) -> None:
    """Fatigue beyond Stamina becomes damage when forced (§4.3); voluntary fatigue is checked by
    the caller."""
    if amount <= 0 or h.knocked_out:
        return
    room = h.stamina - h.fatigue
    take = min(room, amount)
    if take:
        h.fatigue += take
        g.emit("fatigue", h.id, f"amount={take}", f"source={why}")
    if forced and amount > take:
        hero_damage(g, h, amount - take, why + "-fatigue", misery=False)


def knock_out(g: Game, h: HeroState) -> None:
    """§4.10: fatigue to Stamina, conditions discarded, the overlord draws 1 card; a hero
    knocked out on their own turn ends it."""
    h.knocked_out = True
    h.damage = h.health
    h.fatigue = h.stamina
    h.conditions.clear()
    g.emit("knocked-out", h.id)
    g.draw_overlord(1)
    if g.state.turn.actor == h.id:
        g.state.turn.ended = True


def recover(g: Game, h: HeroState, hearts: int, fatigue: int, why: str) -> None:
    if h.knocked_out and hearts > 0:
        h.knocked_out = False
        h.square = nearest_empty(g, h.square, hero=True)
        g.emit("stands", h.id, f"at={h.square[0]},{h.square[1]}", f"source={why}")
    hearts = min(hearts, h.damage)
    fatigue = min(fatigue, h.fatigue)
    h.damage -= hearts
    h.fatigue -= fatigue
    if hearts or fatigue:
        g.emit("recover", h.id, f"hearts={hearts}", f"fatigue={fatigue}", f"source={why}")


def monster_damage(g: Game, m: MonsterState, amount: int, why: str) -> None:
    if amount <= 0 or m.id not in g.state.monsters:
        return
    m.damage = min(m.health, m.damage + amount)
    g.emit("damage", m.id, f"amount={amount}", f"source={why}")
    if m.damage >= m.health:
        del g.state.monsters[m.id]
        g.emit("defeated", m.id)
        if m.unique == "mauler":
            g.finish("heroes", "mauler-defeated")


def attribute_test(g: Game, h: HeroState, attribute: str) -> bool:
    """§4.8: 1 gray + 1 black; pass if shields <= the attribute."""
    value = int(getattr(g.content.heroes[h.id], attribute))
    r = roll(("gray", "black"), g.rng)
    ok = r.shields <= value
    g.emit("test", h.id, attribute, f"need<={value}", f"rolled={r.shields}", "pass" if ok else "fail")
    return ok


# --- movement -------------------------------------------------------------------------------------


def nearest_empty(g: Game, start: Square, *, hero: bool) -> Square:
    taken = set(hero_squares(g)) | set(monster_squares(g))
    if start not in taken:
        return start
    dist = g.board.distances(start)
    for sq in sorted(dist, key=lambda s: (dist[s], s)):
        if sq not in taken and g.board.terrain.get(sq) != "obstacle":
            return sq
    return start


def nearest_safe(g: Game, start: Square) -> Square:
    """The nearest square that is not lava (where a defeated hero's token goes, §4.12)."""
    dist = g.board.distances(start)
    return min(
        (sq for sq in dist if g.board.terrain.get(sq) != "lava"), key=lambda sq: (dist[sq], sq), default=start
    )


def occupancy(g: Game) -> tuple[object, ...]:
    """What reach depends on besides the mover: the board (doors) and every figure's place."""
    s = g.state
    return (
        g.board,
        tuple([(h.square, h.knocked_out, h.vanished) for h in s.heroes.values()]),
        tuple([(m.id, m.base) for m in s.monsters.values()]),
    )


def remembered(g: Game, key: tuple[object, ...]) -> Any:
    """What ``g.reach_memo`` holds for ``key`` (None if nothing); the memo is kept small."""
    got = g.reach_memo.get(key)
    if got is None and len(g.reach_memo) > 64:
        g.reach_memo.clear()
    return got


def hero_reach(
    g: Game, h: HeroState, points: int, occ: tuple[object, ...] | None = None
) -> dict[Square, int]:
    """Where a hero can move with ``points`` and what each square costs (remembered for the same
    places of every figure, ``occ`` if the caller has it: the callers must not change the
    returned dict)."""
    key = ("hero", h.id, h.square, points, occupancy(g) if occ is None else occ)
    got: dict[Square, int] | None = remembered(g, key)
    if got is None:
        no_enter = set(monster_squares(g)) | g.obstacles
        heroes = hero_squares(g)
        reach = g.board.spread(h.square, points, no_enter=no_enter)
        got = g.reach_memo[key] = {sq: c for sq, c in reach.items() if sq not in heroes or sq == h.square}
    return got


def monster_reach(
    g: Game, m: MonsterState, points: int, occ: tuple[object, ...] | None = None
) -> dict[Square, int]:
    """Where a monster can end a move: a small one as itself, a large one shrunk to any square of
    its base (§4.5), then expanded; the values are the points spent (remembered like
    :func:`hero_reach`)."""
    key = ("monster", m.id, m.base, points, occupancy(g) if occ is None else occ)
    got: dict[Square, int] | None = remembered(g, key)
    if got is None:
        got = g.reach_memo[key] = _monster_reach(g, m, points)
    return got


def _monster_reach(g: Game, m: MonsterState, points: int) -> dict[Square, int]:
    heroes = hero_squares(g)
    mons = monster_squares(g)
    scamper = "scamper" in g.abilities(m)
    own = set(m.base)
    no_enter = g.obstacles if scamper else g.obstacles | set(heroes)
    best: dict[Square, int] = {}
    for start in m.base:
        for sq, cost in g.board.spread(start, points, no_enter=no_enter).items():
            if sq in heroes or (sq in mons and sq not in own):
                continue
            if cost < best.get(sq, BIG):
                best[sq] = cost
    if len(m.base) == 1:
        return best
    size = g.content.monsters[m.monster].size
    hold = _holder(g, m)
    return {sq: c for sq, c in best.items() if g.board.bases(size, sq, hold)}


def _holder(g: Game, m: MonsterState) -> Callable[[Square], bool]:
    """Whether a square can hold part of ``m``'s base now (no other figure, no obstacle or pit)."""
    heroes = hero_squares(g)
    mons = monster_squares(g)
    own = set(m.base)
    terrain = g.board.terrain

    def hold(s: Square) -> bool:
        return s not in heroes and (s not in mons or s in own) and terrain.get(s) not in ("obstacle", "pit")

    return hold


def bases_at(g: Game, m: MonsterState, size: tuple[int, int], sq: Square) -> list[frozenset[Square]]:
    return g.board.bases(size, sq, _holder(g, m))


# --- the attack pipeline (§4.6) ------------------------------------------------------------------


def start_attack(
    g: Game,
    attacker: str,
    targets: list[str],
    dice: tuple[str, ...],
    ranged: bool,
    abilities: list[str],
    source: str,
    bonus_hearts: int = 0,
) -> None:
    faces = [g.rng.randint(0, 5) for _ in dice]  # the same draws as dice.roll
    r = Roll(tuple(dice), tuple(DICE[d].faces[i] for d, i in zip(dice, faces, strict=True)))
    att = Attack(
        attacker,
        targets,
        dice,
        ranged,
        r.miss,
        r.range,
        r.hearts,
        r.surges,
        list(abilities),
        bonus_hearts=bonus_hearts,
        source=source,
        faces=faces,
    )
    src = g.squares_of(attacker)
    att.need = max((g.board.distance(src, g.squares_of(t)) for t in targets), default=0) if ranged else 0
    g.emit("attack", attacker, "targets=" + ",".join(targets), "roll=" + r.text().replace(" ", ","))
    g.state.attack = att
    cards = {"critical-blow", "dark-might", "dark-fortune"} if not r.miss else {"dark-fortune"}
    if attacker in g.state.monsters and cards & set(g.state.hand):
        g.state.react = "monster-attack-rolled"
        g.state.phase = "react"
        return
    to_surges(g)


def surge_options(g: Game, att: Attack) -> list[str]:
    """The attacker's legal surge spends: each unused ability once (§4.6), and a hero's one
    surge to recover 1 fatigue."""
    if att.miss:
        return []
    left = att.surges - surges_spent(att)
    if left <= 0:
        return []
    monster = g.state.monsters.get(att.attacker)
    if monster is not None and "cowardly" in g.abilities(monster):
        # Cowardly: no surge abilities unless within 3 spaces of a master monster
        masters = [m for m in g.state.monsters.values() if m.rank == "master" and m.id != monster.id]
        if not any(g.board.distance(monster.base, m.base) <= 3 for m in masters):
            return []
    out = [f"surge {i}" for i, _ in enumerate(att.abilities) if i not in att.used]
    hero = g.state.heroes.get(att.attacker)
    if hero is not None and not att.recover_fatigue and hero.fatigue > 0:
        out.append("surge fatigue")
    return out


def reroll_options(g: Game, att: Attack) -> list[str]:
    """Widow Tarha's ability: once per round, after rolling for an attack, reroll one attack or
    power die (offered before any surge is spent)."""
    if att.rerolled or surges_spent(att):
        return []
    hero = g.state.heroes.get(att.attacker)
    if hero is None:
        return [f"reroll {i}" for i in range(len(att.dice))] if att.fortune else []
    if g.content.heroes[hero.id].ability != "reroll-one-die" or "widow-reroll" in hero.exhausted:
        return []
    return [f"reroll {i}" for i in range(len(att.dice))]


def reroll(g: Game, att: Attack, i: int) -> None:
    who = att.attacker
    if who in g.state.heroes:
        g.state.heroes[who].exhausted.add("widow-reroll")
    att.rerolled = True
    att.faces[i] = g.rng.randint(0, 5)
    r = Roll(att.dice, tuple(DICE[d].faces[f] for d, f in zip(att.dice, att.faces, strict=True)))
    att.miss, att.range, att.hearts, att.surges = r.miss, r.range, r.hearts, r.surges
    g.emit("reroll", who, f"die={att.dice[i]}", "roll=" + r.text().replace(" ", ","))


def surges_spent(att: Attack) -> int:
    return len(att.used) + int(att.recover_fatigue)


def to_surges(g: Game) -> None:
    att = g.state.attack
    assert att is not None
    if surge_options(g, att) or reroll_options(g, att):
        g.state.phase = "attack"
    else:
        finish_attack(g)


def spend_surge(g: Game, att: Attack, what: str) -> None:
    if what == "fatigue":
        att.recover_fatigue = True
        g.emit("surge", att.attacker, "recover-fatigue")
        return
    i = int(what)
    att.used.append(i)
    code = att.abilities[i]
    g.emit("surge", att.attacker, code)
    if code.endswith("heart") and code.startswith("+"):
        att.bonus_hearts += int(code[1:-5])
    elif code.endswith("range") and code.startswith("+"):
        att.bonus_range += int(code[1:-5])
    elif code.startswith("pierce"):
        att.pierce += int(code[6:])
    elif code == "recover1heart":
        hero = g.state.heroes.get(att.attacker)
        if hero is not None:
            recover(g, hero, 1, 0, "avric-aura")
    elif code == "fatigue+2heart":
        hero = g.state.heroes[att.attacker]
        if hero.fatigue < hero.stamina:
            hero_fatigue(g, hero, 1, "runic-knowledge")
            att.bonus_hearts += 2
    else:
        att.effects.append(code)


def finish_attack(g: Game) -> None:
    """Range and miss, defence, damage, conditions (§4.6 steps 3-5)."""
    att = g.state.attack
    assert att is not None
    g.state.attack = None
    g.state.phase = g.resume_phase()
    hero_attacker = g.state.heroes.get(att.attacker)
    if att.recover_fatigue and hero_attacker is not None:
        recover(g, hero_attacker, 0, 1, "surge")
    if att.miss or (att.ranged and att.range + att.bonus_range < att.need):
        g.emit("miss", att.attacker, "x" if att.miss else f"range={att.range + att.bonus_range}<{att.need}")
        return
    for code in att.effects:
        if code.startswith("mend") and att.attacker in g.state.monsters:
            m = g.state.monsters[att.attacker]
            healed = min(m.damage, int(code[4:]))
            m.damage -= healed
            g.emit("recover", m.id, f"hearts={healed}", "source=mend")
    for target in list(att.targets):
        hearts = att.hearts + att.bonus_hearts
        if target in g.state.monsters:
            m = g.state.monsters[target]
            pool = g.stats(m).defense
            dealt = defend_and_damage(g, att, target, pool, hearts)
            if dealt and target in g.state.monsters:
                add_conditions(g, m.conditions, att.effects, target)
        elif target in g.state.heroes:
            h = g.state.heroes[target]
            if h.knocked_out:
                continue
            if att.attacker in g.state.monsters and g.near_leoric(att.attacker):
                hearts = max(1, hearts - 1) if hearts else 0
            pool = g.hero_defense(h)
            dealt = defend_and_damage(g, att, target, pool, hearts)
            if dealt and not h.knocked_out:
                add_conditions(g, h.conditions, att.effects, target)


def defend_and_damage(g: Game, att: Attack, target: str, pool: tuple[str, ...], hearts: int) -> int:
    r = roll(pool, g.rng)
    shields = r.shields
    hero = g.state.heroes.get(target)
    shield = hero is not None and "shield+1" in g.hero_items(hero) and "wooden-shield" not in hero.exhausted
    if hero is not None and shield and hearts - max(0, shields - att.pierce) > 0:
        hero.exhausted.add("wooden-shield")
        shields += 1
        g.emit("exhaust", target, "wooden-shield", "shields=+1")
    dealt = max(0, hearts - max(0, shields - att.pierce))
    g.emit("defend", target, "roll=" + (r.text().replace(" ", ",") or "none"), f"damage={dealt}")
    if hero is not None:
        if hero.id == "jain" and dealt > 0 and hero.fatigue < hero.stamina:
            g.state.absorb = (hero.id, dealt)
            g.absorb_now(hero, dealt)
        else:
            hero_damage(g, hero, dealt, att.attacker)
    elif target in g.state.monsters:
        monster_damage(g, g.state.monsters[target], dealt, att.attacker)
    return dealt


def add_conditions(g: Game, conditions: set[str], effects: list[str], who: str) -> None:
    names = {"stun": "stunned", "poison": "poisoned", "disease": "diseased", "immobilize": "immobilized"}
    for code in effects:
        cond = names.get(code)
        if cond and cond not in conditions:
            conditions.add(cond)
            g.emit("condition", who, cond)
