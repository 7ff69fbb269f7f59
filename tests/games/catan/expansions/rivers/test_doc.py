"""The worked decision of ``docs/scenarios/rivers.md`` is a real message of the engine."""

from __future__ import annotations

from tests.games.catan.expansions.rivers.helpers import RIVERS
from tests.games.catan.expansions.worked_decisions import page_message, replay_to


def test_the_worked_decision_is_what_the_engine_sends_and_its_answer_builds_the_bridge() -> None:
    message = page_message("rivers")
    state = replay_to(message, 3, 6, RIVERS)  # the game the page names: 3 seats, seed 6
    seat = message["observation"]["seat"]
    state.apply(message["legal_actions"][22])
    assert state.gold[seat] == 5 and state.observation(0)["rivers"]["bridges"] == [[29, seat]]
    assert state.observation(0)["rivers"]["wealthiest"] == seat
