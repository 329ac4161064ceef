"""The built-in agents (greedy, mcts) and what a seat sees, hears, knows and imagines
(unodsl/seat); tests/seat_helpers.py holds the helpers these share."""
