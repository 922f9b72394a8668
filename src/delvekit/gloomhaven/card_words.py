"""Card words: what an element consumption adds, an area's size and every named effect (a
``custom`` ability) in the words a player reads, with one home each; :mod:`delvekit.gloomhaven.describe`
(the command line, the play page) and the table companion (:mod:`delvekit.web.table_ai`) both
use them. Pure functions of engine records (stdlib only).

>>> from delvekit.gloomhaven.model.elements import Element
>>> boost_text((Element.EARTH,), ("attack+1", "with=wound"))
'consume Earth for +1 Attack, Wound'
>>> note_words("suffer-damage-2"), note_words("move-plus-1"), note_words("name-tattered-wolf")
('Suffer 2 damage', '+1 Move', 'Tattered Wolf')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import msgspec

from delvekit.gloomhaven.model.abilities import Ability
from delvekit.gloomhaven.model.elements import Element
from delvekit.gloomhaven.model.setup import MonsterStats

_SMALL = frozenset({"a", "an", "the", "of", "for", "and", "to", "in", "on", "at", "by", "with"})


def title(slug: str) -> str:
    """``eye-for-an-eye`` → ``Eye for an Eye`` (small words stay lower case but the first).

    >>> title("the-mind-s-weakness")
    "The Mind's Weakness"
    """
    out: list[str] = []
    for n, w in enumerate(slug.replace("_", "-").split("-")):
        if w == "s" and out:
            out[-1] += "'s"
            continue
        out.append(w if (n and w in _SMALL) else w[:1].upper() + w[1:])
    return " ".join(x for x in out if x)


_PREFIXES = frozenset({"be", "bt", "ds", "el", "ns", "ph", "qm", "sb", "ss", "su"})
"""Class prefixes of some class cards' effect names (Plagueherald's ``ph-``...): not words."""
_UPPER = {"xp": "XP", "hp": "HP"}


def sentence(slug: str) -> str:
    """``when-hp-at-most-3`` → ``When HP at most 3``: a slug as a sentence (first word capitalised,
    a class's effect prefix dropped).

    >>> sentence("ph-range-minus"), sentence("xp-per-kill")
    ('Range minus', 'XP per kill')
    """
    tokens = [w for w in slug.replace("_", "-").split("-") if w]
    if len(tokens) > 1 and tokens[0] in _PREFIXES:
        tokens = tokens[1:]
    text = " ".join(_UPPER.get(w, w) for w in tokens)
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- consumption boosts

_BOOST = re.compile(r"([a-z]+)([+=-])(.+)")


def boost_word(token: str) -> str:
    """One boost token (:attr:`Ability.boost`) as a player reads it; a token this function does not
    know still reads as words.

    >>> [boost_word(t) for t in ("attack+1", "range-1", "target=2", "target=0", "push=1", "with=wound")]
    ['+1 Attack', '-1 Range', 'Target 2', 'every enemy in range', 'Push 1', 'Wound']
    >>> boost_word("heal+2"), boost_word("element=fire"), boost_word("odd_token")
    ('+2 Heal', 'Element Fire', 'Odd Token')
    """
    found = _BOOST.fullmatch(token)
    if found is None:
        return title(token)
    word, op, value = found.groups()
    if word == "with":
        return title(value)
    if word == "target" and value == "0":
        return "every enemy in range"
    if op in "+-":
        return f"{op}{value} {title(word)}"
    return f"{title(word)} {value if value.isdigit() else title(value)}"


def boost_text(consume: Sequence[Element], boost: Sequence[str]) -> str:
    """An attack's element consumption: ``consume Earth for +1 Attack, Wound`` (several elements:
    all of them are consumed)."""
    elements = " and ".join(title(e.value) for e in consume)
    return f"consume {elements} for {', '.join(boost_word(b) for b in boost)}"


def area_text(area: Sequence[tuple[int, int]]) -> str:
    """An attack's area by its red (target) hexes: :attr:`Ability.area` holds only those (a
    melee area's grey hex is the attacker's own, at the origin, and is not in it; §6.3).

    >>> area_text(((1, -1), (1, 0), (2, -1)))
    'area attack on 3 hexes'
    """
    n = len(area)
    return f"area attack on {n} hex{'' if n == 1 else 'es'}"


# --------------------------------------------------------------------------- named effects

WHO = {
    "enemies-range": "every enemy {within}",
    "allies-range": "every ally {within}",
    "self-allies-range": "itself and every ally {within}",
    "enemy-range": "one enemy {within}",
    "ally-range": "one ally {within}",
    "self-or-ally-range": "itself or one ally {within}",
    "summons-range": "its summons {within}",
    "enemies-adjacent": "every adjacent enemy",
    "allies-adjacent": "every adjacent ally",
    "summons-adjacent": "its adjacent summons",
    "all-adjacent": "every adjacent figure",
    "all-adjacent-to-target": "every other figure next to the target",
    "self-allies": "itself and every ally",
    "self-allies-adjacent": "itself and every adjacent ally",
    "self-summons": "itself and its summons",
    "enemy-adjacent": "one adjacent enemy",
    "ally-adjacent": "one adjacent ally",
    "enemies-moved-through": "every enemy it moved through",
    "enemies": "every enemy",
    "allies": "every ally",
    "ally": "one ally",
    "self": "itself",
    "summons": "its summons",
}
"""Who an ``affects-WHO`` effect reaches (:mod:`delvekit.gloomhaven.effects.monsters`)."""

BOSS_WORDS = {
    "custom-fly-to-next-perch": "Fly to its next perch (a, b, c, then a again)",
    "custom-hatch-eggs": "Every egg hatches: a normal Night Demon appears in its place",
    "custom-mind-control": (
        "Every character and summon is forced next to it; the character acting last this round is "
        "mind controlled"
    ),
    "custom-move-to-next-door-and-reveal": "Move to the next closed door and open it",
    "custom-scatter": "Every character and summon is forced to Move 4 as far from it as possible",
    "custom-scouts-act-again": "Every Vermling Scout performs its ability card again",
    "custom-summon-eggs": "Summon one egg per character",
    "custom-throne-moves": "The altar moves to its next place (a to f, then a again)",
    "objective-spawn-zephyr": "Summon two Zephyrs",
    "teleport": (
        "Teleport to its next marked hex (a, b, c), else away from its enemies with its focus in range"
    ),
    "attackers-have-disadvantage-this-round": "Attacks on it have Disadvantage this round",
}
"""Boss specials and one-off monster effects whose words do not depend on numbers."""

_ELEMENT_WORDS = {"wild": "any element", "all": "every element"}

_FAMILIES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"suffer-damage-(\d+)"), lambda m: f"Suffer {m[1]} damage"),
    (
        re.compile(r"([a-z]+)-(plus|minus)-(\d+)"),
        lambda m: f"{'+' if m[2] == 'plus' else '-'}{m[3]} {title(m[1])}",
    ),
    (re.compile(r"name-(.+)"), lambda m: title(m[1])),
    (re.compile(r"shape-([-\d,/]+)"), lambda m: f"a shape of {m[1].count('/') + 1} hexes"),
    (re.compile(r"affects-(.+)"), lambda m: "on " + who_text(m[1], None)),
    (re.compile(r"consume-([a-z]+)"), lambda m: f"consume {_ELEMENT_WORDS.get(m[1], title(m[1]))}"),
    (re.compile(r"infuse-([a-z]+)"), lambda m: f"Infuse {_ELEMENT_WORDS.get(m[1], title(m[1]))}"),
    (
        re.compile(r"(health|range|target|pierce|shield|retaliate|xp|heal|move|attack|loot)-(\d+|x)"),
        lambda m: f"{'XP' if m[1] == 'xp' else title(m[1])} {m[2].upper()}",
    ),
    (re.compile(r"([a-z-]+)\.(normal|elite)"), lambda m: f"{m[2]} {title(m[1])}"),
)


def who_text(who: str, reach: int | None) -> str:
    """Who an ``affects-WHO`` effect reaches; ``reach`` 0: the monster's attack range, ``None``:
    not known here (a class card's part names its range apart)."""
    found = re.fullmatch(r"(.+-range)-(\d+)", who)
    if found:  # a class card's "ally-range-2", "enemies-range-5"
        who, reach = found[1], int(found[2])
    text = WHO.get(who)
    if text is None:
        return " ".join(who.split("-"))
    within = "in range" if reach is None else f"within Range {reach}" if reach else "within its attack range"
    return text.format(within=within)


def note_words(note: str) -> str:
    """A named effect's one-word note in words: known families read with their numbers
    (``suffer-damage-2`` → ``Suffer 2 damage``), boss specials by name, anything else as a
    sentence (``when-hp-at-most-3`` → ``When hp at most 3``)."""
    if note in BOSS_WORDS:
        return BOSS_WORDS[note]
    for pattern, say in _FAMILIES:
        found = pattern.fullmatch(note)
        if found:
            return say(found)
    return sentence(note)


WORDED = frozenset(
    {
        "spawn", "spawn-adjacent-to-target", "spawn-demon", "create-trap-near-enemy",
        "allies-bonus-this-round", "attack-bonus-if-target-adjacent-to-its-allies", "one-target", "ondeath",
        "per-target-damaged", "heal-targets", "bless", "curse", *BOSS_WORDS,
    }
)  # fmt: skip
"""Named effects of monster cards and boss specials with words of their own in :func:`custom_text`
(with the ``affects-``, ``consume-`` and ``instead-consume-`` families)."""


def worded(note: str) -> bool:
    """Whether :func:`custom_text` has words of its own for ``note`` (else: the note as a sentence)."""
    return note in WORDED or note.startswith(("affects-", "consume-", "instead-consume-"))


Part = Callable[[Ability, "MonsterStats | None"], str]
"""A face's words for one inner ability (a move or an attack with the stat line worked in)."""


def _bare(a: Ability, stats: MonsterStats | None, part: Part) -> str:
    """A part given to the figures an ``affects-WHO`` line names (no "self": the line says who)."""
    if a.kind == "condition" and a.condition is not None:
        return title(a.condition.value)
    if a.kind in ("heal", "shield", "retaliate", "push", "pull"):
        return f"{title(a.kind)} {a.value}"
    if a.kind == "suffer":
        return f"Suffer {a.value} damage"
    if a.kind == "custom" and a.note in ("bless", "curse"):
        return title(a.note)
    return custom_text(a, stats, part) if a.kind == "custom" else part(a, stats)


def _affects(then: Sequence[Ability], who: str, stats: MonsterStats | None, part: Part) -> str:
    """What an ``affects-WHO`` line gives who it reaches: conditions as verbs (``Poison every
    adjacent enemy, Push 1``), damage as what they suffer (``Every enemy suffers 2 damage``),
    anything else for them (``Heal 2 for every adjacent ally``).

    >>> _affects((Ability.parse("suffer 2"),), "every enemy", None, lambda a, s: "")
    'Every enemy suffers 2 damage'
    """
    marks = [
        b for b in then if b.kind == "condition" or (b.kind == "custom" and b.note in ("bless", "curse"))
    ]
    others = [_bare(b, stats, part) for b in then if b not in marks]
    if marks:
        names = [_bare(b, stats, part) for b in marks]
        said = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        return f"{said} {who}" + "".join(f", {o}" for o in others)
    if then and all(b.kind == "suffer" for b in then):
        return f"{who[:1].upper()}{who[1:]} suffers {sum(b.value for b in then)} damage"
    if then and all(b.kind in ("push", "pull") for b in then):
        return f"{', '.join(others)} on {who}"
    return f"{', '.join(others)} for {who}"


def _summons(parts: Sequence[Ability]) -> str:
    """``living-bones.normal`` parts → ``normal Living Bones ×2, elite Living Bones``."""
    counted: dict[str, int] = {}
    for p in parts:
        counted[note_words(p.note)] = counted.get(note_words(p.note), 0) + 1
    return ", ".join(k + (f" ×{n}" if n > 1 else "") for k, n in counted.items())


def custom_text(a: Ability, stats: MonsterStats | None, part: Part) -> str:
    """A named effect (``custom`` ability) with its parts in words; ``stats`` is the monster's
    stat line (``None``: as printed) and ``part`` the face's words for an inner move, attack,
    heal... (so the stat line is worked in the same way as on the face's other lines)."""
    note, then = a.note, a.then
    element = a.element.value if a.element is not None else ""
    inner = ", ".join(_full(b, stats, part) for b in then)
    if note.startswith("affects-") and not then:  # a part naming who the line before reaches
        return note_words(note)
    if note.startswith("affects-"):
        reach = a.range or (max(1, stats.range) if stats is not None else 0)
        return _affects(then, who_text(note[8:], reach), stats, part)
    if note.startswith("instead-consume-") and len(then) == 2:
        boosted, plain = (_full(b, stats, part) for b in then)
        return f"Consume {title(element or note[16:])}: {boosted}; if it cannot: {plain}"
    if note.startswith("consume-"):
        what = _ELEMENT_WORDS.get(note[8:], title(element or note[8:]))
        return f"Consume {what}" + (f": {inner}" if inner else "")
    if note == "spawn":
        return f"Summon {_summons(then)}"
    if note == "spawn-adjacent-to-target":
        return f"Summon {_summons(then)} next to each target"
    if note == "spawn-demon":
        rank = next((p.note for p in then if p.note in ("normal", "elite")), "normal")
        return f"Summon the {rank} demon of the altar's place"
    if note == "create-trap-near-enemy":
        damage = next((p.value for p in then if p.kind == "suffer"), 0)
        return f"Create a damage trap ({damage} damage) next to it, as close to an enemy as possible"
    if note == "allies-bonus-this-round":
        bonus = sum(p.value for p in then if p.kind == "attack")
        return f"Its allies add +{bonus} Attack to their attacks this round"
    if note == "attack-bonus-if-target-adjacent-to-its-allies" and len(then) == 2:
        bonus = then[1].value
        return f"{_full(then[0], stats, part)}; +{bonus} Attack if the target is next to one of its allies"
    if note == "one-target":
        single = msgspec.structs.replace(stats, targets=1) if stats is not None else None
        return ", ".join(_full(b, single, part) for b in then) + ", one target only"
    if note == "ondeath":
        return f"When it dies: {inner} around its hex"
    if note == "per-target-damaged":
        heal = sum(p.value for p in then if p.kind == "heal")
        return f"Heal {heal} self for each target it damaged this turn"
    if note == "heal-targets":
        heals = [b for b in then if b.kind == "heal"]
        return ", ".join(_full(b, stats, part) for b in heals) + f", Target {a.value}"
    if note in ("bless", "curse") and not then:  # a monster's: into its own modifier deck
        return title(note) + (" self" if stats is not None else "")
    if not then:
        return note_words(note)
    # the parts, then who they reach: "Kill: Normal only on one adjacent enemy"
    words = [_full(b, stats, part) for b in then]
    who = [w for w in words if w.startswith("on ")]
    body = " ".join(x for x in (", ".join(w for w in words if w not in who), " ".join(who)) if x)
    return f"{note_words(note)}: {body}"


def _full(a: Ability, stats: MonsterStats | None, part: Part) -> str:
    return custom_text(a, stats, part) if a.kind == "custom" else part(a, stats)
