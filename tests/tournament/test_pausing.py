"""An owner pauses a bot: off the ladder and its leaderboard, queued ladder games dropped,
ratings kept; resuming puts it back."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournament.conftest import active_version, make_bot
from tournament.models import Bot, Match, MatchParticipant
from tournament.scheduler import schedule_ladder

pytestmark = pytest.mark.django_db


@pytest.fixture
def many_slots(settings) -> None:
    settings.ARENA_MATCH_SLOTS = 64


@pytest.fixture
def alices_bot(users, house_bots) -> Bot:
    return make_bot(users["alice"], "alice_bot", "random_legal.py")


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def seated_bots() -> set[int]:
    unfinished = MatchParticipant.objects.filter(match__status=Match.QUEUED)
    return set(unfinished.values_list("version__bot_id", flat=True))


def test_a_paused_bot_gets_no_ladder_games_and_its_queued_ones_are_dropped(
    users, alices_bot, fast_ladder, many_slots
) -> None:
    fast_ladder.matches_in_flight = 4
    fast_ladder.max_concurrent_per_bot = 4
    fast_ladder.save()
    active_version(alices_bot)
    schedule_ladder("catan")
    assert alices_bot.id in seated_bots()
    queued_with_alice = Match.objects.filter(
        status=Match.QUEUED, participants__version__bot=alices_bot
    ).count()

    answer = signed_in(users["alice"]).post(
        f"/bots/{alices_bot.id}/pause", {"action": "pause"}, follow=True
    )
    assert f"{queued_with_alice} queued ladder game" in answer.content.decode()
    alices_bot.refresh_from_db()
    assert alices_bot.paused is not None
    assert alices_bot.id not in seated_bots()
    schedule_ladder("catan")
    assert alices_bot.id not in seated_bots()  # the refill passes it over
    board = Client().get("/ladder/catan/").content.decode()
    assert "alice_bot" not in board
    api_board = Client().get("/api/leaderboards/catan/").json()["results"]
    assert "alice_bot" not in {row["bot_name"] for row in api_board}

    signed_in(users["alice"]).post(f"/bots/{alices_bot.id}/pause", {"action": "resume"})
    alices_bot.refresh_from_db()
    assert alices_bot.paused is None
    Match.objects.filter(status=Match.QUEUED).update(status=Match.FINISHED)
    schedule_ladder("catan")
    assert alices_bot.id in seated_bots()
    assert "alice_bot" in Client().get("/ladder/catan/").content.decode()


def test_ratings_are_kept_and_only_the_owner_or_staff_may_pause(users, alices_bot) -> None:
    Bot.objects.filter(id=alices_bot.id).update(elo=1612.5, games_played=40)
    assert signed_in(users["bob"]).post(f"/bots/{alices_bot.id}/pause").status_code == 403
    assert Client().post(f"/bots/{alices_bot.id}/pause").status_code == 302  # to sign in
    signed_in(users["staff"]).post(f"/bots/{alices_bot.id}/pause", {"action": "pause"})
    alices_bot.refresh_from_db()
    assert alices_bot.paused is not None and alices_bot.elo == 1612.5
    page = signed_in(users["alice"]).get(f"/bots/{alices_bot.id}/").content.decode()
    assert "Paused by its owner since" in page and 'value="resume"' in page
    assert "(paused)" in signed_in(users["alice"]).get("/bots/").content.decode()


def test_the_api_pauses_and_resumes(users, alices_bot) -> None:
    from arena.api.tokens import issue

    _, key = issue(users["alice"], "script")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {key}"}
    client = Client()
    paused = client.post(f"/api/bots/{alices_bot.id}/pause", **auth)
    assert paused.status_code == 200 and paused.json()["paused"] is not None
    _, bobs = issue(users["bob"], "bob")
    refused = client.post(f"/api/bots/{alices_bot.id}/resume", HTTP_AUTHORIZATION=f"Bearer {bobs}")
    assert refused.status_code == 403
    assert client.post(f"/api/bots/{alices_bot.id}/resume", **auth).json()["paused"] is None
