"""Property test of "validates => runs" (issue 10): a script that validation accepts
plays without a Python exception, wherever it is written.

Scripts come from two sources:

- generated from the grammar itself (grammar/effects.lark, through Lark's own rules:
  a new statement is generated as soon as it is in the grammar), and put in every
  place a script can be: a card's effect, a start card's `on_start`, a table card's
  `use:`, a reaction's effect, a rule written on a blank card, the body and `where`
  of a hook on each event, a `playable` or `bluff_if` condition;
- the scripts of every shipped edition and house rule, mutated (a word replaced by
  another word of the language, a line dropped, doubled or moved, a block moved to
  another kind of script).

Each case either fails validation with problems placed inside the script, or plays
whole seeded matches (2 players and 3 to 10, random and greedy agents, a small target) with every
card in exactly one place at every event. Every case is seeded: a failure prints its
seed and script. UNODSL_FUZZ_EXAMPLES raises the number of cases for a longer hunt.
"""
from __future__ import annotations

import os
import random
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

import unodsl
from invariants import check_state_types, every_card_once, shows_the_side_up
from unodsl.edition.yamlsrc import load_yaml
from unodsl.engine.round import Round
from unodsl.errors import ScriptError
from unodsl.lang.compile import (CONDITION, EFFECT, PLAYABLE, START, USE, WRITTEN, compile_condition,
                                 compile_script)
from unodsl.lang.parse import _parser, parse_condition, parse_script
from unodsl.lang.statements import EVENT_NAMES, PLAYER_WORDS, REPLACED_DRAWS
from unodsl.resources import data_dir

SCALE = int(os.environ.get("UNODSL_FUZZ_EXAMPLES", "0")) or None
GENERATED_CASES = SCALE or 2000
MUTATED_CASES = SCALE or 600


# ---- scripts from the grammar ----------------------------------------------------------

# What a regular-expression terminal of the grammar may be written as (the keywords and
# punctuation are written as the grammar says). NAME draws from every kind of name.
SAMPLES = {
    # every player word (lang/statements.py), `chosen` twice: statements about it often play
    "PLAYER": [said for word in PLAYER_WORDS for said in [word] * (2 if word == "chosen" else 1)],
    "EVENT": list(EVENT_NAMES),
    "RELATION": ["partner", "left", "right", "next", "previous"],
    "SEAT_WAY": ["on", "back"], "RANK": ["highest", "lowest"], "_SEATS": ["seats", "seat"],
    "COMPARE": ["==", "!=", "<", "<=", ">", ">="],
    "ADD": ["+", "-"], "MUL": ["*", "/", "%"],
    "_DRAWS": ["draws"], "_ACCEPTS": ["accepts"], "_DISCARDS": ["discards"], "_SWAPS": ["swaps"],
    "_CARD": ["cards", "card"], "DRAW_PILE": ["draw pile"], "DISCARD_PILE": ["discard pile"],
    "NAME": ["colour", "number", "symbol", "kind", "name", "points", "wild", "playable", "players", "red", "blue",
             "number", "house", "lucky", "Gryffindor", "act", "top", "card", "settings", "hand_size", "hand", "score",
             "uno_penalty", "bogus",
             # the edition's state and chance (FUZZ below), and `let` names
             "power", "tokens", "game", "launches", "last", "held", "launcher", "x", "x", "c"],
    "INT": ["0", "1", "2", "3", "7", "12"],
    "REPLACED": list(REPLACED_DRAWS),
    "STRING": ['"yes"', '"no"', '"maybe"', '"{me.hand} cards, {{sure}}?"', '"{players} of {top}"'],
    "CHOSEN_VALUE": ["chosen number", "chosen number", "chosen symbol", "chosen kind"],
    "VALUE_KIND": ["number", "number", "symbol", "kind"],
}


# The NAMEs of some rules (by alias), in order, drawn from their own lists: mostly the
# edition's state variables and chance table, so that statements about them often play.
RULE_SAMPLES = {
    # (and `score`: `add N to me.score` writes a score, issue 26)
    "player_state": [["power", "tokens", "tokens", "tokens", "launches", "score"]],
    "game_state": [["game", "game", "game", "top"], ["launches", "launches", "last", "held", "power"]],
    "random_outcome": [["launcher", "launcher", "lancher"]],
    "let_stmt": [["x", "x", "c", "colour"]],
    "pile_place": [["aside", "aside", "graveyard", "graveyard", "draw", "discard", "bogus", "left", "right"]],
    "own_pile_place": [["deck", "deck", "graveyard"]],
    # what a place holds (`draw pile.size`, `left pile.top`), and a word no place has
    "place_attr": [["size", "size", "top", "colour", "bogus"]],
    # the edition's actions (FUZZ below), said both ways, and one it does not declare
    "do_action": [["press", "presses", "presses", "shove", "shoves", "prss"]],
    # the edition's written rules (FUZZ below), and one it does not write
    "apply_named_rule": [["gift", "storm", "trade", "trade", "gfit"]],
}


# Statements (and `is identical to`) with a family of their own below, which places them where
# they may go: a derivation of any other rule leaves them out (in a card's script the window
# rules are only refused, and two sums are seldom two cards).
OWN_FAMILY = {"jump_in", "uno_any_time", "identical"}
# (and what just happened, `played as answer` with `under_top` and `answered`: refused in most
# places, it has its own family at the end, which places it where it may go)
OWN_FAMILY |= {"played_as_answer"}
# (and the written rules, applied by name or at random: refused in most places and in every
# edition without `written_rules:`, they have their own family, which places them where they may go)
OWN_FAMILY |= {"apply_named_rule", "apply_random_rule"}
# (aggregates and a named value read: their family, value_case, says them where they read well)
OWN_FAMILY |= {"count_of", "total_of", "extreme_of", "any_of", "all_of", "chosen_value"}


