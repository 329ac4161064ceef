"""The turn loop written for an edition, derived from the interpreter's own text.

For the rounds nobody records (a simulation, a benchmark, a search's worlds) the round
class gets, once per edition, its `_turns` and `decide` made again from their own source
(unodsl.engine.turns) by partial evaluation (unodsl.engine.partial):

- the edition's facts (`facts.NAME`: unodsl.engine.facts) written in as constants, and
  `self.log` as None (a guard at the top hands a recorded round to the interpreter), the
  branches they rule out gone;
- the turn's methods copied in (`play_card`, `_draw_on_turn`, `_advance`, the UNO call
  and catch, `decide`, and the primitives an effect calls whose whole work is a line
  or two), with the built-in random agent's picks (unodsl.engine.random_policy);
- `play_card` split by the card's kind (`kind = card.spec` there): a branch for each of
  the edition's commonest kinds, its facts (quiet, bluffable, its effect) written in and
  its effect's compiled script copied in; the other kinds take the general branch.

Nothing here is a rule: a rule changed in turns.py is changed in every loop written from
it. The same random numbers are drawn in the same order as by the interpreter, so both
play the identical games for a seed (tests/engine/test_specialised.py, and every scenario file
run on both loops). `Specialised.source` is the module written, for a reader.
"""
from __future__ import annotations

import ast
from collections import OrderedDict

from . import decisions
from .facts import turn_facts
from .partial import (Inliner, Known, NotInlinable, dotted, fold_block, names_in, read_items_once,
                      read_through_aliases, rename, tidy)
from .random_policy import random_answer_with_table, random_card, random_card_with_table, random_option
from .round import Round
from .turns import STABLE, STABLE_ITEMS, Turns

# The kinds played in play_card's own branches at most (the commonest in the deck); the
# others take the general branch. (A file may declare a thousand kinds.)
MAX_WRITTEN_KINDS = 32
# An effect copied into a branch at most this large (statements) and this deep in loops
# (Python allows 20 nested blocks, and the turn loop is one more); a larger one is called.
MAX_EFFECT_STATEMENTS = 200
# The statements of effects copied in, all kinds together (the shipped editions copy in 51 at
# most): past it the other kinds' effects are called, so a file of many large effects does not
# make the loop's writing, whose passes read it again and again, take seconds.
MAX_COPIED_STATEMENTS = 400
MAX_EFFECT_LOOPS = 12
# The methods written again for an edition, and those copied into them where called.
DERIVED = ("_turns", "decide")
INLINED_METHODS = frozenset({"play_card", "_play_loud", "_draw_on_turn", "_advance", "_catch_window", "_ask_uno",
                             "decide", "skip", "reverse", "extra_turn", "choose_colour"})
INLINED_FUNCTIONS = frozenset({random_card, random_option, random_card_with_table, random_answer_with_table,
                               Turns.play_card})
# The local name the written loop reads the edition's vocabulary by (whether its scripts
# were compiled again for players leaving: see _KindSplitter); dropped where unread.
VOCABULARY = "vocabulary_"
# Where play_card splits by kind (its text there; see Turns.play_card).
SPLIT_AT = "kind = card.spec"


def specialised(edition, base: type = Round) -> type:
    """The Round subclass of `base` written for `edition` (made once, then kept with it);
    `base` itself when it writes its own turn loop."""
    made = edition.__dict__.setdefault("_specialised", {})
    if base not in made:
        made[base] = _make_class(edition, base) if base._turns is Turns._turns else base
    return made[base]


def respecialise(edition) -> None:
    """Write the loop again, for kinds changed since the edition was loaded (the loop
    reads which are quiet, and their effects, as it is written)."""
    edition.__dict__.pop("_specialised", None)
    edition.__dict__.pop("_turn_facts", None)
    specialised(edition)


def _make_class(edition, base: type) -> type:
    source, namespace = round_module(edition, base)
    exec(compile(source, f"<unodsl: {edition.id} specialised>", "exec"), namespace)
    made = namespace["Specialised"]
    made.source = source
    return made


def round_source(edition, base: type = Round) -> str:
    """The Python source of the module written for `edition` (see the docstring above)."""
    return round_module(edition, base)[0]


