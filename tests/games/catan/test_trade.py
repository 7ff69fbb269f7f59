"""Domestic trade protocol and maritime trade."""

from __future__ import annotations

import pytest

from games.catan import actions as A
from games.errors import IllegalAction
from tests.games.catan.fixtures import empty_board, hand, put, roll, set_hand, types


def _main(n=4, **options):
    state = empty_board(n, **options)
    for seat, v in enumerate([12, 14, 39, 46][:n]):
        put(state, seat, settlements=[v])
    roll(state, 2)
    return state


def test_bg_trade_01_02_05_protocol_only_with_the_active_player() -> None:
    """BG-TRADE-01 BG-TRADE-02 BG-TRADE-05: after the roll the active player proposes; every
    opponent answers; the proposer confirms one accepter; opponents never trade together. The
    seed's example: Galya gives 1 brick for 1 lumber + 1 ore."""
    state = _main(4)
    assert "propose_trade" not in types(empty_board(4))  # not before the roll
    set_hand(state, 0, lumber=1, ore=1)
    set_hand(state, 2, brick=1)
    state.apply({"type": "propose_trade", "give": {"lumber": 1, "ore": 1}, "get": {"brick": 1}})
    assert state.current_player() == 1 and state.legal_actions() == [A.REJECT_TRADE]
    state.apply(A.REJECT_TRADE)
    assert state.current_player() == 2
    assert state.legal_actions() == [A.ACCEPT_TRADE, A.REJECT_TRADE]
    state.apply(A.ACCEPT_TRADE)
    state.apply(A.REJECT_TRADE)  # seat 3
    assert state.current_player() == 0
    assert state.legal_actions() == [A.CONFIRM_TRADE[2], A.CANCEL_TRADE]
    state.apply(A.CONFIRM_TRADE[2])
    assert hand(state, 0) == {"brick": 1} and hand(state, 2) == {"lumber": 1, "ore": 1}
    assert state.phase == "main" and state.current_player() == 0


def test_bg_trade_03_no_gifts_and_no_like_for_like() -> None:
    """BG-TRADE-03 A-BG-15: both sides give at least one card; no resource on both sides."""
    state = _main(3)
    set_hand(state, 0, lumber=2)
    for bad in (
        {"type": "propose_trade", "give": {"lumber": 1}, "get": {}},
        {"type": "propose_trade", "give": {}, "get": {"ore": 1}},
        {"type": "propose_trade", "give": {"lumber": 1}, "get": {"lumber": 1}},
        {"type": "propose_trade", "give": {"lumber": 3}, "get": {"ore": 1}},
        {"type": "propose_trade", "give": {"lumber": 1}, "get": {"gold": 1}},
        {"type": "propose_trade", "give": {"lumber": 0}, "get": {"ore": 1}},
        {"type": "propose_trade", "give": {"lumber": 1}, "get": {"ore": 1}, "x": 1},
    ):
        with pytest.raises(IllegalAction):
            state.apply(bad)


def test_bg_trade_04_many_trades_but_proposals_capped() -> None:
    """BG-TRADE-04: trading is unlimited by the rules; the engine caps proposals per turn (3 by
    default, an option) so no bot can stall a game."""
    state = _main(3, trade_proposals_per_turn=2)
    set_hand(state, 0, lumber=5)
    set_hand(state, 1, ore=5)
    for _ in range(2):
        state.apply(A.PROPOSE_ONE_FOR_ONE[0][4])
        state.apply(A.ACCEPT_TRADE)
        state.apply(A.REJECT_TRADE)
        state.apply(A.CONFIRM_TRADE[1])
    assert hand(state, 0) == {"lumber": 3, "ore": 2}
    assert "propose_trade" not in types(state)
    with pytest.raises(IllegalAction):
        state.apply(A.PROPOSE_ONE_FOR_ONE[0][4])


def test_bg_mar_01_only_the_active_player_trades_with_the_bank() -> None:
    """BG-MAR-01: trade answers are the only decisions of other seats; no bank trade there."""
    state = _main(3)
    set_hand(state, 0, lumber=1)
    set_hand(state, 1, ore=4)
    state.apply(A.PROPOSE_ONE_FOR_ONE[0][4])
    assert "maritime_trade" not in types(state)


