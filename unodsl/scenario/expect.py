"""Comparing a scenario's `expect:` with the match as its answers left it: one Failure per
expectation that does not hold, located at the expectation. read_expect.py has already
checked each value, so the comparisons can trust their shape."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..match import Match
from .answers import option_key, option_shown, option_text, options_text
from .events import event_matches, event_text, sides_along
from .model import EXPECT_KEYS, Failure, Scenario
from .words import label_of, show, written


def compare(scenario: Scenario, match: Match, refused: str | None) -> list[Failure]:
    """The expectations that do not hold, in EXPECT_KEYS order. `refused` is the engine's
    reason for refusing the last answer (None if it was accepted), for `error:`."""
    expectations = _Expectations(scenario, match)
    for key in EXPECT_KEYS:
        if key in scenario.expect:
            getattr(expectations, f"check_{key}")(("expect", key), scenario.expect[key], refused)
    return expectations.failures


def failed(scenario: Scenario, path: tuple, what: str, expected: Any, actual: Any) -> Failure:
    """`expected WHAT EXPECTED, got ACTUAL`, located at `path` in the scenario file."""
    return Failure(what, show(expected), show(actual), scenario.span(path))


class _Expectations:
    """Each check_KEY compares one expectation (path, value as written, the refusal)."""

    def __init__(self, scenario: Scenario, match: Match):
        self.sc = scenario
        self.match = match
        self.edition = scenario.edition
        self.failures: list[Failure] = []

    def fail(self, path: tuple, what: str, expected: Any, actual: Any) -> None:
        self.failures.append(failed(self.sc, path, what, expected, actual))

    def check_error(self, path, text: str, refused) -> None:
        last = self.sc.answers[-1]
        shown = written(self.sc.doc, last.path, last.value)
        if refused is None:
            self.fail(path, f"answer '{shown}' to be refused with", f'"{text}"', "accepted")
        elif text.lower() not in refused.lower():
            self.fail(path, "the refusal to contain", f'"{text}"', f'"{refused}"')

    def check_turn(self, path, seat, _):
        match = self.match
        actual = match.decision.player if match.decision is not None else match.round.turn
        if actual != seat:
            self.fail(path, "turn", seat, actual)

    def check_decision(self, path, want, _):
        decision = self.match.decision
        if want is None:
            if decision is not None:
                self.fail(path, "decision", "none pending",
                          f"player {decision.player}'s {decision.kind} ({options_text(decision)})")
            return
        if decision is None:
            self.fail(path, "decision", show(want), "none pending (the match has ended)")
            return
        if "player" in want and want["player"] != decision.player:
            self.fail(path + ("player",), "decision for player", want["player"],
                      f"player {decision.player}'s {decision.kind}")
        if "kind" in want and want["kind"] != decision.kind:
            self.fail(path + ("kind",), "decision kind", want["kind"], decision.kind)
        if "options" in want:
            if decision.kind == "value":  # (values named, never cards: a kind `wild` is no Wild card)
                expected = sorted(option_text(o).strip().lower() for o in want["options"])
            else:
                expected = sorted(option_key(self.edition, o) for o in want["options"])
            actual = sorted(option_text(o).lower() for o in decision.options)
            if expected != actual:
                self.fail(path + ("options",), "options",
                          "[" + ", ".join(option_text(o) if decision.kind == "value" else option_shown(self.edition, o)
                                          for o in want["options"]) + "]",
                          "[" + options_text(decision) + "]")

    def check_hands(self, path, want: dict, _):
        for key, names in want.items():
            seat = int(key)
            expected = sorted(label_of(self.edition, n) for n in names)
            actual = sorted(c.label() for c in self.match.round.hands[seat])
            if Counter(expected) != Counter(actual):
                self.fail(path + (key,), f"hand of player {seat}", expected, actual)

    def check_hand_sizes(self, path, want, _):
        actual = [len(h) for h in self.match.round.hands]
        if actual != want:
            self.fail(path, "hand sizes", want, actual)

    def check_top(self, path, name, _):
        expected, actual = label_of(self.edition, name), self.match.round.discard[-1].label()
        if expected != actual:
            self.fail(path, "top card", expected, actual)

    def check_colour(self, path, colour, _):
        actual = self.match.round.colour
        if (colour or "").lower() != (actual or "").lower():
            self.fail(path, "colour", colour, actual)

    def check_state(self, path, want: dict, _):
        """Each variable named, as the round holds it (a card by its label, a colour in any case)."""
        rnd = self.match.round
        places = [(("game",), want.get("game", {}), rnd.game_state)]
        places += [(("players", seat), values, rnd.player_state[int(seat)])
                   for seat, values in want.get("players", {}).items()]
        for where, values, actual in places:
            for name, expected in values.items():
                value = actual[name]
                shown = value.label() if hasattr(value, "label") else value
                same = (str(expected).lower() == str(shown).lower() if isinstance(expected, str)
                        else expected == shown and type(expected) is type(shown))
                if not same:
                    self.fail(path + where + (name,), f"state {'.'.join(map(str, where[-1:]))}.{name}",
                              expected, shown)

    def check_direction(self, path, direction, _):
        if self.match.round.direction != direction:
            self.fail(path, "direction", direction, self.match.round.direction)

    def check_draw_pile(self, path, count, _):
        if len(self.match.round.draw_pile) != count:
            self.fail(path, "draw pile of", f"{count} cards", f"{len(self.match.round.draw_pile)} cards")

    def check_piles(self, path, want: dict, _):
        """Each pile named, card by card from the bottom (order matters: `under the top card`)."""
        rnd = self.match.round
        for name, names in want.items():
            cards = rnd.discard if name == "discard" else rnd.cards_at(("pile", name))
            expected = [label_of(self.edition, n) for n in names]
            actual = [c.label() for c in cards]
            if expected != actual:
                self.fail(path + (name,), f"the {name} pile (bottom first)", expected, actual)

    def check_scores(self, path, scores, _):
        if list(self.match.scores) != scores:
            self.fail(path, "scores", scores, list(self.match.scores))

    def check_winner(self, path, seat, _):
        match = self.match
        actual = match.results[-1].winner if match.results else None
        if actual != seat:
            self.fail(path, "round winner", seat, actual)

    def check_out(self, path, seats, _):
        actual = sorted(self.match.round.out)
        if sorted(seats) != actual:
            self.fail(path, "players out of the round", sorted(seats), actual)

    def check_finished(self, path, finished, _):
        if self.match.finished != finished:
            self.fail(path, "finished", finished, self.match.finished)

    def played(self) -> tuple[list[dict], list[int]]:
        """The log after the setup event (what the scenario made happen), and the side up
        as each of its events was recorded (cards are named by the faces then up)."""
        log = self.match.log or []
        start = next((i + 1 for i, e in enumerate(log) if e.get("event") == "setup"), 0)
        return log[start:], sides_along(self.edition, log)[start:]

    def check_side(self, path, name, _):
        actual = self.match.round.side_name
        if name != actual:
            self.fail(path, "side up", name, actual)

    def check_events(self, path, patterns, _):
        """The patterns match events in the order written (others may come between)."""
        events, sides = self.played()
        position = 0
        for i, pattern in enumerate(patterns):
            found = next((j for j in range(position, len(events))
                          if event_matches(self.edition, pattern, events[j], sides[j])), None)
            if found is None:
                self.fail(path + (i,), "event", event_text(self.edition, pattern, raw=True),
                          self.not_found(pattern, i == 0, events, sides, position))
                return  # later items are searched after this one: nothing sound to say about them
            position = found + 1

    def not_found(self, pattern: dict, first: bool, events: list[dict], sides: list[int], position: int) -> str:
        """What happened instead of the event `pattern` expects, from `position` on."""
        after = "after the setup" if first else "after the event matched just before"
        if any(event_matches(self.edition, pattern, e, side) for e, side in zip(events[:position], sides)):
            return "it happened only before the event matched just before (events are in order)"
        kind = pattern.get("event")
        same = [(e, side) for e, side in zip(events[position:], sides[position:])
                if kind is None or e.get("event") == kind]
        if same:
            shown = ", ".join(event_text(self.edition, e, side=side) for e, side in same[:6])
            more = f" and {len(same) - 6} more" if len(same) > 6 else ""
            return f"{shown}{more} {after}"
        return f"no '{kind}' event {after}" if kind else f"no such event {after}"

    def check_no_events(self, path, patterns, _):
        events, sides = self.played()
        for i, pattern in enumerate(patterns):
            hits = [(e, side) for e, side in zip(events, sides) if event_matches(self.edition, pattern, e, side)]
            if hits:
                self.fail(path + (i,), "no event", event_text(self.edition, pattern, raw=True),
                          ", ".join(event_text(self.edition, e, side=side) for e, side in hits[:3]))
