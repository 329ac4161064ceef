"""Decisions: every choice a player makes, with its explicit list of legal options.

The engine yields a Decision and receives one of its options back. Options are
plain values: a Card to play, DRAW, a colour name, True/False, a seat number.
"""
from __future__ import annotations

from typing import NamedTuple


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

class DecisionKind(NamedTuple):
    """A kind of decision: what its options are (and what `about` carries), whether every
    player sees it put and answered, the words the prompt's `help` says of it, and the
    events by which another seat sees it answered when it is not public (seat.replay)."""

    name: str
    options: str
    public: bool
    help: str  # no card named: cards behave as their edition says
    shown_by: tuple = ()


# The answerers of decisions (the prompt's menus, the greedy agent) each keep a handler by
# kind and check at import, with check_answered, that they know every kind of this table;
# the random agent and the searches answer any kind alike (any option; a search of them).
ANSWERED_ALIKE = ("random", "mcts", "ismcts")

_TABLE = (
    DecisionKind("turn", "playable cards, and DRAW", False,
                 "Play a card that goes on the top card (the edition's rules say which), or draw "
                 "one. Type the card's number, or d to draw. To call UNO as you play your "
                 "next-to-last card, add uno: `3 uno`.", ("play", "table_use")),
    DecisionKind("play_drawn", "[the drawn card, KEEP]", False,
                 "The card you drew can be played at once: 1 (or p) plays it, k keeps it (when the "
                 "rules say it must be played, playing it is the only option).", ("play",)),
    DecisionKind("colour", "the edition's colours", True,
                 "Name the colour play continues with: its number or its name."),
    DecisionKind("challenge", "[True, False]: challenge the card just played against you? about = the accused",
                 True, "You may challenge the card just played against you. If it was played "
                 "against the rules (a bluff), its player takes the penalty; if not, you do."),
    DecisionKind("call_uno", "[True, False]: call UNO as you play your next-to-last card?", True,
                 "You are playing your next-to-last card: call UNO (y or uno), or not (n) and "
                 "risk being caught."),
    DecisionKind("catch", "[True, False]: catch the player who did not call UNO? about = that player", True,
                 "A player is down to one card and did not call UNO: catch them (y) and they "
                 "draw a penalty, or let it go (n)."),
    DecisionKind("player", "seats", True, "Pick a player by their seat number or name."),
    DecisionKind("yes_no", "[True, False]; about = the question", True, "Answer the question: y or n."),
    DecisionKind("question", "the answers written in the script; about = the question", True,
                 "Pick an answer by its number, or type it."),
    DecisionKind("top_card", "which of the discarded cards goes on top", True,
                 "These cards go on the discard pile: pick the one that goes on top, which "
                 "sets what play continues with."),
    DecisionKind("give", "seats: who receives this card (about)", True,
                 "Pick who receives this card: their seat number or name."),
    DecisionKind("discard", "cards: which card to discard", True, "Pick a card of your hand to discard."),
    DecisionKind("pick", "cards: which card to move (`move N cards picked by ...`); about = [kind, where] of "
                 "the place they come from: [\"hand\", seat] or [\"pile\", name]", False,
                 "A card's rule moves cards you pick: pick one by its number (you are asked once per card).",
                 ("move",)),
    DecisionKind("react", "reaction cards and PASS: cancel the action aimed at you? about = its card", False,
                 "A card played against you may be cancelled by playing one of these cards out "
                 "of turn: its number, or p to let it happen.", ("react",)),
    DecisionKind("stack", "cards that pass a draw on, and PASS (take it): about = the cards to draw", False,
                 "Cards to draw are coming your way: answer by playing one of these cards (its "
                 "number; it acts as if played, and its own draw adds to these for the player it "
                 "names), or t to take them and miss your turn.", ("stack",)),
    DecisionKind("write_rule", "a rule to write on a blank card: suggested scripts, \"\" to leave it blank; "
                 "an answer from outside may be any script that compiles", True,
                 "This blank card gets a house rule now: a suggestion's number, b to leave it "
                 "blank, or type a rule in the effect language (docs/effects.md), such as "
                 "`next draws 2`. A rule of several lines: end the first line with a colon, "
                 "then an empty line ends the rule."),
    DecisionKind("jump_in", "cards identical to the top card (as a `jump in where` rule says), and PASS: play "
                 "one out of turn? about = the top card (unodsl.engine.windows)", False,
                 "Jump-In: you hold a card identical to the one just played. Play it now, out of "
                 "turn (its number): play then continues from you, and the players between lose "
                 "their turn. Or p to let play go on.", ("jump_in",)),
    DecisionKind("uno_call", "seats, and PASS: call UNO on yourself (\"UNO!\") or catch another player? "
                 "about = the players holding one card without having called (strict: maybe none)", True,
                 "UNO at any time: someone holds one card and has not called UNO (under the strict "
                 "rule you are asked after every turn, even when nobody does). Call UNO on "
                 "yourself (your seat number, or uno) if it is you; catch another player (their "
                 "seat number or name) and they draw a penalty. A false call (on a player who holds "
                 "more than one card, you too) makes you draw. Or p to say nothing."),
    DecisionKind("pile", "the names of the discard piles the card goes on (several discard piles); about = the card",
                 True, "Your card goes on more than one discard pile: pick the pile you play it on, "
                 "its number or its name."),
    DecisionKind("value", "the values to name (`choose number in 1..6`: whole numbers; `choose symbol`, `choose "
                 "kind`: the edition's symbols or kind ids); about = what is named: number, symbol or kind", True,
                 "Name a value: type it (a number, or a symbol's or a kind's name)."),
)
DECISIONS: dict[str, DecisionKind] = {kind.name: kind for kind in _TABLE}

