"""Places and moves (docs/effects.md, "Places and moves"): what validation refuses, with its
place; that moves keep every card in one place, are seeded and recorded; how they are told.

The stacked-deck rules of the test edition's cards are scenario files beside it
(tests/scenarios/moves/), run by test_scenarios.py.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import unodsl
from refusals import script_at, script_problems
from invariants import conserve_cards, play_checked_round
from rules.conftest import table

MOVES = str(Path(__file__).parents[1] / "scenarios" / "moves" / "moves.yaml")
EDITION = unodsl.load_edition(MOVES)

HEAD = """\
name: T
base: classic
piles: [graveyard]
kinds:
  skip:
    effect: |
"""


def problems(script: str, head: str = HEAD) -> list[str]:
    return script_problems(head, script)


def at(line: int, column: int) -> str:
    return script_at(HEAD, line, column)


@pytest.mark.parametrize("script, line, column, message", [
    ("move 1 card from graveyrd pile to my hand", 1, 18, "there is no graveyrd pile\n  hint: did you mean 'graveyard'?"),
    ("move 1 card from my hand to cemetery pile", 1, 29,
     "there is no cemetery pile\n  hint: the piles are draw, discard, aside, graveyard"),
    ("move all cards from my hand to every hand", 1, 32, "cards cannot go to every hand at once"),
    ("move 1 card from draw pile to my hand at the bottom", 1, 31, "a hand has no top or bottom"),
    ("move red cards from my hand to aside pile", 1, 6, "`move` takes a number, not a text"),
    ("move 1 card picked by others from my hand to aside pile", 1, 23, "'others' is several players; this needs one"),
    ("move 1 card from others's hand to aside pile", 1, 18, "'others' is several players; this needs one"),
    ("move 1 card where colur == red from my hand to aside pile", 1, 19, "unknown name 'colur'"),
    ("shuffle my hand", 1, 9, "only a pile can be shuffled: a hand has no order"),
    ("deal all cards from every hand to everyone", 1, 21, "deal from one place: collect every hand first"),
    ("move 1 card from aside pile to chosen's hand", 1, 32, "`chosen` is read here, but no `choose player`"),
])
def test_refused_in_place(script, line, column, message):
    found = problems(script)
    assert len(found) == 1, found
    assert found[0].startswith(at(line, column)) and message in found[0], found[0]


@pytest.mark.parametrize("section, message", [
    ("piles: [discard]\n", "every round already has a discard pile"),
    ("piles: [aside]\n", "every round already has a aside pile"),
    ("piles: [graveyard, graveyard]\n", "the graveyard pile is declared twice"),
    ("piles: [Grave Yard]\n", "$.piles[0]"),
])
def test_piles_section_refused_at_its_value(section, message):
    found = problems("", f"name: T\nbase: classic\n{section}")
    assert any(message in p for p in found), found


@pytest.mark.parametrize("script", [
    "move 1 card from my hand to aside pile",
    "move all cards from aside pile to discard pile",
    "shuffle hands",
    "deal all cards from discard pile to everyone",
])
def test_a_table_card_cannot_move_what_a_deciding_player_is_offered(script):
    text = f"name: T\nbase: veto\nkinds:\n  veto:\n    use: |\n      {script}\n"
    found = problems("", text)
    assert any("its `use:` cannot take cards out of a hand" in p for p in found), found


def test_a_table_card_may_move_between_piles():
    text = "name: T\nbase: veto\nkinds:\n  veto:\n    use: move 2 cards from draw pile to aside pile\n"
    assert problems("", text) == []


# ---- playing -------------------------------------------------------------------------------

def test_rounds_with_moves_conserve_cards_offer_legal_options_and_end(monkeypatch):
    conserve_cards(monkeypatch)
    for seed in range(200):
        players = 2 + seed % 9
        agents = ["random", "greedy"] if seed % 2 else ["random"]
        play_checked_round(EDITION, players, [agents[i % len(agents)] for i in range(players)], seed)


def test_same_seed_same_game_and_every_move_recorded():
    def logged(seed):
        match = unodsl.Match(EDITION, players=3, agents="random", seed=seed, target=200)
        match.play()
        return match.log

    log = logged(5)
    assert log == logged(5)
    kinds = {e["event"] for seed in range(5, 15) for e in logged(seed)}
    assert {"move", "deal_cards", "shuffle_pile"} <= kinds


def stacked(hands, draw, discard, piles=None):
    """The round of a stacked table, waiting for the first player's turn (no agents)."""
    return table(EDITION, hands, draw, discard, piles=piles or {}).round


def test_a_move_from_the_draw_pile_reshuffles_the_discard_pile_as_drawing_does():
    rnd = stacked([["red 1", "red 2"], ["blue 1"]], ["green 1"], ["red 5", "red 6", "red 7"])
    rnd.discard[0:0], rnd.draw_pile[:] = rnd.draw_pile[:-1], rnd.draw_pile[-1:]  # only green 1 is left
    rnd.move(0, ("pile", "draw"), ("pile", "aside"), 3, None, None, False)
    assert [c.label() for c in rnd.discard] == ["red 7"]  # the top card stays in play
    assert len(rnd.piles["aside"]) == 3 and rnd.piles["aside"][0].label() == "green 1"  # taken first
    assert rnd.card_count() == len(EDITION.deck)


