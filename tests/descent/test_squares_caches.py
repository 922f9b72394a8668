"""The square board remembers line-of-sight and movement answers, but only so many: past the
limit its memory starts again, and the answers stay right."""

from __future__ import annotations

from delvekit.core.squares import SquareBoard


def _row() -> SquareBoard:
    return SquareBoard.build([(x, 0) for x in range(6)])


def test_line_of_sight_memory_starts_again_past_fifty_thousand_answers() -> None:
    board = _row()
    for i in range(50_001):  # distinct blocked sets: every answer is a new one
        assert board.line_of_sight((0, 0), (1, 0), blocked=frozenset({(100 + i, 100)}))
    assert len(board._sight) == 50_001
    assert not board.line_of_sight((0, 0), (3, 0), blocked=frozenset({(2, 0)}))  # the 50,002nd
    assert len(board._sight) == 1  # started again with the new answer alone
    assert board.line_of_sight((0, 0), (3, 0))
    assert not board.line_of_sight((0, 0), (3, 0), blocked=frozenset({(2, 0)}))


def test_movement_memory_starts_again_past_4096_starts() -> None:
    board = _row()
    for i in range(4097):
        assert board.spread((0, 0), 1, no_enter=frozenset({(100 + i, 100)})) == {(0, 0): 0, (1, 0): 1}
    assert len(board._spreads) == 4097
    assert board.spread((0, 0), 2, no_enter=frozenset({(2, 0)})) == {(0, 0): 0, (1, 0): 1}
    assert len(board._spreads) == 1
    assert board.spread((0, 0), 2) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
