"""The rules engine: turns, matching, drawing, decisions and scoring; no card names."""
