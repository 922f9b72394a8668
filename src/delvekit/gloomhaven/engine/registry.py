"""The named-effect registry: each special wording of a card is one named effect.

The content adapter (:mod:`~delvekit.gloomhaven.content.adapter`) turns a card ability the
structured abilities cannot say into a ``custom`` :class:`~delvekit.gloomhaven.model.abilities.Ability`
whose ``note`` is a one-word name (``consume-earth``, ``affects-enemies-range``, ``spawn``,
``special-1`` ...) and whose ``then`` holds its parts as abilities. The engine performs such an
ability by calling the handler registered here under that name; only a name with no handler is
reported ``unresolved`` (and listed by :func:`~delvekit.gloomhaven.content.adapter.unsupported`).

Handlers live in their own modules (monster effects in
:mod:`~delvekit.gloomhaven.effects.monsters`; character effects in theirs), listed in
:data:`HANDLER_MODULES` and imported by :func:`load`. A handler receives the game, the figure
performing the ability and the ability; it changes the game only through the game's effect
methods and agenda tasks, inside a choice. It reports whether it did anything (§3.4: an action
earns its XP and infusion only if one of its abilities was used): ``True``/``False``, or ``None``
to let the engine judge by the events it caused (:mod:`~delvekit.gloomhaven.engine.used`).

Rules that change what the engine itself does (a bonus to every move, a question before each
attack, damage taken over) are not named effects: they are functions registered at the engine's
named, ordered hook points (:mod:`~delvekit.gloomhaven.engine.hooks`) by the wiring table
(:mod:`delvekit.gloomhaven.wiring`, the last of :data:`HANDLER_MODULES`). The lists below
(``DEATH_HOOKS`` ...) are the older kind, filled by modules as they are imported and sorted by
``wiring.LIST_ORDER``.

>>> @effect("example-noop")
... def _noop(game, figure, ability):
...     pass
>>> "example-noop" in EFFECTS
True
>>> missing(["example-noop", "no-such-effect"])
['no-such-effect']
>>> del EFFECTS["example-noop"]
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from delvekit.core.errors import ContentError

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.engine.state import Figure, Task
    from delvekit.gloomhaven.model.abilities import Ability
    from delvekit.gloomhaven.model.conditions import Condition

Handler: TypeAlias = "Callable[[Game, str, Ability], bool | None]"
H = TypeVar("H", bound=Callable[..., bool | None])

EFFECTS: dict[str, Handler] = {}
"""Every named effect the engine can perform, by its note."""

HANDLER_MODULES: tuple[str, ...] = (
    "delvekit.gloomhaven.effects.monsters",
    "delvekit.gloomhaven.effects.placement",
    "delvekit.gloomhaven.effects.boss_specials",
    "delvekit.gloomhaven.effects.bosses",
    "delvekit.gloomhaven.effects.boss_figures",
    "delvekit.gloomhaven.effects.parts",
    "delvekit.gloomhaven.effects.summons",
    "delvekit.gloomhaven.effects.rests",
    "delvekit.gloomhaven.effects.classes.brute",
    "delvekit.gloomhaven.effects.classes.mindthief",
    "delvekit.gloomhaven.effects.strike",
    "delvekit.gloomhaven.effects.picks",
    "delvekit.gloomhaven.effects.consume",
    "delvekit.gloomhaven.effects.allies",
    "delvekit.gloomhaven.effects.active_area",
    "delvekit.gloomhaven.effects.refresh",
    "delvekit.gloomhaven.effects.recovery",
    "delvekit.gloomhaven.effects.ally_picks",
    "delvekit.gloomhaven.effects.turn_end",
    "delvekit.gloomhaven.effects.area",
    "delvekit.gloomhaven.effects.traps",
    "delvekit.gloomhaven.effects.protection",
    "delvekit.gloomhaven.effects.classes.spellweaver_area",
    "delvekit.gloomhaven.effects.classes.spellweaver",
    "delvekit.gloomhaven.effects.classes.cragheart_obstacles",
    "delvekit.gloomhaven.effects.classes.cragheart",
    "delvekit.gloomhaven.effects.classes.scoundrel",
    "delvekit.gloomhaven.effects.classes.doomstalker_dooms",
    "delvekit.gloomhaven.effects.classes.doomstalker",
    "delvekit.gloomhaven.effects.classes.elementalist",
    "delvekit.gloomhaven.effects.classes.plagueherald_poison",
    "delvekit.gloomhaven.effects.classes.plagueherald",
    "delvekit.gloomhaven.effects.classes.nightshroud",
    "delvekit.gloomhaven.effects.classes.soothsinger",
    "delvekit.gloomhaven.effects.classes.summoner",
    "delvekit.gloomhaven.effects.classes.elementalist_summons",
    "delvekit.gloomhaven.effects.classes.soothsinger_control",
    "delvekit.gloomhaven.effects.classes.summoner_steed",
    "delvekit.gloomhaven.effects.classes.quartermaster",
    "delvekit.gloomhaven.effects.classes.berserker",
    "delvekit.gloomhaven.effects.classes.berserker_hooks",
    "delvekit.gloomhaven.effects.classes.sawbones",
    "delvekit.gloomhaven.effects.classes.beast_tyrant",
    "delvekit.gloomhaven.effects.classes.beast_tyrant_more",
    "delvekit.gloomhaven.scenario.rules",
    "delvekit.gloomhaven.scenario.triggers",
    "delvekit.gloomhaven.scenario.goals",
    "delvekit.gloomhaven.wiring",
)
"""Modules that register handlers on import (add yours here); the last one, the wiring module,
registers functions at the engine's hook points (:mod:`~delvekit.gloomhaven.engine.hooks`)."""

