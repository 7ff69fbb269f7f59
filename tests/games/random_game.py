"""A random game of any registered engine: random legal decisions, the runner's chance streams."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.common.api import State
from games.common.chance import ChanceStreams
from games.registry import GAMES


def play_random(
    game_name: str,
    num_players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    stop_after: int | None = None,
    stop_when: Callable[[State], bool] | None = None,
) -> tuple[State, list[dict[str, Any]]]:
    """The state after a random game (or its first ``stop_after`` steps, or up to the first
    position where ``stop_when`` holds) and the applied actions."""
    state = GAMES[game_name].new_game(num_players=num_players, seed=seed, options=options or {})
    streams, decisions = ChanceStreams(seed), random.Random(seed)
    actions: list[dict[str, Any]] = []
    while not state.is_terminal() and (stop_after is None or len(actions) < stop_after):
        if stop_when is not None and stop_when(state):
            break
        if state.current_player() < 0:
            action = streams.sample(state)
        else:
            action = decisions.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return state, actions
