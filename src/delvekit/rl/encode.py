"""Fixed-size observations and action masks of a game, as one character's player sees it.

An :class:`Encoder` is built once per environment (scenario and party fixed); its observation
is a flat ``float32`` vector of

- **board planes** over the bounding box of the scenario's hexes (rows ``r``, columns ``q``):
  hex exists, wall or obstacle, trap or hazardous, difficult, closed door, coins, the character
  itself, its allies' and summons' health, normal and elite monsters' health, monsters stunned
  or disarmed;
- **public features**: round, elements, the kind of the pending decision and whether it is this
  character's; the character's own health, XP, coins, conditions and its own piles (hand,
  discard, lost, active, selected: one slot per card it brought); for every other character
  only what its players show: health, conditions, exhaustion, initiative once revealed, and
  the *number* of cards in its hand, discard and lost piles;
- **choice features**: one row per action slot, describing the pending decision's legal choice
  in that slot (its kind, the cards it names, the hex or figure it names relative to the
  character), so a policy can tell what an index means.

Nothing else enters: no draw pile order, no other character's cards or selection before the
reveal, no generator. Action ``i`` is the pending decision's ``i``-th legal choice; the mask
marks the slots that hold one. The action space is as large as the largest card selection of
the party (``hand × (hand - 1) + 1`` choices: ordered pairs and a long rest).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from delvekit.core.board import Terrain
from delvekit.core.hexes import Hex
from delvekit.core.records import Choice, Decision
from delvekit.gloomhaven.engine.game import Game
from delvekit.gloomhaven.model.conditions import Condition
from delvekit.gloomhaven.model.elements import Element

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

DECISION_KINDS = (
    "select", "hand", "action", "move", "attack", "damage", "long-rest", "short-rest",
    "short-rest-loss", "start", "monster", "push", "pull", "heal", "summon", "control", "afflict",
    "ally", "pick-up", "tie", "consume",
)  # fmt: skip
"""Decision kinds with a slot of their own (others share the last slot)."""
CHOICE_KINDS = (
    "select", "long-rest", "take", "top", "bottom", "basic-top", "basic-bottom", "step", "stop",
    "target", "skip", "all", "area", "lose-hand", "lose-discard", "outcome", "short-rest", "no-rest",
    "accept", "reroll", "start", "control", "heal", "summon-at", "push-to", "decline", "ally",
    "pick-up", "keep-active", "lose", "first", "item", "consume",
)  # fmt: skip
PLANES = 13
CONDITIONS = tuple(Condition)
ELEMENTS = tuple(Element)
MIN_ACTIONS = 32
_SCALE_HP = 30.0
_SCALE_CARDS = 15.0


class Encoder:
    """Observations and masks for one scenario and party (sizes fixed at construction)."""

    def __init__(self, game: Game) -> None:
        board = game.board()
        hexes: Sequence[Hex] = sorted(board.hexes) if board is not None else [(0, 0)]
        self.q0 = min(h[0] for h in hexes)
        self.r0 = min(h[1] for h in hexes)
        self.width = max(h[0] for h in hexes) - self.q0 + 1
        self.height = max(h[1] for h in hexes) - self.r0 + 1
        self.characters = [c.id for c in game.setup.party]
        self.cards = {c.id: [card.id for card in c.hand] for c in game.setup.party}
        self.card_slots = max(len(v) for v in self.cards.values())
        most = max(c.hand_limit for c in game.setup.party)
        self.actions = max(MIN_ACTIONS, most * (most - 1) + 1)
        self._static = self._terrain_planes(game)
        own = 4 + len(CONDITIONS) + 5 * self.card_slots
        other = 9 + len(CONDITIONS)
        self.features = 3 + len(ELEMENTS) + len(DECISION_KINDS) + 2 + own + other * (len(self.characters) - 1)
        self.choice_width = len(CHOICE_KINDS) + 1 + 2 * self.card_slots + 4
        self.size = PLANES * self.height * self.width + self.features + self.actions * self.choice_width

    # ------------------------------------------------------------ planes

    def _cell(self, h: Hex) -> tuple[int, int] | None:
        r, q = h[1] - self.r0, h[0] - self.q0
        if 0 <= r < self.height and 0 <= q < self.width:
            return r, q
        return None

    def _terrain_planes(self, game: Game) -> Vector:
        planes = np.zeros((4, self.height, self.width), dtype=np.float32)
        board = game.board()
        if board is None:
            return planes
        for h in board.hexes:
            cell = self._cell(h)
            if cell is None:
                continue
            planes[0][cell] = 1.0
            t = board.terrain_at(h)
            if t in (Terrain.WALL, Terrain.OBSTACLE):
                planes[1][cell] = 1.0
            elif t in (Terrain.TRAP, Terrain.HAZARDOUS):
                planes[2][cell] = 1.0
            elif t is Terrain.DIFFICULT:
                planes[3][cell] = 1.0
        return planes

    def planes(self, game: Game, viewer: str) -> Vector:
        st = game.state
        out = np.zeros((PLANES, self.height, self.width), dtype=np.float32)
        out[:4] = self._static
        board = game.board()
        if board is not None:
            # terrain that changed in play (a sprung trap is gone)
            for h in board.hexes:
                cell = self._cell(h)
                if (
                    cell is not None
                    and out[2][cell]
                    and board.terrain_at(h) not in (Terrain.TRAP, Terrain.HAZARDOUS)
                ):
                    out[2][cell] = 0.0
            for h in board.doors - st.opened:
                cell = self._cell(h)
                if cell is not None:
                    out[4][cell] = 1.0
        for h, n in st.coins.items():
            cell = self._cell(h)
            if cell is not None:
                out[5][cell] = n / 3.0
        for f in st.figures.values():
            cell = self._cell(f.hex)
            if cell is None:
                continue
            health = max(0, f.hp) / max(1, f.max_hp)
            if f.id == viewer:
                out[6][cell] = 1.0
            elif f.kind == "character":
                out[7][cell] = health
            elif f.kind == "summon":
                out[8][cell] = health
            elif f.kind == "monster":
                out[10 if f.rank == "elite" else 9][cell] = health
                if Condition.STUN in f.conditions or Condition.DISARM in f.conditions:
                    out[11][cell] = 1.0
                out[12][cell] = f.hp / _SCALE_HP
            else:  # objectives and other figures: treated as monsters' side
                out[12][cell] = f.hp / _SCALE_HP
        return out.reshape(-1)

    # ------------------------------------------------------------ features

    def _piles(self, viewer: str, *piles: Sequence[str]) -> list[float]:
        order = self.cards[viewer]
        out: list[float] = []
        for pile in piles:
            slots = [0.0] * self.card_slots
            for card in pile:
                if card in order:
                    slots[order.index(card)] = 1.0
            out += slots
        return out

    def public(self, game: Game, viewer: str) -> Vector:
        st = game.state
        d = game.decision
        revealed = bool(st.order or st.pending_ties)
        out: list[float] = [st.round / 20.0, float(st.result == "victory"), float(st.result == "defeat")]
        out += [float(st.elements[e]) / 2.0 for e in ELEMENTS]
        kind = [0.0] * (len(DECISION_KINDS) + 1)
        if d is not None:
            kind[DECISION_KINDS.index(d.kind) if d.kind in DECISION_KINDS else -1] = 1.0
        out += kind
        out.append(float(d is not None and d.actor == viewer))
        ch = st.characters[viewer]
        f = st.figures.get(viewer)
        out += [
            (f.hp / max(1, f.max_hp)) if f else 0.0,
            (f.max_hp / _SCALE_HP) if f else 0.0,
            ch.xp / 20.0,
            ch.coins / 10.0,
        ]
        out += [float(f is not None and c in f.conditions) for c in CONDITIONS]
        out += self._piles(viewer, ch.hand, ch.discard, ch.lost, [a.card for a in ch.active], ch.selected)
        initiative = {t.id: t.initiative for t in st.order if t.kind == "character"}
        for cid in self.characters:
            if cid == viewer:
                continue
            other = st.characters[cid]
            g = st.figures.get(cid)
            out += [
                (g.hp / max(1, g.max_hp)) if g else 0.0,
                (g.max_hp / _SCALE_HP) if g else 0.0,
                float(other.exhausted),
                len(other.hand) / _SCALE_CARDS,
                len(other.discard) / _SCALE_CARDS,
                len(other.lost) / _SCALE_CARDS,
                len(other.active) / _SCALE_CARDS,
                float(revealed and bool(other.selected)),
                (initiative.get(cid, 0) / 100.0) if revealed else 0.0,
            ]
            out += [float(g is not None and c in g.conditions) for c in CONDITIONS]
        return np.asarray(out, dtype=np.float32)

    def choice_rows(self, game: Game, viewer: str) -> Vector:
        rows = np.zeros((self.actions, self.choice_width), dtype=np.float32)
        d = game.decision
        if d is None or d.actor not in (viewer, "party"):
            return rows.reshape(-1)
        st = game.state
        f = st.figures.get(viewer)
        here = f.hex if f is not None else (0, 0)
        order = self.cards[viewer]
        for i, c in enumerate(d.choices[: self.actions]):
            row = rows[i]
            row[CHOICE_KINDS.index(c.kind) if c.kind in CHOICE_KINDS else len(CHOICE_KINDS)] = 1.0
            base = len(CHOICE_KINDS) + 1
            cards = [a for a in c.args if a in order]
            for j, card in enumerate(cards[:2]):
                row[base + j * self.card_slots + order.index(card)] = 1.0
            at = _place(game, c)
            if at is not None:
                tail = base + 2 * self.card_slots
                row[tail] = 1.0
                row[tail + 1] = (at[0] - here[0]) / 10.0
                row[tail + 2] = (at[1] - here[1]) / 10.0
                target = next((g for g in st.figures.values() if g.id in c.args), None)
                row[tail + 3] = (target.hp / _SCALE_HP) if target is not None else 0.0
        return rows.reshape(-1)

    def observe(self, game: Game, viewer: str) -> Vector:
        """The observation of character ``viewer`` (a flat vector of :attr:`size` floats)."""
        return np.concatenate(
            [self.planes(game, viewer), self.public(game, viewer), self.choice_rows(game, viewer)]
        ).astype(np.float32)

    def mask(self, game: Game) -> Mask:
        """1 for every action slot holding a legal choice of the pending decision."""
        out = np.zeros(self.actions, dtype=np.int8)
        d = game.decision
        if d is not None:
            out[: min(self.actions, len(d.choices))] = 1
        return out

    def choice(self, decision: Decision, action: int) -> Choice | None:
        """The legal choice in slot ``action``, or ``None`` when the slot holds none."""
        if 0 <= action < min(self.actions, len(decision.choices)):
            return decision.choices[action]
        return None


def _place(game: Game, c: Choice) -> Hex | None:
    """The hex a choice names: a hex argument (``step 5,8``) or the figure it names."""
    for a in c.args:
        if "," in a:
            q, _, r = a.partition(",")
            try:
                return (int(q), int(r))
            except ValueError:
                continue
        f = game.state.figures.get(a)
        if f is not None:
            return f.hex
    return None