# The kinds by name, for the engine and the answerers (kinds are compared with `is`).
(TURN, PLAY_DRAWN, COLOUR, CHALLENGE, CALL_UNO, CATCH, PLAYER, YES_NO, QUESTION, TOP_CARD, GIVE, DISCARD,
 PICK, REACT, STACK, WRITE_RULE, JUMP_IN, UNO_CALL, PILE, VALUE) = KINDS = tuple(DECISIONS)
# The decisions every player sees put and answered (said aloud, or shown by a card face up):
# a seat's history keeps them for every seat. The others are put only when their player
# holds certain cards (a card that goes, stacks, jumps in, reacts; a drawn card that goes;
# cards to pick among): that they were put is the player's own knowledge, and only what
# they bring about is seen (a card played, a draw).
PUBLIC_KINDS = frozenset(kind.name for kind in _TABLE if kind.public)


class DecisionTableError(Exception):
    """The table of decision kinds, or an answerer of it, is incomplete (a bug of unodsl)."""


def check_decisions(table: dict[str, DecisionKind]) -> None:
    """Raise naming each kind that lacks its words: what its options are, its help."""
    wrong = [f"the decision kind {name!r} has no {facet}" for name, kind in table.items()
             for facet, value in (("options", kind.options), ("help words", kind.help)) if not value]
    wrong += [f"the decision kind {name!r} is not public and no event shows its answer"
              for name, kind in table.items() if not kind.public and not kind.shown_by]
    if wrong:
        raise DecisionTableError("; ".join(wrong))


def check_answered(answerer: str, handled, table: dict[str, DecisionKind] | None = None) -> None:
    """Raise naming each kind of `table` that `answerer` has no handler for, and each handler
    of a kind the table does not have."""
    table = DECISIONS if table is None else table
    handled = set(handled)
    wrong = [f"{answerer} cannot answer the decision kind {name!r}" for name in table if name not in handled]
    wrong += [f"{answerer} answers {name!r}, which is no decision kind" for name in sorted(handled - set(table))]
    if wrong:
        raise DecisionTableError("; ".join(wrong))


check_decisions(DECISIONS)


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
