"""The table of events (unodsl.engine.events) and the table of decision kinds
(unodsl.engine.decisions): every event recorded is a kind of the table with exactly its
fields, every reader knows every kind, and a kind added with a facet missing fails loudly."""
from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

import pytest

import unodsl
from unodsl.agents import greedy, reading
from unodsl.engine import decisions, events
from unodsl.engine.decisions import DECISIONS, DecisionKind, DecisionTableError, check_answered, check_decisions
from unodsl.engine.events import EVENTS, EventKind, Field, TableError, check_covered, check_event, check_table
from unodsl.resources import edition_names
from unodsl.scenario import run, run_file, scenario_files
from unodsl.seat import observe, replay
from unodsl.terminal import narrate, prompt

PACKAGE = Path(unodsl.__file__).parent
SCENARIOS = Path(__file__).parents[1] / "scenarios"


# ---- every record(...) names a kind of the table with exactly its fields


def record_calls() -> list[tuple[str, int, str, set, bool]]:
    """Each `*.record(KIND, ...)` call of the package: where, the kind, the fields named, and
    whether it passes more fields by `**` (known only as it runs: see the games below)."""
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "record":
                first = node.args[0] if node.args else None
                kind = first.value if isinstance(first, ast.Constant) else None
                named = {k.arg for k in node.keywords if k.arg is not None}
                more = any(k.arg is None for k in node.keywords)
                calls.append((str(path.relative_to(PACKAGE)), node.lineno, kind, named, more))
    return calls


def test_every_record_call_names_a_kind_of_the_table_with_its_fields():
    calls = record_calls()
    assert len(calls) > 55  # (the walk still finds them)
    wrong = []
    for where, line, kind, named, more in calls:
        at = f"{where}:{line}"
        if kind not in EVENTS:
            wrong.append(f"{at}: {kind!r} is not a kind of the table of events")
            continue
        fields = EVENTS[kind]
        if named - fields.field_names():
            wrong.append(f"{at}: {kind} has no field {sorted(named - fields.field_names())}")
        if not more and fields.required() - named:
            wrong.append(f"{at}: {kind} lacks {sorted(fields.required() - named)}")
    assert wrong == []


def test_every_kind_of_the_table_is_recorded_somewhere():
    recorded = {kind for _, _, kind, _, _ in record_calls()}
    by_note = {"decision", "answer"}  # (the match notes them itself: Match._note)
    assert sorted(set(EVENTS) - recorded - by_note) == []
    source = (PACKAGE / "match.py").read_text(encoding="utf-8")
    assert all(f'"event": "{kind}"' in source for kind in by_note)


def played_logs(edition: str, rules=(), seeds=range(2), players=3) -> list[list[dict]]:
    loaded = unodsl.load_edition(edition, rules=list(rules))
    limits = loaded.settings["players"]  # (UNO Teams! is for 4 only)
    players = min(max(players, limits["min"]), limits["max"])
    return [unodsl.Match(loaded, players=players, agents="random", seed=seed, target=200).log for seed in seeds]


def wrong_events(logs) -> list[str]:
    return sorted({f"{problem}: {event}" for log in logs for event in log
                   for problem in [check_event(event)] if problem is not None})


@pytest.mark.parametrize("edition", edition_names())
def test_every_event_of_an_edition_is_as_the_table_says(edition):
    assert wrong_events(played_logs(edition)) == []


def test_every_event_of_a_challenge_match_is_as_the_table_says():
    loaded = unodsl.load_edition("classic", settings={"mode": "challenge"})
    log = unodsl.Match(loaded, players=4, agents="greedy", seed=1, target=60).log
    assert {"round_seats", "eliminated"} <= {event["event"] for event in log}
    assert wrong_events([log]) == []


def test_every_event_of_every_scenario_is_as_the_table_says(monkeypatch):
    logs = []
    played = run._Run.run

    def keeping(self):
        outcome = played(self)
        if self.match is not None:
            logs.append(self.match.log)
        return outcome

    monkeypatch.setattr(run._Run, "run", keeping)
    for path in scenario_files([SCENARIOS]):
        run_file(path)
    assert len(logs) > 100
    assert wrong_events(logs) == []


# ---- check_event: one logged event against the table


