"""Each refusal of a malformed ability, setup or choice/event record, one test per refusal: the
exact one-line message and the field (``where``) it names. (Until now only the slow fuzz tier
built these bad records.)"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from delvekit.core.errors import InputError
from delvekit.core.records import Choice, Event
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import BoardSpec, DoorSpec, GameSetup
from delvekit.gloomhaven.testing.examples import tiny_setup

# ------------------------------------------------------------------ abilities


def _refused(**fields: object) -> InputError:
    with pytest.raises(InputError) as caught:
        Ability(**fields)  # type: ignore[arg-type]
    return caught.value


def test_a_condition_ability_without_its_condition_is_refused() -> None:
    err = _refused(kind="condition")
    assert err.where == "ability"
    assert str(err) == "ability: a condition ability names its condition"


def test_a_condition_ability_read_from_json_without_its_condition_is_refused() -> None:
    with pytest.raises(InputError, match=r"^ability: a condition ability names its condition$"):
        msgspec.json.decode(b'{"kind": "condition", "value": 0}', type=Ability)


def test_an_infuse_ability_without_its_element_is_refused() -> None:
    err = _refused(kind="infuse")
    assert err.where == "ability"
    assert str(err) == "ability: an infuse ability names its element"


def test_an_element_consumption_without_its_boost_is_refused() -> None:
    err = _refused(kind="attack", value=2, consume=("fire",))
    assert err.where == "ability"
    assert str(err) == "ability: an element consumption needs both its elements and its boost"


def test_a_boost_without_an_element_to_consume_is_refused() -> None:
    err = _refused(kind="attack", value=2, boost=("attack+1",))
    assert str(err) == "ability: an element consumption needs both its elements and its boost"


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "custom"},  # a custom ability without its note
        {"kind": "move", "value": 2, "note": "augment"},  # a note on a plain ability
        {"kind": "custom", "note": "two words"},  # a note of more than one word
    ],
    ids=["custom-without-note", "note-on-a-move", "two-word-note"],
)
def test_a_custom_ability_has_a_one_word_note_and_only_it(fields: dict[str, object]) -> None:
    err = _refused(**fields)
    assert err.where == "ability"
    assert str(err) == "ability: a custom ability has a one-word note, and only it"


def test_a_well_formed_custom_ability_is_accepted() -> None:
    assert Ability(kind="custom", note="augment").note == "augment"


# ------------------------------------------------------------------ setups


def _setup_refused(setup: GameSetup) -> InputError:
    with pytest.raises(InputError) as caught:
        Game(setup, seed=0)
    return caught.value


def test_a_character_id_with_a_space_is_a_bad_id() -> None:
    base = tiny_setup()
    brute = msgspec.structs.replace(base.party[0], id="the brute")
    err = _setup_refused(msgspec.structs.replace(base, party=(brute, base.party[1])))
    assert err.where == "setup tiny.party.the brute"
    assert str(err).endswith("bad id 'the brute': no spaces or any of | : # . @ = , /")


def test_a_card_id_with_a_slash_is_a_bad_id() -> None:
    base = tiny_setup()
    brute = base.party[0]
    hand = (msgspec.structs.replace(brute.hand[0], id="b/1"), *brute.hand[1:])
    err = _setup_refused(
        msgspec.structs.replace(base, party=(msgspec.structs.replace(brute, hand=hand), base.party[1]))
    )
    assert err.where == "setup tiny.party.brute"
    assert "bad id 'b/1'" in str(err)


def test_a_monster_name_with_a_hash_is_a_bad_id() -> None:
    base = tiny_setup()
    guard = msgspec.structs.replace(base.monsters[0], name="bandit#guard")
    err = _setup_refused(msgspec.structs.replace(base, monsters=(guard,), rooms=((),)))
    assert err.where == "setup tiny.monsters"
    assert "bad id 'bandit#guard'" in str(err)


def test_a_board_whose_thin_wall_joins_two_far_hexes_is_refused_while_building() -> None:
    board = BoardSpec(hexes=((0, 0), (1, 0), (3, 0)), walls=(((0, 0), (3, 0)),))
    with pytest.raises(InputError) as caught:
        board.build()
    assert caught.value.where == "setup.board"
    assert str(caught.value) == "setup.board: thin wall [[0, 0], [3, 0]]: the hexes are not neighbours"


def test_a_setup_with_a_door_off_its_board_names_the_setups_board() -> None:
    base = tiny_setup()
    hexes = ((0, 0), (1, 0), (3, 0), (3, 1), (4, 0), (6, 0), (6, 1))
    board = BoardSpec(hexes=hexes, doors=(DoorSpec((9, 9), (0, 1)),))
    err = _setup_refused(msgspec.structs.replace(base, board=board))
    assert err.where == "setup tiny.board"
    assert str(err) == "setup tiny.board: door on hex [9, 9], which is not on the board"


def test_two_characters_with_one_id_are_refused() -> None:
    base = tiny_setup()
    twin = msgspec.structs.replace(base.party[1], id="brute")
    err = _setup_refused(msgspec.structs.replace(base, party=(base.party[0], twin)))
    assert err.where == "setup tiny.party"
    assert str(err) == "setup tiny.party: duplicate character ids ['brute', 'brute']"


def test_a_card_twice_in_a_hand_is_refused() -> None:
    base = tiny_setup()
    brute = base.party[0]
    hand = (*brute.hand, brute.hand[0])
    err = _setup_refused(
        msgspec.structs.replace(base, party=(msgspec.structs.replace(brute, hand=hand), base.party[1]))
    )
    assert err.where == "setup tiny.party.brute.hand"
    assert str(err) == "setup tiny.party.brute.hand: a card appears twice in the hand"


# ------------------------------------------------------------------ choice and event records


@pytest.mark.parametrize("kind", ["two words", "", "a|b", "x:y"])
def test_a_choice_kind_with_a_space_bar_or_colon_is_a_bad_token(kind: str) -> None:
    with pytest.raises(InputError) as caught:
        Choice(kind)
    assert caught.value.where == "choice kind"
    assert str(caught.value) == (
        f"choice kind: bad token {kind!r}: tokens are non-empty, without spaces, '|' or ':'"
    )


def test_an_event_kind_with_a_space_is_a_bad_token() -> None:
    with pytest.raises(InputError) as caught:
        Event("door opened", ("a",))
    assert caught.value.where == "event kind"
    assert "bad token 'door opened'" in str(caught.value)


@pytest.mark.parametrize(
    "fields", [{"kind": "heal", "value": 2, "range": -1}, {"kind": "attack", "value": 2, "pierce": -1}]
)
def test_a_negative_range_or_pierce_is_refused_except_an_attacks_relative_range(
    fields: dict[str, Any],
) -> None:
    with pytest.raises(InputError, match=rf"^ability: negative number in {fields['kind']} ability$"):
        Ability(**fields)
    assert Ability(kind="attack", value=2, range=-1).range == -1  # relative to the stat line's


def test_a_monster_whose_ability_deck_is_missing_or_empty_is_refused() -> None:
    base = tiny_setup()
    monster = base.monsters[0]
    for decks in ({}, {monster.deck: ()}):
        err = _setup_refused(msgspec.structs.replace(base, decks=decks))
        assert err.where == f"setup tiny.monsters.{monster.name}"
        assert (
            str(err)
            == f"setup tiny.monsters.{monster.name}: ability deck {monster.deck!r} is missing or empty"
        )
