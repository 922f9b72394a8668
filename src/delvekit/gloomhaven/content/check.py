"""``delve content check``: every invariant of a content pack, each violation naming file and field.

The invariants (docs/content.md lists them with the reasons):

* monsters: stats for each level 0–7 exactly once, normal and elite (or boss) at each level,
  health positive (or a formula in C and L), move/attack/range non-negative, a standee count of
  at least one, immunities that are conditions, a deck that exists; every stat-line trait and
  immunity one the engine's monster stats have a field for
  (:data:`delvekit.gloomhaven.content.monster_traits.TRAITS`);
* monster decks: exactly 8 cards, initiatives 1–99, card numbers unique across all decks, at
  least one card that reshuffles;
* classes: 9 health values that never fall, a hand size, unique card numbers, initiatives 1–99,
  levels 1–9/X/M, an encoded card has abilities on both halves, a card on no public source
  (``unsourced``) is not encoded, perk cards that parse as modifier cards;
* items: slot, cost, count, prosperity 1–9, added modifier cards that parse;
* every ability: a type the schema knows, a mode it allows, a value of the right kind, areas and
  summons where needed, spawned monsters that exist;
* references: treasure → item, personal quest → class, scenario → monster/item/class/treasure;
* scenarios: the maps engineer's :func:`check_scenarios` (rooms joined by doors, hexes on the
  map, standee counts within the monster's count and never falling as characters are added).

Apart from validity, :func:`engine_gaps` lists every card ability the engine cannot execute yet
(named effects without a handler, class cards not encoded), for every class and monster deck.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from delvekit.core.errors import ContentError, DelvekitError
from delvekit.gloomhaven.content import expr
from delvekit.gloomhaven.content.problems import Problem
from delvekit.gloomhaven.content.schema import (
    ABILITY_TYPES,
    CONDITIONS,
    ELEMENTS,
    IMMUNITIES,
    ITEM_SCOPES,
    ITEM_SLOTS,
    ITEM_TRIGGERS,
    MODES,
    NUMERIC_TYPES,
    CardAbility,
    CharacterClass,
    Formula,
    MonsterDeck,
    MonsterType,
    StatLine,
    SummonStats,
)

if TYPE_CHECKING:
    from delvekit.gloomhaven.content.pack import ContentPack

#: What an ``affects`` ability may name (who a heal, shield, condition... applies to).
AFFECTS: frozenset[str] = frozenset(
    {
        "self", "ally", "allies", "enemy", "enemies", "enemy-adjacent", "enemies-adjacent",
        "allies-adjacent", "self-allies-adjacent", "enemies-range", "allies-range",
        "self-allies-range", "enemies-moved-through", "one-enemy-all", "all",
        "self-allies", "enemies-damaged", "enemies-with-condition", "ally-adjacent", "all-adjacent",
        "all-adjacent-to-target", "summons", "self-summons", "summons-adjacent", "summons-range",
    }
)  # fmt: skip
TREASURE_REWARDS: frozenset[str] = frozenset(
    {
        "item", "item-design", "gold", "experience", "random-item-design", "random-scenario",
        "battle-goal", "damage", "condition", "scenario", "heal", "bless", "curse", "other",
    }
)  # fmt: skip
RELATIVE_MODES = frozenset({"plus", "minus"})
#: C characters, L scenario level, X a value the ability's own text defines, V the value a
#: monster's special rule gives (Merciless Overseer's attack).
FORMULA_VARIABLES = frozenset({"C", "L", "X", "V"})


class _Checker:
    def __init__(self, pack: ContentPack, scenarios: set[int] | None = None) -> None:
        self.pack = pack
        self.problems: list[Problem] = []
        self.only_scenarios = scenarios

    def where(self, category: str, key: object) -> tuple[str, str]:
        return self.pack.origin.get((category, key), (category, ""))

    @property
    def tables_at(self) -> tuple[str, str]:
        """The campaign tables' file: the last folder that has one."""
        return self.pack.origin.get(("tables", None), ("tables.json", ""))

    def add(self, at: tuple[str, str], field: str, message: str) -> None:
        file, prefix = at
        self.problems.append(
            Problem(file, f"{prefix}.{field}" if prefix and field else prefix or field, message)
        )

    # -- numbers and formulas -------------------------------------------------------------
    def formula(self, at: tuple[str, str], field: str, value: Formula, *, minimum: int) -> None:
        if isinstance(value, bool):
            self.add(at, field, "must be a number or formula, not true/false")
        elif isinstance(value, int):
            if value < minimum:
                self.add(at, field, f"must be at least {minimum}, is {value}")
        else:
            try:
                parsed = expr.parse(value)
            except ContentError as exc:
                self.add(at, field, str(exc))
                return
            if parsed.kind != "int":
                self.add(at, field, f"formula {value!r} is a condition, not a number")
            unknown = parsed.variables - FORMULA_VARIABLES
            if unknown:
                self.add(at, field, f"formula {value!r} uses unknown variables {sorted(unknown)}")

    # -- abilities ---------------------------------------------------------------------------
    def abilities(
        self, at: tuple[str, str], field: str, abilities: Iterable[CardAbility], *, relative: bool
    ) -> None:
        for index, ability in enumerate(abilities):
            self.ability(at, f"{field}[{index}]", ability, relative=relative)

    def ability(self, at: tuple[str, str], field: str, a: CardAbility, *, relative: bool) -> None:
        if a.type not in ABILITY_TYPES:
            self.add(at, f"{field}.type", f"unknown ability type {a.type!r}")
            return
        if a.mode not in MODES:
            self.add(at, f"{field}.mode", f"unknown mode {a.mode!r}")
        elif a.mode in RELATIVE_MODES and not relative:
            self.add(at, f"{field}.mode", f"{a.mode!r} values belong on ability cards, not stat lines")
        if a.type in NUMERIC_TYPES:
            if a.value is None:
                self.add(at, f"{field}.value", f"{a.type} needs a value")
            else:
                self.formula(at, f"{field}.value", a.value, minimum=0)
        elif a.type == "condition":
            if a.value not in CONDITIONS:
                self.add(at, f"{field}.value", f"unknown condition {a.value!r}")
        elif a.type == "element":
            if a.value not in ELEMENTS:
                self.add(at, f"{field}.value", f"unknown element {a.value!r}")
            if a.mode not in ("infuse", "consume"):
                self.add(at, f"{field}.mode", "an element is infused or consumed")
        elif a.type == "affects":
            if a.value not in AFFECTS:
                self.add(at, f"{field}.value", f"unknown target kind {a.value!r}")
        elif a.type == "area":
            if not a.area:
                self.add(at, f"{field}.area", "an area needs hexes")
            elif not any(h.kind == "target" for h in a.area):
                self.add(at, f"{field}.area", "an area needs at least one target hex")
            elif len({(h.q, h.r) for h in a.area}) != len(a.area):
                self.add(at, f"{field}.area", "an area lists a hex twice")
        elif a.type == "summon":
            if a.summon is None:
                self.add(at, f"{field}.summon", "a summon needs its stat line")
            else:
                self.summon(at, f"{field}.summon", a.summon)
                self.summon_traits(at, f"{field}.summon", a.summon)
        elif a.type == "spawn":
            if not a.spawns and not isinstance(a.value, str):
                self.add(at, f"{field}.spawns", "a spawn needs monsters (or a kind such as 'demon')")
            for index, spawn in enumerate(a.spawns):
                if spawn.monster not in self.pack.monsters:
                    self.add(at, f"{field}.spawns[{index}].monster", f"unknown monster {spawn.monster!r}")
                for kind in spawn.kind:
                    if kind not in ("none", "normal", "elite"):
                        self.add(at, f"{field}.spawns[{index}].kind", f"unknown kind {kind!r}")
        elif a.type == "custom" and (not isinstance(a.value, str) or not a.value):
            self.add(at, f"{field}.value", "a custom ability needs its rule key")
        self.abilities(at, f"{field}.sub", a.sub, relative=relative)

    def summon(self, at: tuple[str, str], field: str, s: SummonStats) -> None:
        self.formula(at, f"{field}.health", s.health, minimum=1)
        self.formula(at, f"{field}.attack", s.attack, minimum=0)
        if s.move < 0:
            self.add(at, f"{field}.move", "must not be negative")
        if s.range < 0:
            self.add(at, f"{field}.range", "must not be negative")
        self.abilities(at, f"{field}.abilities", s.abilities, relative=False)

    def summon_traits(self, at: tuple[str, str], field: str, s: SummonStats) -> None:
        """Every trait of a summon played from a card or item is one the engine's summons
        perform (:data:`delvekit.gloomhaven.content.monster_traits.SUMMON_TRAITS`). A class's summary
        list of summons (``summons``) is not checked: a card not encoded yet plays no summon."""
        traits = _engine_traits()
        for index, a in enumerate(s.abilities):
            for key in traits.unknown_traits((a,), traits.SUMMON_TRAITS):
                self.add(at, f"{field}.abilities[{index}]", f"summon trait {key!r} has no engine field")

    # -- monsters ----------------------------------------------------------------------------
    def monster(self, m: MonsterType) -> None:
        at = self.where("monsters", m.id)
        if m.count < 1:
            self.add(at, "count", f"needs at least one standee, has {m.count}")
        if m.deck not in self.pack.monster_decks:
            self.add(at, "deck", f"unknown monster deck {m.deck!r}")
        if m.shares_standees_with is not None and m.shares_standees_with not in self.pack.monsters:
            self.add(at, "shares_standees_with", f"unknown monster {m.shares_standees_with!r}")
        for index, immunity in enumerate(m.immunities):
            if immunity not in IMMUNITIES:
                self.add(at, f"immunities[{index}]", f"unknown condition {immunity!r}")
            elif immunity not in _engine_traits().IMMUNITY_FIELDS:
                self.add(at, f"immunities[{index}]", f"immunity {immunity!r} has no engine field")
        levels = [entry.level for entry in m.levels]
        if sorted(levels) != list(range(8)):
            self.add(at, "levels", f"needs levels 0-7 once each, has {levels}")
        kinds = ("boss",) if m.boss else ("normal", "elite")
        for index, entry in enumerate(m.levels):
            for kind in ("normal", "elite", "boss"):
                line: StatLine | None = getattr(entry, kind)
                field = f"levels[{index}].{kind}"
                if line is None:
                    if kind in kinds:
                        self.add(at, field, f"missing {kind} stats at level {entry.level}")
                    continue
                if kind not in kinds:
                    self.add(at, field, f"a {'boss' if m.boss else 'regular monster'} has no {kind} stats")
                self.formula(at, f"{field}.health", line.health, minimum=1)
                self.formula(at, f"{field}.attack", line.attack, minimum=0)
                if line.move < 0:
                    self.add(at, f"{field}.move", "must not be negative")
                if line.range < 0:
                    self.add(at, f"{field}.range", "must not be negative")
                self.abilities(at, f"{field}.abilities", line.abilities, relative=False)
                self.stat_traits(at, f"{field}.abilities", line.abilities)
        for index, special in enumerate(m.specials):
            self.abilities(at, f"specials[{index}]", special, relative=True)
        if m.specials and not m.boss:
            self.add(at, "specials", "only bosses have special actions")

    def stat_traits(self, at: tuple[str, str], field: str, abilities: Iterable[CardAbility]) -> None:
        """Every trait of a stat line has its field in the engine's monster stats, so that none
        is lost between the pack and play (docs/monster-traits.md)."""
        traits = _engine_traits()
        for index, a in enumerate(abilities):
            for key in traits.unknown_traits((a,)):
                self.add(at, f"{field}[{index}]", f"stat-line trait {key!r} has no engine field")

    def deck(self, d: MonsterDeck, numbers: dict[int, str]) -> None:
        at = self.where("monster_decks", d.id)
        if len(d.cards) != 8:
            self.add(at, "cards", f"a monster deck has 8 cards, this one has {len(d.cards)}")
        if not any(card.shuffle for card in d.cards):
            self.add(at, "cards", "no card reshuffles the deck")
        for index, card in enumerate(d.cards):
            if not 1 <= card.initiative <= 99:
                self.add(at, f"cards[{index}].initiative", f"must be 1-99, is {card.initiative}")
            if card.number in numbers:
                self.add(
                    at, f"cards[{index}].number", f"card {card.number} is also in deck {numbers[card.number]}"
                )
            numbers[card.number] = d.id
            if not card.abilities:
                self.add(at, f"cards[{index}].abilities", "a card needs at least one ability")
            self.abilities(at, f"cards[{index}].abilities", card.abilities, relative=True)

    # -- classes -----------------------------------------------------------------------------
    def klass(self, c: CharacterClass, numbers: dict[int, str]) -> None:
        at = self.where("classes", c.id)
        if any(h < 1 for h in c.health):
            self.add(at, "health", "every level needs positive health")
        if list(c.health) != sorted(c.health):
            self.add(at, "health", "health must never fall from one level to the next")
        if c.hand_size < 1:
            self.add(at, "hand_size", f"must be positive, is {c.hand_size}")
        for index, perk in enumerate(c.perks):
            self.perk(at, f"perks[{index}]", perk.remove + perk.add, perk.count)
            if not (perk.remove or perk.add or perk.ignore):
                self.add(at, f"perks[{index}]", "a perk changes the deck or ignores effects")
        for index, summon in enumerate(c.summons):
            self.summon(at, f"summons[{index}]", summon)
        for index, card in enumerate(c.cards):
            field = f"cards[{index}]"
            if card.number in numbers:
                self.add(at, f"{field}.number", f"card {card.number} is also in class {numbers[card.number]}")
            numbers[card.number] = c.id
            if not 1 <= card.initiative <= 99:
                self.add(at, f"{field}.initiative", f"must be 1-99, is {card.initiative}")
            if not (card.level in ("X", "M") or (isinstance(card.level, int) and 1 <= card.level <= 9)):
                self.add(at, f"{field}.level", f"must be 1-9, X or M, is {card.level!r}")
            if card.unsourced and card.encoded:
                self.add(at, f"{field}.unsourced", "a card on no public source cannot be encoded")
            for half_name in ("top", "bottom"):
                half = getattr(card, half_name)
                if card.encoded and not half.abilities:
                    self.add(at, f"{field}.{half_name}", "an encoded card needs abilities on both halves")
                if not card.encoded and half.abilities:
                    self.add(at, f"{field}.encoded", "a card with abilities must be marked encoded")
                if half.xp < 0:
                    self.add(at, f"{field}.{half_name}.xp", "must not be negative")
                if half.slots and not (half.persistent or half.round):
                    self.add(
                        at, f"{field}.{half_name}.slots", "use slots belong to persistent or round cards"
                    )
                self.abilities(at, f"{field}.{half_name}.abilities", half.abilities, relative=True)
        if sum(1 for card in c.cards if card.level in (1, "X")) < c.hand_size:
            self.add(at, "cards", f"fewer level 1 and X cards than the hand size {c.hand_size}")

    def perk(self, at: tuple[str, str], field: str, cards: Iterable[str], count: int) -> None:
        if count < 1:
            self.add(at, f"{field}.count", "a perk has at least one check box")
        parse = _card_parser()
        if parse is None:
            return
        for text in cards:
            try:
                parse(text)
            except DelvekitError as exc:
                self.add(at, field, f"modifier card {text!r}: {exc}")

    # -- items, campaign cards ---------------------------------------------------------------
    def items(self) -> None:
        for number, item in self.pack.items.items():
            at = self.where("items", number)
            if item.slot not in ITEM_SLOTS:
                self.add(at, "slot", f"unknown slot {item.slot!r}")
            if item.cost < 0:
                self.add(at, "cost", "must not be negative")
            if item.count < 1:
                self.add(at, "count", "must be at least 1")
            if item.prosperity is not None and not 1 <= item.prosperity <= 9:
                self.add(at, "prosperity", f"must be 1-9, is {item.prosperity}")
            if item.uses < 0:
                self.add(at, "uses", "must not be negative")
            self.perk(at, "modifiers_added", item.modifiers_added, 1)
            self.abilities(at, "effects", item.effects, relative=False)
            if item.summon is not None:
                self.summon(at, "summon", item.summon)
            if item.trigger and item.trigger not in ITEM_TRIGGERS:
                self.add(at, "trigger", f"unknown trigger {item.trigger!r}")
            if item.scope and item.scope not in ITEM_SCOPES:
                self.add(at, "scope", f"unknown scope {item.scope!r} (single or entire)")

    def campaign(self) -> None:
        pack = self.pack
        for number, treasure in pack.treasures.items():
            at = self.where("treasures", number)
            if not treasure.rewards:
                self.add(at, "rewards", "a treasure gives something")
            for index, reward in enumerate(treasure.rewards):
                if reward.kind not in TREASURE_REWARDS:
                    self.add(at, f"rewards[{index}].kind", f"unknown reward {reward.kind!r}")
                if reward.kind in ("item", "item-design") and reward.value not in pack.items:
                    self.add(at, f"rewards[{index}].value", f"unknown item {reward.value!r}")
                if reward.kind == "condition" and reward.value not in CONDITIONS:
                    self.add(at, f"rewards[{index}].value", f"unknown condition {reward.value!r}")
        for number, quest in pack.personal_quests.items():
            at = self.where("personal_quests", number)
            if quest.unlocks_class is not None and quest.unlocks_class not in pack.classes:
                self.add(at, "unlocks_class", f"unknown class {quest.unlocks_class!r}")
            for index, step in enumerate(quest.steps):
                if step.counter < 1:
                    self.add(at, f"steps[{index}].counter", "must be at least 1")
                for after in step.after:
                    if not 1 <= after <= len(quest.steps) or after == index + 1:
                        self.add(at, f"steps[{index}].after", f"no earlier step {after}")
        for number, goal in pack.battle_goals.items():
            if not 1 <= goal.checks <= 3:
                self.add(self.where("battle_goals", number), "checks", f"must be 1-3, is {goal.checks}")
        tables = pack.tables
        if list(tables.prosperity_thresholds) != sorted(set(tables.prosperity_thresholds)):
            self.add(self.tables_at, "prosperity_thresholds", "must rise strictly")
        if list(tables.level_xp) != sorted(set(tables.level_xp)):
            self.add(self.tables_at, "level_xp", "must rise strictly")
        low, high = tables.reputation_range
        covered = sorted((step.low, step.high) for step in tables.reputation_prices)
        expected = low
        for step_low, step_high in covered:
            if step_low != expected or step_high < step_low:
                self.add(self.tables_at, "reputation_prices", f"gap or overlap at reputation {expected}")
                break
            expected = step_high + 1
        else:
            if expected != high + 1:
                self.add(self.tables_at, "reputation_prices", f"reputation up to {high} must be covered")

    # -- scenarios ---------------------------------------------------------------------------
    def scenarios(self) -> None:
        pack = self.pack
        scenarios = pack.scenarios
        if self.only_scenarios is not None:
            scenarios = {n: s for n, s in scenarios.items() if n in self.only_scenarios}
        if not scenarios:
            return
        from delvekit.gloomhaven.content.scenario_check import check_scenarios

        counts = {m.id: m.count for m in pack.monsters.values()}
        for problem in check_scenarios(scenarios, monster_counts=counts):
            # named by the file the scenario came from (a user's folder or the bundled pack)
            number = int(problem.file.removeprefix("scenarios/").removesuffix(".json"))
            file = self.where("scenarios", number)[0]
            self.problems.append(Problem(file, problem.field, problem.message))
        for number, s in scenarios.items():
            at = self.where("scenarios", number)
            for index, monster in enumerate(s.monsters):
                if monster not in pack.monsters:
                    self.add(at, f"monsters[{index}]", f"unknown monster {monster!r}")
            for room_number, placement in s.placements():
                if placement.monster not in pack.monsters:
                    self.add(at, f"rooms[{room_number}].monsters", f"unknown monster {placement.monster!r}")
            for index, item in enumerate(s.rewards.items + s.rewards.item_designs):
                if item not in pack.items:
                    self.add(at, f"rewards.items[{index}]", f"unknown item {item}")
            for index, class_id in enumerate(s.rewards.unlock_classes):
                if class_id not in pack.classes:
                    self.add(at, f"rewards.unlock_classes[{index}]", f"unknown class {class_id!r}")
            for index, overlay in enumerate(s.overlays):
                treasure = getattr(overlay, "treasure", "")
                if treasure.isdigit() and int(treasure) not in pack.treasures:
                    self.add(at, f"overlays[{index}].treasure", f"unknown treasure {treasure}")
            achievements = (*s.rewards.global_achievements, *s.rewards.party_achievements)
            for requirement in s.requirements:
                achievements += (*requirement.global_achievements, *requirement.party_achievements)
            for name in achievements:
                if name.lstrip("!") not in pack.achievements:
                    self.add(at, "rewards", f"unknown achievement {name.lstrip('!')!r}")
            for unlocked in s.unlocks:
                if unlocked not in pack.scenarios:  # the whole merged pack, not only a user's files
                    self.add(at, "unlocks", f"unknown scenario {unlocked}")
        from delvekit.gloomhaven.scenario.goal_lines import check_goals, load_goals

        try:  # scenario goals of 11-95 (scenario_goals)
            problems = check_goals(load_goals(), pack.monsters)
        except ContentError as exc:
            problems = [str(exc)]
        self.problems.extend(Problem("data/scenario-goals.json", "goals", m) for m in problems)

    def run(self) -> list[Problem]:
        for monster in self.pack.monsters.values():
            self.monster(monster)
        for deck in self.pack.monster_decks.values():
            self.deck(deck, {})
        class_numbers: dict[int, str] = {}
        for klass in self.pack.classes.values():
            self.klass(klass, class_numbers)
        self.items()
        self.campaign()
        self.scenarios()
        return self.problems


