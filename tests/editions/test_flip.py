"""Two-sided cards and UNO Flip (shared/EDITIONS.md, "UNO Flip (2019)").

What the card scenarios (tests/scenarios/flip) do not show: the deck of each side
against the spec, the pairing of faces, what each player may see of the side down
(and nothing more), the side up in the log, in saves and at the terminal, an
edition of two sides written from scratch, and one-sided editions untouched.
"""
from __future__ import annotations

import json
from pathlib import Path
import random
from collections import Counter

import pytest

import unodsl
from unodsl.engine.setup import Setup
from unodsl.terminal import save as saves
from unodsl.terminal.narrate import Narrator
from invariants import conserve_cards, play_checked_round
from terminal.conftest import flat, run_play, typed_script

FLIP = unodsl.load_edition("flip")
LIGHT, DARK = ("red", "yellow", "green", "blue"), ("pink", "teal", "orange", "purple")


def faces(side: int) -> list:
    return [FLIP.card(card.uid, side) for card in FLIP.deck]


# ---- the deck ------------------------------------------------------------------------------


def test_112_cards_with_a_light_and_a_dark_face():
    assert len(FLIP.deck) == FLIP.total == 112
    assert [side.name for side in FLIP.sides] == ["light", "dark"]
    assert FLIP.sides[0].colours == LIGHT and FLIP.sides[1].colours == DARK
    for card in FLIP.deck:  # one physical card: two faces, one uid, each the other's back
        assert card.back.uid == card.uid and card.back.back is card
        assert (card.side, card.back.side) == (0, 1)


@pytest.mark.parametrize("side, colours, actions, wilds", [
    # "two of each 1-9 per colour, and per colour 2 Draw One, 2 Reverse, 2 Skip, 2 Flip; 4 Wild, 4 Wild Draw Two"
    (0, LIGHT, ("Draw One", "Reverse", "Skip", "Flip"), ("Wild", "Wild Draw Two")),
    # "two of each 1-9 per colour, and per colour 2 Draw Five, 2 Reverse, 2 Skip Everyone, 2 Flip;
    # 4 Wild, 4 Wild Draw Color"
    (1, DARK, ("Draw Five", "Reverse", "Skip Everyone", "Flip"), ("Wild", "Wild Draw Color")),
])
def test_each_side_holds_what_the_spec_lists(side, colours, actions, wilds):
    found = Counter(card.label() for card in faces(side))
    expected = Counter()
    for colour in colours:
        expected.update({f"{colour} {n}": 2 for n in range(1, 10)})
        expected.update({f"{colour} {action}": 2 for action in actions})
    expected.update({wild: 4 for wild in wilds})
    assert found == expected


@pytest.mark.parametrize("side, points", [
    # "Scoring: numbers face value; Draw One 10; Draw Five, Reverse, Skip, Flip 20; Skip Everyone 30;
    # Wild 40; Wild Draw Two 50; Wild Draw Color 60"
    (0, {"Draw One": 10, "Reverse": 20, "Skip": 20, "Flip": 20, "Wild": 40, "Wild Draw Two": 50}),
    (1, {"Draw Five": 20, "Reverse": 20, "Skip Everyone": 30, "Flip": 20, "Wild": 40, "Wild Draw Color": 60}),
])
def test_points_of_each_side(side, points):
    for card in faces(side):
        assert card.points == (card.number if card.number is not None else points[card.name]), card


def test_the_pairing_is_fixed_and_tells_little_of_a_front_by_its_back():
    again = unodsl.load_edition("flip")
    assert [card.back.label() for card in again.deck] == [card.back.label() for card in FLIP.deck]
    # the backs of the 18 red number cards are of many kinds and colours, not 18 pink numbers
    backs = {card.back.label() for card in FLIP.deck if card.colour == "red" and card.number is not None}
    assert len(backs) > 12


