"""The commands a player may type at any decision of the terminal table: quit, table,
log, `why N` (why a card cannot be played), `? N` (about a card) and help.

Apart from the session (session.py, the loop that shows the table and asks) because
they answer a question and go back to it: none of them changes the match.
"""
from __future__ import annotations

from ..edition.model import DEFAULT_PLAYABLE
from ..engine.decisions import TURN
from ..words import words_for
from .console import EndSession
from .prompt import Command, help_words, small_number
from .reasons import about as what_it_does


def run_command(session, command: Command, menu, seat: int) -> None:
    """What a command typed at a decision does (quit, table, log, why N, ? N, help)."""
    write, words = session.console.write, words_for(session.match.edition)
    if command.name == "quit":
        raise EndSession(0, words.say("session.quit"))
    if command.name == "table":
        for line in [*session.screen.table(seat), "", *session.screen.hand(menu.decision.player)]:
            write(line)
    elif command.name == "log":
        start = max((i for i, note in enumerate(session.narrator.notes) if note.get("event") in ("deal", "setup")),
                    default=0)
        for line in session.narrator.lines(start, None, seat):
            write(line)
    elif command.name == "why":
        session.say(why(session.match, menu, command.arg))
    elif command.arg:
        session.say(about(session.match, menu, command.arg))
    else:
        session.say(help_words(menu.decision.kind, words))
        if menu.compact and menu.why:  # (a turn with cards to play: its why is told here)
            session.say(menu.why)
        session.say(words.say("prompt.also", commands=words.say("prompt.commands")))
    for line in menu.lines():  # the question again, so that its choices are on the screen
        write(line)

def _card(menu, arg: str):
    """Card `arg` (its number) of the hand the menu shows; None if there is none."""
    number = small_number(arg)
    if number is None or not 1 <= number <= len(menu.cards):
        return None
    return menu.cards[number - 1]

def why(match, menu, arg: str) -> str:
    """`why N`: why card N of the hand cannot be played now (or that it can)."""
    card, words = _card(menu, arg), words_for(match.edition)
    if card is None:
        return words.say("commands.why_usage", cards=len(menu.cards))
    reason = reason_words(match, menu, card, words)
    if reason is None:
        if menu.decision.kind == TURN:
            return words.say("commands.why_playable", card=words.card(card), number=arg)
        return words.say("commands.why_goes", card=words.card(card))
    return words.say("commands.why_not", number=arg, reason=reason)

def about(match, menu, arg: str) -> str:
    """`? N`: what card N of the hand is, and whether it goes on the top card now."""
    card, words = _card(menu, arg), words_for(match.edition)
    if card is None:
        return words.say("commands.about_usage", cards=len(menu.cards))
    kind = card.spec
    text = words.say("commands.about", card=words.card(card), kind=kind.name, points=card.points or 0)
    # (explain's words, from its script: English only, so told in an English edition only)
    does = what_it_does(card, match.edition) if words.language == "en" else None
    if does:
        text += " " + words.say("commands.about_does", does=does)
    elif kind.description:
        text += " " + " ".join(kind.description.split())
    reason = reason_words(match, menu, card, words)
    return text + " " + (words.say("commands.about_goes") if reason is None
                         else words.say("commands.about_not_now", reason=reason))


def reason_words(match, menu, card, words) -> str | None:
    """Why `card` cannot be played now (None: it can), in the edition's words. The usual
    rule (same colour, number or symbol) is said in the language; a kind's own rule is said
    by the engine, in the words of its script."""
    view = match.round.view(menu.decision.player)
    reason = view.why_not(card)
    kind = card.spec
    bluff = kind.bluff_if is not None and view.settings["no_bluffing"]
    if reason is None or bluff or kind.sources.get("playable", "") != DEFAULT_PLAYABLE:
        return reason
    same = str(card.number) if card.number is not None else words.say("commands.a_kind", kind=kind.name)
    colour = words.colour(card.colour) if card.colour else words.say("commands.its_colour")
    return words.say("commands.goes_only_on", card=words.card(card), colour=colour, same=same,
                     in_play=words.colour(view.colour))
