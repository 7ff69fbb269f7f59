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
