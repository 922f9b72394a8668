"""Typed payloads of the engine core's agenda tasks: one frozen record per task kind whose
:attr:`~delvekit.gloomhaven.engine.state.Task.text` carries data.

A task's ``text`` is part of the hashed game state, so each record writes exactly the string the
engine has always stored (:attr:`text`) and reads it back in one place (:meth:`decode`, or
:meth:`of` for a task). Producers build the record and store ``record.text``; readers call
``Record.of(task)``: nobody splits these strings by hand. The records form a msgspec tagged
union (:data:`Payload`, tagged by task kind) for tools that want them as data.

>>> MoveStep(0, "jump").text
'0/jump/s'
>>> MoveStep.decode("2/walk/m")
MoveStep(range=2, mode='walk', moved=True)
>>> ForceStep.decode("m1.2/push/s").attacker
'm1.2'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypeAlias

import msgspec

from delvekit.gloomhaven.model.abilities import Ability

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.state import Task

Forced: TypeAlias = Literal["push", "pull"]


def forced_kind(word: str) -> Forced:
    """``push`` or ``pull``, checked."""
    if word == "push":
        return "push"
    if word == "pull":
        return "pull"
    raise ValueError(f"not push or pull: {word!r}")


def _tokens(text: str) -> tuple[str, ...]:
    """Comma-separated ids or tokens; the empty string is none."""
    return tuple(text.split(",")) if text else ()


class MoveStep(msgspec.Struct, frozen=True, tag="move"):
    """``move`` (``n`` hexes left): ``RANGE/MODE/s|m``; ``moved`` once a hex was entered.

    >>> MoveStep.decode("0/walk/s") == MoveStep(0, "walk")
    True
    """

    range: int = 0
    mode: str = "walk"
    """``walk``, ``jump`` or ``fly``."""
    moved: bool = False

    @property
    def text(self) -> str:
        return f"{self.range}/{self.mode}/{'m' if self.moved else 's'}"

    @classmethod
    def decode(cls, text: str) -> MoveStep:
        rng, mode, moved = text.split("/")
        if moved not in ("s", "m"):
            raise ValueError(f"bad move task text: {text!r}")
        return cls(int(rng), mode, moved == "m")

    @classmethod
    def of(cls, task: Task) -> MoveStep:
        return cls.decode(task.text)


class ForceStep(msgspec.Struct, frozen=True, tag="force"):
    """``force`` (a push or pull step of ``n`` hexes on ``task.who``): ``ATTACKER/push|pull/s|m``.

    >>> ForceStep("c1", "pull", moved=True).text
    'c1/pull/m'
    >>> ForceStep.decode("c1/pull/m") == ForceStep("c1", "pull", True)
    True
    """

    attacker: str
    kind: Forced
    moved: bool = False

    @property
    def text(self) -> str:
        return f"{self.attacker}/{self.kind}/{'m' if self.moved else 's'}"

    @classmethod
    def decode(cls, text: str) -> ForceStep:
        attacker, kind, moved = text.split("/")
        if moved not in ("s", "m"):
            raise ValueError(f"bad force task text: {text!r}")
        return cls(attacker, forced_kind(kind), moved == "m")

    @classmethod
    def of(cls, task: Task) -> ForceStep:
        return cls.decode(task.text)


class Shove(msgspec.Struct, frozen=True, tag="shove"):
    """``shove`` (a push or pull outside an attack): ``push|pull/TARGETS`` (0: every adjacent enemy).

    >>> Shove.decode("pull/2")
    Shove(kind='pull', targets=2)
    >>> Shove("push", 0).text
    'push/0'
    """

    kind: Forced
    targets: int = 1

    @property
    def text(self) -> str:
        return f"{self.kind}/{self.targets}"

    @classmethod
    def decode(cls, text: str) -> Shove:
        kind, count = text.split("/")
        return cls(forced_kind(kind), int(count))

    @classmethod
    def of(cls, task: Task) -> Shove:
        return cls.decode(task.text)


def _extras_text(extras: str | None) -> str:
    return "" if extras is None else f"|{extras}"


class AttackStep(msgspec.Struct, frozen=True, tag="attack"):
    """``attack``: ``ABILITY|DONE[|EXTRAS]``: the ability, the targets already picked, and the
    optional extras field (comma-separated effect tokens, see :attr:`tokens`; ``None``: no field,
    ``""``: an empty one).

    >>> a = AttackStep.decode("attack 3 range 2|m1.1|allies")
    >>> a.ability.value, a.done, a.tokens
    (3, ('m1.1',), ('allies',))
    >>> a.text
    'attack 3 range 2|m1.1|allies'
    >>> AttackStep(Ability(kind="attack", value=2)).text
    'attack 2|'
    """

    ability: Ability
    done: tuple[str, ...] = ()
    extras: str | None = None

    @property
    def tokens(self) -> tuple[str, ...]:
        """The extras' tokens (``allies``: the attack targets the attacker's allies;
        ``neg=N``/``negxp=K``: +N attack and K XP per negative condition on the target;
        ``noaug``: the attacker's augments do not apply; ``it=``/``it1=``: items used...)."""
        return _tokens(self.extras or "")

    @property
    def text(self) -> str:
        return f"{self.ability}|{','.join(self.done)}{_extras_text(self.extras)}"

    @classmethod
    def decode(cls, text: str) -> AttackStep:
        fields = text.split("|")
        if len(fields) not in (2, 3):
            raise ValueError(f"bad attack task text: {text!r}")
        extras = fields[2] if len(fields) == 3 else None
        return cls(Ability.parse(fields[0]), _tokens(fields[1]), extras)

    @classmethod
    def of(cls, task: Task) -> AttackStep:
        return cls.decode(task.text)


