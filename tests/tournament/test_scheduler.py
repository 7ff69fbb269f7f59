"""The ladder scheduler: in-flight target, per-bot limit, new versions first, seat rotation."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tournament.models import BotVersion, Match, MatchParticipant
from tournament.scheduler import Candidate, assign_seats, pick_group, schedule_ladder

pytestmark = pytest.mark.django_db


def test_it_keeps_the_configured_number_of_matches_in_flight(house_bots, fast_ladder) -> None:
    fast_ladder.matches_in_flight = 3
    fast_ladder.max_concurrent_per_bot = 10
    fast_ladder.save()
    assert len(schedule_ladder("catan")) == 3
    assert schedule_ladder("catan") == []
    Match.objects.filter(id=Match.objects.first().id).update(status=Match.FINISHED)
    assert len(schedule_ladder("catan")) == 1


def test_it_never_exceeds_the_per_bot_limit(house_bots, fast_ladder) -> None:
    fast_ladder.matches_in_flight = 50
    fast_ladder.max_concurrent_per_bot = 2
    fast_ladder.save()
    created = schedule_ladder("catan")
    # 4 bots × 2 slots / 3 seats: at most 2 matches.
    assert len(created) == 2
    loads = Counter(MatchParticipant.objects.values_list("version", flat=True))
    assert max(loads.values()) <= 2


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
