"""What keeps pages and the ladder fast on a big database (bench/scale.py measures them): bounded
match list pages, the rating chart's latest games, the scheduler's narrow reads, and a rating
recomputation that reads columns, not rows."""

from __future__ import annotations

import importlib
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from arena.front import views
from tests.tournament.conftest import FAST_GAME, TEST_BOTS, make_bot
from tests.tournament.test_charts import play_rated, polylines
from tournament import history
from tournament.matches import create_match
from tournament.models import Bot, BotVersion, GameLadder, Match
from tournament.scheduler import schedule_ladder
from tournament.versions import create_version, validation_opponent

pytestmark = pytest.mark.django_db


def listed(client, query: str = "") -> tuple[list[int], str]:
    page = client.get(f"/matches/{query}").content.decode()
    return [int(i) for i in re.findall(r'<a href="/matches/(\d+)/">', page)], page


def test_the_match_list_numbers_a_bounded_number_of_pages_then_goes_on_by_id(
    client, house_bots, monkeypatch
) -> None:
    monkeypatch.setattr(views, "PAGE_SIZE", 2)
    monkeypatch.setattr(views, "MATCH_LIST_PAGES", 2)
    created = [schedule_ladder("catan", 1, respect_bot_limit=False)[0] for _ in range(7)]
    ids = created[::-1]  # newest first
    first, page = listed(client)
    assert first == ids[:2] and "page 1 of 2+" in page
    last, page = listed(client, "?page=2")
    assert last == ids[2:4] and "page 2 of 2+" in page
    # The last numbered page goes on to the matches older than its last one.
    assert f'href="?page=2&amp;before={ids[3]}"' not in page
    assert f'href="?before={ids[3]}">older' in page
    older, page = listed(client, f"?before={ids[3]}")
    assert older == ids[4:6] and f"of the matches before #{ids[3]}" in page
    assert 'href="?">← newest' in page
    oldest, page = listed(client, f"?before={ids[3]}&page=2")
    assert oldest == ids[6:] and "older →" not in page
    assert client.get("/matches/?before=x").status_code == 400


def test_the_bot_name_filter_and_its_pages_keep_working_past_the_bound(
    client, house_bots, monkeypatch
) -> None:
    monkeypatch.setattr(views, "PAGE_SIZE", 1)
    monkeypatch.setattr(views, "MATCH_LIST_PAGES", 1)
    ladder = GameLadder.objects.get(game="catan")
    seated = [bot.current_version_id for bot in house_bots[1:]]  # random_c among them
    named = [create_match(ladder, seated).id for _ in range(3)][::-1]
    create_match(ladder, [house_bots[0].current_version_id] * 3)  # random_c not in it
    first, page = listed(client, "?bot=RANDOM_C")
    assert first == named[:1]
    assert f'href="?bot=RANDOM_C&amp;before={named[0]}">older' in page
    second, _ = listed(client, f"?bot=RANDOM_C&before={named[0]}")
    assert second == named[1:2]


def test_the_rating_chart_draws_the_latest_games_numbered_over_the_career(
    client, users, house_bots, fast_ladder, monkeypatch
) -> None:
    monkeypatch.setattr(views, "CHART_GAMES", 2)
    climber = make_bot(users["alice"], "climber", "random_legal.py")
    others = house_bots[1:3]
    for ranks in ([1, 2, 3], [2, 1, 3], [3, 2, 1]):
        play_rated(fast_ladder, [climber, *others], ranks)
    climber.refresh_from_db()
    assert climber.games_played == 3
    page = client.get(f"/bots/{climber.id}/").content.decode()
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)
    assert len(polylines(svg)["v1"]) == 2  # the last two of three
    assert "rated games played (2–3)" in svg


def test_a_line_of_the_chart_is_thinned_to_about_one_point_a_pixel() -> None:
    points = [(n, float(n)) for n in range(1, 10_001)]
    thinned = views.thinned(points, 600)
    assert 550 <= len(thinned) <= 601
    assert thinned[0] == points[0] and thinned[-1] == points[-1]
    assert thinned == sorted(thinned)
    assert views.thinned(points[:600], 600) == points[:600]


def test_the_scheduler_reads_no_uploaded_bytes_and_no_id_lists(house_bots) -> None:
    with CaptureQueriesContext(connection) as queries:
        assert len(schedule_ladder("catan", 1)) == 1
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert not [sql for sql in reads if '"upload"' in sql]
    assert len(reads) <= 8, reads


def test_the_recomputation_reads_no_uploaded_bytes_and_reproduces_the_ratings(
    users, house_bots, fast_ladder
) -> None:
    """Bots whose ratings differ from their version's (a second version) and bots whose ratings
    equal it (one version), forfeits included: recomputed exactly, stored back exactly."""
    climber = make_bot(users["alice"], "climber", "random_legal.py")
    others = house_bots[1:3]
    play_rated(fast_ladder, [climber, *others], [1, 2, 3])
    data = (TEST_BOTS / "random_legal.py").read_bytes() + b"#2"
    create_version(climber, "v2.py", data, validate=False)
    climber.refresh_from_db()
    for ranks in ([3, 1, 2], [2, 3, 1], [1, 3, 2]):
        play_rated(fast_ladder, [climber, *others], ranks)
    with CaptureQueriesContext(connection) as queries:
        result = history.recompute()
        assert result.mismatches() == []
    assert result.matches == 4
    assert not [q for q in queries.captured_queries if '"upload"' in q["sql"]]
    stored = {v.id: (v.elo, v.mu, v.sigma) for v in BotVersion.objects.all()}
    BotVersion.objects.update(elo=1000.0)
    Bot.objects.filter(id=climber.id).update(wins=99)
    assert len(history.recompute().mismatches()) == BotVersion.objects.count() + 1
    history.store(result)
    assert history.recompute().mismatches() == []
    assert {v.id: (v.elo, v.mu, v.sigma) for v in BotVersion.objects.all()} == stored


def test_a_version_keeps_its_validation_match_and_stored_ones_are_filled(
    client, users, house_bots
) -> None:
    """The bot page and the API read a version's validation match from the version row; the
    migration fills it for versions stored before, except the example bots' (never validated,
    though the example random bot sits in every validation match)."""
    from django.apps import apps

    fill = importlib.import_module("tournament.migrations.0015_version_validated_in").fill
    bot = make_bot(users["alice"], "checked", "random_legal.py", validate=True)
    version = bot.versions.get()
    own = Match.objects.get(kind=Match.VALIDATION, participants__version=version)
    assert version.validated_in_id == own.id
    assert (
        f'href="/matches/{own.id}/">match {own.id}</a>'
        in client.get(f"/bots/{bot.id}/").content.decode()
    )
    BotVersion.objects.update(validated_in=None)
    fill(apps, None)
    assert BotVersion.objects.get(id=version.id).validated_in_id == own.id
    opponent = validation_opponent(FAST_GAME)
    assert BotVersion.objects.get(id=opponent.id).validated_in_id is None
