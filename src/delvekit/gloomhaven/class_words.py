"""Class card words: a class card's named effect (a ``custom`` ability written by
:mod:`delvekit.gloomhaven.content.character_cards`) as a player would say it, in our own words.
The shared pieces (titles, who an ``affects-`` part reaches, element consumptions) are in
:mod:`delvekit.gloomhaven.card_words`; :func:`delvekit.gloomhaven.describe.ability_text` words a
class card's custom ability here and a monster card's there.

A wording's parts are read in three kinds: *lead* parts (an attack, a heal, ``target-2``...), one
``affects-WHO`` part (who the wording reaches) and *flags* that start a segment of what follows
(``consume-E``: what consuming the element adds; ``when-P``: a bonus on matching targets;
``xp-per-target``, ``xp-when-...``). A wording with a phrase of its own (:data:`PHRASES`) puts the
lead and who into it; any other reads ``Name: lead on who``. Doctests:

>>> from delvekit.gloomhaven.model.abilities import Ability
>>> def c(note, *then): return Ability(kind="custom", note=note, then=then)
>>> def p(text): return Ability.parse(text)
>>> from delvekit.gloomhaven.describe import ability_text as part
>>> class_text(c("xp-per-retaliate", p("xp 1")), part)
'1 XP each time it retaliates'
>>> class_text(c("ally-performs", c("affects-ally-adjacent"), p("attack 6")), part)
'One adjacent ally performs Attack 6'
>>> class_text(c("attack-consumes", p("attack 2 range 3"), c("consume-wild"), p("attack 1"), p("xp 1")), part)
'Attack 2, Range 3; consume any element for +1 Attack, 1 XP'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from delvekit.gloomhaven.card_words import Part, custom_text, note_words, title, who_text, worded
from delvekit.gloomhaven.model.abilities import Ability

_PLUS_KINDS = frozenset({"attack", "heal", "shield", "retaliate", "move", "loot", "push", "pull", "pierce"})
_STATE = {
    "poison": "poisoned", "wound": "wounded", "immobilize": "immobilized", "stun": "stunned",
    "disarm": "disarmed", "muddle": "muddled", "invisible": "invisible",
}  # fmt: skip
_ELEMENTS = {"wild": "any element", "all": "every element"}
_ZERO = re.compile(r"[a-z]+-(plus|minus)-0")

WHEN = {
    "flanked": "if an ally is next to the target",
    "alone": "if none of the target's allies is next to it",
    "alone-and-flanked": "if an ally is next to the target and none of the target's allies is",
    "per-ally": "for each ally next to the target",
    "per-shield": "for each point of the target's Shield",
    "invisible": "while it is invisible",
    "doomed": "on a doomed target",
}
"""A ``when-P`` flag's predicate (:mod:`delvekit.gloomhaven.effects.classes.scoundrel`)."""

WORDS = {
    "targets-other-enemies": "on its own allies",
    "card-round": "this round",
    "double": "Double Attack",
    "advantage": "Advantage",
    "around-target": "",
    "all": "",
    "jump": "Jump",
    "along-path": "along a straight line",
    "spent": "spent",
    "consumed": "consumed",
    "normal-or-elite": "a normal or elite enemy",
    "kill-normal-or-elite-instead": "kill it instead if it is normal or elite",
    "fourth-target": "a fourth target",
    "who-self": "",
    "swap-figures": "Swap two figures",
    "any-one-summon": "one of its summons",
    "you-control": "",
}
"""Lead parts with words of their own (an empty word: the wording's phrase says it)."""


@dataclass
class _Read:
    """A wording's parts, sorted: ``lead`` words, ``who`` it reaches, ``tails`` (flag segments)."""

    lead: list[Ability] = field(default_factory=list)
    who: str = ""
    tails: list[str] = field(default_factory=list)
    conds: list[str] = field(default_factory=list)

    def words(self, part: Part) -> str:
        said = _join([_word(b, part) for b in self.lead])
        said = re.sub(r"\b([A-Z][a-z]+) X, X is the ([^,;]+)", r"\1 equal to the \2", said)
        return said.replace("X is the ", "X = the ")

    def plus(self, part: Part) -> str:
        return _join([_bonus(b, part) for b in self.lead])

    def value(self, kind: str) -> int:
        return sum(b.value for b in self.lead if b.kind == kind)

    def notes(self) -> set[str]:
        return {b.note for b in self.lead if b.kind == "custom"}


