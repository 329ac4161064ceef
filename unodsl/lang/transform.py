"""Lark's tree -> the nodes of unodsl.lang.ast. A construct whose node takes its grammar
rule's children as they come, in the order of its fields, is built from its row (the
rule its row names); the methods below are the rules that need more (a flag from which
alternative was written, a default, a number checked, quotes taken off). A rule with
neither is a gap in unodsl, raised."""
from __future__ import annotations

import dataclasses

from lark import Token, Transformer, v_args

from ..errors import ScriptError
from ..limits import MAX_NUMBER
from . import ast
from .registry import LANGUAGE


def _whole_number(token: Token) -> int:
    """The number a script writes, refused past MAX_NUMBER where it is written (its digits are
    counted first: Python reads no more than 4,300 digits, and a product of long ones is slow)."""
    digits = str(token).lstrip("0") or "0"
    if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise ScriptError(f"number is too big: a script holds whole numbers from {-MAX_NUMBER:,} to {MAX_NUMBER:,}",
                          token.line, token.column, hint="a card needs a few dozen at most (docs/effects.md, \"Limits\")")
    return int(digits)


def _at(meta_or_token) -> dict:
    return {"line": meta_or_token.line, "column": meta_or_token.column}


def _plain_nodes() -> dict[str, type]:
    """Grammar rule -> the node class whose row names it, for the rules no method of ToAst
    builds (read once, when the first script is parsed)."""
    return {rule: cls for cls, row in LANGUAGE.rows.items() for rule in row.rules if not hasattr(ToAst, rule)}


def _plain(cls: type, children: list, meta) -> ast.Node:
    """A node whose fields are its rule's children in order (a word as its text)."""
    names = [f.name for f in dataclasses.fields(cls)][2:]  # (after line and column)
    if len(names) != len(children):  # (unodsl's gap: the rule and the class do not fit)
        raise AssertionError(f"{cls.__name__} has the fields {names}, its grammar rule gives {len(children)} parts")
    values = (str(child) if isinstance(child, Token) else child for child in children)
    return cls(**_at(meta), **dict(zip(names, values)))