class Strike(msgspec.Struct, frozen=True, tag="strike"):
    """``strike`` (one attack on one target): ``ABILITY|TARGET[|EXTRAS]``.

    >>> s = Strike.decode("attack 2 push 1|m2.3|it1=c1@14")
    >>> s.target, s.tokens, s.text
    ('m2.3', ('it1=c1@14',), 'attack 2 push 1|m2.3|it1=c1@14')
    """

    ability: Ability
    target: str
    extras: str | None = None

    @property
    def tokens(self) -> tuple[str, ...]:
        return _tokens(self.extras or "")

    @property
    def text(self) -> str:
        return f"{self.ability}|{self.target}{_extras_text(self.extras)}"

    @classmethod
    def decode(cls, text: str) -> Strike:
        fields = text.split("|")
        if len(fields) not in (2, 3):
            raise ValueError(f"bad strike task text: {text!r}")
        return cls(Ability.parse(fields[0]), fields[1], fields[2] if len(fields) == 3 else None)

    @classmethod
    def of(cls, task: Task) -> Strike:
        return cls.decode(task.text)


class Tails(msgspec.Struct, frozen=True):
    """How an attack's extras go on after its targets are picked: the follow-up attack's extras
    and each strike's (the ``strike_tails`` hook: a single-target item rides on one strike only).

    >>> Tails.same("allies", 2)
    Tails(rest='allies', strikes=('allies', 'allies'))
    """

    rest: str | None
    strikes: tuple[str | None, ...]

    @classmethod
    def same(cls, extras: str | None, hits: int) -> Tails:
        return cls(extras, (extras,) * hits)


class CardHalf(msgspec.Struct, frozen=True, tag="card_half"):
    """``ability``, ``card_done`` and ``item_half``: ``CARD/HALF`` (``top`` or ``bottom``).

    >>> CardHalf.decode("br-trample/top")
    CardHalf(card='br-trample', half='top')
    """

    card: str
    half: str

    @property
    def text(self) -> str:
        return f"{self.card}/{self.half}"

    @classmethod
    def decode(cls, text: str) -> CardHalf:
        card, half = text.split("/")
        return cls(card, half)

    @classmethod
    def of(cls, task: Task) -> CardHalf:
        return cls.decode(task.text)