def _lower(text: str) -> str:
    """Lower case but the abbreviations: ``Current HP`` → ``current HP``."""
    return re.sub(r"\b(?!XP\b|HP\b)([A-Z]+)", lambda m: m[1].lower(), text)


def _join(words: Sequence[str]) -> str:
    """Words joined by commas; a word starting ``on``/``for``/``along`` follows without one."""
    out = ""
    for w in words:
        if not w:
            continue
        out += (" " if w.startswith(("on ", "for ", "along ")) else ", ") + w if out else w
    return out


def _number(note: str) -> str:
    return note.rsplit("-", 1)[1]


def _word(b: Ability, part: Part) -> str:
    """A lead part in words: ``Attack 2``, ``Target 2``, ``+1 Move``."""
    if b.kind != "custom":
        return part(b, None)
    note = b.note
    if note in WORDS:
        return WORDS[note]
    if _ZERO.fullmatch(note) or note == "target-1":
        return ""
    found = re.fullmatch(r"x-(is-)?(.+)", note)
    if found and found[2] not in ("paid",):
        return f"X is the {_lower(note_words(found[2]))}"
    found = re.fullmatch(r"far-retaliate-(\d+)-(\d+)", note)
    if found:
        return f"Retaliate {found[1]} at Range {found[2]}"
    if re.fullmatch(r"area-[\dn._]+", note):
        return f"area attack on {note.count('_') + 1} hexes"
    if note.startswith("shape-"):
        return f"area attack on {note.count('/') + 1} hexes"
    if re.fullmatch(r"per-negative-condition-\d+", note):
        return f"+{_number(note)} Attack for each negative condition on the target"
    if note.startswith("name-"):
        return title(note[5:])
    if note.startswith("pile-"):
        return ""
    return class_text(b, part)


def _bonus(b: Ability, part: Part) -> str:
    """A part as what it adds: ``+1 Attack``, ``Target 2``, ``2 damage``, ``Wound``, ``1 XP``."""
    if b.kind in _PLUS_KINDS and b.kind != "custom":
        return f"{b.value:+d} {title(b.kind)}"
    if b.kind == "custom" and re.fullmatch(r"suffer-damage-\d+", b.note):
        return f"{_number(b.note)} damage"
    if b.kind == "custom" and re.fullmatch(r"range-\d+", b.note):
        return f"+{_number(b.note)} Range"
    return _word(b, part)


def _flag_words(flag: str) -> str:
    """A segment flag's condition: ``when-flanked`` → ``if an ally is next to the target``."""
    if flag.startswith("when-"):
        return _when(flag[5:])
    if flag.startswith("xp-per-"):
        return "for each " + note_words(flag[7:]).lower().replace(" or ", " or each ")
    if flag.startswith("xp-when-trap-sprung"):
        return "when an enemy springs it"
    return note_words(flag).lower()


def _when(p: str) -> str:
    """A predicate in words: ``alone-and-flanked``, ``hp-at-most-3``, ``stun``."""
    if p in WHEN:
        return WHEN[p]
    for joint in ("and", "or"):
        if f"-{joint}-" in p:
            said = [_when(x).removeprefix("if ") for x in p.split(f"-{joint}-")]
            return "if " + f" {joint} ".join(said)
    found = re.fullmatch(r"hp-at-most-(\d+)", p)
    if found:
        return f"if the target has at most {found[1]} hit points"
    state = _STATE.get(p)
    return f"if the target is {state}" if state else "if " + note_words(p).lower()


