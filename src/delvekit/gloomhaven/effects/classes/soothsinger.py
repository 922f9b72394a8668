"""Named effects of the Soothsinger's cards (songs, warding, thrown voices, doubled curses),
registered in :mod:`delvekit.gloomhaven.engine.registry`. :mod:`~delvekit.gloomhaven.content.character_cards`
writes the ``custom`` abilities whose words start ``ss-`` (the transcriptions in
``tools/importers/transcriptions_soothsinger.py``).

Effects performed when the ability is:

=========================  =====================================================================
``ss-song``                a song starts: every other song of the Soothsinger in her active area
                           goes to her discard pile (the song just played stays)
``ss-negate-next-damage``  Defensive Ditty: the player picks one ally within range (in sight);
                           the next source of damage to it this round is negated
``ss-afflict-all``         Song of Speed: the conditions on every enemy within range, in sight
``ss-area``                Throw Voice, Singing Arrow: the player places the area (range, in
                           sight, every rotation and mirror image); the conditions (curse too)
                           on every enemy in it
``ss-any-ally-performs``   Inspiring Anthem: any one ally (anywhere) may perform the parts
``ss-force-move``          Throw Voice: as ``ss-area``; every enemy in the area then performs
                           "Move N", the Soothsinger choosing each step (the engine's move
                           task; an immobilized enemy stays)
=========================  =====================================================================

Effects that act from the active area:

* ``ss-two-songs`` (Melody and Harmony): two songs may be active; a third makes the player
  discard one of the others (``ss_drop``); the turn-start XP comes from one song only.

* ``ss-song`` (persistent): 1 XP at the start of each of the owner's turns (:func:`turn_start`,
  a turn hook: on the turns she performs actions, not on a long rest). Its kind, for every ally
  of the owner (never the owner: "allies"), summons included where they attack as characters do:

  - ``ss-allies-attack-once`` (Power Ballad): +N Attack on the first attack (one target) of
    each of the ally's turns (:func:`strike_extra`) — our reading of "one of their attacks";
  - ``ss-allies-shield`` (Defensive Ditty): Shield N against every attack (:func:`ally_shield`);
  - ``ss-allies-move-range`` (Song of Speed): +N on every move ability (:func:`move_bonus`) and
    +N Range on every ranged attack (:func:`ranged_attack`) of ally characters;
  - ``ss-allies-wound`` (Wistful Wounding): wound added to every attack (:func:`strike_extra`);
  - ``ss-allies-heal-at-turn-start`` (Soothing Lullaby): an ally character heals N as its turn
    starts (always taken: our reading of "may");
  - ``ss-allies-retaliate`` (Echoing Aria): Retaliate N, Range R as the song is played and at
    each round's start (the engine clears it at the round's end);
  - ``ss-allies-move-first`` (Mobilizing Measure): an ally character may perform "Move N"
    as each of its attack actions starts (:func:`ask_before_attack`, once per action);
  - ``ss-allies-attack-all`` (Captivating Performance): +N Attack on every attack
    (:func:`strike_extra`);
  - ``ss-enemies-disadvantage`` (Disorienting Dirge): every monster attack has disadvantage
    (:func:`enemies_disadvantaged`, asked by the monsters' attacks).

* ``ss-curse-twice`` (Unending Chant): each time the Soothsinger curses an enemy on her turn
  (an attack's curse, a curse ability), it is cursed once more and one use slot is spent (its XP;
  the last slot loses the card) (:func:`cursed`, asked by ``Game.add_modifier_card``).

The engine asks this module through hook points registered by :mod:`delvekit.gloomhaven.wiring`
(strike bonuses, shields, move values, ranged attacks, curses, each damage task:
:func:`before_damage`).
"""

from __future__ import annotations

import msgspec

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.hexes import orientations
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.payloads import MoveStep
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

SONG = "ss-song"


def active_songs(game: Game, cid: str) -> list[tuple[int, Ability]]:
    """(active card index, song ability) of ``cid``'s active songs."""
    if cid not in game.state.characters:
        return []
    return [
        (i, a)
        for i, _, half in effects_parts.active_halves(game, cid)
        for a in effects_parts.named_in(half, SONG)
    ]


