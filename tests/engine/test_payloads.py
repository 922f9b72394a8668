"""The engine core's task payloads (engine.payloads): each record reads back and writes again,
byte for byte, every task text of its kind seen in recorded games (the texts are hashed in the
game's digest, so a record that wrote anything else would change behaviour), and no module
builds or splits these texts by hand any more."""

from __future__ import annotations

import ast
import functools
import json
from collections import defaultdict
from pathlib import Path

import msgspec
import pytest

from delvekit.cli.play import new_game
from delvekit.gloomhaven.bots.players import make_bot, play
from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.engine import game as engine_game
from delvekit.gloomhaven.engine.payloads import (
    DECODERS,
    AttackStep,
    CardHalf,
    ForceStep,
    KeepGoal,
    MonsterAttackAfter,
    MonsterHeal,
    MoveStep,
    Payload,
    Shove,
    Strike,
    payload,
)
from delvekit.gloomhaven.engine.state import Task
from delvekit.gloomhaven.items.combat import strike_tails
from delvekit.gloomhaven.model.abilities import Ability

SRC = Path(__file__).resolve().parents[2] / "src" / "delvekit"
GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden-logs"
KINDS = set(DECODERS)


@pytest.fixture(scope="module")
def seen() -> dict[str, set[str]]:
    """Every text of a payload kind pushed while playing: two committed golden games replayed
    and quick random games of 30 scenarios with parties that rotate through every class."""
    found: dict[str, set[str]] = defaultdict(set)
    original = engine_game.Game.push

    def push(self: engine_game.Game, *tasks: Task) -> None:
        for t in tasks:
            if t.kind in KINDS:
                found[t.kind].add(t.text)
        original(self, *tasks)

    engine_game.Game.push = push  # type: ignore[method-assign]
    try:
        index = json.loads((GOLDEN / "index.json").read_text(encoding="utf-8"))
        for entry in index[2:4]:
            lines = (GOLDEN / f"{entry['name']}.jsonl").read_text(encoding="utf-8").splitlines()
            engine_game.Game.from_log(lines)
        classes = [c for c, k in sorted(load_pack().classes.items()) if k.playable_at(1)]
        for scenario in range(1, 96, 3):
            party = ",".join(classes[(scenario * 3 + i) % len(classes)] for i in range(4))
            play(new_game(scenario, party, level=1 + scenario % 9, seed=1), make_bot("random", 1))
    finally:
        engine_game.Game.push = original  # type: ignore[method-assign]
    return found


@pytest.mark.parametrize(
    "kind", ["move", "force", "attack", "strike", "ability", "card_done", "keep_goal", "monster_attack_after"]
)
def test_recorded_games_push_every_common_payload_kind(seen: dict[str, set[str]], kind: str) -> None:
    assert seen[kind], f"no {kind} task in the recorded games"


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_recorded_task_text_reads_back_and_writes_again_identically(
    seen: dict[str, set[str]], kind: str
) -> None:
    record = DECODERS[kind]
    for text in sorted(seen[kind]):
        assert record.decode(text).text == text, (kind, text)


def test_moves_push_and_pull_steps_mark_when_the_first_hex_is_done() -> None:
    assert MoveStep.decode("0/jump/s") == MoveStep(0, "jump", moved=False)
    assert MoveStep(3, "fly", moved=True).text == "3/fly/m"
    assert ForceStep.decode("bandit-guard#2/pull/s") == ForceStep("bandit-guard#2", "pull")
    assert ForceStep("c1", "push", moved=True).text == "c1/push/m"
    with pytest.raises(ValueError):
        ForceStep.decode("c1/shove/s")
    with pytest.raises(ValueError):
        MoveStep.decode("0/walk/x")
    assert Shove.decode("push/0") == Shove("push", 0)


def test_an_attack_keeps_its_picked_targets_and_an_absent_or_empty_extras_field_apart() -> None:
    ability = Ability(kind="attack", value=2, range=3, targets=2)
    assert AttackStep(ability).text == f"{ability}|"
    assert AttackStep(ability, ("m1", "m2")).text == f"{ability}|m1,m2"
    assert AttackStep(ability, (), "").text == f"{ability}||"
    assert AttackStep.decode(f"{ability}||").extras == ""
    assert AttackStep.decode(f"{ability}|").extras is None
    step = AttackStep.decode(f"{ability}|m1|allies,only=m3")
    assert (step.ability, step.done, step.tokens) == (ability, ("m1",), ("allies", "only=m3"))
    strike = Strike.decode(f"{ability}|m2|augc=fire")
    assert (strike.ability, strike.target, strike.tokens) == (ability, "m2", ("augc=fire",))
    with pytest.raises(ValueError):
        AttackStep.decode("attack 2")


def test_a_single_target_item_rides_on_the_first_strike_only() -> None:
    tails = strike_tails("melee,it1=c1@5", 3)
    assert tails.rest == "melee" and tails.strikes == ("melee,it1=c1@5", "melee", "melee")
    assert strike_tails("it1=c1@5", 2).rest is None
    assert strike_tails(None, 2).strikes == (None, None)
    assert strike_tails("it=c1@7", 2).strikes == ("it=c1@7", "it=c1@7")


