"""The engine's named hook points: where class, item, monster and scenario rules join play.

The engine never imports an effect, item, scenario or content module. Where a rule of one of
them changes what the engine does (Song of Speed adds to a move, Boots of Striding offer a
choice, Cold Front negates damage, 88's claw slows its holder ...), the engine calls a *hook
point* declared here, and the satellite's function is registered at that point by a wiring
module (:mod:`delvekit.gloomhaven.wiring`, imported by :func:`registry.load
<delvekit.gloomhaven.engine.registry.load>`).

Each registration states its **order** (an integer; lower runs first; two functions may not
share one order at one point), so the order in which rules apply is written down, not a
consequence of import order. How the answers combine is the call site's, named by the method
it uses:

- :meth:`Hook.run`: every function, in order (``on_curse``, ``move_ended`` ...);
- :meth:`Hook.any`: in order until one answers ``True`` (``before_damage``: the first rule that
  takes the damage over stops the others);
- :meth:`Hook.first`: the first answer that is not ``None`` (``controller``);
- :meth:`Hook.each`: every answer, lazily in order (sums such as ``move_bonus``, lists such as
  ``move_choices``), or :attr:`Hook.fns` to thread a value through them (``ranged_attack``);
- :meth:`Hook.only`: a point with exactly one provider (the item rules' ``strike``).

>>> point: Hook[[int], int] = Hook("example", "doubles")
>>> point.add(20, lambda n: n * 2)
>>> point.add(10, lambda n: n + 1)
>>> list(point.each(5))       # order 10 first
[6, 10]
>>> point.add(10, lambda n: n)
Traceback (most recent call last):
...
delvekit.core.errors.ContentError: hook example: order 10 is taken

To add a hook point: declare it below (name, typed signature, one line on what it means) and
call it from the engine; to use one, add one ``add`` line to the wiring module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar

from delvekit.core.errors import ContentError
from delvekit.gloomhaven.engine import registry

if TYPE_CHECKING:
    from delvekit.core.board import Board, Terrain
    from delvekit.core.hexes import Hex
    from delvekit.core.records import Choice
    from delvekit.gloomhaven.effects.parts import StrikeBonus
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.engine.payloads import Tails
    from delvekit.gloomhaven.engine.state import Figure, Task
    from delvekit.gloomhaven.items.combat import Rider
    from delvekit.gloomhaven.model.abilities import Ability
    from delvekit.gloomhaven.model.conditions import Condition
    from delvekit.gloomhaven.model.elements import Element
    from delvekit.gloomhaven.model.modifiers import ModifierCard
    from delvekit.gloomhaven.model.scenario_rules import ScenarioRule
    from delvekit.gloomhaven.model.setup import CharacterSetup
    from delvekit.gloomhaven.scenario.treasure import ResultExtras

P = ParamSpec("P")
R = TypeVar("R")

ALL: dict[str, Hook[..., Any]] = {}
"""Every hook point by name."""


class Hook(Generic[P, R]):
    """One named point of the engine, with its registered functions in their stated order."""

    __slots__ = ("_entries", "_fns", "doc", "name")

    def __init__(self, name: str, doc: str) -> None:
        self.name, self.doc = name, doc
        self._entries: list[tuple[int, Callable[P, R]]] = []
        self._fns: tuple[Callable[P, R], ...] = ()

    def add(self, order: int, fn: Callable[P, R]) -> None:
        """Register ``fn`` at this point at ``order`` (lower first)."""
        if any(o == order for o, _ in self._entries):
            raise ContentError(f"hook {self.name}: order {order} is taken")
        if any(f is fn for _, f in self._entries):
            raise ContentError(f"hook {self.name}: {getattr(fn, '__name__', fn)} is registered twice")
        self._entries.append((order, fn))
        self._entries.sort(key=lambda e: e[0])
        self._fns = tuple(f for _, f in self._entries)

    def remove(self, fn: Callable[P, R]) -> None:
        """Take ``fn`` off this point (tests that load one rule alone)."""
        self._entries = [(o, f) for o, f in self._entries if f is not fn]
        self._fns = tuple(f for _, f in self._entries)

    @property
    def fns(self) -> tuple[Callable[P, R], ...]:
        """The registered functions in order (the handler modules are loaded first)."""
        registry.load()
        return self._fns

    @property
    def registered(self) -> tuple[Callable[P, R], ...]:
        """The functions registered so far, without loading the handler modules first."""
        return self._fns

    @property
    def orders(self) -> list[tuple[int, str]]:
        """(order, qualified name) of each registered function: what the docs table shows."""
        registry.load()
        return [
            (o, f"{getattr(f, '__module__', '?')}.{getattr(f, '__qualname__', f)}") for o, f in self._entries
        ]

    def each(self, *args: P.args, **kwargs: P.kwargs) -> Iterator[R]:
        for fn in self.fns:
            yield fn(*args, **kwargs)

    def run(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for fn in self.fns:
            fn(*args, **kwargs)

    def any(self, *args: P.args, **kwargs: P.kwargs) -> bool:
        return any(fn(*args, **kwargs) for fn in self.fns)

    def first(self, *args: P.args, **kwargs: P.kwargs) -> R | None:
        for fn in self.fns:
            answer = fn(*args, **kwargs)
            if answer is not None:
                return answer
        return None

    def only(self, *args: P.args, **kwargs: P.kwargs) -> R:
        fns = self.fns
        if len(fns) != 1:
            raise ContentError(f"hook {self.name} needs exactly one provider, has {len(fns)}")
        return fns[0](*args, **kwargs)


def _point(name: str, doc: str) -> Hook[P, R]:
    if name in ALL:
        raise ContentError(f"hook point {name!r} is declared twice")
    hook: Hook[P, R] = Hook(name, doc)
    ALL[name] = hook
    return hook


def stat_total(game: Game, figure: Figure) -> tuple[int, int, int]:
    """The (move, attack, range) the :data:`stat_bonus` point adds to ``figure``'s stat line."""
    move = attack = rng = 0
    for m, a, r in stat_bonus.each(game, figure):
        move, attack, rng = move + m, attack + a, rng + r
    return move, attack, rng


