"""Named effects of the Scoundrel's cards, registered in :mod:`delvekit.gloomhaven.engine.registry`.

:mod:`~delvekit.gloomhaven.content.character_cards` writes the ``custom`` abilities. Most Scoundrel
wordings are bonuses on attacks against some targets; a *predicate* names them, in a flag
``when-P`` followed by what it gives (``attack`` bonus, ``xp``, conditions, ``double``):

* ``flanked``: the target is adjacent to one of your allies (summons count);
* ``alone``: the target is adjacent to none of its own allies;
* ``per-ally``: the bonus counts once per ally of yours adjacent to the target;
* ``per-shield``: the bonus counts once per point of the target's shield (Trickster's Reversal);
* ``invisible``: you are invisible (Smoke Bomb); ``hp-at-most-N``; a condition name
  (``poison``, ``stun``...): the target has it; joined by ``-and-`` / ``-or-``.

>>> holds("alone-and-flanked", {"alone": True, "flanked": False})
False
>>> holds("disarm-or-stun", {"stun": True})
True

Effects performed when the ability is:

==========================  ================================================================
``attack-when``             an attack with bonuses on the targets that match (each target its
                            own check); an optional element consumption is asked first, and
                            what it buys replaces the base bonus of the same predicate
                            (Sinister Opportunity) or adds one (Stick to the Shadows)
``enemy-steps-next-to-you`` one adjacent enemy moves one hex, to a hex adjacent to you, with
                            you choosing (Sinister Opportunity)
``kill-if``                 kill one adjacent enemy that matches (Visage of the Inevitable,
                            Pain's End; never a boss)
``spring-trap-on-enemy``    disarm an adjacent trap; an enemy within range suffers its damage
                            and conditions (Spring the Trap)
``loot-every-hex-entered``  a move, then every money token on the hexes entered is taken
                            (Swift Bow)
==========================  ================================================================

Effects that act from the active area (performing them only says so): ``next-attacks-if``
(each attack on a matching target spends a use slot: Single Out, Smoke Bomb, Cull the Weak,
Spring the Trap) and ``attacks-gain`` (every attack, or every one on a matching target: Duelist's
Advance, Flurry of Blades, Crippling Poison, Watch It Burn). ``double`` doubles the attack's value
with its other bonuses, before the modifier card. The engine asks :func:`strike_extra` for every
attack of a character (from :func:`~delvekit.gloomhaven.effects.strike.strike_bonus`).
"""

from __future__ import annotations

from delvekit.core.los import sight_for
from delvekit.core.paths import proximity
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import parts as effects_parts
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.level import level_info

_CONDITIONS = {c.value for c in Condition}

# ------------------------------------------------------------ predicates


def holds(pred: str, facts: dict[str, bool]) -> bool:
    """Whether predicate ``pred`` (words joined by ``-or-`` / ``-and-``) holds for ``facts``."""
    return any(all(facts.get(w, False) for w in alt.split("-and-")) for alt in pred.split("-or-"))


def _allies_of(game: Game, f: Figure) -> list[Figure]:
    return [
        g
        for g in game.state.figures.values()
        if g is not f and not actions.hostile(f, g) and g.kind != "objective"
    ]


def _facts(game: Game, f: Figure, target: Figure, pred: str) -> dict[str, bool]:
    board = game.board()
    assert board is not None
    facts: dict[str, bool] = {}
    for alt in pred.split("-or-"):
        for w in alt.split("-and-"):
            if w == "flanked":
                facts[w] = any(board.adjacent(g.hex, target.hex) for g in _allies_of(game, f))
            elif w == "alone":
                facts[w] = not any(board.adjacent(g.hex, target.hex) for g in _allies_of(game, target))
            elif w == "invisible":
                facts[w] = Condition.INVISIBLE in f.conditions
            elif w.startswith("hp-at-most-"):
                facts[w] = target.hp <= int(w.rsplit("-", 1)[1])
            elif w in _CONDITIONS:
                facts[w] = Condition(w) in target.conditions
            else:  # per-ally, per-shield: always apply (their size depends on the target)
                facts[w] = True
    return facts


