"""Who sits at the table: `--players you,greedy,alice,hal:random`.

One entry per seat, in seating order (play goes from each seat to the next):

- a bot's name (`greedy`, `random`, `mcts`), with its settings if any (`mcts:ms=200`):
  a bot, called `Bot N` (N its seat number);
- `NAME:BOT` (`hal:greedy`, `hal:mcts:iterations=400`): a bot called NAME;
- `you`, `me` or `human`: a person at the keyboard (`You`, or `Player N` for `human`);
- any other name (`alice`): a person of that name, `NAME:human` to be explicit.

Several people take turns at one keyboard (hot seat): before each one's
decisions the screen is cleared and handed over, so hands stay private. A name
close to a bot's (`gredy`) is refused as a likely typing mistake.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass

from ..agents import AGENTS, parse_agent
from ..errors import UnoError

HUMAN = "human"
SELF_WORDS = ("you", "me")
NAME_LENGTH = 14


@dataclass(frozen=True)
class Seat:
    name: str  # as shown on the screen
    agent: str | None  # a bot's agent name, None for a person

    @property
    def human(self) -> bool:
        return self.agent is None


def parse_players(spec: str | list[str]) -> list[Seat]:
    """The seats of a `--players` value (see the module's docstring)."""
    entries = [e.strip() for e in spec.split(",")] if isinstance(spec, str) else list(spec)
    if not entries or any(not e for e in entries):
        raise UnoError(f"--players {spec!r}: give one name per seat, separated by commas "
                       "(for example you,greedy,greedy)")
    seats = [_seat(entry, index) for index, entry in enumerate(entries)]
    seen: dict[str, int] = {}
    for index, seat in enumerate(seats):
        if len(seat.name) > NAME_LENGTH:
            raise UnoError(f"--players: the name {seat.name!r} is too long for the table "
                           f"(at most {NAME_LENGTH} characters)")
        key = seat.name.lower()
        if key in seen:
            raise UnoError(f"--players: two seats are called {seat.name} "
                           f"(seats {seen[key] + 1} and {index + 1}); give each a different name")
        seen[key] = index
    return seats


def _seat(entry: str, index: int) -> Seat:
    name, _, kind = entry.partition(":")
    name, kind = name.strip(), kind.strip()
    if name.lower() in AGENTS:  # a bot with its settings (`mcts:ms=200`)
        parse_agent(entry)
        return Seat(f"Bot {index + 1}", entry.strip())
    if kind:
        bot = kind.partition(":")[0].strip().lower()
        if kind.lower() != HUMAN and bot not in AGENTS:
            raise UnoError(f"--players {entry!r}: {bot!r} is neither a bot "
                           f"({', '.join(AGENTS)}) nor {HUMAN!r}")
        if not name:
            raise UnoError(f"--players {entry!r}: a name goes before the ':'")
        if kind.lower() == HUMAN:
            return Seat(_title(name), None)
        parse_agent(kind)
        return Seat(_title(name), kind)
    word = name.lower()
    if word in AGENTS:
        return Seat(f"Bot {index + 1}", word)
    if word in SELF_WORDS:
        return Seat("You", None)
    if word == HUMAN:
        return Seat(f"Player {index + 1}", None)
    close = difflib.get_close_matches(word, list(AGENTS), n=1, cutoff=0.75)
    if close:
        raise UnoError(f"--players: {name!r} is not a bot; did you mean {close[0]!r}? "
                       f"(for a person of that name write {name}:human)")
    return Seat(_title(name), None)


def _title(name: str) -> str:
    return name[:1].upper() + name[1:] if name.islower() else name
