"""The content adapter's side of the monster effects: how each special wording of the monster
cards of scenarios 1-10 is written as a named effect (delvekit.gloomhaven.content.adapter), and
that every name written has a handler in the registry."""

from __future__ import annotations

import pytest

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import GameSetup

PARTY = [Member("brute"), Member("mindthief")]
_SETUPS: dict[int, GameSetup] = {}


def card(scenario: int, deck: str, number: int) -> str:
    if scenario not in _SETUPS:
        _SETUPS[scenario] = setup_from_pack(load_pack(), scenario, PARTY)
    found = next(c for c in _SETUPS[scenario].decks[deck] if c.id == str(number))
    return " | ".join(str(a) for a in found.actions)


@pytest.mark.parametrize(
    ("scenario", "deck", "number", "written"),
    [
        (2, "archer", 538, "move -1 | attack -1 | custom create-trap-near-enemy then suffer:3"),
        (
            2,
            "living-corpse",
            564,
            "move 1 | "
            "custom affects-enemy-adjacent then condition:muddle then condition:immobilize"
        ),
        (
            2,
            "living-corpse",
            570,
            "move 0 | "
            "attack 1 | "
            "custom affects-enemies-adjacent then condition:poison"
        ),
        (4, "cultist", 609, "custom spawn then custom:living-bones.normal | suffer 2"),
        (
            4,
            "wind-demon",
            650,
            "custom affects-enemies-adjacent then push:1 | "
            "attack 0 consume earth boost range-2"
        ),
        (
            4,
            "earth-demon",
            636,
            "heal 3 | "
            "custom consume-earth earth then "
            "custom:affects-enemies-range:range:3:then:condition;immobilize"
        ),
        (
            5,
            "night-demon",
            666,
            "attack -1 | "
            "attack -1 pierce 2 | "
            "custom consume-light light then custom:curse"
        ),
        (
            5,
            "night-demon",
            667,
            "move 0 | "
            "attack -1 | "
            "custom affects-all-adjacent then suffer:1 | "
            "custom consume-wild then infuse:dark"
        ),
        (5, "living-bones", 522, "move 0 | custom one-target then attack:0"),
        (6, "living-spirit", 586, "move 0 | custom affects-enemies-range then custom:curse | infuse ice"),
        (
            7,
            "imp",
            683,
            "custom affects-allies-range range 2 then condition:strengthen | "
            "custom affects-enemies-range range 2 then condition:muddle"
        ),
        (7, "shaman", 594, "move -1 | custom affects-allies-adjacent then heal:1 | custom bless"),
        (
            10,
            "sun-demon",
            657,
            "move -1 | "
            "custom instead-consume-light light then attack:0:target:all:range:4 then attack:0:range:4"
        ),
        (
            10,
            "sun-demon",
            652,
            "custom instead-consume-light light then "
            "custom:affects-allies-range:range:3:then:heal;3 then "
            "heal:3:range:3"
        ),
        (2, "boss", 572, "custom spawn then custom:living-bones.normal"),
        (2, "boss", 575, "custom custom-move-to-next-door-and-reveal"),
        (8, "boss", 575, "move -1 | attack -1 area 0,1/1,0/1,1/0,2/2,0"),
        (9, "boss", 572, "custom spawn then custom:vermling-scout.normal then custom:vermling-scout.normal"),
        (
            9,
            "hound",
            542,
            "move 0 | "
            "custom attack-bonus-if-target-adjacent-to-its-allies then attack:0 then attack:2"
        ),
    ],
)
def test_monster_card_wordings_are_named_effects(
    scenario: int, deck: str, number: int, written: str
) -> None:
    assert card(scenario, deck, number) == written


def test_every_named_effect_the_adapter_writes_has_a_handler_and_round_trips() -> None:
    pack = load_pack()
    notes: set[str] = set()
    for n in range(1, 11):
        setup = setup_from_pack(pack, n, PARTY)
        for cards in setup.decks.values():
            for c in cards:
                for a in c.actions:
                    assert Ability.parse(str(a)) == a
                    notes |= {a.note} if a.kind == "custom" else set()
                    notes |= {p.note for p in a.then if p.kind == "custom" and "." not in p.note}
    assert notes and effects.missing(notes) == []


def test_spawn_counts_follow_the_party_size() -> None:
    three = setup_from_pack(load_pack(), 9, [*PARTY, Member("tinkerer")])
    spawn = next(c for c in three.decks["boss"] if str(c.actions[0]).startswith("custom spawn"))
    assert [p.note for p in spawn.actions[0].then] == ["vermling-scout.normal", "vermling-scout.elite"]
