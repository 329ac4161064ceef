"""Checks of meaning on a built edition: what parses and compiles, but cannot work.

Each check returns Problems placed in the file where the offending text is:
an error when the edition cannot be played as written (a card that can never
be played, a `draws until` that no card satisfies), a warning when it is
probably a mistake (a Wild with no start-card rule, `bluffed` without
`bluff_if`).
"""
from __future__ import annotations

from ..codes import CANNOT_PLAY, DECLARATION, NEVER_HAPPENS, NO_START_RULE
from ..stops import RoundStopped
from ..errors import Problem
from ..lang import ast
from ..lang.registry import LANGUAGE
from ..errors import ScriptError
from ..lang.compile import Context, compile_condition
from ..lang.compile.emitter import takes_what_is_offered
from .. import words as table_words


def check_edition(edition, source) -> list[Problem]:
    """Every problem of meaning in `edition` (built from `source`, for positions)."""
    problems: list[Problem] = []
    for check, code in ((_never_playable, NEVER_HAPPENS), (_predicates_nothing_satisfies, NEVER_HAPPENS),
                        (_rules_that_never_fire, NEVER_HAPPENS), (_bluffed_without_rule, NEVER_HAPPENS),
                        (_no_start_rule, NO_START_RULE), (_every_start_card_turned_back, CANNOT_PLAY),
                        (_table_and_players, CANNOT_PLAY), (_hooks_in_a_table_use, CANNOT_PLAY),
                        (_words, DECLARATION)):
        problems.extend(problem.with_code(code) for problem in check(edition, source))
    return problems


def _warning(source, path, message, hint=None) -> Problem:
    return source.problem(path, message, hint, severity="warning")


def _never_playable(edition, source) -> list[Problem]:
    """A kind (not a table card) that no top card and no colour lets anyone play."""
    if not edition.pure_playable:
        return []  # conditions that read the game cannot be tried on cards alone
    found = []
    states = [(top, colour) for top in edition.faces for colour in (*edition.colours, None)]
    for kind in edition.kinds.values():
        if kind.id in edition.table:
            continue
        card = next((c for c in edition.every_face if c.kind == kind.id), None)  # (either side's)
        if card is None:
            continue
        if not any(_may_hold(kind.playable, card, _Table(top, colour), 0) for top, colour in states):
            found.append(source.problem(("kinds", kind.id, "playable"),
                                        f"no card on the table ever lets a {kind.name} be played",
                                        "check `playable:` (a table card belongs in `table:`)"))
    return found


def holds_for_some(edition, condition, cards) -> bool:
    """Whether a compiled card condition holds for one of `cards`, on some top card in
    some colour. One that reads more of the game than that may hold: True."""
    if not condition.pure:
        return True
    tables = [_Table(top, colour) for top in edition.faces for colour in (*edition.colours, None)] \
        if reads_top(condition.tree) else [None]  # (`top.X` read None: an AttributeError)
    return any(_may_hold(condition, c, t, None) for t in tables for c in cards)


def _may_hold(condition, card, table, me) -> bool:
    """The condition, asked of one card on one table; one whose arithmetic passes the numbers a
    script may hold stops the rounds that ask it (unodsl.engine.budget), and here may hold."""
    try:
        return condition.function(card, table, me)
    except RoundStopped:
        return True


class _Table:
    """Enough of a round for a pure `playable` condition: the top card and the colour."""

    def __init__(self, top, colour):
        self.discard = [top]
        self.colour = colour


_AFTER_A_CHOICE = Context("condition", chosen=True)


def _predicates_nothing_satisfies(edition, source) -> list[Problem]:
    """`draws until C` with no card satisfying C draws the whole pile; a `where C` that
    no card satisfies never does anything."""
    found = []
    for path, tree in _scripts(edition):
        for node in _walk(tree):
            predicate = getattr(node, "predicate", None)
            if predicate is None or not LANGUAGE.of(node).picks_cards:
                continue
            try:  # (it compiled in its script, where `chosen` may have been set before it)
                compiled = compile_condition(predicate, edition.vocabulary, context=_AFTER_A_CHOICE)
            except ScriptError:
                continue
            if holds_for_some(edition, compiled, edition.faces):
                continue
            span = source.script_span(path, predicate.line, predicate.column)
            if isinstance(node, ast.DrawUntil):
                found.append(Problem(span, "no card of this deck satisfies this condition: "
                                           "the player would draw every card there is",
                                     source_line=source.line_text(span)))
            else:
                found.append(Problem(span, "no card of this deck satisfies this condition: "
                                           "the statement never does anything", severity="warning",
                                     source_line=source.line_text(span)))
    return found


