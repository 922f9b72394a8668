"""Rare scenario-rule situations that only the slow all-scenario games used to reach (issue 12),
on hand-made rule records over the open arena: a spawn mid-round of a type that already drew
its card (§5.5 step 3), a spawn whose marker the map lacks, a rule revealing a room a door
already revealed."""

from __future__ import annotations

import msgspec

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.rule_text import parse_rule_line

from .class_arena import arena, finish_round, go, hero


def _game(*lines: str) -> Game:
    """The Sunkeeper at 0,0 before a closed door at 2,0 (a dummy behind it at 3,0), one dummy
    in the first room at -4,4; ``lines``: scenario rule records in their text form."""
    sun = hero("sunkeeper", ["practical-plans", "holy-strike"], (0, 0))
    plain = arena([sun], [("normal", (-4, 4))], doors=((2, 0),), behind=[("normal", (3, 0))])
    rules = tuple(parse_rule_line(x) for x in lines)
    return Game(msgspec.structs.replace(plain.setup, rules=rules), seed=1)


def _spawn(marker: str, **rule: object) -> str:
    spawn = {"monster": "dummy", "types": ["normal", "normal", "normal"], "marker": marker}
    return "rule|0|" + msgspec.json.encode({**rule, "spawns": [spawn]}).decode()


def _open_the_door(game: Game) -> list[str]:
    """Round 1: the Sunkeeper walks into the door (the room is revealed), then the round ends."""
    events = go(game, "select practical-plans holy-strike", "bottom practical-plans", "step 1,0", "step 2,0")
    return events + finish_round(game)


def _dummies(game: Game) -> list[str]:
    return sorted(f.id for f in game.state.monsters() if f.name == "dummy")


def test_a_monster_spawned_mid_round_keeps_the_card_its_type_drew_and_acts_in_order() -> None:
    """§5.5: a type that already revealed an ability card this round keeps it; the spawned
    monster acts at that card's initiative (90, after the Sunkeeper's 56)."""
    game = _game("marker|z|4,-4", _spawn("z", always=True, once=True, requires_rooms=[1]))
    events = _open_the_door(game)
    spawned = next(e for e in events if e.startswith("spawned dummy#"))
    assert events.index("room-revealed 1") < events.index("scenario-rule rule-0 turn") < events.index(spawned)
    assert spawned.endswith("normal hex=4,-4")
    assert [e for e in events if e.startswith("ability-card dummy")] == [
        "ability-card dummy m1 initiative=90"
    ]
    new = spawned.split()[1]
    assert events.index(f"turn {new}") > events.index("activate dummy card=m1")


def test_a_rule_spawn_at_a_marker_the_map_lacks_places_nothing() -> None:
    game = _game(_spawn("y", when="R == 1", timing="end"))
    before = _dummies(game)
    events = _open_the_door(game)
    assert "scenario-rule rule-0 end" in events and "no-spawn dummy no-marker" in events
    assert not any(e.startswith("spawned ") for e in events)
    assert len(_dummies(game)) == len(before) + 1  # only the dummy behind the door


def test_a_rule_revealing_a_room_a_door_already_revealed_changes_nothing() -> None:
    rule = msgspec.json.encode({"when": "R == 1", "timing": "end", "reveal_rooms": [1]}).decode()
    game = _game(f"rule|0|{rule}")
    events = _open_the_door(game)
    assert "scenario-rule rule-0 end" in events
    assert events.count("room-revealed 1") == 1 and len([e for e in events if e.startswith("placed ")]) == 1
    assert len(_dummies(game)) == 2
