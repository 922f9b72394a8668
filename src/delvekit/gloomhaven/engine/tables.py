"""A game's immutable lookups (:attr:`Game.tables <delvekit.gloomhaven.engine.game.Game.tables>`):
the board, the doors' rooms, the ruleset, the cards and monster types by id. Built once from the
setup and shared by every clone of the game."""

from __future__ import annotations

from typing import TypeVar

from delvekit.core.board import Board
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.model import rulesets as rules
from delvekit.gloomhaven.model.scenario_rules import RuleRecord, ScenarioRule, by_kind
from delvekit.gloomhaven.model.setup import Card, GameSetup, MonsterCard, MonsterType

R = TypeVar("R", bound=RuleRecord)


class Tables:
    """Immutable lookups shared by every clone of a game."""

    __slots__ = (
        "board",
        "boards",
        "cards",
        "deck_cards",
        "door_room",
        "rule_kinds",
        "ruleset",
        "setup",
        "type_of_deck",
        "types",
    )

    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.board: Board | None = setup.board.build() if setup.board is not None else None
        self.door_room: dict[Hex, tuple[int, ...]] = (
            {d.hex: d.rooms for d in setup.board.doors} if setup.board else {}
        )
        self.boards: dict[tuple[frozenset[Hex], ...], Board] = {}
        """Boards with sprung traps removed, opened doors, created traps and obstacles, per
        (sprung, opened, created traps, created obstacles)."""
        self.ruleset = rules.get(setup.ruleset)
        self.cards: dict[str, dict[str, Card]] = {ch.id: {c.id: c for c in ch.hand} for ch in setup.party}
        self.types: dict[str, MonsterType] = {m.name: m for m in setup.monsters}
        self.deck_cards: dict[str, dict[str, MonsterCard]] = {
            name: {c.id: c for c in cards} for name, cards in setup.decks.items()
        }
        self.rule_kinds: dict[type[RuleRecord], tuple[ScenarioRule, ...]] = by_kind(setup.rules)
        """The setup's scenario rule records by kind (:meth:`rules_of`)."""
        self.type_of_deck: dict[str, list[str]] = {}
        for m in setup.monsters:
            self.type_of_deck.setdefault(m.deck, []).append(m.name)

    def rules_of(self, kind: type[R]) -> tuple[R, ...]:
        """The setup's scenario rule records of one kind, in their order."""
        return self.rule_kinds.get(kind, ())  # type: ignore[return-value]
