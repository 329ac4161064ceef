"""The effect language: grammar -> parse (ast) -> compile (Python functions), and describe
(English).

Every construct is a row on its node class (unodsl/lang/ast/, unodsl/lang/registry.py)
with a compile handler and a describe handler, registered by node class. The compiler and
the describer are imported here so that the registry's one check runs at import: a row
without a handler, or a handler without a row, stops unodsl here, naming the construct.
"""
from . import ast, compile, describe  # noqa: F401 - (every handler registered before the check)
from .registry import LANGUAGE

LANGUAGE.check(ast.node_classes())
