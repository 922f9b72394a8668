"""Scenario goals of scenarios 11-95 (delvekit.gloomhaven.scenario.goals): the data, the rule
lines written for a party, and a golden case per goal and loss kind."""

from __future__ import annotations

import json
import random
from pathlib import Path

import msgspec
import pytest

from delvekit.core.errors import ContentError, InputError
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.engine.state import Figure
from delvekit.gloomhaven.model.rule_text import parse_rule_line, rule_line
from delvekit.gloomhaven.model.scenario_rules import Goal, Lose, ScenarioRule, Win, of_kind
from delvekit.gloomhaven.model.setup import GameSetup
from delvekit.gloomhaven.scenario import goals as scenario_goals
from delvekit.gloomhaven.scenario.goals import (
    DATA_FILE,
    WIN_CHECKED,
    check_goals,
    goal_lines,
    load_goals,
)
from delvekit.gloomhaven.scenario.rules import check

from .helpers import play_random

PARTY = [Member("brute"), Member("mindthief")]


def _setup(n: int, party: list[Member] = PARTY) -> GameSetup:
    return setup_from_pack(load_pack(), n, party)


def _started(setup: GameSetup, seed: int = 1) -> Game:
    """The game at the start of round 1 (characters on the board)."""
    game = Game(setup, seed=seed)
    rnd = random.Random(seed)
    while game.decision is not None and game.state.round < 1:
        game.choose(rnd.choice(list(game.decision.choices)))
    return game


def _text(rules: tuple[ScenarioRule, ...]) -> tuple[str, ...]:
    """Rule records in their text form (readable expectations)."""
    return tuple(rule_line(r) for r in rules)


def _with_rules(n: int, *lines: str) -> Game:
    """Scenario ``n`` with its goals replaced by ``lines`` (rule records in their text form)."""
    setup = _setup(n)
    kept = tuple(r for r in setup.rules if not isinstance(r, Win | Lose | Goal))
    return _started(msgspec.structs.replace(setup, rules=kept + tuple(parse_rule_line(x) for x in lines)))


def _end_round(game: Game) -> None:
    scenario_goals.at_round(game, "end")


def _events(game: Game) -> list[str]:
    return [str(e) for e in game.events]


# ------------------------------------------------------------------------------- data


def test_every_scenario_11_to_95_has_a_sourced_goal() -> None:
    goals = load_goals()
    assert sorted(goals) == list(range(11, 96))
    for n, g in goals.items():
        assert g.source.startswith("https://") and g.goal and g.win, n
        assert all(u.startswith("https://") for u in g.also), n
        assert 3 <= g.page <= 119, n  # pages of the scenario book
    assert check_goals(goals, load_pack().monsters) == []
    assert sum(g.confirmed for g in goals.values()) == 85


def test_goals_read_as_the_book_has_them() -> None:
    goals = load_goals()
    assert goals[11].win[0].monsters == ("captain-of-the-guard",)
    assert goals[43].win[0].count == "4xC"
    assert goals[53].win[0].rounds == 10
    assert [p.kind for p in goals[60].lose] == ["rounds", "exhausted"] and goals[60].lose[0].after == 12
    assert goals[92].lose[0].monsters == ("city-guard", "city-archer")
    assert goals[55].win[0].loot_action_only


def test_a_malformed_goal_file_names_the_file_and_field(tmp_path: Path) -> None:
    doc = json.loads(DATA_FILE.read_text())
    doc["goals"][3]["win"][0]["kind"] = "win-the-lottery"
    bad = tmp_path / "goals.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=r"goals.json: \$\.goals\[3\]\.win\[0\]\.kind: unknown kind"):
        load_goals(bad)
    doc = json.loads(DATA_FILE.read_text())
    doc["goals"][0]["win"][0]["monsters"] = "captain"
    bad.write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=r"\$\.goals\[0\]\.win\[0\]\.monsters"):
        load_goals(bad)
    doc = json.loads(DATA_FILE.read_text())
    doc["goals"][1]["scenario"] = 11
    bad.write_text(json.dumps(doc))
    with pytest.raises(ContentError, match="scenario 11 appears twice"):
        load_goals(bad)
    doc = json.loads(DATA_FILE.read_text())
    doc["goals"][32]["win"][0]["count"] = "4xR"
    bad.write_text(json.dumps(doc))
    with pytest.raises(ContentError, match=r"goals\[32\]\.win\[0\]\.count"):
        load_goals(bad)


