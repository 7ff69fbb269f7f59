"""Re-simulating a game from its seed and its list of applied actions and outcomes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.common.api import Game, State


def replay(
    game: Game,
    num_players: int,
    seed: int,
    options: dict[str, Any],
    actions: Iterable[dict[str, Any]],
) -> State:
    """Rebuild the state reached by applying ``actions`` (decisions and chance outcomes alike).

    A game is its seed plus this list: the result is identical (``to_dict()`` equal) in any
    process, on any machine.

    Raises:
        IllegalAction: an action in the list is not legal where it is applied.
    """
    state = game.new_game(num_players=num_players, seed=seed, options=options)
    for action in actions:
        state.apply(action)
    return state