def round_module(edition, base: type) -> tuple[str, dict]:
    """The module's source, and the names it reads. Editions alike in all the written loop
    reads of them (`_shape`: the facts, the commonest kinds' facts and effects) share it:
    it is written once for them (most are loaded again and again: a simulation's workers,
    the tests), only their kinds put in its names."""
    key = _shape(edition, base)
    kept = _WRITTEN.get(key)
    if kept is None:
        source, namespace = _write_module(edition, base)
        kept = _WRITTEN[key] = (source, {name: value for name, value in namespace.items()
                                         if name != "Base" and not name.startswith("kind_")})
        while len(_WRITTEN) > MAX_KEPT:  # (a process may load many editions: the oldest go)
            _WRITTEN.popitem(last=False)
    else:
        _WRITTEN.move_to_end(key)
    source, shared = kept
    kinds = list(edition.kinds.values())
    return source, {**shared, "Base": base, **{f"kind_{index}": kinds[index] for index in key[3]}}


# The modules written, by the shape of the editions they were written for (most recent last).
_WRITTEN: OrderedDict = OrderedDict()
MAX_KEPT = 64


def _shape(edition, base: type) -> tuple:
    """All that the written module depends on: the round class, the edition's facts, whether
    its scripts may be compiled again, which kinds are written out (by index) and each one's
    facts and compiled effect."""
    kinds = list(edition.kinds.values())
    written = tuple(_commonest_kinds(edition))
    return (base, turn_facts(edition, Round), _scripts_fixed(edition), written,
            tuple((kinds[index].quiet, kinds[index].bluff_if is not None,
                   None if kinds[index].effect is None else kinds[index].effect.source) for index in written))


def _write_module(edition, base: type) -> tuple[str, dict]:
    namespace = {"Base": base}
    methods = []
    for name in DERIVED:
        if getattr(base, name) is not getattr(Turns, name):  # (a class's own: kept)
            continue
        tree = _derived(edition, base, name, namespace)
        methods.append(ast.unparse(tree))
    body = "\n\n".join("\n".join("    " + line for line in method.splitlines()) for method in methods)
    return f"class Specialised(Base):\n    __slots__ = ()\n\n{body}\n", namespace


def _derived(edition, base: type, name: str, namespace: dict) -> ast.FunctionDef:
    """`base`'s method `name` written for `edition`."""
    facts = turn_facts(edition, Round)
    identities = {kind: getattr(decisions, kind) for kind in dir(decisions) if kind.isupper()
                  and isinstance(getattr(decisions, kind), str)}
    # The turn loop runs for rounds that keep no record and whose agents are asked directly
    # (its guard sends others to the interpreter).
    exprs = {"self.log": None, "self._direct is not None": True, "self._direct is None": False} \
        if name == "_turns" else {}
    known = Known(facts, exprs, identities)
    splitter = _KindSplitter(edition, namespace, known)
    inliner = Inliner(base, INLINED_METHODS, INLINED_FUNCTIONS, known, namespace, after=splitter.split)
    splitter.inliner = inliner
    try:
        tree = inliner.method(name)
    finally:
        splitter.inliner = None  # (no cycle left for the collector: simulations free each match at once)
    if name == "_turns":
        guard = ast.parse("if self.log is not None or self._direct is None:\n    return Base._turns(self)").body
        tree.body = guard + ast.parse(f"{VOCABULARY} = self.edition.vocabulary").body + tree.body
    read_through_aliases(tree, STABLE)
    read_items_once(tree, STABLE_ITEMS)
    tidy(tree)
    return tree


