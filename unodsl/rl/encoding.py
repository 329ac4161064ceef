"""A seat's view as numbers: the observation's layout, derived from the edition.

Every block reads the SeatView the engine hands the seat (unodsl.engine.view) and the
decision put to it, never the round, so no hidden card can reach the observation.
Seats are counted from the observing seat (+0 itself, +1 the next in seat order, ...),
so a block means the same whoever observes. Scaling: card counts as they are; hand and
pile sizes over the edition's hand size and deck size; scores over the target score;
a counter of the edition's state as sign(x)·log(1 + |x|) (counters may be large).
"""
from __future__ import annotations

import math

import numpy as np

from ..engine.decisions import KINDS
from ..limits import MAX_DECK_CARDS
from .actions import ActionTable, IllegalAction, all_colours


# Every value lies within ±BOUND: counts of cards are at most a deck's, sizes and scores are
# scaled, counters are logarithms, turns to miss are capped at it.
BOUND = float(MAX_DECK_CARDS)


class Encoding:
    """The observation's blocks and the actions of `edition` at `players` seats."""

    def __init__(self, edition, players: int):
        self.edition = edition
        self.players = players
        self.table = ActionTable(edition, players)
        self.actions = self.table.labels
        self.faces = len(edition.faces)
        self.colours = all_colours(edition)
        self.colour_index = {c: i for i, c in enumerate(self.colours)}
        vocab = edition.vocabulary
        self.player_vars = list(vocab.player_state.values())
        self.game_vars = list(vocab.game_state.values())
        self.hand_scale = max(1, int(edition.settings.get("hand_size", 7) or 7))
        self.deck_scale = max(1, len(edition.deck))
        self.score_scale = max(1, int(edition.settings.get("target_score", 500) or 500))
        self.sides = len(edition.sides)
        self.pile_names = tuple(vocab.piles)
        self.layout: list[tuple[str, int, int]] = []
        self._blocks: list = []
        self._plan()
        self.size = sum(length for _, _, length in self.layout)
        self._zeros = np.zeros(self.size, dtype=np.float32)

    # ---- the layout ---------------------------------------------------------------

    def _block(self, name: str, length: int, fill) -> None:
        start = self.layout[-1][1] + self.layout[-1][2] if self.layout else 0
        self.layout.append((name, start, length))
        self._blocks.append((start, fill))

    def _plan(self) -> None:
        n, faces = self.players, self.faces
        self._block("hand: cards of each face held", faces, self._hand)
        self._block("top card: its face (one-hot)", faces, self._top)
        self._block("colour in play (one-hot; last: none)", len(self.colours) + 1, self._colour)
        self._block("direction of play (+1 or -1)", 1, lambda out, at, v, d: out.__setitem__(at, v.direction))
        self._block("hand sizes, seat +0..+n-1 (/ hand size)", n, self._sizes)
        self._block("others' cards seen, seat +1..+n-1: faces of hands played face up, backs of two-sided "
                    "cards (counts per face)", (n - 1) * faces, self._seen)
        self._block("draw pile, discard pile, the edition's own piles (/ deck size)", 2 + len(self.pile_names),
                    self._piles)
        self._block("scores, seat +0..+n-1 (/ target score)", n, self._scores)
        self._block("turns each seat must still miss, seat +0..+n-1", n, self._skips)
        self._block("went down to one card without calling UNO, seat +0..+n-1", n, self._uncalled)
        self._block("a draw waiting for its answer: its victim (seat +k, one-hot) and its cards (/ hand size)",
                    n + 1, self._pending)
        if self.sides:
            self._block("side up (one-hot)", self.sides, lambda out, at, v, d: out.__setitem__(at + v.side, 1.0))
        for var in self.player_vars:
            width = self._var_width(var)
            self._block(f"player state `{var.name}` ({var.type}), seat +0..+n-1", n * width,
                        self._player_var(var, width))
        for var in self.game_vars:
            self._block(f"game state `{var.name}` ({var.type})", self._var_width(var), self._game_var(var))
        self._block("the decision's kind (one-hot, in unodsl.engine.decisions' order)", len(KINDS), self._kind)
        self._block("what the decision is about: a card's face (one-hot)", faces, self._about_card)
        self._block("what the decision is about: a seat (+k, one-hot)", n, self._about_seat)
        self._block("what the decision is about: cards to draw (/ hand size)", 1, self._about_count)

    # ---- blocks ---------------------------------------------------------------------

    def _rel(self, view, seat: int) -> int:
        return (seat - view.me) % self.players

    def _hand(self, out, at, view, decision) -> None:
        for card in view.hand:
            out[at + card.face] += 1.0

    def _top(self, out, at, view, decision) -> None:
        if view.top is not None:
            out[at + view.top.face] = 1.0

    def _colour(self, out, at, view, decision) -> None:
        out[at + self.colour_index.get(view.colour, len(self.colours))] = 1.0

    def _sizes(self, out, at, view, decision) -> None:
        for seat, size in enumerate(view.hand_sizes):
            out[at + self._rel(view, seat)] = size / self.hand_scale

    def _seen(self, out, at, view, decision) -> None:
        faces = self.faces
        for seat, cards in (*view.face_up.items(), *view.backs.items()):
            if seat == view.me:
                continue
            base = at + (self._rel(view, seat) - 1) * faces
            for card in cards:
                out[base + card.face] += 1.0

    def _piles(self, out, at, view, decision) -> None:
        out[at] = view.draw_size / self.deck_scale
        out[at + 1] = len(view.discard) / self.deck_scale
        for i, name in enumerate(self.pile_names):
            out[at + 2 + i] = view.pile_sizes.get(name, 0) / self.deck_scale

    def _scores(self, out, at, view, decision) -> None:
        for seat, score in enumerate(view.scores):
            out[at + self._rel(view, seat)] = score / self.score_scale

    def _skips(self, out, at, view, decision) -> None:
        for seat, skips in enumerate(view.skips):
            out[at + self._rel(view, seat)] = min(skips, BOUND)

    def _uncalled(self, out, at, view, decision) -> None:
        pending = view.uno_pending
        for seat in ({pending} if isinstance(pending, int) else set()) | set(view.uncalled):
            out[at + self._rel(view, seat)] = 1.0

    def _pending(self, out, at, view, decision) -> None:
        if view.pending_draw is not None:
            victim, total = view.pending_draw
            out[at + self._rel(view, victim)] = 1.0
            out[at + self.players] = total / self.hand_scale

    def _kind(self, out, at, view, decision) -> None:
        if decision is not None:  # (none: another seat decides, or the round is over)
            out[at + KINDS.index(decision.kind)] = 1.0

    def _about_card(self, out, at, view, decision) -> None:
        about = decision.about if decision is not None else None
        if hasattr(about, "face"):
            out[at + about.face] = 1.0

    def _about_seat(self, out, at, view, decision) -> None:
        about = decision.about if decision is not None else None
        if isinstance(about, int) and not isinstance(about, bool) and decision.kind in ("challenge", "catch"):
            out[at + self._rel(view, about)] = 1.0

    def _about_count(self, out, at, view, decision) -> None:
        about = decision.about if decision is not None else None
        if about is not None and decision.kind == "stack" and isinstance(about, int) and not isinstance(about, bool):
            out[at] = about / self.hand_scale

    # ---- the edition's state --------------------------------------------------------

    def _var_width(self, var) -> int:
        return {"colour": len(self.colours) + 1, "card": self.faces + 1}.get(var.type, 1)

    def _state_value(self, out, offset: int, var, value, view) -> None:
        if var.type == "colour":
            out[offset + self.colour_index.get(value, len(self.colours))] = 1.0
        elif var.type == "card":
            out[offset + (value.face if hasattr(value, "face") else self.faces)] = 1.0
        elif isinstance(value, bool) or var.type == "flag":
            out[offset] = 1.0 if value else 0.0
        elif isinstance(value, (int, float)):
            out[offset] = math.copysign(math.log1p(abs(value)), value)  # (within ±21: |value| ≤ 10^9)

    def _player_var(self, var, width: int):
        def fill(out, at, view, decision) -> None:
            for seat, values in enumerate(view.player_state):
                self._state_value(out, at + self._rel(view, seat) * width, var, values.get(var.name), view)
        return fill

    def _game_var(self, var):
        def fill(out, at, view, decision) -> None:
            self._state_value(out, at, var, view.game_state.get(var.name), view)
        return fill

    # ---- the interface --------------------------------------------------------------

    def observe(self, view, decision=None) -> np.ndarray:
        """The observation of `view` as `decision` is put to its seat (None: the seat is not
        deciding; the decision's blocks are zero)."""
        out = self._zeros.copy()
        for start, fill in self._blocks:
            fill(out, start, view, decision)
        return out

    def no_actions(self) -> np.ndarray:
        """The mask of a seat that is not deciding."""
        return np.zeros(len(self.actions), dtype=np.int8)

    def mask(self, decision, view) -> np.ndarray:
        return self.mask_of(self.table.legal(decision, view))

    def mask_of(self, legal: dict) -> np.ndarray:
        mask = np.zeros(len(self.actions), dtype=np.int8)
        mask[list(legal)] = 1
        return mask

    def option(self, decision, view, action: int, legal: dict | None = None):
        """The engine's option that `action` answers `decision` with (IllegalAction if the
        mask forbids it; `legal`: the decision's legal actions, if known)."""
        if legal is None:
            legal = self.table.legal(decision, view)
        if action not in legal:
            label = self.actions[action] if 0 <= action < len(self.actions) else f"number {action}"
            raise IllegalAction(f"action {action} ({label}) is not allowed now: the seat is asked a "
                                f"{decision.kind} decision (see the observation's action_mask)")
        return legal[action]
