"""Values and state (`let`, an edition's `state:`) and chance (docs/effects.md, "Values and
state" and "Chance"): what validation refuses, with its place; what plays; that chance is
seeded apart from the deck; that state is recorded, kept or reset as declared.

The stacked-deck rules of the test edition's cards are scenario files beside it
(tests/scenarios/state/), run by test_scenarios.py.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unodsl
from unodsl.engine.setup import Setup
from refusals import script_at, script_problems
from invariants import check_state_types, conserve_cards, play_checked_round

TOKENS = str(Path(__file__).parents[1] / "scenarios" / "state" / "tokens.yaml")
EDITION = unodsl.load_edition(TOKENS)

HEAD = """\
name: T
base: classic
state:
  player:
    power: {type: flag}
    tokens: {type: counter, initial: 2}
  game:
    launches: {type: counter}
    last: {type: colour}
    held: {type: card}
chance:
  launcher: {0: 3, 1: 1}
  wheel: {red: 1, blue: 1}
kinds:
  skip:
    effect: |
"""


def problems(script: str, head: str = HEAD) -> list[str]:
    return script_problems(head, script)


def at(line: int, column: int) -> str:
    return script_at(HEAD, line, column)


@pytest.mark.parametrize("script, line, column, message", [
    # let: read only once set on every path; one type per name; names that mean something
    ("if me.power:\n  let x = 1\nnext draws x", 3, 12, "`x` is read here, but is not certainly set before it"),
    ("next draws x\nlet x = 1", 1, 12, "`x` is read here, but is not certainly set before it"),
    ("let x = 1\nlet x = red", 2, 1, "`x` was set to a number; here it would be a text"),
    ("let colour = 1", 1, 1, "`let colour` would hide what `colour` already means here"),
    ("let players = 1", 1, 1, "`let players` would hide"),
    ("let x = red\nnext draws x", 2, 12, "`draws` takes a number, not a text"),
    ("let c = top\nif c.colour == 3:\n  skip next", 2, 4, "`==` compares `c.colour`, a colour, with `3`, a number: they are never equal"),
    ("let x = 2\nif x.colour == red:\n  skip next", 2, 4, "`x` is a number, not a card"),
    # a player held by a name: one player, certainly someone, compared only for equality
    ("victim draws 2", 1, 1, "`victim` is not a player"),
    ("let n = 3\nn draws 2", 2, 1, "`n` is a number, not a player"),
    ("let p = others", 1, 9, "'others' is several players: a value is one player"),
    ("let p = chosen", 1, 9, "`chosen` is read here, but no `choose player` has certainly run before it"),
    ("choose player where chosen.hand > 2\nlet p = chosen", 2, 9, "`chosen` may be no one here"),
    ("let p = next\nif p == 2:\n  skip p", 2, 4, "`==` compares `p`, a player, with `2`, a number: they are never equal"),
    ("let p = next\nif p < previous:\n  skip p", 2, 4, "`<` orders numbers, but `p` and `previous` are both players"),
    ("let p = next\nif p.colour == red:\n  skip p", 2, 4, "unknown player attribute 'colour'"),
    # state: declared names, with a did-you-mean; the operation fits the type
    ("flip me.powr", 1, 9, "unknown player variable 'powr'\n  hint: did you mean 'power'?"),
    ("add 1 to me.launches", 1, 13, "hint: `launches` is a game variable: write `game.launches`"),
    ("add 1 to game.tokens", 1, 15, "hint: `tokens` is each player's"),
    ("add 1 to gme.launches", 1, 10, "unknown name before '.' 'gme'"),
    ("add 1 to me.power", 1, 10, "`add` counts: `power` is a flag, not a counter"),
    ("flip game.launches", 1, 6, "`flip` turns a flag over: `launches` is a counter"),
    ("set me.power to 3", 1, 17, "`power` holds a condition (flag), not a number"),
    ("set game.last to purple", 1, 18, "unknown colour 'purple'"),
    ("set game.held to red", 1, 18, "`held` holds a card (card), not a text"),
    ("if game.last == 3:\n  skip next", 1, 4, "`==` compares `game.last`, a colour, with `3`, a number: they are never equal"),
    ("if me.tokns > 1:\n  skip next", 1, 4, "unknown player attribute 'tokns'\n  hint: did you mean 'tokens'?"),
    ("if game.lanches > 1:\n  skip next", 1, 9, "unknown game variable 'lanches'\n  hint: did you mean 'launches'?"),
    # chance: a declared table, typed by its outcomes; numbers for a range
    ("next draws random lancher", 1, 12, "unknown chance table 'lancher'\n  hint: did you mean 'launcher'?"),
    ("next draws random wheel", 1, 12, "`draws` takes a number, not a text"),
    ("next draws random number in 1..red", 1, 32, "`random number in LOW..HIGH` takes a number, not a text"),
    ("set game.held to random card from next's hand\nchoose random player where chosen.powr",
     2, 28, "unknown player attribute 'powr'"),
])
def test_refused_in_place(script, line, column, message):
    found = problems(script)
    assert len(found) == 1, found
    assert found[0].startswith(at(line, column)) and message in found[0], found[0]


@pytest.mark.parametrize("field, text, message", [
    ("playable", "random number in 1..2 == 1", "chance is drawn in effects, not in a `playable` condition"),
    ("bluff_if", "random launcher == 1", "chance is drawn in effects, not in a condition"),
])
def test_chance_is_not_drawn_in_conditions(field, text, message):
    head = HEAD.replace("    effect: |\n", f"    {field}: {text}\n")
    found = problems("", head.replace("\n      \n", "\n"))
    assert any(message in p for p in found), found


@pytest.mark.parametrize("section, message", [
    ("state:\n  player:\n    power: {type: flag, initial: 1}\n", "a flag starts true or false, not 1"),
    ("state:\n  player:\n    n: {type: counter, initial: true}\n", "a counter starts at a whole number"),
    ("state:\n  game:\n    c: {type: colour, initial: purple}\n", "a colour starts as one of the edition's colours"),
    ("state:\n  player:\n    hand: {type: counter}\n", "`hand` is already a player's figure"),
    ("state:\n  player:\n    n: {type: counter}\n  game:\n    n: {type: flag}\n", "both a player variable and a game"),
    ("state:\n  player:\n    n: {type: count}\n", "$.state.player.n.type"),
    ("chance:\n  wheel: {a: 0, b: 0}\n", "every outcome has weight 0"),
    ("chance:\n  wheel: {1: 1, b: 1}\n", "all whole numbers or all words"),
    ("chance:\n  number: {1: 1}\n", "`random number` already means something"),
    ("chance:\n  wheel: {1: -1}\n", "$.chance.wheel['1']: -1 is less than the minimum of 0"),
])
def test_sections_refused_at_their_value(section, message):
    found = problems("", f"name: T\nbase: classic\n{section}")
    assert any(message in p for p in found), found


# ---- playing -------------------------------------------------------------------------------

@pytest.fixture
def conserving_rounds(monkeypatch):
    conserve_cards(monkeypatch)


def test_rounds_with_state_and_chance_conserve_cards_offer_legal_options_and_end(conserving_rounds):
    for seed in range(300):
        players = 2 + seed % 9
        agents = ["random", "greedy"] if seed % 2 else ["random"]
        match = play_checked_round(EDITION, players, [agents[i % len(agents)] for i in range(players)], seed)
        check_state_types(match.round)


def logged(seed: int, players: int = 3) -> list:
    match = unodsl.Match(EDITION, players=players, agents="random", seed=seed, target=200)
    match.play()
    return match.log


def test_same_seed_same_game_and_every_change_recorded():
    log = logged(4)
    assert log == logged(4)
    changes = [e for e in log if e["event"] == "state"]
    draws = [e for e in log if e["event"] == "chance"]
    assert changes and draws and {e["what"].split(" ")[1] for e in draws} >= {"launcher", "number", "card", "player"}


def test_chance_has_its_own_stream_the_deck_shuffles_as_without_it():
    """An edition that draws no chance draws nothing from the chance stream, and chance drawn
    does not move the deck's: the same seed deals the same first hands either way."""
    classic = unodsl.Match(unodsl.load_edition("classic"), players=3, agents="random", seed=9)
    assert classic.round._chance is None
    match = unodsl.Match(EDITION, players=3, agents="random", seed=9, max_rounds=1)
    assert match.round._chance is not None or not any(e["event"] == "chance" for e in match.log)


