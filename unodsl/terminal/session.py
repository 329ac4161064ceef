"""The game at the terminal: the loop that shows the table and asks the people.

`play(settings, stdin, stdout)` plays a match (or resumes one: the settings'
answers are replayed first) and returns the exit status:

- 0: the match was played to its end, or a player quit (`quit`, or Ctrl-C
  and yes);
- 1: the input ended (end of file, Ctrl-D) before the match did;
- 130: Ctrl-C twice, or while the engine was moving.

With a save file the match is written after every answer, so every way out
keeps it; `unodsl resume FILE` continues.

The engine (unodsl.match.Match) is driven from outside: seats without a
bot are the people's, `match.decision` is what they must decide and
`match.answer(option)` answers, raising IllegalMove with the reason when the
rules refuse; then the player is simply asked again. The console it reads and
writes is console.py's; the commands a player may type at a decision are
table_commands.py's; the settings' checks before the match, match_settings.py's.
"""
from __future__ import annotations

import time
from dataclasses import replace

from ..version import __version__
from ..edition.loader import load_edition
from ..engine.decisions import CALL_UNO, PLAY_DRAWN, TOP_CARD, TURN
from ..match import Match
from ..engine.modes import birthday_dealer
from ..errors import EditionError, IllegalMove, UnoError
from ..words import words_for
from . import save as saves
from .clock import match_seed, timed_agents
from .console import Console, EndSession, open_console, read_line
from .match_settings import ReplayError, SettingError, blame, check_setup_colour
from .narrate import Narrator, wrap
from .prompt import HAND_NUMBERED, Command, Refusal, Script, build_menu, parse
from .render import Screen, rule, sorted_hand, wrap_styled
from .save import PlaySettings
from .seats import parse_players
from .style import Style
from .table_commands import run_command

NARRATION_LINES = 8  # at most this many lines of what happened since a player's last look
DEFAULT_PACE = 0.6  # seconds before each bot's move is told, at a terminal: time to follow it


