"""The text form of scenario rule records: the pipe-separated lines that saves, logs and setups
written before 2026-11 carry in ``GameSetup.rules``.

:func:`parse_rule_line` is the one reader of that form, used only where old text comes in: the
save and log reader (:func:`delvekit.gloomhaven.engine.saves.upgrade_rules`) and tests that
write a line by hand. :func:`rule_line` writes a record in that form for people (the table
companion's list of special rules, error messages).

The lines, by kind (``Q,R;Q,R``: hexes; expressions as written):

* ``at|TIMING|WHEN|WHO|EFFECT|VALUE``, ``goal|KIND|VALUE``,
  ``spawn|TIMING|WHEN|TYPE|RANKS|Q,R|STOP``, ``lock|Q,R;...|TYPE``, ``rule|N|JSON``,
  ``marker|KEY|Q,R``, ``objective|JSON``, ``ally|TYPE``, ``no-damage|TYPE``,
  ``zone|KEY|Q,R;...``, ``each-turn|N``, ``plate|Q,R;...|EFFECT|VALUE[|COUNT]``;
* ``win|KIND|...`` and ``lose|KIND|...`` (the goals of scenarios 11-95);
* ``mech|wall|HEALTH|stun|Q,R;...``, ``mech|open|ROUND|Q,R;...``,
  ``mech|token|NAME|HOW|PASSING[|MOVE]``, ``mech|staff|TYPE|CHARGE``.

>>> parse_rule_line("spawn|end|R % 2 == 1|inox-guard|normal,none,none|8,2|5").hex
(8, 2)
>>> parse_rule_line("win|kill|dark-rider|spawned").spawned
True
>>> rule_line(parse_rule_line("mech|token|claw|drop=lurker-king|pass|-2"))
'mech|token|claw|drop=lurker-king|pass|-2'
>>> parse_rule_line("goal|room|M1a")
Traceback (most recent call last):
...
delvekit.core.errors.InputError: scenario rule 'goal|room|M1a': bad goal line
"""

from __future__ import annotations

from typing import Any

import msgspec

from delvekit.core.errors import InputError
from delvekit.core.hexes import Hex
from delvekit.gloomhaven.model.scenario_rules import (
    Ally,
    BreakableWall,
    EachTurn,
    Goal,
    Lock,
    Lose,
    Marker,
    ObjectiveLine,
    Plate,
    RoundRule,
    RuleLine,
    ScenarioRule,
    Spawn,
    Staff,
    Token,
    WallOpening,
    Win,
    Zone,
    hexes_text,
)
from delvekit.gloomhaven.model.special_rules import Rule


def _hex(token: str) -> list[int]:
    q, r = token.split(",")
    return [int(q), int(r)]


def _hexes(text: str) -> list[list[int]]:
    return [_hex(t) for t in text.split(";")]


def _names(text: str) -> list[str]:
    return [x for x in text.split(",") if x]


def _fields(rest: str) -> list[str]:
    """``KIND|A|B`` → ``[A, B]`` (``KIND|`` → ``[]``)."""
    tail = rest.partition("|")[2]
    return tail.split("|") if tail else []


def parse_rule_line(line: str) -> ScenarioRule:
    """The record of one rule line; a malformed line raises :class:`InputError` naming it. Its
    form and types are checked here; expressions and names as every record is checked
    (:func:`delvekit.gloomhaven.scenario.rules.check`)."""
    where = f"scenario rule {line!r}"
    head, _, rest = line.partition("|")
    try:
        doc = _doc(head, rest, line.split("|"))
        if isinstance(doc, RuleLine | ObjectiveLine):
            return doc
        record: ScenarioRule = msgspec.convert(doc, ScenarioRule)
        return record
    except msgspec.ValidationError as exc:
        raise InputError(f"bad {head} line: {exc}", where=where) from None
    except (ValueError, IndexError, KeyError, msgspec.DecodeError):
        raise InputError(f"bad {head} line", where=where) from None


