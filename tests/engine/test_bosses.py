"""Golden tests for every base-game boss (rules digest §10.5), each named after the boss and the
rule: its special actions doing what its stat card (and scenario book) says on a small open map,
its immunities refusing a condition, and its health formula for two to four characters.

The setups are the content pack's own stat lines and Boss deck as the adapter converts them
(``test_monster_card_coverage.arena``): the boss three hexes from the characters, its card stacked
on top of the deck, the monster modifier deck all ``+0``. Boss deck cards 575-577 show "special 1",
572-574 "special 2"."""

from __future__ import annotations

import random

import msgspec
import pytest

from delvekit.cli.play import new_game
from delvekit.core.decks import Deck
from delvekit.core.hexes import distance
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.engine.game import MONSTER_DECK, Game
from delvekit.gloomhaven.engine.monster_turn import monster_actions
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import cards_of
from delvekit.gloomhaven.model.rule_text import parse_rule_line, rule_line
from delvekit.gloomhaven.model.scenario_rules import Marker, Win, of_kind
from delvekit.gloomhaven.model.setup import Card

from .helpers import card, half
from .test_monster_card_coverage import all_strong, arena, play_round, start

PACK = load_pack()
SPECIAL_1, SPECIAL_2 = "575", "572"


def boss_round(
    name: str,
    card_id: str,
    *,
    players: int = 2,
    strong: tuple[Element, ...] = (),
    others: tuple[tuple[str, str, tuple[int, int]], ...] = (),
    hand: tuple[Card, ...] = (),
    prepare: object = None,
    monster_hex: tuple[int, int] = (3, 0),
    rules: tuple[str, ...] = (),
) -> tuple[Game, list[str]]:
    """Round 1 with ``card_id`` on top of the boss's deck; the events of the round (``rules``:
    scenario rule records in their text form)."""
    setup = arena(PACK, name, players=players, others=others, hand=hand, monster_hex=monster_hex)
    setup = msgspec.structs.replace(setup, rules=tuple(parse_rule_line(x) for x in rules))
    game = start(setup)
    deck = PACK.monster(name).deck
    game.state.decks[deck] = Deck.from_state([card_id], [c.id for c in setup.decks[deck] if c.id != card_id])
    game.state.modifier_decks[MONSTER_DECK] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
    if strong == tuple(Element):
        all_strong(game)
    else:
        for e in strong:
            game.state.elements.infuse(e)
        game.state.elements.end_turn()
    if callable(prepare):
        prepare(game)
    return game, play_round(game, random.Random(0))


def boss_id(game: Game, name: str) -> str:
    return next(f.id for f in game.state.monsters(name))


def mine(events: list[str], fid: str) -> list[str]:
    return [e for e in events if fid in e.split()[1:2]]


# ------------------------------------------------------------------ health (§10.5)

HEALTH = {  # level-1 stat card formula (monster level 1) -> health for 2, 3, 4 characters
    "arcane-golem": ("11xC", (22, 33, 44)),
    "bandit-commander": ("10xC", (20, 30, 40)),
    "bloated-regent": ("10xC/2", (10, 15, 20)),
    "captain-of-the-guard": ("9xC", (18, 27, 36)),
    "dark-rider": ("10xC", (20, 30, 40)),
    "elder-drake": ("12xC", (24, 36, 48)),
    "giant-ooze": ("9xC", (18, 27, 36)),
    "hungry-soul": ("6xC/2", (6, 9, 12)),
    "infiltrator": ("12", (12, 12, 12)),
    "inox-bodyguard": ("7xC", (14, 21, 28)),
    "jekserah": ("7xC", (14, 21, 28)),
    "lurker-king": ("9", (9, 9, 9)),
    "merciless-overseer": ("8xC", (16, 24, 32)),
    "prime-demon": ("9xC", (18, 27, 36)),
    "prime-demon-scenario-36": ("18xC", (36, 54, 72)),
    "prime-lieutenant": ("15", (15, 15, 15)),
    "siege-cannon": ("18", (18, 18, 18)),
    "the-betrayer": ("12xC", (24, 36, 48)),
    "the-colorless": ("10xC", (20, 30, 40)),
    "the-gloom": ("25xC", (50, 75, 100)),
    "the-harvester": ("6", (6, 6, 6)),
    "the-sightless-eye": ("8xC", (16, 24, 32)),
    "winged-horror": ("7xC", (14, 21, 28)),
}


