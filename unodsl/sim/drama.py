"""Drama and tension of a round, from its trajectory of hand sizes (Browne's criteria, as
Ludii's evaluation and TAG's DramaMetrics measure them with a search oracle; here the
edition's own race to go out gives the leader for free).

The trajectory is what the simulation notes as each card is played in turn: the seat and
the cards in its hand as it plays (unodsl.sim.tally.CountingRound.trail). Hand sizes are
known as of each player's last play (cards drawn since count from their next play); the
round's end reads the hands themselves. The leader is the one player holding strictly the
fewest cards; while several tie, the last leader stays. For a round won by W:

- lead changes: how often the leader changed (the first leader is no change);
- drama: the most cards W was ever behind the leader (0: W led or tied throughout);
- decisiveness: cards played in turn from the last lead change to the end (all of the
  round's plays when the lead never changed);
- decided by one card: when W went out, another player held one card.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RoundDrama:
    lead_changes: int
    deficit: int  # drama: the winner's largest deficit in cards against the leader
    decisive: int  # plays from the last lead change to the end
    one_card: bool  # decided by one card


def round_drama(trail: list, dealt: list[int], winner: int, final: list[int]) -> RoundDrama:
    """The figures of one round from `trail` [(seat, cards in hand as it plays)], the hand
    sizes `dealt`, the `winner` and the hands' `final` sizes. (Run for every round a
    simulation plays: min, count and index do the work in C.)"""
    sizes = list(dealt)
    fewest = min(sizes)
    leader = sizes.index(fewest) if sizes.count(fewest) == 1 else None
    changes = last_change = 0
    deficit = max(0, sizes[winner] - fewest)
    played = 0
    for seat, holding in trail:
        played += 1
        sizes[seat] = holding - 1
        fewest = min(sizes)
        if sizes.count(fewest) == 1:
            first = sizes.index(fewest)
            if first != leader:
                if leader is not None:
                    changes += 1
                    last_change = played
                leader = first
        if sizes[winner] - fewest > deficit:
            deficit = sizes[winner] - fewest
    one_card = any(size == 1 for seat, size in enumerate(final) if seat != winner)
    return RoundDrama(changes, deficit, played - last_change, one_card)