class MonsterHeal(msgspec.Struct, frozen=True, tag="monster_heal"):
    """``monster_heal``: ``RANGE`` or ``RANGE/TARGETS/HEALED,...`` (a "Heal X, Range Y, Target N"
    heals N different allies; ``targets`` is ``None`` in the short form, which heals one).

    >>> MonsterHeal.decode("3")
    MonsterHeal(reach=3, targets=None, healed=())
    >>> MonsterHeal.decode("2/1/m1.1,m1.2").text
    '2/1/m1.1,m1.2'
    """

    reach: int
    targets: int | None = None
    healed: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        """How many allies are still to be healed."""
        return 1 if self.targets is None else self.targets

    @property
    def text(self) -> str:
        if self.targets is None:
            return str(self.reach)
        return f"{self.reach}/{self.targets}/{','.join(self.healed)}"

    @classmethod
    def decode(cls, text: str) -> MonsterHeal:
        fields = text.split("/")
        if len(fields) == 1:
            return cls(int(fields[0]))
        if len(fields) != 3:
            raise ValueError(f"bad monster heal task text: {text!r}")
        return cls(int(fields[0]), int(fields[1]), _tokens(fields[2]))

    @classmethod
    def of(cls, task: Task) -> MonsterHeal:
        return cls.decode(task.text)


class MonsterAttackAfter(msgspec.Struct, frozen=True, tag="monster_attack_after"):
    """``monster_attack_after`` (a monster attack's effects once its damage is done):
    ``TARGET;CARD/CARD...`` (the modifier cards applied).

    >>> MonsterAttackAfter.decode("c1;+1/bless")
    MonsterAttackAfter(target='c1', cards=('+1', 'bless'))
    >>> MonsterAttackAfter("c2").text
    'c2;'
    """

    target: str
    cards: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return f"{self.target};{'/'.join(self.cards)}"

    @classmethod
    def decode(cls, text: str) -> MonsterAttackAfter:
        target, cards = text.split(";", 1)
        return cls(target, tuple(cards.split("/")) if cards else ())

    @classmethod
    def of(cls, task: Task) -> MonsterAttackAfter:
        return cls.decode(task.text)


class KeepGoal(msgspec.Struct, frozen=True, tag="keep_goal"):
    """``keep_goal``: the battle goals offered, ``GOAL,GOAL``.

    >>> KeepGoal.decode("streamliner,layabout").text
    'streamliner,layabout'
    """

    offered: tuple[str, ...]

    @property
    def text(self) -> str:
        return ",".join(self.offered)

    @classmethod
    def decode(cls, text: str) -> KeepGoal:
        return cls(_tokens(text))

    @classmethod
    def of(cls, task: Task) -> KeepGoal:
        return cls.decode(task.text)


Payload: TypeAlias = (
    MoveStep
    | ForceStep
    | Shove
    | AttackStep
    | Strike
    | CardHalf
    | MonsterHeal
    | MonsterAttackAfter
    | KeepGoal
)
"""Every typed payload (a msgspec tagged union)."""

DECODERS: dict[str, type[Payload]] = {
    "move": MoveStep,
    "force": ForceStep,
    "shove": Shove,
    "attack": AttackStep,
    "strike": Strike,
    "ability": CardHalf,
    "card_done": CardHalf,
    "item_half": CardHalf,
    "monster_heal": MonsterHeal,
    "monster_attack_after": MonsterAttackAfter,
    "keep_goal": KeepGoal,
}
"""The payload record of each core task kind that carries one."""


def payload(task: Task) -> Payload | None:
    """The typed payload of ``task``, or ``None`` for a kind without one here.

    >>> from delvekit.gloomhaven.engine.state import Task
    >>> payload(Task("card_done", "c1", 0, "br-01/bottom"))
    CardHalf(card='br-01', half='bottom')
    """
    decoder = DECODERS.get(task.kind)
    return None if decoder is None else decoder.decode(task.text)
