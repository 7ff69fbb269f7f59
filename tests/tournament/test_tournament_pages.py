"""The tournament pages and API: list, create (organisers only), detail with bracket, JSON."""

from __future__ import annotations

from django.contrib.auth.models import Permission

from tests.tournament.conftest import finish, queued
from tournament.models import Tournament
from tournament.tournaments import create_tournament


def played_cup(versions, organiser, capture) -> Tournament:
    """A finished five-entrant knockout where the lower seed wins every tie."""
    tournament = create_tournament(
        organiser, "cardgame", "Winter Cup", "knockout", [v.id for v in versions]
    )
    while games := queued(tournament):
        for game in games:
            underdog = max(game.participants.all(), key=lambda p: p.version_id).version_id
            finish(game, underdog, capture)
    tournament.refresh_from_db()
    return tournament


def test_the_create_form_is_for_organisers_only(
    client, users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    client.force_login(users["alice"])
    assert client.get("/tournaments/new").status_code == 403
    assert "Organise a tournament" not in client.get("/tournaments/").content.decode()
    users["alice"].user_permissions.add(Permission.objects.get(codename="add_tournament"))
    page = client.get("/tournaments/new")
    assert page.status_code == 200 and "card_3 v1" in page.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/tournaments/new",
            {
                "name": "Alice Open",
                "game": "cardgame",
                "format": "round_robin",
                "games_per_pairing": 2,
                "entrants": [v.id for v in card_versions[:3]],
            },
        )
    tournament = Tournament.objects.get(name="Alice Open")
    assert response.status_code == 302 and response.url == f"/tournaments/{tournament.id}/"
    assert tournament.organiser == users["alice"] and tournament.planned_matches == 6
    assert len(sent) == 6


def test_the_form_refuses_a_knockout_of_an_even_best_of(client, users, card_versions) -> None:
    client.force_login(users["staff"])
    response = client.post(
        "/tournaments/new",
        {
            "name": "Bad",
            "game": "cardgame",
            "format": "knockout",
            "games_per_pairing": 2,
            "entrants": [v.id for v in card_versions],
        },
    )
    assert response.status_code == 400 and "odd number" in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_tournament_page_draws_the_bracket_and_the_standings(
    client,
    users,
    card_versions,
    sent,
    django_capture_on_commit_callbacks,
) -> None:
    tournament = played_cup(card_versions, users["staff"], django_capture_on_commit_callbacks)
    assert tournament.status == Tournament.FINISHED
    html = client.get(f"/tournaments/{tournament.id}/").content.decode()
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html and "Final" in html
    assert html.count('class="tie"') == 4 + 2 + 1
    assert 'class="champion">card_4 v1' in html  # the lowest seed won every tie
    assert "4</strong> of 4 games played" in html
    assert 'data-live="5"' not in html  # a finished event stops refreshing itself
    assert "/matches/" in html
    listing = client.get("/tournaments/").content.decode()
    assert "Winter Cup" in listing and 'value="4"' in listing
    assert "Winter Cup" in client.get("/").content.decode()


def test_the_api_lists_tournaments_and_gives_standings_and_bracket(
    client,
    users,
    card_versions,
    sent,
    django_capture_on_commit_callbacks,
) -> None:
    tournament = played_cup(card_versions, users["staff"], django_capture_on_commit_callbacks)
    (listed,) = client.get("/api/tournaments/").json()
    assert listed["id"] == tournament.id and listed["status"] == "finished"
    body = client.get(f"/api/tournaments/{tournament.id}/").json()
    assert body["progress"] == {"done": 4, "planned": 4, "planned_is_upper_bound": False}
    assert body["standings"][0]["name"] == "card_4 v1" and body["standings"][0]["wins"] == 3
    first_round, _, final = body["bracket"]
    assert [tie["bye"] for tie in first_round] == [True, False, True, True]
    assert final[0]["winner"] == 5 and len(final[0]["matches"]) == 1
    assert client.get("/api/tournaments/999/").status_code == 404
