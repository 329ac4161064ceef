"""What the compiler knows before it reads a script: an edition's vocabulary and state
variables, the kinds of script (contexts) and what each may do, the compiled result, and
the names the language gives to cards, players and the game."""
from __future__ import annotations

import difflib
import itertools
import weakref
from dataclasses import dataclass, field
from typing import Callable

from ...errors import ScriptError
from .. import ast
from ..cost import ScriptCost
from ..statements import BY_EVENT, REPLACED_DRAWS

CARD_ATTRIBUTES = ("colour", "number", "symbol", "kind", "name", "points", "wild")
# `next` and `previous` are written out (not g.next_of(me)): a call less each time.
# `chosen` is a local of the compiled function, set by its `choose player` (or, in a table
# card's `use:`, by the engine's g.chosen): a script never reads another script's pick.
SINGLE_PLAYERS = {"me": "me", "next": "(me + g.direction) % g.n", "previous": "(me - g.direction) % g.n",
                  "chosen": "chosen", "dealer": "g.dealer"}
GROUP_PLAYERS = {"others": "g.others(me)", "everyone": "g.everyone(me)"}
PLAYER_ATTRIBUTES = {"hand": "len(g.hands[{p}])", "score": "g.scores[{p}]"}
GAME_NAMES = {"players": "g.playing"}  # the players still in the round

# Card values a script may hold (`let c = top`, `set game.last to card`).
CARD_VALUES = {"card": "card", "top": "g.discard[-1]"}

# Cards of what just happened (docs/effects.md, "What just happened"), each of which may be
# none: the card under the top of the discard pile (the card played before), and the card
# an answer answers (a stacking answer's, a reaction's). They are card values as well.
PAST_CARDS = {"under_top": "_under_top(g.discard)", "answered": "g.answered"}
CARD_VALUES.update(PAST_CARDS)
# The scripts that may be played as an answer: a card's effect (a reaction's too), and the
# rule written on a blank card it applies. Elsewhere `answered` and `played as answer` mean
# nothing, and are refused.
ANSWERING_SCRIPTS = ("effect", "written")

# The values of a flag, as a state variable is set to them (`always`/`never` say the same).
TRUTH_WORDS = {"true": True, "false": False}


@dataclass
class Vocabulary:
    """What names mean in one edition: card attributes, tags, values, settings."""

    colours: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    symbols: tuple[str, ...] = ()
    tags: dict[str, set] = field(default_factory=dict)  # tag -> values (True for flags)
    settings: dict = field(default_factory=dict)
    # The edition's `state:` (name -> StateVar, per player and per game) and `chance:`
    # (table name -> ((outcome, weight), ...)) sections.
    player_state: dict = field(default_factory=dict)
    game_state: dict = field(default_factory=dict)
    chance: dict = field(default_factory=dict)
    # The piles the edition declares in `piles:`, besides the draw, discard and aside piles.
    piles: tuple = ()
    # Of those, the piles of each player's own (`piles: [{deck: each player}]`: `my deck pile`).
    player_piles: tuple = ()
    # The edition's `discard_piles:` (several discard piles to play onto, by name), or () for one.
    discard_piles: tuple = ()
    # Some card may be played out of turn to cancel an action aimed at its
    # holder: actions aimed at other players then ask `g.against(p)` first.
    reactions: bool = False
    # A player may leave a round (some script may `eliminate`): `next` and `previous`
    # then pass over those who left. The loader says False for an edition none of whose
    # scripts eliminates, so that its `next` stays plain arithmetic; `eliminating` records
    # that one did. (A rule written on a blank card mid-game that eliminates recompiles
    # the edition's scripts in place: unodsl.edition.leaving.)
    eliminates: bool = True
    eliminating: bool = False
    # A house rule says `stack where ...`: a draw a card gives another player may wait
    # for their answer, so `draws` asks the engine (an edition without pays nothing).
    stacking: bool = False
    # The edition's `actions:` (name -> whether its script may take cards out of a hand,
    # or make a player leave the round: refused in a table card's `use:`).
    actions: dict = field(default_factory=dict)
    # What each action weighs in a loop's pass and what its loops may cost of a turn's work,
    # by the verbs a script says it with (unodsl.lang.cost).
    action_weights: dict = field(default_factory=dict)
    action_costs: dict = field(default_factory=dict)

    # The edition's `written_rules:` (name -> syntax tree, None for one that does not parse),
    # applied by name or at random, and what one run of each weighs and costs (name ->
    # (weight, cost): an applied rule's work is counted in the script applying it).
    written_rules: dict = field(default_factory=dict)
    written_sizes: dict = field(default_factory=dict)

    def costs(self) -> ScriptCost:
        """How the work of this edition's scripts is counted (unodsl.lang.cost)."""
        return ScriptCost(lambda verb: self.action_weights.get(verb, 0), lambda verb: self.action_costs.get(verb, 0),
                          self.written_sizes)
    # The sides of a two-sided deck (UNO Flip), by name: `flip` turns the cards over.
    sides: tuple = ()
    # Every script compiled with this vocabulary that something still holds, as it was
    # compiled (see `keep`): what is compiled again when `eliminates` turns true.
    compiled: weakref.WeakValueDictionary = field(default_factory=weakref.WeakValueDictionary,
                                                  repr=False, compare=False)
    _numbers: itertools.count = field(default_factory=itertools.count, repr=False, compare=False)

    def keep(self, compiled: "Compiled") -> None:
        """Note a script compiled with this vocabulary, whatever made it and wherever it is
        held: the scripts an edition holds are found here, complete by construction, rather
        than listed by hand (unodsl.edition.leaving). Held weakly: a rule written at the
        table and forgotten is not kept alive."""
        self.compiled[next(self._numbers)] = compiled

    def scripts(self) -> list:
        """The scripts compiled with this vocabulary and still held, oldest first."""
        return list(self.compiled.values())

    def values(self) -> set:
        found = set(self.colours) | set(self.kinds) | set(self.symbols)
        for values in self.tags.values():
            found |= {v for v in values if isinstance(v, str)}
        for outcomes in self.chance.values():  # (a table's words, written bare like a colour)
            found |= {outcome for outcome, _ in outcomes if isinstance(outcome, str)}
        return found


