"""The table companion's monster turns: the case handed to the monster AI (terrain, doors, who
stands on the board), a monster with no focus, and an outcome applied (the modifier draws of a
ranged attack on a neighbour, a null, the end-of-round reshuffle)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from delvekit.core.hexes import neighbours
from delvekit.gloomhaven.engine.game import MONSTER_DECK
from delvekit.gloomhaven.model.modifier_deck import ModifierDeck
from delvekit.gloomhaven.model.modifiers import parse_card
from delvekit.gloomhaven.monster_ai import cases as casefile
from delvekit.web.table_ai import solve, turn_case
from delvekit.web.table_game import TableConfig, apply, new_table, replay
from delvekit.web.table_state import Table


def _round(table: Table, value: int = 90) -> str:
    for c, ch in table.characters.items():
        if not ch.exhausted:
            apply(table, {"kind": "initiative", "character": c, "value": value})
    return apply(table, {"kind": "start_round"})


def test_the_case_carries_the_rooms_terrain_and_doors_and_leaves_out_an_exhausted_character() -> None:
    """Barrow Lair (scenario 3) opens on hazardous terrain and obstacles, with doors in the room."""
    table = new_table(TableConfig(3, 2, 1, 7))
    apply(table, {"kind": "damage", "figure": "C1", "amount": 99})
    assert table.characters["C1"].exhausted and not table.characters["C2"].exhausted
    s = table.standees["inox-archer#2"]
    doc = turn_case(table, s)
    case = doc["cases"][0]
    assert case["terrain"] == {"hazardous": [[5, 11], [7, 4], [11, 5]], "obstacle": [[7, 6], [9, 5]]}
    board = table.game.board()
    assert board is not None
    assert case["doors"] == sorted(list(h) for h in board.doors if h in table.open_hexes())
    sides = {f["id"]: f["side"] for f in case["figures"]}
    assert "C1" not in sides and sides["C2"] == "character"  # the exhausted Brute is off the board
    casefile.parse_document(doc, where="table")  # what `delve monster-ai solve` reads


def test_a_room_without_doors_gives_a_case_without_doors() -> None:
    table = new_table(TableConfig(42, 2, 1, 7))
    s = table.standees["living-spirit#2"]
    case = turn_case(table, s)["cases"][0]
    assert "doors" not in case
    assert case["terrain"] == {"obstacle": [[5, 0], [9, -2]]}


def test_a_monster_that_sees_no_enemy_has_no_focus_and_stays_put() -> None:
    """§11.1-11.2: invisible characters cannot be focused; with no focus the monster neither moves
    nor attacks."""
    table = replay(TableConfig(2, 3, 1, 16), [])
    for c in table.characters:
        apply(table, {"kind": "condition", "figure": c, "condition": "invisible"})
    _round(table)
    s = table.current_standee()
    assert s is not None and s.type == "bandit-archer"
    _, outcomes = solve(table, s)
    assert len(outcomes) == 1
    assert outcomes[0]["destination"] == list(s.hex) and outcomes[0]["targets"] == []
    assert outcomes[0]["reason"] == f"Bandit Archer {s.number} has no focus: stays put, attacks no one."


@pytest.fixture(scope="module")
def archers_round() -> dict[str, Any]:
    """Scenario 2 for 3 players, seed 16: each character steps next to an immobilized Bandit
    Archer, the archers act first (card 539: Attack, immobilize) and shoot their neighbours;
    the deck is kept just before the round ends, and after."""
    table = replay(TableConfig(2, 3, 1, 16), [])
    archers = [s for s in table.standees.values() if s.type == "bandit-archer"]
    for c, a in zip(table.characters.values(), archers, strict=True):
        free = [h for h in neighbours(a.hex) if h in table.open_hexes() and h not in table.occupied()]
        apply(table, {"kind": "move", "figure": c.id, "hex": list(free[0])})
    for a in archers:
        apply(table, {"kind": "condition", "figure": a.id, "condition": "immobilize"})
    _round(table)
    card = table.card("bandit-archer")
    assert card is not None and card.id == "539"
    words: list[str] = []
    draws: list[dict[str, Any]] = []
    deck_before: ModifierDeck | None = None
    while table.phase == "turns":
        s = table.current_standee()
        if s is not None:
            _, outcomes = solve(table, s)
            o = outcomes[0]
            words.append(
                apply(
                    table,
                    {
                        "kind": "outcome",
                        "figure": s.id,
                        "destination": o["destination"],
                        "targets": o["targets"],
                    },
                )
            )
            draws.extend(table.draws)
            deck_before = table.game.state.modifier_decks[MONSTER_DECK]
        apply(table, {"kind": "next"})
    return {
        "table": table,
        "words": words,
        "draws": draws,
        "before": deck_before,
        "after": table.game.state.modifier_decks[MONSTER_DECK],
    }


def test_a_ranged_attack_on_a_neighbour_draws_two_cards_and_keeps_the_worse(
    archers_round: dict[str, Any],
) -> None:
    """§6.1, §6.5: a ranged attack against an adjacent enemy has disadvantage."""
    draws = archers_round["draws"]
    assert len(draws) == 3
    for d in draws:
        assert len(d["drawn"]) == 2 and len(d["applied"]) == 1
        values = [parse_card(c).apply(d["attack"]) for c in d["drawn"]]
        worse = min(0 if v is None else max(0, v) for v in values)
        assert d["damage"] == worse


def test_a_drawn_null_does_no_damage(archers_round: dict[str, Any]) -> None:
    nulls = [d for d in archers_round["draws"] if d["applied"] == ["null"]]
    assert nulls and all(d["damage"] == 0 for d in nulls)
    assert any("null: 0 damage before shields" in w for w in archers_round["words"])


def test_each_draw_carries_the_attacks_conditions(archers_round: dict[str, Any]) -> None:
    """Card 539 immobilizes its targets: each draw says so, with the damage."""
    assert all(d["conditions"] == ["immobilize"] for d in archers_round["draws"])


def test_a_drawn_null_reshuffles_the_monster_deck_when_the_round_ends(archers_round: dict[str, Any]) -> None:
    """§3.5: a drawn x2 or null shuffles the discards back in at the end of the round."""
    before, after = archers_round["before"], archers_round["after"]
    assert before.shuffle_pending and len(before.discard) == 6 and len(before.draw_pile) == 14
    assert archers_round["table"].phase == "initiatives"
    assert not after.shuffle_pending and after.discard == () and len(after.draw_pile) == 20
    assert sorted(map(str, after.draw_pile)) == sorted(map(str, before.cards))
