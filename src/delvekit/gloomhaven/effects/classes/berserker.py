"""Named effects of the Berserker's cards, registered in :mod:`delvekit.gloomhaven.engine.registry`.

:mod:`~delvekit.gloomhaven.content.character_cards` writes the ``custom`` abilities (``be-…``).
Three ideas run through the class: abilities that grow with the hit points the Berserker has
lost, hit points paid as a cost, and bonuses while she is *hurt* — "fewer hit points than half
your maximum hit point value (rounded up)". Her maximum here is always the class's (Unbridled
Power's overheal never changes it for ability effects).

>>> hurt_below(10)
5
>>> hurt_below(13)
7

Flags of ``be-attack`` and ``be-move`` (the first ``attack``/``move`` part is the base; a
``when-hurt``, ``pay-N`` or ``pay-wound`` flag opens a group of bonuses, ``consume-E`` one bought
by the element):

=========================  ===================================================================
``x-missing-hp``           X = maximum minus current hit points (Resolute Stand)
``x-current-hp``           X = current hit points (Glass Hammer)
``x-lost-cards``           X = cards in the lost pile (Growing Rage, Final Fight)
``x-paid``                 X = the damage paid with ``pay-up-to-N``; the value is base + X
``pay-up-to-N``            first choose to suffer 0..N damage (Strength in Agony, Flurry of Axes)
``targets-x``              the attack takes X targets (Reckless Offensive; X = 0: no attack)
``pay-N`` …                you may suffer N damage for the group (+attack, a condition, XP,
                           ``ignore-shield``)
``pay-wound`` …            you may wound yourself and every adjacent ally for the group
                           (Careless Charge: push 2, immobilize)
``when-hurt`` …            the group holds while you are hurt
``xp-per-5-damage``        1 XP per 5 damage the attack dealt (all targets together)
``hp-to-1``                after the attack your hit points become 1 (not damage)
``heal-self-per-damaged-N`` after the attack, Heal N self once per enemy it damaged
``grounds-target``          each target can no longer fly (a ``grounded|ID`` scenario mark)
=========================  ===================================================================

Other effects performed when played: ``be-pay`` (you may suffer N damage to perform the parts),
``be-when-hurt`` (the parts while hurt), ``be-heal-x`` (Heal X, Range R, X = your missing hit
points), ``be-suffer-half`` (suffer half your current hit points, rounded up), ``be-kill-weak``
(kill one adjacent normal enemy whose hit points are less than half your missing ones),
``be-kill-exhaust`` (kill one adjacent normal or elite enemy, gain the XP, become exhausted),
``be-consume`` (the parts bought with an element: attack, retaliate, XP, a round attack bonus),
``be-overheal`` (heals may raise you to the ``max-N`` flag), ``be-immune-negative``.

From the active area (:mod:`~delvekit.gloomhaven.effects.classes.berserker_hooks`):
``be-negate-lethal`` (a source of damage that would leave you below
1 hit point is negated, one use slot each), ``be-attack-on-damage`` (on each source of damage to
you, after it, perform the ``attack`` part; one use slot each), ``be-turn-start-damage``,
``be-hurt-attack-bonus`` (+N on your attacks while hurt), ``be-advantage-this-round``.
"""

from __future__ import annotations

import msgspec

from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects import wordings
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.engine import actions, flying
from delvekit.gloomhaven.engine.game import Game, task_handler
from delvekit.gloomhaven.engine.registry import effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition

_GROUPS = ("when-hurt", "pay-wound")
_AFTER = ("xp-per-5-damage", "hp-to-1", "grounds-target")

# ------------------------------------------------------------ hit points


def hurt_below(max_hp: int) -> int:
    """Hurt means fewer hit points than this: half the maximum, rounded up."""
    return (max_hp + 1) // 2


def class_max(game: Game, f: Figure) -> int:
    """The maximum hit point value for ability effects (the party setup's, not an overheal's)."""
    return next((c.max_health for c in game.setup.party if c.id == f.id), f.max_hp)


def is_hurt(game: Game, f: Figure) -> bool:
    return f.hp < hurt_below(class_max(game, f))


def missing_hp(game: Game, f: Figure) -> int:
    return max(0, class_max(game, f) - f.hp)


