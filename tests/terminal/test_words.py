"""One language per edition (issue 27, item 4): the table's phrases from one file per
language (unodsl/words/), English the reference, an edition's own words over them.

The completeness tests list what a language lacks: every English key has its French
phrase, and every French phrase fills in only placeholders its English phrase has.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl import words as table_words
from unodsl.engine.decisions import DECISIONS
from unodsl.terminal.narrate import Narrator
from unodsl.terminal.prompt import help_words
from unodsl.words import Words, english, language_file, languages, placeholders, problem, words_for

OTHER_LANGUAGES = [code for code in languages() if code != "en"]


def test_the_shipped_languages():
    assert languages() == ["en", "fr"]
    assert language_file("zz") == ({}, {})  # (a language without a file has no phrases: English is said)


HELP = {f"help.{kind}" for kind in DECISIONS}  # (in English: the registry's words)


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_every_english_phrase_has_its_translation(code):
    """Every phrase of en.yaml, and `help` for every kind of decision of the registry."""
    missing = sorted((set(english()) | HELP) - set(language_file(code)[1]))
    assert missing == [], f"{code}.yaml lacks these phrases (said in English): {missing}"


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_every_translation_is_of_an_english_phrase_with_its_placeholders(code):
    phrases = language_file(code)[1]
    wrong = {key: problem(key, value) for key, value in phrases.items() if key not in HELP and problem(key, value)}
    assert wrong == {}
    assert all(isinstance(phrases[key], str) and placeholders(phrases[key]) == set() for key in HELP & set(phrases))


def test_help_is_the_registrys_in_english_and_the_languages_own_otherwise():
    assert help_words("turn", Words("en")) == help_words("turn") == DECISIONS["turn"].help
    assert help_words("turn", Words("fr")).startswith("Jouez une carte")


def test_a_phrase_a_language_lacks_is_said_in_english(monkeypatch):
    partial = ({"singular": [0, 1]}, {"narrate.play.other": "{who} joue {card}"})
    monkeypatch.setattr(table_words, "language_file",
                        lambda code: partial if code == "xx" else language_file(code))
    words = Words("xx")
    assert words.say("narrate.play.other", who="Bot 2", card="7") == "Bot 2 joue 7"
    assert words.say("narrate.uno.other", who="Bot 2") == "Bot 2 calls UNO!"  # (not in xx)
    assert words.count("count.card", 0) == "0 card"  # xx's singular, English words


def test_counts_follow_the_language():
    assert [Words("en").count("count.card", n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [Words("fr").count("count.card", n) for n in (0, 1, 2)] == ["0 carte", "1 carte", "2 cartes"]


def test_lists_and_cards_in_each_language():
    fr = unodsl.load_edition("harry-potter-fr")
    card = next(c for c in fr.deck if c.kind == "draw_three" and c.colour == "vert")
    assert words_for(fr).card(card) == "Prendre 3 vert"
    assert words_for(fr).and_list(["a", "b", "c"]) == "a, b et c"
    classic = unodsl.load_edition("classic")
    seven = next(c for c in classic.deck if c.number == 7 and c.colour == "red")
    assert words_for(classic).card(seven) == seven.label() == "red 7"
    assert words_for(classic).or_list(["1", "2", "d"]) == "1, 2 or d"


@pytest.mark.parametrize("key, value, reason", [
    ("narrate.bogus", "x", "is not a phrase of the table"),
    ("narrate.uno.other", "{who} crie {bang}", "has {bang}, which its English phrase does not have"),
    ("narrate.play.other", "{who} pose {card.name}", "fills in only plain names"),
    ("narrate.play.other", "{who} pose {card[0]}", "fills in only plain names"),
    ("narrate.play.other", "{who} pose {card!r}", "fills in only plain names"),
    ("render.draw_pile", "Pioche : {n:>999999999}", "fills in only plain names"),  # (would grow without bound)
    ("render.draw_pile", "Pioche : {n", "fills in only plain names"),
    ("render.draw_pile", "Pioche : {0}", "fills in only plain names"),
    ("count.card", "{n} cartes", "is a count's two forms"),
    ("render.none", {"one": "x", "other": "y"}, "is a text"),
    ("render.none", 3, "is a text"),
])
def test_phrases_that_cannot_be_said_safely_are_refused(key, value, reason):
    assert reason in problem(key, value)


def test_a_phrase_may_leave_a_placeholder_out():
    assert problem("narrate.play.other", "{who} joue") is None
    assert Words("en", phrases={"narrate.play.other": "{who} joue"}).say(
        "narrate.play.other", who="Bot 2", card="7") == "Bot 2 joue"


def _edition(tmp_path, text: str):
    path = tmp_path / "e.yaml"
    path.write_text("name: Words\nbase: classic\ntotal: 108\n" + text, encoding="utf-8")
    return unodsl.load_edition(str(path))


def test_an_editions_own_words_win_over_its_language(tmp_path):
    edition = _edition(tmp_path, "language: fr\nwords:\n  colours: {red: rouge}\n"
                                 "  phrases: {narrate.play.other: '{who} pose {card}'}\n")
    narrator = Narrator(edition, ["Vous", "Bot 2"])
    red_seven = next(c for c in edition.deck if c.number == 7 and c.colour == "red")
    narrator.feed([{"event": "play", "player": 1, "card": red_seven.uid},
                   {"event": "play", "player": 0, "card": red_seven.uid}])
    assert narrator.story(0, None, viewer=0) == ["Bot 2 pose 7 rouge, vous jouez 7 rouge."]


def test_an_edition_without_a_language_is_in_english(tmp_path):
    edition = _edition(tmp_path, "")
    assert edition.language == "en" and words_for(edition).say("render.your_hand") == "Your hand"
