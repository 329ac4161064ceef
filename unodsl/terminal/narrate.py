"""What just happened, in words: the match log told one line per turn.

`Narrator.feed(log)` reads the events the engine recorded (unodsl.engine:
`play`, `draw`, `colour`, `skipped`, ...) and `lines(start, end, viewer)`
tells those between two places in the log as the player `viewer` sees them:
their own drawn cards by name, everyone else's as a count. Every turn starts a
new line, so each move of a bot is one line.

Events speak of round seats (in Challenge UNO eliminated players leave the
round); the narrator turns them into match seats, which name the players.
"""
from __future__ import annotations

import textwrap

from ..engine.events import EVENTS, HANDS, SEAT, SEATS, check_covered, fields_holding
from ..engine.sides import side_after
from ..lang.describe.words import third_person

WIDTH = 80

# Events that begin a new line of the story.
NEW_LINE = {"turn", "deal", "setup", "round_end", "round_abandoned", "match_abandoned", "eliminated"}
# Events with match seats already (recorded by the match, not by a round).
MATCH_EVENTS = frozenset(kind.name for kind in EVENTS.values() if kind.by_match)
# Events that say nothing a player needs to read; every other kind of the table of events
# (unodsl.engine.events) is told by the Narrator's method named after it (checked at import).
SILENT = frozenset({"dealer_draw", "skip", "turn", "match_end", "round_seats", "decision", "answer"})
# For each kind, its fields that name a seat, a list of seats, hands as [seat, cards] pairs.
SEAT_FIELDS = fields_holding({SEAT})
SEATS_FIELDS = fields_holding({SEATS})
HANDS_FIELDS = fields_holding({HANDS})


