"""The Gloomhaven scenario engine: decisions in, events out.

>>> from delvekit.gloomhaven.testing.examples import tiny_setup
>>> game = Game(tiny_setup(), seed=1)
>>> str(game.decision).split(":")[0]
'brute select'
>>> "long-rest" in game.decision.choices      # no discards yet
False
>>> events = game.choose("select b1 b2")
>>> [str(e) for e in events]
['selected brute']

The game is a state machine that stops only where somebody must decide. ``game.decision`` is the
pending :class:`~delvekit.core.records.Decision`; ``game.choose(choice)`` validates (raising
:class:`~delvekit.core.errors.IllegalChoice` and changing nothing when it is not legal), applies,
runs everything that needs no choice, and returns the :class:`~delvekit.core.records.Event`
records it caused. A decision with exactly one legal choice is taken automatically and not logged.
All randomness comes from the game's one seeded :class:`~delvekit.core.rng.Rng`; a game is fully
defined by ``(setup, seed, choices)``, which is what :meth:`Game.save` and the JSON-lines log
(:meth:`Game.log_lines`) store; :meth:`Game.load`, :meth:`Game.replay` and :meth:`Game.undo`
rebuild a game from them and check its state digest.

Internally the engine keeps an *agenda*: a stack of small immutable :class:`Task` records. The
handler of the top task either finishes it (popping it, maybe pushing follow-up tasks) or
returns a decision. Because the agenda is plain data, :meth:`Game.clone` is a shallow copy of
the state and never a ``deepcopy``.

What the engine covers, by rules digest section, and how to extend it: docs/engine.md and
docs/architecture.md (hook points, the wiring table).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import msgspec

from delvekit.core.board import Board, Terrain
from delvekit.core.errors import IllegalChoice, InputError
from delvekit.core.records import Choice, Decision, Event
from delvekit.core.rng import Rng
from delvekit.gloomhaven.engine import hooks, saves
from delvekit.gloomhaven.engine import perform as engine_perform
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.engine import round as engine_round  # noqa: F401  (registers the round's tasks)
from delvekit.gloomhaven.engine import start as engine_start
from delvekit.gloomhaven.engine import turns as engine_turns  # noqa: F401  (registers the turns' tasks)
from delvekit.gloomhaven.engine.state import Figure, FigureId, GameState, Task
from delvekit.gloomhaven.engine.tables import Tables
from delvekit.gloomhaven.engine.tasks import APPLY, RUN
from delvekit.gloomhaven.engine.tasks import BASIC_BOTTOM as BASIC_BOTTOM
from delvekit.gloomhaven.engine.tasks import BASIC_TOP as BASIC_TOP
from delvekit.gloomhaven.engine.tasks import half_of as half_of  # effect modules import it from here
from delvekit.gloomhaven.engine.tasks import task_handler as task_handler
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.damage import Retaliate
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.level import CharacterResult, ScenarioResult, level_info
from delvekit.gloomhaven.model.modifier_deck import Draw
from delvekit.gloomhaven.model.modifiers import (
    BLESS_LIMIT,
    CURSE_LIMIT,
    parse_card,
)
from delvekit.gloomhaven.model.setup import Card, GameSetup, MonsterCard

LOG_FORMAT = saves.LOG_FORMAT
SAVE_FORMAT = saves.SAVE_FORMAT
FORMAT_VERSION = saves.FORMAT_VERSION

_RUN, _APPLY = RUN, APPLY  # the task handlers (engine.tasks; tests patch them here)

MONSTER_DECK = engine_start.MONSTER_DECK
"""Key of the monster attack modifier deck shared by every monster (§2.8)."""


class AbilityResolver(Protocol):
    """Resolves the abilities the foundation cannot (move, attack, anything with a target).
    It may change the state through the game's effect methods and push tasks."""

    def resolve(self, game: Game, figure: FigureId, ability: Ability) -> None: ...


