"""A card in words: `unodsl explain` (and the language server's hover on a kind).

What a kind of card does, when it may be played, at the start of a round, out of turn,
and what it scores, written from the edition's scripts (unodsl.lang.describe), never
from its name. Apart from the other authoring tools (unodsl/authoring.py) because it
is the one that reads every part of an edition, to say it in sentences.
"""
from __future__ import annotations

import dataclasses
import difflib
import json
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

from .authoring import WIDTH, side_of
from .edition.checks import holds_for_some
from .edition.inherit import source_of
from .edition.model import CardKind, Edition
from .edition.yamlsrc import load_yaml_file
from .engine.setup import resolve_cards
from .errors import UnoError
from .lang import ast
from .lang.compile import action_forms
from .lang.describe import THE_DEALER, CardRef, Context, Describer, join, playable_text, plural
from .lang.parse import parse_condition, parse_script


def find_kind(edition: Edition, query: str) -> CardKind:
    """The kind a user names: its id (`skip`), its name (`Skip`, or
    the part in parentheses), its symbol, or a card as players say it (`red 7`)."""
    wanted = " ".join(re.sub(r"[-_]", " ", query).split()).lower()
    for kind in edition.kinds.values():
        names = {kind.id.replace("_", " ").lower(), kind.name.lower(),
                 (kind.symbol or "").replace("-", " ").lower()}
        names |= {part.lower() for part in re.findall(r"\(([^)]*)\)", kind.name)}
        if wanted in names:
            return kind
    if wanted and wanted not in {c.lower() for c in edition.colours}:
        try:
            return resolve_cards(edition, [query], list(edition.every_face))[0].spec
        except UnoError:
            pass
    choices = {k.id for k in edition.kinds.values()} | {k.name for k in edition.kinds.values()}
    choices |= {c.label() for c in edition.every_face}
    by_lower = {choice.lower(): choice for choice in sorted(choices)}
    close = difflib.get_close_matches(query.lower(), list(by_lower), n=1, cutoff=0.5)
    hint = f"did you mean '{by_lower[close[0]]}'?" if close else "its kinds: " + ", ".join(edition.kinds)
    raise UnoError(f"{edition.name} has no card '{query}' ({hint})")


@dataclass
class Explanation:
    kind: CardKind
    edition: Edition
    sections: list[tuple[str, str]]  # (heading, text)

    def as_dict(self) -> dict:
        return {"edition": self.edition.id, "kind": self.kind.id, "name": self.kind.name,
                "sections": dict(self.sections)}


def describer_for(edition: Edition) -> Describer:
    return Describer(edition.vocabulary, {k.id: k.name for k in edition.kinds.values()})


def explain(edition: Edition, kind: CardKind) -> Explanation:
    """What a kind of card does, when it may be played, at the start, out of turn, its points."""
    words = describer_for(edition)
    sources = kind.sources
    raw = _raw_kind(edition, kind.id)
    on_table = kind.id in edition.table
    sections = [("In the deck", _deck_text(edition, kind))]

    playable = parse_condition(sources.get("playable", "always"))
    never_played = isinstance(playable, ast.Const) and not playable.value
    if "effect" in sources:
        sections.append(("When played", words.script(parse_script(sources["effect"]))))
    elif not never_played:
        sections.append(("When played", "Nothing happens beyond the play."))
    bluff = parse_condition(sources["bluff_if"]) if "bluff_if" in sources else None
    sections.append(("When it may be played", playable_text(words, playable, bluff,
                                                                edition.settings["no_bluffing"])))

    if "on_start" in sources:
        start = words.script(parse_script(sources["on_start"]), Context(me=THE_DEALER, start=True))
        sections.append(("As the start card", start))
    elif not on_table:
        sections.append(("As the start card", "No rule of its own: the player after the dealer plays "
                                              "first, on it."))

    reaction = raw.get("reaction") if isinstance(raw.get("reaction"), dict) else None
    if kind.reaction_against is not None and reaction is not None:
        sections.append(("Out of turn", _reaction_text(words, sources, reaction)))
    if "use" in sources:
        use = words.script(parse_script(sources["use"]))
        sections.append(("On the table", (
            "It lies in the middle of the table and is never dealt. At any decision put to them, a "
            f"player may use it on another player, the chosen player. Then: {_lower(use)} It lies on "
            "that player until their next turn has come, then returns to the middle.")))
    if kind.blank:
        sections.append(("Blank cards", _blank_text(words, raw)))
    rules = _house_rules_text(words, edition, kind)
    if rules:
        sections.append(("House rules", rules))
    stacking = _stacking_text(words, edition, sources)
    if stacking:
        sections.append(("Stacking", stacking))
    if edition.jump_rules:
        sections.append(("Jumping in", _jump_in_text(words, edition)))
    actions = _actions_text(words, edition, sources)
    if actions:
        sections.append(("Actions", actions))
    sections.append(("Points", _points_text(edition, kind, never_played and on_table)))
    return Explanation(kind, edition, sections)


