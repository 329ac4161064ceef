"""Scenario files: rule tests written as data (docs/scenarios.md).

A scenario lays a table out card by card (unodsl.engine.setup.Setup), answers
the decisions that come up like the players would, and checks the state and the
log afterwards:

    scenario = load_scenario("tests/scenarios/classic/draw_two.yaml")
    outcome = run_scenario(scenario)
    outcome.passed, outcome.failures   # each failure: what, expected, actual, span

`load_scenario` reports every mistake in the file at once, as Problems located
in it (a ScenarioError); `run_scenario` never raises for what a scenario says:
refused answers, answers left over and expectations that do not hold are
Failures located at the answer or expectation concerned.
"""
from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from .agents import AGENTS
from .edition.loader import load_edition
from .edition.model import Card, Edition
from .edition.schema import schema
from .edition.yamlsrc import YamlDoc, load_yaml_file
from .engine.decisions import KINDS, Decision
from .engine.match import Match
from .engine.setup import Setup, resolve_cards
from .errors import EditionError, IllegalMove, Problem, Span, UnoError
from .resources import edition_path

SEED = "scenario"  # every scenario plays with this seed unless `match: {seed: ...}` says otherwise

KEYS = ("name", "rule", "edition", "rules", "settings", "players", "agents", "match",
        "setup", "answers", "expect")
SETUP_KEYS = ("hands", "draw", "discard", "turn", "direction", "colour", "dealer", "start",
              "scores", "rest")
MATCH_KEYS = ("target", "max_rounds", "max_turns", "seed")
ANSWER_KEYS = ("player", "kind", "answer")
EXPECT_KEYS = ("turn", "decision", "hands", "hand_sizes", "top", "colour", "direction",
               "draw_pile", "scores", "winner", "finished", "events", "no_events", "error")
DECISION_KEYS = ("player", "kind", "options")

_YES = ("yes", "true", "y", "on")
_NO = ("no", "false", "n", "off")
_TYPE_WORDS = {str: "text", int: "a whole number", bool: "true or false", list: "a list",
               dict: "a mapping"}


class ScenarioError(EditionError):
    """A scenario file has problems; all of them are listed (each located in a file)."""

    name: str | None = None  # the scenario's name, when the file got far enough to give one


@dataclass
class Answer:
    value: Any  # as written: text, a number, true/false
    player: int | None
    kind: str | None
    path: tuple  # where the answer is written: ("answers", i)


@dataclass
class Scenario:
    path: Path
    name: str
    rule: str | None
    doc: YamlDoc
    edition: Edition
    players: int
    setup: Setup
    answers: list[Answer]
    expect: dict
    agents: list | None = None
    seed: int | str = SEED
    target: int | None = None
    max_rounds: int = 1
    max_turns: int = 5000

    def span(self, path: Iterable) -> Span:
        return self.doc.span(path)


@dataclass
class Failure:
    """One way a scenario did not go as written: `what` was `expected` but is `actual`.

    A failure with a `message` is an error of the run itself (an answer refused,
    an answer left over) rather than an expectation that does not hold.
    """

    what: str
    expected: str
    actual: str
    span: Span
    message: str | None = None

    def format(self) -> str:
        """One line: `file:line:col: expected WHAT X, got Y` (or `...: error: MESSAGE`)."""
        if self.message is not None:
            text = f"{self.span}: error: {self.message}"
        else:
            text = f"{self.span}: expected {self.what} {self.expected}, got {self.actual}"
        return text.replace("\n", "\\n")


@dataclass
class Outcome:
    path: Path
    name: str
    failures: list[Failure] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # the file itself is invalid
    rule: str | None = None

    @property
    def passed(self) -> bool:
        return not self.failures and not self.problems

    @property
    def invalid(self) -> bool:
        return bool(self.problems)

    def lines(self) -> list[str]:
        """`PASS name (file)`, or `FAIL name (file)` and one indented line per failure."""
        lines = [f"{'PASS' if self.passed else 'FAIL'} {self.name} ({self.path})"]
        for problem in self.problems:
            lines.extend("  " + line for line in problem.format().splitlines())
        lines.extend("  " + failure.format() for failure in self.failures)
        return lines


# ---- loading ---------------------------------------------------------------------

def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; every mistake is raised in one ScenarioError."""
    path = Path(path)
    try:
        doc = load_yaml_file(path)
    except EditionError as error:
        raise _scenario_error([_reword(p) for p in error.problems]) from None
    return _Reader(path, doc).read()


def _scenario_error(problems: list[Problem], name: str | None = None) -> ScenarioError:
    error = ScenarioError(sorted(problems, key=lambda p: (p.span.file, p.span.line, p.span.column)))
    error.name = name
    return error


def _reword(problem: Problem) -> Problem:
    """yamlsrc speaks of editions; an empty scenario file is a scenario's problem."""
    if problem.message == "empty edition file":
        return Problem(problem.span, "empty scenario file", problem.severity,
                       "a scenario starts with `name:`; see docs/scenarios.md")
    return problem


