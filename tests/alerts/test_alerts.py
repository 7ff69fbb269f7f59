"""Authors hear of a failed validation, a version that forfeits often, and their tournaments,
in the feed and by e-mail; each alert once."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from arena.alerts.models import Alert
from tests.tournament.conftest import finish, make_bot
from tests.tournament.test_results import outcome_for
from tournament import execution
from tournament.matches import create_match
from tournament.models import BotVersion, Match
from tournament.results import record_result
from tournament.tournaments import create_tournament

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def play(match: Match, ranks: list[int], capture, forfeit_seat: int | None = None) -> None:
    claimed, _ = execution.claim(match.id, "test-worker")
    with capture(execute=True):
        outcome = outcome_for(claimed, ranks, forfeit_seat=forfeit_seat)
        assert record_result(claimed.id, claimed.claim_token, outcome)


def test_a_failed_validation_alerts_its_owner_in_the_feed_and_by_mail(
    users, house_bots, django_capture_on_commit_callbacks
) -> None:
    users["alice"].email = "alice@example.org"
    users["alice"].save()
    bot = make_bot(users["alice"], "crashy", "random_legal.py", validate=True)
    version = bot.versions.get()
    validation = Match.objects.get(kind=Match.VALIDATION, participants__version=version)
    seat = validation.participants.get(version=version).seat
    ranks = [2 if s == seat else 1 for s in range(validation.participants.count())]
    play(validation, ranks, django_capture_on_commit_callbacks, forfeit_seat=seat)
    assert BotVersion.objects.get(id=version.id).status == BotVersion.FAILED

    (alert,) = Alert.objects.filter(user=users["alice"])
    assert alert.kind == Alert.VALIDATION_FAILED
    assert alert.subject == "crashy v1 failed its validation game"
    assert alert.url == f"/bots/{bot.id}/#validation-v1"
    (sent_mail,) = mail.outbox
    assert sent_mail.to == ["alice@example.org"]
    assert sent_mail.subject == "[Catan Arena] crashy v1 failed its validation game"
    assert f"http://127.0.0.1:8000/bots/{bot.id}/#validation-v1" in sent_mail.body

    client = signed_in(users["alice"])
    assert '<span class="badge" title="unread">1</span>' in client.get("/").content.decode()
    feed = client.get("/alerts/").content.decode()
    assert "crashy v1 failed its validation game" in feed and 'class="unread"' in feed
    assert 'class="badge"' not in client.get("/").content.decode()  # read once seen
    assert "crashy" not in signed_in(users["bob"]).get("/alerts/").content.decode()


def test_a_version_that_starts_forfeiting_often_alerts_once_a_day(
    users, house_bots, fast_ladder, sent, django_capture_on_commit_callbacks
) -> None:
    victim, *others = (bot.versions.get() for bot in house_bots[1:])
    house_bots[1].owner = users["alice"]
    house_bots[1].save()
    for game in range(4):
        match = create_match(fast_ladder, [victim.id, *(v.id for v in others)], seed=game)
        # Seat 0 crashes: last place, the others keep their order.
        play(match, [3, 1, 2], django_capture_on_commit_callbacks, forfeit_seat=0)
        alerts = Alert.objects.filter(kind=Alert.FORFEITING, user=users["alice"])
        # Two forfeits are no pattern; the third (3 of 3) is; the fourth adds no second alert.
        assert alerts.count() == (1 if game >= 2 else 0)
    assert "forfeited 3 of its last 3 games (crash 3)" in alerts.get().text


def test_a_tournament_tells_each_entrants_owner_when_it_starts_and_ends(
    users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        cup = create_tournament(
            name="Cup",
            game="cardgame",
            format="knockout",
            version_ids=[v.id for v in card_versions[:2]],
            organiser=users["staff"],
        )
    started = Alert.objects.filter(kind=Alert.TOURNAMENT_STARTED)
    assert list(started.values_list("user__username", "subject")) == [("alice", "Cup has started")]
    (game,) = Match.objects.filter(tournament_slot__tournament=cup)
    finish(game, card_versions[0].id, django_capture_on_commit_callbacks)
    cup.refresh_from_db()
    assert cup.status == "finished"
    ended = Alert.objects.get(kind=Alert.TOURNAMENT_FINISHED)
    assert ended.subject == "Cup has finished" and ended.url == f"/tournaments/{cup.id}/"
    assert started.count() == 1  # saving the event again alerts nobody twice


def test_an_author_sets_the_address_alerts_go_to(users) -> None:
    client = signed_in(users["alice"])
    saved = client.post("/alerts/", {"email": "alice@example.org"}, follow=True)
    assert "Alerts are e-mailed to alice@example.org." in saved.content.decode()
    users["alice"].refresh_from_db()
    assert users["alice"].email == "alice@example.org"
    assert client.post("/alerts/", {"email": "not an address"}).status_code == 400
    assert Client().get("/alerts/").status_code == 302
