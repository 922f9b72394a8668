"""The rules sweep: event-level invariants a finished (or running) game must keep, read from its
event log alone (docs/rules-conformance.md). Tests run it over many recorded random games of
scenarios 1-95; :func:`violations` returns one line per broken rule (empty: the log is sound).

======================  ========================================================================
invariant               the rule
======================  ========================================================================
``flying-trap``         no flying figure springs a trap or takes hazardous damage (§1.2, §5.3):
                        monsters with flying on their stat line, summons with flying on theirs,
                        characters wearing a flying item
``used``                an action's XP (``xp``) and infusion (``infusing``) come only with some
                        change made by the action (§3.4)
``trap-once``           a trap is sprung once: after ``trap-sprung`` on a hex, another needs a
                        trap created there again (§1.2)
``loot-turn``           looting happens only on the looter's own turn (a character's end of turn,
                        or a Loot ability: monster cards with Loot included) and only characters
                        take treasure tiles (§14); a numbered treasure is taken once
``expiry``              a condition that lasts "until the end of the next turn" ends exactly at the
                        end of the figure's first turn that started after it was given (§8.1)
``wane``                elements change only by infusion at a turn's end, consumption, a
                        scenario rule, or one step down at the round's end (§3.5, §9)
``summon-first-round``  a character summon never acts in the round it was summoned (§12)
======================  ========================================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from delvekit.gloomhaven.engine.used import changed

if TYPE_CHECKING:
    from delvekit.core.records import Event
    from delvekit.gloomhaven.engine.game import Game

_EXPIRING = frozenset({"immobilize", "disarm", "stun", "muddle", "invisible", "strengthen"})
_LEVELS = {"inert": 0, "waning": 1, "strong": 2}


def fliers(game: Game) -> tuple[set[str], set[str], set[str]]:
    """(flying monster types by ``type|rank``, flying summon names by ``owner|name``, characters
    with a flying item) from the setup."""
    from delvekit.gloomhaven.content.adapter import slug

    types = {
        f"{m.name}|{rank}"
        for m in game.setup.monsters
        for rank in ("normal", "elite", "boss")
        if (s := getattr(m, rank)) is not None and s.flying
    }
    summons: set[str] = set()
    walkers: set[str] = set()
    for ch in game.setup.party:
        for card in ch.hand:
            for half in (card.top, card.bottom):
                for a in half.abilities:
                    if a.kind == "custom" and a.note == "summon":
                        notes = [p.note for p in a.then if p.kind == "custom"]
                        name = next((n.removeprefix("name-") for n in notes if n.startswith("name-")), "")
                        (summons if "flying" in notes else walkers).add(f"{ch.id}|{name}")
        for item in ch.items:
            for e in item.effects:
                if e.kind == "summon" and any(s.kind == "flying" for s in e.then):
                    summons.add(f"{ch.id}|{slug(e.arg)}")
    chars = {
        ch.id
        for ch in game.setup.party
        for item in ch.items
        if item.trigger == "always" and any(e.kind == "flying" for e in item.effects)
    }
    return types, summons - walkers, chars


def violations(game: Game) -> list[str]:
    """Every event-level rule the game's log breaks, one line each."""
    out: list[str] = []
    events = game.events
    types, summon_fliers, char_fliers = fliers(game)
    characters = {c.id for c in game.setup.party}
    flying: set[str] = set(char_fliers)
    turn = ""
    round_no = 0
    summoned_in: dict[str, int] = {}
    sprung: set[str] = set()
    treasures: set[str] = set()
    pending: dict[tuple[str, str], bool] = {}
    elements = {"fire": 0, "ice": 0, "air": 0, "earth": 0, "light": 0, "dark": 0}
    action_start: dict[str, int] = {}
    for i, e in enumerate(events):
        k, a = e.kind, e.args
        where = f"event {i} {e}"
        if k == "round":
            round_no = int(a[0])
        elif k in ("placed", "spawned", "summoned") and "#" in a[0] and len(a) > 1:
            if f"{a[0].split('#')[0]}|{a[1]}" in types:
                flying.add(a[0])
        elif k == "summoned" and "." in a[0]:
            owner, name = a[0].split(".", 1)
            summoned_in[a[0]] = round_no
            if f"{owner}|{name.rstrip('0123456789')}" in summon_fliers:
                flying.add(a[0])
        elif k == "turn":
            if turn and turn != a[0]:
                late = [key for key, started in pending.items() if started and key[0] == turn]
                out += [f"expiry: {c} on {f} outlived {f}'s turn ({where})" for f, c in late]
                for key in late:
                    del pending[key]
            turn = a[0]
            for key in pending:
                if key[0] == turn:
                    pending[key] = True
            if summoned_in.get(turn) == round_no:
                out.append(f"summon-first-round: {turn} acts in the round it was summoned ({where})")
        elif k == "trap-sprung":
            if a[0] in flying:
                out.append(f"flying-trap: {a[0]} sprang a trap ({where})")
            if a[1] in sprung:
                out.append(f"trap-once: the trap at {a[1]} sprang again ({where})")
            sprung.add(a[1])
        elif k == "trap-created":
            sprung.discard(a[1])
        elif k == "damage" and len(a) > 2 and a[2] == "hazardous" and a[0] in flying:
            out.append(f"flying-trap: {a[0]} took hazardous damage ({where})")
        elif k in ("looted", "treasure"):
            if a[0] != turn or (k == "treasure" and a[0] not in characters):
                out.append(f"loot-turn: {a[0]} looted on {turn or 'no one'}'s turn ({where})")
            if k == "treasure":
                if a[1] in treasures:
                    out.append(f"loot-turn: treasure {a[1]} taken twice ({where})")
                treasures.add(a[1])
        elif k == "condition" and a[1] in _EXPIRING:
            pending[(a[0], a[1])] = False
        elif k == "condition-ended" and (a[0], a[1]) in pending:
            started = pending.pop((a[0], a[1]))
            if len(a) > 2 and a[2] == "expired" and not (started and turn == a[0]):
                out.append(f"expiry: {a[1]} on {a[0]} ended before the end of its next turn ({where})")
        elif k in ("killed", "exhausted", "removed", "rider-left"):  # off the map: its tokens go
            for key in [key for key in pending if key[0] == a[0]]:
                del pending[key]
        elif k == "infused":
            elements[a[0]] = 2
        elif k == "consumed":
            elements[a[-1]] = 0
        elif k == "element-set" and len(a) > 1 and a[1] in _LEVELS:
            elements[a[0]] = _LEVELS[a[1]]
        elif k == "elements":
            shown = dict(part.split("=") for part in a)
            for name, level in elements.items():
                want = max(0, level - 1)
                if _LEVELS.get(shown.get(name, ""), -1) != want:
                    got = shown.get(name)
                    out.append(f"wane: {name} is {got} at the round's end, not one step down ({where})")
                elements[name] = _LEVELS.get(shown.get(name, ""), want)
        elif k == "action" and a[0] in characters:
            action_start[a[0]] = i
        elif k == "card" and a[0] in action_start:
            out += _used(events, action_start.pop(a[0]), i, a[0])
    return out


def _used(events: list[Event], start: int, end: int, cid: str) -> list[str]:
    """§3.4: an action that earned XP or infused made some change besides them."""
    part = events[start + 1 : end]
    gains = [e for e in part if (e.kind == "xp" and e.args[0] == cid) or e.kind == "infusing"]
    if not gains or "basic" in events[start].args[1]:
        return []
    others = [e for e in part if e.kind not in ("xp", "infusing", "item-used")]
    if changed(others) or (not others and all(e.kind == "infusing" for e in gains)):
        return []  # an action of a lone infusion: the infusion is its ability
    return [f"used: {events[start]} earned {', '.join(map(str, gains))} with no ability used"]
