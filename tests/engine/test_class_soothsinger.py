"""Golden tests for the Soothsinger's wordings as named effects
(:mod:`delvekit.gloomhaven.effects.classes.soothsinger`), one per rule, with the real cards of the
content pack on an open arena and +0-only modifier decks."""

from __future__ import annotations

from delvekit.gloomhaven.content.adapter import Member, character
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.setup import CharacterSetup, MonsterStats

from .class_arena import PACK, ZEROS, arena, at, finish_round, go, hero, until

FILLER = ["marching-beat", "singing-arrow", "nimble-knife", "warding-dagger"]


def singer(cards: list[str], hex: tuple[int, int], health: int = 10) -> CharacterSetup:
    return hero("soothsinger", cards, hex, health, level=1)


def _until(game: Game, actor: str) -> None:
    """Answer everyone else's decisions (skip, stop, take damage) until ``actor`` decides."""
    until(game, actor)


def test_every_level_1_and_x_card_is_encoded() -> None:
    klass = PACK.classes["soothsinger"]
    low = [c for c in klass.cards if str(c.level) in ("1", "X", "x", "0")]
    assert len(low) == 12 and all(c.encoded for c in low)


def test_power_ballad_plus_1_on_an_allys_first_attack_of_its_turn_and_xp_each_turn() -> None:
    ss = singer(["power-ballad", "marching-beat"], (-3, 0))  # initiative 19 first
    brute = hero("brute", ["trample", "sweeping-blow"], (0, 0))  # 72: attacks after the song starts
    game = arena([ss, brute], [("normal", (1, 0)), ("normal", (-1, 1))])
    m = at(game, (1, 0))
    go(game, "select power-ballad marching-beat", "select trample sweeping-blow")
    events = go(game, "top power-ballad")
    assert "song soothsinger ss-allies-attack-once" in events
    _until(game, "brute")
    events = go(game, "top trample", f"target {m}")
    assert f"attack-bonus brute {m} +1 song+1" in events
    assert f"attack brute {m} value=4 damage=4" in events  # Trample's 3, +1
    events += finish_round(game)
    assert sum(1 for e in events if "song+1" in e) == 1
    assert [a.card for a in game.state.characters["soothsinger"].active] == ["power-ballad"]
    xp = game.state.characters["soothsinger"].xp
    go(game, "select singing-arrow nimble-knife", "select grab-and-go shield-bash")
    _until(game, "soothsinger")
    assert game.state.characters["soothsinger"].xp == xp + 1  # the turn's start, before acting


def test_a_new_song_discards_the_old_one() -> None:
    ss = singer(["power-ballad", "defensive-ditty", "song-of-speed", "marching-beat"], (0, 0))
    game = arena([ss], [("normal", (5, -5))])
    go(game, "select power-ballad marching-beat", "top power-ballad", "bottom marching-beat")
    finish_round(game)
    go(game, "select defensive-ditty song-of-speed")
    events = go(game, "top defensive-ditty")
    assert "card soothsinger power-ballad discard" in events
    finish_round(game)
    ch = game.state.characters["soothsinger"]
    assert [a.card for a in ch.active] == ["defensive-ditty"]
    assert "power-ballad" in ch.discard


def test_defensive_ditty_shield_1_for_allies_not_the_singer() -> None:
    ss = singer(["defensive-ditty", "marching-beat"], (-1, 1))
    brute = hero("brute", ["trample", "sweeping-blow"], (0, 0))
    game = arena([ss, brute], [("normal", (1, 0))], ("attack +0",))
    go(game, "select defensive-ditty marching-beat", "select trample sweeping-blow", "top defensive-ditty")
    events = finish_round(game)
    # the dummy (attack 3, +0) attacks the brute or the singer: the brute takes 2, the singer 3
    hits = [e for e in events if e.startswith("attack dummy")]
    assert hits
    for e in hits:
        assert ("damage=2" in e) == (" brute " in e)


def test_defensive_ditty_negates_the_next_damage_to_the_warded_ally() -> None:
    ss = singer(["defensive-ditty", "marching-beat"], (-2, 0))
    brute = hero("brute", ["trample", "sweeping-blow"], (0, 0))
    game = arena([ss, brute], [("normal", (1, 0))], ("attack +0",))  # the brute is its focus
    go(game, "select defensive-ditty marching-beat", "select trample sweeping-blow")
    events = go(game, "bottom defensive-ditty", "target brute?")
    assert "ss-warded soothsinger brute" in events
    events = go(game, "top marching-beat", "skip?")
    events += finish_round(game)
    assert any(e.startswith("attack dummy") and " brute " in e for e in events)
    assert any(e.startswith("negated brute 3") and e.endswith("warded") for e in events)
    assert game.state.figures["brute"].hp == 12