def flat(lists: Iterable[Iterable[R]]) -> list[R]:
    """The answers of a hook returning lists, as one list in order."""
    return [x for xs in lists for x in xs]


# ---------------------------------------------------------------- game and scenario

game_start: Hook[[Game], None] = _point("game_start", "the setup is built, before round 1 (items)")
start_deck: Hook[[CharacterSetup, tuple[ModifierCard, ...]], tuple[ModifierCard, ...]] = _point(
    "start_deck", "a character's modifier deck before its first shuffle (threaded: items' -1 cards)"
)
room_placed: Hook[[Game, int], None] = _point("room_placed", "a room's monsters and coins are placed")
result_extras: Hook[[Game, bool], dict[str, ResultExtras]] = _point(
    "result_extras", "per character: treasure and battle goal results once the scenario ended (one)"
)
check_rule: Hook[[ScenarioRule], None] = _point(
    "check_rule", "check a scenario rule record's expressions and names or raise (one)"
)
locked_doors: Hook[[Game], tuple[Hex, ...]] = _point("locked_doors", "doors no character opens")
wall_in_reach: Hook[[Game, Board, dict[Hex, int], Hex, Hex, int], bool] = _point(
    "wall_in_reach", "a wall hex that may be attacked from src within range (scenario walls)"
)
setup_tasks: Hook[[Game], list[Task]] = _point(
    "setup_tasks", "steps after the characters took their starting hexes, before round 1 (joined)"
)
goal: Hook[[Game], bool | None] = _point(
    "goal", "whether the scenario's goal is met (first answer; the default goal kill_all last)"
)
room_revealed: Hook[[Game, int], None] = _point(
    "room_revealed", "a room was revealed and its monsters placed (objectives, triggers)"
)
looted: Hook[[Game, Figure, set[tuple[int, int]]], None] = _point(
    "looted", "a figure's Loot ability reached these hexes (goal treasure tiles)"
)

