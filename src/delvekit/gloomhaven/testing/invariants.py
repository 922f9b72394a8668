"""Invariants of a game in play, checked after every choice by random-play tests and fuzzers.

:func:`violations` returns human-readable problems (empty when the state is sound):

* no two figures on one hex (except a figure in the middle of its move or of a push/pull:
  crossing an ally, or jumping over anyone);
* every figure's health within 1..max (a figure at 0 is removed);
* each character's cards conserved across hand, discard, lost, active, selected and playing;
  an exhausted character has every card in its lost pile and no figure on the board;
* conditions are GH 1e conditions the figure is not immune to; elements valid;
* every monster on the board has a standee number of its type that is not also in the box;
  standee numbers are within the type's count;
* summons belong to a character on the board;
* items (§13): each character holds the state of exactly the items it brought; a passive item
  is never spent or consumed, a spent item is one that spends, a consumed one one that is
  consumed; use slots covered stay within the item's slots, all of them once it is used up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.payloads import ForceStep, MoveStep
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength
from delvekit.gloomhaven.model.setup import ItemSetup


def violations(game: Game) -> list[str]:
    st, setup = game.state, game.setup
    out: list[str] = []
    hexes = Counter(f.hex for f in st.figures.values())
    moving: dict[str, str] = {}
    for t in st.agenda:
        if t.kind in ("move", "force"):
            moving[t.who] = MoveStep.of(t).mode if t.kind == "move" else ForceStep.of(t).kind
    for h, n in hexes.items():
        if n > 1:
            here = [f for f in st.figures.values() if f.hex == h]
            mover = next((f for f in here if f.id in moving), None)
            allies = len({f.side for f in here}) == 1
            # mid-move, a walker may cross an ally's hex and a jumper or flier any figure's
            if not (n == 2 and mover is not None and (allies or moving[mover.id] in ("jump", "fly"))):
                out.append(f"two figures on hex {h}")
    for f in st.figures.values():
        if not 1 <= f.hp <= f.max_hp:
            out.append(f"{f.id}: health {f.hp} outside 1..{f.max_hp}")
        for c in f.conditions:
            # a stat line's immunity holds from the start; a character's comes from a card played
            # later and keeps what it already has (Careless Charge, docs/content.md)
            if not isinstance(c, Condition) or (c in f.immune and f.kind != "character"):
                out.append(f"{f.id}: invalid condition {c}")
        if f.kind == "monster":
            mtype = game.tables.types.get(f.name)
            if mtype is None or f.id != f"{f.name}#{f.standee}" or not 1 <= f.standee <= mtype.standees:
                out.append(f"{f.id}: bad standee number")
            elif f.standee in st.standees[f.name]:
                out.append(f"{f.id}: standee {f.standee} is also in the box")
        if f.kind == "summon" and (f.owner is None or f.owner not in st.figures):
            out.append(f"{f.id}: summon without a character on the board")
    for ch_setup in setup.party:
        ch = st.characters[ch_setup.id]
        owned = sorted(c.id for c in ch_setup.hand)
        if sorted(ch.all_cards()) != owned:
            out.append(f"{ch.id}: cards not conserved: {sorted(ch.all_cards())} != {owned}")
        if ch.exhausted and (ch.id in st.figures or len(ch.lost) + len(ch.set_aside) != len(owned)):
            out.append(f"{ch.id}: exhausted but still on the board or holding cards")
        if not ch.exhausted and ch.id not in st.figures:
            out.append(f"{ch.id}: not exhausted but has no figure")
        out += _item_problems(ch.id, ch_setup.items, ch.items, ch.item_uses)
    for e in Element:
        if not isinstance(st.elements[e], Strength):
            out.append(f"element {e.value}: bad state")
    return out


def _item_problems(
    cid: str, items: tuple[ItemSetup, ...], states: Mapping[int, str], uses: Mapping[int, int]
) -> list[str]:
    out: list[str] = []
    if set(states) != {i.number for i in items}:
        out.append(f"{cid}: item states {sorted(states)} for items {[i.number for i in items]}")
    for item in items:
        state, used = states.get(item.number, "unused"), uses.get(item.number, 0)
        if state != "unused" and state != item.use:
            out.append(f"{cid}: item {item.number} ({item.use}) is {state}")
        if not 0 <= used <= item.uses or (item.uses and (state != "unused") != (used == item.uses)):
            out.append(f"{cid}: item {item.number}: {used} of {item.uses} use slots, {state}")
    return out