def test_song_of_speed_muddles_every_enemy_within_range_4() -> None:
    ss = singer(["song-of-speed", "marching-beat"], (0, 0))
    game = arena([ss], [("normal", (2, 0)), ("normal", (4, 0)), ("normal", (5, -5))])
    near, edge, far = at(game, (2, 0)), at(game, (4, 0)), at(game, (5, -5))
    go(game, "select song-of-speed marching-beat", "bottom song-of-speed")
    assert Condition.MUDDLE in game.state.figures[near].conditions
    assert Condition.MUDDLE in game.state.figures[edge].conditions
    assert Condition.MUDDLE not in game.state.figures[far].conditions


def test_song_of_speed_adds_move_and_range_to_allies() -> None:
    ss = singer(["song-of-speed", "marching-beat"], (-5, 0))
    tink = hero("tinkerer", ["stun-shot", "hook-gun"], (0, 0))  # Stun Shot: range 3
    game = arena([ss, tink], [("normal", (4, 0))])
    go(game, "select song-of-speed marching-beat", "select stun-shot hook-gun", "top song-of-speed")
    _until(game, "tinkerer")
    assert game.decision is not None
    go(game, "top stun-shot")
    d = game.decision
    assert d is not None
    assert any(str(c).endswith(at(game, (4, 0))) for c in d.choices)  # range 3 + 1 reaches 4


def test_singing_arrow_curses_every_enemy_in_the_placed_triangle() -> None:
    ss = singer(["singing-arrow", "marching-beat"], (0, 0))
    game = arena([ss], [("normal", (2, 0)), ("normal", (2, 1)), ("normal", (-3, 0))])
    a, b = at(game, (2, 0)), at(game, (2, 1))
    go(game, "select singing-arrow marching-beat", "top singing-arrow")
    d = game.decision
    assert d is not None and d.kind == "area"
    events = go(game, f"area {' '.join(sorted((a, b)))}")
    assert f"condition {a} curse" in events and f"condition {b} curse" in events


def test_throw_voice_moves_the_enemies_in_the_area_one_hex_as_the_singer_chooses() -> None:
    ss = singer(["throw-voice", "marching-beat"], (0, 0))
    game = arena([ss], [("normal", (2, 0))])
    m = at(game, (2, 0))
    go(game, "select throw-voice marching-beat", "bottom throw-voice", f"area {m}?")
    d = game.decision
    assert d is not None and d.kind == "move" and d.actor == "soothsinger"
    go(game, "step 3,0")
    assert game.state.figures[m].hex == (3, 0)
    assert game.state.characters["soothsinger"].xp >= 1


def test_unending_chant_curses_twice_and_spends_a_slot() -> None:
    ss = singer(["unending-chant", "tuning-the-outcome", "singing-arrow", "marching-beat"], (0, 0))
    game = arena([ss], [("normal", (2, 0))])
    m = at(game, (2, 0))
    go(game, "select unending-chant tuning-the-outcome", "top unending-chant")
    events = go(game, "bottom tuning-the-outcome", "stop?")
    d = game.decision
    if d is not None and any(str(c).endswith(m) for c in d.choices):
        events += go(game, next(str(c) for c in d.choices if str(c).endswith(m)))
    assert events.count(f"condition {m} curse") == 2
    assert f"ss-curse-again soothsinger {m}" in events
    assert [a.used for a in game.state.characters["soothsinger"].active] == [1]


def test_wistful_wounding_adds_wound_to_allies_attacks() -> None:
    ss = singer(["wistful-wounding", "marching-beat"], (-3, 0))
    brute = hero("brute", ["trample", "sweeping-blow"], (0, 0))
    game = arena([ss, brute], [("normal", (1, 0))], stats=MonsterStats(health=20, move=0, attack=0))
    m = at(game, (1, 0))
    go(game, "select wistful-wounding marching-beat", "select trample sweeping-blow", "top wistful-wounding")
    _until(game, "brute")
    events = go(game, "top trample", f"target {m}")
    assert "attack-bonus brute" not in " ".join(events)  # a wound, no +1
    assert Condition.WOUND in game.state.figures[m].conditions


SOOTH3 = {c.id: c for c in character(PACK, Member("soothsinger", 3), (0, 0), {"C": 2, "L": 1}).hand}


