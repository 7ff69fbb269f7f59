"""Live games: the worker publishes a running match's public picture; pages show it."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.db import DatabaseError
from django.test import Client

from games.common.api import State
from tests.games.random_game import play_random
from tests.tournament.test_results import outcome_for
from tournament import execution
from tournament.live import LivePublisher
from tournament.models import LiveView, Match
from tournament.results import record_result
from tournament.scheduler import schedule_ladder

pytestmark = pytest.mark.django_db


def played(game: str, num_players: int, steps: int) -> State:
    return play_random(game, num_players, seed=7, stop_after=steps)[0]


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def running(house_bots) -> Match:
    (match_id,) = schedule_ladder("catan", 1)
    claimed, _ = execution.claim(match_id, "w1")
    return claimed


def test_the_picture_is_written_at_most_once_per_interval(running) -> None:
    clock = FakeClock()
    publish = LivePublisher(running.id, "catan", interval_s=1.0, clock=clock)
    state = played("catan", 3, 120)
    publish(120, {}, state)
    publish(121, {}, state)
    clock.now += 0.999
    publish(122, {}, state)
    assert publish.published == 1
    assert LiveView.objects.get(match=running).step == 120
    clock.now += 0.002
    publish(123, {}, state)
    assert publish.published == 2
    assert LiveView.objects.get(match=running).step == 123


@pytest.mark.parametrize(("game", "players"), [("catan", 3), ("cardgame", 2)])
def test_the_live_picture_is_the_public_view_without_any_hand(running, game, players) -> None:
    """The picture modules' own tests show a public view ignores hidden cards; here the worker
    must publish that view and nothing of a seat's own observation."""
    state = played(game, players, 300)
    LivePublisher(running.id, game, interval_s=1.0)(300, {}, state)
    view = LiveView.objects.get(match=running).view
    assert view["hands"] is None
    assert not {"you", "hand", "pending", "seat"} & set(view)
    assert view == import_module(f"games.{game}.picture").public_view(state)


def test_a_database_error_costs_a_frame_not_the_match(running, monkeypatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise DatabaseError("database is locked")

    monkeypatch.setattr(LiveView.objects, "update_or_create", refuse)
    publish = LivePublisher(running.id, "catan", interval_s=1.0)
    publish(1, {}, played("catan", 3, 50))
    assert publish.published == 0


def test_the_match_page_shows_the_live_picture_while_the_match_runs(running) -> None:
    page = Client().get(f"/matches/{running.id}/").content.decode()
    assert 'data-live="2"' in page and "Starting" in page and "<svg" not in page

    LivePublisher(running.id, "catan", interval_s=1.0)(120, {}, played("catan", 3, 120))
    page = Client().get(f"/matches/{running.id}/").content.decode()
    assert "Live" in page and "step 120" in page and "<svg" in page
    assert 'data-live="2"' in page

    record_result(running.id, running.claim_token, outcome_for(running, [1, 2, 3]))
    assert not LiveView.objects.filter(match=running).exists()
    page = Client().get(f"/matches/{running.id}/").content.decode()
    assert "data-ended" in page and 'data-live="2"' not in page


def test_a_queued_match_waits_for_a_worker(house_bots) -> None:
    (match_id,) = schedule_ladder("catan", 1)
    page = Client().get(f"/matches/{match_id}/").content.decode()
    assert "Waiting for a worker" in page


def test_the_home_page_lists_running_matches(running) -> None:
    page = Client().get("/").content.decode()
    assert f'href="/matches/{running.id}/"' in page and "Live now" in page


def test_a_bought_card_leaves_the_live_page_as_it_was(running) -> None:
    """The live page is the same whichever development card was bought (the replay, after the
    game, names it): nothing of the card reaches a spectator while the match runs."""
    _, actions = play_random("catan", 3, seed=7, stop_after=2000)
    buy = next(i for i, action in enumerate(actions) if action["type"] == "buy_development")
    picture = import_module("games.catan.picture")
    pages, views, full_views = [], [], []
    for card in ("victory_point", "knight"):
        state = played("catan", 3, buy + 1)
        state.apply({"type": "draw_development", "card": card})
        LiveView.objects.filter(match=running).delete()
        LivePublisher(running.id, "catan", interval_s=1.0)(buy + 2, {}, state)
        views.append(LiveView.objects.get(match=running).view)
        page = Client().get(f"/matches/{running.id}/").content.decode()
        pages.append(page[page.index('<section id="live-game"') : page.index("</section>")])
        full_views.append(picture.draw(picture.full_view(state)))
    assert full_views[0] != full_views[1]  # the card is in the position…
    assert views[0] == views[1] and pages[0] == pages[1]  # …and nowhere in the live view
    assert "<svg" in pages[0]


def test_spectators_read_the_latest_events_in_words_but_never_a_secret(running, client) -> None:
    """A steal's copy for the table is told ("steals a card from"); what was stolen never
    reaches the live lines, whatever the step they are published at."""
    final, actions = play_random("catan", 3, seed=7, options={"masters": True})
    steals = [e for e in final.events if e["type"] == "steal" and e["visible_to"] != "all"]
    stolen = {e["resource"] for e in steals} - {"hidden"}
    assert stolen, "the random game has a steal to hide"
    publish = LivePublisher(running.id, "catan", names=["Ann v1", "Bob v1", "Cy v1"])
    state = import_module("games.catan").GAME.new_game(3, seed=7, options={"masters": True})
    seen: set[str] = set()
    for step, action in enumerate(actions, start=1):
        state.apply(action)
        publish.next_at = float("-inf")  # publish at every step
        publish(step, action, state)
        seen.update(publish.lines)
    told = " ".join(seen)
    assert "steals a card from" in told and "steals hidden" not in told
    assert not any(f"steals {resource} from" in told for resource in stolen)
    assert LiveView.objects.get(match=running).lines == list(publish.lines)
    page = client.get(f"/matches/{running.id}/").content.decode()
    assert "Just now" in page and publish.lines[-1] in page
