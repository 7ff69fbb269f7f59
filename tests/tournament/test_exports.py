"""Standings, cross-table and games as CSV and JSON (tournament/exports.py), from the page and
the API."""

from __future__ import annotations

import csv
import io
import json

from django.urls import reverse

from tests.tournament.conftest import finish, queued
from tournament.tournaments import create_tournament


def test_a_finished_round_robin_exports_its_standings_crosstable_and_games(
    fair_share_off, card_versions, users, sent, django_capture_on_commit_callbacks, client
) -> None:
    ids = [v.id for v in card_versions[:3]]
    league = create_tournament(
        users["staff"], "cardgame", "League", "round_robin", ids, seeding="manual"
    )
    for game in queued(league):
        finish(
            game,
            min(p.version_id for p in game.participants.all()),
            django_capture_on_commit_callbacks,
        )
    page = client.get(reverse("front:tournament_detail", args=[league.id])).content.decode()
    assert f"/tournaments/{league.id}/export/crosstable.csv" in page

    def get(kind, fmt, namespace="tournament"):
        response = client.get(
            reverse(f"{namespace}:tournament_export", args=[league.id, kind, fmt])
        )
        assert response.status_code == 200
        assert f"tournament-{league.id}-{kind}.{fmt}" in response["Content-Disposition"]
        return response.content.decode()

    standings = list(csv.DictReader(io.StringIO(get("standings", "csv"))))
    assert [row["seed"] for row in standings] == ["1", "2", "3"]
    assert [row["wins"] for row in standings] == ["2", "1", "0"]
    assert standings[0]["name"] == card_versions[0].label
    pairs = json.loads(get("crosstable", "json", namespace="api"))["crosstable"]
    assert [(p["seed_a"], p["seed_b"], p["wins_a"], p["wins_b"]) for p in pairs] == [
        (1, 2, 1, 0),
        (1, 3, 1, 0),
        (2, 3, 1, 0),
    ]
    assert pairs[0]["score_a"] == 9.0 and pairs[0]["score_b"] == 8.0  # outcome_for: 10 − rank
    games = list(csv.DictReader(io.StringIO(get("games", "csv"))))
    assert len(games) == 3 * 2  # three games, a row per seat
    assert {row["status"] for row in games} == {"finished"}
    assert sum(row["won"] == "True" for row in games) == 3
    assert client.get(f"/tournaments/{league.id}/export/games.xml").status_code == 404
