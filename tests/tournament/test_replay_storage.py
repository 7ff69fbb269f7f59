"""How a finished match's replay is stored: the event log once (format 2), and replays stored
before that (format 1, the log also inside the final state) still load, verify and show."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.common.replay import REPLAY_FORMAT, stored_final_state
from games.registry import GAMES
from tests.tournament.replays import finished_match
from tournament.history import resimulate
from tournament.models import Match, Replay

pytestmark = pytest.mark.django_db

GAME_NAMES = ("catan", "cardgame")


def as_format_1(document: dict[str, Any]) -> dict[str, Any]:
    """A document as ``results.replay_payload`` wrote it before format 2: no ``format`` key and
    the event log a second time inside ``final_state`` (``to_dict`` as it is)."""
    old = {key: value for key, value in document.items() if key != "format"}
    old["final_state"] = {**document["final_state"], "events": document["events"]}
    return old


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_replay_keeps_the_event_log_once(house_bots, game) -> None:
    match = finished_match(game)
    document = match.replay.unpack()
    assert document["format"] == REPLAY_FORMAT == 2
    assert "events" not in document["final_state"] and document["events"]
    # The final state is whole again with the log beside it: it loads and replays equal.
    full = stored_final_state(document)
    assert GAMES[game].from_dict(full).to_dict() == full
    assert resimulate(match)["ok"]
    # The second copy of the log was a large share of the stored bytes.
    assert len(match.replay.data) < 0.85 * len(Replay.pack(as_format_1(document)))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_replay_stored_in_format_1_still_loads_verifies_and_shows(client, house_bots, game):
    match = finished_match(game)
    Replay.objects.filter(match=match).update(data=Replay.pack(as_format_1(match.replay.unpack())))
    match = Match.objects.get(id=match.id)
    assert "format" not in match.replay.unpack()
    assert "events" in match.replay.unpack()["final_state"]
    assert resimulate(match) == {
        "match": match.id,
        "ok": True,
        "problems": [],
        "actions": len(match.replay.unpack()["actions"]),
    }
    call_command("replay_match", str(match.id), stdout=io.StringIO())  # raises if it differs
    page = client.get(reverse("front:match_detail", args=[match.id]))
    assert page.status_code == 200 and page.context["viewer"]["steps"] > 0


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_final_state_whose_log_differs_does_not_verify(house_bots, game) -> None:
    """The log kept beside the final state is checked against the replay as before, in both
    formats."""
    match = finished_match(game)
    document = match.replay.unpack()
    document["events"] = document["events"][:-1]
    for stored in (document, as_format_1(document)):
        Replay.objects.filter(match=match).update(data=Replay.pack(stored))
        report = resimulate(Match.objects.get(id=match.id))
        assert report["problems"] == ["final state differs"]