def _raw_kind(edition: Edition, kid: str) -> dict:
    """The kind's fields as written (merged over the base), for the parts a CardKind
    keeps compiled only: its reaction and the rules written on blank cards."""
    try:
        data = source_of(load_yaml_file(Path(edition.path))).data
    except (UnoError, OSError):
        return {}
    kind = (data.get("kinds") or {}).get(kid) if isinstance(data, dict) else None
    return kind if isinstance(kind, dict) else {}


def _deck_text(edition: Edition, kind: CardKind) -> str:
    cards = [c for c in edition.every_face if c.kind == kind.id]
    if not cards:
        return "None: the deck holds no card of this kind."
    colours = [c for c in edition.colours if any(card.colour == c for card in cards)]
    text = plural(len(cards), "card")
    if edition.sides:  # two-sided cards: this kind's faces are one side's
        side = side_of(edition, kind.id)
        text = f"On the {side} side, the face of {plural(len(cards), 'card')} (each with a face of the other " \
               "side on its back)"
    if not colours:
        text += ", Wild: no colour of its own" if kind.wild else ", with no colour"
    else:
        counts = {c: sum(card.colour == c for card in cards) for c in colours}
        if len(set(counts.values())) == 1:
            text += f": {counts[colours[0]]} in each colour ({join(colours)})"
        else:
            text += ": " + join(f"{n} {c}" for c, n in counts.items())
    numbers = sorted({c.number for c in cards if c.number is not None})
    if numbers:
        text += f", numbered {numbers[0]} to {numbers[-1]}" if numbers == list(
            range(numbers[0], numbers[-1] + 1)) and len(numbers) > 1 else f", numbered {join(map(str, numbers))}"
    if kind.id in edition.table:
        text += "; it lies on the table and is never dealt" if len(cards) == 1 else (
            "; they lie on the table and are never dealt")
    return text + "."


def _reaction_text(words: Describer, sources: dict, reaction: dict) -> str:
    against_text = sources.get("reaction.against", reaction.get("against", "always"))
    against = parse_condition(against_text)
    if isinstance(against, ast.Const) and against.value:
        which = "any action card aimed at you"
    else:
        action = CardRef("the action card", "the action card's")
        which = f"an action card aimed at you, when {words.condition(against, Context(card=action))}"
    text = (f"May be played out of turn against {which}, before it applies to you: the rest of that "
            "card's actions against you are cancelled")
    effect = sources.get("reaction.effect", reaction.get("effect"))
    if effect:
        text += f", and then: {_lower(words.script(parse_script(effect)))}"
    else:
        text += "."
    return text


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _blank_text(words: Describer, raw: dict) -> str:
    text = ("Players write house rules on these cards: before the game (`written:` in the edition "
            "file, or `--rule`), or at the table when a blank one is first played.")
    written = [r for r in raw.get("written") or [] if isinstance(r, str)]
    if written:
        rules = [f"({i}) {words.script(parse_script(rule))}" for i, rule in enumerate(written, 1)]
        text += " Written in the edition: " + " ".join(rules)
    return text


