"""The picture and the words of Cities & Knights (views only, never a hidden card)."""

from __future__ import annotations

from games.catan import narrate
from games.catan.picture import draw, public_view

from .checks import playout
from .helpers import blank, in_main, put, put_knight


def test_the_picture_shows_knights_walls_metropolises_track_and_levels() -> None:
    state = blank()
    put(state, 0, cities=[0, 16])
    put_knight(state, 2, 40, strength=3, active=1)
    state.ck_walls[0] = 1
    state.ck_metropolis[1] = 16
    state.ck_barbarian = 4
    state.ck_levels[0] = [1, 4, 2]
    state.ck_progress[0] = ["Spy", "Bishop"]
    in_main(state)
    view = public_view(state)
    svg = draw(view)
    assert 'class="city-wall" data-vertex="0"' in svg
    assert 'class="metropolis" data-vertex="16" data-track="politics"' in svg
    assert 'class="ck-knight" data-vertex="40" data-seat="2" data-strength="3"' in svg
    assert 'class="barbarian-track" data-position="4"' in svg
    # the 'trade' gate with red 2 drew seat 0 a third card (trade level 1)
    assert "trade 1, politics 4, science 2" in svg and "3 progress cards" in svg
    assert "Spy" not in svg  # the cards' names stay hidden


def test_every_event_of_a_game_is_told_in_words() -> None:
    state, _ = playout(4, 5)
    names = ["A", "B", "C", "D"]
    told = {e["type"] for e in state.events}
    for event in state.events:
        line = narrate.describe(event, names, None)
        if event["type"] == "reveal_victory_points" and not event["cards"]:
            continue  # the core says nothing of a winner without VP cards
        assert line and "{" not in line, event
    assert {"event_die", "barbarian_attack", "improve_city", "build_knight"} <= told
