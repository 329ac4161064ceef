"""Load an edition file: YAML -> schema check -> vocabulary -> compiled scripts -> deck.

Every problem found is collected with its position in the YAML file, and all of
them are raised together in one EditionError.
"""
from __future__ import annotations

import difflib
import re
from pathlib import Path

from ..engine.quiet import mark_quiet_kinds, may_turn_hands_face_up
from ..errors import EditionError, Problem, ScriptError, Span
from ..lang import ast
from ..lang.compile import (ACTION, CONDITION, EFFECT, PLAYABLE, START, USE, WRITTEN, Compiled, Context, Vocabulary,
                             compile_condition, compile_script)
from ..lang.parse import parse_condition, parse_script
from ..resources import edition_path, exists, unknown_edition_hint
from .checks import check_edition, reads_top
from .inherit import Merged, Source, source_of
from .rules import rule_sources, starter_rules
from .model import DEFAULT_PLAYABLE, DEFAULT_SETTINGS, Card, CardKind, Edition
from .actions import read_actions
from .state import read_chance, read_piles, read_state
from .schema import check_schema, check_setting, read_setting
from .yamlsrc import YamlDoc, load_yaml, load_yaml_file


_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")
# What a house rule for the whole table is made of (anything else is a rule written on a card).
_TABLE_RULES = ast.TABLE_RULES


def load_edition(name_or_path: str, rules: list[str] | None = None, settings: dict | None = None) -> Edition:
    """An edition by name (`classic`) or path, with optional extra house-rule scripts
    and settings that replace the file's (`{"teams": True}`)."""
    path = edition_path(name_or_path)
    if not exists(path):
        raise EditionError([Problem(Span(str(name_or_path), 1, 1),
                                    f"no edition named '{name_or_path}' and no such file",
                                    hint=unknown_edition_hint(str(name_or_path)))])
    return build_edition(load_yaml_file(path), rules or [], settings)


def load_edition_text(text: str, filename: str = "<edition>", rules: list[str] | None = None,
                      settings: dict | None = None) -> Edition:
    return build_edition(load_yaml(text, filename), rules or [], settings)


def build_edition(doc: YamlDoc, rules: list[str], settings: dict | None = None) -> Edition:
    doc.require_mapping("an edition")
    source = source_of(doc)
    if settings and isinstance(source.data, dict):
        source.data.setdefault("settings", {}).update(_given_settings(settings, source.data.get("settings") or {}))
    problems = check_schema(source) + _inherited_setting_types(source)
    if problems:
        # The shape is wrong somewhere; still report the script mistakes in the
        # parts that are right, so that one run shows everything.
        raise EditionError(_in_order(problems + _script_syntax_problems(source)))
    edition = _Builder(source).build(rules, eliminates=False)
    if edition.vocabulary.eliminating:  # a script eliminates: `next` must pass over players who left
        edition = _Builder(source).build(rules, eliminates=True)
    return edition


def _given_settings(settings: dict, own: dict) -> dict:
    """Settings given apart from the file (`--set NAME=VALUE`), each read as its type;
    a wrong one is the command line's mistake, so it is placed there, not in the file."""
    known = {*DEFAULT_SETTINGS, *own}
    problems, typed = [], {}
    for name, value in settings.items():
        where = Span(f"--set {name}={value}", 1, 1)
        if name not in known:
            problems.append(Problem(where, f"unknown setting '{name}'", hint=_did_you_mean(name, known)))
            continue
        typed[name], message, hint = read_setting(name, value, own)
        problems += [Problem(where, message, hint=hint)] if message else check_setting(name, typed[name], where, own)
    if problems:
        raise EditionError(problems)
    return typed


def _inherited_setting_types(source: Source) -> list[Problem]:
    """An edition's own setting given again by an edition built on it keeps its type
    (`stacking: flase` over the base's `stacking: false` is a mistake, not a text)."""
    if not isinstance(source, Merged) or not isinstance(source.own.get("settings"), dict):
        return []
    base = source.base.data.get("settings") or {}
    problems = []
    for name, value in source.own["settings"].items():
        if name in base and name not in DEFAULT_SETTINGS:
            span = source.span(("settings", name))
            problems += [Problem(span, f"$.{p.message}", hint=p.hint, source_line=source.line_text(span))
                         for p in check_setting(name, value, span, base)]
    return problems


