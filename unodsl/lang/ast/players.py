"""Players in the syntax tree: by word, by seat, by rank, and held by a `let` name; each
with its row (unodsl/lang/registry.py; the player words are lang/statements.py's PLAYERS)."""
from __future__ import annotations

from dataclasses import dataclass

from ..registry import part
from .base import Node, nodes_of


@part("player", "my_hand", syntax="PLAYER", does="a player word: me, next, previous, others, ... (docs/effects.md, "
                                                  "\"Players\")")
@dataclass(frozen=True)
class Player(Node):
    """A player or group of players, relative to the acting player `me`."""

    who: str  # me next previous others everyone chosen dealer


@part("seat_offset", "after_next", syntax="N seats on / N seats back / after next",
      does="a player counted in seats from me, in the direction of play (back: against it)")
@dataclass(frozen=True)
class SeatOffset(Player):
    """`2 seats on` (the player after next), `1 seat back`: counted in the direction of
    play (back: against it), passing over eliminated players. `who` is "seat"."""

    offset: int


@part("ranked_player", syntax="highest FIGURE [among PLAYERS] / lowest FIGURE [among PLAYERS]",
      does="the player of a group with the highest (or lowest) figure; a tie goes to the first in turn order")
@dataclass(frozen=True)
class RankedPlayer(Player):
    """`highest hand among others`: the player of `among` with the highest (or lowest)
    figure; a tie goes to the first of them in turn order from me. `who` is "ranked"."""

    figure: str
    highest: bool
    among: Player


@part("relative_player", "relative_named", "seats_after", "seats_before",
      syntax="PLAYER's partner / left / right / next / previous / N seats after PLAYER / N seats before PLAYER",
      does="a player named from another: their partner, the player to their left or right (by the seats), "
           "or N seats after or before them in the direction of play")
@dataclass(frozen=True)
class RelativePlayer(Player):
    """`chosen's partner`, `p's left`, `2 seats after chosen`: a player named from another
    one player (`base`). `who` is "relative"."""

    base: Player
    relation: str  # partner left right next previous
    steps: int = 1  # next and previous: how many seats on (`2 seats after chosen`)


@part("named_player", "named_hand", syntax="NAME", does="the player a `let` name holds (`victim draws 2`)")
@dataclass(frozen=True)
class NamedPlayer(Player):
    """A player held by a `let` name (`let victim = chosen`, then `victim draws 2`).
    `who` is "named"."""

    name: str


__all__ = nodes_of(globals())
