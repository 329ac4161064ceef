"""Reading a scenario file: the YAML checked part by part and built into a Scenario, or
every mistake in it raised at once as located Problems (a ScenarioError)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..agents import AGENTS
from ..edition.yamlsrc import load_yaml, read_text_file
from ..engine.decisions import KINDS
from ..engine.setup import Setup, resolve_cards
from ..errors import EditionError, Problem, UnoError
from ..limits import MAX_ROUNDS, MAX_TURNS
from .checks import did_you_mean, every
from .model import Answer, Scenario, ScenarioError
from .read_dealer import DealerReading
from .read_edition import EditionReading
from .read_expect import ExpectReading
from .read_state import StateReading
from .words import describe

KEYS = ("name", "rule", "edition", "rules", "settings", "players", "agents", "match",
        "setup", "answers", "expect", "chance")
SETUP_KEYS = ("hands", "draw", "discard", "turn", "direction", "colour", "dealer", "start",
              "scores", "rest", "state", "piles", "side")
MATCH_KEYS = ("target", "max_rounds", "max_turns", "seed")
_MOST = {"max_rounds": MAX_ROUNDS, "max_turns": MAX_TURNS}  # (a scenario plays no longer than a match may)
ANSWER_KEYS = ("player", "kind", "answer")

_REQUIRED_HINT = {
    "name": "name: what the scenario shows, e.g. `Skip makes the next player miss their turn`",
    "edition": "edition: classic (a built-in edition's name, or a path relative to this file)",
    "setup": "setup: {hands: [[...], [...]], discard: [\"red 9\"]}",
}


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; every mistake is raised in one ScenarioError."""
    path = Path(path)
    try:
        return scenario_from_text(read_text_file(path), path)
    except ScenarioError:
        raise
    except EditionError as error:  # (the file cannot be read)
        raise _scenario_error(error.problems) from None


def scenario_from_text(text: str, path: str | Path) -> Scenario:
    """Check the scenario `text` of the file `path` (an editor's unsaved buffer: the
    edition it names is looked for beside `path`); every mistake in one ScenarioError."""
    path = Path(path)
    try:
        doc = load_yaml(text, str(path))
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


