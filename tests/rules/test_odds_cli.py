"""`delve odds`: the JSON contract, class decks with perks, and one clear error per bad input."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

import pytest
from click.testing import CliRunner

from delvekit.cli import odds as odds_cli
from delvekit.cli.main import _register, cli
from delvekit.gloomhaven.model.modifiers import apply_perks, cards_of, standard_deck
from delvekit.gloomhaven.model.odds import attack_distribution

_register()


@dataclass(frozen=True)
class Perk:
    """The content pack's perk shape (remove/add card texts, boxes)."""

    remove: tuple[str, ...] = ()
    add: tuple[str, ...] = ()
    ignore: str | None = None
    count: int = 1


BRUTE = (
    Perk(remove=("-1", "-1")),
    Perk(remove=("-1",), add=("+1",)),
    Perk(add=("+1", "+1"), count=2),
    Perk(add=("+3",)),
    Perk(add=("rolling +0 push 1",) * 3, count=2),
    Perk(add=("rolling +0 pierce 3",) * 2),
    Perk(ignore="negative_item_effects", add=("+1",)),
)


@pytest.fixture
def brute(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake(class_id: str) -> tuple[str, tuple[Perk, ...]]:
        if class_id.lower() != "brute":
            raise odds_cli.InputError(f"unknown class {class_id!r} (known: brute)", where="--class")
        return "Brute", BRUTE

    monkeypatch.setattr(odds_cli, "class_perks", fake)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["odds", *args])
    return result.exit_code, result.output


def test_json_contract_matches_the_api() -> None:
    code, out = run("--attack", "3", "--advantage", "--curse", "2", "--shield", "1", "--json")
    assert code == 0
    data = json.loads(out)
    expected = attack_distribution(3, advantage=True, curse=2, shield=1)
    assert data["distribution"] == {str(d): float(p) for d, p in expected.probabilities.items()}
    assert data["expected"] == float(expected.expected)
    assert {k: Fraction(v) for k, v in data["exact"]["distribution"].items()} == {
        str(d): p for d, p in expected.probabilities.items()
    }


def test_pretty_table() -> None:
    code, out = run("--attack", "3", "--bless", "1", "--pierce", "2")
    assert code == 0
    assert "Attack 3, standard deck, 1 bless, pierce 2" in out
    assert "expected damage: 3.143" in out  # (60 + 6) / 21
    assert "█" in out


def test_class_deck_with_perks(brute: None) -> None:
    code, out = run("--attack", "2", "--class", "brute", "--perks", "1,3,3,5", "--json")
    assert code == 0, out
    deck = apply_perks(standard_deck(), [BRUTE[0], BRUTE[2], BRUTE[2], BRUTE[4]])
    assert len(deck) == 25 and sum(c.rolling for c in deck) == 3
    data = json.loads(out)
    assert data["expected"] == pytest.approx(float(attack_distribution(2, deck=deck).expected))
    # Push comes only from the 3 rolling cards: 1 − P(the first card is not one of them).
    assert Fraction(data["exact"]["effects"]["push"]) == Fraction(3, 25)
    code, out = run("--attack", "2", "--class", "brute", "--perks", "1,3,3,5")
    assert "effects added by the cards: push 12.00%" in out


def test_class_without_perks_is_the_standard_deck(brute: None) -> None:
    assert run("--attack", "2", "--class", "Brute", "--json") == run("--attack", "2", "--json")


def test_add_and_remove_cards(brute: None) -> None:
    code, out = run("--attack", "3", "--add", "-1", "--add", "rolling +0 stun", "--remove", "null", "--json")
    assert code == 0, out
    deck = [c for c in standard_deck() if str(c) != "null"] + list(cards_of(["-1", "rolling +0 stun"]))
    assert {k: Fraction(v) for k, v in json.loads(out)["exact"]["distribution"].items()} == {
        str(d): p for d, p in attack_distribution(3, deck=deck).probabilities.items()
    }
    code, out = run("--attack", "3", "--class", "brute", "--perks", "1", "--add", "-1")
    assert code == 0 and "Brute deck with perks 1, +card -1" in out


def test_list_perks(brute: None) -> None:
    code, out = run("--attack", "1", "--class", "brute", "--list-perks")
    assert code == 0
    assert " 1. [1x] remove -1, -1" in out
    assert " 5. [2x] add rolling +0 push 1, rolling +0 push 1, rolling +0 push 1" in out
    assert " 7. [1x] add +1; ignore negative item effects" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--class", "wizard"], "--class: unknown class 'wizard'"),
        (["--class", "brute", "--perks", "8"], "--perks: Brute has 7 perk lines, there is no perk 8"),
        (["--class", "brute", "--perks", "0"], "--perks: perk numbers are whole numbers from 1, got '0'"),
        (["--class", "brute", "--perks", "1,x"], "got 'x'"),
        (["--class", "brute", "--perks", "4,4"], "perk 4 of Brute can be taken 1 time(s), asked 2"),
        (["--class", "brute", "--perks", "1,2,2"], "perk 2 of Brute can be taken 1 time(s), asked 2"),
        (["--perks", "1"], "--perks and --list-perks need --class"),
        (["--advantage", "--disadvantage"], "not both"),
        (["--bless", "-1"], "bless: must be a whole number of at least 0"),
        (["--shield", "-2"], "shield: must be a whole number of at least 0"),
        (["--curse", "11"], "curse: a deck holds at most 10 curse cards (§2.8), this one 11"),
        (["--remove", "+3"], "--add/--remove: cannot remove '+3': no such card left in the deck"),
        (["--add", "+1 zap"], "--add/--remove: modifier card '+1 zap': unknown word 'zap'"),
    ],
)
def test_bad_input_gives_one_clear_error(brute: None, args: list[str], message: str) -> None:
    code, out = run("--attack", "3", *args)
    assert code != 0
    assert message in out
    assert "Traceback" not in out and len(out.strip().splitlines()) == 1


def test_perk_removing_a_missing_card_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(odds_cli, "class_perks", lambda _: ("Odd", (Perk(remove=("+4",)),)))
    code, out = run("--attack", "3", "--class", "odd", "--perks", "1")
    assert code != 0 and "Odd: perk 1: cannot remove '+4'" in out


def test_unknown_class_from_the_real_content_pack() -> None:
    with pytest.raises(odds_cli.InputError, match="unknown class 'no-such-class'"):
        odds_cli.class_perks("no-such-class")


def test_missing_attack_is_a_usage_error() -> None:
    code, out = run("--json")
    assert code == 2 and "--attack" in out


def test_every_bundled_class_takes_all_its_perks() -> None:
    """Every perk line of every bundled class, in order and as often as it has boxes, changes the
    deck cleanly (each removed card is there: some lines replace cards an earlier line added),
    and the odds of the resulting deck can be counted."""
    from delvekit.gloomhaven.content import load_pack

    classes = load_pack().classes
    if not classes:
        pytest.skip("the content pack has no classes yet")
    for class_id, klass in classes.items():
        assert klass.perks, class_id
        taken = [perk for perk in klass.perks for _ in range(perk.count)]
        deck = apply_perks(standard_deck(), taken)
        assert len(deck) >= 10, class_id
        assert attack_distribution(2, deck=deck, advantage=True).expected > 0, class_id
