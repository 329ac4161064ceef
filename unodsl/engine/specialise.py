"""An edition compiled to one module: the turn loop written for what the edition uses.

The interpreter (`Round._turns`, `play_card`, `_draw_on_turn`) asks at every turn what
the edition needs: whether a card's kind is quiet, whether the seat's agent is built
in, whether a house rule replaces the turn's draw. For the rounds nobody records (a
simulation, a benchmark) this module writes, once per edition and round class, the
Python source of a Round subclass whose `_turns` has the answers written in:

- which cards go on which: the edition's playable table (read by the top card's face and
  the colour in play) when its `playable` conditions read only the cards, the whole hand
  when every kind's is `always`, else each kind's condition;
- the turn's card played in the loop itself (`play_card` written out), with the effect of
  each kind inlined (or called, when it cannot be copied in) and its simplest primitives
  written out (`skip next` is `g.skips[(me + g.direction) % g.n] += 1`); after a loud
  kind's effect, what `_play_loud` settles (a draw waiting for its answer, `play` hooks,
  a hand down to one card, a jump-in window);
- the choices of built-in random agents inline (the turn's card, the drawn card played,
  the UNO call and the catch, a use of a table card; any other decision in `decide`):
  the same random numbers, drawn in the same order, as `RandomAgent` draws them, from
  the number source the round keeps for each seat whose agent is one (`Round._randoms`);
- a turn's draw written out, when no house rule watches it (and the house rule called,
  when one says what a player does instead).

Everything else (a stacked draw, reactions, hooks, windows, other agents)
calls the interpreter's own methods, so both play the identical games for a seed
(tests/test_specialised.py checks every shipped edition and house rule). Recorded
matches and scenarios use the interpreter (see `Match`); in a match nobody records, a seat
answered from outside is asked through a Decision by the written loop as by the interpreter.
"""
from __future__ import annotations

import ast
import textwrap
from math import floor  # (int() of a float goes through a type call: three times as slow)

from ..agents.random_agent import TABLE_USE_CHANCE
from ..lang.compile.build import HELPERS
from .inline import CARD, PLAYER, ROUND, WRITTEN_OUT, inline_effect
from .decisions import CATCH, COLOUR, DRAW, KEEP, PLAY_DRAWN, TURN, UNO_CALL, WRITE_RULE, Decision
from .round import Round

# The kinds played in the loop's own branches at most (the commonest in the deck); the
# others take the general branch. (A file may declare a thousand kinds.)
MAX_WRITTEN_KINDS = 32
# What the specialised class writes out: a round class that overrides any of these (but a
# play_card that only notes the card: Round.notes_plays) keeps the interpreter's loop.
WRITES_OUT = ("_turns", "decide", "play_card", "_draw_on_turn", "_ask_uno", "_catch_window", "_advance",
              *WRITTEN_OUT)


def specialised(edition, base: type = Round) -> type:
    """The Round subclass of `base` written for `edition` (made once, then kept with it);
    `base` itself when it changes what the written loop would leave out."""
    made = edition.__dict__.setdefault("_specialised", {})
    if base not in made:
        made[base] = _make_class(edition, base) if _may_specialise(base) else base
    return made[base]


def respecialise(edition) -> None:
    """Write the loop again, for kinds changed since the edition was loaded (the loop
    reads which are quiet, and their effects, as it is written)."""
    edition.__dict__.pop("_specialised", None)
    specialised(edition)


def _may_specialise(base: type) -> bool:
    overridden = {name for name in WRITES_OUT if getattr(base, name) is not getattr(Round, name)}
    if base.notes_plays:
        overridden.discard("play_card")
    return not overridden


