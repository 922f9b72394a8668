"""The greedy bot's cheap evaluation: its weights, a character's situation (:class:`Context`),
what cards and abilities are worth, and how much better a play-out leaves the party
(:func:`outcome`)."""

from __future__ import annotations

from typing import NamedTuple

from delvekit.core.hexes import distance
from delvekit.gloomhaven.bots.geometry import FAR, enemy_reach, one_is_monster
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import Card, Half

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
SCARCITY_CYCLES = 6
"""A lost card costs in full while a character has more than this many rests to come."""
SCARCITY_FLOOR = 0.25
"""The least share of a lost card's cost (a character about to run out of cards)."""
QUIET_LONG_REST = True
"""With no enemy on the board, a hurt character skips a short rest for a long rest's heal."""

_BASIC_TOP = Half(abilities=(Ability(kind="attack", value=2),))
_BASIC_BOTTOM = Half(abilities=(Ability(kind="move", value=2),))


class Context(NamedTuple):
    """What a character's card evaluation needs to know of its situation."""

    walk: float
    """Movement points to a free hex next to an enemy (``FAR``: none)."""
    hexes: float
    """Hex distance to the nearest enemy (``FAR``: none)."""
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
    from delvekit.gloomhaven.effects.classes.brute_mindthief import augments

    walk, hexes = enemy_reach(game, f)
    augs = tuple(augments(game, f.id)) if f.kind == "character" else ()
    near = [
        g.hp + game.shield(g.id)
        for g in game.state.figures.values()
        if one_is_monster(f, g) and distance(f.hex, g.hex) <= KILL_REACH
    ]
    return Context(
        walk,
        hexes,
        _threat(game, f),
        sum(augment_attack(a) for a in augs),
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
        if m.kind != "monster" or not one_is_monster(f, m):
            continue
        d = distance(m.hex, f.hex)
        if d <= THREAT_REACH and all(distance(m.hex, g.hex) >= d for g in foes):
            n += 1
    return n


def augment_attack(a: Ability) -> int:
    """The attack bonus an augment's parts add to each melee attack."""
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


def augment_worth(a: Ability, ctx: Context) -> float:
    """Worth of playing augment ``a`` now: its parts on every later melee attack, less the
    active augment it replaces."""
    worth = _augment_parts_worth(a)
    if ctx.augments:
        worth -= max(_augment_parts_worth(b) for b in ctx.augments)
    return worth if ctx.hexes < FAR else worth * 0.3


def summon_worth(a: Ability) -> float:
    """Worth of a summon ability: its health and attack from the summon's stat flags."""
    health = 0
    for p in a.then:
        if p.kind == "custom" and "health-" in p.note:
            digits = p.note.rsplit("health-", 1)[1]
            health = int(digits) if digits.isdigit() else 0
    attack = sum(p.value for p in a.then if p.kind == "attack")
    return SUMMON_HEALTH * health + SUMMON_ATTACK * attack


def as_plain(a: Ability) -> Ability:
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


def ability_value(a: Ability) -> float:
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
    worth = sum(ability_value(a) for a in h.abilities)
    return worth * LOST_KEEP if h.lost else worth


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
        move, attack, reach = monster_line(game, m)
        if any(distance(m.hex, h) <= move + max(1, reach) for h in foes):
            total += attack
    return total


def priority(game: Game, m: Figure) -> float:
    """How urgently the party wants ``m`` dead: the attack it brings (more from afar) for each
    point of health and shield it has left."""
    if m.kind != "monster":
        return 0.0
    _, attack, reach = monster_line(game, m)
    return attack * (1.3 if reach else 1.0) / max(1, m.hp + game.shield(m.id))


def monster_line(game: Game, m: Figure) -> tuple[int, int, int]:
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
    from delvekit.gloomhaven.effects.classes.brute_mindthief import augments

    worth = sum(_augment_parts_worth(a) for a in augments(game, cid))
    for g in game.state.figures.values():
        if g.kind == "summon" and g.owner == cid:
            worth += SUMMON_HEALTH * g.hp / 2 + SUMMON_ATTACK
    return worth


def sturdiest(game: Game, f: Figure) -> bool:
    """Whether ``f`` has the most maximum health among the characters on the board."""
    return all(g.max_hp <= f.max_hp for g in game.state.figures.values() if g.kind == "character")


def party_leader(game: Game) -> Figure:
    """The character on the board with the most maximum health (the first of them in party
    order): it goes first through doors."""
    st = game.state
    on_board = [st.figures[c] for c in st.characters if c in st.figures]
    return max(reversed(on_board), key=lambda g: g.max_hp)


def basic_half(half: str) -> Half:
    """The basic action (attack 2 or move 2) played instead of a card's ``half``."""
    return _BASIC_TOP if half == "top" else _BASIC_BOTTOM
