"""Every event the engines emit in random games reads as a sentence with the seats' names."""

from __future__ import annotations

import pytest

from games.cardgame import narrate as card_narrate
from games.catan import narrate as catan_narrate
from tests.games.random_game import play_random

GAMES = {
    "catan": (catan_narrate, 4, ({}, {"masters": True})),
    "cardgame": (card_narrate, 2, ({},)),
}


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_event_type_has_a_sentence(game_name: str) -> None:
    narrate, players, option_sets = GAMES[game_name]
    names = [f"Bot{seat}" for seat in range(players)]
    seen: dict[str, str] = {}
    for seed in range(3):
        for options in option_sets:
            state, _ = play_random(game_name, players, seed, options)
            for event in state.events:
                sentence = narrate.describe(event, names)
                fallback = event["type"].replace("_", " ") + ":"
                assert not sentence.startswith(fallback), (event, sentence)
                seen.setdefault(event["type"], sentence)
    assert set(seen) <= set(narrate.SENTENCES), set(seen) - set(narrate.SENTENCES)
    assert len(seen) >= 15
    for sentence in seen.values():
        assert "{" not in sentence and "visible_to" not in sentence


def test_seats_are_named_and_unknown_events_are_still_shown() -> None:
    names = ["Ann", "Ben", "Cy"]
    assert (
        catan_narrate.describe(
            {"type": "steal", "seat": 2, "victim": 0, "resource": "ore", "visible_to": [2, 0]},
            names,
        )
        == "Cy steals ore from Ann."
    )
    assert catan_narrate.describe({"type": "dice", "seat": 1, "dice": [3, 4]}, names) == (
        "Ben rolls 3+4=7."
    )
    assert card_narrate.describe({"type": "event_card", "card": "ev_plague#2"}, names) == (
        "Event: plague."
    )
    assert catan_narrate.describe({"type": "new_thing", "seat": 0, "size": 3}, names) == (
        "new thing: seat Ann, size 3"
    )