class Narrator:
    def __init__(self, edition, names: list[str]):
        self.edition = edition
        self.cards = {card.uid: card for card in edition.deck}
        self.side = 0  # two-sided cards: the side up as the log is read (each note keeps its own)
        self._telling_side = 0  # ... as the note being told was recorded
        self.names = names  # by match seat
        self.notes: list[dict] = []  # the log's events, with match seats
        self._seats: list[int] | None = None  # round seat -> match seat, when they differ
        self.rounds = 0
        vocab = edition.vocabulary  # the edition's state variables, to word their values
        self.state_vars = {**vocab.game_state, **vocab.player_state}

    # ---- reading the log

    def feed(self, log: list) -> None:
        """Take in the events recorded since the last call."""
        for event in log[len(self.notes):]:
            self.notes.append(self._note(event))

    def _note(self, event: dict) -> dict:
        kind = event.get("event")
        if kind in ("deal", "setup"):
            self.rounds += 1
        note = dict(event, round=self.rounds)
        if self.edition.sides:  # cards are named by the faces up when the event was recorded
            self.side = side_after(self.edition, event, self.side)
            note["side_up"] = self.side
        if kind == "round_seats":
            self._seats = list(event["seats"])
        elif kind == "round_end":
            self._seats = None
        elif kind not in MATCH_EVENTS and self._seats is not None:
            self._match_seats(note, kind, self._seats)
        return note

    @staticmethod
    def _match_seats(note: dict, kind: str, seats: list[int]) -> None:
        """The round seats of `note` put as match seats (read from the table of events)."""
        for name in SEAT_FIELDS.get(kind, ()):
            if isinstance(note.get(name), int) and not isinstance(note[name], bool):
                note[name] = seats[note[name]]
        for name in SEATS_FIELDS.get(kind, ()):
            if isinstance(note.get(name), list):
                note[name] = [seats[p] for p in note[name]]
        for name in HANDS_FIELDS.get(kind, ()):  # (a deal's hands by index stay as they are)
            if isinstance(note.get(name), list):
                note[name] = [[seats[pair[0]], pair[1]] if _is_pair(pair) else pair for pair in note[name]]

    # ---- telling

    def lines(self, start: int, end: int | None = None, viewer: int | None = None) -> list[str]:
        """The story of notes[start:end] for `viewer` (a match seat; None: an onlooker),
        wrapped to 80 columns."""
        return [line for sentence in self.story(start, end, viewer) for line in wrap(sentence)]

    def story(self, start: int, end: int | None = None, viewer: int | None = None) -> list[str]:
        """notes[start:end] told for `viewer`: one sentence per turn."""
        return [sentence for sentence, _ in self.told(start, end, viewer)]

    def told(self, start: int, end: int | None = None, viewer: int | None = None) -> list[tuple[str, bool]]:
        """The story's sentences, each with whether it concerns `viewer` (their own turn, or
        anything done to them or by them): those are never folded away at the table."""
        lines: list[tuple[list[str], list[bool]]] = [([], [False])]
        for note in _merge_draws(self.notes[start:end]):
            if note.get("event") in NEW_LINE and lines[-1][0]:
                lines.append(([], [False]))
            parts, concerns = lines[-1]
            concerns[0] = concerns[0] or (viewer is not None and viewer in _seats_of(note))
            self._telling_side = note.get("side_up", 0)
            phrase = self.phrase(note, viewer)
            if phrase:
                parts.append(phrase)
        return [(_sentence(parts), concerns[0]) for parts, concerns in lines if parts]

    def phrase(self, note: dict, viewer: int | None) -> str | None:
        kind = note.get("event")
        if kind in SILENT or kind not in EVENTS:
            return None
        return getattr(self, "_" + kind)(note, viewer)

    def who(self, seat: int | None, viewer: int | None) -> str:
        if seat is None:
            return "nobody"
        return "you" if seat == viewer else self.names[seat]

    def verb(self, seat, viewer, third: str, second: str) -> str:
        return second if seat == viewer else third

    def card(self, uid) -> str:
        card = self.cards.get(uid)
        if card is not None and self._telling_side and card.back is not None:
            card = card.back
        return card.label() if card is not None else f"card {uid}"

    def _act(self, note, viewer, third: str, second: str, rest: str = "") -> str:
        p = note["player"]
        return f"{self.who(p, viewer)} {self.verb(p, viewer, third, second)}{rest}"

    # one method per event kind, named after it

    def _dealer(self, note, viewer):
        if note.get("by") != "birthday":
            return None  # (the dealer is told as they deal)
        return self._act(note, viewer, "has", "have", " the birthday closest to 31 July")

    def _deal(self, note, viewer):
        size = len(note["hands"][0]) if note.get("hands") else 0
        return f"round {note['round']}: {self.who(note['dealer'], viewer)} " \
               f"{self.verb(note['dealer'], viewer, 'deals', 'deal')} {size} cards each"

    def _setup(self, note, viewer):
        return f"round {note['round']}: the table is laid out"

    def _flip(self, note, viewer):
        return self._act(note, viewer, "turns", "turn", f" every card over: the {note['side']} side is up")

    def _start_card(self, note, viewer):
        return f"the first card is {self.card(note['card'])}"

    def _play(self, note, viewer):
        return self._act(note, viewer, "plays", "play", f" {self.card(note['card'])}")

    def _draw(self, note, viewer):
        cards = note.get("cards", [])
        if not cards:
            return self._act(note, viewer, "has", "have", " nothing to draw: no cards are left")
        if note["player"] == viewer:
            return f"you draw {_and([self.card(uid) for uid in cards])}"
        return self._act(note, viewer, "draws", "draw", f" {_count(len(cards), 'card')}")

    def _colour(self, note, viewer):
        return self._act(note, viewer, "names", "name", f" {note['colour']}")

    def _skipped(self, note, viewer):
        return self._act(note, viewer, "misses a turn", "miss your turn")

    def _reverse(self, note, viewer):
        return "play now goes " + ("to the left" if note.get("direction", 1) > 0 else "to the right")

    def _extra_turn(self, note, viewer):
        return self._act(note, viewer, "takes", "take", " another turn")

    def _uno(self, note, viewer):
        return self._act(note, viewer, "calls", "call", " UNO!")

    def _caught(self, note, viewer):
        by = note.get("by")
        if by is None:  # the setting automatic_uno_penalty: no one had to catch them
            return self._act(note, viewer, "did", "did", " not call UNO: penalty")
        return f"{self.who(by, viewer)} {self.verb(by, viewer, 'catches', 'catch')} " \
               f"{self.who(note['player'], viewer)} without UNO"

    def _challenge(self, note, viewer):
        if not note.get("challenged"):
            return self._act(note, viewer, "does not challenge", "do not challenge")
        verdict = "a bluff!" if note.get("bluffed") else "it was legal"
        return self._act(note, viewer, "challenges", "challenge",
                         f" {self.who(note.get('accused'), viewer)}: {verdict}")

    def _show_hand(self, note, viewer):
        p, to = note["player"], [q for q in note.get("to", []) if q != note["player"]]
        cards = _and([self.card(uid) for uid in note.get("cards", [])]) or "no cards"
        if viewer in to:
            return f"{self.who(p, viewer)} {self.verb(p, viewer, 'shows', 'show')} you: {cards}"
        audience = "everyone" if len(to) >= len(self.names) - 1 else _and([self.who(q, viewer) for q in to])
        whose = "your" if p == viewer else "their"
        return self._act(note, viewer, "shows", "show", f" {whose} hand to {audience}")

    def _chosen(self, note, viewer):
        return self._act(note, viewer, "picks", "pick", f" {self.who(note['chosen'], viewer)}")

    def _named(self, note, viewer):
        value = note["value"]
        if note["what"] == "kind" and value in self.edition.kinds:  # (a kind by its name, as the table says it)
            value = self.edition.kinds[value].name
        return self._act(note, viewer, "names", "name", f" the {note['what']} {value}")

    def _answered(self, note, viewer):
        return self._act(note, viewer, "answers", "answer", f" \"{note.get('answer', '')}\"")

    def _accepted(self, note, viewer):
        return self._act(note, viewer, "says", "say", f" yes to \"{note.get('question', '')}\"")

    def _give(self, note, viewer):
        p, to = note["player"], note["to"]
        what = self.card(note["card"]) if viewer in (p, to) else "a card"
        return self._act(note, viewer, "gives", "give", f" {what} to {self.who(to, viewer)}")

    def _stack(self, note, viewer):
        return self._act(note, viewer, "passes", "pass",
                         f" it on with {self.card(note['card'])}: {note['total']} cards to draw")

    def _swap_hands(self, note, viewer):
        return self._act(note, viewer, "swaps", "swap", f" hands with {self.who(note['other'], viewer)}")

    def _rotate_hands(self, note, viewer):
        side = "left" if note.get("direction", 1) > 0 else "right"
        return f"every hand passes to the player on the {side}"

    def _discard(self, note, viewer):
        return self._act(note, viewer, "discards", "discard", f" {self.card(note['card'])}")

    def _move(self, note, viewer):
        cards = note.get("cards", [])
        seen = viewer is not None and viewer in (note.get("from_player"), note.get("into_player"))
        what = _and([self.card(uid) for uid in cards]) if seen else _count(len(cards), "card")
        where = {"under": " under the top card", "bottom": " at the bottom", "shuffled": ", shuffled in"}
        return self._act(note, viewer, "moves", "move", f" {what} from {self.place(note, 'from', viewer)} to "
                         f"{self.place(note, 'into', viewer)}{where.get(note.get('position'), '')}")

    def place(self, note, name: str, viewer) -> str:
        where = note.get(name)
        if where == "hand":
            seat = note.get(f"{name}_player")
            return "your hand" if seat == viewer else f"{self.who(seat, viewer)}'s hand"
        return "every hand" if where == "every hand" else f"the {where} pile"

    def _shuffle_pile(self, note, viewer):
        return f"{self.place(note, 'pile', viewer)} is shuffled"

    def _deal_cards(self, note, viewer):
        counts = [f"{_count(len(cards), 'card')} to {self.who(seat, viewer)}" for seat, cards in note.get("hands", [])]
        return self._act(note, viewer, "deals", "deal", f" {_and(counts)} from {self.place(note, 'from', viewer)}")

    def _react(self, note, viewer):
        return self._act(note, viewer, "plays", "play",
                         f" {self.card(note['card'])} out of turn against {self.card(note.get('against'))}")

    def _onto_pile(self, note, viewer):
        return self._act(note, viewer, "turns to", "turn to", f" the {note['pile']} pile")

    def _jump_in(self, note, viewer):
        passed = [self.who(q, viewer) for q in note.get("passed_over", [])]
        over = f", and {_and(passed)} {'lose' if len(passed) > 1 or viewer in note.get('passed_over', []) else 'loses'} " \
               "that turn" if passed else ""
        return self._act(note, viewer, "jumps in", "jump in", f" out of turn{over}")

    def _false_call(self, note, viewer):
        target = note.get("target")
        what = "UNO" if target == note["player"] else f"UNO on {self.who(target, viewer)}"
        return self._act(note, viewer, "calls", "call", f" {what} falsely")

    def _called_already(self, note, viewer):
        by = note.get("by")
        return f"{self.who(by, viewer)} {self.verb(by, viewer, 'calls', 'call')} UNO on " \
               f"{self.who(note['player'], viewer)}, who had called it"

    def _table_use(self, note, viewer):
        target = note.get("target", note.get("on"))
        return self._act(note, viewer, "uses", "use",
                         f" {self.card(note['card'])} on {self.who(target, viewer)}")

    def _table_return(self, note, viewer):
        names = _and([self.card(uid) for uid in note.get("cards", [])])
        return f"{names} {'goes' if len(note.get('cards', [])) == 1 else 'go'} back to the middle"

    def _written(self, note, viewer):
        rule = " / ".join(line.strip() for line in (note.get("rule") or "").splitlines() if line.strip())
        if not rule:
            return self._act(note, viewer, "leaves", "leave", f" {self.card(note['card'])} blank")
        return self._act(note, viewer, "writes", "write", f" on {self.card(note['card'])}: {rule}")

    def _turn_another(self, note, viewer):
        return f"{self.card(note['card'])} goes back into the deck and another card is turned"

    def _reshuffle(self, note, viewer):
        return "the discard pile is shuffled into a new draw pile"

    def _out(self, note, viewer):
        return self._act(note, viewer, "goes out!", "go out!")

    def _state(self, note, viewer):
        """A state variable of the edition changed: `your power is now on`."""
        if "player" in note:
            p = note["player"]
            whose = "your" if p == viewer else f"{self.names[p]}'s"
        else:
            whose = "the game's"
        return f"{whose} {note['name']} is now {self.state_words(note['name'], note['value'])}"

    def state_words(self, name: str, value) -> str:
        var = self.state_vars.get(name)
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "on" if value else "off"
        if var is not None and var.type == "card":
            return self.card(value)
        return str(value)

    def _chance(self, note, viewer):
        what = note.get("what", "chance")
        if what.startswith("random card"):  # which card it is stays in its holder's hand
            return f"{what.replace('random card', 'a card', 1)} is picked at random"
        if what == "random player":
            return None  # told by the pick that follows
        return f"{what}: {note['value']}"

    def _action(self, note, viewer):
        """An action of the edition (`press`): "Bot 2 presses", "you press"."""
        action = str(note.get("action"))
        return self._act(note, viewer, third_person(action), action)

    def _round_end(self, note, viewer):
        winner = note.get("winner")
        if winner is None:
            return f"round {note['round']} ends without a winner"
        return f"round {note['round']} is over"

    def _instead(self, note, viewer):
        """A house rule's `instead of`: "Bot 2 does what the house rule says instead of drawing"."""
        of = "drawing" if note.get("of") == "turn_draw" else "drawing the penalty for a missed UNO"
        return self._act(note, viewer, "does", "do", f" what the house rule says instead of {of}")

    def _round_abandoned(self, note, viewer):
        reason = note.get("reason")  # a limit crossed (unodsl.engine.budget), if one stopped it
        return f"the round is stopped after {note.get('turns')} turns" + (f": {reason}" if reason else "")

    def _match_abandoned(self, note, viewer):
        return f"the match stops without a winner: {note.get('reason')}"

    def _left_round(self, note, viewer):
        return self._act(note, viewer, "leaves", "leave", f" the round: {self.verb(note['player'], viewer, 'their', 'your')}"
                         f" cards go {'into the draw pile' if note.get('to') == 'draw pile' else 'under the discard pile'}")

    def _last_left(self, note, viewer):
        return self._act(note, viewer, "is", "are", " the last player left")

    def _eliminated(self, note, viewer):
        return self._act(note, viewer, "reaches", "reach",
                         f" {note.get('score')} points and {self.verb(note['player'], viewer, 'is', 'are')} out of the match")


