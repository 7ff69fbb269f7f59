"""The camel vote: when a camel is due and how every seat's bid decides where it goes."""

from __future__ import annotations

import pytest

from games.catan import actions as A
from games.errors import IllegalAction
from tests.games.catan.expansions.caravans.positions import (
    START_LEFT,
    START_RIGHT,
    START_TOP,
    bid,
    caravans,
    spot_action,
    upgrade_and_end,
)
from tests.games.catan.fixtures import put, roll, set_hand


def test_ca_tr_01_a_turn_with_buildings_ends_with_exactly_one_camel() -> None:
    """CA-TR-01: a settlement and two city upgrades in one turn still give one camel."""
    state = caravans()
    put(state, 0, roads=[10])
    roll(state, 8)
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=5, ore=6)
    state.apply(A.BUILD_SETTLEMENT[11])
    state.apply(A.BUILD_CITY[12])
    state.apply(A.BUILD_CITY[31])
    for seat in range(4):
        set_hand(state, seat)
    state.apply(A.END_TURN)
    # nobody holds wool or grain: no bids to ask, the turn player places the one camel
    assert (state.phase, state.current_player()) == ("caravan_choose", 0)
    state.apply(spot_action("place_camel", START_TOP))
    assert state.camels_left == 21
    assert (state.phase, state.current_player(), state.turn_player) == ("pre_roll", 1, 1)


def test_ca_tr_01_no_camel_after_a_turn_without_a_settlement_or_city() -> None:
    """CA-TR-01: roads and development cards do not call a camel."""
    state = caravans()
    roll(state, 8)
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1, ore=1)
    state.apply(A.BUILD_ROAD[10])
    state.apply(A.BUY_DEVELOPMENT)
    state.apply(state.chance_outcomes()[0][0])  # the card drawn
    state.apply(A.END_TURN)
    assert (state.phase, state.current_player()) == ("pre_roll", 1)
    assert state.camels_left == 22 and not any(e["type"] == "caravan_vote" for e in state.events)


def test_ca_tr_02_the_vote_not_the_builder_decides() -> None:
    """CA-TR-02: the builder bids nothing; the seat that outvotes everyone places the camel."""
    state = caravans()
    upgrade_and_end(state, s0={"wool": 1}, s2={"grain": 2})
    bid(state)
    bid(state, grain=2)
    assert (state.phase, state.current_player()) == ("caravan_choose", 2)
    state.apply(spot_action("place_camel", START_LEFT))
    assert state.camel_head[START_LEFT[0]] == START_LEFT[1]


def test_ca_vo_01_every_seat_bids_once_clockwise_from_the_turn_player() -> None:
    """CA-VO-01: order 0, 1, 2, 3 from the player whose turn ended; any number of wool and/or
    grain cards; a seat without either has nothing to bid and is passed over; no second bid."""
    state = caravans()
    upgrade_and_end(state, s0={"wool": 1}, s1={"wool": 2, "grain": 1}, s3={"grain": 1})
    assert (state.phase, state.current_player()) == ("caravan_bid", 0)
    assert state.legal_actions() == [
        {"type": "caravan_bid", "wool": 0, "grain": 0},
        {"type": "caravan_bid", "wool": 1, "grain": 0},
    ]
    bid(state)
    assert state.current_player() == 1
    assert len(state.legal_actions()) == 3 * 2
    with pytest.raises(IllegalAction):
        bid(state, wool=3)  # more than held
    bid(state, wool=1)
    assert state.current_player() == 3  # seat 2 holds neither wool nor grain
    bid(state, grain=1)
    with pytest.raises(IllegalAction):
        bid(state, wool=1)  # seat 1's bid cannot be raised: the bidding is over
    assert state.caravan_vote["bids"] == [[0, 0], [1, 0], [0, 0], [0, 1]]


def test_ca_vo_02_more_votes_than_all_others_together_chooses_alone() -> None:
    """CA-VO-02: 3 votes against 1 + 1 choose alone."""
    state = caravans()
    upgrade_and_end(state, s0={"wool": 1}, s1={"wool": 2, "grain": 1}, s3={"grain": 1})
    bid(state, wool=1)
    bid(state, wool=2, grain=1)
    bid(state, grain=1)
    assert (state.phase, state.current_player()) == ("caravan_choose", 1)
    state.apply(spot_action("place_camel", START_RIGHT))
    placed = [e for e in state.events if e["type"] == "place_camel"][-1]
    assert (placed["chooser"], placed["how"]) == (1, "alone")


