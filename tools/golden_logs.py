"""Write the golden logs of bot games that ``make test`` replays step by step
(tests/play/test_golden_logs.py), in the spirit of OpenSpiel's playthroughs.

A golden log is the JSON-lines log of one whole greedy-bot game. The fast tier replays it
choice by choice (each choice legal, every invariant kept, the bot asked again at a sample of
decisions and answering the same) instead of playing the game again; the slow tier plays every
game afresh and compares it with its log. When a rule or the bot changes on purpose, run
``make golden`` (this script) and review the diff of tests/data/golden-logs/.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from delvekit.gloomhaven.bots.players import make_bot, play  # noqa: E402
from delvekit.gloomhaven.content import load_pack  # noqa: E402
from delvekit.gloomhaven.content.adapter import Member, setup_from_pack  # noqa: E402
from delvekit.gloomhaven.engine.game import Game  # noqa: E402

OUT = ROOT / "tests" / "data" / "golden-logs"
# (scenario, party, level, seed): scenario 1 with the starters, then other scenarios, classes
# and levels, so the bot meets many kinds of decision
GAMES: list[tuple[int, tuple[str, ...], int, int]] = [
    (1, ("brute", "mindthief"), 1, 0),
    (1, ("brute", "mindthief"), 1, 1),
    (2, ("tinkerer", "spellweaver"), 1, 0),
    (3, ("scoundrel", "cragheart", "brute"), 2, 0),
    (4, ("sunkeeper", "quartermaster"), 3, 0),
    (5, ("doomstalker", "elementalist", "mindthief"), 4, 0),
    (8, ("plagueherald", "nightshroud"), 5, 0),
    (12, ("soothsinger", "summoner", "tinkerer"), 1, 0),
]


def name(scenario: int, party: tuple[str, ...], level: int, seed: int) -> str:
    return f"s{scenario:02d}-{'-'.join(party)}-l{level}-seed{seed}"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    index = []
    for scenario, party, level, seed in GAMES:
        setup = setup_from_pack(load_pack(), scenario, [Member(c, level) for c in party])
        game = play(Game(setup, seed=seed), make_bot("greedy", seed))
        n = name(scenario, party, level, seed)
        (OUT / f"{n}.jsonl").write_text("\n".join(game.log_lines()) + "\n", encoding="utf-8")
        entry = {"name": n, "scenario": scenario, "party": list(party), "level": level, "seed": seed}
        entry |= {"bot": "greedy", "result": game.result, "rounds": game.state.round}
        entry["choices"] = len(game.log)
        index.append(entry)
        print(f"{n}: {game.result} after {game.state.round} rounds, {len(game.log)} choices")
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
