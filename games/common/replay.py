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


# A stored replay ("replay document") holds the game's event log once, beside the final state.
# Format 1 (no "format" key) also kept the log inside "final_state", as ``to_dict`` writes it:
# 26–31% of a document's bytes were that second copy. Both formats load.
REPLAY_FORMAT = 2
LOG_KEY = "events"
"""Where ``to_dict`` keeps a state's event log (``State.events``), in both engines."""


def final_state_sharing_log(state: State, events: list[dict[str, Any]]) -> dict[str, Any]:
    """``state.to_dict()`` with ``events`` (the state's log, already copied) as its log.

    Equal to ``to_dict()``, but the log is not serialised again: that copy is most of what
    ``to_dict`` of a finished game costs (10–47 ms), and the log is kept on its own anyway.
    """
    kept, state.events = state.events, []
    try:
        data = state.to_dict()
    finally:
        state.events = kept
    if LOG_KEY in data:
        data[LOG_KEY] = events
    return data


def final_state_to_store(final_state: dict[str, Any]) -> dict[str, Any]:
    """A final state as a format-2 document stores it: without the log (kept once, beside)."""
    return {key: value for key, value in final_state.items() if key != LOG_KEY}


def stored_final_state(document: dict[str, Any]) -> dict[str, Any]:
    """The final state of a stored replay as ``to_dict()`` gives it, in either format."""
    if document.get("format", 1) == 1:
        return document["final_state"]
    return {**document["final_state"], LOG_KEY: document["events"]}
