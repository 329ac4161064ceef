"""Load an edition file: YAML -> schema check -> vocabulary -> compiled scripts -> deck.

Every problem found is collected with its position in the YAML file, and all of
them are raised together in one EditionError (`edition_problems` returns them:
`unodsl validate` and the language server use it). A file whose shape is wrong
(values YAML cannot read, the schema's problems) still has its scripts checked,
against what is sound in it; the checks of the edition as a whole (its deck,
cards that can never be played) wait until the shape is right.
"""
from __future__ import annotations

import copy
import difflib
import re
from dataclasses import replace
from pathlib import Path

from ..codes import COMMAND_LINE, DECK, DECLARATION, SCRIPT_MEANING, UNREADABLE, WRONG_TYPE
from ..stops import RoundStopped
from ..engine.quiet import mark_quiet_kinds, may_turn_hands_face_up
from ..errors import EditionError, Problem, ScriptError, Span
from ..limits import MAX_DECK_CARDS
from ..lang import ast
from ..lang.compile import (ACTION, CONDITION, EFFECT, PLAYABLE, START, USE, WRITTEN, Compiled, Context, Vocabulary,
                             compile_condition, compile_script)
from ..lang.parse import parse_condition, parse_script
from ..resources import edition_path, exists, unknown_edition_hint
from .checks import check_edition, reads_top
from .inherit import Merged, Source, source_of
from .rules import rule_sources, starter_rules
from .model import DEFAULT_PLAYABLE, DEFAULT_SETTINGS, Card, CardKind, Edition
from .actions import action_sizes_by_verb, read_actions
from .leaving import let_players_leave
from .sides import all_colours, pair_backs, read_sides
from .state import read_chance, read_piles, read_state
from .schema import check_schema, check_setting, read_setting, repaired
from .yamlsrc import YamlDoc, read_text_file, read_yaml


_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")
# What a house rule for the whole table is made of (anything else is a rule written on a card).
_TABLE_RULES = ast.TABLE_RULES
MAX_KNOWN_RULES = 256  # rules written at the table kept compiled, per edition


def load_edition(name_or_path: str, rules: list[str] | None = None, settings: dict | None = None) -> Edition:
    """An edition by name (`classic`) or path, with optional extra house-rule scripts
    and settings that replace the file's (`{"teams": True}`)."""
    path = edition_file(name_or_path)
    return build_edition(read_yaml(read_text_file(path), str(path)), rules or [], settings)


def edition_file(name_or_path: str) -> Path:
    """The file of an edition named (`classic`) or given by its path; an EditionError if none."""
    path = edition_path(name_or_path)
    if not exists(path):
        raise EditionError([Problem(Span(str(name_or_path), 0, 0),
                                    f"no edition named '{name_or_path}' and no such file",
                                    hint=unknown_edition_hint(str(name_or_path)), code=UNREADABLE)])
    return path


def load_edition_text(text: str, filename: str = "<edition>", rules: list[str] | None = None,
                      settings: dict | None = None) -> Edition:
    return build_edition(read_yaml(text, filename), rules or [], settings)


def build_edition(doc: YamlDoc, rules: list[str], settings: dict | None = None) -> Edition:
    """The edition in `doc` (its warnings in `.warnings`); an EditionError with every
    problem if any is an error."""
    edition, problems = edition_problems(doc, rules, settings)
    if edition is None:
        raise EditionError(problems)
    edition.warnings = problems
    return edition


