"""Named effects of the classes encoded after the Brute and the Mindthief (Tinkerer, Sunkeeper,
Quartermaster), registered in :mod:`delvekit.gloomhaven.engine.registry`.
:mod:`~delvekit.gloomhaven.content.character_cards` writes the ``custom`` abilities (``_class_special``);
each handler here performs one wording, asking the deciding player through agenda tasks
(``cls_*``) where the rules leave a choice. An optional element consumption is asked first
(``consume`` / ``no-consume``; a wild one offers every Strong or Waning element).

Effects performed when the ability is:

==================================  ===========================================================
``to-allies``                       a heal, shield, retaliate, condition, bless or damage given
                                    to allies: every adjacent ally, every ally within range
                                    (with or without the performer), every ally, one ally the
                                    player picks, or "Heal N, Range R (Target T)" to the
                                    performer or allies; a consumption may change who, how many
                                    and add to it — Flamethrower, Restorative Mist, Purifying
                                    Aura, Protective Blessing, Glorious Bolt, Harsh Stimulants
``ally-recovers``                   an ally (or you) recovers up to N discarded or lost cards,
                                    the owner choosing, or all its discards; then may lose
                                    cards, or takes a lost card of an ally next to it —
                                    Reinvigorating Elixir, Brilliant Prayer, Chimeric Formula
``heal-all-damage``                 one adjacent ally heals all its damage — Lay on Hands
``create-trap`` / ``disarm-trap``   a trap (damage, conditions, XP when an enemy springs it)
                                    on an empty adjacent hex; removing an adjacent trap
``negate-damage-this-round``        you and the allies named suffer no damage this round
``refresh-items``                   refresh spent/consumed items (of some slots) of you, one
                                    ally or every ally named — Restock, Reforge, Bag of Holding
``shove-range``                     push or pull up to T enemies within range — Scroll of Recall
``afflict-range``                   conditions on up to T enemies within range
``damage-enemies``                  every enemy within range suffers damage
``kill-in-area``                    kill enemies of few hit points in a line — Disintegration Beam
``allies-perform``                  every ally within range may perform the parts (XP per ally
                                    attack) — Mobilizing Axiom, Inspiring Sanctity
``ally-performs-consumes``          an adjacent ally attacks; the consumption kills its normal
                                    or elite target instead — Inspiring Sanctity
``summons-move``                    summoned allies within range move their Move + N
``move-consumes``                   a move a consumption lengthens — Scales of Justice
``move-bonus-this-round``           allies add +N to their moves this round — Supportive Chant
``to-allies-moved-through``         the parts to each ally moved through — Path of Glory
``attackers-disadvantaged-this-r…`` attacks on you and allies in range have disadvantage this
                                    round — Engulfing Radiance
==================================  ===========================================================

Effects that act from the active area (performing them only says so):
``retaliate-on-melee-attacked`` (Purifying Aura), ``move-modifier`` (Defensive Stance),
``next-heals-bonus`` (Potent Potables), ``infuse-at-turn-end-unless-strong`` (Beacon of Light),
``at-turn-end`` (Auto Turret, Gas Canister, Fortified Position, Continual Supply),
``item-use-attack-bonus`` (Proficiency), ``attack-modifier`` (Scales of Justice),
``next-attacks-bonus`` (Angelic Ascension), ``consume-on-attack`` (Weapon of Purity),
``ignore-shields-this-round`` (Portable Ballista), ``refresh-at-round-end`` (Reinforced Steel),
``refresh-on-long-rest`` (Refreshment), ``adjacent-allies-ranged-attacks-add-target`` (Quiver of
Arrows). The engine asks this module through :func:`move_bonus` and :func:`heal_bonus` (a
character's move and heal abilities), :func:`extra_targets` (ranged attacks),
:func:`strike_extra` and :func:`attack_consumption` (each attack, via
:mod:`~delvekit.gloomhaven.effects.classes.brute_mindthief`), :func:`protected` (every damage),
:func:`trap_sprung` (every trap sprung), :func:`melee_attacked` and
:func:`attackers_disadvantaged` (every monster attack), and the turn-end and round hooks of
:mod:`~delvekit.gloomhaven.engine.registry`.
"""

from __future__ import annotations

from typing import Protocol

import msgspec

from delvekit.core.board import Terrain
from delvekit.core.los import sight_for
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.effects.classes import brute_mindthief as fx
from delvekit.gloomhaven.engine import actions
from delvekit.gloomhaven.engine.game import Game, _half, task_handler
from delvekit.gloomhaven.engine.registry import ROUND_HOOKS, TURN_END_HOOKS, effect
from delvekit.gloomhaven.engine.state import Figure, Task
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength

# ------------------------------------------------------------------ parts


def _split(ability: Ability) -> tuple[list[Ability], str | None, list[Ability]]:
    """(parts before the consumption, the element it consumes — ``wild`` for any — and what
    consuming buys)."""
    base: list[Ability] = []
    bought: list[Ability] = []
    element: str | None = None
    for p in ability.then:
        if element is None and p.kind == "custom" and p.note.startswith("consume-"):
            element = p.note.removeprefix("consume-")
        elif element is None:
            base.append(p)
        else:
            bought.append(p)
    return base, element, bought


def _offer(game: Game, element: str | None) -> list[Element]:
    """The elements a consumption of ``element`` may take now (wild: any Strong or Waning)."""
    if element is None:
        return []
    elements = game.state.elements
    if element == "wild":
        return elements.consumable()
    e = Element.parse(element)
    return [e] if elements.can_consume(e) else []


def _effective(ability: Ability, paid: bool) -> list[Ability]:
    """The parts that apply: with the consumption paid, its ``affects-``/``target-`` flags
    replace those of the base and its other parts are added."""
    base, _, bought = _split(ability)
    if not paid:
        return base
    replaced = {p.note.split("-", 1)[0] for p in bought if p.kind == "custom"}
    swapped = replaced & {"affects", "target"}
    kept = [p for p in base if not (p.kind == "custom" and p.note.split("-", 1)[0] in swapped)]
    return kept + bought


def _flags(items: list[Ability]) -> list[str]:
    return [p.note for p in items if p.kind == "custom"]


def _total(items: list[Ability], prefix: str) -> int:
    """The sum of the numbers ending the flags that start with ``prefix``."""
    return sum(
        int(n.rsplit("-", 1)[-1])
        for n in _flags(items)
        if n.startswith(prefix) and n.rsplit("-", 1)[-1].isdigit()
    )


def _number(items: list[Ability], prefix: str, default: int) -> int:
    for note in _flags(items):
        if note.startswith(prefix) and note.rsplit("-", 1)[-1].isdigit():
            return int(note.rsplit("-", 1)[-1])
    return default


def _gain_xp(game: Game, fid: str, items: list[Ability]) -> None:
    gain = sum(p.value for p in items if p.kind == "xp")
    ch = game.state.characters.get(fid)
    if gain and ch is not None:
        ch.xp += gain
        game.emit("xp", fid, gain)


