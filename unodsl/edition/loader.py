"""Load an edition file: YAML -> schema check -> vocabulary -> compiled scripts -> deck.

Every problem found is collected with its position in the YAML file, and all of
them are raised together in one EditionError (`edition_problems` returns them:
`unodsl validate` and the language server use it). A file whose shape is wrong
(values YAML cannot read, the schema's problems) still has its scripts checked,
against what is sound in it; the checks of the edition as a whole (its deck,
cards that can never be played) wait until the shape is right.

The parts of the building each have their module: the house rules (house_rules.py), the
deck (deck.py), settings given apart from the file (given_settings.py), the scripts of a
file no edition can be built from (raw_scripts.py); the kinds, tags and actions are here.
"""
from __future__ import annotations

import copy
from pathlib import Path

from ..codes import COMMAND_LINE, DECK, DECLARATION, SCRIPT_MEANING, UNREADABLE
from ..errors import EditionError, Problem, ScriptError, Span
from ..lang import ast
from ..lang.compile import (ACTION, CONDITION, EFFECT, PLAYABLE, START, USE, WRITTEN, Compiled, Context, Vocabulary,
                             compile_condition, compile_script)
from ..lang.parse import parse_condition, parse_script
from ..lang.recover import check_partial
from ..resources import edition_path, exists, unknown_edition_hint
from .checks import check_edition, reads_top
from .deck import build_deck, check_total
from .given_settings import given_settings, inherited_setting_types, rule_file_settings
from .inherit import Merged, Source, source_of
from .model import DEFAULT_PLAYABLE, DEFAULT_SETTINGS, Card, CardKind, Edition
from .raw_scripts import script_syntax_problems
from .actions import action_sizes_by_verb, read_actions
from .written_rules import read_written_rules
from .house_rules import HouseRules, any_stack_rule
from .sides import all_colours, read_sides
from .state import player_piles, read_chance, read_discard_piles, read_piles, read_state
from .schema import check_schema, repaired
from .yamlsrc import YamlDoc, read_text_file, read_yaml


# What a house rule for the whole table is made of (anything else is a rule written on a card).
_TABLE_RULES = ast.TABLE_RULES


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
        return None, _in_order(problems + error.problems + script_syntax_problems(Source(doc)))
    if (settings or rules) and isinstance(source.data, dict) and isinstance(source.data.get("settings", {}), dict):
        own = source.data.get("settings") or {}
        from_rules, wrong_in_rules = rule_file_settings(rules, own)
        given, wrong = given_settings(settings or {}, own)
        if from_rules or given:  # a later rule file's replace an earlier one's; --set replaces them all
            source.data["settings"] = {**own, **from_rules, **given}
        problems += wrong_in_rules + wrong
    unread = {_place(p.span) for p in doc.problems}  # (a value YAML could not read is null: said once)
    schema_problems = [p for p in check_schema(source) + inherited_setting_types(source)
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
        return script_syntax_problems(source)
    mended = copy.copy(source)  # the same files and positions, holding the mended data
    mended.data = data
    _edition, found = _build(mended, rules)
    return [p for p in found if p.code.startswith(("L", "F"))]  # the scripts', the command line's


def _in_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.span.file, p.span.line, p.span.column))


