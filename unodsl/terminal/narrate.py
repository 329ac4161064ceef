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
from ..words import words_for

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
        self.words = words_for(edition)  # the edition's language (unodsl.words)

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
            return self.words.say("narrate.nobody")
        return self.words.say("narrate.you") if seat == viewer else self.names[seat]

    def said(self, key: str, seat, viewer, **fields) -> str:
        """The phrase `key` with `seat` as its subject: `narrate.KEY.you` when `seat` is the
        viewer ("you play"), else `narrate.KEY.other` ("Bot 2 plays")."""
        person = "you" if seat is not None and seat == viewer else "other"
        return self.words.say(f"narrate.{key}.{person}", who=self.who(seat, viewer), **fields)

    def card(self, uid) -> str:
        card = self.cards.get(uid)
        if card is not None and self._telling_side and card.back is not None:
            card = card.back
        return self.words.card(card) if card is not None else self.words.say("narrate.unknown_card", uid=uid)

    def cards_named(self, uids) -> str:
        return self.words.and_list([self.card(uid) for uid in uids])

    def _act(self, note, viewer, key: str, **fields) -> str:
        return self.said(key, note["player"], viewer, **fields)

    # one method per event kind, named after it

    def _dealer(self, note, viewer):
        if note.get("by") != "birthday":
            return None  # (the dealer is told as they deal)
        return self._act(note, viewer, "dealer_birthday")

    def _deal(self, note, viewer):
        size = len(note["hands"][0]) if note.get("hands") else 0
        return self.said("deal", note["dealer"], viewer, round=note["round"], size=size)

    def _setup(self, note, viewer):
        return self.words.say("narrate.setup", round=note["round"])

    def _flip(self, note, viewer):
        return self._act(note, viewer, "flip", side=note["side"])

    def _start_card(self, note, viewer):
        return self.words.say("narrate.start_card", card=self.card(note["card"]))

    def _play(self, note, viewer):
        return self._act(note, viewer, "play", card=self.card(note["card"]))

    def _draw(self, note, viewer):
        cards = note.get("cards", [])
        if not cards:
            return self._act(note, viewer, "draw_nothing")
        if note["player"] == viewer:
            return self._act(note, viewer, "draw", cards=self.cards_named(cards))
        return self._act(note, viewer, "draw", count=self.words.count("count.card", len(cards)))

    def _colour(self, note, viewer):
        return self._act(note, viewer, "colour", colour=self.words.colour(note["colour"]))

    def _skipped(self, note, viewer):
        return self._act(note, viewer, "skipped")

    def _reverse(self, note, viewer):
        return self.words.say("narrate.reverse." + ("left" if note.get("direction", 1) > 0 else "right"))

    def _extra_turn(self, note, viewer):
        return self._act(note, viewer, "extra_turn")

    def _uno(self, note, viewer):
        return self._act(note, viewer, "uno")

    def _caught(self, note, viewer):
        by = note.get("by")
        if by is None:  # the setting automatic_uno_penalty: no one had to catch them
            return self._act(note, viewer, "caught_penalty")
        key = "caught_you" if note["player"] == viewer else "caught"  # (French puts "vous" first: "vous prend")
        return self.said(key, by, viewer, caught=self.who(note["player"], viewer))

    def _challenge(self, note, viewer):
        if not note.get("challenged"):
            return self._act(note, viewer, "no_challenge")
        verdict = self.words.say("narrate.verdict." + ("bluff" if note.get("bluffed") else "legal"))
        return self._act(note, viewer, "challenge", accused=self.who(note.get("accused"), viewer), verdict=verdict)

    def _show_hand(self, note, viewer):
        to = [q for q in note.get("to", []) if q != note["player"]]
        cards = self.cards_named(note.get("cards", [])) or self.words.say("narrate.no_cards")
        if viewer in to:
            return self._act(note, viewer, "show_hand_to_you", cards=cards)
        audience = self.words.say("narrate.everyone") if len(to) >= len(self.names) - 1 \
            else self.words.and_list([self.who(q, viewer) for q in to])
        return self._act(note, viewer, "show_hand", audience=audience)

    def _chosen(self, note, viewer):
        key = "chosen_you" if note["chosen"] == viewer else "chosen"  # ("Bot 2 vous choisit")
        return self._act(note, viewer, key, chosen=self.who(note["chosen"], viewer))

    def _named(self, note, viewer):
        value = note["value"]
        if note["what"] == "kind" and value in self.edition.kinds:  # (a kind by its name, as the table says it)
            value = self.edition.kinds[value].name
        what = self.words.phrases.get(f"value.{note['what']}", note["what"])
        return self._act(note, viewer, "named", what=what, value=value)

    def _answered(self, note, viewer):
        return self._act(note, viewer, "answered", answer=note.get("answer", ""))

    def _accepted(self, note, viewer):
        return self._act(note, viewer, "accepted", question=note.get("question", ""))

    def _give(self, note, viewer):
        p, to = note["player"], note["to"]
        what = self.card(note["card"]) if viewer in (p, to) else self.words.say("narrate.a_card")
        return self._act(note, viewer, "give", card=what, to=self.who(to, viewer))

    def _stack(self, note, viewer):
        return self._act(note, viewer, "stack", card=self.card(note["card"]), total=note["total"])

    def _swap_hands(self, note, viewer):
        return self._act(note, viewer, "swap_hands", other=self.who(note["other"], viewer))

    def _rotate_hands(self, note, viewer):
        side = "left" if note.get("direction", 1) > 0 else "right"
        return self.words.say("narrate.rotate_hands." + side)

    def _discard(self, note, viewer):
        return self._act(note, viewer, "discard", card=self.card(note["card"]))

    def _move(self, note, viewer):
        cards = note.get("cards", [])
        seen = viewer is not None and viewer in (note.get("from_player"), note.get("into_player"))
        what = self.cards_named(cards) if seen else self.words.count("count.card", len(cards))
        position = note.get("position")
        where = self.words.say(f"narrate.move_position.{position}") \
            if position in ("under", "bottom", "shuffled") else ""
        return self._act(note, viewer, "move", cards=what, source=self.place(note, "from", viewer),
                         target=self.place(note, "into", viewer), position=where)

    def place(self, note, name: str, viewer) -> str:
        where = note.get(name)
        if where == "hand":
            seat = note.get(f"{name}_player")
            if seat == viewer:
                return self.words.say("narrate.place.your_hand")
            return self.words.say("narrate.place.hand", who=self.who(seat, viewer))
        if where == "every hand":
            return self.words.say("narrate.place.every_hand")
        return self.words.say("narrate.place.pile", pile=where)

    def _shuffle_pile(self, note, viewer):
        return self.words.say("narrate.shuffle_pile", place=self.place(note, "pile", viewer))

    def _deal_cards(self, note, viewer):
        counts = [self.words.say("narrate.dealt_to", count=self.words.count("count.card", len(cards)),
                                 who=self.who(seat, viewer)) for seat, cards in note.get("hands", [])]
        return self._act(note, viewer, "deal_cards", counts=self.words.and_list(counts),
                         source=self.place(note, "from", viewer))

    def _react(self, note, viewer):
        return self._act(note, viewer, "react", card=self.card(note["card"]), against=self.card(note.get("against")))

    def _onto_pile(self, note, viewer):
        return self._act(note, viewer, "onto_pile", pile=note["pile"])

    def _jump_in(self, note, viewer):
        passed = [self.who(q, viewer) for q in note.get("passed_over", [])]
        over = ""
        if passed:
            many = len(passed) > 1 or viewer in note.get("passed_over", [])
            over = self.words.say("narrate.passed_over." + ("many" if many else "one"),
                                  passed=self.words.and_list(passed))
        return self._act(note, viewer, "jump_in", passed_over=over)

    def _false_call(self, note, viewer):
        target = note.get("target")
        if target == note["player"]:
            return self._act(note, viewer, "false_call")
        return self._act(note, viewer, "false_call_on", target=self.who(target, viewer))

    def _called_already(self, note, viewer):
        return self.said("called_already", note.get("by"), viewer, caller=self.who(note["player"], viewer))

    def _table_use(self, note, viewer):
        target = note.get("target", note.get("on"))
        return self._act(note, viewer, "table_use", card=self.card(note["card"]), target=self.who(target, viewer))

    def _table_return(self, note, viewer):
        cards = note.get("cards", [])
        return self.words.say("narrate.table_return", cards=self.cards_named(cards), n=len(cards))

    def _written(self, note, viewer):
        rule = " / ".join(line.strip() for line in (note.get("rule") or "").splitlines() if line.strip())
        if not rule:
            return self._act(note, viewer, "left_blank", card=self.card(note["card"]))
        return self._act(note, viewer, "written", card=self.card(note["card"]), rule=rule)

    def _turn_another(self, note, viewer):
        return self.words.say("narrate.turn_another", card=self.card(note["card"]))

    def _reshuffle(self, note, viewer):
        return self.words.say("narrate.reshuffle")

    def _out(self, note, viewer):
        return self._act(note, viewer, "out")

    def _state(self, note, viewer):
        """A state variable of the edition changed: `your power is now on`."""
        value = self.state_words(note["name"], note["value"])
        if "player" in note:
            return self._act(note, viewer, "state", name=note["name"], value=value)
        return self.words.say("narrate.game_state", name=note["name"], value=value)

    def state_words(self, name: str, value) -> str:
        var = self.state_vars.get(name)
        if value is None:
            return self.words.say("narrate.value_none")
        if isinstance(value, bool):
            return self.words.say("narrate.value_on" if value else "narrate.value_off")
        if var is not None and var.type == "card":
            return self.card(value)
        return str(value)

    def _chance(self, note, viewer):
        what = note.get("what", "chance")
        if what.startswith("random card"):  # which card it is stays in its holder's hand
            return self.words.say("narrate.chance_card", what=what.replace("random card", "a card", 1))
        if what == "random player":
            return None  # told by the pick that follows
        return self.words.say("narrate.chance", what=what, value=note["value"])

    def _action(self, note, viewer):
        """An action of the edition (`press`): "Bot 2 presses", "you press"."""
        action = str(note.get("action"))
        return self._act(note, viewer, "action", action=action, actions=third_person(action))

    def _round_end(self, note, viewer):
        winner = note.get("winner")
        if winner is None:
            return self.words.say("narrate.round_end_no_winner", round=note["round"])
        return self.words.say("narrate.round_end", round=note["round"])

    def _instead(self, note, viewer):
        """A house rule's `instead of`: "Bot 2 does what the house rule says instead of drawing"."""
        of = self.words.say("narrate.instead_of." + ("turn_draw" if note.get("of") == "turn_draw" else "uno_penalty"))
        return self._act(note, viewer, "instead", of=of)

    def _round_abandoned(self, note, viewer):
        reason = note.get("reason")  # a limit crossed (unodsl.engine.budget), if one stopped it
        key = "narrate.round_abandoned_because" if reason else "narrate.round_abandoned"
        return self.words.say(key, turns=note.get("turns"), reason=reason)

    def _match_abandoned(self, note, viewer):
        return self.words.say("narrate.match_abandoned", reason=note.get("reason"))

    def _left_round(self, note, viewer):
        where = self.words.say("narrate.left_round_to." + ("draw" if note.get("to") == "draw pile" else "discard"))
        return self._act(note, viewer, "left_round", where=where)

    def _last_left(self, note, viewer):
        return self._act(note, viewer, "last_left")

    def _eliminated(self, note, viewer):
        return self._act(note, viewer, "eliminated", score=note.get("score"))


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


def _sentence(parts: list[str]) -> str:
    text = ", ".join(parts)
    return text[:1].upper() + text[1:] + ("" if text.endswith("!") else ".")


def wrap(text: str) -> list[str]:
    """A sentence in lines of at most 79 columns, the following ones indented."""
    return textwrap.wrap(text, WIDTH - 1, subsequent_indent="  ", break_on_hyphens=False) or [""]
