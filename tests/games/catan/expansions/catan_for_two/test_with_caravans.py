"""Catan for Two with the Caravans (C2-CA-01), played through the engine."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.constants import WOOL
from games.catan.expansions.caravans.camels import caravan_starts
from games.catan.expansions.caravans.vote import building_marker
from tests.games.catan.expansions.catan_for_two.combos import (
    approach,
    cleared_pair,
    kinds,
    main_phase,
    open_spot,
)
from tests.games.catan.fixtures import put, set_hand


def _built_and_ended(wool: tuple[int, int]):
    """Seat 0 builds a settlement in turn 1, then holds ``wool[0]`` wool and seat 1
    ``wool[1]``, and ends the turn: the camel vote starts."""
    state = cleared_pair("caravans")
    v = next(v for v in range(state.board.num_vertices) if open_spot(state, v))
    start, roads = approach(state, v)
    put(state, 0, settlements=[start], roads=roads)
    state.camel_marker = building_marker(state, 0)  # the pieces as the turn began
    main_phase(state)
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[v])
    while state.phase == "neutral_build":
        state.apply(state.legal_actions()[0])
    set_hand(state, 0, wool=wool[0])
    set_hand(state, 1, wool=wool[1])
    state.apply(A.END_TURN)
    return state


def _bid(state, seat: int, wool: int) -> None:
    assert state.phase == "caravan_bid" and state.actor == seat
    state.apply({"type": "caravan_bid", "wool": wool, "grain": 0})


def test_c2_ca_01_more_votes_place_both_camels_in_two_caravans() -> None:
    """C2-CA-01: 2 votes against 1: seat 0 places both camels, the second in another
    caravan; both bids go to the bank."""
    state = _built_and_ended((2, 1))
    _bid(state, 0, 2)
    _bid(state, 1, 1)
    assert state.phase == "c2_camel" and state.actor == 0
    starts = caravan_starts(state.board)
    first = [a for a in state.legal_actions() if (a["edge"], a["toward"]) == starts[0]]
    state.apply(first[0])
    assert state.phase == "c2_camel" and state.actor == 0
    second = state.legal_actions()
    assert second and all(a["edge"] != starts[0][0] for a in second)
    front = state.caravan_fronts[0]
    assert all(front not in state.board.edge_vertices[a["edge"]] for a in second)
    state.apply(second[0])
    assert sum(1 for h in state.camel_head if h != -1) == 2
    assert len({i for i, f in enumerate(state.caravan_fronts) if f != -1}) == 2
    assert state.hand[0][WOOL] == 0 and state.hand[1][WOOL] == 0  # CA-VO-05
    assert state.turn_player == 1 and state.phase == "pre_roll"


def test_c2_ca_01_a_tie_gives_one_camel_each_turn_player_first() -> None:
    """C2-CA-01: 1 vote each: the player whose turn ended places one, then the opponent (who
    may continue the same caravan)."""
    state = _built_and_ended((1, 1))
    _bid(state, 0, 1)
    _bid(state, 1, 1)
    assert state.phase == "c2_camel" and state.actor == 0
    state.apply(state.legal_actions()[0])
    assert state.phase == "c2_camel" and state.actor == 1
    placed = [e for e, h in enumerate(state.camel_head) if h != -1]
    front = state.caravan_fronts[next(i for i, f in enumerate(state.caravan_fronts) if f != -1)]
    same = [a for a in state.legal_actions() if front in state.board.edge_vertices[a["edge"]]]
    assert same  # a tie's second camel may continue the first one's caravan
    state.apply(same[0])
    assert len(placed) == 1 and sum(1 for h in state.camel_head if h != -1) == 2
    events = [e for e in state.events if e["type"] == "place_camel"]
    assert [e["seat"] for e in events] == [0, 1]
    assert state.turn_player == 1


def test_c2_ca_01_the_token_action_puts_the_robber_beside_the_board() -> None:
    """C2-CA-01: instead of the desert (the oasis), beside the board; offered only while the
    robber stands on the island (it starts beside it)."""
    state = cleared_pair("caravans")
    assert state.robber == -1
    assert "robber_aside" not in kinds(state) and "robber_to_desert" not in kinds(state)
    state.robber = 4
    state._legal = None
    assert "robber_aside" in kinds(state) and "robber_to_desert" not in kinds(state)
    price = state.observation(0)["catan_for_two"]["token_price"]
    state.apply({"type": "robber_aside"})
    assert state.robber == -1 and state.c2_tokens == [5 - price, 5]
    assert "robber_aside" not in kinds(state)
