"""Every kind of problem `unodsl validate` reports, by its stable code.

A code names the kind of a problem, not its wording: messages may be
reworded, a code keeps its meaning (docs/problems.md lists them with an
example each; a test keeps that page and this table in agreement). The
letter is the layer that finds it: F files and the command line, Y YAML,
S the JSON Schema, L the effect language, E the edition as a whole; T a
scenario file (a rule test).
"""
from __future__ import annotations

# ---- files and the command line
UNREADABLE = "F001"
BAD_REFERENCE = "F002"
COMMAND_LINE = "F003"

# ---- YAML
YAML_SYNTAX = "Y001"
NOT_A_DOCUMENT = "Y002"
DUPLICATE_KEY = "Y003"
YAML_VALUE = "Y004"

# ---- the JSON Schema
UNKNOWN_KEY = "S001"
MISSING_KEY = "S002"
WRONG_TYPE = "S003"
BAD_VALUE = "S004"

# ---- the effect language
SCRIPT_SYNTAX = "L001"
SCRIPT_MEANING = "L002"

# ---- the edition as a whole
DECK = "E001"
NEVER_HAPPENS = "E002"
CANNOT_PLAY = "E003"
NO_START_RULE = "E004"
DECLARATION = "E005"

# ---- scenario files (rule tests)
SCENARIO = "T001"

# code -> (name, what it means): the names are SARIF's rule names and GitHub's titles' words.
CODES: dict[str, tuple[str, str]] = {
    UNREADABLE: ("unreadable-file", "The file cannot be read: no such file or edition, not a regular file, "
                                    "not UTF-8, or too big. Nothing more is checked."),
    BAD_REFERENCE: ("bad-reference", "A file named inside a file (`base:`, `starter_rules:`) is missing, "
                                     "is not allowed (outside the file's folder), or the bases make a cycle."),
    COMMAND_LINE: ("command-line", "A house rule or a setting given apart from the file (`--rule`, `--set`) "
                                   "is wrong: an unknown setting, a wrong value, a rule file that is not one."),
    YAML_SYNTAX: ("yaml-syntax", "The text is not YAML. Nothing more is checked: the only problem that stops "
                                 "the others."),
    NOT_A_DOCUMENT: ("not-an-edition", "The YAML holds no edition: it is empty or not a mapping, or it expands "
                                       "too far (too many values, too deep, an alias inside itself)."),
    DUPLICATE_KEY: ("duplicate-key", "A key is given twice in one mapping; the first is kept."),
    YAML_VALUE: ("yaml-value", "A value YAML cannot give as plain data: a tag (`!!python/...`, `!custom`), "
                               "`!!int abc`, a list or a number as a key, a bad merge key `<<`."),
    UNKNOWN_KEY: ("unknown-key", "A key the edition format does not have here (often a misspelling)."),
    MISSING_KEY: ("missing-key", "A key the edition format needs here is not given."),
    WRONG_TYPE: ("wrong-type", "A value of the wrong type: text where a number goes, a list for a mapping, ..."),
    BAD_VALUE: ("bad-value", "A value of the right type that is not allowed: out of range, not one of the "
                             "choices, not of the right form, repeated."),
    SCRIPT_SYNTAX: ("script-syntax", "An effect script or condition does not parse: a misspelt word, a missing "
                                     "colon, a wrong indentation."),
    SCRIPT_MEANING: ("script-meaning", "An effect script or condition parses but does not make sense here: an "
                                       "unknown name, a value of the wrong type, a statement in the wrong place."),
    DECK: ("deck", "The deck is not what the file says: `total` differs, a colour or number range that "
                   "cannot be, a card without points, rules written on more cards than there are."),
    NEVER_HAPPENS: ("never-happens", "Something written can never happen: a card no one can ever play, a "
                                     "condition no card satisfies, `bluffed` without `bluff_if:`."),
    CANNOT_PLAY: ("cannot-play", "A round cannot be played as written: not enough cards to deal, no card worth "
                                 "a point, every start card put back, fewer players allowed than needed, "
                                 "rounds that do not end in a short trial (most abandoned: a warning; all: "
                                 "an error)."),
    NO_START_RULE: ("no-start-rule", "An action card has no `on_start:`: turned up to start the discard pile, "
                                     "it does nothing."),
    DECLARATION: ("declaration", "A declaration of the edition cannot be used: its state, chances, piles, "
                                 "actions, tags, table cards or display colours."),
    SCENARIO: ("scenario", "A scenario file (a rule test) is wrong: an unknown key, a card, player or answer "
                           "its edition does not have, an expectation of the wrong form, an edition that does "
                           "not load."),
}