class Generator:
    """Random derivations of the grammar's rules (as Lark compiled them: plain BNF)."""

    def __init__(self):
        parser = _parser()
        self.rules = defaultdict(list)
        self.aliases = {}
        for rule in parser.rules:
            self.rules[rule.origin.name].append(rule.expansion)
            self.aliases[(rule.origin.name, tuple(s.name for s in rule.expansion))] = rule.alias
        self.strings = {t.name: t.pattern.value for t in parser.terminals if t.pattern.type == "str"}
        self.height = self._heights()

    def _heights(self) -> dict:
        """For each rule, the fewest levels of rules a derivation of it needs."""
        height: dict = {}
        changed = True
        while changed:
            changed = False
            for name, expansions in self.rules.items():
                best = min((1 + max([height.get(s.name, 0 if s.is_term else 10**6) for s in e] or [0])
                            for e in expansions), default=1)
                if best < height.get(name, 10**6):
                    height[name], changed = best, True
        return height

    def tokens(self, rng: random.Random, start: str, depth: int) -> list[str]:
        out: list[str] = []
        self._derive(start, rng, depth, out)
        return out

    def _derive(self, name: str, rng, depth: int, out: list) -> None:
        expansions = [e for e in self.rules[name] if not (len(e) == 1 and e[0].name in OWN_FAMILY)
                      and self.aliases.get((name, tuple(s.name for s in e))) not in OWN_FAMILY]
        if depth <= 0:  # only the shortest ways out now
            least = min(self._cost(e) for e in expansions)
            expansions = [e for e in expansions if self._cost(e) == least]
        expansion = rng.choice(expansions)
        alias = self.aliases.get((name, tuple(s.name for s in expansion)))
        own = iter(RULE_SAMPLES.get(alias or name, ()))
        for symbol in expansion:
            if symbol.is_term and symbol.name == "NAME":
                words = next(own, None)
                out.append(rng.choice(words) if words else self._word(symbol.name, rng))
            elif symbol.is_term:
                out.append(self._word(symbol.name, rng))
            else:
                self._derive(symbol.name, rng, depth - 1, out)

    def _cost(self, expansion) -> int:
        return max([self.height.get(s.name, 0) for s in expansion if not s.is_term] or [0])

    def _word(self, terminal: str, rng) -> str:
        if terminal in ("_NL", "_INDENT", "_DEDENT"):
            return terminal
        if terminal in SAMPLES:
            return rng.choice(SAMPLES[terminal])
        return self.strings[terminal]


def render(tokens: list[str]) -> str:
    """Tokens as script text: a line break for _NL, and indentation for blocks."""
    lines, words, level = [], [], 0
    for token in tokens:
        if token == "_NL":
            if words:
                lines.append("  " * level + " ".join(words))
            words = []
        elif token == "_INDENT":
            level += 1
        elif token == "_DEDENT":
            level -= 1
        else:
            words.append(token)
    if words:
        lines.append("  " * level + " ".join(words))
    return "\n".join(lines).replace(" 's", "'s").replace(" . ", ".").replace(" ;", ";")


GENERATOR = Generator()


def generated(rng: random.Random, start: str = "script") -> str:
    """A script (or condition) the grammar allows; not an empty one (a few tries)."""
    for _ in range(5):
        text = render(GENERATOR.tokens(rng, start, rng.randint(4, 11)))
        if text.strip():
            break
    return text


# ---- an edition with every place a script can be -----------------------------------------

FUZZ = """\
name: Fuzz
colours: [red, blue, green]
settings:
  hand_size: 4
  players: {min: 2, max: 5}
tags:
  house: {Gryffindor: "number in 1..3"}
  lucky: "number == 7"
state:
  player:
    power: {type: flag}
    tokens: {type: counter, initial: 2, keep: match}
  game:
    launches: {type: counter}
    last: {type: colour}
    held: {type: card}
chance:
  launcher: {0: 3, 1: 1, 2: 1}
piles: [graveyard]
actions:
  press: me draws random launcher
  shove: |
    me presses
    me discards to 3
kinds:
  number: {name: Number, deck: {numbers: {1-7: 1}}, points: face}
  action: {name: Action, symbol: act, deck: {per_colour: 2}, points: 20, effect: skip next, on_start: skip next}
  wild:
    name: Wild
    symbol: wild
    wild: true
    deck: {count: 3}
    points: 50
    playable: always
    bluff_if: never
    effect: choose colour
    on_start: next chooses colour
  shield:
    name: Shield
    symbol: shield
    deck: {count: 2}
    points: 20
    playable: always
    effect: choose colour
    on_start: next chooses colour
    reaction: {against: always, effect: choose colour}
  blank:
    name: Blank
    symbol: blank
    blank: true
    deck: {count: 2}
    points: 40
    playable: always
    effect: apply written rule
    on_start: next chooses colour
    written: [reverse]
  veto: {name: Veto, deck: {count: 1}, points: 0, playable: never, use: skip chosen}
table: [veto]
written_rules:
  gift: others draw 1
  storm: |
    repeat 2 times: next presses
  trade: |
    choose player
    me swaps hands with chosen
"""
# Where a script can be in it: (kind, field); `written` is the first rule on a blank card,
# `reaction` a reaction's effect and `against` its condition, `tag` the edition's tag `lucky`.
PLACES = {"effect": ("action", "effect"), "on_start": ("action", "on_start"), "reaction": ("shield", "reaction"),
          "against": ("shield", "against"), "written": ("blank", "written"), "use": ("veto", "use"),
          "playable": ("wild", "playable"), "bluff_if": ("wild", "bluff_if"), "tag": (None, "tag")}
CONDITIONS = ("playable", "bluff_if", "against", "tag")


