"""Named effects of the Summoner's ability cards, registered in :mod:`delvekit.gloomhaven.engine.registry`.

The cards are in ``content/data/classes/summoner.json`` (tools/importers/transcriptions_summoner.py).
Most of them are plain abilities or wordings other classes share: their summons (§12) are the
generic ``summon`` effect, "you and all your summoned allies" is an ``affects`` kind
(``self-summons``, ``summons-adjacent``: :func:`delvekit.gloomhaven.effects.allies.allies_named`
keeps the performer's own summons), Living Night is ``attackers-disadvantaged-this-round``,
Unending Dominance's recovery is ``ally-recovers-lost`` and Unwavering Hand's forced move is
``control-enemy``. This module adds:

=========================  ====================================================================
``su-summon-performs``     your summons in reach (adjacent, or ``summons-range-N``: in range and
                           sight) perform the parts, you controlling them: one, ``target`` N
                           picked one after another, or ``all``; ``move-plus-N`` (own Move + N)
                           or a printed ``move``, ``attack-plus-N`` (own Attack + N, range,
                           pierce and conditions, and the parts' conditions) — Mighty Bond,
                           Bonded Might, Divided Mind, Strength in Numbers, Inexorable Momentum,
                           Otherworldly Rage, Horned Majesty (a stunned summon is not offered)
``su-attack-x-summons``    Attack X, Range X, X your summons on the map — Strength in Numbers
``su-kill-adjacent-weak``  kill every normal adjacent enemy of at most N current hit points —
                           Tear the Fabric
``su-remove-curses``       every curse leaves your modifier deck, which is shuffled —
                           Intervening Apparitions
``su-negate-summon-damage``  persistent: damage to a summoned ally is negated, one use slot each
                           (a damage hook) — Intervening Apparitions
``su-swap``                you and one of your summons trade hexes (no move) — Otherworldly Rage
``su-curse-near-summons``  curse every enemy adjacent to a summon of your side — Negative Energy
=========================  ====================================================================

Earthen Steed (``su-earth-steed``) is :mod:`~delvekit.gloomhaven.effects.classes.summoner_steed`.

and the summons' stat lines the generic summon code does not act on:

* Pierce on a summon's stat line (Shadow Wolf) counts for each of its attacks
  (:func:`summon_pierce`, asked by the monster-turn code's attack traits);
* Retaliate on a summon's stat line (Iron Beast; Lava Golem's with its range) holds every
  round, from the round it is summoned (:func:`_arm`, at each round's start and at the end of
  its owner's turn); melee retaliates share the Doomstalker's round mark, so a party with both
  classes never counts one twice;
* the Living Bomb's death burst: as it dies it attacks every enemy within range 2 in its line of
  sight (its owner's modifier deck, no retaliation: the attacker is gone), then fire is infused
  (:func:`summon_died`);
* the wordings :mod:`~delvekit.gloomhaven.content.character_cards` flags on a summon's stat line
  (:func:`summon_event`, the engine's summon hook, and after an attack a card made it perform):
  ``summon-curse`` (the Void Eater's attacks curse their target), ``summon-infuse-on-attack-E``
  (the Rock Colossus' earth, the Mana Sphere's element of its owner's choice: once per attack
  action), ``summon-turn-end-heal-N-range-R`` (the Healing Sprite: Heal N, Range R at the end
  of its turns, its owner choosing the figure or none).
"""

from __future__ import annotations

import delvekit.gloomhaven.engine.game  # noqa: F401  (first: the engine's modules import each other)
from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.effects import summons as effects_summons
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import (
    effect,
)
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck

_MELEE_MARK = "dsret|"  # the Doomstalker's mark: one melee arming per summon and round
_FAR_MARK = "sufar|"
_SHIELD_MARK = "sushield|"  # one stat-line Shield per summon and round

# ------------------------------------------------------- a summon performs