# ------------------------------------------------------- optional consumption


@effect("to-allies", "ally-recovers", "move-consumes", "ally-performs-consumes")
def _with_consumption(game: Game, fid: str, ability: Ability) -> None:
    """Ask whether to consume the element (when it can be), then perform."""
    if _offer(game, _split(ability)[1]):
        game.push(Task("cls_consume", fid, 0, str(ability)))
        return
    _finish(game, fid, ability, paid=False)


class Finish(Protocol):
    """What a wording does once its optional consumption is settled (paid or not)."""

    def __call__(self, game: Game, fid: str, ability: Ability, *, paid: bool) -> None: ...


def consume_offer(game: Game, task: Task, finish: Finish) -> Decision | None:
    """The one "consume an element for more" offer of a class wording (the task's text is the
    ability): the elements it may consume, or no offer at all (another effect took the element
    meanwhile) and the wording finished unpaid. Every class module's consume task uses it."""
    ability = Ability.parse(task.text)
    offer = _offer(game, _split(ability)[1])
    if not offer:
        game.pop_task()
        finish(game, task.who, ability, paid=False)
        return None
    return Decision(
        task.who, "consume", [*(Choice("consume", (e.value,)) for e in offer), Choice("no-consume")]
    )


def consume_answer(game: Game, task: Task, choice: Choice, finish: Finish) -> None:
    """Apply the answer to :func:`consume_offer`: consume the element (or not), then finish."""
    game.pop_task()
    ability = Ability.parse(task.text)
    paid = choice.kind == "consume"
    if paid:
        element = Element.parse(choice.args[0])
        game.state.elements.consume(element)
        game.emit("consumed", task.who, element.value)
    finish(game, task.who, ability, paid=paid)


def _run_consume(game: Game, task: Task) -> Decision | None:
    return consume_offer(game, task, _finish)


def _apply_consume(game: Game, task: Task, choice: Choice) -> None:
    consume_answer(game, task, choice, _finish)


def _finish(game: Game, fid: str, ability: Ability, *, paid: bool) -> None:
    items = _effective(ability, paid)
    if paid:
        bought = _split(ability)[2]
        _gain_xp(game, fid, bought)
        for note in _flags(bought):
            if note.startswith("infuse-"):  # Burning Flash: any element for +1 heal and light
                game.infuse(Element.parse(note.removeprefix("infuse-")))
    if ability.note == "to-allies":
        _to_allies(game, fid, items)
    elif ability.note == "ally-performs-consumes":
        f = game.state.figures.get(fid)
        who = next((n for n in _flags(items) if n.startswith("affects-")), "affects-ally-adjacent")
        ids = [i for i in _allies_in(game, f, who)[0] if i != fid] if f is not None else []
        if not ids:
            game.emit("no-target", fid)
            return
        text = str(Ability(kind="custom", note="ally-performs-consumes", then=tuple(items)))
        game.push(Task("cls_pick", fid, 1, f"ally-attack|{';'.join(ids)}|{text}"))
    elif ability.note == "move-consumes":
        move = next(p for p in items if p.kind == "move")
        extra = _total(items, "move-plus-") - _total(items, "move-minus-")
        game.perform(fid, msgspec.structs.replace(move, value=max(0, move.value + extra)))
    else:
        _recovers(game, fid, items)


# ----------------------------------------------------------------- allies


def _allies_in(game: Game, f: Figure, who: str) -> tuple[list[str], bool]:
    """(candidates, pick one) for an ``affects-`` flag: every figure named, or the figures
    the player picks one of."""
    st = game.state
    friends = [
        g for g in st.figures.values() if g is not f and not actions._hostile(f, g) and g.kind != "objective"
    ]
    kind = who.removeprefix("affects-")
    reach = int(kind.rsplit("-", 1)[1]) if kind.rsplit("-", 1)[-1].isdigit() else 0
    kind = kind.removesuffix(f"-range-{reach}") if reach else kind
    if kind == "self":
        return [f.id], False
    with_self = kind.startswith("self-")
    kind = kind.removeprefix("self-or-").removeprefix("self-")
    if kind.endswith("adjacent"):
        found = fx._in_reach(game, f, 1, friends)
    elif reach:
        found = fx._in_reach(game, f, reach, friends)
    else:
        found = friends
    if kind.startswith("summons"):  # the Summoner's "your summoned allies"
        found = [g for g in found if g.kind == "summon" and g.owner == f.id]
    ids = sorted(g.id for g in found)
    if with_self or who.startswith("affects-self-or-"):
        ids = [f.id, *ids]
    return ids, kind in ("ally", "ally-adjacent") or who.startswith("affects-self-or-")


def _to_allies(game: Game, fid: str, items: list[Ability]) -> None:
    f = game.state.figures.get(fid)
    who = next((n for n in _flags(items) if n.startswith("affects-")), "affects-self")
    if f is None:
        return
    ids, pick = _allies_in(game, f, who)
    if not ids:
        game.emit("no-target", fid)
        return
    if any(p.kind == "heal" for p in items):  # one heal ability, one use of a heal bonus
        extra = heal_bonus(game, fid)
        items = [*items, *([Ability(kind="custom", note=f"heal-plus-{extra}")] if extra else [])]
    text = str(Ability(kind="custom", note="to-allies", then=tuple(items)))
    if pick:
        count = _number(items, "target-", 1)
        game.push(Task("cls_pick", fid, count, f"give|{';'.join(ids)}|{text}"))
        return
    for rid in ids:
        _give(game, fid, rid, items)


def _give(game: Game, fid: str, rid: str, items: list[Ability]) -> None:
    """One ally (or the performer) receives the parts."""
    target = game.state.figures.get(rid)
    if target is None:
        return
    for p in items:
        if p.kind == "heal":
            game.heal(rid, p.value + _total(items, "heal-plus-"))
        elif p.kind == "shield":
            target.shield_bonus += p.value
            game.emit("bonus", rid, "shield", p.value, f"by={fid}")
        elif p.kind == "retaliate":
            target.retaliate_bonus += p.value
            game.emit("bonus", rid, "retaliate", p.value, f"by={fid}")
        elif p.kind == "condition" and p.condition is not None:
            game.add_condition(rid, p.condition)
        elif p.kind == "custom" and p.note in ("bless", "curse"):
            game.add_modifier_card(rid, p.note)
        elif p.kind == "suffer":  # Harsh Stimulants: adjacent allies suffer damage
            game.suffer_damage(rid, p.value, "suffer")


def _run_pick(game: Game, task: Task) -> Decision | None:
    ids = task.text.split("|", 2)[1]
    alive = [i for i in ids.split(";") if i in game.state.figures]
    if not alive or task.n <= 0:
        game.pop_task()
        return None
    return Decision(task.who, "ally", [*(Choice("target", (i,)) for i in alive), Choice("skip")])


