"""Effect-language syntax trees in English: what `unodsl explain` says a card does.

The describer reads the nodes of unodsl.lang.ast, the same tree the compiler
turns into the function the engine runs, so an explanation cannot drift from
the behaviour. Every node class has one handler, registered by its class
(`@describes(ast.Draw)`); a class without one stops unodsl.lang at import (the
registry's check, unodsl/lang/registry.py).

A node is read in one of three ways:

- a statement becomes a clause, a subject and what they do, merged with its
  neighbours when they share the subject ("the next player draws 2 cards and
  misses their next turn"); `if`, `ask` and `on` become whole sentences;
- a condition becomes words that are true or false, negated on request
  ("the next player holds no playable card");
- a value becomes a noun phrase ("the colour in play", "the number of players").

Players are named from the point of view of the player who played the card,
"you"; a start-card rule is told from the dealer's, a house rule from the
player the event concerns.

The words of each part of the language live in their own module; a new node
class gets its `@describes` handler in the module of its part:

- `words`: who is named and how, verbs conjugated, the clauses of a block;
- `describer`: the `Describer` (made of the parts below), blocks as sentences, and
  when a card may be played;
- `statements`: simple statements; `branches`: `if`, `ask`, `on` hooks, stacking;
- `players`: players by name, seat, rank and partner, loops over players, leaving;
- `conditions` and `values`: conditions true or false, values as noun phrases;
- `state_chance`: `let`, edition-declared state, random values;
- `moves`: places and moves (`move`, `shuffle`, `deal`, `shuffle hands`);
- `actions`: the edition's actions (`next presses`), `repeat`, `instead of` a draw;
- `cards`: cards picked by a condition;
- `source`: a condition written back in the effect language.
"""
from __future__ import annotations

from .describer import Describer, playable_text
from .source import source
from .words import IT, PLAYERS, THE_DEALER, THIS_CARD, YOU, CardRef, Clause, Compound, Context, Who, join, plural

__all__ = ["IT", "PLAYERS", "THE_DEALER", "THIS_CARD", "YOU", "CardRef", "Clause", "Compound", "Context",
           "Describer", "Who", "join", "playable_text", "plural", "source"]