_EDITIONS: dict[tuple, Edition] = {}  # editions already built, by (file, rules, settings)


class _Reader:
    """Checks a scenario's data and builds a Scenario, collecting every problem."""

    def __init__(self, path: Path, doc: YamlDoc):
        self.path = path
        self.doc = doc
        self.problems: list[Problem] = []
        self.edition: Edition | None = None
        self.players: int | None = None

    # ---- reporting and plain checks

    def problem(self, path: tuple, message: str, hint: str | None = None, at_key: bool = False) -> None:
        self.problems.append(self.doc.problem(path, message, hint, at_key=at_key))

    def keys(self, path: tuple, data: dict, allowed: Iterable[str], what: str) -> None:
        allowed = list(allowed)
        for key in data:
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f"did you mean '{close[0]}'?" if close else "allowed: " + ", ".join(allowed)
                self.problem(path + (key,), f"unknown key '{key}' in {what}", hint, at_key=True)

    def typed(self, path: tuple, value: Any, kind: type, what: str, none: bool = False) -> bool:
        """True if `value` is of `kind` (bool is not a number here); else a problem."""
        if value is None and none:
            return True
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            words = _TYPE_WORDS[kind] + (" or null" if none else "")
            self.problem(path, f"{what} must be {words}, not {_describe(value)}")
        return ok

    def text_list(self, path: tuple, value: Any, what: str) -> bool:
        if not self.typed(path, value, list, what):
            return False
        return _every([self.typed(path + (i,), item, str, f"each item of {what}")
                       for i, item in enumerate(value)])

    def seat(self, path: tuple, value: Any, what: str, none: bool = False) -> bool:
        if not self.typed(path, value, int, what, none):
            return False
        if value is not None and self.players is not None and not 0 <= value < self.players:
            self.problem(path, f"{what} must be a seat from 0 to {self.players - 1}, not {value}")
            return False
        return True

    def card(self, path: tuple, name: str) -> str | None:
        """The label of the card `name` names in the edition (a problem if none)."""
        label = _label_of(self.edition, name)
        if label is None:
            labels = sorted({c.label().lower() for c in self.edition.deck})
            close = difflib.get_close_matches(name.strip().lower(), labels, n=1)
            self.problem(path, f"'{name}' is not a card of {self.edition.name}",
                         f"did you mean '{close[0]}'?" if close else
                         "name a card as players say it: `red 7`, `blue skip`, `wild draw four`")
        return label

    # ---- the scenario

    def read(self) -> Scenario:
        doc, data = self.doc, self.doc.data
        if not isinstance(data, dict):
            self.problem((), f"a scenario is a mapping (name:, edition:, setup:, ...), not {_describe(data)}")
            raise _scenario_error(self.problems)
        self.keys((), data, KEYS, "a scenario")
        for key in ("name", "edition", "setup"):
            if key not in data:
                self.problem((), f"the scenario has no `{key}:`", _REQUIRED_HINT[key])
        name = data.get("name")
        if "name" in data and not self.typed(("name",), name, str, "name"):
            name = None
        if "rule" in data:
            self.typed(("rule",), data["rule"], str, "rule")
        self.edition = self.read_edition(data)
        setup = self.read_setup(data)
        answers = self.read_answers(data.get("answers", []))
        expect = self.read_expect(data.get("expect", {}), answers)
        agents = self.read_agents(data.get("agents"))
        options = self.read_match(data.get("match", {}))
        if self.problems or self.edition is None or setup is None:
            raise _scenario_error(self.problems, name)
        return Scenario(path=self.path, name=name, rule=data.get("rule"), doc=doc,
                        edition=self.edition, players=self.players, setup=setup,
                        answers=answers, expect=expect, agents=agents, **options)

    def resolve_rule(self, rule: str) -> str:
        """`@file.yaml` is looked for beside the scenario file first (then as `--rule` does)."""
        if rule.startswith("@"):
            beside = Path(self.doc.filename).parent / rule[1:]
            if beside.exists():
                return f"@{beside}"
        return rule

    def read_edition(self, data: dict) -> Edition | None:
        rules, settings = data.get("rules", []), data.get("settings")
        ok = self.text_list(("rules",), rules, "rules")
        ok = self.typed(("settings",), settings, dict, "settings", none=True) and ok
        if "edition" not in data:
            return None
        edition = data["edition"]
        if not self.typed(("edition",), edition, str, "edition") or not ok:
            return None
        where = self.resolve_edition(edition)
        rules = [self.resolve_rule(rule) for rule in rules]
        known = not settings or self.settings_known(edition, where, rules, settings)
        if not known:
            settings = None  # still load the edition with our rules, to check them
        try:
            built = self.load(where, rules, settings)
        except EditionError as error:
            self.edition_problems(edition, where, rules, settings, error)
            return None
        except UnoError as error:
            self.problem(("edition",), f"edition '{edition}' does not load: {error}")
            return None
        return built  # with unknown settings, only to check the cards: the problems stop the run

    def settings_known(self, edition: str, where, rules: list, settings: dict) -> bool:
        """Editions may add settings of their own, so the schema lets any name through; here a
        name that neither the schema nor the edition has is a typo, unless one of our `rules:`
        reads it."""
        try:
            known = [*_schema_settings(), *self.load(where, [], None).settings]
        except UnoError:
            return True  # the edition's own problems are reported when it is loaded with ours
        known = list(dict.fromkeys(known))
        ok = True
        for name in settings:
            if name not in known and not any(f"settings.{name}" in rule for rule in rules):
                close = difflib.get_close_matches(name, list(known), n=1)
                self.problem(("settings", name), f"edition '{edition}' has no setting '{name}'",
                             f"did you mean '{close[0]}'?" if close else
                             "its settings: " + ", ".join(known), at_key=True)
                ok = False
        return ok

    @staticmethod
    def load(where, rules: list, settings: dict | None) -> Edition:
        """The edition, built once per process for each (file as it is now, rules, settings)."""
        file = edition_path(str(where))
        stamp = file.stat().st_mtime_ns if file.exists() else None
        key = (str(file), stamp, tuple(rules), json.dumps(settings, sort_keys=True))
        if key not in _EDITIONS:
            _EDITIONS[key] = load_edition(str(where), rules=list(rules), settings=settings or None)
        return _EDITIONS[key]

    def resolve_edition(self, edition: str) -> Path | str:
        """A path relative to the scenario file, or a built-in edition's name."""
        beside = self.path.parent / edition
        if Path(edition).suffix in (".yaml", ".yml") or beside.exists() or "/" in edition:
            return beside
        return edition

    def edition_problems(self, edition, where, rules, settings, error: EditionError) -> None:
        """Problems of the edition as loaded for this scenario, moved here where they are ours."""
        plain_loads, ours = False, len(self.problems)
        if settings:
            try:
                self.load(where, rules, None)
                plain_loads = True
            except UnoError:
                pass
        for problem in error.problems:
            file = problem.span.file
            if file.startswith("--rule "):  # a script in our `rules:`
                index = int(file.split()[1]) - 1
                span = self.doc.script_span(("rules", index), problem.span.line, problem.span.column)
                self.problems.append(Problem(span, problem.message, problem.severity, problem.hint,
                                             self.doc.source_line(span.line)))
            elif file == str(where) and problem.message.startswith("no edition named"):
                self.problem(("edition",), f"no edition named '{edition}' and no such file "
                             f"(a path is relative to the scenario file)")
            elif plain_loads:  # the edition is fine without our settings
                found = re.match(r"\$\.settings\.(\w+)", problem.message)
                path = ("settings", found[1]) if found and found[1] in settings else ("settings",)
                self.problem(path, problem.message.replace("$.settings", "settings"), problem.hint,
                             at_key="unknown property" in problem.message)
            else:
                self.problems.append(problem)
        if not any(p.span.file == self.doc.filename for p in self.problems[ours:]):
            self.problem(("edition",), f"edition '{edition}' does not load (see the problems listed)")

    def read_setup(self, data: dict) -> Setup | None:
        setup = data.get("setup")
        if setup is None or not self.typed(("setup",), setup, dict, "setup"):
            return None
        self.keys(("setup",), setup, SETUP_KEYS, "setup")
        hands = setup.get("hands")
        if hands is None:
            self.problem(("setup",), "the setup has no `hands:`", "one list of cards per player", at_key=True)
            return None
        if not self.typed(("setup", "hands"), hands, list, "hands"):
            return None
        hands_ok = _every([self.text_list(("setup", "hands", i), hand, "a hand")
                           for i, hand in enumerate(hands)])
        self.players = len(hands)
        if "players" in data and self.typed(("players",), data["players"], int, "players"):
            if data["players"] != len(hands):
                self.problem(("players",), f"players is {data['players']}, but the setup gives "
                             f"{len(hands)} hands", "give one hand (maybe []) per player")
        if self.edition is not None:
            limits = self.edition.settings["players"]
            if not limits["min"] <= len(hands) <= limits["max"]:
                self.problem(("setup", "hands"), f"{self.edition.name} is for {limits['min']} to "
                             f"{limits['max']} players; the setup gives {len(hands)} hands")
        piles_ok = _every([self.text_list(("setup", pile), setup[pile], pile)
                           for pile in ("draw", "discard") if pile in setup])
        if "discard" not in setup or setup.get("discard") == []:
            self.problem(("setup",), "the setup needs a `discard:` pile with at least the top card",
                         "discard: [\"red 9\"] (the last card is the top)", at_key=True)
            piles_ok = False
        fields = {"hands": [list(h) for h in hands] if hands_ok else hands}
        for pile in ("draw", "discard"):  # only piles that passed the checks above
            fields[pile] = list(setup[pile]) if piles_ok and pile in setup else []
        if "turn" in setup and self.seat(("setup", "turn"), setup["turn"], "turn"):
            fields["turn"] = setup["turn"]
        if "dealer" in setup and self.seat(("setup", "dealer"), setup["dealer"], "dealer", none=True):
            fields["dealer"] = setup["dealer"]
        if "direction" in setup:
            if setup["direction"] in (1, -1) and not isinstance(setup["direction"], bool):
                fields["direction"] = setup["direction"]
            else:
                self.problem(("setup", "direction"), f"direction is 1 (to the left) or -1 (to the "
                             f"right), not {_describe(setup['direction'])}")
        if "colour" in setup and self.typed(("setup", "colour"), setup["colour"], str, "colour", none=True):
            fields["colour"] = self.colour(("setup", "colour"), setup["colour"])
        if "start" in setup and self.typed(("setup", "start"), setup["start"], bool, "start"):
            fields["start"] = setup["start"]
        if "scores" in setup and self.scores(("setup", "scores"), setup["scores"], none=True):
            fields["scores"] = setup["scores"]
        if "rest" in setup:
            if setup["rest"] in ("draw", "discard"):
                fields["rest"] = setup["rest"]
            else:
                self.problem(("setup", "rest"),
                             f"rest is `draw` or `discard`, not {_describe(setup['rest'])}")
        if hands_ok and piles_ok and self.edition is not None:
            self.deal_check(fields)
        return Setup(**fields)

    def deal_check(self, fields: dict) -> None:
        """Take each named card from the deck in the order the engine will, locating the first
        name that names no card, or one more card than the deck holds."""
        pool = list(self.edition.deck)
        named = [(("setup", "hands", i, j), name)
                 for i, hand in enumerate(fields["hands"]) for j, name in enumerate(hand)]
        named += [(("setup", pile, i), name)
                  for pile in ("draw", "discard") for i, name in enumerate(fields[pile])]
        for path, name in named:
            label = self.card(path, name)
            if label is None:
                continue
            try:
                resolve_cards(self.edition, [name], pool)
            except UnoError:
                copies = sum(1 for c in self.edition.deck if c.label() == label)
                self.problem(path, f"no '{name}' left: the {self.edition.name} deck has "
                             f"{copies} and the setup names more")

    def colour(self, path: tuple, value: str | None) -> str | None:
        if value is None or self.edition is None:
            return value
        for colour in self.edition.colours:
            if colour.lower() == value.strip().lower():
                return colour
        close = difflib.get_close_matches(value, self.edition.colours, n=1)
        self.problem(path, f"'{value}' is not a colour of {self.edition.name} "
                     f"({', '.join(self.edition.colours)})", f"did you mean '{close[0]}'?" if close else None)
        return value

    def scores(self, path: tuple, value: Any, none: bool = False) -> bool:
        if not self.typed(path, value, list, "scores", none) or value is None:
            return value is None
        ok = _every([self.typed(path + (i,), v, int, "a score") for i, v in enumerate(value)])
        if ok and self.players is not None and len(value) != self.players:
            self.problem(path, f"scores has {len(value)} numbers for {self.players} players")
            ok = False
        return ok

    def read_answers(self, answers: Any) -> list[Answer]:
        if not self.typed(("answers",), answers, list, "answers"):
            return []
        result = []
        for i, item in enumerate(answers):
            path = ("answers", i)
            if isinstance(item, dict):
                self.keys(path, item, ANSWER_KEYS, "an answer")
                if "answer" not in item:
                    self.problem(path, "this answer has no `answer:`",
                                 "e.g. {answer: red 7}, {answer: draw}, {answer: blue}, {answer: yes}")
                    continue
                player = item.get("player")
                if "player" in item and not self.seat(path + ("player",), player, "player"):
                    player = None
                kind = item.get("kind")
                if "kind" in item and self.typed(path + ("kind",), kind, str, "kind") and kind not in KINDS:
                    close = difflib.get_close_matches(kind, KINDS, n=1)
                    self.problem(path + ("kind",), f"'{kind}' is not a kind of decision",
                                 f"did you mean '{close[0]}'?" if close else "kinds: " + ", ".join(KINDS))
                    kind = None
                value, value_path = item["answer"], path + ("answer",)
            else:
                player = kind = None
                value, value_path = item, path
            if isinstance(value, (list, dict)) or value is None:
                self.problem(value_path, f"an answer is a card name, draw, keep, a colour, yes/no, a "
                             f"seat number or an answer text, not {_describe(value)}")
                continue
            result.append(Answer(value, player, kind, value_path))
        return result

    def read_expect(self, expect: Any, answers: list[Answer]) -> dict:
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
                                 f"{_describe(option)}")
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
                ok = _every([self.card(path + (key, i), name) is not None
                             for i, name in enumerate(hand)]) and ok
        return ok

    def expect_hand_sizes(self, path, value) -> bool:
        if not self.typed(path, value, list, "hand_sizes"):
            return False
        ok = _every([self.typed(path + (i,), v, int, "a hand size") for i, v in enumerate(value)])
        if ok and self.players is not None and len(value) != self.players:
            self.problem(path, f"hand_sizes has {len(value)} numbers for {self.players} players")
            ok = False
        return ok

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
        if value in (1, -1) and not isinstance(value, bool):
            return True
        self.problem(path, f"direction is 1 (to the left) or -1 (to the right), not {_describe(value)}")
        return False

    def expect_draw_pile(self, path, value) -> bool:
        return self.typed(path, value, int, "draw_pile")

    def expect_scores(self, path, value) -> bool:
        return self.scores(path, value)

    def expect_winner(self, path, value) -> bool:
        return self.seat(path, value, "winner", none=True)

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

    def expect_error(self, path, value) -> bool:
        return self.typed(path, value, str, "error")

    def read_agents(self, agents: Any) -> list | None:
        if agents is None or not self.typed(("agents",), agents, list, "agents"):
            return None
        ok = True
        for i, name in enumerate(agents):
            if name is not None and (not self.typed(("agents", i), name, str, "an agent", none=True)
                                     or name not in AGENTS):
                if isinstance(name, str):
                    self.problem(("agents", i), f"unknown agent '{name}'", "agents: " + ", ".join(AGENTS)
                                 + "; null for a seat answered by the scenario")
                ok = False
        if self.players is not None and len(agents) != self.players:
            self.problem(("agents",), f"agents lists {len(agents)} seats for {self.players} players",
                         "one per seat: an agent name, or null for a seat answered by the scenario")
            ok = False
        return list(agents) if ok else None

    def read_match(self, options: Any) -> dict:
        if not self.typed(("match",), options, dict, "match"):
            return {}
        self.keys(("match",), options, MATCH_KEYS, "match")
        result = {}
        for key in ("target", "max_rounds", "max_turns"):
            if key in options and self.typed(("match", key), options[key], int, key):
                if options[key] < 1:
                    self.problem(("match", key), f"{key} must be at least 1")
                else:
                    result[key] = options[key]
        if "seed" in options:
            seed = options["seed"]
            if isinstance(seed, (int, str)) and not isinstance(seed, bool):
                result["seed"] = seed
            else:
                self.problem(("match", "seed"), f"seed must be a number or text, not {_describe(seed)}")
        return result


