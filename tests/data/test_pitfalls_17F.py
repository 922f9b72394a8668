"""The rules digest's data pitfalls (§17.F), pinned as regression tests on the bundled pack.

The values were settled by the cross-check against the X-haven Assistant data (docs/content.md);
these tests keep a later import from silently changing them.
"""

from __future__ import annotations

from delvekit.gloomhaven.content import load_pack


def test_17f_bandit_guard_elite_shield_levels_4_to_6() -> None:
    guard = load_pack().monsters["bandit-guard"]
    for level in (4, 5, 6):
        shields = [a.value for a in guard.stats(level, "elite").abilities if a.type == "shield"]
        assert shields == [2], level
    # The normal guard never has an innate shield at those levels.
    assert not [a for a in guard.stats(4, "normal").abilities if a.type == "shield"]


def test_17f_scoundrel_hand_limit_is_nine() -> None:
    scoundrel = load_pack().classes["scoundrel"]
    assert scoundrel.hand_size == 9
    # A class starts with its hand size plus the three X cards at level 1.
    assert len(scoundrel.cards_at(1)) == scoundrel.hand_size + 3