def _house_rules_text(words: Describer, edition: Edition, kind: CardKind) -> str:
    """The house rules in play (the edition's, then `--rule`) that may act when a card
    of `kind` is played or drawn."""
    cards = [c for c in edition.every_face if c.kind == kind.id]
    told = []
    for number, (event, guard, body) in enumerate(edition.hooks, 1):
        if event in ("play", "draw") and cards and (guard is None or holds_for_some(edition, guard, cards)):
            hook = ast.On(body.tree.line, body.tree.column, event, guard.tree if guard else None, body.tree.body)
            told.append(f"({number}) {words.script(ast.Script(hook.line, hook.column, (hook,)))}")
    return " ".join(told)


def _actions_text(words: Describer, edition: Edition, sources: dict) -> str:
    """What each action of the edition that the card calls does (and the actions those call)."""
    called: list[str] = []
    trees = [parse_script(sources[f]) for f in ("effect", "on_start", "use") if f in sources]
    while trees:
        for node in ast.walk(trees.pop()):
            if isinstance(node, ast.DoAction):
                name = next((n for n in edition.actions if node.verb in action_forms(n)), None)
                if name is not None and name not in called:
                    called.append(name)
                    trees.append(edition.actions[name].tree)
    return " ".join(f"To {name}: {_lower(words.script(edition.actions[name].tree))}" for name in called)


def _stacking_text(words: Describer, edition: Edition, sources: dict) -> str:
    """The table's stacking rules (`stack where`), told with every card whose script
    gives a draw: that draw may be answered."""
    if not edition.stack_rules or not _gives_a_draw(sources):
        return ""
    return " ".join(words.script(ast.Script(rule.tree.line, rule.tree.column,
                                            (ast.StackRule(rule.tree.line, rule.tree.column, rule.tree),)))
                    for rule in edition.stack_rules)


def _jump_in_text(words: Describer, edition: Edition) -> str:
    """The table's `jump in where` rules, told with every card: any card may be the one
    played, or the one that jumps in, as the rule's condition says."""
    return " ".join(words.script(ast.Script(rule.tree.line, rule.tree.column,
                                            (ast.JumpIn(rule.tree.line, rule.tree.column, rule.tree),)))
                    for rule in edition.jump_rules)


def _gives_a_draw(sources: dict) -> bool:
    """Whether the card's effect or start rule holds a `draws N` statement (at any depth)."""
    def walk(node) -> bool:
        if isinstance(node, (ast.Draw, ast.DrawOrPass)):
            return True
        if isinstance(node, (list, tuple)):
            return any(walk(child) for child in node)
        if dataclasses.is_dataclass(node):
            return any(walk(getattr(node, f.name)) for f in dataclasses.fields(node))
        return False
    return any(walk(parse_script(sources[field]).body) for field in ("effect", "on_start") if field in sources)


def _points_text(edition: Edition, kind: CardKind, never_in_hand: bool) -> str:
    if kind.points == "face":
        numbers = sorted({c.number for c in edition.every_face if c.kind == kind.id and c.number is not None})
        span = f" ({numbers[0]} to {numbers[-1]})" if numbers else ""
        return f"Its number{span} in points when left in a hand at the end of a round."
    text = f"{plural(kind.points, 'point')} when left in a hand at the end of a round."
    if edition.sides:
        text = text[:-1] + f" with the {side_of(edition, kind.id)} side up."
    if never_in_hand:
        text += " (It is never in a hand.)"
    return text


def format_explanation(explanation: Explanation, width: int = WIDTH) -> str:
    kind = explanation.kind
    lines = [f"{kind.name} ({kind.id}), {explanation.edition.name}"]
    for heading, text in explanation.sections:
        lines.append("")
        lines.append(heading + ":")
        lines.extend(textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="  ",
                                   break_on_hyphens=False, break_long_words=False))
    return "\n".join(lines)


def explain_json(explanation: Explanation) -> str:
    return json.dumps(explanation.as_dict(), indent=2, ensure_ascii=False)