def test_every_boss_of_the_content_has_a_health_case() -> None:
    assert set(HEALTH) == {n for n, m in PACK.monsters.items() if m.boss}


@pytest.mark.parametrize("name", sorted(HEALTH))
def test_boss_health_formula_for_two_to_four_characters(name: str) -> None:
    """`8xC`, `10xC/2` (rounded up), a fixed number: evaluated for the party size (§10.5)."""
    text, expected = HEALTH[name]
    assert str(PACK.monster(name).stats(1, "boss").health) == text
    for players, hp in zip((2, 3, 4), expected, strict=True):
        game = start(arena(PACK, name, players=players))
        boss = game.state.figures[boss_id(game, name)]
        assert (boss.rank, boss.hp, boss.max_hp) == ("boss", hp, hp), (name, players)


# ------------------------------------------------------------------ immunities


@pytest.mark.parametrize("name", sorted(n for n, m in PACK.monsters.items() if m.boss and m.immunities))
def test_boss_immunities_refuse_conditions_and_curses(name: str) -> None:
    game = start(arena(PACK, name))
    fid = boss_id(game, name)
    immune = set(PACK.monster(name).immunities)
    for condition in Condition:
        if condition.value in immune:
            assert game.add_condition(fid, condition) is False
            assert str(game.events[-1]) == f"immune {fid} {condition.value}"
    if "curse" in immune:
        assert game.add_modifier_card(fid, "curse") is False
    else:
        assert game.add_modifier_card(fid, "curse") is True
    allowed = [c for c in (Condition.POISON, Condition.WOUND, Condition.MUDDLE) if c.value not in immune]
    for condition in allowed:
        assert game.add_condition(fid, condition) is True


@pytest.mark.parametrize("name", ["elder-drake", "the-sightless-eye"])
def test_boss_immune_to_push_and_pull_is_not_moved(name: str) -> None:
    """Elder Drake and Sightless Eye: immune to push and pull (stat card)."""
    push = half("attack 1 push 2")
    shove = tuple(card(f"p{i}", 10 + i, top=push, bottom=push) for i in range(8))
    game, events = boss_round(name, "578", hand=shove, monster_hex=(1, 0))
    fid = boss_id(game, name)
    assert f"immune {fid} push" in events
    assert not [e for e in events if e.startswith(f"forced {fid}")]
    assert game.state.figures[fid].hex == (1, 0)


# ------------------------------------------------------------------ specials


def test_bandit_commander_special_2_summons_living_bones_that_do_not_act_and_drop_no_money() -> None:
    game, events = boss_round("bandit-commander", SPECIAL_2)
    summoned = [e for e in events if e.startswith("summoned living-bones#")]
    assert len(summoned) == 1 and " normal " in summoned[0]  # normal for two characters
    bones = summoned[0].split()[1]
    assert f"turn {bones}" not in events  # a summon never acts the round it appears (§10.4)
    game.lose_hp(game.state.figures[bones], 99, "test")
    assert "coin-dropped" not in [e.kind for e in game.events[-3:]]  # and drops no money


def test_bandit_commander_special_1_without_a_closed_door_stays() -> None:
    game, events = boss_round("bandit-commander", SPECIAL_1)
    assert f"no-door {boss_id(game, 'bandit-commander')}" in events


def test_captain_of_the_guard_special_1_heals_self_and_all_allies() -> None:
    def hurt(game: Game) -> None:
        for f in game.state.monsters():
            f.hp -= 3

    game, events = boss_round(
        "captain-of-the-guard", SPECIAL_1, others=(("city-guard", "normal", (4, 0)),), prepare=hurt
    )
    cap, guard = boss_id(game, "captain-of-the-guard"), boss_id(game, "city-guard")
    assert f"healed {cap} 2" in events and f"healed {guard} 2" in events