class _Reader(EditionReading, ExpectReading, StateReading, DealerReading):
    """Checks a scenario's data and builds a Scenario, collecting every problem (the parts
    for the edition and for `expect:` are its bases)."""

    def read(self) -> Scenario:
        doc, data = self.doc, self.doc.data
        try:
            doc.require_mapping("a scenario", "name:, edition:, setup:, ...")
        except EditionError as error:
            raise _scenario_error(error.problems) from None
        self.keys((), data, KEYS, "a scenario")
        for key in ("name", "edition", "setup"):
            if key not in data:
                self.problem((), f"the scenario has no `{key}:`", _REQUIRED_HINT[key])
        name = data.get("name")
        if "name" in data and not self.typed(("name",), name, str, "name"):
            name = None
        if "rule" in data:
            self.typed(("rule",), data["rule"], str, "rule")
        # The edition first: the setup's cards are checked against it, and the setup's hands
        # tell how many players the seats in the answers and expectations may name.
        self.edition = self.read_edition(data)
        setup = self.read_setup(data)
        if setup is not None and "chance" in data:
            setup.chance = self.read_chance(data["chance"])
        answers = self.read_answers(data.get("answers", []))
        expect = self.read_expect(data.get("expect", {}), answers)
        agents = self.read_agents(data.get("agents"))
        options = self.read_match(data.get("match", {}))
        if self.problems or self.edition is None or setup is None:
            raise _scenario_error(self.problems, name)
        return Scenario(path=self.path, name=name, rule=data.get("rule"), doc=doc,
                        edition=self.edition, players=self.players, setup=setup,
                        answers=answers, expect=expect, agents=agents, **options)

    # ---- setup:

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
        hands_ok = every([self.text_list(("setup", "hands", i), hand, "a hand")
                          for i, hand in enumerate(hands)])
        self.count_players(data, hands)
        piles_ok = self.piles_ok(setup)
        fields = {"hands": [list(h) for h in hands] if hands_ok else hands}
        if "side" in setup and self.side(("setup", "side"), setup["side"]) is not None:
            fields["side"] = setup["side"]
        for pile in ("draw", "discard"):  # only piles that passed the checks above
            fields[pile] = list(setup[pile]) if piles_ok and pile in setup else []
        fields.update(self.table_fields(setup))
        if "piles" in setup and self.named_piles(("setup", "piles"), setup["piles"]):
            fields["piles"] = {name: list(cards) for name, cards in setup["piles"].items()}
        if hands_ok and piles_ok and self.edition is not None:
            self.deal_check(fields)
        return Setup(**fields)

    def count_players(self, data: dict, hands: list) -> None:
        """One hand per player: `players:`, if given, and the edition must agree."""
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

    def piles_ok(self, setup: dict) -> bool:
        ok = every([self.text_list(("setup", pile), setup[pile], pile)
                    for pile in ("draw", "discard") if pile in setup])
        if "discard" not in setup or setup.get("discard") == []:
            self.problem(("setup",), "the setup needs a `discard:` pile with at least the top card",
                         "discard: [\"red 9\"] (the last card is the top)", at_key=True)
            ok = False
        return ok

    def table_fields(self, setup: dict) -> dict:
        """The rest of the table (turn, dealer, ...), each only if it passes its check."""
        fields = {}
        if "turn" in setup and self.seat(("setup", "turn"), setup["turn"], "turn"):
            fields["turn"] = setup["turn"]
        if "direction" in setup and self.direction(("setup", "direction"), setup["direction"]):
            fields["direction"] = setup["direction"]
        if isinstance(setup.get("dealer"), dict) and self.edition is not None:  # the dealer's draw
            drawn = self.dealer_draw(("setup", "dealer"), setup["dealer"])
            if drawn is not None:
                fields["dealer"], fields["dealer_draws"] = drawn
                if "turn" not in setup:  # the player after the dealer plays first
                    fields["turn"] = (fields["dealer"] + fields.get("direction", 1)) % self.players
        elif "dealer" in setup and self.seat(("setup", "dealer"), setup["dealer"], "dealer", none=True):
            fields["dealer"] = setup["dealer"]
        if "colour" in setup and self.typed(("setup", "colour"), setup["colour"], str, "colour", none=True):
            fields["colour"] = self.colour(("setup", "colour"), setup["colour"])
        if "start" in setup and self.typed(("setup", "start"), setup["start"], bool, "start"):
            fields["start"] = setup["start"]
        if "scores" in setup and self.numbers_per_player(("setup", "scores"), setup["scores"],
                                                         "scores", "a score", none=True):
            fields["scores"] = setup["scores"]
        if "state" in setup and self.state(("setup", "state"), setup["state"]):
            fields["state"] = setup["state"]
        if "rest" in setup:
            if setup["rest"] in ("draw", "discard"):
                fields["rest"] = setup["rest"]
            else:
                self.problem(("setup", "rest"),
                             f"rest is `draw` or `discard`, not {describe(setup['rest'])}")
        return fields

    def deal_check(self, fields: dict) -> None:
        """Take each named card from the deck in the order the engine will, locating the first
        name that names no card, or one more card than the deck holds."""
        side = [s.name for s in self.edition.sides].index(fields["side"]) if "side" in fields else 0
        pool = [self.edition.card(card.uid, side) for card in self.edition.deck]
        named = [(("setup", "hands", i, j), name)
                 for i, hand in enumerate(fields["hands"]) for j, name in enumerate(hand)]
        named += [(("setup", pile, i), name)
                  for pile in ("draw", "discard") for i, name in enumerate(fields[pile])]
        named += [(("setup", "piles", pile, i), name)
                  for pile, cards in fields.get("piles", {}).items() for i, name in enumerate(cards)]
        for path, name in named:
            label = self.card(path, name)
            if label is None:
                continue
            try:
                resolve_cards(self.edition, [name], pool)
            except UnoError:
                copies = sum(1 for c in self.edition.deck if self.edition.card(c.uid, side).label() == label)
                if not copies and self.edition.sides:
                    self.problem(path, f"'{name}' is a face of another side: the setup has the "
                                 f"{self.edition.sides[side].name} side up",
                                 "name the cards by the faces of the side up, or say `side:` in the setup")
                else:
                    self.problem(path, f"no '{name}' left: the {self.edition.name} deck has "
                                 f"{copies} and the setup names more")

    # ---- answers:, agents:, match:

    def read_answers(self, answers: Any) -> list[Answer]:
        if not self.typed(("answers",), answers, list, "answers"):
            return []
        read = [self.read_answer(("answers", i), item) for i, item in enumerate(answers)]
        return [answer for answer in read if answer is not None]

    def read_answer(self, path: tuple, item: Any) -> Answer | None:
        """An answer alone (`red 7`), or with the decision it is for ({player:, kind:, answer:})."""
        player = kind = None
        value, value_path = item, path
        if isinstance(item, dict):
            self.keys(path, item, ANSWER_KEYS, "an answer")
            if "answer" not in item:
                self.problem(path, "this answer has no `answer:`",
                             "e.g. {answer: red 7}, {answer: draw}, {answer: blue}, {answer: yes}")
                return None
            player = item.get("player")
            if "player" in item and not self.seat(path + ("player",), player, "player"):
                player = None
            kind = item.get("kind")
            if "kind" in item and self.typed(path + ("kind",), kind, str, "kind") and kind not in KINDS:
                self.problem(path + ("kind",), f"'{kind}' is not a kind of decision",
                             did_you_mean(kind, KINDS, "kinds: " + ", ".join(KINDS)))
                kind = None
            value, value_path = item["answer"], path + ("answer",)
        if isinstance(value, (list, dict)) or value is None:
            self.problem(value_path, f"an answer is a card name, draw, keep, a colour, yes/no, a "
                         f"seat number or an answer text, not {describe(value)}")
            return None
        return Answer(value, player, kind, value_path)

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
                elif key in _MOST and options[key] > _MOST[key]:
                    self.problem(("match", key), f"{key} is at most {_MOST[key]:,} (the engine's own limit)")
                else:
                    result[key] = options[key]
        if "seed" in options:
            seed = options["seed"]
            if isinstance(seed, (int, str)) and not isinstance(seed, bool):
                result["seed"] = seed
            else:
                self.problem(("match", "seed"), f"seed must be a number or text, not {describe(seed)}")
        return result
