"""The replay viewer answers for real finished matches of each game, and refuses bad steps."""

from __future__ import annotations

import gzip
import json

import pytest
from django.urls import reverse

from arena.front import viewer
from games.common.narration import is_hidden_copy
from games.common.replay import replay, stored_final_state
from games.registry import GAMES
from tests.games.svg import by_class, parse
from tests.tournament.replays import finished_match
from tournament.models import Match, Replay

pytestmark = pytest.mark.django_db

GAME_NAMES = ("catan", "cardgame")


@pytest.fixture(params=GAME_NAMES)
def match(request, house_bots) -> Match:
    return finished_match(request.param)


def frames_url(match: Match) -> str:
    return reverse("front:replay_frames", args=[match.id])


def test_the_match_page_shows_the_final_position_by_default(client, match) -> None:
    payload = match.replay.unpack()
    response = client.get(reverse("front:match_detail", args=[match.id]))
    assert response.status_code == 200
    frame = response.context["viewer"]["frame"]
    assert frame["step"] == len(payload["actions"]) == response.context["viewer"]["steps"]
    final = GAMES[match.game].from_dict(stored_final_state(payload))
    names = viewer.seat_names(match)
    picture = viewer.Timeline.from_payload(payload, names).picture
    assert frame["svg"] == picture.draw(picture.full_view(final), names)
    assert frame["svg"] in response.content.decode()
    assert "Game over" in frame["events"][-1]["text"] and frame["events"][-1]["new"]


def test_a_step_and_a_turn_can_be_asked_for(client, match) -> None:
    url = reverse("front:match_detail", args=[match.id])
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
    response = client.get(reverse("front:match_detail", args=[match.id]), query)
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
    names = viewer.seat_names(match)
    timeline = viewer.Timeline.from_payload(payload, names)
    picture, narrate = timeline.picture, timeline.narrate

    def replayed(steps: int):
        actions = payload["actions"][:steps]
        return replay(game, payload["num_players"], payload["seed"], payload["options"], actions)

    for frame in data["frames"]:
        state, before = replayed(frame["step"]), replayed(frame["step"] - 1)
        assert frame["svg"] == picture.draw(picture.full_view(state), names)
        assert frame["turn"] == picture.turn(state)
        assert len(by_class(parse(frame["svg"]), "seat")) == payload["num_players"]
        fresh = [e for e in state.events[len(before.events) :] if not is_hidden_copy(e)]
        new = [e["text"] for e in frame["events"] if e["new"]]
        told = [line for line in narrate.tell(fresh, names, state) if line]
        assert new == told[-viewer.RECENT_EVENTS :]


def test_the_last_window_stops_at_the_end(client, match) -> None:
    steps = len(match.replay.unpack()["actions"])
    window = {"start": steps - 2, "count": viewer.MAX_WINDOW}
    data = client.get(frames_url(match), window).json()
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
    response = client.get(reverse("front:match_detail", args=[match.id]))
    assert response.status_code == 200 and response.context["viewer"] is None
    assert b"No replay was stored" in response.content
    assert client.get(reverse("front:replay_frames", args=[10**6])).status_code == 404


def test_a_replay_the_engine_cannot_replay_is_reported_not_a_500(client, house_bots) -> None:
    match = finished_match("catan", seed=12)
    payload = match.replay.unpack()
    payload["actions"][5] = {"type": "not_an_action"}
    Replay.objects.filter(match=match).update(data=Replay.pack(payload))
    response = client.get(reverse("front:match_detail", args=[match.id]))
    assert response.status_code == 200 and response.context["viewer"] is None
    assert b"cannot be shown by the current engine" in response.content
    assert client.get(frames_url(match)).status_code == 404


def test_a_running_match_shows_no_position(client, house_bots) -> None:
    match = finished_match("cardgame")
    match.replay.delete()
    Match.objects.filter(id=match.id).update(status=Match.RUNNING)
    response = client.get(reverse("front:match_detail", args=[match.id]))
    assert b"appears here when the match has finished" in response.content
    assert b"<svg" not in response.content


