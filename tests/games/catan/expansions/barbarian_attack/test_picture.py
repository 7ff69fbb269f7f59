"""The picture and the words of Barbarian Attack (views only, never a hidden card)."""

from __future__ import annotations

from games.catan import narrate
from games.catan.expansions.barbarian_attack import barbarians as B
from games.catan.picture import draw, public_view

from .helpers import RING, events, hex_paths, in_main, put_knight, set_barbarians


def test_the_picture_shows_castle_barbarians_conquest_and_knights() -> None:
    state = in_main()
    put_knight(state, 2, hex_paths(state, RING[0])[0])
    set_barbarians(state, {RING[0]: 3, RING[4]: 1})
    svg = draw(public_view(state))
    assert 'class="castle"' in svg
    assert svg.count('class="barbarian"') == 4
    assert f'class="conquered" data-hex="{RING[0]}"' in svg
    assert 'data-seat="2"' in svg and 'class="knight"' in svg
    assert "prisoners" in svg  # the seat panels' line


def test_the_events_are_told_in_words() -> None:
    state = in_main()
    set_barbarians(state, {RING[0]: 2})
    B.put_barbarian(state, RING[0])
    names = ["A", "B", "C", "D"]
    line = narrate.describe(events(state, "hex_conquered")[-1], names, state)
    assert line.startswith("The barbarians conquer") and "face down" in line
    line = narrate.describe(
        {"type": "prisoners", "seat": 1, "count": 2, "total": 3, "visible_to": "all"}, names, state
    )
    assert line == "B takes 2 prisoner(s) (3 in all)."
