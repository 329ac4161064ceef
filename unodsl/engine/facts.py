"""What is known of an edition before a card is played: the facts its turn reads.

The turn (unodsl.engine.turns) reads these as `facts.NAME`; the interpreter at every turn,
the loop written for an edition (unodsl.engine.specialise) once, as constants, with the
branches they rule out gone. They come from the edition's settings, hooks and kinds as
loaded, and from its compiled scripts (unodsl.engine.quiet: what they may do); a kind's
own facts (quiet, its effect) are read from the kind itself.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass

from .quiet import mark_quiet_kinds, mark_shedding_kinds, may_turn_hands_face_up


@dataclass(frozen=True)
class TurnFacts:
    always: bool  # every kind's `playable` is `always`: the playable cards are the hand
    pure_playable: bool  # `playable` reads only the cards: which go on which is kept by face
    sides: bool  # two-sided cards: a card drawn from a turned pile is turned over (sides.py)
    table: bool  # table cards lie in the middle (unodsl.engine.out_of_turn)
    faces_up: bool  # a script may turn a hand face up (until its player's next turn)
    turn_start: bool  # a `turn_start` hook: a turn begins the long way (Round._turn_begins)
    play_hook: bool  # a `play` hook follows any card played
    quick_draw: bool  # the turn's draw is one card off the pile, nothing watching it
    until_playable: bool  # the setting `draw_until_playable`
    play_drawn: str  # the setting `play_drawn`: choice, must or never
    turn_draw_replaced: bool  # a house rule says what a player does instead of the turn's draw
    uno_any_time: bool  # UNO at any time: a missed call stays open (unodsl.engine.windows)
    uno_every_turn: bool  # UNO at any time, strict: its window opens after every turn, not only after a miss
    automatic_uno_penalty: bool  # a missed call is penalised without a catch
    reactions: bool  # some kind is a reaction card (players offered one are noted)
    jump_rules: bool  # a jump-in rule: a window after every card played
    must_play: bool  # the setting `must_play`: no draw instead of a playable card
    sheds: bool  # some kind's effect may put cards from a hand under it: its UNO call waits for it
    discard_piles: bool  # several discard piles to play onto (unodsl.engine.piles)


def turn_facts(edition, round_class: type) -> TurnFacts:
    """The facts of `edition` (worked out once, then kept with it), played by rounds of
    `round_class` (whose methods the scripts call). The first time, which of its kinds are
    quiet is noted on them too (`kind.quiet`: unodsl.engine.quiet), once."""
    facts = edition.__dict__.get("_turn_facts")
    if facts is None:
        if "_quiet_marked" not in edition.__dict__:
            mark_quiet_kinds(edition, round_class)
            mark_shedding_kinds(edition)
            edition.__dict__["_quiet_marked"] = True
        facts = edition.__dict__["_turn_facts"] = _facts_of(edition, round_class)
    return facts


def _facts_of(edition, round_class: type) -> TurnFacts:
    settings = edition.settings
    hooked = {event for event, _guard, _body in edition.hooks}
    until_playable = settings.get("draw_until_playable", False)
    turn_draw_replaced = "turn_draw" in edition.replacements
    return TurnFacts(
        always=all(_always(kind.playable) for kind in edition.kinds.values()),
        pure_playable=edition.pure_playable,
        sides=bool(edition.sides),
        table=bool(edition.table),
        faces_up=may_turn_hands_face_up(edition, round_class),
        turn_start="turn_start" in hooked,
        play_hook="play" in hooked,
        quick_draw=not ({"hand_grows", "draw"} & hooked or turn_draw_replaced or until_playable),
        until_playable=until_playable,
        play_drawn=settings.get("play_drawn", "choice"),
        turn_draw_replaced=turn_draw_replaced,
        uno_any_time=edition.false_call is not None,
        uno_every_turn=edition.false_call is not None and edition.uno_strict,
        automatic_uno_penalty=settings.get("automatic_uno_penalty", False),
        reactions=any(kind.reaction_against is not None for kind in edition.kinds.values()),
        jump_rules=bool(edition.jump_rules),
        must_play=settings.get("must_play", False),
        sheds=any(kind.sheds for kind in edition.kinds.values()),
        discard_piles=bool(edition.vocabulary.discard_piles),
    )


def _always(condition) -> bool:
    """Whether a compiled `playable` condition is `always` (its body returns True, whatever
    the card and the table)."""
    body = ast.parse(condition.source).body[0].body
    return (len(body) == 1 and isinstance(body[0], ast.Return) and isinstance(body[0].value, ast.Call)
            and isinstance(body[0].value.func, ast.Name) and body[0].value.func.id == "bool"
            and [ast.unparse(arg) for arg in body[0].value.args] == ["True"])
