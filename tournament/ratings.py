"""Rating arithmetic, free of Django: Elo from a final ranking and OpenSkill Plackett–Luce.

Both are pure functions of the ratings before a match and its ranking, so replaying the history
in the same order reproduces every stored value bit for bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from openskill.models import PlackettLuce

ELO_START = 1500.0
MU_START = 25.0
SIGMA_START = 25.0 / 3.0


def conservative(mu: float, sigma: float) -> float:
    """The leaderboard's default order: a rating the player is very likely above."""
    return mu - 3.0 * sigma


@dataclass(frozen=True)
class Rating:
    elo: float = ELO_START
    mu: float = MU_START
    sigma: float = SIGMA_START


def elo_k() -> float:
    return float(getattr(settings, "ARENA_ELO_K", 32.0))


def elo_updates(elos: Sequence[float], ranks: Sequence[int], k: float) -> list[float]:
    """New Elo ratings after one game, pairwise from the final ranking.

    Every pair of players is one Elo game (the better rank wins, equal ranks draw); each
    player's change is the sum over its opponents scaled by ``k / (n - 1)``, so a 4-player game
    moves a rating as much as one 2-player game does.
    """
    n = len(elos)
    if n < 2:
        return list(elos)
    scale = k / (n - 1)
    new = []
    for i in range(n):
        delta = 0.0
        for j in range(n):
            if i == j:
                continue
            expected = 1.0 / (1.0 + 10.0 ** ((elos[j] - elos[i]) / 400.0))
            actual = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            delta += actual - expected
        new.append(elos[i] + scale * delta)
    return new


@lru_cache(maxsize=1)
def _model() -> PlackettLuce:
    # tau=0: σ never grows between games, so a version's rating does not drift while it waits.
    return PlackettLuce(mu=MU_START, sigma=SIGMA_START, tau=0.0, limit_sigma=False)


def openskill_updates(
    ratings: Sequence[tuple[float, float]], ranks: Sequence[int]
) -> list[tuple[float, float]]:
    """New (μ, σ) for each player after one game with these ranks (1 = best)."""
    model = _model()
    teams = [[model.create_rating([mu, sigma])] for mu, sigma in ratings]
    rated = model.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]


def update(before: Sequence[Rating], ranks: Sequence[int], k: float | None = None) -> list[Rating]:
    """Both ratings of every player after one game."""
    elos = elo_updates([r.elo for r in before], ranks, elo_k() if k is None else k)
    skills = openskill_updates([(r.mu, r.sigma) for r in before], ranks)
    return [Rating(elo, mu, sigma) for elo, (mu, sigma) in zip(elos, skills, strict=True)]
