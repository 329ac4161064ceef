"""What the full-screen table shows, drawn from the Session as plain data: a Frame.

Each function reads the match through what a seat sees of it (unodsl.engine.view)
and returns lines, styled with the Session's Style (escape codes when colour is on,
which the screen turns into its own colours), as render.py does for the line mode:
nothing here changes the match or reads input. `draw(session, prompt, messages)` is
the whole board at a prompt; it is called by the thread that plays the match (so
the match is still while it is read).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..prompt import build_menu
from ..render import edition_vars, grid, round_seat, sorted_hand, state_notes
from ..style import visible_len
from ...words import Words, words_for

BACK = "▮"  # a card seen from behind
MOST_BACKS = 10  # a hand of more cards shows this many backs, then the count
PLAYABLE = "▸"  # marks the cards of the hand that may be played now
TURN_MARK = "▶"  # marks the seat whose turn it is
WIDTH = 80


@dataclass
class Frame:
    """The board at one prompt: each panel as lines of text (styled)."""
    title: str = ""
    seats: list[str] = field(default_factory=list)  # the other players, across the top
    middle: list[str] = field(default_factory=list)  # top card, colour, direction, piles
    moves: list[str] = field(default_factory=list)  # the round so far, newest last
    hand_title: str = ""
    hand: list[str] = field(default_factory=list)
    question: list[str] = field(default_factory=list)  # the question and its options
    info: list[str] = field(default_factory=list)  # what the last reply brought (help, ? N, log)
    info_title: str = ""
    prompt: str = "> "
    help: list[str] = field(default_factory=list)  # what F1 shows: the help of the question asked
    words: Words = field(default_factory=lambda: words_for(None))  # the edition's (unodsl.words)


def draw(session, prompt: str, messages: list[str], fresh: bool) -> Frame:
    """The board at `prompt`. `messages`: what the Session wrote since the last reply;
    `fresh`: a new question (those messages are then the line mode's table and story, which
    the board shows in its own panels)."""
    match = session.match
    decision = match.decision if prompt.strip() == ">" else None
    viewer = _viewer(session, decision)
    frame = Frame(title=_title(session), prompt=prompt, words=session.words)
    if match.round is not None and not match.finished:
        view = session.screen.view(viewer)
        frame.seats = seats(session, view, viewer)
        frame.middle = middle(session, view)
        frame.moves = moves(session, viewer)
        if viewer is not None and round_seat(match, viewer) is not None:
            player = round_seat(match, viewer)
            playable = decision.options if decision is not None and decision.kind == "turn" else None
            frame.hand_title, frame.hand = hand(session, player, playable)
    if decision is not None:
        menu = build_menu(decision, match, session.names, session.style)
        # (the why goes at the foot of the moves, just above the hand: the question's panel
        # keeps its options in view on a terminal of 24 lines)
        why, menu.why = menu.why, ""
        frame.question = menu.lines()
        if why:
            from ..render import wrap_styled
            frame.moves = [*frame.moves, "", *wrap_styled(why)]
        frame.help = help_lines(menu)
    if not fresh:
        frame.info = _trimmed(messages)
        frame.info_title = "" if decision is not None else session.words.say("board.table_says")
    return frame


def _viewer(session, decision) -> int | None:
    """The match seat whose hand is shown: the person asked; between questions, the one person
    at the table (several people: no one's, the keyboard may be changing hands)."""
    if decision is not None:
        return session.match.active[decision.player]
    if len(session.humans) == 1:
        return session.humans[0]
    return None


def _title(session) -> str:
    match, say = session.match, session.words.say
    parts = [match.edition.name, say("board.round", round=len(match.results) + (0 if match.finished else 1))]
    if match.round is not None and not match.finished:
        parts.append(say("board.turn", turn=match.round.view(None).turns))
    parts.extend([say("board.target", target=match.target), say("board.seed", seed=match.seed)])
    return " · ".join(parts)


def _trimmed(lines: list[str]) -> list[str]:
    """Messages without the blank lines around them."""
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return lines[start:end]


# ---- the panels

def seats(session, view, viewer: int | None) -> list[str]:
    """The other players (everyone, for an onlooker) in cells of two lines, in playing order
    from the viewer's left: name, bot, score, UNO and dealer on the first; backs and count
    on the second. The seat whose turn it is is marked and bold."""
    match = session.match
    order = list(range(match.n))
    if viewer is not None:
        order = order[viewer + 1:] + order[:viewer]
    cells = [_seat_cell(session, view, seat) for seat in order]
    per_row = len(cells) if len(cells) <= 3 else 4
    width = WIDTH // per_row
    lines = []
    for start in range(0, len(cells), per_row):
        row = cells[start:start + per_row]
        for part in (0, 1):
            lines.append("".join(_pad(cell[part], width) for cell in row).rstrip())
    return lines


def _seat_cell(session, view, seat: int) -> tuple[str, str]:
    match, style, say = session.match, session.style, session.words.say
    player = round_seat(match, seat)
    name = session.names[seat] + (f" [{session.screen.bots[seat]}]" if session.screen.bots[seat] else "")
    if player is None:
        return f"  {name}", "  " + say("board.out", points=match.scores[seat])
    turn = player == view.turn
    head = f"{TURN_MARK if turn else ' '} {name}"
    notes = [say("board.points", points=match.scores[seat])]
    size = view.hand_sizes[player]
    if size == 1:
        notes.append(style.bold("UNO"))
    if player == view.dealer:
        notes.append(say("board.dealer"))
    if player in view.out:
        notes.append(say("board.left"))
    backs = _backs(session, view, player, size)
    first = style.bold(head) if turn else head
    return first, f"  {backs} {size}  " + " · ".join(notes)


def _backs(session, view, player: int, size: int) -> str:
    """A hand from behind: a mark per card (at most MOST_BACKS); two-sided cards show their
    other side's colour, which everyone sees."""
    shown = min(size, MOST_BACKS)
    faces = view.backs.get(player, ()) if view.backs else ()
    if faces and player != view.me:
        marks = "".join(session.style.colour(BACK, card.colour) for card in list(faces)[:shown])
    else:
        marks = BACK * shown
    return marks + ("+" if size > MOST_BACKS else "")


def middle(session, view) -> list[str]:
    """The top card (or each discard pile's), the colour in play, the direction, the piles."""
    match, style, say = session.match, session.style, session.words.say
    edition = match.edition
    lines = []
    none = say("board.none")
    if view.discard_piles:
        for name, cards, colour in view.discard_piles:
            top = style.card(cards[-1]) if cards else none
            mark = " " + say("board.played_on_last", mark=TURN_MARK) if name == view.pile_in_play else ""
            shown = style.colour(style.colour_name(colour), colour) if colour else none
            lines.append("  " + say("board.pile_line", pile=name.capitalize(), top=top, colour=shown,
                                    cards=len(cards)) + mark)
    else:
        top = style.card(view.top) if view.top is not None else none
        colour = style.colour(style.colour_name(view.colour), view.colour) if view.colour else none
        in_play = "   " + say("board.colour", colour=colour) if edition.colours else ""
        lines.append("  " + say("board.top_card", top=top) + in_play)
    arrow = say("board.clockwise") if view.direction > 0 else say("board.counter_clockwise")
    piles = [say("board.draw_pile", size=view.draw_size)]
    if not view.discard_piles:
        piles.append(say("board.discard_pile", size=len(view.discard)))
    piles.extend(say("board.other_pile", pile=name.capitalize(), size=size)
                 for name, size in view.pile_sizes.items() if size)
    piles.append(say("board.play_goes", arrow=arrow))
    lines.append("  " + "   ".join(piles))
    extra = []
    if edition.sides:
        extra.append(say("board.side_up", side=view.side_name.capitalize()))
        if view.draw_top_back is not None:
            extra.append(say("board.draw_top_shows", card=style.card(view.draw_top_back)))
    extra.extend(state_notes(view.game_state, edition_vars(edition)))
    extra.extend(say("board.in_the_middle", card=style.name(card)) for card in view.table)
    if extra:
        lines.append("  " + " · ".join(extra))
    return lines


def moves(session, viewer: int | None) -> list[str]:
    """This round's story as `viewer` is told it (Narrator's sentences), newest last."""
    narrator = session.narrator
    narrator.feed(session.match.log)
    start = max((i for i, note in enumerate(narrator.notes) if note.get("event") in ("deal", "setup")),
                default=0)
    return narrator.lines(start, None, viewer)


def hand(session, player: int, playable: list | None) -> tuple[str, list[str]]:
    """The hand of round seat `player`, numbered as the line mode numbers it, each card in its
    colour; on a turn the cards that may be played are marked."""
    match, style = session.match, session.style
    cards = sorted_hand(match.round.view(player).hand, match.edition)
    items = []
    for number, card in enumerate(cards, 1):
        ok = playable is not None and any(card is option for option in playable)
        mark = PLAYABLE if ok else " "
        items.append((f"{mark}{number:>2} ", style.card(card), style.name(card)))
    words = session.words
    title = words.say("board.your_hand", count=words.count("count.card", len(cards)))
    if match.round.view(player).turn == player:
        title = words.say("board.your_turn", mark=TURN_MARK, hand=title)
    if playable is not None:
        title += " " + words.say("board.can_be_played", mark=PLAYABLE)
    return title, grid(items, indent="")


def help_lines(menu) -> list[str]:
    """What F1 shows: the question's own help, then the keys of the table."""
    from ..prompt import help_words
    from ..narrate import wrap
    words = menu.words or words_for(None)
    lines = wrap(help_words(menu.decision.kind, words))
    lines.extend(wrap(words.say("prompt.also", commands=words.say("prompt.commands"))))
    lines.extend(wrap(words.say("board.keys")))
    return lines


def _pad(text: str, width: int) -> str:
    return text + " " * max(1, width - visible_len(text))