# ------------------------------------------------------------------------- rounds

round_start_tasks: Hook[[Game], list[Task]] = _point(
    "round_start_tasks", "tasks before the characters select (lists joined in order)"
)
reveal_tasks: Hook[[Game], list[Task]] = _point("reveal_tasks", "tasks once the cards are revealed")
round_event: Hook[[Game, str], None] = _point(
    "round_event", "the round's start or end (timing 'start' / 'end': scenario rules, class cards)"
)
turn_starting: Hook[[Game, str], None] = _point(
    "turn_starting", "a character is about to act (not resting or stunned): every rule, before turn_taken"
)
turn_start_effects: Hook[[Game, str], list[Task]] = _point(
    "turn_start_effects",
    "then: tasks of its 'start of your turn' bonuses, before its actions, whoever plays them (joined)",
)
turn_taken: Hook[[Game, str], bool] = _point(
    "turn_taken", "then: True when a rule took its turn over (the first one stops the others)"
)
turn_start_tasks: Hook[[Game, str], list[Task]] = _point(
    "turn_start_tasks", "tasks at the start of a character's turn, before its wound (joined)"
)
turn_ended: Hook[[Game, Figure], None] = _point(
    "turn_ended", "a character's turn ended, after it looted its hex"
)
turn_end_tasks: Hook[[Game, str], list[Task]] = _point("turn_end_tasks", "tasks at the end of a turn")
own_turn_choices: Hook[[Game, str], list[Choice]] = _point(
    "own_turn_choices", "extra choices during a character's own turn"
)
use_own_turn: Hook[[Game, str, Choice], None] = _point("use_own_turn", "apply an own-turn choice (one)")
basic_ability: Hook[[Game, str, str, Ability], Ability] = _point(
    "basic_ability", "the basic Attack 2 / Move 2 as performed (threaded)"
)
refresh_spent: Hook[[Game, str], None] = _point("refresh_spent", "a long rest refreshes spent things")
pickup_candidates: Hook[[Game, str], list[str]] = _point(
    "pickup_candidates", "active cards a resting character may pick up (lists joined)"
)
card_left_play: Hook[[Game, str, str], None] = _point("card_left_play", "a card left the active area")
controlled_action: Hook[[Game, Figure, Ability], bool] = _point(
    "controlled_action", "a turned monster's ability performed by its controller (True: done)"
)
deny_offer: Hook[[Game, Figure], bool] = _point(
    "deny_offer", "asked before a monster type consumes an element (True: a question is pushed)"
)
focus_initiative: Hook[[Game, str, int], int] = _point(
    "focus_initiative", "the initiative monsters see for focus (threaded)"
)

# ------------------------------------------------------------------------- damage

before_damage: Hook[[Game, Task], bool] = _point(
    "before_damage", "before any damage task: True when a rule took it over"
)
damage_negated: Hook[[Game, Task], bool] = _point(
    "damage_negated", "before a character's damage is negated by cards: True when a rule took it over"
)
damage_auto: Hook[[Game, Figure, Task], bool] = _point("damage_auto", "damage handled without a choice")
damage_choices: Hook[[Game, Figure, Task], list[Choice]] = _point(
    "damage_choices", "more ways to take damage"
)
use_on_damage: Hook[[Game, Task, Choice], None] = _point("use_on_damage", "apply a damage choice (one)")
damage_handled: Hook[[Game, Figure, int, str], bool] = _point(
    "damage_handled", "a figure other than a character is to lose hit points: True when a rule dealt with it"
)

# ------------------------------------------------------------- figures and their stats

