"""What binds a save or a log to its game, and how strictly one is read back.

The state digest (:meth:`Game.digest`) covers the final state only. A save or log also carries a
**seal**: a SHA-256 over the header (content version, seed, the whole setup), every choice and
the state digest. Change any of them (the ruleset, a wall, a card's attack, the seed, one
choice) and the seal no longer matches, so ``delve replay --verify`` refuses the file.
The digest keeps its meaning (equal digests mean equal states), so golden digests stay valid.

Reading a header is as strict as building a game: unknown keys are refused (a misspelt key
would otherwise fall back to its default in silence), every number must lie in the range the
game allows, and the scenario's rules must check. A setup written before 2026-11 carries its
scenario rules as text lines (``spawn|end|R % 2 == 1|...``): :func:`upgrade_rules` reads them
into their records as the header is read (the seal, taken over the header as written, still
holds; a game saved again writes the records).

>>> header = {"content_version": "x", "seed": 1, "setup": {"scenario": "s"}}
>>> seal(header, ["select a b"], "d1") == seal(header, ["select a b"], "d1")
True
>>> seal(header, ["select a b"], "d1") == seal({**header, "seed": 2}, ["select a b"], "d1")
False
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeVar

import msgspec

from delvekit.core import jsonio
from delvekit.core.errors import IllegalChoice, InputError
from delvekit.gloomhaven.engine import hooks
from delvekit.gloomhaven.model.rule_text import parse_rule_line
from delvekit.gloomhaven.model.scenario_rules import ScenarioRule
from delvekit.gloomhaven.model.setup import GameSetup

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game

G = TypeVar("G", bound="Game")

SEAL_VERSION: Final[str] = "delvekit-seal-1"

MIN_SEED: Final[int] = -(2**63)
MAX_SEED: Final[int] = 2**64 - 1

_ANY: Final[tuple[int, int]] = (-1000, 1000)
"""Every whole number of a setup not named below (hex coordinates, card values, counts)."""

_BY_KEY: Final[dict[str, tuple[int, int]]] = {
    "health": (1, 999),
    "max_health": (1, 999),
    "hand_limit": (1, 30),
    "level": (0, 9),
    "initiative": (0, 99),
    "standees": (0, 30),
    "uses": (0, 99),
    "use_xp": (0, 9),
    "xp": (0, 9),
    "count": (0, 99),
    "number": (0, 9999),
}
"""Ranges of numbers by their key, wherever they sit in the setup."""

_STAT_BLOCKS: Final[frozenset[str]] = frozenset({"normal", "elite", "boss"})
"""A monster's stat lines: every number there is a non-negative value (health at least 1)."""


def seal(header: Mapping[str, Any], choices: Sequence[str], digest: str) -> str:
    """The seal of a game: SHA-256 of its canonical header, choices and state digest."""
    body = {
        "seal": SEAL_VERSION,
        "content_version": header.get("content_version"),
        "seed": header.get("seed"),
        "setup": header.get("setup"),
        "choices": list(choices),
        "digest": digest,
    }
    return hashlib.sha256(msgspec.json.encode(body, order="sorted")).hexdigest()


def decode(text: str, *, where: str) -> Any:
    """One JSON document of a save or log line: bad JSON, NaN, huge numbers or deep nesting
    raise :class:`InputError` naming ``where`` (never a RecursionError)."""
    return jsonio.loads(text, where=where)


def check_header_setup(raw: object, built: object, where: str) -> None:
    """Refuse keys of ``raw`` (the setup as written) that ``built`` (as decoded) does not have,
    and numbers outside the game's ranges. ``built`` is ``msgspec.to_builtins(setup)``."""
    _unknown_keys(raw, built, f"{where}: setup")
    _numbers(built, f"{where}: setup")


def check_rules(rules: Sequence[ScenarioRule], where: str) -> None:
    """Check every scenario rule record now, so that a bad one is refused at load and not in
    the middle of play."""
    for n, rule in enumerate(rules):
        try:
            hooks.check_rule.only(rule)  # the scenario package checks its own records
        except InputError as exc:
            raise InputError(jsonio.shown(str(exc), 300), where=f"{where}: setup.rules[{n}]") from None
        except (ValueError, IndexError, KeyError, TypeError):
            raise InputError("unreadable rule", where=f"{where}: setup.rules[{n}]") from None


def upgrade_rules(setup: object, where: str) -> object:
    """``setup`` as written, with the text lines of an older save's ``rules`` read into their
    records' JSON form (anything else is left for the decoder to judge).

    >>> upgrade_rules({"scenario": "s", "rules": ["ally|living-bones"]}, "save")
    {'scenario': 's', 'rules': [{'kind': 'ally', 'monster': 'living-bones'}]}
    """
    if not isinstance(setup, dict) or not isinstance(setup.get("rules"), list):
        return setup
    if not any(isinstance(x, str) for x in setup["rules"]):
        return setup
    out = []
    for n, x in enumerate(setup["rules"]):
        if isinstance(x, str):
            try:
                x = msgspec.to_builtins(parse_rule_line(x))
            except InputError as exc:
                raise InputError(jsonio.shown(str(exc), 300), where=f"{where}: setup.rules[{n}]") from None
        out.append(x)
    return {**setup, "rules": out}


