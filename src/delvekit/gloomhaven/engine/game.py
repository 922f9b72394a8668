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

Done (rules digest sections):

* §2.1 setup order: battle goals dealt two, keep one, secretly (§2.6); hands chosen card by
  card when more cards are available than the hand limit (§2.5); random standee numbers and
  partial placement when standees run out (§1.3); :mod:`~delvekit.gloomhaven.model.level`
  has the scenario level and its table (§2.2–§2.3, solo rule).
* §2.8 attack modifier decks in play: one per character (from the setup's card texts, or the
  standard deck), one shared monster deck, summons draw from their owner's
  (:meth:`Game.draw_modifiers` applies strengthen/muddle as advantage/disadvantage);
  bless/curse shuffled in within the supply (:meth:`Game.add_modifier_card`).
* §3.1 card selection or long rest; selections are hidden (``selected X``) until revealed
  (:meth:`Game.view` is a player's view without hidden information).
* §3.2 one ability card per monster deck with a figure on the board; shared decks (§17.D D5).
* §3.3 initiative with every tie rule (:mod:`~delvekit.gloomhaven.model.initiative`); ties the rules
  leave open are a ``party tie`` decision, remembered for types sharing a deck.
* §3.4 character turns: top of one card and bottom of the other in either order, or the basic
  Attack 2 / Move 2; abilities in printed order; card destination as soon as the action ends
  (discard, lost, active area for round and persistent bonuses); bonuses act from the active
  area (a card lost early takes its shield with it); persistent bonuses with use slots and slot
  XP (§18.7 Frost Armor); stunned characters discard both cards; end of turn: loot own hex,
  infuse, expire conditions.
* §3.5 end of round: modifier decks that drew a standard x2/null reshuffle, monster ability
  decks with a shuffle card reshuffle, elements wane, round bonuses leave the active area, card
  bonuses end, short rests.
* §4 short rest with its one reroll (suffer 1 damage, lose another random card), long rest
  (lose a chosen discard, heal 2, recover the rest), damage to characters negated by losing one
  card from hand or two discarded cards (active cards that count as discarded included),
  exhaustion by health and by cards.
* §5.5 / §17.D D1–D2 revealing a room mid-round (:meth:`Game.reveal_room`): random standees,
  a card drawn only for types without one, new groups with a lower initiative act right after
  the revealer (ties with other types: the players, or the remembered shared-deck order),
  figures that already acted never act twice.
* §8 condition timing on each figure's own started-turn clock (summons included), wound at
  start of turn, stun, immobilize/disarm block move/attack, heal vs poison/wound, immunities;
  §9 elements (infusion at end of turn, so never consumed by its creator the same turn).
* §10.1 monster activation: elites then normals by standee; card bonuses shield/retaliate from
  activation to end of round (§17.B B14); :meth:`Game.shield` / :meth:`Game.retaliate` add stat
  card, card bonuses and active cards; monster element infusion at the end of the type's last
  activation; dead monsters never act (B8).
* §15 scenario end after the round in which it triggers (loss wins over success); the
  :class:`~delvekit.gloomhaven.model.level.ScenarioResult` record (:attr:`Game.outcome`).
* With a board in the setup (:class:`~delvekit.gloomhaven.model.setup.BoardSpec`):
  characters' Move hex by hex, Attack (targets, Target N, target all, areas in every
  orientation, range, LOS, pierce, added conditions and curse/bless, element consumption),
  push and pull, Heal with range, Loot X (:mod:`~delvekit.gloomhaven.engine.actions`:
  difficult terrain, traps, hazardous terrain, doors revealing rooms mid-move, jumps);
  retaliate with range (after push/pull);
  monsters' and character summons' Move and Attack through ``monster_ai``
  (:mod:`~delvekit.gloomhaven.engine.monster_turn`: AI ties become a ``party monster`` decision;
  areas and "all adjacent" through the AI; automatic, type-wide element consumption; heal the
  most damaged ally; loot; characters negate monster damage by losing cards; retaliate after
  push/pull).
* :mod:`~delvekit.gloomhaven.content.adapter` builds a setup from the content pack (scenarios
  1–8 and 10 with Brute and Mindthief play end to end; the characters choose their starting
  hexes; card abilities the engine cannot play yet become ``custom`` abilities reported
  ``unresolved``, listed by :func:`~delvekit.gloomhaven.content.adapter.unsupported`).