def _schema_settings() -> list[str]:
    """The settings the edition schema declares (some, like `teams`, have no default)."""
    return list(schema().get("$defs", {}).get("settings", {}).get("properties", {}))


def _every(checks: list[bool]) -> bool:
    """all() of checks already made: each made its own report, none was skipped."""
    return all(checks)


_REQUIRED_HINT = {
    "name": "name: what the scenario shows, e.g. `Draw Two makes the next player draw 2`",
    "edition": "edition: classic (a built-in edition's name, or a path relative to this file)",
    "setup": "setup: {hands: [[...], [...]], discard: [\"red 9\"]}",
}


# ---- running ---------------------------------------------------------------------

def run_scenario(scenario: Scenario) -> Outcome:
    """Play the scenario: lay the table out, give the answers, check the expectations."""
    return _Run(scenario).run()


class _Run:
    def __init__(self, scenario: Scenario):
        self.sc = scenario
        self.edition = scenario.edition
        self.outcome = Outcome(scenario.path, scenario.name, rule=scenario.rule)
        self.match: Match | None = None

    def fail(self, path: tuple, what: str, expected: Any, actual: Any) -> None:
        self.outcome.failures.append(Failure(what, _show(expected), _show(actual), self.sc.span(path)))

    def error(self, path: tuple, message: str, what: str = "run", expected="", actual="") -> None:
        self.outcome.failures.append(Failure(what, expected, actual, self.sc.span(path), message))

    def run(self) -> Outcome:
        sc = self.sc
        try:
            self.match = Match(sc.edition, players=sc.players, agents=sc.agents, seed=sc.seed,
                               target=sc.target, max_rounds=sc.max_rounds, max_turns=sc.max_turns,
                               setup=sc.setup)
        except UnoError as err:
            self.error(("setup",), f"the match does not start: {err}")
            return self.outcome
        except Exception as err:  # an engine bug: say so rather than crash the whole run
            self.error(("setup",), f"the engine failed while setting up: {type(err).__name__}: {err}")
            return self.outcome
        refused = self.give_answers()
        if refused is False:  # the run could not go on; the expectations would only add noise
            return self.outcome
        self.check(refused)
        return self.outcome

    def give_answers(self):
        """Give every answer. Returns the refusal of the last answer (None if accepted),
        or False when an answer went wrong."""
        sc, match = self.sc, self.match
        refused = None
        for index, answer in enumerate(sc.answers):
            last = index == len(sc.answers) - 1
            shown = _written(sc.doc, answer.path, answer.value)
            decision = match.decision
            if match.finished or decision is None:
                ended = "before the first answer" if index == 0 else f"after answer {index}"
                self.error(answer.path, f"answer '{shown}' is left over: the match ended {ended}",
                           "answer", shown, "the end of the match")
                return False
            item = answer.path[:2]
            if answer.player is not None and answer.player != decision.player:
                self.fail(item + ("player",), f"answer {index + 1} to be for player", answer.player,
                          f"a {decision.kind} decision for player {decision.player} "
                          f"(options: {_options(decision)})")
                return False
            if answer.kind is not None and answer.kind != decision.kind:
                self.fail(item + ("kind",), f"answer {index + 1} to be for a", f"{answer.kind} decision",
                          f"a {decision.kind} decision for player {decision.player} "
                          f"(options: {_options(decision)})")
                return False
            value = _resolve(answer.value, decision, match)
            try:
                if not _same_type_option(value, decision):
                    raise IllegalMove(f"{value!r} is not one of the options")
                match.answer(value)
            except IllegalMove as err:
                if last and "error" in sc.expect:
                    refused = str(err)
                    break
                why = _refusal(err, decision, value, match)
                self.error(answer.path, f"answer '{shown}' was refused: {why}; player {decision.player}'s "
                           f"{decision.kind} options were: {_options(decision)}",
                           "answer", shown, "refused")
                return False
            except UnoError as err:
                self.error(answer.path, f"after answer '{shown}': {err}", "answer", shown, str(err))
                return False
            except Exception as err:  # an engine bug: locate it at the answer that set it off
                self.error(answer.path, f"the engine failed after answer '{shown}': "
                           f"{type(err).__name__}: {err}", "answer", shown, type(err).__name__)
                return False
        return refused

    # ---- expectations

    def check(self, refused: str | None) -> None:
        expect = self.sc.expect
        for key in EXPECT_KEYS:
            if key in expect:
                getattr(self, f"check_{key}")(("expect", key), expect[key], refused)

    def check_error(self, path, text: str, refused) -> None:
        last = self.sc.answers[-1]
        shown = _written(self.sc.doc, last.path, last.value)
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
                          f"player {decision.player}'s {decision.kind} ({_options(decision)})")
            return
        if decision is None:
            self.fail(path, "decision", _show(want), "none pending (the match has ended)")
            return
        if "player" in want and want["player"] != decision.player:
            self.fail(path + ("player",), "decision for player", want["player"],
                      f"player {decision.player}'s {decision.kind}")
        if "kind" in want and want["kind"] != decision.kind:
            self.fail(path + ("kind",), "decision kind", want["kind"], decision.kind)
        if "options" in want:
            expected = sorted(_option_key(self.edition, o) for o in want["options"])
            actual = sorted(_option_text(o).lower() for o in decision.options)
            if expected != actual:
                self.fail(path + ("options",), "options",
                          "[" + ", ".join(_option_shown(self.edition, o) for o in want["options"]) + "]",
                          "[" + _options(decision) + "]")

    def check_hands(self, path, want: dict, _):
        for key, names in want.items():
            seat = int(key)
            expected = sorted(_label_of(self.edition, n) for n in names)
            actual = sorted(c.label() for c in self.match.round.hands[seat])
            if Counter(expected) != Counter(actual):
                self.fail(path + (key,), f"hand of player {seat}", expected, actual)

    def check_hand_sizes(self, path, want, _):
        actual = [len(h) for h in self.match.round.hands]
        if actual != want:
            self.fail(path, "hand sizes", want, actual)

    def check_top(self, path, name, _):
        expected, actual = _label_of(self.edition, name), self.match.round.discard[-1].label()
        if expected != actual:
            self.fail(path, "top card", expected, actual)

    def check_colour(self, path, colour, _):
        actual = self.match.round.colour
        if (colour or "").lower() != (actual or "").lower():
            self.fail(path, "colour", colour, actual)

    def check_direction(self, path, direction, _):
        if self.match.round.direction != direction:
            self.fail(path, "direction", direction, self.match.round.direction)

    def check_draw_pile(self, path, count, _):
        if len(self.match.round.draw_pile) != count:
            self.fail(path, "draw pile of", f"{count} cards", f"{len(self.match.round.draw_pile)} cards")

    def check_scores(self, path, scores, _):
        if list(self.match.scores) != scores:
            self.fail(path, "scores", scores, list(self.match.scores))

    def check_winner(self, path, seat, _):
        match = self.match
        actual = match.results[-1].winner if match.results else None
        if actual != seat:
            self.fail(path, "round winner", seat, actual)

    def check_finished(self, path, finished, _):
        if self.match.finished != finished:
            self.fail(path, "finished", finished, self.match.finished)

    def played(self) -> list[dict]:
        """The log after the setup event (what the scenario made happen)."""
        log = self.match.log or []
        start = next((i + 1 for i, e in enumerate(log) if e.get("event") == "setup"), 0)
        return log[start:]

    def check_events(self, path, patterns, _):
        events = self.played()
        position = 0
        for i, pattern in enumerate(patterns):
            found = next((j for j in range(position, len(events))
                          if _matches(self.edition, pattern, events[j])), None)
            if found is not None:
                position = found + 1
                continue
            after = "after the setup" if i == 0 else "after the event matched just before"
            earlier = any(_matches(self.edition, pattern, e) for e in events[:position])
            kind = pattern.get("event")
            same = [e for e in events[position:] if kind is None or e.get("event") == kind]
            if earlier:
                actual = "it happened only before the event matched just before (events are in order)"
            elif same:
                shown = ", ".join(_event_text(self.edition, e) for e in same[:6])
                more = f" and {len(same) - 6} more" if len(same) > 6 else ""
                actual = f"{shown}{more} {after}"
            else:
                actual = f"no '{kind}' event {after}" if kind else f"no such event {after}"
            self.fail(path + (i,), "event", _event_text(self.edition, pattern, raw=True), actual)
            return  # later items are searched after this one: nothing sound to say about them

    def check_no_events(self, path, patterns, _):
        events = self.played()
        for i, pattern in enumerate(patterns):
            hits = [e for e in events if _matches(self.edition, pattern, e)]
            if hits:
                self.fail(path + (i,), "no event", _event_text(self.edition, pattern, raw=True),
                          ", ".join(_event_text(self.edition, e) for e in hits[:3]))


