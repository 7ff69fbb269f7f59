"""Tournaments for real: Celery worker processes play every round to the end, nothing mocked.

The rounds are created by the hook after each scored result (on commit, in the worker), so a
knockout reaching its champion shows the whole loop: result → next round → sent → played. A
cancelled event's queued games reach a real worker too, which drops them unplayed.
"""

from __future__ import annotations

import itertools
import time

import pytest

from tests.tournament.conftest import active_version, make_bot
from tests.tournament.test_pipeline import wait_until
from tests.workers import worker_process
from tournament.models import (
    GameLadder,
    Match,
    MatchParticipant,
    Replay,
    ScoredResult,
    Tournament,
)
from tournament.organiser import cancel_tournament
from tournament.tasks import run_match
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


def test_a_worker_does_not_play_the_queued_games_of_a_cancelled_tournament(users) -> None:
    """The games are sent to the broker on creation and the event is cancelled before a worker
    picks them up; one is even back in the queue (a platform retry racing the cancel). The
    worker drops both: no claim, no result, no replay, and the event creates nothing more."""
    GameLadder.objects.update_or_create(game="cardgame", defaults={"players_per_match": 2})
    ids = [
        active_version(make_bot(users["alice"], f"cx_{i}", "random_legal.py", game="cardgame")).id
        for i in range(4)
    ]
    cup = create_tournament(users["staff"], "cardgame", "Called off", "knockout", ids)
    semis = list(Match.objects.filter(tournament_slot__tournament=cup).order_by("id"))
    assert len(semis) == 2 and all(m.sent_at is not None for m in semis)
    assert cancel_tournament(cup.id, users["staff"]) == 2
    Match.objects.filter(id=semis[1].id).update(status=Match.QUEUED, finished=None)
    with worker_process("cancel1"):
        # Delivered after the messages sent on creation: when these are answered, the worker
        # has seen every delivery of both games.
        verdicts = [run_match.apply_async((m.id,)).get(timeout=120) for m in semis]
    assert {v["status"] for v in verdicts} <= {"stale", "cancelled"}
    for match in Match.objects.filter(id__in=[m.id for m in semis]):
        assert match.status == Match.CANCELLED
        assert match.attempts == 0 and match.worker == "" and match.started is None
        assert not ScoredResult.objects.filter(match=match).exists()
        assert not Replay.objects.filter(match=match).exists()
        assert not match.participants.filter(rank__isnull=False).exists()
    cup.refresh_from_db()
    assert cup.status == Tournament.CANCELLED
    assert Match.objects.filter(tournament_slot__tournament=cup).count() == 2


def test_a_slow_entrant_holds_one_slot_while_the_others_play_on_real_workers(
    users, settings
) -> None:
    """Two slots, a round robin of four, and an entrant that sleeps on every move (its wall
    budget ends each of its games after a few seconds). It plays one game at a time; the other
    slot plays the fast entrants' games meanwhile, each queued as a result frees its bots."""
    settings.ARENA_MATCH_SLOTS = 2
    GameLadder.objects.update_or_create(
        game="cardgame",
        # Six seconds a slow game: long beside the fast games (well under a second each alone),
        # so they overlap even on a machine loaded by other work.
        defaults={"players_per_match": 2, "time_control": {"game_wall_s": 6.0}},
    )
    sleepy = active_version(make_bot(users["bob"], "sleepy", "sleepy.py", game="cardgame"))
    fast = [
        active_version(make_bot(users["alice"], f"quick_{i}", "random_legal.py", game="cardgame"))
        for i in range(3)
    ]
    ids = [sleepy.id, *(v.id for v in fast)]
    most_at_once = 0
    with worker_process("share", concurrency=2, extra_env={"ARENA_MATCH_SLOTS": "2"}):
        league = create_tournament(
            users["staff"], "cardgame", "Slow League", "round_robin", ids, seeding="manual"
        )
        deadline = time.monotonic() + 300
        while Tournament.objects.get(id=league.id).status == Tournament.RUNNING:
            assert time.monotonic() < deadline, "the league did not finish"
            sleepy_unfinished = Match.objects.filter(
                participants__version=sleepy, status__in=(Match.QUEUED, Match.RUNNING)
            ).count()
            most_at_once = max(most_at_once, sleepy_unfinished)
            time.sleep(0.2)
    assert most_at_once == 1
    games = Match.objects.filter(tournament_slot__tournament=league)
    assert games.count() == 6 and set(games.values_list("status", flat=True)) == {Match.FINISHED}
    slow_games = list(games.filter(participants__version=sleepy).order_by("started"))
    # One after another, never two at once...
    for earlier, later in itertools.pairwise(slow_games):
        assert later.started >= earlier.finished
    # ...while the other slot played the fast entrants' games beside them instead of waiting
    # behind the slow games: some fast game ran while a slow game held its slot. Judged by
    # overlapping intervals, not by which game ended last, so a loaded machine cannot reorder it.
    fast_games = list(games.exclude(participants__version=sleepy))
    assert any(
        fast.started < slow.finished and slow.started < fast.finished
        for fast in fast_games
        for slow in slow_games
    )
    assert {p.forfeit for g in slow_games for p in g.participants.filter(version=sleepy)} == {
        "timeout"
    }


