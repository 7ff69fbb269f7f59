"""The actions phase's details that earlier tests let pass: what the merchants and the opponent
are offered, when Merchant and Caravan are playable, the Spy's and Caravan's follow-ups, and the
events each action writes. Written against mutmut's survivors (issue 11,
``docs/mutation/judged-mutkill8.md``).
"""

from __future__ import annotations

from tests.games.cardgame.positions import (
    empty_all,
    events_of,
    lay,
    main_phase,
    rebuild,
    region_action,
    set_units,
    to_hand,
    units,
)
from tests.games.cardgame.test_action_cards import armed, attack
from tests.games.cardgame.test_building import RICH


def test_cg_road_01_settl_03_exp_01_each_build_is_logged_with_its_card_and_place() -> None:
    """CG-ROAD-01, CG-SETTL-03, CG-EXP-01: a road, a settlement, its two regions and a development
    card in a slot are each logged with the card and where it went."""
    state = main_phase()
    set_units(state, 0, **RICH)
    gotz = to_hand(state, 0, "knight_gotz")[0]
    state = rebuild(state)
    road, settlement = state.stacks["road"][-1], state.stacks["settlement"][-1]
    state.apply({"type": "build_road", "end": "right"})
    state.apply({"type": "build_settlement", "end": "right"})
    assert events_of(state, "build") == [
        {"type": "build", "visible_to": "all", "seat": 0, "card": road, "col": 3},
        {"type": "build", "visible_to": "all", "seat": 0, "card": settlement, "col": 4},
    ]
    while state.tasks and state.tasks[0]["t"] != "place_regions":
        state.apply(state.legal_actions()[0])
    while state.tasks and state.tasks[0]["t"] == "place_regions":
        state.apply(state.legal_actions()[0])
    regions = state.domains[0].regions
    told = events_of(state, "region")
    assert len(told) == 2
    for event in told:
        assert regions[(event["col"], event["side"])][0] == event["card"]
        assert event["seat"] == 0 and event["col"] == 5
    set_units(state, 0, grain=2, wool=2, ore=2)
    state = rebuild(state)
    state.apply({"type": "build", "card": gotz})
    state.apply({"type": "choose_slot", "col": 0, "row": 1})
    assert events_of(state, "build")[-1] == {
        "type": "build",
        "visible_to": "all",
        "seat": 0,
        "card": gotz,
        "col": 0,
        "row": 1,
    }


def test_cg_trade_04_res_05_the_merchants_pay_the_fleet_rate_into_free_room() -> None:
    """CG-TRADE-04, CG-CARD-FLEET-02, CG-RES-05: with a Lumber fleet 2 lumber buy 1 unit (logged
    with the rate); the merchants offer only types with room, one free place being enough."""
    state = main_phase()
    lay(state, 0, 2, 1, "fleet_lumber")
    empty_all(state, 0)
    set_units(state, 0, lumber=2, grain=3, ore=2)
    state = rebuild(state)
    trades = [a for a in state.legal_actions() if a["type"] == "bank_trade"]
    assert {a["get"] for a in trades} == {"ore", "wool", "lumber", "brick", "gold"}  # grain is full
    state.apply({"type": "bank_trade", "give": "lumber", "get": "ore"})
    assert events_of(state, "bank_trade") == [
        {
            "type": "bank_trade",
            "visible_to": "all",
            "seat": 0,
            "give": "lumber",
            "get": "ore",
            "rate": 2,
        }
    ]
    assert units(state, 0, "lumber") == 0 and units(state, 0, "ore") == 3


def test_cg_trade_01_only_what_the_opponent_holds_is_asked_and_answers_are_logged() -> None:
    """CG-TRADE-01, CG-RES-05: a proposal asks only for types the opponent holds and the player
    can store; the offer and the answer are logged, and an accepted trade moves every unit."""
    state = main_phase()
    empty_all(state, 0)
    empty_all(state, 1)
    set_units(state, 0, ore=2)
    set_units(state, 1, grain=2)
    state = rebuild(state)
    offers = [a for a in state.legal_actions() if a["type"] == "propose_trade"]
    assert offers == [{"type": "propose_trade", "give": {"ore": 1}, "get": {"grain": 1}}]
    state.apply({"type": "propose_trade", "give": {"ore": 1}, "get": {"grain": 2}})
    assert state.events[-1] == {
        "type": "trade_offer",
        "visible_to": "all",
        "seat": 0,
        "give": {"ore": 1},
        "get": {"grain": 2},
    }
    state.apply({"type": "accept_trade"})
    assert events_of(state, "trade_answer") == [
        {"type": "trade_answer", "visible_to": "all", "seat": 1, "accepted": True}
    ]
    while state.tasks:
        state.apply(state.legal_actions()[0])
    assert units(state, 0, "grain") == 2 and units(state, 1, "grain") == 0
    assert units(state, 0, "ore") == 1 and units(state, 1, "ore") == 1