def _sung_to(game: Game, f: Figure, kind: str) -> list[Ability]:
    """The songs of kind ``kind`` that reach ``f``: the active songs of the other characters
    on ``f``'s side."""
    if f.kind == "objective":
        return []
    out: list[Ability] = []
    for cid in sorted(game.state.characters):
        owner = game.state.figures.get(cid)
        if cid == f.id or owner is None or actions.hostile(owner, f):
            continue
        out += [a for _, a in active_songs(game, cid) if kind in effects_parts.flags(a)]
    return out


def _total(songs: list[Ability], kind: str) -> int:
    return sum(p.value for a in songs for p in effects_parts.parts(a, kind))


# ------------------------------------------------------------------ songs


@effect(SONG)
def _song(game: Game, fid: str, ability: Ability) -> None:
    """A new song: the Soothsinger's other active songs end (to her discard pile)."""
    ch = game.state.characters.get(fid)
    if ch is None:
        return
    others = [i for i, _ in active_songs(game, fid) if ch.active[i].card != ch.playing]
    if len(others) >= 2 and _two_songs(game, fid):  # Melody and Harmony: the player drops one
        game.push(Task("ss_drop", fid, 0, ";".join(ch.active[i].card for i in others)))
    elif others and not (len(others) == 1 and _two_songs(game, fid)):
        for i in reversed(others):
            _drop(game, fid, i)
    game.emit("song", fid, next((n for n in effects_parts.flags(ability) if n.startswith("ss-")), "-"))
    if "ss-allies-retaliate" in effects_parts.flags(ability):  # this round; the round hook gives the next
        _grant_retaliate(game, fid, ability)


def _two_songs(game: Game, cid: str) -> bool:
    """Melody and Harmony: two songs may be active at once."""
    return any(
        effects_parts.named_in(half, "ss-two-songs") for _, _, half in effects_parts.active_halves(game, cid)
    )


def _drop(game: Game, cid: str, index: int) -> None:
    ch = game.state.characters[cid]
    card = ch.active[index]
    del ch.active[index]
    (ch.lost if card.lost else ch.discard).append(card.card)
    game.emit("card", cid, card.card, "lost" if card.lost else "discard")


def _run_drop(game: Game, task: Task) -> Decision | None:
    cards = [c for c in task.text.split(";") if c]
    return Decision(task.who, "drop-song", [Choice("discard", (c,)) for c in cards])


