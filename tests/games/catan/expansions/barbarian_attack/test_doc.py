"""The worked decision of ``docs/scenarios/barbarian_attack.md`` is a real message of the
engine, and its answer wins the battle the page describes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

from games.catan import GAME
from games.catan.expansions.barbarian_attack import knights as K
from tests.games.catan.expansions.worked_decisions import page_message, replay_to

ROOT = Path(__file__).parents[5]


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
    message = page_message("barbarian_attack")
    # the game the page names: 3 seats, random play with seeded streams, seed 1
    state = replay_to(message, 3, 1, {"scenario": "barbarian_attack"})
    seat = message["observation"]["seat"]
    assert seat == 1
    assert heuristic_choice(message) == 17
    state.apply(message["legal_actions"][17])
    state.apply(K.END_MOVES)
    won = [e for e in state.events if e["type"] == "battle_won"][-1]
    assert won["hex"] == 11 and won["knights"] == {"1": 2}
    assert state.ba_prisoners[seat] == 1
