"""The ladder scheduler: in-flight target, fair share per bot, new versions first, seat
rotation, option variants, and refilling a ladder as soon as one of its matches ends."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.tournament.conftest import finish, make_bot
from tournament import execution
from tournament.matches import create_match
from tournament.models import BotVersion, GameLadder, Match, MatchParticipant
from tournament.scheduler import (
    Candidate,
    assign_seats,
    bot_share,
    event_bot_share,
    pick_group,
    schedule_ladder,
)
from tournament.versions import create_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def many_slots(settings) -> None:
    """Workers with more slots than any test ladder keeps in flight: the per-bot limit rules."""
    settings.ARENA_MATCH_SLOTS = 64


@pytest.fixture
def six_bots(users, house_bots) -> list:
    """Two random bots more than the house's four: two three-seat matches without a common bot."""
    more = [make_bot(users["bob"], f"more_{i}", "random_legal.py") for i in (1, 2)]
    return [*house_bots, *more]


def test_it_keeps_the_configured_number_of_matches_in_flight(
    six_bots, fast_ladder, many_slots
) -> None:
    fast_ladder.matches_in_flight = 3
    fast_ladder.max_concurrent_per_bot = 10
    fast_ladder.save()
    assert len(schedule_ladder("catan")) == 3
    assert schedule_ladder("catan") == []
    Match.objects.filter(id=Match.objects.first().id).update(status=Match.FINISHED)
    assert len(schedule_ladder("catan")) == 1


def test_it_never_exceeds_the_per_bot_limit(house_bots, fast_ladder, many_slots) -> None:
    fast_ladder.matches_in_flight = 50
    fast_ladder.max_concurrent_per_bot = 2
    fast_ladder.save()
    created = schedule_ladder("catan")
    # 4 bots × 2 slots / 3 seats: at most 2 matches.
    assert len(created) == 2
    loads = Counter(MatchParticipant.objects.values_list("version", flat=True))
    assert max(loads.values()) <= 2


@pytest.mark.parametrize(
    ("slots", "in_flight", "per_bot", "share"),
    [
        (2, 4, 2, 1),  # make run: one worker of concurrency 2; a bot may hold one slot, not two
        (8, 4, 5, 3),  # the ladder's own in-flight target is the smaller capacity
        (8, 10, 2, 2),  # plenty of room: the configured limit
        (1, 4, 2, 1),  # a single slot: a bot gets it in its turn
        (8, 10, 0, 0),  # an operator may still stop every bot
    ],
)
def test_a_bots_share_is_less_than_what_can_run_at_once(
    slots: int, in_flight: int, per_bot: int, share: int
) -> None:
    ladder = GameLadder(game="catan", matches_in_flight=in_flight, max_concurrent_per_bot=per_bot)
    assert bot_share(ladder, slots) == share


@pytest.mark.parametrize(
    ("slots", "in_flight", "per_bot", "share"),
    [
        (2, 4, 2, 1),  # make run: a tournament's bot holds one slot of two, as on the ladder
        (8, 2, 2, 2),  # the ladder's in-flight target is not a tournament's: the slots count
        (8, 2, 5, 5),
        (1, 4, 2, 1),  # a single slot: a bot gets it in its turn
        (8, 10, 0, 1),  # a ladder throttled to zero does not freeze an event
    ],
)
def test_a_bots_share_of_tournament_games_is_cut_from_the_workers_slots(
    slots: int, in_flight: int, per_bot: int, share: int
) -> None:
    ladder = GameLadder(game="catan", matches_in_flight=in_flight, max_concurrent_per_bot=per_bot)
    assert event_bot_share(ladder, slots) == share


def unfinished_matches_of(bot) -> int:
    return (
        Match.objects.filter(
            status__in=[Match.QUEUED, Match.RUNNING], participants__version__bot=bot
        )
        .distinct()
        .count()
    )


def test_a_bot_whose_matches_stay_running_does_not_hold_up_the_others(
    users, six_bots, fast_ladder
) -> None:
    """The audit's case: workers with two slots, and a slow bot that most needs games."""
    fast_ladder.matches_in_flight = 2
    fast_ladder.save()
    # The house bots have played; the slow newcomer is every pairing's first pick.
    BotVersion.objects.filter(bot__in=six_bots).update(games_played=50, sigma=2.0)
    slow = make_bot(users["alice"], "slow", "random_legal.py")
    first = schedule_ladder("catan", rng=random.Random(0))
    Match.objects.filter(id__in=first).update(status=Match.RUNNING)
    (held,) = Match.objects.filter(id__in=first, participants__version__bot=slow)
    others_played = 0
    for round_ in range(10):
        # Every match without the slow bot ends; the slow bot's match keeps running.
        Match.objects.exclude(id=held.id).filter(status=Match.RUNNING).update(status=Match.FINISHED)
        created = schedule_ladder("catan", rng=random.Random(round_))
        assert len(created) == 1, "the other slot was left idle"
        assert not MatchParticipant.objects.filter(match__in=created, version__bot=slow).exists()
        assert unfinished_matches_of(slow) == 1
        Match.objects.filter(id__in=created).update(status=Match.RUNNING)
        others_played += 1
    assert others_played == 10


