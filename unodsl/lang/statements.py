"""The statements of the effect language in one table: how each is written, what it
does, and the engine primitives it runs on.

The grammar (grammar/effects.lark) says how a statement parses, the compiler
(compile/, one `s_<Node>` method each) what code it becomes, and the describer
(describe/) what `explain` says of it; this table is the summary they agree with.
tests/test_statements_table.py checks that every statement the compiler knows is
here, that every primitive named is one the round has, and that docs/effects.md
shows this table ("Statements at a glance") as `markdown()` renders it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Statement:
    node: str  # the syntax-tree class (unodsl.lang.ast)
    syntax: str  # as written, CAPITALS for what the author fills in
    does: str
    primitives: tuple[str, ...]  # what the compiled code calls on the round (`g.move`)
    # Takes cards out of a hand (or may): refused in a table card's `use:`, which runs
    # while a player is deciding among the cards of their hand.
    takes_from_hands: bool = False


STATEMENTS = (
    # ---- drawing
    Statement("Draw", "PLAYER draws N", "draws N cards (a draw others may stack on, with a stacking rule)",
              ("draw", "draw_or_wait")),
    Statement("DrawOrPass", "PLAYER draws N or passes it on with C", "draws N unless they answer with a card C",
              ("draw_or_pass",), takes_from_hands=True),
    Statement("DrawUntil", "PLAYER draws until C", "draws one card at a time until one satisfies C", ("draw_until",)),
    Statement("DrawTo", "PLAYER draws or discards to N", "draws or discards (their pick) until holding N",
              ("draw_or_discard_to",), takes_from_hands=True),
    # ---- cards moving
    Statement("Move", "move CARDS from PLACE to PLACE [POSITION]", "the general move between hands and piles",
              ("move",)),
    Statement("DiscardAll", "PLAYER discards all [where C]", "sugar: every card C of their hand to the discard pile",
              ("discard_all",), takes_from_hands=True),
    Statement("GiveAll", "give all [where C] to PLAYERS", "gives every card C away, a receiver picked for each",
              ("give_all",), takes_from_hands=True),
    Statement("SwapHands", "PLAYER swaps hands with PLAYER", "the two players exchange hands", ("swap_hands",),
              takes_from_hands=True),
    Statement("RotateHands", "rotate hands", "every hand passes to the next player", ("rotate_hands",),
              takes_from_hands=True),
    Statement("Shuffle", "shuffle PILE", "shuffles a pile (the card in play stays)", ("shuffle_pile",)),
    Statement("Deal", "deal all cards from PLACE to PLAYERS [starting with PLAYER]",
              "deals a place's cards one at a time", ("deal",)),
    Statement("ShuffleHands", "shuffle hands", "sugar: every hand collected, shuffled and dealt again",
              ("move", "shuffle_pile", "deal"), takes_from_hands=True),
    # ---- turns and direction
    Statement("Skip", "skip PLAYER", "the player misses their next turn", ("skip",)),
    Statement("Reverse", "reverse", "the direction of play reverses", ("reverse",)),
    Statement("FlipCards", "flip", "every card turns over: hands, draw and discard piles (two-sided cards)",
              ("flip_cards",), takes_from_hands=True),
    Statement("ExtraTurn", "extra turn", "the player plays again", ("extra_turn",)),
    Statement("TurnAnother", "turn another", "a start card goes back and another is turned", ("turn_another",)),
    # ---- choices
    Statement("ChooseColour", "[PLAYER chooses] colour", "names the colour in play (`choose colour`: me)",
              ("choose_colour",)),
    Statement("ChoosePlayer", "choose player [where C]", "picks another player: `chosen`", ("choose_player",)),
    Statement("ChooseRandomPlayer", "choose random player [where C]", "another player at random: `chosen`",
              ("choose_random_player",)),
    Statement("Ask", 'ask PLAYER "QUESTION": "ANSWER": ...', "a question with an answer of their choice",
              ("ask_question",)),
    # ---- hands shown
    Statement("ShowHand", "show PLAYER's hand to PLAYERS", "the hand is seen", ("show_hand",)),
    Statement("FaceUp", "PLAYER plays face up", "their hand is seen until my next turn", ("face_up",)),
    # ---- players
    Statement("ForEach", "for each player in PLAYERS: ...", "the block once per player, in turn order", ()),
    Statement("Eliminate", "eliminate PLAYER, cards WHERE",
              "the player leaves the round; WHERE: `under discard pile` or `shuffled into draw pile`",
              ("eliminate",), takes_from_hands=True),
    # ---- values and state
    Statement("Let", "let NAME = VALUE", "a value for the rest of the script", ()),
    Statement("SetState", "set VARIABLE to VALUE", "a state variable becomes the value", ("set_state",)),
    Statement("AddState", "add N to VARIABLE", "a counter grows (or shrinks)", ("add_state",)),
    Statement("FlipState", "flip VARIABLE", "a flag turns over", ("flip_state",)),
    # ---- rules and flow
    Statement("ApplyRule", "apply written rule", "the house rule written on the card applies",
              ("apply_written_rule",), takes_from_hands=True),
    Statement("If", "if C: ... elif C: ... else: ...", "the first branch whose condition holds", ()),
    Statement("Nothing", "pass", "nothing", ()),
    Statement("On", "on EVENT [where C]: ...", "in a house rule: a hook, the block whenever EVENT happens", ()),
    Statement("StackRule", "stack where C", "in a house rule: a draw may be answered with a card C", ()),
    # ---- out of turn (windows: unodsl/engine/windows.py)
    Statement("JumpIn", "jump in where C",
              "in a house rule: after every card played, another player may play a card C out of turn; "
              "play continues from them", ()),
    Statement("UnoAnyTime", "uno at any time, false calls draw N",
              "in a house rule: anyone may call UNO or catch while someone holds one card without having "
              "called; a false call costs its caller N cards", ()),
    # ---- actions, repeats and what replaces a draw
    Statement("DoAction", "PLAYER ACTION", "the player does an action of the edition's `actions:` (`next presses`)",
              ("act",)),
    Statement("RepeatTimes", "repeat N times: ...", "the block N times (at most 100)", ()),
    Statement("RepeatUntil", "repeat until C: ...", "the block, then the test, until C holds (at most 100 times)", ()),
    Statement("Instead", "instead of turn_draw: ... / instead of uno_penalty: ...",
              "in a house rule: what a player does instead of the turn's draw or the missed-UNO penalty", ()),
)

BY_NODE = {statement.node: statement for statement in STATEMENTS}

# The words that name a player (grammar/effects.lark's PLAYER), each with who it is, as
# docs/effects.md's "Players" table says (tests/test_statements_table.py keeps them equal).
PLAYERS = (
    ("me", "the player who played the card"),
    ("next", "the next player in the direction of play"),
    ("previous", "the player before `me`"),
    ("others", "every other player, in turn order from `me`"),
    ("everyone", "every player, from `me`"),
    ("chosen", "the player picked by `choose player`"),
    ("dealer", "the dealer of this round"),
    ("partner", "the partner sitting opposite, in team play (`teams: true`; refused otherwise)"),
    ("player", "the player of a `for each player in ...:` loop, inside it"),
)
PLAYER_WORDS = tuple(word for word, _meaning in PLAYERS)
GROUP_WORDS = ("others", "everyone")  # the words that name several players
LOOP_WORDS = ("player",)  # a player only inside a `for each player` loop
# The words that name one player anywhere: what a misspelt name may have meant (`nxt`).
ONE_PLAYER_WORDS = tuple(word for word in PLAYER_WORDS if word not in GROUP_WORDS + LOOP_WORDS)


@dataclass(frozen=True)
class HookEvent:
    """An event a house rule's `on EVENT:` hook runs on (grammar/effects.lark's EVENT), as the
    compiler (what the hook may read), the explainer and the messages know it."""

    name: str
    card: str | None  # the card the hook is about (`card.X`, bare names), in words; None: no card
    when: str  # "whenever ..." in words (`{what}`: the card, for an event about one)


# (tests/test_statements_table.py keeps them equal to the grammar's EVENT)
HOOK_EVENTS = (
    HookEvent("play", "the card played", "a player plays {what}"),
    HookEvent("draw", "the card drawn", "a player draws {what} on their turn"),
    HookEvent("turn_start", None, "a player's turn begins"),
    HookEvent("round_start", "the start card", "a round begins (after the start card's rule)"),
    HookEvent("hand_grows", None, "a player's hand grows (by a draw, a gift or a swap)"),
)
EVENT_NAMES = tuple(event.name for event in HOOK_EVENTS)
BY_EVENT = {event.name: event for event in HOOK_EVENTS}


def taking_from_hands() -> frozenset[str]:
    """The statements a table card's `use:` may not run (by syntax-tree class name)."""
    return frozenset(s.node for s in STATEMENTS if s.takes_from_hands)


def markdown() -> str:
    """The table as docs/effects.md shows it."""
    rows = ["| statement | does | engine primitives |", "|---|---|---|"]
    for s in STATEMENTS:
        primitives = ", ".join(f"`{p}`" for p in s.primitives) or "(compiled to Python flow)"
        rows.append(f"| `{s.syntax}` | {s.does} | {primitives} |")
    return "\n".join(rows) + "\n"
