"""The bots' page (docs/scenarios/cities_and_knights.md): its worked decision is what the engine
sends, the heuristic bot answers it as the page says, and the answer has the page's effect."""

from __future__ import annotations

from types import SimpleNamespace

from games.catan import GAME
from tests.games.catan.expansions.worked_decisions import page_message, replay_to

from .test_bots import load_heuristic

OPTIONS = {"cities_and_knights": True}


def test_the_worked_decision_is_the_engines_and_the_heuristic_buys_the_market() -> None:
    """CK-CI-01: the documented answer buys trade level 1 for 1 cloth."""
    message = page_message("cities_and_knights")
    state = replay_to(message, 3, 1, OPTIONS)
    arena_bot, bot = load_heuristic()
    match = SimpleNamespace(static=GAME.static_info(OPTIONS))
    turn = arena_bot.Turn(
        match, message["step"], message["observation"], message["legal_actions"], {}
    )
    choice = bot.decide(turn)
    assert message["legal_actions"][choice] == {"type": "improve_city", "track": "trade"}
    seat = message["observation"]["seat"]
    cloth = state.ck_commodities[seat][1]
    state.apply(message["legal_actions"][choice])
    assert state.ck_levels[seat][0] == 1 and state.ck_commodities[seat][1] == cloth - 1
