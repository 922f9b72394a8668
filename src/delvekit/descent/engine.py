"""The Descent 2e engine: decisions in, events out (same contract as the Gloomhaven engine).

A game is (content, quest, heroes with classes, seed, choices). ``game.decision`` is the pending
:class:`Decision` (who decides, what kind, every legal :class:`Choice`); ``game.choose`` applies
one (an illegal choice raises :class:`IllegalChoice` and changes nothing). Events record what
happened. ``save`` / ``load`` / ``replay`` / ``digest`` / ``clone`` follow from the choice log.

>>> g = Game.new("first-blood", ["grisban", "jain"], seed=1)
>>> g.decision.actor, g.decision.kind, g.decision.choices.texts()
('heroes', 'order', ['turn grisban', 'turn jain'])
>>> _ = g.choose("turn jain")
>>> g.decision.actor
'jain'
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from delvekit.core.errors import IllegalChoice, InputError
from delvekit.core.records import Choice, Decision, Event
from delvekit.core.rng import Rng
from delvekit.core.squares import Square
from delvekit.descent import rules
from delvekit.descent.content import ARCHETYPE_CLASS, Content, Stats, load_content, quest_board
from delvekit.descent.dice import roll
from delvekit.descent.engine_cards import react, react_options
from delvekit.descent.engine_turns import (
    friend_choices,
    friend_choose,
    hero_choices,
    hero_choose,
    monster_choices,
    monster_choose,
    overlord_choices,
    overlord_choose,
    reappear_choices,
    throw_choices,
    throw_choose,
)
from delvekit.descent.state import HeroState, MonsterState, State

SAVE_FORMAT = "delvekit-descent-save-1"
LOG_FORMAT = "delvekit-descent-log-1"
HERO_IDS = ("ashrian", "avric", "grisban", "jain", "leoric", "syndrael", "tomble", "widow")


class Game:
    """One quest of Descent in progress."""

    def __init__(
        self, content: Content, quest: str, heroes: Sequence[str], classes: Sequence[str], seed: int
    ) -> None:
        self.content = content
        self.quest = content.quests[quest]
        self.base_board = quest_board(content, quest)
        self.board = self.base_board
        self.obstacles = frozenset(sq for sq, kind in self.board.terrain.items() if kind == "obstacle")
        self.hero_ids = tuple(heroes)
        self.class_ids = tuple(classes)
        self.seed = seed
        self.rng = Rng(seed)
        self.state = State(quest=quest)
        self.log: list[Choice] = []
        self.events: list[Event] = []
        self._decision: Decision | None = None
        self.reach_memo: dict[tuple[object, ...], Any] = {}  # see rules.hero_reach
        self._setup()

    # --- construction -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        quest: str,
        heroes: Sequence[str],
        *,
        classes: Sequence[str] | None = None,
        seed: int = 0,
        content: Content | None = None,
    ) -> Game:
        """A new game; hero ids are the first word of the hero's name; each hero's class defaults
        to the playable class of its archetype."""
        content = content or load_content()
        if quest not in content.quests:
            raise InputError(
                f"unknown quest {quest!r} (known: {', '.join(sorted(content.quests))})", where="--quest"
            )
        heroes = [h.strip().lower() for h in heroes]
        if not 2 <= len(heroes) <= 4:
            raise InputError(f"a quest needs 2 to 4 heroes, got {len(heroes)}", where="--heroes")
        for h in heroes:
            if h not in content.heroes:
                raise InputError(
                    f"unknown hero {h!r} (known: {', '.join(sorted(content.heroes))})", where="--heroes"
                )
        if len(set(heroes)) != len(heroes):
            raise InputError("each hero may be chosen once", where="--heroes")
        if classes is None:
            classes = [ARCHETYPE_CLASS[content.heroes[h].archetype] for h in heroes]
        classes = [c.strip().lower() for c in classes]
        if len(classes) != len(heroes):
            raise InputError("give one class per hero", where="--classes")
        for h, c in zip(heroes, classes, strict=True):
            klass = content.classes.get(c)
            if klass is None:
                raise InputError(f"unknown class {c!r}", where="--classes")
            if not klass.playable:
                raise InputError(
                    f"class {c!r} is not playable yet (its equipment numbers have no licensed source)",
                    where="--classes",
                )
            if klass.archetype != content.heroes[h].archetype:
                raise InputError(
                    f"{h} is a {content.heroes[h].archetype}, {c} a {klass.archetype} class",
                    where="--classes",
                )
        if len(set(classes)) != len(classes):
            twice = sorted({c for c in classes if classes.count(c) > 1})
            raise InputError(
                f"each class may be chosen once, {', '.join(twice)} is taken twice (one playable class "
                "per archetype so far: a party has at most one hero of each archetype)",
                where="--classes",
            )
        return cls(content, quest, heroes, classes, seed)

    def _setup(self) -> None:
        s, q, n = self.state, self.quest, len(self.hero_ids)
        s.closed_doors = sorted(self.base_board.doors)  # every door starts closed
        self.board = self.base_board.with_closed(s.closed_doors)
        starts = list(q.hero_start)
        for i, (hid, cid) in enumerate(zip(self.hero_ids, self.class_ids, strict=True)):
            hero = self.content.heroes[hid]
            s.heroes[hid] = HeroState(hid, cid, starts[i % len(starts)], hero.health, hero.stamina)
        goblin = self.content.monsters[q.goblins.monster]
        self._spawn_group(goblin.id, q.goblins.at, goblin.minions[n - 2], goblin.masters[n - 2])
        mauler = q.mauler_for(n)
        m = self._spawn(str(q.mauler["monster"]), mauler.rank, mauler.at)
        m.health += mauler.bonus_health
        m.unique = "mauler"
        for at in mauler.extra:
            self._spawn(str(q.mauler["monster"]), "minion", at)
        s.search_tokens = [(t[0], t[1]) for t in q.search_tokens[str(n)]]
        s.deck = [c.id for c in self.content.overlord for _ in range(c.count)]
        self.rng.shuffle(s.deck)
        s.search_deck = [c.id for c in self.content.search for _ in range(c.count)]
        self.rng.shuffle(s.search_deck)
        self.draw_overlord(n)  # one card per hero at the start of a quest (§4.9)
        self.emit("setup", self.quest.id, f"heroes={','.join(self.hero_ids)}", f"seed={self.seed}")

    def _spawn_group(self, monster: str, at: Square, minions: int, masters: int) -> None:
        for rank, count in (("master", masters), ("minion", minions)):
            for _ in range(count):
                self._spawn(monster, rank, at)

    def _spawn(self, monster: str, rank: str, at: Square) -> MonsterState:
        s = self.state
        mon = self.content.monsters[monster]
        n = s.next_id.get(monster, 0) + 1
        s.next_id[monster] = n
        fid = f"{monster}-{n}"
        stats = mon.stat(self.quest.act, rank)
        m = MonsterState(fid, monster, rank, (), stats.health)
        if mon.large:
            bases = rules.bases_at(self, m, mon.size, at)
            if not bases:
                bases = [frozenset([rules.nearest_empty(self, at, hero=False)])]
            m.base = tuple(sorted(min(bases, key=lambda b: (min(b) != at, sorted(b)))))
        else:
            m.base = (rules.nearest_empty(self, at, hero=False),)
        s.monsters[fid] = m
        self.emit("place", fid, rank, "at=" + ";".join(f"{x},{y}" for x, y in m.base))
        return m

    # --- the contract -----------------------------------------------------------------------

    @property
    def decision(self) -> Decision:
        if self._decision is None:
            self._decision = self._make_decision()
        return self._decision

    @property
    def result(self) -> str:
        return self.state.result

    def can_choose(self, choice: Choice | str) -> bool:
        c = Choice.parse(choice) if isinstance(choice, str) else choice
        return c in self.decision.choices

    def choose(self, choice: Choice | str) -> list[Event]:
        """Apply one legal choice; returns the events it caused."""
        c = Choice.parse(choice) if isinstance(choice, str) else choice
        if self.state.result:
            raise IllegalChoice(f"the quest is over ({self.state.result}); nothing to choose")
        if c not in self.decision.choices:
            raise IllegalChoice(
                f"{c} is not legal now; legal: {' | '.join(self.decision.choices.texts()[:12])}"
            )
        mark = len(self.events)
        self.log.append(c)
        self._decision = None
        self._apply(c)
        self._advance()
        return self.events[mark:]

    def clone(self) -> Game:
        other = Game.__new__(Game)
        other.content, other.quest, other.board = self.content, self.quest, self.board
        other.base_board = self.base_board
        other.obstacles = self.obstacles
        other.hero_ids, other.class_ids, other.seed = self.hero_ids, self.class_ids, self.seed
        other.rng = self.rng.clone()
        other.state = self.state.clone()
        other.log = list(self.log)
        other.events = list(self.events)
        other._decision = self._decision
        other.reach_memo = {}
        return other

    def digest(self) -> str:
        """A short hash of the whole state (replays must reach the same one)."""
        s = self.state
        doc = {
            "round": s.round,
            "phase": s.phase,
            "result": s.result,
            "escaped": s.escaped,
            "heroes": {
                k: [
                    h.vanished,
                    h.square,
                    h.damage,
                    h.fatigue,
                    sorted(h.conditions),
                    h.knocked_out,
                    sorted(h.exhausted),
                    h.feat_used,
                    h.search_cards,
                ]
                for k, h in sorted(s.heroes.items())
            },
            "monsters": {
                k: [m.base, m.damage, m.health, sorted(m.conditions)] for k, m in sorted(s.monsters.items())
            },
            "cards": [s.deck, s.hand, s.discard, s.search_deck, s.search_tokens],
            "friend": list(s.friend),
            "doors": s.closed_doors,
            "turn": [s.turn.actor, s.turn.actions, s.turn.mp, s.turn.attacks],
            "done": [s.heroes_done, s.activated],
        }
        return hashlib.sha256(msgspec.json.encode(doc)).hexdigest()[:16]

    def header(self) -> dict[str, object]:
        return {
            "format": LOG_FORMAT,
            "game": "descent",
            "quest": self.quest.id,
            "heroes": list(self.hero_ids),
            "classes": list(self.class_ids),
            "seed": self.seed,
        }

    def save(self) -> str:
        """One JSON document: the setup, every choice, and the digest it must reach."""
        doc = {
            **self.header(),
            "format": SAVE_FORMAT,
            "choices": [str(c) for c in self.log],
            "digest": self.digest(),
        }
        return msgspec.json.encode(doc).decode()

    @classmethod
    def load(cls, text: str, *, where: str = "save") -> Game:
        try:
            doc = msgspec.json.decode(text)
        except msgspec.DecodeError as exc:
            raise InputError(f"not a Descent save ({exc})", where=where) from None
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
            raise InputError("not a Descent save (no format line)", where=where)
        game = cls.replay(doc, doc.get("choices", []), where=where)
        if game.digest() != doc.get("digest"):
            raise InputError(
                f"the replayed state {game.digest()} differs from the saved {doc.get('digest')}", where=where
            )
        return game

    @classmethod
    def replay(cls, header: dict[str, object], choices: Iterable[str], *, where: str = "log") -> Game:
        try:
            heroes, classes, seed = header["heroes"], header["classes"], header["seed"]
            if not isinstance(heroes, list) or not isinstance(classes, list) or not isinstance(seed, int):
                raise TypeError("heroes, classes and seed")
            game = cls.new(
                str(header["quest"]), [str(h) for h in heroes], classes=[str(c) for c in classes], seed=seed
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"bad header ({exc})", where=where) from None
        for i, text in enumerate(choices, start=1):
            try:
                game.choose(text)
            except (IllegalChoice, InputError) as exc:
                raise InputError(f"choice {i} ({text}): {exc}", where=where) from None
        return game

    @classmethod
    def from_log(cls, lines: Sequence[str], *, where: str = "log", verify: bool = False) -> Game:
        """Replay a JSON-lines log: a header line, one ``{"choice": ...}`` line per choice, and
        an optional ``{"digest": ...}`` last line (checked with ``verify``)."""
        docs = []
        for n, line in enumerate(lines, start=1):
            if line.strip():
                try:
                    docs.append(msgspec.json.decode(line))
                except msgspec.DecodeError:
                    raise InputError(f"line {n} is not JSON", where=where) from None
        if not docs or not isinstance(docs[0], dict) or docs[0].get("format") != LOG_FORMAT:
            raise InputError("not a Descent log (no header line)", where=where)
        choices = [d["choice"] for d in docs[1:] if isinstance(d, dict) and "choice" in d]
        game = cls.replay(docs[0], choices, where=where)
        digests = [d["digest"] for d in docs[1:] if isinstance(d, dict) and "digest" in d]
        if verify:
            if not digests:
                raise InputError("the log records no digest to verify", where=where)
            if digests[-1] != game.digest():
                raise InputError(
                    f"replayed digest {game.digest()} differs from the logged {digests[-1]}", where=where
                )
        return game

    def log_lines(self) -> list[str]:
        out = [msgspec.json.encode(self.header()).decode()]
        out += [msgspec.json.encode({"choice": str(c)}).decode() for c in self.log]
        out.append(msgspec.json.encode({"digest": self.digest(), "result": self.result}).decode())
        return out

    # --- helpers for the rule modules -----------------------------------------------------------

    def emit(self, kind: str, *args: object) -> None:
        self.events.append(Event.of(kind, *(str(a) for a in args)))

    def finish(self, result: str, why: str) -> None:
        if not self.state.result:
            self.state.result = result
            self.state.phase = "over"
            self.emit("quest-over", result, why, f"rounds={self.state.round}")

    def draw_overlord(self, n: int) -> None:
        s = self.state
        for _ in range(n):
            if not s.deck:
                s.deck, s.discard = s.discard, []
                self.rng.shuffle(s.deck)
            if s.deck:
                s.hand.append(s.deck.pop())
                self.emit("overlord-draws", f"hand={len(s.hand)}")

    def stats(self, m: MonsterState) -> Stats:
        return self.content.monsters[m.monster].stat(self.quest.act, m.rank)

    def abilities(self, m: MonsterState) -> tuple[str, ...]:
        return self.stats(m).abilities

    def squares_of(self, fid: str) -> tuple[Square, ...]:
        if fid in self.state.heroes:
            return (self.state.heroes[fid].square,)
        return self.state.monsters[fid].base

    def hero_items(self, h: HeroState) -> set[str]:
        klass = self.content.classes[h.klass]
        return {i.effect for i in klass.items if i.effect} | {w.effect for w in klass.weapons if w.effect}

    def hero_defense(self, h: HeroState) -> tuple[str, ...]:
        """The hero's defence pool; Tomble adds an adjacent hero's pool (his ability, taken when
        another hero is adjacent)."""
        pool = self.content.heroes[h.id].defense
        if self.content.heroes[h.id].ability == "borrow-defense":
            for other in self.state.heroes.values():
                if other.id != h.id and not other.knocked_out and self.board.adjacent(h.square, other.square):
                    return pool + self.content.heroes[other.id].defense
        return pool

    def near_leoric(self, monster: str) -> bool:
        for h in self.state.heroes.values():
            if (
                self.content.heroes[h.id].ability == "aura-minus-1-heart"
                and not h.knocked_out
                and self.board.distance(self.state.monsters[monster].base, h.square) <= 3
            ):
                return True
        return False

    def absorb_now(self, hero: HeroState, dealt: int) -> None:
        """Jain may suffer some of an attack's damage as fatigue (her ability): a decision."""
        self.state.absorb = (hero.id, dealt)
        self.state.phase = "absorb"

    def resume_phase(self) -> str:
        return "hero" if self.state.turn.actor in self.state.heroes else "monster"

    # --- decisions --------------------------------------------------------------------------

    def _make_decision(self) -> Decision:
        s = self.state
        if s.phase == "over":
            return Decision("nobody", "over", [])
        if s.phase == "hero-order":
            return Decision(
                "heroes", "order", [Choice.of("turn", h) for h in self.hero_ids if h not in s.heroes_done]
            )
        if s.phase == "absorb":
            hid, dealt = s.absorb
            h = s.heroes[hid]
            most = min(dealt, h.stamina - h.fatigue)
            return Decision(hid, "absorb", [Choice.of("absorb", n) for n in range(most + 1)])
        if s.phase == "attack":
            att = s.attack
            assert att is not None
            actor = att.attacker if att.attacker in s.heroes else "overlord"
            texts = [*rules.reroll_options(self, att), *rules.surge_options(self, att), "surge-done"]
            return Decision(actor, "surges", [Choice.parse(t) for t in texts])
        if s.phase == "react":
            return Decision(
                "overlord", "react", [Choice.parse(t) for t in react_options(self)] + [Choice.of("pass")]
            )
        if s.phase == "hero":
            return Decision(s.turn.actor, "action", hero_choices(self))
        if s.phase == "throw":
            return Decision("overlord", "throw", throw_choices(self) or [Choice.of("place", "none")])
        if s.phase == "vanish":
            return Decision(s.turn.actor, "reappear", reappear_choices(self, s.heroes[s.turn.actor]))
        if s.phase == "friend":
            return Decision(s.friend[0], "friend-move", friend_choices(self))
        if s.phase == "overlord":
            return Decision("overlord", "activate", overlord_choices(self))
        if s.phase in ("monster", "place"):
            return Decision("overlord", "monster" if s.phase == "monster" else "place", monster_choices(self))
        raise AssertionError(f"no decision for phase {s.phase}")

    def _apply(self, c: Choice) -> None:
        s = self.state
        if s.phase == "hero-order":
            self._start_hero_turn(c.args[0])
        elif s.phase == "absorb":
            hid, dealt = s.absorb
            h = s.heroes[hid]
            n = int(c.args[0])
            s.absorb = ("", 0)
            s.phase = self.resume_phase()
            if n:
                rules.hero_fatigue(self, h, n, "absorb")
            rules.hero_damage(self, h, dealt - n, "attack")
        elif s.phase == "attack":
            att = s.attack
            assert att is not None
            if c.kind == "surge-done":
                rules.finish_attack(self)
            elif c.kind == "reroll":
                rules.reroll(self, att, int(c.args[0]))
                if not rules.surge_options(self, att):
                    rules.finish_attack(self)
            else:
                rules.spend_surge(self, att, c.args[0])
                if not rules.surge_options(self, att):
                    rules.finish_attack(self)
        elif s.phase == "react":
            react(self, c)
        elif s.phase == "hero":
            hero_choose(self, c)
        elif s.phase == "friend":
            friend_choose(self, c)
        elif s.phase == "throw":
            if c.args[0] == "none":  # no empty space within 3: the hero stays, still suffers 1 heart
                h = s.heroes[s.react_hero]
                s.react_hero, s.phase = "", "monster"
                rules.hero_damage(self, h, 1, "throw")
            else:
                throw_choose(self, c)
        elif s.phase == "vanish":
            h = s.heroes[s.turn.actor]
            h.square, h.vanished = (int(c.args[0].split(",")[0]), int(c.args[0].split(",")[1])), False
            s.phase = "hero"
            self.emit("reappears", h.id, f"at={c.args[0]}")
        elif s.phase == "overlord":
            overlord_choose(self, c)
        else:
            monster_choose(self, c)

    # --- flow -----------------------------------------------------------------------------------

    def _start_hero_turn(self, hid: str) -> None:
        s = self.state
        h = s.heroes[hid]
        s.turn = type(s.turn)(actor=hid, actions=2)
        s.phase = "hero"
        h.exhausted.clear()
        self.emit("turn", hid)
        if not h.knocked_out:
            for cond, attr, harm in (("poisoned", "might", "damage"), ("diseased", "willpower", "fatigue")):
                if cond in h.conditions and not h.knocked_out:
                    if rules.attribute_test(self, h, attr):
                        h.conditions.discard(cond)
                        self.emit("condition-ends", hid, cond)
                    elif harm == "damage":
                        rules.hero_damage(self, h, 1, cond)
                    else:
                        rules.hero_fatigue(self, h, 1, cond, forced=True)
        if h.vanished:
            s.phase = "vanish"

    def end_hero_turn(self) -> None:
        s = self.state
        h = s.heroes[s.turn.actor]
        ability = self.content.heroes[h.id].ability
        if self.board.terrain.get(h.square) == "lava" and not h.knocked_out and not h.vanished:
            self.emit("lava", h.id)  # a hero ending his own turn in lava is defeated (§4.12)
            rules.knock_out(self, h)
            h.square = rules.nearest_safe(self, h.square)
        if s.turn.rested and not h.knocked_out:
            rules.recover(self, h, 0, h.fatigue, "rest")
        if ability == "still-recovers-2-fatigue" and not s.turn.moved and not h.knocked_out:
            rules.recover(self, h, 0, 2, "syndrael")
        h.conditions.discard("immobilized")
        s.heroes_done.append(h.id)
        self.emit("turn-ends", h.id)
        if len(s.heroes_done) == len(self.hero_ids):
            self._start_overlord_turn()
        else:
            s.phase = "hero-order"

    def _start_overlord_turn(self) -> None:
        s = self.state
        s.phase = "overlord"
        s.activated, s.groups_done, s.group = [], [], ""
        s.turn = type(s.turn)(actor="overlord")
        self.emit("overlord-turn", f"round={s.round}")
        self.draw_overlord(1)  # errata: draw first (§4.9)
        if "word-of-misery" in s.hand:
            s.react = "overlord-turn-start"
            s.phase = "react"

    def end_overlord_turn(self) -> None:
        s = self.state
        s.misery = False
        self._reinforce()
        self.emit("round-ends", f"round={s.round}")
        s.round += 1
        s.heroes_done = []
        s.phase = "hero-order"

    def _reinforce(self) -> None:
        """First Blood: at the end of the overlord's turn 1 goblin archer arrives at its place
        if the group is below its size (escaped or defeated goblins return)."""
        q, s = self.quest, self.state
        mon = self.content.monsters[q.reinforce.monster]
        n = len(self.hero_ids)
        present = [m for m in s.monsters.values() if m.monster == mon.id]
        for _ in range(q.reinforce.count):
            masters = sum(1 for m in present if m.rank == "master")
            minions = len(present) - masters
            if masters < mon.masters[n - 2]:
                present.append(self._spawn(mon.id, "master", q.reinforce.at))
            elif minions < mon.minions[n - 2]:
                present.append(self._spawn(mon.id, "minion", q.reinforce.at))

    def escape(self, m: MonsterState) -> None:
        s = self.state
        del s.monsters[m.id]
        s.escaped += 1
        self.emit("escapes", m.id, f"objective-fatigue={s.escaped}")
        if s.escaped >= self.quest.escapes_to_lose:
            self.finish("overlord", "goblins-escaped")

    def _advance(self) -> None:
        """Run everything that needs no choice: turn ends, empty decisions."""
        s = self.state
        for _ in range(1000):
            if s.result:
                s.phase = "over"
                return
            if s.phase == "hero" and s.turn.ended and s.attack is None:
                self.end_hero_turn()
                continue
            if s.phase == "hero-order" and all(h in s.heroes_done for h in self.hero_ids):
                self._start_overlord_turn()
                continue
            if s.phase == "monster" and s.turn.actor not in s.monsters:
                s.phase = "overlord"
                continue
            return

    def roll_red(self, n: int) -> tuple[int, int]:
        r = roll(("red",) * n, self.rng)
        return r.hearts, r.surges