def singer3(cards: list[str], hex: tuple[int, int]) -> CharacterSetup:
    names = cards + [c for c in FILLER if c not in cards]
    hand = tuple(SOOTH3[c] for c in names)
    return CharacterSetup(
        id="soothsinger",
        class_name="soothsinger",
        max_health=10,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=3,
    )


def test_soothing_lullaby_heals_an_ally_at_the_start_of_its_turn() -> None:
    ss = singer3(["soothing-lullaby", "marching-beat"], (-3, 0))
    brute = hero("brute", ["trample", "sweeping-blow"], (0, 0), health=12)
    game = arena([ss, brute], [("normal", (5, -5))])
    game.state.figures["brute"].hp = 8
    go(game, "select soothing-lullaby marching-beat", "select trample sweeping-blow", "top soothing-lullaby")
    events = go(game, "bottom marching-beat?", "stop?")
    _until(game, "brute")
    events = [str(e) for e in game.events]
    assert "song-heal brute 1" in events
    assert game.state.figures["brute"].hp == 9
    assert game.state.figures["soothsinger"].hp == 10  # never the singer herself


def test_soothing_lullaby_heals_an_ally_whose_turn_start_another_card_takes_over() -> None:
    """The Cragheart's Lumbering Bash takes the start of his turn over (its heal, then his turn):
    Soothing Lullaby still heals him at that start, as it does any ally whose turn starts."""
    from delvekit.gloomhaven.engine.state import ActiveCard

    from .test_class_cragheart import crag

    ss = singer3(["soothing-lullaby", "marching-beat"], (-3, 0))
    cr = crag(["crushing-grasp", "earthen-clod", "lumbering-bash"], (0, 0))
    game = arena([ss, cr], [("normal", (5, -5))])
    ch = game.state.characters["cragheart"]
    ch.hand.remove("lumbering-bash")
    ch.active.append(ActiveCard("lumbering-bash", "persistent", True, "bottom"))
    game.state.figures["cragheart"].hp = 8
    go(game, "select soothing-lullaby marching-beat", "select crushing-grasp earthen-clod")
    go(game, "top soothing-lullaby")
    start = len(game.events)
    _until(game, "cragheart")
    d = game.decision
    assert d is not None and "heal cragheart" in {str(c) for c in d.choices}  # Lumbering Bash asks
    events = [str(e) for e in game.events[start:]]
    assert "song-heal cragheart 1" in events
    assert game.state.figures["cragheart"].hp == 9
    go(game, "heal cragheart")
    assert game.state.figures["cragheart"].hp == 11  # Lumbering Bash's Heal 2 as well


def test_echoing_aria_gives_allies_retaliate_2_range_2_each_round() -> None:
    ss = singer3(["echoing-aria", "marching-beat", "change-tempo", "crippling-chorus"], (-3, 0))
    brute = hero("brute", ["trample", "sweeping-blow"], (0, 0))
    game = arena([ss, brute], [("normal", (2, 0))])
    go(game, "select echoing-aria marching-beat", "select trample sweeping-blow", "top echoing-aria")
    assert (2, 2) in game.state.figures["brute"].retaliate_far
    assert game.state.figures["soothsinger"].retaliate_far == ()
    finish_round(game)  # the round ends (bonuses cleared), the next starts: the song still acts
    assert game.state.figures["brute"].retaliate_far == ((2, 2),)
    assert "echoing-aria" in [a.card for a in game.state.characters["soothsinger"].active]


def test_change_tempo_immobilizes_and_crippling_chorus_stuns_every_enemy_in_range_3() -> None:
    for card, condition in (("change-tempo", Condition.IMMOBILIZE), ("crippling-chorus", Condition.STUN)):
        ss = singer3([card, "marching-beat"], (0, 0))
        game = arena([ss], [("normal", (3, 0)), ("normal", (4, 0))])
        near, far = at(game, (3, 0)), at(game, (4, 0))
        go(game, f"select {card} marching-beat", f"top {card}")
        assert condition in game.state.figures[near].conditions
        assert condition not in game.state.figures[far].conditions
    assert "crippling-chorus" in game.state.characters["soothsinger"].lost


SOOTH4 = {c.id: c for c in character(PACK, Member("soothsinger", 4), (0, 0), {"C": 2, "L": 1}).hand}


def singer4(cards: list[str], hex: tuple[int, int]) -> CharacterSetup:
    hand = tuple(SOOTH4[c] for c in cards + [c for c in FILLER if c not in cards])
    return CharacterSetup(
        id="soothsinger",
        class_name="soothsinger",
        max_health=10,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=4,
    )


