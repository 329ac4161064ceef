"""The pieces of sentences: who is named and how, the card a bare attribute reads,
verbs conjugated for their subject, and the clauses a block is made of."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Who:
    """A player or group of players, as the sentence names them."""

    key: str  # me next previous others everyone chosen dealer
    noun: str  # as a subject: "you", "the next player", "every other player"
    obj: str  # as an object: "you", "the next player", "the other players"
    owner: str  # possessive: "your", "the next player's"
    second: bool = False  # conjugated like "you" ("you draw"), not "the next player draws"
    group: bool = False
    they: bool = False  # named by the pronoun "they" ("they draw"), just named in the condition

    @property
    def base_form(self) -> bool:
        """Conjugated like "you draw" / "they draw" rather than "the next player draws"."""
        return self.second or self.they

    @property
    def pronoun(self) -> str:
        return "you" if self.second else "they"

    def as_they(self) -> Who:
        return Who(self.key, "they", "them", "their", group=self.group, they=True)

    @property
    def poss(self) -> str:
        """Their own: "your" or "their"."""
        return "your" if self.second else "their"


YOU = Who("me", "you", "you", "your", second=True)
THE_DEALER = Who("me", "the dealer", "the dealer", "the dealer's")
THAT_PLAYER = Who("me", "that player", "that player", "that player's")
PLAYERS = {
    "next": Who("next", "the next player", "the next player", "the next player's"),
    "previous": Who("previous", "the previous player", "the previous player", "the previous player's"),
    "others": Who("others", "every other player", "the other players", "every other player's", group=True),
    "everyone": Who("everyone", "every player", "everyone", "every player's", group=True),
    "chosen": Who("chosen", "the chosen player", "the chosen player", "the chosen player's"),
    "dealer": Who("dealer", "the dealer", "the dealer", "the dealer's"),
}


@dataclass(frozen=True)
class CardRef:
    """The card a bare attribute reads (`colour` in `playable`: the card that might be played)."""

    noun: str  # "it", "this card", "the card played"
    poss: str  # "its", "this card's"


IT = CardRef("it", "its")
# The cards of what just happened (unodsl.lang.compile.model.PAST_CARDS), in words.
PAST_CARD_WORDS = {"under_top": "the card under the top card", "answered": "the card answered"}
THIS_CARD = CardRef("this card", "this card's")


@dataclass(frozen=True)
class Context:
    me: Who = YOU
    card: CardRef = THIS_CARD
    start: bool = False  # a start-card rule: `extra turn` means the dealer plays first
    depth: int = 0  # 0: whole sentences; 1 and more: inside an `if` or an answer
    they: str = ""  # the player the condition just named: "they" in this branch


LOOP_PLAYER = Who("player", "that player", "that player", "that player's")
PLAYERS["player"] = LOOP_PLAYER


def third_person(verb: str) -> str:
    """`draw` -> `draws`, `miss` -> `misses`, `have` -> `has`."""
    irregular = {"have": "has", "be": "is", "do": "does", "can": "can", "may": "may"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def say(who: Who, predicate: str) -> str:
    """The predicate conjugated for its subject (only its first word is a verb)."""
    if who.base_form:
        return predicate
    verb, _, rest = predicate.partition(" ")
    return f"{third_person(verb)} {rest}".rstrip()


def act(who: Who, predicate: str) -> "Clause":
    """`who` does `predicate`: an instruction when they are the reader ("choose the
    colour"), else conjugated for them ("the next player chooses the colour")."""
    if who.second:
        return Clause(who, predicate, imperative=True)
    return Clause(who, say(who, predicate))


def say_not(who: Who, predicate: str) -> str:
    return f"{'do' if who.base_form else 'does'} not {predicate}"


def join(items: Iterable[str], word: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def with_article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


# ---- items of a block ----------------------------------------------------------------


@dataclass
class Clause:
    """One simple statement: a subject and what they do."""

    who: Who | None  # None: the subject is part of `text` ("the direction of play reverses")
    text: str  # conjugated for `who`
    imperative: bool = False  # "choose the colour": an instruction to the player reading the card

    def render(self) -> str:
        if self.who is None or self.imperative:
            return self.text
        return f"{self.who.noun} {self.text}"


@dataclass
class Compound:
    """A statement with branches (`if`, `ask`) or a hook: whole sentences at the top
    of a script, one run of text inside another branch."""

    sentences: list[str]
    inline: str
    question: bool = False  # starts by asking a player: "Then ask ..." after other sentences


Item = Clause | Compound
