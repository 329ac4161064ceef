"""`unodsl lsp`, the language server: driven as an editor drives it, spoken to as bytes, and
run in process on edited copies of this folder's YAML files (the files the tests open)."""