def edition_problems(doc: YamlDoc, rules: list[str], settings: dict | None = None
                     ) -> tuple[Edition | None, list[Problem]]:
    """The edition in `doc` and every problem found in it, in source order; the
    edition is None when a problem is an error. Raises an EditionError only when
    there is nothing to check: `doc` is not a mapping."""
    if doc.problems and not isinstance(doc.data, dict):  # (`!!python/object` at the top: said once)
        return None, list(doc.problems)
    doc.require_mapping("an edition")
    problems = list(doc.problems)  # values YAML could not read (read_yaml)
    try:
        source = source_of(doc)
    except EditionError as error:  # the base cannot be read: check what this file holds alone
        return None, _in_order(problems + error.problems + _script_syntax_problems(Source(doc)))
    if (settings or rules) and isinstance(source.data, dict) and isinstance(source.data.get("settings", {}), dict):
        own = source.data.get("settings") or {}
        from_rules, wrong_in_rules = _rule_file_settings(rules, own)
        given, wrong = _given_settings(settings or {}, own)
        if from_rules or given:  # a later rule file's replace an earlier one's; --set replaces them all
            source.data["settings"] = {**own, **from_rules, **given}
        problems += wrong_in_rules + wrong
    unread = {_place(p.span) for p in doc.problems}  # (a value YAML could not read is null: said once)
    schema_problems = [p for p in check_schema(source) + _inherited_setting_types(source)
                       if _place(p.span) not in unread]
    problems += schema_problems
    if doc.problems or schema_problems:  # the shape is wrong: its scripts are checked all the same
        return None, _in_order(problems + _script_problems(source, rules))
    edition, found = _build(source, rules)
    problems = _in_order(problems + found)
    return (None if _has_error(problems) else edition), problems


def _has_error(problems: list[Problem]) -> bool:
    return any(p.severity == "error" for p in problems)


def _place(span: Span) -> tuple:
    return span.file, span.line, span.column


def _build(source: Source, rules: list[str]) -> tuple[Edition | None, list[Problem]]:
    """The edition of a source the schema accepts, and its problems (None if one is an error)."""
    try:
        edition = _Builder(source).build(rules, eliminates=False)
        if edition.vocabulary.eliminating:  # a script eliminates: `next` must pass over players who left
            edition = _Builder(source).build(rules, eliminates=True)
    except EditionError as error:
        return None, error.problems
    return edition, edition.warnings


def _script_problems(source: Source, rules: list[str]) -> list[Problem]:
    """The problems of every script of a file whose shape is wrong, each compiled against
    what is sound in it: the edition is built from its data with what breaks the schema
    taken out (a wrong `points:`) or filled in (a kind with no `deck:`), and only what is
    found in scripts, and in the house rules given, is kept; what the repair changed (the
    deck, the points) would be no news. When no repair can be made, the scripts' syntax."""
    data = repaired(source.data, source.base.data if isinstance(source, Merged) else None)
    if data is None:
        return _script_syntax_problems(source)
    mended = copy.copy(source)  # the same files and positions, holding the mended data
    mended.data = data
    _edition, found = _build(mended, rules)
    return [p for p in found if p.code.startswith(("L", "F"))]  # the scripts', the command line's


def _given_settings(settings: dict, own: dict) -> tuple[dict, list[Problem]]:
    """Settings given apart from the file (`--set NAME=VALUE`), each read as its type, and
    the problems of the wrong ones (left out): a wrong one is the command line's mistake,
    so it is placed there, not in the file."""
    known = {*DEFAULT_SETTINGS, *own}
    problems, typed = [], {}
    for name, value in settings.items():
        where = Span(f"--set {name}={value}", 0, 0)  # (no file: no line and column)
        if name not in known:
            problems.append(Problem(where, f"unknown setting '{name}'", hint=_did_you_mean(name, known)))
            continue
        value, message, hint = read_setting(name, value, own)
        wrong = [Problem(where, message, hint=hint)] if message else check_setting(name, value, where, own)
        problems += wrong
        if not wrong:
            typed[name] = value
    return typed, [p.with_code(COMMAND_LINE) for p in problems]


