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
    "scoring": "winner",
    "players": {"min": 2, "max": 10},
    "uno_penalty": 2,
    "two_player_rule": True,
    "dealer": "highest_card",
    "teams": False,
    "mode": "standard",
    "draw_until_playable": False,
    "play_drawn": "choice",
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
    # one card, hooks): set when the edition is loaded (unodsl.engine.quiet).
    quiet: bool = False


class Card:
    """One physical card. Cards never change; where a card is says everything else.

    `face` numbers the distinct looks of cards (red 7, Wild, ...) so that the
    engine can remember which faces may be played on which.
    """

    __slots__ = ("uid", "kind", "colour", "number", "symbol", "name", "points", "wild",
                 "tags", "face", "spec")

    def __init__(self, uid: int, spec: CardKind, colour: str | None, number: int | None):
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

    def label(self) -> str:
        """How a player names this card: `red 7`, `blue Skip`, `Wild`."""
        what = str(self.number) if self.number is not None else self.name
        return f"{self.colour} {what}" if self.colour else what

    def __repr__(self) -> str:
        return f"<{self.label()} #{self.uid}>"


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
    total: int | None = None
    path: str = ""
    table: tuple[str, ...] = ()  # kinds whose cards lie on the table instead of being dealt
    written: dict = field(default_factory=dict)  # blank card uid -> Compiled rule written on it
    compile_rule: object = None  # text -> Compiled, for rules written during play
    suggested_rules: list = field(default_factory=list)  # scripts offered for blank cards
    warnings: list = field(default_factory=list)  # Problems that do not stop it being played
    faces: list = field(default_factory=list)  # one card per face number
    playable_cache: dict = field(default_factory=dict)  # (top face, colour) -> playable by face
    display_colours: dict = field(default_factory=dict)  # colour -> terminal colour name (`purple: magenta`)
    actions: dict = field(default_factory=dict)  # name -> Compiled script of the edition's `actions:`
    replacements: dict = field(default_factory=dict)  # event -> Compiled body of the last `instead of EVENT:`
    faces_up: bool = True  # a script may put a hand face up (set at load: unodsl.engine.quiet)
    # Out-of-turn windows (unodsl.engine.windows): `jump in where` conditions of the house
    # rules, and what a false call costs under `uno at any time` (None: no such rule).
    jump_rules: list = field(default_factory=list)
    false_call: int | None = None

    def __post_init__(self):
        by_face: dict = {}
        for card in self.deck:
            by_face.setdefault(card.face, card)
        self.faces = [by_face[i] for i in range(len(by_face))]

    @cached_property  # read by every round: the kinds do not change
    def pure_playable(self) -> bool:
        """True when which card goes on which depends only on the two cards and the colour."""
        return all(kind.playable.pure for kind in self.kinds.values())
