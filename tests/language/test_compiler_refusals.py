"""Every refusal of the effect language's compiler, as an author reads it: the message, the
place (line and column of the `--rule` text) and the hint, exactly (docs/effects.md, "What
validation refuses"; the messages of unodsl/lang/compile/).

Each case is a house rule given to an edition (classic, or an edition with state, chance and
an action); its golden file tests/golden/refusals/CASE.txt is what `unodsl validate --rule`
would print for it. After a deliberate change of wording or position, rewrite them with
`UNODSL_UPDATE_GOLDEN=1 python -m pytest tests/language/test_compiler_refusals.py` and read the
diff before committing it. The editions are compiled inside each test (a mutation run switches
the compiler's mutants on per test).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import unodsl
from unodsl.edition.loader import load_edition_text

from engine.test_out_of_turn import TEXT as TABLE_TEXT  # classic with a reaction and a table card (`use: skip chosen`)

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "refusals"

# Classic with a variable of each type, chance tables and an action (docs/effects.md "State",
# "Chance", "Actions").
STATEFUL = """name: State, chance and an action
base: classic
state:
  player:
    power: {type: flag}
    tokens: {type: counter}
  game:
    launches: {type: counter}
    last: {type: colour}
    held: {type: card}
chance:
  die: {1: 1, 2: 1}
actions:
  press: me draws random number in 0..2