def test_captain_of_the_guard_special_2_gives_allies_plus_1_attack_this_round() -> None:
    game, events = boss_round("captain-of-the-guard", SPECIAL_2, others=(("city-guard", "normal", (1, -1)),))
    cap, guard = boss_id(game, "captain-of-the-guard"), boss_id(game, "city-guard")
    assert f"allies-bonus {cap} +1" in events
    bonus = [e for e in events if e.startswith(f"attack-bonus {guard} ")]
    assert bonus and bonus[0].endswith("+1 allies-bonus")
    attack = next(e for e in events if e.startswith(f"attack {guard} "))
    base = PACK.monster("city-guard").stats(1, "normal").attack
    played = next(e for e in events if e.startswith("activate city-guard ")).split("card=")[1]
    guard_card = next(c for c in game.setup.decks["guard"] if c.id == played)
    card_value = next(a.value for a in guard_card.actions if a.kind == "attack")  # on the stat line
    assert f"value={int(base) + card_value + 1}" in attack


def test_dark_rider_attack_is_3_plus_hexes_moved_and_special_2_summons_between_move_and_attack() -> None:
    _, events = boss_round("dark-rider", SPECIAL_2)
    rider = next(e.split()[1] for e in events if e.startswith("turn dark-rider#"))  # it then left
    moved = [e for e in events if e.startswith(f"moved {rider} ")]
    order = [e.split()[0] for e in events if e.split()[0] in ("move-ended", "summoned", "attack")]
    assert order[:3] == ["move-ended", "summoned", "attack"]
    attack = next(e for e in events if e.startswith(f"attack {rider} "))
    assert f"value={3 + len(moved) - 1}" in attack  # level 1: 3+X; the card: Attack -1


def test_elder_drake_special_1_area_attack_hits_every_figure_in_its_pattern() -> None:
    game, events = boss_round("elder-drake", SPECIAL_1, monster_hex=(2, 0))
    drake = boss_id(game, "elder-drake")
    attacks = [e for e in events if e.startswith(f"attack {drake} ")]
    assert attacks and not [e for e in events if e.startswith(f"moved {drake}")]  # it cannot move


def test_inox_bodyguard_attack_is_c_based_and_special_2_retaliates_3() -> None:
    for players in (2, 4):
        game, events = boss_round("inox-bodyguard", SPECIAL_2, players=players)
        guard = boss_id(game, "inox-bodyguard")
        attack = next(e for e in events if e.startswith(f"attack {guard} "))
        assert f"value={1 + players}" in attack  # level 1: 1+C
        assert f"bonus {guard} retaliate 3" in events


def test_jekserah_special_1_summons_two_living_bones_for_two_characters() -> None:
    _, events = boss_round("jekserah", SPECIAL_1)
    assert len([e for e in events if e.startswith("summoned living-bones#")]) == 2
    _, events = boss_round("jekserah", SPECIAL_1, players=3)
    ranks = sorted(e.split()[2] for e in events if e.startswith("summoned living-bones#"))
    assert ranks == ["elite", "normal"]


def test_merciless_overseer_attack_counts_scouts_and_special_1_makes_them_act_again() -> None:
    scouts = (("vermling-scout", "normal", (4, 0)), ("vermling-scout", "normal", (4, -1)))
    game, events = boss_round("merciless-overseer", SPECIAL_1, others=scouts)
    assert f"act-again {boss_id(game, 'merciless-overseer')} scouts=2" in events
    game, events = boss_round("merciless-overseer", "578", others=scouts, monster_hex=(1, 0))
    attack = next(e for e in events if e.startswith("attack merciless-overseer#"))
    assert "value=2" in attack  # V = 2 scouts, Attack +0


def test_prime_demon_special_throne_moves_and_summons_the_demon_of_its_place() -> None:
    game, events = boss_round("prime-demon", SPECIAL_2)
    demon = boss_id(game, "prime-demon")
    assert f"throne-moved {demon} a" in events
    summoned = next(e for e in events if e.startswith("summoned "))
    assert summoned.startswith("summoned frost-demon#") and " normal " in summoned  # place a, 2 chars
    game, events = boss_round("prime-demon", SPECIAL_1, players=3)
    summoned = next(e for e in events if e.startswith("summoned "))
    assert " elite " in summoned  # special 1: elite for three or four characters


def test_prime_demon_scenario_36_specials_are_move_and_attack() -> None:
    game, events = boss_round("prime-demon-scenario-36", SPECIAL_1)
    demon = boss_id(game, "prime-demon-scenario-36")
    assert [e for e in events if e.startswith(f"attack {demon} ")]
    assert not [e for e in events if e.startswith("summoned ")]


