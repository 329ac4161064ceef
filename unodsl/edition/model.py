"""An edition once loaded: its kinds with compiled scripts, and its expanded deck."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..lang.compile import Compiled, Vocabulary

# The matching rule of every sheet: same colour, number or symbol. A kind's
# `playable:` replaces it (Wilds say `always`).
DEFAULT_PLAYABLE = "colour == top.colour or number == top.number or symbol == top.symbol"

DEFAULT_SETTINGS = {
    "hand_size": 7,
    "target_score": 500,
    "rounds_to_win": 0,  # a match won by the first to win this many rounds (0: by target_score)
    "scoring": "winner",
    "players": {"min": 2, "max": 10},
    "uno_penalty": 2,
    "two_player_rule": True,
    "dealer": "highest_card",
    "teams": False,
    "mode": "standard",
    "draw_until_playable": False,
    "play_drawn": "choice",
    # Official house rules (shared/EDITIONS.md), each off by default.
    "never_start_on_wild": False,
    "no_bluffing": False,
    "automatic_uno_penalty": False,
    # A widely played house rule: a player holding a playable card may not draw instead.
    "must_play": False,
}


@dataclass
class CardKind:
    """One kind of card (Skip, Wild, ...): what it looks like and the scripts it runs."""

    id: str
    name: str
    symbol: str | None
    wild: bool
    points: int | str  # a number, or "face" for a number card's face value
    playable: Compiled
    bluff_if: Compiled | None = None
    effect: Compiled | None = None
    on_start: Compiled | None = None
    tags: dict = field(default_factory=dict)
    description: str | None = None
    sources: dict = field(default_factory=dict)  # script field -> source text, for explain/why
    reaction_against: Compiled | None = None  # may be played out of turn against such a card
    reaction_effect: Compiled | None = None  # ... and then does this, as its holder
    use: Compiled | None = None  # a table card: what using it on a player does
    blank: bool = False  # players write a house rule on these cards
    # Nothing to settle after its effect (a draw waiting for its answer, a hand taken down to
    # one card, hooks): set by the engine before it plays the edition (unodsl.engine.facts).
    quiet: bool = False
    # Loud, and its effect may put cards from a hand under it on the discard pile: its
    # player's UNO call waits until the effect is over (unodsl.engine.quiet).
    sheds: bool = False
    # Its cards have numbers, and it is not the number cards' kind (a Flex 4, a Spin 3 beside
    # them): a card is named with the kind's name, `red Flex 4`, not as the number card
    # `red 4` it would be taken for (unodsl.edition.loader).
    named_with_number: bool = False


class Card:
    """One face of a physical card. Cards never change; where a card is says everything else.

    `face` numbers the distinct looks of cards (red 7, Wild, ...) so that the
    engine can remember which faces may be played on which.

    A card of a two-sided edition (UNO Flip) is two Card objects with the same
    `uid`, one per side, each the other's `back`: a place of the round holds the
    face of the side that is up (the round's `side`); turning the cards over puts
    each one's `back` in its place. A one-sided card has no `back` (None).
    """

    __slots__ = ("uid", "kind", "colour", "number", "symbol", "name", "points", "wild",
                 "tags", "face", "spec", "side", "back")

    def __init__(self, uid: int, spec: CardKind, colour: str | None, number: int | None, side: int = 0):
        self.uid = uid
        self.spec = spec
        self.kind = spec.id
        self.colour = colour
        self.number = number
        self.symbol = spec.symbol
        self.wild = spec.wild
        self.points = number if spec.points == "face" else spec.points
        self.name = spec.name
        self.tags: dict = dict(spec.tags)
        self.face = -1
        self.side = side  # the index of its side in the edition's `sides` (0: one-sided, or the first)
        self.back = None

    def label(self) -> str:
        """How a player names this card: `red 7`, `blue Skip`, `Wild`, `red Flex 4`."""
        what = str(self.number) if self.number is not None else self.name
        if self.number is not None and self.spec.named_with_number:
            what = f"{self.name} {self.number}"
        return f"{self.colour} {what}" if self.colour else what

    def __repr__(self) -> str:
        return f"<{self.label()} #{self.uid}>"


@dataclass(frozen=True)
class Side:
    """One side of a two-sided deck: its name (`light`), its colours and its kinds."""

    name: str
    colours: tuple[str, ...]
    kinds: tuple[str, ...]


@dataclass
class Edition:
    name: str
    id: str
    version: str
    source: str
    colours: tuple[str, ...]
    settings: dict
    kinds: dict[str, CardKind]
    deck: list[Card]
    vocabulary: Vocabulary
    hooks: list = field(default_factory=list)  # (event, guard, body) from house rules
    stack_rules: list = field(default_factory=list)  # Compiled `stack where` conditions of house rules
    hook_origins: list = field(default_factory=list)  # per hook: ("rules", i, "script") or a --rule's RuleSource
    hook_names: list = field(default_factory=list)  # per hook: its house rule's `name:` (or `--rule 2`)
    total: int | None = None
    path: str = ""
    table: tuple[str, ...] = ()  # kinds whose cards lie on the table instead of being dealt
    written: dict = field(default_factory=dict)  # blank card uid -> Compiled rule written on it
    compile_rule: object = None  # text -> Compiled, for rules written during play
    written_rules: dict = field(default_factory=dict)  # name -> Compiled rule of the edition's `written_rules:`
    suggested_rules: list = field(default_factory=list)  # scripts offered for blank cards
    warnings: list = field(default_factory=list)  # Problems that do not stop it being played
    faces: list = field(default_factory=list)  # one card per face number
    stack_cache: dict = field(default_factory=dict)  # (top face, colour) -> by face, whether a `stack where` rule lets it answer
    jump_cache: dict = field(default_factory=dict)  # (top face, colour) -> by face, whether a `jump in where` rule lets it jump in
    display_colours: dict = field(default_factory=dict)  # colour -> terminal colour name (`purple: magenta`)
    # The language the table speaks (unodsl.words: `fr`), and the edition's own words over
    # it: `colours` (colour -> the name players read) and `phrases` (key -> text).
    language: str = "en"
    words: dict = field(default_factory=dict)
    actions: dict = field(default_factory=dict)  # name -> Compiled script of the edition's `actions:`
    replacements: dict = field(default_factory=dict)  # event -> Compiled body of the last `instead of EVENT:`
    # A two-sided deck (UNO Flip): its sides, the first up as a round starts; `deck` holds
    # the first side's faces, each card's `back` the other's. Empty: one-sided cards.
    sides: tuple[Side, ...] = ()
    # Out-of-turn windows (unodsl.engine.windows): `jump in where` conditions of the house
    # rules, and what a false call costs under `uno at any time` (None: no such rule); strict
    # (`even when nobody holds one card`): its window opens after every turn.
    jump_rules: list = field(default_factory=list)
    false_call: int | None = None
    uno_strict: bool = False

    def __post_init__(self):
        by_face: dict = {}
        for card in self.every_face:
            by_face.setdefault(card.face, card)
        self.faces = [by_face[i] for i in range(len(by_face))]

    @property
    def every_face(self) -> list[Card]:
        """The deck's cards on every side: the deck, then the backs of a two-sided deck."""
        if not self.sides:
            return self.deck
        return [*self.deck, *(card.back for card in self.deck)]

    def side_colours(self, side: int) -> tuple[str, ...]:
        """The colours of the cards with side `side` up (every colour, one-sided)."""
        return self.sides[side].colours if self.sides else self.colours

    def card(self, uid: int, side: int = 0) -> Card:
        """The card `uid` as it shows with side `side` up."""
        card = self.deck[uid]
        return card.back if side and card.back is not None else card

    @cached_property  # read as each round is dealt
    def dealt(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The deck split, in its order, into the table cards (which lie in the middle, not
        dealt) and the cards that are shuffled and dealt."""
        table = self.table
        return (tuple(card for card in self.deck if card.kind in table),
                tuple(card for card in self.deck if card.kind not in table))

    @cached_property  # read as each match chooses its dealer
    def numbered(self) -> bool:
        """Whether a card of the deck has a number above 0 (the dealer's draw compares them)."""
        return any(card.number for card in self.deck)

    @cached_property  # read when a script says `choose number` without a range
    def numbers(self) -> tuple[int, ...]:
        """The numbers the deck's cards bear (either face of two-sided ones), smallest first."""
        return tuple(sorted({card.number for card in self.every_face if card.number is not None}))

    @cached_property  # read at every draw waiting for its answer: the rules do not change
    def pure_stacking(self) -> bool:
        """True when which card may answer a waiting draw under the table's `stack where`
        rules depends only on the card, the top card and the colour (or there is no rule)."""
        return all(rule.pure for rule in self.stack_rules)

    @cached_property  # read after every card played under a jump-in rule
    def pure_jumping(self) -> bool:
        """True when which card may jump in under the table's `jump in where` rules depends
        only on the card, the top card and the colour."""
        return all(rule.pure for rule in self.jump_rules)

    @cached_property  # read by every round: the kinds do not change
    def pure_playable(self) -> bool:
        """True when which card goes on which depends only on the two cards and the colour
        (and there is one discard pile: with several, the turn tries each: engine/piles.py)."""
        return not self.vocabulary.discard_piles and all(kind.playable.pure for kind in self.kinds.values())