def _apply_pick(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    purpose, ids, text = task.text.split("|", 2)
    if choice.kind == "skip":
        game.emit("declined", task.who, purpose)
        return
    picked = choice.args[0]
    ability = Ability.parse(text)
    items = list(ability.then)
    if purpose == "give":
        rest = [i for i in ids.split(";") if i != picked]
        if task.n > 1 and rest:
            game.push(Task("cls_pick", task.who, task.n - 1, f"give|{';'.join(rest)}|{text}"))
        _give(game, task.who, picked, items)
    elif purpose == "recover":
        _start_recovery(game, task.who, picked, items)
    elif purpose == "ally-attack":  # Inspiring Sanctity: the ally attacks (kill instead, paid)
        ally = game.state.figures.get(picked)
        killne = "killne" if "kill-normal-or-elite-instead" in _flags(items) else ""
        if ally is not None:
            game.emit("ally-performs", picked, f"for={task.who}")
            for p in reversed([p for p in items if p.kind == "attack"]):
                if Condition.DISARM not in ally.conditions:
                    game.push(Task("attack", picked, p.value, fx._attack_text(p, killne)))
    elif purpose == "extra-turn":
        game.push(Task("cls_extra_select", picked, 2))
    elif purpose == "refresh":
        _refresh_for(game, picked, ability)
    elif purpose == "shove":
        rest = [i for i in ids.split(";") if i != picked]
        if task.n > 1 and rest:
            game.push(Task("cls_pick", task.who, task.n - 1, f"shove|{';'.join(rest)}|{text}"))
        for p in items:
            if p.kind in ("push", "pull"):
                game.push(Task("force", picked, p.value, f"{task.who}/{p.kind}/s"))
    elif purpose == "afflict":
        rest = [i for i in ids.split(";") if i != picked]
        if task.n > 1 and rest:
            game.push(Task("cls_pick", task.who, task.n - 1, f"afflict|{';'.join(rest)}|{text}"))
        _give(
            game,
            task.who,
            picked,
            [p for p in items if p.kind == "condition" or p.note in ("bless", "curse")],
        )
    elif purpose == "heal-all":
        target = game.state.figures.get(picked)
        if target is not None:
            game.heal(picked, max(target.max_hp - target.hp, 0) + heal_bonus(game, task.who))


# ----------------------------------------------------------- recovering cards


def _recovers(game: Game, fid: str, items: list[Ability]) -> None:
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in _flags(items) if n.startswith("affects-")), "affects-ally-adjacent")
    if who == "affects-self":  # Reforge: recover your own cards
        _start_recovery(game, fid, fid, items)
        return
    ids, _ = _allies_in(game, f, who)
    ids = [i for i in ids if i in game.state.characters and i != fid]
    if not ids:
        game.emit("no-target", fid)
        return
    text = str(Ability(kind="custom", note="ally-recovers", then=tuple(items)))
    game.push(Task("cls_pick", fid, 1, f"recover|{';'.join(ids)}|{text}"))


def _unrecoverable(game: Game, cid: str, card: str) -> bool:
    """A card whose own ability recovers lost cards cannot itself be recovered (§ FAQ)."""
    c = game.card(cid, card)
    return any(
        a.kind == "custom" and a.note == "ally-recovers" and "pile-lost" in fx.flags(a)
        for half in (c.top, c.bottom)
        for a in half.abilities
    )


def _pile(game: Game, cid: str, pile: str) -> list[str]:
    ch = game.state.characters[cid]
    if pile == "lost":
        return [c for c in ch.lost if not _unrecoverable(game, cid, c)]
    return list(ch.discard)


def _start_recovery(game: Game, fid: str, ally: str, items: list[Ability]) -> None:
    pile = "lost" if "pile-lost" in _flags(items) else "discard"
    ch = game.state.characters.get(ally)
    if ch is None:
        return
    if "of-adjacent" in _flags(items):  # Chimeric Formula: a lost card of an ally next to them
        game.push(Task("cls_recover_other", ally, _number(items, "target-", 1)))
        return
    lose = _number(items, "then-lose-", 0)
    if lose:  # Chimeric Formula: then the ally loses two cards (after the recovery)
        game.push(Task("cls_lose", ally, lose))
    if "all" in _flags(items):
        for card in _pile(game, ally, pile):
            _recover(game, ally, card, pile)
        return
    count = _number(items, "target-", 1)
    game.push(Task("cls_recover", ally, count, pile))


def _recover(game: Game, cid: str, card: str, pile: str) -> None:
    ch = game.state.characters[cid]
    (ch.lost if pile == "lost" else ch.discard).remove(card)
    ch.hand.append(card)
    game.emit("recovered", cid, card, pile)


