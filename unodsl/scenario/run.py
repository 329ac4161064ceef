"""Running scenarios: the table laid out, the answers given, the expectations compared;
and many files at once for `unodsl test` (run_paths, report)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..edition.kinds import file_kind
from ..edition.yamlsrc import load_yaml_file
from ..engine.decisions import Decision
from ..match import Match
from ..errors import EditionError, IllegalMove, Problem, Span, UnoError
from .answers import (
    options_text,
    pending,
    refusal_reason,
    resolve_answer,
    same_type_option,
)
from .expect import compare, failed
from .model import Answer, Failure, Outcome, Scenario, ScenarioError
from .read import load_scenario
from .words import written


def run_scenario(scenario: Scenario) -> Outcome:
    """Play the scenario: lay the table out, give the answers, check the expectations."""
    return _Run(scenario).run()


def play_unrecorded(scenario: Scenario) -> Match | None:
    """The scenario's match played with its answers and no record, so by the loop written
    for its edition (unodsl.engine.specialise): the expectations, which read the record,
    are not checked; its end is compared with the recorded one's (tests/engine)."""
    run = _Run(scenario, record=False)
    run.run()
    return run.match


class _Run:
    def __init__(self, scenario: Scenario, record: bool = True):
        self.sc = scenario
        self.record = record
        self.outcome = Outcome(scenario.path, scenario.name, rule=scenario.rule)
        self.match: Match | None = None

    def fail(self, path: tuple, what: str, expected: Any, actual: Any) -> None:
        self.outcome.failures.append(failed(self.sc, path, what, expected, actual))

    def error(self, path: tuple, message: str, what: str = "run", expected="", actual="") -> None:
        self.outcome.failures.append(Failure(what, expected, actual, self.sc.span(path), message))

    def run(self) -> Outcome:
        sc = self.sc
        try:
            self.match = Match(sc.edition, players=sc.players, agents=sc.agents, seed=sc.seed,
                               target=sc.target, max_rounds=sc.max_rounds, max_turns=sc.max_turns,
                               setup=sc.setup, record=self.record)
        except UnoError as err:
            self.error(("setup",), f"the match does not start: {err}")
            return self.outcome
        except Exception as err:  # an engine bug: say so rather than crash the whole run
            self.error(("setup",), f"the engine failed while setting up: {type(err).__name__}: {err}")
            return self.outcome
        refused = self.give_answers()
        if refused is False or not self.record:  # (the run could not go on; or nothing to compare with)
            return self.outcome
        self.outcome.failures.extend(compare(sc, self.match, refused))
        return self.outcome

    def give_answers(self):
        """Give every answer. Returns the refusal of the last answer (None if accepted),
        or False when an answer went wrong."""
        sc, match = self.sc, self.match
        for index, answer in enumerate(sc.answers):
            shown = written(sc.doc, answer.path, answer.value)
            decision = match.decision
            if not self.for_this_decision(index, answer, shown, decision):
                return False
            value = resolve_answer(answer.value, decision, match)
            try:
                if not same_type_option(value, decision):
                    raise IllegalMove(f"{value!r} is not one of the options")
                match.answer(value)
            except IllegalMove as err:
                why = refusal_reason(err, decision, value, match)
                if index == len(sc.answers) - 1 and "error" in sc.expect:
                    return why  # the refusal `error:` is about, in the words of docs/scenarios.md
                self.error(answer.path, f"answer '{shown}' was refused: {why}; player {decision.player}'s "
                           f"{decision.kind} options were: {options_text(decision)}",
                           "answer", shown, "refused")
                return False
            except UnoError as err:
                self.error(answer.path, f"after answer '{shown}': {err}", "answer", shown, str(err))
                return False
            except Exception as err:  # an engine bug: locate it at the answer that set it off
                self.error(answer.path, f"the engine failed after answer '{shown}': "
                           f"{type(err).__name__}: {err}", "answer", shown, type(err).__name__)
                return False
        return None

    def for_this_decision(self, index: int, answer: Answer, shown: str, decision: Decision | None) -> bool:
        """Whether a decision is pending, and it is the one the answer says it is for."""
        if self.match.finished or decision is None:
            ended = "before the first answer" if index == 0 else f"after answer {index}"
            self.error(answer.path, f"answer '{shown}' is left over: the match ended {ended}",
                       "answer", shown, "the end of the match")
            return False
        item = answer.path[:2]
        if answer.player is not None and answer.player != decision.player:
            self.fail(item + ("player",), f"answer {index + 1} to be for player", answer.player,
                      pending(decision))
            return False
        if answer.kind is not None and answer.kind != decision.kind:
            self.fail(item + ("kind",), f"answer {index + 1} to be for a", f"{answer.kind} decision",
                      pending(decision))
            return False
        return True


# ---- many files ------------------------------------------------------------------------

def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files given, and every *.yaml under the folders given (sorted), each once.

    In a folder, the edition files and house-rule files kept beside the scenarios
    that use them are not scenarios (see _kept_beside).
    """
    files: list[Path] = []
    for path in map(Path, paths):
        found = [f for f in sorted(path.rglob("*.yaml")) if not _kept_beside(f)] if path.is_dir() else [path]
        files.extend(f for f in found if f not in files)
    return files


def _kept_beside(path: Path) -> bool:
    """An edition or house-rule file: it has a key of one and no key every scenario has
    (edition.kinds.file_kind, which every tool asks)."""
    try:
        data = load_yaml_file(path).data
    except EditionError:
        return False  # a broken file is reported as a broken scenario
    return file_kind(data) in ("edition", "rule")


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
