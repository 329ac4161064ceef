"""How rounds score and when a match ends, for each way of playing a match.

- standard, `scoring: winner`: the player who goes out scores every card left
  in the others' hands; the first to reach the target wins.
- standard, `scoring: penalty` (the sheets' alternative scoring): each keeps
  the points left in their own hand; when someone reaches the target, the
  lowest total wins.
- `teams: true`: partners sit opposite; the round ends when one partner goes
  out and the team scores both opponents' hands (both partners' scores move).
- `mode: challenge` (Challenge UNO): running totals of one's own hand; a player
  who reaches the target is eliminated; the last two play a duel by the
  two-player rules, and the winner of the last round is the champion.

A player eliminated mid-round (unodsl.engine.seats) has no hand left: the
winner scores none of it. Where each keeps their own points (penalty scoring,
Challenge UNO) they keep the points they held as they left, so that leaving is
never better than staying. In team play the round ends when one team is left.
"""
from __future__ import annotations

from datetime import date

from ..errors import UnoError


def check_table(settings: dict, players: int) -> None:
    if settings.get("teams") and (players < 4 or players % 2):
        raise UnoError(f"teams need an even number of players, at least 4 (partners sit opposite), not {players}")
    if settings.get("teams") and settings.get("mode") == "challenge":
        raise UnoError("Challenge UNO is played alone, not in teams")


def partner(seat: int, players: int) -> int:
    return (seat + players // 2) % players


def round_scores(settings: dict, points: list[int], winner: int | None,
                 left_with: dict[int, int] | None = None) -> list[int]:
    """What each seat of the round adds to its score (`left_with`: the points each
    player eliminated from the round held as they left)."""
    n = len(points)
    scored = [0] * n
    if winner is None:
        return scored
    if settings.get("mode") == "challenge" or settings["scoring"] == "penalty":
        kept = list(points)
        for seat, held in (left_with or {}).items():
            kept[seat] += held
        return kept
    if settings.get("teams"):
        mate = partner(winner, n)
        won = sum(points) - points[mate] - points[winner]  # both opponents' hands (the last team
        # left may hold cards)
        scored[winner] = scored[mate] = won
        return scored
    scored[winner] = sum(points) - points[winner]  # (the last player left may hold cards)
    return scored


def standard_winner(settings: dict, scores: list[int], target: int) -> int | None:
    """The match winner once someone reached the target, else None."""
    if max(scores) < target:
        return None
    seats = range(len(scores))
    if settings["scoring"] == "penalty":
        return min(seats, key=lambda s: scores[s])
    return max(seats, key=lambda s: scores[s])


def rounds_winner(settings: dict, winners: list[int | None], players: int) -> int | None:
    """The match winner once a seat (in teams: a team, by either partner) has won
    `rounds_to_win` rounds, else None."""
    wins = [0] * players
    for seat in winners:
        if seat is not None:
            wins[seat] += 1
            if settings.get("teams"):
                wins[partner(seat, players)] += 1
    last = winners[-1] if winners else None
    if last is not None and wins[last] >= settings["rounds_to_win"]:
        return last
    return None


def eliminate(scores: list[int], active: list[int], target: int, last_winner: int | None) -> list[int]:
    """Challenge UNO: the seats still in the match after a round."""
    remaining = [s for s in active if scores[s] < target]
    if not remaining:  # everyone reached it at once: the round's winner stays
        remaining = [last_winner if last_winner is not None else min(active, key=lambda s: scores[s])]
    return remaining


def highest_drawn(drawn: dict) -> list[int]:
    """The seats that drew the highest number (a card with a symbol counts 0), of the cards
    `drawn` by seat for the dealer: one seat deals; several draw again."""
    best = max(card.number or 0 for card in drawn.values())
    return [seat for seat, card in drawn.items() if (card.number or 0) == best]


def birthday_dealer(birthdays: list[str | None]) -> int | None:
    """The seat whose birthday (MM-DD) is closest to 31 July; None if any is unknown."""
    if not birthdays or any(b is None for b in birthdays):
        return None
    harry = date(2001, 7, 31).timetuple().tm_yday

    def distance(text: str) -> int:
        try:
            month, day = (int(x) for x in text.split("-"))
            yday = date(2001, month, day).timetuple().tm_yday
        except ValueError:
            raise UnoError(f"birthday {text!r} is not MM-DD") from None
        gap = abs(yday - harry)
        return min(gap, 365 - gap)

    return min(range(len(birthdays)), key=lambda s: distance(birthdays[s]))