def test_ca_vo_02_exactly_half_is_not_enough_to_choose_alone() -> None:
    """CA-VO-02: 2 votes against 1 + 1 do not exceed the others: the bidders name spots."""
    state = caravans()
    upgrade_and_end(state, s0={"wool": 1}, s1={"wool": 2}, s3={"grain": 1})
    bid(state, wool=1)
    bid(state, wool=2)
    bid(state, grain=1)
    assert (state.phase, state.current_player()) == ("caravan_name", 0)
    assert {a["type"] for a in state.legal_actions()} == {"propose_camel"}


def _named_vote(votes: dict[str, dict[str, int]]) -> object:
    state = caravans()
    upgrade_and_end(state, **votes)
    while state.phase == "caravan_bid":
        held = state.hand[state.actor]
        bid(state, wool=held[2], grain=held[3])
    return state


def test_ca_vo_03_bidders_holding_a_majority_agree_on_a_spot() -> None:
    """CA-VO-03: 1 + 2 + 1 votes; seats 1 and 3 (3 of 4) name the same spot: it goes there."""
    state = _named_vote({"s0": {"wool": 1}, "s1": {"wool": 2}, "s3": {"grain": 1}})
    state.apply(spot_action("propose_camel", START_LEFT))
    state.apply(spot_action("propose_camel", START_RIGHT))
    assert state.current_player() == 3 and state.camels_left == 22
    state.apply(spot_action("propose_camel", START_RIGHT))
    assert state.camel_head[START_RIGHT[0]] == START_RIGHT[1]
    placed = [e for e in state.events if e["type"] == "place_camel"][-1]
    assert placed["how"] == "agreement"
    assert state.current_player() == 1 and state.phase == "pre_roll"


def test_ca_vo_04_without_agreement_the_single_top_bidder_chooses() -> None:
    """CA-VO-04: three different names: seat 1 with the most votes (2 of 4) chooses."""
    state = _named_vote({"s0": {"wool": 1}, "s1": {"wool": 2}, "s3": {"grain": 1}})
    for spot in (START_LEFT, START_RIGHT, START_TOP):
        state.apply(spot_action("propose_camel", spot))
    assert (state.phase, state.current_player()) == ("caravan_choose", 1)
    state.apply(spot_action("place_camel", START_LEFT))
    assert state.camel_head[START_LEFT[0]] == START_LEFT[1]


def test_ca_vo_04_on_a_tie_the_turn_player_chooses_even_without_a_bid() -> None:
    """CA-VO-04: 2 against 2 and no agreement: seat 0, who bid nothing, chooses."""
    state = _named_vote({"s1": {"wool": 2}, "s3": {"grain": 2}})
    assert state.caravan_vote["bids"][0] == [0, 0]
    state.apply(spot_action("propose_camel", START_LEFT))
    state.apply(spot_action("propose_camel", START_RIGHT))
    assert (state.phase, state.current_player()) == ("caravan_choose", 0)
    state.apply(spot_action("place_camel", START_TOP))
    placed = [e for e in state.events if e["type"] == "place_camel"][-1]
    assert (placed["chooser"], placed["how"]) == (0, "turn_player")


def test_ca_vo_05_every_bid_card_goes_to_the_bank() -> None:
    """CA-VO-05: winners' and losers' bid cards are discarded; unbid cards stay."""
    state = _named_vote({"s0": {"wool": 1}, "s1": {"wool": 2, "ore": 1}, "s3": {"grain": 1}})
    bank = list(state.bank)
    for spot in (START_LEFT, START_RIGHT, START_TOP):
        state.apply(spot_action("propose_camel", spot))
    state.apply(spot_action("place_camel", START_LEFT))
    assert [sum(state.hand[s]) for s in range(4)] == [0, 1, 0, 0]
    assert state.hand[1][4] == 1
    assert state.bank[2] == bank[2] + 3 and state.bank[3] == bank[3] + 1


def test_a_ca_05_bids_are_public_as_they_are_made() -> None:
    """A-CA-05: later bidders (and everyone) see the earlier bids."""
    state = caravans()
    upgrade_and_end(state, s0={"wool": 2}, s1={"grain": 1})
    bid(state, wool=2)
    for seat in range(4):
        vote = state.observation(seat)["caravans"]["vote"]
        assert vote["bids"] == [[2, 0], None, None, None]
        assert vote["spots"] == [list(START_TOP), list(START_LEFT), list(START_RIGHT)]
