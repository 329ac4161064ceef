"""Decisions as menus: numbered choices and typed shortcuts, and reading a reply.

`build_menu(decision, match, names, style)` turns a pending Decision into a
Menu whose choices are exactly the decision's options, each with the key the
player types (`3`, `d`, `k`, `y`, `u2`, a colour's name) and words for it.
Each kind of decision (unodsl.engine.decisions.DECISIONS, which holds the words `help` says
of it) has its menu built by the method named after it (checked at import).
`parse(menu, text)` reads what the player typed and returns what to do:
Pick (answer this option), Command (help, why, table, log, quit), Script (a
rule typed for a blank card) or Refusal (with the reason, to ask again).

Cards are numbered as the hand is shown (sorted: unodsl.terminal.render), so
`3` on your turn is the third card of the hand on the screen, and `why 3` asks
why it cannot be played.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.decisions import (DECISIONS, DISCARD, DRAW, JUMP_IN, KEEP, PASS, PICK, REACT, STACK, TURN, TableUse,
                                check_answered)
from ..words import words_for
from .reasons import reason
from .render import grid, sorted_hand, wrap_styled
from .style import Style


# The decisions whose cards are numbered as the hand is (a pick from a pile is numbered
# from 1: the cards listed are not in the hand).
HAND_NUMBERED = (DISCARD, JUMP_IN, PICK, REACT, STACK)


@dataclass
class Choice:
    key: str  # what the player types, and sees
    label: str  # styled words for it
    value: object  # the decision's option
    aliases: tuple = ()  # other words typed for it (a unique beginning is enough)
    plain: str = ""  # the label without colours, for laying out columns


@dataclass
class Menu:
    decision: object
    question: str
    choices: list[Choice]
    cards: list = field(default_factory=list)  # the hand as numbered, for `why N` and `? N`
    hidden: dict = field(default_factory=dict)  # keys not listed: an option, or a Refusal saying why not
    free_text: bool = False  # any other text is a rule script (WRITE_RULE)
    compact: bool = False  # choices listed on one line (the hand is on the screen)
    words: object = None  # the edition's words (unodsl.words; None: English)
    why: str = ""  # why it is asked and what the answers lead to (reasons.py)

    def say(self, key: str, /, **fields) -> str:
        return (self.words or words_for(None)).say(key, **fields)

    def or_list(self, items: list[str]) -> str:
        return (self.words or words_for(None)).or_list(items)

    def key_for(self, option) -> str | None:
        """The key that answers `option` (for tests and for showing answers)."""
        for choice in self.choices:
            if _same(choice.value, option):
                return choice.key
        return None

    def lines(self) -> list[str]:
        lines = wrap_styled(self.question)
        if self.compact:  # the question and the keys on one line: the cards are on the screen
            cards = [c.key for c in self.choices if c.key.isdigit()]
            rest = [self.say("prompt.key_to", key=c.key, label=c.label) for c in self.choices if not c.key.isdigit()]
            text = self.question + " " + self.say("prompt.play_keys", keys=self.or_list(cards)) \
                + (self.say("prompt.or_else") if rest else ".") if cards else f"{self.question} "
            lines = wrap_styled(text + ", ".join(rest) + ("." if rest else "") + self.say("prompt.help_hint"))
            if self.why and not cards:  # (with cards to play, the turn's why is in its help)
                lines.extend(wrap_styled(self.why))
        else:
            lines.extend(wrap_styled(self.why) if self.why else [])
            lines.extend(grid([(f"{c.key:>2} ", c.label, c.plain or c.label) for c in self.choices]))
            lines.append(self.say("prompt.help_hint"))
        return lines


# ---- replies ---------------------------------------------------------------------

@dataclass
class Pick:
    value: object
    uno: bool = False  # call UNO with it (`3 uno`)


@dataclass
class Command:
    name: str  # help, why, table, log, quit
    arg: str = ""


@dataclass
class Script:
    text: str


@dataclass
class Refusal:
    message: str


def parse(menu: Menu, text: str):
    """What the player's line asks for."""
    typed = " ".join(text.strip().split())
    low = typed.lower()
    if not low:
        return Refusal(menu.say("prompt.refuse.empty"))
    words = low.split()
    if words[0] in ("?", "help") or low.startswith("?"):
        return Command("help", low.lstrip("?").strip() if low.startswith("?") else " ".join(words[1:]))
    if words[0] == "why":
        return Command("why", " ".join(words[1:]))
    if low in ("table", "log", "quit", "exit"):
        return Command("quit" if low == "exit" else low)
    if menu.decision.kind == TURN and "uno" in words and len(words) == 2:
        rest = words[1] if words[0] == "uno" else words[0]
        found = _lookup(menu, rest)
        if isinstance(found, Pick) and found.value is not DRAW and not isinstance(found.value, TableUse):
            return Pick(found.value, uno=True)
        return Refusal(menu.say("prompt.refuse.uno"))
    found = _lookup(menu, low)
    if found is not None:
        return found
    if menu.free_text:
        return Script(text.strip())
    if small_number(low) is not None:
        return Refusal(_no_number(menu, small_number(low)))
    if low == "uno" and menu.decision.kind == TURN:
        return Refusal(menu.say("prompt.refuse.uno"))
    return Refusal(menu.say("prompt.refuse.unknown", typed=typed, keys=menu.or_list([c.key for c in menu.choices])))