class _Bonus:
    """What one predicate gives: +attack, XP, conditions, doubling, advantage."""

    __slots__ = ("adds", "advantage", "attack", "double", "pred", "xp")

    def __init__(self, pred: str) -> None:
        self.pred = pred
        self.attack = 0
        self.xp = 0
        self.adds: list[Condition] = []
        self.double = False
        self.advantage = False

    def token(self) -> str:
        adds = ".".join(c.value for c in self.adds) or "-"
        return f"sw={self.pred}~{self.attack}~{self.xp}~{adds}~{int(self.double)}"

    @classmethod
    def parse(cls, token: str) -> _Bonus:
        pred, attack, xp, adds, double = token.removeprefix("sw=").split("~")
        out = cls(pred)
        out.attack, out.xp, out.double = int(attack), int(xp), double == "1"
        out.adds = [Condition(c) for c in adds.split(".") if c != "-"]
        return out


def _groups(items: list[Ability]) -> list[_Bonus]:
    """The bonuses of a run of parts (parts before any ``when-`` flag hold unconditionally)."""
    out: list[_Bonus] = []
    for p in items:
        if p.kind == "custom" and p.note.startswith("when-"):
            out.append(_Bonus(p.note.removeprefix("when-")))
            continue
        if not out:
            out.append(_Bonus("always"))
        b = out[-1]
        if p.kind == "attack":
            b.attack += p.value
        elif p.kind == "xp":
            b.xp += p.value
        elif p.kind == "condition" and p.condition is not None:
            b.adds.append(p.condition)
        elif p.kind == "custom" and p.note == "double":
            b.double = True
        elif p.kind == "custom" and p.note == "advantage":
            b.advantage = True
    return out


def _apply(game: Game, f: Figure, target: Figure, b: _Bonus, out: effects_parts.StrikeBonus) -> bool:
    """Add bonus ``b`` to ``out`` when its predicate holds for this target; whether it did."""
    if b.pred != "always" and not holds(b.pred, _facts(game, f, target, b.pred)):
        return False
    board = game.board()
    assert board is not None
    times = 1
    if b.pred == "per-ally":
        times = sum(1 for g in _allies_of(game, f) if board.adjacent(g.hex, target.hex))
    elif b.pred == "per-shield":
        times = game.shield(target.id)
    if times <= 0:
        return False
    if b.attack:
        out.attack += b.attack * times
        out.why.append(f"{b.pred}+{b.attack * times}")
    out.xp += b.xp
    out.adds.extend(b.adds)
    out.advantage = out.advantage or b.advantage
    return True


# ---------------------------------------------------------------- attacks


@effect("attack-when")
def _attack_when(game: Game, fid: str, ability: Ability) -> None:
    """An attack with bonuses on matching targets; an element may be consumed first."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    element = next(
        (p.note.removeprefix("consume-") for p in ability.then if p.note.startswith("consume-")), None
    )
    if element is not None and game.state.elements.can_consume(Element.parse(element)):
        game.push(Task("sc_consume", fid, 0, str(ability)))
        return
    _strike(game, fid, ability, paid=False)


def _split(ability: Ability) -> tuple[Ability | None, list[_Bonus], list[_Bonus]]:
    attack = next((p for p in ability.then if p.kind == "attack"), None)
    rest = list(ability.then)
    if attack is not None:
        rest.remove(attack)
    cut = next((i for i, p in enumerate(rest) if p.note.startswith("consume-")), len(rest))
    return attack, _groups(rest[:cut]), _groups(rest[cut + 1 :])


def _strike(game: Game, fid: str, ability: Ability, *, paid: bool) -> None:
    attack, base, bought = _split(ability)
    if attack is None:
        return
    if paid:
        replaced = {b.pred for b in bought}
        base = [b for b in base if b.pred not in replaced] + bought
    effects_parts.perform_attack(game, fid, attack, ",".join(b.token() for b in base))


def _run_consume(game: Game, task: Task) -> Decision | None:
    ability = Ability.parse(task.text)
    element = next(p.note.removeprefix("consume-") for p in ability.then if p.note.startswith("consume-"))
    return Decision(task.who, "consume", [Choice("consume", (element,)), Choice("no-consume")])


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    paid = choice.kind == "consume"
    if paid:
        element = Element.parse(choice.args[0])
        game.state.elements.consume(element)
        game.emit("consumed", task.who, element.value)
    _strike(game, task.who, Ability.parse(task.text), paid=paid)


def strike_extra(
    game: Game, f: Figure, target: Figure, ability: Ability, out: effects_parts.StrikeBonus, extras: str
) -> None:
    """The Scoundrel's bonuses on one attack of character ``f`` on ``target``: the attack's own
    ``when-`` bonuses (``sw=`` tokens), then its active area's ``attacks-gain`` and
    ``next-attacks-if`` cards (a matching attack spends one use slot)."""
    double = False
    for token in extras.split(","):
        if token.startswith("sw="):
            b = _Bonus.parse(token)
            double = (_apply(game, f, target, b, out) and b.double) or double
    if f.id not in game.state.characters:
        return
    from delvekit.gloomhaven.effects.active_area import active_holders, spend_use

    for _, a in active_holders(game, f.id, "attacks-gain"):
        for b in _groups(list(a.then)):
            double = (_apply(game, f, target, b, out) and b.double) or double
    ch = game.state.characters[f.id]
    for i, a in reversed(active_holders(game, f.id, "next-attacks-if")):
        hit = False
        for b in _groups(list(a.then)):
            if _apply(game, f, target, b, out):
                hit = True
                double = double or b.double
        if hit:
            game.emit("next-attack-bonus", f.id, ch.active[i].card)
            spend_use(game, f.id, i)
    if double:
        n = ability.value + out.attack
        out.attack += n
        out.why.append(f"doubled+{n}")


@effect("next-attacks-if", "attacks-gain")
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act from the active area (:func:`strike_extra`)."""
    game.emit("bonus", fid, ability.note)


