"""Card words (:mod:`delvekit.gloomhaven.card_words`): what consuming an element adds (§9), an
attack area's size (§6.3) and named effects, in the words a player reads, the same on every face."""

from __future__ import annotations

import pytest

from delvekit.gloomhaven.card_words import area_text, boost_text, boost_word, custom_text, note_words
from delvekit.gloomhaven.describe import ability_text
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import MonsterStats


@pytest.mark.parametrize(
    ("token", "words"),
    [
        ("attack+1", "+1 Attack"),
        ("attack-1", "-1 Attack"),
        ("pierce+2", "+2 Pierce"),
        ("range+1", "+1 Range"),
        ("range-2", "-2 Range"),
        ("target=2", "Target 2"),
        ("target=0", "every enemy in range"),
        ("push=1", "Push 1"),
        ("pull=2", "Pull 2"),
        ("with=wound", "Wound"),
        ("with=immobilize", "Immobilize"),
    ],
)
def test_every_boost_kind_the_engine_applies_reads_as_a_player_reads_it(token: str, words: str) -> None:
    """Each kind of token :meth:`Ability.boosted` applies (the boost grammar of model/abilities)."""
    assert Ability(kind="attack", consume=(Element.FIRE,), boost=(token,)).boosted() is not None
    assert boost_word(token) == words


@pytest.mark.parametrize("token", ["heal+2", "shield=1", "element=fire", "strange_token", "x=y"])
def test_a_boost_token_the_words_do_not_know_still_reads_as_words(token: str) -> None:
    said = boost_word(token)
    assert "=" not in said and "_" not in said and said.strip()
    assert said[0].isupper() or said[0] in "+-"


def test_a_consumed_elements_boost_reads_consume_element_for_bonuses() -> None:
    assert boost_text((Element.EARTH,), ("attack+1", "with=wound")) == "consume Earth for +1 Attack, Wound"
    assert boost_text((Element.EARTH,), ("target=2",)) == "consume Earth for Target 2"
    # several elements: all of them are consumed (the engine pays them all)
    assert boost_text((Element.FIRE, Element.ICE), ("pierce+1",)) == "consume Fire and Ice for +1 Pierce"


def test_a_character_cards_consumption_reads_the_same_in_describe() -> None:
    a = Ability.parse("attack 3 range 2 consume air boost attack+1 boost with=stun")
    assert ability_text(a) == "Attack 3, Range 2, consume Air for +1 Attack, Stun"


def test_a_melee_area_counts_its_red_hexes_only() -> None:
    """§6.3: a melee area's grey hex is the attacker's own, not in ``Ability.area``: three red
    hexes read 3 (on a monster card with its stat line too)."""
    a = Ability.parse("attack 1 area 1,-1/1,0/2,-1")
    assert area_text(a.area) == "area attack on 3 hexes"
    assert ability_text(a) == "Attack 1, area attack on 3 hexes"
    stats = MonsterStats(health=5, move=2, attack=2)
    assert ability_text(a, stats) == "Attack 3, area attack on 3 hexes"


def test_a_ranged_area_counts_every_hex_of_its_shape() -> None:
    a = Ability.parse("attack 2 range 3 area 0,0/1,0")
    assert ability_text(a) == "Attack 2, Range 3, area attack on 2 hexes"
    assert area_text(((0, 0),)) == "area attack on 1 hex"


def _part(a: Ability, stats: MonsterStats | None) -> str:
    return ability_text(a, stats)


GUARD = MonsterStats(health=5, move=2, attack=2)


@pytest.mark.parametrize(
    ("ability", "words"),
    [
        (
            "custom affects-enemies-range range 2 then condition:muddle",
            "Muddle every enemy within Range 2",
        ),
        (
            "custom affects-enemies-adjacent then push:1 then condition:poison",
            "Poison every adjacent enemy, Push 1",
        ),
        ("custom affects-allies-range then condition:strengthen", "Strengthen every ally within Range 1"),
        ("custom consume-dark dark then condition:invisible", "Consume Dark: Invisible self"),
        ("custom consume-wild then infuse:ice", "Consume any element: Infuse Ice"),
        (
            "custom instead-consume-ice ice then shield:2 then shield:1",
            "Consume Ice: Shield 2; if it cannot: Shield 1",
        ),
        (
            "custom ondeath then attack:2:area:1,0/0,1",
            "When it dies: Attack 4, area attack on 2 hexes around its hex",
        ),
        (
            "custom spawn then custom:living-bones.normal then custom:living-bones.normal",
            "Summon normal Living Bones ×2",
        ),
        (
            "custom create-trap-near-enemy then suffer:3",
            "Create a damage trap (3 damage) next to it, as close to an enemy as possible",
        ),
        (
            "custom allies-bonus-this-round then attack:1",
            "Its allies add +1 Attack to their attacks this round",
        ),
        (
            "custom attack-bonus-if-target-adjacent-to-its-allies then attack:0 then attack:2",
            "Attack 2; +2 Attack if the target is next to one of its allies",
        ),
        ("custom per-target-damaged then heal:2", "Heal 2 self for each target it damaged this turn"),
        ("custom bless", "Bless self"),
        ("custom custom-scouts-act-again", "Every Vermling Scout performs its ability card again"),
    ],
)
def test_named_monster_effects_read_with_their_values_worked_in(ability: str, words: str) -> None:
    assert custom_text(Ability.parse(ability), GUARD, _part) == words


def test_a_one_target_attack_drops_the_stat_cards_target() -> None:
    """Hungry Soul 522: the card attacks one enemy whatever the stat card's Target 3 says."""
    soul = MonsterStats(health=5, move=2, attack=2, targets=3)
    assert ability_text(Ability.parse("attack 1"), soul) == "Attack 3, Target 3"
    one = Ability.parse("custom one-target then attack:1")
    assert custom_text(one, soul, _part) == "Attack 3, one target only"


def test_a_heal_on_several_targets_names_how_many() -> None:
    """Savvas Lavaflow 722 with earth: Heal 4, Range 3 on three allies (the count is the value)."""
    heal = Ability(kind="custom", note="heal-targets", value=3, then=(Ability.parse("heal 4 range 3"),))
    assert custom_text(heal, GUARD, _part) == "Heal 4, Range 3, Target 3"


def test_a_note_the_words_do_not_know_reads_as_a_capitalised_sentence() -> None:
    assert note_words("when-hp-at-most-3") == "When HP at most 3"
    assert note_words("ph-range-minus") == "Range minus"  # a class's prefix is not a word
    assert note_words("suffer-damage-4") == "Suffer 4 damage"
    assert note_words("attack-plus-2") == "+2 Attack"
    assert note_words("shape-0,0/0,1/1,0") == "a shape of 3 hexes"
    assert note_words("affects-ally-range-2") == "on one ally within Range 2"


def test_a_class_cards_named_effect_names_who_it_reaches() -> None:
    """Brute's Fatal Advance: "Kill one adjacent normal enemy"; a wording without a phrase of its
    own and no other part reads as a verb on who it reaches."""
    kill = Ability.parse("custom kill then custom:normal-only then custom:affects-enemy-adjacent")
    assert custom_text(kill, None, _part) == "Kill: Normal only on one adjacent enemy"
    assert ability_text(kill) == "Kill one adjacent normal enemy"
    cleanse = Ability.parse("custom sb-cleanse then custom:affects-ally-adjacent")
    assert ability_text(cleanse) == "Cleanse one adjacent ally"
