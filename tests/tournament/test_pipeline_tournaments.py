"""Tournaments for real: Celery worker processes play every round to the end, nothing mocked.

The rounds are created by the hook after each scored result (on commit, in the worker), so a
knockout reaching its champion shows the whole loop: result → next round → sent → played.
"""

from __future__ import annotations

import pytest

from tests.tournament.conftest import active_version, make_bot
from tests.tournament.test_pipeline import wait_until
from tests.workers import worker_process
from tournament.models import GameLadder, Match, Tournament
from tournament.tournaments import TournamentState, create_tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_knockout_and_a_round_robin_play_to_the_end_on_real_workers(
    users, house_bots, fast_ladder
) -> None:
    GameLadder.objects.update_or_create(game="cardgame", defaults={"players_per_match": 2})
    card_ids = [
        active_version(make_bot(users["alice"], f"ko_{i}", "random_legal.py", game="cardgame")).id
        for i in range(3)
    ]
    with worker_process("tour1"), worker_process("tour2"):
        cup = create_tournament(
            users["staff"], "cardgame", "Cup", "knockout", card_ids, options={"vp_target": 4}
        )
        league = create_tournament(
            users["staff"],
            "catan",
            "League",
            "round_robin",
            [active_version(bot).id for bot in house_bots],
        )
        wait_until(
            lambda: not Tournament.objects.filter(status=Tournament.RUNNING).exists(),
            timeout=600,
            what="both tournaments to finish",
        )
    for tournament, games in ((cup, 2), (league, 4)):
        matches = Match.objects.filter(tournament_slot__tournament=tournament)
        assert matches.count() == games == tournament.planned_matches
        assert set(matches.values_list("status", flat=True)) == {Match.FINISHED}
        assert not matches.filter(rated=True).exists()
    cup_state = TournamentState.load(cup)
    final = cup_state.bracket()[-1][0]
    assert final.winner is not None and len(final.games) == 1
    assert all(m.options["vp_target"] == 4 for m in Match.objects.filter(game="cardgame"))
    table = TournamentState.load(league).standings()
    assert sum(row.played for row in table) == 4 * 3