class _Builder:
    def __init__(self, doc: Source):
        self.doc = doc  # the edition's data, merged over its base, with positions
        self.data = doc.data
        self.problems: list[Problem] = []

    # ---- reporting

    def problem(self, path: tuple, message: str, hint: str | None = None, code: str = DECLARATION,
                at_key: bool = False) -> None:
        self.problems.append(self.doc.problem(path, message, hint, code=code, at_key=at_key))

    def script_problem(self, path: tuple, error: ScriptError) -> None:
        for each in error.every():  # (the script's later mistakes too: unodsl/lang/recover.py)
            span = self.doc.script_span(path, each.line, each.column)
            self.problems.append(Problem(span, each.message, hint=each.hint,
                                         source_line=self.doc.line_text(span), code=each.code or SCRIPT_MEANING))

    def compile(self, path: tuple, text: str, condition: bool, context: Context | None = None) -> Compiled | None:
        """A condition or a script, of the kind `context` says (what it may do and read)."""
        origin = f"{self.doc.filename}:{'.'.join(map(str, path))}"
        try:
            if condition:
                return compile_condition(parse_condition(text), self.vocab, origin, context or CONDITION)
            return compile_script(parse_script(text), self.vocab, origin, context or EFFECT)
        except ScriptError as error:  # (after a syntax error, what parsed is checked for meaning too)
            self.script_problem(path, check_partial(error, lambda rest: compile_script(
                rest, self.vocab, origin, context or EFFECT)))
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
            stacking=any_stack_rule(data, rules),
            sides=tuple(side.name for side in self.sides),
        )
        self.vocab.player_state, self.vocab.game_state = read_state(data, colours, self.problem)
        self.vocab.chance = read_chance(data, self.problem)
        self.vocab.piles = read_piles(data, self.problem)
        self.vocab.player_piles = player_piles(data)  # (among the piles: those of each player's own)
        self.vocab.discard_piles = read_discard_piles(data, self.vocab.piles, self.problem)
        action_trees, self.vocab.actions = read_actions(data, self.problem, self.script_problem)
        self.vocab.action_weights, self.vocab.action_costs = action_sizes_by_verb(action_trees)
        actions = self._actions(action_trees)
        written_rules = read_written_rules(data, self.vocab, self.doc.filename, self.script_problem)
        tag_rules = self._tag_rules()
        kinds = {kid: self._kind(kid, spec) for kid, spec in kinds_data.items()}
        _name_numbered_kinds(kinds, kinds_data)
        house = HouseRules(self.doc, self.vocab, self.problems, self.script_problem)
        hooks, written_extra = house.read(rules)
        deck = build_deck(kinds, kinds_data, colours, tag_rules, self.sides, self.sides_sound, data.get("backs"),
                          self.problem)
        written = self._written_rules(deck, kinds_data, written_extra)
        table = tuple(data.get("table", ()))
        for index, kid in enumerate(table):
            if kid not in kinds:
                self.problem(("table", index), f"'{kid}' is not a kind of this edition")
            elif "use" not in kinds_data[kid]:  # (one that does not compile is reported as such)
                self.problem(("kinds", kid), f"'{kid}' lies on the table but has no `use:` script")
        unbuildable = bool(self.problems)
        check_total(data.get("total"), deck, self.problem)
        if unbuildable:
            raise EditionError(_in_order(self.problems))
        # A wrong `total` leaves a sound edition: its checks and warnings are reported with it.
        edition = Edition(
            name=data["name"], id=data.get("id", Path(self.doc.filename).stem),
            version=str(data.get("version", "1")), source=data.get("source", ""),
            colours=colours, settings=settings, kinds=kinds, deck=deck,
            vocabulary=self.vocab, hooks=hooks, stack_rules=house.stack_rules, hook_origins=house.hook_origins,
            hook_names=house.hook_names, total=data.get("total"),
            path=self.doc.filename,
            table=table, written=written, compile_rule=house.rule_compiler(), written_rules=written_rules,
            suggested_rules=house.suggested_rules(),
            display_colours=dict(data.get("display_colours", {})),
            language=data.get("language", "en"), words=dict(data.get("words") or {}),
            actions=actions, replacements=house.replacements, sides=self.sides,
            jump_rules=house.jump_rules, false_call=house.false_call, uno_strict=house.uno_strict,
        )
        house.edition = edition  # (a rule written during play may recompile it)
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



def _name_numbered_kinds(kinds: dict, kinds_data: dict) -> None:
    """The number cards are the first kind written with numbered cards (`red 7`); a card of
    another numbered kind (a Flex 4 beside them) is named with its kind's name, `red Flex 4`,
    unless its kind is named like theirs (the number cards of another side)."""
    numbered = [kid for kid, spec in kinds_data.items()
                if isinstance(spec.get("deck"), dict) and "numbers" in spec["deck"]]
    for kid in numbered[1:]:
        kinds[kid].named_with_number = kinds[kid].name != kinds[numbered[0]].name