def test_frames_are_compressed_for_browsers_that_accept_it(client, match) -> None:
    window = {"start": 0, "count": viewer.MAX_WINDOW}
    response = client.get(frames_url(match), window, HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    last = viewer.MAX_WINDOW - 1
    assert json.loads(gzip.decompress(response.content))["frames"][last]["step"] == last


def lines_of(match: Match) -> list[str]:
    return viewer.Timeline.from_payload(match.replay.unpack(), viewer.seat_names(match)).lines


def test_a_finished_replay_tells_each_secret_once_and_in_full(house_bots) -> None:
    """The engine logs a bought card for its buyer and a "hidden" copy for the others; after
    the game the card is named, once."""
    match = finished_match("catan", seed=12)
    events = match.replay.unpack()["events"]
    bought = [e for e in events if e["type"] == "buy_development" and e["card"] != "hidden"]
    stolen = [e for e in events if e["type"] == "steal" and e["resource"] != "hidden"]
    assert bought and stolen
    lines = lines_of(match)
    assert not [line for line in lines if "hidden" in line]
    buys = [line for line in lines if "buys a development card" in line]
    names = viewer.seat_names(match)
    assert buys == [
        f"{names[e['seat']]} buys a development card ({e['card'].replace('_', ' ')})."
        for e in bought
    ]
    assert len([line for line in lines if " steals " in line]) == len(stolen)


def test_the_card_game_deal_is_one_step_told_in_one_line(client, house_bots) -> None:
    match = finished_match("cardgame")
    payload = match.replay.unpack()
    names = viewer.seat_names(match)
    timeline = viewer.Timeline.from_payload(payload, names)
    opening = timeline.opening
    assert opening > 40  # the deal: one chance step per card
    state = GAMES["cardgame"].new_game(
        num_players=2, seed=payload["seed"], options=payload["options"]
    )
    for action in payload["actions"][:opening]:
        assert state.current_player() < 0 and action["type"] == "deal"
        state.apply(action)
    assert state.current_player() >= 0  # the first decision of a seat

    url = reverse("front:match_detail", args=[match.id])
    first = client.get(url, {"step": 0})
    assert first.context["viewer"]["next"] == opening
    assert first.context["viewer"]["frame"]["events"] == []
    page = first.content.decode()
    assert "Nothing has happened yet." in page
    assert f'href="?step={opening}#viewer" data-goto="start"' in page

    at_opening = client.get(url, {"step": opening}).context["viewer"]
    assert at_opening["previous"] == 0 and at_opening["next"] == opening + 1
    new = [e["text"] for e in at_opening["frame"]["events"] if e["new"]]
    assert new[0] == (
        f"The cards are dealt into the stacks, one card a step (steps 1 to {opening})."
    )
    assert all(e["new"] for e in at_opening["frame"]["events"])  # the whole set-up is new
    after = client.get(url, {"step": opening + 1}).context["viewer"]
    assert after["previous"] == opening

    # ?step=N is still the engine's step N inside the set-up.
    middle = client.get(url, {"step": 5}).context["viewer"]["frame"]
    dealt = replay(
        GAMES["cardgame"], 2, payload["seed"], payload["options"], payload["actions"][:5]
    )
    assert middle["step"] == 5
    assert middle["svg"] == timeline.picture.draw(timeline.picture.full_view(dealt), names)
    assert middle["events"] == [{"text": new[0], "new": True}]


def test_the_board_game_set_up_is_the_first_player_rolls(client, house_bots) -> None:
    match = finished_match("catan")
    timeline = viewer.Timeline.from_payload(match.replay.unpack(), viewer.seat_names(match))
    assert timeline.opening == 3  # three seats roll for the first turn, then the founding
    frame = timeline.frames(timeline.opening, 1)[0]
    new = [e["text"] for e in frame["events"] if e["new"]]
    assert len(new) == 3 and all(line.endswith("for the first turn.") for line in new)
    assert frame["events"][0] == {"text": "The island is laid out.", "new": False}
    assert timeline.next_step(0) == 3 and timeline.previous_step(3) == 0
    assert timeline.next_step(3) == 4 and timeline.previous_step(4) == 3
    assert timeline.next_step(timeline.steps) == timeline.steps


@pytest.mark.parametrize("game_name", ["catan", "cardgame"])
def test_a_replay_from_one_seat_shows_its_hand_and_hides_the_others(client, house_bots, game_name):
    """?seat=N: seat N's own cards, every other hand hidden; of the others' secrets only the
    copies N was shown (a steal it neither made nor suffered reads "steals a card from")."""
    options = {"masters": True} if game_name == "catan" else None
    match = finished_match(game_name, seed=5, options=options)
    payload = match.replay.unpack()
    names = viewer.seat_names(match)
    opened = viewer.Timeline.from_payload(payload, names)
    seat = viewer.Timeline.from_payload(payload, names, seat=0)
    assert seat.steps == opened.steps

    # The pictures: seat 0's hand is drawn, the others say hidden; opened, none is.
    def hand_texts(timeline: viewer.Timeline) -> list[str]:
        svg = parse(timeline.frames(timeline.steps, 1)[0]["svg"])
        return ["".join(hand.itertext()) for hand in by_class(svg, "hand")]

    from_seat = hand_texts(seat)
    assert sum("hidden" in text for text in from_seat) == len(names) - 1
    assert not any("hidden" in text for text in hand_texts(opened))
    # The words (the board game's steals): the others' as seat 0 was told them, never what.
    if game_name == "catan":
        others_steals = [
            e
            for e in payload["events"]
            if e["type"] == "steal" and not is_hidden_copy(e) and 0 not in (e["seat"], e["victim"])
        ]
        assert others_steals, "this game has steals seat 0 took no part in"
        told = " ".join(seat.lines)
        assert "steals a card from" in told and "steals a card from" not in " ".join(opened.lines)
        for steal in others_steals:
            taken = f"steals {steal['resource']} from {names[steal['victim']]}"
            assert f"{names[steal['seat']]} {taken}" not in told
    # The page keeps the point of view in its links; a seat not in the match is a 404.
    page = client.get(f"/matches/{match.id}/?seat=0").content.decode()
    assert f'data-frames-url="/matches/{match.id}/replay/frames?seat=0"' in page
    assert "&amp;seat=0#viewer" in page and f"<strong>{names[0]}</strong>" in page
    frames = client.get(f"/matches/{match.id}/replay/frames?seat=0&start=0&count=2").json()
    assert [frame["step"] for frame in frames["frames"]] == [0, 1]
    assert client.get(f"/matches/{match.id}/?seat=9").status_code == 404
    assert client.get(f"/matches/{match.id}/?seat=x").status_code == 400


def test_a_window_of_frames_stays_small(client, house_bots) -> None:
    """A window of 40 frames was 1.9 MB of JSON to fetch before a jump could show anything."""
    match = finished_match("catan", seed=12)
    steps = len(match.replay.unpack()["actions"])
    window = {"start": steps // 2, "count": viewer.MAX_WINDOW}
    body = client.get(frames_url(match), window).content
    assert viewer.MAX_WINDOW <= 12 and len(body) < 700_000
    too_many = {"start": 0, "count": viewer.MAX_WINDOW + 1}
    assert client.get(frames_url(match), too_many).status_code == 400
