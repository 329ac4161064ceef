"""The action space of an edition: every (decision kind, option) it can ask, numbered once.

An option is named as the deciding seat sees it, so that an action means the same in
every round and from every seat:
- a card by its face (`card.face`: kind, colour, number and tags; two identical cards in
  hand are one action, which plays the first of them in the order held);
  (a pick out of another's hidden hand is blind: the engine makes it at random, and
  never asks);
- a player by their seat counted from the deciding seat (0: itself, 1: the next, ...);
- a colour, a symbol, a kind, a discard pile by name; a number named (`choose number in
  LOW..HIGH`) by its place in the range, a question's answer by its place in the list;
- a rule for a blank card by its place among the suggestions (typing a new rule is
  outside the action space), or blank.
Every kind of decision is listed for every edition (one that cannot put it has its
actions never allowed); an option no action names is an error said when it is met.
"""
from __future__ import annotations

from ..engine.decisions import (CALL_UNO, CATCH, CHALLENGE, COLOUR, DISCARD, DRAW, GIVE, JUMP_IN, KEEP, PASS,
                                PICK, PILE, PLAY_DRAWN, PLAYER, QUESTION, REACT, STACK, TOP_CARD, TURN, UNO_CALL,
                                VALUE, WRITE_RULE, YES_NO, TableUse, check_answered)
from ..errors import UnoError
from ..limits import MAX_NAMED_NUMBERS

MAX_ANSWERS = 16  # a question's answers an action names (a script's questions have a few)
USE = "use"  # a table card in the middle used on a player: offered beside any decision
BOOLEAN_KINDS = (CHALLENGE, CALL_UNO, CATCH, YES_NO)
SEAT_KINDS = (PLAYER, GIVE)
CARD_KINDS = (TOP_CARD, DISCARD)
PASSING_KINDS = (REACT, STACK, JUMP_IN)


# Every kind of decision has its actions above (a kind added to the engine's table without
# them stops the import, rather than be met in a round with no action to answer it).
check_answered("unodsl.rl's action table", {TURN, PLAY_DRAWN, COLOUR, *BOOLEAN_KINDS, *SEAT_KINDS, QUESTION,
                                            *CARD_KINDS, PICK, *PASSING_KINDS, WRITE_RULE, UNO_CALL, PILE, VALUE})


class IllegalAction(ValueError):
    """An action the mask forbids: refused, never replaced by another."""


class ActionTable:
    """The numbered actions of an edition at `players` seats: `labels[i]` says action i."""

    def __init__(self, edition, players: int):
        self.players = players
        faces = edition.faces
        colours = all_colours(edition)
        keys: list[tuple] = []
        labels: list[str] = []

        def add(key: tuple, label: str) -> None:
            keys.append(key)
            labels.append(label)

        for face in faces:
            add((TURN, face.face), f"turn: play {face.label()}")
        add((TURN, DRAW), "turn: draw")
        if any(kind.use is not None for kind in edition.kinds.values()):
            for face in faces:
                if face.spec.use is not None:
                    for offset in range(1, players):
                        add((USE, face.face, offset), f"use: {face.label()} on seat +{offset}")
        add((PLAY_DRAWN, "play"), "play_drawn: play it")
        add((PLAY_DRAWN, KEEP), "play_drawn: keep it")
        for colour in colours:
            add((COLOUR, colour), f"colour: {colour}")
        for kind in BOOLEAN_KINDS:
            add((kind, True), f"{kind}: yes")
            add((kind, False), f"{kind}: no")
        for kind in SEAT_KINDS:
            for offset in range(players):
                add((kind, offset), f"{kind}: seat +{offset}")
        for index in range(MAX_ANSWERS):
            add((QUESTION, index), f"question: answer {index + 1}")
        for kind in (*CARD_KINDS, PICK, *PASSING_KINDS):
            for face in faces:
                add((kind, face.face), f"{kind}: {face.label()}")
        for kind in PASSING_KINDS:
            add((kind, PASS), f"{kind}: pass")
        for index, _ in enumerate(edition.suggested_rules):
            add((WRITE_RULE, index), f"write_rule: suggestion {index + 1}")
        add((WRITE_RULE, ""), "write_rule: leave it blank")
        for offset in range(players):
            add((UNO_CALL, offset), f"uno_call: seat +{offset}")
        add((UNO_CALL, PASS), "uno_call: pass")
        for name in edition.vocabulary.discard_piles:
            add((PILE, name), f"pile: {name}")
        for symbol in edition.vocabulary.symbols:
            add((VALUE, "symbol", symbol), f"value: symbol {symbol}")
        for kind in edition.kinds:
            add((VALUE, "kind", kind), f"value: kind {kind}")
        for index in range(MAX_NAMED_NUMBERS):
            add((VALUE, "number", index), f"value: number {index + 1} of the range")
        self.keys = keys
        self.labels = labels
        self.index = {key: i for i, key in enumerate(keys)}

    def legal(self, decision, view) -> dict[int, object]:
        """Each allowed action -> the option it answers with (for identical cards, the first)."""
        found: dict[int, object] = {}
        for position, option in enumerate(decision.options):
            key = self._key(decision, view, option, position)
            action = self.index.get(key)
            if action is None:
                raise UnoError(f"the option {option!r} of a {decision.kind} decision has no action in this "
                               f"environment's action space (docs/rl.md, \"Actions\")")
            found.setdefault(action, option)
        return found

    def _key(self, decision, view, option, position: int) -> tuple:
        kind = decision.kind
        if isinstance(option, TableUse):  # (offered beside any decision while it lies in the middle)
            return USE, option.card.face, (option.target - view.me) % self.players
        if kind is TURN:
            return (TURN, DRAW) if option is DRAW else (TURN, option.face)
        if kind is PLAY_DRAWN:
            return (PLAY_DRAWN, KEEP) if option is KEEP else (PLAY_DRAWN, "play")
        if kind in SEAT_KINDS or (kind is UNO_CALL and option is not PASS):
            return kind, (option - view.me) % self.players
        if kind is QUESTION:
            return QUESTION, position
        if kind is WRITE_RULE:
            return (WRITE_RULE, "") if option == "" else (WRITE_RULE, position)
        if kind is VALUE:
            what = decision.about
            return (VALUE, "number", position) if what == "number" else (VALUE, what, option)
        if option is PASS or isinstance(option, (bool, str)):
            return kind, option
        return kind, option.face  # a card


def all_colours(edition) -> tuple[str, ...]:
    """Every colour of the edition, of each side for a two-sided one, in order."""
    if edition.sides:
        return tuple(dict.fromkeys(colour for side in edition.sides for colour in side.colours))
    return tuple(edition.colours)