@effect("su-summon-performs")
def _summon_performs(game: Game, fid: str, ability: Ability) -> None:
    """Your summons in reach perform the parts, you controlling them: one (or ``target`` N,
    picked one after another) or ``all`` of them."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    own = [
        g
        for g in game.state.figures.values()
        if g.kind == "summon" and g.owner == fid and Condition.STUN not in g.conditions
    ]
    found = sorted(
        g.id for g in effects_parts.figures_in_reach(game, f, effects_parts.reach_of(ability), own)
    )
    if not found:
        game.emit("no-target", fid)
        return
    if "all" in effects_parts.flags(ability):
        for sid in reversed(found):  # the first summon acts first
            _act(game, fid, sid, ability)
        return
    count = effects_parts.flag_number(ability, "target-", 1)
    game.push(Task("su_pick", fid, count, f"{';'.join(found)}|{ability}"))


def _run_pick(game: Game, task: Task) -> Decision | None:
    ids, _ = task.text.split("|", 1)
    alive = [i for i in ids.split(";") if i in game.state.figures]
    if not alive or task.n <= 0:
        game.pop_task()
        return None
    return Decision(task.who, "summon-performs", [*(Choice("summon", (i,)) for i in alive), Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "summon-performs")
        return
    ids, text = task.text.split("|", 1)
    sid = choice.args[0]
    rest = [i for i in ids.split(";") if i != sid]
    if rest and task.n > 1:  # the next pick waits beneath this summon's actions
        game.push(Task("su_pick", task.who, task.n - 1, f"{';'.join(rest)}|{text}"))
    _act(game, task.who, sid, Ability.parse(text))


def _act(game: Game, cid: str, sid: str, ability: Ability) -> None:
    """Summon ``sid`` performs the parts: its Move + N (or a printed Move) and its Attack + N
    (its stat line's range, pierce and conditions, and the conditions of the parts)."""
    summon = game.state.figures.get(sid)
    if summon is None:
        return
    move, attack, reach = game.state.summon_stats.get(sid, (0, 0, 0))
    notes = effects_parts.flags(ability)
    printed = [p.value for p in effects_parts.parts(ability, "move")]
    game.emit("ally-performs", sid, f"for={cid}")
    # the attack waits beneath the move: the summon moves first, then attacks
    if any(n.startswith("attack-plus-") for n in notes):
        value = effects_summons.summon_attack(game, summon, attack) + effects_parts.flag_number(
            ability, "attack-plus-"
        )
        extra = [p.condition for p in effects_parts.parts(ability, "condition") if p.condition is not None]
        adds = tuple(dict.fromkeys((*effects_summons.summon_adds(game, summon), *extra)))
        strike = Ability(
            kind="attack", value=value, range=reach, adds=adds, pierce=summon_pierce(game, summon)
        )
        game.push(Task("su_attacked", sid, len(game.events)))  # its stat-line wordings, after it
        effects_parts.perform_attack(game, sid, strike)
    if printed or any(n.startswith("move-plus-") for n in notes):
        value = printed[0] if printed else move + effects_parts.flag_number(ability, "move-plus-")
        effects_parts.perform_move(game, sid, Ability(kind="move", value=value))


# ------------------------------------------------------ summons' stat lines


def summon_pierce(game: Game, f: Figure) -> int:
    """The Pierce printed on summon ``f``'s stat line (the Shadow Wolf's), 0 if none."""
    found = effects_summons.summon_card(game, f)
    if found is None:
        return 0
    return sum(a.pierce for a in effects_parts.parts(found[2], "attack"))


def _retaliates(game: Game, f: Figure) -> tuple[int, list[tuple[int, int]]]:
    """(melee retaliate, [(retaliate, range) with range]) of summon ``f``'s stat line."""
    found = effects_summons.summon_card(game, f)
    if found is None:
        return 0, []
    far: list[tuple[int, int]] = []
    for note in effects_parts.flags(found[2]):
        if note.startswith("far-retaliate-"):
            value, reach = note.removeprefix("far-retaliate-").split("-")
            far.append((int(value), int(reach)))
    near = sum(
        int(n.removeprefix("retaliate-")) for n in effects_parts.flags(found[2]) if n.startswith("retaliate-")
    )
    return near, far


def _arm(game: Game, owner: str | None) -> None:
    """Give summons (all, or ``owner``'s) their stat-line Retaliate and Shield for this round,
    once (the engine clears these bonuses as each round ends)."""
    st = game.state
    for f in st.figures.values():
        if f.kind != "summon" or (owner is not None and f.owner != owner):
            continue
        near, far = _retaliates(game, f)
        if near and st.scenario_marks.get(_MELEE_MARK + f.id) != st.round:
            f.retaliate_bonus += near
            st.scenario_marks[_MELEE_MARK + f.id] = st.round
        if far and st.scenario_marks.get(_FAR_MARK + f.id) != st.round:
            f.retaliate_far = (*f.retaliate_far, *far)
            st.scenario_marks[_FAR_MARK + f.id] = st.round
        shield = _shield(game, f)
        if shield and st.scenario_marks.get(_SHIELD_MARK + f.id) != st.round:
            f.shield_bonus += shield
            st.scenario_marks[_SHIELD_MARK + f.id] = st.round


def _shield(game: Game, f: Figure) -> int:
    """The Shield printed on summon ``f``'s stat line (the Beast Tyrant's Monolith), 0 if none."""
    found = effects_summons.summon_card(game, f)
    if found is None:
        return 0
    notes = effects_parts.flags(found[2])
    return sum(int(n.removeprefix("summon-shield-")) for n in notes if n.startswith("summon-shield-"))


def round_start(game: Game, timing: str) -> None:
    if timing == "start" and any(f.kind == "summon" for f in game.state.figures.values()):
        _arm(game, None)


def turn_ended(game: Game, f: Figure) -> None:
    """A summon placed this turn has its Retaliate at once."""
    if f.kind == "character" and any(
        g.kind == "summon" and g.owner == f.id for g in game.state.figures.values()
    ):
        _arm(game, f.id)


# ------------------------------------------------------------ Living Bomb


def summon_died(game: Game, f: Figure) -> None:
    """A summon with a death burst (the Living Bomb) attacks every enemy within its range in
    sight as it dies, then infuses its element. Called before its card leaves the active area."""
    found = effects_summons.summon_card(game, f)
    board = game.board()
    owner = game.state.figures.get(f.owner) if f.owner is not None else None
    if found is None or board is None or owner is None or f.owner is None:
        return
    if "su-death-burst" not in effects_parts.flags(found[2]):
        return
    value = effects_parts.flag_number(found[2], "su-burst-attack-")
    reach = effects_parts.flag_number(found[2], "su-burst-range-", 1)
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    for g in sorted(game.state.figures.values(), key=lambda g: g.id):
        if not actions.hostile(owner, g) or g.kind == "objective":
            continue
        if near.get(g.hex, reach + 1) > reach or not sight.visible(f.hex, g.hex):
            continue
        damage = effects_summons.death_strike(game, f, f.owner, g, value)
        if damage and g.id in game.state.figures:
            game.lose_hp(g, damage, "attack")
    for note in effects_parts.flags(found[2]):
        if note.startswith("su-burst-infuse-"):
            element = Element(note.removeprefix("su-burst-infuse-"))
            game.state.elements.infuse(element)
            game.emit("infusing", element.value)


# ------------------------------------------------------------ levels 2-9


@effect("su-kill-adjacent-weak")
def _kill_adjacent_weak(game: Game, fid: str, ability: Ability) -> None:
    """Tear the Fabric: kill every normal adjacent enemy whose current hit points are at most
    the ``suffer-damage`` flag's number (5)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    limit = effects_parts.flag_number(ability, "suffer-damage-", 5)
    doomed = sorted(
        (
            g
            for g in game.state.figures.values()
            if actions.hostile(f, g)
            and g.kind == "monster"
            and g.rank == "normal"
            and g.hp <= limit
            and board.adjacent(f.hex, g.hex)
        ),
        key=lambda g: g.id,
    )
    if not doomed:
        game.emit("no-target", fid)
        return
    for g in doomed:
        game.emit("kill", fid, g.id, f"hex={actions.hex_token(g.hex)}")
        game.kill(g)


def own_summons(game: Game, cid: str) -> list[Figure]:
    """``cid``'s summons on the map."""
    return [g for g in game.state.figures.values() if g.kind == "summon" and g.owner == cid]


@effect("su-attack-x-summons")
def _attack_x_summons(game: Game, fid: str, ability: Ability) -> None:
    """Strength in Numbers: Attack X, Range X, X the number of your summons in play."""
    x = len(own_summons(game, fid))
    game.emit("x", fid, x)
    if x <= 0:
        game.emit("no-target", fid)
        return
    effects_parts.perform_attack(game, fid, Ability(kind="attack", value=x, range=x))


@effect("su-remove-curses")
def _remove_curses(game: Game, fid: str, ability: Ability) -> None:
    """Intervening Apparitions: every curse leaves your modifier deck, then the discard pile is
    shuffled back into it (a shuffle pending from a x2 or null is done with it)."""
    st = game.state
    key = game.modifier_deck_key(fid)
    deck = st.modifier_decks.get(key)
    if deck is None:
        return
    kept = [c for c in deck.cards if str(c) != "curse"]
    removed = len(deck.cards) - len(kept)
    st.modifier_decks[key] = ModifierDeck.shuffled(kept, st.rng)
    game.emit("curses-removed", fid, removed)
    game.emit("shuffled", key)


@effect("su-swap")
def _swap(game: Game, fid: str, ability: Ability) -> None:
    """Otherworldly Rage: swap places with any one of your summons (no move: nothing is
    entered or moved through)."""
    ids = sorted(g.id for g in own_summons(game, fid))
    if fid not in game.state.figures or not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("su_swap", fid, 0, ";".join(ids)))