def _run_recover(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters.get(task.who)
    cards = _pile(game, task.who, task.text) if ch is not None and not ch.exhausted else []
    if not cards or task.n <= 0:
        game.pop_task()
        return None
    return Decision(task.who, "recover", [*(Choice("recover", (c,)) for c in cards), Choice("done")])


def _apply_recover(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "done":
        return
    _recover(game, task.who, choice.args[0], task.text)
    if task.n > 1:
        game.push(Task("cls_recover", task.who, task.n - 1, task.text))


def _run_recover_other(game: Game, task: Task) -> Decision | None:
    """The ally (``task.who``) picks a lost card of a character adjacent to it."""
    f = game.state.figures.get(task.who)
    board = game.board()
    if f is None or board is None or task.n <= 0:
        game.pop_task()
        return None
    owners = sorted(
        cid
        for cid, ch in game.state.characters.items()
        if cid != task.who
        and not ch.exhausted
        and cid in game.state.figures
        and board.adjacent(f.hex, game.state.figures[cid].hex)
    )
    choices = [Choice("recover", (cid, card)) for cid in owners for card in _pile(game, cid, "lost")]
    if not choices:
        game.pop_task()
        return None
    return Decision(task.who, "recover", [*choices, Choice("done")])


def _apply_recover_other(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "done":
        return
    owner, card = choice.args
    _recover(game, owner, card, "lost")
    if task.n > 1:
        game.push(Task("cls_recover_other", task.who, task.n - 1))


def _run_lose(game: Game, task: Task) -> Decision | None:
    """Lose ``task.n`` cards from hand or discard pile (mandatory while any is left)."""
    ch = game.state.characters.get(task.who)
    if ch is None or ch.exhausted or task.n <= 0:
        game.pop_task()
        return None
    cards = [*ch.hand, *ch.discard]
    if not cards:
        game.pop_task()
        return None
    return Decision(task.who, "lose", [Choice("lose", (c,)) for c in cards])


def _apply_lose(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    ch = game.state.characters[task.who]
    card = choice.args[0]
    (ch.hand if card in ch.hand else ch.discard).remove(card)
    ch.lost.append(card)
    game.emit("card", task.who, card, "lost")
    if task.n > 1:
        game.push(Task("cls_lose", task.who, task.n - 1))


@effect("heal-all-damage")
def _heal_all(game: Game, fid: str, ability: Ability) -> None:
    """Lay on Hands: one adjacent ally heals all its damage (a heal: poison still blocks it)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in fx.flags(ability) if n.startswith("affects-")), "affects-ally-adjacent")
    ids, _ = _allies_in(game, f, who)
    ids = [i for i in ids if i != fid]
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("cls_pick", fid, 1, f"heal-all|{';'.join(ids)}|{ability}"))


# ------------------------------------------------------------------ items


_SLOTS = {"small": ("small",), "hands": ("one-hand", "two-hands")}


@effect("refresh-items")
def _refresh_items(game: Game, fid: str, ability: Ability) -> None:
    """Restock, Oversized Pack, Reserved Energy, Reforge: refresh spent and/or consumed items
    (of some slots) of the performer, of one ally it picks, or of every ally named; one item
    each (the owner choosing which) or all of them."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    whos = [n for n in fx.flags(ability) if n.startswith("affects-")] or ["affects-self"]
    ids: list[str] = []
    pick = len(whos) > 1
    for who in whos:
        found, one = _allies_in(game, f, who)
        ids += [i for i in found if i not in ids and i in game.state.characters]
        pick = pick or one
    if not ids:
        game.emit("no-target", fid)
        return
    if pick:
        game.push(Task("cls_pick", fid, 1, f"refresh|{';'.join(ids)}|{ability}"))
        return
    for cid in reversed(ids):
        _refresh_for(game, cid, ability)


def refreshable(game: Game, cid: str, ability: Ability) -> list[int]:
    """The items of ``cid`` the refresh ability may refresh now (by number)."""
    from delvekit.gloomhaven.items import play as items_play

    notes = fx.flags(ability)
    states = {s for s in ("spent", "consumed") if s in notes}
    slots = {slot for word, names in _SLOTS.items() if word in notes for slot in names}
    ch = game.state.characters.get(cid)
    if ch is None:
        return []
    return sorted(
        n
        for n, item in items_play.items_of(game, cid).items()
        if ch.items.get(n) in states and (not slots or item.slot in slots)
    )


def _refresh_for(game: Game, cid: str, ability: Ability) -> None:
    from delvekit.gloomhaven.items import play as items_play

    if "all" in fx.flags(ability):
        for n in refreshable(game, cid, ability):
            items_play.refresh(game, cid, n)
        return
    count = fx.flag_number(ability, "target-", 1)
    game.push(Task("cls_refresh", cid, count, str(ability)))


def _run_refresh(game: Game, task: Task) -> Decision | None:
    found = refreshable(game, task.who, Ability.parse(task.text)) if task.n > 0 else []
    if not found:
        game.pop_task()
        return None
    return Decision(task.who, "refresh", [*(Choice("refresh", (str(n),)) for n in found), Choice("done")])


def _apply_refresh(game: Game, task: Task, choice: Choice) -> None:
    from delvekit.gloomhaven.items import play as items_play

    game.pop_task()
    if choice.kind == "done":
        return
    items_play.refresh(game, task.who, int(choice.args[0]))
    if task.n > 1:
        game.push(Task("cls_refresh", task.who, task.n - 1, task.text))


def item_attack_bonus(game: Game, f: Figure) -> int:
    """Proficiency: +N to every attack of an attack action during which the character used
    an item."""
    holders = _holders(game, f.id, "item-use-attack-bonus")
    if not holders:
        return 0
    since = fx._events_since(game, "action", f.id)
    if not any(kind == "item-used" and args and args[0] == f.id for kind, args in since):
        return 0
    return sum(p.value for _, a in holders for p in fx.parts(a, "attack"))


# ---------------------------------------------------------- push and pull


@effect("shove-range")
def _shove_range(game: Game, fid: str, ability: Ability) -> None:
    """Scroll of Recall: Pull (or Push) N on up to T enemies within range, in sight."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    reach = fx.flag_number(ability, "range-", 1)
    enemies = [
        g
        for g in game.state.figures.values()
        if actions._hostile(f, g) and Condition.INVISIBLE not in g.conditions
    ]
    ids = sorted(g.id for g in fx._in_reach(game, f, reach, enemies))
    if not ids:
        game.emit("no-target", fid)
        return
    count = fx.flag_number(ability, "target-", 1)
    game.push(Task("cls_pick", fid, count, f"shove|{';'.join(ids)}|{ability}"))


# ------------------------------------------------------------- enemies in range


def _enemies_in_reach(game: Game, f: Figure, reach: int) -> list[str]:
    enemies = [
        g
        for g in game.state.figures.values()
        if actions._hostile(f, g) and Condition.INVISIBLE not in g.conditions
    ]
    return sorted(g.id for g in fx._in_reach(game, f, reach, enemies))


@effect("afflict-range")
def _afflict_range(game: Game, fid: str, ability: Ability) -> None:
    """Disorienting Flash: conditions on up to ``target`` enemies within range, in sight."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    ids = _enemies_in_reach(game, f, fx.flag_number(ability, "range-", 1))
    if not ids:
        game.emit("no-target", fid)
        return
    count = fx.flag_number(ability, "target-", 1)
    game.push(Task("cls_pick", fid, count, f"afflict|{';'.join(ids)}|{ability}"))


@effect("damage-enemies")
def _damage_enemies(game: Game, fid: str, ability: Ability) -> None:
    """Scroll of Judgment: every enemy within range (in sight) suffers the damage."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in fx.flags(ability) if n.startswith("affects-")), "affects-enemies-range-1")
    reach = int(who.rsplit("-", 1)[1]) if who.rsplit("-", 1)[-1].isdigit() else 1
    amount = sum(p.value for p in fx.parts(ability, "suffer"))
    ids = _enemies_in_reach(game, f, reach)
    if not ids:
        game.emit("no-target", fid)
    for tid in reversed(ids):
        game.suffer_damage(tid, amount, "suffer")


# ---------------------------------------------------------- allies perform


@effect("allies-perform")
def _allies_perform(game: Game, fid: str, ability: Ability) -> None:
    """Mobilizing Axiom: every ally named (within range) may perform the parts (each move may
    stop at once)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in fx.flags(ability) if n.startswith("affects-")), "affects-allies")
    ids, _ = _allies_in(game, f, who)
    ids = [i for i in ids if i != fid]
    if not ids:
        game.emit("no-target", fid)
        return
    xp = sum(p.value for p in fx.parts(ability, "xp"))
    if "xp-per-attack" in fx.flags(ability) and xp:  # counted once every ally has acted
        game.push(Task("cls_xp_attacks", fid, len(game.events), f"{xp}|{';'.join(ids)}"))
    for aid in reversed(ids):  # the first ally acts first
        fx._ally(game, fid, aid, ability)


@effect("ally-extra-turn")
def _extra_turn(game: Game, fid: str, ability: Ability) -> None:
    """Unwavering Mandate: an adjacent ally may at once take an extra turn, playing two cards
    from its hand (its own cards of this round wait until that turn is over)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in fx.flags(ability) if n.startswith("affects-")), "affects-ally-adjacent")
    count = fx.flag_number(ability, "target-", 2)
    ids = [
        i
        for i in _allies_in(game, f, who)[0]
        if i != fid and i in game.state.characters and len(game.state.characters[i].hand) >= count
    ]
    if not ids:
        game.emit("no-target", fid)
        return
    game.push(Task("cls_pick", fid, 1, f"extra-turn|{';'.join(ids)}|{ability}"))


def _run_extra_select(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters.get(task.who)
    if ch is None or ch.exhausted or len(ch.hand) < 2:
        game.pop_task()
        return None
    pairs = [(a, b) for i, a in enumerate(ch.hand) for b in ch.hand[i + 1 :]]
    return Decision(task.who, "extra-turn", [*(Choice("select", p) for p in pairs), Choice("skip")])


def _apply_extra_select(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "extra-turn")
        return
    ch = game.state.characters[task.who]
    saved = f"{';'.join(ch.selected)}|{ch.used_half or '-'}|{int(ch.long_rest)}|{ch.lead or '-'}"
    for card in choice.args:
        ch.hand.remove(card)
    ch.set_aside += ch.selected  # its own cards of this round wait, still counted as its cards
    ch.selected, ch.used_half, ch.long_rest = list(choice.args), None, False
    game.emit("extra-turn", task.who, *choice.args)
    game.push(Task("char_turn", task.who), Task("cls_extra_restore", task.who, 0, saved))


def _run_extra_restore(game: Game, task: Task) -> Decision | None:
    """After the extra turn: the ally's own cards of this round are its selection again."""
    game.pop_task()
    ch = game.state.characters.get(task.who)
    if ch is None or ch.exhausted:
        return None
    selected, used_half, long_rest, lead = task.text.split("|")
    ch.discard += ch.selected  # a card the extra turn left unplayed (never both halves skipped)
    ch.selected = [c for c in selected.split(";") if c]
    for card in ch.selected:
        ch.set_aside.remove(card)
    ch.used_half = None if used_half == "-" else used_half
    ch.long_rest = long_rest == "1"
    ch.lead = None if lead == "-" else lead
    return None


def _run_xp_attacks(game: Game, task: Task) -> Decision | None:
    """Inspiring Sanctity: XP for each ally that made its attack."""
    game.pop_task()
    xp, ids = task.text.split("|")
    allies = set(ids.split(";"))
    made = {e.args[0] for e in game.events[task.n :] if e.kind == "attack" and e.args and e.args[0] in allies}
    ch = game.state.characters.get(task.who)
    if made and ch is not None:
        ch.xp += int(xp) * len(made)
        game.emit("xp", task.who, int(xp) * len(made))
    return None


@effect("summons-move")
def _summons_move(game: Game, fid: str, ability: Ability) -> None:
    """Jet Propulsion: every summoned ally within range moves its own Move plus the bonus, the
    player choosing the path."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    plus = fx.flag_number(ability, "move-plus-")
    who = next((n for n in fx.flags(ability) if n.startswith("affects-")), "affects-allies-range-1")
    ids, _ = _allies_in(game, f, who)
    summons = [i for i in ids if game.state.figures[i].kind == "summon"]
    if not summons:
        game.emit("no-target", fid)
        return
    for sid in reversed(summons):
        s = game.state.figures[sid]
        if Condition.IMMOBILIZE in s.conditions or Condition.STUN in s.conditions:
            continue
        stats = game.state.summon_stats.get(sid, (0, 0, 0))
        game.emit("ally-performs", sid, f"for={fid}")
        game.push(Task("move", sid, stats[0] + plus, "0/walk/s"))


# ------------------------------------------------------------- kill in an area

_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@effect("kill-in-area")
def _kill_in_area(game: Game, fid: str, ability: Ability) -> None:
    """Disintegration Beam: the player turns the line of hexes from the performer; every enemy
    in it (in sight) with at most the hit points named is killed, XP for each. Bosses are not
    killed by such wordings (our reading)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    length = fx.flag_number(ability, "line-", 1)
    sight = sight_for(board, game.tables.ruleset.los)
    on = {g.hex: g for g in game.state.figures.values() if actions._hostile(f, g)}
    options: list[tuple[str, ...]] = []
    for dq, dr in _DIRECTIONS:
        line = [(f.hex[0] + k * dq, f.hex[1] + k * dr) for k in range(1, length + 1)]
        hit = tuple(
            sorted(on[h].id for h in line if h in board.hexes and h in on and sight.visible(f.hex, h))
        )
        if hit and hit not in options:
            options.append(hit)
    if not options:
        game.emit("no-target", fid)
        return
    game.push(Task("cls_kill_area", fid, 0, f"{'/'.join(';'.join(o) for o in options)}|{ability}"))


def _run_kill_area(game: Game, task: Task) -> Decision | None:
    options = [o.split(";") for o in task.text.split("|", 1)[0].split("/")]
    return Decision(task.who, "area", [*(Choice("area", tuple(o)) for o in options), Choice("skip")])


def _apply_kill_area(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "area")
        return
    ability = Ability.parse(task.text.split("|", 1)[1])
    most = fx.flag_number(ability, "max-hit-points-")
    xp = sum(p.value for p in fx.parts(ability, "xp"))
    for tid in choice.args:
        target = game.state.figures.get(tid)
        if target is None or target.rank == "boss" or target.hp > most:
            continue
        fx._kill(game, task.who, tid)
        if xp and task.who in game.state.characters:
            game.state.characters[task.who].xp += xp
            game.emit("xp", task.who, xp)


# ------------------------------------------------------------------ traps


@effect("disarm-trap")
def _disarm_trap(game: Game, fid: str, ability: Ability) -> None:
    """Tinkerer's Tools: remove one trap on an adjacent hex (the player picks)."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return
    found = sorted(h for h in board.links.get(f.hex, ()) if board.terrain_at(h) is Terrain.TRAP)
    if not found:
        game.emit("no-target", fid)
        return
    game.push(Task("cls_disarm", fid, 0, ";".join(actions.hex_token(h) for h in found)))


def _run_disarm(game: Game, task: Task) -> Decision | None:
    return Decision(
        task.who, "disarm", [*(Choice("disarm", (h,)) for h in task.text.split(";")), Choice("skip")]
    )


def _apply_disarm(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "disarm")
        return
    st = game.state
    h = actions.parse_hex(choice.args[0])
    if h in st.created_traps:
        st.created_traps = {k: v for k, v in st.created_traps.items() if k != h}
    else:
        st.sprung = st.sprung | {h}
    game.emit("trap-disarmed", task.who, choice.args[0])


@effect("create-trap")
def _create_trap(game: Game, fid: str, ability: Ability) -> None:
    """A trap on an empty adjacent hex the player picks (none: nothing happens)."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    free = sorted(fx._empty_adjacent(game, f))
    if not free:
        game.emit("no-hex", fid, "trap")
        return
    spots = ";".join(actions.hex_token(h) for h in free)
    game.push(Task("cls_trap", fid, 0, f"{spots}|{ability}"))


def _run_trap(game: Game, task: Task) -> Decision | None:
    spots = task.text.split("|", 1)[0].split(";")
    taken = {actions.hex_token(g.hex) for g in game.state.figures.values()}
    free = [s for s in spots if s not in taken]
    if not free:
        game.pop_task()
        return None
    return Decision(task.who, "trap", [*(Choice("place", (s,)) for s in free), Choice("skip")])


def _apply_trap(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "trap")
        return
    st = game.state
    ability = Ability.parse(task.text.split("|", 1)[1])
    h = actions.parse_hex(choice.args[0])
    damage = sum(p.value for p in ability.then if p.kind == "suffer")
    conditions = [f"with={p.condition.value}" for p in ability.then if p.condition is not None]
    xp = sum(p.value for p in ability.then if p.kind == "xp")
    st.created_traps = {**st.created_traps, h: damage}
    st.sprung = st.sprung - {h}
    extra = [*conditions, *([f"xp={xp}"] if xp else [])]
    game.emit("trap-created", task.who, choice.args[0], f"damage={damage}", *extra)


def trap_sprung(game: Game, f: Figure, h: tuple[int, int]) -> None:
    """A figure sprang the trap on ``h`` (called before its damage): a trap a character
    created adds its conditions, and its XP goes to its owner when an enemy springs it."""
    token = actions.hex_token(h)
    from delvekit.gloomhaven.effects.classes import (
        doomstalker as effects_doomstalker,  # Detonation's damage around the trap
    )

    effects_doomstalker.trap_sprung(game, f, h)
    for e in reversed(game.events):
        if e.kind == "trap-created" and len(e.args) > 1 and e.args[1] == token:
            owner = game.state.figures.get(e.args[0])
            for arg in e.args[3:]:
                if arg.startswith("with="):
                    game.add_condition(f.id, Condition(arg.removeprefix("with=")))
                elif arg.startswith("xp=") and owner is not None and actions._hostile(owner, f):
                    gain = int(arg.removeprefix("xp="))
                    game.state.characters[owner.id].xp += gain
                    game.emit("xp", owner.id, gain, "trap")
            return


# ------------------------------------------------------- active-area bonuses


@effect(
    "retaliate-on-melee-attacked",
    "move-modifier",
    "next-heals-bonus",
    "infuse-at-turn-end-unless-strong",
    "item-use-attack-bonus",
    "at-turn-end",
    "attack-modifier",
    "next-attacks-bonus",
    "refresh-at-round-end",
    "refresh-on-long-rest",
    "adjacent-allies-ranged-attacks-add-target",
    "consume-on-attack",
    "ignore-shields-this-round",
    "take-ally-damage",
    "shield-allies",
)
def _passive(game: Game, fid: str, ability: Ability) -> None:
    """Bonuses that act from the active area (see the module docstring)."""
    game.emit("bonus", fid, ability.note)


def _spend(game: Game, cid: str, index: int) -> None:
    """Advance the use token of active card ``index`` (its slot's XP; the last slot sends the
    card to its pile)."""
    ch = game.state.characters[cid]
    active = ch.active[index]
    half = _half(game, cid, active.card, active.half)
    used = active.used + 1
    if used <= len(half.use_xp) and half.use_xp[used - 1]:
        ch.xp += half.use_xp[used - 1]
        game.emit("xp", cid, half.use_xp[used - 1])
    if half.uses and used >= half.uses:
        del ch.active[index]
        (ch.lost if active.lost else ch.discard).append(active.card)
        game.emit("card", cid, active.card, "lost" if active.lost else "discard")
    else:
        ch.active[index] = msgspec.structs.replace(active, used=used)


def _holders(game: Game, cid: str, note: str) -> list[tuple[int, Ability]]:
    """(active card index, ability) of ``cid``'s active cards with the named effect."""
    if cid not in game.state.characters:
        return []
    return [(i, a) for i, _, half in fx._active_halves(game, cid) for a in fx._named_in(half, note)]


def move_bonus(game: Game, fid: str) -> int:
    """What the active area adds to (or takes from) a move ability of ``fid`` (Defensive
    Stance: −1), and what allies gave it this round (Supportive Chant: +2)."""
    total = 0
    for _, a in _holders(game, fid, "move-modifier"):
        total += fx.flag_number(a, "move-plus-") - fx.flag_number(a, "move-minus-")
    if fx._in_play(game, "move-bonus-this-round"):
        total += sum(
            int(args[1].removeprefix("+"))
            for kind, args in fx._this_round(game)
            if kind == "round-move-bonus" and args[0] == fid
        )
    return total


@effect("move-bonus-this-round")
def _move_bonus_this_round(game: Game, fid: str, ability: Ability) -> None:
    """Supportive Chant: the allies named add the bonus to their move abilities this round."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in fx.flags(ability) if n.startswith("affects-")), "affects-allies")
    ids, _ = _allies_in(game, f, who)
    n = fx.flag_number(ability, "move-plus-")
    for aid in ids:
        game.emit("round-move-bonus", aid, f"+{n}", f"by={fid}")


def strike_extra(game: Game, f: Figure, target: Figure, out: fx.StrikeBonus, extras: str = "") -> None:
    """What the character's active area adds to one attack: Proficiency (an item used in the
    action), Scales of Justice (−1), Angelic Ascension (+3, wound and advantage on the next
    attack actions, one use slot per action)."""
    if f.kind != "character":
        return
    from delvekit.gloomhaven.effects.classes import spellweaver as effects_spellweaver  # Crackling Air

    effects_spellweaver.strike_extra(game, f, out)
    used_item = item_attack_bonus(game, f)
    if used_item:
        out.attack += used_item
        out.why.append(f"item-used+{used_item}")
    for _, a in _holders(game, f.id, "attack-modifier"):
        n = sum(p.value for p in fx.parts(a, "attack"))
        out.attack += n
        out.why.append(f"modifier{n:+d}")
    _next_attacks(game, f, out)
    if _holders(game, f.id, "ignore-shields-this-round"):  # Portable Ballista
        out.pierce += 99
        out.why.append("ignore-shields")
    paid = next((t[5:] for t in extras.split(",") if t.startswith("augc=")), "-")
    for i, a in _holders(game, f.id, "consume-on-attack"):
        _, element, bought = _split(a)
        if element == paid or (element == "wild" and paid != "-"):  # Weapon of Purity, Formless Power
            _apply_bonus(Ability(kind="custom", note="bought", then=tuple(bought)), out)
            out.xp += sum(p.value for p in bought if p.kind == "xp")
            game.emit("attack-action-bonus", f.id, f"consumed={element}")
            active = game.state.characters[f.id].active[i]
            if _half(game, f.id, active.card, active.half).uses:  # Foul Wind: one use slot
                _spend(game, f.id, i)
                break
        elif _action_bonus_paid(game, f):  # a later target of the same attack action
            _apply_bonus(Ability(kind="custom", note="bought", then=tuple(bought)), out)


def _action_bonus_paid(game: Game, f: Figure) -> bool:
    since = fx._events_since(game, "action", f.id)
    return any(kind == "attack-action-bonus" and args and args[0] == f.id for kind, args in since)


def attack_consumption(game: Game, f: Figure) -> Element | None:
    """Weapon of Purity: the element a character may consume during its attack, if it can."""
    if f.kind != "character" or _action_bonus_paid(game, f):
        return None
    for _, a in _holders(game, f.id, "consume-on-attack"):
        element = _split(a)[1]
        if element == "wild" and game.state.elements.consumable():  # Formless Power
            return game.state.elements.consumable()[0]
        if (
            element is not None
            and element != "wild"
            and game.state.elements.can_consume(Element.parse(element))
        ):
            return Element.parse(element)
    return None


def attack_consumption_offers(game: Game, f: Figure, offer: Element) -> list[Element]:
    """The elements the player may consume for this attack: every Strong or Waning one when an
    active card takes any element (Formless Power), else ``offer``."""
    if f.kind == "character" and not _action_bonus_paid(game, f):
        for _, a in _holders(game, f.id, "consume-on-attack"):
            if _split(a)[1] == "wild" and offer in game.state.elements.consumable():
                return game.state.elements.consumable()
    return [offer]


@effect("attackers-disadvantaged-this-round")
def _radiance(game: Game, fid: str, ability: Ability) -> None:
    """Engulfing Radiance: attacks on the figures named (you and your allies within range, when
    performed) have disadvantage this round."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in fx.flags(ability) if n.startswith("affects-")), "affects-self")
    ids, _ = _allies_in(game, f, who)
    game.emit("radiance", fid, *ids)


def attackers_disadvantaged(game: Game, target: Figure) -> bool:
    """Whether attacks on ``target`` have disadvantage this round (Engulfing Radiance)."""
    if not fx._in_play(game, "attackers-disadvantaged-this-round"):
        return False
    return any(kind == "radiance" and target.id in args[1:] for kind, args in fx._this_round(game))


def _next_attacks(game: Game, f: Figure, out: fx.StrikeBonus) -> None:
    holders = _holders(game, f.id, "next-attacks-bonus")
    if not holders:
        return
    since = fx._events_since(game, "action", f.id)
    marked = {args[1] for kind, args in since if kind == "next-attack-bonus" and args[0] == f.id}
    ch = game.state.characters[f.id]
    for i, a in reversed(holders):
        card = ch.active[i].card
        if card not in marked:  # the first attack of this action: one use slot
            game.emit("next-attack-bonus", f.id, card)
            _spend(game, f.id, i)
        _apply_bonus(a, out)
    for card in marked - {ch.active[i].card for i, _ in holders if i < len(ch.active)}:
        for half in (game.card(f.id, card).top, game.card(f.id, card).bottom):
            for a in fx._named_in(half, "next-attacks-bonus"):
                _apply_bonus(a, out)  # its last slot was spent earlier in this action


def _apply_bonus(a: Ability, out: fx.StrikeBonus) -> None:
    for p in a.then:
        if p.kind == "attack":
            out.attack += p.value
            out.why.append(f"next-attacks+{p.value}")
        elif p.kind == "condition" and p.condition is not None:
            out.adds.append(p.condition)
        elif p.kind == "custom" and p.note == "advantage":
            out.advantage = True


def heal_bonus(game: Game, fid: str) -> int:
    """What the active area adds to a heal ability of ``fid`` (Potent Potables: +2, spending a
    use slot for each heal ability)."""
    total = 0
    for i, a in reversed(_holders(game, fid, "next-heals-bonus")):
        n = fx.flag_number(a, "heal-plus-")
        total += n
        game.emit("bonus", fid, "heal", n, f"by={game.state.characters[fid].active[i].card}")
        _spend(game, fid, i)
    return total


def melee_attacked(game: Game, attacker: Figure, target: Figure) -> None:
    """A monster starts a melee attack on ``target``: its "on the next melee attacks targeting
    you, gain Retaliate N" card spends a use slot and gives that retaliate for this attack
    (removed again once the attack and its after-effects are done)."""
    if target.kind != "character" or attacker.kind != "monster" or attacker.rank is None:
        return
    if game.tables.types[attacker.name].stats(attacker.rank).range > 0:
        return
    holders = _holders(game, target.id, "retaliate-on-melee-attacked")
    if not holders:
        return
    amount = 0
    for i, a in reversed(holders):
        amount += sum(p.value for p in fx.parts(a, "retaliate"))
        _spend(game, target.id, i)
    if amount:
        game.push(Task("cls_unretaliate", target.id, amount))  # runs after this attack's steps
        target.retaliate_bonus += amount
        game.emit("bonus", target.id, "retaliate", amount, "melee-attacked")


def _run_unretaliate(game: Game, task: Task) -> Decision | None:
    game.pop_task()
    f = game.state.figures.get(task.who)
    if f is not None:
        f.retaliate_bonus = max(0, f.retaliate_bonus - task.n)
    return None


def _turn_end(game: Game, f: Figure) -> None:
    """Beacon of Light: at the end of your turn, infuse the element unless it is Strong (or
    already infused this turn); each infusion spends a use slot. Auto Turret, Fortified
    Position, Gas Canister: at the end of each of your turns, perform the parts (a use slot
    each)."""
    for i, a in reversed(_holders(game, f.id, "at-turn-end")):
        _spend(game, f.id, i)
        _at_turn_end(game, f.id, a)
    for i, a in reversed(_holders(game, f.id, "infuse-at-turn-end-unless-strong")):
        for note in fx.flags(a):
            if not note.startswith("infuse-"):
                continue
            element = Element.parse(note.removeprefix("infuse-"))
            elements = game.state.elements
            if elements[element] is Strength.STRONG or element in elements.pending:
                continue
            game.infuse(element)
            _spend(game, f.id, i)


def _at_turn_end(game: Game, fid: str, ability: Ability) -> None:
    items = list(ability.then)
    notes = _flags(items)
    if "pay-discard-1" in notes:  # Continual Supply: you may discard a card for the parts
        game.push(Task("cls_pay", fid, 1, str(ability)))
        return
    if any(n.startswith("ally-recovers-") for n in notes):
        pile = "pile-lost" if "ally-recovers-lost" in notes else "pile-discard"
        _recovers(game, fid, [Ability(kind="custom", note=pile), *items])
    elif any(p.kind == "heal" for p in items) and any(n.startswith("affects-") for n in notes):
        _to_allies(game, fid, items)
    for p in items:
        if p.kind == "attack":
            fx._perform_attack(game, fid, p)


def _run_pay(game: Game, task: Task) -> Decision | None:
    ch = game.state.characters.get(task.who)
    if ch is None or ch.exhausted or not ch.hand:
        game.pop_task()
        return None
    return Decision(task.who, "pay", [*(Choice("discard", (c,)) for c in ch.hand), Choice("skip")])


def _apply_pay(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    if choice.kind == "skip":
        game.emit("declined", task.who, "pay")
        return
    ch = game.state.characters[task.who]
    ch.hand.remove(choice.args[0])
    ch.discard.append(choice.args[0])
    game.emit("card", task.who, choice.args[0], "discard")
    rest = [p for p in Ability.parse(task.text).then if p.note not in ("pay-discard-1", "refresh-items")]
    _refresh_items(game, task.who, Ability(kind="custom", note="refresh-items", then=tuple(rest)))


def _long_rest_refresh(game: Game, f: Figure) -> None:
    """Refreshment: each time you long rest (this turn), refresh items as the card says."""
    holders = _holders(game, f.id, "refresh-on-long-rest")
    if not holders:
        return
    rested = any(
        kind == "long-rest" and args and args[0] == f.id
        for kind, args in fx._events_since(game, "turn", f.id)
    )
    if rested:
        for _, a in reversed(holders):
            _refresh_for(game, f.id, a)


def _round_end(game: Game, timing: str) -> None:
    """Reinforced Steel: at the end of the round, refresh items as the card says."""
    if timing != "end":
        return
    for cid in sorted(game.state.characters, reverse=True):
        for _, a in reversed(_holders(game, cid, "refresh-at-round-end")):
            _refresh_for(game, cid, a)


def extra_targets(game: Game, fid: str) -> int:
    """Quiver of Arrows: a ranged attack of a character next to an ally with the card active
    gains its extra targets."""
    f = game.state.figures.get(fid)
    board = game.board()
    if f is None or board is None:
        return 0
    total = 0
    for cid in game.state.characters:
        g = game.state.figures.get(cid)
        if cid == fid or g is None or not board.adjacent(f.hex, g.hex):
            continue
        for _, a in _holders(game, cid, "adjacent-allies-ranged-attacks-add-target"):
            total += fx.flag_number(a, "target-")
    return total


@effect("to-allies-moved-through")
def _to_allies_moved_through(game: Game, fid: str, ability: Ability) -> None:
    """Path of Glory: every ally whose hex you moved through in this action gets the parts."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    path = set(fx._moved(fx._events_since(game, "action", fid), fid))
    ids = sorted(
        g.id
        for g in game.state.figures.values()
        if g is not f and g.hex in path and not actions._hostile(f, g) and g.kind != "objective"
    )
    if not ids:
        game.emit("no-target", fid)
    for rid in ids:
        _give(game, fid, rid, list(ability.then))


TURN_END_HOOKS.append(_turn_end)
TURN_END_HOOKS.append(_long_rest_refresh)
ROUND_HOOKS.append(_round_end)


# ------------------------------------------------------------ no damage


@effect("negate-damage-this-round")
def _protect(game: Game, fid: str, ability: Ability) -> None:
    """Protective Blessing: the performer and the allies named suffer no damage this round."""
    f = game.state.figures.get(fid)
    if f is None:
        return
    who = next((n for n in fx.flags(ability) if n.startswith("affects-")), "affects-self")
    ids, _ = _allies_in(game, f, who) if who != "affects-self" else ([fid], False)
    game.emit("protected", fid, *ids)


def before_damage(game: Game, task: Task) -> bool:
    """Called before a damage task (``task.who`` suffers ``task.n``): ``True`` when this module
    took it over — Protective Blessing negates it; Divine Intervention first asks its owner
    whether to suffer it instead, reduced by 1."""
    f = game.state.figures.get(task.who)
    if f is None:
        return False
    if protected(game, f.id):
        game.pop_task()
        game.emit("negated", f.id, task.n, task.text, "protected")
        return True
    last = game.events[-1] if game.events else None
    if last is not None and last.kind == "intervene-declined" and last.args[:1] == (f.id,):
        return False  # asked already for this damage
    for cid in sorted(game.state.characters):
        owner = game.state.figures.get(cid)
        if cid == f.id or owner is None or actions._hostile(owner, f) or f.kind == "objective":
            continue
        if _holders(game, cid, "take-ally-damage"):
            game.pop_task()
            game.push(Task("cls_intervene", cid, task.n, f"{f.id}|{task.text}"))
            return True
    return False


def _run_intervene(game: Game, task: Task) -> Decision | None:
    target = task.text.split("|", 1)[0]
    if task.who not in game.state.figures or target not in game.state.figures:
        game.pop_task()
        if target in game.state.figures:
            game.push(Task("damage", target, task.n, task.text.split("|", 1)[1]))
        return None
    return Decision(task.who, "intervene", [Choice("intervene", (target,)), Choice("decline")])


def _apply_intervene(game: Game, task: Task, choice: Choice) -> None:
    game.pop_task()
    target, source = task.text.split("|", 1)
    if choice.kind == "intervene":
        reduced = max(0, task.n - 1)
        game.emit("intervened", task.who, target, task.n)
        game.push(Task("damage", task.who, reduced, "intervene"))
    else:
        game.emit("intervene-declined", target)
        game.push(Task("damage", target, task.n, source))


def ally_shield(game: Game, target: Figure) -> int:
    """Divine Intervention: shield from a character's "you and all allies" persistent card."""
    total = 0
    for cid in game.state.characters:
        owner = game.state.figures.get(cid)
        if owner is None or actions._hostile(owner, target):
            continue
        for _, a in _holders(game, cid, "shield-allies"):
            total += sum(p.value for p in fx.parts(a, "shield"))
    return total


def protected(game: Game, fid: str) -> bool:
    """Whether every source of damage to ``fid`` is negated this round (Protective Blessing,
    while its round card is in its owner's active area)."""
    if not fx._in_play(game, "negate-damage-this-round"):
        return False
    return any(kind == "protected" and fid in args[1:] for kind, args in fx._this_round(game))


for _kind, _run, _apply in (
    ("cls_consume", _run_consume, _apply_consume),
    ("cls_pick", _run_pick, _apply_pick),
    ("cls_recover", _run_recover, _apply_recover),
    ("cls_trap", _run_trap, _apply_trap),
    ("cls_refresh", _run_refresh, _apply_refresh),
    ("cls_disarm", _run_disarm, _apply_disarm),
    ("cls_recover_other", _run_recover_other, _apply_recover_other),
    ("cls_lose", _run_lose, _apply_lose),
    ("cls_pay", _run_pay, _apply_pay),
    ("cls_xp_attacks", _run_xp_attacks, None),
    ("cls_intervene", _run_intervene, _apply_intervene),
    ("cls_extra_select", _run_extra_select, _apply_extra_select),
    ("cls_extra_restore", _run_extra_restore, None),
    ("cls_kill_area", _run_kill_area, _apply_kill_area),
    ("cls_unretaliate", _run_unretaliate, None),
):
    task_handler(_kind, _run, _apply)
