"""Every kind of event the log holds, with its fields, who sees it and what it means: one table.

A round (or its match) records `{"event": KIND, FIELD: value, ...}` by calling
`record(KIND, **fields)`, and only when a log is kept: a game played without one builds no
event at all, and this table costs it nothing. The readers of the log read this table, not
their own lists: the narrator (unodsl.terminal.narrate) tells each kind or marks it silent,
the seats' histories (unodsl.seat.observe) hide from a seat what it did not see by what
each field holds, `expect: events:` in scenarios names kinds and fields from it, and
docs/scenarios.md's table of events is rendered from it (tests keep them equal).

A field holds one of HOLDS; a seat field names a round seat, unless the kind is recorded by
the match (`by_match`: the match's seats; in Challenge UNO a round may seat fewer players).
`table_text()` is the table in Markdown. `check_event(event)` says what is wrong with one
logged event (None: nothing); `check_table` and `check_covered` keep the table whole and its
readers complete (run at import by the readers, and by tests on a scratch table).

A seat's history also holds checkpoints (`{"event": "checkpoint", ...}`: unodsl.seat.observe),
which are never in the log.
"""
from __future__ import annotations

import difflib
from typing import NamedTuple

# ---- what a field holds

SEAT, SEATS, CARD, CARDS, HANDS, LAID_OUT = "seat", "seats", "card", "cards", "hands", "laid out"
CARDS_BY_SEAT, PILES, COUNT, SCORES, DIRECTION, FLAG = "card by seat", "piles", "number", "scores", "direction", "flag"
TEXT, PLACE, VALUE, CHANCE_VALUE, OPTION, DECISION_KIND = "words", "place", "value", "chance", "option", "decision kind"
HOLDS = {
    SEAT: "a seat (none: nobody)",
    SEATS: "a list of seats",
    CARD: "a card (its uid; in `expect:` its name)",
    CARDS: "a list of cards (uids; in `expect:` names, in any order)",
    HANDS: "cards by seat: a list of uid lists, or of [seat, uids] pairs",
    LAID_OUT: "a list of cards (uids) a scenario laid out, seen by every seat",
    CARDS_BY_SEAT: "a card (uid) by seat, face up",
    PILES: "cards (uids) by pile name",
    COUNT: "a whole number",
    SCORES: "a number by seat",
    DIRECTION: "1 (play goes to the left) or -1",
    FLAG: "true or false",
    TEXT: "words",
    PLACE: "a place: `hand` (its seat in the field `..._player`), `every hand`, or a pile's name",
    VALUE: "a number, words, true/false, a card's uid, or none",
    CHANCE_VALUE: "a number or words; a card's uid when `what` is a random card",
    OPTION: "an option as the log writes it: a card as {card: uid, label}, DRAW/KEEP/PASS by name",
    DECISION_KIND: "a kind of decision (unodsl.engine.decisions)",
}
# The fields whose cards a seat sees only when it saw them (the others are seen by all).
HIDDEN_CARDS = frozenset({CARD, CARDS, HANDS, CHANCE_VALUE})

# ---- who sees an event

EVERY_SEAT = "every seat, with the cards it did not see put as none"
ITS_PLAYER = "its player; the others only a public decision kind, without how many options there were"
SEEN = (EVERY_SEAT, ITS_PLAYER)


class Field(NamedTuple):
    name: str
    holds: str  # one of HOLDS
    optional: bool = False  # recorded only in some cases


class EventKind(NamedTuple):
    name: str
    fields: tuple  # of Field
    seen: str  # one of SEEN
    meaning: str  # one line
    by_match: bool = False  # recorded by the match: its seats are the match's

    def field_names(self) -> set:
        return {f.name for f in self.fields}

    def required(self) -> set:
        return {f.name for f in self.fields if not f.optional}


def _f(name: str, holds: str) -> Field:
    return Field(name, holds)


def _maybe(name: str, holds: str) -> Field:
    return Field(name, holds, optional=True)


PLAYER = _f("player", SEAT)
_PLACE_FROM = (_f("from", PLACE), _maybe("from_player", SEAT))


def _kind(name, fields, meaning, seen=EVERY_SEAT, by_match=False) -> EventKind:
    return EventKind(name, tuple(fields), seen, meaning, by_match)