# ---- answers and options -----------------------------------------------------------

def _resolve(value: Any, decision: Decision, match: Match):
    """The option an answer as written stands for; what matches no option is passed on as it
    is, for the engine to refuse (or, for a rule written on a blank card, to compile)."""
    options = decision.options
    if isinstance(value, bool):
        if any(o is value for o in options):
            return value
        words = _YES if value else _NO  # `yes` reads as true in YAML: maybe a question's answer
        return next((o for o in options if isinstance(o, str) and o.lower() in words), value)
    if isinstance(value, int) and any(type(o) is int and o == value for o in options):
        return value
    text = str(value).strip()
    low = text.lower()
    for option in options:
        if _option_text(option).lower() == low:
            return option
    if isinstance(value, int):
        return value
    if any(o is True for o in options) and low in _YES + _NO:
        return low in _YES
    seat = re.fullmatch(r"(?:player |seat )?(\d+)", low)
    if seat and any(type(o) is int for o in options):
        return next((o for o in options if type(o) is int and o == int(seat[1])), int(seat[1]))
    if _label_of(match.edition, text) is not None:
        cards = [o for o in options if isinstance(o, Card)]
        for pool in (cards, match.round.hands[decision.player], match.edition.deck):
            try:
                return resolve_cards(match.edition, [text], list(pool))[0]
            except UnoError:
                continue
    return value