RIDERS: set[str] = set()
"""Named effects printed under a monster attack that act per target (filled by the wiring)."""

DEATH_HOOKS: list[Callable[[Game, Figure], None]] = []
"""Called when a figure dies, after it left the board (e.g. a monster card's "on death")."""

ROUND_HOOKS: list[Callable[[Game, str], None]] = []
"""Called at the ``start`` and ``end`` of every round (scenario special rules)."""

TURN_END_HOOKS: list[Callable[[Game, Figure], None]] = []
"""Called at the end of a character's turn, after it looted its hex (scenario rules)."""

GOAL_HOOKS: list[Callable[[Game], bool | None]] = []
"""Scenario goals: the first hook with an answer (not ``None``) says whether the goal is met."""

REVEAL_HOOKS: list[Callable[[Game, int], None]] = []
"""Called when a room is revealed, after its monsters were placed (scenario objectives)."""
LOOT_HOOKS: list[Callable[[Game, Figure, set[tuple[int, int]]], None]] = []
"""Called when a Loot ability of a figure reached some hexes (scenario goal treasure tiles)."""

CONSUME_HOOKS: list[Callable[[Game, str, str], None]] = []
"""Called as a figure consumes an element (its id, the element), after the ``consumed`` event."""

STAT_HOOKS: list[Callable[[Game, Figure], tuple[int, int, int]]] = []
"""(move, attack, range) that scenario rules add to a monster's stat card (scenario 22), or an
effect to a summon's stat line (its move: Earthen Steed)."""

TURN_HOOKS: list[Callable[[Game, str], bool]] = []
"""Called as a character is about to perform its actions (not resting, not stunned); a hook
answering ``True`` has taken the turn over (the Betrayer's mind control)."""

GROUP_HOOKS: list[Callable[[Game, str], list[Task]]] = []
"""Called as a monster type activates: tasks to run before its first monster's turn (figures
acting right before it: the Elder Drake's zephyrs)."""

AWAY_HOOKS: list[Callable[[Game], set[str]]] = []
"""Monster types in play though none of their figures is on the map (the Dark Rider between its
appearances): they draw ability cards and take turns (a group hook brings them back)."""

DAMAGE_HOOKS: list[Callable[[Game, Figure, int, str], bool]] = []
"""Called before a figure other than a character loses hit points; a hook answering ``True``
has dealt with the damage (a figure that cannot be damaged, damage taken by another figure)."""

AFTER_LOAD: list[Callable[[], None]] = []
"""Called once every handler module is imported (the wiring sorts the lists above)."""

_loaded = False


def effect(*names: str) -> Callable[[H], H]:
    """Register the decorated function as the handler of each of ``names``; a name registered
    twice by different handlers is a programming error (:class:`ContentError`)."""
    if not names:
        raise ContentError("an effect needs at least one name")

    def register(fn: H) -> H:
        for name in names:
            if not name or any(ch.isspace() for ch in name):
                raise ContentError(f"effect name {name!r} must be one word")
            known = EFFECTS.get(name)
            if known is not None and known is not fn:
                raise ContentError(f"effect {name!r} is registered twice")
            EFFECTS[name] = fn
        return fn

    return register


def load() -> dict[str, Handler]:
    """Import every handler module (once) and return the registry."""
    global _loaded
    if not _loaded:
        _loaded = True
        for module in HANDLER_MODULES:
            importlib.import_module(module)
        for step in AFTER_LOAD:
            step()
    return EFFECTS