KINDS = (
    # the match
    _kind("dealer_draw", [_f("cards", CARDS_BY_SEAT)], "each player turned a card to choose the dealer", by_match=True),
    _kind("dealer", [PLAYER, _maybe("by", TEXT)], "the dealer is chosen (by birthday when `by` says so)",
          by_match=True),
    _kind("round_seats", [_f("seats", SEATS)], "the match seats that play the next round, in round order",
          by_match=True),
    _kind("round_end", [_f("winner", SEAT), _f("points", COUNT), _f("scores", SCORES), _maybe("side", TEXT)],
          "a round is over: its winner (none: no one won), the points scored, the scores", by_match=True),
    _kind("round_abandoned", [_f("turns", COUNT), _maybe("reason", TEXT)],
          "a round stopped without a winner after so many turns (the limit crossed, if one was)", by_match=True),
    _kind("eliminated", [PLAYER, _f("score", COUNT)], "a player reached the target and is out of the match",
          by_match=True),
    _kind("match_end", [_f("winner", SEAT), _f("scores", SCORES)], "the match is over", by_match=True),
    _kind("match_abandoned", [_f("reason", TEXT)], "the match stopped without a winner", by_match=True),
    _kind("decision", [PLAYER, _f("kind", DECISION_KIND), _f("options", COUNT), _f("value", OPTION)],
          "a decision answered by the engine (one option) or an agent", seen=ITS_PLAYER),
    _kind("answer", [PLAYER, _f("kind", DECISION_KIND), _f("value", OPTION)],
          "a decision answered from outside (a person, a scenario's answers)", seen=ITS_PLAYER),
    # a round begins
    _kind("deal", [_f("dealer", SEAT), _f("hands", HANDS)], "the cards are dealt (hands by seat)"),
    _kind("setup", [_f("hands", HANDS), _f("draw", LAID_OUT), _f("discard", LAID_OUT), _maybe("piles", PILES),
                    _maybe("side", TEXT)], "a scenario laid the table out (the draw pile top first)"),
    _kind("start_card", [_f("card", CARD)], "the first card is turned up"),
    _kind("turn_another", [_f("card", CARD)], "the start card goes back into the deck and another is turned"),
    # turns
    _kind("turn", [PLAYER], "a player's turn begins"),
    _kind("play", [PLAYER, _f("card", CARD)], "a card is played"),
    _kind("onto_pile", [PLAYER, _f("pile", TEXT)], "several discard piles: the pile the next card goes on "
          "(a card played, or a start card the dealer turns) is put in play"),
    _kind("draw", [PLAYER, _f("cards", CARDS)], "a player draws (no cards: none were left)"),
    _kind("reshuffle", [_f("cards", COUNT)], "the discard pile (all but its top) becomes the draw pile"),
    _kind("skip", [PLAYER], "a player is given a skip"),
    _kind("skipped", [PLAYER], "a player misses a turn"),
    _kind("reverse", [_f("direction", DIRECTION)], "the direction of play changes"),
    _kind("extra_turn", [PLAYER], "a player takes another turn"),
    _kind("colour", [PLAYER, _f("colour", TEXT)], "a player names the colour play continues with"),
    _kind("stack", [PLAYER, _f("card", CARD), _f("total", COUNT)],
          "a draw is passed on with a card: so many cards to draw now"),
    _kind("out", [PLAYER], "a player has no cards left"),
    # UNO
    _kind("uno", [PLAYER], "a player calls UNO"),
    _kind("caught", [PLAYER, _f("by", SEAT)], "a player who did not call UNO is caught (by none: automatically)"),
    _kind("false_call", [PLAYER, _f("target", SEAT)], "a player calls UNO on one holding more than one card"),
    _kind("called_already", [PLAYER, _f("by", SEAT)], "UNO is called on a player who had called it"),
    # out of turn
    _kind("jump_in", [PLAYER, _f("card", CARD), _f("after", SEAT), _f("passed_over", SEATS)],
          "a player jumps in with an identical card; the seats passed over lose that turn"),
    _kind("react", [PLAYER, _f("card", CARD), _f("against", CARD)],
          "a card is played out of turn to cancel the card aimed at its player"),
    _kind("table_use", [PLAYER, _f("card", CARD), _f("target", SEAT)], "a table card is used on a player"),
    _kind("table_return", [PLAYER, _f("cards", CARDS)], "table cards go back to the middle"),
    # what cards' effects do
    _kind("challenge", [PLAYER, _f("accused", SEAT), _f("challenged", FLAG), _f("bluffed", FLAG)],
          "a player challenges (or not) the card played against them"),
    _kind("accepted", [PLAYER, _f("question", TEXT)], "a player says yes to a question"),
    _kind("answered", [PLAYER, _f("question", TEXT), _f("answer", TEXT)], "a player answers a question"),
    _kind("chosen", [PLAYER, _f("chosen", SEAT)], "a player picks a player"),
    _kind("named", [PLAYER, _f("what", TEXT), _f("value", VALUE)],
          "a player names a number, a symbol or a kind (`choose number`: what is named)"),
    _kind("show_hand", [PLAYER, _f("to", SEATS), _f("cards", CARDS)], "a player shows their hand to others"),
    _kind("give", [PLAYER, _f("to", SEAT), _f("card", CARD)], "a player gives a card to another"),
    _kind("discard", [PLAYER, _f("card", CARD), _maybe("position", TEXT)], "a player discards a card"),
    _kind("swap_hands", [PLAYER, _f("other", SEAT)], "two players exchange hands"),
    _kind("rotate_hands", [_f("direction", DIRECTION)], "every hand passes to the next player"),
    _kind("move", [PLAYER, _f("cards", CARDS), _f("position", TEXT), *_PLACE_FROM, _f("into", PLACE),
                   _maybe("into_player", SEAT)], "cards move from one place to another"),
    _kind("shuffle_pile", [_f("pile", PLACE), _maybe("pile_player", SEAT)], "a pile (or a hand) is shuffled"),
    _kind("deal_cards", [PLAYER, *_PLACE_FROM, _f("hands", HANDS)], "a player deals cards from a place"),
    _kind("written", [PLAYER, _f("card", CARD), _f("rule", TEXT)],
          "a rule is written on a blank card (empty: it is left blank)"),
    _kind("state", [_f("name", TEXT), _f("value", VALUE), _maybe("player", SEAT)],
          "a state variable of the edition changed (a player's, or the game's)"),
    _kind("chance", [_f("what", TEXT), _f("value", CHANCE_VALUE)], "a chance result"),
    _kind("action", [PLAYER, _f("action", TEXT)], "a player does an action of the edition"),
    _kind("instead", [PLAYER, _f("of", TEXT)], "a house rule's `instead of` replaces a draw"),
    _kind("flip", [PLAYER, _f("side", TEXT)], "every card is turned over"),
    _kind("left_round", [PLAYER, _f("cards", CARDS), _f("to", TEXT)],
          "a player leaves the round; their cards go to the draw or the discard pile"),
    _kind("last_left", [PLAYER], "the last player left in the round wins it"),
)
EVENTS: dict[str, EventKind] = {kind.name: kind for kind in KINDS}


