"""The items' registry and state (rules digest §13, §2.7, §2.8): which item effects the engine
knows (:data:`NAMED`, :data:`STRUCTURED`, :func:`unsupported`), each character's items and
their marks (``spent``, ``consumed``, use slots covered), refreshing them, and the start of the
scenario (the "−1" cards of armour in the owner's deck).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.modifiers import ModifierCard, parse_card
from delvekit.gloomhaven.model.setup import CharacterSetup, GameSetup, ItemEffect, ItemSetup

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game


# ------------------------------------------------------------------ registry

NAMED: dict[str, str] = {
    "advantage": "attack: the attack gains advantage",
    "attacker-disadvantage": "attacked: the attacker gains disadvantage",
    "enemy-double-is-zero": "attacked (passive): a x2 the attacker draws counts as +0",
    "ignore-shield": "attack: the targets' shield is ignored",
    "recover-discarded": "own turn: recover up to N discarded cards",
    "ally-recovers-discarded": "own turn: an ally within range recovers up to N discarded cards",
    "initiative-shift": "round start: initiative N lower or higher",
    "extra-small-items": "equipment: N more small items (§2.7)",
    "set-attack-area": "attack: a single-target attack becomes the area",
    "allies-in-area-suffer": "attack: allies next to the targets suffer the damage",
    "immune-forced-movement": "passive: enemies cannot push or pull you",
    "immune": "passive: immune to the conditions",
    "default-bottom-move": "passive: the basic Move 2 is Move N",
    "default-top-attack": "passive: the basic Attack 2 is Attack N",
    "play-card-top": "end of turn: play a hand card's top action",
    "play-card-bottom": "end of turn: play a hand card's bottom action",
    "extra-turn": "end of turn: play two hand cards and take another turn at the new initiative",
    "moved-at-most": "end of turn (passive): moved at most N hexes: the nested effect",
    "moved-at-least": "end of turn or melee attack (passive): moved at least N hexes: the effect",
    "negate-attack-damage": "damaged by an attack: suffer none of it",
    "obstacle-invisible-no-attack": "passive: may end a move on an obstacle; there invisible, no attacks",
    "melee-reach": "melee attack: a single target within range N",
    "adjacent-enemies-at-least": "passive: next to at least N enemies: the nested shield",
    "remove-negative-conditions": "own turn: remove N (or all) negative conditions",
    "deny-element-consume": "a monster would consume an element: it is consumed for nothing",
    "target-own-summon": "the heal targets one of your summons",
    "remove-minus-one-modifiers": "start: N -1 cards leave your modifier deck",
    "pay-damage": "attack: suffer the damage to gain the bonus",
    "focus-initiative": "passive: monsters focus as if your initiative were N",
    "muddle-becomes-strengthen": "passive: gaining muddle gives strengthen",
    "loot-upgrade": "loot: a Loot 1 ability becomes Loot N",
    "if-element-strong": "attacked (passive): with the element strong, the effect on the attacker",
    "target-attacker": "the effect targets the attacker",
    "versus-monsters": "attack: the bonus against undead (living bones, corpse, spirit)",
    "target-and-adjacent-enemies-suffer": "attack: the target and enemies next to it suffer N",
    "control-own-summon": "own turn: a summon of yours within range performs the move",
    "control-enemy": "own turn: an enemy within range performs the move, you controlling it",
    "ignore-difficult-hazardous": "passive: difficult and hazardous terrain are normal to you",
    "ignore-hazardous": "passive: hazardous terrain heals you instead of hurting",
    "disarm-traps": "own turn: every trap within range is removed",
    "mark-adjacent-enemy": "own turn: your attacks on an adjacent normal or elite enemy gain +N",
    "destroy-adjacent-obstacle": "own turn: an adjacent obstacle is removed",
    "redirect-attack": "attacked by an adjacent normal enemy: it attacks one of its allies",
}
"""Every named item effect the engine performs, with where it acts (docs/content.md)."""


STRUCTURED: frozenset[str] = frozenset(
    {
        "attack", "move", "range", "pierce", "shield", "retaliate", "heal", "loot", "push", "pull",
        "jump", "flying", "condition", "element", "affects", "summon", "refresh-item", "target",
        "area", "suffer-damage", "xp", "health",
    }
)  # fmt: skip
"""Content ability types the engine reads in item effects."""


UNDEAD = frozenset({"living-bones", "living-corpse", "living-spirit"})
"""The monster types Skullbane Axe's bonus counts against (docs/content.md)."""


ATTACK_TRIGGERS = frozenset({"attack", "melee-attack", "ranged-attack"})


def _walk(effects_: Iterable[ItemEffect]) -> Iterator[ItemEffect]:
    for e in effects_:
        yield e
        yield from _walk(e.then)


def unsupported(item: ItemSetup) -> list[str]:
    """The effect kinds of ``item`` the engine cannot perform (empty for every base-game item)."""
    return unsupported_effects(item.effects)


def unsupported_effects(effects_: Iterable[ItemEffect]) -> list[str]:
    """The effect kinds among ``effects_`` (nested parts included) the engine cannot perform."""
    out = [e.kind for e in _walk(effects_) if e.kind not in STRUCTURED and e.kind not in NAMED]
    return list(dict.fromkeys(out))


# ------------------------------------------------------------------ lookups

_ITEMS: dict[int, tuple[GameSetup, dict[str, dict[int, ItemSetup]], dict[str, frozenset[str]]]] = {}