class Session:
    def __init__(self, settings: PlaySettings, console: Console, replay: bool = False,
                 finished: bool = False, pace: float | None = None, sleep=time.sleep):
        """`replay`: the settings' answers are replayed first (resume), and must end the
        match exactly when `finished` says. `pace`: seconds to wait before telling each
        move of a bot (default: DEFAULT_PACE at a terminal, none into a pipe); `sleep`
        waits them (tests give their own)."""
        self.settings = settings
        self.console = console
        self.pace = pace if pace is not None else (DEFAULT_PACE if console.interactive else 0)
        self.sleep = sleep
        with blame("players"):
            self.seats = parse_players(settings.players)
        edition = load_edition(settings.edition, rules=list(settings.rules), settings=settings.settings or None)
        self.edition = edition
        self.words = console.words = words_for(edition)  # the edition's language (unodsl.words)
        if settings.birthdays:
            with blame("birthdays"):
                if len(settings.birthdays) != len(self.seats):
                    raise UnoError(f"{len(settings.birthdays)} birthdays given for {len(self.seats)} players: "
                                   "give one per seat, in seat order")
                birthday_dealer(settings.birthdays)  # checks MM-DD
        agents = [seat.agent for seat in self.seats]
        seed = match_seed(settings.seed)
        with blame("players"):
            bots, self.clocks = timed_agents(agents, seed)
        with blame("setup" if settings.setup is not None else "players"):
            check_setup_colour(settings.setup, edition)
            self.match = Match(edition, players=len(self.seats), agents=bots, seed=seed,
                               target=settings.target, birthdays=settings.birthdays,
                               setup=settings.setup_object(), ask_draws=settings.ask_draws)
        # What the save holds besides the answers (checked now: a save that cannot be
        # written, or may not be, stops us before the game starts).
        self.head = saves.header(settings, self.match.seed) if settings.save else None
        self.names = [self._name(seat) for seat in self.seats]
        self.humans = [i for i, seat in enumerate(self.seats) if seat.human]
        self.style = Style(console.colour, edition.colours, edition.display_colours, self.words)
        self.screen = Screen(self.match, self.names, agents, self.style)
        self.narrator = Narrator(edition, self.names)
        self.seen = {seat: 0 for seat in self.humans}  # log index each person has been told up to
        self.told = 0  # log index the story has been told up to (the last screen shown)
        self.scanned = 0  # log index up to which round ends have been handled
        self.holder: int | None = None  # the person at the keyboard (hot seat)
        self.fresh = True  # the next prompt shows the whole table
        self.uno_next = False  # `3 uno`: answer the coming UNO call with yes
        self.resumed: int | None = None  # answers replayed from a save
        self.written: tuple | None = None  # (answers, finished) last written to the save
        self.notice: str | None = None  # said under the header (resume: an older unodsl's save)
        if replay:
            self._replay(settings.answers, finished)
            self.written = (len(settings.answers), finished)  # the save holds this already
        elif settings.save:
            saves.check_target(settings.save, self.head, settings.overwrite)

    def _name(self, seat) -> str:
        """A seat's name at the table: the person at the keyboard (`you`, shown `You`) in
        the edition's language."""
        return self.words.say("session.you") if seat.name == "You" and seat.human else seat.name

    # ---- the match

    def run(self) -> int:
        try:
            self._save()  # first, so that a save that cannot be written stops us at once
            self._header()
            while True:
                self._round_ends()
                if self.match.finished:
                    for line in self.screen.final():
                        self.console.write(line)
                    self._save()
                    return 0
                self._decide()
        except EndSession as end:
            return self._stop(end.status, end.message)
        except KeyboardInterrupt:  # while the engine was moving, not at a prompt
            self.console.write()
            return self._stop(130, self.words.say("session.interrupted"))

    def _stop(self, status: int, message: str) -> int:
        self._save()
        if self.settings.save:
            message += " " + self.words.say("session.saved", save=self.settings.save)
        else:
            message += " " + self.words.say("session.not_saved")
        self.say(message)
        return status

    def _header(self) -> None:
        match, style, say = self.match, self.style, self.words.say
        self.console.write(style.bold(rule(say("session.title", edition=self.edition.name, players=len(self.seats),
                                               target=match.target), "=")))
        seats = ", ".join(say("session.seat", name=name, agent=seat.agent or say("session.at_the_keyboard"))
                          for seat, name in zip(self.seats, self.names))
        self.say(say("session.seats", seats=seats))
        self.say(say("session.seed", seed=match.seed))
        if self.notice:
            self.say(self.notice)
        if self.resumed is not None:
            self.say(say("session.resumed", save=self.settings.save,
                         answers=self.words.count("count.answer", self.resumed),
                         round=len(match.results) + (0 if match.finished else 1)))
        if len(self.humans) > 1:
            self.say(say("session.hot_seat"))

    def _replay(self, answers: list, finished: bool) -> None:
        for index, value in enumerate(answers):
            if self.match.finished or self.match.decision is None:
                raise ReplayError(index, f"the save has {len(answers)} answers, but the match ends after "
                                         f"{index}")
            try:
                self.match.answer(saves.decode(value, self.edition))
            except IllegalMove as error:
                raise ReplayError(index, f"answer {index + 1} of the save is refused now ({error})") from None
            except UnoError as error:
                raise ReplayError(index, f"answer {index + 1} of the save: {error}") from None
        if self.match.finished != finished:
            raise ReplayError(None, f"the save says the match is {'over' if finished else 'not over'}, "
                                    f"but its answers leave it {'over' if self.match.finished else 'going on'}")
        # What was told before the save is not told again: the story goes on from
        # the start of the round in play, and ended rounds' scores are in the table.
        log = self.match.log
        self.narrator.feed(log)
        start = max((i + 1 for i, note in enumerate(self.narrator.notes) if note.get("event") == "round_end"),
                    default=0)
        self.seen = {seat: start for seat in self.humans}
        self.told = self.scanned = len(log)
        self.resumed = len(answers)
        for clock in self.clocks.values():  # (the bots' replayed moves are not their thinking now)
            clock.told()

    def _save(self) -> None:
        """Write the match to the save, if it has changed since the last write."""
        state = (len(self.match.answers), self.match.finished)
        if not self.settings.save or state == self.written:
            return
        try:
            saves.write(self.settings.save, self.head, self.match.answers, self.match.finished)
        except OSError as error:
            raise UnoError(f"cannot write the save {self.settings.save}: "
                           f"{error.strerror or error}") from None
        self.written = state

    # ---- between rounds

    def _round_ends(self) -> None:
        """Tell each round that ended since the last look, with its scores."""
        log = self.match.log
        self.narrator.feed(log)
        viewer = self.humans[0] if len(self.humans) == 1 else None  # several: hands stay hidden
        for index in range(self.scanned, len(log)):
            note = self.narrator.notes[index]
            if note.get("event") != "round_end":
                continue
            for line in self.narrator.lines(self.told, index + 1, viewer):
                self.console.write(line)
            self.console.write()
            for line in self.screen.round_summary(note["round"]):
                self.console.write(line)
            self.told = self.scanned = index + 1
            self.seen = {seat: index + 1 for seat in self.humans}
            last = self.match.finished and note["round"] == len(self.match.results)
            if self.humans and not last:
                self._pause(self.words.say("session.next_round", round=note["round"] + 1))
                self.fresh = True
        self.scanned = len(log)

    def _pause(self, prompt: str) -> None:
        """Wait for Enter (anything typed is ignored, but quit)."""
        if read_line(self.console, prompt).strip().lower() in ("quit", "exit"):
            raise EndSession(0, self.words.say("session.quit"))

    # ---- a decision

    def _decide(self) -> None:
        match = self.match
        decision = match.decision
        seat = match.active[decision.player]
        if decision.kind == CALL_UNO and self.uno_next:
            self.uno_next = False
            match.answer(True)
            self._save()
            return
        self.uno_next = False
        if len(self.humans) > 1 and seat != self.holder:
            self._hand_over(seat)
        self._show(decision, seat)
        menu = build_menu(decision, match, self.names, self.style)
        for line in menu.lines():
            self.console.write(line)
        while not self._answer(menu, seat):
            pass
        self._save()

    def _hand_over(self, seat: int) -> None:
        self.console.clear()
        self.console.write(self.style.bold(rule(self.words.say("session.pass_keyboard", name=self.names[seat]), "=")))
        self._pause(self.words.say("session.ready", name=self.names[seat]))
        self.console.clear()
        self.holder = seat
        self.fresh = True

    def _show(self, decision, seat: int) -> None:
        log = self.match.log
        story = self.narrator.told(self.seen[seat], None, seat)
        self.seen[seat] = self.told = len(log)
        for sentence, concerns in _folded(story, self.words):
            if not concerns and self.pace:  # a bot's move: time to read it
                self.sleep(self.pace)
            self.say(sentence)
        for bot, clock in self.clocks.items():
            seconds = clock.told()
            if seconds is not None:
                self.say(self.words.say("session.thought", name=self.names[bot],
                                        bot=self.seats[bot].agent.split(":")[0], seconds=f"{seconds:.1f}"))
        player = decision.player
        if decision.kind == TURN or self.fresh:
            self.console.write()
            for line in self.screen.table(seat):
                self.console.write(line)
            self.console.write()
            playable = decision.options if decision.kind == TURN else None
            for line in self.screen.hand(player, playable):
                self.console.write(line)
        elif decision.kind == PLAY_DRAWN or decision.kind in HAND_NUMBERED:
            for line in self.screen.hand(player):  # (the menu's cards are numbered as here)
                self.console.write(line)
        elif decision.kind != TOP_CARD:
            hand = sorted_hand(self.match.round.view(player).hand, self.edition)
            for line in wrap_styled(self.words.say("session.your_hand", cards=", ".join(self.style.card(c) for c in hand))):
                self.console.write(line)
        self.fresh = False

    def say(self, text: str) -> None:
        """Write a message wrapped to 80 columns."""
        for paragraph in text.split("\n"):
            for line in wrap(paragraph):
                self.console.write(line)

    def _answer(self, menu, seat: int) -> bool:
        """Read one reply and act on it; True once the decision is answered."""
        reply = parse(menu, read_line(self.console, "> "))
        if isinstance(reply, Command):
            run_command(self, reply, menu, seat)
            return False
        if isinstance(reply, Refusal):
            self.say(reply.message)
            return False
        if isinstance(reply, Script):
            return self._write_rule(reply.text)
        try:
            self.match.answer(reply.value)
        except IllegalMove as error:
            self.say(self.words.say("session.not_allowed", reason=str(error).rstrip(".")))
            return False
        self.uno_next = reply.uno
        return True

    def _write_rule(self, text: str) -> bool:
        lines = [text]
        while lines[-1].rstrip().endswith(":") or (len(lines) > 1 and lines[-1].strip()):
            lines.append(read_line(self.console, ".. "))
        script = "\n".join(line for line in lines if line.strip()) + "\n"
        try:
            self.match.answer(script)
        except IllegalMove as error:
            self.say(self.words.say("session.rule_refused", reason=error))
            return False
        return True


