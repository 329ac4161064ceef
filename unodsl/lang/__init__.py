"""The effect language: grammar -> parse (ast) -> compile (Python functions)."""
