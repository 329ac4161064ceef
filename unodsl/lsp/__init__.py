"""The language server for editors (`unodsl lsp`, docs/editors.md): diagnostics, hover,
completion and go-to-definition for edition, house-rule and scenario files.

It needs pygls (`pip install 'unodsl[lsp]'`); the rest of unodsl does not.
"""
