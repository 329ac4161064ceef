"""`python -m unodsl`: the same as the `unodsl` command."""
from .cli import main

main(prog_name="unodsl")