def test_the_discard_pile_keeps_a_card_in_play_and_its_new_top_sets_the_colour():
    rnd = stacked([["red 1"], ["blue 1"]], [], ["green 5", "yellow 6", "blue 7"])
    rnd.move(0, ("pile", "discard"), ("hand", 0), 1, None, None, False)  # take the top card back
    assert rnd.discard[-1].label() == "yellow 6" and rnd.colour == "yellow"
    rnd.move(0, ("pile", "discard"), ("pile", "aside"), None, None, None, False)  # all it can give
    assert [c.label() for c in rnd.discard] == ["green 5"] and rnd.colour == "green"


def test_nothing_moves_to_or_from_a_hand_of_nobody_or_of_a_player_out():
    rnd = stacked([["red 1"], ["blue 1", "blue 2"], ["green 1"]], [], ["red 5"])
    rnd.move(0, ("hand", 1), ("hand", None), None, None, None, False)
    rnd.eliminate(2, False)
    rnd.move(0, ("hand", 1), ("hand", 2), None, None, None, False)
    assert len(rnd.hands[1]) == 2 and rnd.hands[2] == []


def test_deal_goes_round_from_the_first_player_and_skips_players_out():
    rnd = stacked([["red 1"], ["blue 1"], ["green 1"], ["yellow 1"]], [], ["red 5"],
                  piles={"aside": ["red 2", "red 3", "red 4", "red 6", "red 7"]})
    rnd.eliminate(3, True)
    rnd.deal(0, ("pile", "aside"), rnd.everyone(0), 2)
    # taken from the top (red 7 first): to 2, 0, 1, 2, 0
    assert [c.label() for c in rnd.hands[2]] == ["green 1", "red 7", "red 3"]
    assert [c.label() for c in rnd.hands[0]] == ["red 1", "red 6", "red 2"]
    assert [c.label() for c in rnd.hands[1]] == ["blue 1", "red 4"]


# ---- telling ---------------------------------------------------------------------------------

def test_the_terminal_names_moved_cards_only_to_the_players_they_pass_between():
    from unodsl.terminal.narrate import Narrator

    narrator = Narrator(EDITION, ["Ann", "Bob", "Cy"])
    narrator.feed([{"event": "move", "player": 0, "cards": [0], "position": "top",
                    "from": "hand", "from_player": 0, "into": "hand", "into_player": 1}])
    card = EDITION.deck[0].label()
    assert narrator.lines(0, viewer=1) == [f"Ann moves {card} from Ann's hand to your hand."]
    assert narrator.lines(0, viewer=2) == ["Ann moves 1 card from Ann's hand to Bob's hand."]


@pytest.mark.parametrize("script, words", [
    ("move all cards where colour == top.colour from my hand to discard pile under the top card",
     "Move all cards of the colour in play from your hand to the discard pile, under the top card."),
    ("move 2 random cards from next's hand to graveyard pile shuffled in",
     "Move 2 cards at random from the next player's hand to the graveyard pile, shuffled in."),
    ("move 1 card picked by next from my hand to next's hand",
     "Move 1 card picked by the next player from your hand to the next player's hand."),
    ("shuffle aside pile\ndeal all cards from aside pile to others starting with previous",
     "The aside pile is shuffled. Deal every card of the aside pile to the other players, one at a time "
     "starting with the previous player."),
    ("shuffle hands", "Every hand is collected, shuffled and dealt out again one card at a time, starting "
                      "with the next player."),
])
def test_explain_says_what_moves_where(script, words):
    from unodsl.lang.describe import Describer
    from unodsl.lang.parse import parse_script

    assert Describer(EDITION.vocabulary).script(parse_script(script)) == words


def test_discards_all_is_the_move_of_those_cards_to_the_discard_pile():
    """The sugar's short path makes the same decisions and records the same events as the move."""
    def played(move: bool):
        answers = []
        rnd = stacked([["red 1", "blue 2", "red 3", "green 4"], ["blue 1"]], [], ["red 5"])
        rnd._ask_plain = lambda decision: answers.append((decision.kind, len(decision.options))) or decision.options[-1]
        rnd._direct = None
        red = lambda c: c.colour == "red"  # noqa: E731
        if move:
            rnd.move(0, ("hand", 0), ("pile", "discard"), None, red, None, False)
        else:
            rnd.discard_all(0, red)
        return answers, [c.label() for c in rnd.discard], [c.label() for c in rnd.hands[0]], rnd.colour
    assert played(True) == played(False)
    answers, discard, hand, colour = played(True)
    assert answers == [("top_card", 2)] and discard == ["red 5", "red 1", "red 3"] and hand == ["blue 2", "green 4"]