def test_the_betrayer_special_1_summons_vipers_and_special_2_forces_characters_next_to_it() -> None:
    for players, ranks in ((2, ["elite"]), (3, ["elite", "normal"]), (4, ["elite", "elite"])):
        _, events = boss_round("the-betrayer", SPECIAL_1, players=players)  # as the book prints them
        assert sorted(e.split()[2] for e in events if e.startswith("summoned giant-viper#")) == ranks
    game, events = boss_round("the-betrayer", SPECIAL_2)
    betrayer = game.state.figures[boss_id(game, "the-betrayer")]
    controlled = next(e for e in events if e.startswith("mind-controlled "))
    assert controlled.split()[1] in ("hero0", "hero1")
    # each character was forced next to the Betrayer during its turn (they may move on later)
    first = [e for e in events if e.startswith("move-ended hero")][:2]
    assert len(first) == 2
    for e in first:
        q, r = (int(x) for x in e.split()[2].split(","))
        assert distance((q, r), betrayer.hex) == 1


def test_the_colorless_special_1_consumes_dark_to_summon_a_night_demon_and_turns_invisible() -> None:
    game, events = boss_round("the-colorless", SPECIAL_1, strong=(Element.DARK,))
    colorless = boss_id(game, "the-colorless")
    assert "consumed the-colorless dark" in events
    assert any(e.startswith("summoned night-demon#") for e in events)
    assert f"condition {colorless} invisible" in events
    game, events = boss_round("the-colorless", SPECIAL_1)  # no dark: no demon
    assert not any(e.startswith("summoned ") for e in events)


def test_the_gloom_special_2_teleports_away_keeping_its_focus_in_range_5() -> None:
    game, events = boss_round("the-gloom", SPECIAL_2)
    gloom = game.state.figures[boss_id(game, "the-gloom")]
    teleported = next(e for e in events if e.startswith(f"teleported {gloom.id} "))
    q, r = (int(x) for x in teleported.split()[2].split(","))
    assert distance((q, r), (0, 0)) <= 5 and distance((q, r), (0, 0)) > 3  # away, yet in range
    attack = next(e for e in events if e.startswith(f"attack {gloom.id} "))
    target = attack.split()[2]
    assert f"condition {target} stun" in events and f"condition {target} poison" in events


def test_the_gloom_special_1_moves_9_and_attacks_plus_9() -> None:
    _, events = boss_round("the-gloom", SPECIAL_1)
    attack = next(e for e in events if e.startswith("attack the-gloom#"))
    assert "value=14" in attack  # level 1: Attack 5, +9


def test_the_sightless_eye_special_1_summons_a_deep_terror_and_attacks_its_area() -> None:
    game, events = boss_round("the-sightless-eye", SPECIAL_1)
    eye = boss_id(game, "the-sightless-eye")
    assert any(e.startswith("summoned deep-terror#") for e in events)
    assert len([e for e in events if e.startswith(f"attack {eye} ")]) == 2  # both characters in the area


def test_winged_horror_special_2_lays_c_eggs_after_attacking_and_special_1_hatches_them() -> None:
    """Scenario 46: after its attacks, special 2 summons C eggs (2 + L/2 hit points, rounded up);
    after its attacks, special 1 destroys every egg and a normal Night Demon appears on its hex."""
    game, events = boss_round("winged-horror", SPECIAL_2, players=3, monster_hex=(2, 0))
    horror = boss_id(game, "winged-horror")
    laid = [e for e in events if e.startswith("egg-laid ")]
    assert len(laid) == 3 and all("hp=3" in e for e in laid)  # level 1: 2 + 1/2 rounded up
    kinds = [e.split()[0] for e in events if e.split()[0] in ("attack", "egg-laid")]
    assert kinds.index("egg-laid") > kinds.index("attack")  # after its attacks
    eggs = {f.id: f.hex for f in game.state.figures.values() if f.kind == "objective"}
    assert len(eggs) == 3 and all(distance(h, game.state.figures[horror].hex) == 1 for h in eggs.values())
    deck = PACK.monster("winged-horror").deck
    game.state.decks[deck] = Deck.from_state([SPECIAL_1], ["573", "574", "576"])
    events = play_round(game, random.Random(1))
    left = [f.id for f in game.state.figures.values() if f.kind == "objective"]
    hatched = [e for e in events if e.startswith("egg-hatched ")]
    assert not left and len(hatched) == len([e for e in eggs if e not in left])
    born = [e for e in events if e.startswith("summoned night-demon#")]
    assert len(born) == len(hatched)
    for e in born:
        demon = e.split()[1]
        assert f"turn {demon}" not in events  # it does not act the round it appears


