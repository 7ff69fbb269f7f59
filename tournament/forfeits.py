"""How a game someone forfeited is scored: one rule for tournament standings and the ladder.

A two-player game stops at a forfeit, before anyone has scored what the game would have
given: the engine's scores are those of an unfinished game (often 0 for both). Counting them
as they are would score the winner of a forfeit no more than the forfeiter, and would lower
the winner's average score, its first tie-break, for a game it did not lose. The rule:

1. A seat that forfeits keeps the points it had; it ranks last (the runner already ranks it
   so) and never wins.
2. A seat that did not forfeit, in a game another seat forfeited, is credited at least the
   best score of the forfeiters: ``credited_scores``. The winner of a forfeit never scores
   less than the forfeiter.
3. Such a game (a *walkover* for the seats that did not forfeit) counts for their games
   played, wins and ranks, but not in their average score: ``counts_in_average``. Their
   average score is that of the games they played out, so a walkover neither lowers nor
   raises their tie-break. Only an entrant with nothing but walkovers is averaged over its
   credited walkover scores (there is nothing else to average).
4. A game no seat forfeited scores as the engine says. A void game (a platform ``error``,
   forfeited by every seat) has no survivor: nobody is credited anything.

The ladder's average score (``RatingFields.average_score``) follows rules 2 and 3 the same
way, through :func:`average_parts`; it keeps no walkover total, so a version with nothing but
walkovers shows no average yet.
"""

from __future__ import annotations

from collections.abc import Sequence


def credited_scores(scores: Sequence[float], forfeits: Sequence[bool]) -> tuple[float, ...]:
    """Each seat's score under the rule: a seat that did not forfeit gets at least the best
    score of the seats that did; a forfeiter keeps its own."""
    forfeited = [score for score, lost in zip(scores, forfeits, strict=True) if lost]
    floor = max(forfeited, default=None)
    return tuple(
        float(score) if lost or floor is None else max(float(score), float(floor))
        for score, lost in zip(scores, forfeits, strict=True)
    )


def is_walkover(forfeits: Sequence[bool], seat: int) -> bool:
    """Whether the game was a walkover for ``seat``: it did not forfeit, another seat did."""
    return not forfeits[seat] and any(forfeits)


def counts_in_average(forfeits: Sequence[bool], seat: int) -> bool:
    """Whether ``seat``'s score in this game counts in its average score (rule 3)."""
    return not is_walkover(forfeits, seat)


def average_parts(
    scores: Sequence[float], forfeits: Sequence[bool], seat: int
) -> tuple[float, int, float, int]:
    """What one game adds to a seat's running averages: (score counted, games counted,
    walkover score, walkovers). The average is ``score / games`` when ``games`` > 0, otherwise
    ``walkover score / walkovers`` (:func:`average`)."""
    credited = credited_scores(scores, forfeits)[seat]
    if counts_in_average(forfeits, seat):
        return credited, 1, 0.0, 0
    return 0.0, 0, credited, 1


def average(score_total: float, games: int, walkover_total: float, walkovers: int) -> float:
    """The average score of the games played out, or of the walkovers when there are none."""
    if games:
        return score_total / games
    return walkover_total / walkovers if walkovers else 0.0