def _rules_that_never_fire(edition, source) -> list[Problem]:
    """A house rule `on play where C:` (or `on draw`) whose C no card of the deck
    satisfies, in the edition's `rules:` or a `--rule`."""
    found = []
    for (event, guard, _body), origin in zip(edition.hooks, edition.hook_origins):
        if event not in ("play", "draw") or guard is None or holds_for_some(edition, guard, edition.faces):
            continue
        span, line = _hook_place(source, origin, guard.tree)
        found.append(Problem(span, "no card of this deck satisfies this condition: the rule never runs",
                             "warning", source_line=line))
    return found


def _hooks_in_a_table_use(edition, source) -> list[Problem]:
    """A table card is used while a player decides something, so its `use:` may not take
    cards out of a hand (the decision would offer cards no longer there: the compiler
    refuses it). Where a use may make a hand grow, the `hand_grows` hooks run inside it:
    the same holds for them."""
    grows = next((kind for kind in edition.kinds.values() if kind.id in edition.table and kind.use is not None
                  and any(_grows_a_hand(node) for node in _walk(kind.use.tree))), None)
    if grows is None:
        return []
    found = []
    for (event, _guard, body), origin in zip(edition.hooks, edition.hook_origins):
        node = next((n for n in _walk(body.tree) if _takes_what_is_offered(n)), None) \
            if event == "hand_grows" else None
        if node is None:
            continue
        span, line = _hook_place(source, origin, node)
        found.append(Problem(span, f"a `hand_grows` hook may not take cards out of a hand here: {grows.name}'s "
                                   f"`use:` may make a hand grow while a player is deciding something, and the "
                                   f"decision would offer cards no longer there",
                             "error", f"let {grows.name}'s use draw no cards, or the hook take none",
                             source_line=line))
    return found


def _grows_a_hand(node) -> bool:
    """A statement that may put cards into a hand, as its row says (an action may do anything)."""
    if isinstance(node, ast.Move):
        return node.destination.player is not None and node.destination.pile is None
    return LANGUAGE.of(node).fills_hands


def _takes_what_is_offered(node) -> bool:
    """A statement a table card's `use:` may not run (as the compiler refuses them there)."""
    return isinstance(node, ast.Eliminate) or takes_what_is_offered(node)


def _hook_place(source, origin, node):
    """Where a node of a house rule is: in the edition file (or its base), or a --rule."""
    if isinstance(origin, tuple):
        span = source.script_span(origin, node.line, node.column)
        return span, source.line_text(span)
    span = origin.span(node.line, node.column)
    return span, origin.doc.source_line(span.line) if origin.doc is not None else None


def _bluffed_without_rule(edition, source) -> list[Problem]:
    found = []
    for kind in edition.kinds.values():
        if kind.bluff_if is not None or kind.effect is None:
            continue
        node = next((n for n in _walk(kind.effect.tree) if isinstance(n, ast.Bluffed)), None)
        if node is not None:
            span = source.script_span(("kinds", kind.id, "effect"), node.line, node.column)
            found.append(Problem(span, f"{kind.name} reads `bluffed` but has no `bluff_if:` rule, so it is never true",
                                 "warning", "add `bluff_if: CONDITION` saying when playing it is a bluff",
                                 source.line_text(span)))
    return found


def _no_start_rule(edition, source) -> list[Problem]:
    """An action card turned up first does nothing unless the kind says what happens."""
    found = []
    for kind in edition.kinds.values():
        if kind.effect is not None and kind.on_start is None and kind.id not in edition.table:
            found.append(_warning(source, ("kinds", kind.id),
                                  f"{kind.name} has an effect but no `on_start:` rule: turned up to start "
                                  "the discard pile, it does nothing",
                                  "say what the sheet says, e.g. `on_start: next chooses colour` "
                                  "or `on_start: turn another`"))
    return found


def _every_start_card_turned_back(edition, source) -> list[Problem]:
    """If every card that can start the discard pile is put back (`turn another`), the
    round never starts: the dealer turns cards forever."""
    dealt = {card.kind for card in edition.deck if card.kind not in edition.table}
    kinds = [kid for kid in edition.kinds if kid in dealt]  # in the file's order
    starts = [edition.kinds[kid].on_start for kid in kinds]
    if not starts or not all(rule is not None and _always_turns_another(rule.tree.body) for rule in starts):
        return []
    return [source.problem(("kinds", kinds[0], "on_start"),
                           "every card turned up to start the discard pile is put back (`turn another`): "
                           "the round would never start",
                           "let some kind start the pile (no `on_start:`, or one without `turn another`)")]


