"""The worked decision of ``docs/scenarios/traders_barbarians.md`` is a real engine message."""

from __future__ import annotations

import json
import random
from pathlib import Path

from games.catan import GAME
from games.common.chance import ChanceStreams

from .helpers import OPTIONS

DOC = Path(__file__).parents[5] / "docs" / "scenarios" / "traders_barbarians.md"


def test_the_worked_decision_is_what_the_engine_sends_and_its_answer_moves_the_wagon() -> None:
    lines = [line for line in DOC.read_text().splitlines() if line.startswith(">")]
    message = json.loads(lines[0][2:])
    seed = 6
    state = GAME.new_game(3, seed, dict(OPTIONS))
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
    state.apply(message["legal_actions"][2])
    assert state.tb_wagons[seat] == 26 and state.tb_mp == 2
