"""An edition's `written_rules:` section: rules written out in the file by name, as a
published edition's deck of rule cards is, that a card applies without their being played
(`apply written rule NAME`, `apply random written rule`: docs/effects.md, "Written rules").

Each is compiled once, as the edition loads, with the checks of a rule a player writes on a
blank card (the `written` context): no hooks or rules for the whole table, and no written
rule applied from inside one, so that applying a rule never applies another and nothing
loops through rules. What one run of each costs is counted in the scripts applying it
(unodsl.lang.cost).
"""
from __future__ import annotations

from ..errors import ScriptError
from ..lang import ast
from ..lang.compile import WRITTEN, Compiled, compile_script
from ..lang.parse import parse_script


def read_written_rules(data: dict, vocab, origin: str, script_problem) -> dict[str, Compiled]:
    """name -> compiled rule of the edition's `written_rules:`; the names (and the trees, and
    sizes, of those that parse) are noted in `vocab` first, so that the cards' scripts compiled
    after may apply them. `script_problem(path, ScriptError)` reports a rule's mistakes."""
    texts = data.get("written_rules") or {}
    trees = {name: _parsed(("written_rules", name), text, script_problem) for name, text in texts.items()}
    vocab.written_rules = trees  # (one that does not parse is still a name: no second error where applied)
    costs = vocab.costs()
    vocab.written_sizes = {name: (costs.weight(tree.body), costs.cost(tree.body))
                           for name, tree in trees.items() if tree is not None}
    compiled = {}
    for name, tree in trees.items():
        if tree is None:
            continue
        try:
            compiled[name] = compile_script(tree, vocab, f"{origin}:written_rules.{name}", WRITTEN)
        except ScriptError as error:
            script_problem(("written_rules", name), error)
    return compiled


def _parsed(path: tuple, text: str, script_problem) -> ast.Script | None:
    try:
        script = parse_script(text)
    except ScriptError as error:
        script_problem(path, error)
        return None
    rule = next((s for s in script.body if isinstance(s, ast.TABLE_RULES)), None)
    if rule is not None:
        script_problem(path, ScriptError("a written rule is made of statements; hooks and rules for the whole "
                                         "table go in the edition's `rules:`", rule.line, rule.column))
        return None
    return script
