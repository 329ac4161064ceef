"""The engine's shuffle (unodsl.engine.shuffle) deals the decks random.shuffle deals.

A seed must give the same game on every version that shuffles this way: replays and saved
games hang on it. So the quick loop is held to the library's permutations and to the state
it leaves the generator in, for any seed and any length."""
import random

from hypothesis import given, settings, strategies as st

from unodsl.engine import shuffle as module
from unodsl.engine.shuffle import _quick_shuffle, shuffle


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), length=st.integers(min_value=0, max_value=600))
def test_the_same_permutation_and_the_same_generator_state_as_the_library(seed, length):
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, library = list(range(length)), list(range(length))
    _quick_shuffle(ours, mine)
    theirs.shuffle(library)
    assert mine == library
    assert ours.getstate() == theirs.getstate()  # (the next draws of the round are the same too)


def test_the_engine_uses_the_quick_loop_on_this_python():
    assert module._same_as_the_library()
    assert shuffle is _quick_shuffle


def test_a_generator_of_another_class_shuffles_its_own_way():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Reversing(1), cards)
    assert cards == [3, 2, 1]


def test_a_python_that_shuffles_otherwise_gets_the_library_shuffle(monkeypatch):
    """Were random.shuffle to draw differently (another Python), the check at import fails
    and the generator's own shuffle is used."""
    monkeypatch.setattr(random.Random, "shuffle", lambda self, x: x.reverse())
    assert not module._same_as_the_library()
