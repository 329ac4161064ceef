"""`random.Random.shuffle`, twice as quick, with the same permutations.

Every round shuffles its deck (108 cards in classic), and the shuffle is an eighth of a
simulated round. The standard library's calls a Python method (`_randbelow`) for each
card, which looks up `getrandbits` and works out a bit length each time; this loop
draws the same numbers from the same generator (`getrandbits(k)` until one is below
`i + 1`, k the bit length of `i + 1`) without the call. So a seed gives the same deck
either way, and games, replays and saved games do not change.

That is checked when this module is imported, on lists of every length up to a deck's:
on a Python whose `random` shuffles otherwise, `shuffle` is the generator's own.
"""
from __future__ import annotations

import random

# k for i + 1, by i + 1: the bit length (a table: a method call less for each card).
_BITS = [n.bit_length() for n in range(512)]


def _quick_shuffle(rng: random.Random, cards: list) -> None:
    """Shuffle `cards` in place as `rng.shuffle(cards)` would."""
    if len(cards) >= len(_BITS) or type(rng) is not random.Random:  # (a subclass may draw otherwise)
        rng.shuffle(cards)
        return
    getrandbits, bits = rng.getrandbits, _BITS
    for i in range(len(cards) - 1, 0, -1):
        below = i + 1
        k = bits[below]
        j = getrandbits(k)
        while j >= below:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _same_as_the_library() -> bool:
    """Whether _quick_shuffle gives this Python's permutations and leaves its generator
    where the library's shuffle leaves it."""
    for length in (0, 1, 2, 3, 7, 33, 108, 200, 511):
        ours, theirs = random.Random(f"check:{length}"), random.Random(f"check:{length}")
        mine, library = list(range(length)), list(range(length))
        _quick_shuffle(ours, mine)
        theirs.shuffle(library)
        if mine != library or ours.getstate() != theirs.getstate():
            return False
    return True


def _library_shuffle(rng, cards: list) -> None:
    rng.shuffle(cards)


shuffle = _quick_shuffle if _same_as_the_library() else _library_shuffle
