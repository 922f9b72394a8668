"""The bundled content pack: it loads, its numbers are the base game's, and it passes the check."""

from __future__ import annotations

from delvekit.gloomhaven.content import load_pack
from delvekit.gloomhaven.content.check import check_pack
from delvekit.gloomhaven.content.expr import value
from delvekit.gloomhaven.content.schema import CardAbility


def test_bundled_pack_is_complete() -> None:
    pack = load_pack()
    assert load_pack() is pack  # decoded once, cached
    assert len(pack.classes) == 17
    assert len(pack.monsters) == 60
    assert len(pack.monster_decks) == 30
    assert len([i for i in pack.items.values() if not i.solo]) == 133
    assert len(pack.battle_goals) == 24
    assert len(pack.personal_quests) == 24
    assert len(pack.events) == 150
    assert sum(e.kind == "city" for e in pack.events.values()) == 81
    assert len(pack.treasures) == 75
    assert pack.prosperity == (4, 9, 15, 22, 30, 39, 50, 64)
    assert {c.id for c in pack.classes.values()} >= {
        "beast-tyrant",
        "sunkeeper",
        "plagueherald",
        "doomstalker",
    }


def test_bundled_pack_passes_every_check() -> None:
    # `delve content check` on the bundled pack: every invariant, scenarios included.
    assert check_pack(load_pack()) == []


def test_bandit_guard_stats() -> None:
    guard = load_pack().monsters["bandit-guard"]
    assert guard.name == "Bandit Guard"
    assert guard.deck == "guard"
    assert guard.count == 6
    level4 = guard.stats(4, "elite")
    assert (level4.health, level4.move, level4.attack) == (11, 3, 4)
    innate = {a.type: a.value for a in level4.abilities}
    assert innate == {"condition": "muddle", "shield": 2}


def test_boss_health_is_a_formula() -> None:
    gloom = load_pack().monsters["the-gloom"]
    assert gloom.boss
    line = gloom.stats(0, "boss")
    assert line.health == "20xC"
    assert value(line.health, C=3) == 60
    assert "curse" in gloom.immunities
    assert len(gloom.specials) == 2


def test_monster_decks_have_eight_cards_and_relative_values() -> None:
    pack = load_pack()
    for deck in pack.monster_decks.values():
        assert len(deck.cards) == 8, deck.id
    guard = pack.monster_decks["guard"]
    card = next(c for c in guard.cards if c.number == 525)
    assert card.initiative == 30
    assert [(a.type, a.value, a.mode) for a in card.abilities] == [
        ("move", 1, "plus"),
        ("attack", 1, "minus"),
    ]


def test_brute_and_mindthief_are_playable_others_list_missing_cards() -> None:
    pack = load_pack()
    brute = pack.classes["brute"]
    assert brute.health == (10, 12, 14, 16, 18, 20, 22, 24, 26)
    assert brute.hand_size == 10
    assert len(brute.cards) == 29
    assert all(brute.playable_at(level) for level in range(1, 10))
    assert pack.classes["mindthief"].playable_at(9)
    assert pack.classes["tinkerer"].playable_at(9) and pack.classes["sunkeeper"].playable_at(9)
    for cid in ("quartermaster", "spellweaver", "summoner", "soothsinger", "elementalist", "beast-tyrant"):
        assert pack.classes[cid].playable_at(9) and not pack.classes[cid].missing_cards(9), cid
    for klass in pack.classes.values():  # a class not playable names its missing cards
        if not klass.playable_at(1):
            missing = klass.missing_cards(1)
            assert missing and all(card.level in (1, "X") for card in missing)
            assert len(klass.missing_cards(9)) >= len(missing)


def test_brute_card_structure() -> None:
    trample = next(c for c in load_pack().classes["brute"].cards if c.name == "Trample")
    assert (trample.number, trample.level, trample.initiative) == (1, 1, 72)
    assert trample.bottom.lost and trample.bottom.xp == 2
    attack = trample.top.abilities[0]
    assert (attack.type, attack.value) == ("attack", 3)
    assert [(s.type, s.value) for s in attack.sub] == [("pierce", 2)]


