"""The package's version (pyproject.toml says the same).

Apart from the package's front door (unodsl/__init__.py, which imports the engine and the
agents) so that what writes the version down (saves, the language server, `validate`'s
reports) need not import everything above it.
"""
__version__ = "0.1.0"
