"""`delve play --campaign NAME --scenario N`: the campaign's characters play, the result is
applied once, in one transaction; anything that stops the game first changes nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from delvekit.cli.main import _register, cli
from delvekit.cli.play_campaign import apply_result, campaign_game, open_store, party_setup
from delvekit.core.errors import DelvekitError
from delvekit.gloomhaven.bots.players import make_bot, play
from delvekit.gloomhaven.campaign import actions as A
from delvekit.gloomhaven.campaign.party import scenario_party
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
from delvekit.gloomhaven.engine.game import Game

_register()

VICTORY_SEED = 1
"""Greedy bots win scenario 1 (brute + mindthief, easy) with this seed."""
DEFEAT_SEED = 0
"""Greedy bots lose scenario 1 (brute + mindthief, normal) with this seed."""


def run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "c.sqlite3"
    assert run("campaign", "new", "G", "--party", "The Lost", "--db", str(path)).exit_code == 0
    for name, cls in (("Ana", "brute"), ("Bo", "mindthief")):
        r = run("campaign", "do", "G", "create_character", f"name={name}", f"class={cls}", "--db", str(path))
        assert r.exit_code == 0, r.output
    return path


def show(db: Path) -> dict[str, Any]:
    r = run("campaign", "show", "G", "--json", "--db", str(db))
    assert r.exit_code == 0, r.output
    return json.loads(r.output)  # type: ignore[no-any-return]


def log(db: Path) -> list[dict[str, Any]]:
    r = run("campaign", "log", "G", "--json", "--db", str(db))
    return [json.loads(line) for line in r.output.splitlines()]


def expected_game(game_log: Path, seed: int, difficulty: str) -> Game:
    """The campaign game's log, replayed: the same game as outside the campaign (a new campaign
    character has the standard deck, no items and the class's level-1 cards), for the numbers
    the campaign must get."""
    setup = setup_from_pack(
        load_pack(), 1, [Member("brute"), Member("mindthief")], difficulty=difficulty, battle_goals=True  # type: ignore[arg-type]
    )
    game = Game.from_log(game_log.read_text().splitlines())
    outside = Game.replay(setup, seed, game.log)
    assert outside.digest() == game.digest() and outside.outcome == game.outcome
    return game


@pytest.mark.parametrize(("seed", "difficulty"), [(VICTORY_SEED, "easy"), (DEFEAT_SEED, "normal")])
def test_bot_game_updates_the_campaign_once(db: Path, seed: int, difficulty: str, tmp_path: Path) -> None:
    before = show(db)
    entries = len(log(db))
    game_log = tmp_path / "game.jsonl"
    r = run(
        "play", "--campaign", "G", "--scenario", "1", "--bots", "greedy", "--seed", str(seed),
        "--difficulty", difficulty, "--checkmarks", "Ana=1", "--db", str(db), "--log", str(game_log),
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    game = expected_game(game_log, seed, difficulty)
    assert game.outcome is not None
    victory = game.result == "victory"
    assert victory is (seed == VICTORY_SEED and difficulty == "easy")  # both outcomes covered
    assert r.output.strip().endswith(f"result: {game.result} rounds={game.state.round}")
    after = show(db)
    new = log(db)[entries:]
    assert len(new) == 1 and new[0]["action"]["action"] == "complete_scenario"
    assert new[0]["action"]["scenario"] == 1 and new[0]["action"]["success"] is victory
    for name, c in zip(("Ana", "Bo"), game.outcome.characters, strict=True):
        xp = c.xp + (c.bonus_xp if victory else 0)
        assert after["characters"][name]["xp"] == before["characters"][name]["xp"] + xp
        assert after["characters"][name]["gold"] == before["characters"][name]["gold"] + c.gold
    assert after["characters"]["Ana"]["checkmarks"] == (1 if victory else 0)
    bo = game.outcome.characters[1]  # Bo's goal judged by the engine (§15.3); Ana's given at the table
    assert after["characters"]["Bo"]["checkmarks"] == (bo.checkmarks if victory else 0)
    assert after["completed_scenarios"] == ([1] if victory else [])
    if victory:
        assert 2 in after["unlocked_scenarios"]  # the scenario's own rewards, applied by the campaign
        # a completed scenario cannot be played again in campaign mode, and nothing changes
        again = run("play", "--campaign", "G", "--scenario", "1", "--bots", "greedy", "--db", str(db))
        assert again.exit_code != 0 and "already completed" in again.output
        assert show(db) == after and len(log(db)) == entries + 1


def test_a_scenario_not_unlocked_is_refused_with_one_line(db: Path) -> None:
    before, entries = show(db), log(db)
    r = run("play", "--campaign", "G", "--scenario", "5", "--bots", "greedy", "--db", str(db))
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == ["Error: scenario 5 is not unlocked"]
    assert show(db) == before and log(db) == entries


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--party", "brute,mindthief"), "--campaign takes --scenario N"),
        (("--level", "2"), "levels come from the campaign"),
        (("--characters", "Ana,Zed"), "unknown character 'Zed'"),
        (("--checkmarks", "Ana=x"), "expected NAME=COUNT"),
        (("--checkmarks", "Cy=1"), "Cy does not play"),
    ],
)
def test_bad_options_change_nothing(db: Path, args: tuple[str, ...], message: str) -> None:
    before, entries = show(db), log(db)
    r = run("play", "--campaign", "G", "--scenario", "1", "--bots", "greedy", *args, "--db", str(db))
    assert r.exit_code != 0 and message in r.output, r.output
    assert show(db) == before and log(db) == entries


def test_a_result_the_campaign_would_refuse_is_refused_before_playing(db: Path) -> None:
    """The party chose scenario 1 and must resolve a road event first: the game never starts."""
    assert run("campaign", "do", "G", "choose_scenario", "scenario=1", "--db", str(db)).exit_code == 0
    before, entries = show(db), log(db)
    r = run("play", "--campaign", "G", "--scenario", "1", "--bots", "greedy", "--db", str(db))
    assert r.exit_code == 1
    why = "resolve a road event on the way to scenario 1 first (road_event)"
    assert r.output.strip().splitlines() == [f"Error: {why}"]
    assert show(db) == before and log(db) == entries


def test_options_of_a_campaign_game_need_campaign(tmp_path: Path) -> None:
    r = run("play", "--scenario", "1", "--party", "brute,mindthief", "--db", str(tmp_path / "x.db"))
    assert r.exit_code != 0 and "go with --campaign" in r.output
    assert not (tmp_path / "x.db").exists()


def test_a_crash_before_the_end_changes_nothing(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game fails mid-way (an error out of a bot's choice): the campaign is as before."""
    from delvekit.gloomhaven.bots import players as bots

    before, entries = show(db), log(db)
    original = bots.GreedyBot.choose
    calls = {"n": 0}

    def dies_later(self: Any, game: Game) -> Any:
        calls["n"] += 1
        if calls["n"] > 40:
            raise RuntimeError("boom")
        return original(self, game)

    monkeypatch.setattr(bots.GreedyBot, "choose", dies_later)
    with pytest.raises(RuntimeError, match="boom"):
        run("play", "--campaign", "G", "--scenario", "1", "--bots", "greedy", "--db", str(db))
    assert calls["n"] > 40
    assert show(db) == before and log(db) == entries