def handler(note: str) -> Handler | None:
    """The handler registered for ``note``, if any."""
    return load().get(note)


def died(game: Game, figure: Figure) -> None:
    """Run the death hooks for ``figure``, which has just left the board."""
    load()
    for hook in DEATH_HOOKS:
        hook(game, figure)


def round_event(game: Game, timing: str) -> None:
    """Run the round hooks at ``timing`` (``start`` or ``end``)."""
    load()
    for hook in ROUND_HOOKS:
        hook(game, timing)


def room_revealed(game: Game, room: int) -> None:
    """Run the reveal hooks: ``room`` was just revealed and its monsters placed."""
    load()
    for hook in REVEAL_HOOKS:
        hook(game, room)


def turn_end(game: Game, figure: Figure) -> None:
    """Run the turn-end hooks for ``figure``."""
    load()
    for hook in TURN_END_HOOKS:
        hook(game, figure)


def looted(game: Game, figure: Figure, hexes: set[tuple[int, int]]) -> None:
    """Run the loot hooks: ``figure``'s Loot ability reached ``hexes``."""
    load()
    for hook in LOOT_HOOKS:
        hook(game, figure, hexes)


def goal(game: Game) -> bool | None:
    """Whether the scenario's goal is met (the first hook with an answer; the last one is the
    default goal, :func:`~delvekit.gloomhaven.scenario.goals.kill_all`); ``None``: no goal at all."""
    load()
    for hook in GOAL_HOOKS:
        verdict = hook(game)
        if verdict is not None:
            return verdict
    return None


def stat_bonus(game: Game, figure: Figure) -> tuple[int, int, int]:
    """The (move, attack, range) scenario rules add to ``figure``'s stat card now."""
    move = attack = rng = 0
    for hook in STAT_HOOKS:
        m, a, r = hook(game, figure)
        move, attack, rng = move + m, attack + a, rng + r
    return move, attack, rng


def before_group(game: Game, type_name: str) -> list[Task]:
    """The group hooks' tasks as monster type ``type_name`` activates."""
    load()
    return [t for hook in GROUP_HOOKS for t in hook(game, type_name)]


def away_types(game: Game) -> set[str]:
    """The monster types the away hooks keep in play off the map."""
    load()
    return {name for hook in AWAY_HOOKS for name in hook(game)}


def damage_handled(game: Game, figure: Figure, amount: int, source: str) -> bool:
    """Whether a damage hook deals with ``amount`` damage to ``figure`` (then it is not lost)."""
    load()
    return any(hook(game, figure, amount, source) for hook in DAMAGE_HOOKS)


def turn_taken(game: Game, cid: str) -> bool:
    """Whether a turn hook takes character ``cid``'s actions over this turn."""
    load()
    return any(hook(game, cid) for hook in TURN_HOOKS)


def missing(notes: Iterable[str]) -> list[str]:
    """The notes among ``notes`` that no handler performs (in order, without repeats)."""
    effects = load()
    return [n for n in dict.fromkeys(notes) if n not in effects]


# ----------------------------------------------------- lists the class modules fill

SETUP_HOOKS: list[Callable[[Game], list[Task]]] = []
"""Setup steps after the characters took their starting hexes (the Beast Tyrant places its bear)."""

SUMMON_TURN_HOOKS: list[Callable[[Game, Figure], tuple[list[Task], list[Task]]]] = []
"""Called as a character summon's turn starts: tasks to run before it acts (Concentrated Rage)
and after it acted (Blood Hunger)."""

SUMMON_ACTION_HOOKS: list[Callable[[Game, Figure], tuple[Ability, Ability] | None]] = []
"""A character summon's two turn actions when they are not "Move +0, Attack +0" (the first hook
with an answer; the Beast Tyrant's summons: no attack, or the Wind Totem's on every adjacent enemy)."""

ATTACK_BONUS_HOOKS: list[Callable[[Game, Figure, Figure], int]] = []
"""+N Attack on one attack of a figure on a target from auras (the Spirit Banner's)."""

SUMMON_HOOKS: list[Callable[[Game, Figure, str, str], None]] = []
"""Called for a character summon: ``attacked`` after each of its attacks (with the target's
id), ``turn-end`` as its turn ends, before the turn's infusions settle (stat-line wordings)."""

ATTACK_HOOKS: list[Callable[[Game, Figure, Task], bool]] = []
"""Called as a character's attack step starts, before any target (the Elementalist's
Doppelganger); a hook answering ``True`` has put a question before the attack (and holds it)."""