def _make_class(edition, base: type) -> type:
    source = round_source(edition, base)
    namespace = {**HELPERS, "floor": floor, "Base": base, "Decision": Decision, "TABLE_USE_CHANCE": TABLE_USE_CHANCE,
                 "CATCH": CATCH, "DRAW": DRAW, "KEEP": KEEP, "PLAY_DRAWN": PLAY_DRAWN, "TURN": TURN,
                 "UNO_CALL": UNO_CALL, "WRITE_RULE": WRITE_RULE, "COLOUR": COLOUR,
                 "KINDS": list(edition.kinds.values()), "ROWS": [{} for _ in edition.faces],
                 "ALL_GO": [True] * len(edition.faces)}
    exec(compile(source, f"<unodsl: {edition.id} specialised>", "exec"), namespace)
    made = namespace["Specialised"]
    made.source = source
    return made


def round_source(edition, base: type = Round) -> str:
    """The Python source of the module written for `edition` (see the docstring above)."""
    return _Writer(edition, base).module()


class _Writer:
    """Writes the module's source line by line, from what the edition uses."""

    def __init__(self, edition, base: type):
        self.edition = edition
        self.base = base
        self.lines: list[str] = []
        self.depth = 0
        settings = edition.settings
        hooks = {event for event, _guard, _body in edition.hooks}
        self.quick_draw = ("hand_grows" not in hooks and "draw" not in hooks
                           and "turn_draw" not in edition.replacements
                           and not settings.get("draw_until_playable", False))
        self.play_drawn = settings.get("play_drawn", "choice")
        self.reactions = any(kind.reaction_against is not None for kind in edition.kinds.values())
        # An UNO call is a plain yes or no (a random agent may use a table card first): no
        # call stays open (UNO at any time), no penalty falls without a catch.
        self.plain_uno = not (edition.false_call is not None or settings.get("automatic_uno_penalty", False))
        # A rule written on a blank card that makes a player leave recompiles every script
        # mid-game, once (leaving.py): until then `vocabulary.eliminates` is false, and
        # the effects copied in are good only while it stays so (the loop reads it).
        self.fixed = edition.vocabulary.eliminates or not any(kind.blank for kind in edition.kinds.values())
        # Every kind's `playable` is `always`: the playable cards are the hand.
        self.always = all(_always(kind.playable) for kind in edition.kinds.values())
        # The kinds played in the loop itself, the commonest in the deck first (on either
        # side of a two-sided deck: UNO Flip's dark numbers are as common as its light ones).
        counts = {kind_id: 0 for kind_id in edition.kinds}
        for card in edition.every_face:
            counts[card.kind] += 1
        kinds = list(edition.kinds.values())
        # index -> the lines of its effect: for each quiet kind whose effect can be copied in,
        # and each loud kind with an effect (copied in, or called)
        self.bodies = {}
        for index, kind in enumerate(kinds):
            lines = self.effect_lines(kind)
            if kind.quiet and lines is not None:
                self.bodies[index] = lines
            elif not kind.quiet and kind.effect is not None:
                self.bodies[index] = lines if lines is not None else [f"kind_{index}.effect.function(g, me, card)"]
        self.inlined = sorted(self.bodies, key=lambda index: -counts[kinds[index].id])[:MAX_WRITTEN_KINDS]

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def indented(self, lines: list[str]) -> None:
        for line in lines:
            self.emit(line)

    def block(self, text: str) -> None:
        """Emit the lines of `text` (written indented as in this file) at the current depth."""
        self.indented(textwrap.dedent(text).strip("\n").splitlines())

    # ---- the module

    def module(self) -> str:
        self.emit("class Specialised(Base):")
        self.emit("    __slots__ = ()")
        for method in (self.turns, self.decide):
            self.emit("")
            self.depth = 1
            method()
        return "\n".join(self.lines) + "\n"

    def turns(self) -> None:
        edition = self.edition
        self.emit(f"def _turns({ROUND}):")
        self.depth += 1
        self.block("""
            direct = g._direct
            if direct is None:  # no seat has a built-in agent: the interpreter's loop
                return Base._turns(g)
            randoms = g._randoms  # (per seat: its built-in random agent's number source, or None)
            hands, discard, skips, n, max_turns = g.hands, g.discard, g.skips, g.n, g.max_turns
        """)
        if edition.table:
            self.emit("lying = g.lying")
        if self.always:
            self.emit("allowed = ALL_GO  # (every card goes on every card)")
        elif edition.pure_playable:
            self.emit("allowed_faces = g._allowed_faces")
        if not self.fixed:
            self.emit("vocab = g.edition.vocabulary  # (its `eliminates`: see play)")
        kinds = list(edition.kinds.values())
        for index in self.inlined:
            kind = kinds[index]
            self.emit(f"kind_{index} = KINDS[{index}]  # {kind.name!r} (as a literal: a name may hold a newline)")
            if kind.bluff_if is not None and self.fixed:
                self.emit(f"bluff_{index} = KINDS[{index}].bluff_if.function")
        # A turn begins the long way (Round._turn_begins) before each turn under a
        # `turn_start` hook, or while a hand is face up, in an edition that may put one so.
        turn_start = any(event == "turn_start" for event, _guard, _body in edition.hooks)
        if not turn_start and edition.faces_up:
            self.emit("face_up_until = g.face_up_until  # (filled in place)")
        self.emit(f"{PLAYER}, turns = g.turn, g.turns")
        self.emit("while g.winner is None:")
        self.depth += 1
        self.emit("if turns >= max_turns:")
        self.emit("    return")
        self.emit("g.turns = turns = turns + 1")
        if turn_start:
            self.emit("if not g._turn_begins(me):")
            self.emit("    continue")
        elif edition.faces_up:
            self.emit("if face_up_until and not g._turn_begins(me):")
            self.emit("    continue")
        self.emit("hand = hands[me]")
        self.playable()
        self.choice()
        self.emit("if card is None:")
        self.depth += 1
        self.draw()
        self.depth -= 1
        self.emit("if card is not None:  # (from the hand, or drawn and played at once)")
        self.depth += 1
        self.play()
        self.depth -= 1
        self.advance()

    def playable(self) -> None:
        if self.always:  # (UNO All Wild!: every card goes on every card)
            self.emit("playable = hand[:]")
            return
        if self.edition.pure_playable:  # (by the top card's face, then the colour in play)
            self.block("""
                top = discard[-1]
                row = ROWS[top.face]
                try:  # (a subscript is quicker than a call of row.get)
                    allowed = row[g.colour]
                except KeyError:
                    allowed = row[g.colour] = allowed_faces(top)
            """)
            goes = "allowed[c.face]"
        else:
            self.emit("allowed = None")
            goes = "c.spec.playable.function(c, g, me)"
        # (a loop, not a list comprehension: one in Python 3.11 is a function call)
        self.emit("playable = []")
        self.emit("for c in hand:")
        self.emit(f"    if {goes}:")
        self.emit("        playable.append(c)")

    def choice(self) -> None:
        """`card`: the card the player plays, or None to draw (RandomAgent.choose_turn inline)."""
        self.emit("if playable:")
        self.emit("    rand = randoms[me]")
        self.emit("    if rand is not None:")
        self.indented(["        " + line for line in self.random_uses("me")])
        self.emit("        card = playable[floor(rand() * len(playable))]")
        self.block("""
                else:
                    agent = direct[me]
                    if agent is not None:
                        card = agent.choose_turn(playable, g.view_for(agent, me))
                    else:
                        playable.append(DRAW)
                        card = g.ask(Decision(TURN, me, playable))
                    if card is DRAW:
                        card = None
            else:
                card = None
        """)

    def draw(self) -> None:
        """The turn's draw (Round._draw_on_turn), written out when no house rule watches it:
        `card` is left holding the drawn card when it is played (by the loop's play_card
        written out, as for a card played from the hand), else None."""
        if "turn_draw" in self.edition.replacements:  # (a house rule says what is done instead)
            self.emit("g.replaced_draw('turn_draw', me)  # (Round._draw_on_turn's whole work then)")
            return
        if not self.quick_draw:
            self.emit("g._draw_on_turn(me, hand, allowed)")
            return
        self.block("""
            pile = g._draw_pile  # (as it lies: two-sided cards may be turned over as they are drawn)
            if not pile:  # (a reshuffle, or nothing left)
                g._draw_on_turn(me, hand, allowed)
            else:
                card = pile.pop()
        """)
        if self.edition.sides:  # (see unodsl.engine.sides)
            self.emit("    if g.pile_turned:")
            self.emit("        card = card.back")
        self.emit("    hand.append(card)")
        self.depth += 1
        goes = "allowed[card.face]" if self.edition.pure_playable else "g.is_playable(card)"
        if self.play_drawn == "must":
            self.emit(f"if {goes}:")
            self.emit("    rand = randoms[me]  # (the play asks its agent for the UNO call)")
            self.emit("else:")
            self.emit("    card = None")
        elif self.play_drawn != "never":
            self.emit(f"if {goes}:")
            self.depth += 1
            self.emit("rand = randoms[me]")
            self.emit("if rand is not None:  # (its pick of [card, KEEP])")
            self.indented(["    " + line for line in self.random_uses("me")])
            self.emit("    if rand() >= 0.5:")
            self.emit("        card = None")
            self.block("""
                elif g.decide(PLAY_DRAWN, me, [card, KEEP]) is KEEP:
                    card = None
            """)
            self.depth -= 1
            self.emit("else:")
            self.emit("    card = None")
        else:
            self.emit("card = None")
        self.depth -= 1

    def play(self) -> None:
        """`play_card(me, card)` written out, a branch for each kind played in the loop."""
        if self.base.notes_plays:
            self.emit("g.played[me].append(card)")
        self.emit("if len(hand) == 2:")
        self.depth += 1
        self.ask_uno()
        self.depth -= 1
        self.emit("hand.remove(card)")
        self.emit("spec = card.spec")
        kinds = list(self.edition.kinds.values())
        for position, index in enumerate(self.inlined):
            kind = kinds[index]
            # (an effect copied in, in an edition whose scripts may be compiled again: while
            # they are not; then the kind's own function is called, by the last branch)
            still = " and not vocab.eliminates" if kind.effect is not None and not self.fixed else ""
            self.emit(f"{'if' if position == 0 else 'elif'} spec is kind_{index}{still}:")
            self.depth += 1
            bluffed = "False" if kind.bluff_if is None else (
                f"bluff_{index}(card, g, me)" if self.fixed else f"kind_{index}.bluff_if.function(card, g, me)")
            self.emit(f"g.bluffed = {bluffed}")
            self.emit("discard.append(card)")
            self.emit("g.colour = card.colour")
            if not kind.quiet:
                self.loud_effect(self.bodies[index])
            elif kind.effect is not None:
                self.quiet_effect(self.bodies[index])
            else:
                self.check_out()
            self.depth -= 1
        if self.inlined:
            self.emit("else:")
            self.depth += 1
        self.play_any_kind()
        if self.inlined:
            self.depth -= 1

    def ask_uno(self) -> None:
        """Round._ask_uno as its player's next-to-last card goes (`rand`: their random agent's
        number source, if theirs is one), its call written out: RandomAgent.pick of [True, False]."""
        if not self.plain_uno:
            self.emit("g._ask_uno(me)")
            return
        self.emit("if rand is None:")
        self.emit("    g._ask_uno(me)")
        self.emit("else:")
        self.indented(["    " + line for line in self.random_uses("me")])
        self.emit("    g.uno_pending = None if rand() < 0.5 else me")

    def catch_window(self) -> None:
        """Round._catch_window, random agents' answers written out (RandomAgent.pick)."""
        if not self.plain_uno:
            self.emit("g._catch_window()")
            return
        self.block("""
            caught, g.uno_pending = g.uno_pending, None
            if len(hands[caught]) == 1:
                step = g.direction
                for offset in range(1, n):
                    catcher = (caught + offset * step) % n
                    rand = randoms[catcher]
        """)
        self.depth += 2  # (in the loop over the catchers)
        self.emit("if rand is not None:")
        self.indented(["    " + line for line in self.random_uses("catcher")])
        self.emit("    catches = rand() < 0.5")
        self.block("""
            else:
                catches = g.decide(CATCH, catcher, [True, False], caught)
            if catches:
                g._uno_penalty(caught, catcher)
                break
        """)
        self.depth -= 2

    # ---- a built-in random agent's answer, written out (`rand`: its number source)

    def random_uses(self, seat: str) -> list[str]:
        """Before a random agent's pick among two or more options, with table cards: the
        uses it makes of them first (RandomAgent.pick_or_use, asked again after each)."""
        if not self.edition.table:
            return []
        return [line.replace("SEAT", seat) for line in RANDOM_TABLE_USES]

    def play_any_kind(self) -> None:
        """The rest of play_card, for a kind not written out."""
        self.emit("bluff_if = spec.bluff_if")
        self.emit("g.bluffed = bluff_if is not None and bluff_if.function(card, g, me)")
        self.emit("discard.append(card)")
        self.emit("g.colour = card.colour")
        if not any(kind.quiet for kind in self.edition.kinds.values()):
            self.emit("g._play_loud(me, card, hand)")
            return
        self.emit("if spec.quiet:")
        self.depth += 1
        self.emit("effect = spec.effect")
        self.emit("if effect is not None:")
        self.depth += 1
        self.quiet_effect(["effect.function(g, me, card)"], check_out=False)
        self.depth -= 1
        self.check_out()
        self.depth -= 1
        self.emit("else:")
        self.emit("    g._play_loud(me, card, hand)")

    def quiet_effect(self, body: list[str], check_out: bool = True) -> None:
        """The quiet path of play_card: the effect, then whether its player is out."""
        self.emit("g.actor, g.acting = me, card")
        self.indented(body)
        self.emit("g.actor = None")
        self.offers_cleared()
        if check_out:
            self.check_out()

    def loud_effect(self, body: list[str]) -> None:
        """Round._play_loud for a kind with an effect: a draw it gives waits for its answer,
        `play` hooks follow any card, the hand may be down to one card, a jump-in window opens."""
        self.emit("held = len(hand)")
        self.emit("g.actor, g.acting = me, card")
        self.indented(body)
        self.emit("g.actor = None")
        self.emit("if g.pending is not None:  # (a draw given by the card waits for its answer)")
        self.emit("    g._settle_draw()")
        self.offers_cleared()
        if any(event == "play" for event, _guard, _body in self.edition.hooks):
            self.emit("g._fire('play', me, card)")
        self.check_out()
        self.emit("if held > 1 and len(hand) == 1:  # (the effect or hooks took more than this card)")
        self.emit("    g._left_with_one(me)")
        if self.edition.jump_rules:
            self.emit("if g.winner is None and not g.jumping:")
            self.emit("    g._jump_window()")

    def offers_cleared(self) -> None:
        """After an effect, in an edition with reaction cards: the players offered one may be again."""
        if self.reactions:
            self.block("""
                if g.offered:
                    g.offered.clear()
                    g.cancelled.clear()
            """)

    def check_out(self) -> None:
        self.emit("if not hand or g.others_discarded:")
        self.emit("    g._check_out(me)")

    def advance(self) -> None:
        self.emit("if g.winner is None:")
        self.depth += 1
        self.emit("if g.uno_pending is not None:  # (a missed UNO call may be caught)")
        self.depth += 1
        self.catch_window()
        self.depth -= 1
        self.emit("nxt = (g.turn + g.direction) % n  # (an answer to a draw moves the turn)")
        lying = " and not lying[nxt]" if self.edition.table else ""
        self.emit(f"if g.extra_for is None and not skips[nxt]{lying}:")
        self.emit("    g.turn = me = nxt")
        # (Round._advance written out for missed turns, when nobody has left the round)
        self.block("""
            elif g.extra_for is None and not g.out:
                step = g.direction
                while skips[nxt]:
                    skips[nxt] -= 1
        """)
        if self.edition.table:  # (a table card lying on a player goes back as their turn passes)
            self.emit("        if lying[nxt]:")
            self.emit("            g._table_cards_return(nxt)")
        self.emit("        nxt = (nxt + step) % n")
        if self.edition.table:
            self.emit("    if lying[nxt]:")
            self.emit("        g._table_cards_return(nxt)")
        self.emit("    g.turn = me = nxt")
        self.block("""
            else:
                g._advance()
                me = g.turn
        """)
        self.depth -= 1

    def decide(self) -> None:
        """Round.decide, with a random agent's pick written out (RandomAgent.pick; with
        table cards, OfferingTableCards.pick and RandomAgent.pick_or_use)."""
        self.emit("def decide(g, kind, p, options, about=None):")
        self.depth += 1
        self.emit("randoms = g._randoms  # (None when no seat's agent is asked directly)")
        if not self.edition.table:
            self.block("""
                if randoms is not None:
                    if len(options) == 1 and kind is not WRITE_RULE:
                        return options[0]
                    rand = randoms[p]
                    if rand is not None and kind is not TURN and kind is not UNO_CALL:
                        return options[floor(rand() * len(options))]
            """)
        else:
            self.indented(RANDOM_WITH_TABLE)
        self.emit("return Base.decide(g, kind, p, options, about)")
        self.depth -= 1

    def effect_lines(self, kind) -> list[str] | None:
        """The lines of `kind`'s effect to write into the loop ([] for none), or None when
        it is called instead (see unodsl.engine.inline)."""
        if kind.effect is None:
            return []
        return inline_effect(kind.effect.source, LOOP_NAMES, LOOP_PREFIXES)