TWO_SIDED = """\
name: Two sides
sides:
  up: {colours: [red, blue], kinds: [number, turn]}
  down: {colours: [black, white], kinds: [other, other_turn]}
settings: {players: {min: 2, max: 3}, hand_size: 2}
kinds:
  number: {name: Number, deck: {numbers: {"1-3": 1}}, points: face}
  turn: {name: Turn, symbol: turn, deck: {count: 2}, points: 5, playable: always, effect: flip, on_start: pass}
  other: {name: Number, deck: {numbers: {"4-6": 1}}, points: face}
  other_turn: {name: Turn, symbol: turn, deck: {count: 2}, points: 7, playable: always, effect: flip,
               on_start: pass}
"""


def test_backs_pair_the_sides_in_declared_order_unless_a_seed_is_given():
    edition = unodsl.load_edition_text(TWO_SIDED, "two.yaml")
    assert [(c.label(), c.back.label()) for c in edition.deck] == [
        ("red 1", "black 4"), ("red 2", "black 5"), ("red 3", "black 6"),
        ("blue 1", "white 4"), ("blue 2", "white 5"), ("blue 3", "white 6"), ("Turn", "Turn"), ("Turn", "Turn")]
    shuffled = unodsl.load_edition_text(TWO_SIDED + "backs: {seed: 1}\n", "two.yaml")
    assert Counter(c.back.label() for c in shuffled.deck) == Counter(c.back.label() for c in edition.deck)
    assert [c.back.label() for c in shuffled.deck] != [c.back.label() for c in edition.deck]


def test_an_edition_of_two_sides_written_from_scratch_plays_on_both():
    edition = unodsl.load_edition_text(TWO_SIDED, "two.yaml")
    match = unodsl.Match(edition, players=2, setup=Setup(hands=[["turn", "red 1"], ["blue 2", "blue 3"]],
                                                          discard=["red 3"]))
    match.answer(match.round.hands[0][0])  # the Turn: everything turns over
    match.answer(True)  # (UNO, as the next-to-last card goes)
    rnd = match.round
    assert rnd.side_name == "down" and rnd.colours == ["black", "white"]
    # (then each drew a card: nothing goes on a Turn whose face names no colour)
    assert [c.label() for c in rnd.hands[0][:1]] == ["black 4"]
    assert [c.label() for c in rnd.hands[1][:2]] == ["white 5", "white 6"]
    assert rnd.discard[-1].label() == "Turn" and rnd.discard[-1].points == 7


# ---- what each player sees ----------------------------------------------------------------


def stacked(hands, record=False, **more):
    return unodsl.Match(FLIP, players=len(hands), setup=Setup(hands=hands, **more), record=record)


def test_a_player_sees_the_backs_of_the_others_cards_and_of_the_draw_piles_top_only():
    match = stacked([["red 7", "yellow 1"], ["green 2", "blue 3"], ["red 3"]], draw=["red 1", "red 2"],
                    discard=["red 9"])
    rnd = match.round
    seen = rnd.backs_seen(0)
    assert set(seen) == {"hands", "draw_top"}
    assert set(seen["hands"]) == {1, 2}  # not their own: those backs face the others
    assert [c.label() for c in seen["hands"][1]] == [c.back.label() for c in rnd.hands[1]]
    assert [c.label() for c in seen["hands"][2]] == [c.back.label() for c in rnd.hands[2]]
    assert seen["draw_top"] is rnd.draw_pile[-1].back  # "red 1"'s back; nothing of the card under it
    assert all(card.side == 1 for hand in seen["hands"].values() for card in hand)


def test_after_a_flip_the_backs_seen_are_the_light_faces():
    # (as tests/scenarios/flip/flip.yaml: the match waits for player 1, who drew a card that goes)
    match = stacked([["red flip", "red 7", "yellow 1"], ["green 2", "blue 3"], ["red 3", "yellow 4"]],
                    draw=["red 1", "red 2"], discard=["red 9"])
    match.answer(match.round.hands[0][0])
    assert match.decision.player == 1
    seen = match.round.backs_seen(1)
    assert [c.label() for c in seen["hands"][0]] == ["red 7", "yellow 1"]
    assert [c.label() for c in seen["hands"][2]] == ["red 3", "yellow 4"]
    assert seen["draw_top"].label() == "red 2"


