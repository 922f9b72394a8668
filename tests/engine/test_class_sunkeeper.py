"""Golden tests for the Sunkeeper's wordings as named effects
(the shared wordings of :mod:`delvekit.gloomhaven.effects`), one per card and rule, with the real cards of the
content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element, Strength

from .class_arena import arena, at, finish_round, go, hero


def _strong(game: object, element: Element) -> None:
    elements = game.state.elements  # type: ignore[attr-defined]
    elements.infuse(element)
    elements.end_turn()


def test_purifying_aura_retaliate_2_on_each_melee_attack_spends_a_slot() -> None:
    sun = hero("sunkeeper", ["purifying-aura", "cautious-advance"], (0, 0))
    game = arena([sun], [("normal", (1, 0))], ("attack +0",))
    m = at(game, (1, 0))
    events = go(
        game, "select purifying-aura cautious-advance", "top purifying-aura", "bottom cautious-advance"
    )
    events += finish_round(game)
    assert "bonus sunkeeper retaliate 2 melee-attacked" in events
    assert f"damage {m} 2 retaliate" in events
    assert game.state.figures[m].hp == 8
    active = game.state.characters["sunkeeper"].active
    assert [(a.card, a.used) for a in active] == [("purifying-aura", 1)]
    assert game.state.characters["sunkeeper"].xp == 1  # the first slot's XP
    assert game.state.figures["sunkeeper"].retaliate_bonus == 0  # only for that attack


def test_purifying_aura_retaliate_not_against_a_ranged_attack() -> None:
    from delvekit.gloomhaven.model.setup import MonsterStats

    sun = hero("sunkeeper", ["purifying-aura", "cautious-advance"], (0, 0))
    archer = MonsterStats(health=10, move=0, attack=2, range=3)
    game = arena([sun], [("normal", (2, 0))], ("attack +0",), stats=archer)
    events = go(
        game, "select purifying-aura cautious-advance", "top purifying-aura", "bottom cautious-advance"
    )
    events += finish_round(game)
    assert any(e.startswith("attack dummy#") for e in events)
    assert "bonus sunkeeper retaliate 2 melee-attacked" not in events
    assert [a.used for a in game.state.characters["sunkeeper"].active] == [0]


def test_purifying_aura_strengthens_adjacent_allies_and_light_reaches_range_2() -> None:
    sun = hero("sunkeeper", ["purifying-aura", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    mind = hero("mindthief", ["scurry", "into-the-night"], (-2, 0))
    game = arena([sun, brute, mind], [("normal", (5, -5))])
    go(
        game,
        "select purifying-aura cautious-advance",
        "select grab-and-go shield-bash",
        "select scurry into-the-night",
    )
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    _strong(game, Element.LIGHT)
    events = go(game, "bottom purifying-aura", "consume light")
    assert Condition.STRENGTHEN in game.state.figures["brute"].conditions  # within range 2 too
    assert Condition.STRENGTHEN in game.state.figures["mindthief"].conditions
    assert Condition.STRENGTHEN not in game.state.figures["sunkeeper"].conditions
    assert "consumed sunkeeper light" in events


def finish_round_step(game: object) -> None:
    d = game.decision  # type: ignore[attr-defined]
    names = [str(c) for c in d.choices]
    pick = next((n for n in ("skip", "no-rest", "stop") if n in names), names[0])
    go(game, pick)  # type: ignore[arg-type]


def test_purifying_aura_without_light_strengthens_only_adjacent_allies() -> None:
    sun = hero("sunkeeper", ["purifying-aura", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    mind = hero("mindthief", ["scurry", "into-the-night"], (-2, 0))
    game = arena([sun, brute, mind], [("normal", (5, -5))])
    go(
        game,
        "select purifying-aura cautious-advance",
        "select grab-and-go shield-bash",
        "select scurry into-the-night",
    )
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    go(game, "bottom purifying-aura")
    assert Condition.STRENGTHEN in game.state.figures["brute"].conditions
    assert Condition.STRENGTHEN not in game.state.figures["mindthief"].conditions


def test_brilliant_prayer_an_adjacent_ally_recovers_one_lost_card() -> None:
    sun = hero("sunkeeper", ["brilliant-prayer", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash", "spare-dagger"], (1, 0))
    game = arena([sun, brute], [("normal", (5, -5))])
    ch = game.state.characters["brute"]
    ch.hand.remove("spare-dagger")
    ch.lost.append("spare-dagger")
    go(game, "select brilliant-prayer cautious-advance", "select grab-and-go shield-bash")
    events = go(game, "top brilliant-prayer", "target brute")
    assert game.decision is not None and game.decision.actor == "brute"
    events += go(game, "recover spare-dagger")
    assert "recovered brute spare-dagger lost" in events
    assert "spare-dagger" in ch.hand and "spare-dagger" not in ch.lost
    assert game.state.characters["sunkeeper"].xp == 2


def test_brilliant_prayer_is_never_recovered_from_the_lost_pile() -> None:
    from delvekit.gloomhaven.effects.recovery import _pile

    sun = hero("sunkeeper", ["brilliant-prayer", "cautious-advance"], (0, 0))
    game = arena([sun], [("normal", (5, -5))])
    ch = game.state.characters["sunkeeper"]
    ch.hand.remove("brilliant-prayer")
    ch.lost.append("brilliant-prayer")
    assert _pile(game, "sunkeeper", "lost") == []


def test_empowering_command_light_lets_the_ally_recover_three_discards_for_xp() -> None:
    sun = hero("sunkeeper", ["empowering-command", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash", "spare-dagger", "trample", "wall-of-doom"], (1, 0))
    game = arena([sun, brute], [("normal", (5, -5))])
    ch = game.state.characters["brute"]
    for c in ("spare-dagger", "trample", "wall-of-doom"):
        ch.hand.remove(c)
        ch.discard.append(c)
    _strong(game, Element.LIGHT)
    go(game, "select empowering-command cautious-advance", "select grab-and-go shield-bash")
    go(game, "top empowering-command", "consume light", "target brute")
    go(game, "recover spare-dagger", "recover trample", "recover wall-of-doom")
    assert ch.discard == [] and {"spare-dagger", "trample", "wall-of-doom"} <= set(ch.hand)
    assert game.state.characters["sunkeeper"].xp == 1


def test_empowering_command_without_light_two_discards() -> None:
    sun = hero("sunkeeper", ["empowering-command", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash", "spare-dagger", "trample", "wall-of-doom"], (1, 0))
    game = arena([sun, brute], [("normal", (5, -5))])
    ch = game.state.characters["brute"]
    for c in ("spare-dagger", "trample", "wall-of-doom"):
        ch.hand.remove(c)
        ch.discard.append(c)
    go(game, "select empowering-command cautious-advance", "select grab-and-go shield-bash")
    go(game, "top empowering-command", "target brute", "recover spare-dagger", "recover trample")
    assert ch.discard == ["wall-of-doom"]
    assert game.decision is None or game.decision.actor != "brute" or game.decision.kind != "recover"


def test_protective_blessing_blesses_and_strengthens_one_ally_within_range_3() -> None:
    sun = hero("sunkeeper", ["protective-blessing", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (3, 0))
    game = arena([sun, brute], [("normal", (5, -5))])
    go(game, "select protective-blessing cautious-advance", "select grab-and-go shield-bash")
    d = game.decision
    events = go(game, "top protective-blessing", "target brute")
    assert Condition.STRENGTHEN in game.state.figures["brute"].conditions
    assert "condition brute bless" in events
    assert d is not None


def test_protective_blessing_no_damage_this_round_for_you_and_adjacent_allies() -> None:
    sun = hero("sunkeeper", ["protective-blessing", "holy-strike"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    game = arena([sun, brute], [("normal", (2, 0)), ("normal", (-1, 0))], ("attack +0",))
    go(game, "select protective-blessing holy-strike", "select grab-and-go shield-bash")
    events = go(game, "bottom protective-blessing", "top holy-strike", "skip")
    assert "protected sunkeeper sunkeeper brute" in events
    events += finish_round(game)
    assert any(e.startswith("negated brute 3 attack protected") for e in events)
    assert any(e.startswith("negated sunkeeper 3 attack protected") for e in events)
    assert game.state.figures["brute"].hp == 12 and game.state.figures["sunkeeper"].hp == 12


def test_hammer_blow_light_adds_one_attack_advantage_and_xp() -> None:
    sun = hero("sunkeeper", ["hammer-blow", "cautious-advance"], (0, 0))
    game = arena([sun], [("normal", (1, 0))])
    m = at(game, (1, 0))
    _strong(game, Element.LIGHT)
    go(game, "select hammer-blow cautious-advance")
    events = go(game, "top hammer-blow", "consume light", f"target {m}")
    assert "modifiers sunkeeper drew=+0,+0 applies=+0" in events  # advantage: two cards drawn
    assert f"attack sunkeeper {m} value=5 damage=5" in events
    assert game.state.characters["sunkeeper"].xp == 1


def test_defensive_stance_persistent_shield_and_one_less_move() -> None:
    sun = hero("sunkeeper", ["defensive-stance", "cautious-advance", "tactical-order", "holy-strike"], (0, 0))
    game = arena([sun], [("normal", (5, -5))], ("attack +0",))
    go(game, "select defensive-stance cautious-advance", "bottom defensive-stance", "top cautious-advance")
    finish_round(game)
    assert game.state.figures["sunkeeper"].max_hp == 12
    assert game.shield("sunkeeper") == 1
    go(game, "select tactical-order holy-strike", "bottom tactical-order")
    steps = 0
    while (
        game.decision is not None
        and game.decision.kind == "move"
        and any(c.kind == "step" for c in game.decision.choices)
    ):
        go(game, str(next(c for c in game.decision.choices if c.kind == "step")))
        steps += 1
    assert steps == 3  # Move 4, one less


def test_lay_on_hands_heals_all_damage_of_an_adjacent_ally_and_you_suffer_3() -> None:
    sun = hero("sunkeeper", ["lay-on-hands", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    game = arena([sun, brute], [("normal", (5, -5))])
    game.state.figures["brute"].hp = 4
    go(game, "select lay-on-hands cautious-advance", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    events = go(game, "top lay-on-hands", "target brute")
    events += go(game, "take 3")
    assert game.state.figures["brute"].hp == 12
    assert "healed brute 8" in events
    assert game.state.figures["sunkeeper"].hp == 9


def test_daybreak_dark_adds_one_attack_infuses_light_and_gives_xp() -> None:
    sun = hero("sunkeeper", ["daybreak", "cautious-advance"], (0, 0))
    game = arena([sun], [("normal", (1, 0))])
    m = at(game, (1, 0))
    _strong(game, Element.DARK)
    go(game, "select daybreak cautious-advance")
    events = go(game, "top daybreak", "consume dark", f"target {m}")
    assert f"attack sunkeeper {m} value=4 damage=4" in events
    assert Condition.MUDDLE in game.state.figures[m].conditions
    assert Element.LIGHT in game.state.elements.pending
    assert game.state.characters["sunkeeper"].xp == 1


def test_daybreak_blesses_one_adjacent_ally() -> None:
    sun = hero("sunkeeper", ["daybreak", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    game = arena([sun, brute], [("normal", (5, -5))])
    go(game, "select daybreak cautious-advance", "select grab-and-go shield-bash")
    events = go(game, "bottom daybreak", "stop?", "target brute")
    assert "condition brute bless" in events


def test_beacon_of_light_infuses_light_at_turn_end_unless_strong() -> None:
    sun = hero("sunkeeper", ["beacon-of-light", "cautious-advance", "holy-strike", "hammer-blow"], (0, 0))
    game = arena([sun], [("normal", (5, -5))])
    events = go(
        game, "select beacon-of-light cautious-advance", "bottom beacon-of-light", "top cautious-advance"
    )
    assert "infusing light" in events and "infused light" in events
    assert game.state.elements[Element.LIGHT] is Strength.WANING  # the round has ended
    assert [
        (a.card, a.used) for a in game.state.characters["sunkeeper"].active if a.card == "beacon-of-light"
    ] == [("beacon-of-light", 1)]
    assert game.state.characters["sunkeeper"].xp == 1 + 1  # first slot, and Cautious Advance
    finish_round(game)
    # next round light is Waning: not Strong, so it is infused again
    go(game, "select holy-strike hammer-blow", "bottom hammer-blow", "stop?", "top holy-strike", "skip?")
    assert [a.used for a in game.state.characters["sunkeeper"].active if a.card == "beacon-of-light"] == [2]


def test_beacon_of_light_heals_you_and_every_ally_within_range_4() -> None:
    sun = hero("sunkeeper", ["beacon-of-light", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (4, 0))
    mind = hero("mindthief", ["scurry", "into-the-night"], (-5, 0))
    game = arena([sun, brute, mind], [("normal", (5, -5))])
    for fid in ("sunkeeper", "brute", "mindthief"):
        game.state.figures[fid].hp = 5
    go(
        game,
        "select beacon-of-light cautious-advance",
        "select grab-and-go shield-bash",
        "select scurry into-the-night",
    )
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    go(game, "top beacon-of-light")
    hp = {fid: game.state.figures[fid].hp for fid in ("sunkeeper", "brute", "mindthief")}
    assert hp == {"sunkeeper": 6, "brute": 6, "mindthief": 5}  # the Mindthief is 5 hexes away


def test_glorious_bolt_light_heals_two_targets_for_xp() -> None:
    sun = hero("sunkeeper", ["glorious-bolt", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (2, 0))
    game = arena([sun, brute], [("normal", (5, -5))])
    game.state.figures["brute"].hp = 3
    game.state.figures["sunkeeper"].hp = 3
    _strong(game, Element.LIGHT)
    go(game, "select glorious-bolt cautious-advance", "select grab-and-go shield-bash")
    go(game, "top glorious-bolt", "consume light", "target brute", "target sunkeeper")
    assert game.state.figures["brute"].hp == 8 and game.state.figures["sunkeeper"].hp == 8
    assert game.state.characters["sunkeeper"].xp == 2  # the consumption's and the card's


def test_burning_flash_any_element_adds_one_heal_and_infuses_light() -> None:
    sun = hero("sunkeeper", ["burning-flash", "cautious-advance"], (0, 0))
    game = arena([sun], [("normal", (5, -5))])
    game.state.figures["sunkeeper"].hp = 3
    _strong(game, Element.FIRE)
    go(game, "select burning-flash cautious-advance")
    d = game.decision
    events = go(game, "bottom burning-flash")
    d = game.decision
    assert d is not None and "consume fire" in d.choices
    events = go(game, "consume fire", "target sunkeeper")
    assert game.state.figures["sunkeeper"].hp == 7  # Heal 3 +1
    assert Element.LIGHT in game.state.elements.pending and "consumed sunkeeper fire" in events


def test_mobilizing_axiom_every_ally_within_range_5_may_move_4() -> None:
    sun = hero("sunkeeper", ["mobilizing-axiom", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (2, 0))
    mind = hero("mindthief", ["scurry", "into-the-night"], (0, 3))
    game = arena([sun, brute, mind], [("normal", (5, -5))])
    go(
        game,
        "select mobilizing-axiom cautious-advance",
        "select grab-and-go shield-bash",
        "select scurry into-the-night",
    )
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    events = go(game, "bottom mobilizing-axiom")
    assert "ally-performs brute for=sunkeeper" in events and "ally-performs mindthief for=sunkeeper" in events
    assert sum(1 for t in game.state.agenda if t.kind == "move" and t.n == 4) == 2


def test_scales_of_justice_one_less_attack_and_light_for_two_more_move() -> None:
    sun = hero(
        "sunkeeper", ["scales-of-justice", "cautious-advance", "practical-plans", "holy-strike"], (0, 0)
    )
    game = arena([sun], [("normal", (1, 0))])
    m = at(game, (1, 0))
    go(
        game,
        "select scales-of-justice cautious-advance",
        "top scales-of-justice",
        "bottom cautious-advance",
        "stop?",
    )
    finish_round(game)
    go(game, "select practical-plans holy-strike")
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    events = go(game, "top practical-plans", f"target {m}")
    assert f"attack sunkeeper {m} value=4 damage=4" in events  # Attack 5, -1
    assert game.retaliate("sunkeeper") == 2


def test_scales_of_justice_bottom_light_adds_two_move() -> None:
    sun = hero("sunkeeper", ["scales-of-justice", "cautious-advance"], (0, 0))
    game = arena([sun], [("normal", (5, -5))])
    _strong(game, Element.LIGHT)
    go(game, "select cautious-advance scales-of-justice", "bottom scales-of-justice", "consume light")
    assert any(t.kind == "move" and t.who == "sunkeeper" and t.n == 4 for t in game.state.agenda)
    assert game.state.characters["sunkeeper"].xp == 1


def test_supportive_chant_allies_gain_one_attack_and_two_move_this_round() -> None:
    sun = hero("sunkeeper", ["supportive-chant", "cautious-advance"], (0, 0))
    brute = hero("brute", ["spare-dagger", "grab-and-go"], (3, 0))
    game = arena([sun, brute], [("normal", (4, 0))])
    m = at(game, (4, 0))
    go(game, "select supportive-chant cautious-advance", "select spare-dagger grab-and-go")
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    events = go(game, "top supportive-chant")
    assert "round-attack-bonus brute +1 by=sunkeeper" in events
    assert "round-attack-bonus sunkeeper +1 by=sunkeeper" not in events
    go(game, "bottom cautious-advance", "stop?")
    while game.decision is not None and game.decision.actor != "brute":
        finish_round_step(game)
    events = go(game, "top spare-dagger", f"target {m}")
    assert f"attack brute {m} value=4 damage=4" in events


def test_supportive_chant_bottom_allies_move_two_more_this_round() -> None:
    from delvekit.gloomhaven.effects.active_area import move_bonus

    sun = hero("sunkeeper", ["supportive-chant", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (4, 0))
    game = arena([sun, brute], [("normal", (5, -5))])
    go(game, "select supportive-chant cautious-advance", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    go(game, "bottom supportive-chant")
    assert move_bonus(game, "brute") == 2 and move_bonus(game, "sunkeeper") == 0


def test_angelic_ascension_next_attack_actions_gain_three_wound_and_advantage() -> None:
    sun = hero(
        "sunkeeper", ["angelic-ascension", "cautious-advance", "holy-strike", "practical-plans"], (0, 0)
    )
    game = arena([sun], [("normal", (1, 0))], stats=None)
    m = at(game, (1, 0))
    game.state.figures[m].max_hp = game.state.figures[m].hp = 30
    go(
        game,
        "select angelic-ascension cautious-advance",
        "top angelic-ascension",
        "bottom cautious-advance",
        "stop?",
    )
    finish_round(game)
    go(game, "select practical-plans holy-strike")
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    events = go(game, "top practical-plans", f"target {m}")
    assert f"attack sunkeeper {m} value=8 damage=8" in events  # Attack 5, +3
    assert "modifiers sunkeeper drew=+0,+0 applies=+0" in events
    from delvekit.gloomhaven.model.conditions import Condition as C

    assert C.WOUND in game.state.figures[m].conditions
    active = game.state.characters["sunkeeper"].active
    assert [(a.card, a.used) for a in active if a.card == "angelic-ascension"] == [("angelic-ascension", 1)]


def test_path_of_glory_blesses_every_ally_moved_through() -> None:
    sun = hero("sunkeeper", ["path-of-glory", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    game = arena([sun, brute], [("normal", (5, -5))])
    go(game, "select path-of-glory cautious-advance", "select grab-and-go shield-bash")
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    events = go(game, "bottom path-of-glory", "step 1,0", "step 2,0", "stop")
    assert "condition brute bless" in events


def test_engulfing_radiance_attacks_on_you_and_allies_within_range_4_have_disadvantage() -> None:
    from delvekit.gloomhaven.effects.active_area import attackers_disadvantaged

    sun = hero("sunkeeper", ["engulfing-radiance", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (4, 0))
    mind = hero("mindthief", ["scurry", "into-the-night"], (-5, 0))
    game = arena([sun, brute, mind], [("normal", (5, -5))])
    go(
        game,
        "select engulfing-radiance cautious-advance",
        "select grab-and-go shield-bash",
        "select scurry into-the-night",
    )
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    events = go(game, "bottom engulfing-radiance")
    assert "radiance sunkeeper sunkeeper brute" in events
    figures = game.state.figures
    assert attackers_disadvantaged(game, figures["brute"]) and attackers_disadvantaged(
        game, figures["sunkeeper"]
    )
    assert not attackers_disadvantaged(game, figures["mindthief"])


def test_engulfing_radiance_monster_attack_draws_two_cards() -> None:
    sun = hero("sunkeeper", ["engulfing-radiance", "cautious-advance"], (0, 0))
    game = arena([sun], [("normal", (1, 0))], ("attack +0",))
    events = go(
        game,
        "select engulfing-radiance cautious-advance",
        "bottom engulfing-radiance",
        "top cautious-advance",
    )
    events += finish_round(game)
    drawn = [e for e in events if e.startswith("modifiers dummy#")]
    assert drawn and drawn[0].split()[2].count(",") == 1  # disadvantage: two cards


def test_weapon_of_purity_light_during_an_attack_adds_two_advantage_and_xp() -> None:
    sun = hero(
        "sunkeeper", ["weapon-of-purity", "cautious-advance", "practical-plans", "holy-strike"], (0, 0)
    )
    game = arena([sun], [("normal", (1, 0))])
    m = at(game, (1, 0))
    game.state.figures[m].max_hp = game.state.figures[m].hp = 20
    go(
        game,
        "select weapon-of-purity cautious-advance",
        "top weapon-of-purity",
        "bottom cautious-advance",
        "stop?",
    )
    finish_round(game)
    _strong(game, Element.LIGHT)
    go(game, "select practical-plans holy-strike")
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    go(game, "top practical-plans", f"target {m}")
    d = game.decision
    assert d is not None and d.kind == "consume" and "consume light" in d.choices
    events = go(game, "consume light")
    assert f"attack sunkeeper {m} value=7 damage=7" in events
    assert "modifiers sunkeeper drew=+0,+0 applies=+0" in events
    assert game.state.characters["sunkeeper"].xp == 1


def test_inspiring_sanctity_light_kills_the_adjacent_allys_target_instead() -> None:
    sun = hero("sunkeeper", ["inspiring-sanctity", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    game = arena([sun, brute], [("elite", (2, 0))])
    m = at(game, (2, 0))
    _strong(game, Element.LIGHT)
    go(game, "select cautious-advance inspiring-sanctity", "select grab-and-go shield-bash")
    events = go(game, "top inspiring-sanctity", "consume light", "target brute", f"target {m}")
    assert f"kill brute {m} hex=2,0" in events and m not in game.state.figures
    assert game.state.characters["sunkeeper"].xp == 1 + 2


def test_inspiring_sanctity_every_ally_within_range_3_attacks_xp_for_each() -> None:
    sun = hero("sunkeeper", ["inspiring-sanctity", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (1, 0))
    mind = hero("mindthief", ["scurry", "into-the-night"], (0, 1))
    game = arena([sun, brute, mind], [("normal", (1, 1))])
    m = at(game, (1, 1))
    game.state.figures[m].max_hp = game.state.figures[m].hp = 20
    go(
        game,
        "select cautious-advance inspiring-sanctity",
        "select grab-and-go shield-bash",
        "select scurry into-the-night",
    )
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    events = go(game, "bottom inspiring-sanctity", f"target {m}", f"target {m}")
    assert (
        sum(1 for e in events if e.startswith(f"attack brute {m}") or e.startswith(f"attack mindthief {m}"))
        == 2
    )
    assert game.state.characters["sunkeeper"].xp == 2


def test_divine_intervention_you_may_take_an_allys_damage_reduced_by_one() -> None:
    sun = hero("sunkeeper", ["divine-intervention", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (3, 0))
    game = arena([sun, brute], [("normal", (4, 0))], ("attack +0",))
    go(game, "select divine-intervention cautious-advance", "select grab-and-go shield-bash")
    go(game, "top divine-intervention", "bottom cautious-advance", "stop?")
    while game.decision is not None and game.decision.kind != "intervene":
        finish_round_step(game)
    d = game.decision
    assert d is not None and d.actor == "sunkeeper" and "intervene brute" in d.choices
    events = go(game, "intervene brute", "take 1")
    assert "intervened sunkeeper brute 2" in events  # Attack 3 against the bottom's shield 1
    assert game.state.figures["brute"].hp == 12 and game.state.figures["sunkeeper"].hp == 11


def test_divine_intervention_bottom_shields_you_and_every_ally() -> None:
    sun = hero("sunkeeper", ["divine-intervention", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash"], (3, 0))
    game = arena([sun, brute], [("normal", (4, 0))], ("attack +0",))
    go(game, "select divine-intervention cautious-advance", "select grab-and-go shield-bash")
    from delvekit.gloomhaven.effects.protection import ally_shield

    events = go(game, "top cautious-advance", "bottom divine-intervention")
    figures = game.state.figures
    monster = next(f for f in figures.values() if f.kind == "monster")
    assert ally_shield(game, figures["brute"]) == 1 and ally_shield(game, figures["sunkeeper"]) == 1
    assert ally_shield(game, monster) == 0
    events += finish_round(game)
    assert not any(e.startswith("intervened") for e in events)  # only the bottom is active


def test_unwavering_mandate_an_adjacent_ally_takes_an_extra_turn_with_two_hand_cards() -> None:
    sun = hero("sunkeeper", ["unwavering-mandate", "cautious-advance"], (0, 0))
    brute = hero("brute", ["grab-and-go", "shield-bash", "spare-dagger", "trample"], (1, 0))
    game = arena([sun, brute], [("normal", (2, 0))])
    m = at(game, (2, 0))
    go(game, "select cautious-advance unwavering-mandate", "select grab-and-go shield-bash")
    events = go(game, "top unwavering-mandate", "target brute", "select spare-dagger trample")
    assert "extra-turn brute spare-dagger trample" in events and "turn brute" in events
    d = game.decision
    assert d is not None and d.actor == "brute" and d.kind == "action"
    assert {c.args[0] for c in d.choices if c.args} == {"spare-dagger", "trample"}
    go(game, "top spare-dagger", f"target {m}", "bottom trample")
    while game.decision is not None and game.decision.actor == "brute" and game.decision.kind != "action":
        finish_round_step(game)
    ch = game.state.characters["brute"]
    assert sorted(ch.selected) == ["grab-and-go", "shield-bash"]  # its own turn still to come
    assert "spare-dagger" in ch.discard
    assert game.state.characters["sunkeeper"].xp == 2


def test_weapon_of_purity_light_counts_for_every_target_of_the_attack_action() -> None:
    sun = hero("sunkeeper", ["weapon-of-purity", "cautious-advance", "burning-flash", "holy-strike"], (0, 0))
    game = arena([sun], [("normal", (1, 0)), ("normal", (-1, 0))])
    a, b = at(game, (1, 0)), at(game, (-1, 0))
    for m in (a, b):
        game.state.figures[m].max_hp = game.state.figures[m].hp = 20
    go(
        game,
        "select weapon-of-purity cautious-advance",
        "top weapon-of-purity",
        "bottom cautious-advance",
        "stop?",
    )
    finish_round(game)
    _strong(game, Element.LIGHT)
    go(game, "select burning-flash holy-strike")
    while game.decision is not None and game.decision.actor != "sunkeeper":
        finish_round_step(game)
    go(game, "top burning-flash")
    events: list[str] = []
    while game.decision is not None and game.decision.kind in ("attack", "consume"):
        d = game.decision
        pick = (
            "consume light"
            if "consume light" in d.choices
            else str(max(d.choices, key=lambda c: len(c.args)))
        )
        events += go(game, pick)
    hits = [e for e in events if e.startswith("attack sunkeeper ")]
    assert len(hits) == 2 and all(e.endswith("value=6 damage=6") for e in hits)  # Attack 4 +2 each
    assert sum(1 for e in events if e.startswith("consumed sunkeeper light")) == 1
