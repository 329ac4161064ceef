"""Effect-language syntax trees in English: what `unodsl explain` says a card does.

The describer reads the nodes of unodsl.lang.ast, the same tree the compiler
turns into the function the engine runs, so an explanation cannot drift from
the behaviour. Every node class has one `d_<Class>` method; a class without one
stops this module at import (tests/test_explain.py checks it as well).

A node is read in one of three ways:

- a statement becomes a clause, a subject and what they do, merged with its
  neighbours when they share the subject ("the next player draws 2 cards and
  misses their next turn"); `if`, `ask` and `on` become whole sentences;
- a condition becomes words that are true or false, negated on request
  ("the next player holds no playable card");
- a value becomes a noun phrase ("the colour in play", "the number of players").

Players are named from the point of view of the player who played the card,
"you"; a start-card rule is told from the dealer's, a house rule from the
player the event concerns.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from . import ast
from .compile import CARD_ATTRIBUTES, Vocabulary

# ---- words ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Who:
    """A player or group of players, as the sentence names them."""

    key: str  # me next previous others everyone chosen dealer
    noun: str  # as a subject: "you", "the next player", "every other player"
    obj: str  # as an object: "you", "the next player", "the other players"
    owner: str  # possessive: "your", "the next player's"
    second: bool = False  # conjugated like "you" ("you draw"), not "the next player draws"
    group: bool = False
    they: bool = False  # named by the pronoun "they" ("they draw"), just named in the condition

    @property
    def base_form(self) -> bool:
        """Conjugated like "you draw" / "they draw" rather than "the next player draws"."""
        return self.second or self.they

    @property
    def pronoun(self) -> str:
        return "you" if self.second else "they"

    def as_they(self) -> Who:
        return Who(self.key, "they", "them", "their", group=self.group, they=True)

    @property
    def poss(self) -> str:
        """Their own: "your" or "their"."""
        return "your" if self.second else "their"


YOU = Who("me", "you", "you", "your", second=True)
THE_DEALER = Who("me", "the dealer", "the dealer", "the dealer's")
THAT_PLAYER = Who("me", "that player", "that player", "that player's")
PLAYERS = {
    "next": Who("next", "the next player", "the next player", "the next player's"),
    "previous": Who("previous", "the previous player", "the previous player", "the previous player's"),
    "others": Who("others", "every other player", "the other players", "every other player's", group=True),
    "everyone": Who("everyone", "every player", "everyone", "every player's", group=True),
    "chosen": Who("chosen", "the chosen player", "the chosen player", "the chosen player's"),
    "dealer": Who("dealer", "the dealer", "the dealer", "the dealer's"),
}


@dataclass(frozen=True)
class CardRef:
    """The card a bare attribute reads (`colour` in `playable`: the card that might be played)."""

    noun: str  # "it", "this card", "the card played"
    poss: str  # "its", "this card's"


IT = CardRef("it", "its")
THIS_CARD = CardRef("this card", "this card's")


@dataclass(frozen=True)
class Context:
    me: Who = YOU
    card: CardRef = THIS_CARD
    start: bool = False  # a start-card rule: `extra turn` means the dealer plays first
    depth: int = 0  # 0: whole sentences; 1 and more: inside an `if` or an answer
    they: str = ""  # the player the condition just named: "they" in this branch


OPS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
       ">": "is more than", ">=": "is at least"}
NEGATED_OP = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
HOW_MANY = {"==": "exactly", ">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most"}
ARITH = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "%": "modulo"}
EVENTS = {"play": "plays", "draw": "draws"}
# Players whose words depend on the node (an offset, a figure) or on who `me` is.
_WORKED_OUT = {"seat": "seat_who", "ranked": "ranked_who", "partner": "partner_who"}
LOOP_PLAYER = Who("player", "that player", "that player", "that player's")
PLAYERS["player"] = LOOP_PLAYER
# A figure of players ranked, by whether the highest is wanted.
RANKED_FIGURES = {("hand", True): "the most cards", ("hand", False): "the fewest cards",
                  ("score", True): "the highest score", ("score", False): "the lowest score"}


def third_person(verb: str) -> str:
    """`draw` -> `draws`, `miss` -> `misses`, `have` -> `has`."""
    irregular = {"have": "has", "be": "is", "do": "does", "can": "can", "may": "may"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def say(who: Who, predicate: str) -> str:
    """The predicate conjugated for its subject (only its first word is a verb)."""
    if who.base_form:
        return predicate
    verb, _, rest = predicate.partition(" ")
    return f"{third_person(verb)} {rest}".rstrip()


def act(who: Who, predicate: str) -> "Clause":
    """`who` does `predicate`: an instruction when they are the reader ("choose the
    colour"), else conjugated for them ("the next player chooses the colour")."""
    if who.second:
        return Clause(who, predicate, imperative=True)
    return Clause(who, say(who, predicate))


def say_not(who: Who, predicate: str) -> str:
    return f"{'do' if who.base_form else 'does'} not {predicate}"


def join(items: Iterable[str], word: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def with_article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


# ---- items of a block ----------------------------------------------------------------


@dataclass
class Clause:
    """One simple statement: a subject and what they do."""

    who: Who | None  # None: the subject is part of `text` ("the direction of play reverses")
    text: str  # conjugated for `who`
    imperative: bool = False  # "choose the colour": an instruction to the player reading the card

    def render(self) -> str:
        if self.who is None or self.imperative:
            return self.text
        return f"{self.who.noun} {self.text}"


@dataclass
class Compound:
    """A statement with branches (`if`, `ask`) or a hook: whole sentences at the top
    of a script, one run of text inside another branch."""

    sentences: list[str]
    inline: str
    question: bool = False  # starts by asking a player: "Then ask ..." after other sentences


Item = Clause | Compound


# ---- the describer -------------------------------------------------------------------


@dataclass
class Describer:
    """English for the nodes of one edition (its vocabulary tells tags from values)."""

    vocab: Vocabulary = field(default_factory=Vocabulary)
    kind_names: dict = field(default_factory=dict)  # kind id -> display name

    # ---- entry points

    def script(self, script: ast.Script, ctx: Context = Context()) -> str:
        """A whole script as sentences."""
        return " ".join(self.sentences(script.body, ctx))

    def condition(self, node: ast.Node, ctx: Context = Context(card=IT), negated: bool = False) -> str:
        return self.cond(node, ctx, negated)

    def node(self, node: ast.Node, ctx: Context = Context()):
        """Any node, read as its class reads best (statement, condition or player)."""
        return getattr(self, "d_" + type(node).__name__)(node, ctx)

    # ---- blocks

    def items(self, body: Iterable[ast.Node], ctx: Context) -> list[Item]:
        items: list[Item] = [self.node(s, ctx) for s in body]
        if len(items) > 1:  # `pass` beside other statements says nothing
            items = [i for i in items if not (isinstance(i, Clause) and i.text == "nothing happens")]
        merged: list[Item] = []
        for item in items:
            last = merged[-1] if merged else None
            if (isinstance(item, Clause) and isinstance(last, Clause) and item.who is not None
                    and last.who is not None and item.who.key == last.who.key
                    and not item.imperative and not last.imperative):
                merged[-1] = Clause(last.who, _and_more(last.text, item.text))
            else:
                merged.append(item)
        return merged or [Clause(None, "nothing happens")]

    def sentences(self, body: Iterable[ast.Node], ctx: Context) -> list[str]:
        out: list[str] = []
        for item in self.items(body, ctx):
            if isinstance(item, Clause):
                out.append(capital(item.render()) + ".")
                continue
            sentences = list(item.sentences)
            if item.question and out:
                sentences[0] = "Then " + sentences[0][:1].lower() + sentences[0][1:]
            out.extend(sentences)
        return out

    def inline(self, body: Iterable[ast.Node], ctx: Context) -> str:
        parts = [item.render() if isinstance(item, Clause) else item.inline for item in self.items(body, ctx)]
        return ("; " if ctx.depth <= 1 else ", then ").join(parts)

    def branch(self, body: Iterable[ast.Node], ctx: Context) -> str:
        """A branch's statements, one level deeper."""
        return self.inline(body, dataclasses.replace(ctx, depth=ctx.depth + 1))

    # ---- players

    def who(self, player: ast.Player, ctx: Context) -> Who:
        if player.who in _WORKED_OUT:
            who = getattr(self, _WORKED_OUT[player.who])(player, ctx)
        else:
            who = ctx.me if player.who == "me" else PLAYERS[player.who]
        return who.as_they() if ctx.they and player.who == ctx.they else who

    def d_Player(self, node: ast.Player, ctx: Context) -> str:
        return self.who(node, ctx).noun

    # ---- players by seat, by rank, in turn; leaving a round

    def d_SeatOffset(self, node: ast.SeatOffset, ctx: Context) -> str:
        return self.who(node, ctx).noun

    def d_RankedPlayer(self, node: ast.RankedPlayer, ctx: Context) -> str:
        return self.who(node, ctx).noun

    def seat_who(self, node: ast.SeatOffset, ctx: Context) -> Who:
        steps = abs(node.offset)
        if node.offset == 2:
            noun = "the player after the next one"
        elif steps == 1:
            noun = "the next player" if node.offset > 0 else "the previous player"
        else:
            noun = f"the player {steps} seats {'on' if node.offset > 0 else 'back'}"
        return Who(f"seat{node.offset}", noun, noun, noun + "'s")

    def ranked_who(self, node: ast.RankedPlayer, ctx: Context) -> Who:
        figure = RANKED_FIGURES.get((node.figure, node.highest),
                                    f"the {'highest' if node.highest else 'lowest'} {node.figure}")
        among = "" if node.among.who == "everyone" else f" among {self.who(node.among, ctx).obj}"
        noun = f"the player with {figure}{among} (the first in turn order on a tie)"
        return Who(f"ranked-{node.figure}-{node.highest}-{node.among.who}", noun, noun, noun + "'s")

    def partner_who(self, node: ast.Player, ctx: Context) -> Who:
        noun = f"{ctx.me.owner} partner"
        return Who("partner", noun, noun, noun + "'s")

    def d_ForEach(self, node: ast.ForEach, ctx: Context) -> Compound:
        group = self.who(node.group, ctx)
        inner = dataclasses.replace(ctx, depth=ctx.depth + 1)
        text = f"for each of {group.obj}, in turn order: {self.inline(node.body, inner)}"
        return Compound([capital(text) + "."], text)

    def d_Eliminate(self, node: ast.Eliminate, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        where = "are shuffled into the draw pile" if node.shuffled else "go under the discard pile"
        return Clause(who, say(who, f"leave the round (the last player left wins it); {who.poss} cards {where}"))

    # ---- places and moves

    def d_Move(self, node: ast.Move, ctx: Context) -> Clause:
        me = ctx.me
        cards = self.d_Cards(node.cards, ctx)
        text = f"move {cards} from {self.d_Place(node.source, ctx)} to {self.d_Place(node.destination, ctx)}"
        return act(me, text + _POSITION_WORDS[node.position])

    def d_Cards(self, node: ast.Cards, ctx: Context) -> str:
        if node.count is None:
            return "all " + self.noun_phrase(node.predicate, ctx, "plural")
        noun = self.noun_phrase(node.predicate, ctx, "bare")
        counted = self.count_of(node.count, ctx, noun)
        if node.random:
            return f"{counted} at random"
        if node.picker is not None:
            return f"{counted} picked by {self.who(node.picker, ctx).obj}"
        return counted

    def d_Place(self, node: ast.Place, ctx: Context) -> str:
        if node.every_hand:
            return "every hand"
        if node.player is not None:
            return f"{self.who(node.player, ctx).owner} hand"
        return f"the {node.pile} pile"

    def d_Shuffle(self, node: ast.Shuffle, ctx: Context) -> Clause:
        return Clause(None, f"{self.d_Place(node.place, ctx)} is shuffled")

    def d_Deal(self, node: ast.Deal, ctx: Context) -> Clause:
        group = self.who(node.group, ctx)
        text = f"deal every card of {self.d_Place(node.source, ctx)} to {group.obj}, one at a time"
        if node.first is not None:
            text += f" starting with {self.who(node.first, ctx).obj}"
        return act(ctx.me, text)

    def d_ShuffleHands(self, node: ast.ShuffleHands, ctx: Context) -> Clause:
        return Clause(None, "every hand is collected, shuffled and dealt out again one card at a time, "
                            "starting with the next player")

    # ---- statements

    def d_Script(self, node: ast.Script, ctx: Context) -> str:
        return self.script(node, ctx)

    def d_Draw(self, node: ast.Draw, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        if isinstance(node.amount, ast.Int):
            amount = plural(node.amount.value, "card")
        else:
            amount = f"as many cards as {self.value(node.amount, ctx)}"
        return Clause(who, say(who, f"draw {amount}"))

    def d_DrawOrPass(self, node: ast.DrawOrPass, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        amount = self.count_of(node.amount, ctx, "card")
        card = self.noun_phrase(node.predicate, ctx)
        return Clause(who, say(who, f"draw {amount}, unless {who.pronoun} pass it on by playing {card} "
                                    f"from {who.poss} hand: that card's own script runs and its draw "
                                    f"adds to this one, which goes on to the player it names, who may "
                                    f"pass it on the same way; whoever does not draws it all and misses "
                                    f"their turn"))

    def d_DrawUntil(self, node: ast.DrawUntil, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        wanted = self.noun_phrase(node.predicate, ctx)
        return Clause(who, say(who, f"draw cards until {who.pronoun} draw {wanted} "
                                    f"(or none is left), keeping them all"))

    def d_DrawTo(self, node: ast.DrawTo, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        size = self.count_of(node.size, ctx, "card")
        if node.can_draw:
            text = (f"{say(who, 'draw')} or {say(who, 'discard')} cards until {who.pronoun} hold exactly "
                    f"{size}, choosing which to discard")
        else:
            text = say(who, f"discard down to {size}, choosing which")
        return Clause(who, text)

    def d_DiscardAll(self, node: ast.DiscardAll, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        cards = self.noun_phrase(node.predicate, ctx, "plural")
        text = f"discard all {who.poss} {cards}, choosing which one ends on top"
        return act(who, text)

    def d_GiveAll(self, node: ast.GiveAll, ctx: Context) -> Clause:
        me, to = ctx.me, self.who(node.recipients, ctx)
        text = f"give all {me.poss} {self.noun_phrase(node.predicate, ctx, 'plural')} to {to.obj}"
        if to.group:
            text += ", choosing who receives each one"
        return act(me, text)

    def d_Skip(self, node: ast.Skip, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        return Clause(who, say(who, f"miss {who.poss} next turn"))

    def d_Reverse(self, node: ast.Reverse, ctx: Context) -> Clause:
        return Clause(None, "the direction of play reverses")

    def d_ChooseColour(self, node: ast.ChooseColour, ctx: Context) -> Clause:
        who = self.who(node.chooser, ctx)
        return act(who, "choose the colour")

    def d_ChoosePlayer(self, node: ast.ChoosePlayer, ctx: Context) -> Clause:
        me = ctx.me
        text = "choose another player"
        if node.predicate is not None:
            text += f" for whom {self.cond(node.predicate, ctx)}"
        return act(me, text)

    def d_ExtraTurn(self, node: ast.ExtraTurn, ctx: Context) -> Clause:
        return Clause(ctx.me, say(ctx.me, "play first" if ctx.start else "take an extra turn"))

    def d_TurnAnother(self, node: ast.TurnAnother, ctx: Context) -> Clause:
        return Clause(None, f"{ctx.card.noun} goes back into the draw pile and another card is turned up")

    def d_ShowHand(self, node: ast.ShowHand, ctx: Context) -> Clause:
        owner, viewers = self.who(node.owner, ctx), self.who(node.viewers, ctx)
        text = f"show {owner.poss} hand to {viewers.obj}"
        return act(owner, text)

    def d_FaceUp(self, node: ast.FaceUp, ctx: Context) -> Clause:
        who = self.who(node.target, ctx)
        return Clause(who, say(who, f"play with {who.poss} hand face up until {ctx.me.owner} next turn"))

    def d_SwapHands(self, node: ast.SwapHands, ctx: Context) -> Clause:
        who, other = self.who(node.player, ctx), self.who(node.other, ctx)
        return act(who, f"swap hands with {other.obj}")

    def d_RotateHands(self, node: ast.RotateHands, ctx: Context) -> Clause:
        return Clause(None, "every player passes their hand to the next player in the direction of play")

    def d_ApplyRule(self, node: ast.ApplyRule, ctx: Context) -> Clause:
        me = ctx.me
        return Clause(None, f"the house rule written on {ctx.card.noun} applies (if the card is still "
                            f"blank, {me.noun} {say(me, 'write')} one first)")

    def d_Nothing(self, node: ast.Nothing, ctx: Context) -> Clause:
        return Clause(None, "nothing happens")

    def d_If(self, node: ast.If, ctx: Context) -> Compound:
        inner = dataclasses.replace(ctx, depth=ctx.depth + 1)
        if len(node.branches) == 1:
            question = self.question(node.branches[0][0], ctx)
            if question is not None:
                ask, yes, no = question
                then, otherwise = node.branches[0][1], node.otherwise
                first = f"{ask}: {yes}, {self.branch(then, ctx)}"
                if not otherwise:
                    return Compound([capital(first) + "."], first, question=True)
                second = f"{no}, {self.branch(otherwise, ctx)}"
                return Compound([capital(first) + ".", capital(second) + "."], f"{first}; {second}",
                                question=True)
        parts = [f"if {self.cond(cond, inner)}, {self.branch(body, self.naming(cond, inner, ctx))}"
                 for cond, body in node.branches]
        sentences = [capital(parts[0]) + "."] + [f"Otherwise, {p}." for p in parts[1:]]
        inline = "; ".join([parts[0]] + [f"otherwise, {p}" for p in parts[1:]])
        if node.otherwise:
            rest = self.branch(node.otherwise, ctx)
            sentences.append(f"Otherwise, {rest}.")
            inline += f"; otherwise {rest}"
        return Compound(sentences, inline)

    def naming(self, cond: ast.Node, inner: Context, ctx: Context) -> Context:
        """The branch's context: a player the condition starts with is "they" in it
        ("if the next player holds no playable card, they draw 3 cards")."""
        text = self.cond(cond, inner)
        for key, who in PLAYERS.items():
            if not who.group and text.startswith(who.noun + " ") and " or " not in text and " and " not in text:
                return dataclasses.replace(ctx, they=key)
        return ctx

    def question(self, cond: ast.Node, ctx: Context) -> tuple[str, str, str] | None:
        """An `if` on a question put to a player: (the asking, "if they do", "if they do not")."""
        negated = False
        while isinstance(cond, ast.Not):
            cond, negated = cond.operand, not negated
        if isinstance(cond, ast.Challenges):
            who = self.who(cond.player, ctx)
            ask = self.asking(ctx, who, f"whether {who.pronoun} challenge")
            yes, no = f"if {who.pronoun} do", f"if {who.pronoun} do not"
        elif isinstance(cond, ast.Accepts):
            who = self.who(cond.player, ctx)
            if who.group:
                ask = self.asking(ctx, who, f'"{cond.question}", one after another')
                yes, no = "if one of them says yes", "if none does"
            else:
                ask = self.asking(ctx, who, f'"{cond.question}"')
                yes, no = f"if {who.pronoun} say yes", f"if {who.pronoun} say no"
        else:
            return None
        return (ask, no, yes) if negated else (ask, yes, no)

    def asking(self, ctx: Context, who: Who, what: str) -> str:
        """`ask the next player WHAT` said to the reader, or told of another asker."""
        if ctx.me.second:
            return f"ask {who.obj} {what}"
        return f"{ctx.me.noun} {say(ctx.me, 'ask')} {who.obj} {what}"

    def d_Ask(self, node: ast.Ask, ctx: Context) -> Compound:
        who = self.who(node.target, ctx)
        choices = join((f'"{a.text}"' for a in node.answers), "or")
        ask = self.asking(ctx, who, f'"{node.question}" ({choices})')
        answers = [self.d_Answer(answer, dataclasses.replace(ctx, me=ctx.me), who) for answer in node.answers]
        text = f"{ask}: {'; '.join(answers)}"
        return Compound([capital(text) + "."], text, question=True)

    def d_Answer(self, node: ast.Answer, ctx: Context, asked: Who = PLAYERS["next"]) -> str:
        return f'if {asked.pronoun} answer "{node.text}", {self.branch(node.body, ctx)}'

    def d_On(self, node: ast.On, ctx: Context) -> Compound:
        card = {"play": CardRef("the card played", "the card played's"),
                "draw": CardRef("the card drawn", "the card drawn's"),
                "round_start": CardRef("the start card", "the start card's")}.get(node.event, THIS_CARD)
        inner = Context(me=THAT_PLAYER, card=card, depth=1)
        if node.event in EVENTS:
            what = self.noun_phrase(node.predicate, dataclasses.replace(inner, card=IT))
            when = f"a player {EVENTS[node.event]} {what}"
            if node.event == "draw":
                when += " on their turn"
        else:
            when = {"turn_start": "a player's turn begins",
                    "hand_grows": "a player's hand grows (by a draw, a gift or a swap)"}.get(
                node.event, "a round begins (after the start card's rule)")
            if node.predicate is not None:
                when += f" and {self.cond(node.predicate, inner)}"
        text = f"whenever {when}, {self.inline(node.body, inner)}"
        return Compound([capital(text) + "."], text)

    def d_StackRule(self, node: ast.StackRule, ctx: Context) -> Compound:
        card = self.noun_phrase(node.predicate, Context(card=IT, depth=1))
        text = (f"a player who must draw because of a card may instead play {card} from their hand "
                "(the card on the discard pile is the last one played): it is their turn, the card's own "
                "script runs (a Wild names the colour, a reverse turns play, it is never challenged) and "
                "its draw adds to the one waiting, which goes on to the player it names; whoever does "
                "not answer draws it all")
        return Compound([capital(text) + "."], text)

    # ---- conditions

    def cond(self, node: ast.Node, ctx: Context, negated: bool = False) -> str:
        return getattr(self, "d_" + type(node).__name__)(node, ctx, negated)

    def d_Const(self, node: ast.Const, ctx: Context, negated: bool = False) -> str:
        return "always" if node.value != negated else "never"

    def d_Int(self, node: ast.Int, ctx: Context, negated: bool = False) -> str:
        return f"{node.value} is {'' if negated else 'not '}zero"

    def d_Str(self, node: ast.Str, ctx: Context, negated: bool = False) -> str:
        return f'"{node.value}" is {"" if negated else "not "}empty'

    def d_Name(self, node: ast.Name, ctx: Context, negated: bool = False) -> str:
        name, card = node.name, ctx.card
        isnt = "is not" if negated else "is"
        if name == "wild":
            return f"{card.noun} {isnt} a Wild card"
        if name == "playable":
            return f"{card.noun} {'cannot' if negated else 'can'} be played now"
        if name in CARD_ATTRIBUTES:
            return f"{card.noun} has {'no' if negated else 'a'} {name}"
        if name == "players":
            return f"there are {'no' if negated else 'some'} players"
        if self.is_flag(name):
            return f"{card.noun} {isnt} {with_article(name + ' card')}"
        if name in self.vocab.tags:
            return f"{card.noun} has {'no' if negated else 'a'} {name}"
        return f"{self.word(name)} {isnt} true"

    def d_Dotted(self, node: ast.Dotted, ctx: Context, negated: bool = False) -> str:
        if node.base not in ("settings", "top", "card", "game"):  # a card held by a `let` name
            held = CardRef(f"“{node.base}”", f"“{node.base}”'s")
            return self.d_Name(node.attr_node(), dataclasses.replace(ctx, card=held), negated)
        special = self.state_value_words(node, ctx)
        if special is not None:
            return f"{special} is {'off' if negated else 'on'}"
        if node.base == "settings":
            return f"the setting {node.attr} is {'off' if negated else 'on'}"
        owner = "the top card" if node.base == "top" else "the card played"
        return f"{owner} has {'no' if negated else 'a'} {node.attr}"

    def d_PlayerAttr(self, node: ast.PlayerAttr, ctx: Context, negated: bool = False) -> str:
        if node.attr in self.vocab.player_state:
            return f"{self.value(node, ctx)} is {'off' if negated else 'on'}"
        return f"{self.value(node, ctx)} is {'' if negated else 'not '}zero"

    def d_Compare(self, node: ast.Compare, ctx: Context, negated: bool = False) -> str:
        op = NEGATED_OP[node.op] if negated else node.op
        left, right = node.left, node.right
        if isinstance(right, ast.Int) and not isinstance(left, ast.Int):
            number = right.value
            if isinstance(left, ast.Name) and left.name == "players":
                if op == "!=":
                    return f"there are not {number} players"
                return f"there {'is' if number == 1 and op == '==' else 'are'} " \
                       f"{'' if op == '==' else HOW_MANY[op] + ' '}{plural(number, 'player')}"
            if isinstance(left, (ast.PlayerAttr, ast.Count)) and getattr(left, "attr", "hand") == "hand":
                who = self.who(left.player, ctx)
                what = self.noun_phrase(left.predicate, dataclasses.replace(ctx, card=IT),
                                        "plural" if number != 1 else "bare") \
                    if isinstance(left, ast.Count) else "cards" if number != 1 else "card"
                if op == "!=":
                    return f"{who.noun} {say_not(who, f'hold exactly {number} {what}')}"
                return f"{who.noun} {say(who, f'hold {HOW_MANY[op]} {number} {what}')}"
        if op in ("==", "!=") and isinstance(left, ast.Name) and left.name not in ("players",):
            card, attr = ctx.card, left.name
            has = "does not have" if op == "!=" else "has"
            isnt = "is not" if op == "!=" else "is"
            if isinstance(right, ast.Dotted) and right.base == "top" and right.attr == attr:
                if attr == "colour":
                    return f"{card.noun} {has} the colour in play"
                return f"{card.noun} {has} the same {attr} as the top card"
            if isinstance(right, ast.Name) and self.is_value(right.name) and attr != "playable":
                if attr == "colour":
                    return f"{card.noun} {isnt} {right.name}"
                if attr == "kind" or attr in self.vocab.tags:
                    return f"{card.noun} {isnt} {with_article(self.word(right.name) + ' card')}"
        words = OPS[op]
        if op in ("==", "!="):
            if isinstance(left, ast.Name) and left.name in ("points",):
                words = "are" if op == "==" else "are not"
        elif isinstance(left, ast.Name) and left.name == "points":
            words = words.replace("is", "are", 1)
        return f"{self.value(left, ctx)} {words} {self.value(right, ctx)}"

    def d_Member(self, node: ast.Member, ctx: Context, negated: bool = False) -> str:
        negated = negated != node.negated
        subject = self.value(node.value, ctx)
        if isinstance(node.collection, ast.RangeOf):
            collection = self.d_RangeOf(node.collection, ctx)
            return f"{subject} is {'not ' if negated else ''}from {collection}"
        items = [self.value(item, ctx) for item in node.collection.items]
        if not items:
            return "always" if negated else "never"
        if negated:
            return f"{subject} is not {join(items, 'or')}"
        return f"{subject} is {join(items, 'or')}"

    def d_ListOf(self, node: ast.ListOf, ctx: Context, negated: bool = False) -> str:
        return join((self.value(item, ctx) for item in node.items), "or")

    def d_RangeOf(self, node: ast.RangeOf, ctx: Context, negated: bool = False) -> str:
        return f"{self.value(node.low, ctx)} to {self.value(node.high, ctx)}"

    def d_Arith(self, node: ast.Arith, ctx: Context, negated: bool = False) -> str:
        return f"{self.value(node, ctx)} is {'' if negated else 'not '}zero"

    def d_Neg(self, node: ast.Neg, ctx: Context, negated: bool = False) -> str:
        return f"{self.value(node, ctx)} is {'' if negated else 'not '}zero"

    def d_And(self, node: ast.And, ctx: Context, negated: bool = False) -> str:
        if negated:  # not (a and b): not a, or not b
            return self.d_Or(ast.Or(node.line, node.column, node.items), ctx, False, negate_items=True)
        return join(self.grouped(item, ctx, False, ast.Or) for item in node.items)

    def d_Or(self, node: ast.Or, ctx: Context, negated: bool = False, negate_items: bool = False) -> str:
        if negated:  # not (a or b): not a, and not b
            return join(self.grouped(item, ctx, True, ast.And) for item in node.items)
        matching = self.matching(node, ctx) if not negate_items else None
        if matching:
            return matching
        return join((self.grouped(item, ctx, negate_items, ast.And) for item in node.items), "or")

    def grouped(self, node: ast.Node, ctx: Context, negated: bool, other: type) -> str:
        """A part of an and/or list, in parentheses when it is a list of the other kind."""
        text = self.cond(node, ctx, negated)
        inner = ast.And if other is ast.Or else ast.Or
        if isinstance(node, other if not negated else inner):
            return f"({text})"
        return text

    def matching(self, node: ast.Or, ctx: Context) -> str | None:
        """`colour == top.colour or number == top.number or ...`: the usual matching rule."""
        attrs = []
        for item in node.items:
            if not (isinstance(item, ast.Compare) and item.op == "==" and isinstance(item.left, ast.Name)
                    and isinstance(item.right, ast.Dotted) and item.right.base == "top"
                    and item.right.attr == item.left.name):
                return None
            attrs.append(item.left.name)
        rest = [a for a in attrs if a != "colour"]
        parts = []
        if "colour" in attrs:
            parts.append("the colour in play")
        if rest:
            parts.append(f"the same {join(rest, 'or')} as the top card")
        return f"{ctx.card.noun} has {', or '.join(parts)}"

    def d_Not(self, node: ast.Not, ctx: Context, negated: bool = False) -> str:
        return self.cond(node.operand, ctx, not negated)

    def d_Holds(self, node: ast.Holds, ctx: Context, negated: bool = False) -> str:
        who = self.who(node.player, ctx)
        card_ctx = dataclasses.replace(ctx, card=IT)
        what = self.noun_phrase(node.predicate, card_ctx, "no" if negated else "a")
        return f"{who.noun} {say(who, 'hold')} {what}"

    def d_Count(self, node: ast.Count, ctx: Context, negated: bool = False) -> str:
        return self.d_Holds(ast.Holds(node.line, node.column, node.player, node.predicate), ctx, negated)

    def d_Challenges(self, node: ast.Challenges, ctx: Context, negated: bool = False) -> str:
        who = self.who(node.player, ctx)
        text = say_not(who, "challenge the play") if negated else say(who, "challenge the play")
        return f"{who.noun} {text} (when asked)"

    def d_Accepts(self, node: ast.Accepts, ctx: Context, negated: bool = False) -> str:
        who = self.who(node.player, ctx)
        if who.group:
            return f'{"none" if negated else "one"} of {who.obj} says yes to "{node.question}"'
        return f'{who.noun} {say(who, "say")} {"no" if negated else "yes"} to "{node.question}"'

    def d_Bluffed(self, node: ast.Bluffed, ctx: Context, negated: bool = False) -> str:
        return f"the play was {'not ' if negated else ''}a bluff"

    # ---- values

    def value(self, node: ast.Node, ctx: Context) -> str:
        card = ctx.card
        special = self.state_value_words(node, ctx)
        if special is not None:
            return special
        if isinstance(node, ast.Int):
            return str(node.value)
        if isinstance(node, ast.Str):
            return f'"{node.value}"'
        if isinstance(node, ast.Name):
            name = node.name
            if name == "players":
                return "the number of players"
            if name in CARD_ATTRIBUTES or name in self.vocab.tags:
                return f"{card.poss} {name}"
            if name == "playable":
                return f"whether {card.noun} can be played now"
            return self.word(name)
        if isinstance(node, ast.Dotted):
            if node.base == "settings":
                return f"the setting {node.attr}"
            if node.base == "top":
                return "the colour in play" if node.attr == "colour" else f"the top card's {node.attr}"
            return f"the {node.attr} of the card played"
        if isinstance(node, ast.PlayerAttr):
            who = self.who(node.player, ctx)
            if node.attr == "hand":
                return f"the number of cards {who.noun} {say(who, 'hold')}"
            return f"{who.owner} {node.attr}"
        if isinstance(node, ast.Count):
            who = self.who(node.player, ctx)
            what = self.noun_phrase(node.predicate, dataclasses.replace(ctx, card=IT), "plural")
            return f"the number of {what} {who.noun} {say(who, 'hold')}"
        if isinstance(node, ast.Arith):
            return f"{self.value(node.left, ctx)} {ARITH[node.op]} {self.value(node.right, ctx)}"
        if isinstance(node, ast.Neg):
            return f"minus {self.value(node.operand, ctx)}"
        if isinstance(node, (ast.ListOf, ast.RangeOf)):
            return self.cond(node, ctx)
        return f"whether {self.cond(node, ctx)}"

    # ---- values and state, chance

    def d_Let(self, node: ast.Let, ctx: Context) -> Clause:
        return Clause(None, f"call {self.value(node.value, ctx)} “{node.name}”")

    def state_words(self, ref: ast.StateRef, ctx: Context) -> str:
        """`me.power` -> "your power"; `game.launches` -> "the game's launches"."""
        if ref.player is None:
            return f"the game's {ref.name}"
        return f"{self.who(ref.player, ctx).owner} {ref.name}"

    def d_StateRef(self, node: ast.StateRef, ctx: Context) -> str:
        return self.state_words(node, ctx)

    def d_SetState(self, node: ast.SetState, ctx: Context) -> Clause:
        return Clause(None, f"{self.state_words(node.ref, ctx)} becomes {self.value(node.value, ctx)}")

    def d_AddState(self, node: ast.AddState, ctx: Context) -> Clause:
        if isinstance(node.amount, ast.Neg):
            return Clause(None, f"{self.state_words(node.ref, ctx)} goes down by {self.value(node.amount.operand, ctx)}")
        return Clause(None, f"{self.state_words(node.ref, ctx)} goes up by {self.value(node.amount, ctx)}")

    def d_FlipState(self, node: ast.FlipState, ctx: Context) -> Clause:
        return Clause(None, f"{self.state_words(node.ref, ctx)} flips over (on becomes off, off becomes on)")

    def d_ChooseRandomPlayer(self, node: ast.ChooseRandomPlayer, ctx: Context) -> Clause:
        text = "another player is picked at random"
        if node.predicate is not None:
            text += f" among those for whom {self.cond(node.predicate, ctx)}"
        return Clause(None, text)

    def d_RandomNumber(self, node: ast.RandomNumber, ctx: Context, negated: bool = False) -> str:
        return f"{self.value(node, ctx)} is {'' if negated else 'not '}zero"

    d_RandomOutcome = d_RandomCard = d_RandomNumber

    def state_value_words(self, node: ast.Node, ctx: Context) -> str | None:
        """A value of state or chance in words (None: another kind of value)."""
        if isinstance(node, ast.RandomNumber):
            return f"a random number from {self.value(node.low, ctx)} to {self.value(node.high, ctx)}"
        if isinstance(node, ast.RandomOutcome):
            outcomes = [o for o, weight in self.vocab.chance.get(node.table, ()) if weight]
            odds = f" ({join(map(str, outcomes), 'or')}, as its chance table weighs them)" if outcomes else ""
            return f"a random {node.table}{odds}"
        if isinstance(node, ast.RandomCard):
            return f"a random card from {self.who(node.owner, ctx).owner} hand"
        if isinstance(node, ast.Dotted) and node.base == "game":
            return f"the game's {node.attr}"
        if isinstance(node, ast.Dotted) and node.base not in ("settings", "top", "card"):
            return f"the {node.attr} of “{node.base}”"
        if isinstance(node, ast.Name) and node.name in ("card", "top"):
            return "the card played" if node.name == "card" else "the top card"
        if isinstance(node, ast.Name) and not self.known_word(node.name):
            return f"“{node.name}”"  # a `let` name
        return None

    def known_word(self, name: str) -> bool:
        return (name in CARD_ATTRIBUTES or name in self.vocab.tags or name in self.vocab.values()
                or name in ("players", "playable", "true", "false"))

    def count_of(self, node: ast.Node, ctx: Context, noun: str) -> str:
        if isinstance(node, ast.Int):
            return plural(node.value, noun)
        return f"as many {noun}s as {self.value(node, ctx)}"

    def word(self, name: str) -> str:
        """A value of the edition as players say it: a kind's name for its id."""
        return self.kind_names.get(name, name)

    def is_value(self, name: str) -> bool:
        return name in self.vocab.values() or (not self.vocab.tags and name not in CARD_ATTRIBUTES)

    def is_flag(self, name: str) -> bool:
        if name in self.vocab.tags:
            return self.vocab.tags[name] == {True}
        return name not in self.vocab.values()  # an unknown bare word read as true: a flag

    # ---- cards described by a condition

    def noun_phrase(self, pred: ast.Node | None, ctx: Context, det: str = "a") -> str:
        """Cards a condition picks, as a noun phrase: `a card of the colour in play`,
        `no playable card`, (plural) `yellow cards`, (bare) `yellow card`."""
        adjectives: list[str] = []
        qualifiers: list[str] = []
        noun = "card"
        parts = pred.items if isinstance(pred, ast.And) else (pred,) if pred is not None else ()
        for part in parts:
            role, text = self.card_word(part, ctx)
            if role == "adjective":
                adjectives.append(text)
            elif role == "noun" and noun == "card":
                noun = f"{text} card"
            else:
                qualifiers.append(text)
        if det == "plural":
            noun += "s"
        phrase = " ".join([*adjectives, noun])
        if qualifiers:
            phrase += " " + " and ".join(qualifiers)
        if det == "a":
            return with_article(phrase)
        if det == "no":
            return "no " + phrase
        return phrase

    def card_word(self, part: ast.Node, ctx: Context) -> tuple[str, str]:
        """("adjective", "yellow"), ("noun", "Skip") or ("qualifier", "of the colour in play")."""
        if isinstance(part, ast.Name):
            if part.name == "wild":
                return "adjective", "Wild"
            if part.name == "playable":
                return "adjective", "playable"
            if part.name not in CARD_ATTRIBUTES and part.name != "players" and self.is_flag(part.name):
                return "adjective", part.name
        if isinstance(part, ast.Compare) and part.op == "==" and isinstance(part.left, ast.Name):
            attr, right = part.left.name, part.right
            if isinstance(right, ast.Name) and self.is_value(right.name) and (
                    attr == "colour" or attr in self.vocab.tags):
                return "adjective", right.name
            if isinstance(right, ast.Name) and attr == "kind" and self.is_value(right.name):
                return "noun", self.word(right.name)
            if isinstance(right, ast.Dotted) and right.base == "top" and right.attr == attr:
                if attr == "colour":
                    return "qualifier", "of the colour in play"
                return "qualifier", f"with the same {attr} as the top card"
            if attr == "number" and isinstance(right, ast.Int):
                return "qualifier", f"numbered {right.value}"
        if (isinstance(part, ast.Member) and not part.negated and isinstance(part.value, ast.Name)
                and part.value.name == "number"):
            return "qualifier", f"numbered {self.value(part.collection, ctx)}"
        text = self.cond(part, dataclasses.replace(ctx, card=IT))
        if text.startswith("it "):
            return "qualifier", "that " + text[3:]
        if text.startswith("its "):
            return "qualifier", "whose " + text[4:]
        return "qualifier", f"such that {text}"


def _and_more(first: str, second: str) -> str:
    """Two predicates of one subject: `draws 2 cards and misses their next turn`."""
    head, sep, last = first.rpartition(" and ")
    if sep and ", " not in last and "," not in first:
        return f"{head}, {last} and {second}"
    return f"{first} and {second}"


# ---- whole fields ----------------------------------------------------------------------


def playable_text(describer: Describer, playable: ast.Node, bluff_if: ast.Node | None = None) -> str:
    """When a card may be played: from its `playable` condition and its `bluff_if`."""
    if isinstance(playable, ast.Const):
        text = "May be played at any time." if playable.value else "Is never played from a hand."
    else:
        text = f"May be played when {describer.condition(playable)}."
    if bluff_if is not None:
        shown = bluff_if.predicate if isinstance(bluff_if, ast.Holds) else bluff_if
        text += (f" Playing it while {describer.condition(bluff_if)} ({source(shown)}) is a bluff.")
    return text


# ---- conditions back to source, for the words' exact meaning -------------------------


def source(node: ast.Node) -> str:
    """A condition written back in the effect language (`colour == top.colour`)."""
    if isinstance(node, ast.Int):
        return str(node.value)
    if isinstance(node, ast.Str):
        return f'"{node.value}"'
    if isinstance(node, ast.Name):
        return node.name
    if isinstance(node, ast.Dotted):
        return f"{node.base}.{node.attr}"
    if isinstance(node, ast.Player):
        return node.who
    if isinstance(node, ast.PlayerAttr):
        return f"{node.player.who}.{node.attr}"
    if isinstance(node, ast.Compare):
        return f"{source(node.left)} {node.op} {source(node.right)}"
    if isinstance(node, ast.Arith):
        return f"{_operand(node.left)} {node.op} {_operand(node.right)}"
    if isinstance(node, ast.Neg):
        return f"-{_operand(node.operand)}"
    if isinstance(node, ast.Member):
        return f"{source(node.value)} {'not in' if node.negated else 'in'} {source(node.collection)}"
    if isinstance(node, ast.ListOf):
        return "[" + ", ".join(source(item) for item in node.items) + "]"
    if isinstance(node, ast.RangeOf):
        return f"{source(node.low)}..{source(node.high)}"
    if isinstance(node, ast.And):
        return " and ".join(_operand(item, ast.Or) for item in node.items)
    if isinstance(node, ast.Or):
        return " or ".join(source(item) for item in node.items)
    if isinstance(node, ast.Not):
        return f"not {_operand(node.operand, ast.And, ast.Or, ast.Compare, ast.Member)}"
    if isinstance(node, ast.Holds):
        return f"{node.player.who} holds {_operand(node.predicate, ast.And, ast.Or, ast.Not)}"
    if isinstance(node, ast.Count):
        return f"count({node.player.who}, {source(node.predicate)})"
    if isinstance(node, ast.Challenges):
        return f"{node.player.who} challenges"
    if isinstance(node, ast.Accepts):
        return f'{node.player.who} accepts "{node.question}"'
    if isinstance(node, ast.Bluffed):
        return "bluffed"
    if isinstance(node, ast.Const):
        return "always" if node.value else "never"
    raise TypeError(f"{type(node).__name__} is not a condition")


def _operand(node: ast.Node, *wrap: type) -> str:
    wrap = wrap or (ast.Arith, ast.Compare, ast.Member, ast.And, ast.Or, ast.Not)
    text = source(node)
    return f"({text})" if isinstance(node, wrap) else text


# ---- every node class has its words ------------------------------------------------------


def node_classes() -> list[type]:
    """Every node class of the syntax tree (what the parser can produce)."""
    return [cls for cls in vars(ast).values()
            if isinstance(cls, type) and issubclass(cls, ast.Node) and cls is not ast.Node]


_POSITION_WORDS = {"top": "", "under": ", under the top card", "bottom": ", at the bottom",
                   "shuffled": ", shuffled in"}


def missing_renderers() -> list[str]:
    return [cls.__name__ for cls in node_classes() if not callable(getattr(Describer, "d_" + cls.__name__, None))]


if missing_renderers():  # a new node class must come with its English
    raise ImportError(f"unodsl.lang.describe has no d_<Class> method for: {', '.join(missing_renderers())}")
