"""A random game of any registered engine: random legal decisions, the runner's chance streams."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from games.common.api import CHANCE, TERMINAL, State
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


def play_streamed(
    state: State,
    num_players: int,
    seed: int,
    max_steps: int | None = None,
    before_step: Callable[[int], None] | None = None,
    after_step: Callable[[int], None] | None = None,
    must_end: bool = True,
    stop_when: Callable[[], bool] | None = None,
) -> list[dict[str, Any]]:
    """Play ``state`` to its end the way the conformance suites do: chance from the runner's
    ``ChanceStreams(seed)``, decisions ``legal[int(r * len(legal))]`` with ``r`` from
    ``random.Random(seed)``; returns the applied actions. Checked at every step (contracts §1):
    the end is seen alike by ``current_player`` and ``is_terminal``; a chance node lists outcomes
    whose weights sum to 1 and names its kind; the seat to decide is a player with a legal action.
    ``before_step(step)`` runs before step ``step`` (0, 1, ...), ``after_step(step)`` once its
    action is applied. After ``max_steps`` steps (None: no limit) it fails if ``must_end``, else
    returns the actions of the game so far; so it does at the first position (before a step)
    where ``stop_when()`` holds."""
    streams, choice = ChanceStreams(seed), random.Random(seed)
    applied: list[dict[str, Any]] = []
    step = 0
    while max_steps is None or step < max_steps:
        seat = state.current_player()
        if seat == TERMINAL or state.is_terminal():
            assert seat == TERMINAL and state.is_terminal(), "current_player and is_terminal agree"
            return applied
        if stop_when is not None and stop_when():
            return applied
        if before_step is not None:
            before_step(step)
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes, "a chance node lists its outcomes"
            assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-9)
            assert isinstance(state.chance_kind(), str)
            action = streams.sample(state)
        else:
            assert 0 <= seat < num_players
            legal = state.legal_actions()
            phase = getattr(state, "phase", "?")
            assert legal, f"seat {seat} must decide but has no legal action (phase {phase})"
            action = legal[int(choice.random() * len(legal))]
        state.apply(action)
        applied.append(action)
        if after_step is not None:
            after_step(step)
        step += 1
    assert not must_end, f"the game did not end within {max_steps} steps"
    return applied
