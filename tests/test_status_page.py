"""The status page (``/healthz`` for people) and the home page's offer when nothing is live."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.models import Match

pytestmark = pytest.mark.django_db


def add_matches(game: str, status: str, count: int, finished_ago: timedelta | None = None) -> None:
    finished = timezone.now() - finished_ago if finished_ago is not None else None
    Match.objects.bulk_create(
        Match(game=game, seed=n, status=status, finished=finished) for n in range(count)
    )


def test_status_shows_services_and_the_match_flow_per_game(client) -> None:
    add_matches("cardgame", Match.QUEUED, 3)
    add_matches("cardgame", Match.RUNNING, 2)
    add_matches("cardgame", Match.FINISHED, 9, finished_ago=timedelta(seconds=20))
    add_matches("cardgame", Match.FINISHED, 25, finished_ago=timedelta(minutes=4))
    add_matches("cardgame", Match.FINISHED, 7, finished_ago=timedelta(hours=2))  # too old
    add_matches("catan", Match.ERROR, 1, finished_ago=timedelta(hours=3))
    add_matches("catan", Match.ERROR, 4, finished_ago=timedelta(days=3))  # not today
    response = client.get("/status/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "all services answer" in page
    rows = {g["game"]: g for g in response.context["games"]}
    assert (rows["cardgame"]["queued"], rows["cardgame"]["running"]) == (3, 2)
    assert (rows["cardgame"]["last_minute"], rows["cardgame"]["last_10_minutes"]) == (9, 34)
    assert rows["catan"]["errors"] == 1
    assert ">34<" in page


def test_status_says_when_a_service_is_down(client, settings) -> None:
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/status/")
    assert response.status_code == 503
    assert "a service is down" in response.content.decode()


def test_home_offers_the_latest_games_when_none_is_live(client) -> None:
    add_matches("catan", Match.FINISHED, 2, finished_ago=timedelta(minutes=1))
    page = client.get("/").content.decode()
    assert "the latest ones" in page
    for match in Match.objects.all():
        assert f"/matches/{match.id}/" in page
    Match.objects.filter(id=Match.objects.first().id).update(status=Match.RUNNING)
    page = client.get("/").content.decode()
    assert "the latest ones" not in page
