"""Modifier decks: the standard deck, perks, bless and curse, seeded shuffles."""

from __future__ import annotations

import json
import re
from collections import Counter

import msgspec
import pytest

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.core.rng import Rng
from delvekit.gloomhaven.model.modifier_deck import CardEffects, ModifierDeck, effects_of
from delvekit.gloomhaven.model.modifiers import (
    CURSE_LIMIT,
    ModifierCard,
    apply_perks,
    cards_of,
    deck_with_perks,
    monster_deck,
    parse_card,
    standard_deck,
)


def texts(cards: object) -> Counter[str]:
    return Counter(str(c) for c in cards)  # type: ignore[attr-defined]


def test_standard_deck_is_the_twenty_cards_of_section_2_8() -> None:
    expected = {"+0": 6, "+1": 5, "-1": 5, "+2": 1, "-2": 1, "x2": 1, "null": 1}
    assert texts(standard_deck()) == Counter(expected)
    assert texts(monster_deck()) == texts(standard_deck())
    assert [str(c) for c in standard_deck() if c.shuffles] == ["x2", "null"]


# The Brute's perk lines, in the content pack's shape (remove/add lists of card texts).
BRUTE_PERKS = [
    {"remove": ["-1", "-1"], "add": [], "count": 1},
    {"remove": ["-1"], "add": ["+1"], "count": 1},
    {"remove": [], "add": ["+1", "+1"], "count": 2},
    {"remove": [], "add": ["+3"], "count": 1},
    {"remove": [], "add": ["rolling +0 push 1"] * 3, "count": 2},
    {"remove": [], "add": ["rolling +0 pierce 3"] * 2, "count": 1},
]


def test_perks_remove_then_add_and_may_repeat() -> None:
    chosen = [BRUTE_PERKS[0], BRUTE_PERKS[1], BRUTE_PERKS[2], BRUTE_PERKS[2], BRUTE_PERKS[4]]
    deck = apply_perks(standard_deck(), chosen)
    assert texts(deck) == Counter(
        {"+0": 6, "+1": 10, "-1": 2, "+2": 1, "-2": 1, "x2": 1, "null": 1, "rolling +0 push 1": 3}
    )


class PerkRecord:
    """A perk given as a record (the content pack's type) rather than a mapping."""

    def __init__(self, remove: list[str], add: list[str]) -> None:
        self.remove, self.add = remove, add


def test_perks_as_records() -> None:
    deck = apply_perks(standard_deck(), [PerkRecord(["-2"], ["+0"])])
    assert texts(deck)["-2"] == 0 and texts(deck)["+0"] == 7


def test_perk_errors_name_the_perk_and_change_nothing() -> None:
    base = standard_deck()
    with pytest.raises(InputError, match=r"perk 2: cannot remove '-2'"):
        apply_perks(base, [{"remove": ["-2"]}, {"remove": ["-2"]}])
    with pytest.raises(InputError, match=r"perk 1: modifier card '\+1 zap': unknown word 'zap'"):
        apply_perks(base, [{"add": ["+1 zap"]}])
    with pytest.raises(InputError, match=r"perk 1: 'add' must be a list of card texts"):
        apply_perks(base, [{"add": "+1"}])
    with pytest.raises(InputError, match=r"perk 1: expected a card text, got int"):
        apply_perks(base, [{"add": [1]}])
    assert base == standard_deck()


def test_shuffle_is_seeded() -> None:
    a = ModifierDeck.shuffled(standard_deck(), Rng(42))
    b = ModifierDeck.shuffled(standard_deck(), Rng(42))
    c = ModifierDeck.shuffled(standard_deck(), Rng(43))
    assert a == b and a != c
    assert texts(a.draw_pile) == texts(standard_deck())


def test_draws_replay_from_the_seed() -> None:
    def play(seed: int) -> list[str]:
        rng = Rng(seed)
        deck = ModifierDeck.shuffled(standard_deck(), rng)
        out = []
        for turn in range(30):
            result, deck = deck.draw(rng, attack=3, advantage=turn % 3 == 1, disadvantage=turn % 3 == 2)
            out.append(str(result))
            if turn % 4 == 3:
                deck = deck.end_of_round(rng)
        return out

    assert play(9) == play(9)
    assert play(9) != play(10)


def test_cards_are_conserved_through_draws_and_rounds() -> None:
    rng = Rng(1)
    deck = ModifierDeck.shuffled(apply_perks(standard_deck(), [BRUTE_PERKS[4]]), rng)
    deck = deck.with_card(parse_card("bless"), rng).with_card(parse_card("curse"), rng)
    start = texts(deck.cards)
    removed: Counter[str] = Counter()
    for _ in range(40):
        result, deck = deck.draw(rng, attack=2, advantage=True)
        removed.update(str(c) for c in result.drawn if c.removed_when_drawn)
        deck = deck.end_of_round(rng)
        assert texts(deck.cards) + removed == start
    assert removed == Counter({"bless": 1, "curse": 1})