def test_the_betrayer_special_1_forces_characters_to_move_4_away() -> None:
    game, events = boss_round("the-betrayer", SPECIAL_1, monster_hex=(1, 0))
    betrayer = game.state.figures[boss_id(game, "the-betrayer")]
    turn = events.index(f"turn {betrayer.id}")
    summoned = max(i for i, e in enumerate(events) if e.startswith("summoned giant-viper#"))
    forced = [e for e in events[turn:] if e.startswith("move-ended hero")]
    assert len(forced) == 2 and events.index(forced[0]) > summoned  # after its summon
    before = {e.split()[1]: e.split()[2] for e in events[:turn] if e.startswith("move-ended hero")}
    for e in forced:
        hero, to = e.split()[1], e.split()[2]
        q, r = (int(x) for x in to.split(","))
        start = tuple(int(x) for x in before.get(hero, "0,0" if hero == "hero0" else "0,1").split(","))
        assert distance((q, r), betrayer.hex) >= distance(start, betrayer.hex)  # type: ignore[arg-type]


def test_boss_specials_use_the_scenarios_map_marks_when_given() -> None:
    """The Gloom jumps to its marks a, b, c in turn; the Elder Drake flies to its perch a first."""
    marks = ("marker|a|-3,5", "marker|b|5,-5", "marker|c|-5,0")
    game, events = boss_round("the-gloom", SPECIAL_2, rules=marks)
    assert f"teleported {boss_id(game, 'the-gloom')} -3,5" in events
    game, events = boss_round("elder-drake", SPECIAL_2, rules=marks)
    drake = game.state.figures[boss_id(game, "elder-drake")]
    assert f"perch {drake.id} a" in events and drake.hex == (-3, 5)


# ------------------------------------------------------- scenario bosses on regular decks


@pytest.mark.parametrize(
    ("name", "trait", "value"),
    [
        ("arcane-golem", "shield", 2),
        ("hungry-soul", "shield", 5),
        ("hungry-soul", "targets", 3),
        ("infiltrator", "retaliate", 2),
        ("lurker-king", "pierce", 1),
        ("siege-cannon", "range", 5),
        ("the-harvester", "shield", 2),
        ("giant-ooze", "range", 3),
        ("prime-lieutenant", "adds", (Condition.WOUND,)),
        ("bloated-regent", "attack", 4),
    ],
)
def test_scenario_boss_has_its_boss_stat_line_on_a_monster_deck(name: str, trait: str, value: object) -> None:
    """Scenario bosses use a regular deck (no specials) with their own boss stat line."""
    game = start(arena(PACK, name))
    boss = game.state.figures[boss_id(game, name)]
    stats = game.tables.types[name].stats("boss")
    assert boss.rank == "boss" and getattr(stats, trait) == value


def _controlled_round(game: Game, picks: dict[str, str]) -> list[str]:
    """Play round 1: each character plays its cards in ``picks``, other choices at random."""
    rnd = random.Random(0)
    first = len(game.events)
    while game.decision is not None and not any(e.kind == "round-end" for e in game.events[first:]):
        d = game.decision
        text = picks.get(d.actor) if d.kind == "select" else None
        game.choose(text if text is not None else rnd.choice(list(d.choices)))
    return [str(e) for e in game.events[first:]]


def _betrayer_game(hand: tuple[Card, ...]) -> Game:
    """Two characters with ``hand``, the Betrayer three hexes away showing special 2."""
    setup = arena(PACK, "the-betrayer", players=2, hand=hand, monster_hex=(3, 0))
    game = start(setup)
    deck = PACK.monster("the-betrayer").deck
    rest = [c.id for c in setup.decks[deck] if c.id != SPECIAL_2]
    game.state.decks[deck] = Deck.from_state([SPECIAL_2], rest)
    return game