def _same_type_option(value, decision: Decision) -> bool:
    """False for a number given to a yes/no decision, or yes/no to a seat: Python has 1 == True,
    and Match.answer (`option in options`) would take the one for the other."""
    if not isinstance(value, (bool, int)):
        return True
    return any(type(o) is type(value) and o == value for o in decision.options)


def _refusal(err: IllegalMove, decision: Decision, value, match: Match) -> str:
    """Why the engine refused, in words (its own reason when it gives one)."""
    held = match.round.hands[decision.player]
    if isinstance(value, Card) and value not in held and decision.kind != "write_rule":
        return f"player {decision.player} does not hold {value.label()}"
    message = str(err)
    if "is not one of the options" in message:
        return "it is not one of the options"
    return message


def _option_text(option) -> str:
    """An option as a scenario writes it: `red 7`, `draw`, `blue`, `yes`, `2`."""
    if isinstance(option, Card):
        return option.label()
    if isinstance(option, bool):
        return "yes" if option else "no"
    if isinstance(option, (int, str)):
        return str(option)
    name = getattr(option, "name", None)
    if isinstance(name, str) and type(option).__name__ == "_Marker":
        return name.lower()
    card, target = getattr(option, "card", None), getattr(option, "target", None)
    if isinstance(card, Card) and isinstance(target, int):  # a table card used on a player
        return f"use {card.label()} on {target}"
    return str(option)


