"""A script or a condition compiled: the emitter's lines made into one Python function,
with the hooks, stacking rules and `instead of` rules of a house rule compiled apart."""
from __future__ import annotations

from ...errors import ScriptError
from .. import ast
from ..recover import recompile
from .emitter import _Emitter
from .model import CONDITION, EFFECT, Compiled, Context, Vocabulary, hook_context
from .runtime import (_arith, _between, _colour, _equal, _identical, _named_numbers, _ordered, _said, _total,
                      _under_top, _whole)
from .state_chance import _let_names

MAX_FALSE_CALL = 20  # cards a false call may cost (`uno at any time, false calls draw N`)


# The runtime helpers the generated functions call, by the names they call them.
HELPERS = {"_arith": _arith, "_between": _between, "_whole": _whole, "_colour": _colour,
           "_equal": _equal, "_ordered": _ordered, "_identical": _identical, "_under_top": _under_top,
           "_total": _total, "_named_numbers": _named_numbers, "_said": _said}


def _build(emitter: _Emitter, name: str, params: str, origin: str, tree=None) -> Compiled:
    header = f"def {name}({params}):"
    body = emitter.lines or ["    pass"]
    source = "\n".join([header, *body]) + "\n"
    namespace: dict = dict(HELPERS)
    exec(compile(source, origin, "exec"), namespace)  # source built only from our own syntax tree
    # Taken out of its namespace, the function is not in a reference cycle with it.
    return Compiled(namespace.pop(name), source, emitter.pure, tree=tree)


def compile_condition(node: ast.Node, vocab: Vocabulary, origin: str = "<condition>",
                      context: Context = CONDITION) -> Compiled:
    """A condition on a card `c` in state `g` for player `me`: `f(c, g, me) -> bool`
    (in a turn_start hook's `where`, `c` is about no card and may not be read)."""
    emitter = _Emitter(vocab, context)
    emitter.emit(f"return bool({emitter.expr(node, 'c' if context.has_card else None)})")
    if emitter.reads_card:  # (was a NameError when the condition ran)
        emitter.lines.insert(0, "    card = c")
    if emitter.asks:
        raise ScriptError("a condition here cannot ask a player a question", node.line, node.column)
    compiled = _build(emitter, "condition", "c, g, me", origin, node)
    compiled.remake = lambda: compile_condition(node, vocab, origin, context)
    vocab.keep(compiled)
    return compiled


def compile_script(script: ast.Script, vocab: Vocabulary, origin: str = "<script>",
                   context: Context = EFFECT) -> Compiled:
    """An effect `f(g, me, card)` of the kind `context` says; `on` hooks are compiled
    apart into `.hooks`. A mistake holds the script's later ones (unodsl/lang/recover.py)."""
    try:
        return _compile_script(script, vocab, origin, context)
    except ScriptError as error:
        raise recompile(error, script, lambda rest: _compile_script(rest, vocab, origin, context)) from None


def _compile_script(script: ast.Script, vocab: Vocabulary, origin: str, context: Context) -> Compiled:
    emitter = _Emitter(vocab, context)
    if context.chosen:  # the engine chose the player before the script runs
        emitter.emit("chosen = g.chosen")
    statements = [s for s in script.body if not isinstance(s, ast.TABLE_RULES)]
    emitter.all_lets = _let_names(statements)
    emitter.block(tuple(statements))
    vocab.costs().check(statements)
    compiled = _build(emitter, "effect", "g, me, card", origin, script)
    compiled.remake = lambda: compile_script(script, vocab, origin, context)
    vocab.keep(compiled)
    compiled.stack_rules = [compile_condition(rule.predicate, vocab, origin)
                            for rule in script.body if isinstance(rule, ast.StackRule)]
    _windows(compiled, script, vocab, origin)
    for hook in (s for s in script.body if isinstance(s, ast.On)):
        where = hook_context(hook.event)
        guard = compile_condition(hook.predicate, vocab, origin, where) if hook.predicate else None
        body = _compile_script(ast.Script(hook.line, hook.column, hook.body), vocab, origin, where)
        if body.hooks:
            raise ScriptError("a hook cannot hold another hook", hook.line, hook.column)
        if body.stack_rules:
            rule = next(s for s in hook.body if isinstance(s, ast.StackRule))
            raise ScriptError("a stacking rule is for the whole table: write `stack where ...` at the "
                              "top of a house rule, not inside a hook", rule.line, rule.column)
        if body.windows():
            raise _window_inside(next(s for s in hook.body if isinstance(s, (ast.JumpIn, ast.UnoAnyTime))),
                                 "a hook")
        if body.replacements:  # (a hook's body keeps no replacements: it would be dropped unseen)
            rule = next(s for s in hook.body if isinstance(s, ast.Instead))
            raise ScriptError(f"`instead of {rule.event}` is a rule for the whole table: write it at the top "
                              "of a house rule, not inside a hook", rule.line, rule.column)
        compiled.hooks.append((hook.event, guard, body))
    compiled.replacements = [_replacement(rule, vocab, origin)
                             for rule in script.body if isinstance(rule, ast.Instead)]
    return compiled


def _replacement(rule: ast.Instead, vocab: Vocabulary, origin: str) -> tuple:
    """(event, body) of `instead of EVENT:`: the body runs as the player who would draw."""
    body = _compile_script(ast.Script(rule.line, rule.column, rule.body), vocab, origin, hook_context(rule.event))
    if body.hooks or body.stack_rules or body.replacements or body.windows():
        inner = next(s for s in rule.body if isinstance(s, ast.TABLE_RULES))
        raise ScriptError("an `instead of` rule holds statements, not hooks or rules", inner.line, inner.column)
    return rule.event, body


def _windows(compiled: Compiled, script: ast.Script, vocab: Vocabulary, origin: str) -> None:
    """The out-of-turn windows a house rule opens (unodsl.engine.windows): the conditions of
    its `jump in where C` (about the card a player would jump in with), and the penalty of
    a false call of `uno at any time`."""
    for rule in script.body:
        if isinstance(rule, ast.JumpIn):
            compiled.jump_rules.append(compile_condition(rule.predicate, vocab, origin))
        elif isinstance(rule, ast.UnoAnyTime):
            if rule.penalty > MAX_FALSE_CALL:
                raise ScriptError(f"a false call costs at most {MAX_FALSE_CALL} cards", rule.line, rule.column)
            compiled.false_call, compiled.uno_strict = rule.penalty, rule.strict


def _window_inside(rule: ast.Node, where: str) -> ScriptError:
    words = "jump in where ..." if isinstance(rule, ast.JumpIn) else "uno at any time, false calls draw N"
    return ScriptError(f"an out-of-turn window is for the whole table: write `{words}` at the top of a "
                       f"house rule, not inside {where}", rule.line, rule.column)
