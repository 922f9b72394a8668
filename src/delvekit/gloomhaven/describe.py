"""Plain words for people: figure names, abilities, cards, monster ability cards, the scenario's goal
and special rules, and the engine's events ("Bandit Guard 3 attacks the Brute: 2, +1 modifier → 3
damage"). Pure functions of engine records (stdlib only); the web page and the terminal share them.

>>> from delvekit.gloomhaven.model.abilities import Ability
>>> ability_text(Ability.parse("attack 3 range 2 pierce 1 with poison"))
'Attack 3, Range 2, Pierce 1, Poison'
>>> figure_name("bandit-guard#3", "elite")
'Bandit Guard 3 (elite)'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from delvekit.core.records import Event
from delvekit.gloomhaven.card_words import area_text as area_text
from delvekit.gloomhaven.card_words import boost_text as boost_text
from delvekit.gloomhaven.card_words import custom_text as custom_text
from delvekit.gloomhaven.card_words import sentence, title
from delvekit.gloomhaven.class_words import class_text
from delvekit.gloomhaven.event_words import RESULT, bonus_text, cond_words, more_events, no_one
from delvekit.gloomhaven.model import scenario_rules as sr
from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.setup import GameSetup, Half, MonsterCard, MonsterStats, MonsterType
from delvekit.gloomhaven.model.special_rules import Rule

if TYPE_CHECKING:
    from delvekit.gloomhaven.engine.game import Game


def words(slug: str) -> str:
    """``eye-for-an-eye`` → ``Eye for an Eye`` (small words stay lower case but the first).

    >>> words("the-mind-s-weakness")
    "The Mind's Weakness"
    """
    return title(slug)


def figure_name(fid: str, rank: str | None = None, kind: str | None = None) -> str:
    """A figure as its standee reads: ``bandit-guard#3`` → ``Bandit Guard 3``; characters by class;
    a summon ``owner.name`` → ``Name (Owner's summon)``; an objective (``kind="objective"``)
    ``name.N`` → ``Name N``.

    >>> figure_name("totem.1", kind="objective")
    'Totem 1'
    """
    if kind == "objective":
        name, _, number = fid.partition(".")
        return f"{words(name)} {number}".strip()
    if "#" in fid:
        kind, _, number = fid.partition("#")
        base = f"{words(kind)} {number}"
        return base + (f" ({rank})" if rank in ("elite", "boss") else "")
    if "." in fid:
        owner, _, name = fid.partition(".")
        return f"{words(name.rstrip('0123456789-'))} ({words(owner)}'s summon)"
    return words(fid)


_AREA = {"attack", "heal", "push", "pull"}


def figure_names(game: Game) -> dict[str, str]:
    """Figure id → name as people say it, for every face: characters by class, monsters as
    their standee reads (``Bandit Guard 3 (elite)``), summons and objectives as :func:`figure_name`."""
    out = {c.id: words(c.class_name) for c in game.setup.party}
    for f in game.state.figures.values():
        out.setdefault(f.id, figure_name(f.id, f.rank if f.kind == "monster" else None, f.kind))
    return out


def ability_text(a: Ability, stats: MonsterStats | None = None) -> str:
    """One ability in words; with ``stats`` (a monster's stat line) the card's values are worked in
    (§10.2): move and attack are relative, a card's range adds to the stat line's (a melee type's
    card gives its own range), the stat line's target count, pierce, conditions and shield count,
    a flying type flies, and a heal or condition without a range is the monster's own ("self").

    >>> archer = MonsterStats(health=5, move=2, attack=2, range=3)
    >>> [ability_text(Ability.parse(t), archer) for t in ("attack 1 range -1", "attack 0 range 1", "heal 2")]
    ['Attack 3, Range 2', 'Attack 2, Range 4', 'Heal 2 self']
    """
    kind = a.kind
    if kind == "custom":
        return custom_text(a, stats, ability_text) if stats is not None else class_text(a, ability_text)
    value, rng, pierce, targets, adds = a.value, a.range, a.pierce, a.targets, list(a.adds)
    if stats is not None:
        if kind == "move":
            return f"{'Jump' if a.jump else 'Fly' if stats.flying else 'Move'} {max(0, stats.move + value)}"
        if kind == "attack":
            value = max(0, stats.attack + value)
            rng = stats.range + rng if stats.range or rng else 0
            targets = 0 if targets == 0 else max(targets, stats.targets)
            pierce += stats.pierce
            adds += [c for c in stats.adds if c not in adds]
        if kind == "shield":
            value += stats.shield  # what the monster has this round
        if kind == "heal" and not rng:
            return f"Heal {value} self"
        if kind == "condition" and a.condition is not None and not rng:
            return f"{words(a.condition.value)} self"
    if kind == "condition" and a.condition is not None:
        return words(a.condition.value) + (f", Range {a.range}" if a.range else "")
    if kind == "infuse" and a.element is not None:
        return f"Infuse {words(a.element.value)}"
    if kind == "negate":
        return "Negate the next damage"
    parts = [f"{words(kind)} {value}"]
    if kind == "xp":
        parts = [f"{value} XP"]
    if kind == "suffer":
        parts = [f"Suffer {value} damage"]
    if kind == "move" and a.jump:
        parts.append("Jump")
    if rng and kind in _AREA | {"heal", "retaliate"}:
        parts.append(f"Range {rng}")
    if targets == 0 and kind in ("push", "pull"):
        parts[0] += " on every adjacent enemy"
    elif targets == 0:
        parts.append("every enemy in reach")
    elif targets > 1:
        parts.append(f"Target {targets}")
    if pierce:
        parts.append(f"Pierce {pierce}")
    if a.push:
        parts.append(f"Push {a.push}")
    if a.pull:
        parts.append(f"Pull {a.pull}")
    parts += [words(c.value) for c in adds]
    parts += [words(c) for c in a.card_adds]
    if a.area:
        parts.append(area_text(a.area))
    if a.consume:
        parts.append(boost_text(a.consume, a.boost))
    return ", ".join(parts)


def half_text(h: Half) -> str:
    """A card half in words, with its lost icon, round/persistent bonus and XP.

    >>> half_text(Half(abilities=(Ability.parse("move 4 jump"),), lost=True))
    'Move 4, Jump; lost'
    """
    text = "; ".join(_own(a) for a in h.abilities) or "(nothing)"
    notes = []
    if h.persistent:
        notes.append(f"persistent, {h.uses} use{'s' if h.uses > 1 else ''}" if h.uses else "persistent")
    elif h.round_bonus:
        notes.append("until the end of the round")
    if h.lost:
        notes.append("lost")
    if sum(h.use_xp):
        notes.append(f"{sum(h.use_xp)} XP over its uses")
    return text + ("; " + ", ".join(notes) if notes else "")


def _own(a: Ability) -> str:
    """A card half's ability; a condition of its own (no range) is the character's: ``Invisible self``."""
    if a.kind == "condition" and a.condition is not None and not a.range:
        return f"{words(a.condition.value)} self"
    return ability_text(a)


def monster_card_lines(card: MonsterCard, mtype: MonsterType) -> list[str]:
    """Each action of a monster ability card in words, with values for the type's normal and elite
    (or boss) stat lines: ``Move 3 / elite 4; Attack 4 / elite 5``."""
    lines = []
    ranks = [(r, s) for r, s in (("normal", mtype.normal), ("elite", mtype.elite), ("boss", mtype.boss)) if s]
    for a in card.actions:
        texts = [(r, ability_text(a, s)) for r, s in ranks]
        if len({t for _, t in texts}) <= 1:
            lines.append(texts[0][1] if texts else ability_text(a))
        else:
            lines.append(" / ".join(t if i == 0 else f"{r}: {t}" for i, (r, t) in enumerate(texts)))
    return lines + (["Shuffle the deck at the end of the round"] if card.shuffle else [])


def stats_text(s: MonsterStats) -> str:
    """A stat line: ``health 5, move 2, attack 2, range 3, shield 1``."""
    parts = [f"health {s.health}", f"move {s.move}", f"attack {s.attack}"]
    for word, n in (
        ("range", s.range),
        ("shield", s.shield),
        ("retaliate", s.retaliate),
        ("pierce", s.pierce),
    ):
        if n:
            parts.append(f"{word} {n}")
    if s.flying:
        parts.append("flying")
    if s.targets > 1:
        parts.append(f"target {s.targets}")
    parts += [f"adds {c.value}" for c in s.adds]
    if s.immunities:
        parts.append("immune to " + ", ".join(c.value for c in s.immunities))
    return ", ".join(parts)


# --------------------------------------------------------------------------- goal and rules


def _names(monsters: Sequence[str]) -> str:
    return ", ".join(words(n) for n in monsters if n)


def _hexes(hexes: Sequence[object]) -> str:
    return "one marked hex" if len(hexes) == 1 else f"{len(hexes)} marked hexes"


def goal_words(setup: GameSetup) -> list[str]:
    """The scenario's goal and special rules in words (from the setup's rule records).

    >>> from delvekit.gloomhaven.testing.examples import tiny_setup
    >>> goal_words(tiny_setup())
    ['Goal: kill every enemy (every room revealed).']
    """
    goals: list[str] = []
    rules: list[str] = []
    for rule in setup.rules:
        if isinstance(rule, sr.Win | sr.Goal):
            goals.append(_win_text(rule))
        elif isinstance(rule, sr.Lose):
            rules.append("The scenario is lost if " + _lose_text(rule) + ".")
        elif isinstance(rule, sr.RoundRule):
            rules.append(f"At the {rule.timing} of round {rule.when.replace('R == ', '')}: {_effect(rule)}.")
        elif isinstance(rule, sr.Lock):
            who = "the scenario's rules" if rule.opener == "scenario" else words(rule.opener) + " dies"
            rules.append(f"{_hexes(rule.doors).capitalize()} stay locked until {who}.")
        elif isinstance(rule, sr.Ally):
            rules.append(f"{words(rule.monster)} fight on the characters' side.")
        elif isinstance(rule, sr.Plate):
            rules.append("Pressure plates open locked doors when characters stand on them.")
        elif isinstance(rule, sr.RuleLine):
            rules.append(_rule_text(rule.rule))
        elif isinstance(rule, sr.ObjectiveLine):
            kind = "escort" if rule.escort else "objective"
            rules.append(f"{rule.name} ({kind}, health {rule.health}).")
        elif isinstance(rule, sr.NoDamage):
            rules.append(f"{words(rule.monster)} cannot be damaged.")
        elif isinstance(rule, sr.EachTurn):
            rules.append(f"Every character suffers {rule.index} damage at the start of each of its turns.")
    if not any(isinstance(rule, sr.Win | sr.Goal) for rule in setup.rules) and setup.win == "kill-all":
        goals.append("kill every enemy (every room revealed)")
    out = [f"Goal: {'; '.join(goals)}." if goals else "Goal: as the scenario book says."]
    return out + list(dict.fromkeys(rules))


def _win_text(w: sr.Win | sr.Goal) -> str:
    kind = w.goal
    monsters = (w.monster,) if isinstance(w, sr.Goal) else w.monsters
    if kind == "kill-all":
        return "kill every enemy"
    if kind == "kill-revealed":
        return "kill every revealed enemy"
    if kind == "kill":
        return f"kill {_names(monsters)}"
    if kind == "kills":
        return f"kill {w.count.replace('xC', ' × the number of characters')} enemies"
    if kind == "kill-count":
        return f"kill {w.count.replace('xC', ' × characters')} of {_names(monsters)}"
    if kind == "revealed":
        return "reveal every room"
    if kind == "reveal":
        return "reveal the marked rooms"
    if kind in ("loot", "treasure", "treasure-loot", "loot-each"):
        return f"loot the goal treasure ({_hexes(w.hexes)})"
    if kind == "escape":
        return f"every living character escapes through the exit ({_hexes(w.hexes)})"
    if isinstance(w, sr.Goal):
        return f"reach room {w.room}"  # room
    if kind == "destroy":
        return f"destroy every {w.name}"
    if kind == "survive":
        return f"survive {w.rounds} rounds"
    if kind == "escort":
        return f"escort {w.name} to the exit"
    if kind == "occupy":
        return f"occupy the marked hexes ({_hexes(w.hexes)})"
    if kind == "carry":
        return f"carry the {w.name} to the marked hexes"
    return "carry the staff to the marked hexes"  # staff


def _lose_text(x: sr.Lose) -> str:
    kind = x.loss
    if kind == "exhausted":
        return "every character is exhausted"
    if kind == "escort-killed":
        return f"{x.name} dies" if x.count == "any" else f"{x.count} of {x.name} die"
    if kind == "rounds":
        return f"it is not won by the end of round {x.rounds}"
    if kind == "killed":
        return f"a {_names(x.monsters)} is killed"
    if kind == "occupied-by":
        return f"a {words(','.join(x.monsters))} reaches the marked hexes"
    return f"{words(kind)} {sr.hexes_text(x.hexes)}".strip()  # seeker-exhausted, rooms-abandoned


def _effect(rule: sr.RoundRule) -> str:
    if rule.effect == "add-modifier":
        card, _, n = rule.value.partition(":")
        return f"each character shuffles {n} {words(card)} cards into its modifier deck"
    return f"{rule.who} {rule.effect} {rule.value}"


def _rule_text(rule: Rule) -> str:
    when = rule.when
    head = "Once" if rule.once else "Each round"
    rounds = re.fullmatch(r"R == (\d+)((?: \|\| R == \d+)+)", when)
    if rounds:  # 27: R == 3 || R == 9
        head = "In rounds " + " and ".join(re.findall(r"\d+", when))
    elif "||" in when:  # 74: R % 2 == 0 || C > 2
        head = f"When {when.replace('R', 'the round').replace('||', 'or')}"
    elif when.startswith("R % 2 == 1"):
        head = "Every odd round"
    elif when.startswith("R % 2 == 0"):
        head = "Every even round"
    elif when.startswith("R == "):
        head = f"In round {when[5:].split()[0]}"
    elif when:
        head = f"When {when.replace('R', 'the round')}"
    rooms = rule.requires_rooms or rule.reveal_rooms
    if rooms:
        head += " once room" + ("s " if len(rooms) > 1 else " ") + ", ".join(map(str, rooms)) + " is revealed"
    what = []
    for sp in rule.spawns:
        what.append(f"{sp.count} {words(sp.monster)} appear")
    for e in rule.elements:
        what.append(f"{words(e.element)} becomes {e.state}")
    for fe in rule.figures:
        name = fe.figures.name if fe.figures.name != "*" else "figures"
        what.append(f"{name}: {fe.effect} {fe.value}".strip())
    if rule.finish:
        what.append(f"the scenario is {rule.finish}")
    if rule.stats:
        what.append("monster stats change")
    return f"{head} (at the {rule.timing} of the round): {'; '.join(what) or 'other rules change'}."


# --------------------------------------------------------------------------- events


def event_text(e: Event, names: Mapping[str, str], previous: Event | None = None) -> str | None:
    """The event ``e`` as a sentence, or ``None`` for bookkeeping a person does not need (the
    modifier draw before an attack is folded into the attack's sentence given as ``previous``).
    ``names`` maps figure ids to their names.

    >>> event_text(Event("attack", ("bandit-guard#3", "brute", "value=2", "damage=3")),
    ...            {"brute": "the Brute"}, Event("modifiers", ("bandit-guard#3", "drew=+1", "applies=+1")))
    'Bandit Guard 3 attacks the Brute: 2, +1 modifier → 3 damage'
    """
    a = list(e.args)

    def who(i: int) -> str:
        return names.get(a[i], figure_name(a[i])) if len(a) > i else "?"

    def kv(key: str) -> str:
        return next((x.split("=", 1)[1] for x in a if x.startswith(key + "=")), "")

    k = e.kind
    if k == "round":
        return f"— Round {a[0]} —"
    if k == "turn":
        return f"{who(0)}'s turn"
    if k == "attack":
        drew = shield = ""
        if previous is not None and previous.kind == "modifiers" and previous.args[:1] == e.args[:1]:
            cards = [x.split("=", 1)[1] for x in previous.args if x.startswith("drew=")]
            drew = ", " + " and ".join(cards).replace(",", " then ") + " modifier"
            applied = next((x[8:] for x in previous.args if x.startswith("applies=")), "")
            shield = _shield(kv("value"), applied, kv("damage"))
        return f"{who(0)} attacks {who(1)}: {kv('value')}{drew}{shield} → {kv('damage')} damage"
    if k == "modifiers":
        return None
    if k == "damage":
        why = " ".join(sentence(x).lower() for x in a[2:])
        return f"{who(0)} suffers {a[1]} damage" + ("" if a[2:] == ["attack"] or not why else f" ({why})")
    if k == "killed":
        return f"{who(0)} is killed"
    if k == "exhausted":
        return f"{who(0)} is exhausted ({a[1] if len(a) > 1 else ''})"
    if k == "condition" and a[1:2] in (["curse"], ["bless"]):
        return f"A {words(a[1])} card is shuffled into {who(0)}'s modifier deck"
    if k == "condition":
        return f"{who(0)} is {'now ' if a[1] in ('invisible', 'strengthened') else ''}{cond_words(a[1])}"
    if k == "condition-ended":
        return f"{who(0)} is no longer {cond_words(a[1])}"
    if k == "healed":
        return f"{who(0)} heals {a[1]}" if a[1:2] != ["0"] else None
    if k == "moved":
        return f"{who(0)} moves to {a[1]}" if len(a) > 1 else f"{who(0)} moves"
    if k == "move-ended":
        return None
    if k == "looted":
        coins = kv("coins")
        return f"{who(0)} loots {coins} coin{'' if coins == '1' else 's'}"
    if k == "door-opened":
        return "A door opens"
    if k == "room-revealed":
        return f"Room {a[0]} is revealed"
    if k == "placed":
        name = who(0)  # the names given may already say the rank: "Bandit Guard 4 (elite)"
        elite = len(a) > 1 and a[1] == "elite" and not name.endswith("(elite)")
        return f"{name} is placed" + (" (elite)" if elite else "")
    if k == "spawned":
        return f"{who(0)} appears"
    if k == "summoned":
        return f"{who(0)} is summoned"
    if k == "reveal" and not kv("lead"):
        return f"{who(0)} long rests this round (initiative 99)"
    if k == "reveal":
        return f"{who(0)} plays {words(kv('lead'))} (initiative {kv('initiative')}) and {words(kv('other'))}"
    if k == "selected":
        return f"{who(0)} has chosen two cards"
    if k == "long-rest":
        return f"{who(0)} long rests: loses {words(kv('lost'))}, heals, recovers {kv('recovered')} cards"
    if k == "short-rest":
        return f"{who(0)} short rests and loses {words(kv('lost'))}"
    if k == "ability-card":
        return f"{words(a[0])} ability card {a[1]} ({a[2].replace('=', ' ')})"
    if k == "order":
        return "Order: " + ", ".join(
            f"{names.get(x.split('=')[0], words(x.split('=')[0]))} {x.split('=')[1]}" for x in a
        )
    if k == "action":
        return (
            f"{who(0)} uses the {a[1].replace('basic-', 'basic ')} of {words(a[2])}" if len(a) > 2 else None
        )
    if k == "card":
        return f"{words(a[1])} goes to the {a[2]} pile" if len(a) > 2 else None
    if k == "xp":
        return f"{who(0)} gains {a[1]} XP"
    if k == "infusing":
        return f"{words(a[0])} will be infused at the end of the turn"
    if k == "consumed":
        return f"{who(0)} consumes {words(a[1])}"
    if k == "scenario-end":
        return {"victory": "The scenario is won", "defeat": "The scenario is lost"}.get(
            a[0] if a else "", "The scenario ends"
        )
    if k == "scenario-goal":
        result = RESULT.get(a[0], a[0]) if a else "the scenario ends"
        return f"The goal is reached: {result} at the end of the round"
    if k == "trap-sprung":
        return f"{who(0)} springs a trap"
    if k == "negated":
        return f"{who(0)} negates {a[1]} damage"
    if k == "focus" and no_one(e) and previous is not None and previous.kind == "move-ended":
        return None  # the attack's second look finds no one either (it did not move: no focus)
    if k == "focus":
        return (
            f"{who(0)} focuses on {who(1)}"
            if len(a) > 1 and a[1] not in ("", "-")
            else f"{who(0)} finds no one to focus on"
        )
    if k == "forced":
        how = {"push": "is pushed", "pull": "is pulled", "landed": "lands"}.get(a[1], f"is moved ({a[1]})")
        return f"{who(0)} {how}" + (f" to {a[2]}" if len(a) > 2 else "")
    if k == "recovered":
        return f"{who(0)} recovers {a[1]} cards"
    if k == "hand-ready":
        return f"{who(0)} has chosen a hand of {len(a) - 1} cards"
    if k in (
        "elements",
        "activate",
        "deck-shuffled",
        "modifiers-shuffled",
        "round-end",
        "infused",
        "scheduled",
    ):
        return None
    if k == "no-target":
        return f"{who(0)} has no target in reach"
    if k == "no-xp":
        return None
    if k == "coin-dropped":
        return f"A coin drops at {kv('hex')}"
    if k == "tie-broken":
        return f"Tie in initiative: {who(0)} goes first"
    if k == "bonus":
        return bonus_text(who(0), a[1:], names)
    told = more_events(k, a, who, names)
    if told is not None:
        return told or None
    said = [_arg(x, names) for x in a]
    said = [x for n, x in enumerate(said) if not n or x != said[n - 1]]  # "Radiance: Nightshroud"
    return f"{sentence(k)}: " + " ".join(said)


def _arg(x: str, names: Mapping[str, str]) -> str:
    """An event's argument in words: a figure's name, ``damage=3`` → ``damage 3``, a slug as words."""
    if x in names or "#" in x or re.fullmatch(r"[a-z-]+\.[a-z-]+\d*", x):
        return names.get(x, figure_name(x))
    key, eq, value = x.partition("=")
    if eq:
        return f"{words(key).lower()} {_arg(value, names)}"
    x = re.sub(r"^(be|bt|ds|el|ns|ph|qm|sb|ss|su)-(?=.)", "", x)  # a class's prefix is no word
    return words(x) if x.replace("-", "").isalpha() else x


def _shield(value: str, applied: str, damage: str) -> str:
    """``, shield N`` when the damage is N below the attack after its modifier (a shield the
    attack met); empty when that cannot be told (curse, bonuses that raise the damage).

    >>> _shield("5", "x2", "9"), _shield("2", "+1", "3"), _shield("3", "curse", "0")
    (', shield 1', '', '')
    """
    try:
        base, dealt = int(value), int(damage)
    except ValueError:
        return ""
    if applied == "x2":
        total = 2 * base
    elif applied.lstrip("+-").isdigit():
        total = base + int(applied)
    else:
        return ""
    return f", shield {total - dealt}" if dealt > 0 and total > dealt else ""


def events_text(events: Sequence[Event], names: Mapping[str, str]) -> list[str]:
    """Every event worth telling, in order (see :func:`event_text`)."""
    out: list[str] = []
    prev: Event | None = None
    focus: dict[str, tuple[str, ...]] = {}  # each figure's focus told this turn
    for e in events:
        if e.kind == "turn":
            focus.clear()
        if e.kind == "focus" and e.args and focus.get(e.args[0]) == e.args[1:]:
            prev = e
            continue  # the same focus found again for the turn's attack
        if e.kind == "focus" and e.args:
            focus[e.args[0]] = e.args[1:]
        text = event_text(e, names, prev)
        if text:
            out.append(text)
        prev = e
    return out