class Game:
    """One scenario in play. See the module docstring for the contract."""

    __slots__ = ("_decision", "_in_loop", "events", "log", "resolver", "seed", "state", "tables", "tampered")

    def __init__(self, setup: GameSetup, seed: int, *, resolver: AbilityResolver | None = None) -> None:
        setup.validate()
        self.tables = Tables(setup)
        self.seed = seed
        self.resolver = resolver
        self.state = GameState(Rng(seed))
        self.events: list[Event] = []
        self.log: list[str] = []
        """The choices made so far, as text (automatic single choices are not logged)."""
        self.tampered = False
        """Set when an effect method was called from outside a choice: such a game cannot be
        replayed from its log, so :meth:`save` refuses it."""
        self._decision: Decision | None = None
        self._in_loop = False
        engine_start.start(self)
        self._advance()

    # ----------------------------------------------------------------- contract

    @property
    def setup(self) -> GameSetup:
        return self.tables.setup

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` once the scenario has ended."""
        return self._decision

    @property
    def result(self) -> str | None:
        """``victory`` or ``defeat`` once the scenario has ended."""
        return self.state.result

    @property
    def outcome(self) -> ScenarioResult | None:
        """The result record (§15) once the scenario has ended: XP, coins converted to gold at
        the scenario level, and the success bonus XP for every character, exhausted ones too."""
        st = self.state
        if st.result is None:
            return None
        info = level_info(self.setup.level)
        won = st.result == "victory"
        extra = hooks.result_extras.only(self, won)  # treasure and battle goals
        return ScenarioResult(
            scenario=self.setup.scenario,
            result="victory" if won else "defeat",
            rounds=st.round,
            level=self.setup.level,
            characters=tuple(
                CharacterResult(
                    id=c.id,
                    xp=c.xp,
                    coins=c.coins,
                    gold=c.coins * info.gold_per_coin + extra[c.id].treasure_gold,
                    bonus_xp=info.bonus_xp if won else 0,
                    exhausted=c.exhausted,
                    battle_goal=c.battle_goal,
                    **msgspec.structs.asdict(extra[c.id]),
                )
                for c in st.characters.values()
            ),
        )

    def can_choose(self, choice: Choice | str) -> bool:
        d = self._decision
        if d is None:
            return False
        return choice in d.choices

    def choose(self, choice: Choice | str) -> list[Event]:
        """Apply ``choice`` to the pending decision; returns the events it caused."""
        d = self._decision
        if isinstance(choice, str):
            choice = Choice.parse(choice)
        if d is None:
            raise IllegalChoice(f"{choice}: the scenario has ended ({self.state.result})")
        if choice not in d.choices:
            shown = " | ".join(d.choices.texts()[:12]) + (" | ..." if len(d.choices) > 12 else "")
            given = (
                str(choice)
                if len(str(choice)) <= 80
                else f"{str(choice)[:60]}... ({len(str(choice))} characters)"
            )
            raise IllegalChoice(f"{given} is not a legal choice for {d.actor} {d.kind}; legal: {shown}")
        start = len(self.events)
        self.log.append(str(choice))
        self._in_loop = True
        try:
            APPLY[self.state.agenda[-1].kind](self, self.state.agenda[-1], choice)
            self._advance()
        except Exception:
            # An engine fault must not leave a half-applied choice: rebuild the game as it was
            # (replaying its log costs nothing on the normal path), then let the error through.
            self.log.pop()
            if not self.tampered:
                before = Game.replay(self.setup, self.seed, self.log)
                self.state, self.events, self._decision = before.state, before.events, before._decision
            raise
        finally:
            self._in_loop = False
        return self.events[start:]

    def clone(self) -> Game:
        """An independent copy sharing only immutable data (setup, records)."""
        other = Game.__new__(Game)
        other.tables = self.tables
        other.seed = self.seed
        other.resolver = self.resolver
        other.state = self.state.clone()
        other.events = self.events.copy()
        other.log = self.log.copy()
        other.tampered = self.tampered
        other._decision = self._decision
        other._in_loop = False
        return other

    def view(self, viewer: str) -> str:
        """The state as character ``viewer``'s player may see it (hidden information removed);
        see :meth:`~delvekit.gloomhaven.engine.state.GameState.view`."""
        if viewer not in self.state.characters:
            raise InputError(f"no character {viewer!r} in this game", where="view")
        return self.state.view(viewer)

    def digest(self) -> str:
        """A hash of the canonical state text: equal digests mean equal games."""
        return self.state.digest()

    # ------------------------------------------------------ save, load, replay

    def save(self) -> str:
        """The game as one JSON document: setup, seed, choices and the state digest."""
        return saves.save_text(self)

    def log_lines(self) -> list[str]:
        """The JSON-lines log: a header line, one line per choice, a final digest line."""
        return saves.log_lines(self)

    @classmethod
    def replay(cls, setup: GameSetup, seed: int, choices: Iterable[str], *, where: str = "log") -> Game:
        """The game reached by making ``choices`` from the start; an illegal or unparsable
        choice raises :class:`InputError` naming its position."""
        game = cls(setup, seed)
        for n, text in enumerate(choices, 1):
            try:
                game.choose(text)
            except (IllegalChoice, InputError) as exc:
                raise InputError(str(exc), where=f"{where}: choice {n}") from None
        return game

    @classmethod
    def load(cls, text: str, *, where: str = "save", verify: bool = False) -> Game:
        """Rebuild a saved game and check its digest and seal (see :mod:`.saves`); a corrupt save
        raises :class:`InputError`. With ``verify`` a save without digest or seal is refused."""
        reading = saves.read_save(text, where=where, verify=verify)
        return saves.check_end(reading, cls.replay(reading.setup, reading.seed, reading.choices, where=where))

    @classmethod
    def from_log(cls, lines: Iterable[str], *, where: str = "log", verify: bool = True) -> Game:
        """Replay a JSON-lines log; with ``verify`` a final digest line and seal must match."""
        reading = saves.read_log(lines, where=where, verify=verify)
        return saves.check_end(reading, cls.replay(reading.setup, reading.seed, reading.choices, where=where))

    def undo(self, steps: int = 1) -> Game:
        """The game as it was ``steps`` logged choices ago (replayed from the start)."""
        if not 0 <= steps <= len(self.log):
            raise InputError(f"cannot undo {steps} choices; {len(self.log)} were made", where="undo")
        return Game.replay(self.setup, self.seed, self.log[: len(self.log) - steps])

    # ------------------------------------------------------------ machinery

    def emit(self, kind: str, *args: object) -> None:
        self.events.append(Event(kind, tuple(str(a) for a in args)))
        if kind == "consumed" and effects.CONSUME_HOOKS and len(args) > 1:  # Volatile Consumption
            for hook in effects.CONSUME_HOOKS:
                hook(self, str(args[0]), str(args[1]))

    def push(self, *tasks: Task) -> None:
        """Push tasks so that they run in the order given."""
        self.state.agenda.extend(reversed(tasks))

    def pop_task(self) -> None:
        self.state.agenda.pop()

    def _advance(self) -> None:
        agenda = self.state.agenda
        while agenda:
            task = agenda[-1]
            decision = RUN[task.kind](self, task)
            if decision is None:
                continue
            if len(decision.choices) == 1:
                APPLY[task.kind](self, task, decision.choices[0])
                continue
            self._decision = decision
            return
        self._decision = None

    def _external(self) -> None:
        """After an effect method changed the state: if called from outside a choice, mark the
        game as tampered and recompute the pending decision."""
        if not self._in_loop:
            self.tampered = True
            self._advance()

    def card(self, cid: str, card: str) -> Card:
        return self.tables.cards[cid][card]

    def monster_card(self, type_name: str) -> MonsterCard:
        deck = self.tables.types[type_name].deck
        return self.tables.deck_cards[deck][self.state.revealed[deck]]

    def draw_ability(self, deck: str) -> None:
        st = self.state
        card = st.decks[deck].draw(st.rng)
        st.revealed[deck] = card
        self.emit("ability-card", deck, card, f"initiative={self.tables.deck_cards[deck][card].initiative}")

    def check_victory(self) -> None:
        st = self.state
        if st.ending is not None:
            return
        if effects.goal(self):  # the scenario goals (kill all by default: scenario.goals)
            st.ending = "victory"
            self.emit("scenario-goal", "victory")

    # --------------------------------------------------------------- effects
    # Called by ability resolution (inside a choice). Called from outside (tests, tools), the
    # game is marked as tampered.

    def add_condition(self, fid: FigureId, condition: Condition) -> bool:
        """Give ``condition`` to a figure (refreshing it); ``False`` if immune or absent."""
        f = self.state.figures.get(fid)
        if f is None:
            return False
        if condition.negative and effects.condition_prevented(self, fid, condition):
            return False  # Vaccine, Battlefield Medicine
        if f.kind == "character":
            for fn in hooks.condition_gained.fns:  # Drakescale Helm
                condition = fn(self, fid, condition)
        if not f.conditions.add(condition, turns_started=f.turns, immune=f.immune):
            self.emit("immune", fid, condition.value)
            self._external()
            return False
        self.emit("condition", fid, condition.value)
        self._external()
        return True

    def heal(self, fid: FigureId, amount: int) -> None:
        """A heal (§8.2): poison makes it only remove poison (and wound); a wound is removed and
        the heal works; never above maximum health."""
        f = self.state.figures.get(fid)
        if f is None:
            return
        blocked = f.conditions.heal_blocks_hp()
        for c in (Condition.POISON, Condition.WOUND):
            if f.conditions.remove(c):
                self.emit("condition-ended", fid, c.value, "healed")
        gained = 0 if blocked else min(amount, f.max_hp - f.hp)
        f.hp += gained
        self.emit("healed", fid, gained)
        self._external()

    def suffer_damage(self, fid: FigureId, amount: int, source: str) -> None:
        """Damage that is not an attack (§6.8); a character may negate it by losing cards."""
        self.push(Task("damage", fid, amount, source))
        self._external()

    def infuse(self, element: Element) -> None:
        """Create ``element``: Strong at the end of the current turn."""
        self.state.elements.infuse(element)
        self.emit("infusing", element.value)
        self._external()

    def summon(
        self,
        owner: str,
        name: str,
        health: int,
        hex: tuple[int, int],
        *,
        move: int = 0,
        attack: int = 0,
        range: int = 0,
    ) -> FigureId:
        """Place a character summon with its stat line (it acts before its owner from next round,
        following "Move +0, Attack +0" with the monster AI against the monsters, §12)."""
        st = self.state
        if any(f.hex == hex for f in st.figures.values()):
            raise IllegalChoice(f"hex {hex} is occupied")
        n = 1 + sum(1 for f in st.figures.values() if f.owner == owner)
        while f"{owner}.{name}{n}" in st.figures:  # an earlier summon may have died
            n += 1
        fid = f"{owner}.{name}{n}"
        st.figures[fid] = Figure(fid, "summon", name, health, hex, owner=owner, summoned_round=st.round)
        st.summon_stats[fid] = (move, attack, range)
        self.emit("summoned", fid, f"owner={owner}")
        self._external()
        return fid

    def shield(self, fid: FigureId) -> int:
        """The figure's shield now: stat card (monsters), card bonuses performed this round, and
        bonus cards in a character's active area (§6.7)."""
        return self._defence(fid, "shield")

    def retaliate(self, fid: FigureId) -> int:
        """The figure's retaliate against an adjacent attacker (all its retaliates stack)."""
        return sum(r.amount for r in self.retaliates(fid))

    def retaliates(self, fid: FigureId) -> list[Retaliate]:
        """Every retaliate of the figure now with its reach (§6.7): stat card and card bonuses
        (monsters), bonus cards in the active area (characters); range 1 = adjacent only."""
        f = self.state.figures[fid]
        out = [Retaliate(a, r) for a, r in f.retaliate_far]
        if f.kind == "monster" and f.rank is not None:  # a stat card's Retaliate X, Range Y
            stats = self.tables.types[f.name].stats(f.rank)
            if stats.retaliate and stats.retaliate_range > 1:
                out.append(Retaliate(stats.retaliate, stats.retaliate_range))
        near = self._defence(fid, "retaliate", near_only=True)
        if near:
            out.append(Retaliate(near, 1))
        if f.kind == "character":
            for active in self.state.characters[fid].active:
                half = half_of(self, fid, active.card, active.half)
                out += [
                    Retaliate(a.value, a.range)
                    for a in half.abilities
                    if a.kind == "retaliate" and a.range > 1
                ]
            more = hooks.flat(hooks.extra_retaliates.each(self, fid))  # Spiked Shield...
            out += [Retaliate(a, r) for a, r in more]
            out += [Retaliate(a, r) for hook in effects.RETALIATE_HOOKS for a, r in hook(self, fid)]
        return out

    def _defence(self, fid: FigureId, kind: str, *, near_only: bool = False) -> int:
        f = self.state.figures[fid]
        total = f.shield_bonus if kind == "shield" else f.retaliate_bonus
        if f.kind == "monster" and f.rank is not None:
            stats = self.tables.types[f.name].stats(f.rank)
            far = near_only and stats.retaliate_range > 1  # in retaliates() with its range
            total += stats.shield if kind == "shield" else 0 if far else stats.retaliate
        if f.kind == "character":
            for active in self.state.characters[fid].active:
                half = half_of(self, fid, active.card, active.half)
                total += sum(
                    a.value for a in half.abilities if a.kind == kind and not (near_only and a.range > 1)
                )
            if kind == "shield":
                total += sum(hooks.passive_shield.each(self, fid))  # Chain Hood
        if kind == "shield":
            total += effects.shield_from_others(self, f)  # Prevention Is Key, Booster Shot
        return total

    def board(self) -> Board | None:
        """The map as it is now: sprung traps removed, opened doors no longer closed."""
        static, st = self.tables, self.state
        if static.board is None:
            return None
        key = (st.sprung, st.opened, frozenset(st.created_traps), st.created_obstacles)
        board = static.boards.get(key)
        if board is None:
            base = static.board
            terrain = {h: t for h, t in base.terrain.items() if h not in st.sprung}
            terrain.update((h, Terrain.TRAP) for h in st.created_traps)
            terrain.update((h, Terrain.OBSTACLE) for h in st.created_obstacles)  # Cragheart
            board = base.replace(terrain=terrain, doors=base.doors - st.opened)
            if len(static.boards) > 64:
                static.boards.clear()
            static.boards[key] = board
        return board

    def modifier_deck_key(self, fid: FigureId) -> str:
        """Whose attack modifier deck a figure draws from: its own (characters), its owner's
        (summons, §12), or the shared monster deck."""
        f = self.state.figures.get(fid)
        if f is None:
            raise InputError(f"no figure {fid!r} on the board", where="modifier deck")
        if f.kind in ("monster", "objective"):  # an objective never attacks but by control
            return MONSTER_DECK
        return f.owner if f.kind == "summon" and f.owner is not None else f.id

    def draw_modifiers(
        self, fid: FigureId, *, attack: int, advantage: bool = False, disadvantage: bool = False
    ) -> Draw:
        """Draw for one attack of ``fid`` (§6.5). Strengthen gives advantage and muddle
        disadvantage on top of those passed in (e.g. a ranged attack on an adjacent target)."""
        st = self.state
        conditions = st.figures[fid].conditions
        key = self.modifier_deck_key(fid)
        draw, st.modifier_decks[key] = st.modifier_decks[key].draw(
            st.rng,
            attack=attack,
            advantage=advantage or Condition.STRENGTHEN in conditions,
            disadvantage=disadvantage or Condition.MUDDLE in conditions,
        )
        shown = ",".join(str(c).replace(" ", "_") for c in draw.drawn) or "-"
        used = ",".join(str(c).replace(" ", "_") for c in draw.applied) or "-"
        self.emit("modifiers", fid, f"drew={shown}", f"applies={used}")
        self._external()
        return draw

    def add_modifier_card(self, fid: FigureId, kind: str) -> bool:
        """Bless or curse ``fid`` (§8.2): the card goes into the remaining draw pile of the deck
        it draws from; refused (``False``) when that deck already holds the whole supply."""
        if kind not in ("bless", "curse"):
            raise InputError(
                f"only bless or curse cards are shuffled in, not {kind!r}", where="modifier card"
            )
        key = self.modifier_deck_key(fid)
        f = self.state.figures[fid]
        if f.kind == "objective" or (
            f.kind == "monster" and kind in self.tables.types[f.name].stats(f.rank or "normal").immune_cards
        ):
            self.emit("immune", fid, kind)
            self._external()
            return False
        deck = self.state.modifier_decks[key]
        limit = BLESS_LIMIT if kind == "bless" else CURSE_LIMIT
        if deck.count(kind) >= limit:
            self.emit("no-card", fid, kind)
            self._external()
            return False
        self.state.modifier_decks[key] = deck.with_card(parse_card(kind), self.state.rng)
        self.emit("condition", fid, kind)
        self._external()
        if kind == "curse":  # Unending Chant: once more
            hooks.on_curse.run(self, fid)
        return True

    def reveal_room(self, room: int) -> None:
        """Reveal ``room`` mid-round (§5.5, §17.D D1–D2)."""
        st = self.state
        if not 0 < room < len(self.setup.rooms) or room in st.revealed_rooms:
            raise InputError(f"room {room} does not exist or is already revealed", where="reveal_room")
        st.revealed_rooms.append(room)
        self.emit("room-revealed", room)
        placed = engine_start.place_room(self, room)
        effects.room_revealed(self, room)  # scenario rules: objectives, allies, triggers
        types: list[str] = []
        for f in placed:
            if f.name not in types:
                types.append(f.name)
        for t in types:
            deck = self.tables.types[t].deck
            if deck not in st.revealed:
                self.draw_ability(deck)
        if st.turn_index > 0:
            current = st.order[st.turn_index - 1].initiative
            self.push(*(Task("schedule", t, current) for t in types))
        self._external()

    # ---------------------------------------------------------- inner steps

    def lose_hp(self, f: Figure, amount: int, source: str) -> None:
        if f.kind != "character" and effects.DAMAGE_HOOKS and effects.damage_handled(self, f, amount, source):
            return  # cannot be damaged (the Elder Drake's zephyrs), or another figure takes it
        f.hp -= amount
        self.emit("damage", f.id, amount, source)
        if f.hp < 1:
            if f.kind == "character":
                self.exhaust(f.id, "health")
            else:
                self.kill(f)

    def kill(self, f: Figure) -> None:
        st = self.state
        del st.figures[f.id]
        self.emit("killed", f.id)
        if f.kind == "summon":  # its card leaves the active area (§12)
            hooks.summon_killed.run(self, f)
        if f.kind == "monster":
            st.standees[f.name].append(f.standee)
            st.standees[f.name].sort()
            if not f.spawned and not f.summoned_round:
                st.coins[f.hex] = st.coins.get(f.hex, 0) + 1
                self.emit("coin-dropped", f"hex={f.hex[0]},{f.hex[1]}")
            effects.died(self, f)
            self.check_victory()
        elif f.kind == "objective":
            effects.died(self, f)

    def exhaust(self, cid: str, reason: str) -> None:
        st = self.state
        ch = st.characters[cid]
        ch.exhausted = True
        moved = ch.hand + ch.discard + [a.card for a in ch.active] + ch.selected
        if ch.playing is not None:
            moved.append(ch.playing)
        ch.lost += moved
        ch.hand, ch.discard, ch.active, ch.selected, ch.playing = [], [], [], [], None
        st.figures.pop(cid, None)
        for f in [f for f in st.figures.values() if f.owner == cid]:
            del st.figures[f.id]
            self.emit("removed", f.id, "owner-exhausted")
        self.emit("exhausted", cid, reason)
        if all(c.exhausted for c in st.characters.values()):
            st.ending = "defeat"

    def mark_used(self, fid: FigureId) -> None:
        """An ability of ``fid``'s current action was used (§3.4: the action's XP is earned)."""
        ch = self.state.characters.get(fid)
        if ch is not None:
            ch.action_used = True

    def perform(self, fid: FigureId, ability: Ability, *, from_bonus: bool = False) -> None:
        """Resolve one ability of ``fid``. ``from_bonus``: the ability is on a round-bonus or
        persistent half, so its shield/retaliate acts from the active area (and ends with the
        card), not as a stored bonus."""
        engine_perform.perform(self, fid, ability, from_bonus=from_bonus)