@pytest.fixture(scope="module")
def piles_edition(tmp_path_factory) -> str:
    """FUZZ with two discard piles to play onto, `left` and `right` (engine/piles.py)."""
    path = tmp_path_factory.mktemp("piles") / "fuzz_piles.yaml"
    path.write_text(FUZZ.replace("piles: [graveyard]\n", "piles: [graveyard, {deck: each player}]\n"
                                 "discard_piles: [left, right]\n"),
                    encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def fuzz_edition(tmp_path_factory) -> str:
    """The edition's file, which each case's edition is built on (read once)."""
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.yaml"
    path.write_text(FUZZ, encoding="utf-8")
    return str(path)


def derived(base: str, kid: str, field: str, script: str) -> tuple[str, range]:
    """An edition built on `base` whose kind `kid` has `script` as its `field`, and the
    lines a problem with it may be on (the key's, then the script's)."""
    head = f"name: Mutant\nbase: {base}\nkinds:\n  {kid}:\n"
    if field == "tag":
        head, indent = f"name: Mutant\nbase: {base}\ntags:\n  lucky: |\n", 4
    elif field == "against":
        head, indent = head + "    reaction:\n      effect: choose colour\n      against: |\n", 8
    elif field == "written":
        head, indent = head + "    written:\n      - |\n", 8
    elif field == "reaction":
        head, indent = head + "    reaction:\n      against: always\n      effect: |\n", 8
    else:
        head, indent = head + f"    {field}: |\n", 6
    first = head.count("\n")  # (1-based) the line of the script's key
    body = "".join(" " * indent + line + "\n" for line in script.split("\n"))
    return head + body, range(first, first + script.count("\n") + 2)


# ---- playing ---------------------------------------------------------------------------

class CountingRound(Round):
    """Every card in exactly one place at every recorded event, and at the end; of two-sided
    cards, every card showing the side up."""

    def record(self, event, **data):
        super().record(event, **data)
        assert self.card_count() == len(self.edition.deck), f"{self.card_count()} cards at {event} {data}"
        assert shows_the_side_up(self), f"a card shows the side down at {event} {data}"

    def play(self, setup=None):
        winner = super().play(setup)
        assert every_card_once(self), "a card is twice or lost"
        check_state_types(self)
        return winner


def play(edition, seed: int) -> None:
    """Two seeded matches: two players, and from three up to the most the edition allows;
    random agents, and greedy ones at the larger table for odd cases."""
    low, high = edition.settings["players"]["min"], edition.settings["players"]["max"]
    for players, agents in ((max(low, 2), "random"), (min(high, 3 + seed % 8), "greedy" if seed % 2 else "random")):
        match = unodsl.Match(edition, players=players, agents=agents, seed=seed, target=60,
                             max_turns=150, max_rounds=2)
        assert match.finished
    # Unrecorded, the turn loop written for the edition plays the interpreter's games
    # (unodsl.engine.specialise): the same rounds, and the same random numbers drawn.
    players = min(high, 3 + seed % 8)
    mixed = ",".join(("random", "greedy")[seat % 2] for seat in range(players))
    played = [unodsl.Match(edition, players=players, agents=mixed, seed=seed, target=60, max_turns=150,
                           max_rounds=2, record=False, specialise=specialise)
              for specialise in (True, False)]
    fast, slow = ((match.result(), match.rng.getstate(), [a.rng.getstate() for a in match.agents])
                  for match in played)
    assert fast == slow, "the specialised loop played another game"


@pytest.fixture
def counting(monkeypatch):
    monkeypatch.setattr(unodsl.Match, "round_class", CountingRound)


def placed_inside(problems, where) -> None:
    """Every problem is in the script: its file, and a line of it (`where`: file -> lines)."""
    for problem in problems:
        span = problem.span
        assert span.file in where, f"{problem} is not in the script"
        assert span.line in where[span.file] and span.column >= 1, f"{problem} is not in the script's lines"


def try_case(case, seed: int, tally: Counter) -> None:
    """Refused in place, or played. A script its compiler refuses (most) is checked only
    there, the error placed inside the script; one in 8 of those, and every script it
    accepts, goes through the whole validation of the edition."""
    if case.quick is not None:
        try:
            case.quick()
        except ScriptError as error:
            lines = case.script.split("\n")
            assert 1 <= error.line <= len(lines) and 1 <= error.column <= len(lines[error.line - 1]) + 1, \
                f"{error.message} at {error.line}:{error.column}, not in the script"
            if seed % 8:
                tally["refused"] += 1
                return
    try:
        edition = case.load()
    except unodsl.EditionError as error:
        placed_inside(error.problems, case.where)
        tally["refused"] += 1
        return
    play(edition, seed)
    tally["played"] += 1


@dataclass
class Case:
    label: str  # where the script is
    script: str
    load: Callable  # validates the edition with the script (raises EditionError)
    where: dict  # file -> the lines its problems may be on
    quick: Callable | None = None  # compiles the script alone, as validation would

    def run(self, seed: int, tally: Counter) -> None:
        try:
            try_case(self, seed, tally)
        except Exception as error:
            raise AssertionError(f"case {seed}, {self.label}:\n{self.script}") from error


def compiler(vocab, place: str, script: str) -> Callable:
    """Compile `script` as the loader compiles what is written in `place`."""
    if place in CONDITION_CONTEXTS:
        return lambda: compile_condition(parse_condition(script), vocab, context=CONDITION_CONTEXTS[place])
    return lambda: compile_script(parse_script(script), vocab, context=SCRIPT_CONTEXTS.get(place, EFFECT))


SCRIPT_CONTEXTS = {"effect": EFFECT, "reaction": EFFECT, "on_start": START, "use": USE, "written": WRITTEN}
CONDITION_CONTEXTS = {"playable": PLAYABLE, "bluff_if": CONDITION, "against": CONDITION, "tag": CONDITION}
VOCABULARIES: dict = {}


def vocabulary(name: str):
    """The vocabulary of an edition (by name or file), to compile a script alone."""
    if name not in VOCABULARIES:
        VOCABULARIES[name] = unodsl.load_edition(name).vocabulary
    return VOCABULARIES[name]


# ---- the generated cases --------------------------------------------------------------------

HOOK_EVENTS = EVENT_NAMES


def generated_case(seed: int, base: str) -> Case:
    """Case `seed`: a generated script in a card's field, or a house rule, of the
    edition in the file `base`."""
    rng = random.Random(f"generated:{seed}")
    places = list(PLACES)
    choice = rng.randrange(len(places) + 2)
    if choice < len(places):
        place = places[choice]
        script = generated(rng, "condition" if place in CONDITIONS else "script")
        return field_case(base, *PLACES[place], script, vocabulary(base))
    body = generated(rng)
    where = f" where {generated(rng, 'condition')}" if rng.random() < 0.4 else ""
    script = f"on {rng.choice(HOOK_EVENTS)}{where}:\n" + "\n".join("  " + line for line in body.split("\n"))
    if choice == len(places) + 1:  # or just what the grammar gives, hooks or not
        script = generated(rng)
    return rule_case(base, script)


def field_case(base: str, kid: str, field: str, script: str, vocab) -> Case:
    # An edition file names its base beside it (or a built-in one): the mutant is "written" there.
    beside = Path(base).parent / "mutant.yaml" if Path(base).suffix == ".yaml" else Path("mutant.yaml")
    text, lines = derived(Path(base).name, kid, field, script)
    return Case(f"{Path(base).stem} {kid}.{field}", script, lambda: unodsl.load_edition_text(text, str(beside)),
                {str(beside): lines}, compiler(vocab, field, script))


def rule_case(base: str, script: str) -> Case:
    return Case(f"{Path(base).stem} --rule", script, lambda: unodsl.load_edition(base, rules=[script]),
                {"--rule 1": range(1, script.count("\n") + 2)}, compiler(vocabulary(base), "rule", script))


def test_scripts_generated_from_the_grammar_validate_and_play_or_are_refused_in_place(counting, fuzz_edition):
    tally: Counter = Counter()
    for seed in range(GENERATED_CASES):
        generated_case(seed, fuzz_edition).run(seed, tally)
    print(f"\n{GENERATED_CASES} generated scripts: {dict(tally)}")
    # Both outcomes are common: the generator really reaches scripts that play. (One in
    # twenty at least: each construct added to the grammar is one more way for a random
    # derivation to be refused, and the share that plays drifts down as the language grows.)
    assert tally["played"] > GENERATED_CASES // 20 and tally["refused"] > GENERATED_CASES // 20


# The statements of state and chance, each derived alone from its grammar rule (in a whole
# generated script, one of them rarely comes without a mistake elsewhere that refuses it all).
STATE_STATEMENTS = ("let_stmt", "set_state", "add_state", "flip_state", "choose_random_player")
STATEMENT_CASES = SCALE or 600


# Written ones too, since a generated value is mostly of the wrong type for its variable.
STATE_EXAMPLES = {
    "let_stmt": ["let x = random launcher", "let c = random card from next's hand", "let x = count(me, wild)"],
    "set_state": ["set me.power to not me.power", "set game.last to top.colour", "set game.held to c",
                  "set everyone.tokens to random number in 0..x", "set game.held to card"],
    "add_state": ["add x to game.launches", "add -1 to chosen.tokens", "add random launcher to others.tokens"],
    "flip_state": ["flip me.power", "flip everyone.power"],
    "choose_random_player": ["choose random player", "choose random player where chosen.power"],
}


def statement_case(seed: int, base: str) -> tuple[str, Case]:
    rng = random.Random(f"statement:{seed}")
    rule = STATE_STATEMENTS[seed % len(STATE_STATEMENTS)]
    lines = [render(GENERATOR.tokens(rng, rule, rng.randint(1, 4))) if rng.random() < 0.5
             else rng.choice(STATE_EXAMPLES[rule]) for _ in range(rng.randint(1, 2))]
    if rng.random() < 0.7:  # a `let` read by what follows it
        lines.insert(0, rng.choice([render(GENERATOR.tokens(rng, "let_stmt", 3)), *STATE_EXAMPLES["let_stmt"]]))
    script = "\n".join(lines)
    place = rng.choice(["effect", "on_start", "use", "written", "reaction"])
    if rng.random() < 0.25:
        event = rng.choice(HOOK_EVENTS)
        return rule, rule_case(base, f"on {event}:\n" + "\n".join("  " + line for line in lines))
    return rule, field_case(base, *PLACES[place], script, vocabulary(base))


def plays_each(make_case, rules: tuple, edition: str, what: str, cases: int | None = None) -> None:
    """Run STATEMENT_CASES cases (or `cases`) of `make_case(seed, edition) -> (rule, Case)`; each
    rule must really play (validate, then be played) at least five times, not only be refused."""
    tally: Counter = Counter()
    played: Counter = Counter()
    cases = cases or STATEMENT_CASES
    for seed in range(cases):
        rule, case = make_case(seed, edition)
        before = tally["played"]
        case.run(seed, tally)
        played[rule] += tally["played"] - before
    print(f"\n{cases} statements of {what}: {dict(tally)}, played: {dict(played)}")
    assert all(played[rule] >= 5 for rule in rules), played


def test_state_and_chance_statements_validate_and_play_or_are_refused_in_place(counting, fuzz_edition):
    plays_each(statement_case, STATE_STATEMENTS, fuzz_edition, "state and chance")


# The statements of actions and repeats, and the rules that replace a draw, each derived
# alone from its grammar rule or written (the edition FUZZ declares `press` and `shove`).
ACTION_STATEMENTS = ("do_action", "repeat_stmt", "instead_stmt")
ACTION_EXAMPLES = {
    "do_action": ["next presses", "others press", "choose player\nchosen presses", "me shoves", "everyone presses",
                  "player presses", "next shoves"],
    "repeat_stmt": ["repeat 2 times: next presses", "let x = random launcher\nrepeat x times:\n  me presses",
                    "let b = next.hand\nrepeat until next.hand > b:\n  next presses",
                    "repeat until me.hand > 8: me draws 1", "repeat -1 times: reverse"],
    "instead_stmt": ["instead of turn_draw: me presses", "instead of uno_penalty:\n  repeat 2 times: me presses",
                     "instead of turn_draw:\n  me shoves", "instead of turn_draw: next draws 1",
                     "instead of uno_penalty: pass"],
}


def action_case(seed: int, base: str) -> tuple[str, Case]:
    rng = random.Random(f"action:{seed}")
    rule = ACTION_STATEMENTS[seed % len(ACTION_STATEMENTS)]
    script = (render(GENERATOR.tokens(rng, rule, rng.randint(2, 5))) if rng.random() < 0.4
              else rng.choice(ACTION_EXAMPLES[rule]))
    if rule == "instead_stmt" or rng.random() < 0.15:  # a rule for the table (or a statement refused there)
        return rule, rule_case(base, script)
    place = rng.choice(["effect", "on_start", "use", "written", "reaction"])
    return rule, field_case(base, *PLACES[place], script, vocabulary(base))


def test_actions_repeats_and_replaced_draws_validate_and_play_or_are_refused_in_place(counting, fuzz_edition):
    plays_each(action_case, ACTION_STATEMENTS, fuzz_edition, "actions")


# The statements of places and moves, and players held by a name, each derived alone from
# its grammar rule or written (the edition FUZZ declares the pile `graveyard`).
MOVE_STATEMENTS = ("move", "shuffle", "deal", "shuffle_hands", "player_value")
MOVE_EXAMPLES = {
    "move": ["move all cards where colour == top.colour from my hand to discard pile under the top card",
             "move 2 cards from draw pile to graveyard pile", "move 1 card picked by me from my hand to next's hand",
             "move 1 random card from next's hand to graveyard pile shuffled in",
             "move all cards from graveyard pile to draw pile at the bottom", "move 3 cards from discard pile to my hand",
             "move all cards from every hand to aside pile"],
    "shuffle": ["shuffle graveyard pile", "shuffle discard pile", "shuffle draw pile"],
    "deal": ["deal all cards from graveyard pile to everyone", "deal all cards from my hand to others starting with next",
             "move 4 cards from draw pile to aside pile\ndeal all cards from aside pile to others"],
    "shuffle_hands": ["shuffle hands", "choose colour\nshuffle hands"],
    "player_value": ["choose player\nlet v = chosen\nv draws 2\nif v == next:\n  skip v",
                     "let r = highest hand among others\nskip r\nshow r's hand to me",
                     "let p = 2 seats on\nif p.hand > 3:\n  p draws 1",
                     # a player a name holds, in a condition (grammar's named_holds, named_count, named_accepts)
                     "for each p in others:\n  if p holds colour == top.colour:\n    p draws 1",
                     "choose player\nlet v = chosen\nif count(v, wild) > 1:\n  skip v",
                     "let v = next\nif v accepts \"draw 2 instead of being skipped?\":\n  v draws 2\nelse:\n  skip v"],
}


def move_case(seed: int, base: str) -> tuple[str, Case]:
    rng = random.Random(f"move:{seed}")
    rule = MOVE_STATEMENTS[seed % len(MOVE_STATEMENTS)]
    generated_rule = rule != "player_value" and rng.random() < 0.4
    script = render(GENERATOR.tokens(rng, rule, rng.randint(2, 5))) if generated_rule else rng.choice(MOVE_EXAMPLES[rule])
    if rng.random() < 0.2:
        event = rng.choice(HOOK_EVENTS)
        return rule, rule_case(base, f"on {event}:\n" + "\n".join("  " + line for line in script.split("\n")))
    place = rng.choice(["effect", "on_start", "use", "written", "reaction"])
    return rule, field_case(base, *PLACES[place], script, vocabulary(base))


def test_moves_and_players_held_validate_and_play_or_are_refused_in_place(counting, fuzz_edition):
    plays_each(move_case, MOVE_STATEMENTS, fuzz_edition, "places and moves")



# Several discard piles, and what a place holds as a value (`left pile.size`), in an edition
# that plays onto two piles: each derived alone from its grammar rule or written, and every
# statement of places and moves played there too.
PILE_STATEMENTS = ("place_attr", *MOVE_STATEMENTS)
PILE_EXAMPLES = {
    "place_attr": ["if left pile.size > 2:\n  move all cards from left pile to my hand",
                   "let t = right pile.top\nif t.colour == top.colour: skip next",
                   "if right pile.colour == left pile.colour or draw pile.size < 5:\n  next draws 1",
                   "move 1 card from draw pile to right pile\nif discard pile.size == my hand.size: reverse",
                   "if every hand.size > graveyard pile.size: move 1 card from left pile to graveyard pile",
                   "let c = left pile.top\nset game.held to c",
                   "if next's deck pile.size < 2:\n  move 2 cards from draw pile to next's deck pile",
                   "choose player\nmove all cards from chosen's deck pile to my hand\nlet t = my deck pile.top"],
    "move": ["move all cards from left pile to right pile", "move 1 card picked by me from my hand to right pile",
             "move 2 cards from right pile to my hand", "move all cards from discard pile to left pile shuffled in",
             "move all cards where colour == top.colour from my hand to left pile under the top card"],
    "shuffle": ["shuffle left pile", "shuffle right pile\nshuffle discard pile"],
    "deal": ["deal all cards from left pile to everyone", "deal all cards from right pile to others starting with next",
             "deal all cards from my deck pile to others", "shuffle next's deck pile\nmove 1 card from my hand to my deck pile"],
}


def pile_case(seed: int, base: str) -> tuple[str, Case]:
    rng = random.Random(f"pile:{seed}")
    rule = PILE_STATEMENTS[seed % len(PILE_STATEMENTS)]
    if rule in PILE_EXAMPLES and rng.random() < 0.6:
        script = rng.choice(PILE_EXAMPLES[rule])
    elif rule == "place_attr":
        value = f"{render(GENERATOR.tokens(rng, 'place', 2))}.{rng.choice(RULE_SAMPLES['place_attr'][0])}"
        script = f"if {value} == {rng.choice(['2', 'top', 'red', 'left pile.top'])}: skip next"
    else:
        return move_case(seed, base)
    if rng.random() < 0.2:
        event = rng.choice(HOOK_EVENTS)
        return rule, rule_case(base, f"on {event}:\n" + "\n".join("  " + line for line in script.split("\n")))
    place = rng.choice(["effect", "on_start", "use", "written", "reaction"])
    return rule, field_case(base, *PLACES[place], script, vocabulary(base))


def test_several_discard_piles_and_piles_as_values_validate_and_play_or_are_refused_in_place(counting, piles_edition):
    plays_each(pile_case, PILE_STATEMENTS, piles_edition, "several discard piles and piles as values")


# `flip` (every card turned over) plays only in an edition of two-sided cards: UNO Flip's
# kinds, of both sides, carry it in their fields and in house rules (FUZZ has one side, where
# it is refused in place: the general family above reaches only that).
FLIP_STATEMENTS = ("flip_cards",)
FLIP_EXAMPLES = ["flip", "flip\nchoose colour", "if me.hand > 3:\n  flip", "skip next\nflip",
                 "for each player in others:\n  player draws 1\nflip", "repeat 2 times: flip",
                 "flip\nnext draws 2", "if top.wild:\n  flip\nelse:\n  reverse"]
FLIP_PLACES = [("number", "effect"), ("dark_number", "effect"), ("skip", "effect"), ("draw_five", "effect"),
               ("dark_reverse", "on_start"), ("reverse", "on_start")]


def flip_case(seed: int, base: str) -> tuple[str, Case]:
    rng = random.Random(f"flip:{seed}")
    lines = [render(GENERATOR.tokens(rng, "flip_cards", 2)) if rng.random() < 0.3 else rng.choice(FLIP_EXAMPLES)]
    if rng.random() < 0.3:  # with a generated statement around it
        lines.insert(rng.randint(0, 1), generated(rng))
    script = "\n".join(lines)
    if rng.random() < 0.25:
        event = rng.choice(HOOK_EVENTS)
        return "flip_cards", rule_case(base, f"on {event}:\n" + "\n".join("  " + line for line in script.split("\n")))
    kid, field = rng.choice(FLIP_PLACES)
    return "flip_cards", field_case(base, kid, field, script, vocabulary(base))


def test_flip_validates_and_plays_or_is_refused_in_place_on_two_sided_cards(counting):
    plays_each(flip_case, FLIP_STATEMENTS, "flip", "two-sided cards", min(STATEMENT_CASES, 120))

# The out-of-turn windows (a `jump in where` condition about the card and the top card, `uno
# at any time`), derived from the grammar or written; at the top of a rule, and refused inside
# a hook or a card's script. (180 cases: each is played, and its rounds ask out of turn often.)
WINDOW_STATEMENTS = ("jump_in", "uno_any_time", "identical")
WINDOW_EXAMPLES = {
    "jump_in": ["jump in where card is identical to top", "jump in where colour == top.colour",
                "jump in where playable", "jump in where number == top.number and me.hand > 2",
                "jump in where wild", "jump in where top is identical to card",
                "jump in where count(me, colour == top.colour) > 1 or kind == top.kind",
                "let c = top\njump in where c is identical to card", "jump in where number is identical to top",
                "jump in where chosen.hand > 1", "jump in where next challenges"],
    "uno_any_time": ["uno at any time, false calls draw 2", "uno at any time, false calls draw 0",
                     "uno at any time, false calls draw 20", "uno at any time, false calls draw 21",
                     "uno at any time, false calls draw 2, even when nobody holds one card",
                     "uno at any time, false calls draw 0, even when nobody holds one card"],
    # (`is identical to` anywhere a condition goes; its family places it as any statement)
    "identical": ["if card is identical to top:\n  next draws 1", "let c = top\nif c is identical to card: skip next",
                  "if top is identical to random card from next's hand: reverse",
                  "next draws until card is identical to top", "if count(me, card is identical to top) > 0: skip next",
                  "if colour is identical to top: reverse", "if game.held is identical to top: skip next"],
}


def window_case(seed: int, base: str) -> tuple[str, Case]:
    rng = random.Random(f"window:{seed}")
    rule = WINDOW_STATEMENTS[seed % len(WINDOW_STATEMENTS)]
    generate = rule != "identical" and rng.random() < 0.3
    script = render(GENERATOR.tokens(rng, rule, rng.randint(2, 5))) if generate else rng.choice(WINDOW_EXAMPLES[rule])
    if rule == "identical":
        return rule, identical_case(rng, base, script)
    where = rng.random()
    if where < 0.75:  # (with the other window, sometimes: both open at once)
        other = rng.choice(WINDOW_EXAMPLES["uno_any_time" if rule == "jump_in" else "jump_in"][:3])
        return rule, rule_case(base, script + ("\n" + other if rng.random() < 0.5 else ""))
    if where < 0.85:
        return rule, rule_case(base, "on play:\n" + "\n".join("  " + line for line in script.split("\n")))
    place = rng.choice(["effect", "on_start", "use", "written", "reaction"])
    return rule, field_case(base, *PLACES[place], script, vocabulary(base))


def identical_case(rng, base: str, script: str) -> Case:
    if rng.random() < 0.3:
        return rule_case(base, "on play:\n" + "\n".join("  " + line for line in script.split("\n")))
    place = rng.choice(["effect", "on_start", "use", "written", "reaction"])
    return field_case(base, *PLACES[place], script, vocabulary(base))


def test_out_of_turn_windows_validate_and_play_or_are_refused_in_place(counting, fuzz_edition):
    plays_each(window_case, WINDOW_STATEMENTS, fuzz_edition, "out-of-turn windows", min(STATEMENT_CASES, 180))


# ---- written rules ------------------------------------------------------------------------------
# A rule of the edition's `written_rules:` applied by name or drawn at random, derived from the
# grammar or written, in every place a script can be: played where the script is about a card,
# refused inside a written rule (rules do not apply rules) and where it is about no card.

WRITTEN_RULE_STATEMENTS = ("apply_named_rule", "apply_random_rule")
WRITTEN_RULE_EXAMPLES = {
    "apply_named_rule": ["apply written rule gift", "apply written rule storm", "apply written rule trade",
                         "repeat 2 times: apply written rule trade", "choose colour\napply written rule storm",
                         "if me.hand > 2:\n  apply written rule storm\nelse:\n  apply written rule gift",
                         "for each player in others:\n  apply written rule gift", "apply written rule gfit"],
    "apply_random_rule": ["apply random written rule", "choose colour\napply random written rule",
                          "repeat 3 times: apply random written rule",
                          "let x = random launcher\nrepeat x times:\n  apply random written rule",
                          "if random launcher > 0: apply random written rule"],
}


def written_rule_case(seed: int, base: str) -> tuple[str, Case]:
    rng = random.Random(f"written rules:{seed}")
    rule = WRITTEN_RULE_STATEMENTS[seed % len(WRITTEN_RULE_STATEMENTS)]
    lines = [render(GENERATOR.tokens(rng, rule, 2)) if rng.random() < 0.3 else rng.choice(WRITTEN_RULE_EXAMPLES[rule])]
    if rng.random() < 0.2:  # with a generated statement around it
        lines.insert(rng.randint(0, 1), generated(rng))
    script = "\n".join(lines)
    if rng.random() < 0.25:  # in a hook: played on `play` and `draw`, refused where no card is
        event = rng.choice(HOOK_EVENTS)
        return rule, rule_case(base, f"on {event}:\n" + "\n".join("  " + line for line in script.split("\n")))
    place = rng.choice(["effect", "effect", "effect", "reaction", "on_start", "written", "use"])
    return rule, field_case(base, *PLACES[place], script, vocabulary(base))


def test_written_rules_validate_and_play_or_are_refused_in_place(counting, fuzz_edition):
    plays_each(written_rule_case, WRITTEN_RULE_STATEMENTS, fuzz_edition, "written rules", min(STATEMENT_CASES, 150))


# Aggregates over players (values and conditions), naming a value and the values a question's
# text says (issue 26): each derived from its grammar rule or written, inside statements that
# read them, in every place a script can be.
VALUE_STATEMENTS = ("aggregate", "choose_value", "said")
AGGREGATES = ("count_of", "total_of", "extreme_of", "any_of", "all_of")
VALUE_EXAMPLES = {
    "aggregate": ["next draws count of others where hand > 2", "if (count of everyone where hand < 3) >= 2: skip next",
                  "let most = highest hand of everyone\nfor each player in everyone:\n  if player.hand == most:\n"
                  "    player draws 1", "me draws total tokens of others where power",
                  "if any of others where hand == 1: reverse", "if all of everyone where score < 100: skip next",
                  "next draws lowest hand of others where player holds wild", "choose player where chosen.hand == "
                  "highest hand of others\nchosen draws 1", "repeat count of others: me draws 1",
                  "for each player in others:\n  if hand > count of everyone where hand > 3: player draws 1",
                  "if count of others where count of everyone where hand > 2 > 1: skip next"],
    "choose_value": ["choose number\neveryone discards all where number == chosen number",
                     "next chooses number in 1..6\nme draws chosen number", "choose symbol\nif top.symbol == chosen "
                     "symbol: skip next", "choose kind\nothers discards all where kind == chosen kind",
                     "choose number in x..3\nme draws chosen number", "if me.hand > 2:\n  choose number\n"
                     "me draws chosen number", "choose player where chosen.hand > 3\nchosen chooses number in 1..3"
                     "\nme draws chosen number", "repeat 2 times:\n  choose number in 0..99\n  add chosen number to "
                     "game.launches"],
    "said": ['ask me "Draw {me.hand} cards?":\n  "Draw {1 + 1}": me draws 2\n  "Pass": pass',
             'choose number in 1..3\nask next "{chosen number}, {next}, {top}, {{{card}}}?":\n  "y": skip next\n'
             '  "n": pass', 'if others accepts "Skip {previous}? {game.launches} {random launcher}": skip next',
             'ask me "{next challenges}":\n  "a": pass', 'ask me "{":\n  "a": pass',
             'ask me "{count of others where hand > 0} left":\n  "{me.hand}": pass\n  "{me.hand}": skip next'],
}


def aggregate_text(rng) -> str:
    """An aggregate derived from its grammar alternative (of `atom`), in a statement that reads it."""
    alias = rng.choice(AGGREGATES)
    out: list[str] = []
    expansion = rng.choice([e for e in GENERATOR.rules["atom"]
                            if GENERATOR.aliases.get(("atom", tuple(s.name for s in e))) == alias])
    for symbol in expansion:
        if symbol.is_term:
            out.append(GENERATOR._word(symbol.name, rng))
        else:
            GENERATOR._derive(symbol.name, rng, rng.randint(1, 3), out)
    value = render(out)
    return rng.choice([f"next draws ({value})", f"if {value}: skip next", f"let x = {value}\nme draws x"])


def value_case(seed: int, base: str) -> tuple[str, Case]:
    rng = random.Random(f"value:{seed}")
    rule = VALUE_STATEMENTS[seed % len(VALUE_STATEMENTS)]
    if rule == "aggregate" and rng.random() < 0.4:
        script = aggregate_text(rng)
    elif rule == "choose_value" and rng.random() < 0.3:
        script = render(GENERATOR.tokens(rng, "choose_value", rng.randint(2, 4))) + "\nme draws chosen number"
    else:
        script = rng.choice(VALUE_EXAMPLES[rule])
    if rng.random() < 0.25:
        event = rng.choice(HOOK_EVENTS)
        return rule, rule_case(base, f"on {event}:\n" + "\n".join("  " + line for line in script.split("\n")))
    place = rng.choice(["effect", "on_start", "use", "written", "reaction"])
    return rule, field_case(base, *PLACES[place], script, vocabulary(base))


def test_aggregates_named_values_and_said_values_validate_and_play_or_are_refused_in_place(counting, fuzz_edition):
    plays_each(value_case, VALUE_STATEMENTS, fuzz_edition, "aggregates and named values", min(STATEMENT_CASES, 300))


# ---- the shipped scripts, mutated -------------------------------------------------------------

SHIPPED = ["classic", "harry-potter", "harry-potter-fr", "harry-potter-sorting-hat", "green-lantern", "veto",
           "no-mercy", "classic-2018", "attack", "all-wild", "flip"]
RULE_FILES = sorted((data_dir("editions") / "house-rules").rglob("*.yaml"))
WORDS = sorted({w for words in SAMPLES.values() for w in words} | set(GENERATOR.strings.values()) - {"\n"})


def shipped_scripts() -> list[tuple[str, tuple, str]]:
    """(edition, path of the field, script) of every script of the shipped editions, and
    (edition, ("--rule",), script) of every house rule file (on classic)."""
    found = []
    for name in SHIPPED:
        doc = load_yaml(unodsl.resources.edition_path(name).read_text(encoding="utf-8"), f"{name}.yaml")
        for kid, spec in doc.data["kinds"].items():
            if not isinstance(spec, dict):  # (a kind of the base removed)
                continue
            for field in ("effect", "on_start", "use", "playable", "bluff_if"):
                if isinstance(spec.get(field), str):
                    found.append((name, ("kinds", kid, field), spec[field]))
            for text in spec.get("written", []):
                found.append((name, ("kinds", kid, "written"), text))
            if isinstance(spec.get("reaction"), dict) and "effect" in spec["reaction"]:
                found.append((name, ("kinds", kid, "reaction"), spec["reaction"]["effect"]))
        for rule in doc.data.get("rules", []):  # (given again as a --rule: it replaces the edition's own)
            found.append((name, ("--rule",), rule["script"]))
    for path in RULE_FILES:
        data = load_yaml(path.read_text(encoding="utf-8"), path.name).data
        if "script" in data:  # (a rule file of settings only has none: @no-bluffing)
            found.append(("classic", ("--rule",), data["script"]))
    return found


SCRIPTS = shipped_scripts()


def mutate(rng: random.Random, script: str) -> str:
    lines = script.rstrip("\n").split("\n")
    how = rng.randrange(5)
    if how == 0:  # a word replaced by another word of the language
        words = list(re.finditer(r"[A-Za-z_]+|==|!=|<=|>=|[<>:;,.()\[\]]|\d+", script))
        if words:
            word = rng.choice(words)
            return script[:word.start()] + rng.choice(WORDS) + script[word.end():]
    if how == 1 and len(lines) > 1:  # a line dropped
        del lines[rng.randrange(len(lines))]
    elif how == 2:  # a line doubled
        index = rng.randrange(len(lines))
        lines.insert(index, lines[index])
    elif how == 3 and len(lines) > 1:  # a line moved
        line = lines.pop(rng.randrange(len(lines)))
        lines.insert(rng.randrange(len(lines) + 1), line)
    else:  # another script's block in its place
        return rng.choice(SCRIPTS)[2]
    return "\n".join(lines)


def mutated_case(seed: int) -> Case:
    """Case `seed`: a shipped script mutated, in place of the original (in an edition
    built on the shipped one, giving only that field), or a house rule."""
    rng = random.Random(f"mutated:{seed}")
    name, path, script = SCRIPTS[seed % len(SCRIPTS)]
    script = mutate(rng, script)
    if rng.random() < 0.5:
        script = mutate(rng, script)
    if path == ("--rule",):
        return rule_case(name, script)
    return field_case(name, path[1], path[2], script, vocabulary(name))


def test_mutated_shipped_scripts_validate_and_play_or_are_refused_in_place(counting):
    tally: Counter = Counter()
    for seed in range(MUTATED_CASES):
        mutated_case(seed).run(seed, tally)
    print(f"\n{MUTATED_CASES} mutated scripts: {dict(tally)}")
    assert tally["played"] > MUTATED_CASES // 10 and tally["refused"] > MUTATED_CASES // 10


# ---- statements in combination (issue 32) ------------------------------------------------------
# One statement in a card's script and another in a hook that fires on what the first does (a hand
# growing in the middle of a give, a flip during a rotate, a player leaving inside a loop over
# players), each maybe inside a loop: what no family above puts together. On FUZZ, and on UNO Flip
# for `flip` (FUZZ has one side).
COMBINED = ["give all where colour == top.colour to next", "give all to previous", "rotate hands",
            "shuffle hands", "me swaps hands with next", "choose player\nme swaps hands with chosen",
            "eliminate next, cards under discard pile", "eliminate me, cards shuffled into draw pile",
            "eliminate chosen, cards under discard pile", "everyone draws 1", "others draws 2",
            "next discards all where colour == top.colour", "me discards to 2",
            "deal all cards from my hand to others starting with next", "choose player\nchosen draws 1",
            "choose random player\nset chosen.power to true", "add 1 to chosen.tokens",
            "move all cards from every hand to aside pile\ndeal all cards from aside pile to everyone",
            "move 1 random card from next's hand to my hand", "next presses", "me shoves",
            "for each player in others:\n  player draws 1", "skip next", "reverse", "choose colour",
            "let r = highest hand among others\nr draws 1", "next draws until colour == top.colour"]
WRAPPERS = ["{}", "{}", "repeat 2 times:\n{}", "for each player in everyone:\n{}", "if me.hand > 2:\n{}"]
COMBINED_EVENTS = ("hand_grows", "play", "draw", "turn_start")


def _wrapped(rng, statement: str) -> str:
    wrapper = rng.choice(WRAPPERS)
    if wrapper == "{}":
        return statement
    return wrapper.format("\n".join("  " + line for line in statement.split("\n")))


def combination_case(seed: int, base: str) -> tuple[str, Case]:
    rng = random.Random(f"combined:{seed}")
    flipping = seed % 4 == 3
    pool = COMBINED + (["flip"] * 4 if flipping else [])
    card = _wrapped(rng, rng.choice(pool))
    hook = _wrapped(rng, rng.choice(pool))
    rule = f"on {rng.choice(COMBINED_EVENTS)}:\n" + "\n".join("  " + line for line in hook.split("\n"))
    edition = "flip" if flipping else base
    kid, field = rng.choice(FLIP_PLACES[:4]) if flipping else PLACES[rng.choice(["effect", "effect", "written"])]
    text, lines = derived(Path(edition).name, kid, field, card)
    beside = Path(edition).parent / "mutant.yaml" if Path(edition).suffix == ".yaml" else Path("mutant.yaml")
    label = "flip" if flipping else "combined"

    def load():
        return unodsl.load_edition_text(text, str(beside), rules=[rule])
    return label, Case(f"{Path(edition).stem} {kid}.{field} + {rule.splitlines()[0]}", f"{card}\n--- rule:\n{rule}",
                       load, {str(beside): lines, "--rule 1": range(1, rule.count("\n") + 2)})


def test_statements_in_combination_with_hooks_validate_and_play_or_are_refused_in_place(counting, fuzz_edition):
    plays_each(combination_case, ("combined", "flip"), fuzz_edition, "statements in combination",
               SCALE or 300)


# ---- what just happened --------------------------------------------------------------------
# `under_top`, `answered` and `played as answer`, derived from the grammar or written, in every
# place a script can be; at a table whose stacking rule lets any card answer a draw (and whose
# Shield reacts), so that scripts really run as answers.
PAST_STATEMENTS = ("under_top", "answered", "played_as_answer")
PAST_EXAMPLES = {
    "under_top": ["if under_top.number == number: next draws 1", "let c = under_top\nif c is identical to card: skip next",
                  "if under_top.wild or under_top.colour == top.colour: reverse", "set game.held to under_top",
                  "next draws until colour == under_top.colour", "if card is identical to under_top: skip next"],
    "answered": ["if answered.kind == kind: next draws 2", "let a = answered\nif a.wild: choose colour",
                 "if answered is identical to top: skip next", "set game.held to answered",
                 "if answered.number > 3: previous draws 1"],
    "played_as_answer": ["if not played as answer: skip next", "if played as answer and under_top.wild: reverse",
                         "if played as answer:\n  next draws 1\nelse:\n  skip next"],
}
ANSWERING_TABLE = "stack where always"


def past_case(seed: int, base: str) -> tuple[str, Case]:
    rng = random.Random(f"past:{seed}")
    rule = PAST_STATEMENTS[seed % len(PAST_STATEMENTS)]
    if rng.random() < 0.3:  # a condition derived from the grammar, with the word in it
        word = {"under_top": "under_top.number == number", "answered": "answered.colour == colour",
                "played_as_answer": "played as answer"}[rule]
        script = f"if {render(GENERATOR.tokens(rng, 'cond', rng.randint(1, 3)))} or {word}: next draws 1"
    else:
        script = rng.choice(PAST_EXAMPLES[rule])
    where = rng.random()
    if where < 0.15:  # in a hook: refused for `answered` and `played as answer`, played for `under_top`
        return rule, rule_case(base, "on play:\n" + "\n".join("  " + line for line in script.split("\n")))
    place = rng.choice(["effect", "effect", "reaction", "written", "on_start", "use", "playable"])
    case = field_case(base, *PLACES[place], script, vocabulary(base))
    beside = next(iter(case.where))
    text, _ = derived(Path(base).name, *PLACES[place], script)
    case.load = lambda: unodsl.load_edition_text(text, beside, rules=[ANSWERING_TABLE])
    return rule, case


def test_what_just_happened_validates_and_plays_or_is_refused_in_place(counting, fuzz_edition):
    plays_each(past_case, PAST_STATEMENTS, fuzz_edition, "what just happened", min(STATEMENT_CASES, 150))