def test_state_kept_across_the_match_or_reset_each_round():
    """`hits` is kept from round to round (keep: match); `power` starts each round off."""
    match = unodsl.Match(EDITION, players=3, agents="random", seed=2, target=400)
    match.play()
    assert len(match.results) > 1
    hits = [0, 0, 0]
    starts = [i for i, e in enumerate(match.log) if e["event"] in ("deal", "setup")]
    for index, event in enumerate(match.log):
        if event["event"] == "state" and event["name"] == "hits":
            hits[event["player"]] = event["value"]
    assert match.round.player_state[0]["hits"] == hits[0] and sum(hits) > 0
    assert len(starts) == len(match.results)


def test_a_round_starts_with_the_declared_values_and_kept_ones_carried():
    match = unodsl.Match(EDITION, players=2, agents="random", seed=1, target=10**6, max_rounds=2)
    match.play()
    first_kept = match.kept_state["players"]
    assert set(first_kept[0]) == {"hits"}  # only what is kept
    vocab = EDITION.vocabulary
    fresh = unodsl.engine.round.Round(EDITION, 2, 0, None, None)
    assert fresh.player_state == [{"power": False, "hits": 0}] * 2
    assert fresh.game_state == {v: vocab.game_state[v].initial for v in vocab.game_state}