def test_a_goal_naming_an_unknown_monster_is_reported() -> None:
    goals = load_goals()
    assert check_goals(goals, set(load_pack().monsters) - {"jekserah"}) == [
        "scenario 12: kill names unknown monster 'jekserah'",
        "scenario 20: kill names unknown monster 'jekserah'",
    ]


@pytest.mark.parametrize(
    "line",
    [
        "win|fly-away|",
        "lose|kill|x",
        "win|survive|ten",
        "win|escape|1;2",
        "x|y",
        "win|destroy|",
        "lose|escort-killed|Hail|some",
    ],
)
def test_a_malformed_goal_line_names_itself(line: str) -> None:
    with pytest.raises(InputError, match="scenario rule"):
        check(parse_rule_line(line))


# ------------------------------------------------------------------------------ lines


def test_lines_per_scenario_and_party() -> None:
    def lines(n: int) -> tuple[str, ...]:
        return tuple(r for r in _text(_setup(n).rules) if r.startswith(("win|", "lose|")))

    assert lines(11) == ("win|kill|captain-of-the-guard",)
    assert lines(43) == ("win|kill-count|4xC|spitting-drake,rending-drake",)
    assert lines(53) == ("win|survive|10",)
    assert lines(30)[0].endswith("|ability") and lines(15)[0].endswith("|turn")
    assert lines(92) == ("win|kill-all|", "lose|killed|city-guard,city-archer")
    assert lines(60)[2:] == ("lose|rounds|12", "lose|exhausted|")
    assert lines(40)[0].startswith("win|occupy|2|")
    for n in range(1, 11):  # scenarios 1-10 keep their goal| lines
        assert lines(n) == (), n


def test_goals_the_engine_cannot_check_play_as_kill_all() -> None:
    goals = load_goals()
    unchecked = sorted(n for n, g in goals.items() if not g.checked())
    assert unchecked == [26, 90]
    assert _text(_setup(75).rules)[-2:] == ("win|destroy|Grave", "win|kill|bloated-regent|spawned")
    for n in (26,):
        assert [r for r in _text(_setup(n).rules) if r.startswith(("win|", "lose|"))] == ["win|kill-all|"], n
    # a boss a special rule brings in must be killed once it is there
    assert "win|kill|prime-demon-scenario-36|spawned" in _text(_setup(36).rules)
    assert "win|kill|infiltrator|spawned" in _text(_setup(57).rules)
    assert all(p.kind in WIN_CHECKED for p in goals[11].win)


def test_goal_lines_without_data_are_empty() -> None:
    s = load_pack().scenarios[11]
    assert goal_lines(s, 2, room_index={}, goals={}) == ()


# ---------------------------------------------------------------------- golden: win


def test_kill_scenario_11_is_won_when_the_captain_dies_with_monsters_left() -> None:
    game = _started(_setup(11))
    for room in range(1, len(game.setup.rooms)):
        game.reveal_room(room)
    captain = [f for f in game.state.monsters() if f.name == "captain-of-the-guard"]
    assert len(captain) == 1
    game.kill(next(f for f in game.state.monsters() if f.name != "captain-of-the-guard"))
    assert game.state.ending is None
    game.kill(captain[0])
    assert game.state.ending == "victory"
    assert any(f.kind == "monster" for f in game.state.figures.values())


def test_kill_of_a_boss_a_rule_brings_in_needs_it_killed_once() -> None:
    game = _with_rules(1, "win|kill|bandit-archer|spawned")
    for room in range(1, len(game.setup.rooms)):
        game.reveal_room(room)
    for f in [f for f in game.state.monsters() if f.name != "bandit-archer"]:
        game.kill(f)
    archers = [f for f in game.state.monsters() if f.name == "bandit-archer"]
    for f in archers:
        del game.state.figures[f.id]  # gone without dying: not yet
    assert scenario_goals.goal_met(game) is False
    game.state.figures[archers[0].id] = archers[0]
    game.kill(archers[0])
    assert game.state.ending == "victory"


def test_kill_needs_the_standees_of_unrevealed_rooms_too() -> None:
    game = _started(_setup(11))
    assert game.state.ending is None
    assert scenario_goals.goal_met(game) is False  # the captain's room is not revealed


