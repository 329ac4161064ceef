"""Places and moves in the generated code (unodsl/engine/moves.py): `move`, `shuffle`,
`deal`, `shuffle hands`."""
from __future__ import annotations

import difflib

from ...errors import ScriptError
from .. import ast
from ..registry import compiles


# What a place holds, as a value (`draw pile.size`), and the round's method reading it (engine/moves.py).
PLACE_ATTRIBUTES = {"size": "size_of", "top": "top_of", "colour": "colour_of"}


class MoveCode:
    """Moves between hands and piles, as calls of g.move, g.shuffle_pile and g.deal."""

    @compiles(ast.Move)
    def s_Move(self, s):
        source, destination = self.place(s.source, source=True), self.place(s.destination)
        if s.destination.player is not None and s.destination.pile is None and s.position != "top":
            raise ScriptError("a hand has no top or bottom: cards moved to a hand are simply held",
                              s.destination.line, s.destination.column, hint="leave the position out")
        cards = s.cards
        count = "None" if cards.count is None else self.amount(cards.count, "`move`")
        picker = "None" if cards.picker is None else self.single(cards.picker)
        self.emit(f"g.move(me, {source}, {destination}, {count}, {self.predicate(cards.predicate)}, {picker}, "
                  f"{cards.random}, {s.position!r})")

    @compiles(ast.Shuffle)
    def s_Shuffle(self, s):
        if s.place.pile is None:
            raise ScriptError("only a pile can be shuffled: a hand has no order", s.place.line, s.place.column,
                              hint="`shuffle aside pile`, or `shuffle hands` to shuffle and deal every hand again")
        self.emit(f"g.shuffle_pile({self.place(s.place)})")

    @compiles(ast.Deal)
    def s_Deal(self, s):
        if s.source.every_hand:
            raise ScriptError("deal from one place: collect every hand first", s.source.line, s.source.column,
                              hint="move all cards from every hand to aside pile, then deal all cards from aside pile")
        first = "None" if s.first is None else self.single(s.first)
        self.emit(f"g.deal(me, {self.place(s.source)}, list({self.each(s.group)}), {first})")

    @compiles(ast.ShuffleHands)
    def s_ShuffleHands(self, s):
        # (sugar: every hand to the aside pile, shuffled, dealt out one at a time "starting with
        # the player on the left" and round the table that way, whichever way play goes)
        self.emit("g.move(me, ('hands', None), ('pile', 'aside'), None, None, None, False)")
        self.emit("g.shuffle_pile(('pile', 'aside'))")
        left = ast.RelativePlayer(s.line, s.column, "relative", ast.Player(s.line, s.column, "me"), "left")
        self.emit(f"g.deal(me, ('pile', 'aside'), g.leftwards(me), {self.seat_source(left)})")

    @compiles(ast.PlaceAttr)
    def x_PlaceAttr(self, node, card):
        """`draw pile.size`, `left pile.top`, `left pile.colour`: read of the round as it is."""
        place = node.place
        if node.attr not in PLACE_ATTRIBUTES:
            raise ScriptError(f"a place has no `{node.attr}`", node.line, node.column,
                              hint=f"a place has {', '.join(PLACE_ATTRIBUTES)} (`draw pile.size`, `left pile.top`)")
        if node.attr != "size" and (place.pile is None or place.every_hand):
            raise ScriptError(f"a hand has no {node.attr}: only a pile has a top card", node.line, node.column,
                              hint="`my hand.size` is the number of cards it holds")
        self.pure = False  # (it reads the round)
        return f"g.{PLACE_ATTRIBUTES[node.attr]}({self.place(place, source=True)})"

    def place(self, place: ast.Place, source: bool = False) -> str:
        """A place as the engine takes it: ('hand', seat), ('pile', name) or ('hands', None)."""
        if place.every_hand:
            if not source:
                raise ScriptError("cards cannot go to every hand at once", place.line, place.column,
                                  hint="deal them: `deal all cards from aside pile to everyone`")
            return "('hands', None)"
        own = self.vocab.player_piles
        if place.player is not None and place.pile is not None:
            if place.pile not in own:
                raise ScriptError(f"there is no {place.pile} pile of each player's own", place.line, place.column,
                                  hint=_pile_hint(place.pile, own) if own else
                                  "an edition gives each player a pile in `piles:` (`{deck: each player}`)")
            return f"g.own_pile({place.pile!r}, {self.single(place.player)})"
        if place.player is not None:
            return f"('hand', {self.single(place.player)})"
        if place.pile in own:
            raise ScriptError(f"each player has a {place.pile} pile: say whose", place.line, place.column,
                              hint=f"`my {place.pile} pile`, `next's {place.pile} pile`")
        known = ("draw", "discard", "aside", *self.vocab.piles, *self.vocab.discard_piles)
        if place.pile not in known:
            raise ScriptError(f"there is no {place.pile} pile", place.line, place.column,
                              hint=_pile_hint(place.pile, known))
        return repr(("pile", place.pile))


def _pile_hint(name: str, known: tuple) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    if close:
        return f"did you mean '{close[0]}'?"
    return f"the piles are {', '.join(known)}; an edition declares its own in `piles:`"
