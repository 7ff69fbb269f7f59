"""The tournament pages and API: list, create (organisers only, with per-event settings and
seeding), detail with seeds and bracket, cancel and retry (organiser and staff only), JSON."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission

from tests.tournament.conftest import finish, queued
from tournament.matches import create_match
from tournament.models import BotVersion, Match, Tournament, TournamentMatch
from tournament.organiser import retry_game
from tournament.scheduler import ladder_for
from tournament.tournaments import create_tournament

# What an event shows and does, with its games queued at once (the fair share has its own tests).
pytestmark = pytest.mark.usefixtures("fair_share_off")


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
    assert page.status_code == 200 and "alice/card_3 v1" in page.content.decode()
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
    assert 'class="champion">alice/card_4 v1' in html  # the lowest seed won every tie
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
    (listed,) = client.get("/api/tournaments/").json()["results"]
    assert listed["id"] == tournament.id and listed["status"] == "finished"
    body = client.get(f"/api/tournaments/{tournament.id}/").json()
    assert body["progress"] == {
        "done": 4,
        "planned": 4,
        "planned_is_upper_bound": False,
        "waiting": 0,
    }
    assert body["standings"][0]["name"] == "alice/card_4 v1" and body["standings"][0]["wins"] == 3
    first_round, semis, final = body["bracket"]
    assert [tie["bye"] for tie in first_round] == [True, False, True, True]
    assert final[0]["winner"] == 5 and len(final[0]["matches"]) == 1
    # Each tie has its number in its round and a name; every game says which tie it belongs to.
    assert [(tie["tie"], tie["name"]) for tie in semis] == [
        (1, "Semi-final 1"),
        (2, "Semi-final 2"),
    ]
    assert first_round[1]["name"] == "Round 1, tie 2" and final[0]["name"] == "Final"
    ties = sorted((g["round_name"], g["tie"], g["tie_name"]) for g in body["games"])
    assert ties == [
        ("Final", 1, "Final"),
        ("Round 1", 2, "Round 1, tie 2"),
        ("Semi-finals", 1, "Semi-final 1"),
        ("Semi-finals", 2, "Semi-final 2"),
    ]
    assert client.get("/api/tournaments/999/").status_code == 404


def test_the_tournament_list_api_is_paginated_like_the_bot_list(
    client, users, card_versions, sent
) -> None:
    pair = [v.id for v in card_versions[:2]]
    cups = [
        create_tournament(users["staff"], "cardgame", f"Cup {n}", "knockout", pair)
        for n in range(3)
    ]
    first = client.get("/api/tournaments/?limit=2").json()
    assert set(first) == {"count", "next", "previous", "results"}
    assert first["count"] == 3 and first["previous"] is None
    assert [t["name"] for t in first["results"]] == ["Cup 2", "Cup 1"]  # newest first
    rest = client.get(first["next"]).json()
    assert [t["id"] for t in rest["results"]] == [cups[0].id] and rest["next"] is None
    # Filters and pages go together; a page too far is empty, not an error.
    filtered = client.get("/api/tournaments/?status=running&limit=1&offset=1").json()
    assert filtered["count"] == 3 and [t["name"] for t in filtered["results"]] == ["Cup 1"]
    assert client.get("/api/tournaments/?offset=10").json()["results"] == []


def test_five_entrants_play_round_1_not_quarter_finals(
    client, users, card_versions, sent, django_capture_on_commit_callbacks
) -> None:
    tournament = played_cup(card_versions, users["staff"], django_capture_on_commit_callbacks)
    html = client.get(f"/tournaments/{tournament.id}/").content.decode()
    assert "Quarter-finals" not in html
    assert ">Round 1</text>" in html and "<td>Round 1, tie 2 · game 1</td>" in html
    assert ">Semi-finals</text>" in html and ">Final</text>" in html


# --- Settings, seeding, cancel and retry on the pages and the API ---------------------------


def test_the_form_sets_players_options_clock_and_a_manual_seed_order(
    client, users, catan_versions, sent
) -> None:
    client.force_login(users["staff"])
    page = client.get("/tournaments/new").content.decode()
    assert 'name="catan__masters"' in page and 'name="cardgame__vp_target"' in page
    assert 'name="move_cpu_s"' in page and 'name="seed_order"' in page
    ids = [v.id for v in catan_versions]
    order = [ids[2], ids[0], ids[3], ids[1]]
    response = client.post(
        "/tournaments/new",
        {
            "name": "Masters Night",
            "game": "catan",
            "format": "round_robin",
            "games_per_pairing": 1,
            "players_per_match": 4,
            "entrants": ids,
            "seeding": "manual",
            "seed_order": ", ".join(f"#{i}" for i in order),
            "move_cpu_s": "2",
            "bank_cpu_s": "20",
            "catan__masters": "on",
            "catan__victory_points": "",
            "cardgame__vp_target": "5",  # another game's option: not used
        },
    )
    tournament = Tournament.objects.get(name="Masters Night")
    assert response.status_code == 302
    assert tournament.players_per_match == 4 and tournament.seeding == "manual"
    assert tournament.options == {"victory_points": 3, "masters": True}
    assert tournament.time_control == {"move_cpu_s": 2.0, "bank_cpu_s": 20.0}
    assert list(tournament.entrants.values_list("version_id", flat=True)) == order
    (game,) = queued(tournament)
    assert game.options["masters"] is True and game.participants.count() == 4
    html = client.get(f"/tournaments/{tournament.id}/").content.decode()
    assert "seeded in the organiser&#x27;s order" in html
    assert "4 players a game · clock 2 CPU s a move + 20 s bank" in html
    assert "options: masters on, victory_points 3" in html
    entrants = html[html.index("<h2>Entrants</h2>") :]
    names = {v.id: v.label for v in BotVersion.objects.filter(id__in=order)}
    positions = [entrants.index(f">{names[i]}</a>") for i in order]
    assert positions == sorted(positions)  # listed by seed


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # The option fields take their ranges and choices from the engine's own description
        # (game.option_specs()), so the form refuses these before the engine sees them.
        ({"catan__victory_points": "99"}, "less than or equal to 20"),
        ({"catan__layout": "hexagonal"}, "Select a valid choice"),
        ({"players_per_match": "5"}, "3 or 4 players"),
        ({"move_cpu_s": "60"}, "less than or equal to 10"),
        ({"seeding": "manual", "seed_order": "1, 2"}, "List every chosen entrant once"),
        ({"seeding": "manual", "seed_order": "first, second"}, "entrants&#x27; numbers"),
    ],
)
def test_the_form_refuses_bad_settings_before_anything_is_stored(
    client, users, catan_versions, sent, changes, message
) -> None:
    client.force_login(users["staff"])
    response = client.post(
        "/tournaments/new",
        {
            "name": "Bad",
            "game": "catan",
            "format": "round_robin",
            "games_per_pairing": 1,
            "entrants": [v.id for v in catan_versions],
            **changes,
        },
    )
    assert response.status_code == 400 and message in response.content.decode()
    assert not Tournament.objects.exists() and sent == []


def error_game(tournament, capture, settings) -> Match:
    """The first queued game of ``tournament``, given up on by the platform."""
    from tournament import execution

    settings.ARENA_MATCH_MAX_ATTEMPTS = 1
    game = queued(tournament)[0]
    claimed, _ = execution.claim(game.id, "w")
    with capture(execute=True):
        execution.platform_failure(claimed.id, claimed.claim_token, "engine crashed")
    return game


def test_a_retried_match_and_its_replacement_link_to_each_other_on_their_own_pages(
    client, users, card_versions, sent, settings, django_capture_on_commit_callbacks
) -> None:
    cup = create_tournament(
        users["staff"], "cardgame", "Cup", "knockout", [v.id for v in card_versions[:2]]
    )
    broken = error_game(cup, django_capture_on_commit_callbacks, settings)
    before = client.get(f"/matches/{broken.id}/").content.decode()
    assert f'<a href="/tournaments/{cup.id}/">Cup</a> · Final · game 1' in before
    assert "retried as" not in before and "replaces" not in before
    with django_capture_on_commit_callbacks(execute=True):
        new_id = retry_game(cup.id, broken.id, users["staff"])
    old_page = client.get(f"/matches/{broken.id}/").content.decode()
    assert f'retried as <a href="/matches/{new_id}/">#{new_id}</a>' in old_page
    assert "replaces" not in old_page
    new_page = client.get(f"/matches/{new_id}/").content.decode()
    assert f'replaces <a href="/matches/{broken.id}/">#{broken.id}</a>' in new_page
    assert "retried as" not in new_page
    # A match outside any tournament says nothing of the kind.
    other = create_match(ladder_for("cardgame"), [v.id for v in card_versions[:2]])
    assert "A game of" not in client.get(f"/matches/{other.id}/").content.decode()


def test_the_organiser_cancels_and_retries_from_the_page_and_others_get_403(
    client, users, card_versions, sent, settings, django_capture_on_commit_callbacks
) -> None:
    users["alice"].user_permissions.add(Permission.objects.get(codename="add_tournament"))
    league = create_tournament(
        users["alice"], "cardgame", "League", "round_robin", [v.id for v in card_versions[:3]]
    )
    broken = error_game(league, django_capture_on_commit_callbacks, settings)
    page = f"/tournaments/{league.id}/"
    cancel = f"/tournaments/{league.id}/cancel"
    retry = f"/tournaments/{league.id}/games/{broken.id}/retry"

    for who in (None, users["bob"]):
        client.logout()
        if who:
            client.force_login(who)
        html = client.get(page).content.decode()
        assert "Cancel the tournament" not in html and ">Retry</button>" not in html
        assert client.get(cancel).status_code == 403  # not even the confirmation page
        assert client.post(cancel).status_code == 403
        assert client.post(retry).status_code == 403
    assert Tournament.objects.get(id=league.id).status == Tournament.RUNNING

    client.force_login(users["alice"])
    html = client.get(page).content.decode()
    assert "Cancel the tournament" in html and html.count(">Retry</button>") == 1
    assert '<span class="muted">1/3</span>' in client.get("/tournaments/").content.decode()
    confirm = client.get(cancel)  # the button asks first: a GET changes nothing
    assert confirm.status_code == 200 and "Yes, cancel the tournament" in confirm.content.decode()
    assert Tournament.objects.get(id=league.id).status == Tournament.RUNNING
    response = client.post(retry, follow=True)
    (new_slot,) = TournamentMatch.objects.filter(tournament=league, retried_as__isnull=False)
    assert f"Match {broken.id} is played again as match {new_slot.retried_as_id}" in (
        response.content.decode()
    )
    html = response.content.decode()
    assert f'retried as <a href="/matches/{new_slot.retried_as_id}/">' in html
    assert ">Retry</button>" not in html
    # The void game no longer counts as played: the retry is what will be.
    assert '<span class="muted">0/3</span>' in client.get("/tournaments/").content.decode()

    response = client.post(cancel, follow=True)
    html = response.content.decode()
    assert "League is cancelled: 3 queued games will not be played" in html
    assert "Cancel the tournament" not in html and "status-cancelled" in html
    assert 'data-live="5"' not in html  # a cancelled event stops refreshing itself
    again = client.post(cancel, follow=True).content.decode()
    assert 'class="notice error"' in again and "already cancelled" in again
    assert 'status-cancelled">cancelled</td>' in client.get("/tournaments/").content.decode()
    assert "cancelled" in client.get("/").content.decode()
    body = client.get(f"/api/tournaments/{league.id}/").json()
    assert body["status"] == "cancelled" and body["cancelled_by"] == "alice"
    assert {g["status"] for g in body["games"]} == {"error", "cancelled"}


def test_the_api_creates_cancels_and_retries_for_organisers_only(
    client, users, card_versions, catan_versions, sent, settings, django_capture_on_commit_callbacks
) -> None:
    body = {
        "name": "API Cup",
        "game": "catan",
        "format": "round_robin",
        "entrants": [v.id for v in catan_versions],
        "players_per_match": 4,
        "options": {"masters": True},
        "time_control": {"move_cpu_s": 0.5, "bank_cpu_s": 5},
    }
    create = lambda data: client.post("/api/tournaments/", data, content_type="application/json")  # noqa: E731
    assert create(body).status_code == 401  # signed out: authenticate first
    client.force_login(users["bob"])
    assert create(body).status_code == 403  # not an organiser
    client.force_login(users["staff"])
    refused = create({**body, "options": {"masters": "yes"}})
    assert (
        refused.status_code == 400 and "masters must be true or false" in refused.json()["detail"]
    )
    invalid = create({**body, "entrants": "all"})
    assert invalid.status_code == 400 and "entrants" in invalid.json()["errors"]
    assert not Tournament.objects.exists()
    created = create({**body, "seeding": "manual"})
    assert created.status_code == 201
    made = created.json()
    assert made["players_per_match"] == 4 and made["options"]["masters"] is True
    assert made["time_control"] == {"move_cpu_s": 0.5, "bank_cpu_s": 5.0}
    assert [e["seed"] for e in made["entrants"]] == [1, 2, 3, 4]
    assert made["seeding"] == "manual" and made["status"] == "running"

    duel = create_tournament(
        users["staff"], "cardgame", "Duel", "round_robin", [v.id for v in card_versions[:3]]
    )
    broken = error_game(duel, django_capture_on_commit_callbacks, settings)
    retry = f"/api/tournaments/{duel.id}/games/{broken.id}/retry"
    cancel = f"/api/tournaments/{duel.id}/cancel"
    client.force_login(users["bob"])
    assert client.post(retry).status_code == 403 and client.post(cancel).status_code == 403
    client.force_login(users["staff"])
    assert client.post(f"/api/tournaments/{duel.id}/games/{10**9}/retry").status_code == 404
    retried = client.post(retry)
    assert retried.status_code == 201 and retried.json()["retry_of"] == broken.id
    again = client.post(retry)
    assert again.status_code == 409 and "retried already" in again.json()["detail"]
    games = client.get(f"/api/tournaments/{duel.id}/").json()["games"]
    (old,) = [g for g in games if g["match"] == broken.id]
    assert old["retried_as"] == retried.json()["match"] and old["retry"] is False
    (new,) = [g for g in games if g["match"] == retried.json()["match"]]
    assert new["replaces"] == broken.id and new["retried_as"] is None
    assert new["tie"] is None and new["tie_name"] == ""  # a round robin has no ties
    cancelled = client.post(cancel)
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    assert cancelled.json()["dropped_games"] == 3
    assert client.post(cancel).status_code == 409
    listed = client.get("/api/tournaments/?status=cancelled").json()["results"]
    assert [t["id"] for t in listed] == [duel.id]
