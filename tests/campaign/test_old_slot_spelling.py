"""The item slots have one spelling, the content pack's (``one-hand``, ``two-hands``); campaign
content written with the old ``one_hand``/``two_hands`` still loads and is read as the new."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from delvekit.core.errors import IllegalChoice
from delvekit.gloomhaven.campaign.actions import action_from_object
from delvekit.gloomhaven.campaign.content import ItemInfo, decode_content
from delvekit.gloomhaven.campaign.rules import Campaign

from .fixture import content


def _old_campaign_content() -> bytes:
    """The campaign tests' content as a file written before the slots were unified."""
    raw: dict[str, Any] = msgspec.to_builtins(content())
    old = {"one-hand": "one_hand", "two-hands": "two_hands"}
    for item in raw["items"]:
        item["slot"] = old.get(item["slot"], item["slot"])
    return json.dumps(raw).encode()


@pytest.mark.parametrize(("old", "new"), [("one_hand", "one-hand"), ("two_hands", "two-hands")])
def test_an_item_with_the_old_slot_spelling_is_read_as_the_new(old: str, new: str) -> None:
    assert msgspec.convert({"number": 1, "cost": 10, "count": 1, "slot": old}, ItemInfo).slot == new
    assert msgspec.json.encode(msgspec.convert({"number": 1, "cost": 10, "count": 1, "slot": old}, ItemInfo))


def test_old_campaign_content_loads_and_its_hands_rule_still_holds() -> None:
    """Rules §2.7: two one-handed items or one two-handed item. Items read from a file with the
    old spellings count as hands items exactly as the new ones do."""
    data = _old_campaign_content()
    assert b'"one_hand"' in data and b'"two_hands"' in data
    catalog = decode_content(data)
    assert catalog == content()
    campaign = Campaign.new(catalog, seed=1)
    campaign.apply(action_from_object({"action": "new_party", "name": "The Lost"}))
    campaign.apply(action_from_object({"action": "create_character", "name": "Ana", "class": "brute"}))
    campaign.state.characters["Ana"].gold = 500
    for item in (8, 9, 11, 12):
        campaign.apply(action_from_object({"action": "buy", "character": "Ana", "item": item}))
    with pytest.raises(IllegalChoice, match="two one-handed items or one two-handed"):
        campaign.apply(action_from_object({"action": "equip", "character": "Ana", "items": [8, 9]}))
    campaign.apply(action_from_object({"action": "equip", "character": "Ana", "items": [8, 11, 12]}))
    assert campaign.state.characters["Ana"].equipped == [8, 11, 12]