class TableError(Exception):
    """The table, or a reader of it, is incomplete: an internal inconsistency of unodsl."""


# ---- checks


def check_table(table: dict[str, EventKind]) -> None:
    """Raise TableError naming each kind that lacks a facet: fields, who sees it, a meaning."""
    wrong = []
    for name, kind in table.items():
        if kind.name != name:
            wrong.append(f"{name!r} is filed as {kind.name!r}")
        if not kind.fields:
            wrong.append(f"{name!r} has no fields")
        for field in kind.fields:
            if field.holds not in HOLDS:
                wrong.append(f"{name!r}: field {field.name!r} holds {field.holds!r}, which is none of HOLDS")
        if len(kind.field_names()) != len(kind.fields) or "event" in kind.field_names():
            wrong.append(f"{name!r} names a field twice, or one 'event'")
        if kind.seen not in SEEN:
            wrong.append(f"{name!r} does not say who sees it ({kind.seen!r} is none of SEEN)")
        if not kind.meaning:
            wrong.append(f"{name!r} has no meaning")
    if wrong:
        raise TableError("the table of events is incomplete: " + "; ".join(wrong))


def check_covered(reader: str, handled, table: dict[str, EventKind] | None = None, how: str = "") -> None:
    """Raise TableError naming each kind of `table` that `reader` does not handle (`handled`:
    the kinds it knows), and each kind it knows that the table does not have."""
    table = EVENTS if table is None else table
    handled = set(handled)
    missing = sorted(set(table) - handled)
    unknown = sorted(handled - set(table))
    wrong = [f"{reader} does not know the event {name!r}{how}" for name in missing]
    wrong += [f"{reader} knows an event {name!r} that the table of events does not have" for name in unknown]
    if wrong:
        raise TableError("; ".join(wrong))


def check_event(event, table: dict[str, EventKind] | None = None) -> str | None:
    """What is wrong with one logged event, in words (None: it is as the table says)."""
    table = EVENTS if table is None else table
    if not isinstance(event, dict):
        return f"an event is a mapping, not {type(event).__name__}"
    name = event.get("event")
    kind = table.get(name) if isinstance(name, str) else None
    if kind is None:
        return f"{name!r} is not a kind of event" + did_you_mean(name, table)
    fields = set(event) - {"event"}
    extra, missing = sorted(fields - kind.field_names()), sorted(kind.required() - fields)
    if extra:
        return f"a {name!r} event has no field {extra[0]!r}" + did_you_mean(extra[0], kind.field_names())
    if missing:
        return f"a {name!r} event lacks its field {missing[0]!r}"
    return None


def did_you_mean(word, choices) -> str:
    """'; did you mean 'x'?' when a choice is close to `word`, else ''."""
    close = difflib.get_close_matches(str(word), list(choices), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def fields_holding(holds: frozenset | set) -> dict[str, tuple]:
    """For each kind, the names of its fields that hold one of `holds`."""
    return {kind.name: tuple(f.name for f in kind.fields if f.holds in holds) for kind in KINDS}


def table_text() -> str:
    """The table of events in Markdown (docs/scenarios.md holds it: tests/language/test_docs.py)."""
    rows = ["| event | fields | what it means |", "|---|---|---|"]
    for kind in KINDS:
        fields = ", ".join(f"`{f.name}` {f.holds}" + (" (sometimes)" if f.optional else "") for f in kind.fields)
        seen = "" if kind.seen == EVERY_SEAT else f" Seen by {kind.seen}."
        match = " Recorded by the match (its seats)." if kind.by_match else ""
        rows.append(f"| `{kind.name}` | {fields} | {kind.meaning}.{match}{seen} |")
    rows += ["", "What a field holds:", "", "| holds | |", "|---|---|"]
    rows += [f"| {name} | {words} |" for name, words in HOLDS.items()]
    return "\n".join(rows) + "\n"


check_table(EVENTS)
