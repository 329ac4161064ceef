"""The dealer's draw in a scenario's setup: `dealer: {draw: [[...], [...]]}`.

"Each player draws a card; the player that draws the highest number deals (count any card
with a symbol as zero)"; players who tie draw again. The first row names the card each
player turned, by seat; each row after it, the cards the players still tied turned, in
seat order. The rows must end with one dealer, who is worked out by the rule the match
plays by (unodsl.engine.modes.highest_drawn); play starts with the player after them
unless the setup says `turn:`.
"""
from __future__ import annotations

from typing import Any

from ..engine.modes import highest_drawn
from ..engine.setup import resolve_cards
from .checks import Checks
from .words import describe

DEALER_DRAW_HINT = "dealer: {draw: [[red 3, blue 9, green 9], [yellow 2, red 7]]} (a card per player, then per tied player)"


class DealerReading(Checks):
    """The reader's part for the dealer's draw."""

    def dealer_draw(self, path: tuple, value: Any) -> tuple[int, list[dict]] | None:
        """The dealer the draw gives and its rows by seat, or None (with a problem) if the
        draw is not well formed or leaves a tie."""
        rows = value.get("draw") if isinstance(value, dict) and set(value) == {"draw"} else None
        if not isinstance(rows, list) or not rows:
            self.problem(path, f"dealer is a seat or a draw, not {describe(value)}", DEALER_DRAW_HINT)
            return None
        contenders = list(range(self.players or 0))
        draws = []
        for index, row in enumerate(rows):
            where = (*path, "draw", index)
            if len(contenders) <= 1:
                self.problem(where, "the dealer was found before this row: no one draws again")
                return None
            if not self.text_list(where, row, "a row of the dealer's draw"):
                return None
            if len(row) != len(contenders):
                self.problem(where, f"this row has {len(row)} cards for the {len(contenders)} players drawing "
                                    f"(seats {', '.join(map(str, contenders))})", DEALER_DRAW_HINT)
                return None
            if any(self.card((*where, i), name) is None for i, name in enumerate(row)):
                return None
            drawn = {seat: resolve_cards(self.edition, [name], list(self.edition.deck))[0]
                     for seat, name in zip(contenders, row)}
            draws.append(dict(zip(contenders, row)))
            contenders = highest_drawn(drawn)
        if len(contenders) > 1:
            tied = ", ".join(map(str, contenders[:-1])) + f" and {contenders[-1]}"
            self.problem((*path, "draw"), f"seats {tied} still tie: add a row with "
                                          "the card each draws again", DEALER_DRAW_HINT)
            return None
        return contenders[0], draws
