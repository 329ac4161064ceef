"""Quiet cards: the kinds whose play leaves nothing to settle after their effect.

After most cards' effects the turn only looks whether their player went out
(and clears the reactions offered). Some effects leave more: a draw waiting for
its answer (stacking), a hand taken down to one card (its player must call
UNO), `play` hooks to fire. `Round.play_card` makes those checks only after
the kinds that may need them, so that an edition pays only for the constructs
it uses.

A kind is quiet when its effect calls no primitive of the round but those
listed here (read from its compiled code, so that a branch the compiler
dropped, such as `if settings.stacking:` in an edition without stacking, does
not count), when so do the scripts that may run in the middle of an effect
(reactions to it, table cards used at its decisions), and when the edition has
no hooks (which may do anything inside an effect: a `hand_grows` hook runs in
its draws) nor jump-in windows (which open after any card: Round._play_loud).
A card without an effect is quiet unless there are `play` hooks (which run
after any card) or windows: the other hooks run as a turn or a round begins, or
as a hand grows, which a card without an effect does not make happen. A
primitive missing from the list, such as one added later, makes a kind loud:
the checks are made, never skipped wrongly.

The same reading tells whether an edition may put a hand face up at all: if
not, no turn begins by looking for hands to turn back down.

A loud kind may also shed with its card: its effect may move cards from a player's hand
under the top card of the discard pile (UNO Show 'em No Mercy's Discard All: "the Discard
All stays on top, the others go under it"). Those cards go down with the card, which is
laid on them: its player is asked to call UNO only if the card and they leave one card
(after the effect), not as the card goes. A player whose Discard All empties their hand
never holds one card, and has nothing to call. (Cards discarded after the card, on top of
it, leave the card's player holding the rest for a moment: UNO Harry Potter's sheet asks
for the call "before you discard your final card", as the card goes.)
"""
from __future__ import annotations

import dis
from types import CodeType

from ..lang import ast as tree_nodes


# The round's methods that never take a card out of a hand (the played card
# aside) nor leave a draw waiting (`against` offers reactions: their scripts are
# read too).
QUIET_PRIMITIVES = frozenset({
    "next_of", "prev_of", "others", "everyone", "seat", "passed_over", "partner",
    "draw", "draw_until", "skip", "reverse", "flip_cards", "extra_turn", "turn_another",
    "choose_colour", "ask_challenge", "anyone_accepts", "ask_question", "choose_player",
    "show_hand", "face_up", "set_state", "add_state", "flip_state", "against",
    "random_number", "random_outcome", "random_card", "choose_random_player",
})


def mark_quiet_kinds(edition, round_class: type) -> None:
    """Set `quiet` on each of the edition's kinds (see the module's docstring)."""
    kinds = edition.kinds.values()
    # Scripts that may run in the middle of an effect: a reaction to it, a table card used
    # at a decision it asks for (hooks, which may run anywhere, make every kind loud).
    inner = [script for kind in kinds for script in (kind.reaction_effect, kind.use) if script is not None]
    inner_quiet = all(quiet_script(script, round_class) for script in inner)
    # (`play` hooks and jump-in windows follow any card; any hook may run inside an effect)
    after_any_card = bool(edition.jump_rules) or any(event == "play" for event, _guard, _body in edition.hooks)
    inside_effects = bool(edition.hooks or edition.jump_rules)
    for kind in kinds:
        if kind.effect is None:  # a plain card
            kind.quiet = not after_any_card
        else:
            kind.quiet = not inside_effects and inner_quiet and quiet_script(kind.effect, round_class)


def mark_shedding_kinds(edition) -> None:
    """Set `sheds` on each of the edition's kinds (see the module's docstring): a loud kind
    whose effect holds a move of cards from a player's hand under the discard pile's top."""
    for kind in edition.kinds.values():
        effect = kind.effect
        kind.sheds = (not kind.quiet and effect is not None and effect.tree is not None
                      and any(_goes_down_with_the_card(node) for node in tree_nodes.walk(effect.tree)))


def _goes_down_with_the_card(node) -> bool:
    return (isinstance(node, tree_nodes.Move) and node.source.player is not None
            and node.destination.pile == "discard" and node.position == "under")


def may_turn_hands_face_up(edition, round_class: type) -> bool:
    """Whether a script of the edition may put a hand face up (`face up`). A rule a
    player writes on a blank card during play may."""
    if any(kind.blank for kind in edition.kinds.values()):
        return True
    scripts = [script for kind in edition.kinds.values()
               for script in (kind.effect, kind.on_start, kind.reaction_effect, kind.use) if script is not None]
    scripts += [body for _event, _guard, body in edition.hooks]
    scripts += list(edition.written.values())
    scripts += list(edition.written_rules.values())
    return any("face_up" in primitives_called(script, round_class) for script in scripts)


def quiet_script(compiled, round_class: type) -> bool:
    """Whether a compiled effect calls only quiet primitives."""
    return primitives_called(compiled, round_class) <= QUIET_PRIMITIVES


def primitives_called(compiled, round_class: type) -> set[str]:
    """The round's methods (`round_class`'s) a compiled script calls (all of them, when it is
    not compiled from a script and nothing is known of it)."""
    code = getattr(compiled.function, "__code__", None)
    if code is None:
        return {name for name in dir(round_class) if callable(getattr(round_class, name))}
    return {name for name in attributes_read(code) if callable(getattr(round_class, name, None))}


def attributes_read(code: CodeType) -> set[str]:
    """The attributes and methods a compiled script reads, in the code the compiler kept."""
    names = {instruction.argval for instruction in dis.get_instructions(code)
             if instruction.opname in ("LOAD_ATTR", "LOAD_METHOD")}
    for constant in code.co_consts:  # (its lambdas and comprehensions)
        if isinstance(constant, CodeType):
            names |= attributes_read(constant)
    return names
