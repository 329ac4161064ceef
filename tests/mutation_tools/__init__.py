"""The mutation campaign's tools, not tests of unodsl: `score.py` (the score docs/mutation.md
records), `check_kills.py` (a pytest plugin running the tests against mutants) and `order.py`
(a pytest plugin, quickest tests first, for `mutmut run`); test_score.py tests score.py.
The tests each campaign added live beside the behaviour they pin (tests/engine,
tests/language, ...); docs/mutation.md says how to run the campaign."""
