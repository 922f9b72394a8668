"""`delve play`: a scenario in the terminal, every rule automated; people or bots decide.

The board (with coordinates) is drawn with Rich at the start of each round and of each person's
turn; the goal comes first and events are printed in plain words as they happen
(:mod:`delvekit.cli.play_words`). A decision is a numbered list of its legal choices with the
cards' text (answer with the number or the choice's text; the hand with several numbers at once);
the round's two cards are chosen by number, the leading one first, and a move by its
destination. ``b`` redraws the board, ``u`` takes back your last choice and the bots' choices
after it, ``q`` quits, writing ``--save``/``--log`` first. Every
scenario 1-95 plays to its end. ``--party`` takes 2-4 playable classes (``delve content facts``:
every level-1 and X card encoded); at ``--level N`` a character has the health of level N and
builds its hand from the encoded cards of level N or lower (a higher-level card not encoded yet
is left out of its pool). ``--bots random|greedy`` lets bots play every character, or only those
named by ``--bot-seats``; decisions of "the party" (ties, monster pushes) go to a person unless
every seat is a bot. A bot's own generator is seeded from the game seed when the command starts
(a loaded game's random bot does not continue the first run's sequence). Nothing is written
before the game is under way, so a bad option changes nothing.

``--campaign NAME --scenario N [--characters A,B] [--checkmarks A=1] [--db PATH]`` plays with a
campaign's characters and applies the result to it when the scenario ends
(:mod:`delvekit.cli.play_campaign`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from delvekit.core.errors import DelvekitError, InputError

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from delvekit.core.records import Decision, Event
    from delvekit.gloomhaven.bots.players import Bot
    from delvekit.gloomhaven.engine.game import Game

_EVENT_STYLE = {
    "round": "bold underline",
    "turn": "bold cyan",
    "damage": "red",
    "killed": "bold red",
    "exhausted": "bold magenta",
    "condition": "yellow",
    "healed": "green",
    "looted": "gold1",
    "door-opened": "bold dark_goldenrod",
    "room-revealed": "bold dark_goldenrod",
    "scenario-goal": "bold green",
    "modifiers": "grey50",
    "unresolved": "italic grey50",
}
_DIFFICULTIES = ("easy", "normal", "hard", "very_hard")


def new_game(
    scenario: int,
    party: str,
    *,
    level: int = 1,
    seed: int = 1,
    content: str | None = None,
    difficulty: str = "normal",
    items: str | None = None,
) -> Game:
    """The game of ``scenario`` for ``party`` (``"brute,mindthief"``) from the content pack
    (with the user folder ``content`` laid over it); ``items`` equips them
    (``"brute=1,3;mindthief=12"``, see :func:`parse_items`)."""
    from delvekit.gloomhaven.content import load_pack
    from delvekit.gloomhaven.content.adapter import Member, setup_from_pack
    from delvekit.gloomhaven.engine.game import Game

    members = [p.strip().lower() for p in party.split(",") if p.strip()]
    if not members:
        raise InputError("name 2 to 4 classes, e.g. brute,mindthief", where="--party")
    pack = load_pack(extra=content) if content else load_pack()
    setup = setup_from_pack(
        pack,
        scenario,
        [Member(m, level, kit) for m, kit in zip(members, parse_items(items, members), strict=True)],
        difficulty=difficulty,  # type: ignore[arg-type]
        seed=seed,  # scenario 55's stand-in map
        battle_goals=True,  # §2.6: two dealt, one kept
    )
    return Game(setup, seed=seed)


def _goal_words(c: object) -> str:
    """`` battle-goal=hoarder met (1 check)`` / ``... not judged``, and treasures looted."""
    goal = getattr(c, "battle_goal", None)
    words = ""
    if goal is not None:
        met = getattr(c, "battle_goal_met", None)
        verdict = "not judged (give --checkmarks)" if met is None else ("met" if met else "not met")
        words += f" battle-goal={goal} {verdict} checkmarks={getattr(c, 'checkmarks', 0)}"
    treasures = getattr(c, "treasures", ())
    if treasures:
        words += " treasures=" + ",".join(map(str, treasures))
    return words


def parse_items(text: str | None, members: list[str]) -> list[tuple[int, ...]]:
    """The item numbers each member brings, from ``CLASS=N,N;CLASS=N`` (classes as in
    ``--party``; item numbers as in the content pack). The equipment limits are checked when the
    game is built (§2.7).

    >>> parse_items("brute=1,3; mindthief=12", ["brute", "mindthief"])
    [(1, 3), (12,)]
    >>> parse_items("tinkerer=1", ["brute"])
    Traceback (most recent call last):
    ...
    delvekit.core.errors.InputError: --items: tinkerer is not in the party (brute)
    """
    out: dict[str, tuple[int, ...]] = {m: () for m in members}
    for part in (text or "").split(";"):
        if not part.strip():
            continue
        who, sep, numbers = part.partition("=")
        who = who.strip().lower()
        if not sep or not numbers.strip():
            raise InputError(f"expected CLASS=N,N (e.g. brute=1,3), got {part.strip()!r}", where="--items")
        if who not in out:
            raise InputError(f"{who} is not in the party ({', '.join(members)})", where="--items")
        try:
            out[who] += tuple(int(n) for n in numbers.split(",") if n.strip())
        except ValueError:
            raise InputError(f"item numbers are integers: {numbers.strip()!r}", where="--items") from None
    return [out[m] for m in members]


def seats(game: Game, bots: str | None, bot_seats: str | None) -> dict[str, Bot]:
    """Which actor each bot plays: every character with ``bots`` alone, the named ones with
    ``bot_seats``; ``party`` too when every character is a bot."""
    from delvekit.gloomhaven.bots.players import make_bot

    characters = [c.id for c in game.setup.party]
    if bot_seats is not None and bots is None:
        raise InputError("--bot-seats needs --bots random|greedy", where="--bot-seats")
    if bots is None:
        return {}
    if bot_seats is None or bot_seats.strip().lower() == "all":
        chosen = list(characters)
    else:
        chosen = [s.strip().lower() for s in bot_seats.split(",") if s.strip()]
        unknown = [s for s in chosen if s not in characters]
        if unknown or not chosen:
            raise InputError(
                f"not in the party: {', '.join(unknown) or '(none given)'} (party: {', '.join(characters)})",
                where="--bot-seats",
            )
    bot = make_bot(bots, game.seed)
    out = {c: bot for c in chosen}
    if set(chosen) == set(characters):
        out["party"] = bot
    return out


# ------------------------------------------------------------------ drawing


def figure_labels(game: Game) -> dict[str, str]:
    """A two-character label for each figure id: characters by class (``Br``), monsters by a
    letter of their type and their standee number (``G3``), summons ``s1``.

    >>> from delvekit.gloomhaven.testing.examples import tiny_setup
    >>> from delvekit.gloomhaven.engine.game import Game
    >>> labels = figure_labels(Game(tiny_setup(), seed=1))
    >>> labels["brute"], labels["bandit-guard#1"]
    ('Br', 'G1')
    """
    letters: dict[str, str] = {}
    used: set[str] = set()
    for name in sorted({f.name for f in game.state.figures.values() if f.kind == "monster"}):
        candidates = [w[0].upper() for w in reversed(name.split("-")) if w] + [
            c.upper() for c in name if c.isalpha()
        ]
        pick = next((c for c in candidates if c not in used), None)
        if pick is None:
            pick = next(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in used)
        used.add(pick)
        letters[name] = pick
    labels: dict[str, str] = {}
    summons = 0
    for f in game.state.figures.values():
        if f.kind == "character":
            labels[f.id] = f.id[:2].capitalize()
        elif f.kind == "monster":
            labels[f.id] = f"{letters.get(f.name, '?')}{f.standee % 10}"
        else:
            summons += 1
            labels[f.id] = f"s{summons % 10}"
    return labels


def board_view(game: Game) -> RenderableType:
    """The board now (figures, closed doors, coins) and a status table, as Rich renderables."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from delvekit.cli.play_words import coord_board
    from delvekit.gloomhaven.describe import figure_names
    from delvekit.gloomhaven.model.elements import Element

    st = game.state
    labels = figure_labels(game)
    names = figure_names(game)
    board = game.board()
    parts: list[RenderableType] = [
        Text(f"scenario {game.setup.scenario} - level {game.setup.level} - round {st.round}", style="bold")
    ]
    if board is not None:
        parts.append(coord_board(game, labels))
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    for col in ("", "figure", "hp", "conditions", "cards hand/discard/lost"):
        table.add_column(col)
    for f in sorted(st.figures.values(), key=lambda f: (f.kind != "character", f.id)):
        cards = ""
        if f.kind == "character":
            ch = st.characters[f.id]
            cards = f"{len(ch.hand)}/{len(ch.discard)}/{len(ch.lost)}"
        conds = ", ".join(c.value for c in f.conditions)
        table.add_row(labels[f.id], names.get(f.id, f.id), f"{f.hp}/{f.max_hp}", conds, cards)
    parts.append(table)
    strong = [f"{e.value} {st.elements[e].name.lower()}" for e in Element if st.elements[e]]
    if strong:
        parts.append(Text("elements: " + ", ".join(strong), style="italic"))
    parts += [Text(line, style="italic") for line in items_lines(game)]
    return Group(*parts)


