"""`random.Random.shuffle` and `randint`, twice as quick, with the same results.

Every round shuffles its deck (108 cards in classic): the library's shuffle was an
eighth of a simulated round. UNO Attack's launcher draws a random number at every press. The
standard library's shuffle calls a Python method (`_randbelow`) for each card, which
looks up `getrandbits` and works out a bit length each time, and `randint` goes through
`randrange` and `_randbelow`: four Python calls a number. The loops here draw the same
numbers from the same generator (`getrandbits(k)` until one is below n, k the bit
length of n) without those calls. So a seed gives the same deck and the same chances
either way, and games, replays and saved games do not change. (`shuffled_length` draws
what a shuffle draws, without the cards: a match's dealer draw in a deck without numbers,
whose order nobody sees, moves the deck's generator on as the shuffle would.)

That is checked when this module is imported: on a Python whose `random` draws
otherwise, the three are the generator's own.
"""
from __future__ import annotations

import random

# The bit length of n, by n (a table: a method call less for each number drawn).
_BITS = [n.bit_length() for n in range(512)]
# A shuffle's places, the last first: (i, i + 1, the bit length of i + 1), from i = 510 down
# to 1; a list of n cards is shuffled by the last n - 1 (worked out once, not for each card).
_PLACES = tuple((i, i + 1, _BITS[i + 1]) for i in range(len(_BITS) - 2, 0, -1))


def _quick_shuffle(rng: random.Random, cards: list) -> None:
    """Shuffle `cards` in place as `rng.shuffle(cards)` would."""
    if len(cards) > len(_PLACES) + 1 or type(rng) is not random.Random:  # (a subclass may draw otherwise)
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i, below, k in _PLACES[len(_PLACES) + 1 - len(cards):]:
        j = getrandbits(k)
        while j >= below:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _quick_shuffled_length(rng: random.Random, length: int) -> None:
    """Draw from `rng` what shuffling `length` cards draws, where the order is not needed."""
    if length > len(_PLACES) + 1 or type(rng) is not random.Random:
        rng.shuffle([None] * length)
        return
    getrandbits = rng.getrandbits
    for _i, below, k in _PLACES[len(_PLACES) + 1 - length:]:
        while getrandbits(k) >= below:
            pass


def _quick_randint(rng: random.Random, low: int, high: int) -> int:
    """`rng.randint(low, high)`, for whole numbers `low` <= `high`."""
    width = high - low + 1
    if width >= len(_BITS) or type(rng) is not random.Random:
        return rng.randint(low, high)
    k = _BITS[width]
    drawn = rng.getrandbits(k)
    while drawn >= width:
        drawn = rng.getrandbits(k)
    return low + drawn


def _same_as_the_library() -> bool:
    """Whether the quick loops give this Python's shuffles and numbers, and leave the
    generator where the library's leave it."""
    for length in (0, 1, 2, 3, 7, 33, 108, 200, 511, 600):
        ours, theirs = random.Random(f"check:{length}"), random.Random(f"check:{length}")
        mine, library = list(range(length)), list(range(length))
        _quick_shuffle(ours, mine)
        theirs.shuffle(library)
        skipped, shuffled = random.Random(length), random.Random(length)
        _quick_shuffled_length(skipped, length)
        shuffled.shuffle(list(range(length)))
        if skipped.getstate() != shuffled.getstate():
            return False
        numbers = [(_quick_randint(ours, low, low + width), theirs.randint(low, low + width))
                   for low in (-3, 0, 1) for width in (0, 1, 5, 99, length)]
        if mine != library or any(a != b for a, b in numbers) or ours.getstate() != theirs.getstate():
            return False
    return True


def _library_shuffle(rng, cards: list) -> None:
    rng.shuffle(cards)


def _library_randint(rng, low: int, high: int) -> int:
    return rng.randint(low, high)


def _library_shuffled_length(rng, length: int) -> None:
    rng.shuffle([None] * length)


if _same_as_the_library():
    shuffle, randint, shuffled_length = _quick_shuffle, _quick_randint, _quick_shuffled_length
else:
    shuffle, randint, shuffled_length = _library_shuffle, _library_randint, _library_shuffled_length