def _read(then: Sequence[Ability], part: Part) -> _Read:
    """Sorts a wording's parts (see the module's words)."""
    out = _Read()
    i = 0
    while i < len(then):
        b = then[i]
        note = b.note if b.kind == "custom" else ""
        if note.startswith("affects-") and not out.who:
            out.who = who_text(note[8:], None)
        elif note.startswith("consume-"):
            elements: list[str] = []
            while i < len(then) and then[i].kind == "custom" and then[i].note.startswith("consume-"):
                if then[i].note != "consume-all":  # "all": every element named after it
                    elements.append(_ELEMENTS.get(then[i].note[8:], title(then[i].note[8:])))
                i += 1
            rest = _read(then[i:], part)
            own = [t for t in rest.tails if not t.startswith("consume ")]
            own = [t + " instead" if any(t.endswith(c) for c in out.conds) else t for t in own]
            bought = _join([rest.plus(part), *own])
            said = _elements(elements)
            how = " to attack " if bought.startswith("along ") else " for "
            out.tails.append(f"consume {said}" + (f"{how}{bought}" if bought else ""))
            out.tails += [t for t in rest.tails if t.startswith("consume ")]
            return out
        elif note.startswith(("when-", "xp-per-", "xp-when-")):
            j = i + 1
            while j < len(then) and not (
                then[j].kind == "custom"
                and then[j].note.startswith(("when-", "xp-per-", "xp-when-", "consume-"))
            ):
                j += 1
            bonus = " and ".join(w for w in (_bonus(x, part) for x in then[i + 1 : j]) if w)
            out.tails.append(f"{bonus} {_flag_words(note)}".strip())
            out.conds.append(_flag_words(note))  # a consumption's bonus on it replaces this one
            i = j
            continue
        else:
            out.lead.append(b)
        i += 1
    return out


def _elements(elements: Sequence[str]) -> str:
    """``Fire and Earth``; ``any two elements`` (Simulacrum's two wild ones).

    >>> _elements(["any element", "any element"]), _elements(["Dark", "any element"])
    ('any two elements', 'Dark and any element')
    """
    count = {e: elements.count(e) for e in elements}
    said = [
        e if n == 1 else f"any {_NUMBER.get(n, str(n))} elements" if e == "any element" else e
        for e, n in count.items()
    ]
    return " and ".join(said) or "every element"


_NUMBER = {2: "two", 3: "three", 4: "four"}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _who_does(r: _Read, verb: str, rest: str) -> str:
    """``One adjacent ally performs Attack 6``; ``It recovers...`` for ``itself``."""
    who = r.who or "itself"
    subject = "It" if who == "itself" else _cap(who.replace("itself and", "it and"))
    return f"{subject} {verb} {rest}".strip()


def _afflict(r: _Read, part: Part) -> str:
    """Conditions given to who the wording reaches: ``Immobilize every enemy it moved through``
    (a push or other part follows: ``Immobilize one adjacent enemy, Push 1``)."""
    given = [b for b in r.lead if b.kind == "condition" or b.note in ("bless", "curse")]
    names = [n for n in (_word(b, part) for b in given) if n]
    others = _join([_word(b, part) for b in r.lead if b not in given])
    said = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    return f"{said} {r.who or 'itself'}".strip() + (f", {others}" if others else "")


def _where(r: _Read, what: str) -> str:
    """Where a created trap or obstacle goes: ``in an adjacent empty hex``, ``within Range 3``."""
    reach = next((int(_number(n)) for n in r.notes() if re.fullmatch(r"range-\d+", n)), 0)
    n = _targets(r) or 1
    r.lead = [b for b in r.lead if not re.fullmatch(r"(range|target)-\d+", b.note)]
    if reach:
        return f"{what} in {'an empty hex' if n == 1 else f'{n} empty hexes'} within Range {reach}"
    return f"{what} in {'an adjacent empty hex' if n == 1 else f'{n} adjacent empty hexes'}"


def _targets(r: _Read) -> int:
    """The ``target-N`` part's N (0: none)."""
    return next((int(_number(n)) for n in r.notes() if re.fullmatch(r"target-\d+", n)), 0)


def _to(r: _Read, part: Part) -> str:
    """What the wording gives its figures: ``Shield 1 for itself and every adjacent ally``."""
    kinds = {b.kind for b in r.lead}
    marks = all(b.note in ("bless", "curse") for b in r.lead if b.kind == "custom")
    if kinds <= {"condition", "custom"} and marks:  # conditions, a bless or a curse
        return _cap(_afflict(r, part))
    if kinds == {"suffer"}:
        return _who_does(r, "suffers", f"{r.value('suffer')} damage")
    targets = _targets(r)
    who = r.who or "itself"
    if who == "itself":  # "Heal 2 self"
        return f"{r.words(part)} self"
    if targets > 1 and who.startswith("itself or one ally"):
        who = f"up to {targets} of itself and its allies" + who[len("itself or one ally") :]
        r.lead = [b for b in r.lead if not b.note.startswith("target-")]
    return f"{r.words(part)} for {who}"