@v_args(meta=True)
class ToAst(Transformer):
    """Lark tree -> ast nodes: a rule is a method here or a node's row names it; anything
    else is a bug."""

    plain: dict[str, type] = {}

    def __default__(self, data, children, meta):
        if not ToAst.plain:
            ToAst.plain = _plain_nodes()
        cls = ToAst.plain.get(data)
        if cls is None:
            raise AssertionError(f"grammar rule {data!r} has no syntax-tree node")
        return _plain(cls, children, meta)

    # ---- entry points
    def script(self, meta, children):
        return ast.Script(line=1, column=1, body=_flatten(children))

    def condition(self, meta, children):
        return children[0]

    def block(self, meta, children):
        return _flatten(children)

    # ---- players
    def player(self, meta, children):
        if isinstance(children[0], ast.Player):  # a seat offset or a ranked player
            return children[0]
        return ast.Player(**_at(children[0]), who=str(children[0]))

    def named_player(self, meta, children):
        return ast.NamedPlayer(**_at(children[0]), who="named", name=str(children[0]))

    def named_hand(self, meta, children):
        return self.named_player(meta, children)

    def my_hand(self, meta, children):
        return ast.Player(**_at(meta), who="me")

    def players_hand(self, meta, children):
        return children[0]

    # ---- expressions
    def int_(self, meta, children):
        return ast.Int(**_at(children[0]), value=_whole_number(children[0]))

    def string(self, meta, children):
        return ast.Str(**_at(children[0]), value=str(children[0])[1:-1])

    def name(self, meta, children):
        return ast.Name(**_at(children[0]), name=str(children[0]))

    def dotted(self, meta, children):
        return ast.Dotted(**_at(meta), base=str(children[0]), attr=str(children[1]),
                          attr_line=children[1].line, attr_column=children[1].column)

    def compare(self, meta, children):
        return ast.Compare(**_at(meta), op=str(children[1]), left=children[0], right=children[2])

    def member(self, meta, children):
        return ast.Member(**_at(meta), value=children[0], collection=children[1], negated=False)

    def not_member(self, meta, children):
        return ast.Member(**_at(meta), value=children[0], collection=children[1], negated=True)

    def list_(self, meta, children):
        return ast.ListOf(**_at(meta), items=tuple(c for c in children if c is not None))

    def arith(self, meta, children):
        return ast.Arith(**_at(meta), op=str(children[1]), left=children[0], right=children[2])

    def or_(self, meta, children):
        return ast.Or(**_at(meta), items=tuple(children))

    def and_(self, meta, children):
        return ast.And(**_at(meta), items=tuple(children))

    def accepts(self, meta, children):
        text = children[-1]
        return ast.Accepts(**_at(meta), player=children[0], question=str(text)[1:-1], question_line=text.line,
                           question_column=text.column)

    def always(self, meta, children):
        return ast.Const(**_at(meta), value=True)

    def never(self, meta, children):
        return ast.Const(**_at(meta), value=False)

    # ---- statements
    def draw_to(self, meta, children):
        return ast.DrawTo(**_at(meta), target=children[0], size=children[1], can_draw=True)

    def discard_to(self, meta, children):
        return ast.DrawTo(**_at(meta), target=children[0], size=children[1], can_draw=False)

    def choose_colour(self, meta, children):
        chooser = children[0] if children else ast.Player(**_at(meta), who="me")
        return ast.ChooseColour(**_at(meta), chooser=chooser)

    def ask(self, meta, children):
        text = children[1]
        return ast.Ask(**_at(meta), target=children[0], question=str(text)[1:-1], answers=tuple(children[2:]),
                       question_line=text.line, question_column=text.column)

    def answer(self, meta, children):
        return ast.Answer(**_at(children[0]), text=str(children[0])[1:-1], body=children[1])

    def if_stmt(self, meta, children):
        cond, body, *rest = children
        branches = [(cond, body)]
        otherwise: tuple = ()
        for clause in rest:
            if clause is None:
                continue
            if clause[0] == "elif":
                branches.append(clause[1:])
            else:
                otherwise = clause[1]
        return ast.If(**_at(meta), branches=tuple(branches), otherwise=otherwise)

    def elif_clause(self, meta, children):
        return ("elif", children[0], children[1])

    def else_clause(self, meta, children):
        return ("else", children[0])

    # ---- players by seat, by rank, in turn; leaving a round
    def seat_offset(self, meta, children):
        count, way = _whole_number(children[0]), str(children[1])
        return ast.SeatOffset(**_at(meta), who="seat", offset=count if way == "on" else -count)

    def after_next(self, meta, children):
        return ast.SeatOffset(**_at(meta), who="seat", offset=2)

    def relative_player(self, meta, children):
        base, relation = children
        return ast.RelativePlayer(**_at(meta), who="relative", base=base, relation=str(relation))

    def seats_after(self, meta, children, relation="next"):
        count, base = children
        return ast.RelativePlayer(**_at(meta), who="relative", base=base, relation=relation,
                                  steps=_whole_number(count))

    def seats_before(self, meta, children):
        return self.seats_after(meta, children, relation="previous")

    def relative_named(self, meta, children):
        name, relation = children
        base = ast.NamedPlayer(**_at(name), who="named", name=str(name))
        return ast.RelativePlayer(**_at(meta), who="relative", base=base, relation=str(relation))

    def choose_player(self, meta, children):
        *chooser, predicate = children
        chooser = chooser[0] if chooser else ast.Player(**_at(meta), who="me")
        return ast.ChoosePlayer(**_at(meta), chooser=chooser, predicate=predicate)

    def for_each(self, meta, children):
        group, body = children
        return ast.ForEach(**_at(meta), variable="player", group=group, body=tuple(body))

    def for_each_named(self, meta, children):
        name, group, body = children
        return ast.ForEach(**_at(meta), variable=str(name), group=group, body=tuple(body))

    def ranked_player(self, meta, children):
        rank, figure, among = children
        among = among or ast.Player(**_at(meta), who="everyone")
        return ast.RankedPlayer(**_at(meta), who="ranked", figure=str(figure), highest=str(rank) == "highest",
                                among=among)

    def eliminate(self, meta, children):
        return ast.Eliminate(**_at(meta), target=children[0], shuffled=len(children) > 1)

    # ---- values and state
    def player_state(self, meta, children):
        name = children[1]
        return ast.StateRef(**_at(meta), player=children[0], name=str(name),
                            name_line=name.line, name_column=name.column)

    def game_state(self, meta, children):
        """`game.NAME`; another word before the dot is reported by the compiler."""
        base, name = children
        return ast.StateRef(**_at(meta), player=None, name=str(name), base=str(base),
                            name_line=name.line, name_column=name.column)

    # ---- written rules
    def apply_named_rule(self, meta, children):
        name = children[0]
        return ast.ApplyNamedRule(**_at(meta), name=str(name), name_line=name.line, name_column=name.column)

    # ---- places and moves
    def move(self, meta, children):
        cards, source, destination, position = children
        return ast.Move(**_at(meta), cards=cards, source=source, destination=destination,
                        position=position or "top")

    def all_cards(self, meta, children):
        return ast.Cards(**_at(meta), count=None, predicate=children[-1])

    def some_cards(self, meta, children):
        count, random, picker, predicate = children
        return ast.Cards(**_at(meta), count=count, predicate=predicate, picker=picker, random=random is not None)

    def picked_by(self, meta, children):
        return children[0]

    def hand_place(self, meta, children):
        return ast.Place(**_at(meta), player=children[0])

    def every_hand(self, meta, children):
        return ast.Place(**_at(meta), every_hand=True)

    def pile_place(self, meta, children):
        return ast.Place(**_at(meta), pile=str(children[0]))

    def own_pile_place(self, meta, children):
        return ast.Place(**_at(meta), player=children[0], pile=str(children[1]))

    def draw_pile_place(self, meta, children):
        return ast.Place(**_at(meta), pile="draw")

    def discard_pile_place(self, meta, children):
        return ast.Place(**_at(meta), pile="discard")

    def on_top(self, meta, children):
        return "top"

    def under_top(self, meta, children):
        return "under"

    def at_bottom(self, meta, children):
        return "bottom"

    def shuffled_in(self, meta, children):
        return "shuffled"

    def deal(self, meta, children):
        _all, source, group, first = children
        return ast.Deal(**_at(meta), source=source, group=group, first=first)

    # ---- out of turn
    def uno_any_time(self, meta, children):
        penalty, nobody = children
        return ast.UnoAnyTime(**_at(meta), penalty=_whole_number(penalty), strict=nobody is not None)

    # ---- actions, repeats and what replaces a draw
    def do_action(self, meta, children):
        verb = children[1]
        return ast.DoAction(**_at(meta), target=children[0], verb=str(verb), verb_line=verb.line,
                            verb_column=verb.column)

    # ---- aggregates over players
    def count_of(self, meta, children):
        group, predicate = children
        return ast.Aggregate(**_at(meta), how="count", figure=None, group=group, predicate=predicate)

    def total_of(self, meta, children):
        figure, group, predicate = children
        return ast.Aggregate(**_at(meta), how="total", figure=str(figure), group=group, predicate=predicate)

    def extreme_of(self, meta, children):
        rank, figure, group, predicate = children
        return ast.Aggregate(**_at(meta), how=str(rank), figure=str(figure), group=group, predicate=predicate)

    def any_of(self, meta, children):
        return ast.Quantified(**_at(meta), every=False, group=children[0], predicate=children[1])

    def all_of(self, meta, children):
        return ast.Quantified(**_at(meta), every=True, group=children[-2], predicate=children[-1])


    # ---- naming a number, a symbol or a kind
    def choose_value(self, meta, children):
        if isinstance(children[0], ast.Player):  # `next chooses symbol`
            chooser, children = children[0], children[1:]
        else:
            chooser = ast.Player(**_at(meta), who="me")
        what, low, high = (*children, None, None)[:3]
        return ast.ChooseValue(**_at(meta), chooser=chooser, what=str(what), low=low, high=high)

    def chosen_value(self, meta, children):
        return ast.ChosenValue(**_at(children[0]), what=str(children[0]).split()[-1])

    # ---- a player a name holds, in a condition (`victim holds red`, `count(p, wild)`)
    def named_holds(self, meta, children):
        return _plain(ast.Holds, _named_first(children), meta)

    def named_count(self, meta, children):
        return _plain(ast.Count, _named_first(children), meta)

    def named_challenges(self, meta, children):
        return _plain(ast.Challenges, _named_first(children), meta)

    def named_accepts(self, meta, children):
        return self.accepts(meta, _named_first(children))


def _named_first(children: list) -> list:
    """The rule's children with its first, a name, made the player the name holds."""
    name, *rest = children
    return [ast.NamedPlayer(**_at(name), who="named", name=str(name)), *rest]


def _flatten(children) -> tuple:
    """Statements of a block: lists from `_simple_stmts` and nested blocks, in order."""
    out = []
    for child in children:
        if child is None:
            continue
        if isinstance(child, (list, tuple)):
            out.extend(_flatten(child))
        else:
            out.append(child)
    return tuple(out)