# --------------------------------------------------------------- the rest


def _adjacent_enemies(game: Game, f: Figure) -> list[Figure]:
    board = game.board()
    assert board is not None
    return sorted(
        (
            g
            for g in game.state.figures.values()
            if actions.hostile(f, g)
            and g.kind != "objective"
            and Condition.INVISIBLE not in g.conditions
            and board.adjacent(f.hex, g.hex)
        ),
        key=lambda g: g.id,
    )


@effect("enemy-steps-next-to-you")
def _steps_next_to_you(game: Game, fid: str, ability: Ability) -> None:
    """One adjacent enemy moves one hex (Move 1, your choice) to a hex adjacent to you."""
    f = game.state.figures.get(fid)
    if f is None or game.board() is None:
        return
    found = [g.id for g in _adjacent_enemies(game, f) if _step_hexes(game, f, g)]
    if not found:
        game.emit("no-target", fid)
        return
    game.push(Task("sc_pick", fid, 0, "steer|" + ";".join(found)))


def _step_hexes(game: Game, f: Figure, g: Figure) -> list[str]:
    board = game.board()
    assert board is not None
    if Condition.IMMOBILIZE in g.conditions or Condition.STUN in g.conditions:
        return []
    occupied = {h.hex: h for h in game.state.figures.values()}
    flying = _flying(game, g)
    return sorted(
        actions.hex_token(h)
        for h in board.links.get(g.hex, ())
        if h not in occupied
        and board.adjacent(h, f.hex)
        and h not in board.doors  # a closed door is a wall to a monster, flying or not
        and (
            flying or (actions.walkable(board, g, g.hex, h, occupied) and actions.walk_cost(board, h) == 1)
        )
    )


def _flying(game: Game, g: Figure) -> bool:
    return g.kind == "monster" and game.tables.types[g.name].stats(g.rank or "normal").flying


@effect("kill-if")
def _kill_if(game: Game, fid: str, ability: Ability) -> None:
    """Kill one adjacent normal (or elite) enemy that matches the ``when-`` predicate."""
    f = game.state.figures.get(fid)
    if f is None or game.board() is None:
        return
    notes = effects_parts.flags(ability)
    ranks = ("normal", "elite") if "normal-or-elite" in notes else ("normal",)
    pred = next((n.removeprefix("when-") for n in notes if n.startswith("when-")), "always")
    found = [
        g.id
        for g in _adjacent_enemies(game, f)
        if g.kind == "monster"
        and g.rank in ranks
        and (pred == "always" or holds(pred, _facts(game, f, g, pred)))
    ]
    if not found:
        game.emit("no-target", fid)
        return
    game.push(Task("sc_pick", fid, 0, "kill|" + ";".join(found)))