def test_curse_supply_limit() -> None:
    rng = Rng(0)
    deck = ModifierDeck.shuffled(monster_deck(), rng)
    for _ in range(CURSE_LIMIT):
        deck = deck.with_card(parse_card("curse"), rng)
    with pytest.raises(IllegalChoice, match="already holds 10 curse cards"):
        deck.with_card(parse_card("curse"), rng)
    assert deck.count("curse") == CURSE_LIMIT


def test_bless_goes_into_the_draw_pile_not_the_discards() -> None:
    rng = Rng(0)
    deck = ModifierDeck(draw_pile=cards_of(["+1"]), discard=cards_of(["+0", "-1"]))
    deck = deck.with_card(parse_card("bless"), rng)
    assert texts(deck.draw_pile) == Counter({"+1": 1, "bless": 1}) and len(deck.discard) == 2


def test_end_of_scenario_removes_bless_and_curse() -> None:
    rng = Rng(0)
    deck = ModifierDeck.shuffled(standard_deck(), rng).with_card(parse_card("curse"), rng)
    deck = deck.with_card(parse_card("bless"), rng)
    _, deck = deck.draw(rng, attack=1)
    assert texts(deck.end_of_scenario(rng).cards) == texts(standard_deck())


def test_deck_json_round_trips_and_bad_documents_name_the_field() -> None:
    rng = Rng(4)
    deck = ModifierDeck.shuffled(standard_deck(), rng).with_card(parse_card("curse"), rng)
    _, deck = deck.draw(rng, attack=2, advantage=True)
    data = deck.to_json()
    assert ModifierDeck.from_json(json.loads(json.dumps(data))) == deck
    bad = [
        ([], "save.amd: expected an object with draw_pile, discard, shuffle_pending"),
        ({"draw_pile": "+1"}, "save.amd.draw_pile: expected a list of card texts"),
        ({"draw_pile": ["+1", "+9 zap"]}, "save.amd.draw_pile[1]: modifier card '+9 zap': unknown word"),
        ({"discard": [3]}, "save.amd.discard[0]: expected a card text, got int"),
        ({"shuffle_pending": "yes"}, "save.amd.shuffle_pending: expected true or false"),
        ({"draw": []}, "save.amd: unknown field(s) draw"),
    ]
    for document, message in bad:
        with pytest.raises(InputError) as info:
            ModifierDeck.from_json(document, where="save.amd")
        assert str(info.value).startswith(message)


def test_msgspec_encoding_is_compact_and_validated() -> None:
    card = parse_card("rolling +0 push 1")
    assert msgspec.json.encode(card) == b'{"rolling":true,"push":1}'
    assert msgspec.json.decode(msgspec.json.encode(card), type=ModifierCard) == card
    with pytest.raises(InputError, match="only a \\+N/-N card can be rolling"):
        msgspec.json.decode(b'{"kind": "double", "rolling": true}', type=ModifierCard)


def test_effects_of_applied_cards() -> None:
    cards = cards_of(["rolling +0 heal 1 self", "rolling +0 heal 1 self", "rolling +0 pierce 3"])
    cards += cards_of(["rolling +0 add target", "+1 shield 1 self", "rolling +0 curse", "+0 refresh item"])
    effects = effects_of(cards)
    assert effects.heals_self == (1, 1)  # two separate heals (one removes poison, the other heals)
    assert (effects.pierce, effects.add_target, effects.shields_self) == (3, 1, (1,))
    assert effects.conditions == ("curse",) and effects.refresh_items == 1
    assert effects_of([]) == CardEffects()


def test_draw_effects_follow_the_cards_that_apply() -> None:
    # Disadvantage ignores a rolling card: its stun is not added.
    deck = ModifierDeck(draw_pile=cards_of(["rolling +0 stun", "+1 push 1"]))
    result, _ = deck.draw(Rng(0), attack=2, disadvantage=True)
    assert result.effects.conditions == () and result.effects.pushes == (1,)
    deck = ModifierDeck(draw_pile=cards_of(["rolling +0 stun", "+1 push 1"]))
    result, _ = deck.draw(Rng(0), attack=2, advantage=True)
    assert result.effects.conditions == ("stun",) and result.effects.pushes == (1,)


def test_deck_with_perks_checks_line_numbers_and_boxes() -> None:
    deck = deck_with_perks(BRUTE_PERKS, [1, 3, 3, 5])
    assert texts(deck)["rolling +0 push 1"] == 3 and texts(deck)["+1"] == 9 and len(deck) == 25
    assert deck_with_perks(BRUTE_PERKS, []) == standard_deck()
    for numbers, message in [
        ([0], "the Brute has 6 perk lines, there is no perk 0"),
        ([7], "the Brute has 6 perk lines, there is no perk 7"),
        ([True], "the Brute has 6 perk lines, there is no perk True"),
        ([4, 4], "perk 4 of the Brute can be taken 1 time(s), asked 2"),
        ([3, 3, 3], "perk 3 of the Brute can be taken 2 time(s), asked 3"),
    ]:
        with pytest.raises(InputError, match=f"^perks: {re.escape(message)}"):
            deck_with_perks(BRUTE_PERKS, numbers, owner="the Brute")  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^perks: Odd: perk 1: cannot remove '\+4'"):
        deck_with_perks([{"remove": ["+4"]}], [1], owner="Odd")