Extending: an extension registers its own agenda tasks with :func:`task_handler` (a ``run``
that pops or returns a Decision, an ``apply`` for choices) and pushes them with ``_push``. The
effect methods (:meth:`Game.add_condition`, :meth:`heal`, :meth:`suffer_damage`,
:meth:`infuse`, :meth:`summon`, :meth:`reveal_room`, :meth:`draw_modifiers`,
:meth:`add_modifier_card`) are what ability code calls; called from outside a choice they mark
the game ``tampered`` (not replayable, so not saveable). An :class:`AbilityResolver` given to
the game replaces the built-in move/attack resolution.

Special wordings are named effects (:mod:`~delvekit.gloomhaven.engine.registry`): a ``custom`` ability
runs the handler registered under its note (monster cards and boss specials in
:mod:`~delvekit.gloomhaven.effects.monsters`, class cards in
:mod:`~delvekit.gloomhaven.effects.classes.brute_mindthief`, whose wordings
:mod:`~delvekit.gloomhaven.content.character_cards` turns into named effects); death, round and goal hooks
serve on-death effects and the scenario rules of :mod:`~delvekit.gloomhaven.scenario.rules`.
Character hooks: round bonuses, augments and per-condition bonuses on each strike
(``effects_characters.strike_bonus``), "on each attack on you" shields and Provoking Roar's
redirect on monster attacks, retaliate XP, a summon's card leaving play with it, and picking up
active cards during a rest (FAQ p.58).

Next (not yet here): (1) whatever :func:`engine_content.unsupported` lists (empty for Brute,
Mindthief and the monsters of scenarios 1-10); (2) scenario rules beyond those of scenarios
1-10 (:mod:`~delvekit.gloomhaven.scenario.rules` has round effects, spawns at markers, locked
doors, kill, kill-count, room and treasure goals; later scenarios need more); (3) a
test-fixture class for parties of four (three play with the Tinkerer). Items are in
:mod:`~delvekit.gloomhaven.items.play` (§13: offered as ``item N`` choices at their trigger).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

import msgspec

from delvekit.core import jsonio
from delvekit.core.board import Board, Terrain
from delvekit.core.decks import Deck
from delvekit.core.errors import IllegalChoice, InputError
from delvekit.core.hexes import Hex
from delvekit.core.records import Choice, Decision, Event
from delvekit.core.rng import Rng
from delvekit.gloomhaven.engine import registry as effects
from delvekit.gloomhaven.engine import saves
from delvekit.gloomhaven.engine.state import CharacterState, Figure, FigureId, GameState, Task
from delvekit.gloomhaven.model import rulesets as rules
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.damage import Retaliate
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.level import CharacterResult, ScenarioResult, level_info
from delvekit.gloomhaven.model.modifiers import (
    BLESS_LIMIT,
    CURSE_LIMIT,
    Draw,
    ModifierDeck,
    cards_of,
    monster_deck,
    parse_card,
    standard_deck,
)
from delvekit.gloomhaven.model.setup import Card, GameSetup, Half, MonsterCard, MonsterType

LOG_FORMAT = "delvekit-gloomhaven-log"
SAVE_FORMAT = "delvekit-gloomhaven-save"
FORMAT_VERSION = 1

MONSTER_DECK = "@monsters"
"""Key of the monster attack modifier deck shared by every monster (§2.8)."""
BASIC_TOP = Ability(kind="attack", value=2)
BASIC_BOTTOM = Ability(kind="move", value=2)


class AbilityResolver(Protocol):
    """Resolves the abilities the foundation cannot (move, attack, anything with a target).
    It may change the state through the game's effect methods and push tasks."""

    def resolve(self, game: Game, figure: FigureId, ability: Ability) -> None: ...