def _x(game: Game, f: Figure, notes: list[str], paid: int) -> int | None:
    """The ability's X, or ``None`` when it defines none."""
    if "x-missing-hp" in notes:
        return missing_hp(game, f)
    if "x-current-hp" in notes:
        return f.hp
    if "x-lost-cards" in notes:
        ch = game.state.characters.get(f.id)
        return len(ch.lost) if ch is not None else 0
    if "x-paid" in notes or "targets-x" in notes:
        return paid
    return None


# ------------------------------------------------------------ groups


def _split(ability: Ability) -> tuple[list[Ability], list[tuple[str, list[Ability]]]]:
    """(base parts, [(opening flag, its parts)...])."""
    base: list[Ability] = []
    groups: list[tuple[str, list[Ability]]] = []
    for p in ability.then:
        opens = p.kind == "custom" and (
            p.note in _GROUPS or p.note.startswith("consume-") or _pay_n(p.note) is not None
        )
        if opens:
            groups.append((p.note, []))
        elif groups:
            groups[-1][1].append(p)
        else:
            base.append(p)
    return base, groups


def _reach(base: list[Ability]) -> int:
    """The range of an attack's base parts (an ``affects-enemies-range-R`` flag, or its own)."""
    for n in _notes(base):
        if n.startswith("affects-enemies-range-"):
            return int(n.rsplit("-", 1)[1])
    return next((p.range for p in base if p.kind == "attack"), 0)


def _pay_n(note: str) -> int | None:
    tail = note.removeprefix("pay-")
    return int(tail) if note.startswith("pay-") and tail.isdigit() else None


def _notes(items: list[Ability]) -> list[str]:
    return [p.note for p in items if p.kind == "custom"]


def _number(notes: list[str], prefix: str) -> int | None:
    for n in notes:
        tail = n.removeprefix(prefix)
        if n.startswith(prefix) and tail.isdigit():
            return int(tail)
    return None


def _gain_xp(game: Game, fid: str, items: list[Ability]) -> None:
    n = sum(p.value for p in items if p.kind == "xp")
    ch = game.state.characters.get(fid)
    if n and ch is not None:
        ch.xp += n
        game.emit("xp", fid, n)


def _adjacent(game: Game, f: Figure, *, enemies: bool) -> list[Figure]:
    board = game.board()
    if board is None:
        return []
    return sorted(
        (
            g
            for g in game.state.figures.values()
            if g is not f
            and (g.side != f.side) == enemies
            and g.kind != "objective"
            and not (enemies and Condition.INVISIBLE in g.conditions)
            and board.adjacent(f.hex, g.hex)
        ),
        key=lambda g: g.id,
    )


def holders(game: Game, cid: str, note: str) -> list[tuple[int, Ability]]:
    """(active card index, ability) of ``cid``'s active cards with the named effect."""
    return [(i, a) for i, _, half in fx.active_halves(game, cid) for a in fx.named_in(half, note)]


# ------------------------------------------------------------ paying


def _offer_payment(game: Game, fid: str, ability: Ability, then: str) -> bool:
    """Push the "may suffer" question of ``ability`` (``then``: the task that follows); whether
    one was asked."""
    base, groups = _split(ability)
    notes = _notes(base)
    up_to = _number(notes, "pay-up-to-")
    paid = [g for g in groups if _pay_n(g[0]) is not None or g[0] == "pay-wound"]
    if up_to is None and not paid:
        return False
    f = game.state.figures[fid]
    if then == "be_strike" and (
        Condition.DISARM in f.conditions or not actions.targets(game, f, _reach(base))
    ):
        return False  # no attack (disarmed, or no one in reach): nothing to pay for
    game.push(Task("be_pay", fid, up_to if up_to is not None else -1, f"{then}|{ability}"))
    return True


def _run_pay(game: Game, task: Task) -> Decision | None:
    if task.who not in game.state.figures:
        game.pop_task()
        return None
    if task.n >= 0:  # suffer up to N
        return Decision(task.who, "suffer", [Choice("suffer", (str(k),)) for k in range(task.n + 1)])
    return Decision(task.who, "pay", [Choice("pay"), Choice("no-pay")])