def _run_swap(game: Game, task: Task) -> Decision | None:
    ids = [i for i in task.text.split(";") if i in game.state.figures]
    if not ids or task.who not in game.state.figures:
        game.pop_task()
        return None
    return Decision(task.who, "swap", [*(Choice("swap", (i,)) for i in ids), Choice("skip")])


def _apply_swap(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "swap")
        return
    me, other = game.state.figures[task.who], game.state.figures[choice.args[0]]
    me.hex, other.hex = other.hex, me.hex
    game.emit("swapped", me.id, actions.hex_token(me.hex), other.id, actions.hex_token(other.hex))


@effect("su-negate-summon-damage")
def _negate_passive(game: Game, fid: str, ability: Ability) -> None:
    """Intervening Apparitions' top acts from the active area (:func:`summon_damaged`)."""
    game.emit("bonus", fid, ability.note)


def summon_damaged(game: Game, f: Figure, amount: int, source: str) -> bool:
    """Intervening Apparitions: damage to a summoned ally of a character holding the card is
    negated, one use slot each (XP per slot; the last slot loses the card)."""
    if f.kind != "summon" or amount <= 0 or not game.state.characters:
        return False
    for cid in sorted(game.state.characters):
        owner = game.state.figures.get(cid)
        if owner is None or actions.hostile(owner, f):
            continue
        held = [
            i
            for i, _, half in effects_parts.active_halves(game, cid)
            if effects_parts.named_in(half, "su-negate-summon-damage")
        ]
        if held:
            from delvekit.gloomhaven.effects import active_area as effects_active_area

            game.emit("negated", f.id, amount, source, "summon-warded")
            effects_active_area.spend_use(game, cid, held[0])
            return True
    return False