def _lookup(menu: Menu, low: str):
    for choice in menu.choices:
        if low == choice.key or low in choice.aliases:
            return Pick(choice.value)
    if low in menu.hidden:
        found = menu.hidden[low]
        return found if isinstance(found, Refusal) else Pick(found)
    if not low.isdigit():  # the unique beginning of a word: `gr` for green
        found = {id(c): c for c in menu.choices
                 for word in (c.key, *c.aliases) if not word.isdigit() and word.startswith(low)}
        if len(found) == 1:
            return Pick(next(iter(found.values())).value)
    return None


def small_number(text: str) -> int | None:
    """The number typed, if it is one a menu could show: written in decimal digits (`²` is a
    digit Python cannot read as a number), and short (it reads no more than 4,300 digits)."""
    return int(text) if text.isdecimal() and len(text) <= 9 else None


def _no_number(menu: Menu, number: int) -> str:
    if menu.decision.kind == TURN:
        return menu.say("prompt.refuse.no_card", number=number, cards=len(menu.cards))
    return menu.say("prompt.refuse.no_choice", number=number, keys=menu.or_list([c.key for c in menu.choices]))


# ---- building menus --------------------------------------------------------------

def build_menu(decision, match, names: list[str], style: Style) -> Menu:
    """The menu for `decision` (pending in `match`); `names` by match seat."""
    builder = _Builder(decision, match, names, style)
    return builder.build()