@pytest.mark.parametrize("event, message", [
    ({"event": "plya", "player": 0, "card": 3}, "'plya' is not a kind of event; did you mean 'play'?"),
    ({"event": "play", "player": 0}, "a 'play' event lacks its field 'card'"),
    ({"event": "play", "player": 0, "card": 3, "cards": [3]},
     "a 'play' event has no field 'cards'; did you mean 'card'?"),
    ({"player": 0}, "None is not a kind of event"),
    (["play"], "an event is a mapping, not list"),
])
def test_an_event_unlike_the_table_is_one_message(event, message):
    assert check_event(event) == message


def test_an_optional_field_may_be_left_out():
    assert check_event({"event": "discard", "player": 1, "card": 4}) is None
    assert check_event({"event": "discard", "player": 1, "card": 4, "position": "bottom"}) is None


# ---- the readers read the table


def test_the_readers_name_only_kinds_of_the_table():
    named = {"narrate.NEW_LINE": narrate.NEW_LINE, "narrate.SILENT": narrate.SILENT,
             "reading.TOPPING": reading.TOPPING, "replay.ACTIONS": replay.ACTIONS}
    named.update({f"{kind}.shown_by": set(DECISIONS[kind].shown_by) for kind in DECISIONS})
    assert {where: sorted(set(kinds) - set(EVENTS)) for where, kinds in named.items()
            if set(kinds) - set(EVENTS)} == {}
    # a hidden decision's answer is read from the first action of its player that follows it
    assert {kind: sorted(set(d.shown_by) - replay.ACTIONS) for kind, d in DECISIONS.items()
            if set(d.shown_by) - replay.ACTIONS} == {}


def test_every_event_is_told_or_silent():
    told = {kind for kind in EVENTS if hasattr(narrate.Narrator, "_" + kind)}
    check_covered("the narrator", told | narrate.SILENT)
    assert not told & narrate.SILENT  # (a kind is told, or silent: not both)


def test_the_observer_knows_which_fields_of_every_kind_hold_cards():
    assert set(observe.CARD_FIELDS) == set(EVENTS) == set(observe.CARD_LIST_FIELDS)
    assert observe.CARD_FIELDS["react"] == ("card", "against")
    assert observe.CARD_LIST_FIELDS["reshuffle"] == ()  # (a count: every seat sees it)
    assert observe.OWN_EVENTS == {"decision", "answer"}


def test_a_seat_field_of_a_round_event_is_told_by_its_match_seat():
    """Jump-in's `passed_over` names round seats like `player` does (in Challenge UNO a
    round may seat fewer players than the match)."""
    edition = unodsl.load_edition("classic")
    narrator = narrate.Narrator(edition, ["Ann", "Bob", "Cy", "Di"])
    narrator.feed([{"event": "round_seats", "seats": [0, 2, 3]},
                   {"event": "jump_in", "player": 2, "card": 5, "after": 0, "passed_over": [1]}])
    assert narrator.story(0) == ["Di jumps in out of turn, and Cy loses that turn."]


def test_every_decision_kind_has_its_words_a_menu_and_a_greedy_answer():
    check_decisions(DECISIONS)
    check_answered("the prompt", {kind for kind in DECISIONS if hasattr(prompt._Builder, "_" + kind)})
    check_answered("the greedy agent", {kind for kind in DECISIONS if hasattr(greedy.GreedyAgent, "_" + kind)})
    assert decisions.PUBLIC_KINDS == {name for name, kind in DECISIONS.items() if kind.public}
    assert decisions.KINDS == tuple(DECISIONS)


def test_help_says_the_words_of_the_table():
    assert prompt.help_words("stack") == DECISIONS["stack"].help
    assert "draw" in prompt.help_words("turn")


# ---- acceptance: a kind added with one facet missing fails, naming it


def scratch_events(**kinds) -> dict:
    return {**EVENTS, **kinds}


WHOLE = EventKind("bounce", (Field("player", events.SEAT),), events.EVERY_SEAT, "a card bounces")