def _folded(story: list[tuple[str, bool]], words) -> list[tuple[str, bool]]:
    """At most NARRATION_LINES sentences: the earliest moves of others folded into one line
    when there are more; nothing that concerns the player (their own turn, a card they draw)
    is folded away."""
    others = [i for i, (_, concerns) in enumerate(story) if not concerns]
    fold = min(len(others), len(story) + 1 - NARRATION_LINES)
    if fold < 2:  # (folding one move would save no line)
        return story
    hidden = set(others[:fold])
    notice = (words.say("session.folded", moves=words.count("count.more_move", fold)), True)
    kept = [told for i, told in enumerate(story) if i not in hidden]
    return kept[:others[0]] + [notice] + kept[others[0]:]


def play(settings: PlaySettings, stdin=None, stdout=None, no_color: bool = False,
         pace: float | None = None, plain: bool = False) -> int:
    """Play a match at the terminal; returns the exit status. `plain`: the line mode even at
    a terminal where the full-screen table could be drawn."""
    return _run(Session(settings, open_console(stdin, stdout, no_color), pace=pace), plain, pace)


def _run(session: Session, plain: bool, pace: float | None = None) -> int:
    """The session on the full-screen table (unodsl.terminal.board) at a terminal that can
    draw it, else in the line mode."""
    from . import board
    if plain or not board.at_a_terminal(session.console):
        return session.run()
    if not board.installed():
        session.say(board.INSTALL)
        return session.run()
    if pace is None:  # (the board shows the moves at the next question: no waiting line by line)
        session.pace = 0
    return board.run_on_board(session)


