"""Catan for Two: the double production roll (C2-RO-…)."""

from __future__ import annotations

import math

import pytest

from games.catan import actions as A
from games.catan.constants import KNIGHT
from games.common.api import CHANCE
from games.errors import IllegalAction
from tests.games.catan.expansions.catan_for_two.positions import cleared, kinds
from tests.games.catan.fixtures import dice_for, put, set_hand


def test_c2_ro_01_c2_ro_02_two_rolls_each_resolved_before_the_next() -> None:
    """C2-RO-01/02: the player rolls twice; the first roll pays out before the second is
    rolled, then the second pays out too (hex 0 shows 10, hex 1 shows 2)."""
    state = cleared()
    put(state, 0, settlements=[0])  # top of hex 0 (mountains, 10)
    put(state, 1, settlements=[1])  # top of hex 1 (pasture, 2)
    state.apply(A.ROLL)
    state.apply(dice_for(10))
    assert state.current_player() == CHANCE and state.phase == "second_dice"
    assert state.hand[0] == [0, 0, 0, 0, 1] and state.hand[1] == [0] * 5
    state.apply(dice_for(2))
    assert state.hand[1] == [0, 0, 1, 0, 0]
    assert state.phase == "main" and state.actor == 0
    assert [e["type"] for e in state.events].count("dice") == 2
    assert state.observation(1)["catan_for_two"]["rolls"] == [10, 2]


def test_c2_ro_03_the_second_total_differs_from_the_first() -> None:
    """C2-RO-03: a repeated total is rolled again until it differs, so the resolved second
    roll is uniform over the outcomes with another total, and an equal total is refused."""
    state = cleared()
    state.apply(A.ROLL)
    state.apply(dice_for(6))
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 - 5
    assert all(a["die1"] + a["die2"] != 6 for a, _ in outcomes)
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    assert len({p for _, p in outcomes}) == 1
    with pytest.raises(IllegalAction):
        state.apply(dice_for(6))


def test_c2_ro_02_c2_ro_03_a_first_seven_is_resolved_whole_then_the_second_roll() -> None:
    """C2-RO-02/03, A-C2-06: on a first 7 every player above 7 cards discards half, the robber
    moves and steals; only then the second roll, which can be no 7."""
    state = cleared()
    put(state, 1, settlements=[0])
    set_hand(state, 1, ore=9)
    set_hand(state, 0, lumber=8)
    state.apply(A.ROLL)
    state.apply(dice_for(7))
    for _ in range(4):
        assert state.phase == "discard"
        state.apply(state.legal_actions()[0])
    assert state.phase == "discard" and state.actor == 1
    for _ in range(4):
        state.apply({"type": "discard", "resource": "ore"})
    assert state.phase == "move_robber"
    state.apply(A.MOVE_ROBBER[0])
    assert state.phase == "steal"
    state.apply(state.chance_outcomes()[0][0])
    assert state.phase == "second_dice"
    assert all(a["die1"] + a["die2"] != 7 for a, _ in state.chance_outcomes())
    state.apply(dice_for(5))
    assert state.phase == "main"


def test_c2_ro_04_trade_and_build_after_both_rolls() -> None:
    """C2-RO-04: after the two rolls the turn goes on as in the base game, trading with the
    opponent included."""
    state = cleared()
    put(state, 0, settlements=[0], roads=[0])
    set_hand(state, 0, lumber=1, brick=1)
    set_hand(state, 1, wool=1)
    state.apply(A.ROLL)
    state.apply(dice_for(12))
    assert state.current_player() == CHANCE  # no trade nor build between the rolls
    state.apply(dice_for(11))
    assert {"end_turn", "build_road", "propose_trade"} <= kinds(state)
    state.apply({"type": "propose_trade", "give": {"lumber": 1}, "get": {"wool": 1}})
    state.apply({"type": "accept_trade"})
    state.apply({"type": "confirm_trade", "seat": 1})
    assert state.hand[0][2] == 1 and state.hand[1][0] == 1


def test_c2_ro_05_a_knight_before_the_first_roll() -> None:
    """C2-RO-05, A-C2-03: a knight may be played before the first roll; nothing is played
    between the rolls (a chance node), and the two rolls follow the knight."""
    state = cleared()
    state.dev_hand[0][KNIGHT] = 1
    state.dev_deck[KNIGHT] -= 1
    assert "play_knight" in kinds(state)
    state.apply(A.PLAY_KNIGHT)
    state.apply(A.MOVE_ROBBER[0])
    assert state.phase == "pre_roll" and state.c2_rolls == []
    state.apply(A.ROLL)
    state.apply(dice_for(4))
    assert state.current_player() == CHANCE
    state.apply(dice_for(5))
    assert state.phase == "main" and state.c2_rolls == [4, 5]
    assert "play_knight" not in kinds(state)