def _bonus_round(kind: str) -> Callable[[_Read, Part], str]:
    def say(r: _Read, part: Part) -> str:
        if r.who:
            return f"{_who_does(r, 'add', r.plus(part))} to their {kind}attacks this round"
        return f"{r.plus(part)} on its {kind}attacks this round"

    return say


def _recover(r: _Read, part: Part) -> str:
    pile = next((b.note[5:] for b in r.lead if b.note.startswith("pile-")), "discard")
    cards = "lost cards" if pile == "lost" else "discarded cards"
    every = "all its " if "all" in r.notes() else "its "
    r.lead = [b for b in r.lead if b.note not in ("all",) and not b.note.startswith("pile-")]
    extra = r.words(part)
    return _who_does(r, "recovers", every + cards) + (f" ({extra})" if extra else "")


def _augment(r: _Read, part: Part) -> str:
    gains = [b for b in r.lead if b.kind in ("attack", "condition")]
    if gains and len(gains) == len(r.lead):
        said = _join([_bonus(b, part) for b in gains])
        return f"Augment: its melee attacks gain {said}"
    if not r.lead:  # what a consumption gives follows: "...melee attacks, consume Dark for..."
        return "Augment: on each of its melee attacks,"
    own = [
        (_word(b, part) + (" self" if b.kind in ("heal", "shield") and not b.range else "")) for b in r.lead
    ]
    return f"Augment: on each of its melee attacks, {_join(own)}".replace(", this round", " this round")


def _summon(r: _Read, part: Part) -> str:
    name = next((title(b.note[5:]) for b in r.lead if b.note.startswith("name-")), "a summon")
    stats = _join([_word(b, part) for b in r.lead if not b.note.startswith("name-")])
    return f"Summon {name} ({stats})"


def _trap(r: _Read, part: Part) -> str:
    n = _targets(r)
    where = _where(r, "")
    what = _join([_bonus(b, part) for b in r.lead])
    trap = "traps" if n > 1 else "a trap"
    return f"Create {trap} ({what.replace('Suffer ', '')}){where}"


def _if_hex(r: _Read, part: Part) -> str:
    moves = [b for b in r.lead if b.kind == "move"]
    r.lead = [b for b in r.lead if b.kind != "move"]
    first = _join([_word(b, part) for b in moves])
    then = _afflict(r, part) if all(b.kind == "condition" for b in r.lead) else r.words(part)
    return (
        f"{first}; if it ends in its starting hex: {then}"
        if first
        else f"If it ends in its starting hex: {then}"
    )


def _control(r: _Read, part: Part) -> str:
    return f"Control {r.who or 'one enemy'}: it performs {r.words(part)}"


def _suffer(r: _Read, part: Part) -> str:
    damage = sum(int(_number(n)) for n in (b.note for b in r.lead) if re.fullmatch(r"suffer-damage-\d+", n))
    where = "each target" if "around-target" in r.notes() else "it"
    return f"Every figure next to {where} suffers {damage} damage"


def _xp_if(r: _Read, part: Part) -> str:
    head = r.tails[0] if r.tails else ""
    element, _, xp = head.partition(" for ")
    r.tails = r.tails[1:]
    return f"{xp} if it consumes {element[8:]}" if xp else head


def _x(kind: str) -> Callable[[_Read, Part], str]:
    def say(r: _Read, part: Part) -> str:
        rule = next((b.note for b in r.lead if b.note.startswith("x-is-")), "")
        return f"{kind} equal to the {note_words(rule[5:]).lower()}" if rule else f"{kind} X"

    return say


CONTAINERS = {
    "Elemental": "", "Consume": "", "Attack": "", "Move": "", "Attack all": "", "Heal then": "",
    "Move through": "", "Chain": "", "Command": "Its bear performs", "Area attack": "",
    "Move consumes": "", "Heal consume": "", "Storm": "",
}  # fmt: skip
"""Names of wordings that only hold their parts (a class prefix dropped): no head of their own, or
the one given (the Beast Tyrant's ``bt-command``: the bear acts)."""


