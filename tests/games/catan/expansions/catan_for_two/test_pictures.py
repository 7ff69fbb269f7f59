"""Catan for Two in pictures and words: neutral pieces and supplies, tokens, sentences."""

from __future__ import annotations

from games.catan.narrate import describe, tell
from games.catan.picture import draw, full_view, public_view
from tests.games.catan.expansions.catan_for_two.positions import NORTH, cleared
from tests.games.catan.randomplay import random_game

NAMES = ["Ann", "Bo"]


def test_the_picture_marks_neutral_pieces_and_shows_tokens() -> None:
    state = cleared()
    state.c2_tokens = [7, 3]
    svg = draw(public_view(state), NAMES)
    assert f'class="neutral-mark" data-vertex="{NORTH}"' in svg
    assert 'class="neutral" data-owner="2"' in svg and 'class="neutral" data-owner="3"' in svg
    assert "trade tokens: 7 (supply 10)" in svg and "trade tokens: 3 (supply 10)" in svg


def test_every_event_of_a_game_is_told_in_words() -> None:
    """No scenario event falls back to its bare type and fields; a neutral is named."""
    state, _, _ = random_game(2, 5, {"catan_for_two": True}, check=False)
    kinds = set()
    for event in state.events:
        sentence = describe(event, NAMES)
        kinds.add(event["type"])
        fallback = event["type"].replace("_", " ") + ":"
        assert sentence is None or not sentence.startswith(fallback), sentence
    assert {"neutral_start", "neutral_road", "trade_tokens", "dice"} <= kinds
    lines = tell(state.events[:2], NAMES, state)
    assert lines[0].startswith("the orange neutral starts with a settlement at")
    assert describe({"type": "longest_road", "seat": 3, "previous": -1}, NAMES) == (
        "neutral colour 3 takes the Longest Road."
    )
    assert full_view(state)["catan_for_two"]["trade_tokens"] == state.c2_tokens