def _cached(game: Game) -> tuple[dict[str, dict[int, ItemSetup]], dict[str, frozenset[str]]]:
    """(character id → item number → item, character id → every effect kind of its items),
    cached per setup (items never change during a scenario)."""
    setup = game.setup
    found = _ITEMS.get(id(setup))
    if found is None or found[0] is not setup:
        if len(_ITEMS) > 64:
            _ITEMS.clear()
        held = {ch.id: {i.number: i for i in ch.items} for ch in setup.party}
        kinds = {
            cid: frozenset(e.kind for i in items.values() for e in _walk(i.effects))
            for cid, items in held.items()
        }
        found = (setup, held, kinds)
        _ITEMS[id(setup)] = found
    return found[1], found[2]


def held_items(game: Game) -> dict[str, dict[int, ItemSetup]]:
    """Character id → item number → the item."""
    return _cached(game)[0]


def has_effect(game: Game, cid: str, kind: str) -> bool:
    """Whether any item of ``cid`` holds an effect ``kind`` (spent or not): a cheap first test."""
    kinds = _cached(game)[1].get(cid)
    return kinds is not None and kind in kinds


def items_of(game: Game, cid: str) -> dict[int, ItemSetup]:
    """The items character ``cid`` brought, by number."""
    return held_items(game).get(cid, {})


def is_ready(game: Game, cid: str, item: ItemSetup) -> bool:
    """Not spent or consumed (passive items always are)."""
    ch = game.state.characters.get(cid)
    if ch is None or ch.exhausted or cid not in game.state.figures:
        return False
    return ch.items.get(item.number, "unused") == "unused"


def ready_with(game: Game, cid: str, kind: str) -> list[ItemSetup]:
    """Ready items of ``cid`` with an effect ``kind`` anywhere in them."""
    if not has_effect(game, cid, kind):
        return []
    return [
        i
        for i in items_of(game, cid).values()
        if is_ready(game, cid, i) and any(e.kind == kind for e in _walk(i.effects))
    ]


def sub_effect(e: ItemEffect, kind: str) -> ItemEffect | None:
    """The first sub-effect of ``e`` of ``kind``, if any."""
    return next((s for s in e.then if s.kind == kind), None)


def sub_value(e: ItemEffect, kind: str, default: int = 0) -> int:
    """The value of ``e``'s sub-effect of ``kind`` (``default`` without one)."""
    s = sub_effect(e, kind)
    return s.value if s is not None else default


def mark_used(game: Game, cid: str, item: ItemSetup) -> None:
    """The item was used: one more use slot, or spent / consumed (§13); passive items only say so."""
    ch = game.state.characters[cid]
    state = "passive"
    if item.use in ("spent", "consumed"):
        state = "unused"
        if item.uses:
            ch.item_uses[item.number] = ch.item_uses.get(item.number, 0) + 1
            if ch.item_uses[item.number] >= item.uses:
                state = item.use
        else:
            state = item.use
        ch.items[item.number] = state  # type: ignore[assignment]  # unused/spent/consumed
    game.emit("item-used", cid, item.number, state)


def refresh(game: Game, cid: str, number: int) -> bool:
    """Refresh item ``number`` of ``cid`` (unused again, use slots cleared); ``False`` if it was
    not spent or consumed. What Tinkerer-style "refresh an item" effects call."""
    ch = game.state.characters.get(cid)
    if ch is None or ch.items.get(number) not in ("spent", "consumed"):
        return False
    ch.items[number] = "unused"
    ch.item_uses.pop(number, None)
    game.emit("item-refreshed", cid, number)
    return True


def refresh_spent(game: Game, cid: str) -> None:
    """A long rest refreshes every spent item (§4.2), not consumed ones."""
    ch = game.state.characters.get(cid)
    if ch is None:
        return
    for number, state in sorted(ch.items.items()):
        if state == "spent":
            refresh(game, cid, number)


def add_mark(game: Game, cid: str, mark: str) -> None:
    """Note ``mark`` on ``cid`` (an item effect waiting for its moment)."""
    ch = game.state.characters[cid]
    ch.item_marks = (*ch.item_marks, mark)


def item_marks(game: Game, cid: str, prefix: str) -> list[str]:
    """``cid``'s marks starting with ``prefix``."""
    ch = game.state.characters.get(cid)
    return [m for m in ch.item_marks if m.startswith(prefix)] if ch is not None else []


def drop_marks(game: Game, cid: str, prefix: str) -> None:
    """Forget ``cid``'s marks starting with ``prefix``."""
    ch = game.state.characters.get(cid)
    if ch is not None:
        ch.item_marks = tuple(m for m in ch.item_marks if not m.startswith(prefix))


# ------------------------------------------------------------------ setup


def start_deck(ch: CharacterSetup, deck: tuple[ModifierCard, ...]) -> tuple[ModifierCard, ...]:
    """The owner's modifier deck with its items' "−1" cards added (§2.7) and those Second Skin
    takes out removed."""
    deck = (*deck, *(parse_card("-1") for i in ch.items for _ in range(i.minus_ones)))
    remove = sum(
        sub_value(e, "target") for i in ch.items for e in i.effects if e.kind == "remove-minus-one-modifiers"
    )
    out: list[ModifierCard] = []
    for card in reversed(deck):
        if remove and str(card) == "-1":
            remove -= 1
            continue
        out.append(card)
    return tuple(reversed(out))


def start(game: Game) -> None:
    """Items at the start of the scenario: every item unused, immunities of passive items."""
    st = game.state
    for ch in game.setup.party:
        st.characters[ch.id].items = {item.number: "unused" for item in ch.items}
        immune = {
            Condition.parse(s.arg)
            for i in ch.items
            for e in i.effects
            if e.kind == "immune"
            for s in e.then
            if s.kind == "condition"
        }
        f = st.figures.get(ch.id)
        if immune and f is not None:
            f.immune = f.immune | frozenset(immune)