SAVE_KEYS: Final[frozenset[str]] = frozenset(
    {"format", "version", "content_version", "seed", "setup", "choices", "digest", "seal"}
)
LOG_HEADER_KEYS: Final[frozenset[str]] = frozenset({"format", "version", "content_version", "seed", "setup"})
LOG_END_KEYS: Final[frozenset[str]] = frozenset({"digest", "round", "seal"})


def check_keys(doc: Mapping[str, object], allowed: frozenset[str], where: str) -> None:
    """Refuse a key a save or log line does not have (it would be ignored, and a misspelt
    ``digest`` or ``seal`` would leave the file unverified without a word)."""
    for key in doc:
        if key not in allowed:
            raise InputError(
                f"unknown key {jsonio.shown(key)} (known: {', '.join(sorted(allowed))})", where=where
            )


def check_seed(seed: object, where: str) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError("seed must be an integer", where=f"{where}: seed")
    if not MIN_SEED <= seed <= MAX_SEED:
        raise InputError(f"seed must be within {MIN_SEED}..{MAX_SEED}", where=f"{where}: seed")
    return seed


def _unknown_keys(raw: object, built: object, at: str) -> None:
    stack: list[tuple[object, object, str]] = [(raw, built, at)]
    while stack:
        r, b, path = stack.pop()
        if isinstance(r, dict) and isinstance(b, dict):
            for key, value in r.items():
                if key not in b:
                    known = ", ".join(sorted(map(str, b))[:12])
                    raise InputError(f"unknown key {jsonio.shown(key)} (known: {known})", where=path)
                stack.append((value, b[key], f"{path}.{key}"))
        elif isinstance(r, list) and isinstance(b, list | tuple):
            stack.extend((rv, bv, f"{path}[{i}]") for i, (rv, bv) in enumerate(zip(r, b, strict=False)))


def _numbers(built: object, at: str) -> None:
    stack: list[tuple[object, str, str, str]] = [(built, at, "", "")]
    while stack:
        node, path, key, parent = stack.pop()
        if isinstance(node, dict):
            stack.extend((v, f"{path}.{k}", str(k), key) for k, v in node.items())
        elif isinstance(node, list | tuple):
            stack.extend((v, f"{path}[{i}]", key, parent) for i, v in enumerate(node))
        elif isinstance(node, int) and not isinstance(node, bool):
            low, high = _BY_KEY.get(key, _ANY)
            if parent in _STAT_BLOCKS or key in _STAT_BLOCKS:
                low = max(low, 1 if key == "health" else 0)
            if not low <= node <= high:
                raise InputError(f"{jsonio.shown(node, 30)} is not within {low}..{high}", where=path)
        elif isinstance(node, float):
            raise InputError(f"{jsonio.shown(node, 30)} is not a whole number", where=path)


# ------------------------------------------------------------ writing and reading games

LOG_FORMAT: Final[str] = "delvekit-gloomhaven-log"
SAVE_FORMAT: Final[str] = "delvekit-gloomhaven-save"
FORMAT_VERSION: Final[int] = 1


def _header(game: Game) -> dict[str, object]:
    return {
        "content_version": game.setup.content_version,
        "seed": game.seed,
        "setup": msgspec.to_builtins(game.setup),
    }


def save_text(game: Game) -> str:
    """The game as one JSON document: setup, seed, choices and the state digest."""
    if game.tampered:
        raise IllegalChoice("this game was changed outside its choices and cannot be saved")
    doc = {"format": SAVE_FORMAT, "version": FORMAT_VERSION, **_header(game)}
    digest = game.digest()
    doc["choices"] = game.log
    doc["digest"] = digest
    doc["seal"] = seal(doc, game.log, digest)
    return msgspec.json.encode(doc).decode()


def log_lines(game: Game) -> list[str]:
    """The JSON-lines log: a header line, one line per choice, a final digest line."""
    if game.tampered:
        raise IllegalChoice("this game was changed outside its choices and cannot be logged")
    enc = msgspec.json.encode
    header = {"format": LOG_FORMAT, "version": FORMAT_VERSION, **_header(game)}
    lines = [enc(header).decode()]
    lines += [enc({"choice": c}).decode() for c in game.log]
    digest = game.digest()
    end = {"digest": digest, "round": game.state.round, "seal": seal(header, game.log, digest)}
    lines.append(enc(end).decode())
    return lines


class Reading(NamedTuple):
    """What a save or a log holds, read and checked before it is replayed."""

    setup: GameSetup
    seed: int
    choices: list[str]
    header: dict[str, object]
    end: dict[str, object]
    where: str
    how: str
    verify: bool
    check: bool


