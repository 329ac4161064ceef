"""Worlds a seat cannot tell from the real round: sampled from what it sees and knows.

A world is a whole round — every hand, the draw pile in its order, the faces of two-sided
cards, the state — that agrees with a seat's view (every card it sees is where it sees it,
every hand and pile has its size, every back it sees is the back of the card there) and
with its knowledge (unodsl.seat.knowledge: every card is in a place it may be in). The
seat's search plays worlds on (unodsl.agents.mcts), from a moment at which nothing is
under way in the round (a checkpoint: the cards dealt, a turn about to begin; see
Round.resume); the decisions since then are played again in it (unodsl.seat.replay).

Sampling: the cards the seat cannot see are dealt into the places it cannot see, each card
into a place it may be in and, with two-sided cards, into a position showing its back. With
nothing known beyond the sizes (the common case) that is one shuffle; otherwise each card
goes, in random order, into a place with room among those it may be in, and when none has
room, a card already placed moves to make it (augmenting paths: the real round is such an
assignment, so one is always found).

The sampled cards are laid into a round by unodsl.seat.world_maker.
"""
from __future__ import annotations

import random

from ..engine.quick_random import shuffle
from .places import DRAW_PILE, HAND, PILE


class Unsampled(Exception):
    """No world agrees with what the seat knows (its knowledge is wrong: a defect)."""


