"""Scenario files: rule tests written as data (docs/scenarios.md).

A scenario lays a table out card by card (unodsl.engine.setup.Setup), answers
the decisions that come up like the players would, and checks the state and the
log afterwards:

    scenario = load_scenario("tests/scenarios/classic/skip.yaml")
    outcome = run_scenario(scenario)
    outcome.passed, outcome.failures   # each failure: what, expected, actual, span

`load_scenario` reports every mistake in the file at once, as Problems located
in it (a ScenarioError); `run_scenario` never raises for what a scenario says:
refused answers, answers left over and expectations that do not hold are
Failures located at the answer or expectation concerned.

- `model.py`: Scenario and Answer as read, Outcome and Failure as run, ScenarioError;
- `words.py`: cards by name, and values shown back as the scenario writes them;
- `checks.py`: the plain checks (types, seats, cards, colours), each mistake a Problem;
- `read.py`: `load_scenario`, the file part by part, with
  `read_edition.py` (edition:, rules:, settings:) and `read_expect.py` (expect:);
- `answers.py`: answer words to decision options, and options back to words;
- `events.py`: log events against the event patterns of `events:` and `no_events:`;
- `expect.py`: the expectations compared with the match after the answers;
- `run.py`: `run_scenario`, and many files for `unodsl test` (`run_paths`, `report`).
"""
from .model import EXPECT_KEYS, SEED, Answer, Failure, Outcome, Scenario, ScenarioError
from .read import ANSWER_KEYS, KEYS, MATCH_KEYS, SETUP_KEYS, load_scenario
from .read_expect import DECISION_KEYS
from .run import report, run_file, run_paths, run_scenario, scenario_files

__all__ = [
    "ANSWER_KEYS", "DECISION_KEYS", "EXPECT_KEYS", "KEYS", "MATCH_KEYS", "SEED", "SETUP_KEYS",
    "Answer", "Failure", "Outcome", "Scenario", "ScenarioError", "load_scenario", "report",
    "run_file", "run_paths", "run_scenario", "scenario_files",
]
