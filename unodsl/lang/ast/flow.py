"""Statements of the syntax tree about values and state, the flow of a script (`if`,
`pass`, repeats), the edition's actions, and the rules a house rule sets for the whole
table (hooks, stacking, windows, what replaces a draw); each with its row
(unodsl/lang/registry.py). Continues the order of unodsl/lang/ast/statements.py."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..registry import part, statement
from .base import Node, nodes_of
from .players import Player

# ---- values and state (`let`, an edition's `state:`)


@part("player_state", "game_state", syntax="PLAYER.NAME / game.NAME", does="a state variable the edition declares")
@dataclass(frozen=True)
class StateRef(Node):
    """A state variable the edition declares: `me.power` (player is a Player) or
    `game.launches` (player is None)."""

    player: Player | None
    name: str
    base: str = "game"  # the word before the dot when there is no player (only `game` is right)
    # Where the variable's name is, for a problem with it (not part of the node's value).
    name_line: int = field(default=0, compare=False)
    name_column: int = field(default=0, compare=False)


@statement("let_stmt", syntax="let NAME = VALUE", does="a value for the rest of the script")
@dataclass(frozen=True)
class Let(Node):
    """`let NAME = VALUE`: a value for the rest of the script."""

    name: str
    value: Node


@statement("set_state", syntax="set VARIABLE to VALUE", does="a state variable becomes the value",
           primitives=("set_state",))
@dataclass(frozen=True)
class SetState(Node):
    ref: StateRef
    value: Node


@statement("add_state", syntax="add N to VARIABLE", does="a counter grows (or shrinks)", primitives=("add_state",))
@dataclass(frozen=True)
class AddState(Node):
    amount: Node
    ref: StateRef


@statement("flip_state", syntax="flip VARIABLE", does="a flag turns over", primitives=("flip_state",))
@dataclass(frozen=True)
class FlipState(Node):
    ref: StateRef


# ---- rules and flow


@statement("apply_rule", syntax="apply written rule", does="the house rule written on the card applies",
           primitives=("apply_written_rule",), takes_from_hands=True, fills_hands=True)
@dataclass(frozen=True)
class ApplyRule(Node):
    """Run the house rule written on the card just played (a blank card)."""


@statement("apply_named_rule", syntax="apply written rule NAME",
           does="a rule of the edition's `written_rules:` applies, about the card played",
           primitives=("apply_written_rule",), takes_from_hands=True, fills_hands=True)
@dataclass(frozen=True)
class ApplyNamedRule(Node):
    """Run the edition's written rule `name` (its `written_rules:`), about the card just played."""

    name: str
    # Where the rule's name is, for a problem with it (not part of the node's value).
    name_line: int = field(default=0, compare=False)
    name_column: int = field(default=0, compare=False)


@statement("apply_random_rule", syntax="apply random written rule",
           does="one of the edition's `written_rules:`, drawn at random, applies",
           primitives=("apply_written_rule", "random_written_rule"), takes_from_hands=True, fills_hands=True)
@dataclass(frozen=True)
class ApplyRandomRule(Node):
    """Run one of the edition's written rules, drawn by chance (a scenario fixes which)."""


@statement("if_stmt", syntax="if C: ... elif C: ... else: ...", does="the first branch whose condition holds")
@dataclass(frozen=True)
class If(Node):
    branches: tuple  # ((condition, body), ...) for if and each elif
    otherwise: tuple  # else body, possibly empty


@statement("nothing", syntax="pass", does="nothing")
@dataclass(frozen=True)
class Nothing(Node):
    pass


@statement("on_stmt", syntax="on EVENT [where C]: ...", does="in a house rule: a hook, the block whenever EVENT "
                                                             "happens", table_rule=True)
@dataclass(frozen=True)
class On(Node):
    """A hook: run `body` whenever `event` happens and `predicate` holds."""

    event: str
    predicate: Node | None
    body: tuple


@statement("stack_rule", syntax="stack where C", does="in a house rule: a draw may be answered with a card C",
           table_rule=True)
@dataclass(frozen=True)
class StackRule(Node):
    """`stack where CONDITION`: a draw a card gives a player may be answered by
    playing a card that satisfies the condition (its own draw adds to it)."""

    predicate: Node


# ---- out of turn (windows: unodsl/engine/windows.py)


@statement("jump_in", syntax="jump in where C",
           does="in a house rule: after every card played, another player may play a card C out of turn; "
                "play continues from them", table_rule=True)
@dataclass(frozen=True)
class JumpIn(Node):
    """`jump in where CONDITION`: after every card played, any other player may play a
    card of their hand that satisfies the condition out of turn; play continues from them
    (unodsl.engine.windows)."""

    predicate: Node


@statement("uno_any_time", syntax="uno at any time, false calls draw N [, even when nobody holds one card]",
           does="in a house rule: anyone may call UNO or catch while someone holds one card without having "
                "called (with `even when nobody holds one card`: after every turn); a false call costs its "
                "caller N cards", table_rule=True)
@dataclass(frozen=True)
class UnoAnyTime(Node):
    """`uno at any time, false calls draw N`: while someone holds one card without having
    called UNO, every player may call UNO or catch; a false call costs its caller N cards.
    `strict` (`, even when nobody holds one card`): they may call after every turn, so a
    call while nobody holds one card is possible, and false."""

    penalty: int
    strict: bool = False


# ---- actions, repeats and what replaces a draw


@statement("do_action", syntax="PLAYER ACTION", does="the player does an action of the edition's `actions:` "
                                                     "(`next presses`)",
           primitives=("act",), aims="target", fills_hands=True)
@dataclass(frozen=True)
class DoAction(Node):
    """`next presses`: the player(s) do an action the edition declares (`actions:`);
    `verb` is the word as written (`press` or `presses`)."""

    target: Player
    verb: str
    # Where the verb is, for a problem with it (not part of the node's value).
    verb_line: int = field(default=0, compare=False)
    verb_column: int = field(default=0, compare=False)


@statement("repeat_times", syntax="repeat N times: ...", does="the block N times (at most 100)", loops=True)
@dataclass(frozen=True)
class RepeatTimes(Node):
    """`repeat 2 times: ...`: the block, as many times as the number says (none if absent)."""

    count: Node
    body: tuple


@statement("repeat_until", syntax="repeat until C: ...",
           does="the block, then the test, until C holds (at most 100 times)", loops=True)
@dataclass(frozen=True)
class RepeatUntil(Node):
    """`repeat until CONDITION: ...`: the block, then the test, until it holds."""

    predicate: Node
    body: tuple


@statement("instead_stmt", syntax="instead of turn_draw: ... / instead of uno_penalty: ...",
           does="in a house rule: what a player does instead of the turn's draw or the missed-UNO penalty",
           table_rule=True)
@dataclass(frozen=True)
class Instead(Node):
    """`instead of turn_draw: ...` (a house rule): what a player does instead of a draw
    the rules give (the turn's draw, the missed-UNO penalty)."""

    event: str
    body: tuple


# ---- a whole script


@part("script", syntax="STATEMENT ...", does="a whole script: statements one per line, or between `;`")
@dataclass(frozen=True)
class Script(Node):
    body: tuple


__all__ = nodes_of(globals())