class Sampler:
    """Deals the cards a seat cannot see into the places it cannot see (see the module's
    docstring), for the view `view` and the knowledge `masks` (by uid: bit masks over
    `places`, unodsl.seat.knowledge)."""

    def __init__(self, view, masks: list[int], places: list, pins: dict | None = None,
                 backs: dict | None = None, groups: dict | None = None, likely: bool = False):
        edition = view.edition
        self.edition = edition
        self.side = view.side
        seen = {card.uid for card in view.hand}
        resting = [cards for _name, cards, _colour in view.discard_piles]  # (several discard piles: all seen)
        for cards in (view.discard, view.table, *view.lying, *view.face_up.values(), *resting):
            seen.update(card.uid for card in cards)
        # The places the seat cannot see, with their sizes and what each position shows.
        holders = []  # (place, size, classes by position or None)
        two_sided = bool(edition.sides)
        for q, size in enumerate(view.hand_sizes):
            if q != view.me and q not in view.face_up and size:
                classes = tuple(back.face for back in view.backs[q]) if two_sided else None
                holders.append(((HAND, q), size, classes))
        if view.draw_size:
            classes = None
            if two_sided:
                shown = {0: view.draw_top_back.face} if view.draw_top_back is not None else {}
                shown.update((backs or {}).get(DRAW_PILE, {}))
                classes = tuple(shown.get(view.draw_size - 1 - position) for position in range(view.draw_size))
            holders.append((DRAW_PILE, view.draw_size, classes))
        for name, size in view.pile_sizes.items():
            if size:
                holders.append(((PILE, name), size, None))
        self.holders = holders
        self.hidden = [uid for uid in range(len(edition.deck)) if uid not in seen]
        if len(self.hidden) != sum(size for _, size, _ in holders):
            raise Unsampled(f"{len(self.hidden)} cards unseen for {sum(s for _, s, _ in holders)} hidden places")
        # Each hidden card: the hidden places it may be in (by index in holders).
        bits = {place: 1 << places.index(place) for place, _, _ in holders if place in places}
        self.allowed = {}
        everywhere = tuple(range(len(holders)))
        constrained = False
        for uid in self.hidden:
            mask = masks[uid]
            allowed = tuple(i for i, (place, _, _) in enumerate(holders) if mask & bits.get(place, 0))
            if not allowed:  # (the knowledge disagrees with the view: trust the view)
                allowed = everywhere
            if allowed != everywhere:
                constrained = True
            self.allowed[uid] = allowed
        self.classes = {}
        if two_sided:
            down = 1 - view.side
            self.classes = {uid: edition.card(uid, down).face for uid in self.hidden}
        # Cards known to lie at a position of a place (from its top): place -> {depth: uid}; and
        # backs seen at a position of the draw pile since (`backs`: place -> {depth: face}).
        self.pins = pins or {}
        # What the positions of each hand lack (Knowledge.groups), with what play suggests or not:
        # holder index -> [(positions, cards none of them holds)], the first positions first.
        self.lacking = {}
        for index, (place, size, _classes) in enumerate(holders):
            kept = (groups or {}).get(place)
            if kept and sum(group.count for group in kept) == size:
                lacks = [(group.count, group.certain | group.likely if likely else group.certain) for group in kept]
                if any(cards for _count, cards in lacks):
                    self.lacking[index] = lacks
        self.quick = not constrained and not two_sided and not self.pins and not self.lacking
        self.prepared = None  # (see _prepare)

    def sample(self, rng: random.Random) -> list[list[int]]:
        """The uids dealt into each of `holders`, in the order of the place's list."""
        if self.quick:
            cards = list(self.hidden)
            shuffle(rng, cards)
            dealt, start = [], 0
            for _place, size, _classes in self.holders:
                dealt.append(cards[start:start + size])
                start += size
            return dealt
        return self._matched(rng)

    # ---- with constraints: a matching of cards to positions

    def _prepare(self) -> None:
        """The groups of positions alike (holder, class shown, what they lack), their room, the
        groups each card may go in, and the positions pinned: the same for every sample."""
        holders, classes = self.holders, self.classes
        index_of: dict = {}
        room: list = []
        positions = []  # by holder: each position's group, or ("pin", uid)
        pinned = set()
        for index, (place, size, by_position) in enumerate(holders):
            pins = self.pins.get(place, {})
            lacking = _by_position(self.lacking.get(index), size)
            here = []
            for position in range(size):
                depth = size - 1 - position
                if depth in pins:
                    here.append(("pin", pins[depth]))
                    pinned.add(pins[depth])
                    continue
                key = (index, by_position[position] if by_position is not None else None, lacking[position])
                group = index_of.get(key)
                if group is None:
                    group = index_of[key] = len(room)
                    room.append(0)
                room[group] += 1
                here.append(group)
            positions.append(here)
        # A holder all of whose positions are of one group (its cards are that group's, in order).
        self.whole = [here[0] if here and not isinstance(here[0], tuple) and all(g == here[0] for g in here)
                      else None for here in positions]
        keys = list(index_of)
        # Groups whose order matters (a pile's: which card comes next); a hand's does not.
        ordered = [group for group, (index, _shown, _lacks) in enumerate(keys) if holders[index][0][0] != HAND]
        everywhere = tuple(range(len(keys)))
        able, free = {}, []
        for uid in self.hidden:
            if uid in pinned:
                continue
            mine = classes.get(uid)
            groups = tuple(g for g, (index, shown, lacks) in enumerate(keys)
                           if index in self.allowed[uid] and shown in (None, mine) and uid not in lacks)
            if groups == everywhere:
                free.append(uid)
            else:
                able[uid] = groups
        self.prepared = (room, positions, able, free, ordered)
        # For the quicker way (_grouped): the cards whose places are few (placed first, one by
        # one), and the groups that take only some cards (each then takes its own, most
        # particular first); the others take what is left.
        holder_everywhere = tuple(range(len(holders)))
        few = [uid for uid in able if self.allowed[uid] != holder_everywhere]
        particular = [group for group, (_index, shown, lacks) in enumerate(keys) if shown is not None or lacks]
        particular.sort(key=lambda group: -len(keys[group][2]) - (1000 if keys[group][1] is not None else 0))
        self.grouped = (keys, few, particular, [uid for uid in self.hidden if uid not in pinned and uid not in few])

    def _matched(self, rng: random.Random) -> list[list[int]]:
        """Cards that may not go everywhere first, each into a group with room, as likely as the
        room each has left (a card already placed moves along an augmenting path when none
        has any); then the others, shuffled, into the room left."""
        if self.prepared is None:
            self._prepare()
        dealt = self._grouped(rng)
        if dealt is not None:
            return dealt
        room, positions, able, free, ordered = self.prepared
        left = list(room)
        into: list = [[] for _ in room]
        cards = list(able)
        shuffle(rng, cards)
        cards.sort(key=lambda uid: len(able[uid]))  # the most constrained first (stable: random among equals)
        for uid in cards:
            groups = able[uid]
            total = 0
            for group in groups:
                total += left[group]
            if total:
                pick = rng.random() * total
                for group in groups:
                    pick -= left[group]
                    if pick < 0 and left[group]:
                        break
                else:  # (rounding: the last group with room)
                    group = next(g for g in reversed(groups) if left[g])
                into[group].append(uid)
                left[group] -= 1
            elif not self._moved(uid, able, left, into, set()):
                raise Unsampled(f"card {uid} has no place it may be in")
        rest = list(free)
        shuffle(rng, rest)
        for group, count in enumerate(left):
            if count:
                into[group].extend(rest[len(rest) - count:])
                del rest[len(rest) - count:]
        return self._laid_out(into, ordered, positions, rng)

    def _grouped(self, rng: random.Random) -> list[list[int]] | None:
        """The quicker way, when it finds room for every card (else None, and _matched goes
        card by card): the cards with few places one by one; then each group that takes only
        some cards takes its room of them, drawn at random from those left; the other groups
        take the rest, shuffled."""
        room, positions, able, _free, ordered = self.prepared
        keys, few, particular, pool = self.grouped
        classes = self.classes
        left = list(room)
        into: list = [[] for _ in room]
        mixed = set()  # groups whose order matters given cards one by one (shuffled at the end)
        for uid in few:
            groups = [group for group in able[uid] if left[group]]
            if not groups:
                return None
            group = groups[rng.randrange(len(groups))] if len(groups) > 1 else groups[0]
            into[group].append(uid)
            left[group] -= 1
            mixed.add(group)
        rest = list(pool)
        shuffle(rng, rest)
        taken = set()
        for group in particular:
            need = left[group]
            if not need:
                continue
            _index, shown, lacks = keys[group]
            mine = into[group]
            for uid in rest:  # (shuffled: the first that fit are a random draw of them)
                if uid not in taken and uid not in lacks and (shown is None or classes.get(uid) == shown):
                    mine.append(uid)
                    taken.add(uid)
                    need -= 1
                    if not need:
                        break
            if need:
                return None
            left[group] = 0
        rest = [uid for uid in rest if uid not in taken] if taken else rest
        for group, count in enumerate(left):
            if count:
                if keys[group][1] is not None or keys[group][2]:
                    return None
                into[group].extend(rest[len(rest) - count:])
                del rest[len(rest) - count:]
        return self._laid_out(into, [group for group in ordered if group in mixed or group in particular],
                              positions, rng)

    def _laid_out(self, into: list, ordered: list, positions: list, rng) -> list[list[int]]:
        """Each position's card, from its group (`ordered`: the groups to shuffle, a pile's
        whose cards did not come in random order)."""
        for group in ordered:
            shuffle(rng, into[group])
        dealt = []
        for here, whole in zip(positions, self.whole):
            if whole is not None:
                dealt.append(into[whole])
                continue
            cards_here = []
            for group in here:
                cards_here.append(group[1] if group.__class__ is tuple else into[group].pop())
            dealt.append(cards_here)
        return dealt

    def swap(self, dealt: list[list[int]], a: int, b: int) -> bool:
        """Swap cards `a` and `b` in `dealt` (a sample) where each may lie where the other does
        (and shows the same back); False when they may not."""
        spots = {}
        for index, cards in enumerate(dealt):
            for position, uid in enumerate(cards):
                if uid == a or uid == b:
                    spots[uid] = (index, position)
        if len(spots) != 2 or a == b:
            return False
        (ia, pa), (ib, pb) = spots[a], spots[b]
        pinned = {uid for pins in self.pins.values() for uid in pins.values()}
        if a in pinned or b in pinned or ib not in self.allowed[a] or ia not in self.allowed[b]:
            return False
        if self.classes and self.classes[a] != self.classes[b]:
            return False
        dealt[ia][pa], dealt[ib][pb] = b, a
        return True

    def _moved(self, uid: int, able: dict, left: list, into: list, visited: set) -> bool:
        """Put `uid` where a card placed before it moves out to make room (an augmenting path)."""
        for group in able[uid]:
            if group in visited:
                continue
            visited.add(group)
            for other in list(into[group]):
                for elsewhere in able[other]:
                    if elsewhere != group and left[elsewhere]:
                        into[group].remove(other)
                        into[elsewhere].append(other)
                        left[elsewhere] -= 1
                        into[group].append(uid)
                        return True
            for other in list(into[group]):
                if self._moved(other, able, left, into, visited):
                    into[group].remove(other)
                    into[group].append(uid)
                    return True
        return False


NOTHING = frozenset()


def _by_position(lacking: list | None, size: int) -> list:
    """What each position of a hand lacks, the first positions the oldest (a hand's list keeps
    the order cards came into it in)."""
    if lacking is None:
        return [NOTHING] * size
    return [cards for count, cards in lacking for _ in range(count)]
