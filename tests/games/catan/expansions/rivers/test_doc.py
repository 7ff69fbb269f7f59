"""The worked decision of ``docs/scenarios/rivers.md`` is a real message of the engine."""

from __future__ import annotations

import json
import random
from pathlib import Path

from games.catan import GAME
from games.common.chance import ChanceStreams
from tests.games.catan.expansions.rivers.helpers import RIVERS

DOC = Path(__file__).parents[5] / "docs" / "scenarios" / "rivers.md"


def test_the_worked_decision_is_what_the_engine_sends_and_its_answer_builds_the_bridge() -> None:
    lines = [line for line in DOC.read_text().splitlines() if line.startswith(">")]
    message = json.loads(lines[0][2:])
    seed = 6  # the game the page names: 3 seats, random play with seeded streams
    state = GAME.new_game(3, seed, RIVERS)
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
    state.apply(message["legal_actions"][22])
    assert state.gold[seat] == 5 and state.observation(0)["rivers"]["bridges"] == [[29, seat]]
    assert state.observation(0)["rivers"]["wealthiest"] == seat
