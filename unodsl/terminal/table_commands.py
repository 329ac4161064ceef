"""The commands a player may type at any decision of the terminal table: quit, table,
log, `why N` (why a card cannot be played), `? N` (about a card) and help.

Apart from the session (session.py, the loop that shows the table and asks) because
they answer a question and go back to it: none of them changes the match.
"""
from __future__ import annotations

from ..engine.decisions import TURN
from .console import EndSession
from .prompt import COMMANDS, Command, help_words, small_number
from .reasons import about as what_it_does


def run_command(session, command: Command, menu, seat: int) -> None:
    """What a command typed at a decision does (quit, table, log, why N, ? N, help)."""
    write = session.console.write
    if command.name == "quit":
        raise EndSession(0, "You quit the match.")
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
        session.say(help_words(menu.decision.kind))
        if menu.compact and menu.why:  # (a turn with cards to play: its why is told here)
            session.say(menu.why)
        session.say(f"Also: {COMMANDS}.")
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
    card = _card(menu, arg)
    if card is None:
        return f"why takes the number of a card in your hand (1 to {len(menu.cards)}), such as why 2."
    reason = match.round.view(menu.decision.player).why_not(card)
    if reason is None:
        if menu.decision.kind == TURN:
            return f"{card.label()} can be played now: type {arg}."
        return f"{card.label()} goes on the top card."
    return f"Card {arg} cannot be played now: {reason}."

def about(match, menu, arg: str) -> str:
    """`? N`: what card N of the hand is, and whether it goes on the top card now."""
    card = _card(menu, arg)
    if card is None:
        return f"? N tells about card N of your hand (1 to {len(menu.cards)})."
    kind = card.spec
    text = f"{card.label()}: {kind.name}, {card.points or 0} points."
    does = what_it_does(card, match.edition)
    if does:  # (explain's words, from its script)
        text += f" When played: {does}"
    elif kind.description:
        text += " " + " ".join(kind.description.split())
    reason = match.round.view(menu.decision.player).why_not(card)
    return text + (" It goes on the top card now." if reason is None else f" Not now: {reason}.")