def test_kill_all_wants_every_room_revealed() -> None:
    game = _with_rules(1, "win|kill-all|")
    for f in list(game.state.monsters()):
        game.kill(f)
    assert game.state.ending is None  # rooms 2 and 3 unrevealed
    for room in range(1, len(game.setup.rooms)):
        game.reveal_room(room)
        for f in list(game.state.monsters()):
            game.kill(f)
    assert game.state.ending == "victory"


def test_kill_revealed_only_wants_the_map_clear() -> None:
    game = _with_rules(1, "win|kill-revealed|")
    for f in list(game.state.monsters()):
        game.kill(f)
    assert game.state.ending == "victory"


def test_kill_count_scenario_43_counts_drakes_only() -> None:
    game = _with_rules(1, "win|kill-count|C|bandit-archer")  # two archers for two characters
    for room in range(1, len(game.setup.rooms)):
        game.reveal_room(room)
    guards = [f for f in game.state.monsters() if f.name == "bandit-guard"]
    archers = [f for f in game.state.monsters() if f.name == "bandit-archer"]
    for f in guards:
        game.kill(f)
    assert game.state.ending is None
    game.kill(archers[0])
    assert game.state.ending is None
    game.kill(archers[1])
    assert game.state.ending == "victory"
    assert _text(_setup(43).rules)[-1] == "win|kill-count|4xC|spitting-drake,rending-drake"


def _goal_tile(game: Game) -> tuple[int, int]:
    line = next(w for w in of_kind(game.setup.rules, Win) if w.goal == "loot")
    q, r = line.hexes[0]
    return int(q), int(r)


def test_loot_scenario_15_ending_a_turn_on_the_goal_tile_wins() -> None:
    game = _started(_setup(15))
    tile = _goal_tile(game)
    brute = game.state.figures["brute"]
    hooks.turn_ended.run(game, brute)
    assert "treasure-looted" not in " ".join(_events(game))
    brute.hex = tile
    hooks.turn_ended.run(game, brute)
    assert f"treasure-looted brute {tile[0]},{tile[1]}" in _events(game)
    assert scenario_goals.goal_met(game) is True


def test_loot_scenario_30_only_a_loot_ability_takes_the_goal_tile() -> None:
    game = _started(_setup(30))
    tile = _goal_tile(game)
    brute = game.state.figures["brute"]
    brute.hex = tile
    hooks.turn_ended.run(game, brute)
    assert scenario_goals.goal_met(game) is False
    hooks.looted.run(game, brute, {tile})
    assert scenario_goals.goal_met(game) is True


def test_loot_each_scenario_52_every_character_loots_one_tile() -> None:
    game = _started(_setup(52))
    line = next(w for w in of_kind(game.setup.rules, Win) if w.goal == "loot-each")
    tiles = list(line.hexes)
    brute, mindthief = game.state.figures["brute"], game.state.figures["mindthief"]
    hooks.looted.run(game, brute, {tiles[0], tiles[1]})  # one tile per character
    assert [e for e in _events(game) if e.startswith("treasure-looted")] == [
        f"treasure-looted brute {tiles[0][0]},{tiles[0][1]}"
    ]
    assert scenario_goals.goal_met(game) is False
    hooks.looted.run(game, mindthief, {tiles[1]})
    assert scenario_goals.goal_met(game) is True


def test_reveal_scenario_24_every_room_revealed() -> None:
    game = _started(_setup(24))
    rooms = range(1, len(game.setup.rooms))
    for room in list(rooms)[:-1]:
        game.reveal_room(room)
    assert scenario_goals.goal_met(game) is False
    game.reveal_room(rooms[-1])
    assert scenario_goals.goal_met(game) is True


def test_survive_scenario_53_is_won_as_round_10_ends() -> None:
    game = _started(_setup(53))
    game.state.round = 10
    assert scenario_goals.goal_met(game) is False  # round 10 is still being played
    game.state.round = 9
    _end_round(game)
    assert game.state.ending is None
    game.state.round = 10
    _end_round(game)
    assert game.state.ending == "victory"
    assert _events(game)[-1] == "scenario-goal victory"


def test_escape_every_character_on_the_exit_scenario_25() -> None:
    assert _text(_setup(25).rules)[-2].startswith("win|escape|")
    assert _text(_setup(25).rules)[-1] == "lose|exhausted|"
    game = _with_rules(1, "win|escape|0,0;0,1")
    game.state.figures["brute"].hex = (0, 0)
    assert scenario_goals.goal_met(game) is False
    game.state.figures["mindthief"].hex = (0, 1)
    assert scenario_goals.goal_met(game) is True
    game.exhaust("brute", "health")  # an exhausted character does not need to escape
    game.state.figures["mindthief"].hex = (5, 5)
    assert scenario_goals.goal_met(game) is False


