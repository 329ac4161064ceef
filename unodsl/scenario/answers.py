"""Answer words and decision options: which option an answer as written stands for
(`red 7`, `yes`, `player 2`), and options written back the way a scenario writes them."""
from __future__ import annotations

import json
import re
from typing import Any

from ..edition.model import Card, Edition
from ..engine.decisions import Decision
from ..match import Match
from ..engine.setup import resolve_cards
from ..errors import IllegalMove, UnoError
from .words import label_of

YES = ("yes", "true", "y", "on")
NO = ("no", "false", "n", "off")


def resolve_answer(value: Any, decision: Decision, match: Match):
    """The option an answer as written stands for; what matches no option is passed on as it
    is, for the engine to refuse (or, for a rule written on a blank card, to compile)."""
    options = decision.options
    if isinstance(value, bool):
        if any(o is value for o in options):
            return value
        words = YES if value else NO  # `yes` reads as true in YAML: maybe a question's answer
        return next((o for o in options if isinstance(o, str) and o.lower() in words), value)
    if isinstance(value, int) and any(type(o) is int and o == value for o in options):
        return value
    text = str(value).strip()
    low = text.lower()
    for option in options:
        if option_text(option).lower() == low:
            return option
    if isinstance(value, int):
        return value
    if any(o is True for o in options) and low in YES + NO:
        return low in YES
    seat = re.fullmatch(r"(?:player |seat )?(\d+)", low)
    if seat and any(type(o) is int for o in options):
        return next((o for o in options if type(o) is int and o == int(seat[1])), int(seat[1]))
    if label_of(match.edition, text) is not None:
        cards = [o for o in options if isinstance(o, Card)]
        for pool in (cards, match.round.hands[decision.player], match.edition.every_face):
            try:
                return resolve_cards(match.edition, [text], list(pool))[0]
            except UnoError:
                continue
    return value


def same_type_option(value, decision: Decision) -> bool:
    """False for a number given to a yes/no decision, or yes/no to a seat: Python has 1 == True,
    and Match.answer (`option in options`) would take the one for the other."""
    if not isinstance(value, (bool, int)):
        return True
    return any(type(o) is type(value) and o == value for o in decision.options)


def refusal_reason(err: IllegalMove, decision: Decision, value, match: Match) -> str:
    """Why the engine refused, in words (its own reason when it gives one)."""
    held = match.round.hands[decision.player]
    if isinstance(value, Card) and value not in held and decision.kind != "write_rule":
        return f"player {decision.player} does not hold {value.label()}"
    message = str(err)
    if "is not one of the options" in message:
        return "it is not one of the options"
    return message


def option_text(option) -> str:
    """An option as a scenario writes it: `red 7`, `draw`, `blue`, `yes`, `2`."""
    if isinstance(option, Card):
        return option.label()
    if isinstance(option, bool):
        return "yes" if option else "no"
    if isinstance(option, (int, str)):
        return str(option)
    name = getattr(option, "name", None)
    if isinstance(name, str) and type(option).__name__ == "_Marker":
        return name.lower()
    card, target = getattr(option, "card", None), getattr(option, "target", None)
    if isinstance(card, Card) and isinstance(target, int):  # a table card used on a player
        return f"use {card.label()} on {target}"
    return str(option)


def options_text(decision: Decision) -> str:
    """The options, on one line; a text option that would be ambiguous there is quoted."""
    texts = (option_text(o) for o in decision.options)
    return ", ".join(json.dumps(t) if t == "" or "\n" in t or ", " in t else t for t in texts)


def pending(decision: Decision) -> str:
    """The decision waiting for an answer: `a turn decision for player 1 (options: ...)`."""
    return f"a {decision.kind} decision for player {decision.player} (options: {options_text(decision)})"


def option_key(edition: Edition, option) -> str:
    """An expected option, as option_text writes the actual one (lower case)."""
    if isinstance(option, bool) or isinstance(option, int):
        return option_text(option)
    text = str(option).strip().lower()
    if text in YES:
        return "yes"
    if text in NO:
        return "no"
    label = label_of(edition, text)
    return label.lower() if label is not None else text


def option_shown(edition: Edition, option) -> str:
    """An expected option as the failure shows it (a card by its label)."""
    if isinstance(option, str):
        label = label_of(edition, option)
        return label if label is not None else option
    return option_text(option)
