"""A refused move names what was tried, why, and what is legal (BG-TURN-01: only the player in
turn acts, in the order of the turn's phases). The messages are part of the protocol
(docs/protocol.md: an illegal move's error says why): checked word for word, through
``apply()``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.catan import actions as A
from games.common.api import CHANCE
from games.errors import IllegalAction
from tests.games.catan.fixtures import empty_board, put, roll, set_hand


def _refused(state: Any, action: Any, message: str) -> None:
    with pytest.raises(IllegalAction, match="^" + re.escape(message) + "$"):
        state.apply(action)


def _main() -> Any:
    state = empty_board(3)
    put(state, 0, settlements=[12], roads=[11])
    roll(state, 2)
    set_hand(state, 0, lumber=4, brick=1)
    return state


def test_bg_turn_01_an_unknown_action_type_is_named() -> None:
    """BG-TURN-01: an action of no known type (or without one) is refused as unknown."""
    state = _main()
    _refused(state, {"type": "fly"}, "seat 0: unknown action type 'fly'")
    _refused(state, {"type": ["roll"]}, "seat 0: unknown action type ['roll']")
    _refused(state, {"edge": 3}, "seat 0: unknown action type None")


def test_bg_turn_01_a_move_out_of_its_phase_names_every_legal_type() -> None:
    """BG-TURN-01: a known move that is not legal now names the phase and every legal type,
    sorted and comma-separated, and its rule when it has one (``cancel_trade`` has none)."""
    state = _main()
    legal = ", ".join(sorted({a["type"] for a in state.legal_actions()}))
    assert legal.count(", ") >= 2  # several types: the separator is checked
    _refused(
        state,
        A.CANCEL_TRADE,
        f"seat 0: cancel_trade(): not legal now (phase main; legal types: {legal})",
    )
    _refused(
        state,
        A.ROLL,
        f"seat 0: roll(): not legal now (phase main; legal types: {legal}) (BG-TURN-01)",
    )


def test_bg_turn_01_a_chance_node_refuses_anything_but_its_outcomes_described() -> None:
    """BG-TURN-01: while the dice roll, a move is refused and described: a dict as
    ``type(key=value, ...)`` (``?`` without a type, cut at 160 characters), anything else by
    its ``repr`` cut at 80."""
    state = empty_board(3)
    put(state, 0, settlements=[12], roads=[11])
    state.apply(A.ROLL)
    phase = state.phase
    tail = f": not an outcome of this chance node (phase {phase})"
    _refused(state, {"edge": 3, "x": "y"}, "?(edge=3, x='y')" + tail)
    _refused(state, {"type": "build_road", "edge": 3}, "build_road(edge=3)" + tail)
    long = {"type": "discard", "cards": "w" * 300}
    _refused(state, long, ("discard(cards='" + "w" * 300)[:160] + tail)
    listed = list(range(100))
    _refused(state, listed, repr(listed)[:80] + tail)
    _refused(state, "roll", "'roll'" + tail)


def test_bg_turn_01_a_dice_outcome_is_refused_at_another_chance_node() -> None:
    """BG-TURN-01: the dice are an outcome only while the dice roll: at the development-card
    draw (a chance node of another phase) a dice outcome is refused, not applied."""
    state = _main()
    set_hand(state, 0, wool=1, grain=1, ore=1)
    state.apply(A.BUY_DEVELOPMENT)
    phase = state.phase
    assert phase != "dice" and state.current_player() == CHANCE
    dice = A.DICE[2][3]
    tail = f": not an outcome of this chance node (phase {phase})"
    _refused(state, dice, "dice(die1=3, die2=4)" + tail)
