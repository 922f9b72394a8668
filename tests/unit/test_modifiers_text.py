"""The canonical text form of attack modifier cards: parse, print, round-trip, refuse."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from delvekit.core.errors import InputError
from delvekit.gloomhaven.model.modifiers import CONDITIONS, ELEMENTS, ModifierCard, parse_card

# Every card shape that appears on a Gloomhaven 1e perk line, in canonical form.
CANONICAL = [
    "+0", "+1", "+2", "+3", "+4", "-1", "-2", "x2", "null", "bless", "curse",
    "rolling +1", "rolling +2", "rolling +0 push 1", "rolling +0 push 2", "rolling +0 pull 1",
    "rolling +0 pierce 3", "rolling +0 stun", "rolling +0 disarm", "rolling +0 muddle",
    "rolling +0 add target", "+1 shield 1 self", "+2 muddle", "+1 poison", "+1 wound",
    "+1 immobilize", "+0 stun", "rolling +0 wound", "rolling +0 poison", "rolling +0 heal 1 self",
    "rolling +0 fire", "rolling +0 air", "rolling +0 dark", "rolling +0 earth", "+2 fire",
    "+2 ice", "-1 dark", "+1 dark", "+1 invisible", "rolling +0 curse", "rolling +1 disarm",
    "+1 refresh item", "rolling +0 light", "+2 wound", "+1 push 1 immobilize fire",
]  # fmt: skip


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_text_round_trips(text: str) -> None:
    assert str(parse_card(text)) == text


@pytest.mark.parametrize(
    ("loose", "canonical"),
    [
        ("2x", "x2"),
        ("X2", "x2"),
        ("\u22121", "-1"),
        ("  Rolling   +0   Heal 1 Self ", "rolling +0 heal 1 self"),
        ("+1 fire immobilize push 1", "+1 push 1 immobilize fire"),
        ("+0 add target 1", "+0 add target"),
        ("+0 add target 2", "+0 add target 2"),
        ("+01", "+1"),
    ],
)
def test_loose_input_is_normalised(loose: str, canonical: str) -> None:
    assert str(parse_card(loose)) == canonical


def test_bless_and_curse_are_special_x2_and_null() -> None:
    bless, curse = parse_card("bless"), parse_card("curse")
    assert (bless.kind, bless.marker) == ("double", "bless")
    assert (curse.kind, curse.marker) == ("null", "curse")
    assert bless.removed_when_drawn and curse.removed_when_drawn
    assert not bless.shuffles and not curse.shuffles
    x2, null = parse_card("x2"), parse_card("null")
    assert x2.shuffles and null.shuffles and not x2.removed_when_drawn and not null.removed_when_drawn
    assert not parse_card("+2").shuffles


def test_curse_after_a_value_is_a_condition_not_a_curse_card() -> None:
    card = parse_card("rolling +0 curse")
    assert card.marker == "" and card.conditions == ("curse",) and card.kind == "add"


def test_fields() -> None:
    card = parse_card("rolling +0 pierce 3")
    assert (card.rolling, card.value, card.pierce) == (True, 0, 3)
    assert parse_card("+1 shield 1 self").shield_self == 1
    assert parse_card("-2").value == -2
    assert parse_card("+1 stun").effect_amounts() == {"stun": 1}
    assert not parse_card("+1").has_effects


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "missing the card's value"),
        ("rolling", "missing the card's value"),
        ("+", "bad value '+'"),
        ("3", "bad value '3'"),
        ("+1.5", "bad value"),
        ("rolling x2", "only a +N/-N card can be rolling"),
        ("rolling bless", "only a +N/-N card can be rolling"),
        ("bless stun", "a bless card carries no effect"),
        ("+1 push", "expected a number after 'push'"),
        ("+1 push x", "expected a number after 'push'"),
        ("+1 push 0", "push 0 is not an effect"),
        ("+1 push 1 push 2", "push given twice"),
        ("+1 stun stun", "stun given twice"),
        ("+0 heal 1", "written 'heal N self'"),
        ("+0 heal 1 ally", "written 'heal N self'"),
        ("+1 teleport", "unknown word 'teleport'"),
        ("+1 refresh", "unknown word 'refresh'"),
        ("+1 refresh item refresh item", "refresh item given twice"),
    ],
)
def test_bad_text_names_the_card_and_the_problem(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_card(text)
    assert f"modifier card {text!r}" in str(info.value)
    assert message in str(info.value)


def test_non_text_is_refused() -> None:
    with pytest.raises(InputError, match="expected card text"):
        parse_card(3)  # type: ignore[arg-type]


def test_direct_construction_is_validated() -> None:
    with pytest.raises(InputError, match="a curse card is a null"):
        ModifierCard(kind="double", marker="curse")
    with pytest.raises(InputError, match="canonical order"):
        ModifierCard(conditions=("stun", "poison"))
    with pytest.raises(InputError, match="cannot be negative"):
        ModifierCard(push=-1)


def _cards() -> st.SearchStrategy[ModifierCard]:
    amount = st.integers(0, 4)
    plain = st.builds(
        lambda value, rolling, conds, elems, push, pull, pierce, target, heal, shield, refresh: ModifierCard(
            value=value,
            rolling=rolling,
            conditions=tuple(c for c in CONDITIONS if c in conds),
            elements=tuple(e for e in ELEMENTS if e in elems),
            push=push,
            pull=pull,
            pierce=pierce,
            add_target=target,
            heal_self=heal,
            shield_self=shield,
            refresh_item=refresh,
        ),
        st.integers(-5, 5),
        st.booleans(),
        st.sets(st.sampled_from(CONDITIONS)),
        st.sets(st.sampled_from(ELEMENTS)),
        amount, amount, amount, amount, amount, amount,
        st.booleans(),
    )  # fmt: skip
    special = st.sampled_from([parse_card(t) for t in ("x2", "null", "bless", "curse")])
    return st.one_of(plain, special)


@given(_cards())
def test_every_card_round_trips_through_text(card: ModifierCard) -> None:
    text = str(card)
    assert parse_card(text) == card
    assert parse_card(text.upper()) == card
    assert str(parse_card(text)) == text