condition_gained: Hook[[Game, str, Condition], Condition] = _point(
    "condition_gained", "the condition a character really gets (threaded)"
)
condition_prevented: Hook[[Game, str, Condition], bool] = _point(
    "condition_prevented", "a figure is about to gain a negative condition: True when a rule prevents it"
)
on_curse: Hook[[Game, str], None] = _point("on_curse", "a curse went into a figure's deck")
died: Hook[[Game, Figure], None] = _point("died", "a figure died, after it left the board")
consumed: Hook[[Game, str, str], None] = _point(
    "consumed", "a figure consumed an element (its id, the element), after the consumed event"
)
summon_killed: Hook[[Game, Figure], None] = _point("summon_killed", "a character summon died")
extra_retaliates: Hook[[Game, str], list[tuple[int, int]]] = _point(
    "extra_retaliates", "(value, range) retaliates of a character beyond its cards"
)
passive_shield: Hook[[Game, str], int] = _point("passive_shield", "a character's shield beyond its cards")
shield_from_others: Hook[[Game, Figure], int] = _point(
    "shield_from_others", "a figure's shield from cards not its own active ones (summed)"
)
stat_bonus: Hook[[Game, Figure], tuple[int, int, int]] = _point(
    "stat_bonus", "(move, attack, range) added to a monster's or summon's stat line (summed: stat_total)"
)
controller: Hook[[Game, str], tuple[str, bool] | None] = _point(
    "controller", "(character, controlled) when a monster was turned on its allies (first answer)"
)
summon_flies: Hook[[Game, Figure], bool | None] = _point(
    "summon_flies", "whether a summon flies (first answer)"
)
flying: Hook[[Game, str], bool] = _point("flying", "whether a character flies")
may_end_on_obstacle: Hook[[Game, str], bool] = _point(
    "may_end_on_obstacle", "a figure may stand on an obstacle"
)
summon_attack: Hook[[Game, Figure, int], int] = _point("summon_attack", "a summon's attack value (threaded)")
summon_pierce: Hook[[Game, Figure], int] = _point("summon_pierce", "a summon's pierce (summed)")
summon_adds: Hook[[Game, Figure], tuple[Condition, ...]] = _point(
    "summon_adds", "conditions a summon's attacks add (joined)"
)
summon_turn: Hook[[Game, Figure], tuple[list[Task], list[Task]]] = _point(
    "summon_turn", "tasks before and after a character summon acts (each joined)"
)
summon_actions: Hook[[Game, Figure], tuple[Ability, Ability] | None] = _point(
    "summon_actions", "a character summon's two actions when not Move +0, Attack +0 (first answer)"
)
summon_event: Hook[[Game, Figure, str, str], None] = _point(
    "summon_event", "a character summon attacked a target ('attacked') or ends its turn ('turn-end')"
)

# ------------------------------------------------------------------- abilities

before_ability: Hook[[Game, str, Ability], bool] = _point(
    "before_ability", "a character starts an ability: True when a rule performs it another way"
)
move_bonus: Hook[[Game, str], int] = _point("move_bonus", "added to a character's move ability (summed)")
heal_bonus: Hook[[Game, str], int] = _point("heal_bonus", "added to a character's heal ability (summed)")
move_ability: Hook[[Game, str, Ability], Ability] = _point(
    "move_ability", "a character's move ability after its bonuses (threaded)"
)
extra_targets: Hook[[Game, str], int] = _point("extra_targets", "targets added to a ranged attack (summed)")
ranged_attack: Hook[[Game, str, Ability], Ability] = _point(
    "ranged_attack", "a character's ranged attack ability (threaded)"
)
cannot_attack: Hook[[Game, Figure], bool] = _point("cannot_attack", "a character may not attack now")
loot_offer: Hook[[Game, Figure, int], bool] = _point(
    "loot_offer", "asked before a Loot ability (True: a question is pushed)"
)
treasure_looted: Hook[[Game, Figure, Iterable[Hex]], None] = _point(
    "treasure_looted", "a figure reached numbered treasure tiles (its hex at turn end, or a Loot)"
)

# --------------------------------------------------------------------- movement

