"""An edition's house rules: the edition's `rules:` and the `--rule` scripts given,
read into hooks and rules for the whole table (stacking, `instead of`, out-of-turn
windows); the starter rules it offers for its blank cards; and the compiler of the
rules players write on blank cards during play.

Apart from the loader (which reads the kinds, the deck and the rest) because the house
rules are read from two places, the file and the command line, each placed in its own
source, and what they gather is the whole table's, not a card's.
"""
from __future__ import annotations

from ..codes import SCRIPT_MEANING
from ..errors import EditionError, Problem, ScriptError
from ..lang import ast
from ..lang.compile import WRITTEN, Compiled, compile_script
from ..lang.parse import parse_script
from ..lang.recover import check_partial
from .leaving import let_players_leave
from .rules import rule_sources, starter_rules

# What a house rule for the whole table is made of (anything else is a rule written on a card).
_TABLE_RULES = ast.TABLE_RULES
MAX_KNOWN_RULES = 256  # rules written at the table kept compiled, per edition


def any_stack_rule(data: dict, extra: list[str]) -> bool:
    """Whether a house rule of the edition or of `--rule` says `stack where` (read before
    the cards' scripts are compiled; problems in the rules are reported when they are)."""
    texts = [r["script"] for r in data.get("rules", []) if isinstance(r, dict) and isinstance(r.get("script"), str)]
    try:
        texts += [source.text for source in rule_sources(extra)]
    except EditionError:
        pass
    for text in texts:
        try:
            if any(isinstance(s, ast.StackRule) for s in parse_script(text).body):
                return True
        except ScriptError:
            continue
    return False


class HouseRules:
    """What the house rules of an edition being built gather (its problems go in the
    builder's `problems`, each placed in the file or the --rule it is in)."""

    def __init__(self, doc, vocab, problems: list[Problem], script_problem):
        self.doc = doc  # the edition's data, merged over its base, with positions
        self.vocab = vocab
        self.problems = problems
        self.script_problem = script_problem  # (path, ScriptError): reported at the script's place
        self.hook_origins: list = []  # per hook: its path in the edition, or the --rule's RuleSource
        self.hook_names: list[str] = []  # per hook: the name of the house rule it belongs to
        self.stack_rules: list = []  # `stack where` conditions of the house rules
        self.replacements: dict = {}  # event -> body of the last `instead of EVENT:` of the house rules
        # Out-of-turn windows of the house rules: `jump in where` conditions, and what a false
        # call costs under `uno at any time`, and whether it is strict (the last such rule's).
        self.jump_rules: list = []
        self.false_call: int | None = None
        self.uno_strict = False
        self.edition = None  # once built (a rule written during play may recompile it)

    def rule_compiler(self):
        """The function compiling a rule written at the table on a blank card (`Edition.compile_rule`)."""
        vocab = self.vocab  # (it notes each rule compiled: leaving.py recompiles those still held)
        # The same few rules come back game after game (bots write the edition's suggestions):
        # each text is compiled once (a compiled rule holds nothing of the card it is on).
        known: dict[str, Compiled] = {}

        def compile_rule(text: str) -> Compiled:
            """A rule written at the table; raises ScriptError with its position."""
            if text in known:
                return known[text]
            if len(known) >= MAX_KNOWN_RULES:  # (texts typed at the table: memory stays bounded)
                known.clear()
            rule = known[text] = compile_new_rule(text)
            return rule

        def compile_new_rule(text: str) -> Compiled:
            script = parse_script(text)
            if any(isinstance(s, _TABLE_RULES) for s in script.body):
                raise ScriptError("a rule written on a card cannot hold `on` hooks or rules for the whole "
                                  "table (stacking, out-of-turn windows)", 1, 1)
            rule = compile_script(script, vocab, "<written rule>", WRITTEN)
            if vocab.eliminating and not vocab.eliminates and self.edition is not None:
                let_players_leave(self.edition)  # (while loading: built again)
            return rule

        return compile_rule

    def read(self, extra: list[str]) -> tuple[list, list]:
        """Hooks of the edition's `rules:` and of `--rule` scripts; a `--rule` made of
        statements instead is written on the next blank card."""
        hooks, written = [], []
        for index, rule in enumerate(self.doc.data.get("rules", [])):
            path = ("rules", index, "script")
            found = self._rule_hooks(path, rule["script"], self.script_problem, f"{self.doc.filename}:rules.{index}")
            hooks.extend(found)
            self.hook_origins.extend([path] * len(found))
            named = rule.get("name") if isinstance(rule.get("name"), str) else None
            self.hook_names.extend([named or f"rule {index + 1}"] * len(found))
        try:
            sources = rule_sources(extra)
        except EditionError as error:
            self.problems.extend(error.problems)
            return hooks, written
        for index, source in enumerate(sources):
            def report(_path, error, source=source):
                for each in error.every():
                    span = source.span(each.line, each.column)
                    line = source.doc.source_line(span.line) if source.doc is not None else None
                    self.problems.append(Problem(span, each.message, hint=each.hint, source_line=line,
                                                 code=each.code or SCRIPT_MEANING))
            try:
                script = parse_script(source.text)
            except ScriptError as error:
                report(None, error)
                continue
            if script.body and not any(isinstance(s, _TABLE_RULES) for s in script.body):
                try:
                    written.append((source.label, compile_script(script, self.vocab, source.label, WRITTEN)))
                except ScriptError as error:
                    report(None, error)
            else:
                found = self._rule_hooks(("--rule",), source.text, report, source.label)
                hooks.extend(found)
                self.hook_origins.extend([source] * len(found))
                self.hook_names.extend([source.name or source.label] * len(found))
        return hooks, written

    def suggested_rules(self) -> list[str]:
        """Starter rules the edition offers for its blank cards (`starter_rules: FOLDER`)."""
        folder = self.doc.data.get("starter_rules")
        if not folder:
            return []
        try:
            sources = starter_rules(self.doc.filename, folder, self.doc.span(("starter_rules",)))
        except EditionError as error:
            self.problems.extend(error.problems)
            return []
        compile_rule = self.rule_compiler()
        for source in sources:  # a player may write any of them on a blank card mid-game
            try:
                compile_rule(source.text)
            except ScriptError as error:
                for each in error.every():
                    span = source.span(each.line, each.column)
                    self.problems.append(Problem(span, each.message, hint=each.hint,
                                                 source_line=source.doc.source_line(span.line),
                                                 code=each.code or SCRIPT_MEANING))
        return [source.text for source in sources]

    def _rule_hooks(self, path, text, report, origin: str) -> list:
        try:
            script = parse_script(text)
            loose = next((s for s in script.body if not isinstance(s, _TABLE_RULES)), None)
            if loose is not None:
                raise ScriptError("a house rule is made of `on EVENT:` hooks and rules for the whole table "
                                  "(`stack where`, `instead of`, `jump in where`, `uno at any time`); a "
                                  "statement outside a hook would never run", loose.line, loose.column)
            compiled = compile_script(script, self.vocab, origin)
            self.stack_rules.extend(compiled.stack_rules)
            self.replacements.update(compiled.replacements)  # (a later rule replaces an earlier one's)
            self.jump_rules.extend(compiled.jump_rules)
            if compiled.false_call is not None:
                self.false_call, self.uno_strict = compiled.false_call, compiled.uno_strict
            return compiled.hooks
        except ScriptError as error:  # (after a syntax error, what parsed is checked for meaning too)
            report(path, check_partial(error, lambda rest: compile_script(rest, self.vocab, origin)))
            return []
