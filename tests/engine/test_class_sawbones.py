"""Golden tests for the Sawbones's wordings as named effects
(:mod:`delvekit.gloomhaven.effects.classes.sawbones` and ``sawbones_packs``), one per rule, with
the real cards of the content pack on an open arena and +0-only modifier decks; and every half
of every Sawbones card performed once without an unresolved ability."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.effects.classes import sawbones_packs
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import CharacterSetup
from delvekit.gloomhaven.testing.invariants import violations

from .class_arena import PACK, arena, at, finish_round, go, hero, until

SAW = {c.id: c for c in character(PACK, Member("sawbones", 9), (0, 0), {"C": 2, "L": 1}).hand}
FILLER = ["bloody-saw", "vital-strike", "gentleman-s-anger", "hamstring"]


def saw(cards: list[str], hex: tuple[int, int], health: int = 12) -> CharacterSetup:
    return hero("sawbones", cards, hex, health)


def _until(game: Game, actor: str) -> None:
    """Answer everyone else's decisions (skip, stop, take damage) until ``actor`` decides."""
    until(game, actor, skips=("keep",))


def _until_kind(game: Game, kind: str) -> None:
    """Answer (skip, stop, take damage) until a decision of ``kind`` comes."""
    for _ in range(100):
        d = game.decision
        if d is None or d.kind == kind:
            return
        names = [str(c) for c in d.choices]
        go(game, next((n for n in ("skip", "no-rest", "stop", "done", "keep") if n in names), names[0]))
    raise AssertionError(f"no {kind} decision")


# ------------------------------------------------------------------ the class in the pack


def test_mobile_response_is_the_only_card_left_and_the_hand_is_built_without_it() -> None:
    klass = PACK.classes["sawbones"]
    assert [c.name for c in klass.cards if not c.encoded] == ["Mobile Response"]
    assert [c.number for c in klass.cards if c.unsourced] == [416]
    klass.require_playable(1)  # no error: the hand is built without the unsourced card
    assert all(klass.playable_at(level) for level in range(1, 10))
    level_1 = character(PACK, Member("sawbones", 1), (0, 0), {"C": 2, "L": 1})
    assert len(level_1.hand) == 12 and level_1.hand_limit == 10  # nine level-1 cards and three X
    assert "mobile-response" not in {c.id for c in level_1.hand}
    assert len(SAW) == 28  # every card but Mobile Response and the two medical packs (level M)
    assert [h for h in (8, 9, 11, 12, 14, 15, 17, 18, 20)] == list(klass.health)


def test_the_content_check_refuses_an_encoded_card_marked_unsourced() -> None:
    import msgspec

    from delvekit.gloomhaven.content.check import check_pack
    from delvekit.gloomhaven.content.pack import BUNDLED, ContentPack

    pack = ContentPack([BUNDLED])
    klass = pack.classes["sawbones"]
    cards = tuple(msgspec.structs.replace(c, unsourced=c.number == 407) for c in klass.cards)
    pack.classes["sawbones"] = msgspec.structs.replace(klass, cards=cards)
    problems = [str(p) for p in check_pack(pack, scenarios=set())]
    assert any("unsourced" in p and "cannot be encoded" in p for p in problems)


def test_the_packs_handed_out_heal_what_the_pack_cards_heal() -> None:
    klass = PACK.classes["sawbones"]
    packs = {c.name: c for c in klass.cards if c.level == "M"}
    heals = {name: c.top.abilities[0].value for name, c in packs.items()}
    assert heals == {"Medical Pack": 4, "Large Medical Pack": 8}
    for card in SAW.values():
        for half in (card.top, card.bottom):
            for a in half.abilities:
                if a.kind == "custom" and a.note == "sb-give-pack":
                    kind = (
                        "Large Medical Pack" if "pack-large" in [p.note for p in a.then] else "Medical Pack"
                    )
                    assert [p.value for p in a.then if p.kind == "heal"] == [heals[kind]]


# ------------------------------------------------------------------ medical packs