@pytest.mark.parametrize("broken, words", [
    (WHOLE._replace(fields=()), "'bounce' has no fields"),
    (WHOLE._replace(seen=""), "'bounce' does not say who sees it"),
    (WHOLE._replace(seen="the dealer"), "'bounce' does not say who sees it"),
    (WHOLE._replace(meaning=""), "'bounce' has no meaning"),
    (WHOLE._replace(fields=(Field("player", "a hat"),)), "'bounce': field 'player' holds 'a hat'"),
])
def test_an_event_kind_without_a_facet_fails_naming_it(broken, words):
    check_table(scratch_events(bounce=WHOLE))  # (whole, it passes)
    with pytest.raises(TableError, match=words):
        check_table(scratch_events(bounce=broken))


def test_an_event_kind_the_narrator_does_not_tell_fails_naming_it():
    told = {kind for kind in EVENTS if hasattr(narrate.Narrator, "_" + kind)} | narrate.SILENT
    with pytest.raises(TableError, match="the narrator does not know the event 'bounce'"):
        check_covered("the narrator", told, scratch_events(bounce=WHOLE))
    with pytest.raises(TableError, match="knows an event 'gone' that the table of events does not have"):
        check_covered("the narrator", told | {"gone"})


def test_an_event_kind_the_observer_cannot_redact_fails():
    """The observer reads each kind's fields from the table: a kind it was not built with is
    refused loudly, not shown whole to every seat."""
    with pytest.raises(KeyError, match="bounce"):
        observe.CARD_FIELDS["bounce"]


def test_an_event_recorded_with_fields_the_table_does_not_have_is_named():
    assert check_event({"event": "bounce", "player": 0}, scratch_events(bounce=WHOLE)) is None
    assert check_event({"event": "bounce", "player": 0, "card": 1},
                       scratch_events(bounce=WHOLE)) == "a 'bounce' event has no field 'card'"


NEW_DECISION = DecisionKind("juggle", "cards", True, "Juggle a card.")


@pytest.mark.parametrize("broken, words", [
    (NEW_DECISION._replace(help=""), "the decision kind 'juggle' has no help words"),
    (NEW_DECISION._replace(options=""), "the decision kind 'juggle' has no options"),
    (NEW_DECISION._replace(public=False), "'juggle' is not public and no event shows its answer"),
])
def test_a_decision_kind_without_its_words_fails_naming_it(broken, words):
    check_decisions({**DECISIONS, "juggle": NEW_DECISION})
    with pytest.raises(DecisionTableError, match=words):
        check_decisions({**DECISIONS, "juggle": broken})


@pytest.mark.parametrize("answerer, holder", [("the greedy agent", greedy.GreedyAgent),
                                              ("the prompt", prompt._Builder)])
def test_a_decision_kind_an_answerer_cannot_answer_fails_naming_it(answerer, holder):
    table = {**DECISIONS, "juggle": NEW_DECISION}
    handled = {kind for kind in table if hasattr(holder, "_" + kind)}
    with pytest.raises(DecisionTableError, match=f"{answerer} cannot answer the decision kind 'juggle'"):
        check_answered(answerer, handled, table)


@pytest.mark.parametrize("module, line, answerer", [
    (greedy, "    def _colour(self, decision, view):", "the greedy agent"),
    (prompt, "    def _colour(self) -> Menu:", "the prompt"),
])
def test_a_handler_removed_stops_the_import(module, line, answerer, monkeypatch):
    """The check runs as the module is imported (here a copy, without its answer to a colour):
    a kind left without an answer is no silent first option."""
    source = Path(module.__file__).read_text(encoding="utf-8")
    assert line in source
    code = compile(source.replace(line, line.replace("_colour", "_unused")), module.__file__, "exec")
    copy = types.ModuleType(module.__name__ + "_copy")
    copy.__package__ = module.__package__
    monkeypatch.setitem(sys.modules, copy.__name__, copy)  # (its dataclasses look their module up)
    with pytest.raises(DecisionTableError, match=f"{answerer} cannot answer the decision kind 'colour'"):
        exec(code, copy.__dict__)


def test_a_telling_removed_stops_the_narrator_import():
    line = "    def _flip(self, note, viewer):"
    source = Path(narrate.__file__).read_text(encoding="utf-8")
    assert line in source
    code = compile(source.replace(line, "    def _unused(self, note, viewer):"), narrate.__file__, "exec")
    with pytest.raises(TableError, match="the narrator does not know the event 'flip'"):
        exec(code, {"__name__": "unodsl.terminal.narrate_copy", "__package__": "unodsl.terminal"})