def _rule_file_settings(rules: list[str], own: dict) -> tuple[dict, list[Problem]]:
    """The settings of the rule files given (`--rule @no-bluffing`), each checked where
    the rule file writes it (a later rule file's replace an earlier one's), and the
    problems found in them."""
    try:
        sources = rule_sources(rules)
    except EditionError:
        return {}, []  # reported with the edition's other problems (_Builder._house_rules)
    known = {*DEFAULT_SETTINGS, *own}
    problems, found = [], {}
    for rule in sources:
        for name, value in rule.settings.items():
            if name not in known:
                problems.append(rule.doc.problem(("settings", name), f"unknown setting '{name}'",
                                                 _did_you_mean(str(name), known), at_key=True, code=COMMAND_LINE))
                continue
            span = rule.doc.span(("settings", name))
            wrong = [replace(p, source_line=rule.doc.source_line(span.line)).with_code(COMMAND_LINE)
                     for p in check_setting(name, value, span, own)]
            problems += wrong
            if not wrong:
                found[name] = value
    return found, problems


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
            problems += [Problem(span, f"$.{p.message}", hint=p.hint, source_line=source.line_text(span),
                                 code=WRONG_TYPE)
                         for p in check_setting(name, value, span, base)]
    return problems


def _script_syntax_problems(source: Source) -> list[Problem]:
    """Syntax errors of every script and condition found where the schema expects one
    (what can be checked of a file no edition can be built from)."""
    found = []
    for path, text, parse in scripts_in(source.data):
        try:
            parse(text)
        except ScriptError as error:
            span = source.script_span(path, error.line, error.column)
            found.append(Problem(span, error.message, hint=error.hint, source_line=source.line_text(span),
                                 code=error.code or SCRIPT_MEANING))
    return found


_KIND_SCRIPTS = (("effect", parse_script), ("on_start", parse_script), ("use", parse_script),
                 ("playable", parse_condition), ("bluff_if", parse_condition))


def scripts_in(data) -> list[tuple[tuple, str, object]]:
    """(path, text, parser) of every text of `data` written where a script or a condition goes."""
    found = []
    for kid, spec in _items(_get(data, "kinds")):
        for field_name, parse in _KIND_SCRIPTS:
            found.append((("kinds", kid, field_name), _get(spec, field_name), parse))
        reaction = _get(spec, "reaction")
        found += [(("kinds", kid, "reaction", "against"), _get(reaction, "against"), parse_condition),
                  (("kinds", kid, "reaction", "effect"), _get(reaction, "effect"), parse_script)]
        written = _get(spec, "written")
        found += [(("kinds", kid, "written", i), text, parse_script)
                  for i, text in enumerate(written if isinstance(written, list) else [])]
    rules = _get(data, "rules")
    found += [(("rules", i, "script"), _get(rule, "script"), parse_script)
              for i, rule in enumerate(rules if isinstance(rules, list) else [])]
    found += [(("actions", name), text, parse_script) for name, text in _items(_get(data, "actions"))]
    for name, rule in _items(_get(data, "tags")):
        cases = [(("tags", name, value), text) for value, text in _items(rule)] if isinstance(rule, dict) \
            else [(("tags", name), rule)]
        found += [(path, text, parse_condition) for path, text in cases]
    return [(path, text, parse) for path, text, parse in found if isinstance(text, str)]


def _get(data, key):
    return data.get(key) if isinstance(data, dict) else None


def _items(data) -> list:
    return list(data.items()) if isinstance(data, dict) else []


def _in_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.span.file, p.span.line, p.span.column))


def _did_you_mean(name: str, known, what: str = "settings") -> str | None:
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f"did you mean '{close[0]}'?" if close else f"{what}: {', '.join(sorted(known))}"


