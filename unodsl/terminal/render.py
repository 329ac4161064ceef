"""The screen, as lines of at most 80 columns: the table, a hand, the scores.

Nothing here reads input or changes the match: each function takes the match
(unodsl.match.Match) and returns lines to print. What a round shows is read
from the viewer's view (unodsl.engine.view): a person sees exactly what their seat sees,
an onlooker what is public.
"""
from __future__ import annotations

from ..words import words_for
from .style import Style, visible_len

WIDTH = 80


def rule(title: str = "", char: str = "-") -> str:
    """A full-width line, with a title on it."""
    if not title:
        return char * WIDTH
    return f"{char * 3} {title} ".ljust(WIDTH, char)[:max(WIDTH, visible_len(title) + 5)]


def sorted_hand(hand: list, edition) -> list:
    """A hand in the order it is shown and numbered: by colour, then number, then kind."""
    order = {colour: i for i, colour in enumerate(edition.colours)}
    return sorted(hand, key=lambda c: (order.get(c.colour, len(order)),
                                       c.number if c.number is not None else 99, c.name, c.uid))


def round_seat(match, seat: int) -> int | None:
    """The round's seat of match seat `seat` (None once eliminated)."""
    return match.active.index(seat) if seat in match.active else None


def match_seat(match, player: int) -> int:
    return match.active[player]


def edition_vars(edition) -> dict:
    vocab = edition.vocabulary
    return {**vocab.game_state, **vocab.player_state}


def state_notes(values: dict, variables: dict, name=None) -> list[str]:
    """The edition's state variables as a player sees them by a name: a flag that is on by
    its name (`power`), a counter, colour or card with its value (`tokens 3`); `name` names a
    card (the edition's words: Style.name)."""
    notes = []
    name_card = name
    for name, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            notes.append(name)
        elif variables[name].type == "card":
            notes.append(f"{name} {value.label() if name_card is None else name_card(value)}")
        else:
            notes.append(f"{name} {value}")
    return notes


def direction_words(direction: int, words=None) -> str:
    words = words or words_for(None)
    return words.say("render.direction." + ("left" if direction > 0 else "right"))