class _Static:
    """Immutable lookups shared by every clone of a game."""

    __slots__ = (
        "board",
        "boards",
        "cards",
        "deck_cards",
        "door_room",
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
        self.type_of_deck: dict[str, list[str]] = {}
        for m in setup.monsters:
            self.type_of_deck.setdefault(m.deck, []).append(m.name)


Run = Callable[["Game", Task], Decision | None]
Apply = Callable[["Game", Task, Choice], None]
_RUN: dict[str, Run] = {}
_APPLY: dict[str, Apply] = {}


def task_handler(kind: str, run: Run, apply: Apply | None = None) -> None:
    """Register the handler of an agenda task kind (extension modules add their own tasks)."""
    _RUN[kind] = run
    if apply is not None:
        _APPLY[kind] = apply


class Game:
    """One scenario in play. See the module docstring for the contract."""

    __slots__ = ("_decision", "_in_loop", "events", "log", "resolver", "seed", "state", "tables", "tampered")

    def __init__(self, setup: GameSetup, seed: int, *, resolver: AbilityResolver | None = None) -> None:
        setup.validate()
        self.tables = _Static(setup)
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
        self._start()
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
        from delvekit.gloomhaven.scenario.battle_goals import judged

        extra = engine_treasure.results(self, won, judged(self) if self.setup.battle_goals else {})
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
            _APPLY[self.state.agenda[-1].kind](self, self.state.agenda[-1], choice)
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

    def _header(self) -> dict[str, object]:
        return {
            "content_version": self.setup.content_version,
            "seed": self.seed,
            "setup": msgspec.to_builtins(self.setup),
        }

    def save(self) -> str:
        """The game as one JSON document: setup, seed, choices and the state digest."""
        if self.tampered:
            raise IllegalChoice("this game was changed outside its choices and cannot be saved")
        doc = {"format": SAVE_FORMAT, "version": FORMAT_VERSION, **self._header()}
        digest = self.digest()
        doc["choices"] = self.log
        doc["digest"] = digest
        doc["seal"] = saves.seal(doc, self.log, digest)
        return msgspec.json.encode(doc).decode()

    def log_lines(self) -> list[str]:
        """The JSON-lines log: a header line, one line per choice, a final digest line."""
        if self.tampered:
            raise IllegalChoice("this game was changed outside its choices and cannot be logged")
        enc = msgspec.json.encode
        header = {"format": LOG_FORMAT, "version": FORMAT_VERSION, **self._header()}
        lines = [enc(header).decode()]
        lines += [enc({"choice": c}).decode() for c in self.log]
        digest = self.digest()
        end = {"digest": digest, "round": self.state.round, "seal": saves.seal(header, self.log, digest)}
        lines.append(enc(end).decode())
        return lines

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
        first = text.lstrip().split("\n", 1)[0]
        if '"format"' in first and LOG_FORMAT in first and "\n" in text.strip():
            raise InputError(
                f"this is a game log, not a save: replay it with `delve replay {where}`", where=where
            )
        doc = saves.decode(text, where=where)
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
            raise InputError(f"not a delvekit save (format must be {SAVE_FORMAT!r})", where=where)
        saves.check_keys(doc, saves.SAVE_KEYS, where)
        setup, seed = _decode_header(doc, where)
        choices = doc.get("choices")
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise InputError("choices must be a list of strings", where=f"{where}: choices")
        _check_binding(doc, doc, choices, where, verify)
        game = cls.replay(setup, seed, choices, where=where)
        _check_end(doc, doc, game, where, "saved", verify)
        return game

    @classmethod
    def from_log(cls, lines: Iterable[str], *, where: str = "log", verify: bool = True) -> Game:
        """Replay a JSON-lines log; with ``verify`` a final digest line and seal must match."""
        decoded: list[dict[str, object]] = []
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            item = saves.decode(line, where=f"{where}: line {n}")
            if not isinstance(item, dict):
                raise InputError("each line is a JSON object", where=f"{where}: line {n}")
            decoded.append(item)
        if not decoded or decoded[0].get("format") != LOG_FORMAT:
            raise InputError(f"the first line must be a {LOG_FORMAT!r} header", where=f"{where}: line 1")
        saves.check_keys(decoded[0], saves.LOG_HEADER_KEYS, f"{where}: line 1")
        setup, seed = _decode_header(decoded[0], where)
        choices: list[str] = []
        end: dict[str, object] = {}
        for n, item in enumerate(decoded[1:], 2):
            if end:
                raise InputError(
                    "a line after the digest line (the digest line ends a log)", where=f"{where}: line {n}"
                )
            if "choice" in item and isinstance(item["choice"], str):
                saves.check_keys(item, frozenset({"choice"}), f"{where}: line {n}")
                choices.append(item["choice"])
            elif "digest" in item:
                saves.check_keys(item, saves.LOG_END_KEYS, f"{where}: line {n}")
                end = item
            else:
                raise InputError("expected {'choice': text} or {'digest': ...}", where=f"{where}: line {n}")
        _check_binding(decoded[0], end, choices, where, verify)
        game = cls.replay(setup, seed, choices, where=where)
        if verify or "digest" in end:
            _check_end(decoded[0], end, game, where, "logged", verify)
        return game

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
            decision = _RUN[task.kind](self, task)
            if decision is None:
                continue
            if len(decision.choices) == 1:
                _APPLY[task.kind](self, task, decision.choices[0])
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

    def _start(self) -> None:
        st, setup = self.state, self.setup
        for ch in setup.party:
            ids = [c.id for c in ch.hand]
            full = len(ids) == ch.hand_limit
            st.characters[ch.id] = CharacterState(ch.id, ids if full else [], [] if full else ids)
            st.figures[ch.id] = Figure(ch.id, "character", ch.class_name, ch.max_health, ch.hex)
        for ch in setup.party:
            amd = cards_of(ch.modifiers) if ch.modifiers else standard_deck()
            if ch.items:  # equipped items' -1 cards (§2.7), Second Skin's removal
                amd = items_play.start_deck(ch, amd)
            st.modifier_decks[ch.id] = ModifierDeck.shuffled(amd, st.rng)
        items_play.start(self)
        st.modifier_decks[MONSTER_DECK] = ModifierDeck.shuffled(monster_deck(), st.rng)
        for m in setup.monsters:
            st.standees[m.name] = list(range(1, m.standees + 1))
        for name, cards in setup.decks.items():
            if name in self.tables.type_of_deck:
                st.decks[name] = Deck([c.id for c in cards], st.rng)
        st.revealed_rooms.append(0)
        self._place_room(0)
        st.agenda.append(Task("round_start"))
        setup_steps = [Task("deal_goals")] if setup.battle_goals else []
        setup_steps += [Task("build_hand", ch.id) for ch in setup.party if len(ch.hand) > ch.hand_limit]
        if setup.starts:
            setup_steps += [Task("place", ch.id) for ch in setup.party]
        setup_steps += effects.setup_tasks(self)  # the Beast Tyrant's bear
        self.push(*setup_steps)

    def _place_room(self, room: int) -> list[Figure]:
        st = self.state
        placed: list[Figure] = []
        for p in self.setup.rooms[room]:
            pool = st.standees[p.monster]
            if not pool:
                self.emit("no-standee", p.monster, f"hex={p.hex[0]},{p.hex[1]}")
                continue
            number = pool.pop(st.rng.randint(0, len(pool) - 1))
            stats = self.tables.types[p.monster].stats(p.rank)
            fid = f"{p.monster}#{number}"
            fig = Figure(
                fid, "monster", p.monster, stats.health, p.hex, rank=p.rank, standee=number,
                immune=frozenset(stats.immunities),
            )  # fmt: skip
            st.figures[fid] = fig
            placed.append(fig)
            self.emit("placed", fid, p.rank, f"hex={p.hex[0]},{p.hex[1]}")
        for number, h, count in self.setup.coins:
            if number == room:
                st.coins[h] = st.coins.get(h, 0) + count
        engine_treasure.place(self, room)  # numbered treasure tiles (§14)
        return placed

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
        verdict = effects.goal(self)
        if verdict is not None:
            if verdict:
                st.ending = "victory"
                self.emit("scenario-goal", "victory")
            return
        if self.setup.win != "kill_all":
            return
        if len(st.revealed_rooms) == len(self.setup.rooms) and not any(
            f.kind == "monster" and f.side == "monsters" for f in st.figures.values()
        ):
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
            condition = items_play.gained(self, fid, condition)  # Drakescale Helm
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
                half = _half(self, fid, active.card, active.half)
                out += [
                    Retaliate(a.value, a.range)
                    for a in half.abilities
                    if a.kind == "retaliate" and a.range > 1
                ]
            out += [Retaliate(a, r) for a, r in items_play.retaliates(self, fid)]  # Spiked Shield...
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
                half = _half(self, fid, active.card, active.half)
                total += sum(
                    a.value for a in half.abilities if a.kind == kind and not (near_only and a.range > 1)
                )
            if kind == "shield":
                total += items_play.passive_shield(self, fid)  # Chain Hood
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
            from delvekit.gloomhaven.effects.classes import soothsinger as effects_soothsinger

            effects_soothsinger.cursed(self, fid)
        return True

    def reveal_room(self, room: int) -> None:
        """Reveal ``room`` mid-round (§5.5, §17.D D1–D2)."""
        st = self.state
        if not 0 < room < len(self.setup.rooms) or room in st.revealed_rooms:
            raise InputError(f"room {room} does not exist or is already revealed", where="reveal_room")
        st.revealed_rooms.append(room)
        self.emit("room-revealed", room)
        placed = self._place_room(room)
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
            effects_characters.summon_killed(self, f)
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
        st = self.state
        f = st.figures.get(fid)
        if f is None:
            return
        kind = ability.kind
        if f.kind == "character":
            from delvekit.gloomhaven.effects.classes import (
                nightshroud as effects_nightshroud,  # Wings of the Night, Black Knives
            )

            if effects_nightshroud.action_part(self, fid, ability):
                return  # a move first, then this ability again
            if effects.ability_replaced(self, fid, ability):
                return  # other steps in its place (the Sawbones's cards)
        if kind in ("move", "heal") and f.kind == "character":  # Defensive Stance, Potent Potables
            from delvekit.gloomhaven.effects import wordings as effects_classes

            bonus = effects_classes.move_bonus if kind == "move" else effects_classes.heal_bonus
            extra = bonus(self, fid)
            if kind == "move":  # Song of Speed
                from delvekit.gloomhaven.effects.classes import soothsinger as effects_soothsinger

                extra += effects_soothsinger.move_bonus(self, fid)
            if kind == "move" and self.setup.rules:
                from delvekit.gloomhaven.scenario.mechanisms import move_change  # 88's claw: -2

                extra += move_change(self, fid)
            if extra:
                ability = msgspec.structs.replace(ability, value=max(0, ability.value + extra))
            if kind == "move":
                ability = effects_nightshroud.moved_value(self, fid, ability)  # Empowering Void
        elif kind == "attack" and ability.range > 0 and ability.targets >= 1 and not ability.area:
            from delvekit.gloomhaven.effects import wordings as effects_classes  # Quiver of Arrows

            more = effects_classes.extra_targets(self, fid) if f.kind == "character" else 0
            if more:
                ability = msgspec.structs.replace(ability, targets=ability.targets + more)
        if kind == "attack" and ability.range > 0 and f.kind == "character":
            from delvekit.gloomhaven.effects.classes import (
                cragheart as effects_cragheart,  # Backup Ammunition
            )
            from delvekit.gloomhaven.effects.classes import (
                plagueherald as effects_plagueherald,  # Backup Ammunition
            )

            ability = effects_cragheart.ranged_attack(self, fid, ability)
            ability = effects_plagueherald.ranged_attack(self, fid, ability)  # Grasping Vermin
            from delvekit.gloomhaven.effects.classes import (
                soothsinger as effects_soothsinger,  # Song of Speed
            )

            ability = effects_soothsinger.ranged_attack(self, fid, ability)
        on_board = f.kind == "character" and self.tables.board is not None
        later = kind in ("move", "attack", "push", "pull") or (kind == "heal" and ability.range > 0)
        prevented = (kind == "move" and Condition.IMMOBILIZE in f.conditions) or (
            kind == "attack" and (Condition.DISARM in f.conditions or items_play.on_obstacle(self, f))
        )
        named = effects.handler(ability.note) if kind == "custom" else None
        if kind not in ("xp", "infuse") and not prevented and not (on_board and later) and named is None:
            self.mark_used(fid)  # used as it resolves; the others say so once they act (§3.4)
        if kind == "move" and Condition.IMMOBILIZE in f.conditions:
            self.emit("prevented", fid, "move", "immobilize")
        elif kind == "attack" and Condition.DISARM in f.conditions:
            self.emit("prevented", fid, "attack", "disarm")
        elif kind == "attack" and prevented:
            self.emit("prevented", fid, "attack", "on-obstacle")  # Cloak of Phasing
        elif kind == "loot" and f.kind == "character" and self.tables.board is not None:
            if not items_play.loot_offer(self, f, ability.value):  # Thief's Hood asks first
                engine_actions.loot(self, f, ability.value)
        elif kind in ("push", "pull") and f.kind == "character" and self.tables.board is not None:
            self.push(Task("shove", fid, ability.value, f"{kind}/{ability.targets}"))
        elif kind == "heal" and ability.range and f.kind == "character" and self.tables.board is not None:
            self.push(Task("heal_ally", fid, ability.value, str(ability.range)))
        elif kind in ("move", "attack") and f.kind == "character" and self.tables.board is not None:
            if kind == "move":
                mode = "jump" if ability.jump else "walk"  # a flier flies whatever it is given (§5.3)
                self.push(Task("move", fid, ability.value, f"0/{mode}/s"))
            elif ability.consume:
                self.push(Task("augment", fid, ability.value, str(ability)))
            else:
                self.push(Task("attack", fid, ability.value, f"{ability}|"))
        elif named is not None:  # it reports what it did (engine_used, §3.4)
            if f.kind == "character":
                engine_used.watch(self, fid)
            if named(self, fid, ability):
                self.mark_used(fid)
        elif not ability.self_resolved:
            if self.resolver is not None:
                self.resolver.resolve(self, fid, ability)
            else:
                self.emit("unresolved", fid, *str(ability).replace(":", "_").split())
        elif kind == "heal":
            self.heal(fid, ability.value)
        elif kind in ("shield", "retaliate", "negate"):
            if kind == "shield" and not from_bonus:
                f.shield_bonus += ability.value
            elif kind == "retaliate" and not from_bonus and ability.range > 1:
                f.retaliate_far = (*f.retaliate_far, (ability.value, ability.range))
            elif kind == "retaliate" and not from_bonus:
                f.retaliate_bonus += ability.value
            self.emit("bonus", fid, kind, ability.value)
        elif kind == "condition" and ability.condition is not None:
            self.add_condition(fid, ability.condition)
        elif kind == "infuse" and ability.element is not None:
            if f.kind == "monster":
                st.group_infusions.append(ability.element.value)
            else:
                self.infuse(ability.element)
        elif kind == "suffer":
            self.suffer_damage(fid, ability.value, "suffer")
        elif kind == "xp" and f.kind == "character":
            st.characters[fid].xp += ability.value
            self.emit("xp", fid, ability.value)


def _decode_header(doc: dict[str, object], where: str) -> tuple[GameSetup, int]:
    version = doc.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise InputError(f"unsupported version {jsonio.shown(version)}", where=f"{where}: version")
    seed = saves.check_seed(doc.get("seed"), where)
    try:
        setup = msgspec.convert(doc.get("setup"), GameSetup)
    except msgspec.ValidationError as exc:
        raise InputError(jsonio.shown(str(exc), 300), where=f"{where}: setup") from None
    saves.check_header_setup(doc.get("setup"), msgspec.to_builtins(setup), where)
    setup.validate()
    saves.check_rules(setup.rules, where)
    return setup, seed


def _check_binding(
    header: dict[str, object], end: dict[str, object], choices: list[str], where: str, verify: bool
) -> None:
    """Before replaying: with ``verify``, a digest must be there to compare with."""
    if verify and "digest" not in end:
        raise InputError(
            "cannot verify: the file records no digest of its final state", where=f"{where}: digest"
        )


def _check_end(
    header: dict[str, object], end: dict[str, object], game: Game, where: str, how: str, verify: bool
) -> None:
    """After replaying: the recorded digest and seal must match the game replayed; with
    ``verify`` the seal (binding setup, seed and choices) must be there too."""
    digest = game.digest()
    if "digest" in end and end["digest"] != digest:
        raise InputError(f"the replayed state does not match the {how} digest", where=f"{where}: digest")
    if "round" in end and end["round"] != game.state.round:
        raise InputError(f"the replayed game is in round {game.state.round}", where=f"{where}: round")
    if verify and "seal" not in end:
        raise InputError(
            "cannot verify: the file has no seal binding its setup and seed (written before seals)",
            where=f"{where}: seal",
        )
    if "seal" in end and end["seal"] != saves.seal(header, game.log, digest):
        raise InputError(
            f"the setup, seed or choices do not match the {how} seal (the file was changed)",
            where=f"{where}: seal",
        )


def _half(game: Game, cid: str, card: str, half: str) -> Half:
    c = game.card(cid, card)
    return c.top if half == "top" else c.bottom


# Handlers live in engine_round and engine_actions (registered on import).
from delvekit.gloomhaven.effects.classes import brute_mindthief as effects_characters  # noqa: E402
from delvekit.gloomhaven.engine import actions as engine_actions  # noqa: E402
from delvekit.gloomhaven.engine import round as engine_round  # noqa: E402, F401
from delvekit.gloomhaven.engine import used as engine_used  # noqa: E402
from delvekit.gloomhaven.items import play as items_play  # noqa: E402
from delvekit.gloomhaven.scenario import treasure as engine_treasure  # noqa: E402