def _options(decision: Decision) -> str:
    """The options, on one line; a text option that would be ambiguous there is quoted."""
    texts = (_option_text(o) for o in decision.options)
    return ", ".join(json.dumps(t) if t == "" or "\n" in t or ", " in t else t for t in texts)


def _option_key(edition: Edition, option) -> str:
    """An expected option, as _option_text writes the actual one (lower case)."""
    if isinstance(option, bool) or isinstance(option, int):
        return _option_text(option)
    text = str(option).strip().lower()
    if text in _YES:
        return "yes"
    if text in _NO:
        return "no"
    label = _label_of(edition, text)
    return label.lower() if label is not None else text


def _option_shown(edition: Edition, option) -> str:
    if isinstance(option, str):
        label = _label_of(edition, option)
        return label if label is not None else option
    return _option_text(option)


def _label_of(edition: Edition | None, name: str) -> str | None:
    """The label of the card `name` names (`red draw two` -> `red Draw Two`), or None."""
    if edition is None or not isinstance(name, str):
        return None
    if name.strip().lower() in {c.lower() for c in edition.colours}:
        return None  # a colour alone names no card
    try:
        return resolve_cards(edition, [name], list(edition.deck))[0].label()
    except UnoError:
        return None


# ---- events ------------------------------------------------------------------------