def resume(path: str, stdin=None, stdout=None, no_color: bool = False, replay_anyway: bool = False,
           pace: float | None = None, plain: bool = False) -> int:
    """Continue the match saved in `path`. A save that is damaged, whose edition, rules or
    settings changed (unless `replay_anyway`), or whose answers do not replay is refused
    with its place in the file (EditionError), and the file is left as it was."""
    saved = saves.read(path)
    saves.check_unchanged(saved, replay_anyway)
    saves.check_writable(path)
    located, data = saved.located, saved.located.data
    try:
        session = Session(saved.settings, open_console(stdin, stdout, no_color), replay=True,
                          finished=data["finished"], pace=pace)
    except ReplayError as error:
        raise located.fail(("answers", error.index) if error.index is not None else ("finished",),
                           str(error), "was the save edited, or written by another unodsl?") from None
    except SettingError as error:
        raise located.fail((error.key,), str(error)) from None
    except EditionError as error:
        raise EditionError([_placed_in_save(located, problem) for problem in error.problems]) from None
    if data["unodsl"] != __version__:
        session.notice = session.words.say("session.older_save", saved=data["unodsl"], version=__version__)
    return _run(session, plain, pace)


def _placed_in_save(located, problem):
    """A problem of a setting or a rule script the save holds, placed at it in the save
    (the loader places it on the command line, `--set NAME=VALUE` or `--rule N`,
    where `play` took it from)."""
    where = problem.span.file
    if where.startswith("--set "):
        return replace(problem, span=located.span(("settings", where[len("--set "):].split("=", 1)[0])))
    if where.startswith("--rule ") and where[len("--rule "):].isdigit():
        return replace(problem, span=located.span(("rules", int(where[len("--rule "):]) - 1)))
    return problem
