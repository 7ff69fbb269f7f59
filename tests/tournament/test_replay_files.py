"""A finished match downloads as a replay file that re-simulates to its stored end."""

from __future__ import annotations

import json

import pytest

from games.common import replayfile
from games.registry import get_game
from tests.tournament.replays import finished_match
from tournament.models import Match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["cardgame", "catan"])
def test_a_finished_match_downloads_as_a_replay_file_that_verifies(client, game: str) -> None:
    match = finished_match(game)
    answer = client.get(f"/matches/{match.id}/replay.json")
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == (
        f'attachment; filename="match-{match.id}-{game}.replay.json"'
    )
    document = replayfile.parse(answer.content)
    assert document["source"]["match"] == match.id
    assert document["source"]["url"] == f"http://testserver/matches/{match.id}/"
    seats = list(match.participants.order_by("seat").select_related("version__bot"))
    assert [s["name"] for s in document["seats"]] == [p.version.bot.name for p in seats]
    assert document["result"]["ranks"] == [p.rank for p in seats]
    verdict = replayfile.verify(document, get_game(game))
    assert verdict.ok and verdict.terminal, verdict.problems
    # The page offers it beside the viewer.
    assert (
        f'href="/matches/{match.id}/replay.json"'
        in client.get(f"/matches/{match.id}/").content.decode()
    )


def test_the_file_holds_nothing_only_an_owner_may_see(client) -> None:
    match = finished_match("cardgame", seed=12)
    participant = match.participants.get(seat=0)
    participant.log.stderr = "my secret strategy table"
    participant.log.forfeit_evidence = "my secret answer"
    participant.log.save()
    text = client.get(f"/matches/{match.id}/replay.json").content.decode()
    assert "my secret" not in text
    assert set(json.loads(text)["seats"][0]) == {
        "seat",
        "name",
        "version",
        "owner",
        "forfeit_detail",
    }


def test_a_match_without_a_replay_has_no_file(client) -> None:
    match = finished_match("cardgame", seed=13)
    Match.objects.filter(id=match.id).update(status=Match.ERROR)
    assert client.get(f"/matches/{match.id}/replay.json").status_code == 404
    assert client.get("/matches/999999/replay.json").status_code == 404