class _KindSplitter:
    """play_card's body split by the card's kind, after SPLIT_AT: a branch for each of the
    edition's commonest kinds, with what is known of it written in and its effect copied in."""

    def __init__(self, edition, namespace: dict, known: Known):
        self.edition = edition
        self.namespace = namespace
        self.known = known
        self.inliner = None
        self.kinds = _commonest_kinds(edition)
        self.all_kinds = list(edition.kinds.values())
        self.fixed = _scripts_fixed(edition)
        self.room = MAX_COPIED_STATEMENTS  # (the statements still to be copied in)

    def split(self, name: str, body: list, taken: set) -> list:
        for index, statement in enumerate(body):
            if _is_split_point(statement) and not getattr(statement, "split", False):
                statement.split = True
                rest = body[index + 1:]
                return body[:index + 1] + [self._branches(rest, taken)]
        return body

    def _branches(self, rest: list, taken: set) -> ast.If:
        orelse = rest  # (the last branch: any kind)
        for index in reversed(self.kinds):
            kind = self.all_kinds[index]
            test = f"kind is kind_{index}"
            if kind.effect is not None and not self.fixed:
                test += f" and not {VOCABULARY}.eliminates"
            orelse = [ast.If(ast.parse(test, mode="eval").body, self._branch(index, kind, rest, taken), orelse)]
        return orelse[0]

    def _branch(self, index: int, kind, rest: list, taken: set) -> list:
        self.namespace[f"kind_{index}"] = kind
        exprs = {"kind.quiet": kind.quiet, "kind.effect is not None": kind.effect is not None,
                 "kind.bluff_if is not None": kind.bluff_if is not None}
        statements = rename(_copy(rest), {"kind": f"kind_{index}"})
        statements = fold_block([Known(exprs={k.replace("kind", f"kind_{index}", 1): v for k, v in exprs.items()})
                                 .visit(s) for s in statements])
        effect_call = f"kind_{index}.effect.function(self, p, card)"
        return fold_block([new for s in statements for new in self._effect_in(s, kind, effect_call, taken)])

    def _effect_in(self, statement: ast.stmt, kind, effect_call: str, taken: set) -> list:
        """`statement`, with the call of the kind's effect (at any depth) copied in."""
        for field in ("body", "orelse"):
            inner = getattr(statement, field, None)
            if inner:
                setattr(statement, field, [new for s in inner for new in self._effect_in(s, kind, effect_call, taken)])
        if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
                and ast.unparse(statement) == effect_call):
            return [statement]
        tree = _effect_tree(kind.effect)
        size = 0 if tree is None else sum(1 for node in ast.walk(tree) if isinstance(node, ast.stmt))
        if tree is None or size > self.room:
            return [statement]
        self.room -= size
        try:
            return self.inliner.copied(tree, kind.effect.function.__globals__, statement.value, None, taken, 0)
        except NotInlinable:
            return [statement]


def _commonest_kinds(edition) -> list[int]:
    """The indices of the kinds written out: the commonest in the deck (on either side of a
    two-sided deck: UNO Flip's dark numbers are as common as its light ones)."""
    kinds = list(edition.kinds.values())
    counts = {kind.id: 0 for kind in kinds}
    for card in edition.every_face:
        counts[card.kind] += 1
    return sorted(range(len(kinds)), key=lambda index: -counts[kinds[index].id])[:MAX_WRITTEN_KINDS]


def _scripts_fixed(edition) -> bool:
    """Whether the edition's scripts stay as compiled: a rule written on a blank card that
    makes a player leave compiles them again mid-game (unodsl.edition.leaving), and an
    effect copied in holds only until then."""
    return edition.vocabulary.eliminates or not any(kind.blank for kind in edition.kinds.values())


def _is_split_point(statement: ast.stmt) -> bool:
    """Whether `statement` is SPLIT_AT (read without writing it out: every statement is asked)."""
    return (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id == "kind"
            and dotted(statement.value) == "card.spec")


def _effect_tree(effect) -> ast.FunctionDef | None:
    """The compiled effect's function, if it may be copied in (not too large, nor too deep)."""
    tree = ast.parse(effect.source).body[0]
    if not isinstance(tree, ast.FunctionDef) or [a.arg for a in tree.args.args] != ["g", "me", "card"]:
        return None
    if sum(1 for node in ast.walk(tree) if isinstance(node, ast.stmt)) > MAX_EFFECT_STATEMENTS:
        return None
    if _loop_depth(tree) > MAX_EFFECT_LOOPS:
        return None
    return tree


def _loop_depth(node, depth: int = 0) -> int:
    deeper = depth + isinstance(node, (ast.For, ast.While, ast.Try, ast.With))
    return max([deeper] + [_loop_depth(child, deeper) for child in ast.iter_child_nodes(node)])


def _copy(statements: list) -> list:
    import copy
    return copy.deepcopy(statements)


__all__ = ["specialised", "respecialise", "round_source", "names_in"]
