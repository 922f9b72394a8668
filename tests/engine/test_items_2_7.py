"""§2.7 equipment limits: the items a party member brings into a scenario (by number, from the
content pack), the limits (one head, one body, one legs item; two one-hand items or one two-hands
item; small items up to half the level rounded up; one copy of an item per character; no more
copies in the party than the game has), the "−1" cards items add to the owner's modifier deck,
and each item's state in the game (§13: unused / spent / consumed)."""

from __future__ import annotations

import random

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game
from delvekit.gloomhaven.model.setup import GameSetup, ItemSetup, check_equipment

# item numbers of the bundled pack (GH 1e): slot, name
BOOTS, WINGED_SHOES, HEAVY_GREAVES = 1, 2, 22  # legs
HIDE_ARMOR, LEATHER_ARMOR, CHAINMAIL = 3, 4, 23  # body
GOGGLES, IRON_HELMET = 6, 7  # head
HEATER_SHIELD, POISON_DAGGER, BATTLE_AXE = 8, 11, 18  # one-hand
PIERCING_BOW = 9  # two-hands
HEALING, STAMINA, POWER = 12, 13, 14  # small


def _setup(brute_items: tuple[int, ...], level: int = 1, mt: tuple[int, ...] = ()) -> GameSetup:
    return setup_from_pack(load_pack(), 1, [Member("brute", level, brute_items), Member("mindthief", 1, mt)])


def _refused(match: str, brute_items: tuple[int, ...], level: int = 1, mt: tuple[int, ...] = ()) -> str:
    with pytest.raises(InputError, match=match) as info:
        _setup(brute_items, level, mt)
    return str(info.value)


def test_2_7_a_full_legal_loadout_is_accepted() -> None:
    s = setup_from_pack(
        load_pack(),
        1,
        [Member("brute", 1, (IRON_HELMET, LEATHER_ARMOR, BOOTS, HEATER_SHIELD, BATTLE_AXE, HEALING)),
         Member("mindthief", 1, (PIERCING_BOW,))],
    )  # fmt: skip
    brute, mindthief = s.party
    numbers = [IRON_HELMET, LEATHER_ARMOR, BOOTS, HEATER_SHIELD, BATTLE_AXE, HEALING]
    assert [i.number for i in brute.items] == numbers
    assert [i.slot for i in brute.items] == ["head", "body", "legs", "one-hand", "one-hand", "small"]
    assert brute.level == 1 and [i.slot for i in mindthief.items] == ["two-hands"]
    pack = load_pack()
    for it in brute.items:  # what the content encodes, carried over as is
        src = pack.items[it.number]
        expected = (src.name, src.use, src.uses, len(src.modifiers_added))
        assert (it.name, it.use, it.uses, it.minus_ones) == expected


@pytest.mark.parametrize(
    ("items", "slot"),
    [
        ((IRON_HELMET, GOGGLES), "head"),
        ((HIDE_ARMOR, LEATHER_ARMOR), "body"),
        ((BOOTS, WINGED_SHOES), "legs"),
    ],
)
def test_2_7_one_head_one_body_one_legs_item(items: tuple[int, int], slot: str) -> None:
    msg = _refused(f"one {slot} item at most", items)
    pack = load_pack()
    second, first = pack.items[items[1]], pack.items[items[0]]
    # names the member, the refused item, the item already in the slot and the rule
    assert msg.startswith("party.brute.items: brute cannot equip")
    assert f"item {second.number} {second.name}" in msg and f"item {first.number} {first.name}" in msg
    assert "(§2.7)" in msg


def test_2_7_hands_two_one_hand_items_or_one_two_hands_item() -> None:
    _refused("two one-hand items or one two-hands item", (HEATER_SHIELD, POISON_DAGGER, BATTLE_AXE))
    msg = _refused("two one-hand items or one two-hands item", (PIERCING_BOW, HEATER_SHIELD))
    assert "Heater Shield" in msg and "Piercing Bow (two-hands)" in msg
    _refused("two one-hand items or one two-hands item", (HEATER_SHIELD, PIERCING_BOW))
    _setup((HEATER_SHIELD, POISON_DAGGER))  # two one-hand items: fine
    _setup((PIERCING_BOW,))  # one two-hands item: fine


@pytest.mark.parametrize(("level", "allowed"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (9, 5)])
def test_2_7_small_items_up_to_half_the_level_rounded_up(level: int, allowed: int) -> None:
    small = [i.number for i in load_pack().items.values() if i.slot == "small"][: allowed + 1]
    s = setup_from_pack(load_pack(), 1, [Member("brute", level, tuple(small[:allowed])), Member("mindthief")])
    assert len(s.party[0].items) == allowed
    msg = _refused(f"{allowed} small items? at most at level {level}", tuple(small), level)
    assert f"item {small[-1]} " in msg


