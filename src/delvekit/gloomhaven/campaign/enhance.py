"""Enhancements (§16.10): placement, the GH1e cost with every modifier, the per-class card limit."""

from __future__ import annotations

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign import tables as T
from delvekit.gloomhaven.campaign.effects import (
    POWER_OF_ENHANCEMENT,
    Ctx,
)
from delvekit.gloomhaven.campaign.queries import (
    card_pool,
    prosperity,
)
from delvekit.gloomhaven.campaign.state import Enhancement


def enhance(ctx: Ctx, a: A.Enhance) -> None:
    s = ctx.state
    ch = ctx.character(a.character)
    if POWER_OF_ENHANCEMENT not in s.global_achievements:
        raise IllegalChoice(f"enhancing needs the global achievement {POWER_OF_ENHANCEMENT!r}")
    card = ctx.catalog.card(ch.cls, a.card)
    if card is None:
        raise InputError(f"{ch.cls} has no card {a.card!r}", where="card")
    if card.name not in card_pool(ctx.catalog, ch):
        raise IllegalChoice(f"{card.name} is not in {ch.name}'s card pool")
    sticker = a.sticker.replace("+1 ", "").replace("-", "_").replace(" ", "_").lower()
    if sticker not in T.STICKERS:
        raise IllegalChoice(f"unknown sticker {a.sticker!r}; known: {', '.join(T.STICKERS)}")
    on_card = [e for e in s.enhancements.get(ch.cls, []) if e.card == card.name]
    on_action = [e for e in on_card if e.half == a.half and e.action_index == a.action_index]
    lines = card.top if a.half == "top" else card.bottom
    if lines is not None:
        if not 0 <= a.action_index < len(lines):
            raise IllegalChoice(f"{card.name} {a.half} has actions 0–{len(lines) - 1}")
        line = lines[a.action_index]
        multi, hexes = line.multi_target, line.hexes
        for given, known, field in ((a.multi_target, multi, "multi_target"), (a.hexes, hexes, "hexes")):
            if given is not None and given != known:
                raise IllegalChoice(f"{field}={given} contradicts the card ({known})")
        if sticker in T.PLUS_ONE_STICKERS and sticker not in line.stats:
            raise IllegalChoice(f"+1 {sticker} needs a line with a {sticker} value")
        if sticker in T.NEGATIVE_CONDITION_STICKERS and not line.enemies:
            raise IllegalChoice(f"{sticker} goes on a line that targets enemies")
        if sticker in T.POSITIVE_CONDITION_STICKERS and (not line.allies or "move" in line.stats):
            raise IllegalChoice(f"{sticker} goes on a line that affects the user or allies (not a move)")
        if sticker == "jump" and "move" not in line.stats:
            raise IllegalChoice("jump goes on a move line")
        if sticker == "attack_hex" and hexes < 1:
            raise IllegalChoice("an attack-hex sticker extends an area attack")
    else:
        if a.multi_target is None:
            raise IllegalChoice(f"{card.name}'s actions are not encoded: say multi_target=true|false")
        if sticker == "attack_hex" and a.hexes is None:
            raise IllegalChoice(f"{card.name}'s actions are not encoded: say hexes=N (area size)")
        multi, hexes = a.multi_target, a.hexes or 0
    hexes += sum(1 for e in on_action if e.sticker == "attack_hex")
    enhanced_cards = {e.card for e in s.enhancements.get(ch.cls, [])}
    if card.name not in enhanced_cards and len(enhanced_cards) >= prosperity(s):
        raise IllegalChoice(
            f"{ch.cls} already has {len(enhanced_cards)} enhanced card(s), "
            f"the limit at prosperity {prosperity(s)}"
        )
    cost = T.enhancement_cost(
        sticker, card_level=card.level, multi_target=multi, stickers_on_action=len(on_action), hexes=hexes
    )
    if ch.gold < cost:
        raise IllegalChoice(f"{ch.name} has {ch.gold} gold; this enhancement costs {cost}")
    ch.gold -= cost
    s.enhancements.setdefault(ch.cls, []).append(
        Enhancement(
            card=card.name,
            half=a.half,
            action_index=a.action_index,
            sticker=sticker,
            cost=cost,
            character=ch.name,
        )
    )