def test_perks_are_modifier_operations() -> None:
    from delvekit.gloomhaven.model.modifiers import parse_card

    brute = load_pack().classes["brute"]
    assert brute.perks[0].remove == ("-1", "-1")
    assert any(p.add == ("rolling +0 push 1",) * 3 and p.count == 2 for p in brute.perks)
    assert any(p.ignore == "negative_item_effects" for p in brute.perks)
    for klass in load_pack().classes.values():
        for perk in klass.perks:
            for card in perk.add + perk.remove:
                assert str(parse_card(card)) == card


def test_ocr_damaged_names_fixed_only_with_a_second_source() -> None:
    pack = load_pack()
    cards = {c.number: c for c in pack.classes["elementalist"].cards}
    assert cards[453].name == "Infernal Vortex"  # spelled so by a second source
    assert cards[453].source_name == "Infernal Uortex"
    assert cards[469].name == "Simulacrum" and not cards[469].source_name  # sources differ: GHS kept
    doomstalker = {c.number: c for c in pack.classes["doomstalker"].cards}
    assert (doomstalker[378].name, doomstalker[378].source_name) == ("Felling Swoop", "Felling")
    brute = {c.number: c for c in pack.classes["brute"].cards}
    assert brute[18].name == "Unstoppable Charge"


def test_items() -> None:
    items = load_pack().items
    boots = items[1]
    assert (boots.name, boots.slot, boots.cost, boots.count, boots.use, boots.prosperity) == (
        "Boots of Striding",
        "legs",
        20,
        2,
        "spent",
        1,
    )
    assert all(
        item.slot in {"head", "body", "legs", "one-hand", "two-hands", "small"} for item in items.values()
    )


def _customs(abilities: tuple[CardAbility, ...]) -> list[str]:
    out: list[str] = []
    for a in abilities:
        if a.type == "custom":
            out.append(str(a.value))
        out.extend(_customs(a.sub))
    return out


def test_brute_and_mindthief_free_text_lines_are_structured() -> None:
    pack = load_pack()
    for class_id in ("brute", "mindthief"):
        klass = pack.classes[class_id]
        rules = [r for c in klass.cards for half in (c.top, c.bottom) for r in _customs(half.abilities)]
        rules += [r for s in klass.summons for r in _customs(s.abilities)]
        assert rules, class_id
        assert not [r for r in rules if ".abilities." in r], class_id  # no GHS label key left
    hook = next(c for c in pack.classes["brute"].cards if c.name == "Hook and Chain")
    condition = hook.bottom.abilities[0].sub[0]
    assert condition.value == "if-moved-in-straight-line"
    assert [a.type for a in condition.sub] == ["attack", "custom"]
    feedback = next(c for c in pack.classes["mindthief"].cards if c.name == "Feedback Loop")
    augment = feedback.top.abilities[0]
    assert augment.type == "augment" and augment.sub[0].type == "shield"
    assert feedback.top.persistent and feedback.top.xp == 1


def test_every_class_has_hand_size_plus_three_starting_cards() -> None:
    # A new character's pool is every level-1 card and the three X cards (rules digest §16.2);
    # in the base game the level-1 cards number exactly the hand size.
    for klass in load_pack().classes.values():
        assert len(klass.cards_at(1)) == klass.hand_size + 3, klass.id
        assert sum(c.level == "X" for c in klass.cards) == 3, klass.id


def test_x_cards_are_numbered_just_below_the_level_two_cards() -> None:
    for klass in load_pack().classes.values():
        first_level_two = min(c.number for c in klass.cards if c.level == 2)
        below = sorted(c.number for c in klass.cards if c.number < first_level_two and c.level != "M")
        assert sorted(c.number for c in klass.cards if c.level == "X") == below[-3:], klass.id


def test_transcribed_tinkerer_cards() -> None:
    cards = {c.number: c for c in load_pack().classes["tinkerer"].cards}
    mine = cards[30]
    assert mine.source.startswith("transcribed from")
    assert mine.top.lost and mine.bottom.abilities[0].value == 4
    decoy = cards[31].top.abilities[0].summon
    assert decoy is not None and (decoy.health, decoy.move, decoy.can_attack) == (6, 2, False)
    flamethrower = cards[32].top.abilities[0]
    area = next(a for a in flamethrower.sub if a.type == "area")
    assert sorted(h.kind for h in area.area) == ["active", "target", "target", "target"]
    assert [s.xp for s in cards[44].top.slots] == [0, 1, 0, 1]