def _engine_traits() -> Any:
    """The engine's table of monster stat-line traits (imported late: the engine imports this
    package)."""
    from delvekit.gloomhaven.content import monster_traits

    return monster_traits


def _card_parser() -> Any:
    try:
        from delvekit.gloomhaven.model.modifiers import parse_card
    except ImportError:  # pragma: no cover - the modifiers module ships with the engine
        return None
    return parse_card


def check_pack(pack: ContentPack, *, scenarios: set[int] | None = None) -> list[Problem]:
    """Every invariant the pack breaks (an empty list when it is sound). A file that cannot be
    decoded is reported as one problem for that file; the invariants are then checked only
    when every category decoded. ``scenarios`` limits the scenario checks to those numbers."""
    from delvekit.gloomhaven.content.pack import CATEGORIES

    broken: list[Problem] = []
    for name in ("layout", "info", *CATEGORIES, "tables", "scenarios"):
        try:
            getattr(pack, name)
        except ContentError as exc:
            file, _, field = exc.where.partition(": ")
            broken.append(Problem(file, field or "$", str(exc).removeprefix(f"{exc.where}: ")))
    if broken:
        return broken
    return _Checker(pack, scenarios).run()


def problems_in(pack: ContentPack, folder: Path) -> Iterator[Problem]:
    """The problems of ``pack`` whose file lies in ``folder`` (a user's content folder). The
    bundled scenarios are checked again only when the folder changes monsters (their standee
    counts bound the scenarios' placements); otherwise only the folder's own scenarios are."""
    prefix = str(folder)
    pack.load_all()
    changes_monsters = any(
        file.startswith(prefix) for (category, _), (file, _) in pack.origin.items() if category == "monsters"
    )
    only = (
        None
        if changes_monsters
        else {
            key
            for (category, key), (file, _) in pack.origin.items()
            if category == "scenarios" and file.startswith(prefix) and isinstance(key, int)
        }
    )
    bundled_scenarios = {file for (category, _), (file, _) in pack.origin.items() if category == "scenarios"}
    for problem in check_pack(pack, scenarios=only):
        # a bundled scenario broken by the folder's monsters (fewer standees) is the folder's problem
        if problem.file.startswith(prefix) or (changes_monsters and problem.file in bundled_scenarios):
            yield problem


