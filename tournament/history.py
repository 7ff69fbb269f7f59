"""Reading the match history back: rating recomputation and replay re-simulation.

Recomputation replays every rated result in :class:`~tournament.models.ScoredResult` sequence
order through the same pure functions the pipeline used, so it must land on the stored values
exactly (floats compared with ``==``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from games.registry import get_game
from tournament import ratings
from tournament.models import Bot, BotVersion, Match, MatchParticipant, ScoredResult


@dataclass
class Tally:
    rating: ratings.Rating = field(default_factory=ratings.Rating)
    games: int = 0
    wins: int = 0
    forfeits: int = 0


@dataclass
class Recomputation:
    versions: dict[int, Tally]
    bots: dict[int, Tally]
    matches: int

    def mismatches(self) -> list[str]:
        """Every stored rating or counter that differs from the recomputed one."""
        problems = []
        for model, tallies in ((BotVersion, self.versions), (Bot, self.bots)):
            for row in model.objects.all().order_by("id"):
                tally = tallies.get(row.id, Tally())
                stored = (row.elo, row.mu, row.sigma, row.games_played, row.wins, row.forfeits)
                expected = (
                    tally.rating.elo,
                    tally.rating.mu,
                    tally.rating.sigma,
                    tally.games,
                    tally.wins,
                    tally.forfeits,
                )
                if stored != expected:
                    problems.append(f"{model.__name__} {row.id}: stored {stored} != {expected}")
        return problems


def _rated_results(batch: int = 2000) -> Iterator[list[MatchParticipant]]:
    """Participants of each scored rated match, in scoring order."""
    sequences = ScoredResult.objects.filter(match__rated=True).order_by("sequence")
    match_ids = list(sequences.values_list("match_id", flat=True))
    for start in range(0, len(match_ids), batch):
        chunk = match_ids[start : start + batch]
        by_match: dict[int, list[MatchParticipant]] = defaultdict(list)
        rows = MatchParticipant.objects.filter(match_id__in=chunk).select_related("version")
        for p in rows.order_by("match_id", "seat"):
            by_match[p.match_id].append(p)
        for match_id in chunk:
            yield by_match[match_id]


def recompute() -> Recomputation:
    versions: dict[int, Tally] = defaultdict(Tally)
    bots: dict[int, Tally] = defaultdict(Tally)
    matches = 0
    for seats in _rated_results():
        matches += 1
        ranks = [p.rank for p in seats]
        for tallies, keys in (
            (versions, [p.version_id for p in seats]),
            (bots, [p.version.bot_id for p in seats]),
        ):
            after = ratings.update([tallies[k].rating for k in keys], ranks)
            for key, new, p in zip(keys, after, seats, strict=True):
                tally = tallies[key]
                tally.rating = new
                tally.games += 1
                tally.wins += p.rank == 1
                tally.forfeits += bool(p.forfeit)
    return Recomputation(dict(versions), dict(bots), matches)


def store(result: Recomputation) -> None:
    """Overwrite the stored ratings with a recomputation (e.g. after changing K)."""
    with transaction.atomic():
        for model, tallies in ((BotVersion, result.versions), (Bot, result.bots)):
            for row in model.objects.select_for_update().order_by("id"):
                tally = tallies.get(row.id, Tally())
                row.set_rating(tally.rating)
                row.games_played, row.wins, row.forfeits = tally.games, tally.wins, tally.forfeits
                row.save(update_fields=row.RATING_COLUMNS)


def resimulate(match: Match) -> dict[str, Any]:
    """Replay a finished match from its seed and action list and compare with what was stored.

    Returns a report with ``ok`` and the list of differences. A match that stopped early
    (forfeits) is compared on its final state only, since the engine's own result then differs
    from the stored ranks by design.
    """
    from games.common.replay import replay, stored_final_state

    data = match.replay.unpack()
    game = get_game(match.game)
    problems = []
    if data["engine_version"] != getattr(game, "version", data["engine_version"]):
        problems.append(
            f"engine version changed: stored {data['engine_version']}, now {game.version}"
        )
    state = replay(game, data["num_players"], data["seed"], data["options"], data["actions"])
    if state.to_dict() != stored_final_state(data):
        problems.append("final state differs")
    if state.is_terminal() and not any(data["forfeits"]):
        result = state.result()
        ranking = sorted(range(data["num_players"]), key=lambda s: (data["ranks"][s], s))
        if list(result["ranking"]) != ranking:
            problems.append(f"ranking differs: replay {result['ranking']} != stored {ranking}")
        if [float(s) for s in result["scores"]] != data["scores"]:
            problems.append(f"scores differ: replay {result['scores']} != stored {data['scores']}")
    return {
        "match": match.id,
        "ok": not problems,
        "problems": problems,
        "actions": len(data["actions"]),
    }