def test_a_killed_process_changes_nothing(db: Path) -> None:
    """SIGKILL in round 3 of a bot game: no half-applied result, the campaign is as before."""
    before, entries = show(db), log(db)
    delve = Path(sys.executable).with_name("delve")
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "120"}
    args = [str(delve), "play", "--campaign", "G", "--scenario", "1", "--bots", "greedy", "--db", str(db)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            if line.strip().startswith("round 3"):
                break
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert show(db) == before and log(db) == entries


def test_quitting_changes_nothing(db: Path) -> None:
    before, entries = show(db), log(db)
    r = run("play", "--campaign", "G", "--scenario", "1", "--db", str(db), input="q\n")
    assert r.exit_code == 0
    assert "campaign 'G' unchanged" in r.output
    assert show(db) == before and log(db) == entries


def test_a_campaign_written_meanwhile_refuses_the_result(db: Path) -> None:
    with open_store(db) as store:
        cg = campaign_game(store, "G", 1, seed=1)
    cg.game = play(cg.game, make_bot("random", 1))
    with open_store(db) as store:
        store.do("G", A.Buy(character="Ana", item=1))
        before = store.state("G")
        with pytest.raises(DelvekitError, match="changed meanwhile"):
            apply_result(store, cg)
        assert store.state("G") == before


def test_the_party_is_built_from_the_campaign(db: Path) -> None:
    """Perks make the modifier deck, equipped items come along (their -1 cards too), donated
    blessings are shuffled in, the hand is chosen from the character's card pool."""
    with open_store(db) as store:
        store.do("G", A.AddCheckmarks(character="Ana", count=3))  # every 3 check marks: a perk
        store.do("G", A.AddPerk(character="Ana", perk=0))  # remove two -1 cards
        store.do("G", A.Buy(character="Ana", item=1))
        store.do("G", A.Equip(character="Ana", items=(1,)))
        lost = {n: A.CharacterResult() for n in ("Ana", "Bo")}
        store.do("G", A.CompleteScenario(scenario=1, success=False, characters=lost))  # a town visit
        store.do("G", A.Donate(character="Bo"))
        state, catalog = store.state("G"), store.catalog("G")
    loadouts = scenario_party(catalog, state, 1)
    ana, bo = (lo for lo in loadouts)
    assert ana.items == (1,) and ana.perks == (0,) and bo.blessings == 2
    setup = party_setup(load_pack(), 1, loadouts)
    brute, mindthief = setup.party
    assert brute.modifiers.count("-1") == 3 and len(brute.modifiers) == 18
    assert [i.number for i in brute.items] == [1]
    assert mindthief.modifiers.count("bless") == 2 and len(mindthief.modifiers) == 22
    alone = setup_from_pack(load_pack(), 1, [Member("brute"), Member("mindthief")]).party[0]
    assert [c.id for c in brute.hand] == [c.id for c in alone.hand]  # level 1 and X cards
    game = Game(setup, seed=3)  # items' -1 cards join the perk deck at the start
    deck = game.state.modifier_decks["brute"]
    assert len(deck.draw_pile) == 18 + brute.items[0].minus_ones
    assert game.state.modifier_decks["mindthief"].count("bless") == 2
