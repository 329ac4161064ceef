"""The official house rules that are settings (shared/EDITIONS.md, "Official house rules"):
never start on a Wild, no bluffing, the automatic missed-UNO penalty; and rule files
that set settings (`--rule @no-bluffing`). The rules themselves, card by card, are
scenarios (tests/scenarios/popular/); here, what must hold in every game."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings as hyp_settings
from hypothesis import strategies as st

import unodsl
from unodsl.engine import decisions as d
from unodsl.engine.setup import Setup
from unodsl.errors import EditionError, IllegalMove

from cli_helpers import no_traceback, run
from unodsl.agents import make_agent
from invariants import CheckingAgent, conserve_cards, play_checked_round

SEEDS = range(40)


def rounds_logged(edition, seeds=SEEDS, players=4, agents="random"):
    for seed in seeds:
        match = unodsl.Match(edition, players=players, agents=agents, seed=seed, max_rounds=1, record=True)
        match.play()
        yield match


def start_cards(log) -> list:
    """The start card each round settled on: the last `start_card` before the first turn."""
    found, current = [], None
    for event in log:
        if event["event"] == "start_card":
            current = event["card"]
        elif event["event"] == "turn" and current is not None:
            found.append(current)
            current = None
    return found


def test_never_start_on_wild_no_round_starts_on_a_wild():
    edition = unodsl.load_edition("classic", settings={"never_start_on_wild": True})
    wild = {card.uid for card in edition.deck if card.wild}
    turned_back = 0
    for match in rounds_logged(edition, seeds=range(120)):
        assert not wild & set(start_cards(match.log))
        turned_back += sum(e["event"] == "turn_another" for e in match.log)
    assert turned_back > 0  # (the seeds do turn Wilds up)


def test_never_start_on_wild_in_an_edition_of_wilds_only(monkeypatch):
    """UNO All Wild! has no card that is not a Wild: the first one turned stays."""
    conserve_cards(monkeypatch)
    edition = unodsl.load_edition("all-wild", settings={"never_start_on_wild": True})
    for seed in range(5):
        match = play_checked_round(edition, 4, ["random"] * 4, seed)
        assert not any(e["event"] == "turn_another" for e in match.log)


def test_no_bluffing_no_one_is_asked_to_challenge(monkeypatch):
    """Every option offered is legal (the checking agent asks is_playable, which says no to a
    bluff), a Wild Draw Four is still played, and no one is ever asked to challenge."""
    conserve_cards(monkeypatch)
    edition = unodsl.load_edition("classic", settings={"no_bluffing": True})
    played = 0
    for seed in range(30):
        match = play_checked_round(edition, 4, ["random", "greedy", "random", "greedy"], seed)
        rnd = match.round
        assert not any(e["event"] == "challenge" for e in match.log)
        assert not any(e["event"] == "decision" and e.get("kind") == d.CHALLENGE for e in match.log)
        played += sum(e["event"] == "play" and rnd.edition.deck[e["card"]].kind == "wild_draw_four"
                      for e in match.log)
    assert played > 0


class NoBluffOffered(CheckingAgent):
    """Checks, at every turn, that no card offered would be a bluff."""

    def choose(self, decision, view):
        if decision.kind == d.TURN:
            for card in decision.options[:-1]:
                assert not view.is_bluff(card), f"{card} is a bluff"
        return super().choose(decision, view)


@hyp_settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 10), edition=st.sampled_from(["classic", "harry-potter"]))
def test_no_bluffing_a_bluff_is_never_offered(seed, players, edition):
    loaded = unodsl.load_edition(edition, rules=["@no-bluffing"])
    agents = [NoBluffOffered(make_agent("random", random.Random(f"{seed}:{i}"))) for i in range(players)]
    match = unodsl.Match(loaded, players=players, agents=agents, seed=seed, max_rounds=1, record=True)
    assert match.finished
    assert not any(e["event"] == "challenge" for e in match.log)


def test_no_bluffing_refuses_the_bluff_with_its_reason():
    edition = unodsl.load_edition("classic", rules=["@no-bluffing"])
    match = unodsl.Match(edition, players=2, seed=1, setup=Setup(
        hands=[["wild draw four", "red 3"], ["blue 1", "green 1"]], discard=["red 9"]))
    four = next(c for c in match.round.hands[0] if c.kind == "wild_draw_four")
    assert four not in match.decision.options
    with pytest.raises(IllegalMove, match=r"Wild Draw Four may not be played while me holds colour == "
                                          r"top.colour \(no bluffing\)"):
        match.answer(four)


def test_automatic_uno_penalty_no_one_is_asked_to_catch():
    edition = unodsl.load_edition("classic", settings={"automatic_uno_penalty": True})
    caught = 0
    for match in rounds_logged(edition):
        assert not any(e["event"] == "decision" and e.get("kind") == d.CATCH for e in match.log)
        for event in (e for e in match.log if e["event"] == "caught"):
            assert event["by"] is None
            caught += 1
    assert caught > 0


@pytest.mark.parametrize("edition", ["classic", "harry-potter", "veto"])
def test_the_settings_off_play_the_same_games(edition):
    """Off (the default) is the edition as it was: the same games for the same seeds."""
    plain = unodsl.load_edition(edition)
    off = unodsl.load_edition(edition, settings={"never_start_on_wild": False, "no_bluffing": False,
                                                 "automatic_uno_penalty": False})
    for seed in range(5):
        logs = [unodsl.Match(e, players=3, agents="random", seed=seed, record=True) for e in (plain, off)]
        for match in logs:
            match.play()
        assert logs[0].log == logs[1].log


# ---- rule files that set settings ---------------------------------------------------

@pytest.mark.parametrize("rule, setting", [("never-start-on-wild", "never_start_on_wild"),
                                           ("no-bluffing", "no_bluffing"),
                                           ("automatic-uno-penalty", "automatic_uno_penalty"),
                                           ("must-play", "must_play")])
def test_each_official_rule_file_sets_its_setting(rule, setting):
    assert unodsl.load_edition("classic").settings[setting] is False
    assert unodsl.load_edition("classic", rules=[f"@{rule}"]).settings[setting] is True


def test_set_replaces_a_rule_file_setting():
    edition = unodsl.load_edition("classic", rules=["@no-bluffing"], settings={"no_bluffing": False})
    assert edition.settings["no_bluffing"] is False


def test_a_rule_file_may_set_an_edition_own_setting(tmp_path):
    rule = tmp_path / "stacking.yaml"
    rule.write_text("name: Stacking\nsettings:\n  stacking: true\n")
    assert unodsl.load_edition("classic", rules=[f"@{rule}"]).settings["stacking"] is True


@pytest.mark.parametrize("text, message", [
    ("name: X\nsettings:\n  no_bluffin: true\n", "x.yaml:3:3: error: unknown setting 'no_bluffin'"),
    ("name: X\nsettings:\n  no_bluffing: maybe\n",
     'x.yaml:3:16: error: settings.no_bluffing: expected true/false, got the text "maybe"'),
    ("name: X\nsettings:\n  stacking: 3\n", "x.yaml:3:13: error: settings.stacking: expected true/false"),
    ("name: X\nsettings: [no_bluffing]\n", "x.yaml:2:11: error: a rule file's `settings:` is a mapping"),
    ("name: X\n", "x.yaml:1:1: error: a rule file is a mapping with a `script:` text (or `settings:`)"),
])
def test_a_rule_file_setting_mistake_is_placed_in_the_rule_file(tmp_path, monkeypatch, text, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.yaml").write_text(text)
    with pytest.raises(EditionError) as raised:
        unodsl.load_edition("classic", rules=["@x.yaml"])
    assert raised.value.problems[0].format().startswith(message)
    result = run("simulate", "classic", "--rule", "@x.yaml", "--games", "1")
    no_traceback(result)
    assert result.exit_code == 1 and message in result.stderr


def test_explain_says_a_bluff_is_not_allowed():
    from unodsl.explain import explain, find_kind
    for rules, said in (([], "is a bluff."), (["@no-bluffing"], "bluffing is not allowed (no_bluffing)")):
        edition = unodsl.load_edition("classic", rules=rules)
        sections = dict(explain(edition, find_kind(edition, "wild_draw_four")).sections)
        assert said in sections["When it may be played"]


# Why a card may not be played, under the setting `no_bluffing` (Round.why_not, the words of
# the refusal a player sees).
#
# Written for mutants that survived the suite (docs/mutation.md). The rule: with `no_bluffing`,
# a card may be played only when its `playable` holds and its `bluff_if` does not; a card refused
# for its `bluff_if` is refused naming that condition, any other as without the setting.


CLASSIC = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()
# Classic's Wild Draw Four, its bluff read from the card itself too (`card.points`).
BLUFF = "me holds colour == top.colour and card.points == 50"


def refusal(name: str) -> str:
    edition = unodsl.load_edition_text(CLASSIC.replace("bluff_if: me holds colour == top.colour", f"bluff_if: {BLUFF}"),
                                       "no-bluffing.yaml", settings={"no_bluffing": True})
    m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
        hands=[["wild draw four", "red 5", "blue 7"], ["green 1", "green 2"]], discard=["red 9"], turn=0))
    card = next(c for c in m.round.hands[0] if c.label().lower() == name)
    with pytest.raises(unodsl.IllegalMove) as refused:
        m.answer(card)
    return str(refused.value)


def test_a_bluff_is_refused_naming_its_condition():
    assert refusal("wild draw four") == f"Wild Draw Four may not be played while {BLUFF} (no bluffing)"


def test_a_card_without_a_bluff_condition_is_refused_as_without_the_setting():
    assert refusal("blue 7") == "blue 7 goes only on blue or on 7 (the colour in play is red)"
