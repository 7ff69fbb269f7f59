"""Catan for Two in pictures and words: neutral pieces and supplies, tokens, sentences."""

from __future__ import annotations

import random

from games.catan import GAME
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


def test_every_step_is_told_at_its_position_from_the_first_chance_step_on() -> None:
    """The live view tells each step's events at the state it left, even while the variable
    board is still being laid (the neutrals' start events come before any terrain)."""
    state = GAME.new_game(2, 9, {"catan_for_two": True, "layout": "variable"})
    rng, told, lines = random.Random(1), 0, []
    for _ in range(400):
        if state.current_player() < 0:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        lines += tell(state.events[told:], ["Ann", "Bob"], state)
        told = len(state.events)
    assert any(line and "neutral" in line for line in lines)