def test_one_sided_cards_show_no_back():
    match = unodsl.Match(unodsl.load_edition("classic"), players=3, seed=1)
    assert match.round.backs_seen(0) == {} and match.round.side == 0 and match.round.side_name is None


# ---- rounds --------------------------------------------------------------------------------


def test_rounds_at_2_to_10_players_conserve_cards_flip_and_score_the_side_up(monkeypatch):
    conserve_cards(monkeypatch)
    ended_dark = flips = 0
    for seed in range(90):
        players = 2 + seed % 9
        match = play_checked_round(FLIP, players, ["greedy" if seed % 2 else "random"] * players, seed)
        rnd, (result,) = match.round, match.results
        flips += sum(1 for event in match.log if event["event"] == "flip")
        ended_dark += rnd.side == 1
        assert result.points == [sum(card.points for card in hand) for hand in rnd.hands]
        assert all(card.side == rnd.side for hand in rnd.hands for card in hand)
    assert flips > 90 and ended_dark > 10


def test_a_round_starts_on_the_light_side_whatever_the_last_ended_on():
    match = unodsl.Match(FLIP, players=3, agents="greedy", seed=4, record=True)
    match.play()
    deals = [i for i, event in enumerate(match.log) if event["event"] == "deal"]
    assert len(deals) > 1
    sides = [0]
    for event in match.log:  # every round's first side is the light one: no flip before its deal
        if event["event"] == "deal":
            sides.append(0)
        elif event["event"] == "flip":
            sides[-1] = 1 - sides[-1]
            assert event["side"] == ("light", "dark")[sides[-1]]


def test_the_narrator_names_cards_by_the_face_up_when_they_moved():
    match = stacked([["red flip", "red 7", "yellow 1"], ["green 2", "blue 3"], ["red 3", "yellow 4"]],
                    draw=["red 1", "red 2"], discard=["red 9"], record=True)
    match.answer(match.round.hands[0][0])
    narrator = Narrator(FLIP, ["Ann", "Bob", "Cy"])
    narrator.feed(match.log)
    told = flat(" ".join(narrator.lines(0, viewer=1)))
    assert "Ann plays red Flip, Ann turns every card over: the dark side is up" in told
    assert "You draw purple Draw Five" in told  # the red 1's dark face, drawn after the flip


# ---- saves ---------------------------------------------------------------------------------


def test_a_dark_face_answered_is_saved_as_that_face():
    card = FLIP.deck[0].back
    encoded = saves.encode(card)
    assert encoded == {"card": card.uid, "label": card.label(), "side": 1}
    assert saves.decode(json.loads(json.dumps(encoded)), FLIP) is card
    assert saves.decode(saves.encode(FLIP.deck[0]), FLIP) is FLIP.deck[0]  # (the first side: as before)


def first_answer_on_the_dark_side(out: str) -> int | None:
    """The index of the first card played from the hand at a table with the dark side up
    (a turn with cards to play: not a draw, which a person answers too)."""
    title, typed, turn = "", 0, False
    for line in out.splitlines():
        if line.startswith("=== UNO Flip - round"):
            title = line
        elif line.startswith("Your turn: play"):
            turn = True
        elif line.startswith("> "):
            if "dark side up" in title and turn and line[2:].strip().isdigit():
                return typed
            typed, turn = typed + 1, False
    return None