def test_first_aid_gives_an_adjacent_ally_a_medical_pack_it_uses_on_its_turn_to_heal_4() -> None:
    game = arena([saw(["first-aid"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], [])
    game.state.figures["brute"].hp = 5
    go(game, "select first-aid bloody-saw", "select trample sweeping-blow")
    events = go(game, "top first-aid", "target brute")
    assert "sb-pack brute medical heal=4 by=sawbones" in events
    assert sawbones_packs.held_packs(game, "brute") == [("medical", 4)]
    go(game, "bottom bloody-saw")
    _until(game, "brute")
    go(game, "top trample")
    _until_kind(game, "medical-pack")
    assert game.decision is not None and game.decision.actor == "brute"
    events = go(game, "use-pack medical")
    assert events[:2] == ["sb-pack-used brute medical", "healed brute 4"]
    assert sawbones_packs.held_packs(game, "brute") == []  # back to the supply


def test_prescription_gives_every_adjacent_ally_character_a_pack() -> None:
    party = [
        saw(["prescription"], (0, 0)),
        hero("brute", ["trample", "sweeping-blow"], (1, 0)),
        hero("tinkerer", ["stun-shot", "hook-gun"], (-1, 0)),
    ]
    game = arena(party, [])
    go(game, "select prescription bloody-saw", "select trample sweeping-blow", "select stun-shot hook-gun")
    events = go(game, "bottom prescription")
    assert "sb-pack brute large heal=8 by=sawbones" in events
    assert "sb-pack tinkerer large heal=8 by=sawbones" in events
    assert "card sawbones prescription lost" in events


def test_bedside_manner_gives_the_healed_figure_a_large_pack_after_cleansing_it() -> None:
    game = arena([saw(["bedside-manner"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], [])
    game.state.figures["brute"].hp = 5
    game.add_condition("brute", Condition.MUDDLE)
    go(game, "select bedside-manner bloody-saw", "select trample sweeping-blow")
    events = go(game, "top bedside-manner", "heal brute")
    assert events.index("healed brute 2") < events.index("condition-ended brute muddle cleansed")
    assert "sb-pack brute large heal=8 by=sawbones" in events


def test_the_supply_holds_seven_medical_packs() -> None:
    game = arena([saw(["prescription"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], [])
    for _ in range(7):
        game.emit("sb-pack", "brute", "medical", "heal=4", "by=sawbones")
    go(game, "select prescription bloody-saw", "select trample sweeping-blow")
    events = go(game, "top prescription")
    assert "no-card sawbones pack-medical" in events
    assert len(sawbones_packs.held_packs(game, "brute")) == 7


def test_an_exhausted_holder_gives_its_packs_back() -> None:
    game = arena([saw(["first-aid"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], [])
    game.emit("sb-pack", "brute", "large", "heal=8", "by=sawbones")
    assert sawbones_packs.held_packs(game, "brute") == [("large", 8)]
    game.state.characters["brute"].exhausted = True
    assert sawbones_packs.held_packs(game, "brute") == []


# ------------------------------------------------------------------ heals


def test_hand_of_the_surgeon_heals_reach_you_and_every_adjacent_ally_this_round() -> None:
    party = [
        saw(["hand-of-the-surgeon", "hold-back-the-pain"], (0, 0)),
        hero("brute", ["trample", "sweeping-blow"], (1, 0)),
        hero("tinkerer", ["stun-shot", "hook-gun"], (3, 0)),
    ]
    game = arena(party, [])
    for fid in ("sawbones", "brute", "tinkerer"):
        game.state.figures[fid].hp = 5
    go(game, "select hold-back-the-pain hand-of-the-surgeon", "select trample sweeping-blow")
    go(game, "select stun-shot hook-gun")
    _until(game, "sawbones")
    go(game, "bottom hand-of-the-surgeon")
    events = go(game, "top hold-back-the-pain")
    assert "healed sawbones 3" in events and "healed brute 3" in events
    assert not any(e.startswith("healed tinkerer") for e in events)  # not adjacent


def test_hand_of_the_surgeon_turns_blood_transfusion_into_a_heal_of_you_and_every_adjacent_ally() -> None:
    party = [
        saw(["hand-of-the-surgeon", "blood-transfusion"], (0, 0)),
        hero("brute", ["trample", "sweeping-blow"], (1, 0)),
    ]
    game = arena(party, [])
    game.state.figures["sawbones"].hp = 3
    game.state.figures["brute"].hp = 3
    go(game, "select blood-transfusion hand-of-the-surgeon", "select trample sweeping-blow")
    go(game, "bottom hand-of-the-surgeon")
    events = go(game, "top blood-transfusion")
    assert "healed sawbones 7" in events and "healed brute 7" in events


def test_curative_mixture_on_a_poisoned_ally_removes_the_poison_heals_nothing_and_cleanses() -> None:
    game = arena([saw(["curative-mixture"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], [])
    brute = game.state.figures["brute"]
    brute.hp = 5
    for c in (Condition.POISON, Condition.IMMOBILIZE, Condition.MUDDLE):
        game.add_condition("brute", c)
    go(game, "select curative-mixture bloody-saw", "select trample sweeping-blow")
    events = go(game, "top curative-mixture", "heal brute")
    assert "healed brute 0" in events  # §8.2 (FAQ Q): the heal only removes the poison
    assert not [
        c for c in (Condition.POISON, Condition.IMMOBILIZE, Condition.MUDDLE) if c in brute.conditions
    ]
    assert brute.hp == 5


def test_amputate_stuns_the_figure_it_heals() -> None:
    game = arena([saw(["amputate"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], [])
    game.state.figures["brute"].hp = 3
    go(game, "select amputate bloody-saw", "select trample sweeping-blow")
    _until(game, "sawbones")
    events = go(game, "bottom amputate", "heal brute")
    assert "healed brute 7" in events and "condition brute stun" in events


def test_master_physician_cleanses_before_each_heal_spending_a_slot() -> None:
    party = [
        saw(["master-physician", "do-no-harm"], (0, 0)),
        hero("brute", ["trample", "sweeping-blow"], (1, 0)),
    ]
    game = arena(party, [])
    game.state.figures["brute"].hp = 2
    game.add_condition("brute", Condition.MUDDLE)
    go(game, "select master-physician do-no-harm", "select trample sweeping-blow")
    go(game, "top master-physician", "bottom do-no-harm", "stop")
    events = go(game, "heal brute")
    assert "condition-ended brute muddle cleansed" in events and "healed brute 3" in events
    active = game.state.characters["sawbones"].active
    assert [(a.card, a.used) for a in active] == [("master-physician", 1)]


def test_master_physician_adds_4_to_every_heal_this_round() -> None:
    party = [
        saw(["master-physician", "hold-back-the-pain"], (0, 0)),
        hero("brute", ["trample", "sweeping-blow"], (1, 0)),
    ]
    game = arena(party, [])
    game.state.figures["brute"].hp = 2
    go(game, "select hold-back-the-pain master-physician", "select trample sweeping-blow")
    go(game, "bottom master-physician")
    events = go(game, "top hold-back-the-pain", "heal brute")
    assert "healed brute 7" in events  # 3 + 4


def test_prep_for_surgery_an_attack_may_be_a_heal_of_its_value_plus_one() -> None:
    game = arena(
        [
            saw(["prep-for-surgery", "vital-strike"], (0, 0)),
            hero("brute", ["trample", "sweeping-blow"], (1, 0)),
        ],
        [("normal", (-1, 0))],
    )
    game.state.figures["brute"].hp = 2
    go(game, "select prep-for-surgery vital-strike", "select trample sweeping-blow")
    _until(game, "sawbones")
    go(game, "top prep-for-surgery")
    assert game.decision is not None
    events = go(game, "bottom vital-strike", "as-heal", "heal brute")
    assert "sb-as-heal sawbones attack 4" in events and "healed brute 5" in events
    assert not any(e.startswith("attack sawbones") for e in events)


# ------------------------------------------------------------------ attacks


def test_hold_back_the_pain_melee_attacks_target_every_adjacent_enemy_this_round() -> None:
    game = arena(
        [saw(["hold-back-the-pain", "bloody-saw"], (0, 0))], [("normal", (1, 0)), ("normal", (-1, 0))]
    )
    a, b = at(game, (1, 0)), at(game, (-1, 0))
    go(game, "select bloody-saw hold-back-the-pain")
    go(game, "bottom hold-back-the-pain")
    events = go(game, "top bloody-saw", f"all {' '.join(sorted((a, b)))}")
    assert any(e.startswith(f"attack sawbones {a} ") for e in events)
    assert any(e.startswith(f"attack sawbones {b} ") for e in events)
    assert Condition.WOUND in game.state.figures[a].conditions
    assert Condition.WOUND in game.state.figures[b].conditions


def test_euthanize_kills_an_adjacent_normal_enemy_with_two_negative_conditions_only() -> None:
    game = arena([saw(["euthanize"], (0, 0))], [("normal", (1, 0)), ("normal", (-1, 0))])
    two, one = at(game, (1, 0)), at(game, (-1, 0))
    game.add_condition(two, Condition.POISON)
    game.add_condition(two, Condition.WOUND)
    game.add_condition(one, Condition.POISON)
    go(game, "select euthanize bloody-saw")
    assert game.decision is not None
    events = go(game, "top euthanize", f"kill {two}")
    assert f"kill sawbones {two} hex=1,0" in events
    assert one in game.state.figures


def test_grisly_trauma_kills_enemies_in_the_area_missing_ten_hit_points() -> None:
    stats_hp = 15
    from delvekit.gloomhaven.model.setup import MonsterStats

    game = arena([saw(["grisly-trauma"], (0, 0))], [("normal", (2, 0)), ("normal", (2, 1))],
                 stats=MonsterStats(health=stats_hp, move=0, attack=1))  # fmt: skip
    hurt, fresh = at(game, (2, 0)), at(game, (2, 1))
    game.state.figures[hurt].hp = 5  # missing 10
    game.state.figures[fresh].hp = 6  # missing 9
    go(game, "select grisly-trauma bloody-saw")
    go(game, "top grisly-trauma")
    d = game.decision
    assert d is not None and d.kind == "area"
    events = go(game, str(next(c for c in d.choices if hurt in c.args and fresh in c.args)))
    assert any(e.startswith(f"kill sawbones {hurt}") for e in events)
    assert fresh in game.state.figures


# ------------------------------------------------------------------ cards placed with allies


def test_booster_shot_placed_with_an_ally_gives_it_shield_1_while_in_play() -> None:
    game = arena([saw(["booster-shot"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], [])
    go(game, "select booster-shot bloody-saw", "select trample sweeping-blow")
    events = go(game, "bottom booster-shot", "target brute")
    assert "sb-placed sawbones booster-shot brute" in events
    finish_round(game)
    assert game.shield("brute") == 1 and game.shield("sawbones") == 0  # a persistent bonus
    assert [a.card for a in game.state.characters["sawbones"].active] == ["booster-shot"]


def test_syringe_gives_an_adjacent_ally_shield_2_this_round_then_goes_to_the_discard_pile() -> None:
    game = arena([saw(["syringe"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], [])
    go(game, "select syringe bloody-saw", "select trample sweeping-blow")
    go(game, "top syringe", "target brute")
    assert game.shield("brute") == 2 and game.shield("sawbones") == 0
    finish_round(game)
    assert game.shield("brute") == 0 and "syringe" in game.state.characters["sawbones"].discard


def test_vaccine_placed_with_an_ally_prevents_every_negative_condition_on_it() -> None:
    game = arena([saw(["vaccine"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], [])
    go(game, "select vaccine bloody-saw", "select trample sweeping-blow")
    go(game, "bottom vaccine", "target brute")
    finish_round(game)
    assert not game.add_condition("brute", Condition.POISON)
    assert game.events[-1].kind == "condition-prevented"
    assert game.add_condition("brute", Condition.STRENGTHEN)  # positive conditions still come
    assert game.add_condition("sawbones", Condition.POISON)  # the holder only


def test_a_monster_attack_gives_the_vaccine_holder_its_damage_but_not_its_poison() -> None:
    party = [saw(["vaccine"], (-3, 0)), hero("brute", ["trample", "sweeping-blow"], (0, 0))]
    game = arena(party, [("normal", (1, 0))], ("attack +0 with poison",))
    go(game, "select vaccine bloody-saw", "select trample sweeping-blow")
    _until(game, "sawbones")
    events = go(game, "bottom vaccine")  # no ally adjacent: nothing placed, not in play (§3.4)
    assert "no-target sawbones" in events and "card sawbones vaccine lost" in events
    game = arena([saw(["vaccine"], (-1, 0)), hero("brute", ["trample", "sweeping-blow"], (0, 0))],
                 [("normal", (1, 0))], ("attack +0 with poison",))  # fmt: skip
    go(game, "select vaccine bloody-saw", "select trample sweeping-blow")
    _until(game, "sawbones")
    events = go(game, "bottom vaccine", "target brute")
    events += finish_round(game)
    hit = [e for e in events if e.startswith("attack dummy") and " brute " in e]
    assert hit and "condition-prevented brute poison by=placed" in events
    assert Condition.POISON not in game.state.figures["brute"].conditions


def test_regenerative_tissue_heals_its_holder_1_as_each_of_its_turns_starts() -> None:
    game = arena(
        [saw(["regenerative-tissue"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], []
    )
    go(game, "select regenerative-tissue bloody-saw", "select trample sweeping-blow")
    go(game, "bottom regenerative-tissue", "target brute")
    finish_round(game)
    game.state.figures["brute"].hp = 5
    go(game, "select vital-strike hamstring", "select grab-and-go shield-bash")
    events = finish_round(game)
    assert "sb-tissue brute 1" in events and game.state.figures["brute"].hp >= 6


# ------------------------------------------------------------------ allies, conditions, shields


def test_battlefield_medicine_prevents_negative_conditions_on_you_and_every_ally_this_round() -> None:
    game = arena(
        [saw(["battlefield-medicine"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (4, 0))],
        [("normal", (-4, 4))],
    )
    monster = at(game, (-4, 4))
    go(game, "select battlefield-medicine bloody-saw", "select trample sweeping-blow")
    _until(game, "sawbones")
    go(game, "bottom battlefield-medicine")
    assert not game.add_condition("brute", Condition.WOUND)  # far away: every ally
    assert not game.add_condition("sawbones", Condition.MUDDLE)
    assert game.add_condition(monster, Condition.WOUND)
    finish_round(game)
    assert game.add_condition("brute", Condition.WOUND)  # the round is over


def test_prevention_is_key_shield_1_for_you_and_allies_while_adjacent() -> None:
    party = [
        saw(["prevention-is-key"], (0, 0)),
        hero("brute", ["trample", "sweeping-blow"], (1, 0)),
        hero("tinkerer", ["stun-shot", "hook-gun"], (3, 0)),
    ]
    game = arena(party, [])
    go(
        game,
        "select prevention-is-key bloody-saw",
        "select trample sweeping-blow",
        "select stun-shot hook-gun",
    )
    _until(game, "sawbones")
    go(game, "bottom prevention-is-key")
    assert (game.shield("sawbones"), game.shield("brute"), game.shield("tinkerer")) == (1, 1, 0)


def test_prevention_is_key_disarms_every_adjacent_enemy() -> None:
    game = arena(
        [saw(["prevention-is-key"], (0, 0))], [("normal", (1, 0)), ("normal", (-1, 0)), ("normal", (3, 0))]
    )
    near = " ".join(sorted((at(game, (1, 0)), at(game, (-1, 0)))))
    go(game, "select prevention-is-key bloody-saw", "top prevention-is-key", f"all {near}")
    disarmed = {fid for fid, f in game.state.figures.items() if Condition.DISARM in f.conditions}
    assert disarmed == {at(game, (1, 0)), at(game, (-1, 0))}


def test_teamwork_you_and_adjacent_allies_recover_as_many_cards_as_allies_adjacent() -> None:
    party = [saw(["teamwork"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))]
    game = arena(party, [])
    go(game, "select bloody-saw vital-strike", "select trample sweeping-blow")
    finish_round(game)
    go(game, "select teamwork hamstring", "select grab-and-go shield-bash")
    _until(game, "sawbones")
    events = go(game, "top teamwork")
    assert "sb-teamwork sawbones recover=1 sawbones brute" in events
    d = game.decision
    assert d is not None and d.kind == "recover"


def test_triage_heals_once_on_each_of_the_next_four_turns() -> None:
    game = arena([saw(["triage"], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))], [])
    go(game, "select triage bloody-saw", "select trample sweeping-blow")
    go(game, "top triage", "bottom bloody-saw")
    finish_round(game)
    game.state.figures["brute"].hp = 4
    go(game, "select vital-strike hamstring", "select grab-and-go shield-bash")
    _until(game, "sawbones")
    events = go(game, "top vital-strike", "bottom hamstring")
    _until_kind(game, "heal")
    events += go(game, "heal brute")
    assert "healed brute 2" in events
    assert [(a.card, a.used) for a in game.state.characters["sawbones"].active] == [("triage", 1)]


# ------------------------------------------------------------------ whole games


@pytest.mark.parametrize(("level", "scenario"), [(1, 1), (1, 4), (9, 14), (9, 30)])
def test_a_party_with_the_sawbones_plays_whole_random_games(level: int, scenario: int) -> None:
    from delvekit.gloomhaven.content.adapter import setup_from_pack

    setup = setup_from_pack(PACK, scenario, [Member("sawbones", level), Member("brute", level)])
    game = Game(setup, seed=level * 100 + scenario)
    rnd = random.Random(scenario)
    while game.decision is not None:
        choices = list(game.decision.choices)
        useful = [c for c in choices if not c.kind.startswith("basic") and c.kind not in ("skip", "keep")]
        game.choose(rnd.choice(useful or choices))
        assert not violations(game)
    assert game.result in ("victory", "defeat")
    assert not [e for e in game.events if e.kind == "unresolved"]
    assert any(e.kind == "action" and e.args[0] == "sawbones" for e in game.events)


# ------------------------------------------------------------------ every half


def _halves() -> list[tuple[str, str]]:
    return [(card, half) for card in sorted(SAW) for half in ("top", "bottom")]


@pytest.mark.parametrize(("card", "half"), _halves())
def test_every_half_of_every_sawbones_card_executes(card: str, half: str) -> None:
    """The half is performed next to an ally and two enemies (hurt, with conditions, so that the
    kills find targets); every decision after it is answered at random; nothing is unresolved."""
    other = next(c for c in FILLER if c != card)
    party = [saw([card, other], (0, 0)), hero("brute", ["trample", "sweeping-blow"], (1, 0))]
    from delvekit.gloomhaven.model.setup import MonsterStats

    game = arena(party, [("normal", (-1, 0)), ("normal", (0, 1))], ("attack +0",),
                 stats=MonsterStats(health=20, move=1, attack=2))  # fmt: skip
    for fid in (at(game, (-1, 0)), at(game, (0, 1))):
        game.state.figures[fid].hp = 9
        game.add_condition(fid, Condition.POISON)
        game.add_condition(fid, Condition.WOUND)
    game.state.figures["brute"].hp = 6
    go(game, f"select {card} {other}", "select trample sweeping-blow")
    _until(game, "sawbones")
    start = len(game.events)
    go(game, f"{half} {card}")
    rnd = random.Random(card + half)
    for _ in range(300):
        if game.decision is None or "round-end 2" in [str(e) for e in game.events[start:]]:
            break
        choices = list(game.decision.choices)
        useful = [c for c in choices if c.kind not in ("skip", "keep", "as-printed")]
        game.choose(rnd.choice(useful or choices))
        assert not violations(game)
    events = [str(e) for e in game.events[start:]]
    assert f"action sawbones {half} {card}" in events
    assert not [e for e in events if e.startswith("unresolved")]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([str(Path(__file__)), "-q"]))