def test_swiss_double_elimination_and_the_table_formats_play_to_the_end_on_real_workers(
    users, house_bots, fast_ladder
) -> None:
    """Each new format, small, through real workers: every round created by the hook after a
    scored result, the event finished, the standings settled from the real results."""
    GameLadder.objects.update_or_create(game="cardgame", defaults={"players_per_match": 2})
    card_ids = [
        active_version(make_bot(users["alice"], f"fmt_{i}", "random_legal.py", game="cardgame")).id
        for i in range(3)
    ]
    catan_ids = [active_version(bot).id for bot in house_bots]
    card = {"options": {"vp_target": 4}}
    tables = {"players_per_match": 3}
    with worker_process("formats1"), worker_process("formats2"):
        swiss = create_tournament(users["staff"], "cardgame", "S", "swiss", card_ids, **card)
        double = create_tournament(
            users["staff"], "cardgame", "D", "double_elimination", card_ids, **card
        )
        table_swiss = create_tournament(
            users["staff"], "catan", "T", "table_swiss", catan_ids, **tables
        )
        heats = create_tournament(
            users["staff"], "catan", "H", "table_advancement", catan_ids, **tables
        )
        wait_until(
            lambda: not Tournament.objects.filter(status=Tournament.RUNNING).exists(),
            timeout=900,
            what="the four tournaments to finish",
        )
    events = {}
    for tournament in (swiss, double, table_swiss, heats):
        tournament.refresh_from_db()
        assert tournament.status == Tournament.FINISHED
        matches = Match.objects.filter(tournament_slot__tournament=tournament)
        assert set(matches.values_list("status", flat=True)) == {Match.FINISHED}
        assert matches.count() <= tournament.planned_matches
        events[tournament.format] = (matches.count(), TournamentState.load(tournament).event)
    # Swiss: 3 rounds (⌈log2 3⌉ + 1) of one game and one bye each, every pair met once.
    games, event = events["swiss"]
    assert games == 3 and len(event.paired) == 3
    assert sorted(r.byes for r in event.records) == [1, 1, 1]
    assert sum(r.points for r in event.records) == 3 + 3  # three pairings and three byes
    assert [p.place for p in event.places()] == [1, 2, 3]
    # Double elimination: 2n − 2 ties, one more with a reset; everyone but the champion out
    # after two losses.
    games, event = events["double_elimination"]
    assert games in (4, 5) and event.champion() is not None
    assert [p.place for p in event.places()] == [1, 2, 3]
    # Table Swiss: three rounds (⌈log3 4⌉ + 1) of one table and one bye.
    games, event = events["table_swiss"]
    assert games == 3 and sum(r.byes for r in event.records) == 3
    assert sum(r.games for r in event.records) == 9
    # Table advancement: two heats, no semi-finals with four entrants at three seats, a final.
    games, event = events["table_advancement"]
    assert games == 3 and len(event.final) == 3
    assert [p.place for p in event.places()] == [1, 2, 3, 4]


def chance_draws(match: Match) -> tuple[list, list]:
    """A played match's chance outcomes before its first decision (the set-up: the deal) and
    its dice rolls in order, re-simulated from its stored replay."""
    from games.common.api import CHANCE
    from games.registry import get_game

    data = Replay.objects.get(match=match).unpack()
    game = get_game(match.game)
    state = game.new_game(
        num_players=data["num_players"], seed=data["seed"], options=data["options"]
    )
    setup: list = []
    dice: list = []
    decided = False
    for action in data["actions"]:
        if state.current_player() == CHANCE:
            kind = state.chance_kind()
            if not decided:
                setup.append(action)
            if kind == "dice":
                dice.append(action)
        else:
            decided = True
        state.apply(action)
    return setup, dice


def test_a_duplicate_set_on_real_workers_deals_the_same_cards_and_rolls_the_same_dice(
    users,
) -> None:
    GameLadder.objects.update_or_create(game="cardgame", defaults={"players_per_match": 2})
    ids = [
        active_version(make_bot(users["alice"], f"dup_{i}", "random_legal.py", game="cardgame")).id
        for i in range(2)
    ]
    with worker_process("dup1"):
        duel = create_tournament(
            users["staff"],
            "cardgame",
            "Duplicate duel",
            "knockout",
            ids,
            seeding="manual",
            options={"vp_target": 5},
            format_settings={"duplicate": True},
        )
        wait_until(
            lambda: Tournament.objects.get(id=duel.id).status == Tournament.FINISHED,
            timeout=600,
            what="the duplicate set to finish",
        )
    first, second = Match.objects.filter(tournament_slot__tournament=duel).order_by(
        "tournament_slot__game"
    )
    assert first.seed == second.seed
    assert [p.version_id for p in first.participants.order_by("seat")] == ids
    assert [p.version_id for p in second.participants.order_by("seat")] == ids[::-1]
    setup_1, dice_1 = chance_draws(first)
    setup_2, dice_2 = chance_draws(second)
    assert setup_1 and setup_1 == setup_2  # the same deal, the seats swapped
    shared = min(len(dice_1), len(dice_2))
    assert shared > 0 and dice_1[:shared] == dice_2[:shared]  # the same dice, roll by roll
    # The set counts as one result: each entrant's VP summed over both games.
    state = TournamentState.load(duel)
    (set_result,) = state.results[(0, 0)]
    for entrant, version in enumerate(ids):
        total = sum(
            p.score
            for p in MatchParticipant.objects.filter(match__in=[first, second], version_id=version)
        )
        assert set_result.scores[entrant] == total
    assert state.bracket()[0][0].winner is not None