def test_quit_on_the_dark_side_and_resume_is_the_same_match(tmp_path):
    args = ["flip", "--players", "you,greedy,greedy", "--seed", "6", "--target", "100"]
    script = typed_script("flip", "you,greedy,greedy", 6, target=100)
    whole = run_play("play", *args, lines=script.lines)
    stop = first_answer_on_the_dark_side(whole.stdout)
    assert whole.exit_code == 0 and stop is not None
    part = tmp_path / "part.json"
    run_play("play", *args, "--save", str(part), lines=[*script.lines[:stop + 1], "quit"])
    assert any("side" in answer for answer in json.loads(part.read_text())["answers"]
               if isinstance(answer, dict))  # a dark face answered
    resumed = run_play("resume", str(part), lines=script.lines[stop + 1:])
    assert resumed.exit_code == 0
    assert flat(whole.stdout).split("Match over")[-1] == flat(resumed.stdout).split("Match over")[-1]


def test_the_table_shows_the_side_up_and_the_backs_the_player_sees():
    script = typed_script("flip", "you,greedy,greedy", 3, target=100, limit=1)
    out = run_play("play", "flip", "--players", "you,greedy,greedy", "--seed", "3", "--target", "100",
                   lines=[*script.lines, "quit"]).stdout
    assert "side up ===" in out or "side up =" in out
    assert "side you see:" in out and "Draw pile's top card:" in out
    assert "You:" not in out.split("side you see:")[1].split("Draw pile's top card:")[0]  # not their own


def test_a_face_of_the_second_side_that_can_never_be_played_is_found():
    never = TWO_SIDED.replace("other: {name: Number, deck:", "other: {name: Number, playable: never, deck:")
    with pytest.raises(unodsl.EditionError) as raised:
        unodsl.load_edition_text(never, "two.yaml")
    assert "no card on the table ever lets a Number be played" in str(raised.value)


# ---- validates => runs, on a hostile copy of flip.yaml -----------------------------------------

from hypothesis import given, strategies as st  # noqa: E402

from hostile.test_validate_fuzz import SCRIPT_WORDS, examples, folder, validate_file  # noqa: E402,F401

FLIP_LINES = (Path(__file__).resolve().parents[2] / "editions" / "flip.yaml").read_text(
    encoding="utf-8").splitlines(keepends=True)
SIDE_LINES = [i for i, line in enumerate(FLIP_LINES) if line.startswith(("  light:", "  dark:", "    kinds:",
                                                                          "    colours:", "backs:"))]
FLIP_SCRIPT_LINES = [i for i, line in enumerate(FLIP_LINES)
                     if line.startswith("      ") and not line.lstrip().startswith("#")]


@st.composite
def mutated_flip(draw) -> str:
    """flip.yaml with lines of its sides and scripts deleted, duplicated or swapped, or a
    word of the effect language (`flip` among them) put in a script line."""
    lines = list(FLIP_LINES)
    for _ in range(draw(st.integers(1, 3))):
        operation = draw(st.sampled_from(["delete", "duplicate", "swap", "word", "word"]))
        i = draw(st.sampled_from(SIDE_LINES + FLIP_SCRIPT_LINES))
        if operation == "word":
            i = draw(st.sampled_from(FLIP_SCRIPT_LINES))
            indent = len(lines[i]) - len(lines[i].lstrip(" "))
            words = lines[i][indent:].split(" ")
            at = draw(st.integers(0, len(words)))
            words[at:at + draw(st.integers(0, 1))] = [draw(st.sampled_from([*SCRIPT_WORDS, "flip"]))]
            lines[i] = " " * indent + " ".join(words)
        elif operation == "delete":
            lines[i] = ""
        elif operation == "duplicate":
            lines[i] = lines[i] * 2
        else:
            j = draw(st.sampled_from(SIDE_LINES + FLIP_SCRIPT_LINES))
            lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


