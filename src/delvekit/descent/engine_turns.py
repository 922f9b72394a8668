"""Hero turns and monster activations: the legal choices and what each does (rules digest §4.2,
§4.3, §4.9, §4.10, heroic feats). Used by :class:`delvekit.descent.engine.Game`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from delvekit.core.records import Choice
from delvekit.core.squares import Square
from delvekit.descent import rules, terrain
from delvekit.descent.content import Weapon
from delvekit.descent.state import HeroState, MonsterState, Turn

if TYPE_CHECKING:
    from delvekit.descent.engine import Game


@lru_cache(maxsize=8192)
def _ch(kind: str, *args: str | int) -> Choice:
    """A choice record, made once (choices are immutable; the same few hundred recur)."""
    return Choice.of(kind, *args)


@lru_cache(maxsize=4096)
def _goto(sq: Square) -> Choice:
    """The choice to move to ``sq`` (made once per square)."""
    return Choice.of("goto", _txt(sq))


def _sq(text: str) -> Square:
    x, y = text.split(",")
    return (int(x), int(y))


def _txt(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


# --- heroes -----------------------------------------------------------------------------------


def _weapon(g: Game, h: HeroState) -> Weapon:
    return g.content.classes[h.klass].weapons[0]


def _skills(g: Game, h: HeroState) -> set[str]:
    return {s.effect for s in g.content.classes[h.klass].skills if s.effect and s.xp == 0}


def hero_targets(g: Game, h: HeroState, *, melee: bool, occ: tuple[object, ...] | None = None) -> list[str]:
    """The monsters ``h`` may attack: adjacent ones for a melee weapon, seen ones for a ranged
    one (remembered for the same places of every figure, like the reach)."""
    key = ("hero-targets", h.square, melee, rules.occupancy(g) if occ is None else occ)
    got: list[str] | None = rules.remembered(g, key)
    if got is None:
        got = g.reach_memo[key] = _hero_targets(g, h, melee)
    return list(got)


def _hero_targets(g: Game, h: HeroState, melee: bool) -> list[str]:
    out = []
    sight = None if melee else rules.blocked(g)
    for m in g.state.monsters.values():
        if sight is None:
            if any(g.board.adjacent(h.square, sq) for sq in m.base):
                out.append(m.id)
        elif rules.can_see(g, (h.square,), m.base, sight):
            out.append(m.id)
    return sorted(out)


def hero_choices(g: Game) -> list[Choice]:
    s, t = g.state, g.state.turn
    h = s.heroes[t.actor]
    out: list[Choice] = []
    acts = t.actions > 0
    if h.knocked_out:
        if acts:
            out.append(_ch("stand-up"))
        return [*out, _ch("end-turn")]
    if "stunned" in h.conditions:
        if acts:
            out.append(_ch("discard-stun"))
        return [*out, _ch("end-turn")]
    immobile = "immobilized" in h.conditions
    if acts and not immobile:
        out.append(_ch("move"))
    room = h.stamina - h.fatigue
    occ = rules.occupancy(g)  # the figures' places, the same for every question below
    if not immobile and t.mp + room > 0:
        here = h.square
        out += [_goto(sq) for sq, cost in sorted(rules.hero_reach(g, h, t.mp + room, occ).items())
                if sq != here and cost > 0]  # fmt: skip
    weapon = _weapon(g, h)
    melee = weapon.attack == "melee"
    targets = hero_targets(g, h, melee=melee, occ=occ)
    if acts:
        out += [_ch("attack", m) for m in targets]
        if "rage" in _skills(g, h) and melee and room >= 1:
            out += [_ch("rage", m) for m in targets]
    if t.free_attack:
        out += [_ch("feat-attack", m) for m in targets]
    if acts:
        out += [_ch("door", d) for d in terrain.doors_near(g, (h.square,))]
        if g.board.terrain.get(h.square) == "pit":
            out += [_ch("climb", _txt(sq)) for sq in _free_neighbours(g, (h.square,))]
        out.append(_ch("rest"))
        for tok in s.search_tokens:
            if tok == h.square or g.board.adjacent(h.square, tok):
                out.append(_ch("search", _txt(tok)))
            elif "greedy" in _skills(g, h) and room >= 1 and g.board.distance(h.square, tok) <= 3:
                out.append(_ch("greedy", _txt(tok)))
        for other in s.heroes.values():
            if (
                other.knocked_out
                and other.id != h.id
                and (other.square == h.square or g.board.adjacent(h.square, other.square))
            ):
                out.append(_ch("revive", other.id))
        for card in sorted(set(h.search_cards)):
            if card in ("health-potion", "stamina-potion", "curse-doll"):
                out.append(_ch("use", card))
    if "prayer-of-healing" in _skills(g, h) and "prayer-of-healing" not in h.exhausted and room >= 1:
        for other in s.heroes.values():
            if (
                not other.knocked_out
                and other.damage
                and (other.id == h.id or g.board.adjacent(h.square, other.square))
            ):
                out.append(_ch("prayer", other.id))
    if not h.feat_used:
        out += _feat_choices(g, h, targets)
    return [*out, _ch("end-turn")]


def _free_neighbours(g: Game, base: tuple[Square, ...]) -> list[Square]:
    taken = set(rules.hero_squares(g)) | set(rules.monster_squares(g)) | g.obstacles
    return sorted({n for sq in base for n in g.board.neighbours(sq) if n not in taken and n not in base})


def _feat_choices(g: Game, h: HeroState, targets: list[str]) -> list[Choice]:
    feat = g.content.heroes[h.id].feat
    s = g.state
    if feat in ("extra-attack", "run-and-attack", "heal-all-2-red", "vanish"):
        return [_ch("feat")]
    if feat == "stun-a-group":
        near = sorted(m.id for m in s.monsters.values() if g.board.distance(m.base, h.square) <= 3)
        return [_ch("feat", m) for m in near]
    magic = "magic" in _weapon(g, h).traits
    if feat == "magic-attack-all-adjacent" and magic and hero_targets(g, h, melee=True):
        return [_ch("feat")]
    if feat == "move-with-a-friend":
        near = sorted(o.id for o in s.heroes.values() if o.id != h.id and not o.knocked_out
                      and g.board.distance(h.square, o.square) <= 3)  # fmt: skip
        return [_ch("feat", o) for o in near] or [_ch("feat")]
    if feat == "attack-two-targets" and s.turn.actions > 0:
        return [_ch("feat", a, b) for i, a in enumerate(targets) for b in targets[i + 1 :]]
    return []


def _spend_action(g: Game) -> None:
    g.state.turn.actions -= 1
    g.state.turn.actions_taken += 1


def hero_attack(g: Game, h: HeroState, targets: list[str], source: str, bonus: int = 0) -> None:
    weapon = _weapon(g, h)
    abilities = list(weapon.surges)
    if "runic-knowledge" in _skills(g, h) and {"magic", "rune"} & set(weapon.traits):
        abilities.append("fatigue+2heart")
    for other in g.state.heroes.values():
        aura = g.content.heroes[other.id].ability == "aura-surge-recover-heart" and not other.knocked_out
        if aura and g.board.distance(h.square, other.square) <= 3:
            abilities.append("recover1heart")
    one = len(targets) == 1
    if (
        weapon.effect == "adjacent+1heart"
        and one
        and any(g.board.adjacent(h.square, sq) for sq in g.squares_of(targets[0]))
    ):
        bonus += 1
    g.state.turn.attacks += 1
    rules.start_attack(g, h.id, targets, weapon.dice, weapon.attack == "ranged", abilities, source, bonus)


def hero_choose(g: Game, c: Choice) -> None:
    s, t = g.state, g.state.turn
    h = s.heroes[t.actor]
    k, a = c.kind, c.args
    if k == "end-turn":
        t.ended = True
    elif k == "stand-up":
        _spend_action(g)
        hearts, surges = g.roll_red(2)
        g.emit("stand-up", h.id, f"hearts={hearts}", f"surges={surges}")
        rules.recover(g, h, hearts, surges, "stand-up")
        t.ended = True  # standing up ends the turn (FAQ)
    elif k == "discard-stun":
        _spend_action(g)
        h.conditions.discard("stunned")
        g.emit("condition-ends", h.id, "stunned")
    elif k == "move":
        _spend_action(g)
        t.mp += g.content.heroes[h.id].speed
        g.emit("move-action", h.id, f"mp={t.mp}")
    elif k == "goto":
        dest = _sq(a[0])
        cost = rules.hero_reach(g, h, t.mp + h.stamina - h.fatigue)[dest]
        from_mp = min(cost, t.mp)
        t.mp -= from_mp
        if cost > from_mp:
            rules.hero_fatigue(g, h, cost - from_mp, "movement")
        path = g.board.path(
            h.square, dest, t.mp + h.stamina, no_enter=set(rules.monster_squares(g)) | g.obstacles
        )
        h.square = dest
        t.moved = True
        g.emit("moves", h.id, f"to={a[0]}", f"cost={cost}")
        terrain.enter_terrain(g, h.id, path)
        if h.knocked_out:
            return
        if {"pit-trap", "tripwire"} & set(s.hand):
            s.react, s.react_hero, s.phase = "hero-enters-empty", h.id, "react"
    elif k in ("attack", "rage", "feat-attack"):
        if k == "feat-attack":
            t.free_attack = False
        else:
            _spend_action(g)
        if k == "rage":
            rules.hero_fatigue(g, h, 1, "rage")
        hero_attack(g, h, [a[0]], k, bonus=1 if k == "rage" else 0)
    elif k == "door":
        _spend_action(g)
        terrain.toggle_door(g, a[0], h.id)
    elif k == "climb":
        _spend_action(g)
        h.square = _sq(a[0])
        g.emit("climbs", h.id, f"to={a[0]}")
    elif k == "rest":
        _spend_action(g)
        t.rested = True
        g.emit("rests", h.id)
        if g.content.heroes[h.id].ability == "rest-discards-condition" and h.conditions:
            cond = sorted(h.conditions)[0]
            h.conditions.discard(cond)
            g.emit("condition-ends", h.id, cond)
    elif k in ("search", "greedy"):
        _spend_action(g)
        if k == "greedy":
            rules.hero_fatigue(g, h, 1, "greedy")
        s.search_tokens.remove(_sq(a[0]))
        card = s.search_deck.pop() if s.search_deck else "nothing"
        h.search_cards.append(card)
        g.emit("search", h.id, f"token={a[0]}", f"card={card}")
        if "poison-dart" in s.hand:
            s.react, s.react_hero, s.phase = "hero-searches", h.id, "react"
    elif k == "revive":
        _spend_action(g)
        other = s.heroes[a[0]]
        hearts, surges = g.roll_red(2)
        g.emit("revive", h.id, other.id, f"hearts={hearts}", f"surges={surges}")
        rules.recover(g, other, hearts, surges, "revive")
    elif k == "use":
        _spend_action(g)
        h.search_cards.remove(a[0])
        g.emit("uses", h.id, a[0])
        if a[0] == "health-potion":
            rules.recover(g, h, h.damage, 0, a[0])
        elif a[0] == "stamina-potion":
            rules.recover(g, h, 0, h.fatigue, a[0])
        elif h.conditions:
            cond = sorted(h.conditions)[0]
            h.conditions.discard(cond)
            g.emit("condition-ends", h.id, cond)
    elif k == "prayer":
        h.exhausted.add("prayer-of-healing")
        rules.hero_fatigue(g, h, 1, "prayer-of-healing")
        hearts, _ = g.roll_red(1)
        rules.recover(g, s.heroes[a[0]], hearts, 0, "prayer-of-healing")
    elif k == "feat":
        _feat(g, h, list(a))


def _feat(g: Game, h: HeroState, args: list[str]) -> None:
    s, t = g.state, g.state.turn
    h.feat_used = True
    feat = g.content.heroes[h.id].feat
    g.emit("feat", h.id, feat, *args)
    if feat == "extra-attack":
        t.free_attack = True
    elif feat == "run-and-attack":
        t.mp += 2 * g.content.heroes[h.id].speed
        t.free_attack = True
    elif feat == "heal-all-2-red":
        hearts, _ = g.roll_red(2)
        for other in s.heroes.values():
            if g.board.distance(h.square, other.square) <= 3:
                rules.recover(g, other, hearts, 0, "heal-all")
    elif feat == "stun-a-group":
        group = s.monsters[args[0]].monster
        for m in s.monsters.values():
            if m.monster == group and "stunned" not in m.conditions:
                m.conditions.add("stunned")
                g.emit("condition", m.id, "stunned")
    elif feat == "magic-attack-all-adjacent":
        hero_attack(g, h, hero_targets(g, h, melee=True), "feat")
    elif feat == "move-with-a-friend":
        # Syndrael and a hero within 3 spaces each perform a move action, beyond their 2 actions
        t.mp += g.content.heroes[h.id].speed
        if args:
            s.friend = (args[0], g.content.heroes[args[0]].speed)
            s.phase = "friend"
    elif feat == "vanish":
        # Tomble leaves a token; he returns within 4 spaces of it at the start of his next turn
        h.vanished = True
        t.ended = True
    elif feat == "attack-two-targets":
        _spend_action(g)
        hero_attack(g, h, args, "feat")


# --- the overlord and monsters ----------------------------------------------------------------


def overlord_choices(g: Game) -> list[Choice]:
    s = g.state
    waiting = [m for m in sorted(s.monsters) if m not in s.activated]
    if s.group and any(s.monsters[m].monster == s.group for m in waiting):
        ids = [m for m in waiting if s.monsters[m].monster == s.group]
        return [_ch("activate", m) for m in ids] + [_ch("end-group")]
    ids = [m for m in waiting if s.monsters[m].monster not in s.groups_done]
    return [_ch("activate", m) for m in ids] + [_ch("end-turn")]


def overlord_choose(g: Game, c: Choice) -> None:
    s = g.state
    if c.kind == "end-turn":
        g.end_overlord_turn()
        return
    if c.kind == "end-group":
        s.groups_done.append(s.group)
        s.group = ""
        return
    m = s.monsters[c.args[0]]
    if s.group != m.monster:
        if s.group:
            s.groups_done.append(s.group)
        s.group = m.monster
    s.activated.append(m.id)
    s.turn = Turn(actor=m.id, actions=2)
    s.phase = "monster"
    g.emit("activate", m.id)
    for cond in ("poisoned", "diseased"):  # monsters have no attributes: they fail every test (§4.8)
        if cond in m.conditions:
            rules.monster_damage(g, m, 1, cond)
    if m.id not in s.monsters:
        s.phase = "overlord"
        return
    if m.rank == "minion":
        for h in s.heroes.values():
            ashrian = g.content.heroes[h.id].ability == "stun-adjacent-minions" and not h.knocked_out
            near = any(g.board.adjacent(h.square, sq) for sq in m.base)
            if ashrian and near and "stunned" not in m.conditions:
                m.conditions.add("stunned")
                g.emit("condition", m.id, "stunned", "source=ashrian")
    if "dash" in s.hand or "frenzy" in s.hand:
        s.react, s.phase = "monster-activation", "react"


def reappear_choices(g: Game, h: HeroState) -> list[Choice]:
    taken = set(rules.hero_squares(g)) | set(rules.monster_squares(g)) | g.obstacles
    dist = g.board.distances(h.square)
    return [_ch("place", _txt(sq)) for sq, d in sorted(dist.items()) if d <= 4 and sq not in taken]


def monster_targets(g: Game, m: MonsterState, occ: tuple[object, ...] | None = None) -> list[str]:
    """The heroes ``m`` may attack (remembered like :func:`hero_targets`)."""
    key = ("monster-targets", m.id, m.base, rules.occupancy(g) if occ is None else occ)
    got: list[str] | None = rules.remembered(g, key)
    if got is None:
        got = g.reach_memo[key] = _monster_targets(g, m)
    return list(got)


def _monster_targets(g: Game, m: MonsterState) -> list[str]:
    melee = g.content.monsters[m.monster].attack_type == "melee"
    reach = 2 if "reach" in g.abilities(m) else 1
    out = []
    sight = rules.blocked(g)
    for h in g.state.heroes.values():
        if h.knocked_out or h.vanished:
            continue
        if melee:
            near = any(g.board.adjacent(sq, h.square) for sq in m.base)
            if not near and not (reach == 2 and g.board.distance(m.base, h.square) <= 2):
                continue
        if rules.can_see(g, m.base, (h.square,), sight):
            out.append(h.id)
    return sorted(out)


def monster_choices(g: Game) -> list[Choice]:
    s, t = g.state, g.state.turn
    m = s.monsters[t.actor]
    if s.phase == "place":
        return [_ch("place", _txt(min(base))) for base in s.place_options]
    out: list[Choice] = []
    acts = t.actions > 0
    if "stunned" in m.conditions:
        return ([_ch("discard-stun")] if acts else []) + [_ch("end")]
    immobile = "immobilized" in m.conditions
    occ = rules.occupancy(g)  # the figures' places, the same for every question below
    if (acts or t.dash) and not immobile:
        out.append(_ch("move"))
    if t.mp > 0 and not immobile:
        out += [_goto(sq) for sq, cost in sorted(rules.monster_reach(g, m, t.mp, occ).items()) if cost > 0]
        if m.monster == g.quest.reinforce.monster and any(sq in g.quest.exit for sq in m.base):
            out.append(_ch("escape"))
    if (acts or t.frenzy) and t.attacks < t.attack_limit:
        out += [_ch("attack", h) for h in monster_targets(g, m, occ)]
    if acts:
        out += [_ch("door", d) for d in terrain.doors_near(g, m.base)]
        if len(m.base) == 1 and g.board.terrain.get(m.base[0]) == "pit":
            out += [_ch("climb", _txt(sq)) for sq in _free_neighbours(g, m.base)]
    if acts and "action-throw" in g.abilities(m):  # Throw is an action, not an attack
        for h in sorted(g.state.heroes.values(), key=lambda h: h.id):
            if not h.knocked_out and not h.vanished and any(g.board.adjacent(sq, h.square) for sq in m.base):
                out.append(_ch("throw", h.id))
    return [*out, _ch("end")]


def monster_choose(g: Game, c: Choice) -> None:
    s, t = g.state, g.state.turn
    m = s.monsters[t.actor]
    k = c.kind
    if k == "end":
        m.conditions.discard("immobilized")
        g.emit("activation-ends", m.id)
        s.phase = "overlord"
        if any(g.board.terrain.get(sq) == "lava" for sq in m.base):
            rules.monster_damage(g, m, m.health, "lava")  # ending its turn in lava (§4.12)
    elif k == "door":
        _spend_action(g)
        terrain.toggle_door(g, c.args[0], m.id)
    elif k == "climb":
        _spend_action(g)
        m.base = (_sq(c.args[0]),)
        g.emit("climbs", m.id, f"to={c.args[0]}")
    elif k == "place":
        corner = _sq(c.args[0])
        m.base = tuple(sorted(next(b for b in s.place_options if min(b) == corner)))
        s.place_options = []
        s.phase = "monster"
        g.emit("places", m.id, "at=" + ";".join(_txt(q) for q in m.base))
    elif k == "discard-stun":
        _spend_action(g)
        m.conditions.discard("stunned")
        g.emit("condition-ends", m.id, "stunned")
    elif k == "move":
        if t.dash and t.actions == 0:
            t.dash = False
        else:
            _spend_action(g)
        t.mp += g.stats(m).speed
        g.emit("move-action", m.id, f"mp={t.mp}")
    elif k == "goto":
        dest = _sq(c.args[0])
        cost = rules.monster_reach(g, m, t.mp)[dest]
        if len(m.base) == 1:
            heroes = set(rules.hero_squares(g))
            no_enter = g.obstacles if "scamper" in g.abilities(m) else g.obstacles | heroes
            path = g.board.path(m.base[0], dest, t.mp, no_enter=no_enter)
            t.mp -= cost
            m.base = (dest,)
            g.emit("moves", m.id, f"to={c.args[0]}", f"cost={cost}")
            terrain.enter_terrain(g, m.id, path)
        else:
            # a large monster expands where its move ends; its move action's points end there
            t.mp = 0
            size = g.content.monsters[m.monster].size
            options = [tuple(sorted(b)) for b in rules.bases_at(g, m, size, dest)]
            g.emit("moves", m.id, f"to={c.args[0]}", f"cost={cost}")
            if len(options) == 1:
                m.base = options[0]
                g.emit("places", m.id, "at=" + ";".join(_txt(q) for q in m.base))
            else:
                s.place_options = sorted(options)
                s.phase = "place"
    elif k == "throw":
        # Throw (wiki "Throw"): the hero tests Might; on a failure the overlord places him on an
        # empty space within 3 spaces, then he suffers 1 heart
        _spend_action(g)
        h = s.heroes[c.args[0]]
        g.emit("throw", m.id, h.id)
        if not rules.attribute_test(g, h, "might"):
            s.react_hero = h.id
            s.phase = "throw"
    elif k == "escape":
        t.mp -= 1
        g.escape(m)
        if m.id not in s.monsters:
            s.phase = "overlord" if not s.result else "over"
    elif k == "attack":
        if t.actions == 0 and t.frenzy:
            t.frenzy = False
        else:
            _spend_action(g)
        t.attacks += 1
        st = g.stats(m)
        abilities = [a.removeprefix("surge:") for a in st.abilities if a.startswith("surge:")]
        ranged = g.content.monsters[m.monster].attack_type == "ranged"
        rules.start_attack(g, m.id, [c.args[0]], st.attack, ranged, abilities, "attack")


def friend_choices(g: Game) -> list[Choice]:
    """Syndrael's friend moves now with the points of one move action (no fatigue: it is not
    that hero's turn)."""
    hid, points = g.state.friend
    h = g.state.heroes[hid]
    out = [_ch("goto", _txt(sq)) for sq, cost in sorted(rules.hero_reach(g, h, points).items()) if cost > 0]
    return [*out, _ch("done")]


def friend_choose(g: Game, c: Choice) -> None:
    s = g.state
    hid, points = s.friend
    h = s.heroes[hid]
    if c.kind == "goto":
        dest = _sq(c.args[0])
        cost = rules.hero_reach(g, h, points)[dest]
        h.square = dest
        s.friend = (hid, points - cost)
        g.emit("moves", hid, f"to={c.args[0]}", f"cost={cost}", "source=syndrael")
        if points - cost > 0:
            return
    s.friend = ("", 0)
    s.phase = "hero"


def throw_choices(g: Game) -> list[Choice]:
    h = g.state.heroes[g.state.react_hero]
    taken = set(rules.hero_squares(g)) | set(rules.monster_squares(g)) | g.obstacles
    dist = g.board.distances(h.square)
    return [_ch("place", _txt(sq)) for sq, d in sorted(dist.items()) if 0 < d <= 3 and sq not in taken]


def throw_choose(g: Game, c: Choice) -> None:
    s = g.state
    h = s.heroes[s.react_hero]
    s.react_hero = ""
    h.square = _sq(c.args[0])
    s.phase = "monster"
    g.emit("thrown", h.id, f"to={c.args[0]}")
    rules.hero_damage(g, h, 1, "throw")