def _matches(edition: Edition, pattern: dict, event: dict) -> bool:
    return all(key in event and _value_matches(edition, key, want, event[key])
               for key, want in pattern.items())


def _value_matches(edition: Edition, key: str, want, actual) -> bool:
    if isinstance(actual, bool) or isinstance(want, bool):
        return actual is want
    if isinstance(want, str) and key in ("card", "value"):
        if isinstance(actual, int) and 0 <= actual < len(edition.deck):  # a card uid
            return _label_of(edition, want) == edition.deck[actual].label()
        if isinstance(actual, dict) and "label" in actual:  # an answer that was a card
            return _label_of(edition, want) == actual["label"]
        if isinstance(actual, str):
            return want.strip().lower() == actual.lower() or _option_key(edition, want) == actual.lower()
    if isinstance(want, list) and isinstance(actual, list):
        if key == "cards" and all(isinstance(x, str) for x in want) and all(
                isinstance(x, int) for x in actual):  # cards by name, in any order
            return (Counter(_label_of(edition, x) for x in want)
                    == Counter(_uid_label(edition, x) for x in actual))
        return len(want) == len(actual) and all(
            _value_matches(edition, key, w, a) for w, a in zip(want, actual, strict=True))
    if isinstance(want, dict) and isinstance(actual, dict):
        return all(k in actual and _value_matches(edition, k, w, actual[k]) for k, w in want.items())
    if isinstance(want, str) and isinstance(actual, str):
        return want.lower() == actual.lower()
    return want == actual


