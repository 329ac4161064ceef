"""The effect language: parsing, compiling and the placed refusals of validation, `unodsl
explain`, the statements table, generated scripts, the messages an author meets, numbers,
state and chance, actions, players and moves as scripts write them, and the examples of
docs/effects.md. The cases a mutation run found unchecked in the compiler are here beside
the rest (docs/mutation.md names each file)."""