def _apply_drop(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ch = game.state.characters[task.who]
    index = next(i for i, a in enumerate(ch.active) if a.card == choice.args[0])
    _drop(game, task.who, index)


MEASURE = "mobilizing-measure"
"""The name Mobilizing Measure's question goes by when the player orders it among others."""


def ask_before_attack(game: Game, f: Figure) -> tuple[str, Task] | None:
    """Mobilizing Measure: as an ally character's attack action starts (asked once per action),
    it may first perform "Move 1": the question to ask, or ``None``. The engine asks it (the
    player ordering it among others)."""
    if (
        f.kind != "character"
        or len(game.state.characters) < 2
        or not _sung_to(game, f, "ss-allies-move-first")
    ):
        return None
    since = effects_parts.events_since(game, "action", f.id)
    if any(kind == "ss-measure" and args[:1] == (f.id,) for kind, args in since):
        return None
    return MEASURE, Task("ss_measure", f.id)


def _run_measure(game: Game, task: Task) -> Decision | None:
    return Decision(task.who, "move-first", [Choice("move-first"), Choice("no-move")])


def _apply_measure(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    game.emit("ss-measure", task.who, choice.kind)
    f = game.state.figures.get(task.who)
    if choice.kind == "move-first" and f is not None and Condition.IMMOBILIZE not in f.conditions:
        moves = [
            p.value for a in _sung_to(game, f, "ss-allies-move-first") for p in effects_parts.parts(a, "move")
        ]
        game.push(Task("move", task.who, max(moves, default=1), MoveStep().text))


def turn_start(game: Game, cid: str) -> None:
    """1 XP per active song at the start of the owner's turn; Soothing Lullaby's heal for an
    ally character at the start of its turn."""
    ch = game.state.characters.get(cid)
    f = game.state.figures.get(cid)
    if ch is None or f is None:
        return
    xp = max(
        (sum(p.value for p in effects_parts.parts(a, "xp")) for _, a in active_songs(game, cid)), default=0
    )
    if xp:  # from one song only, even with two active (Melody and Harmony)
        ch.xp += xp
        game.emit("xp", cid, xp)
    for a in _sung_to(game, f, "ss-allies-heal-at-turn-start"):
        for p in effects_parts.parts(a, "heal"):
            game.emit("song-heal", cid, p.value)
            game.heal(cid, p.value)


def _grant_retaliate(game: Game, singer: str, song: Ability) -> None:
    """Echoing Aria: Retaliate N, Range R for this round to every ally of ``singer``."""
    owner = game.state.figures.get(singer)
    if owner is None:
        return
    for p in effects_parts.parts(song, "retaliate"):
        for g in sorted(game.state.figures.values(), key=lambda g: g.id):
            if g is owner or g.kind == "objective" or actions.hostile(owner, g):
                continue
            if p.range > 1:
                g.retaliate_far = (*g.retaliate_far, (p.value, p.range))
            else:
                g.retaliate_bonus += p.value
            game.emit("bonus", g.id, "retaliate", p.value, f"range={p.range}", f"by={singer}")


def at_round(game: Game, timing: str) -> None:
    """Echoing Aria at each round's start (the bonuses end with the round)."""
    if timing == "start":
        for cid in sorted(game.state.characters):
            for _, a in active_songs(game, cid):
                if "ss-allies-retaliate" in effects_parts.flags(a):
                    _grant_retaliate(game, cid, a)


def strike_extra(game: Game, f: Figure, out: effects_parts.StrikeBonus) -> None:
    """Power Ballad (+N on an ally's first attack of its turn), Captivating Performance (+N on
    every attack) and Wistful Wounding (wound)."""
    if not game.state.characters or f.kind not in ("character", "summon"):
        return
    ballads = _sung_to(game, f, "ss-allies-attack-once")
    if ballads:
        since = effects_parts.events_since(game, "turn", f.id)
        if not any(kind == "ss-ballad" and args[:1] == (f.id,) for kind, args in since):
            n = _total(ballads[:1], "attack")
            out.attack += n
            out.why.append(f"song+{n}")
            game.emit("ss-ballad", f.id)
    every = _total(_sung_to(game, f, "ss-allies-attack-all"), "attack")  # Captivating Performance
    if every:
        out.attack += every
        out.why.append(f"song+{every}")
    if _sung_to(game, f, "ss-allies-wound") and Condition.WOUND not in out.adds:
        out.adds.append(Condition.WOUND)
        out.why.append("song-wound")


def ally_shield(game: Game, target: Figure) -> int:
    """Defensive Ditty: Shield N for every ally of the singer."""
    if not game.state.characters:
        return 0
    return _total(_sung_to(game, target, "ss-allies-shield"), "shield")


def enemies_disadvantaged(game: Game, attacker: Figure) -> bool:
    """Disorienting Dirge: every attack of an enemy of the singer has disadvantage."""
    for cid in game.state.characters:
        owner = game.state.figures.get(cid)
        if owner is None or not actions.hostile(owner, attacker) or attacker.kind == "objective":
            continue
        if any("ss-enemies-disadvantage" in effects_parts.flags(a) for _, a in active_songs(game, cid)):
            return True
    return False


def _plus(songs: list[Ability], prefix: str) -> int:
    return sum(effects_parts.flag_number(a, prefix) for a in songs)


def move_bonus(game: Game, fid: str) -> int:
    """Song of Speed: +N on an ally character's move abilities."""
    f = game.state.figures.get(fid)
    if f is None or len(game.state.characters) < 2:
        return 0
    return _plus(_sung_to(game, f, "ss-allies-move-range"), "move-plus-")


def ranged_attack(game: Game, fid: str, ability: Ability) -> Ability:
    """Song of Speed: +N Range on an ally character's ranged attacks."""
    f = game.state.figures.get(fid)
    if f is None or ability.range <= 0 or len(game.state.characters) < 2:
        return ability
    n = _plus(_sung_to(game, f, "ss-allies-move-range"), "range-")
    return msgspec.structs.replace(ability, range=ability.range + n) if n else ability


# ------------------------------------------------------------ warding


@effect("ss-negate-next-damage")
def _negate_next(game: Game, fid: str, ability: Ability) -> None:
    """Defensive Ditty: pick the ally whose next source of damage this round is negated."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    reach = effects_parts.reach_of(ability)
    friends = [
        g
        for g in game.state.figures.values()
        if g is not f and not actions.hostile(f, g) and g.kind != "objective"
    ]
    ids = sorted(g.id for g in effects_parts.figures_in_reach(game, f, reach, friends))
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("ss_ward", fid, 0, ";".join(ids)))


def _run_ward(game: Game, task: Task) -> Decision | None:
    ids = [i for i in task.text.split(";") if i in game.state.figures]
    if not ids:
        game.pop_task()
        return None
    return Decision(task.who, "ward", [Choice("target", (i,)) for i in ids])


def _apply_ward(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    game.emit("ss-warded", task.who, choice.args[0])


def before_damage(game: Game, task: Task) -> bool:
    """Defensive Ditty: ``True`` (the damage task removed) when ``task.who`` is warded this round
    and its ward is not used yet."""
    if not game.state.characters:
        return False
    warded = used = 0
    for kind, args in effects_parts.round_events(game):
        if kind == "ss-warded" and args[1:2] == (task.who,):
            warded += 1
        elif kind == "ss-ward-used" and args[:1] == (task.who,):
            used += 1
    if warded <= used:
        return False
    game.pop_task()
    game.emit("negated", task.who, task.n, task.text, "warded")
    game.emit("ss-ward-used", task.who)
    return True


@effect("ss-any-ally-performs")
def _any_ally_performs(game: Game, fid: str, ability: Ability) -> None:
    """Inspiring Anthem: any one ally on the map (no range, no sight) may perform the parts (the
    Mindthief's ally pick)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    ids = sorted(
        g.id
        for g in game.state.figures.values()
        if g is not f and not actions.hostile(f, g) and g.kind != "objective"
    )
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("fx_pick", fid, 0, f"ally|{';'.join(ids)}|{ability}"))


# ------------------------------------------------------- enemies, areas


def _enemies_in_reach(game: Game, f: Figure, reach: int) -> list[str]:
    enemies = [
        g
        for g in game.state.figures.values()
        if actions.hostile(f, g) and Condition.INVISIBLE not in g.conditions
    ]
    return sorted(g.id for g in effects_parts.figures_in_reach(game, f, reach, enemies))


def _afflict(game: Game, tid: str, ability: Ability) -> None:
    for p in ability.then:
        if p.kind == "condition" and p.condition is not None:
            game.add_condition(tid, p.condition)
        elif p.kind == "custom" and p.note in ("bless", "curse") and tid in game.state.figures:
            game.add_modifier_card(tid, p.note)


def _range_of(ability: Ability) -> int:
    return effects_parts.flag_number(ability, "range-", 1)


@effect("ss-afflict-all")
def _afflict_all(game: Game, fid: str, ability: Ability) -> None:
    """Song of Speed: the conditions on every enemy within range, in sight."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    ids = _enemies_in_reach(game, f, _range_of(ability))
    if not ids:
        game.emit("no-target", fid)
    for tid in ids:
        _afflict(game, tid, ability)


def _shape(ability: Ability) -> tuple[tuple[int, int], ...]:
    note = next((n for n in effects_parts.flags(ability) if n.startswith("shape-")), "shape-0,0")
    cells = [c.split(",") for c in note.removeprefix("shape-").split("/")]
    return tuple((int(q), int(r)) for q, r in cells)


def placements(
    game: Game, f: Figure, reach: int, shape: tuple[tuple[int, int], ...]
) -> list[tuple[str, ...]]:
    """Every distinct set of enemies (in sight, visible) one placement of the area holds: any
    rotation or mirror image with one hex within ``reach``. Sets are sorted ids."""
    board = game.board()
    if board is None:
        return []
    sight = sight_for(board, game.tables.ruleset.los)
    enemies = {
        g.hex: g.id
        for g in game.state.figures.values()
        if actions.hostile(f, g) and Condition.INVISIBLE not in g.conditions
    }
    near = proximity(board, f.hex, reach)
    anchors = [h for h, d in near.items() if d <= reach]
    seen: dict[tuple[str, ...], None] = {}
    for pattern in orientations(shape):
        for h in anchors:
            for o in pattern:
                origin = (h[0] - o[0], h[1] - o[1])
                cells = [(origin[0] + q, origin[1] + r) for q, r in pattern]
                ids = tuple(sorted(enemies[c] for c in cells if c in enemies and sight.visible(f.hex, c)))
                if ids:
                    seen.setdefault(ids, None)
    return list(seen)


def _area(game: Game, fid: str, ability: Ability) -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    options = placements(game, f, _range_of(ability), _shape(ability))
    if not options:
        game.emit("no-target", fid)
        return
    game.push(Task("ss_area", fid, 0, f"{'/'.join(';'.join(o) for o in options)}|{ability}"))


effect("ss-area", "ss-force-move")(_area)


def _run_area(game: Game, task: Task) -> Decision | None:
    options = [tuple(o.split(";")) for o in task.text.split("|", 1)[0].split("/")]
    return Decision(task.who, "area", [Choice("area", o) for o in options])


def _apply_area(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ability = Ability.parse(task.text.split("|", 1)[1])
    ids = [i for i in choice.args if i in game.state.figures]
    if ability.note == "ss-force-move":  # used if an enemy moved (judged by its events, §3.4)
        n = sum(p.value for p in effects_parts.parts(ability, "move"))
        moves = []
        for tid in ids:
            if Condition.IMMOBILIZE in game.state.figures[tid].conditions:
                game.emit("prevented", tid, "move", "immobilize")
            else:
                moves.append(Task("move", tid, n, MoveStep().text))  # the controlling player steps it
        game.push(*moves)
        return
    game.mark_used(task.who)
    for tid in ids:
        _afflict(game, tid, ability)


# ------------------------------------------------------- doubled curses

_CURSING: set[int] = set()  # games adding an Unending Chant curse (no third curse from it)


def _current_turn(game: Game) -> str | None:
    for e in reversed(game.events):
        if e.kind == "turn":
            return e.args[0]
        if e.kind == "round":
            return None
    return None


def cursed(game: Game, fid: str) -> None:
    """Unending Chant: a curse the Soothsinger gave an enemy on her turn is given once more (one
    use slot)."""
    if not game.state.characters or id(game) in _CURSING:
        return
    cid = _current_turn(game)
    if cid is None or cid not in game.state.characters:
        return
    holders = [
        i
        for i, _, half in effects_parts.active_halves(game, cid)
        if effects_parts.named_in(half, "ss-curse-twice")
    ]
    owner, target = game.state.figures.get(cid), game.state.figures.get(fid)
    if not holders or owner is None or target is None or not actions.hostile(owner, target):
        return
    from delvekit.gloomhaven.effects import active_area as effects_active_area

    _CURSING.add(id(game))
    try:
        game.emit("ss-curse-again", cid, fid)
        game.add_modifier_card(fid, "curse")
    finally:
        _CURSING.discard(id(game))
    effects_active_area.spend_use(game, cid, holders[0])


@effect("ss-curse-twice", "ss-two-songs")
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act from the active area (see the module docstring)."""
    game.emit("bonus", fid, ability.note)


for _kind, _run, _apply in (
    ("ss_ward", _run_ward, _apply_ward),
    ("ss_area", _run_area, _apply_area),
    ("ss_drop", _run_drop, _apply_drop),
    ("ss_measure", _run_measure, _apply_measure),
):
    task_handler(_kind, _run, _apply)