@effect("su-curse-near-summons")
def _curse_near_summons(game: Game, fid: str, ability: Ability) -> None:
    """Negative Energy: curse every enemy adjacent to any summoned ally (any summon on your
    side), each once."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    summons = [g for g in game.state.figures.values() if g.kind == "summon" and not actions.hostile(f, g)]
    ids = sorted(
        g.id
        for g in game.state.figures.values()
        if actions.hostile(f, g) and any(board.adjacent(s.hex, g.hex) for s in summons)
    )
    if not ids:
        game.emit("no-target", fid)
    for tid in ids:
        game.add_modifier_card(tid, "curse")


# ------------------------------------------------------ stat-line wordings


def summon_event(game: Game, f: Figure, timing: str, target: str) -> None:
    """The summon's stat-line wordings: after its attack the Void Eater's curse (on a living
    target) and the Rock Colossus' / Mana Sphere's infusion (once per attack action); at its
    turn's end the Healing Sprite's heal."""
    found = effects_summons.summon_card(game, f)
    if found is None or f.owner is None:
        return
    notes = effects_parts.flags(found[2])
    if timing == "attacked":
        if "summon-curse" in notes and target in game.state.figures:
            game.add_modifier_card(target, "curse")
        infusions = [
            n.removeprefix("summon-infuse-on-attack-") for n in notes if n.startswith("summon-infuse-")
        ]
        since = effects_parts.events_since(
            game, "turn" if _acting(game, f) else "action", f.id if _acting(game, f) else f.owner
        )
        if infusions and not any(k == "summon-infused" and a[:1] == (f.id,) for k, a in since):
            game.emit("summon-infused", f.id)
            for name in infusions:
                if name == "wild":
                    game.push(Task("su_infuse", f.owner, 0, f.id))
                else:
                    game.infuse(Element(name))
    elif timing == "turn-end":
        for n in notes:
            if n.startswith("summon-turn-end-heal-"):
                value, reach = n.removeprefix("summon-turn-end-heal-").split("-range-")
                _sprite_heal(game, f, int(value), int(reach))


def _acting(game: Game, f: Figure) -> bool:
    """Whether ``f`` is taking its own turn now (the latest ``turn`` event is its)."""
    return next((e.args[0] for e in reversed(game.events) if e.kind == "turn"), None) == f.id


def _run_attacked(game: Game, task: Task) -> Decision | None:
    """After a summon's attack made by a card: its stat-line wordings for each target attacked."""
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None:
        return None
    for e in game.events[task.n :]:
        if e.kind == "attack" and e.args[:1] == (f.id,):
            summon_event(game, f, "attacked", e.args[1])
    return None