def _script_syntax_problems(source: Source) -> list[Problem]:
    """Syntax errors of every script and condition found where the schema expects one."""
    found = []
    kinds = source.data.get("kinds") if isinstance(source.data, dict) else None
    for kid, spec in (kinds or {}).items() if isinstance(kinds, dict) else ():
        if not isinstance(spec, dict):
            continue
        for field_name, parse in (("effect", parse_script), ("on_start", parse_script), ("use", parse_script),
                                  ("playable", parse_condition), ("bluff_if", parse_condition)):
            text = spec.get(field_name)
            if not isinstance(text, str):
                continue
            try:
                parse(text)
            except ScriptError as error:
                span = source.script_span(("kinds", kid, field_name), error.line, error.column)
                found.append(Problem(span, error.message, hint=error.hint, source_line=source.line_text(span)))
    return found


def _in_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.span.file, p.span.line, p.span.column))


def _did_you_mean(name: str, known) -> str | None:
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f"did you mean '{close[0]}'?" if close else f"settings: {', '.join(sorted(known))}"


class _Builder:
    def __init__(self, doc: Source):
        self.doc = doc  # the edition's data, merged over its base, with positions
        self.data = doc.data
        self.problems: list[Problem] = []
        self.hook_origins: list = []  # per hook: its path in the edition, or the --rule's RuleSource
        self.stack_rules: list = []  # `stack where` conditions of the house rules
        self.replacements: dict = {}  # event -> body of the last `instead of EVENT:` of the house rules
        # Out-of-turn windows of the house rules: `jump in where` conditions, and what a false
        # call costs under `uno at any time` (the last such rule's).
        self.jump_rules: list = []
        self.false_call: int | None = None

    # ---- reporting

    def problem(self, path: tuple, message: str, hint: str | None = None) -> None:
        self.problems.append(self.doc.problem(path, message, hint))

    def script_problem(self, path: tuple, error: ScriptError) -> None:
        span = self.doc.script_span(path, error.line, error.column)
        self.problems.append(Problem(span, error.message, hint=error.hint,
                                     source_line=self.doc.line_text(span)))

    def compile(self, path: tuple, text: str, condition: bool, context: Context | None = None) -> Compiled | None:
        """A condition or a script, of the kind `context` says (what it may do and read)."""
        origin = f"{self.doc.filename}:{'.'.join(map(str, path))}"
        try:
            if condition:
                return compile_condition(parse_condition(text), self.vocab, origin, context or CONDITION)
            return compile_script(parse_script(text), self.vocab, origin, context or EFFECT)
        except ScriptError as error:
            self.script_problem(path, error)
            return None

    # ---- building

    def build(self, rules: list[str], eliminates: bool = True) -> Edition:
        data = self.data
        colours = tuple(data["colours"])
        settings = {**DEFAULT_SETTINGS, **data.get("settings", {})}
        kinds_data: dict = data["kinds"]
        self.vocab = Vocabulary(
            colours=colours,
            kinds=tuple(kinds_data),
            symbols=tuple(k["symbol"] for k in kinds_data.values() if k.get("symbol")),
            tags=self._tag_values(kinds_data),
            settings=settings,
            reactions=any("reaction" in k for k in kinds_data.values()),
            # (a rule written on a blank card mid-game may eliminate)
            eliminates=eliminates or any(k.get("blank") for k in kinds_data.values()),
            stacking=self._any_stack_rule(rules),
        )
        self.vocab.player_state, self.vocab.game_state = read_state(data, colours, self.problem)
        self.vocab.chance = read_chance(data, self.problem)
        self.vocab.piles = read_piles(data, self.problem)
        action_trees, self.vocab.actions = read_actions(data, self.problem, self.script_problem)
        actions = self._actions(action_trees)
        tag_rules = self._tag_rules()
        kinds = {kid: self._kind(kid, spec) for kid, spec in kinds_data.items()}
        hooks, written_extra = self._house_rules(rules)
        deck = self._expand(kinds, kinds_data, colours, tag_rules)
        written = self._written_rules(deck, kinds_data, written_extra)
        table = tuple(data.get("table", ()))
        for index, kid in enumerate(table):
            if kid not in kinds:
                self.problem(("table", index), f"'{kid}' is not a kind of this edition")
            elif "use" not in kinds_data[kid]:  # (one that does not compile is reported as such)
                self.problem(("kinds", kid), f"'{kid}' lies on the table but has no `use:` script")
        unbuildable = bool(self.problems)
        self._check_totals(deck)
        if unbuildable:
            raise EditionError(_in_order(self.problems))
        # A wrong `total` leaves a sound edition: its checks and warnings are reported with it.
        edition = Edition(
            name=data["name"], id=data.get("id", Path(self.doc.filename).stem),
            version=str(data.get("version", "1")), source=data.get("source", ""),
            colours=colours, settings=settings, kinds=kinds, deck=deck,
            vocabulary=self.vocab, hooks=hooks, stack_rules=self.stack_rules, hook_origins=self.hook_origins, total=data.get("total"),
            path=self.doc.filename,
            table=table, written=written, compile_rule=self._rule_compiler(),
            suggested_rules=self._suggested_rules(),
            display_colours=dict(data.get("display_colours", {})),
            actions=actions, replacements=self.replacements,
            jump_rules=self.jump_rules, false_call=self.false_call,
        )
        mark_quiet_kinds(edition)
        edition.faces_up = may_turn_hands_face_up(edition)
        found = check_edition(edition, self.doc) + self.problems
        errors = [p for p in found if p.severity == "error"]
        if errors:
            raise EditionError(_in_order(found))
        edition.warnings = _in_order(found)
        return edition

    def _actions(self, trees: dict) -> dict[str, Compiled]:
        """The edition's actions, compiled (each runs as the player who does it, about no card)."""
        compiled = {}
        for name, tree in trees.items():
            path = ("actions", name)
            try:
                action = compile_script(tree, self.vocab, f"{self.doc.filename}:actions.{name}", ACTION)
            except ScriptError as error:
                self.script_problem(path, error)
                continue
            rule = next((s for s in tree.body if isinstance(s, _TABLE_RULES)), None)
            if rule is not None:
                self.script_problem(path, ScriptError("an action is made of statements; hooks and rules go in "
                                                      "the edition's `rules:`", rule.line, rule.column))
                continue
            compiled[name] = action
        return compiled

    def _tag_values(self, kinds_data: dict) -> dict[str, set]:
        tags: dict[str, set] = {}
        for name, rule in self.data.get("tags", {}).items():
            tags[name] = set(rule) if isinstance(rule, dict) else {True}
        for spec in kinds_data.values():
            for name, value in spec.get("tags", {}).items():
                tags.setdefault(name, set()).add(value)
        return tags

    def _tag_rules(self) -> list[tuple[str, object, Compiled]]:
        """(tag, value, condition) for each edition-level tag: `harry: "number in [2, 6, 9]"`."""
        rules = []
        for name, rule in self.data.get("tags", {}).items():
            cases = rule.items() if isinstance(rule, dict) else [(True, rule)]
            for value, text in cases:
                path = ("tags", name, value) if isinstance(rule, dict) else ("tags", name)
                compiled = self.compile(path, text, condition=True)
                if compiled is not None and (not compiled.pure or reads_top(compiled.tree)):
                    self.problem(path, "a tag is given to each card once, when the edition loads: its condition "
                                       "can only read the card itself, not the game",
                                 hint="use the card's attributes (colour, number, symbol, kind, ...) and other tags")
                elif compiled is not None:
                    rules.append((name, value, compiled))
        return rules

    def _kind(self, kid: str, spec: dict) -> CardKind:
        path = ("kinds", kid)
        playable_text = spec.get("playable", DEFAULT_PLAYABLE)
        kind = CardKind(
            id=kid, name=spec.get("name", kid.replace("_", " ").title()),
            symbol=spec.get("symbol"), wild=bool(spec.get("wild", False)),
            points=spec.get("points", 0),
            playable=self.compile((*path, "playable"), playable_text, condition=True, context=PLAYABLE),
            tags=dict(spec.get("tags", {})), description=spec.get("description"),
            sources={"playable": playable_text},
        )
        if "points" not in spec:
            self.problem(path, f"kind '{kid}' has no points", hint="add `points: N` (or `face`)")
        kind.blank = bool(spec.get("blank", False))
        for field_name, condition, context in (("bluff_if", True, CONDITION), ("effect", False, EFFECT),
                                               ("on_start", False, START), ("use", False, USE)):
            if field_name in spec:
                kind.sources[field_name] = spec[field_name]
                setattr(kind, field_name,
                        self._card_script((*path, field_name), spec[field_name], condition, context))
        if "reaction" in spec:
            reaction = spec["reaction"]
            kind.reaction_against = self.compile((*path, "reaction", "against"), reaction["against"], True)
            if "effect" in reaction:
                kind.reaction_effect = self._card_script((*path, "reaction", "effect"), reaction["effect"], False)
        return kind

    def _card_script(self, path: tuple, text: str, condition: bool, context: Context | None = None) -> Compiled | None:
        compiled = self.compile(path, text, condition, context)
        if compiled is not None and not condition and compiled.hooks:
            hook = next(s for s in compiled.tree.body if isinstance(s, ast.On))
            self.script_problem(path, ScriptError("a card's script cannot hold `on` hooks", hook.line, hook.column,
                                                  hint="put hooks in the edition's `rules:`"))
        if compiled is not None and not condition and compiled.replacements:
            rule = next(s for s in compiled.tree.body if isinstance(s, ast.Instead))
            self.script_problem(path, ScriptError(
                f"a card's script cannot hold `instead of {rule.event}`: it is a rule for the whole table",
                rule.line, rule.column, hint="put it in the edition's `rules:`"))
        if compiled is not None and not condition and compiled.windows():
            rule = next(s for s in compiled.tree.body if isinstance(s, (ast.JumpIn, ast.UnoAnyTime)))
            self.script_problem(path, ScriptError(
                "a card's script cannot open an out-of-turn window: it is a rule for the whole table",
                rule.line, rule.column, hint="put it in the edition's `rules:`"))
        if compiled is not None and not condition and compiled.stack_rules:
            rule = next(s for s in compiled.tree.body if isinstance(s, ast.StackRule))
            self.script_problem(path, ScriptError(
                "a card's script cannot hold a stacking rule", rule.line, rule.column,
                hint="put `stack where ...` in the edition's `rules:`, or let the card's own draw say it: "
                     "`next draws 2 or passes it on with CONDITION`"))
        return compiled

    def _written_rules(self, deck: list[Card], kinds_data: dict, extra: list[Compiled]) -> dict:
        """Rules written on blank cards: the edition's own, then those given with --rule."""
        written: dict = {}
        pending = list(extra)
        for kid, spec in kinds_data.items():
            if not spec.get("blank"):
                if spec.get("written"):
                    self.problem(("kinds", kid, "written"), f"'{kid}' is not a blank kind",
                                 hint="add `blank: true` to write rules on its cards")
                continue
            cards = [c for c in deck if c.kind == kid]
            rules = [self._card_script(("kinds", kid, "written", i), text, False, WRITTEN)
                     for i, text in enumerate(spec.get("written", []))]
            if len(rules) > len(cards):
                count = f"{len(cards)} card" + ("s" if len(cards) != 1 else "")
                self.problem(("kinds", kid, "written"), f"{len(rules)} rules written on {count}",
                             hint="one rule per card of the kind in the deck")
            for card in cards:
                rule = rules.pop(0) if rules else (pending.pop(0)[1] if pending else None)
                if rule is not None:
                    written[card.uid] = rule
        for label, _rule in pending:
            self.problems.append(Problem(
                Span(label, 1, 1),
                "this rule is made of statements, so it is written on a blank card, but no blank card is left",
                hint="a rule for the whole table is made of `on EVENT:` hooks"))
        return written

    def _any_stack_rule(self, extra: list[str]) -> bool:
        """Whether a house rule of the edition or of `--rule` says `stack where` (read before
        the cards' scripts are compiled; problems in the rules are reported when they are)."""
        texts = [r["script"] for r in self.data.get("rules", []) if isinstance(r, dict) and isinstance(r.get("script"), str)]
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

    def _rule_compiler(self):
        vocab = self.vocab

        def compile_rule(text: str) -> Compiled:
            """A rule written at the table; raises ScriptError with its position."""
            script = parse_script(text)
            if any(isinstance(s, _TABLE_RULES) for s in script.body):
                raise ScriptError("a rule written on a card cannot hold `on` hooks or rules for the whole "
                                  "table (stacking, out-of-turn windows)", 1, 1)
            return compile_script(script, vocab, "<written rule>", WRITTEN)

        return compile_rule

    def _house_rules(self, extra: list[str]) -> tuple[list, list]:
        """Hooks of the edition's `rules:` and of `--rule` scripts; a `--rule` made of
        statements instead is written on the next blank card."""
        hooks, written = [], []
        for index, rule in enumerate(self.data.get("rules", [])):
            path = ("rules", index, "script")
            found = self._rule_hooks(path, rule["script"], self.script_problem)
            hooks.extend(found)
            self.hook_origins.extend([path] * len(found))
        try:
            sources = rule_sources(extra)
        except EditionError as error:
            self.problems.extend(error.problems)
            return hooks, written
        for index, source in enumerate(sources):
            def report(_path, error, source=source):
                span = source.span(error.line, error.column)
                line = source.doc.source_line(span.line) if source.doc is not None else None
                self.problems.append(Problem(span, error.message, hint=error.hint, source_line=line))
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
                found = self._rule_hooks(("--rule",), source.text, report)
                hooks.extend(found)
                self.hook_origins.extend([source] * len(found))
        return hooks, written

    def _suggested_rules(self) -> list[str]:
        """Starter rules the edition offers for its blank cards (`starter_rules: FOLDER`)."""
        folder = self.data.get("starter_rules")
        if not folder:
            return []
        try:
            sources = starter_rules(self.doc.filename, folder, self.doc.span(("starter_rules",)))
        except EditionError as error:
            self.problems.extend(error.problems)
            return []
        compile_rule = self._rule_compiler()
        for source in sources:  # a player may write any of them on a blank card mid-game
            try:
                compile_rule(source.text)
            except ScriptError as error:
                span = source.span(error.line, error.column)
                self.problems.append(Problem(span, error.message, hint=error.hint,
                                             source_line=source.doc.source_line(span.line)))
        return [source.text for source in sources]

    def _rule_hooks(self, path, text, report, direct=False) -> list:
        try:
            script = parse_script(text)
            loose = next((s for s in script.body if not isinstance(s, _TABLE_RULES)), None)
            if loose is not None:
                raise ScriptError("a house rule is made of `on EVENT:` hooks and rules for the whole table "
                                  "(`stack where`, `instead of`, `jump in where`, `uno at any time`); a "
                                  "statement outside a hook would never run", loose.line, loose.column)
            compiled = compile_script(script, self.vocab, f"{self.doc.filename}:rule")
            self.stack_rules.extend(compiled.stack_rules)
            self.replacements.update(compiled.replacements)  # (a later rule replaces an earlier one's)
            self.jump_rules.extend(compiled.jump_rules)
            if compiled.false_call is not None:
                self.false_call = compiled.false_call
            return compiled.hooks
        except ScriptError as error:
            report(path, error)
            return []

    def _expand(self, kinds, kinds_data, colours, tag_rules) -> list[Card]:
        """The deck, card by card, from the compact composition of each kind."""
        deck: list[Card] = []
        for kid, spec in kinds_data.items():
            composition = spec.get("deck", {})
            kind_colours = composition.get("colours", colours)
            for index, colour in enumerate(kind_colours):
                if colour not in colours:
                    self.problem(("kinds", kid, "deck", "colours", index),
                                 f"'{colour}' is not a colour of this edition")
            for colour, number in self._faces(kid, composition, kind_colours):
                deck.append(Card(len(deck), kinds[kid], colour, number))
        for card in deck:
            for name, value, condition in tag_rules:
                if condition.function(card, None, None):
                    card.tags[name] = value
        faces: dict = {}
        for card in deck:
            key = (card.kind, card.colour, card.number, tuple(sorted(card.tags.items(), key=str)))
            card.face = faces.setdefault(key, len(faces))
        return deck

    def _faces(self, kid: str, composition: dict, kind_colours) -> list[tuple]:
        faces = []
        if not kind_colours and ("numbers" in composition or "per_colour" in composition):
            self.problem(("kinds", kid, "deck"), f"'{kid}' has cards in each colour, but the edition has no colours",
                         hint="give the edition its `colours:`, or count the kind's cards with `count: N` "
                              "(cards with no colour)")
        if "numbers" in composition:
            for spec, copies in composition["numbers"].items():
                match = _RANGE.match(str(spec))
                if not match:
                    self.problem(("kinds", kid, "deck", "numbers"), f"'{spec}' is not a number or a range N-M")
                    continue
                low, high = int(match[1]), int(match[2] or match[1])
                for colour in kind_colours:
                    for number in range(low, high + 1):
                        faces += [(colour, number)] * copies
        if "per_colour" in composition:
            for colour in kind_colours:
                faces += [(colour, None)] * composition["per_colour"]
        if "count" in composition:
            faces += [(None, None)] * composition["count"]
        return faces

    def _check_totals(self, deck: list[Card]) -> None:
        total = self.data.get("total")
        if total is not None and total != len(deck):
            self.problem(("total",), f"the deck has {len(deck)} cards, but `total` says {total}")