def raise_problems(pack: ContentPack, *, only_from: Path | None = None) -> None:
    """Raise one :class:`ContentError` listing every problem (of ``only_from``'s files, when
    given); does nothing when there is none."""
    problems = list(problems_in(pack, only_from)) if only_from is not None else check_pack(pack)
    if problems:
        first = problems[0]
        more = "".join(f"\n  {p}" for p in problems[1:20])
        extra = f"\n  ... and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise ContentError(f"{first.message}{more}{extra}", where=f"{first.file}: {first.field}")


class EngineGap(NamedTuple):
    """A card holding abilities the engine cannot execute yet: ``deck`` is ``class ID`` or
    ``monster deck ID`` (``monster deck ID (TYPE)`` for a boss, whose specials differ), ``card``
    the card's name (class) or number (monster), ``abilities`` the named effects with no handler,
    or ``("not-encoded",)`` for a class card whose abilities the content does not hold."""

    deck: str
    card: str
    abilities: tuple[str, ...]


NOT_ENCODED = "not-encoded"

#: Values for a card's C and L formulas while listing gaps: which effects a card needs does not
#: depend on them.
_GAP_VARIABLES = {"C": 4, "L": 1}


def engine_gaps(pack: ContentPack) -> list[EngineGap]:
    """Every class card and monster ability card of ``pack`` (all of them, not only those of the
    playable scenarios), and every item, with abilities the engine cannot execute: what the engine's content
    adapter turns into a named effect (``custom`` ability) that has no handler in
    :mod:`delvekit.gloomhaven.engine.registry`, and class cards not encoded at all. The engine reports
    such abilities as ``unresolved`` when a card is played; this list makes them visible before
    that. Informational: it says nothing about the data's validity. Call it on a pack that
    :func:`check_pack` finds sound."""
    # The engine's own conversion, so that the list is exactly what a game would do.
    from delvekit.gloomhaven.content.abilities import convert_half
    from delvekit.gloomhaven.content.monster_abilities import monster_actions
    from delvekit.gloomhaven.engine import registry as effects
    from delvekit.gloomhaven.model.abilities import Ability as EngineAbility

    def missing(abilities: Iterable[EngineAbility]) -> tuple[str, ...]:
        notes = [a.note for a in abilities if a.kind == "custom"]
        return tuple(dict.fromkeys(n for n in notes if effects.handler(n) is None))

    out: list[EngineGap] = []
    for cid in sorted(pack.classes):
        klass = pack.classes[cid]
        for card in klass.cards:
            if not card.encoded:
                out.append(EngineGap(f"class {cid}", card.name, (NOT_ENCODED,)))
                continue
            halves = (convert_half(h, _GAP_VARIABLES) for h in (card.top, card.bottom))
            notes = missing(a for h in halves for a in h.abilities)
            if notes:
                out.append(EngineGap(f"class {cid}", card.name, notes))
    monsters: list[EngineGap] = []
    done: set[str] = set()
    for name in sorted(pack.monsters):
        mt = pack.monsters[name]
        deck = f"monster deck {mt.deck}" + (f" ({name})" if mt.specials else "")
        if deck in done or mt.deck not in pack.monster_decks:
            continue
        done.add(deck)
        for mc in pack.monster_decks[mt.deck].cards:
            notes = missing(monster_actions(mc.abilities, _GAP_VARIABLES, mt.specials))
            if notes:
                monsters.append(EngineGap(deck, str(mc.number), notes))
    return out + sorted(monsters, key=lambda g: g.deck) + _item_gaps(pack)


def _item_gaps(pack: ContentPack) -> list[EngineGap]:
    """Items whose effects the engine cannot perform (:mod:`delvekit.gloomhaven.items.play`),
    as ``EngineGap("items", "N NAME", kinds)``. The solo-scenario items are left out: their
    effects are not transcribed (docs/content.md)."""
    from delvekit.gloomhaven.content.adapter import item_effect
    from delvekit.gloomhaven.items.play import unsupported_effects

    out: list[EngineGap] = []
    for number in sorted(pack.items):
        item = pack.items[number]
        kinds = unsupported_effects(item_effect(a) for a in item.effects)
        if kinds and not item.solo:
            out.append(EngineGap("items", f"{number} {item.name}", tuple(kinds)))
    return out