def test_all_versions_of_a_bot_count_towards_its_share(users, house_bots, fast_ladder) -> None:
    """A retired version still playing holds its bot's share: the new version waits for it."""
    fast_ladder.matches_in_flight = 2
    fast_ladder.save()
    bot = make_bot(users["alice"], "twice", "random_legal.py")
    old = bot.current_version
    others = [b.current_version_id for b in house_bots[:2]]
    running = create_match(fast_ladder, [old.id, *others], kind=Match.LADDER)
    Match.objects.filter(id=running.id).update(status=Match.RUNNING)
    new = create_version(bot, "v2.py", b"import arena_bot  # v2\n", validate=False)
    assert BotVersion.objects.get(id=old.id).status == BotVersion.RETIRED
    BotVersion.objects.filter(bot__in=house_bots).update(games_played=50, sigma=2.0)
    BotVersion.objects.filter(id=new.id).update(games_played=0, sigma=9.0)
    for seed in range(5):
        created = schedule_ladder("catan", rng=random.Random(seed))
        assert not MatchParticipant.objects.filter(match__in=created, version__bot=bot).exists()
        Match.objects.filter(id__in=created).delete()
    # Once the old version's match ends, the new version is the first pick again.
    Match.objects.filter(id=running.id).update(status=Match.FINISHED)
    created = schedule_ladder("catan", rng=random.Random(0))
    assert MatchParticipant.objects.filter(match__in=created, version=new).exists()


def test_a_finished_ladder_match_is_replaced_at_once(
    six_bots, fast_ladder, sent, django_capture_on_commit_callbacks
) -> None:
    fast_ladder.matches_in_flight = 2
    fast_ladder.save()
    first = schedule_ladder("catan")
    assert len(first) == 2 and sent == []
    match = Match.objects.get(id=first[0])
    finish(match, match.participants.first().version_id, django_capture_on_commit_callbacks)
    # No beat tick: the result's commit queued and sent the next match.
    (refill,) = sent
    assert Match.objects.get(id=refill).kind == Match.LADDER
    assert Match.objects.filter(kind=Match.LADDER, status=Match.QUEUED).count() == 2


def test_a_ladder_match_given_up_is_replaced_and_other_kinds_are_not(
    six_bots, fast_ladder, sent, django_capture_on_commit_callbacks, settings
) -> None:
    settings.ARENA_MATCH_MAX_ATTEMPTS = 1
    fast_ladder.matches_in_flight = 1
    fast_ladder.save()
    (ladder_match,) = schedule_ladder("catan")
    claimed, _ = execution.claim(ladder_match, "test-worker")
    with django_capture_on_commit_callbacks(execute=True):
        execution.platform_failure(claimed.id, claimed.claim_token, "engine exploded")
    assert Match.objects.get(id=ladder_match).status == Match.ERROR
    assert len(sent) == 1
    # The ladder has room again (its refill ended without the hook), but a manual match that
    # ends is no ladder match: it refills nothing.
    Match.objects.filter(id=sent[0]).update(status=Match.FINISHED)
    manual = create_match(fast_ladder, [b.current_version_id for b in six_bots[3:6]])
    finish(manual, manual.participants.first().version_id, django_capture_on_commit_callbacks)
    assert len(sent) == 1
    assert len(schedule_ladder("catan")) == 1


def test_a_disabled_ladder_schedules_nothing(house_bots, fast_ladder) -> None:
    fast_ladder.enabled = False
    fast_ladder.save()
    assert schedule_ladder("catan") == []


def test_seats_rotate_evenly(house_bots) -> None:
    schedule_ladder("catan", 120, respect_bot_limit=False, rng=random.Random(1))
    for version in BotVersion.objects.filter(game="catan"):
        seats = Counter(
            MatchParticipant.objects.filter(version=version).values_list("seat", flat=True)
        )
        assert sum(seats.values()) > 60
        assert max(seats.values()) - min(seats[s] for s in range(3)) <= 1, seats
        assert version.seat_counts == [seats[s] for s in range(3)]


def test_games_are_spread_over_all_versions(house_bots) -> None:
    schedule_ladder("catan", 40, respect_bot_limit=False, rng=random.Random(2))
    loads = Counter(MatchParticipant.objects.values_list("version", flat=True))
    assert max(loads.values()) - min(loads.values()) <= 1


def candidate(i: int, conservative: float, sigma: float = 2.0, games: int = 50) -> Candidate:
    return Candidate(i, i, conservative, sigma, games, load=0)


def test_a_new_version_is_picked_first_and_meets_similar_ratings() -> None:
    pool = [candidate(i, conservative=float(i * 10)) for i in range(10)]
    newcomer = candidate(99, conservative=41.0, sigma=8.0, games=3)
    rng = random.Random(0)
    for _ in range(20):
        group = pick_group([*pool, newcomer], 2, settled_sigma=4.0, max_load=None, rng=rng)
        assert group[0] is newcomer
        # One of the three nearest (40, 50, 30), never a far one.
        assert group[1].conservative in (30.0, 40.0, 50.0)


def test_settled_versions_with_fewest_games_go_first() -> None:
    pool = [candidate(1, 0.0, games=10), candidate(2, 0.0, games=3), candidate(3, 0.0, games=7)]
    group = pick_group(pool, 2, settled_sigma=4.0, max_load=None, rng=random.Random(0))
    assert group[0].version_id == 2


def test_busy_bots_are_left_out() -> None:
    pool = [candidate(1, 0.0), candidate(2, 0.0), candidate(3, 0.0)]
    pool[0].load = 2
    for seed in range(10):
        group = pick_group(pool, 2, settled_sigma=4.0, max_load=2, rng=random.Random(seed))
        assert {c.version_id for c in group} == {2, 3}
    pool[1].load = 2
    assert pick_group(pool, 2, settled_sigma=4.0, max_load=2, rng=random.Random(0)) is None


def test_seat_assignment_evens_out_counts() -> None:
    a, b = candidate(1, 0.0), candidate(2, 0.0)
    a.seat_counts, b.seat_counts = [5, 2], [2, 5]
    assert [c.version_id for c in assign_seats([a, b], random.Random(0))] == [2, 1]
