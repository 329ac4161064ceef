"""unodsl.rl: every edition as a learning environment (PettingZoo and Gymnasium).

    import unodsl.rl
    env = unodsl.rl.env("classic", players=4)          # a PettingZoo AEC environment
    single = unodsl.rl.SingleAgentEnv("classic", opponents="greedy")  # a gymnasium.Env

The observation is the seat's view (unodsl.engine.view: what the seat sees, never a
hidden card) encoded from the edition (`Encoding`: its layout is derived from the
edition's faces, colours, players, state and decisions); the actions are every
(decision kind, option) the edition can ask, with the legal ones in a mask. docs/rl.md.
"""
from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - the extra not installed
    raise ImportError(f"unodsl.rl needs {missing.name}: pip install 'unodsl[rl]'") from missing

from .actions import IllegalAction
from .aec import env
from .encoding import Encoding
from .single import SingleAgentEnv, vector_env

__all__ = ["Encoding", "IllegalAction", "SingleAgentEnv", "env", "vector_env"]
