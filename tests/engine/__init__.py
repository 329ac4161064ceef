"""The engine playing rounds and matches: turns, stacking, reactions and table cards,
out-of-turn windows, players leaving a round, stacked setups, scoring and modes, the work
budget, quiet cards, the quick paths and the specialised turn loop against the interpreter,
and invariants over many seeded rounds. The cases a mutation run found unchecked in the
engine are here beside the rest (docs/mutation.md names each file)."""