class _Builder:
    def __init__(self, doc: Source):
        self.doc = doc  # the edition's data, merged over its base, with positions
        self.data = doc.data
        self.problems: list[Problem] = []
        self.hook_origins: list = []  # per hook: its path in the edition, or the --rule's RuleSource
        self.hook_names: list[str] = []  # per hook: the name of the house rule it belongs to
        self.stack_rules: list = []  # `stack where` conditions of the house rules
        self.replacements: dict = {}  # event -> body of the last `instead of EVENT:` of the house rules
        self.edition: Edition | None = None  # once built (a rule written during play may recompile it)
        # Out-of-turn windows of the house rules: `jump in where` conditions, and what a false
        # call costs under `uno at any time` (the last such rule's).
        self.jump_rules: list = []
        self.false_call: int | None = None

    # ---- reporting

    def problem(self, path: tuple, message: str, hint: str | None = None, code: str = DECLARATION,
                at_key: bool = False) -> None:
        self.problems.append(self.doc.problem(path, message, hint, code=code, at_key=at_key))

    def script_problem(self, path: tuple, error: ScriptError) -> None:
        span = self.doc.script_span(path, error.line, error.column)
        self.problems.append(Problem(span, error.message, hint=error.hint,
                                     source_line=self.doc.line_text(span), code=error.code or SCRIPT_MEANING))

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
        known = len(self.problems)
        self.sides = read_sides(data, self.problem)
        self.sides_sound = len(self.problems) == known  # (else their decks' sizes say nothing more)
        colours = all_colours(self.sides) if self.sides else tuple(data["colours"])
        settings = {**DEFAULT_SETTINGS, **data.get("settings", {})}
        # (`players: {max: 6}` gives one bound: the other stays the default)
        settings["players"] = {**DEFAULT_SETTINGS["players"], **settings["players"]}
        kinds_data: dict = data["kinds"]
        self.vocab = Vocabulary(
            colours=colours,
            kinds=tuple(kinds_data),
            symbols=tuple(k["symbol"] for k in kinds_data.values() if k.get("symbol")),
            tags=self._tag_values(kinds_data),
            settings=settings,
            reactions=any("reaction" in k for k in kinds_data.values()),
            # (a rule written on a blank card mid-game may eliminate: unodsl.edition.leaving)
            eliminates=eliminates,
            stacking=self._any_stack_rule(rules),
            sides=tuple(side.name for side in self.sides),
        )
        self.vocab.player_state, self.vocab.game_state = read_state(data, colours, self.problem)
        self.vocab.chance = read_chance(data, self.problem)
        self.vocab.piles = read_piles(data, self.problem)
        action_trees, self.vocab.actions = read_actions(data, self.problem, self.script_problem)
        self.vocab.action_weights, self.vocab.action_costs = action_sizes_by_verb(action_trees)
        actions = self._actions(action_trees)
        tag_rules = self._tag_rules()
        kinds = {kid: self._kind(kid, spec) for kid, spec in kinds_data.items()}
        hooks, written_extra = self._house_rules(rules)
        deck = self._deck(kinds, kinds_data, colours, tag_rules)
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
            vocabulary=self.vocab, hooks=hooks, stack_rules=self.stack_rules, hook_origins=self.hook_origins,
            hook_names=self.hook_names, total=data.get("total"),
            path=self.doc.filename,
            table=table, written=written, compile_rule=self._rule_compiler(),
            suggested_rules=self._suggested_rules(),
            display_colours=dict(data.get("display_colours", {})),
            actions=actions, replacements=self.replacements, sides=self.sides,
            jump_rules=self.jump_rules, false_call=self.false_call,
        )
        self.edition = edition
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

    def _tag_rules(self) -> list[tuple[str, object, Compiled, tuple]]:
        """(tag, value, condition, path) for each edition-level tag: `harry: "number in [2, 6, 9]"`."""
        rules = []
        for name, rule in self.data.get("tags", {}).items():
            cases = rule.items() if isinstance(rule, dict) else [(True, rule)]
            for value, text in cases:
                path = ("tags", name, value) if isinstance(rule, dict) else ("tags", name)
                compiled = self.compile(path, text, condition=True)
                if compiled is not None and (not compiled.pure or reads_top(compiled.tree)):
                    self.problem(path, "a tag is given to each card once, when the edition loads: its condition "
                                       "can only read the card itself, not the game",
                                 hint="use the card's attributes (colour, number, symbol, kind, ...) and other tags",
                                 code=SCRIPT_MEANING)
                elif compiled is not None:
                    rules.append((name, value, compiled, path))
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
            self.problem(path, f"kind '{kid}' has no points", hint="add `points: N` (or `face`)", code=DECK)
        kind.blank = bool(spec.get("blank", False))
        for field_name, condition, context in (("bluff_if", True, CONDITION), ("effect", False, EFFECT),
                                               ("on_start", False, START), ("use", False, USE)):
            if field_name in spec:
                kind.sources[field_name] = spec[field_name]
                setattr(kind, field_name,
                        self._card_script((*path, field_name), spec[field_name], condition, context))
        if kind.bluff_if is not None and kind.playable is not None and self.vocab.settings["no_bluffing"]:
            kind.playable = self._never_a_bluff((*path, "bluff_if"), kind)
        if "reaction" in spec:
            reaction = spec["reaction"]
            kind.reaction_against = self.compile((*path, "reaction", "against"), reaction["against"], True)
            if "effect" in reaction:
                kind.reaction_effect = self._card_script((*path, "reaction", "effect"), reaction["effect"], False)
        return kind

    def _never_a_bluff(self, path: tuple, kind: CardKind) -> Compiled | None:
        """The setting `no_bluffing`: the card may be played only when its `playable` holds
        and its `bluff_if` does not, one condition (so `bluff_if` may not read `playable`)."""
        bluff = kind.bluff_if.tree
        legal = ast.And(bluff.line, bluff.column, (kind.playable.tree, ast.Not(bluff.line, bluff.column, bluff)))
        try:
            return compile_condition(legal, self.vocab, f"{self.doc.filename}:{'.'.join(path)}", PLAYABLE)
        except ScriptError as error:
            self.script_problem(path, ScriptError(
                error.message, error.line, error.column,
                hint="with the setting no_bluffing, `bluff_if` says when the card may not be played"))
            return None

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
                             hint="one rule per card of the kind in the deck", code=DECK)
            for card in cards:
                rule = rules.pop(0) if rules else (pending.pop(0)[1] if pending else None)
                if rule is not None:
                    written[card.uid] = rule
        for label, _rule in pending:
            self.problems.append(Problem(
                Span(label, 1, 1),  # (the rule script, from its start)
                "this rule is made of statements, so it is written on a blank card, but no blank card is left",
                hint="a rule for the whole table is made of `on EVENT:` hooks", code=COMMAND_LINE))
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

    def _house_rules(self, extra: list[str]) -> tuple[list, list]:
        """Hooks of the edition's `rules:` and of `--rule` scripts; a `--rule` made of
        statements instead is written on the next blank card."""
        hooks, written = [], []
        for index, rule in enumerate(self.data.get("rules", [])):
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
                span = source.span(error.line, error.column)
                line = source.doc.source_line(span.line) if source.doc is not None else None
                self.problems.append(Problem(span, error.message, hint=error.hint, source_line=line,
                                             code=error.code or SCRIPT_MEANING))
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
                                             source_line=source.doc.source_line(span.line),
                                             code=error.code or SCRIPT_MEANING))
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
                self.false_call = compiled.false_call
            return compiled.hooks
        except ScriptError as error:
            report(path, error)
            return []

    def _deck(self, kinds, kinds_data, colours, tag_rules) -> list[Card]:
        """The deck (of a two-sided edition: the first side's faces, each with its back),
        its cards tagged and their faces numbered."""
        if not self.sides:
            deck = self._expand(kinds, kinds_data, colours)
            every_face = deck
        else:
            decks = [self._expand(kinds, {kid: kinds_data[kid] for kid in side.kinds if kid in kinds_data},
                                  side.colours, index, f"the {side.name} side")
                     for index, side in enumerate(self.sides)]
            if self.sides_sound:
                pair_backs(decks[0], decks[1], self.sides, self.data.get("backs"), self.problem)
            deck, every_face = decks[0], decks[0] + decks[1]
        failed: set = set()
        for card in every_face:
            for name, value, condition, path in tag_rules:
                try:
                    if condition.function(card, None, None):
                        card.tags[name] = value
                except RoundStopped as stop:  # (a number past the bound: no round to stop, the file is wrong)
                    if path not in failed:
                        failed.add(path)
                        self.problem(path, f"for {card.label()}, {stop.reason}", code=SCRIPT_MEANING,
                                     hint="a tag's condition is worked out for every card as the edition loads")
        faces: dict = {}
        for card in every_face:
            key = (card.kind, card.colour, card.number, tuple(sorted(card.tags.items(), key=str)))
            card.face = faces.setdefault(key, len(faces))
        return deck

    def _expand(self, kinds, kinds_data, colours, side: int = 0, whose: str = "this edition") -> list[Card]:
        """The cards of `kinds_data` (one side's, or the edition's), card by card, from
        the compact composition of each kind."""
        deck: list[Card] = []
        for kid, spec in kinds_data.items():
            composition = spec.get("deck", {})
            kind_colours = composition.get("colours", colours)
            for index, colour in enumerate(kind_colours):
                if colour not in colours:
                    self.problem(("kinds", kid, "deck", "colours", index),
                                 f"'{colour}' is not a colour of {whose}", code=DECK,
                                 hint=_did_you_mean(str(colour), colours, "colours") if colours else None)
            for colour, number in self._faces(kid, composition, kind_colours, len(deck)):
                deck.append(Card(len(deck), kinds[kid], colour, number, side))
        return deck

    def _faces(self, kid: str, composition: dict, kind_colours, before: int = 0) -> list[tuple]:
        """The (colour, number) of each card of kind `kid`; `before`: the cards of the kinds
        before it (a deck past MAX_DECK_CARDS is refused where it is crossed, before it is made)."""
        faces: list = []

        def room(key: str, adding: int) -> bool:
            if before + len(faces) + adding <= MAX_DECK_CARDS:
                return True
            self.problem(("kinds", kid, "deck", key), f"the deck would have more than {MAX_DECK_CARDS:,} cards",
                         code=DECK, hint="a deck is a few hundred cards at most (No Mercy's has 168)")
            return False
        if not kind_colours and ("numbers" in composition or "per_colour" in composition):
            self.problem(("kinds", kid, "deck"), f"'{kid}' has cards in each colour, but the edition has no colours",
                         code=DECK,
                         hint="give the edition its `colours:`, or count the kind's cards with `count: N` "
                              "(cards with no colour)")
        if "numbers" in composition:
            for spec, copies in composition["numbers"].items():
                match = _RANGE.match(str(spec))
                if not match:
                    self.problem(("kinds", kid, "deck", "numbers"), f"'{spec}' is not a number or a range N-M",
                                 code=DECK)
                    continue
                low, high = int(match[1]), int(match[2] or match[1])
                if not room("numbers", len(kind_colours) * max(high - low + 1, 0) * copies):
                    return faces
                for colour in kind_colours:
                    for number in range(low, high + 1):
                        faces += [(colour, number)] * copies
        if "per_colour" in composition:
            if not room("per_colour", len(kind_colours) * composition["per_colour"]):
                return faces
            for colour in kind_colours:
                faces += [(colour, None)] * composition["per_colour"]
        if "count" in composition and room("count", composition["count"]):
            faces += [(None, None)] * composition["count"]
        return faces

    def _check_totals(self, deck: list[Card]) -> None:
        total = self.data.get("total")
        if total is not None and total != len(deck):
            self.problem(("total",), f"the deck has {len(deck)} cards, but `total` says {total}", code=DECK)