def _doc(head: str, rest: str, parts: list[str]) -> dict[str, Any] | RuleLine | ObjectiveLine:
    n = len(parts)
    if head == "at" and n == 6:
        return {"kind": "at", "timing": parts[1], "when": parts[2], "who": parts[3], "effect": parts[4],
                "value": parts[5]}  # fmt: skip
    if head == "goal" and n == 3:
        return _goal(parts[1], parts[2])
    if head == "spawn" and n == 7:
        ranks = parts[4].split(",")
        stop = [int(x) for x in parts[6].split(",") if x]
        return {"kind": "spawn", "timing": parts[1], "when": parts[2], "monster": parts[3], "ranks": ranks,
                "hex": _hex(parts[5]), "stop": stop}  # fmt: skip
    if head == "lock" and n == 3 and parts[1] and parts[2]:
        return {"kind": "lock", "doors": _hexes(parts[1]), "opener": parts[2]}
    if head == "rule" and n >= 3:
        return RuleLine(index=int(parts[1]), rule=msgspec.json.decode("|".join(parts[2:]), type=Rule))
    if head == "objective" and n >= 2:
        return msgspec.json.decode("|".join(parts[1:]), type=ObjectiveLine)
    if head == "marker" and n == 3 and parts[1]:
        return {"kind": "marker", "key": parts[1], "hex": _hex(parts[2])}
    if head in ("ally", "no-damage") and n == 2 and parts[1]:
        return {"kind": head, "monster": parts[1]}
    if head == "each-turn" and n == 2:
        return {"kind": "each-turn", "index": int(parts[1])}
    if head == "zone" and n == 3 and parts[1]:
        return {"kind": "zone", "key": parts[1], "hexes": _hexes(parts[2])}
    if head == "plate" and n in (4, 5):
        doc: dict[str, Any] = {"kind": "plate", "hexes": _hexes(parts[1]), "effect": parts[2]}
        if parts[2] == "reveal":
            doc["room"] = int(parts[3])
        elif parts[2] == "open":
            doc["doors"] = _hexes(parts[3])
        else:
            doc["finish"] = parts[3]
        return doc | ({"count": parts[4]} if n == 5 else {})
    if head == "win":
        return _win(rest.partition("|")[0], _fields(rest))
    if head == "lose":
        return _lose(rest.partition("|")[0], _fields(rest))
    if head == "mech":
        return _mech(rest.partition("|")[0], _fields(rest))
    raise ValueError(head)


def _goal(kind: str, value: str) -> dict[str, Any]:
    doc: dict[str, Any] = {"kind": "goal", "goal": kind}
    if kind == "kill":
        doc["monster"] = value
    elif kind == "kills":
        doc["count"] = value
    elif kind == "room":
        doc["room"] = int(value)
    elif kind in ("treasure", "treasure-loot"):
        doc["hexes"] = _hexes(value)
    return doc


def _win(kind: str, f: list[str]) -> dict[str, Any]:
    doc: dict[str, Any] = {"kind": "win", "goal": kind}
    if kind in ("destroy", "escort", "carry") and not (f and f[0]):
        raise ValueError("an objective name is needed")
    if kind == "kill":
        doc |= {"monsters": _names(f[0]), "spawned": f[1:2] == ["spawned"]}
    elif kind == "kill-count":
        doc |= {"count": f[0], "monsters": _names(f[1]) if len(f) > 1 else []}
    elif kind in ("loot", "loot-each"):
        doc |= {"hexes": _hexes(f[-2]), "by_ability": f[-1] == "ability"}
    elif kind == "reveal":
        doc["rooms"] = [int(x) for x in f[0].split(",")]
    elif kind == "survive":
        doc["rounds"] = int(f[0])
    elif kind == "escape":
        doc["hexes"] = _hexes(f[-1])
    elif kind in ("occupy", "staff"):
        doc |= {"count": f[0], "hexes": _hexes(f[-1] if kind == "occupy" else f[1])}
    elif kind in ("destroy", "escort"):
        doc |= {"name": f[0]} | ({"count": _count(f[1])} if kind == "escort" else {})
    elif kind == "carry":
        doc |= {"name": f[0], "hexes": _hexes(f[1])} | ({"back": _hexes(f[2])} if len(f) > 2 else {})
    return doc


def _count(text: str) -> str:
    if text not in ("any", "all"):
        int(text)
    return text


def _lose(kind: str, f: list[str]) -> dict[str, Any]:
    doc: dict[str, Any] = {"kind": "lose", "loss": kind}
    if kind == "exhausted" and f:
        doc["before"] = f[0]
    elif kind == "rounds":
        doc["rounds"] = int(f[0])
    elif kind in ("killed", "occupied-by"):
        doc["monsters"] = _names(f[0])
        if kind == "occupied-by":
            doc["hexes"] = _hexes(f[1])
    elif kind == "escort-killed":
        if not f[0]:
            raise ValueError("an objective name is needed")
        doc |= {"name": f[0], "count": _count(f[1])}
    elif kind == "rooms-abandoned":
        doc["hexes"] = _hexes(f[0])
    return doc


def _mech(kind: str, f: list[str]) -> dict[str, Any]:
    if kind == "wall" and len(f) == 3 and f[1] in ("stun", "-"):
        return {"kind": "wall", "health": f[0], "stun": f[1] == "stun", "hexes": _hexes(f[2])}
    if kind == "open" and len(f) == 2:
        return {"kind": "wall-opening", "round": int(f[0]), "hexes": _hexes(f[1])}
    if kind == "staff" and len(f) == 2 and f[0]:
        return {"kind": "staff", "monster": f[0], "charge": f[1]}
    if kind == "token" and len(f) in (3, 4) and f[0] and f[2] in ("pass", "keep"):
        doc: dict[str, Any] = {"kind": "token", "name": f[0], "passes": f[2] == "pass"}
        if len(f) == 4:
            doc["move"] = int(f[3])
        how, _, arg = f[1].partition("=")
        if how == "at" and arg:
            return doc | {"enters": "at", "at": _hex(arg)}
        if how == "drop" and arg:
            return doc | {"enters": "drop", "drop": arg}
        if f[1] == "start":
            return doc | {"enters": "start"}
    raise ValueError(kind)


