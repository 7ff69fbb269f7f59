"""The replay viewer answers for real finished matches of each game, and refuses bad steps."""

from __future__ import annotations

import gzip
import json

import pytest
from django.urls import reverse

from games.common.replay import replay
from games.registry import GAMES
from tests.games.svg import by_class, parse
from tests.tournament.replays import finished_match
from tournament import viewer
from tournament.models import Match, Replay

pytestmark = pytest.mark.django_db

GAME_NAMES = ("catan", "cardgame")


@pytest.fixture(params=GAME_NAMES)
def match(request, house_bots) -> Match:
    return finished_match(request.param)


def frames_url(match: Match) -> str:
    return reverse("tournament:replay_frames", args=[match.id])


def test_the_match_page_shows_the_final_position_by_default(client, match) -> None:
    payload = match.replay.unpack()
    response = client.get(reverse("tournament:match_detail", args=[match.id]))
    assert response.status_code == 200
    frame = response.context["viewer"]["frame"]
    assert frame["step"] == len(payload["actions"]) == response.context["viewer"]["steps"]
    final = GAMES[match.game].from_dict(payload["final_state"])
    picture = viewer.Timeline.from_payload(payload).picture
    names = viewer.seat_names(match)
    assert frame["svg"] == picture.draw(picture.full_view(final), names)
    assert frame["svg"] in response.content.decode()
    assert "Game over" in frame["events"][-1]["text"] and frame["events"][-1]["new"]


def test_a_step_and_a_turn_can_be_asked_for(client, match) -> None:
    url = reverse("tournament:match_detail", args=[match.id])
    response = client.get(url, {"step": 0})
    assert response.status_code == 200 and response.context["viewer"]["frame"]["step"] == 0
    response = client.get(url, {"turn": 5})
    frame = response.context["viewer"]["frame"]
    assert response.status_code == 200 and frame["turn"] >= 5
    before = client.get(url, {"step": frame["step"] - 1}).context["viewer"]["frame"]
    assert before["turn"] < 5


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ({"step": "abc"}, 400),
        ({"step": "1.5"}, 400),
        ({"step": -1}, 404),
        ({"step": 10**7}, 404),
        ({"turn": "x"}, 400),
        ({"turn": 10**7}, 404),
        ({"turn": -3}, 404),
    ],
)
def test_bad_steps_on_the_match_page_are_refused(client, match, query, status) -> None:
    response = client.get(reverse("tournament:match_detail", args=[match.id]), query)
    assert response.status_code == status


def test_a_window_of_frames_is_the_position_replayed_from_scratch(client, match) -> None:
    payload = match.replay.unpack()
    game = GAMES[match.game]
    # Across a checkpoint boundary, so both the checkpoint and the steps after it are used.
    start = viewer.CHECKPOINT_EVERY - 3
    response = client.get(frames_url(match), {"start": start, "count": 6})
    assert response.status_code == 200
    data = response.json()
    assert data["steps"] == len(payload["actions"])
    assert [f["step"] for f in data["frames"]] == list(range(start, start + 6))
    picture = viewer.Timeline.from_payload(payload).picture
    names = viewer.seat_names(match)
    narrate = viewer.Timeline.from_payload(payload).narrate

    def replayed(steps: int):
        actions = payload["actions"][:steps]
        return replay(game, payload["num_players"], payload["seed"], payload["options"], actions)

    for frame in data["frames"]:
        state, before = replayed(frame["step"]), replayed(frame["step"] - 1)
        assert frame["svg"] == picture.draw(picture.full_view(state), names)
        assert frame["turn"] == picture.turn(state)
        assert len(by_class(parse(frame["svg"]), "seat")) == payload["num_players"]
        fresh = state.events[len(before.events) :]
        new = [e["text"] for e in frame["events"] if e["new"]]
        assert new == [narrate.describe(e, names) for e in fresh][-viewer.RECENT_EVENTS :]


def test_the_last_window_stops_at_the_end(client, match) -> None:
    steps = len(match.replay.unpack()["actions"])
    data = client.get(frames_url(match), {"start": steps - 2, "count": 40}).json()
    assert [f["step"] for f in data["frames"]] == [steps - 2, steps - 1, steps]


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ({"start": "x"}, 400),
        ({"start": 0, "count": 0}, 400),
        ({"start": 0, "count": viewer.MAX_WINDOW + 1}, 400),
        ({"start": 0, "count": "many"}, 400),
        ({"start": -1}, 404),
        ({"start": 10**7}, 404),
    ],
)
def test_bad_frame_requests_are_refused(client, match, query, status) -> None:
    assert client.get(frames_url(match), query).status_code == status


def test_a_match_without_a_replay_has_no_viewer(client, house_bots) -> None:
    match = finished_match("catan")
    match.replay.delete()
    assert client.get(frames_url(match)).status_code == 404
    response = client.get(reverse("tournament:match_detail", args=[match.id]))
    assert response.status_code == 200 and response.context["viewer"] is None
    assert b"No replay was stored" in response.content
    assert client.get(reverse("tournament:replay_frames", args=[10**6])).status_code == 404


def test_a_replay_the_engine_cannot_replay_is_reported_not_a_500(client, house_bots) -> None:
    match = finished_match("catan", seed=12)
    payload = match.replay.unpack()
    payload["actions"][5] = {"type": "not_an_action"}
    Replay.objects.filter(match=match).update(data=Replay.pack(payload))
    response = client.get(reverse("tournament:match_detail", args=[match.id]))
    assert response.status_code == 200 and response.context["viewer"] is None
    assert b"cannot be shown by the current engine" in response.content
    assert client.get(frames_url(match)).status_code == 404


def test_a_running_match_shows_no_position(client, house_bots) -> None:
    match = finished_match("cardgame")
    match.replay.delete()
    Match.objects.filter(id=match.id).update(status=Match.RUNNING)
    response = client.get(reverse("tournament:match_detail", args=[match.id]))
    assert b"appears here when the match has finished" in response.content
    assert b"<svg" not in response.content


def test_frames_are_compressed_for_browsers_that_accept_it(client, match) -> None:
    response = client.get(frames_url(match), {"start": 0, "count": 20}, HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(response.content))["frames"][19]["step"] == 19
