"""`unodsl explain`: cards in words, generated from their syntax trees.

Golden files: tests/golden/explain/EDITION.txt holds the explanation of every
kind of that shipped edition. After a deliberate change of wording, rewrite
them with `UNODSL_UPDATE_GOLDEN=1 python -m pytest tests/language/test_explain.py`
and read the difference.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unodsl
from unodsl.explain import explain, find_kind, format_explanation
from unodsl.errors import UnoError
from unodsl.lang import ast, describe
from unodsl.lang.describe import THE_DEALER, Context, Describer, source
from unodsl.lang.registry import LANGUAGE, Registry, RegistryError
from unodsl.lang.parse import parse_condition, parse_script
from unodsl.resources import edition_names

from language.test_docs import DOC_EDITION, EXAMPLES

GOLDEN = Path(__file__).parents[1] / "golden" / "explain"
EDITIONS = {name: unodsl.load_edition(name) for name in edition_names()}
CLASSIC = EDITIONS["classic"]


def sections(edition: str, card: str) -> dict:
    loaded = EDITIONS[edition]
    return dict(explain(loaded, find_kind(loaded, card)).sections)


# ---- every node has its words -----------------------------------------------------

def test_every_node_class_has_a_renderer():
    names = {cls.__name__ for cls in ast.node_classes()}
    assert {"Draw", "If", "Holds", "Challenges", "On", "Script"} <= names
    assert all(cls in LANGUAGE.describers for cls in ast.node_classes())


def test_a_node_class_without_words_stops_the_import():
    """(tests/language/test_registry.py checks every facet of a construct on a scratch registry)"""
    scratch = Registry()

    @scratch.value("teleport", syntax="teleport", does="a value from elsewhere")
    @dataclass(frozen=True)
    class Teleport(ast.Node):
        pass

    scratch.compiles(Teleport)(lambda emitter, node, card: "None")
    with pytest.raises(RegistryError, match="Teleport has no describe handler"):
        scratch.check([Teleport])


# ---- the cards of the shipped editions ------------------------------------------------

@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_every_kind_matches_golden(edition):
    loaded = EDITIONS[edition]
    text = "\n\n".join(format_explanation(explain(loaded, kind)) for kind in loaded.kinds.values()) + "\n"
    golden = GOLDEN / f"{edition}.txt"
    if os.environ.get("UNODSL_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_wild_draw_four():
    said = sections("classic", "Wild Draw Four")
    assert said["When played"] == (
        "Choose the colour. Then ask the next player whether they challenge: if they do, show your hand "
        "to the next player; if the play was a bluff, you draw 4 cards; otherwise the next player draws "
        "6 cards and misses their next turn. If they do not, the next player draws 4 cards and misses "
        "their next turn.")
    assert said["When it may be played"] == (
        "May be played at any time. Playing it while you hold a card of the colour in play "
        "(colour == top.colour) is a bluff.")
    assert said["As the start card"] == "This card goes back into the draw pile and another card is turned up."
    assert said["Points"] == "50 points when left in a hand at the end of a round."
    assert said["In the deck"] == "4 cards, Wild: no colour of its own."


STACKED_DRAW_TWO = ("If the setting stacking is on, the next player draws 2 cards, unless they pass it on by "
                    "playing a Draw Two card from their hand: that card's own script runs and its draw adds to "
                    "this one, which goes on to the player it names, who may pass it on the same way; whoever "
                    "does not draws it all and misses their turn. Otherwise, the next player draws 2 cards and "
                    "misses their next turn.")


@pytest.mark.parametrize("card,played,start", [
    ("Draw Two", STACKED_DRAW_TWO, STACKED_DRAW_TWO),
    ("Skip", "The next player misses their next turn.", "The next player misses their next turn."),
    ("Reverse", "The direction of play reverses. If there are 2 players and the setting two_player_rule "
                "is on, the next player misses their next turn.",
     "The direction of play reverses. The dealer plays first."),
    ("Wild", "Choose the colour.", "The next player chooses the colour."),
])
def test_classic_action_cards(card, played, start):
    said = sections("classic", card)
    assert said["When played"] == played
    assert said["As the start card"] == start


def test_number_cards():
    said = sections("classic", "red 7")
    assert said["In the deck"] == "76 cards: 19 in each colour (red, yellow, green and blue), numbered 0 to 9."
    assert said["When played"] == "Nothing happens beyond the play."
    assert said["When it may be played"] == (
        "May be played when it has the colour in play, or the same number or symbol as the top card.")
    assert said["Points"] == "Its number (0 to 9) in points when left in a hand at the end of a round."


def test_voldemort():
    said = sections("harry-potter", "voldemort")
    assert said["When played"] == ("If you hold a harry card, discard all your harry cards, choosing which "
                                   "one ends on top. Otherwise, choose the colour.")
    assert said["As the start card"] == "The next player chooses the colour."


def test_wild_sorting_hat():
    said = sections("harry-potter-sorting-hat", "Wild Sorting Hat")
    assert said["When played"] == ("Choose the colour. The next player draws cards until they draw a "
                                   "Gryffindor card (or none is left), keeping them all.")


def test_power_ring():
    said = sections("green-lantern", "power ring")
    assert said["When played"] == ("Choose the colour. Give all your yellow cards to the other players, "
                                   "choosing who receives each one.")


def test_french_edition_cards():
    assert sections("harry-potter-fr", "Draw Three")["When played"] == (
        "The next player draws 3 cards and misses their next turn.")
    howler = sections("harry-potter-fr", "Howler")  # the part of the name in parentheses
    assert howler["When played"] == ("Choose the colour. Choose another player. The chosen player shows "
                                     "their hand to everyone.")
    invisibility = sections("harry-potter-fr", "invisibility")
    assert invisibility["Out of turn"] == (
        "May be played out of turn against any action card aimed at you, before it applies to you: the "
        "rest of that card's actions against you are cancelled, and then: choose the colour.")
    assert invisibility["When played"] == "Choose the colour."


def test_veto_edition_cards():
    veto = sections("veto", "VETO")
    assert "When played" not in veto and "As the start card" not in veto
    assert veto["When it may be played"] == "Is never played from a hand."
    assert "Then: the chosen player misses their next turn." in veto["On the table"]
    assert veto["In the deck"] == "1 card, with no colour; it lies on the table and is never dealt."
    blank = sections("veto", "wild customizable")
    assert blank["When played"] == ("Choose the colour. The house rule written on this card applies (if the "
                                    "card is still blank, you write one first).")
    assert "Players write house rules on these cards" in blank["Blank cards"]


def test_rules_written_on_blank_cards_are_explained(tmp_path):
    path = tmp_path / "written.yaml"
    path.write_text("name: Written\nbase: veto\nkinds:\n  wild_customizable:\n"
                    "    written: [extra turn, next draws 2]\ntotal: 112\n")
    loaded = unodsl.load_edition(str(path))
    blank = dict(explain(loaded, find_kind(loaded, "wild_customizable")).sections)["Blank cards"]
    assert blank.endswith("Written in the edition: (1) You take an extra turn. (2) The next player draws 2 cards.")


def test_the_edition_house_rules_that_may_act_on_a_card_are_explained(tmp_path):
    path = tmp_path / "hooks.yaml"
    path.write_text("name: Hooks\nbase: classic\nrules:\n"
                    "  - name: Sevens\n    script: |\n      on play where number == 7:\n        next draws 1\n"
                    "  - name: Skips\n    script: |\n      on play where colour == top.colour and symbol == skip:\n"
                    "        me draws 1\n")
    loaded = unodsl.load_edition(str(path))
    told = {kind: dict(explain(loaded, find_kind(loaded, kind)).sections).get("House rules")
            for kind in ("number", "skip", "wild")}
    assert told["number"] == "(1) Whenever a player plays a card numbered 7, the next player draws 1 card."
    assert told["skip"].startswith("(2) Whenever a player plays a card of the colour in play")
    assert told["wild"] is None  # no rule's condition holds for a Wild


@pytest.mark.parametrize("query,kind", [
    ("wild_draw_four", "wild_draw_four"), ("Wild Draw Four", "wild_draw_four"), ("wild draw four", "wild_draw_four"),
    ("WILD-DRAW-FOUR", "wild_draw_four"), ("red 7", "number"), ("blue 0", "number"), ("green skip", "skip"),
    ("yellow draw two", "draw_two"), ("draw-two", "draw_two"), ("wild", "wild"),
])
def test_find_kind(query, kind):
    assert find_kind(CLASSIC, query).id == kind


@pytest.mark.parametrize("query,hint", [("red 77", "red 7"), ("wild draw 4", "Wild Draw Four"),
                                         ("skipp", "skip")])
def test_unknown_card_suggests_one(query, hint):
    with pytest.raises(UnoError, match=f"did you mean '{hint}'"):
        find_kind(CLASSIC, query)


def test_a_colour_alone_is_no_card():
    with pytest.raises(UnoError, match="no card 'red'"):
        find_kind(CLASSIC, "red")


# ---- the effect language in words: every example of docs/effects.md ---------------------

WORDS = Describer(DOC_EDITION.vocabulary, {k.id: k.name for k in DOC_EDITION.kinds.values()})


def words(kind: str, text: str) -> str:
    if kind == "unodsl-condition":
        return WORDS.condition(parse_condition(text))
    return WORDS.script(parse_script(text))


@pytest.mark.parametrize("kind,text", EXAMPLES, ids=[t.splitlines()[0][:40] for _, t in EXAMPLES])
def test_every_doc_example_reads_as_english(kind, text):
    said = words(kind, text)
    assert said and said == said.strip()
    # no operator, keyword or identifier of the language leaks through, but in quotes
    bare = re.sub(r'"[^"]*"|\([^)]*==[^)]*\)', "", said)
    assert not re.search(r"==|!=|<=|>=|\.\.|\bme\b|\bnext draws\b|_", bare.replace("two_player_rule", "")), said


@pytest.mark.parametrize("text,said", [
    ("next draws 2\nskip next", "The next player draws 2 cards and misses their next turn."),
    ("others draw 1", "Every other player draws 1 card."),
    ("me draws 1", "You draw 1 card."),
    ("next draws until house == Gryffindor",
     "The next player draws cards until they draw a Gryffindor card (or none is left), keeping them all."),
    ("next draws or discards to 7",
     "The next player draws or discards cards until they hold exactly 7 cards, choosing which to discard."),
    ("everyone discards to 3", "Every player discards down to 3 cards, choosing which."),
    ("me discards all where harry", "Discard all your harry cards, choosing which one ends on top."),
    ("others discard all where wild", "Every other player discards all their Wild cards, choosing which one ends on top."),
    ("give all where colour == yellow to others",
     "Give all your yellow cards to the other players, choosing who receives each one."),
    ("give all to next", "Give all your cards to the next player."),
    ("reverse\nextra turn", "The direction of play reverses. You take an extra turn."),
    ("turn another", "This card goes back into the draw pile and another card is turned up."),
    ("choose player\nshow chosen's hand to everyone",
     "Choose another player. The chosen player shows their hand to everyone."),
    ("choose player where chosen.hand > 2",
     "Choose another player for whom the chosen player holds more than 2 cards."),
    ("show my hand to next", "Show your hand to the next player."),
    ("everyone plays face up", "Every player plays with their hand face up until your next turn."),
    ("next chooses colour", "The next player chooses the colour."),
    ('ask next "Did anyone laugh at your joke?":\n  "yes": me discards to 1\n  "no": me draws 4',
     'Ask the next player "Did anyone laugh at your joke?" ("yes" or "no"): if they answer "yes", you '
     'discard down to 1 card, choosing which; if they answer "no", you draw 4 cards.'),
    ("if me holds harry:\n  me discards all where harry\nelif players == 2:\n  skip next\nelse:\n  pass",
     "If you hold a harry card, discard all your harry cards, choosing which one ends on top. Otherwise, if "
     "there are 2 players, the next player misses their next turn. Otherwise, nothing happens."),
    ('if others accept "Did you laugh at the joke?":\n  me discards to 1\nelse:\n  me draws 4',
     'Ask the other players "Did you laugh at the joke?", one after another: if one of them says yes, you '
     'discard down to 1 card, choosing which. If none does, you draw 4 cards.'),
    ('if not (next accepts "Will you perform a rooster call?"):\n  next draws 4',
     'Ask the next player "Will you perform a rooster call?": if they say no, the next player draws 4 cards.'),
    ("if not (next holds playable):\n  next draws 3",
     "If the next player holds no playable card, they draw 3 cards."),
    ("if next.hand > 10:\n  skip next\n  show next's hand to me\nelse:\n  next draws 1",
     "If the next player holds more than 10 cards, they miss their next turn and show their hand to you. "
     "Otherwise, the next player draws 1 card."),
    ("if previous challenges and players == 2:\n  previous draws 1",
     "If the previous player challenges the play (when asked) and there are 2 players, the previous player "
     "draws 1 card."),
    ("on play where number == 7:\n  next draws 1", "Whenever a player plays a card numbered 7, the next player draws 1 card."),
    ("on turn_start where me.hand > 15:\n  me discards to 15",
     "Whenever a player's turn begins and that player holds more than 15 cards, that player discards down to "
     "15 cards, choosing which."),
    ("on draw where wild: extra turn", "Whenever a player draws a Wild card on their turn, that player takes an extra turn."),
    ("on round_start: everyone draws 1",
     "Whenever a round begins (after the start card's rule), every player draws 1 card."),
    ("next draws card.number", "The next player draws as many cards as the number of the card played."),
    ("next draws players + 1", "The next player draws as many cards as the number of players plus 1."),
    ("pass", "Nothing happens."),
    ("", "Nothing happens."),
])
def test_statements(text, said):
    assert WORDS.script(parse_script(text)) == said


@pytest.mark.parametrize("text,said", [
    ("always", "always"),
    ("colour == top.colour or number == top.number or symbol == top.symbol",
     "it has the colour in play, or the same number or symbol as the top card"),
    ("number == top.number", "it has the same number as the top card"),
    ("number in 1..4 and colour != red", "its number is from 1 to 4 and it is not red"),
    ("number not in [2, 6, 9]", "its number is not 2, 6 or 9"),
    ("house == Gryffindor", "it is a Gryffindor card"),
    ("kind == draw_two", "it is a Draw Two card"),
    ("harry", "it is a harry card"),
    ("not harry", "it is not a harry card"),
    ("wild", "it is a Wild card"),
    ("playable", "it can be played now"),
    ("me holds colour == top.colour", "you hold a card of the colour in play"),
    ("me holds (kind == skip and colour == red)", "you hold a red Skip card"),
    ("next holds number in 1..4", "the next player holds a card numbered 1 to 4"),
    ("next holds points > 20", "the next player holds a card whose points are more than 20"),
    ("count(next, colour == yellow) >= 2 and next.hand > 3",
     "the next player holds at least 2 yellow cards and the next player holds more than 3 cards"),
    ("count(me, harry) == 1", "you hold exactly 1 harry card"),
    ("next.hand != 7", "the next player does not hold exactly 7 cards"),
    ("me.score >= 100", "your score is at least 100"),
    ("settings.two_player_rule and players == 2", "the setting two_player_rule is on and there are 2 players"),
    ("not settings.two_player_rule", "the setting two_player_rule is off"),
    ("players > 2", "there are more than 2 players"),
    ("not (next holds playable)", "the next player holds no playable card"),
    ("not (harry or wild)", "it is not a harry card and it is not a Wild card"),
    ("not (harry and wild)", "it is not a harry card or it is not a Wild card"),
    ("harry and (wild or colour == red)", "it is a harry card and (it is a Wild card or it is red)"),
    ("bluffed", "the play was a bluff"),
    ("next challenges", "the next player challenges the play (when asked)"),
    ('next accepts "Again?"', 'the next player says yes to "Again?"'),
    ('not (others accept "Again?")', 'none of the other players says yes to "Again?"'),
    ("top.number + 1 == card.number", "the top card's number plus 1 is the number of the card played"),
])
def test_conditions(text, said):
    assert WORDS.condition(parse_condition(text)) == said


def test_a_start_rule_is_told_from_the_dealer():
    script = parse_script("reverse\nextra turn\nchoose colour\nshow my hand to next")
    assert WORDS.script(script, Context(me=THE_DEALER, start=True)) == (
        "The direction of play reverses. The dealer plays first, chooses the colour and shows their hand "
        "to the next player.")


@pytest.mark.parametrize("text", [
    "me holds colour == top.colour", "number in 1..4 and colour != red", "not (next holds playable)",
    "count(next, colour == yellow) >= 2 and next.hand > 3", '(a or b) and not c', "-x + 2 * (y - 1) > 0",
    'next accepts "Why?"', "next challenges", "bluffed", "always", "number not in [2, 6]",
])
def test_source_writes_a_condition_back(text):
    node = parse_condition(text)
    assert _shape(parse_condition(source(node))) == _shape(node)


def _shape(node):
    """A node without its positions, to compare two parses."""
    if isinstance(node, ast.Node):
        return (type(node).__name__,) + tuple(_shape(getattr(node, f)) for f in node.__dataclass_fields__
                                              if f not in ("line", "column"))
    if isinstance(node, tuple):
        return tuple(_shape(item) for item in node)
    return node


# ---- any script that parses has words ------------------------------------------------------

PIECES = ["next draws 2", "skip next", "reverse", "choose colour", "extra turn", "pass",
          "others draw 1", "me discards all where harry", "give all where colour == red to others",
          "everyone plays face up", "show my hand to next", "choose player", "turn another",
          "apply written rule", "next draws until colour == top.colour", "everyone discards to 3",
          "previous draws or discards to 5", "dealer chooses colour", "chosen draws me.hand"]
CONDITIONS = ["next challenges", "bluffed", "players == 2", "me holds harry", "not (next holds playable)",
              'others accept "Again?"', "count(me, wild) > 1 or me.score >= 10", "number in 1..4",
              "colour != top.colour and not wild"]


@st.composite
def scripts(draw, depth=0):
    lines = []
    for _ in range(draw(st.integers(1, 3))):
        if depth < 2 and draw(st.booleans()):
            cond = draw(st.sampled_from(CONDITIONS))
            body = draw(scripts(depth + 1))
            lines.append(f"if {cond}:")
            lines.extend("  " + line for line in body)
            if draw(st.booleans()):
                lines.append("else:")
                lines.extend("  " + line for line in draw(scripts(depth + 1)))
        else:
            lines.append(draw(st.sampled_from(PIECES)))
    return lines


@settings(max_examples=150, deadline=None)
@given(scripts())
def test_any_script_has_words(lines):
    text = "\n".join(lines)
    said = WORDS.script(parse_script(text))
    assert said.endswith(".") and said[0].isupper()
    assert "None" not in said and "  " not in said


def test_a_reaction_against_some_cards(tmp_path):
    path = tmp_path / "shield.yaml"
    path.write_text("name: Shield\nbase: classic\nkinds:\n  shield:\n    name: Shield\n    wild: true\n"
                    "    deck: {count: 1}\n    points: 50\n    playable: always\n    effect: choose colour\n"
                    "    on_start: turn another\n"
                    '    reaction: {against: "kind == draw_two or wild", effect: "next draws 1"}\n'
                    "total: 109\n")
    loaded = unodsl.load_edition(str(path))
    said = dict(explain(loaded, find_kind(loaded, "shield")).sections)
    assert said["Out of turn"] == (
        "May be played out of turn against an action card aimed at you, when the action card is a Draw Two "
        "card or the action card is a Wild card, before it applies to you: the rest of that card's actions "
        "against you are cancelled, and then: the next player draws 1 card.")


def test_explain_takes_house_rules_from_the_command_line():
    from click.testing import CliRunner

    from unodsl.cli import main

    result = CliRunner().invoke(main, ["explain", "classic", "red 0", "--rule", "@seven-zero"])
    assert result.exit_code == 0
    told = " ".join(result.output.split())
    assert "House rules: (1) Whenever a player plays a card numbered 7" in told
    assert "(2) Whenever a player plays a card numbered 0, if that player holds more than 0 " \
           "cards, every player passes their hand to the next player in the direction of play." in told


def test_progressive_explains_the_stacking_policy_in_words():
    """A `stack where` rule is told with every card that gives a draw, and with no other."""
    edition = unodsl.load_edition("classic", rules=["@progressive"])
    draw_two = format_explanation(explain(edition, edition.kinds["draw_two"]))
    words = " ".join(draw_two.split())
    assert ("Stacking: A player who must draw because of a card may instead play a card with the same kind "
            "as the top card from their hand") in words
    assert "it is never challenged" in words
    assert "Stacking:" not in format_explanation(explain(edition, edition.kinds["skip"]))
    mixed = unodsl.load_edition("classic", rules=["@progressive-mixed"])
    words = " ".join(format_explanation(explain(mixed, mixed.kinds["wild_draw_four"])).split())
    assert ("may instead play a card whose kind is Draw Two or Wild Draw Four and such that the top card's kind "
            "is Draw Two or Wild Draw Four from their hand") in words


def test_jump_in_is_explained_with_every_card_and_only_under_the_rule():
    edition = unodsl.load_edition("classic", rules=["@jump-in"])
    words = " ".join(format_explanation(explain(edition, edition.kinds["skip"])).split())
    assert ("Jumping in: After every card played (the top card then), any other player holding a card "
            "identical to the top card (the same kind, colour, number and symbol; a Wild is identical to no "
            "card) may play it at once, out of turn") in words
    assert "players passed over lose that turn" in words
    plain = unodsl.load_edition("classic")
    assert "Jumping in" not in format_explanation(explain(plain, plain.kinds["skip"]))


def test_uno_at_any_time_and_identical_are_told_in_words():
    from unodsl.lang.describe import Describer
    from unodsl.lang.parse import parse_script

    words = Describer(unodsl.load_edition("classic").vocabulary)
    told = words.script(parse_script("uno at any time, false calls draw 2"))
    assert "costs its caller 2 cards" in told and "catch a player" in told
    told = words.script(parse_script('on play where card is identical to top: next draws 1'))
    assert "identical to the top card" in told