def test_disorienting_dirge_gives_monster_attacks_disadvantage() -> None:
    ss = singer4(["disorienting-dirge", "marching-beat"], (0, 0))
    game = arena([ss], [("normal", (1, 0))], ("attack +0",))
    go(game, "select disorienting-dirge marching-beat", "top disorienting-dirge")
    events = finish_round(game)
    drew = [e for e in events if e.startswith("modifiers dummy")]
    assert drew and all(e.count("+0") >= 2 for e in drew)  # two cards drawn: disadvantage


def test_disorienting_dirge_bottom_curses_enemies_and_blesses_allies_in_range_3() -> None:
    ss = singer4(["disorienting-dirge", "marching-beat"], (0, 0))
    brute = hero("brute", ["trample", "sweeping-blow"], (2, 0))
    game = arena([ss, brute], [("normal", (3, 0)), ("normal", (5, -5))])
    near, far = at(game, (3, 0)), at(game, (5, -5))
    go(game, "select disorienting-dirge marching-beat", "select trample sweeping-blow")
    events = go(game, "bottom disorienting-dirge")
    assert f"condition {near} curse" in events and f"condition {far} curse" not in events
    assert "condition brute bless" in events and "condition soothsinger bless" not in events


def test_inspiring_anthem_any_one_ally_attacks_5() -> None:
    ss = singer4(["inspiring-anthem", "marching-beat"], (-5, 0))  # far away: no range
    brute = hero("brute", ["trample", "sweeping-blow"], (3, 0))
    game = arena([ss, brute], [("normal", (4, 0))], stats=MonsterStats(health=20, move=0, attack=0))
    m = at(game, (4, 0))
    go(game, "select inspiring-anthem marching-beat", "select trample sweeping-blow")
    events = go(game, "bottom inspiring-anthem", "ally brute?", f"target {m}?")
    assert "ally-performs brute for=soothsinger" in events
    assert f"attack brute {m} value=5 damage=5" in events


SOOTH5 = {c.id: c for c in character(PACK, Member("soothsinger", 5), (0, 0), {"C": 2, "L": 1}).hand}


def singer5(cards: list[str], hex: tuple[int, int]) -> CharacterSetup:
    hand = tuple(SOOTH5[c] for c in cards + [c for c in FILLER if c not in cards])
    return CharacterSetup(
        id="soothsinger",
        class_name="soothsinger",
        max_health=10,
        hand_limit=len(hand),
        hand=hand,
        hex=hex,
        modifiers=ZEROS,
        level=5,
    )


def test_melody_and_harmony_keeps_two_songs_and_xp_from_one() -> None:
    cards = ["melody-and-harmony", "power-ballad", "defensive-ditty", "song-of-speed", "wistful-wounding"]
    ss = singer5(cards, (0, 0))
    game = arena([ss], [("normal", (5, -5))])
    go(game, "select melody-and-harmony marching-beat", "top melody-and-harmony")
    finish_round(game)
    go(game, "select power-ballad singing-arrow", "top power-ballad")
    finish_round(game)
    go(game, "select defensive-ditty nimble-knife", "top defensive-ditty")
    finish_round(game)
    ch = game.state.characters["soothsinger"]
    assert {a.card for a in ch.active} == {"melody-and-harmony", "power-ballad", "defensive-ditty"}
    xp = ch.xp
    go(game, "select song-of-speed wistful-wounding")
    _until(game, "soothsinger")
    assert ch.xp == xp + 1  # two songs active, one XP
    events = go(game, "top song-of-speed", "discard power-ballad")  # a third song: drop one
    assert "card soothsinger power-ballad discard" in events
    assert {a.card for a in ch.active} == {"melody-and-harmony", "defensive-ditty", "song-of-speed"}


def test_mobilizing_measure_an_ally_may_move_1_before_its_attack() -> None:
    ss = singer5(["mobilizing-measure", "marching-beat"], (-5, 0))
    brute = hero("brute", ["trample", "sweeping-blow"], (0, 0))
    game = arena([ss, brute], [("normal", (2, 0))], stats=MonsterStats(health=20, move=0, attack=0))
    m = at(game, (2, 0))
    go(
        game,
        "select mobilizing-measure marching-beat",
        "select trample sweeping-blow",
        "top mobilizing-measure",
    )
    _until(game, "brute")
    go(game, "top trample")
    d = game.decision
    assert d is not None and d.kind == "move-first"
    go(game, "move-first", "step 1,0")
    events = go(game, f"target {m}")
    assert game.state.figures["brute"].hex == (1, 0)
    assert f"attack brute {m} value=3 damage=3" in events