@examples(40)
@given(text=mutated_flip())
def test_a_mutated_flip_validates_and_plays_or_says_where(folder, text):  # noqa: F811
    path = folder / "flip-fuzzed.yaml"
    path.write_text(text, encoding="utf-8")
    validate_file(path)
    try:
        edition = unodsl.load_edition(str(path))
    except unodsl.EditionError:
        return
    for seed in range(3):  # what validates plays, without an exception, cards conserved
        players = 2 + seed * 4
        match = unodsl.Match(edition, players=players, agents="random", seed=seed, max_rounds=1)
        match.play()
        assert sorted(c.uid for c in [*match.round.draw_pile, *match.round.discard,
                                      *(c for hand in match.round.hands for c in hand)]) == list(range(112))


# ---- scenarios that name sides --------------------------------------------------------------

from unodsl.scenario import ScenarioError, load_scenario  # noqa: E402


@pytest.mark.parametrize("edition, side, hands, discard, message", [
    ("flip", "drak", "[[red 1], [red 2]]", "red 9",
     "4:9: error: 'drak' is not a side of UNO Flip\n  hint: did you mean 'dark'?"),
    ("flip", "dark", "[[red 1, pink 2], [teal 2]]", "pink 9",
     "5:12: error: 'red 1' is a face of another side: the setup has the dark side up"),
    ("classic", "dark", "[[red 1], [red 2]]", "red 9",
     "4:9: error: 'dark' is not a side of Classic UNO: its cards have one side"),
])
def test_a_scenario_names_a_side_the_edition_has_and_cards_of_it(tmp_path, edition, side, hands, discard, message):
    path = tmp_path / "s.yaml"
    path.write_text(f"name: sides\nedition: {edition}\nsetup:\n  side: {side}\n  hands: {hands}\n"
                    f"  discard: [{discard}]\n")
    with pytest.raises(ScenarioError) as raised:
        load_scenario(path)
    assert message in "\n".join(p.format() for p in raised.value.problems)


def test_cards_lists_each_sides_faces_in_declared_order():
    from unodsl.authoring import format_cards
    text = format_cards(FLIP)
    assert text.startswith("UNO Flip (flip): 112 cards, two-sided (light and dark)")
    light, dark = text.split("light side:")[1].split("dark side:")
    kinds = [line.split()[0] for line in dark.splitlines()[1:] if line.strip() and not line.startswith("total")]
    assert kinds == ["dark_number"] * 4 + ["draw_five"] * 4 + ["dark_reverse"] * 4 + ["skip_everyone"] * 4 \
        + ["dark_flip"] * 4 + ["dark_wild", "wild_draw_colour"]
    assert "pink" not in light and "red" not in dark


class _SidesChecked(unodsl.engine.round.Round):
    """Checks, before and after each flip, that every card shows the side up: the draw
    pile's as they lie, turned over or not (`pile_turned`: it is turned as it is next read)."""

    def flip_cards(self, p):
        self.checked_sides()
        super().flip_cards(p)
        self.checked_sides()

    def checked_sides(self):
        lying = 1 - self.side if self.pile_turned else self.side
        assert all(card.side == lying for card in self._draw_pile)
        assert all(card.side == self.side for place in self._laid_out() for card in place)
        self.flips = getattr(self, "flips", 0) + 1


class _SidesCheckedMatch(unodsl.Match):
    round_class = _SidesChecked


@pytest.mark.parametrize("record, specialise", [(True, True), (False, True), (False, False)])
def test_every_card_drawn_between_flips_shows_the_side_up(record, specialise):
    # (in an unrecorded match, by the turn loop written for Flip, and by the interpreter's quick
    # turn draw: each draws on its own)
    flips = 0
    for seed in range(12):
        match = _SidesCheckedMatch(FLIP, players=2 + seed % 4, agents="random", seed=seed, record=record, target=100,
                                   specialise=specialise)
        match.play()
        rnd = match.round
        flips += getattr(rnd, "flips", 0)
        rnd.checked_sides()
        assert all(card.side == rnd.side for card in rnd.draw_pile) and not rnd.pile_turned
    assert flips > 40