@effect("spring-trap-on-enemy")
def _spring_trap(game: Game, fid: str, ability: Ability) -> None:
    """Disarm one adjacent trap; one enemy within range suffers its effects."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    from delvekit.core.board import Terrain

    traps = sorted(h for h in board.links.get(f.hex, ()) if board.terrain_at(h) is Terrain.TRAP)
    if not traps:
        game.emit("no-target", fid)
        return
    reach = effects_parts.flag_number(ability, "range-", 1)
    near = proximity(board, f.hex, reach)
    sight = sight_for(board, game.tables.ruleset.los)
    enemies = sorted(
        g.id
        for g in game.state.figures.values()
        if actions.hostile(f, g)
        and g.kind != "objective"
        and Condition.INVISIBLE not in g.conditions
        and near.get(g.hex, reach + 1) <= reach
        and sight.visible(f.hex, g.hex)
    )
    pairs = [f"{actions.hex_token(h)}>{gid}" for h in traps for gid in enemies]
    pairs += [f"{actions.hex_token(h)}>-" for h in traps]
    game.push(Task("sc_pick", fid, 0, "spring|" + ";".join(pairs)))


def _run_pick(game: Game, task: Task) -> Decision | None:
    kind, options = task.text.split("|", 1)
    if kind == "stepto":  # options: the enemy, then the hexes it may step to
        gid, hexes = options.split("|")
        return Decision(
            task.who, "enemy-step", [*(Choice("hex", (gid, h)) for h in hexes.split(";")), Choice("skip")]
        )
    choices = [Choice(kind, tuple(o.split(">"))) for o in options.split(";")]
    return Decision(task.who, kind, [*choices, Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    kind, _ = task.text.split("|", 1)
    if choice.kind == "skip":
        game.emit("declined", task.who, kind)
        return
    game.mark_used(task.who)
    st = game.state
    if kind == "kill":
        target = st.figures.get(choice.args[0])
        if target is not None:
            game.emit("kill", task.who, target.id, f"hex={actions.hex_token(target.hex)}")
            game.kill(target)
    elif kind == "steer":
        f, g = st.figures.get(task.who), st.figures.get(choice.args[0])
        if f is not None and g is not None:
            game.push(Task("sc_pick", task.who, 0, f"stepto|{g.id}|" + ";".join(_step_hexes(game, f, g))))
            game.emit("controlled", g.id, f"by={task.who}")
    elif kind == "stepto":
        g = st.figures.get(choice.args[0])
        if g is not None:
            h = actions.parse_hex(choice.args[1])
            g.hex = h
            game.emit("moved", g.id, choice.args[1])
            if not _flying(game, g):
                actions.enter_hex(game, g, h)
    elif kind == "spring":
        _spring(game, task.who, actions.parse_hex(choice.args[0]), choice.args[1])


def _spring(game: Game, fid: str, h: tuple[int, int], tid: str) -> None:
    st = game.state
    damage = st.created_traps.get(h, level_info(game.setup.level).trap_damage)
    target = st.figures.get(tid)
    if target is not None:
        from delvekit.gloomhaven.effects.traps import trap_sprung

        game.emit("trap-sprung-on", fid, actions.hex_token(h), tid)
        trap_sprung(game, target, h)
    if h in st.created_traps:
        st.created_traps = {k: v for k, v in st.created_traps.items() if k != h}
    else:
        st.sprung = st.sprung | {h}
    game.emit("trap-disarmed", fid, actions.hex_token(h))
    if target is not None:
        game.suffer_damage(tid, damage, "trap")


@effect("loot-every-hex-entered")
def _loot_entered(game: Game, fid: str, ability: Ability) -> None:
    """Swift Bow: the move, then the money on every hex it entered."""
    moves = effects_parts.parts(ability, "move")
    if not moves:
        return
    game.push(Task("sc_loot", fid, 0, ""))
    game.perform(fid, moves[0])


def _run_loot(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    ch = game.state.characters.get(task.who)
    if f is None or ch is None:
        return None
    entered = set(effects_parts.moved_hexes(effects_parts.events_since(game, "action", task.who), task.who))
    st = game.state
    taken = sum(st.coins.pop(h) for h in sorted(entered) if h in st.coins)
    ch.coins += taken
    game.emit("looted", task.who, f"coins={taken}", "entered")
    if entered and game.setup.rules:
        from delvekit.gloomhaven.engine import registry as effects

        effects.looted(game, f, entered)
    return None


task_handler("sc_consume", _run_consume, _apply_consume)
task_handler("sc_pick", _run_pick, _apply_pick)
task_handler("sc_loot", _run_loot)
