"""The conformance suite's reader and player: one small scripted board per case, kept as data in
``tests/rules/conformance/*.toml`` (docs/rules-conformance.md describes the format).

A case names its rule (``rule = "§5.3"``), builds a board (hexes, terrain, characters with their
cards or a class of the content pack, monsters with one ability card), plays a script of
choices (``"select c1 c2"``; a trailing ``*`` takes the first legal choice starting with the
rest), optionally plays on with a fixed policy until an event shows up, and checks:

* ``events``: patterns (``fnmatch``: ``*`` any text) that must appear, in this order;
* ``absent``: patterns no event may match;
* ``state``: ``"hero.hp" = 10``, ``"hero.xp"``, ``"hero.hex" = "1,0"``, ``"hero.conditions"``,
  ``"hero.lost"``/``"hero.active"``/``"hero.discard"`` (card ids), ``"fire"`` (element state),
  ``"sprung"`` (hexes);
* ``result``: after the game ended, ``"result" = "victory"`` and ``"hero.xp"``, ``"hero.gold"``,
  ``"hero.checkmarks"``... of the result record.
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import (
    BoardSpec,
    Card,
    CharacterSetup,
    DoorSpec,
    GameSetup,
    Half,
    ItemSetup,
    MonsterCard,
    MonsterStats,
    MonsterType,
    Placement,
    TreasureTile,
)

CASES = Path(__file__).parent / "conformance"

_POLICY = (
    "stop", "skip", "no-rest", "no-consume", "keep-active", "accept", "take", "basic-bottom", "basic-top",
)  # fmt: skip
"""How ``play_until`` answers: the first legal choice starting with one of these, else the first."""


@dataclass(frozen=True)
class Case:
    name: str
    rule: str
    title: str
    data: dict[str, Any]


def load_cases() -> list[Case]:
    out = []
    for path in sorted(CASES.glob("*.toml")):
        with path.open("rb") as fh:
            doc = tomllib.load(fh)
        for i, data in enumerate(doc.get("case", [])):
            out.append(Case(f"{path.stem}[{i}]", str(data["rule"]), str(data["title"]), data))
    return out


def _hex(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


def _hexes(specs: list[str]) -> tuple[tuple[int, int], ...]:
    """``"-4..4,0"`` is a row (q from -4 to 4, r 0); ``"0,0"`` one hex; ``"disk 0,0 3"`` a disk."""
    from delvekit.core.hexes import disk

    out: list[tuple[int, int]] = []
    for spec in specs:
        if spec.startswith("disk "):
            _, centre, radius = spec.split()
            out += list(disk(_hex(centre), int(radius)))
            continue
        q, r = spec.split(",")
        lo, _, hi = q.partition("..")
        out += [(n, int(r)) for n in range(int(lo), int(hi or lo) + 1)]
    return tuple(dict.fromkeys(out))


def _abilities(texts: list[str]) -> tuple[Ability, ...]:
    return tuple(Ability.parse(t) for t in texts)


def _card(d: dict[str, Any]) -> Card:
    def half(key: str, default: list[str]) -> Half:
        return Half(
            abilities=_abilities(d.get(key, default)),
            lost=bool(d.get(f"{key}_lost", False)),
            round_bonus=bool(d.get(f"{key}_round", False)),
            persistent=bool(d.get(f"{key}_persistent", False)),
        )

    return Card(
        id=d["id"],
        initiative=int(d["initiative"]),
        top=half("top", ["attack 2"]),
        bottom=half("bottom", ["move 2"]),
    )


def _character(d: dict[str, Any], level: int) -> CharacterSetup:
    cid = d["id"]
    plain = [_card({"id": f"{cid[0]}{i}", "initiative": int(d.get("initiative", 50)) + i}) for i in range(6)]
    cards = [_card(c) for c in d.get("card", [])]
    given = {c.id for c in cards}
    hand: list[Card] = cards + [c for c in plain if c.id not in given][: max(0, 6 - len(cards))]
    items: tuple[ItemSetup, ...] = ()
    if "class" in d or "items" in d:
        from delvekit.gloomhaven.content import load_pack
        from delvekit.gloomhaven.content.adapter import Member, item_setup, setup_from_pack

        pack = load_pack()
        if "class" in d:
            other = "brute" if d["class"] != "brute" else "tinkerer"
            real = setup_from_pack(pack, 1, [Member(d["class"], int(d.get("level", 1))), Member(other)])
            pool = {c.id: c for c in real.party[0].hand}
            hand = [pool[c] for c in d.get("hand", [])] + hand
            hand = hand[: max(len(d.get("hand", [])), 6)]
        items = tuple(item_setup(pack, Member(cid, items=tuple(d["items"])), n) for n in d.get("items", []))
    setup = CharacterSetup(
        id=cid,
        class_name=d.get("class", cid),
        max_health=int(d.get("health", 10)),
        hand_limit=len(hand),
        hand=tuple(hand),
        hex=_hex(d["at"]),
        modifiers=tuple(d.get("modifiers", ["+0"] * 20)),
        level=int(d.get("level", 1)),
    )
    return msgspec.structs.replace(setup, items=items) if items else setup


def build(data: dict[str, Any]) -> GameSetup:
    level = int(data.get("level", 1))
    board = data.get("board", {})
    monsters: list[MonsterType] = []
    decks: dict[str, tuple[MonsterCard, ...]] = {}
    rooms: list[list[Placement]] = [[] for _ in range(int(board.get("rooms", 1)))]
    for m in data.get("monster", []):
        stats = MonsterStats(
            health=int(m.get("health", 5)),
            move=int(m.get("move", 2)),
            attack=int(m.get("attack", 2)),
            range=int(m.get("range", 0)),
            shield=int(m.get("shield", 0)),
            flying=bool(m.get("flying", False)),
        )
        name = str(m["type"])
        if name not in {t.name for t in monsters}:
            monsters.append(MonsterType(name=name, deck=name, standees=6, normal=stats, elite=stats))
            card = MonsterCard(
                id="m1", initiative=int(m.get("initiative", 90)), actions=_abilities(m.get("card", []))
            )
            decks[name] = (card,)
        rooms[int(m.get("room", 0))].append(Placement(name, m.get("rank", "normal"), _hex(m["at"])))
    return GameSetup(
        scenario="conformance",
        level=level,
        party=tuple(_character(c, level) for c in data["character"]),
        monsters=tuple(monsters),
        decks=decks,
        rooms=tuple(tuple(r) for r in rooms),
        win=data.get("win", "kill-all"),
        battle_goals=tuple(data.get("battle_goals", ())),
        treasures=tuple(
            TreasureTile(number=int(t["number"]), hex=_hex(t["at"]), rewards=tuple(t.get("rewards", ())))
            for t in data.get("treasure", [])
        ),
        coins=tuple((0, _hex(h), n) for h, n in board.get("coins", {}).items()),
        board=BoardSpec(
            hexes=_hexes(board.get("hexes", ["disk 0,0 4"])),
            terrain=tuple((_hex(h), t) for h, t in board.get("terrain", {}).items()),
            doors=tuple(DoorSpec(_hex(h), tuple(r)) for h, r in board.get("doors", {}).items()),
        ),
    )


def _choose(game: Game, step: str) -> None:
    d = game.decision
    assert d is not None, f"the game ended before {step!r}"
    texts = d.choices.texts()
    if step.endswith("*"):
        found = next((t for t in texts if t.startswith(step[:-1])), None)
        assert found is not None, f"no choice starts with {step[:-1]!r} for {d.actor} {d.kind}: {texts}"
        step = found
    assert step in texts, f"{step!r} is not legal for {d.actor} {d.kind}: {texts}"
    game.choose(step)


def play(case: Case) -> Game:
    data = case.data
    game = Game(build(data), seed=int(data.get("seed", 1)))
    for step in data.get("script", []):
        if step.startswith("until "):  # "until hero long-rest": the policy answers until then
            wanted = tuple(step.split()[1:3])
            _policy(
                game, lambda g, w=wanted: g.decision is not None and (g.decision.actor, g.decision.kind) == w
            )
        else:
            _choose(game, step)
    until = data.get("until")
    if until is not None:
        _policy(game, lambda g: any(fnmatch.fnmatchcase(str(e), until) for e in g.events))
    return game


def _policy(game: Game, done: Any) -> None:
    for _ in range(2000):
        if game.decision is None or done(game):
            return
        texts = game.decision.choices.texts()
        game.choose(next((t for p in _POLICY for t in texts if t.startswith(p)), texts[0]))


def problems(case: Case, game: Game) -> list[str]:
    """Every expectation of ``case`` that ``game`` does not meet (empty: the case passes)."""
    expect = case.data.get("expect", {})
    events = [str(e) for e in game.events]
    out = []
    at = 0
    for pattern in expect.get("events", []):
        found = next((i for i in range(at, len(events)) if fnmatch.fnmatchcase(events[i], pattern)), None)
        if found is None:
            out.append(f"no event {pattern!r} (in order)")
        else:
            at = found + 1
    for pattern in expect.get("absent", []):
        hits = [e for e in events if fnmatch.fnmatchcase(e, pattern)]
        if hits:
            out.append(f"unexpected {hits[0]!r} (matches {pattern!r})")
    got: Any
    for key, want in expect.get("state", {}).items():
        got = _state(game, key)
        if got != want:
            out.append(f"{key} is {got!r}, expected {want!r}")
    outcome = game.outcome
    for key, want in expect.get("result", {}).items():
        if outcome is None:
            out.append("the scenario has not ended")
            break
        if key == "result":
            got = outcome.result
        else:
            cid, _, field = key.partition(".")
            ch = next(c for c in outcome.characters if c.id == cid)
            got = getattr(ch, field)
            got = list(got) if isinstance(got, tuple) else got
        if got != want:
            out.append(f"result {key} is {got!r}, expected {want!r}")
    return out


def _state(game: Game, key: str) -> Any:
    st = game.state
    if key in {e.value for e in Element}:
        return st.elements[Element(key)].name.lower()
    if key == "sprung":
        return sorted(f"{q},{r}" for q, r in st.sprung)
    fid, _, field = key.partition(".")
    f = st.figures.get(fid)
    if field == "hp":
        return f.hp if f is not None else None
    if field == "hex":
        return f"{f.hex[0]},{f.hex[1]}" if f is not None else None
    if field == "conditions":
        return sorted(c.value for c in f.conditions) if f is not None else []
    ch = st.characters[fid]
    if field in ("lost", "discard", "hand"):
        return sorted(getattr(ch, field))
    if field == "active":
        return sorted(a.card for a in ch.active)
    return getattr(ch, field)