def test_the_betrayer_mind_control_plays_the_latest_characters_turn_against_its_allies() -> None:
    """Scenario 79, special 2: the character playing two cards latest is mind controlled; on its
    turn it performs "Move 2" and its leading card's top action treating its allies as enemies
    (the monsters' rules decide), then discards both cards even if one would be lost."""
    hand = tuple(card(f"c{i}", 60 + i, half("attack 3", lost=True), half("move 1")) for i in range(8))
    game = _betrayer_game(hand)
    game.state.modifier_decks["hero1"] = ModifierDeck(draw_pile=cards_of(["+0"] * 20))
    events = _controlled_round(game, {"hero0": "select c1 c2", "hero1": "select c6 c5"})
    assert "mind-controlled hero1 by=the-betrayer#1" in events  # initiative 66 after hero0's 61
    turn = events.index("turn hero1")
    assert events[turn + 1] == "controlled-turn hero1 card=c6"
    mine_now = events[turn:]
    assert not [e for e in mine_now if e.startswith("action hero1 ")]  # the players do not choose
    attack = next(e for e in mine_now if e.startswith("attack hero1 "))
    assert attack.split()[2] == "hero0" and "value=3" in attack  # its ally, with its card's Attack 3
    assert "card hero1 c6 discard" in mine_now and "card hero1 c5 discard" in mine_now  # not lost
    ch = game.state.characters["hero1"]
    assert {"c5", "c6"} <= set(ch.discard) and not ch.lost and not ch.selected
    assert "mind-control-ended hero1" in mine_now
    assert not any(k.startswith("mind-controlled:") for k in game.state.scenario_marks)
    assert [e for e in events[:turn] if e.startswith("action hero0 ")]  # hero0 played its own turn


def test_the_betrayer_mind_control_moves_2_toward_an_ally_out_of_reach() -> None:
    """The controlled character walks its "Move 2" toward the ally it would attack, like a
    monster with no target in reach."""
    hand = tuple(card(f"c{i}", 60 + i, half("attack 2")) for i in range(8))
    game = _betrayer_game(hand)
    picks = {"hero0": "select c1 c2", "hero1": "select c6 c5"}
    rnd = random.Random(0)
    while (d := game.decision) is not None and (d.actor, d.kind) != ("hero0", "action"):
        text = picks.get(d.actor) if d.kind == "select" else None
        game.choose(text if text is not None else rnd.choice(list(d.choices)))
    game.state.figures["hero0"].hex = (-4, 2)  # after the Betrayer pulled it close, far again
    start_hex = game.state.figures["hero1"].hex
    events = _controlled_round(game, {})
    turn = events.index("turn hero1")
    moved = [e for e in events[turn:] if e.startswith("move-ended hero1 ")]
    end = tuple(int(x) for x in moved[0].split()[2].split(","))
    assert distance(start_hex, (-4, 2)) > 3
    assert distance(end, (-4, 2)) == distance(start_hex, (-4, 2)) - 2  # type: ignore[arg-type]
    assert not [e for e in events[turn:] if e.startswith("attack hero1 ")]  # still out of reach


def test_elder_drake_special_2_summons_two_undamageable_zephyrs_acting_right_before_it() -> None:
    """Scenario 34: special 2 summons two zephyrs (numbered tokens that cannot be damaged in any
    way); each round, immediately before the Elder Drake's turn, each performs "Move 2, Attack C"
    (not in the round they appear); they leave the map with the drake."""
    game, events = boss_round("elder-drake", SPECIAL_2, players=3, monster_hex=(3, 0))
    drake = boss_id(game, "elder-drake")
    placed = [e for e in events if e.startswith("zephyr ")]
    assert len(placed) == 2 and all(e.endswith(f"by={drake}") for e in placed)
    zs = [f for f in game.state.figures.values() if f.kind == "objective" and f.name == "Zephyr"]
    assert len(zs) == 2 and all(distance(z.hex, game.state.figures[drake].hex) == 1 for z in zs)
    assert all(z.side == "monsters" and z.owner == drake for z in zs)
    assert not [e for e in events if e.startswith("turn zephyr.")]  # not the round they appear
    deck = PACK.monster("elder-drake").deck
    game.state.decks[deck] = Deck.from_state(["573"], ["574", "576", "575", "572", "577", "578"])
    events = play_round(game, random.Random(1))
    turns = [e.split()[1] for e in events if e.startswith("turn ")]
    at = turns.index(drake)
    assert turns[at - 2 : at] == ["zephyr.1", "zephyr.2"]  # right before the drake
    assert events.index("activate elder-drake card=573") < events.index("turn zephyr.1")
    attacks = [e for e in events if e.startswith("attack zephyr.")]
    assert attacks and all(e.split()[3] == "value=3" for e in attacks)  # Attack C, +0 modifiers
    for z in ("zephyr.1", "zephyr.2"):
        game.lose_hp(game.state.figures[z], 5, "attack")  # cannot be damaged in any way
        assert game.state.figures[z].hp == 1
        assert str(game.events[-1]) == f"negated {z} 5 attack undamageable"
    game.lose_hp(game.state.figures[drake], 999, "attack")
    assert not [f for f in game.state.figures.values() if f.name == "Zephyr"]