def _kill(r: _Read, part: Part) -> str:
    """``Kill one adjacent normal or elite enemy`` (a condition: ``poisoned``)."""
    who = r.who or "one enemy"
    rank = {"normal-or-elite": "normal or elite ", "normal-only": "normal "}
    rank_said = next((rank[n] for n in r.notes() if n in rank), "")
    marks = "".join(f"{_STATE.get(b.condition.value, b.condition.value)} " for b in r.lead if b.condition)
    said = who.replace("enemy", f"{marks}{rank_said}enemy", 1).replace(
        "enemies", f"{marks}{rank_said}enemies", 1
    )
    rest = _join([_word(b, part) for b in r.lead if b.condition is None and b.note not in rank])
    return f"Kill {said}" + (f" ({rest.lower()})" if rest else "")


def _afflict_range(every: bool) -> Callable[[_Read, Part], str]:
    def say(r: _Read, part: Part) -> str:
        names = [_word(b, part) for b in r.lead if b.kind == "condition" or b.note in ("bless", "curse")]
        reach = next((int(_number(n)) for n in r.notes() if re.fullmatch(r"range-\d+", n)), 0)
        n = _targets(r) or 1
        who = "every enemy" if every else f"up to {n} enemies" if n > 1 else "one enemy"
        said = " and ".join(names) if names else "Afflict"
        return f"{said} {who}" + (f" within Range {reach}" if reach else "")

    return say


def _kill_if(r: _Read, part: Part) -> str:
    conds, r.tails = " and ".join(t.removeprefix("if ") for t in r.tails), []
    return _kill(r, part) + (f" if {conds}" if conds else "")


def _turns(r: _Read, part: Part) -> str:
    """``One normal or elite enemy within Range 3 treats its allies as enemies this round``."""
    who = _cap(r.who or "one enemy").replace("enemy", "normal or elite enemy", 1)
    mine = "; you control it" if "you-control" in r.notes() else ""
    return f"{who} treats its allies as enemies this round{mine}"


def _refresh(r: _Read, part: Part) -> str:
    """``Refresh the spent and consumed items of every ally within Range 2``."""
    states = [n for n in ("spent", "consumed") if n in r.notes()] or ["spent"]
    kinds = {"small": "small ", "hands": "hand ", "body": "body ", "head": "head ", "legs": "leg "}
    kind = next((kinds[n] for n in r.notes() if n in kinds), "")
    n = _targets(r)
    whose = "its" if r.who in ("", "itself") else "the" if n < 2 else f"up to {n}"
    items = f"{' and '.join(states)} {kind}items"
    return f"Refresh {whose} {items}" + ("" if whose == "its" else f" of {r.who}")


_DOOM_WHO = {
    "who-self": "its attacks", "who-allies": "its allies' attacks", "who-summons": "its summons' attacks",
    "who-self-allies": "its and its allies' attacks",
}  # fmt: skip
_DOOM_WHEN = {
    "on-death-": "when the doomed enemy dies: ", "on-damage-": "each time the doomed enemy suffers damage: ",
    "turn-start-": "at the start of each of the doomed enemy's turns: ",
}  # fmt: skip


