"""``recompute_ratings`` on a live system: results scored while it runs (issue 12, item 10).

A result is scored by another thread (its own database connection, as a worker would) right
after the command has read the history's first rows, before it reads the stored ratings.
"""

from __future__ import annotations

import contextlib
import io
import threading
from collections.abc import Iterator

import pytest
from django.core.management import call_command
from django.db import connection

from tests.tournament.test_results import outcome_for
from tournament import execution
from tournament.history import recompute
from tournament.models import Match, ScoredResult
from tournament.results import record_result
from tournament.scheduler import schedule_ladder

pytestmark = pytest.mark.django_db(transaction=True)


def score(match_id: int, ranks: list[int]) -> None:
    claimed, _ = execution.claim(match_id, "concurrent-worker")
    assert claimed is not None
    assert record_result(claimed.id, claimed.claim_token, outcome_for(claimed, ranks))


class ConcurrentScorer(threading.Thread):
    def __init__(self, match_id: int) -> None:
        super().__init__(name="concurrent-scorer", daemon=True)
        self.match_id = match_id
        self.error: BaseException | None = None
        self.held_back = False
        """Whether the result was still waiting (for a lock) when the reader went on."""

    def run(self) -> None:
        try:
            score(self.match_id, [3, 1, 2])
        except BaseException as exc:
            self.error = exc
        finally:
            connection.close()


@contextlib.contextmanager
def scored_during_first_read(match_id: int, wait_seconds: float) -> Iterator[ConcurrentScorer]:
    """Score ``match_id`` in another connection as soon as this connection has read from the
    scored results; wait up to ``wait_seconds`` for that result (it may be made to wait)."""
    scorer = ConcurrentScorer(match_id)

    def wrapper(execute, sql, params, many, context):
        rows = execute(sql, params, many, context)
        if scorer.ident is None and "tournament_scoredresult" in sql:
            scorer.start()
            scorer.join(wait_seconds)
            scorer.held_back = scorer.is_alive()
        return rows

    with connection.execute_wrapper(wrapper):
        yield scorer
    scorer.join(60)
    assert not scorer.is_alive() and scorer.error is None, scorer.error
    assert ScoredResult.objects.filter(match_id=match_id).exists()


@pytest.fixture
def live_ladder(house_bots, fast_ladder) -> list[int]:
    """Two scored ladder matches and a third, queued, that a worker is about to score."""
    fast_ladder.enabled = False  # no refill: only these matches
    fast_ladder.save()
    first, second, third = schedule_ladder("catan", 3, respect_bot_limit=False)
    score(first, [1, 2, 3])
    score(second, [2, 3, 1])
    return [first, second, third]


def test_a_check_while_results_arrive_reports_no_false_mismatch(live_ladder) -> None:
    with scored_during_first_read(live_ladder[2], wait_seconds=30) as scorer:
        out = io.StringIO()
        call_command("recompute_ratings", stdout=out, stderr=io.StringIO())  # raises on mismatch
    assert not scorer.held_back  # a check holds no worker back
    assert '"mismatches": 0' in out.getvalue()
    assert '"matches": 2' in out.getvalue()  # the moment it read: before the third result
    assert recompute().mismatches() == []
    assert recompute().matches == 3


def test_storing_while_results_arrive_loses_none_of_them(live_ladder) -> None:
    """``--store`` overwrites the ratings: a result scored meanwhile waits for it, then counts."""
    with scored_during_first_read(live_ladder[2], wait_seconds=2) as scorer:
        call_command("recompute_ratings", "--store", stdout=io.StringIO())
    assert scorer.held_back  # it waited for the rewrite
    assert Match.objects.get(id=live_ladder[2]).status == Match.FINISHED
    assert recompute().matches == 3
    assert recompute().mismatches() == []
