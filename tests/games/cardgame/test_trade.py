"""Trade with the opponent and with the merchants (3:1, fleets 2:1, Mint gold 1:1)."""

from __future__ import annotations

import pytest

from games.errors import IllegalAction
from tests.games.cardgame.positions import (
    at_roll,
    lay,
    main_phase,
    make_city,
    rebuild,
    region_action,
    roll,
    set_units,
    to_hand,
    units,
    with_vp_3,
)


def test_cg_trade_01_trade_with_consent_and_room_after_the_dice() -> None:
    """CG-TRADE-01: the active player proposes after the dice; the opponent accepts or rejects;
    both need room for what they receive."""
    offer = {"type": "propose_trade", "give": {"ore": 1}, "get": {"grain": 1}}
    state = main_phase()  # before the dice, with a decision to take (play the Alchemist or roll)
    to_hand(state, 0, "alchemist")
    with_vp_3(state)
    state.tasks = [{"t": "begin_turn"}]
    state = rebuild(state)
    state._advance()
    assert state.current_player() == 0 and {"type": "roll_dice"} in state.legal_actions()
    assert not [a for a in state.legal_actions() if "trade" in a["type"]]
    with pytest.raises(IllegalAction):
        state.apply(offer)
    state = at_roll(main_phase())
    roll(state, "plenty", 4)  # the dice are out, but the Sun's gains are not resolved yet
    assert state.current_player() == 0
    assert {a["type"] for a in state.legal_actions()} == {"gain"}
    with pytest.raises(IllegalAction):
        state.apply(offer)
    state.apply(region_action("gain", "wool"))
    state.apply(region_action("gain", "brick"))
    assert not state.tasks and offer in state.legal_actions()
    roll_state = main_phase()
    set_units(roll_state, 0, ore=2)
    set_units(roll_state, 1, grain=2)
    state = rebuild(roll_state)
    offer = {"type": "propose_trade", "give": {"ore": 2}, "get": {"grain": 1}}
    state.apply(offer)  # open proposals are validated by apply
    assert state.current_player() == 1
    assert state.observation(1)["trade_offer"] == {"give": {"ore": 2}, "get": {"grain": 1}}
    state.apply({"type": "reject_trade"})
    assert units(state, 0, "ore") == 2 and state.current_player() == 0
    state.apply(offer)
    state.apply({"type": "accept_trade"})
    assert units(state, 0, "ore") == 0 and units(state, 1, "ore") == 3
    assert units(state, 0, "grain") == 2 and units(state, 1, "grain") == 1
    set_units(state, 1, wool=3)
    state = rebuild(state)
    with pytest.raises(IllegalAction, match="no room"):
        state.apply({"type": "propose_trade", "give": {"wool": 1}, "get": {"gold": 1}})


def test_trade_proposals_are_limited_per_turn() -> None:
    """CG-TRADE-01 with rulings: at most 3 proposals per turn by default (an option)."""
    state = main_phase()
    state = rebuild(state)
    offer = {"type": "propose_trade", "give": {"ore": 1}, "get": {"grain": 1}}
    for _ in range(3):
        state.apply(offer)
        state.apply({"type": "reject_trade"})
    assert offer not in state.legal_actions()
    with pytest.raises(IllegalAction, match="no proposals left"):
        state.apply(offer)


def test_cg_trade_02_trade_and_build_alternate() -> None:
    """CG-TRADE-02: trading and building may alternate in any order."""
    state = main_phase()
    set_units(state, 0, brick=3, lumber=1, ore=3)
    state = rebuild(state)
    state.apply({"type": "build_road", "end": "right"})
    state.apply({"type": "bank_trade", "give": "ore", "get": "brick"})
    assert not state.tasks  # a single Hills: the unit lands there without a question
    state.apply({"type": "propose_trade", "give": {"brick": 1}, "get": {"wool": 1}})
    state.apply({"type": "accept_trade"})
    assert state.phase == "main" and units(state, 0, "wool") == 2


def test_cg_trade_03_merchants_three_for_one() -> None:
    """CG-TRADE-03: 3 units of one type, from any regions, buy 1 unit of any other type."""
    state = main_phase()
    set_units(state, 0, grain=2, ore=3)
    state = rebuild(state)
    trades = [a for a in state.legal_actions() if a["type"] == "bank_trade"]
    assert {a["give"] for a in trades} == {"ore"}
    state.apply({"type": "bank_trade", "give": "ore", "get": "gold"})
    assert units(state, 0, "ore") == 0 and units(state, 0, "gold") == 2


def test_cg_trade_04_card_fleet_02_03_04_fleet_rate_two_for_one() -> None:
    """CG-TRADE-04, CG-CARD-FLEET-02, CG-CARD-FLEET-03, CG-CARD-FLEET-04: a Lumber fleet anywhere
    gives 2 lumber (from any Forests) for 1 of any type; a second fleet does not improve it."""
    state = main_phase()
    lay(state, 0, 2, 1, "fleet_lumber")  # above the settlement between Mountains and Pasture
    dom = state.domains[0]
    dom.centre[3] = ["road", state.stacks["road"].pop(), None]
    dom.centre[4] = ["settlement", state.stacks["settlement"].pop(), None]
    state.stacks["region"].remove("region_lumber_6")
    state.stacks["region"].remove("region_brick_3")
    dom.regions[(5, -1)] = ["region_lumber_6", 1]  # a second Forest
    dom.regions[(5, 1)] = ["region_brick_3", 0]
    set_units(state, 0, lumber=1)
    state = rebuild(state)
    assert state.domains[0].merchant_rate("lumber") == 2
    assert state.domains[0].merchant_rate("ore") == 3
    state.apply({"type": "bank_trade", "give": "lumber", "get": "brick"})
    # one unit from each Forest: the second payment is forced once the first is chosen
    state.apply({"type": "pay", "col": -1, "side": -1})
    assert units(state, 0, "lumber") == 0 and state.domains[0].regions[(5, -1)][1] == 0
    state.apply({"type": "gain", "col": 5, "side": 1})
    assert state.domains[0].regions[(5, 1)][1] == 1


def test_cg_card_mint_01_gold_one_for_one() -> None:
    """CG-CARD-MINT-01: with a Mint, gold trades with the merchants 1:1."""
    state = main_phase()
    make_city(state, 0, 0)
    lay(state, 0, 0, 1, "mint")
    state = rebuild(state)
    assert state.domains[0].merchant_rate("gold") == 1
    state.apply({"type": "bank_trade", "give": "gold", "get": "ore"})
    assert units(state, 0, "gold") == 0 and units(state, 0, "ore") == 2


def test_cg_trade_01_the_second_seat_trades_in_its_own_turn_with_room_checked() -> None:
    """CG-TRADE-01: the same consent and room rules hold when seat 1 is the active player (the
    opponent is then seat 0)."""
    state = main_phase(seat=1)
    set_units(state, 1, ore=2)
    set_units(state, 0, grain=2, ore=3)
    state = rebuild(state)
    with pytest.raises(IllegalAction, match="no room"):
        state.apply({"type": "propose_trade", "give": {"ore": 1}, "get": {"grain": 1}})
    offer = {"type": "propose_trade", "give": {"ore": 1}, "get": {"grain": 1}}
    set_units(state, 0, ore=2)
    state = rebuild(state)
    state.apply(offer)
    assert state.current_player() == 0
    state.apply({"type": "accept_trade"})
    assert units(state, 1, "ore") == 1 and units(state, 1, "grain") == 2
    assert units(state, 0, "ore") == 3 and units(state, 0, "grain") == 1
    assert state.current_player() == 1
