"""The `expect:` of a scenario: each key's value checked (cards named in the edition, seats
at the table) before anything runs. expect.py compares the same keys with the match."""
from __future__ import annotations

from typing import Any

from ..engine.decisions import KINDS
from ..engine.events import EVENTS
from .checks import Checks, did_you_mean, every
from .model import EXPECT_KEYS, Answer
from .words import describe

DECISION_KEYS = ("player", "kind", "options")


class ExpectReading(Checks):
    """The reader's part for `expect:`."""

    def read_expect(self, expect: Any, answers: list[Answer]) -> dict:
        """The expectations that can be compared after the run, each checked."""
        if not self.typed(("expect",), expect, dict, "expect"):
            return {}
        self.keys(("expect",), expect, EXPECT_KEYS, "expect")
        base = ("expect",)
        checked: dict = {}
        for key in EXPECT_KEYS:
            if key not in expect:
                continue
            path, value = base + (key,), expect[key]
            if getattr(self, f"expect_{key}")(path, value):
                checked[key] = value
        if "error" in checked and not answers:
            self.problem(base + ("error",), "`error:` is about the last answer, but there are no answers")
        return checked

    # Each expect_KEY checks its value and answers whether it can be used.

    def expect_turn(self, path, value) -> bool:
        return self.seat(path, value, "turn")

    def expect_side(self, path, value) -> bool:
        return self.side(path, value) is not None

    def expect_decision(self, path, value) -> bool:
        if not self.typed(path, value, dict, "decision", none=True) or value is None:
            return value is None
        self.keys(path, value, DECISION_KEYS, "decision")
        ok = "player" not in value or self.seat(path + ("player",), value["player"], "player")
        if "kind" in value and self.typed(path + ("kind",), value["kind"], str, "kind"):
            if value["kind"] not in KINDS:
                self.problem(path + ("kind",), f"'{value['kind']}' is not a kind of decision",
                             "kinds: " + ", ".join(KINDS))
                ok = False
        if "options" in value and self.typed(path + ("options",), value["options"], list, "options"):
            for i, option in enumerate(value["options"]):
                if isinstance(option, (list, dict)) or option is None:
                    self.problem(path + ("options", i), f"an option is written like an answer, not "
                                 f"{describe(option)}")
                    ok = False
        elif "options" in value:
            ok = False
        return ok

    def expect_hands(self, path, value) -> bool:
        if not self.typed(path, value, dict, "hands"):
            return False
        ok = True
        for key, hand in value.items():
            if not (key.isdigit() and self.players is not None and int(key) < self.players):
                self.problem(path + (key,), f"hands are given by seat (0 to {(self.players or 1) - 1}), "
                             f"not '{key}'", at_key=True)
                ok = False
            elif not self.text_list(path + (key,), hand, "a hand"):
                ok = False
            elif self.edition is not None:
                ok = every([self.card(path + (key, i), name) is not None
                            for i, name in enumerate(hand)]) and ok
        return ok

    def expect_hand_sizes(self, path, value) -> bool:
        return self.numbers_per_player(path, value, "hand_sizes", "a hand size")

    def expect_top(self, path, value) -> bool:
        return (self.typed(path, value, str, "top") and self.edition is not None
                and self.card(path, value) is not None)

    def expect_colour(self, path, value) -> bool:
        if not self.typed(path, value, str, "colour", none=True):
            return False
        n = len(self.problems)
        self.colour(path, value)
        return len(self.problems) == n

    def expect_direction(self, path, value) -> bool:
        return self.direction(path, value)

    def expect_draw_pile(self, path, value) -> bool:
        return self.typed(path, value, int, "draw_pile")

    def expect_piles(self, path, value) -> bool:
        return self.named_piles(path, value, discard=True)

    def expect_scores(self, path, value) -> bool:
        return self.numbers_per_player(path, value, "scores", "a score")

    def expect_winner(self, path, value) -> bool:
        return self.seat(path, value, "winner", none=True)

    def expect_out(self, path, value) -> bool:
        if not self.typed(path, value, list, "out"):
            return False
        return every([self.seat(path + (i,), seat, "a player out") for i, seat in enumerate(value)])

    def expect_finished(self, path, value) -> bool:
        return self.typed(path, value, bool, "finished")

    def expect_events(self, path, value) -> bool:
        if not self.typed(path, value, list, path[-1]):
            return False
        ok = True
        for i, pattern in enumerate(value):
            if not self.typed(path + (i,), pattern, dict, "an event"):
                ok = False
                continue
            if not pattern:
                self.problem(path + (i,), "an empty event matches anything", "e.g. {event: draw, player: 1}")
                ok = False
            ok = self.event_fields(path + (i,), pattern) and ok
            for key in ("card", "cards"):
                names = pattern.get(key)
                names = [names] if key == "card" else names
                if isinstance(names, list) and self.edition is not None:
                    for j, name in enumerate(names):
                        where = path + (i, key) + (() if key == "card" else (j,))
                        if isinstance(name, str) and self.card(where, name) is None:
                            ok = False
        return ok

    expect_no_events = expect_events

    def event_fields(self, path, pattern: dict) -> bool:
        """The kind of event a pattern names is one the log holds (unodsl.engine.events), and
        its other keys are fields of that kind (a pattern without a kind may name any field)."""
        if "event" not in pattern:
            return True
        name = pattern["event"]
        kind = EVENTS.get(name) if isinstance(name, str) else None
        if kind is None:
            self.problem(path + ("event",), f"'{name}' is not a kind of event",
                         did_you_mean(str(name), EVENTS, "kinds: " + ", ".join(sorted(EVENTS))))
            return False
        fields = sorted(kind.field_names())
        ok = True
        for key in pattern:
            if key != "event" and key not in fields:
                self.problem(path + (key,), f"a '{name}' event has no field '{key}'",
                             did_you_mean(str(key), fields, "its fields: " + ", ".join(fields)), at_key=True)
                ok = False
        return ok

    def expect_state(self, path, value) -> bool:
        return self.state(path, value)  # (StateReading's)

    def expect_error(self, path, value) -> bool:
        return self.typed(path, value, str, "error")
