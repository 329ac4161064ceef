"""Why a decision is asked: the words under each question of the terminal table.

`reason(decision, match, names)` says what the card that asks does, in the words
`unodsl explain` generates from its script (unodsl.lang.describe, told from the
point of view of the player who played it), and what the answers lead to; a
decision asked by no card (a house rule's hook, the rules of UNO themselves) says
what the kind of decision's help says (unodsl.engine.decisions.DECISIONS). Each
kind has its function here (checked at import), so that a new kind of decision
cannot be asked without its reason.

Apart from the menus (prompt.py) because it reads the edition's scripts, not the
options; `about(card, edition)` is also what `? N` says of a card.
"""
from __future__ import annotations

import re

from ..engine.decisions import DECISIONS, DRAW, check_answered
from ..explain import describer_for
from ..lang.describe import YOU, Context, Who
from ..lang.parse import parse_script
from ..words import ENGLISH, words_for

CARD_PLAYED = "{card}, played by {who}: {text}"  # the card that asks, and what it does
CARD_DOES = "{card}: {text}"


def reason(decision, match, names: list[str]) -> str:
    """Why `decision` is asked, and what its answers lead to (one or more sentences)."""
    words = words_for(match.edition)
    if words.language != ENGLISH:  # (explain's words are English: another language says the kind's help)
        own = words.phrases.get(f"help.{decision.kind}")
        return own if isinstance(own, str) else ""
    return _REASONS[decision.kind](_Asked(decision, match, names))


def about(card, edition) -> str:
    """What a card does when played, in explain's words ("" for a card without an effect)."""
    return _effect_words(edition, card.spec, YOU)


class _Asked:
    """A decision and what it is asked in: the match, the names of its seats."""

    def __init__(self, decision, match, names: list[str]):
        self.decision = decision
        self.match = match
        self.edition = match.edition
        self.round = match.round
        self.names = names
        self.settings = match.edition.settings

    def name(self, player: int) -> str:
        return self.names[self.match.active[player]]

    def who(self, player: int) -> Who:
        """A round seat as the describer names the card's player: you, or their name."""
        if player == self.decision.player:
            return YOU
        name = self.name(player)
        return Who("me", name, name, f"{name}'s")

    def card_text(self, card, player: int) -> str:
        """What `card`, played by `player`, does ("" if it does nothing of its own)."""
        text = _effect_words(self.edition, card.spec, self.who(player))
        if not text:
            return ""
        if player == self.decision.player:
            return CARD_DOES.format(card=card.label(), text=text)
        return CARD_PLAYED.format(card=card.label(), who=self.name(player), text=_names_kept(text, self.name(player)))

    def asking_card(self) -> str:
        """The card whose effect is running, and what it does; else the kind's help."""
        if self.round.actor is not None and self.round.acting is not None:
            text = self.card_text(self.round.acting, self.round.actor)
            if text:
                return text
        return self.help()

    def help(self) -> str:
        return DECISIONS[self.decision.kind].help

    def top_card(self, player: int) -> str:
        return self.card_text(self.round.discard[-1], player) or self.help()


def _effect_words(edition, kind, who: Who) -> str:
    source = kind.sources.get("effect")
    if not source:
        return ""
    return describer_for(edition).script(parse_script(source), Context(me=who))


def _names_kept(text: str, name: str) -> str:
    """A player's name as written (the describer makes the start of a clause lower case)."""
    return re.sub(rf"\b{re.escape(name.lower())}\b", name, text) if name != name.lower() else text


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


# ---- one function per kind of decision

def _turn(asked: _Asked) -> str:
    settings = asked.settings
    draw = "you draw cards until one goes" if settings.get("draw_until_playable") else "you draw a card"
    then = {"must": "if it goes, you play it at once",
            "never": "it is kept, and your turn ends"}.get(settings.get("play_drawn"),
                                                             "if it goes, you may play it at once")
    if DRAW not in asked.decision.options:
        return "Play a card that goes on the top card: the rules say you must (no draw instead)."
    if any(option is not DRAW for option in asked.decision.options):
        return f"Play a card that goes on the top card, or type d: {draw}; {then}."
    return f"Type d: {draw}; {then}."


def _play_drawn(asked: _Asked) -> str:
    card = asked.decision.options[0]
    does = asked.card_text(card, asked.decision.player)
    keep = "" if len(asked.decision.options) == 1 else " k keeps it, and your turn ends."
    return (f"p plays it. {does}" if does else "p plays it on the top card.") + keep


def _challenge(asked: _Asked) -> str:
    return asked.top_card(asked.decision.about)


def _call_uno(asked: _Asked) -> str:
    penalty = asked.settings.get("uno_penalty", 2)
    if asked.settings.get("automatic_uno_penalty"):
        return f"If you do not, you draw {_plural(penalty, 'card')}."
    return f"If you do not and are caught before the next player's turn, you draw {_plural(penalty, 'card')}."


def _catch(asked: _Asked) -> str:
    penalty = asked.settings.get("uno_penalty", 2)
    return f"Caught, {asked.name(asked.decision.about)} draws {_plural(penalty, 'card')}."


def _react(asked: _Asked) -> str:
    actor, card = asked.round.actor, asked.decision.about
    if actor is None or card is None:
        return asked.help()
    does = asked.card_text(card, actor)
    return f"{does} {asked.help()}" if does else asked.help()


def _by_the_card(asked: _Asked) -> str:
    return asked.asking_card()


def _by_the_rules(asked: _Asked) -> str:
    return asked.help()


_REASONS = {
    "turn": _turn, "play_drawn": _play_drawn, "challenge": _challenge, "call_uno": _call_uno,
    "catch": _catch, "react": _react,
    # asked by a card's script (else by a house rule's: its help)
    "colour": _by_the_card, "player": _by_the_card, "yes_no": _by_the_card, "question": _by_the_card,
    "top_card": _by_the_card, "give": _by_the_card, "discard": _by_the_card, "pick": _by_the_card,
    "value": _by_the_card, "write_rule": _by_the_card,
    # asked by the rules of play: the kind's help says what the answers do
    "stack": _by_the_rules, "jump_in": _by_the_rules, "uno_call": _by_the_rules, "pile": _by_the_rules,
}

check_answered("the reasons of the terminal's questions", _REASONS)