def _apply_pay(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    then, text = task.text.split("|", 1)
    ability = Ability.parse(text)
    f = game.state.figures[task.who]
    if choice.kind == "suffer":
        amount = int(choice.args[0])
        game.push(Task(then, task.who, amount, text))
        if amount:
            game.emit("be-paid", task.who, amount)
            game.suffer_damage(task.who, amount, "self")
        return
    game.push(Task(then, task.who, -2 if choice.kind == "pay" else -1, text))
    if choice.kind != "pay":
        return
    _, groups = _split(ability)
    opened = next(g[0] for g in groups if _pay_n(g[0]) is not None or g[0] == "pay-wound")
    game.emit("be-paid", task.who, opened)
    if opened == "pay-wound":  # Careless Charge: you and every adjacent ally
        for g in [f, *_adjacent(game, f, enemies=False)]:
            game.add_condition(g.id, Condition.WOUND)
    else:
        game.suffer_damage(task.who, _pay_n(opened) or 0, "self")


def _bought(ability: Ability, paid: int, hurt: bool) -> list[Ability]:
    """The parts of the groups that hold (``paid`` −2: the pay group was paid)."""
    _, groups = _split(ability)
    out: list[Ability] = []
    for opened, items in groups:
        if (opened == "when-hurt" and hurt) or (
            paid == -2 and (_pay_n(opened) is not None or opened == "pay-wound")
        ):
            out += items
    return out


# ------------------------------------------------------------ attacks


@effect("be-attack")
def _attack(game: Game, fid: str, ability: Ability) -> None:
    """An attack whose value, targets or bonuses depend on hit points (flags above)."""
    if fid not in game.state.figures:
        return
    if not _offer_payment(game, fid, ability, "be_strike"):
        game.push(Task("be_strike", fid, 0, str(ability)))


def _run_strike(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    ability = Ability.parse(task.text)
    f = game.state.figures.get(task.who)
    if f is None:
        return None
    base, _ = _split(ability)
    notes = _notes(base)
    paid = max(task.n, 0)
    extra = _bought(ability, task.n, is_hurt(game, f))
    _gain_xp(game, f.id, extra)
    attack = next((p for p in base if p.kind == "attack"), Ability(kind="attack", value=0))
    x = _x(game, f, notes, paid)
    value = attack.value + sum(p.value for p in extra if p.kind == "attack")
    targets = _number(notes, "target-") or 1
    reach = _reach(base)
    if any(n == "affects-enemies-adjacent" or n.startswith("affects-enemies-range-") for n in notes):
        targets = 0
    if "targets-x" in notes:
        targets = x or 0
        if not targets:
            game.emit("no-target", f.id)
            return None
    elif x is not None:
        game.emit("x", f.id, x)
        value += x
    adds = [p.condition for p in (*base, *extra) if p.kind == "condition" and p.condition is not None]
    strike = Ability(
        kind="attack",
        value=value,
        range=reach,
        targets=targets,
        pierce=99 if "ignore-shield" in _notes(extra) else 0,
        push=sum(p.value for p in extra if p.kind == "push"),
        adds=tuple(dict.fromkeys(adds)),
    )
    after = [n for n in notes if n in _AFTER or n.startswith("heal-self-per-damaged-")]
    game.emit("be-strike", f.id)
    if after:
        game.push(Task("be_after", f.id, 0, ";".join(after)))
    game.perform(f.id, strike)
    return None


def _run_after(game: Game, task: Task) -> Decision | None:
    """After the attack: XP per 5 damage, hit points to 1, heals per enemy damaged."""
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is None:
        return None
    dealt: dict[str, int] = {}
    for e in reversed(game.events):
        if e.kind == "be-strike" and e.args[:1] == (f.id,):
            break
        if e.kind == "attack" and e.args[:1] == (f.id,) and len(e.args) > 3:
            dealt[e.args[1]] = dealt.get(e.args[1], 0) + int(e.args[3].removeprefix("damage="))
    for note in task.text.split(";"):
        if note == "xp-per-5-damage" and sum(dealt.values()) >= 5:
            _gain_xp(game, f.id, [Ability(kind="xp", value=sum(dealt.values()) // 5)])
        elif note == "hp-to-1" and f.hp > 1:  # Glass Hammer: not damage
            game.emit("hp-set", f.id, 1, f"was={f.hp}")
            f.hp = 1
        elif note == "grounds-target":  # Bone Breaker: a character token on each target
            for tid in dealt:
                if tid in game.state.figures:
                    game.state.scenario_marks[f"grounded|{tid}"] = game.state.round
                    game.emit("be-grounded", tid)
                    flying.grounded(game, tid)  # on an obstacle: it lands (§5.3)
        elif note.startswith("heal-self-per-damaged-"):
            for _ in range(sum(1 for n in dealt.values() if n > 0)):
                game.heal(f.id, int(note.rsplit("-", 1)[1]))
    return None


# ------------------------------------------------------------ moves


@effect("be-move")
def _move(game: Game, fid: str, ability: Ability) -> None:
    """A move that grows with lost cards, paid damage or being hurt, maybe with an element."""
    if fid not in game.state.figures:
        return
    if not _offer_payment(game, fid, ability, "be_stride"):
        game.push(Task("be_stride", fid, 0, str(ability)))


def _run_stride(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    ability = Ability.parse(task.text)
    f = game.state.figures.get(task.who)
    if f is None:
        return None
    base, groups = _split(ability)
    value = next((p.value for p in base if p.kind == "move"), 0)
    x = _x(game, f, _notes(base), max(task.n, 0))
    if x is not None:
        game.emit("x", f.id, x)
        value += x
    if is_hurt(game, f):
        value += sum(_number(_notes(items), "move-plus-") or 0 for o, items in groups if o == "when-hurt")
    spec = Ability(
        kind="custom",
        note="be-stride",
        then=(
            Ability(kind="move", value=value),
            *(p for o, i in groups if o.startswith("consume-") for p in [Ability(kind="custom", note=o), *i]),
        ),
    )
    game.push(Task("be_stride_consume", f.id, 0, str(spec)))
    return None


def _run_stride_consume(game: Game, task: Task) -> Decision | None:
    return wordings.consume_offer(game, task, _finish_stride)


def _apply_stride_consume(game: Game, task: Task, choice: Choice) -> None:
    wordings.consume_answer(game, task, choice, _finish_stride)


def _finish_stride(game: Game, fid: str, ability: Ability, *, paid: bool) -> None:
    base, groups = _split(ability)
    move = next(p for p in base if p.kind == "move")
    bought = [p for o, items in groups if o.startswith("consume-") for p in items] if paid else []
    _gain_xp(game, fid, bought)
    value = move.value + (_number(_notes(bought), "move-plus-") or 0)
    if value > 0:
        game.perform(fid, msgspec.structs.replace(move, value=value))


# ------------------------------------------------------------ consumptions


@effect("be-consume")
def _consume(game: Game, fid: str, ability: Ability) -> None:
    """What an element buys: an attack, a retaliate, XP, a round bonus to your attacks."""
    if fid in game.state.figures:
        game.push(Task("be_consume", fid, 0, str(ability)))


def _run_consume(game: Game, task: Task) -> Decision | None:
    return wordings.consume_offer(game, task, _finish_consume)


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    wordings.consume_answer(game, task, choice, _finish_consume)


def _finish_consume(game: Game, fid: str, ability: Ability, *, paid: bool) -> None:
    if not paid:
        return
    _, groups = _split(ability)
    bought = [p for _, items in groups for p in items]
    _gain_xp(game, fid, bought)
    if "round-attack-bonus" in _notes(bought):  # Vengeful Barrage
        n = sum(p.value for p in bought if p.kind == "attack")
        game.emit("be-round-bonus", fid, f"+{n}")
        return
    for p in bought:
        if p.kind in ("attack", "retaliate", "shield"):
            game.perform(fid, p)


# ------------------------------------------------------------ the rest


@effect("be-pay")
def _pay(game: Game, fid: str, ability: Ability) -> None:
    """You may suffer N damage to perform the parts (a shield, XP, a condition on an adjacent
    enemy); asked only when the parts can do something."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    _, groups = _split(ability)
    items = [p for _, i in groups for p in i]
    if "affects-enemy-adjacent" in _notes(items) and not _adjacent(game, f, enemies=True):
        game.emit("no-target", fid)
        return
    _offer_payment(game, fid, ability, "be_gain")


def _run_gain(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    if task.n != -2 or task.who not in game.state.figures:
        return None
    _, groups = _split(Ability.parse(task.text))
    _perform_parts(game, task.who, [p for _, i in groups for p in i])
    return None


def _perform_parts(game: Game, fid: str, items: list[Ability]) -> None:
    """Perform plain parts in order; conditions go to one adjacent enemy when so flagged."""
    notes = _notes(items)
    conditions = [p for p in items if p.kind == "condition"]
    if conditions and "affects-enemy-adjacent" in notes:
        spec = Ability(
            kind="custom",
            note="afflict",
            then=(*conditions, Ability(kind="custom", note="affects-enemy-adjacent")),
        )
        game.perform(fid, spec)
    for p in items:
        if p.kind in ("attack", "shield", "retaliate", "heal", "xp"):
            game.perform(fid, p)


@effect("be-when-hurt")
def _when_hurt(game: Game, fid: str, ability: Ability) -> bool:
    """The parts, only while you are hurt."""
    f = game.state.figures.get(fid)
    if f is None or not is_hurt(game, f):
        return False
    game.emit("be-hurt", fid, f.hp)
    _perform_parts(game, fid, list(ability.then))
    return True


@effect("be-heal-x")
def _heal_x(game: Game, fid: str, ability: Ability) -> None:
    """Heal X, Range R (you or one ally), X = your missing hit points."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    x = missing_hp(game, f)
    game.emit("x", fid, x)
    game.perform(fid, Ability(kind="heal", value=x, range=fx.flag_number(ability, "range-")))


@effect("be-suffer-half")
def _suffer_half(game: Game, fid: str, ability: Ability) -> None:
    """Suffer damage equal to half your current hit points, rounded up."""
    f = game.state.figures.get(fid)
    if f is not None:
        game.suffer_damage(fid, (f.hp + 1) // 2, "self")


@effect("be-kill-weak", "be-kill-exhaust")
def _kill(game: Game, fid: str, ability: Ability) -> bool:
    """Kill one adjacent enemy (never a boss): ``be-kill-weak`` a normal one with fewer hit
    points than half your missing ones; ``be-kill-exhaust`` a normal or elite one, then gain
    the parts' XP and become exhausted."""
    f = game.state.figures.get(fid)
    if f is None:
        return False
    weak = ability.note == "be-kill-weak"
    ranks = ("normal",) if weak else ("normal", "elite")
    found = [
        g.id
        for g in _adjacent(game, f, enemies=True)
        if g.kind == "monster" and g.rank in ranks and (not weak or 2 * g.hp < missing_hp(game, f))
    ]
    if not found:
        game.emit("no-target", fid)
        return False
    game.push(Task("be_kill", fid, 0, f"{';'.join(found)}|{ability}"))
    return True


def _run_kill(game: Game, task: Task) -> Decision | None:
    ids = [i for i in task.text.split("|", 1)[0].split(";") if i in game.state.figures]
    if not ids or task.who not in game.state.figures:
        game.pop_task()
        return None
    return Decision(task.who, "kill", [Choice("target", (i,)) for i in ids])


def _apply_kill(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ability = Ability.parse(task.text.split("|", 1)[1])
    target = game.state.figures[choice.args[0]]
    game.emit("kill", task.who, target.id, f"hex={actions.hex_token(target.hex)}")
    game.kill(target)
    if ability.note == "be-kill-exhaust":
        _gain_xp(game, task.who, list(ability.then))
        game.exhaust(task.who, "final-fight")


@effect("be-overheal")
def _overheal(game: Game, fid: str, ability: Ability) -> None:
    """Unbridled Power: heals may raise you to the ``max-N`` flag (your maximum for ability
    effects stays the class's: :func:`class_max`)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    cap = fx.flag_number(ability, "max-")
    if cap > f.max_hp:
        f.max_hp = cap
        game.emit("be-overheal", fid, cap)


@effect("be-immune-negative")
def _immune(game: Game, fid: str, ability: Ability) -> None:
    """Careless Charge: immune to every negative condition from now on (those you have stay)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    f.immune = f.immune | fx.NEGATIVE
    game.emit("be-immune", fid, "negative")


for _kind, _run, _apply in (
    ("be_pay", _run_pay, _apply_pay),
    ("be_strike", _run_strike, None),
    ("be_after", _run_after, None),
    ("be_stride", _run_stride, None),
    ("be_stride_consume", _run_stride_consume, _apply_stride_consume),
    ("be_consume", _run_consume, _apply_consume),
    ("be_gain", _run_gain, None),
    ("be_kill", _run_kill, _apply_kill),
):
    task_handler(_kind, _run, _apply)
