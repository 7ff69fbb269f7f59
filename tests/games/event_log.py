"""Checks of a game's event log shared by the engines' tests."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from games.registry import GAMES
from tests.games.random_game import play_random

NAMES = ["Ann", "Ben", "Cy", "Di"]


def check_event_log(
    game_name: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    narrate: ModuleType,
    nameless: frozenset[str],
) -> None:
    """Replay a random game step by step and check each new event where it was logged: its type
    and audience, and that its line is whole and names a player (unless its type is one of
    ``nameless``, events about nobody in particular)."""
    _, actions = play_random(game_name, players, seed, options)
    state = GAMES[game_name].new_game(num_players=players, seed=seed, options=options)
    seen = 0
    types: set[str] = set()
    for action in [None, *actions]:
        if action is not None:
            state.apply(action)
        fresh = state.events[seen:]
        seen = len(state.events)
        for event, line in zip(fresh, narrate.tell(fresh, NAMES, state), strict=True):
            assert isinstance(event["type"], str) and event["type"] in narrate.SENTENCES, event
            audience = event["visible_to"]
            assert audience == "all" or (
                isinstance(audience, list) and set(audience) <= set(range(players))
            ), event
            if "seat" in event and event["seat"] is not None:
                assert event["seat"] in range(-1, players), event
            if line is None:
                continue
            fallback = event["type"].replace("_", " ") + ":"
            assert not line.startswith(fallback) and "{" not in line, (event, line)
            if event["type"] not in nameless:
                assert any(name in line for name in NAMES[:players]), (event, line)
            types.add(event["type"])
    assert len(types) >= 10