def test_a_fixed_chance_result_that_cannot_come_is_reported():
    setup = Setup(hands=[["blue hit", "blue 3"], ["blue 5", "green 6"]], draw=["red 1"], discard=["blue 9"],
                  chance=[7])
    match = unodsl.Match(EDITION, players=2, agents=[None, None], seed=1, setup=setup)
    with pytest.raises(unodsl.UnoError, match="chance result 7 cannot come from random launcher"):
        match.answer(match.decision.options[0])  # the Hit
        match.answer(True)  # UNO


@settings(max_examples=60, deadline=None)
@given(st.integers(-3, 3), st.integers(-3, 3), st.integers(0, 10**6))
def test_a_random_number_is_in_its_range_or_none(low, high, seed):
    rnd = unodsl.engine.round.Round(EDITION, 2, 0, None, None, chance_seed=(seed, 0))
    value = rnd.random_number(low, high)
    assert (value is None) if low > high else (low <= value <= high)


def test_a_random_outcome_follows_its_weights():
    rnd = unodsl.engine.round.Round(EDITION, 2, 0, None, None, chance_seed=("w", 0))
    counts = [0] * 5
    for _ in range(2000):
        counts[rnd.random_outcome("launcher")] += 1
    assert counts[0] > 1000 and all(150 < c < 260 for c in counts[1:])  # weights 6, 1, 1, 1, 1


# ---- saves, the terminal ---------------------------------------------------------------------

def answered_from_outside(answers: list | None, count: int = 60):
    """A match whose seat 0 is answered from outside: with `answers` (replayed, as a save is
    resumed), or with each decision's first option, `count` times."""
    match = unodsl.Match(EDITION, players=3, agents=[None, "random", "random"], seed=5)
    for index in range(count if answers is None else len(answers)):
        if match.decision is None:
            break
        match.answer(match.decision.options[0] if answers is None else answers[index])
    return match


def test_replaying_the_answers_gives_the_same_state_as_a_save_resumed():
    first = answered_from_outside(None)
    again = answered_from_outside(list(first.answers))
    assert any(e["event"] in ("state", "chance") for e in first.log)
    assert again.log == first.log
    assert again.round.player_state == first.round.player_state and again.round.game_state == first.round.game_state


def test_the_terminal_tells_state_and_chance_and_shows_flags_by_the_players():
    from unodsl.terminal.narrate import Narrator
    from unodsl.terminal.render import state_notes

    match = unodsl.Match(EDITION, players=3, agents="random", seed=4, target=200)
    narrator = Narrator(EDITION, ["Ann", "Bob", "Cy"])
    narrator.feed(match.log)
    told = narrator.lines(0, viewer=0)
    assert any("power is now on" in line for line in told) and any("random launcher: " in line for line in told)
    assert not any(" #" in line or "random card from seat" in line for line in told)  # no card of a hand named
    variables = {**EDITION.vocabulary.player_state, **EDITION.vocabulary.game_state}
    assert state_notes({"power": True, "hits": 3}, variables) == ["power", "hits 3"]
    assert state_notes({"power": False, "hits": 0}, variables) == ["hits 0"]


@pytest.mark.parametrize("script, words", [
    ("flip me.power\nif me.power:\n  next draws 1", "Your power flips over (on becomes off, off becomes on). "
                                                   "If your power is on, the next player draws 1 card."),
    ("add 1 to game.launches\nset next.power to false", "The game's launches goes up by 1. "
                                                        "The next player's power becomes false."),
    ("let c = random card from next's hand\nif c.wild:\n  skip next",
     "Call a random card from the next player's hand “c”. If “c” is a Wild card, the next player misses "
     "their next turn."),
    ("next draws random launcher", "The next player draws as many cards as a random launcher "
                                   "(0, 1, 2, 3 or 4, as its chance table weighs them)."),
    ("choose player\nlet victim = chosen\nvictim draws 2\nif victim == next:\n  skip victim",
     "Choose another player. Call the chosen player “victim”. “victim” draws 2 cards. If “victim” is the next "
     "player, “victim” misses their next turn."),
    ("choose random player\nchosen draws random number in 1..3",
     "Another player is picked at random. The chosen player draws as many cards as a random number from 1 to 3."),
])
def test_explain_says_what_is_set_read_and_left_to_chance(script, words):
    from unodsl.lang.describe import Describer
    from unodsl.lang.parse import parse_script

    assert Describer(EDITION.vocabulary).script(parse_script(script)) == words