check_covered("the narrator", {kind for kind in EVENTS if hasattr(Narrator, "_" + kind)} | SILENT,
              how=": tell it with a method Narrator._KIND, or put it in narrate.SILENT")


def _seats_of(note: dict) -> set:
    """The seats an event names (read from the table of events)."""
    kind = note.get("event")
    seats = {note.get(name) for name in SEAT_FIELDS.get(kind, ())}
    for name in SEATS_FIELDS.get(kind, ()):
        seats.update(p for p in note.get(name) or () if isinstance(p, int))
    return seats


def _is_pair(value) -> bool:
    return isinstance(value, list) and len(value) == 2 and isinstance(value[0], int) and isinstance(value[1], list)


def _merge_draws(notes: list[dict]) -> list[dict]:
    """One card drawn at a time, again and again ("draws until"), told as one draw."""
    merged: list[dict] = []
    for note in notes:
        last = merged[-1] if merged else None
        if (note.get("event") == "draw" and last is not None and last.get("event") == "draw"
                and last.get("player") == note.get("player") and note.get("cards")):
            merged[-1] = {**last, "cards": [*last.get("cards", []), *note["cards"]]}
        else:
            merged.append(note)
    return merged


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _sentence(parts: list[str]) -> str:
    text = ", ".join(parts)
    return text[:1].upper() + text[1:] + ("" if text.endswith("!") else ".")


def wrap(text: str) -> list[str]:
    """A sentence in lines of at most 79 columns, the following ones indented."""
    return textwrap.wrap(text, WIDTH - 1, subsequent_indent="  ", break_on_hyphens=False) or [""]