"""
EDITIONS = {"classic": None, "all-wild": None, "stateful": STATEFUL}

# (case, edition, house rule)
CASES = [
    # Names and values.
    ("unknown-name", "classic", "on play where wild:\n    me draws colr\n"),
    ("misspelt-player", "classic", "on play where wild:\n    nxt draws 1\n"),
    ("misspelt-player-value", "stateful", "on play where wild:\n    let victim = nxt\n"),
    ("player-figure-without-whose", "classic", "on play where wild:\n    me draws hand\n"),
    ("player-figure-without-whose-choosing", "classic",
     "on play where wild:\n    choose player where hand > 2\n"),
    ("card-attribute-in-a-choosing-condition", "classic",
     "on play where wild:\n    choose player where colour == red\n"),
    ("card-attribute-where-no-card", "classic", "on turn_start where colour == red:\n    me draws 1\n"),
    ("card-dotted-where-no-card", "classic", "on turn_start where card.colour == red:\n    me draws 1\n"),
    ("unknown-setting", "classic", "on play where settings.hand_sise > 2:\n    me draws 1\n"),
    ("unknown-base", "classic", "on play where tpo.colour == red:\n    me draws 1\n"),
    ("misspelt-player-base", "classic", "on play where nxt.hand > 2:\n    me draws 1\n"),
    ("unknown-player-attribute", "classic", "on play where next.hnd > 2:\n    me draws 1\n"),
    ("group-as-a-value", "stateful", "on play where wild:\n    let all = others\n"),
    ("group-for-one", "classic", "on play where wild:\n    others swaps hands with me\n"),
    ("let-player-without-a-hand", "stateful", "on play where wild:\n    let n = 2\n    n draws 1\n"),
    ("player-outside-a-loop", "classic", "on play where wild:\n    player draws 1\n"),
    ("partner-without-teams", "classic", "on play where wild:\n    partner draws 1\n"),
    # Comparisons.
    ("compare-number-with-colour", "classic", "on play where number == red:\n    me draws 1\n"),
    ("compare-playable-with-number", "classic", "on play where wild:\n    if playable == 3:\n        me draws 1\n"),
    ("order-of-colours", "classic", "on play where colour > red:\n    me draws 1\n"),
    ("identical-to-a-number", "classic", "on play where card is identical to 3:\n    me draws 1\n"),
    ("identical-number-on-the-left", "classic", "on play where number is identical to top:\n    me draws 1\n"),
    # State, `let` and chance.
    ("let-chosen-who-may-be-no-one", "stateful",
     "on play where wild:\n    choose player where chosen.hand > 3\n    let victim = chosen\n"),
    ("add-to-a-flag", "stateful", "on play where wild:\n    add 1 to me.power\n"),
    ("add-to-a-colour", "stateful", "on play where wild:\n    add 1 to game.last\n"),
    ("add-a-text", "stateful", "on play where wild:\n    add red to me.tokens\n"),
    ("flip-a-counter", "stateful", "on play where wild:\n    flip me.tokens\n"),
    ("flip-a-colour", "stateful", "on play where wild:\n    flip game.last\n"),
    ("let-hides-a-name", "stateful", "on play where wild:\n    let next = 1\n"),
    ("let-hides-a-setting-word", "stateful", "on play where wild:\n    let settings = 1\n"),
    ("let-hides-game", "stateful", "on play where wild:\n    let game = 1\n"),
    ("state-set-from-a-name-set-later", "stateful",
     "on play where wild:\n    set game.launches to x\n    let x = 1\n"),
    ("let-changes-type", "stateful", "on play where wild:\n    let x = 1\n    let x = card\n"),
    ("let-number-has-no-colour", "stateful", "on play where wild:\n    let x = 1\n    if x.colour == red:\n        me draws 1\n"),
    ("chance-in-a-condition", "stateful", "stack where random number in 1..6 > 3\n"),
    ("chance-table-unknown", "stateful", "on play where wild:\n    let x = random dice\n"),
    ("chance-of-a-random-card-in-a-condition", "stateful",
     "jump in where random card from my hand is identical to top\n"),
    ("unknown-state-base", "stateful", "on play where wild:\n    set foo.tokens to 1\n"),
    ("colour-variable-from-another-value", "stateful", "on play where wild:\n    set game.last to skip\n"),
    # Statements in the wrong place.
    ("hook-in-a-hook", "classic", "on play where wild:\n    on draw:\n        me draws 1\n"),
    ("stack-rule-in-a-hook", "classic", "on play where wild:\n    stack where draw_two\n"),
    ("jump-in-inside-a-hook", "classic", "on play where wild:\n    jump in where card is identical to top\n"),
    ("uno-any-time-inside-a-hook", "classic", "on play where wild:\n    uno at any time, false calls draw 2\n"),
    ("false-call-costs-too-much", "classic", "uno at any time, false calls draw 99\n"),
    ("instead-inside-a-hook", "stateful", "on play where wild:\n    instead of turn_draw:\n        me presses\n"),
    ("instead-holding-a-hook", "stateful", "instead of turn_draw:\n    on draw:\n        me draws 1\n"),
    ("instead-holding-a-stack-rule", "stateful", "instead of turn_draw:\n    stack where draw_two\n"),
    ("instead-holding-an-instead", "stateful",
     "instead of turn_draw:\n    instead of turn_draw:\n        me presses\n"),
    ("instead-holding-a-window", "stateful", "instead of turn_draw:\n    jump in where card is identical to top\n"),
    ("instead-reads-no-card", "stateful", "instead of turn_draw:\n    apply written rule\n"),
    ("unknown-action", "stateful", "on play where wild:\n    next pushes\n"),
    ("action-without-actions", "classic", "on play where wild:\n    next presses\n"),
    ("condition-asks-a-question", "classic", "on play where next accepts \"swap?\":\n    me draws 1\n"),
    ("turn-another-outside-the-start", "classic", "on play where wild:\n    turn another\n"),
    ("apply-written-rule-in-a-hook", "classic", "on turn_start:\n    apply written rule\n"),
    ("for-each-in-a-for-each", "classic",
     "on play where wild:\n    for each player in others:\n        for each player in others:\n"
     "            player draws 1\n"),
    ("choose-colour-without-colours", "all-wild", "on play:\n    choose colour\n"),
    ("flip-with-one-side", "classic", "on play where wild:\n    flip\n"),
    ("repeat-may-run-no-time", "classic", "on play where wild:\n    repeat 0 times:\n        let x = 1\n    me draws x\n"),
    # Moves.
    ("top-of-a-hand", "classic", "on play where wild:\n    move 1 card from draw pile to my hand at the bottom\n"),
    ("shuffle-a-hand", "classic", "on play where wild:\n    shuffle my hand\n"),
    ("deal-from-every-hand", "classic", "on play where wild:\n    deal all cards from every hand to everyone\n"),
    ("move-to-every-hand", "classic", "on play where wild:\n    move all cards from my hand to every hand\n"),
    ("no-such-pile", "classic", "on play where wild:\n    move 1 card from my hand to cemetery pile\n"),
    ("misspelt-pile", "classic", "on play where wild:\n    move 1 card from graveyrd pile to my hand\n"),
    # The type of each card attribute, setting and game variable a comparison reads (session 14).
    ("compare-points-with-colour", "classic", "on play where points == red:\n    me draws 1\n"),
    ("compare-players-with-colour", "classic", "on play where players == red:\n    me draws 1\n"),
    ("compare-symbol-with-number", "classic", "on play where symbol == 3:\n    me draws 1\n"),
    ("compare-kind-with-number", "classic", "on play where kind == 3:\n    me draws 1\n"),
    ("compare-name-with-number", "classic", "on play where name == 3:\n    me draws 1\n"),
    ("compare-wild-with-number", "classic", "on play where wild == 3:\n    me draws 1\n"),
    ("compare-card-number-with-colour", "classic", "on play where card.number == red:\n    me draws 1\n"),
    ("compare-a-flag-setting-with-number", "classic", "on play where settings.two_player_rule == 3:\n    me draws 1\n"),
    ("compare-a-number-setting-with-colour", "classic", "on play where settings.hand_size == red:\n    me draws 1\n"),
    ("compare-a-text-setting-with-number", "classic", "on play where settings.scoring == 3:\n    me draws 1\n"),
    ("unknown-game-variable", "stateful", "on play where game.nothing == 3:\n    me draws 1\n"),
]


# (case, edition text): what validation says of an edition's own text.
EDITION_CASES = [
    # A tag is given to each card once, at load: its condition reads the card, not the game.
    ("tag-reads-a-game-variable", STATEFUL + "tags:\n  charged: game.launches > 0\n"),
    ("tag-reads-a-player-variable", STATEFUL + "tags:\n  charged: me.tokens > 0\n"),
    ("tag-reads-a-players-hand", STATEFUL + "tags:\n  charged: next.hand > 2\n"),
    ("tag-reads-a-bluff", STATEFUL + "tags:\n  charged: bluffed\n"),
    # A table card's `use:` runs while someone decides: an action that takes cards would disturb it.
    ("table-card-uses-an-action-taking-cards",
     TABLE_TEXT.replace("use: skip chosen", "use: chosen presses")
     + "actions:\n  press: me discards all where colour == red\n"),
]


def edition_refusal_text(text: str) -> str:
    with pytest.raises(unodsl.EditionError) as error:
        load_edition_text(text, "edition.yaml")
    return "".join(problem.format(with_source=True) + "\n" for problem in error.value.problems)


def refusal_text(edition: str, rule: str) -> str:
    """What validation says of the house rule: each problem, with its line and caret, and its hint."""
    with pytest.raises(unodsl.EditionError) as error:
        if EDITIONS[edition] is None:
            unodsl.load_edition(edition, rules=[rule])
        else:
            load_edition_text(EDITIONS[edition], rules=[rule])
    return "".join(problem.format(with_source=True) + "\n" for problem in error.value.problems)


@pytest.mark.parametrize("case, edition, rule", CASES, ids=[case for case, _, _ in CASES])
def test_a_refusal_reads_as_its_golden_file(case, edition, rule):
    said = "".join(f"# {line}\n" for line in rule.splitlines()) + refusal_text(edition, rule)
    golden = GOLDEN / f"{case}.txt"
    if os.environ.get("UNODSL_UPDATE_GOLDEN"):
        golden.write_text(said, encoding="utf-8")
    assert said == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("case, text", EDITION_CASES, ids=[case for case, _ in EDITION_CASES])
def test_an_edition_refusal_reads_as_its_golden_file(case, text):
    said = edition_refusal_text(text)
    golden = GOLDEN / f"{case}.txt"
    if os.environ.get("UNODSL_UPDATE_GOLDEN"):
        golden.write_text(said, encoding="utf-8")
    assert said == golden.read_text(encoding="utf-8")


def test_every_golden_file_has_its_case():
    cases = [case for case, _, _ in CASES] + [case for case, _ in EDITION_CASES]
    assert sorted(path.stem for path in GOLDEN.glob("*.txt")) == sorted(cases)


def test_a_setting_that_is_a_table_may_be_compared_with_anything():
    # (`players` is {min, max}: of no one type, like a tag; a comparison of it is not refused)
    unodsl.load_edition("classic", rules=["on play where settings.players == 3:\n    me draws 1\n"])
