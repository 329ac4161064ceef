"""The work a round may do: no accepted file can make a turn or a round run for ever.

A script's straight-line code is bounded by its size (unodsl.limits); what can repeat
is not: `repeat` and `for each player` blocks (inside each other they multiply), actions
calling actions, hooks firing on what other hooks do, stack answers, jump-ins, start
cards turned again. Each of those spends from a budget of work, per turn and per round
(Lua's instruction-count hook, SQLite's progress handler: checked where the work
happens). Past it the round stops, abandoned, with a report of the script that was
running and the card it was about. The common path of a turn spends nothing.
"""
from __future__ import annotations

from ..limits import MAX_RECORDED_EVENTS, MAX_ROUND_WORK, MAX_TURN_WORK
from ..stops import RoundStopped, number_passed  # noqa: F401 (the engine's, from here)

# Cards moved by one statement: a step of work for every CARDS_A_STEP of them (a loop of moves
# of whole hands costs more than a loop of skips).
CARDS_A_STEP = 8
# A card played out of turn (a jump-in, an answer to a draw) is a whole play: its matching,
# its script, the window after it. It weighs as much as this many statements.
A_PLAY = 10


# The budgets are checked every CHECK_STEP steps at most (a loop's pass adds its steps and
# compares, with no call: Attack presses its launcher in one). A turn's steps are counted from
# the check before it began, so a turn is stopped past MAX_TURN_WORK, with at most CHECK_STEP
# steps of the turns before counted in.
CHECK_STEP = 256


class WorkBudget:
    """Mixed into Round: `spend` is called by everything that can repeat (the compiled loops
    write it out: `g.work += N`, then `g.checkpoint()` past `g.work_check`)."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): the work done, and why the round stopped.
    STATE = ("work", "work_check", "work_mark", "work_turn", "work_before_turn", "stopped")

    def start_budget(self) -> None:
        self.work, self.work_check, self.work_mark = 0, CHECK_STEP, 0  # steps spent, next check, last one
        self.work_turn, self.work_before_turn = 0, 0  # the turn of the last check, and the steps before it began

    def spend(self, units: int = 1, script=None) -> None:
        """Count `units` of work against this turn's budget and the round's; past either,
        the round stops (RoundStopped, caught where the round is played). `script`: the
        compiled script about to run, if the work is running one (for the report)."""
        self.work += units
        if self.work > self.work_check:
            self.checkpoint(script)

    def checkpoint(self, script=None) -> None:
        """The budgets checked (every CHECK_STEP steps at most)."""
        if self.work_turn != self.turns:  # the first check in this turn: it began after the last one
            self.work_turn, self.work_before_turn = self.turns, self.work_mark
        if self.work - self.work_before_turn > MAX_TURN_WORK:
            raise RoundStopped(f"a turn did more than {MAX_TURN_WORK:,} steps of work (loops, actions, hooks, "
                               "answers and jump-ins) and was stopped", _origin(script), self._under_way())
        if self.work > MAX_ROUND_WORK:
            raise RoundStopped(f"the round did more than {MAX_ROUND_WORK:,} steps of work (loops, actions, hooks, "
                               "answers and jump-ins) and was stopped", _origin(script), self._under_way())
        if self.log is not None:
            self.check_record()
        self.work_mark = self.work
        self.work_check = self.work + CHECK_STEP

    def check_record(self) -> None:
        """A record past MAX_RECORDED_EVENTS stops the round (memory grows with the record, and
        with nothing else an edition does: no statement makes cards, numbers are bounded)."""
        if len(self.log) > MAX_RECORDED_EVENTS:
            raise RoundStopped(f"the match recorded more than {MAX_RECORDED_EVENTS:,} events and was stopped",
                               under_way=self._under_way())

    def spend_cards(self, moved: int) -> None:
        """A statement moved `moved` cards: a step for every CARDS_A_STEP (a few cost nothing)."""
        if moved > CARDS_A_STEP:
            self.spend(moved // CARDS_A_STEP)

    def stopped_where(self, stop: RoundStopped) -> str:
        """Where the round was when it stopped: the script running, else what was under way."""
        return stop.where or script_running(stop.__traceback__) or stop.under_way or self._under_way()

    def _under_way(self) -> str:
        """What the round is doing (said as a limit is crossed: a window's flag is down once
        the stop has left it)."""
        top = self.discard[-1].label() if self.discard else "none"
        if self.jumping:
            return f"a jump-in window, turn {self.turns}, the top card {top}"
        if self.pending is not None:
            return f"a draw being answered, turn {self.turns}, the top card {top}"
        if not self.turns:
            return f"the start card, {top}"
        return f"turn {self.turns}, the top card {top}"


def _origin(script) -> str | None:
    """The file and field a compiled script was written in (`file:kinds.KIND.effect`)."""
    return script.function.__code__.co_filename if script is not None else None


def script_running(traceback) -> str | None:
    """Where the innermost script of the edition was when a round stopped: the origin it was
    compiled from (`file:kinds.KIND.effect`, a rule's label) and the card it was about."""
    where = None
    while traceback is not None:
        code = traceback.tb_frame.f_code
        if not code.co_filename.endswith(".py") and code.co_name in ("effect", "condition"):
            card = traceback.tb_frame.f_locals.get("card", traceback.tb_frame.f_locals.get("c"))
            label = getattr(card, "label", None)
            where = code.co_filename + (f", {label()}" if callable(label) else "")
        traceback = traceback.tb_next
    return where
