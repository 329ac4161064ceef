"""An edition's `actions:` section: named scripts its cards call like verbs.

The schema has checked the shape (name -> script). This parses each script and
checks what compiling one script cannot see: that a name reads as an action
where a script says it (`next presses`, not a word of the language), that no
action calls itself through others (it would never end), and which actions
take cards out of a hand (a table card's `use:` may not call those).
"""
from __future__ import annotations

from ..errors import ScriptError
from ..lang import ast
from ..lang.compile import action_forms, takes_what_is_offered
from ..lang.cost import action_sizes
from ..lang.parse import parse_script



def read_actions(data: dict, problem, script_problem) -> tuple[dict, dict]:
    """(name -> syntax tree, name -> whether it takes cards out of a hand) of the actions
    that parse and are sound; `problem(path, message, hint=None)` and
    `script_problem(path, ScriptError)` report the others."""
    trees = {}
    for name, text in (data.get("actions") or {}).items():
        path = ("actions", name)
        unusable = next((form for form in action_forms(name) if not _reads_as_action(form)), None)
        if unusable is not None:
            problem(path, f"`{unusable}` is a word of the effect language: `next {unusable}` would not call "
                          "this action", hint="give the action another name")
            continue
        try:
            trees[name] = parse_script(text)
        except ScriptError as error:
            script_problem(path, error)
    calls = {name: _calls(tree, trees) for name, tree in trees.items()}
    for name, call in _cycles(calls):
        script_problem(("actions", name), ScriptError(
            f"`{call.verb}` here calls an action that calls `{name}` again (or is it): it would never end",
            call.line, call.column, hint="an action may call others, but never itself"))
        trees.pop(name, None)
    taking = {name: _takes(name, trees, calls, set()) for name in trees}
    return trees, taking


def _reads_as_action(word: str) -> bool:
    try:
        body = parse_script(f"me {word}").body
    except ScriptError:
        return False
    return len(body) == 1 and isinstance(body[0], ast.DoAction)


def _calls(tree: ast.Script, trees: dict) -> list[tuple[str, ast.DoAction]]:
    """(action name, the statement) of each action the script calls."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.DoAction):
            name = next((n for n in trees if node.verb in action_forms(n)), None)
            if name is not None:  # (an unknown one is reported where the script is compiled)
                found.append((name, node))
    return found


def _cycles(calls: dict) -> list[tuple[str, ast.DoAction]]:
    """(action, the call that leads back to it) for each action in a cycle of calls."""
    def reaches(start: str, goal: str, seen: set) -> bool:
        for callee, _ in calls.get(start, ()):
            if callee == goal or (callee not in seen and reaches(callee, goal, seen | {callee})):
                return True
        return False

    found = []
    for name, made in calls.items():
        call = next((node for callee, node in made if callee == name or reaches(callee, name, {callee})), None)
        if call is not None:
            found.append((name, call))
    return found


def _takes(name: str, trees: dict, calls: dict, seen: set) -> bool:
    if any(takes_what_is_offered(node) for node in ast.walk(trees[name])):  # (the compiler's own test)
        return True
    seen.add(name)
    return any(callee not in seen and callee in trees and _takes(callee, trees, calls, seen)
               for callee, _ in calls[name])


def action_sizes_by_verb(trees: dict) -> tuple[dict, dict]:
    """(verb -> weight, verb -> cost) of the actions (unodsl.lang.cost), by both words a script
    says each with (`press`, `presses`); `trees` holds no cycle of calls (read_actions drops them)."""
    weights, costs = action_sizes({name: tree.body for name, tree in trees.items()}, lambda verb: _named(verb, trees))
    return ({form: weights[name] for name in trees for form in action_forms(name)},
            {form: costs[name] for name in trees for form in action_forms(name)})


def _named(verb: str, trees: dict) -> str | None:
    return next((name for name in trees if verb in action_forms(name)), None)
