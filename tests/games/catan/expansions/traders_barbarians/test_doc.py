"""The worked decision of ``docs/scenarios/traders_barbarians.md`` is a real engine message."""

from __future__ import annotations

from tests.games.catan.expansions.worked_decisions import page_message, replay_to

from .helpers import OPTIONS


def test_the_worked_decision_is_what_the_engine_sends_and_its_answer_moves_the_wagon() -> None:
    message = page_message("traders_barbarians")
    state = replay_to(message, 3, 6, OPTIONS)
    seat = message["observation"]["seat"]
    state.apply(message["legal_actions"][2])
    assert state.tb_wagons[seat] == 26 and state.tb_mp == 2