def items_lines(game: Game) -> list[str]:
    """One line per character with items: each item's number, name and state (§13).

    >>> from delvekit.cli.play import new_game
    >>> items_lines(new_game(1, "brute,mindthief", items="brute=3,12"))
    ['Brute items: 3 Hide Armor (unused, 2 use slots), 12 Minor Healing Potion (unused)']
    """
    from delvekit.gloomhaven.describe import figure_names

    names = figure_names(game)
    out = []
    for ch in game.setup.party:
        state = game.state.characters[ch.id]
        shown = []
        for item in ch.items:
            used = state.item_uses.get(item.number, 0)
            slots = f", {used}/{item.uses} use slots" if item.uses and used else ""
            slots = slots or (f", {item.uses} use slots" if item.uses else "")
            shown.append(f"{item.number} {item.name} ({state.items.get(item.number, 'unused')}{slots})")
        if shown:
            out.append(f"{names.get(ch.id, ch.id)} items: " + ", ".join(shown))
    return out


def event_text(event: Event) -> tuple[str, str]:
    """An event as one printed line and its style."""
    return f"  {event}", _EVENT_STYLE.get(event.kind, "")


# ------------------------------------------------------------------ playing


UNDO = "\x00undo"
"""A person's answer asking to take back their last choice (never a choice's text)."""