# ------------------------------------------------------------------------------ writing


def _hex_text(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def rule_line(rule: ScenarioRule) -> str:
    """The record as a rule line (:func:`parse_rule_line` reads it back to an equal record)."""
    if isinstance(rule, RoundRule):
        return f"at|{rule.timing}|{rule.when}|{rule.who}|{rule.effect}|{rule.value}"
    if isinstance(rule, Goal):
        value = {"kill": rule.monster, "kills": rule.count, "room": str(rule.room)}.get(rule.goal, "")
        return f"goal|{rule.goal}|{value or hexes_text(rule.hexes)}"
    if isinstance(rule, Spawn):
        stop = ",".join(map(str, rule.stop))
        ranks = ",".join(rule.ranks)
        return f"spawn|{rule.timing}|{rule.when}|{rule.monster}|{ranks}|{_hex_text(rule.hex)}|{stop}"
    if isinstance(rule, Lock):
        return f"lock|{hexes_text(rule.doors)}|{rule.opener}"
    if isinstance(rule, RuleLine):
        return f"rule|{rule.index}|{msgspec.json.encode(rule.rule).decode()}"
    if isinstance(rule, ObjectiveLine):
        return "objective|" + msgspec.json.encode(_objective_doc(rule)).decode()
    if isinstance(rule, Plate):
        return f"plate|{hexes_text(rule.hexes)}|{rule.effect}|{rule.value}|{rule.count}"
    if isinstance(rule, Win):
        return f"win|{rule.goal}|{_win_text(rule)}"
    if isinstance(rule, Lose):
        return f"lose|{rule.loss}|{_lose_text(rule)}"
    if isinstance(rule, BreakableWall):
        return f"mech|wall|{rule.health}|{'stun' if rule.stun else '-'}|{hexes_text(rule.hexes)}"
    if isinstance(rule, WallOpening):
        return f"mech|open|{rule.round}|{hexes_text(rule.hexes)}"
    if isinstance(rule, Token):
        at = f"at={_hex_text(rule.at)}" if rule.at is not None else "at="
        how = {"start": "start", "drop": f"drop={rule.drop}"}.get(rule.enters, at)
        move = f"|{rule.move}" if rule.move else ""
        return f"mech|token|{rule.name}|{how}|{'pass' if rule.passes else 'keep'}{move}"
    if isinstance(rule, Staff):
        return f"mech|staff|{rule.monster}|{rule.charge}"
    if isinstance(rule, Marker):
        return f"marker|{rule.key}|{_hex_text(rule.hex)}"
    if isinstance(rule, Zone):
        return f"zone|{rule.key}|{hexes_text(rule.hexes)}"
    if isinstance(rule, EachTurn):
        return f"each-turn|{rule.index}"
    return f"{'ally' if isinstance(rule, Ally) else 'no-damage'}|{rule.monster}"


def _objective_doc(o: ObjectiveLine) -> dict[str, object]:
    doc: dict[str, object] = {"name": o.name, "health": o.health, "marker": o.marker, "escort": o.escort,
                              "room": o.room, "hex": list(o.hex), "number": o.number}  # fmt: skip
    if o.door is not None:
        doc["door"] = list(o.door)
    if o.move or o.to or o.reach:
        doc |= {"move": o.move, "to": [list(h) for h in o.to], "reach": o.reach}
    return doc


def _win_text(w: Win) -> str:
    hexes, names = hexes_text(w.hexes), ",".join(w.monsters)
    text = {
        "kill": names + ("|spawned" if w.spawned else ""),
        "kill-count": f"{w.count}|{names}",
        "loot": f"{hexes}|{'ability' if w.by_ability else 'turn'}",
        "reveal": ",".join(map(str, w.rooms)),
        "survive": str(w.rounds),
        "escape": hexes,
        "occupy": f"{w.count}|{hexes}",
        "destroy": w.name,
        "escort": f"{w.name}|{w.count}",
        "carry": f"{w.name}|{hexes}" + (f"|{hexes_text(w.back)}" if w.back else ""),
        "staff": f"{w.count}|{hexes}",
    }
    text["loot-each"] = text["loot"]
    return text.get(w.goal, "")


def _lose_text(x: Lose) -> str:
    names = ",".join(x.monsters)
    text = {
        "exhausted": x.before,
        "rounds": str(x.rounds),
        "killed": names,
        "occupied-by": f"{names}|{hexes_text(x.hexes)}",
        "escort-killed": f"{x.name}|{x.count}",
        "rooms-abandoned": hexes_text(x.hexes),
    }
    return text.get(x.loss, "")