def _doom(r: _Read, part: Part) -> str:
    """The Doomstalker's doom (``ds-doom`` and its flags): ``Doom one enemy: +1 Attack on its
    allies' attacks on it``; a flag the phrase does not know reads as words."""
    notes = [b.note for b in r.lead if b.kind == "custom"]
    who = next((_DOOM_WHO[n] for n in notes if n in _DOOM_WHO), "")
    if who:
        gives = [b for b in r.lead if b.note not in _DOOM_WHO]
        said = _join([re.sub(r"^Pierce (\d+)$", r"+\1 Pierce", _bonus(b, part)) for b in gives])
        return f"Doom one enemy: {said} on {who} on it"
    weak = next((n for n in notes if re.fullmatch(r"weaken-\d+", n)), "")
    if weak:
        n = _number(weak)
        return f"Doom one enemy: it has -{n} Move, -{n} Attack and (if ranged) -{n} Range"
    if notes == ["advantage"]:
        return "Doom one enemy: its attacks on it have Advantage"
    when = next((n for n in notes if n.startswith(tuple(_DOOM_WHEN))), "")
    if when:
        head = next(v for k, v in _DOOM_WHEN.items() if when.startswith(k))
        what = when[len(next(k for k in _DOOM_WHEN if when.startswith(k))) :]
        rest = _join([_word(b, part) for b in r.lead if b.note != when])
        said = {
            "move-there": "it is placed on its hex", "shove-adjacent": "every enemy next to it moves one hex",
            "damage-adjacent": "every enemy next to it suffers", "heal-self": "", "heal-party": "",
            "damage": "it suffers", "attack": "",
        }.get(what, note_words(what).lower())  # fmt: skip
        rest = rest.replace("Suffer ", "") if said.endswith("suffers") else rest
        rest += {"heal-self": " self", "heal-party": " for itself and every ally"}.get(what, "")
        return f"Doom one enemy: {head}{' '.join(x for x in (said, rest.strip()) if x)}"
    return f"Doom one enemy: {r.words(part)}"


PHRASES: dict[str, Callable[[_Read, Part], str]] = {
    "doom": _doom,
    "enemy-turns-on-its-allies": _turns,
    "refresh-items": _refresh,
    "move-straight": lambda r, p: f"{r.words(p)} in a straight line",
    "move-end-by-obstacle": lambda r, p: f"{r.words(p)}, ending next to an obstacle",
    "kill": _kill,
    "kill-if": _kill_if,
    "afflict-range": _afflict_range(False),
    "afflict-all": _afflict_range(True),
    "attackers-disadvantaged-this-round": lambda r, p: (
        f"Attacks on {(r.who or 'itself').replace('itself', 'it')} have Disadvantage this round"
    ),
    "negate-next-damage": lambda r, p: f"Negate the next damage to {r.who or 'itself'}",
    "attack-moved-through": lambda r, p: f"{r.words(p)} on every enemy it moved through",
    "xp-per-retaliate": lambda r, p: f"{r.words(p)} each time it retaliates",
    "redirect-attacks": lambda r, p: (
        "An enemy attacking an ally next to it attacks it instead (at any range)"
    ),
    "shield-on-attacked": lambda r, p: f"{r.words(p)} against each attack on it",
    "retaliate-on-melee-attacked": lambda r, p: f"{r.words(p)} against each melee attack on it",
    "attack-x": _x("Attack"),
    "move-x": _x("Move"),
    "bonus-this-round": _bonus_round(""),
    "ranged-bonus-this-round": _bonus_round("ranged "),
    "melee-bonus-this-round": _bonus_round("melee "),
    "xp-if-consumed": _xp_if,
    "create-obstacle": lambda r, p: _where(r, "Place " + ("obstacles" if _targets(r) > 1 else "an obstacle")),
    "destroy-obstacle": lambda r, p: "Destroy an adjacent obstacle",
    "suffer-adjacent": _suffer,
    "next-ranged-attacks-add-target": lambda r, p: f"+{_targets(r) or 1} Target on its next ranged attacks",
    "afflict": lambda r, p: _cap(_afflict(r, p)),
    "to-allies": _to,
    "control-enemy": _control,
    "ally-performs": lambda r, p: _who_does(r, "performs", r.words(p)),
    "allies-perform": lambda r, p: _who_does(r, "performs", r.words(p)),
    "attack-per-condition": lambda r, p: (
        r.words(p)
        .replace(", 1 XP", "")
        .replace("for each", "and 1 XP for each" if r.value("xp") else "for each")
    ),
    "augment": _augment,
    "if-ended-in-starting-hex": _if_hex,
    "summon": _summon,
    "attack-when": lambda r, p: r.words(p),
    "attack-consumes": lambda r, p: r.words(p),
    "next-attacks-if": lambda r, p: "",
    "attacks-gain": lambda r, p: f"{r.plus(p)} on its attacks" if r.lead else "",
    "shove-range": lambda r, p: r.words(p),
    "disarm-trap": lambda r, p: "Disarm an adjacent trap",
    "enemy-steps-next-to-you": lambda r, p: (
        f"Move {r.who or 'one adjacent enemy'} 1 hex, to another hex next to it"
    ),
    "loot-every-hex-entered": lambda r, p: f"{r.words(p)}, looting every hex it enters",
    "xp-per-target": lambda r, p: f"{r.words(p)} for each target",
    "attack-along-path": lambda r, p: f"{r.words(p)} on one enemy and every enemy on the straight line to it",
    "ally-recovers": _recover,
    "next-attacks-bonus-consume": lambda r, p: f"{r.plus(p)} on its next attacks",
    "next-attacks-bonus": lambda r, p: f"{r.plus(p)} on its next attacks",
    "bonus-consume": lambda r, p: r.words(p),
    "create-trap": _trap,
    "next-heals-bonus": lambda r, p: f"{r.plus(p)} on its next heals",
    "area-attack": lambda r, p: r.words(p),
    "push-smash": lambda r, p: (
        "A target it pushes into an obstacle destroys the obstacle and suffers "
        + r.words(p).replace("Suffer ", "").replace(", ", "; ")
    ),
    "ranged-attacks-consume-for-range": lambda r, p: "Its ranged attacks may",
}
"""Wordings with a phrase of their own; each takes the sorted parts and the face's part words."""


