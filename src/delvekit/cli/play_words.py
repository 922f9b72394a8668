"""`delve play` for people: the board with coordinates, cards with their text and initiative, the
goal in words, events in plain words, two cards then the lead, a move by its destination.

Pure helpers of :mod:`delvekit.cli.play` (no web code): the words come from
:mod:`delvekit.gloomhaven.describe`, a move's destinations from
:func:`delvekit.gloomhaven.engine.destinations.reach`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from delvekit.gloomhaven import decision_words
from delvekit.gloomhaven import describe as D

if TYPE_CHECKING:
    from rich.text import Text

    from delvekit.core.hexes import Hex
    from delvekit.core.records import Choice, Decision, Event
    from delvekit.gloomhaven.engine.game import Game
    from delvekit.gloomhaven.model.setup import Card


def bot_line(game: Game, d: Decision, choice: str) -> str:
    """A bot's choice as a person reads it (before it is made): who, then the choice's label.
    A battle goal stays secret (§2.6): the line says only that one is chosen.

    >>> from delvekit.cli.play import new_game
    >>> game = new_game(1, "brute,mindthief", seed=2)
    >>> bot_line(game, game.decision, str(game.decision.choices[0]))
    'Brute (bot): chooses the battle goal to keep'
    """
    names = D.figure_names(game)
    if d.kind == "battle-goal":
        return f"{names.get(d.actor, d.actor)} (bot): chooses the battle goal to keep"
    picked = next((c for c in d.choices if str(c) == choice), None)
    said = decision_words.choice_label(game, d, picked, names) if picked is not None else choice
    return f"{names.get(d.actor, d.actor)} (bot): {said}"


def hand_room(game: Game, who: str) -> int:
    """How many more cards ``who`` may take into the hand (its hand size limit less those taken)."""
    limit = next((m.hand_limit for m in game.setup.party if m.id == who), 0)
    return limit - len(game.state.characters[who].hand)


def card_line(card: Card) -> str:
    """``Trample (72): top Attack 3, Pierce 2 | bottom Move 4, Jump; lost``."""
    top, bottom = D.half_text(card.top), D.half_text(card.bottom)
    return f"{D.words(card.id)} ({card.initiative}): top {top} | bottom {bottom}"


def cards_of(game: Game, who: str) -> dict[str, Card]:
    return {c.id: c for ch in game.setup.party if ch.id == who for c in ch.hand}


def goal_lines(game: Game) -> list[str]:
    return D.goal_words(game.setup)


def event_words(events: list[Event], game: Game) -> list[tuple[str, str]]:
    """(kind, sentence) of each event worth telling."""
    names = D.figure_names(game)
    out = []
    prev: Event | None = None
    for e in events:
        text = D.event_text(e, names, prev)
        if e.kind == "round":  # a rule across the screen; starts "round N" as it always did
            text = f"round {e.args[0]} " + "─" * 40 if e.args else text
        if text:
            out.append((e.kind, "  " + text))
        prev = e
    return out


def coord_board(game: Game, labels: dict[str, str], mark: set[Hex] | None = None) -> Text:
    """The board as the scenario book draws it, with coordinates: each line is one ``q`` (named at
    its start), each free hex shows its ``r``; hex ``q,r`` is the number ``r`` on line ``q``.
    Figures show their label (``*`` elite, ``!`` boss), ``[=]`` a closed door, ``^`` a trap, ``▲``
    an obstacle, ``~`` hazardous, ``≈`` difficult, ``c`` coins; ``mark`` hexes are underlined."""
    from rich.text import Text

    from delvekit.core.board import Terrain

    board = game.board()
    if board is None or not board.hexes:
        return Text("(no board)")
    st = game.state
    at = {f.hex: f for f in st.figures.values()}
    place = {h: (-h[0], 2 * (2 * h[1] + h[0])) for h in board.hexes}
    y0 = min(y for y, _ in place.values())
    x0 = min(x for _, x in place.values())
    rows: dict[int, dict[int, tuple[str, str]]] = {}
    symbols = {Terrain.TRAP: "^", Terrain.OBSTACLE: "▲", Terrain.HAZARDOUS: "~", Terrain.DIFFICULT: "≈"}
    seen: set[str] = set()  # the symbols drawn, for the key under the board
    for h, (py, px) in place.items():
        f = at.get(h)
        style = ""
        if f is not None:
            suffix = {"elite": "*", "boss": "!"}.get(f.rank or "", " ")
            token = f"{labels.get(f.id, '??')[:2]:<2}{suffix}"
            style = (
                "bold white on blue"
                if f.kind == "character"
                else "bold black on yellow"
                if suffix == "*"
                else "bold"
            )
        elif h in board.doors:
            token, style = "[=]", "bold dark_goldenrod"
        elif board.terrain_at(h) is Terrain.WALL:
            token, style = "###", "grey30"
        elif board.terrain_at(h) in symbols:
            token = f" {symbols[board.terrain_at(h)]} "  # type: ignore[index]
            style = "red" if board.terrain_at(h) is Terrain.TRAP else "grey50"
        elif h in st.coins:
            token, style = " c ", "gold1"
        else:
            token, style = f"{h[1]:>3}", "grey50"
        if mark and h in mark:
            style = (style + " underline bold cyan").strip()
        rows.setdefault(py - y0, {})[px - x0] = (token, style)
        seen.add(token[2:] if f is not None else token.strip())
    text = Text()
    for n in sorted(rows):
        q = -(n + y0)
        text.append(f"q={q:<3}", style="grey50")
        cells = rows[n]
        width = max(cells) + 3
        line = [(" ", "")] * width
        for x, (token, style) in cells.items():
            for i, ch in enumerate(token):
                line[x + i] = (ch, style)
        for ch, style in line:
            text.append(ch, style=style or None)
        text.append("\n")
    said = [words for sym, words in _BOARD_KEY if sym in seen]
    text.append("hex q,r is the number r on line q=; " + ", ".join(said) + "\n", style="grey50")
    return text


_BOARD_KEY = (
    ("*", "* elite"), ("!", "! boss"), ("[=]", "[=] closed door"), ("^", "^ trap"), ("▲", "▲ obstacle"),
    ("~", "~ hazardous"), ("≈", "≈ difficult terrain"), ("c", "c coins"), ("###", "### wall"),
)  # fmt: skip
"""A board symbol and what it means, in the order the key lists them."""


def question(game: Game, d: Decision) -> str:
    """The decision as a sentence, the words the web page uses
    (:func:`delvekit.gloomhaven.decision_words.prompt`)."""
    return decision_words.prompt(d, D.figure_names(game), game)


def choice_line(game: Game, d: Decision, c: Choice) -> str:
    """A listed choice: its label in words, its note, then the text that may be typed for it:
    ``Kill Cultist 4 (3/5)  [kill cultist#4]``."""
    cards = cards_of(game, d.actor)
    if c.kind == "take" and c.args and c.args[0] in cards:  # a card of the hand: its line says it all
        return f"{card_line(cards[c.args[0]])}  [{c}]"
    label = decision_words.choice_label(game, d, c, D.figure_names(game))
    return f"{label}{choice_note(game, d, c)}  [{c}]"


def choice_note(game: Game, d: Decision, c: Choice) -> str:
    """What a choice costs beyond its label: a card's text, a warning before a choice that
    loses a card or exhausts the character."""
    cards = cards_of(game, d.actor)
    args = list(c.args)
    if c.kind == "take" and args and args[0] in cards:
        return "  " + card_line(cards[args[0]])
    if c.kind == "take" and args and args[0].isdigit():
        f = game.state.figures.get(d.actor)
        if f is not None and int(args[0]) >= f.hp:
            return f"  (EXHAUSTS {D.figure_names(game).get(d.actor, d.actor)}, {f.hp} health left)"
        return ""
    if c.kind in ("top", "bottom") and args and args[0] in cards:
        half = cards[args[0]].top if c.kind == "top" else cards[args[0]].bottom
        return f": {D.half_text(half)}" + ("  (LOSES the card)" if half.lost else "")
    if c.kind in ("lose-hand", "lose-discard"):
        return f"  (LOSES {'them' if len(args) > 1 else 'it'} for the rest of the scenario)"
    if d.kind == "battle-goal" and c.kind == "keep" and args:  # what the goal asks, not only its name
        from delvekit.gloomhaven.battle_goal_words import goal_words
        from delvekit.gloomhaven.scenario.battle_goals import CHECKS

        said = goal_words(args[0], CHECKS.get(args[0]))
        return f" ({said})" if said else ""
    return ""


def display_order(d: Decision) -> list[Choice]:
    """The choices as listed: the safe answer first where a slip would cost a card (no rest
    before a short rest; damage that exhausts after the cards that negate it)."""
    choices = list(d.choices)
    if d.kind == "short-rest":
        choices.sort(key=lambda c: c.kind == "short-rest")
    return choices


Prompt = Callable[[str], str | None]
Say = Callable[[object], None]


def ask_select(game: Game, d: Decision, prompt: Prompt, say: Say) -> str | None:
    """Two cards then the lead: the hand is listed with text and initiative; the answer is two
    numbers, the leading card first (``3 7``), ``r`` for a long rest or a choice's text. Returns
    the choice text, or a non-choice answer (``q``, ``u``, ``b``) for the caller."""
    cards = cards_of(game, d.actor)
    hand = list(dict.fromkeys(a for c in d.choices if c.kind == "select" for a in c.args))
    who = D.figure_names(game).get(d.actor, d.actor)
    say(f"» {who}: choose two cards for the round, the leading one first (its initiative counts):")
    for n, cid in enumerate(hand, 1):
        say(f"  {n:>2}. {card_line(cards[cid])}" if cid in cards else f"  {n:>2}. {cid}")
    rest = "long-rest" in d.choices.texts()
    if rest:
        say("   r. long rest" + choice_note(game, d, next(c for c in d.choices if c.kind == "long-rest")))
    while True:
        answer = prompt("two card numbers, leading first (e.g. 3 7)" + (", r=long rest" if rest else ""))
        if answer is None:
            return None
        a = answer.strip().lower()
        if a in ("q", "quit", "u", "undo", "b", "board"):
            return a
        if a in ("r", "rest") and rest:
            return "long-rest"
        if answer.strip() in d.choices.texts():
            return answer.strip()
        parts = a.replace(",", " ").split()
        if len(parts) == 2 and all(p.isdigit() and 1 <= int(p) <= len(hand) for p in parts):
            text = f"select {hand[int(parts[0]) - 1]} {hand[int(parts[1]) - 1]}"
            if text in d.choices.texts():
                return text
        if not a:  # Enter alone: say what to type
            say(f"type two card numbers 1-{len(hand)}, the leading card first (e.g. 3 7); q quits")
            continue
        say(f"not a legal answer: {answer!r} (two different card numbers 1-{len(hand)}, leading first)")


def ask_move(
    game: Game, d: Decision, prompt: Prompt, say: Say, labels: dict[str, str]
) -> list[str] | str | None:
    """A move by its destination: the reachable hexes are listed (and underlined on the board);
    the answer is a destination ``q,r`` or its number, ``s`` to stop. Returns the steps there
    followed by ``stop``, or a non-choice answer for the caller."""
    from delvekit.gloomhaven.engine.destinations import reach

    paths = reach(game)
    dests = sorted(paths, key=lambda h: (len(paths[h]), h))
    hexes = {tuple(int(x) for x in h.split(",")) for h in dests}
    say(coord_board(game, labels, hexes))  # type: ignore[arg-type]
    say(f"{d.actor} moves: where to? (line q, number r; underlined hexes can be reached)")
    say("  " + "  ".join(f"{n}. {h} ({len(paths[h])})" for n, h in enumerate(dests, 1)))
    others = [c for c in d.choices if c.kind != "step"]
    for c in others:
        say(
            f"   {'s' if c.kind == 'stop' else '-'}. {c}"
            + ("  (end the move here)" if c.kind == "stop" else "")
        )
    while True:
        answer = prompt("destination q,r or its number, s=stop here")
        if answer is None:
            return None
        a = answer.strip().lower()
        if a in ("q", "quit", "u", "undo", "b", "board"):
            return a
        if a in ("s", "stop") and "stop" in d.choices.texts():
            return ["stop"]
        if answer.strip() in d.choices.texts():
            return [answer.strip()]
        key = a.replace(" ", "")
        if key.isdigit() and 1 <= int(key) <= len(dests):
            key = dests[int(key) - 1]
        if key in paths:
            return [*paths[key], "stop"]
        say(f"not a reachable destination: {answer!r}")