def test_zephyr_attack_is_c_and_its_move_2() -> None:
    game, _ = boss_round("elder-drake", SPECIAL_2, players=4, monster_hex=(3, 0))
    z = next(f for f in game.state.figures.values() if f.name == "Zephyr")
    assert [str(a) for a in monster_actions(game, z)] == ["move 2", "attack 4"]


def test_dark_rider_leaves_the_map_after_a_melee_attack_and_reappears_at_its_marks_in_order() -> None:
    """Scenario 48: the Dark Rider is removed right after any melee attack; off the map at the
    start of its turn, it appears on the next of its marked hexes a-f (in that order), with the
    hit points it left with, then performs its card."""
    marks = ("marker|a|-3,0", "marker|b|0,-4")
    game, events = boss_round("dark-rider", SPECIAL_2, monster_hex=(3, 0), rules=marks)
    rider = next(e.split()[1] for e in events if e.startswith("turn dark-rider#"))
    attack = events.index(next(e for e in events if e.startswith(f"attack {rider} ")))
    left = events.index(next(e for e in events if e.startswith(f"rider-left {rider} ")))
    assert left > attack and rider not in game.state.figures  # gone right after the attack
    game.state.scenario_marks["dark-rider:hp"] = 13  # as if hurt before it left
    deck = PACK.monster("dark-rider").deck
    game.state.decks[deck] = Deck.from_state([SPECIAL_2], ["573", "574", "576", "575", "577", "578"])
    events = play_round(game, random.Random(2))
    appeared = next(e for e in events if e.startswith("rider-appeared "))
    assert appeared == f"rider-appeared {rider} -3,0 at=a hp=13"
    assert events.index(appeared) < events.index(f"turn {rider}")  # then it acts
    if rider not in game.state.figures:  # it attacked in melee again: gone again
        assert any(e.startswith(f"rider-left {rider} ") for e in events)


def test_dark_rider_is_not_on_the_map_at_the_start_of_scenario_48_and_must_be_killed() -> None:
    game = new_game(48, "brute,mindthief", level=1, seed=5)
    assert not [f for f in game.state.figures.values() if f.name == "dark-rider"]
    assert Win(goal="kill", monsters=("dark-rider",), spawned=True) in game.setup.rules
    letters = sorted(m.key for m in of_kind(game.setup.rules, Marker))
    assert letters == list("abcdef")
    rnd = random.Random(5)
    while game.decision is not None and not any(e.kind == "rider-appeared" for e in game.events):
        game.choose(rnd.choice(list(game.decision.choices)))
    appeared = next(e for e in game.events if e.kind == "rider-appeared")
    assert appeared.args[2] == "at=a"
    rider = game.state.figures[appeared.args[0]]
    assert rider.rank == "boss" and rider.hp == rider.max_hp


def test_prime_demon_cannot_be_damaged_its_altar_takes_the_damage_and_shares_its_hit_points() -> None:
    """Scenario 21: the altar (drawn on f) shares the Prime Demon's hit points and immunities;
    the Prime Demon cannot be damaged in any way; it dies when the altar's damage uses them up."""
    game, _ = boss_round("prime-demon", SPECIAL_1, monster_hex=(3, 0), rules=("marker|f|4,0",))
    demon = game.state.figures[boss_id(game, "prime-demon")]
    altar = game.state.figures["altar.prime"]
    assert altar.hex == (4, 0) and altar.kind == "objective" and altar.immune == demon.immune
    hp = demon.hp
    game.lose_hp(demon, 5, "attack")
    assert demon.hp == hp and str(game.events[-1]) == f"negated {demon.id} 5 attack altar"
    game.lose_hp(altar, 4, "attack")
    assert demon.hp == altar.hp == hp - 4
    game.lose_hp(altar, hp, "attack")
    assert demon.id not in game.state.figures and altar.id not in game.state.figures
    assert any(e.kind == "killed" and e.args[0] == demon.id for e in game.events)


