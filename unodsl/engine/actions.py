"""An edition's actions, and what a house rule does instead of a draw.

An edition names an action its cards repeat (`actions: {press: SCRIPT}`); a
script says `next presses` and the action's script runs as that player. A house
rule may say what a player does instead of the turn's draw (`instead of
turn_draw:`) or of the missed-UNO penalty (`instead of uno_penalty:`): the round
calls `replaced_draw` there (Round._draw_on_turn, off its quick path, and
Round._catch_window). An edition that uses neither pays nothing per turn.
"""
from __future__ import annotations


class EditionActions:
    """Mixed into Round."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): none of its own.
    STATE = ()

    def act(self, name: str, p: int) -> None:
        """`p` does the edition's action `name` (a player who left the round does nothing). It
        spends no work itself: its loops do, and a loop that does it counts its statements in
        (unodsl.lang.cost); an action outside loops is bounded by its size."""
        if self.out and p in self.out:
            return
        if self.log is not None:  # (UNO Attack presses the launcher a few times a turn)
            self.record("action", player=p, action=name)
        self.edition.actions[name].function(self, p, None)

    def replaced_draw(self, event: str, p: int) -> None:
        """`p` does what the table's `instead of EVENT:` rule says, instead of drawing; the
        turn's play is over after it (nothing drawn is offered to be played)."""
        if self.log is not None:
            self.record("instead", player=p, of=event)
        self.edition.replacements[event].function(self, p, None)
        if self.pending is not None:  # (a draw it gave another player waits for their answer)
            self._settle_draw()
        self._check_out(p)