ignores_difficult: Hook[[Game, Figure], bool] = _point("ignores_difficult", "difficult terrain costs 1")
moves_as_attacks: Hook[[Game, Figure], bool] = _point("moves_as_attacks", "a move may be an attack")
move_starts: Hook[[Game, Figure, Task | None], bool] = _point(
    "move_starts", "a move begins (None: a summon's own turn): True when a question was pushed first"
)
move_choices: Hook[[Game, Figure, Task], list[Choice]] = _point("move_choices", "more choices in a move")
use_in_move: Hook[[Game, Task, Choice], None] = _point("use_in_move", "apply a move's item choice (one)")
move_ended: Hook[[Game, Figure], None] = _point("move_ended", "a figure ended a move of one hex or more")
terrain_felt: Hook[[Game, Figure, Terrain], str] = _point(
    "terrain_felt", "how entering terrain acts: normal, or not (one)"
)
trap_sprung: Hook[[Game, Figure, Hex], None] = _point("trap_sprung", "a trap springs, before its damage")
immune_forced: Hook[[Game, Figure, Figure], bool] = _point(
    "immune_forced", "the target is immune to the attacker's push or pull"
)
smash_steps: Hook[[Game, Figure, Figure, str, int], list[Hex]] = _point(
    "smash_steps", "more hexes a push may enter (joined)"
)
push_blocked: Hook[[Game, Task, Figure, Figure], None] = _point("push_blocked", "a push or pull cannot go on")
pushed_into: Hook[[Game, str, Figure, Hex], None] = _point("pushed_into", "a forced step into a hex")
sees_invisible: Hook[[Game, Figure], bool] = _point("sees_invisible", "a figure may target invisible enemies")

# ----------------------------------------------------------------------- attacks

before_attack: Hook[[Game, Figure, bool], tuple[str, Task] | None] = _point(
    "before_attack", "an attack starts (fresh: no target yet): (name, question) or None; players order them"
)
attack_starts: Hook[[Game, Figure, Task], bool] = _point(
    "attack_starts", "a character's attack step starts: True when a question holds it"
)
attack_choices: Hook[[Game, Figure, Ability, list[str], str], list[Choice]] = _point(
    "attack_choices", "more choices as targets are picked"
)
use_in_attack: Hook[[Game, Task, Choice], None] = _point(
    "use_in_attack", "apply an attack's item choice (one)"
)
strike_tails: Hook[[str | None, int], Tails] = _point(
    "strike_tails", "split an attack's extras among its strikes (one)"
)
before_strike: Hook[[Game, Figure], bool] = _point(
    "before_strike", "one strike starts: True when a question was pushed"
)
augment_consumption: Hook[[Game, Figure, Ability, str], Element | None] = _point(
    "augment_consumption", "an element a strike may consume (first answer)"
)
consumption_offers: Hook[[Game, Figure, Element], list[Element]] = _point(
    "consumption_offers", "the elements offered for that consumption (one)"
)
killed_instead: Hook[[Game, Figure, Figure, str], bool] = _point(
    "killed_instead", "the target is killed instead of attacked"
)
strike_bonus: Hook[[Game, Figure, Figure, Ability, str], StrikeBonus] = _point(
    "strike_bonus", "a character strike's bonuses (one)"
)
strike_extra: Hook[[Game, Figure, Figure, Ability, StrikeBonus, str], None] = _point(
    "strike_extra", "what class cards add to one strike of a character or summon (each adds to the bonus)"
)
character_strike_extra: Hook[[Game, Figure, Figure, Ability, StrikeBonus, str], None] = _point(
    "character_strike_extra", "what class cards add to a character's strike after its active area's bonuses"
)
attack_bonus: Hook[[Game, Figure, Figure], int] = _point(
    "attack_bonus", "+N attack on one attack of a figure on a target from auras (summed)"
)
strike_rider: Hook[[Game, Figure, Figure, Ability, str], Rider] = _point(
    "strike_rider", "items used for one strike (one)"
)
ridden: Hook[[Ability, Rider], Ability] = _point("ridden", "the ability with its items applied (one)")
strike_disadvantage: Hook[[Game, Figure], bool] = _point(
    "strike_disadvantage", "a character's attacks on this target have disadvantage"
)
attack_advantage: Hook[[Game, Figure], bool] = _point("attack_advantage", "this attacker has advantage")
attack_shield: Hook[[Game, Figure], int] = _point(
    "attack_shield", "shield of the target against this one attack (summed)"
)
refresh_by_card: Hook[[Game, Figure, int], None] = _point("refresh_by_card", "a modifier refreshes items")
after_strike: Hook[[Game, Figure, StrikeBonus], None] = _point(
    "after_strike", "after a character strike: its bonuses' after-effects"
)
after_strike_items: Hook[[Game, Figure, Rider, Hex], None] = _point(
    "after_strike_items", "after a character strike: its items' after-effects"
)
retaliated: Hook[[Game, Figure], None] = _point("retaliated", "a figure dealt retaliate damage")

