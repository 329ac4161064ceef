"""Decisions: every choice a player makes, with its explicit list of legal options.

The engine yields a Decision and receives one of its options back. Options are
plain values: a Card to play, DRAW, a colour name, True/False, a seat number.
"""
from __future__ import annotations


class _Marker:
    """A named option that is not a card: DRAW, KEEP."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name

    def __reduce__(self):  # markers stay singletons through pickling (workers)
        return (_marker, (self.name,))


def _marker(name: str) -> "_Marker":
    return {"DRAW": DRAW, "KEEP": KEEP, "PASS": PASS}[name]


DRAW = _Marker("DRAW")  # draw a card instead of playing
KEEP = _Marker("KEEP")  # keep the card just drawn
PASS = _Marker("PASS")  # do not react


class TableUse:
    """An extra option while a table card lies in the middle: use `card` on `target`."""

    __slots__ = ("card", "target")

    def __init__(self, card, target: int):
        self.card = card
        self.target = target

    def __eq__(self, other) -> bool:
        return isinstance(other, TableUse) and (other.card, other.target) == (self.card, self.target)

    def __hash__(self) -> int:
        return hash((self.card.uid, self.target))

    def __repr__(self) -> str:
        return f"<use {self.card.name} on player {self.target}>"

# Decision kinds, and what their options are.
TURN = "turn"              # playable cards, and DRAW
PLAY_DRAWN = "play_drawn"  # [the drawn card, KEEP]
COLOUR = "colour"          # the edition's colours
CHALLENGE = "challenge"    # [True, False]: challenge the card just played against you?
CALL_UNO = "call_uno"      # [True, False]: call UNO as you play your next-to-last card?
CATCH = "catch"            # [True, False]: catch the player who did not call UNO?
PLAYER = "player"          # seats
YES_NO = "yes_no"          # [True, False]
QUESTION = "question"      # the answers written in the script
TOP_CARD = "top_card"      # which of the discarded cards goes on top
GIVE = "give"              # seats: who receives this card
DISCARD = "discard"        # cards: which card to discard
PICK = "pick"              # cards: which card to move (`move N cards picked by ...`); about = [kind, where]
                           # of the place they come from: ["hand", seat] or ["pile", name]
REACT = "react"            # reaction cards and PASS: cancel the action aimed at you?
STACK = "stack"            # cards that pass a draw on, and PASS (take it): about = the cards to draw
WRITE_RULE = "write_rule"  # a rule to write on a blank card: suggested scripts, "" to leave it
                           # blank; an answer from outside may be any script that compiles
JUMP_IN = "jump_in"        # cards identical to the top card (as a `jump in where` rule says), and
                           # PASS: play one out of turn? about = the top card (unodsl.engine.windows)
UNO_CALL = "uno_call"      # seats, and PASS: call UNO on yourself ("UNO!") or catch another player?
                           # about = the players holding one card without having called

KINDS = (TURN, PLAY_DRAWN, COLOUR, CHALLENGE, CALL_UNO, CATCH, PLAYER, YES_NO, QUESTION,
         TOP_CARD, GIVE, DISCARD, PICK, REACT, STACK, WRITE_RULE, JUMP_IN, UNO_CALL)
# The decisions every player sees put and answered (said aloud, or shown by a card face up):
# a seat's history keeps them for every seat. The others are put only when their player
# holds certain cards (a card that goes, stacks, jumps in, reacts; a drawn card that goes;
# cards to pick among): that they were put is the player's own knowledge, and only what
# they bring about is seen (a card played, a draw).
PUBLIC_KINDS = frozenset({COLOUR, CHALLENGE, CALL_UNO, CATCH, PLAYER, YES_NO, QUESTION, TOP_CARD, GIVE,
                          DISCARD, WRITE_RULE, UNO_CALL})


def plain(option):
    """An option as the event log writes it (JSON): a card as its uid and label."""
    if hasattr(option, "uid"):
        return {"card": option.uid, "label": option.label()}
    if isinstance(option, (bool, int, str)) or option is None:
        return option
    return repr(option)


class Decision:
    """A choice put to `player`: answer with one of `options`.

    `about` carries what the choice concerns: the card to give away, the player
    to catch or challenge, the question asked.
    """

    __slots__ = ("kind", "player", "options", "about")

    def __init__(self, kind: str, player: int, options: list, about=None):
        self.kind = kind
        self.player = player
        self.options = options
        self.about = about

    def __repr__(self) -> str:
        return f"Decision({self.kind}, player={self.player}, options={self.options!r})"
