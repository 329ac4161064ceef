"""What a stranger's file may do: hostile inputs to every command that reads files (this
folder's YAML files are the reproducers), fuzzing of the validator and the regressions it found,
and "validates => runs" (a script validation accepts plays without a Python exception)."""