def test_the_demon_the_altar_summons_appears_next_to_the_altar() -> None:
    game, events = boss_round("prime-demon", SPECIAL_1, monster_hex=(3, 0), rules=("marker|f|4,0",))
    summoned = next(e for e in events if e.startswith("summoned "))
    q, r = (int(x) for x in summoned.split()[3].removeprefix("hex=").split(","))
    assert distance((q, r), (4, 0)) == 1
    assert "throne-moved prime-demon#1 a" in events  # no source places a-e: the altar stays on f
    assert game.state.figures["altar.prime"].hex == (4, 0)


@pytest.mark.parametrize(
    ("number", "letters"), [(21, "f"), (34, "abc"), (48, "abcdef"), (51, "abc")]
)
def test_boss_scenarios_mark_the_hexes_their_specials_use(number: int, letters: str) -> None:
    """21's altar (f, its overlay), 34's perches (its three boulders), 48's and 51's letters on
    the tiles the book prints them on."""
    game = new_game(number, "brute,mindthief", level=1, seed=1)
    marks = {m.key: m.hex for m in of_kind(game.setup.rules, Marker)}
    assert "".join(sorted(marks)) == letters
    board = game.board()
    assert board is not None
    for h in marks.values():
        assert h in board.hexes


def test_elder_drake_flies_to_its_perches_a_b_c_in_scenario_34() -> None:
    game = new_game(34, "brute,mindthief", level=1, seed=1)
    drake = next(f for f in game.state.figures.values() if f.name == "elder-drake")
    assert drake.hex == (6, 2)  # it starts on perch c
    rules = tuple(rule_line(m) for m in of_kind(game.setup.rules, Marker))
    _, events = boss_round("elder-drake", SPECIAL_2, monster_hex=(3, 0), rules=rules[:1])
    perch = next(e for e in events if e.startswith("perch "))
    assert perch.endswith(" a")


def test_the_betrayer_mind_control_turns_the_controlled_characters_summons_on_their_allies() -> None:
    """"All summons the affected character owns are also mind controlled": on their turn they
    focus and attack the character's allies, not the monsters."""
    hand = tuple(card(f"c{i}", 60 + i, half("attack 3"), half("move 1")) for i in range(8))
    game = _betrayer_game(hand)
    wolf = game.summon("hero1", "wolf", 6, (-2, 2), move=3, attack=2)
    game.state.figures[wolf].summoned_round = 0  # summoned in an earlier round: it acts
    events = _controlled_round(game, {"hero0": "select c1 c2", "hero1": "select c6 c5"})
    assert "mind-controlled hero1 by=the-betrayer#1" in events
    turn = events.index(f"turn {wolf}")
    assert turn < events.index("turn hero1")  # a summon acts right before its owner
    focus = next(e for e in events[turn:] if e.startswith(f"focus {wolf} "))
    assert focus == f"focus {wolf} hero0"  # its owner's ally, not the Betrayer
    assert any(e.startswith(f"attack {wolf} hero0 ") for e in events[turn:])


def test_scenario_21_altar_appears_on_f_as_the_prime_demons_room_is_revealed() -> None:
    game = new_game(21, "brute,mindthief", level=1, seed=2)
    assert Marker(key="f", hex=(2, 4)) in game.setup.rules  # the map's altar overlay
    room = next(i for i, ps in enumerate(game.setup.rooms) if any(p.monster == "prime-demon" for p in ps))
    assert not [f for f in game.state.figures.values() if f.name == "Altar"]
    rnd = random.Random(2)
    while game.decision is not None and game.decision.kind in ("battle-goal", "hand", "start"):
        game.choose(rnd.choice(list(game.decision.choices)))
    game.reveal_room(room)
    demon = next(f for f in game.state.figures.values() if f.name == "prime-demon")
    altar = game.state.figures["altar.prime"]
    assert altar.hex == (2, 4) and altar.hp == demon.hp == demon.max_hp and altar.owner == demon.id
