"""How big and how deep an input may be: every limit in one place.

Any input file may be hostile, and what is too big for the tools underneath
(PyYAML takes about 8 s a megabyte; Python's compiler stops at 100 levels of
indentation and 200 of parentheses; its stack at 1000 calls) must be refused
with a placed message before it reaches them. Each limit is far above what a
real edition needs (the biggest shipped edition is 4 KB, its longest script
11 statements, 4 deep) and is documented in docs/editions.md and docs/effects.md.
"""
from __future__ import annotations

from .errors import Problem, Span

# ---- files (editions, house-rule files, scenarios), checked before YAML reads them
MAX_FILE_BYTES = 64 * 1024  # PyYAML reads this in half a second
MAX_YAML_VALUES = 100_000  # values built after aliases are expanded (a "billion laughs" file)
MAX_YAML_DEPTH = 100  # lists and mappings inside each other

MAX_DECK_CARDS = 10_000  # cards a deck may have (No Mercy's has 168): refused before they are made

# ---- effect scripts and conditions, checked before and right after Lark parses them
MAX_SCRIPT_CHARS = 10_000
MAX_SCRIPT_STATEMENTS = 500
# mistakes reported of one script: after a mistake the parser and the compiler go on with the rest
# (unodsl/lang/recover.py), each time parsing or compiling it again; past this, the rest is not read
MAX_SCRIPT_PROBLEMS = 20
MAX_SCRIPT_DEPTH = 50  # blocks and expressions inside each other (Python's own limits are 100 and 200)
MAX_REPEATS = 100  # times a `repeat` block runs at most (`repeat until` a draw brings cards, with none left)
MAX_LOOP_DEPTH = 8  # `repeat` and `for each player` blocks inside each other (Python stops at 20 nested loops)
MAX_AGGREGATE_DEPTH = 2  # `count of GROUP where ...` inside another's condition (16 x 16 players looked at)
MAX_NAMED_NUMBERS = 100  # numbers a `choose number in LOW..HIGH` offers at most (a die has 6, a deck's 0..9)
MAX_SAID_CHARS = 40  # characters a value put into a question's text (`{n}`) shows at most

# ---- whole numbers: every one a script holds (a literal, a setting, a tag, a chance outcome or
# weight, a counter, a sum or product) lies in -MAX_NUMBER..MAX_NUMBER. A card needs a few dozen;
# a bound keeps arithmetic on machine-sized numbers (a counter squared in a loop grew without end)
# and every number printable (Python refuses int <-> text past 4,300 digits). Refused with a place
# when a file gives one (parser, schema, loader); in play, a round whose number would pass it stops.
MAX_NUMBER = 1_000_000_000

# ---- work a round may do (unodsl.engine.budget): every loop's pass (weighed by its statements), action,
# hook, stack answer, jump-in and start card turned spends from these
MAX_TURN_WORK = 20_000
MAX_ROUND_WORK = 200_000
# events a recorded match (or a round that keeps what seats saw) holds: about 600 bytes each, so
# about 120 MB. Past it the round in play stops at its next turn and the match ends.
MAX_RECORDED_EVENTS = 200_000

# ---- simulation
MAX_TURNS = 5000  # a round still going after this many turns is abandoned (no winner)
MAX_ROUNDS = 1000  # rounds a match plays at most (a scenario's `max_rounds` too)
MAX_ABANDONED_IN_A_ROW = 3  # rounds abandoned one after another: the match stops, without a winner
MAX_WORKERS = 256  # processes or Ray tasks at once: beyond, starting them is all the work
MAX_SETTING_DIGITS = 18  # a whole-number setting given as text (int() of 5000 digits is slow, then refused)


def size_problem(text: str | bytes, filename: str, limit: int = MAX_FILE_BYTES) -> Problem | None:
    """A file read (or its first limit + 1 bytes) is over `limit`: placed where the limit is
    crossed. One function for every reader, so the limit is checked the same way everywhere."""
    if len(text) <= limit:
        return None
    before = text[:limit]
    newline = "\n" if isinstance(before, str) else b"\n"
    line = before.count(newline) + 1
    column = limit - (before.rfind(newline) + 1) + 1
    unit = "characters" if isinstance(text, str) else "bytes"
    return Problem(Span(filename, line, column), f"file is too big: more than {limit} {unit} "
                   f"(the limit is {limit // 1024} KiB; it is crossed here)", "error",
                   "an edition is a few KiB; is this the right file?")