def test_bg_mar_02_four_to_one_without_harbour() -> None:
    """BG-MAR-02: 4 identical cards buy one of the player's choice."""
    state = _main(3)
    set_hand(state, 0, grain=4)
    trades = [a for a in state.legal_actions() if a["type"] == "maritime_trade"]
    assert {(a["give"], a["rate"]) for a in trades} == {("grain", 4)} and len(trades) == 4
    state.apply(A.MARITIME[3][1][4])
    assert hand(state, 0) == {"brick": 1}


def test_bg_mar_03_harbor_01_generic_harbour_three_to_one() -> None:
    """BG-MAR-03 BG-HARBOR-01: a building next to a 3:1 harbour trades 3 identical cards."""
    state = empty_board(3)
    put(state, 0, settlements=[11])  # on harbour 0 (any)
    roll(state, 2)
    set_hand(state, 0, ore=3)
    assert A.MARITIME[4][0][3] in state.legal_actions()


def test_bg_mar_04_05_special_harbour_two_to_one_repeatable() -> None:
    """BG-MAR-04 BG-MAR-05: a 2:1 harbour trades only its resource at 2:1 (others at 4:1), and
    may be used repeatedly: 4 lumber buy 2 cards."""
    state = empty_board(3)
    put(state, 0, settlements=[46])  # on harbour 5 (lumber)
    roll(state, 2)
    set_hand(state, 0, lumber=4, ore=3)
    rates = {(a["give"], a["rate"]) for a in state.legal_actions() if a["type"] == "maritime_trade"}
    assert rates == {("lumber", 2)}
    state.apply(A.MARITIME[0][4][2])
    state.apply(A.MARITIME[0][3][2])
    assert hand(state, 0) == {"ore": 4, "grain": 1}


@pytest.mark.parametrize("combined", [True, False])
def test_bg_turn_03_04_an_open_proposal_after_building(combined: bool) -> None:
    """BG-TURN-03 BG-TURN-04: a freely worded proposal made after a build is accepted when trade
    and build are combined, and refused (naming BG-TURN-04) with strict phases."""
    state = empty_board(3, combined_trade_build=combined)
    put(state, 0, settlements=[12], roads=[11])
    roll(state, 2)
    set_hand(state, 0, lumber=5, brick=5)
    state.apply(A.BUILD_ROAD[10])
    offer = {"type": "propose_trade", "give": {"lumber": 2}, "get": {"ore": 1}}
    if combined:
        state.apply(offer)
        assert state.phase != "main" and state.current_player() == 1
    else:
        with pytest.raises(IllegalAction, match="BG-TURN-04"):
            state.apply(offer)
        assert state.phase == "main" and state.hand[0][0] == 4


@pytest.mark.parametrize("build", ["settlement", "city"])
def test_bg_turn_04_no_trade_after_any_build_with_strict_phases(build: str) -> None:
    """BG-TURN-04: a settlement or a city ends trading too, not only a road."""
    state = empty_board(3, combined_trade_build=False)
    put(state, 0, settlements=[12], roads=[11, 10])
    roll(state, 2)
    set_hand(state, 0, lumber=2, brick=2, wool=2, grain=4, ore=6)
    assert "maritime_trade" in types(state) and "propose_trade" in types(state)
    state.apply(A.BUILD_SETTLEMENT[11] if build == "settlement" else A.BUILD_CITY[12])
    assert "maritime_trade" not in types(state) and "propose_trade" not in types(state)


def test_bg_trade_01_03_refused_proposals_name_their_rule() -> None:
    """BG-TRADE-01 BG-TRADE-03: a proposal before the roll, or one side giving nothing, is
    refused with its reason and rule."""
    state = empty_board(3)
    put(state, 0, settlements=[12])
    set_hand(state, 0, lumber=2)
    offer = {"type": "propose_trade", "give": {"lumber": 1}, "get": {"ore": 1}}
    with pytest.raises(
        IllegalAction, match=r"only in your main phase after the roll \(BG-TRADE-01\)$"
    ):
        state.apply(offer)
    roll(state, 2)
    gift = {"type": "propose_trade", "give": {"lumber": 1}, "get": {}}
    with pytest.raises(
        IllegalAction, match=r"each side must give at least one card \(BG-TRADE-03\)$"
    ):
        state.apply(gift)
