"""A tournament's lifecycle (tournament/registration.py): draft → registration open → closed
(entries frozen to exact versions) → running, by hand and on schedule, on the page and the API."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from tests.tournament.conftest import TEST_BOTS, active_version, make_bot, queued
from tournament import registration
from tournament.models import BotVersion, Tournament, TournamentEntrant
from tournament.tournaments import TournamentRefused, create_tournament
from tournament.versions import create_version


@pytest.fixture
def bob_bot(users, card_versions):
    return active_version(
        make_bot(users["bob"], "bobs_bot", "random_legal.py", game="cardgame")
    ).bot


def draft(users, **kwargs) -> Tournament:
    return create_tournament(
        users["staff"], "cardgame", "Open cup", "swiss", [], registration=True, **kwargs
    )


def test_owners_enter_their_own_bots_and_closing_freezes_the_exact_versions(
    fair_share_off, users, card_versions, bob_bot, sent, django_capture_on_commit_callbacks
) -> None:
    cup = draft(users)
    assert cup.status == Tournament.DRAFT and cup.planned_matches == 0
    alice_bot = card_versions[0].bot
    with pytest.raises(TournamentRefused, match="not open"):
        registration.enter(cup.id, users["alice"], alice_bot.id)
    registration.open_registration(cup.id, users["staff"])
    registration.enter(cup.id, users["alice"], alice_bot.id)
    registration.enter(cup.id, users["bob"], bob_bot.id)
    with pytest.raises(TournamentRefused, match="only your own"):
        registration.enter(cup.id, users["bob"], card_versions[1].bot_id)
    with pytest.raises(TournamentRefused, match="entered already"):
        registration.enter(cup.id, users["alice"], alice_bot.id)
    # The organiser may enter anyone's bot.
    registration.enter(cup.id, users["staff"], card_versions[2].bot_id)
    registration.withdraw(cup.id, users["alice"], alice_bot.id)
    registration.enter(cup.id, users["alice"], alice_bot.id)
    with pytest.raises(PermissionDenied):
        registration.close_entries(cup.id, users["alice"])
    assert registration.close_entries(cup.id, users["staff"]) == []
    cup.refresh_from_db()
    assert cup.status == Tournament.CLOSED
    assert cup.format_settings == {"rounds": 3} and cup.planned_matches == 3
    pinned = {e.version_id for e in TournamentEntrant.objects.filter(tournament=cup)}
    assert pinned == {alice_bot.current_version_id, bob_bot.current_version_id, card_versions[2].id}
    with pytest.raises(TournamentRefused, match="closed"):
        registration.enter(cup.id, users["alice"], card_versions[3].bot_id)
    # A newer version of a bot after the close does not change the entry.
    entered_version = bob_bot.current_version_id
    code = (TEST_BOTS / "random_legal.py").read_bytes()
    create_version(bob_bot, "random_legal.py", code, validate=False)
    bob_bot.refresh_from_db()
    assert bob_bot.current_version_id != entered_version
    assert not queued(cup)
    with django_capture_on_commit_callbacks(execute=True):
        registration.start(cup.id, users["staff"])
    cup.refresh_from_db()
    assert cup.status == Tournament.RUNNING and len(queued(cup)) == 1  # 3 entrants: a bye
    seated = {p.version_id for m in queued(cup) for p in m.participants.all()}
    assert seated <= pinned and entered_version in pinned
    assert bob_bot.current_version_id not in pinned


def test_a_bot_of_another_game_or_without_an_active_version_is_refused(
    users, card_versions, house_bots, sent
) -> None:
    cup = draft(users)
    registration.open_registration(cup.id, users["staff"])
    with pytest.raises(TournamentRefused, match="not a Catan card game bot"):
        registration.enter(cup.id, users["staff"], house_bots[0].id)
    retired = card_versions[4]
    BotVersion.objects.filter(id=retired.id).update(status=BotVersion.RETIRED)
    with pytest.raises(TournamentRefused, match="no active version"):
        registration.enter(cup.id, users["alice"], retired.bot_id)


def test_the_deadline_closes_entries_and_the_start_time_starts_the_event(
    fair_share_off, users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    now = timezone.now()
    cup = draft(
        users,
        registration_deadline=now + timedelta(hours=1),
        starts_at=now + timedelta(hours=2),
    )
    registration.open_registration(cup.id, users["staff"])
    for version in card_versions[:4]:
        registration.enter(cup.id, users["alice"], version.bot_id)
    assert registration.run_schedule(now) == {"closed": [], "started": [], "refused": []}
    later = now + timedelta(hours=1, minutes=1)
    with pytest.raises(TournamentRefused, match="deadline has passed"):
        Tournament.objects.filter(id=cup.id).update(registration_deadline=now - timedelta(1))
        registration.enter(cup.id, users["alice"], card_versions[4].bot_id)
    Tournament.objects.filter(id=cup.id).update(registration_deadline=now + timedelta(hours=1))
    assert registration.run_schedule(later)["closed"] == [cup.id]
    cup.refresh_from_db()
    assert cup.status == Tournament.CLOSED and cup.entrants.count() == 4
    with django_capture_on_commit_callbacks(execute=True):
        assert registration.run_schedule(now + timedelta(hours=2))["started"] == [cup.id]
    cup.refresh_from_db()
    assert cup.status == Tournament.RUNNING and len(queued(cup)) == 2


def test_too_small_a_field_cannot_close_and_stays_open(users, card_versions, sent) -> None:
    cup = draft(users)
    registration.open_registration(cup.id, users["staff"])
    registration.enter(cup.id, users["alice"], card_versions[0].bot_id)
    with pytest.raises(TournamentRefused, match="cannot close: 1 entrants"):
        registration.close_entries(cup.id, users["staff"])
    cup.refresh_from_db()
    assert cup.status == Tournament.REGISTRATION


def test_the_page_offers_an_owner_their_bots_and_the_api_enters_them(
    users, card_versions, bob_bot, sent, client
) -> None:
    cup = draft(users)
    registration.open_registration(cup.id, users["staff"])
    client.force_login(users["bob"])
    page = client.get(reverse("front:tournament_detail", args=[cup.id])).content.decode()
    assert "Registration is open" in page and "Enter your bot" in page and "bobs_bot" in page
    assert "card_0" not in page.split("Enter your bot")[1].split("</form>")[0]
    response = client.post(
        reverse("front:tournament_registration", args=[cup.id]),
        {"action": "enter", "bot": bob_bot.id},
    )
    assert response.status_code == 302
    page = client.get(reverse("front:tournament_detail", args=[cup.id])).content.decode()
    assert "Your bot is entered." in page and "Withdraw" in page
    client.force_login(users["alice"])
    url = reverse("api:tournament_entries", args=[cup.id])
    answer = client.post(url, {"bot": card_versions[0].bot_id}, content_type="application/json")
    assert answer.status_code == 201
    assert [e["bot"] for e in answer.json()["entries"]] == ["bobs_bot", "card_0"]
    refused = client.post(url, {"bot": bob_bot.id}, content_type="application/json")
    assert refused.status_code == 409 and "own bots" in refused.json()["detail"]
    step = reverse("api:tournament_step", args=[cup.id, "close"])
    assert client.post(step).status_code == 403
    client.force_login(users["staff"])
    closed = client.post(step)
    assert closed.status_code == 200 and closed.json()["status"] == "closed"
    assert [e["seed"] for e in closed.json()["entrants"]] == [1, 2]
    created = client.post(
        reverse("api:tournament_list"),
        {
            "name": "API draft",
            "game": "cardgame",
            "format": "double_elimination",
            "entrants": [],
            "registration": True,
            "starts_at": (timezone.now() + timedelta(days=1)).isoformat(),
        },
        content_type="application/json",
    )
    assert created.status_code == 201 and created.json()["status"] == "draft"
    assert created.json()["starts_at"] is not None