MOVE_HOOKS: list[Callable[[Game, Figure, Task | None], bool]] = []
"""Called as a move begins: a move step of a character or summon not yet begun (``task``), or a
summon's own turn, before its abilities (``None``; Earthen Steed). A hook answering ``True`` has
put a question first (holding ``task``, when given)."""
BEFORE_DAMAGE_HOOKS: list[Callable[[Game, Task], bool]] = []
"""Called before a damage task is resolved; a hook answering ``True`` has taken it over (popped
or replaced it): class cards that negate or follow damage (the Berserker's)."""

STRIKE_HOOKS: list[Callable[[Game, Figure, Figure, object], None]] = []
"""Called for each attack of a character or summon on one target with its ``StrikeBonus`` to
add to (the Berserker's bonuses)."""

ATTACKED_HOOKS: list[Callable[[Game, Figure, Figure, bool], int]] = []
"""What a monster's attack on a figure adds (attacker, target, whether it is melee): cards that
make attacks on their owner stronger (the Berserker's Reckless Offensive)."""

RETALIATE_HOOKS: list[Callable[[Game, str], list[tuple[int, int]]]] = []
"""Extra (amount, range) retaliates of a character now (the Berserker's Spiked Armor)."""

TURN_START_HOOKS: list[Callable[[Game, str], list[Task]]] = []
"""Tasks to run at the start of a character's turn, before its wound (every turn: acting,
resting or stunned): the Berserker's Blood Pact."""
ABILITY_HOOKS: list[Callable[[Game, str, Ability], bool]] = []
"""Called as a character starts performing an ability; a hook answering ``True`` has put steps
in its place (the Sawbones: attacks performed as heals, heals that reach every adjacent ally)."""

CONDITION_HOOKS: list[Callable[[Game, str, Condition], bool]] = []
"""Called before a figure gains a condition; a hook answering ``True`` prevents it (and says so)."""

SHIELD_HOOKS: list[Callable[[Game, Figure], int]] = []
"""Shield a figure has from cards other than its own active ones (an aura, a card an ally placed)."""

def setup_tasks(game: Game) -> list[Task]:
    """The setup hooks' steps, run before round 1."""
    load()
    return [t for hook in SETUP_HOOKS for t in hook(game)]


def summon_turn(game: Game, figure: Figure) -> tuple[list[Task], list[Task]]:
    """The summon turn hooks' tasks before and after summon ``figure`` acts."""
    load()
    found = [hook(game, figure) for hook in SUMMON_TURN_HOOKS]
    return [t for before, _ in found for t in before], [t for _, after in found for t in after]


def summon_actions(game: Game, figure: Figure) -> tuple[Ability, Ability] | None:
    """The summon action hooks' turn for summon ``figure``, or ``None`` (Move +0, Attack +0)."""
    load()
    return next((found for hook in SUMMON_ACTION_HOOKS if (found := hook(game, figure)) is not None), None)


def attack_bonus(game: Game, attacker: Figure, target: Figure) -> int:
    """What the attack bonus hooks add to one attack of ``attacker`` on ``target``."""
    load()
    return sum(hook(game, attacker, target) for hook in ATTACK_BONUS_HOOKS)


def summon_event(game: Game, figure: Figure, timing: str, target: str = "") -> None:
    """Run the summon hooks for summon ``figure`` at ``timing`` (``attacked``, ``turn-end``)."""
    load()
    for hook in SUMMON_HOOKS:
        hook(game, figure, timing, target)


def attack_starts(game: Game, figure: Figure, task: Task) -> bool:
    """Whether an attack hook holds ``figure``'s attack step ``task`` behind a question."""
    load()
    return any(hook(game, figure, task) for hook in ATTACK_HOOKS)


def move_starts(game: Game, figure: Figure, task: Task | None = None) -> bool:
    """Whether a move hook put a question before ``figure``'s move (see :data:`MOVE_HOOKS`)."""
    load()
    return any(hook(game, figure, task) for hook in MOVE_HOOKS)




def ability_replaced(game: Game, cid: str, ability: Ability) -> bool:
    """Whether an ability hook put other steps in place of character ``cid``'s ``ability``."""
    load()
    return any(hook(game, cid, ability) for hook in ABILITY_HOOKS)


def condition_prevented(game: Game, fid: str, condition: Condition) -> bool:
    """Whether a condition hook prevents ``fid`` from gaining ``condition``."""
    load()
    return any(hook(game, fid, condition) for hook in CONDITION_HOOKS)


def shield_from_others(game: Game, figure: Figure) -> int:
    """The shield the shield hooks give ``figure``."""
    load()
    return sum(hook(game, figure) for hook in SHIELD_HOOKS)