def read_save(text: str, *, where: str, verify: bool) -> Reading:
    """A save's setup, seed and choices; a corrupt save raises :class:`InputError`."""
    first = text.lstrip().split("\n", 1)[0]
    if '"format"' in first and LOG_FORMAT in first and "\n" in text.strip():
        raise InputError(
            f"this is a game log, not a save: replay it with `delve replay {where}`", where=where
        )
    doc = decode(text, where=where)
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise InputError(f"not a delvekit save (format must be {SAVE_FORMAT!r})", where=where)
    check_keys(doc, SAVE_KEYS, where)
    setup, seed = _decode_header(doc, where)
    choices = doc.get("choices")
    if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
        raise InputError("choices must be a list of strings", where=f"{where}: choices")
    _check_binding(doc, verify, where)
    return Reading(setup, seed, choices, doc, doc, where, "saved", verify, True)


def read_log(lines: Iterable[str], *, where: str, verify: bool) -> Reading:
    """A JSON-lines log's setup, seed and choices; with ``verify`` a final digest line must be there."""
    decoded: list[dict[str, object]] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        item = decode(line, where=f"{where}: line {n}")
        if not isinstance(item, dict):
            raise InputError("each line is a JSON object", where=f"{where}: line {n}")
        decoded.append(item)
    if not decoded or decoded[0].get("format") != LOG_FORMAT:
        raise InputError(f"the first line must be a {LOG_FORMAT!r} header", where=f"{where}: line 1")
    check_keys(decoded[0], LOG_HEADER_KEYS, f"{where}: line 1")
    setup, seed = _decode_header(decoded[0], where)
    choices: list[str] = []
    end: dict[str, object] = {}
    for n, item in enumerate(decoded[1:], 2):
        if end:
            raise InputError(
                "a line after the digest line (the digest line ends a log)", where=f"{where}: line {n}"
            )
        if "choice" in item and isinstance(item["choice"], str):
            check_keys(item, frozenset({"choice"}), f"{where}: line {n}")
            choices.append(item["choice"])
        elif "digest" in item:
            check_keys(item, LOG_END_KEYS, f"{where}: line {n}")
            end = item
        else:
            raise InputError("expected {'choice': text} or {'digest': ...}", where=f"{where}: line {n}")
    _check_binding(end, verify, where)
    return Reading(setup, seed, choices, decoded[0], end, where, "logged", verify, verify or "digest" in end)


def _decode_header(doc: dict[str, object], where: str) -> tuple[GameSetup, int]:
    version = doc.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise InputError(f"unsupported version {jsonio.shown(version)}", where=f"{where}: version")
    seed = check_seed(doc.get("seed"), where)
    raw = upgrade_rules(doc.get("setup"), where)
    try:
        setup = msgspec.convert(raw, GameSetup)
    except msgspec.ValidationError as exc:
        raise InputError(jsonio.shown(str(exc), 300), where=f"{where}: setup") from None
    except InputError as exc:  # a record's own check (an ability, an id): name the file too
        raise InputError(str(exc), where=f"{where}: setup") from None
    # rule records refuse unknown keys as they decode (their JSON may spell out a default value)
    written = {k: v for k, v in raw.items() if k != "rules"} if isinstance(raw, dict) else raw
    check_header_setup(written, msgspec.to_builtins(setup), where)
    try:
        setup.validate()
    except InputError as exc:
        raise InputError(str(exc), where=where) from None
    check_rules(setup.rules, where)
    return setup, seed


def _check_binding(end: dict[str, object], verify: bool, where: str) -> None:
    """Before replaying: with ``verify``, a digest must be there to compare with."""
    if verify and "digest" not in end:
        raise InputError(
            "cannot verify: the file records no digest of its final state", where=f"{where}: digest"
        )


def check_end(reading: Reading, game: G) -> G:
    """After replaying: the recorded digest and seal must match the game replayed; with
    ``verify`` the seal (binding setup, seed and choices) must be there too."""
    if not reading.check:
        return game
    end, where, how = reading.end, reading.where, reading.how
    digest = game.digest()
    if "digest" in end and end["digest"] != digest:
        raise InputError(f"the replayed state does not match the {how} digest", where=f"{where}: digest")
    if "round" in end and end["round"] != game.state.round:
        raise InputError(f"the replayed game is in round {game.state.round}", where=f"{where}: round")
    if reading.verify and "seal" not in end:
        raise InputError(
            "cannot verify: the file has no seal binding its setup and seed (written before seals)",
            where=f"{where}: seal",
        )
    if "seal" in end and end["seal"] != seal(reading.header, game.log, digest):
        raise InputError(
            f"the setup, seed or choices do not match the {how} seal (the file was changed)",
            where=f"{where}: seal",
        )
    return game