class Screen:
    def __init__(self, match, names: list[str], bots: list[str | None], style: Style):
        self.match = match
        self.names = names  # by match seat
        self.bots = bots  # agent name by match seat, None for a person
        self.style = style
        self.words = words_for(match.edition)  # the edition's language (unodsl.words)

    def view(self, viewer: int | None):
        """What match seat `viewer` sees of the round now (None, or a seat eliminated: what an
        onlooker sees)."""
        player = round_seat(self.match, viewer) if viewer is not None else None
        return self.match.round.view(player)

    # ---- the table

    def table(self, viewer: int | None) -> list[str]:
        match, style = self.match, self.style
        view = self.view(viewer)
        edition = match.edition
        say = self.words.say
        title = say("render.title", edition=edition.name, round=len(match.results) + 1, target=match.target)
        if edition.sides:
            title += say("render.side_up", side=view.side_name)
        lines = [style.bold(rule(title, "="))]
        lines.append(f"    {say('render.column.player'):<26}{say('render.column.cards'):>6}"
                     f"{say('render.column.score'):>7}")
        for seat, name in enumerate(self.names):
            lines.append(self._seat_line(view, seat, name, viewer))
        top = view.top
        top_text = style.card(top) if top is not None else say("render.none")
        colour = style.colour(style.colour_name(view.colour), view.colour) if view.colour else say("render.none")
        lines.append("")
        in_play = "   " + say("render.colour_in_play", colour=colour) if edition.colours else ""  # (an edition of Wilds only has none)
        if view.discard_piles:  # several discard piles: each one's top, colour and size
            lines.extend(self._discard_piles(view))
            lines.append(say("render.draw_pile", n=view.draw_size))
        else:
            lines.append(say("render.top_card", card=top_text) + in_play + "   " + say("render.draw_pile", n=view.draw_size))
        if edition.sides:
            lines.extend(self._backs(view))
        game = state_notes(view.game_state, edition_vars(edition), style.name)
        if game:
            lines.append(say("render.game", notes=", ".join(game)))
        middle = ", ".join(card.name for card in view.table)
        lines.append(say("render.play_goes", direction=direction_words(view.direction, self.words))
                     + ("   " + say("render.in_the_middle", cards=middle) if middle else ""))
        return lines

    def _discard_piles(self, view) -> list[str]:
        """Several discard piles: a line each (its top card, the colour in play on it, how many
        cards it holds; the pile played on last marked)."""
        style, lines, say = self.style, [], self.words.say
        for name, cards, colour in view.discard_piles:
            top = style.card(cards[-1]) if cards else say("render.none")
            shown = style.colour(style.colour_name(colour), colour) if colour else say("render.none")
            mark = say("render.played_on_last") if name == view.pile_in_play else ""
            size = self.words.count("count.card", len(cards))
            pile = say("render.pile", pile=name.capitalize(), card=top)
            lines.append(f"{pile}   {say('render.pile_colour', colour=shown)}   {size}{mark}")
        return lines

    def _backs(self, view) -> list[str]:
        """Two-sided cards: the faces of the side down that the viewer sees (everyone else's
        cards, the draw pile's top card), which are public."""
        match, style = self.match, self.style
        down = match.edition.sides[1 - view.side].name
        lines = [self.words.say("render.backs", side=down)]
        for q, backs in view.backs.items():
            if q in view.out:
                continue
            text = ", ".join(style.card(card) for card in backs) or self.words.say("narrate.no_cards")
            lines.extend(wrap_styled(f"{self.names[match_seat(match, q)]}: {text}", "    "))
        top = view.draw_top_back
        lines.append(self.words.say("render.draw_top_back",
                                    card=style.card(top) if top is not None else self.words.say("render.none")))
        return lines

    def _seat_line(self, view, seat: int, name: str, viewer: int | None) -> str:
        match, say = self.match, self.words.say
        player = round_seat(match, seat)
        width = len(str(match.n))  # (seat numbers right-aligned: 16 players have two digits)
        who = f"{seat + 1:>{width}} {name}" + (say("render.you_mark") if seat == viewer and name != say("session.you") else "")
        who += f" [{self.bots[seat]}]" if self.bots[seat] else ""
        if player is None:
            return f"    {who:<26}{say('render.seat.out'):>6}{match.scores[seat]:>7}   {say('render.seat.eliminated')}"
        marker = ">" if player == view.turn else " "
        cards = view.hand_sizes[player]
        notes = []
        if player == view.dealer:
            notes.append(say("render.seat.dealer"))
        if cards == 1:
            notes.append(say("render.seat.uno"))
        if player in view.face_up_until:
            notes.append(say("render.seat.face_up"))
        if player in view.out:
            notes.append(say("render.seat.left"))
        notes.extend(say("render.seat.lying", card=card.name) for card in view.lying[player])
        notes.extend(state_notes(view.player_state[player], edition_vars(match.edition), self.style.name))
        if match.teams:
            notes.append(say("render.seat.team", team=min(seat, (seat + match.n // 2) % match.n) + 1))
        line = f"  {marker} {who:<26}{cards:>6}{match.scores[seat]:>7}   {', '.join(notes)}"
        line = line.rstrip()
        return self.style.bold(line) if seat == viewer else line

    # ---- a hand

    def hand(self, player: int, playable: list | None = None, title: str | None = None) -> list[str]:
        """`player`'s hand (a round seat) as they see it, numbered; with `playable`, those
        underlined (every card keeps its colour)."""
        cards = sorted_hand(self.match.round.view(player).hand, self.match.edition)
        title = self.words.say("render.your_hand") if title is None else title
        lines = [self.words.say("render.hand", title=title, count=self.words.count("count.card", len(cards)))]
        items = [(f"{i:>2} ", self.style.card(card, mark=playable is not None and any(card is c for c in playable)),
                  self.style.name(card)) for i, card in enumerate(cards, 1)]
        lines.extend(grid(items))
        return lines

    # ---- between rounds and at the end

    def round_summary(self, number: int) -> list[str]:
        """The scores after round `number` (1 for the first)."""
        match, style, say = self.match, self.style, self.words.say
        result = match.results[number - 1]
        later = match.results[number:]
        totals = [match.scores[seat] - sum(r.scored[seat] for r in later) for seat in range(match.n)]
        if result.winner is None:
            title = say("render.round_over_no_winner", round=number)
        else:
            title = say("render.round_over", round=number, winner=self.names[result.winner])
        lines = [style.bold(rule(title, "="))]
        lines.append(f"  {say('render.column.player'):<22}{say('render.column.points_in_hand'):>15}"
                     f"{say('render.column.scored'):>8}{say('render.column.total'):>8}")
        for seat, name in enumerate(self.names):
            lines.append(f"  {name:<22}{result.points[seat]:>15}{result.scored[seat]:>8}{totals[seat]:>8}")
        lines.append("  " + say("render.target", target=match.target))
        return lines

    def final(self) -> list[str]:
        match, style, say = self.match, self.style, self.words.say
        if match.winner is None:
            title = say("render.match_over_no_winner", rounds=len(match.results))
        else:
            title = say("render.match_over", winner=self.names[match.winner], score=match.scores[match.winner])
        lines = ["", style.bold(rule(title, "="))]
        won = [sum(1 for r in match.results if r.winner == seat) for seat in range(match.n)]
        ranking = sorted(range(match.n), key=lambda s: -match.scores[s])
        settings = match.edition.settings
        if settings.get("scoring") == "penalty" or settings.get("mode") == "challenge":
            ranking.reverse()  # the lowest total is best
        lines.append(f"  {say('render.column.player'):<22}{say('render.column.rounds_won'):>11}"
                     f"{say('render.column.score'):>8}")
        for seat in ranking:
            mark = "*" if seat == match.winner else " "
            lines.append(f"{mark} {self.names[seat]:<22}{won[seat]:>11}{match.scores[seat]:>8}")
        turns = [r.turns for r in match.results]
        if turns:
            lines.append("  " + say("render.match_summary", rounds=self.words.count("count.round", len(turns)),
                                    turns=sum(turns), longest=max(turns), shortest=min(turns),
                                    target=match.target))
        return lines


def wrap_styled(text: str, indent: str = "  ") -> list[str]:
    """Text (escape codes or not) in lines of at most 79 columns on the screen."""
    lines, line, width = [], "", 0
    for word in text.split(" "):
        size = visible_len(word)
        if line and width + 1 + size > WIDTH - 1:
            lines.append(line)
            line, width = indent + word, len(indent) + size
        else:
            line, width = (line + " " + word, width + 1 + size) if line else (word, size)
    lines.append(line)
    return lines


def grid(items: list[tuple[str, str, str]], indent: str = "  ") -> list[str]:
    """(prefix, styled text, plain text) items in as many columns as fit in 80."""
    if not items:
        return []
    width = max(len(prefix) + len(plain) for prefix, _, plain in items) + 3
    columns = max(1, (WIDTH - len(indent)) // width)
    lines = []
    for start in range(0, len(items), columns):
        row = items[start:start + columns]
        cells = [prefix + styled + " " * (width - len(prefix) - len(plain)) for prefix, styled, plain in row]
        lines.append((indent + "".join(cells)).rstrip())
    return lines
