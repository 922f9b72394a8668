"""`delve odds`: the exact damage distribution of one attack (rules digest §6.4–§6.5)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

import click

from delvekit.core.errors import DelvekitError, InputError
from delvekit.gloomhaven.model.modifiers import ModifierCard, apply_perks, deck_with_perks, standard_deck
from delvekit.gloomhaven.model.odds import Distribution, attack_distribution


def class_perks(class_id: str) -> tuple[str, Sequence[object]]:
    """The display name and perk lines of ``class_id`` from the content pack."""
    try:
        from delvekit.gloomhaven.content import load_pack
    except ImportError as exc:  # a broken install: say so in one line
        raise InputError(f"the content pack cannot be loaded ({exc})", where="--class") from None
    classes = load_pack().classes
    klass = classes.get(class_id.lower())
    if klass is None:
        by_name = {c.name.lower(): c for c in classes.values()}
        klass = by_name.get(class_id.lower())
    if klass is None:
        known = ", ".join(sorted(classes)) or "none"
        raise InputError(f"unknown class {class_id!r} (known: {known})", where="--class")
    return klass.name, klass.perks


def parse_perk_numbers(text: str) -> list[int]:
    """``"1,3,3"`` → ``[1, 3, 3]`` (perk lines numbered from 1; a line taken twice appears twice)."""
    numbers = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) < 1:
            raise InputError(f"perk numbers are whole numbers from 1, got {part!r}", where="--perks")
        numbers.append(int(part))
    return numbers


def perk_text(perk: object) -> str:
    """One perk line in words: ``remove -1, -1; add +1``."""
    parts = []
    remove, add = getattr(perk, "remove", ()), getattr(perk, "add", ())
    if remove:
        parts.append("remove " + ", ".join(remove))
    if add:
        parts.append("add " + ", ".join(add))
    ignore = getattr(perk, "ignore", None)
    if ignore:
        parts.append("ignore " + str(ignore).replace("_", " "))
    return "; ".join(parts) or "(no deck change)"


def class_deck(class_id: str, numbers: Sequence[int]) -> tuple[str, tuple[ModifierCard, ...]]:
    """The class's modifier deck with the chosen perk lines (checked against each line's boxes)."""
    name, perks = class_perks(class_id)
    try:
        return name, deck_with_perks(perks, numbers, owner=name)
    except InputError as exc:
        raise InputError(str(exc)[len(exc.where) + 2 :], where="--perks") from None


def _percent(p: Fraction) -> str:
    """A probability for people: two decimals, and never a misleading 0.00% for a rare outcome."""
    return "<0.01%" if 0 < p < Fraction(1, 10_000) else f"{float(p):.2%}"


def _render(dist: Distribution, title: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    table.add_column("damage", justify="right")
    table.add_column("probability", justify="right")
    table.add_column("at least", justify="right")
    table.add_column("", justify="left", no_wrap=True)
    top = max(dist.probabilities.values())
    for damage, p in sorted(dist.probabilities.items()):
        bar = "█" * max(1, round(30 * p / top))
        table.add_row(str(damage), _percent(p), _percent(dist.at_least(damage)), bar)
    console = Console()
    console.print(table)
    console.print(f"expected damage: [bold]{float(dist.expected):.3f}[/bold]  (exactly {dist.expected})")
    if dist.effects:
        shown = ", ".join(f"{name} {_percent(p)}" for name, p in dist.effects.items())
        console.print(f"effects added by the cards: {shown}")


@click.command("odds")
@click.option("--game", type=click.Choice(["gloomhaven", "descent"]), default="gloomhaven", show_default=True,
              help="Which game's odds.")  # fmt: skip
@click.option("--attack", "attack_text", required=True,
              help="Attack value after bonuses (poison: add 1); Descent: dice, e.g. blue,red.")  # fmt: skip
@click.option("--defense", metavar="DICE", help="Descent: defence dice, e.g. brown,gray.")
@click.option("--surges-for", "surges_for", metavar="A,B",
              help="Descent: surge abilities, e.g. +1heart,+2range.")  # fmt: skip
@click.option("--range", "need_range", type=int, default=0, help="Descent: range the target is at.")
@click.option("--class", "class_id", metavar="NAME", help="Use this class's modifier deck.")
@click.option("--perks", metavar="I,J,...", help="Perk lines taken (numbered from 1; repeat to take twice).")
@click.option("--list-perks", is_flag=True, help="List the class's perk lines and exit.")
@click.option("--bless", type=int, default=0, show_default=True, help="Bless cards in the deck.")
@click.option("--curse", type=int, default=0, show_default=True, help="Curse cards in the deck.")
@click.option("--advantage", is_flag=True, help="Draw with advantage (GH 1e procedure).")
@click.option("--disadvantage", is_flag=True, help="Draw with disadvantage (GH 1e procedure).")
@click.option("--shield", type=int, default=0, show_default=True, help="The target's shield.")
@click.option("--pierce", type=int, default=0, show_default=True, help="The attack's pierce.")
@click.option("--add", "added", metavar="CARD", multiple=True,
              help='Add a card to the deck, e.g. --add "-1" for an item (repeatable).')  # fmt: skip
@click.option("--remove", "removed", metavar="CARD", multiple=True,
              help="Remove a card from the deck (repeatable).")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help='Print {"distribution": ..., "expected": ...}.')
def command(
    game: str,
    attack_text: str,
    defense: str | None,
    surges_for: str | None,
    need_range: int,
    class_id: str | None,
    perks: str | None,
    list_perks: bool,
    bless: int,
    curse: int,
    advantage: bool,
    disadvantage: bool,
    shield: int,
    pierce: int,
    added: tuple[str, ...],
    removed: tuple[str, ...],
    as_json: bool,
) -> None:
    """Exact damage distribution of one attack against one target, counted over every order of
    the modifier deck (rolling cards, advantage and disadvantage by the GH 1e rules with the FAQ
    ambiguity ruling, bless and curse), never sampled. With --game descent: the exact damage, range
    and surge distributions of a dice pool (see docs/descent.md)."""
    if game == "descent":
        from delvekit.cli.odds_descent import run

        return run(attack_text, defense, surges_for, need_range, as_json)
    if defense or surges_for or need_range:
        raise click.ClickException("--defense, --surges-for and --range need --game descent")
    try:
        attack = int(attack_text)
    except ValueError:
        raise click.ClickException(f"--attack: a whole number, got {attack_text!r}") from None
    try:
        if advantage and disadvantage:
            raise InputError("choose --advantage or --disadvantage, not both", where="options")
        if (perks or list_perks) and not class_id:
            raise InputError("--perks and --list-perks need --class", where="options")
        title = "standard deck"
        deck = standard_deck()
        if class_id:
            if list_perks:
                name, lines = class_perks(class_id)
                for number, perk in enumerate(lines, start=1):
                    boxes = int(getattr(perk, "count", 1))
                    click.echo(f"{number:2d}. [{boxes}x] {perk_text(perk)}")
                return
            numbers = parse_perk_numbers(perks) if perks else []
            name, deck = class_deck(class_id, numbers)
            title = f"{name} deck" + (f" with perks {','.join(map(str, numbers))}" if numbers else "")
        if added or removed:
            try:
                deck = apply_perks(deck, [{"remove": list(removed), "add": list(added)}])
            except InputError as exc:
                raise InputError(str(exc).removeprefix("perk 1: "), where="--add/--remove") from None
            title += "".join(f", +card {t}" for t in added) + "".join(f", -card {t}" for t in removed)
        dist = attack_distribution(
            attack,
            deck=deck,
            advantage=advantage,
            disadvantage=disadvantage,
            bless=bless,
            curse=curse,
            shield=shield,
            pierce=pierce,
        )
    except DelvekitError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(dist.to_json()))
        return
    extras = [f"{n} {label}" for n, label in ((bless, "bless"), (curse, "curse")) if n]
    extras += ["advantage"] * advantage + ["disadvantage"] * disadvantage
    extras += [f"{label} {n}" for n, label in ((shield, "shield"), (pierce, "pierce")) if n]
    _render(dist, f"Attack {attack}, {title}" + "".join(f", {e}" for e in extras))


group = command