def _always(condition) -> bool:
    """Whether a compiled `playable` condition is `always` (its body returns True, whatever
    the card and the table)."""
    body = ast.parse(condition.source).body[0].body
    return (len(body) == 1 and isinstance(body[0], ast.Return) and isinstance(body[0].value, ast.Call)
            and isinstance(body[0].value.func, ast.Name) and body[0].value.func.id == "bool"
            and [ast.unparse(arg) for arg in body[0].value.args] == ["True"])


# A random agent's answer while table cards may lie in the middle: a use of one with
# TABLE_USE_CHANCE (then it is asked again), else its pick (the options of a turn end with DRAW,
# which it never picks); once none lies there, a forced move is not put to it.
RANDOM_WITH_TABLE = """\
if randoms is not None and kind is not UNO_CALL:
    rand = randoms[p]
    if rand is not None:
        while g.table and (not g.out or g.others(p)):
            if rand() < TABLE_USE_CHANCE:
                g._random_table_use(p, rand)
            elif kind is TURN:
                return options[floor(rand() * (len(options) - 1))]
            else:
                return options[floor(rand() * len(options))]
        if len(options) == 1 and kind is not WRITE_RULE:
            return options[0]
        if kind is TURN:
            return options[floor(rand() * (len(options) - 1))]
        return options[floor(rand() * len(options))]""".splitlines()


# A random agent's uses of table cards before a pick among two or more options, written out
# (RandomAgent.pick_or_use, asked again after each use): then, whether the loop ends for a
# number over the chance or for no use left, the pick takes the next number.
RANDOM_TABLE_USES = """\
while g.table and (not g.out or g.others(SEAT)) and rand() < TABLE_USE_CHANCE:
    g._random_table_use(SEAT, rand)""".splitlines()


# The loop's own local names (and prefixes of names): an effect binding one is called, not inlined.
LOOP_NAMES = frozenset({
    "direct", "randoms", "held", "hands", "discard", "skips", "n", "max_turns", "lying", "allowed_faces",
    "face_up_until",
    "hand", "top", "row", "allowed", "playable", "c", "agent", "pile", "spec", "bluff_if", "effect", "nxt",
    "turns", "rand", "uses", "caught", "step", "offset", "catcher", "catches", "floor", "COLOUR", "vocab", "ALL_GO",
    ROUND, PLAYER, CARD,
})
LOOP_PREFIXES = ("kind_", "bluff_")