def test_2_7_no_two_copies_of_one_item_per_character() -> None:
    _refused("never owns two copies", (HEALING, HEALING), level=3)


def test_2_7_the_party_holds_no_more_copies_than_the_game_has() -> None:
    one_copy = next(i for i in load_pack().items.values() if i.count == 1 and i.slot == "legs")
    msg = _refused("2 characters bring it", (one_copy.number,), mt=(one_copy.number,))
    assert msg.startswith("party: ") and one_copy.name in msg and "has 1 copy" in msg
    _setup((HEALING,), mt=(HEALING,))  # four copies: two characters may each bring one


def test_2_7_unknown_item_number() -> None:
    msg = _refused("cannot bring item 9999: no such item", (9999,))
    assert msg.startswith("party.brute.items")


def _minus_ones(game: Game, who: str) -> int:
    deck = game.state.modifier_decks[who]
    return sum(1 for c in (*deck.draw_pile, *deck.discard) if str(c) == "-1")


def test_2_7_items_add_their_minus_one_cards_to_the_owners_deck() -> None:
    plain = Game(_setup(()), seed=4)
    armoured = Game(_setup((HIDE_ARMOR, HEAVY_GREAVES), mt=(CHAINMAIL,)), seed=4)
    assert len(plain.state.modifier_decks["brute"].draw_pile) == 20 and _minus_ones(plain, "brute") == 5
    # Hide Armor adds two -1 cards, Heavy Greaves one; Chainmail three to the Mindthief's deck
    assert len(armoured.state.modifier_decks["brute"].draw_pile) == 23 and _minus_ones(armoured, "brute") == 8
    assert _minus_ones(armoured, "mindthief") == 8
    assert len(armoured.state.modifier_decks[MONSTER_DECK].draw_pile) == 20


def test_2_7_item_state_is_kept_in_the_game_and_survives_clone_and_save() -> None:
    setup = _setup((HIDE_ARMOR, HEALING))
    game = Game(setup, seed=9)
    assert game.state.characters["brute"].items == {HIDE_ARMOR: "unused", HEALING: "unused"}
    assert game.state.characters["mindthief"].items == {}
    assert f"items={HIDE_ARMOR}:unused,{HEALING}:unused" in game.state.text()
    clone = game.clone()
    clone.state.characters["brute"].items[HEALING] = "consumed"
    assert game.state.characters["brute"].items[HEALING] == "unused"  # clones do not share it
    assert clone.digest() != game.digest()
    rnd = random.Random(2)
    for _ in range(30):
        assert game.decision is not None
        game.choose(game.decision.choices[rnd.randrange(len(game.decision.choices))])
    loaded = Game.load(game.save())
    assert loaded.setup.party[0].items == setup.party[0].items
    assert loaded.digest() == game.digest()


def test_2_7_a_game_without_items_keeps_its_state_text() -> None:
    game = Game(_setup(()), seed=1)
    assert "items=" not in game.state.text()


def test_2_7_hand_built_setups_are_checked_too() -> None:
    setup = _setup((BOOTS,))
    brute = setup.party[0]
    wings = ItemSetup(number=WINGED_SHOES, name="Winged Shoes", slot="legs")
    party = (msgspec.structs.replace(brute, items=(*brute.items, wings)), *setup.party[1:])
    bad = msgspec.structs.replace(setup, party=party)
    with pytest.raises(InputError, match=r"^setup 1\.party\.brute\.items: brute cannot equip item 2 Winged"):
        Game(bad, seed=1)
    # a save whose setup breaks the limits is refused with the same message
    text = Game(setup, seed=1).save()
    doc = msgspec.json.decode(text)
    doc["setup"]["party"][0]["items"].append({"number": WINGED_SHOES, "name": "Winged Shoes", "slot": "legs"})
    with pytest.raises(InputError, match="one legs item at most"):
        Game.load(msgspec.json.encode(doc).decode())


def test_2_7_check_equipment_on_its_own() -> None:
    def it(n: int, slot: str) -> ItemSetup:
        return ItemSetup(number=n, name=f"i{n}", slot=slot)  # type: ignore[arg-type]

    check_equipment("x", 3, [it(1, "head"), it(2, "body"), it(3, "legs"), it(4, "two-hands"), it(5, "small"),
                             it(6, "small")], "w")  # fmt: skip
    with pytest.raises(InputError, match=r"^w: x cannot equip item 7 i7: 2 small items at most at level 3"):
        check_equipment("x", 3, [it(5, "small"), it(6, "small"), it(7, "small")], "w")