def _run_infuse(game: Game, task: Task) -> Decision | None:
    return Decision(task.who, "infuse", [Choice("infuse", (e.value,)) for e in Element])


def _apply_infuse(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    game.infuse(Element(choice.args[0]))


def _sprite_heal(game: Game, f: Figure, value: int, reach: int) -> None:
    """Heal ``value``, Range ``reach``: the summon or an ally in range and sight; the owner picks."""
    if f.owner is None:
        return
    friends = [
        g
        for g in game.state.figures.values()
        if g is not f and not actions.hostile(f, g) and g.kind != "objective"
    ]
    ids = sorted({f.id, *(g.id for g in effects_parts.figures_in_reach(game, f, reach, friends))})
    game.push(Task("su_heal", f.owner, value, ";".join(ids)))


def _run_heal(game: Game, task: Task) -> Decision | None:
    ids = [i for i in task.text.split(";") if i in game.state.figures]
    if not ids:
        game.pop_task()
        return None
    return Decision(task.who, "heal", [*(Choice("heal", (i,)) for i in ids), Choice("skip")])


def _apply_heal(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "heal":
        game.heal(choice.args[0], task.n)


task_handler("su_attacked", _run_attacked)
task_handler("su_infuse", _run_infuse, _apply_infuse)
task_handler("su_heal", _run_heal, _apply_heal)
task_handler("su_swap", _run_swap, _apply_swap)
task_handler("su_pick", _run_pick, _apply_pick)
