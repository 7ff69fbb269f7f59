"""The worked decision of ``docs/scenarios/barbarian_attack.md`` is a real message of the
engine, and its answer wins the battle the page describes."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import SimpleNamespace

from games.catan import GAME
from games.catan.expansions.barbarian_attack import knights as K
from games.common.chance import ChanceStreams

ROOT = Path(__file__).parents[5]
DOC = ROOT / "docs" / "scenarios" / "barbarian_attack.md"


def heuristic_choice(message: dict) -> int:
    """What bots/examples/catan/heuristic_bot.py answers to ``message``."""
    sys.path.insert(0, str(ROOT / "bots" / "sdk"))
    try:
        import arena_bot

        path = ROOT / "bots" / "examples" / "catan" / "heuristic_bot.py"
        spec = importlib.util.spec_from_file_location("ba_heuristic_bot", path)
        bot = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bot)
    finally:
        sys.path.remove(str(ROOT / "bots" / "sdk"))
    match = SimpleNamespace(static=GAME.static_info({"scenario": "barbarian_attack"}))
    turn = arena_bot.Turn(
        match, message["step"], message["observation"], message["legal_actions"], {}
    )
    return bot.decide(turn)


def test_the_worked_decision_is_what_the_engine_sends_and_its_answer_wins_hex_11() -> None:
    """BA-KN-02, BA-EX-02: the documented move puts a second knight on hex 11's paths."""
    lines = [line for line in DOC.read_text().splitlines() if line.startswith(">")]
    message = json.loads(lines[0][2:])
    seed = 1  # the game the page names: 3 seats, random play with seeded streams
    state = GAME.new_game(3, seed, {"scenario": "barbarian_attack"})
    streams, rng = ChanceStreams(seed), random.Random(seed)
    for _ in range(message["step"]):
        if state.current_player() >= 0:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        else:
            state.apply(streams.sample(state))
    seat = message["observation"]["seat"]
    assert state.current_player() == seat == 1
    assert json.loads(json.dumps(state.observation(seat))) == message["observation"]
    assert state.legal_actions() == message["legal_actions"]
    assert heuristic_choice(message) == 17
    state.apply(message["legal_actions"][17])
    state.apply(K.END_MOVES)
    won = [e for e in state.events if e["type"] == "battle_won"][-1]
    assert won["hex"] == 11 and won["knights"] == {"1": 2}
    assert state.ba_prisoners[seat] == 1