def test_occupy_both_plates_at_once_scenario_40() -> None:
    line = next(w for w in of_kind(_setup(40).rules, Win) if w.goal == "occupy")
    assert line.count == "2" and len(line.hexes) == 2
    game = _with_rules(1, "win|occupy|C|0,0;0,1;0,2")
    game.state.figures["brute"].hex = (0, 0)
    assert scenario_goals.goal_met(game) is False
    game.state.figures["mindthief"].hex = (0, 2)
    assert scenario_goals.goal_met(game) is True


def _objectives(game: Game, name: str) -> list[Figure]:
    return [f for f in game.state.figures.values() if f.kind == "objective" and f.name == name]


def test_destroy_scenario_42_every_vocal_cord_destroyed() -> None:
    game = _started(_setup(42))
    assert "win|destroy|Vocal Cord" in _text(game.setup.rules)
    cords = _objectives(game, "Vocal Cord")
    assert len(cords) == 6
    for f in cords[:-1]:
        game.kill(f)
    assert game.state.ending is None
    game.kill(cords[-1])
    assert game.state.ending == "victory"


def test_destroy_waits_for_objectives_of_unrevealed_rooms_scenario_22() -> None:
    game = _started(_setup(22))
    assert _objectives(game, "Altar") == []  # the altars stand in rooms not revealed yet
    assert scenario_goals.goal_met(game) is False


def test_escort_scenario_19_is_won_when_hail_arrives_at_the_altar() -> None:
    game = _started(_setup(19))
    assert _text(game.setup.rules)[-2:] == ("win|escort|Hail|all", "lose|escort-killed|Hail|any")
    (hail,) = _objectives(game, "Hail")
    assert scenario_goals.goal_met(game) is False
    game.state.scenario_marks[f"arrived:{hail.id}"] = game.state.round  # as move_escorts marks it
    assert scenario_goals.goal_met(game) is True


def test_escort_scenario_86_seven_saved_villagers_win_and_saved_ones_are_not_killed() -> None:
    game = _started(_setup(86))
    assert _text(game.setup.rules)[-2:] == ("win|escort|Villager|7", "lose|escort-killed|Villager|5")
    for room in range(1, len(game.setup.rooms)):
        if room not in game.state.revealed_rooms:
            game.reveal_room(room)
    villagers = _objectives(game, "Villager")
    assert len(villagers) == 11
    for f in villagers[:7]:  # saved: marked arrived and taken off the map
        game.state.scenario_marks[f"arrived:{f.id}"] = game.state.round
        del game.state.figures[f.id]
    assert scenario_goals.goal_met(game) is True
    assert game.state.ending is None


# --------------------------------------------------------------------- golden: loss


def test_lose_escort_killed_scenario_27_hail_dies() -> None:
    game = _started(_setup(27))
    (hail,) = _objectives(game, "Hail")
    game.kill(hail)
    assert game.state.ending == "defeat"
    assert "scenario-lost escort-killed" in _events(game)


def test_lose_escort_killed_all_scenario_56_one_captive_left_is_enough() -> None:
    game = _with_rules(56, "win|kill-all|", "lose|escort-killed|Captive Orchid|all")
    for room in range(1, len(game.setup.rooms)):
        if room not in game.state.revealed_rooms:
            game.reveal_room(room)
    captives = _objectives(game, "Captive Orchid")
    assert len(captives) == 3
    for f in captives[:2]:
        game.kill(f)
    assert game.state.ending is None
    game.kill(captives[2])
    assert game.state.ending == "defeat"


def test_lose_exhausted_one_exhausted_character_loses_scenario_25() -> None:
    game = _with_rules(1, "win|kill-all|", "lose|exhausted|")
    game.exhaust("brute", "health")
    assert game.state.ending is None  # the mindthief still plays
    assert scenario_goals.goal_met(game) is False
    assert game.state.ending == "defeat"
    assert "scenario-lost exhausted" in _events(game)


