"""The engine's shuffle and randint (unodsl.engine.quick_random) give random.Random's results.

A seed must give the same game on every version: replays and saved games hang on it. So
the quick loops are held to the library's permutations and numbers, and to the state they
leave the generator in, for any seed, length and range."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from unodsl.engine import quick_random as module
from unodsl.engine.quick_random import (_library_randint, _library_shuffle, _library_shuffled_length, _quick_randint,
                                        _quick_shuffle, _quick_shuffled_length, randint, shuffle, shuffled_length)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), length=st.integers(min_value=0, max_value=600))
def test_the_same_permutation_and_the_same_generator_state_as_the_library(seed, length):
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, library = list(range(length)), list(range(length))
    _quick_shuffle(ours, mine)
    theirs.shuffle(library)
    assert mine == library
    assert ours.getstate() == theirs.getstate()  # (the next draws of the round are the same too)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), length=st.integers(min_value=0, max_value=600))
def test_a_shuffle_without_the_cards_leaves_the_generator_where_a_shuffle_does(seed, length):
    ours, theirs = random.Random(seed), random.Random(seed)
    _quick_shuffled_length(ours, length)
    theirs.shuffle(list(range(length)))
    assert ours.getstate() == theirs.getstate()


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), low=st.integers(min_value=-10**6, max_value=10**6),
       width=st.one_of(st.integers(min_value=0, max_value=600), st.integers(min_value=0, max_value=10**12)))
def test_the_same_numbers_and_the_same_generator_state_as_the_library(seed, low, width):
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert _quick_randint(ours, low, low + width) == theirs.randint(low, low + width)
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("length", [0, 1, 2, 3, 509, 510, 511, 512, 513, 1000])
def test_every_length_shuffles_as_the_library_does(length):
    """The places are worked out for lists of up to 511 cards; a longer list is shuffled
    by the library itself."""
    ours, theirs = random.Random(length), random.Random(length)
    mine, library = list(range(length)), list(range(length))
    _quick_shuffle(ours, mine)
    theirs.shuffle(library)
    assert mine == library and ours.getstate() == theirs.getstate()
    _quick_shuffled_length(ours, length)
    theirs.shuffle(library)
    assert ours.getstate() == theirs.getstate()


def test_the_engine_uses_the_quick_loops_on_this_python():
    assert module._same_as_the_library()
    assert shuffle is _quick_shuffle and randint is _quick_randint and shuffled_length is _quick_shuffled_length


def test_a_generator_of_another_class_draws_its_own_way():
    class Fixed(random.Random):
        def shuffle(self, x):
            x.reverse()

        def randint(self, a, b):
            return b

    cards = [1, 2, 3]
    shuffle(Fixed(1), cards)
    assert cards == [3, 2, 1]
    assert randint(Fixed(1), 1, 6) == 6
    given = []
    drawing = Fixed(1)
    drawing.shuffle = given.append  # (its own shuffle, of a list of that length)
    shuffled_length(drawing, 5)
    assert [len(cards) for cards in given] == [5]


def test_a_python_that_draws_otherwise_gets_the_library_loops(monkeypatch):
    """Were random.shuffle or randint to draw differently (another Python), the check at
    import fails and the generator's own methods are used."""
    monkeypatch.setattr(random.Random, "shuffle", lambda self, x: None)  # (draws nothing)
    assert not module._same_as_the_library()
    monkeypatch.undo()
    library_randint = random.Random.randint
    # (the same words drawn, another number given: only the numbers tell them apart)
    monkeypatch.setattr(random.Random, "randint", lambda self, a, b: b if library_randint(self, a, b) == a else a)
    assert not module._same_as_the_library()
    monkeypatch.undo()
    monkeypatch.setattr(module, "_quick_shuffled_length", lambda rng, length: None)  # (draws nothing)
    assert not module._same_as_the_library()
    monkeypatch.undo()
    monkeypatch.setattr(random.Random, "shuffle", lambda self, x: x.reverse())
    assert not module._same_as_the_library()


def test_the_library_loops_used_on_another_python_are_the_generators_own():
    """What a Python whose `random` draws otherwise gets: the generator's own methods."""
    for seed in range(5):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, library = list(range(40)), list(range(40))
        _library_shuffle(ours, mine)
        theirs.shuffle(library)
        assert mine == library
        assert [_library_randint(ours, 3, 3 + seed * 7) for _ in range(5)] == [theirs.randint(3, 3 + seed * 7)
                                                                              for _ in range(5)]
        _library_shuffled_length(ours, 60)
        theirs.shuffle(list(range(60)))
        assert ours.getstate() == theirs.getstate()
