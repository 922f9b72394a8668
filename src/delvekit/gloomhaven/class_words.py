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
_ZERO = re.compile(r"[a-z]+-(plus|minus)-0")

WHEN = {
    "flanked": "if an ally is next to the target",
    "alone": "if none of the target's allies is next to it",
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
}
"""Lead parts with words of their own (an empty word: the wording's phrase says it)."""


@dataclass
class _Read:
    """A wording's parts, sorted: ``lead`` words, ``who`` it reaches, ``tails`` (flag segments)."""

    lead: list[Ability] = field(default_factory=list)
    who: str = ""
    who_note: str = ""
    tails: list[str] = field(default_factory=list)

    def words(self, part: Part) -> str:
        return _join([_word(b, part) for b in self.lead])

    def plus(self, part: Part) -> str:
        return _join([_bonus(b, part) for b in self.lead])

    def value(self, kind: str) -> int:
        return sum(b.value for b in self.lead if b.kind == kind)

    def notes(self) -> set[str]:
        return {b.note for b in self.lead if b.kind == "custom"}


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
        return f"+{b.value} {title(b.kind)}"
    if b.kind == "custom" and re.fullmatch(r"suffer-damage-\d+", b.note):
        return f"{_number(b.note)} damage"
    if b.kind == "custom" and re.fullmatch(r"range-\d+", b.note):
        return f"+{_number(b.note)} Range"
    return _word(b, part)


def _flag_words(flag: str) -> str:
    """A segment flag's condition: ``when-flanked`` → ``if an ally of its is next to the target``."""
    if flag.startswith("when-"):
        return WHEN.get(flag[5:], "if " + note_words(flag[5:]).lower())
    if flag == "xp-per-target":
        return "for each target"
    if flag.startswith("xp-when-trap-sprung"):
        return "when an enemy springs it"
    return note_words(flag).lower()


def _read(then: Sequence[Ability], part: Part) -> _Read:
    """Sorts a wording's parts (see the module's words)."""
    out = _Read()
    i = 0
    while i < len(then):
        b = then[i]
        note = b.note if b.kind == "custom" else ""
        if note.startswith("affects-") and not out.who:
            out.who, out.who_note = who_text(note[8:], None), note[8:]
        elif note.startswith("consume-"):
            rest = _read(then[i + 1 :], part)
            element = {"wild": "any element", "all": "every element"}.get(note[8:], title(note[8:]))
            bought = _join([rest.plus(part), *rest.tails])
            out.tails.append(f"consume {element}" + (f" for {bought}" if bought else ""))
            return out
        elif note.startswith(("when-", "xp-per-", "xp-when-")):
            j = i + 1
            while j < len(then) and not (then[j].kind == "custom" and then[j].note.startswith(
                ("when-", "xp-per-", "xp-when-", "consume-"))):
                j += 1
            bonus = " and ".join(w for w in (_bonus(x, part) for x in then[i + 1 : j]) if w)
            out.tails.append(f"{bonus} {_flag_words(note)}".strip())
            i = j
            continue
        else:
            out.lead.append(b)
        i += 1
    return out


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _who_does(r: _Read, verb: str, rest: str) -> str:
    """``One adjacent ally performs Attack 6``; ``It recovers...`` for ``itself``."""
    who = r.who or "itself"
    subject = "It" if who == "itself" else _cap(who.replace("itself and", "it and"))
    return f"{subject} {verb} {rest}".strip()


def _afflict(r: _Read, part: Part) -> str:
    """Conditions given to who the wording reaches: ``Immobilize every enemy it moved through``."""
    names = [_word(b, part) for b in r.lead]
    names = [n for n in names if n]
    said = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    return f"{said} {r.who or 'itself'}".strip()


def _targets(r: _Read) -> int:
    """The ``target-N`` part's N (0: none)."""
    return next((int(_number(n)) for n in r.notes() if re.fullmatch(r"target-\d+", n)), 0)


def _to(r: _Read, part: Part) -> str:
    """What the wording gives its figures: ``Shield 1 for itself and every adjacent ally``."""
    kinds = {b.kind for b in r.lead}
    if kinds <= {"condition"} or all(b.note in ("bless", "curse") for b in r.lead if b.kind == "custom"):
        if kinds <= {"condition", "custom"}:
            return _cap(_afflict(r, part))
    if kinds == {"suffer"}:
        return _who_does(r, "suffers", f"{r.value('suffer')} damage")
    targets = _targets(r)
    who = r.who or "itself"
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
    own = [(_word(b, part) + (" self" if b.kind in ("heal", "shield") else "")) for b in r.lead]
    return f"Augment: on each of its melee attacks, {_join(own)}".replace(", this round", " this round")


