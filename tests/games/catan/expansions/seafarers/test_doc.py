"""The worked decision of ``docs/scenarios/seafarers.md`` is a real message of the engine."""

from __future__ import annotations

from tests.games.catan.expansions.worked_decisions import page_message, replay_to


def test_the_worked_decision_is_what_the_engine_sends_and_its_answer_builds_the_ship() -> None:
    """SF-SH-01: the documented answer builds a ship for 1 lumber + 1 wool."""
    message = page_message("seafarers")
    state = replay_to(message, 3, 1, {"seafarers": "new_shores"})  # the page's game: seed 1
    seat = message["observation"]["seat"]
    before = list(state.hand[seat])
    action = message["legal_actions"][17]
    state.apply(action)
    assert state.ship_owner[action["edge"]] == seat and state.ships_left[seat] == 13
    assert state.hand[seat][0] == before[0] - 1 and state.hand[seat][2] == before[2] - 1