class Session:
    """One game being played in the terminal."""

    def __init__(
        self,
        game: Game,
        bots: dict[str, Bot],
        console: Console,
        *,
        quiet: bool,
        save: Path | None,
        log: Path | None,
    ) -> None:
        self.game = game
        self.bots = bots
        self.console = console
        self.quiet = quiet
        self.save_path = save
        self.log_path = log
        self.by_person = [True] * len(game.log)
        """For each logged choice: made by a person (choices of a loaded game count as such)."""

    def show(self, events: list[Event]) -> None:
        """Events in plain words; the board at the start of each round and of each person's turn."""
        from delvekit.cli.play_words import event_words

        if self.quiet:
            return
        for kind, text in event_words(events, self.game):
            self.console.print(text, style=_EVENT_STYLE.get(kind) or None, highlight=False, markup=False)
        for e in events:
            if e.kind == "round" or (e.kind == "turn" and e.args and self._person(e.args[0])):
                self.console.print(board_view(self.game))
                break

    def _person(self, fid: str) -> bool:
        return fid in self.game.state.characters and fid not in self.bots

    def say(self, what: object) -> None:
        self.console.print(what, highlight=False, markup=False)

    def prompt(self, text: str) -> str | None:
        try:
            return str(click.prompt(text, default="", show_default=False))
        except (click.Abort, EOFError):
            return None

    def ask(self, d: Decision) -> str | list[str] | None:
        """A person's answer: the choice text (or a move's steps), ``UNDO``, or ``None`` to quit."""
        from delvekit.cli import play_words as W

        special: str | list[str] | None = ""
        if d.kind == "select" and any(c.kind == "select" for c in d.choices):
            special = W.ask_select(self.game, d, self.prompt, self.say)
        elif d.kind == "move" and any(c.kind == "step" for c in d.choices):
            special = W.ask_move(self.game, d, self.prompt, self.say, figure_labels(self.game))
        if special != "":
            if special in ("q", "quit") or special is None:
                return None
            if special in ("u", "undo"):
                if any(self.by_person):
                    return UNDO
                self.console.print("nothing to undo: no choice of yours yet")
                return self.ask(d)
            if special in ("b", "board"):
                self.console.print(board_view(self.game))
                return self.ask(d)
            return special
        shown = W.display_order(d)
        several = " (several numbers at once, e.g. 1 4 5)" if d.kind == "hand" else ""
        asked = W.question(self.game, d) + several
        asked += "" if asked.endswith(("?", ")")) else ":"
        self.console.print(f"» {asked}", style="bold", highlight=False, markup=False)
        for n, c in enumerate(shown, 1):
            self.console.print(f"  {n:>3}. {W.choice_line(self.game, d, c)}", highlight=False, markup=False)
        while True:
            try:
                raw = click.prompt(
                    "choice (number, text, b=board, u=undo, q=quit)", default="", show_default=False
                )
            except (click.Abort, EOFError):
                return None
            answer = raw.strip()
            if answer.lower() in ("q", "quit"):
                return None
            if answer.lower() in ("b", "board"):
                self.console.print(board_view(self.game))
                continue
            if answer.lower() in ("u", "undo"):
                if any(self.by_person):
                    return UNDO
                self.console.print("nothing to undo: no choice of yours yet")
                continue
            numbers = answer.replace(",", " ").split()
            picks = [p for p in numbers if p.isdigit() and len(p) < 6 and 1 <= int(p) <= len(shown)]
            if len(numbers) > 1 and len(picks) == len(numbers):
                picked = [shown[int(p) - 1] for p in dict.fromkeys(numbers)]
                if all(c.kind == "take" for c in picked):  # the hand: several cards at once, not too many
                    if len(picked) <= (need := W.hand_room(self.game, d.actor)):
                        return [str(c) for c in picked]
                    self.console.print(f"that is {len(picked)} cards: choose {need} at most", highlight=False)
                    continue
            if answer.isdigit() and len(answer) < 6 and 1 <= int(answer) <= len(shown):
                return str(shown[int(answer) - 1])
            if answer and answer in d.choices.texts():
                return answer
            said = repr(answer) if len(answer) <= 80 else f"{answer[:60]!r}... ({len(answer)} characters)"
            self.console.print(  # an empty line (Enter alone) is asked again, saying what to type
                f"type a number 1-{len(shown)} or a choice's text (q quits)"
                if not answer
                else f"not a legal choice: {said} (a number 1-{len(shown)} or a choice's text)",
                highlight=False,
                markup=False,
            )

    def undo(self) -> None:
        """Take back the last choice a person made (and the bots' choices after it)."""
        last = max(i for i, person in enumerate(self.by_person) if person)
        self.game = self.game.undo(len(self.game.log) - last)
        del self.by_person[last:]
        self.console.print(f"undone: back to choice {last + 1} (round {self.game.state.round})")

    def run(self) -> bool:
        """Play until the end (``True``) or until a person quits (``False``)."""
        if not self.quiet:
            from delvekit.cli.play_words import goal_lines

            for line in goal_lines(self.game):
                self.console.print(line, style="bold green", highlight=False, markup=False)
            self.console.print(board_view(self.game))
        while self.game.decision is not None:
            d = self.game.decision
            bot = self.bots.get(d.actor)
            if bot is not None:
                choice = str(bot.choose(self.game))
                if not self.quiet:  # in words, as a person's choices are listed
                    from delvekit.cli.play_words import bot_line

                    said = bot_line(self.game, d, choice)
                    self.console.print(said, style="bold", highlight=False, markup=False)
            else:
                answer = self.ask(d)
                if answer is None:
                    self.write()
                    return False
                if answer is UNDO:
                    self.undo()
                    continue
                if isinstance(answer, list):  # a move's steps: each checked, while the move lasts
                    for n, step in enumerate(answer):
                        now = self.game.decision
                        if n and (now is None or (now.actor, now.kind) != (d.actor, d.kind)):
                            break
                        if not self.game.can_choose(step):
                            break
                        self.show(self.game.choose(step))
                        self.by_person.append(True)
                    continue
                choice = answer
            self.show(self.game.choose(choice))
            self.by_person.append(bot is None)
        self.write()
        return True

    def write(self) -> None:
        if self.save_path is not None:
            self.save_path.write_text(self.game.save() + "\n", encoding="utf-8")
        if self.log_path is not None:
            self.log_path.write_text("\n".join(self.game.log_lines()) + "\n", encoding="utf-8")