def _summon(r: _Read, part: Part) -> str:
    name = next((title(b.note[5:]) for b in r.lead if b.note.startswith("name-")), "a summon")
    stats = _join([_word(b, part) for b in r.lead if not b.note.startswith("name-")])
    return f"Summon {name} ({stats})"


def _trap(r: _Read, part: Part) -> str:
    what = _join([_bonus(b, part) for b in r.lead])
    return f"Create a trap ({what.replace('Suffer ', '')}) in an adjacent empty hex"


def _if_hex(r: _Read, part: Part) -> str:
    moves = [b for b in r.lead if b.kind == "move"]
    r.lead = [b for b in r.lead if b.kind != "move"]
    first = _join([_word(b, part) for b in moves])
    then = _afflict(r, part) if all(b.kind == "condition" for b in r.lead) else r.words(part)
    return f"{first}; if it ends in its starting hex: {then}" if first else f"If it ends in its starting hex: {then}"


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
    return f"{xp} if it consumes {element[8:]} in this action" if xp else head


def _x(kind: str) -> Callable[[_Read, Part], str]:
    def say(r: _Read, part: Part) -> str:
        rule = next((b.note for b in r.lead if b.note.startswith("x-is-")), "")
        return f"{kind} equal to the {note_words(rule[5:]).lower()}" if rule else f"{kind} X"

    return say


PHRASES: dict[str, Callable[[_Read, Part], str]] = {
    "attack-moved-through": lambda r, p: f"{r.words(p)} on every enemy it moved through",
    "xp-per-retaliate": lambda r, p: f"{r.words(p)} each time it retaliates",
    "redirect-attacks": lambda r, p: "An enemy attacking an ally next to it attacks it instead (at any range)",
    "shield-on-attacked": lambda r, p: f"{r.words(p)} against each attack on it",
    "retaliate-on-melee-attacked": lambda r, p: f"{r.words(p)} against each melee attack on it",
    "attack-x": _x("Attack"),
    "move-x": _x("Move"),
    "bonus-this-round": _bonus_round(""),
    "ranged-bonus-this-round": _bonus_round("ranged "),
    "melee-bonus-this-round": _bonus_round("melee "),
    "xp-if-consumed": _xp_if,
    "create-obstacle": lambda r, p: "Place an obstacle in an adjacent empty hex",
    "destroy-obstacle": lambda r, p: "Destroy an adjacent obstacle",
    "suffer-adjacent": _suffer,
    "next-ranged-attacks-add-target": lambda r, p: f"+{_targets(r) or 1} Target on its next ranged attacks",
    "afflict": lambda r, p: _cap(_afflict(r, p)),
    "to-allies": _to,
    "control-enemy": _control,
    "ally-performs": lambda r, p: _who_does(r, "performs", r.words(p)),
    "allies-perform": lambda r, p: _who_does(r, "perform", r.words(p)).replace("Every ", "Every ", 1),
    "attack-per-condition": lambda r, p: r.words(p).replace(", 1 XP", "").replace(
        "for each", "and 1 XP for each" if r.value("xp") else "for each"
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
    "enemy-steps-next-to-you": lambda r, p: f"Move {r.who or 'one adjacent enemy'} 1 hex, to another hex next to it",
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
    if not a.then:
        return WORDS.get(note) or note_words(note)
    r = _read(a.then, part)
    say = PHRASES.get(note)
    if say is None:
        main = _join([r.words(part), f"on {r.who}" if r.who else ""])
        main = f"{note_words(note)}: {main}" if main else note_words(note)
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
    if note in ("next-attacks-bonus-consume", "move-consumes"):
        r.tails = [t + " instead" if t.startswith("consume ") and note.startswith("next") else t for t in r.tails]
    if not main:
        return _cap(_rest(r.tails)[2:])
    return main + _rest(r.tails)


def _rest(tails: Sequence[str]) -> str:
    return "".join(f"; {t}" for t in tails if t)