def test_lose_exhausted_before_looting_scenario_52() -> None:
    game = _started(_setup(52))
    line = next(w for w in of_kind(game.setup.rules, Win) if w.goal == "loot-each")
    tile = line.hexes[0]
    hooks.looted.run(game, game.state.figures["brute"], {tile})
    game.exhaust("brute", "health")  # looted first: no loss
    scenario_goals.goal_met(game)
    assert game.state.ending is None


def test_lose_seeker_exhausted_scenario_54_the_first_character_is_the_seeker() -> None:
    game = _started(_setup(54, [Member("brute"), Member("mindthief"), Member("tinkerer")]))
    game.exhaust("tinkerer", "health")  # not the Seeker
    assert scenario_goals.goal_met(game) is False and game.state.ending is None
    game.exhaust("brute", "health")
    scenario_goals.goal_met(game)
    assert game.state.ending == "defeat" and "scenario-lost seeker-exhausted" in _events(game)


def test_lose_rooms_abandoned_scenario_90_no_character_left_in_the_left_room() -> None:
    game = _started(_setup(90, [Member("brute"), Member("mindthief"), Member("tinkerer")]))
    line = next(x for x in of_kind(game.setup.rules, Lose) if x.loss == "rooms-abandoned")
    left = set(line.hexes)
    assert all(game.state.figures[c].hex in left for c in ("brute", "mindthief", "tinkerer"))
    outside = next(h for h in sorted(game.board().hexes) if h not in left and not game.board().is_wall(h))
    game.state.figures["brute"].hex = outside
    game.state.figures["mindthief"].hex = outside[0], outside[1] + 100  # off the left room too
    assert scenario_goals.goal_met(game) is False and game.state.ending is None  # the tinkerer stays
    game.state.figures["tinkerer"].hex = outside[0] + 100, outside[1]
    scenario_goals.goal_met(game)
    assert game.state.ending == "defeat" and "scenario-lost rooms-abandoned" in _events(game)


def test_lose_rooms_abandoned_scenario_90_only_one_character_left() -> None:
    game = _started(_setup(90, [Member("brute"), Member("mindthief"), Member("tinkerer")]))
    game.exhaust("tinkerer", "health")
    assert scenario_goals.goal_met(game) is False and game.state.ending is None
    game.exhaust("mindthief", "health")
    scenario_goals.goal_met(game)
    assert game.state.ending == "defeat"


def test_lose_rounds_scenario_60_not_done_as_round_12_ends() -> None:
    game = _started(_setup(60))
    game.state.round = 11
    _end_round(game)
    assert game.state.ending is None
    game.state.round = 12
    _end_round(game)
    assert game.state.ending == "defeat"
    assert "scenario-lost rounds" in _events(game)


def test_lose_killed_a_protected_monster_type_dies() -> None:
    game = _with_rules(1, "win|kill-all|", "lose|killed|bandit-guard")
    game.kill(next(f for f in game.state.monsters() if f.name == "bandit-guard"))
    assert game.state.ending == "defeat"
    assert "scenario-lost killed=bandit-guard" in _events(game)


def test_lose_occupied_by_scenario_77_a_guard_on_a_plate_raises_the_alarm() -> None:
    game = _with_rules(1, "win|kill-all|", "lose|occupied-by|bandit-guard|0,0")
    guard = next(f for f in game.state.monsters() if f.name == "bandit-guard")
    assert scenario_goals.goal_met(game) is False and game.state.ending is None
    guard.hex = (0, 0)
    scenario_goals.goal_met(game)
    assert game.state.ending == "defeat"
    assert _text(_setup(77).rules)[-1].startswith("lose|occupied-by|city-guard|")


def test_a_win_already_declared_is_not_turned_into_a_loss() -> None:
    game = _with_rules(1, "win|survive|1", "lose|rounds|1")
    _end_round(game)
    assert game.state.ending == "victory"
    assert not any(e.startswith("scenario-lost") for e in _events(game))


# ----------------------------------------------------------------------- play-through


@pytest.mark.parametrize("number", [11, 15, 19, 22, 27, 33, 42, 43, 52, 53, 56, 60, 77, 86, 92])
def test_goal_scenarios_play_to_the_end_with_invariants(number: int) -> None:
    game = play_random(Game(_setup(number), seed=number), seed=number)
    assert game.state.result in ("victory", "defeat")
    ends = [e for e in _events(game) if e.startswith(("scenario-goal", "scenario-lost", "scenario-end"))]
    assert ends[-1].startswith("scenario-end")
