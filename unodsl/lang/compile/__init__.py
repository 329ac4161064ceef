"""Compile effect-language syntax trees into Python functions, once, at load.

Each script becomes the source text of one Python function, which is then
compiled by Python itself: a card's effect costs a plain function call when it
is played, with no tree walked and no closure per node. A question put to a
player (choose colour, challenges, ...) is a plain call too: the engine's
`ask` answers it from the seat's agent, or pauses the match until the answer
comes from outside (see unodsl.match).

The functions call the engine through a small set of primitives on the round
state `g` (see unodsl.engine.round.Round): g.draw, g.skip, g.reverse, ...

The compiler's `_Emitter` is made of one mixin per part of the language; a new
statement gets its handler, registered by its node class (`@compiles(ast.Draw)`, and a
new value or condition likewise), in the module of its part (docs/contributing.md):

- `model`: the vocabulary, state variables, contexts, `Compiled`, the names of the language;
- `emitter`: the `_Emitter` (made of the parts below), blocks, branches, types;
- `players`: seats, groups, ranks, and `chosen`;
- `expressions`: values and conditions, card predicates;
- `statements`: draws, skip, reverse, choices, hands, `if`, `for each`, `ask`, `eliminate`;
- `moves`: places and moves (`move`, `shuffle`, `deal`, `shuffle hands`);
- `actions`: the edition's actions, `repeat`, `instead of` a draw;
- `state_chance`: `let`, the edition's `state:`, chance;
- `runtime`: the helpers the generated functions call;
- `build`: `compile_script` and `compile_condition`.
"""
from __future__ import annotations

from .actions import action_forms
from .build import compile_condition, compile_script
from .emitter import _Emitter, takes_what_is_offered
from .model import (ACTION, CARD_ATTRIBUTES, CARD_VALUES, CONDITION, EFFECT, GAME_NAMES, GROUP_PLAYERS,
                    PLAYABLE, PLAYER_ATTRIBUTES, REPLACED_DRAWS, SINGLE_PLAYERS, START, STATE_VALUE_TYPES,
                    TRUTH_WORDS, USE, WRITTEN, Compiled, Context, StateVar, Vocabulary, hook_context)

__all__ = ["ACTION", "CARD_ATTRIBUTES", "CARD_VALUES", "CONDITION", "EFFECT", "GAME_NAMES", "GROUP_PLAYERS",
           "PLAYABLE", "PLAYER_ATTRIBUTES", "REPLACED_DRAWS", "SINGLE_PLAYERS", "START", "STATE_VALUE_TYPES",
           "TRUTH_WORDS", "USE", "WRITTEN", "Compiled", "Context", "StateVar", "Vocabulary", "_Emitter",
           "action_forms", "compile_condition", "compile_script", "hook_context",
           "takes_what_is_offered"]
