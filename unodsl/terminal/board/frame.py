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


def draw(session, prompt: str, messages: list[str], fresh: bool) -> Frame:
    """The board at `prompt`. `messages`: what the Session wrote since the last reply;
    `fresh`: a new question (those messages are then the line mode's table and story, which
    the board shows in its own panels)."""
    match = session.match
    decision = match.decision if prompt.strip() == ">" else None
    viewer = _viewer(session, decision)
    frame = Frame(title=_title(session), prompt=prompt)
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
        frame.question = menu.lines()
        frame.help = help_lines(menu)
    if not fresh:
        frame.info = _trimmed(messages)
        frame.info_title = "" if decision is not None else "The table says"
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
    match = session.match
    words = [match.edition.name, f"round {len(match.results) + (0 if match.finished else 1)}"]
    if match.round is not None and not match.finished:
        words.append(f"turn {match.round.view(None).turns}")
    words.extend([f"target {match.target}", f"seed {match.seed}"])
    return " · ".join(words)


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
    match, style = session.match, session.style
    player = round_seat(match, seat)
    name = session.names[seat] + (f" [{session.screen.bots[seat]}]" if session.screen.bots[seat] else "")
    if player is None:
        return f"  {name}", f"  out · {match.scores[seat]} pts"
    turn = player == view.turn
    head = f"{TURN_MARK if turn else ' '} {name}"
    notes = [f"{match.scores[seat]} pts"]
    size = view.hand_sizes[player]
    if size == 1:
        notes.append(style.bold("UNO"))
    if player == view.dealer:
        notes.append("dealer")
    if player in view.out:
        notes.append("left")
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
    match, style = session.match, session.style
    edition = match.edition
    lines = []
    if view.discard_piles:
        for name, cards, colour in view.discard_piles:
            top = style.card(cards[-1]) if cards else "none"
            mark = f" {TURN_MARK} played on last" if name == view.pile_in_play else ""
            shown = style.colour(colour, colour) if colour else "none"
            lines.append(f"  {name.capitalize()} pile: {top}   colour {shown}   {len(cards)} cards{mark}")
    else:
        top = style.card(view.top) if view.top is not None else "none"
        colour = style.colour(view.colour, view.colour) if view.colour else "none"
        in_play = f"   Colour: {colour}" if edition.colours else ""
        lines.append(f"  Top card: [ {top} ]{in_play}")
    arrow = "→ clockwise" if view.direction > 0 else "← counter-clockwise"
    piles = [f"Draw pile: {view.draw_size}"]
    if not view.discard_piles:
        piles.append(f"Discard pile: {len(view.discard)}")
    piles.extend(f"{name.capitalize()} pile: {size}" for name, size in view.pile_sizes.items() if size)
    piles.append(f"Play goes {arrow}")
    lines.append("  " + "   ".join(piles))
    extra = []
    if edition.sides:
        extra.append(f"{view.side_name.capitalize()} side up")
        if view.draw_top_back is not None:
            extra.append(f"draw pile's top shows {style.card(view.draw_top_back)}")
    extra.extend(state_notes(view.game_state, edition_vars(edition)))
    extra.extend(f"in the middle: {card.name}" for card in view.table)
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
        items.append((f"{mark}{number:>2} ", style.card(card), card.label()))
    title = f"Your hand: {len(cards)} card{'' if len(cards) == 1 else 's'}"
    if match.round.view(player).turn == player:
        title = f"{TURN_MARK} Your turn. {title}"
    if playable is not None:
        title += f" ({PLAYABLE} can be played)"
    return title, grid(items, indent="")


def help_lines(menu) -> list[str]:
    """What F1 shows: the question's own help, then the keys of the table."""
    from ..prompt import COMMANDS, help_words
    from ..narrate import wrap
    lines = wrap(help_words(menu.decision.kind))
    lines.extend(wrap(f"Also: {COMMANDS}."))
    lines.extend(wrap("Keys: F1 this help, Esc closes it; PageUp/PageDown scroll the moves; "
                      "Ctrl-C quits (it asks first)."))
    return lines


def _pad(text: str, width: int) -> str:
    return text + " " * max(1, width - visible_len(text))