@dataclass(frozen=True)
class StateVar:
    """One variable of an edition's `state:` section."""

    name: str
    type: str  # counter, flag, colour or card
    initial: object  # a whole number, true/false, a colour or None
    keep: str = "round"  # "round": back to `initial` each round; "match": kept from round to round

    @property
    def value_type(self) -> str:
        """Its type as the script's values are typed (number, bool, text, card)."""
        return STATE_VALUE_TYPES[self.type]


STATE_VALUE_TYPES = {"counter": "number", "flag": "bool", "colour": "text", "card": "card"}


@dataclass(frozen=True)
class Context:
    """Which kind of script is compiled, and so what it may do and read.

    kind: "effect" (a card played, or a reaction card's effect), "start" (a start
    card's `on_start`), "use" (a table card's `use:`), "written" (a rule written on
    a blank card), "hook" (the body of an `on EVENT:` house rule) or "condition"
    (`bluff_if`, a tag, a hook's `where`, a reaction's `against`) or "playable" (a
    kind's `playable` condition, which may not ask itself whether a card is playable).
    """

    kind: str = "effect"
    event: str | None = None  # a hook's event
    chosen: bool = False  # `chosen` is someone as the script begins (a table card's target)

    @property
    def has_card(self) -> bool:
        """Whether the script is about a card (`card.X`, and bare names in its statements):
        a turn_start hook is about none."""
        if self.kind == "action" or self.event in REPLACED_DRAWS:
            return False
        return self.event is None or BY_EVENT[self.event].card is not None

    def about(self) -> str:
        if self.event in REPLACED_DRAWS:
            return f"an `instead of {self.event}` rule"
        return f"an `on {self.event}` hook" if self.kind == "hook" else _SCRIPT_NAMES[self.kind]


_SCRIPT_NAMES = {"effect": "a card's effect", "start": "a start card's `on_start`", "use": "a table card's `use:`",
                 "written": "a rule written on a card", "hook": "a hook", "condition": "a condition",
                 "playable": "a `playable` condition", "action": "an action of the edition's `actions:`"}
# The draws a house rule may replace (`instead of turn_draw:`): the turn's draw, the missed-UNO penalty.
ACTION = Context("action")
EFFECT = Context("effect")
START = Context("start")
USE = Context("use", chosen=True)
WRITTEN = Context("written")
CONDITION = Context("condition")
PLAYABLE = Context("playable")


def hook_context(event: str) -> Context:
    return Context("hook", event)


@dataclass
class Compiled:
    """One compiled script: the function and its Python source."""

    function: Callable
    source: str
    pure: bool = True  # a condition reading only the card, the top card and settings
    hooks: list = field(default_factory=list)  # (event, Compiled predicate or None, Compiled body)
    stack_rules: list = field(default_factory=list)  # Compiled conditions of `stack where C` (house rules)
    tree: object = None  # the syntax tree it was compiled from (for checks and explanations)
    replacements: list = field(default_factory=list)  # (event, Compiled body) of `instead of EVENT:` rules
    # Out-of-turn windows (house rules): the conditions of `jump in where C`, and what a
    # false call costs under `uno at any time` (None: no such rule), and whether its calls may
    # be made even when nobody holds one card (the window after every turn).
    jump_rules: list = field(default_factory=list)
    false_call: int | None = None
    uno_strict: bool = False

    def windows(self) -> bool:
        """Whether the script opens an out-of-turn window."""
        return bool(self.jump_rules) or self.false_call is not None
    # Compiles the same tree again, with the vocabulary as it is now (see Vocabulary.eliminates).
    remake: Callable | None = field(default=None, repr=False, compare=False)

    def recompile(self) -> None:
        """Compile the same tree again in place: every holder of this object runs the new code."""
        fresh = self.remake()
        self.function, self.source = fresh.function, fresh.source


# ---- the words of the messages

_A_TYPE = {"number": "a number", "text": "a text", "bool": "a condition", "any": "a value", "card": "a card",
           "player": "a player"}


def _unknown(node: ast.Node, name: str, known: list[str], what: str = "name") -> ScriptError:
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"did you mean '{close[0]}'?" if close else None
    return ScriptError(f"unknown {what} '{name}'", node.line, node.column, hint=hint)