class _Builder:
    def __init__(self, decision, match, names, style):
        self.decision = decision
        self.match = match
        self.view = match.round.view(decision.player)  # (what the person deciding sees)
        self.names = names
        self.style = style
        self.main = [o for o in decision.options if not isinstance(o, TableUse)]
        self.uses = [o for o in decision.options if isinstance(o, TableUse)]
        self.hand = sorted_hand(self.view.hand, match.edition)
        self.words = words_for(match.edition)  # the edition's language (unodsl.words)

    def say(self, key: str, /, **fields) -> str:
        return self.words.say(key, **fields)

    def seat_name(self, player: int) -> str:
        return self.names[self.match.active[player]]

    def build(self) -> Menu:
        kind = self.decision.kind
        menu = getattr(self, "_" + kind)()
        menu.cards = self.hand
        menu.words = self.words
        menu.choices.extend(self.table_uses())
        menu.why = reason(self.decision, self.match, self.names)
        return menu

    def card_choice(self, key: str, card, extra: tuple = ()) -> Choice:
        name = self.style.name(card)
        words = tuple(dict.fromkeys((*extra, card.label().lower(), name.lower())))
        return Choice(key, self.style.card(card), card, words, name)

    def yes_no(self, question: str, yes: str, no: str, yes_words=(), no_words=()) -> Menu:
        yes_words = tuple(dict.fromkeys(("yes", self.say("prompt.word.yes"), *yes_words)))
        no_words = tuple(dict.fromkeys(("no", self.say("prompt.word.no"), *no_words)))
        choices = [Choice("y", yes, True, yes_words), Choice("n", no, False, no_words)]
        return Menu(self.decision, question, choices)

    def seats(self, question: str) -> Menu:
        choices = []
        for player in self.main:
            if player is PASS:  # (UNO_CALL: PASS follows the seats)
                continue
            seat = self.match.active[player]
            name = self.names[seat]
            cards = self.view.hand_sizes[player]
            label = self.say("prompt.seat", name=name, cards=self.words.count("count.card", cards))
            choices.append(Choice(str(seat + 1), label, player, (name.lower(),)))
        return Menu(self.decision, question, choices)

    def hand_numbered(self, question: str, cards: list) -> Menu:
        """Cards of the hand under their numbers in the hand as shown (`3` is the third card
        on the screen, as on a turn); the other numbers of the hand say they are not options."""
        choices, hidden = [], {}
        for i, card in enumerate(self.hand, 1):
            if any(card is c for c in cards):
                choices.append(self.card_choice(str(i), card))
            else:
                hidden[str(i)] = Refusal(self.say("prompt.not_a_choice", card=self.style.name(card), number=i))
        elsewhere = [c for c in cards if not any(c is held for held in self.hand)]  # (none, as the kinds are)
        choices += [self.card_choice(str(i), card) for i, card in enumerate(elsewhere, len(self.hand) + 1)]
        return Menu(self.decision, question, choices, hidden=hidden)

    def numbered_cards(self, question: str, cards: list) -> Menu:
        return Menu(self.decision, question,
                    [self.card_choice(str(i), card) for i, card in enumerate(cards, 1)])

    def table_uses(self) -> list[Choice]:
        cards = list(dict.fromkeys(use.card for use in self.uses))
        choices = []
        for use in self.uses:
            seat = self.match.active[use.target]
            suffix = "" if len(cards) == 1 else "abcdefghij"[cards.index(use.card) % 10]
            word = use.card.name.split()[0].lower()
            label = self.say("prompt.use", card=use.card.name, name=self.names[seat])
            choices.append(Choice(f"u{seat + 1}{suffix}", label, use,
                                  (f"use {seat + 1}{suffix}", f"{word} {seat + 1}{suffix}")))
        return choices

    # one method per decision kind

    def _turn(self) -> Menu:
        playable = [o for o in self.main if o is not DRAW]
        choices, hidden = [], {}
        for i, card in enumerate(self.hand, 1):
            if any(card is o for o in playable):
                choices.append(self.card_choice(str(i), card))
            else:
                hidden[str(i)] = card
        if DRAW in self.main:
            choices.append(Choice("d", self.say("prompt.draw"), DRAW, tuple(dict.fromkeys(("draw", self.say("prompt.draw"))))))
        question = self.say("prompt.your_turn") if playable else self.say("prompt.nothing_goes")
        return Menu(self.decision, question, choices, hidden=hidden, compact=True)

    def _play_drawn(self) -> Menu:
        card = self.main[0]
        number = next(str(i) for i, c in enumerate(self.hand, 1) if c is card)
        choices = [Choice("p", self.say("prompt.play_drawn", card=self.style.card(card)), card,
                          ("play", "y", "yes", number), self.say("prompt.play_drawn", card=self.style.name(card))),
                   Choice("k", self.say("prompt.keep"), KEEP, ("keep", "n", "no"))]
        only = Refusal(self.say("prompt.refuse.only_drawn", card=self.style.name(card)))
        hidden = {str(i): only for i, c in enumerate(self.hand, 1) if c is not card}
        return Menu(self.decision, self.say("prompt.drawn", card=self.style.card(card)),
                    choices, hidden=hidden)

    def _colour(self) -> Menu:
        named = [self.style.colour_name(colour) for colour in self.main]
        choices = [Choice(str(i), self.style.colour(name, colour), colour,
                          tuple(dict.fromkeys((colour.lower(), name.lower()))), name)
                   for i, (colour, name) in enumerate(zip(self.main, named), 1)]
        return Menu(self.decision, self.say("prompt.colour"), choices)

    def _challenge(self) -> Menu:
        accused = self.seat_name(self.decision.about)
        top = self.style.card(self.view.top)
        return self.yes_no(self.say("prompt.challenge", accused=accused, card=top),
                           self.say("prompt.challenge_yes"), self.say("prompt.challenge_no"), ("challenge",))

    def _call_uno(self) -> Menu:
        return self.yes_no(self.say("prompt.call_uno"), self.say("prompt.call_uno_yes"),
                           self.say("prompt.say_nothing"), ("uno",))

    def _catch(self) -> Menu:
        accused = self.seat_name(self.decision.about)
        return self.yes_no(self.say("prompt.catch", accused=accused), self.say("prompt.catch_yes", accused=accused),
                           self.say("prompt.catch_no"), ("catch",))

    def _yes_no(self) -> Menu:
        return self.yes_no(f"{self.decision.about}", self.say("prompt.word.yes"), self.say("prompt.word.no"))

    def _question(self) -> Menu:
        choices = [Choice(str(i), answer, answer, (answer.lower(),)) for i, answer in enumerate(self.main, 1)]
        return Menu(self.decision, f"{self.decision.about}", choices)

    def _player(self) -> Menu:
        return self.seats(self.say("prompt.player"))

    def _value(self) -> Menu:
        """A number is typed as itself; a symbol or a kind by its number in the list, or its name."""
        what = self.decision.about
        if what == "number":
            choices = [Choice(str(n), "", n, ()) for n in self.main]  # (the number is its own key)
        else:
            choices = [Choice(str(i), self.value_name(value), value, (str(value).lower(),))
                       for i, value in enumerate(self.main, 1)]
        return Menu(self.decision, self.say("prompt.value", what=self.words.phrases.get(f"value.{what}", what)), choices)

    def value_name(self, value) -> str:
        """A symbol or a kind as players say it: a kind's name for its id."""
        kind = self.match.edition.kinds.get(value)
        return kind.name if kind is not None else str(value)

    def _give(self) -> Menu:
        return self.seats(self.say("prompt.give", card=self.style.card(self.decision.about)))

    def _top_card(self) -> Menu:
        cards = sorted_hand(self.main, self.match.edition)
        return self.numbered_cards(self.say("prompt.top_card"), cards)

    def _stack(self) -> Menu:
        cards = [c for c in self.hand if any(c is o for o in self.main)]
        count = self.decision.about
        menu = self.hand_numbered(self.say("prompt.stack", count=count), cards)
        menu.choices.append(Choice("t", self.say("prompt.stack_take", count=count), PASS, ("take", "draw", "n", "no")))
        return menu

    def _discard(self) -> Menu:
        cards = [c for c in self.hand if any(c is o for o in self.main)]
        return self.hand_numbered(self.say("prompt.discard"), cards)

    def _pick(self) -> Menu:
        kind, where = self.decision.about
        if kind == "hand":  # (only one's own hand: a pick from another's is blind, at random)
            cards = [c for c in self.hand if any(c is o for o in self.main)]
            return self.hand_numbered(self.say("prompt.pick_hand"), cards)
        return self.numbered_cards(self.say("prompt.pick_pile", pile=where), self.main)

    def _pile(self) -> Menu:
        """Several discard piles: each the card goes on, with its top card (and colour in play)."""
        piles = {name: (cards[-1], colour) for name, cards, colour in self.view.discard_piles if cards}
        choices = []
        for i, name in enumerate(self.main, 1):
            top, colour = piles[name]
            named = f", {self.style.colour_name(colour)}" if top.colour is None and colour else ""  # (a Wild: the colour it named)
            choices.append(Choice(str(i), self.say("prompt.pile_choice", pile=name, card=self.style.card(top) + named),
                                  name, (name.lower(),),
                                  self.say("prompt.pile_choice", pile=name, card=self.style.name(top) + named)))
        return Menu(self.decision, self.say("prompt.pile", card=self.style.card(self.decision.about)), choices)

    def _react(self) -> Menu:
        actor = self.view.actor
        who = self.seat_name(actor) if actor is not None else self.say("prompt.someone")
        against = self.style.card(self.decision.about) if self.decision.about is not None \
            else self.say("narrate.a_card")
        cards = [o for o in self.main if o is not PASS]
        menu = self.hand_numbered(self.say("prompt.react", who=who, card=against), cards)
        menu.choices.append(Choice("p", self.say("prompt.react_pass"), PASS, ("pass", "n", "no")))
        return menu

    def _jump_in(self) -> Menu:
        top = self.style.card(self.decision.about)
        cards = [c for c in self.hand if any(c is o for o in self.main)]
        menu = self.hand_numbered(self.say("prompt.jump_in", card=top), cards)
        menu.choices.append(Choice("p", self.say("prompt.jump_in_pass"), PASS, ("pass", "n", "no")))
        return menu

    def _uno_call(self) -> Menu:
        uncalled = [self.seat_name(q) for q in self.decision.about]
        if uncalled:
            question = self.say("prompt.uno_call", names=self.words.or_list(uncalled), n=len(uncalled))
        else:  # (UNO at any time, strict: the window opens after every turn; a call now is false)
            cost = self.match.edition.false_call
            question = self.say("prompt.uno_call_nobody", cost=self.words.count("count.card", cost))
        menu = self.seats(question)
        me = self.decision.player
        for choice in menu.choices:
            if choice.value == me:
                choice.label = self.say("prompt.uno_self", label=choice.label)
                choice.aliases = (*choice.aliases, "uno")
            else:
                choice.label = self.say("prompt.uno_catch", label=choice.label)
        menu.choices.append(Choice("p", self.say("prompt.say_nothing"), PASS, ("pass", "n", "no")))
        return menu

    def _write_rule(self) -> Menu:
        card = self.style.card(self.decision.about)
        choices = []
        for i, script in enumerate([o for o in self.main if o], 1):
            lines = script.strip().splitlines()
            label = " / ".join(line.strip() for line in lines)
            choices.append(Choice(str(i), _shorten(label, 72), script))
        if "" in self.main:
            choices.append(Choice("b", self.say("prompt.leave_blank"), "", ("blank",)))
        question = self.say("prompt.write_rule", card=card)
        return Menu(self.decision, question, choices, free_text=True)



check_answered("the prompt", {kind for kind in DECISIONS if hasattr(_Builder, "_" + kind)})


def help_words(kind: str, words=None) -> str:
    """What `help` says of a kind of decision: in English the registry's words
    (unodsl.engine.decisions), in another language its file's `help.KIND`."""
    own = words.phrases.get(f"help.{kind}") if words is not None else None
    return own if isinstance(own, str) else DECISIONS[kind].help


def _same(a, b) -> bool:
    if hasattr(a, "uid") or hasattr(b, "uid"):
        return a is b
    return type(a) is type(b) and a == b


def _shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."
