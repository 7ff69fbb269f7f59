"""A scenario page's worked decision (``docs/scenarios/<name>.md``) replayed against the engine:
the page's first quoted message is what the engine sends at that step of a seeded random game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games.catan import GAME
from games.common.chance import ChanceStreams

DOCS = Path(__file__).parents[4] / "docs" / "scenarios"


def page_message(scenario: str) -> dict[str, Any]:
    """The first message quoted (``> {...}``) on the scenario's page."""
    lines = [line for line in (DOCS / f"{scenario}.md").read_text().splitlines()]
    return json.loads(next(line for line in lines if line.startswith(">"))[2:])


def replay_to(message: dict[str, Any], players: int, seed: int, options: dict[str, Any]) -> Any:
    """The state at ``message["step"]`` of the seeded random game the page names, checked to be
    the page's: the same seat to act, observation and legal actions."""
    state = GAME.new_game(players, seed, dict(options))
    streams, rng = ChanceStreams(seed), random.Random(seed)
    for _ in range(message["step"]):
        if state.current_player() >= 0:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        else:
            state.apply(streams.sample(state))
    seat = message["observation"]["seat"]
    assert state.current_player() == seat
    assert json.loads(json.dumps(state.observation(seat))) == message["observation"]
    assert state.legal_actions() == message["legal_actions"]
    return state


def play_random(players: int, seed: int, options: dict[str, Any], applied: int) -> tuple[Any, int]:
    """The seeded random game of a worked example after ``applied`` actions (decisions picked by
    ``random.Random(seed)``, chance outcomes by ``ChanceStreams(seed)``), and how many of them
    were decisions."""
    state = GAME.new_game(players, seed, dict(options))
    streams, rng = ChanceStreams(seed), random.Random(seed)
    decisions = 0
    for _ in range(applied):
        if state.current_player() >= 0:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            decisions += 1
        else:
            state.apply(streams.sample(state))
    return state, decisions


def shown_within(shown: Any, real: Any, where: str = "$") -> None:
    """Every key of the abridged ``shown`` equals the engine's (a list of objects item by item,
    other lists whole)."""
    if isinstance(shown, list) and shown and all(isinstance(item, dict) for item in shown):
        assert isinstance(real, list) and len(real) == len(shown), where
        for i, (item, real_item) in enumerate(zip(shown, real, strict=True)):
            shown_within(item, real_item, f"{where}[{i}]")
    elif isinstance(shown, dict):
        assert isinstance(real, dict), where
        for key, value in shown.items():
            assert key in real, f"{where}.{key}"
            shown_within(value, real[key], f"{where}.{key}")
    else:
        assert shown == real, where