def class_text(a: Ability, part: Part) -> str:
    """A class card's named effect in words (see the module's words); a monster's named effect
    (:func:`delvekit.gloomhaven.card_words.worded`) as :func:`~delvekit.gloomhaven.card_words.custom_text`
    words it."""
    note = a.note
    if worded(note) and note not in PHRASES:
        return custom_text(a, None, part)
    if not a.then and note not in PHRASES:
        return WORDS.get(note) or note_words(note)
    r = _read(a.then, part)
    note = re.sub(r"^(be|bt|ds|el|ns|ph|qm|sb|ss|su)-(?=.)", "", note)  # a class's prefix
    say = PHRASES.get(note)
    if say is None:
        lead = r.words(part)
        main = _join([lead, f"on {r.who}" if r.who else ""])
        head = note_words(note)
        if re.search(r"\b(bonus|gains?|modifier)\b", head.lower()) and r.lead:  # "+1 Attack", not "Attack 1"
            lead = r.plus(part)
            main = _join([lead, f"on {r.who}" if r.who else ""])
        if r.who and not lead and not r.tails:  # "Cleanse one adjacent ally"
            return f"{head} {r.who}"
        kinds = {title(b.kind) for b in r.lead if b.kind != "custom"}
        if head in kinds or head in CONTAINERS:  # "Attack: Attack X" says nothing twice
            head = CONTAINERS.get(head, "")
        sep = " " if head.endswith("performs") else ": "
        main = f"{head}{sep}{main}" if main and head else _cap(main) if main else head
    else:
        main = say(r, part)
    if note == "bonus-consume" and not r.lead:  # "Consume Fire for Retaliate 2"
        element = r.tails[0].split(" for ")[0][8:] if r.tails else ""
        rest = a.then[1:] if a.then and a.then[0].note.startswith("consume-") else a.then
        return f"Consume {element} for {_join([_word(b, part) for b in rest])}"
    if note == "next-attacks-if" and r.tails:  # "+2 Attack on its next attacks if..."
        first = r.tails[0]
        for w in ("while", "if", "on a"):
            if f" {w} " in first:
                bonus, _, cond = first.partition(f" {w} ")
                return f"{bonus} on its next attacks {w} {cond}" + _rest(r.tails[1:])
        return f"{first} on its next attacks" + _rest(r.tails[1:])
    if note == "ranged-attacks-consume-for-range" and r.tails:
        return f"{main} {r.tails[0]}" + _rest(r.tails[1:])
    if note == "next-attacks-bonus-consume":  # "+1 Attack...; consume Air for +2 Attack instead"
        r.tails = [t + " instead" if t.startswith("consume ") else t for t in r.tails]
    if not main:
        return _cap(_rest(r.tails)[2:])
    if main.endswith(","):
        return f"{main} {_rest(r.tails)[2:]}"
    return main + _rest(r.tails)


def _rest(tails: Sequence[str]) -> str:
    return "".join(f"; {t}" for t in tails if t)
