"""Playing an edition at the terminal: people and bots at one table.

- `seats.py`: who sits where (`--players you,greedy,alice`);
- `style.py`: colours (ANSI, or none: not a terminal, NO_COLOR, --no-color);
- `narrate.py`: the match log told one line per turn;
- `render.py`: the table, a hand, the scores, in 80 columns;
- `prompt.py`: each Decision as numbered choices and shortcuts, and replies read;
- `save.py`: saved matches (edition, players, seed and the answers: replayed), with a
  fingerprint of the edition and rules, written atomically;
- `save_shape.py`: the shape a save must have, each problem placed in its JSON;
- `session.py`: the game loop, hot-seat hand-overs, quitting and saving;
- `console.py`: lines in and out, Ctrl-C and the end of input;
- `table_commands.py`: what a player may type at any decision (why N, ? N, log, ...);
- `match_settings.py`: a setup file read, a setting's mistake named by its setting.

(`unodsl play` and `unodsl resume`, their options read into PlaySettings, are the command
line's: unodsl/cli/play.py.)
"""
from .save import PlaySettings
from .session import play, resume

__all__ = ["PlaySettings", "play", "resume"]
