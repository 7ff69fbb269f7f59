"""The new formats in the tournament flow with hand-made results: Swiss, double elimination,
table Swiss and table advancement created, advanced to the end, shown and refused."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournament.conftest import finish, queued
from tournament.models import Tournament, TournamentMatch
from tournament.tournaments import TournamentRefused, TournamentState, create_tournament


def play_to_the_end(tournament, capture, winner=min) -> int:
    """Finish every queued game, ``winner`` of its seated version ids winning, until the event
    ends; the number of games played."""
    played = 0
    for _ in range(200):
        games = queued(tournament)
        if not games:
            break
        for game in games:
            finish(game, winner(p.version_id for p in game.participants.all()), capture)
            played += 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.FINISHED
    return played


def test_a_swiss_runs_its_rounds_pairs_without_rematches_and_ranks_by_points(
    fair_share_off, card_versions, users, sent, django_capture_on_commit_callbacks, client
) -> None:
    ids = [v.id for v in card_versions]  # five: a bye each round
    with django_capture_on_commit_callbacks(execute=True):
        tournament = create_tournament(
            users["staff"], "cardgame", "Swiss", "swiss", ids, seeding="manual"
        )
    assert tournament.format_settings == {"rounds": 4}  # ⌈log2 5⌉ + 1
    assert tournament.planned_matches == 8
    # Round 1 is paired at once (two games, one bye); round 2 waits for it.
    assert len(queued(tournament)) == 2
    played = play_to_the_end(tournament, django_capture_on_commit_callbacks)
    assert played == 8
    state = TournamentState.load(tournament)
    rounds = tournament.format_state["rounds"]
    assert sorted(rounds) == ["0", "1", "2", "3"]
    pairs = [frozenset(pair) for orders in rounds.values() for pair in orders]
    assert len(pairs) == len(set(pairs)), "no rematch"
    byes = [
        next(iter(set(range(5)) - {e for p in orders for e in p})) for orders in rounds.values()
    ]
    assert len(set(byes)) == 4, "a bye to a different entrant each round"
    # The lower version id (the better seed here) wins every game: points follow the seeds.
    places = state.event.places()
    points = [dict(p.columns)["Points"] for p in places]
    assert points == sorted(points, reverse=True)
    assert places[0].entrant == 0 and dict(places[0].columns)["Points"] == 4.0
    page = client.get(reverse("front:tournament_detail", args=[tournament.id]))
    html = page.content.decode()
    assert "Buchholz" in html and "Round 4, board 1" in html and "head-to-head" in html
    body = client.get(reverse("api:tournament_detail", args=[tournament.id])).json()
    assert body["format"] == "swiss" and body["format_settings"] == {"rounds": 4}
    assert body["standing_columns"] == ["Points", "Buchholz", "S–B"]
    assert body["standings"][0]["position"] == 1
    assert body["standings"][0]["columns"][0] == {"name": "Points", "value": 4.0}
    assert [bye["round"] for bye in body["byes"]] == [0, 1, 2, 3]
    assert len({bye["names"][0] for bye in body["byes"]}) == 4
    assert "Byes (a round sat out, scored as a won pairing): Round 1:" in html


def test_a_double_elimination_needs_two_losses_and_draws_its_bracket(
    fair_share_off, card_versions, users, sent, django_capture_on_commit_callbacks, client
) -> None:
    ids = [v.id for v in card_versions[:4]]
    with django_capture_on_commit_callbacks(execute=True):
        tournament = create_tournament(
            users["staff"], "cardgame", "Double", "double_elimination", ids, seeding="manual"
        )
    # The higher version id wins every game: seed 4 takes the winners' bracket and the grand
    # final, so there is no reset.
    played = play_to_the_end(tournament, django_capture_on_commit_callbacks, winner=max)
    assert played == 2 * 4 - 2
    state = TournamentState.load(tournament)
    assert state.event.champion() == 3
    places = state.event.places()
    assert [p.entrant for p in places] == [3, 2, 1, 0]
    assert [p.place for p in places] == [1, 2, 3, 4]
    page = client.get(reverse("front:tournament_detail", args=[tournament.id]))
    html = page.content.decode()
    assert "Double-elimination bracket" in html and "Losers&#x27; final" in html
    assert 'class="champion"' in html
    body = client.get(reverse("api:tournament_detail", args=[tournament.id])).json()
    names = [r["name"] for r in body["double_elimination"]]
    assert names[-2:] == ["Grand final", "Grand final reset"]
    assert body["double_elimination"][-1]["ties"][0]["played"] is False
    assert body["standings"][0]["reached"] == "Champion"


def test_a_double_elimination_grand_final_reset_is_played_when_the_challenger_wins(
    fair_share_off, card_versions, users, sent, django_capture_on_commit_callbacks
) -> None:
    ids = [v.id for v in card_versions[:2]]
    tournament = create_tournament(
        users["staff"], "cardgame", "Duel", "double_elimination", ids, seeding="manual"
    )
    (first,) = queued(tournament)
    finish(first, ids[0], django_capture_on_commit_callbacks)  # the winners' final
    (grand_final,) = queued(tournament)
    finish(grand_final, ids[1], django_capture_on_commit_callbacks)  # the challenger wins
    (reset,) = queued(tournament)
    place = TournamentMatch.objects.get(match=reset)
    assert (place.round, place.slot) == (2, 0)
    finish(reset, ids[1], django_capture_on_commit_callbacks)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.FINISHED
    assert TournamentState.load(tournament).event.champion() == 1


def test_a_table_swiss_seats_tables_with_byes_and_ranks_by_placing_points(
    fair_share_off, catan_versions, users, sent, django_capture_on_commit_callbacks, client
) -> None:
    ids = [v.id for v in catan_versions]  # four entrants at three seats: one bye a round
    with django_capture_on_commit_callbacks(execute=True):
        tournament = create_tournament(
            users["staff"],
            "catan",
            "Tables",
            "table_swiss",
            ids,
            seeding="manual",
            players_per_match=3,
            format_settings={"rounds": 4},
        )
    assert tournament.planned_matches == 4
    play_to_the_end(tournament, django_capture_on_commit_callbacks)
    event = TournamentState.load(tournament).event
    assert sorted(e for byes in event.byes for e in byes) == [0, 1, 2, 3]
    for record in event.records:
        assert sorted(record.seat_counts) == [1, 1, 1]
    page = client.get(reverse("front:tournament_detail", args=[tournament.id])).content
    assert b"points by placing" in page and b"Round 2, table 1" in page


def test_a_table_advancement_plays_heats_then_a_final_table(
    fair_share_off, catan_versions, users, sent, django_capture_on_commit_callbacks
) -> None:
    ids = [v.id for v in catan_versions]
    tournament = create_tournament(
        users["staff"],
        "catan",
        "Heats",
        "table_advancement",
        ids,
        seeding="manual",
        players_per_match=3,
        format_settings={"heats": 2},
    )
    played = play_to_the_end(tournament, django_capture_on_commit_callbacks)
    assert played == 3  # two heats, no semi-finals under two full tables, one final
    state = TournamentState.load(tournament)
    event = state.event
    assert len(event.final) == 3 and set(event.final) == set(event.heat_order[:3])
    places = event.places()
    assert [p.place for p in places] == [1, 2, 3, 4]
    assert places[3].note == "Heats"
    summary_names = [g.round for g in state.games]
    assert sorted(summary_names) == [0, 1, 2]


@pytest.mark.parametrize(
    "game,format,kwargs,words",
    [
        ("catan", "swiss", {}, "needs a two-player game"),
        ("catan", "double_elimination", {}, "needs a two-player game"),
        ("cardgame", "double_elimination", {"games_per_pairing": 2}, "odd"),
        ("cardgame", "table_swiss", {}, "3 or more"),
        ("cardgame", "swiss", {"format_settings": {"heats": 2}}, "takes only rounds"),
        ("cardgame", "swiss", {"format_settings": {"rounds": 0}}, "from 1 to 20"),
        ("cardgame", "round_robin", {"format_settings": {"rounds": 2}}, "takes no settings"),
        ("catan", "table_advancement", {"format_settings": {"heats": 21}}, "from 1 to 20"),
    ],
)
def test_a_format_refuses_what_it_cannot_play(
    card_versions, catan_versions, users, sent, game, format, kwargs, words
) -> None:
    versions = card_versions if game == "cardgame" else catan_versions
    ids = [v.id for v in versions]
    with pytest.raises(TournamentRefused, match=words):
        create_tournament(users["staff"], game, "No", format, ids, **kwargs)
    assert not Tournament.objects.exists()


def test_each_game_describes_its_options_and_the_form_and_api_offer_exactly_those(
    client, users
) -> None:
    from games.registry import GAMES

    body = client.get(reverse("api:game_options", args=["catan"])).json()
    specs = {spec["name"]: spec for spec in body["options"]}
    assert specs["victory_points"] == {
        "name": "victory_points",
        "type": "int",
        "default": 10,
        "minimum": 3,
        "maximum": 20,
        "choices": [],
    }
    assert specs["layout"]["choices"] == ["beginner", "variable"]
    assert specs["masters"]["type"] == "bool"
    assert set(specs) == set(GAMES["catan"].default_options)
    # Every value a spec allows, the engine accepts; one step outside, it refuses.
    for game in GAMES.values():
        players = max(2, game.min_players) if game.name == "cardgame" else 3
        for spec in game.option_specs():
            allowed = list(spec.choices) or (
                [spec.minimum, spec.maximum] if spec.type == "int" else [True, False]
            )
            for value in allowed:
                game.new_game(players, 1, {spec.name: value})
            if spec.type == "int":
                with pytest.raises(ValueError):
                    game.new_game(players, 1, {spec.name: spec.maximum + 1})
    assert client.get(reverse("api:game_options", args=["chess"])).status_code == 404
    client.force_login(users["staff"])
    form = client.get(reverse("front:tournament_new")).content.decode()
    (field,) = re.findall(r'<input[^>]*name="catan__victory_points"[^>]*>', form)
    assert 'min="3"' in field and 'max="20"' in field
    assert '<option value="variable">variable</option>' in form