def _always_turns_another(body: tuple) -> bool:
    """`turn another` runs on every path through `body`."""
    for stmt in body:
        if isinstance(stmt, ast.TurnAnother):
            return True
        if isinstance(stmt, ast.If) and stmt.otherwise and all(
                _always_turns_another(b) for b in [*(b for _, b in stmt.branches), stmt.otherwise]):
            return True
        if isinstance(stmt, ast.Ask) and all(_always_turns_another(a.body) for a in stmt.answers):
            return True
    return False


def _table_and_players(edition, source) -> list[Problem]:
    found = []
    settings = edition.settings
    players = settings["players"]
    if players["min"] > players["max"]:
        found.append(source.problem(("settings", "players"),
                                    f"players: min {players['min']} is more than max {players['max']}"))
    dealt = sum(1 for c in edition.deck if c.kind not in edition.table)
    needed = players["max"] * settings["hand_size"] + 1  # hands and the first discard
    if needed > dealt:
        # at hand_size, or at players.max when only that is written; a value the file
        # itself writes before one it takes from its base (`base: classic` raising players.max)
        written = [path for path in (("settings", "hand_size"), ("settings", "players", "max"))
                   if _written(source, path)]
        own = [path for path in written if source.locate(path)[0] is source.doc]
        at = (own or written or [("settings", "hand_size")])[0]
        found.append(source.problem(at,
                                    f"{players['max']} hands of {settings['hand_size']} cards and a start card "
                                    f"need {needed} cards; the deck deals {dealt}",
                                    "lower hand_size or players.max, or add cards"))
    if settings["target_score"] > 0 and not settings["rounds_to_win"] and not any(c.points for c in edition.deck if c.kind not in edition.table):
        found.append(source.problem(("settings", "target_score") if _written(source, ("settings", "target_score"))
                                    else ("kinds",),
                                    f"no card is worth a point: no one ever reaches target_score "
                                    f"{settings['target_score']}, and the match never ends",
                                    "give the cards points (`points: N` or `face`)"))
    display = source.data.get("display_colours") or {}
    for colour in display:
        if colour not in edition.colours:
            found.append(source.problem(("display_colours", colour), f"'{colour}' is not a colour of this edition",
                                        code=DECLARATION))
    return found


def _words(edition, source) -> list[Problem]:
    """`language:` names a language unodsl has phrases for; `words:` words only the
    edition's colours, and phrases of the table with their English phrase's placeholders
    (a phrase that passes is said without fail: unodsl.words)."""
    found = []
    if edition.language not in table_words.languages():
        found.append(source.problem(("language",), f"unodsl has no phrases in the language '{edition.language}'",
                                    f"languages: {', '.join(table_words.languages())}"))
    for colour in (edition.words.get("colours") or {}):
        if colour not in edition.colours:
            found.append(source.problem(("words", "colours", colour), f"'{colour}' is not a colour of this edition",
                                        at_key=True))
    for key, value in (edition.words.get("phrases") or {}).items():
        reason = table_words.problem(key, value)
        if reason is not None:
            hint = "the phrases and their keys: unodsl/words/en.yaml" if "is not a phrase" in reason else None
            found.append(source.problem(("words", "phrases", key), reason, hint, at_key=hint is not None))
    return found


def _written(source, path) -> bool:
    doc, where = source.locate(path)
    return doc.node(where) is not None


def reads_top(node) -> bool:
    """The condition reads the top card or the colour in play (`top.X`, or `top` itself:
    `card is identical to top`)."""
    return any((isinstance(n, ast.Dotted) and n.base == "top") or (isinstance(n, ast.Name) and n.name == "top")
               for n in _walk(node))


def _scripts(edition):
    """(path, syntax tree) of every compiled script of the edition."""
    for kind in edition.kinds.values():
        for field_name in ("effect", "on_start", "use"):
            compiled = getattr(kind, field_name)
            if compiled is not None and compiled.tree is not None:
                yield ("kinds", kind.id, field_name), compiled.tree
        if kind.reaction_effect is not None:
            yield ("kinds", kind.id, "reaction", "effect"), kind.reaction_effect.tree


def _walk(node):
    """Every node below `node`, depth first."""
    if isinstance(node, ast.Node):
        yield node
        for value in vars(node).values():
            yield from _walk(value)
    elif isinstance(node, tuple):
        for item in node:
            yield from _walk(item)
