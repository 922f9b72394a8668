"""Users' own content folders: custom classes for parties of three and four."""

from __future__ import annotations

from pathlib import Path

from delvekit.gloomhaven.content import load_pack

CUSTOM = Path(__file__).parent / "fixtures" / "custom-content"


def test_custom_classes_load_and_are_playable() -> None:
    pack = load_pack(CUSTOM)
    warden, sage = pack.classes["test-warden"], pack.classes["test-sage"]
    assert warden.playable_at(1) and warden.playable_at(9)
    assert sage.health[0] == 6 and sage.hand_size == 4
    party = [pack.classes[c] for c in ("brute", "mindthief", "test-warden", "test-sage")]
    assert all(k.playable_at(1) for k in party)
    assert pack.info.name == "test-custom-classes"
    summon = sage.cards[3].top.abilities[0].summon
    assert summon is not None and summon.flying


def test_cards_at_level_counts_x_cards_and_lower_levels() -> None:
    warden = load_pack(CUSTOM).classes["test-warden"]
    assert [c.number for c in warden.cards_at(1)] == [9601, 9602, 9603, 9604, 9605]
    assert [c.number for c in warden.cards_at(2)][-1] == 9606


def test_require_playable_names_the_missing_cards() -> None:
    import msgspec
    import pytest

    from delvekit.core.errors import ContentError

    pack = load_pack()
    pack.classes["brute"].require_playable(9)
    klass = pack.classes["quartermaster"]  # as if Catastrophic Bomb were not transcribed
    cards = tuple(msgspec.structs.replace(c, encoded=False) if c.number == 225 else c for c in klass.cards)
    with pytest.raises(ContentError) as info:
        msgspec.structs.replace(klass, cards=cards).require_playable(6)
    message = str(info.value)
    assert message.startswith("classes: quartermaster: Quartermaster is not playable at level 6: 1 cards")
    assert "Catastrophic Bomb (225)" in message