def test_card_halves_monster_heals_and_goals() -> None:
    assert CardHalf.decode("sw-fire-orbs/bottom") == CardHalf("sw-fire-orbs", "bottom")
    assert MonsterHeal.decode("3").count == 1
    heal = MonsterHeal.decode("2/3/")
    assert (heal.reach, heal.count, heal.healed, heal.text) == (2, 3, (), "2/3/")
    assert MonsterHeal(2, 1, ("m1", "m4")).text == "2/1/m1,m4"
    assert MonsterAttackAfter.decode("c1;") == MonsterAttackAfter("c1", ())
    assert MonsterAttackAfter("c1", ("x2", "curse")).text == "c1;x2/curse"
    assert KeepGoal.decode("a,b").offered == ("a", "b")
    assert payload(Task("strike", "c1", 2, "attack 2|m1")) == Strike(Ability(kind="attack", value=2), "m1")
    assert payload(Task("damage", "c1", 2, "attack")) is None


# ------------------------------------------------------------------ the guard


@functools.cache
def _modules() -> list[tuple[Path, ast.Module]]:
    """Every source module but engine/payloads.py, parsed once for both guards."""
    paths = sorted(p for p in SRC.rglob("*.py") if p.name != "payloads.py")
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in paths]


def _kind(call: ast.Call) -> str | None:
    first = call.args[0] if call.args else None
    name = call.func.id if isinstance(call.func, ast.Name) else None
    if name == "Task" and isinstance(first, ast.Constant) and first.value in KINDS:
        return str(first.value)
    return None


def test_no_module_writes_a_core_task_text_by_hand() -> None:
    """A core task's text is a record's ``.text`` (or a text passed on unchanged), never an
    f-string or a literal."""
    found = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _kind(node) and len(node.args) > 3:
                text = node.args[3]
                if isinstance(text, ast.JoinedStr) or (isinstance(text, ast.Constant) and text.value):
                    found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not found


_PARSERS = {"split", "rsplit", "partition", "rpartition", "startswith", "endswith"}


def _handlers(tree: ast.Module) -> set[str]:
    """Names of functions that run core task kinds in this module: registered with
    ``task_handler("kind", run, apply)`` or in a ``for _kind, _run, _apply in (...)`` table."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "task_handler":
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and first.value in KINDS:
                out |= {a.id for a in node.args[1:] if isinstance(a, ast.Name)}
        head = node.elts[0] if isinstance(node, ast.Tuple) and node.elts else None
        if isinstance(node, ast.Tuple) and isinstance(head, ast.Constant) and head.value in KINDS:
            out |= {a.id for a in node.elts[1:] if isinstance(a, ast.Name)}
    return out


def _hand_reads(fn: ast.AST) -> set[str]:
    """Names ``X`` whose ``X.text`` is split, partitioned or prefix-tested in ``fn``."""
    out: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _PARSERS:
            inner = node.func.value
            owner = inner.value if isinstance(inner, ast.Attribute) and inner.attr == "text" else None
            if isinstance(owner, ast.Name):
                out.add(owner.id)
    return out


_HOOKED = {"move_starts", "attack_starts", "push_blocked", "use_in_move", "use_in_attack", "move_choices"}
"""Hook functions whose ``task`` is always a core task (a move, an attack, a push or pull)."""


def _core_tasks(fn: ast.FunctionDef, handlers: set[str]) -> set[str]:
    """Names of the core tasks ``fn`` looks at: its ``task`` when it runs a core kind or takes
    one from a hook, and any ``X`` it compares ``X.kind`` with a core kind."""
    out = {"task"} if fn.name in handlers or fn.name in _HOOKED else set()
    for node in ast.walk(fn):
        if not isinstance(node, ast.Compare) or not isinstance(node.left, ast.Attribute):
            continue
        owner = node.left.value
        names: list[ast.expr] = list(node.comparators)
        names += [e for c in node.comparators if isinstance(c, ast.Tuple) for e in c.elts]
        core = any(isinstance(c, ast.Constant) and c.value in KINDS for c in names)
        if node.left.attr == "kind" and isinstance(owner, ast.Name) and core:
            out.add(owner.id)
    return out


def test_no_reader_of_a_core_task_splits_its_text() -> None:
    """The handlers of the core kinds, and functions that pick core tasks out of the agenda or
    receive them from a hook, read the text through its record, never with split/partition."""
    found = []
    for path, tree in _modules():
        handlers = _handlers(tree)
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef) and _core_tasks(fn, handlers) & _hand_reads(fn):
                found.append(f"{path.relative_to(SRC)}:{fn.lineno} {fn.name}")
    assert not found


def test_the_guard_finds_a_hand_split() -> None:
    bad = ast.parse(
        "def _run_move(game, task):\n    a, b, c = task.text.split('/')\n"
        "task_handler('move', _run_move)\n"
        "def f(t):\n    return t.kind == 'strike' and t.text.partition('|')\n"
    )
    handlers = _handlers(bad)
    assert handlers == {"_run_move"}
    run, other = [n for n in bad.body if isinstance(n, ast.FunctionDef)]
    assert _core_tasks(run, handlers) & _hand_reads(run) == {"task"}
    assert _core_tasks(other, handlers) & _hand_reads(other) == {"t"}


def test_the_payloads_are_one_msgspec_tagged_union(seen: dict[str, set[str]]) -> None:
    """As data (a tool, a log viewer), every recorded payload goes through JSON and back."""
    for kind, texts in sorted(seen.items()):
        for text in sorted(texts)[:20]:
            record = DECODERS[kind].decode(text)
            encoded = msgspec.json.encode(record)
            assert msgspec.json.decode(encoded, type=Payload) == record, (kind, text)