# ----------------------------------------------------------------- monster turns

controlled_actions: Hook[[Game, Figure], tuple[Ability, ...]] = _point(
    "controlled_actions", "a mind-controlled character's actions (one)"
)
objective_actions: Hook[[Game, Figure], tuple[Ability, ...]] = _point(
    "objective_actions", "an acting objective's actions (one)"
)
turn_events: Hook[[Game, str], list[tuple[str, tuple[str, ...]]]] = _point(
    "turn_events", "the events since a figure's turn started, latest first (one)"
)
mind_controlled: Hook[[Game, Figure], bool] = _point("mind_controlled", "a figure acts for the monsters")
controlled_team: Hook[[Game, Figure], frozenset[str]] = _point(
    "controlled_team", "a mind-controlled figure's own side (one)"
)
after_monster_attack: Hook[[Game, Figure, int], list[Task]] = _point(
    "after_monster_attack", "tasks after a monster's attack at a card action (joined)"
)
redirect: Hook[[Game, Figure, Figure], Figure] = _point(
    "redirect", "the figure a monster's attack really targets (threaded)"
)
attacked: Hook[[Game, Figure, Figure, Task], bool] = _point(
    "attacked", "a monster attacks a figure: True when a question was pushed first"
)
defence: Hook[[Game, Figure], tuple[bool, int]] = _point(
    "defence", "(attackers disadvantaged, shield) of a figure's items (one)"
)
group_tasks: Hook[[Game, str], list[Task]] = _point(
    "group_tasks", "tasks before a monster type's first turn as it activates (joined)"
)
away_types: Hook[[Game], set[str]] = _point(
    "away_types", "monster types in play with no figure on the map (joined)"
)
attacked_bonus: Hook[[Game, Figure, Figure, bool], int] = _point(
    "attacked_bonus", "a monster's attack (attacker, target, melee) gains from the target's cards (summed)"
)
allies_bonus: Hook[[Game, Figure], int] = _point(
    "allies_bonus", "a monster's attack bonus from allies (summed)"
)
monster_attack_disadvantage: Hook[[Game, Figure, Figure], bool] = _point(
    "monster_attack_disadvantage", "a monster's attack (attacker, target) has disadvantage"
)
defend_cards: Hook[[Game, Figure, tuple[ModifierCard, ...]], tuple[ModifierCard, ...]] = _point(
    "defend_cards", "the modifier cards that apply to an attack on a figure (threaded)"
)
monster_attacked: Hook[[Game, Figure, list[str]], None] = _point(
    "monster_attacked", "a monster's attack drew these modifier cards"
)
rider_tasks: Hook[[Game, Figure, Ability, Hex], list[Task]] = _point(
    "rider_tasks", "the tasks of an effect printed under a monster attack, per target (one)"
)
monster_card_adds: Hook[[Game, Figure], tuple[str, ...]] = _point(
    "monster_card_adds", "modifier cards a monster's attacks add (its stat card: joined)"
)