def test_cg_card_merchant_02_not_playable_when_the_opponents_units_have_no_room() -> None:
    """CG-CARD-MERCHANT-02: the opponent's only units are wool and the player's Pasture is full:
    nothing can be taken, so the Merchant is not playable."""
    state, (merchant,), _ = armed("merchant")
    empty_all(state, 1)
    set_units(state, 1, wool=2)
    set_units(state, 0, wool=3)
    state = rebuild(state)
    assert {"type": "play_card", "card": merchant} not in state.legal_actions()
    set_units(state, 0, wool=2)
    state = rebuild(state)
    assert {"type": "play_card", "card": merchant} in state.legal_actions()


def test_cg_card_merchant_01_takes_at_most_two() -> None:
    """CG-CARD-MERCHANT-01: after taking two units the player gives one; no third is taken."""
    state, (merchant,), _ = armed("merchant")
    set_units(state, 1, grain=3, wool=3, brick=3)
    state = rebuild(state)
    state.apply({"type": "play_card", "card": merchant})
    assert events_of(state, "play_card")[-1] == {
        "type": "play_card",
        "visible_to": "all",
        "seat": 0,
        "card": merchant,
    }
    state.apply(region_action("steal", "grain"))
    state.apply(region_action("steal", "wool"))
    assert state.tasks[0]["t"] == "give"


def test_cg_card_caravan_01_02_needs_two_units_gold_pays_and_two_are_gained() -> None:
    """CG-CARD-CARAVAN-01, CG-CARD-CARAVAN-02: the Caravan needs 2 units (gold counts and may pay)
    and gives exactly 2 of choice."""
    state, (caravan,), _ = armed("caravan")
    empty_all(state, 0)
    set_units(state, 0, gold=1)
    state = rebuild(state)
    assert {"type": "play_card", "card": caravan} not in state.legal_actions()
    set_units(state, 0, gold=2)
    state = rebuild(state)
    state.apply({"type": "play_card", "card": caravan})
    assert units(state, 0, "gold") == 0  # the only units: paid by force
    state.apply(region_action("gain", "ore"))
    state.apply(region_action("gain", "grain"))
    assert not state.tasks and state.phase == "main"
    assert units(state, 0, "ore") == 1 and units(state, 0, "grain") == 1


def test_cg_card_spy_01_hand_08_a_spy_over_the_limit_discards() -> None:
    """CG-CARD-SPY-01, CG-HAND-08: a card taken by the Spy that puts the hand over its limit is
    put under a development stack at once."""
    state, (spy, *_), (abbey,) = armed("spy", "scout", "bishop", "caravan", opp=("abbey",))
    state.apply({"type": "play_card", "card": spy})
    state.apply({"type": "take_card", "card": abbey})
    assert len(state.domains[0].hand) == 4
    assert state.current_player() == 0 and state.tasks[0]["t"] == "discard"


def test_cg_card_arsonist_03_blackknight_01_attacks_are_logged_as_destroyed_or_expelled() -> None:
    """CG-CARD-ARSONIST-03, CG-CARD-BLACKKNIGHT-01, CG-ACT-09: the attack is logged with its card,
    roll, defence and result; a burnt building is "destroyed", an expelled knight "expelled"."""
    state, (arsonist,), _ = armed("arsonist")
    mill = lay(state, 1, 0, 1, "sawmill")
    state = rebuild(state)
    attack(state, arsonist, target={"type": "choose_target", "col": 0, "row": 1}, roll_value=5)
    assert events_of(state, "attack") == [
        {
            "type": "attack",
            "visible_to": "all",
            "seat": 0,
            "card": "arsonist",
            "roll": 5,
            "defended": False,
            "success": True,
        }
    ]
    assert events_of(state, "destroyed") == [
        {"type": "destroyed", "visible_to": "all", "seat": 1, "card": mill, "col": 0, "row": 1}
    ]
    state, (black,), _ = armed("black_knight")
    knight = lay(state, 1, 0, 1, "knight_karl")
    state = rebuild(state)
    attack(state, black, target={"type": "choose_target", "col": 0, "row": 1}, roll_value=3)
    assert events_of(state, "expelled") == [
        {"type": "expelled", "visible_to": "all", "seat": 1, "card": knight, "col": 0, "row": 1}
    ]
    assert not events_of(state, "destroyed")


def test_cg_trade_01_an_accepted_trade_moves_every_resource_offered() -> None:
    """CG-TRADE-01: a proposal giving two types for one: once accepted, both types offered are
    paid and received, not only the last."""
    state = main_phase()
    empty_all(state, 0)
    empty_all(state, 1)
    set_units(state, 0, ore=1, wool=1)
    set_units(state, 1, grain=1)
    state = rebuild(state)
    state.apply({"type": "propose_trade", "give": {"ore": 1, "wool": 1}, "get": {"grain": 1}})
    state.apply({"type": "accept_trade"})
    while state.tasks:
        state.apply(state.legal_actions()[0])
    assert (units(state, 0, "ore"), units(state, 0, "wool"), units(state, 0, "grain")) == (0, 0, 1)
    assert (units(state, 1, "ore"), units(state, 1, "wool"), units(state, 1, "grain")) == (1, 1, 0)
