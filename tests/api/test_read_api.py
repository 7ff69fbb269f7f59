"""The read API: matches and their filters, replay files, leaderboards, ratings, head-to-head."""

from __future__ import annotations

import pytest
from django.test import Client

from games.common import replayfile
from games.registry import get_game
from tests.tournament.replays import finished_match
from tournament.models import Bot, BotVersion, Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    return {"card": finished_match("cardgame", seed=21), "board": finished_match("catan", seed=22)}


def ids(response) -> list[int]:
    assert response.status_code == 200, response.content
    return [m["id"] for m in response.json()["results"]]


def test_matches_list_newest_first_with_seats_and_filters(played) -> None:
    client = Client()
    card, board = played["card"], played["board"]
    assert ids(client.get("/api/matches/")) == [board.id, card.id]
    assert ids(client.get("/api/matches/?game=cardgame")) == [card.id]
    assert ids(client.get("/api/matches/?status=finished&kind=manual")) == [board.id, card.id]
    winner = card.participants.get(rank=1)
    loser = card.participants.exclude(rank=1).get()
    assert ids(client.get(f"/api/matches/?bot={winner.version.bot_id}&result=win")) == [card.id]
    assert ids(client.get(f"/api/matches/?bot={loser.version.bot_id}&result=win")) == []
    assert ids(client.get(f"/api/matches/?version={loser.version_id}&result=loss")) == [card.id]
    Match.objects.filter(id=board.id).update(options={"masters": True})
    assert ids(client.get("/api/matches/?options=masters:true")) == [board.id]
    assert ids(client.get("/api/matches/?since=2000-01-01T00:00:00Z&until=2000-01-02")) == []

    body = client.get(f"/api/matches/{card.id}/").json()
    assert body["status"] == "finished" and body["game_title"] == "Catan card game"
    assert [s["rank"] for s in body["seats"]] == [
        p.rank for p in card.participants.order_by("seat")
    ]
    assert body["seats"][0]["bot_name"] == card.participants.get(seat=0).version.bot.name
    assert body["replay"] == f"http://testserver/api/matches/{card.id}/replay"


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("game=chess", 'unknown game "chess"'),
        ("result=win", "result filters need a bot or a version"),
        ("options=masters", "write name:value"),
        ("bot=zero", "A valid integer is required"),
        ("since=yesterday", "Datetime has wrong format"),
    ],
)
def test_a_bad_match_filter_is_a_400_that_says_why(query: str, says: str) -> None:
    answer = Client().get(f"/api/matches/?{query}")
    assert answer.status_code == 400 and says in answer.json()["detail"]


def test_the_api_serves_each_finished_match_as_a_replay_file_that_verifies(played) -> None:
    client = Client()
    for match in played.values():
        document = replayfile.parse(client.get(f"/api/matches/{match.id}/replay").content)
        assert replayfile.verify(document, get_game(match.game)).ok
    Match.objects.filter(id=played["card"].id).update(status=Match.ERROR)
    assert client.get(f"/api/matches/{played['card'].id}/replay").status_code == 404


def test_the_leaderboard_ranks_active_versions_as_the_page_does(played) -> None:
    client = Client()
    versions = BotVersion.objects.filter(game="cardgame", status=BotVersion.ACTIVE)
    best = max(versions, key=lambda v: (v.conservative, -v.id))
    rows = client.get("/api/leaderboards/cardgame/").json()["results"]
    assert rows[0]["version_id"] == best.id and rows[0]["rank"] == 1
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))
    by_elo = client.get("/api/leaderboards/cardgame/?sort=elo").json()["results"]
    assert [r["elo"] for r in by_elo] == sorted((r["elo"] for r in by_elo), reverse=True)
    assert client.get("/api/leaderboards/chess/").status_code == 404
    assert client.get("/api/leaderboards/cardgame/?sort=luck").status_code == 400


def test_rating_history_of_a_bot_and_of_a_version(played) -> None:
    participant = played["card"].participants.get(seat=0)
    client = Client()
    (row,) = client.get(f"/api/bots/{participant.version.bot_id}/ratings").json()["results"]
    assert row["match"] == played["card"].id and row["elo"] == participant.elo_after
    (same,) = client.get(f"/api/versions/{participant.version_id}/ratings").json()["results"]
    assert same == row
    assert client.get("/api/bots/999999/ratings").status_code == 404


def test_head_to_head_counts_who_placed_ahead(played) -> None:
    card = played["card"]
    winner = card.participants.get(rank=1).version.bot
    loser = card.participants.exclude(rank=1).get().version.bot
    client = Client()
    record = client.get(f"/api/head-to-head/?a={winner.id}&b={loser.id}").json()
    assert (record["games"], record["a_ahead"], record["b_ahead"]) == (1, 1, 0)
    assert record["latest"] == [card.id] and record["a"]["name"] == winner.name
    stranger = Bot.objects.exclude(id__in=(winner.id, loser.id)).filter(game="catan").first()
    assert client.get(f"/api/head-to-head/?a={winner.id}&b={stranger.id}").json()["games"] == 0
    assert client.get(f"/api/head-to-head/?a={winner.id}&b={winner.id}").status_code == 400