def _uid_label(edition: Edition, uid: int) -> str | None:
    return edition.deck[uid].label() if 0 <= uid < len(edition.deck) else None


def _event_text(edition: Edition, event: dict, raw: bool = False) -> str:
    """An event in YAML flow style, cards by name."""
    parts = []
    for key, value in sorted(event.items(), key=lambda item: item[0] != "event"):
        if not raw and key == "card" and isinstance(value, int) and not isinstance(value, bool):
            value = _uid_label(edition, value)
        elif not raw and key == "cards" and isinstance(value, list) and all(
                isinstance(v, int) for v in value):
            value = [_uid_label(edition, v) for v in value]
        elif not raw and isinstance(value, dict) and "label" in value:
            value = value["label"]
        parts.append(f"{key}: {_show(value)}")
    return "{" + ", ".join(parts) + "}"


# ---- showing values ------------------------------------------------------------------

def _show(value: Any) -> str:
    """A value the way a scenario writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Card):
        return value.label()
    return str(value)


def _describe(value: Any) -> str:
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {json.dumps(value, ensure_ascii=False)}"
    return "a list" if isinstance(value, list) else "a mapping"


def _written(doc: YamlDoc, path: tuple, value: Any) -> str:
    node = doc.node(path)
    text = getattr(node, "value", None)
    return text if isinstance(text, str) else _show(value)


# ---- many files ------------------------------------------------------------------------

def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files given, and every *.yaml under the folders given (sorted), each once.

    In a folder, an edition file kept beside the scenarios that use it (`kinds:`
    and no `setup:`) is not a scenario.
    """
    files: list[Path] = []
    for path in map(Path, paths):
        found = [f for f in sorted(path.rglob("*.yaml")) if not _is_edition(f)] if path.is_dir() else [path]
        files.extend(f for f in found if f not in files)
    return files


def _is_edition(path: Path) -> bool:
    try:
        data = load_yaml_file(path).data
    except EditionError:
        return False  # a broken file is reported as a broken scenario
    return isinstance(data, dict) and "kinds" in data and "setup" not in data


def run_file(path: str | Path) -> Outcome:
    """Load and run one scenario file; an invalid file is an Outcome with problems."""
    path = Path(path)
    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        return Outcome(path, error.name or path.stem, problems=list(error.problems))
    except EditionError as error:
        return Outcome(path, path.stem, problems=list(error.problems))
    except UnoError as error:
        return Outcome(path, path.stem, problems=[Problem(Span(str(path), 1, 1), str(error))])
    return run_scenario(scenario)


def run_paths(paths: Iterable[str | Path]) -> list[Outcome]:
    """Run every scenario file given, or found (recursively, *.yaml) in the folders given."""
    return [run_file(path) for path in scenario_files(paths)]


def report(outcomes: list[Outcome], echo: Callable[[str], Any] = print) -> bool:
    """Print each outcome's lines and `N passed, M failed`; True when all passed."""
    for outcome in outcomes:
        for line in outcome.lines():
            echo(line)
    passed = sum(o.passed for o in outcomes)
    echo(f"{passed} passed, {len(outcomes) - passed} failed")
    return passed == len(outcomes)