def _writable(path: str | None, option: str) -> Path | None:
    if path is None:
        return None
    p = Path(path)
    if p.is_dir() or not p.parent.is_dir():
        raise InputError(f"cannot write {path}: not a file in an existing folder", where=option)
    return p


@click.command("play")
@click.option("--scenario", type=int, help="Scenario number, 1-95 (each plays to victory or defeat).")
@click.option("--party", help="Comma-separated classes, e.g. brute,mindthief (2-4).")
@click.option(
    "--level",
    type=int,
    default=1,
    show_default=True,
    help="Level of every character, 1-9 (health of that level; a class whose higher-level cards "
    "are not all encoded yet chooses its hand from its encoded cards of that level or lower).",
)
@click.option("--difficulty", type=click.Choice(_DIFFICULTIES), default="normal", show_default=True)
@click.option(
    "--items",
    help="Items the characters bring, by number: CLASS=N,N;CLASS=N (e.g. 'brute=1,3;mindthief=12'); "
    "refused when the equipment limits are broken.",
)
@click.option(
    "--bots",
    type=click.Choice(["random", "greedy", "search"]),
    help="Let a bot play (every seat by default).",
)
@click.option("--bot-seats", help="Comma-separated characters the bot plays (default: all).")
@click.option("--seed", type=int, default=1, show_default=True, help="The game's random seed.")
@click.option(
    "--save", "save", type=click.Path(dir_okay=False), help="Write the game here when it ends or you quit."
)
@click.option("--load", "load", type=click.Path(dir_okay=False), help="Continue a saved game.")
@click.option(
    "--log", "log", type=click.Path(dir_okay=False), help="Write the JSON-lines log here (for delve replay)."
)
@click.option(
    "--content", type=click.Path(file_okay=False), help="A custom content folder laid over the bundled pack."
)
@click.option("--quiet", is_flag=True, help="Print only the final line: result: victory|defeat rounds=N.")
@click.option(
    "--campaign", help="Play with this campaign's characters and apply the result to it when it ends."
)
@click.option("--characters", help="With --campaign: comma-separated names who play (default: all active).")
@click.option("--checkmarks", help="With --campaign: battle-goal check marks earned, e.g. Ana=1,Bo=2.")
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="With --campaign: the campaign database (default: the user's data directory).",
)
def command(
    scenario: int | None,
    party: str | None,
    level: int,
    difficulty: str,
    items: str | None,
    bots: str | None,
    bot_seats: str | None,
    seed: int,
    save: str | None,
    load: str | None,
    log: str | None,
    content: str | None,
    quiet: bool,
    campaign: str | None,
    characters: str | None,
    checkmarks: str | None,
    db_path: Path | None,
) -> None:
    """Play a scenario in the terminal (people and/or bots decide; the engine does the rest)."""
    from rich.console import Console

    from delvekit.cli.play_campaign import CampaignGame, apply_result, campaign_game, open_store
    from delvekit.gloomhaven.engine.game import Game

    cg: CampaignGame | None = None
    try:
        save_path, log_path = _writable(save, "--save"), _writable(log, "--log")
        if campaign is None and (characters or checkmarks or db_path):
            raise InputError("--characters, --checkmarks and --db go with --campaign NAME", where="play")
        if items is not None and (campaign is not None or load is not None):
            raise InputError("--items goes with --scenario and --party", where="--items")
        if campaign is not None:
            source = click.get_current_context().get_parameter_source("level")
            if source is not None and source.name != "DEFAULT":
                raise InputError("levels come from the campaign's characters", where="--level")
            if load is not None or party is not None or scenario is None:
                raise InputError(
                    "--campaign takes --scenario N and plays the campaign's characters "
                    "(not --party or --load)",
                    where="--campaign",
                )
            with open_store(db_path) as store:
                cg = campaign_game(
                    store,
                    campaign,
                    scenario,
                    characters=characters,
                    checkmarks=checkmarks,
                    seed=seed,
                    content=content,
                    difficulty=difficulty,
                )
            game = cg.game
        elif load is not None:
            if scenario is not None or party is not None:
                raise InputError("a loaded game already has its scenario and party", where="--load")
            try:
                raw = Path(load).read_bytes()
            except OSError as exc:
                raise InputError(f"cannot read: {exc.strerror or exc}", where=load) from None
            from delvekit.core.jsonio import decode_text

            game = Game.load(decode_text(raw, where=load), where=load)
        else:
            if scenario is None or party is None:
                raise InputError("give --scenario N and --party a,b[,c,d] (or --load FILE)", where="play")
            game = new_game(
                scenario, party, level=level, seed=seed, content=content, difficulty=difficulty, items=items
            )
        players = seats(game, bots, bot_seats)
        if quiet and any(c.id not in players for c in game.setup.party):
            raise InputError(
                "with --quiet every seat must be a bot (--bots without --bot-seats)", where="--quiet"
            )
        session = Session(game, players, Console(highlight=False), quiet=quiet, save=save_path, log=log_path)
        finished = session.run()
        game = session.game
        applied = None
        if finished and cg is not None:
            cg.game = game
            with open_store(db_path) as store:
                applied = apply_result(store, cg)
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None
    if not finished:
        if not quiet:
            where = ", ".join(str(p) for p in (save_path, log_path) if p is not None)
            click.echo(f"quit at round {game.state.round}" + (f"; written: {where}" if where else ""))
            if cg is not None:
                click.echo(f"campaign {cg.campaign!r} unchanged")
        return
    if not quiet and game.outcome is not None:
        for c in game.outcome.characters:
            click.echo(
                f"{c.id}: xp={c.xp} coins={c.coins} gold={c.gold} bonus_xp={c.bonus_xp}"
                + (" exhausted" if c.exhausted else "")
                + _goal_words(c)
            )
    if applied is not None and not quiet:
        gains = ", ".join(f"{n}: xp +{r.xp}, gold +{r.gold}" for n, r in applied.characters.items())
        click.echo(f"campaign {campaign!r}: scenario {applied.scenario} recorded ({gains})")
    click.echo(f"result: {game.result} rounds={game.state.round}")
