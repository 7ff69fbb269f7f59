"""Catan for Two with the Traders & Barbarians main scenario (C2-TB-01/02), played through the
engine."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.expansions.traders_barbarians.wagons import END_BUILDING, move_action
from tests.games.catan.expansions.catan_for_two.combos import (
    approach,
    cleared_pair,
    founded_pair,
    kinds,
    main_phase,
    open_spot,
    roll_first,
)
from tests.games.catan.fixtures import dice_for, put, set_hand

TB = "traders_barbarians"


def _trade_hexes(state) -> set[int]:
    return {site["hex"] for site in state.board.sites["trade_hexes"].values()}


def test_c2_tb_01_a_neutral_road_s_toll_is_split_bank_first() -> None:
    """C2-TB-01: the 1-gold toll of a neutral road: half rounded up (1) to the bank, half
    rounded down (0) to the opponent; a seat's own toll rule is untouched (TB-WM-01)."""
    state = cleared_pair(TB)
    w = state.tb_wagons[0]
    board = state.board
    e = next(
        e
        for e in board.vertex_edges[w]
        if e not in board.road_closed and e not in state.tb_barbarians
    )
    put(state, 2, roads=[e])
    main_phase(state, 5, 9)
    state.apply(END_BUILDING)
    a, b = board.edge_vertices[e]
    gold, supply = list(state.gold), state.gold_supply
    state.apply(move_action(b if a == w else a))
    assert state.gold == [gold[0] - 1, gold[1]] and state.gold_supply == supply + 1
    told = [x for x in state.events if x["type"] == "neutral_toll"][-1]
    assert (told["bank"], told["opponent_gold"]) == (1, 0)


def test_c2_tb_01_the_split_gives_the_opponent_the_lower_half() -> None:
    """C2-TB-01 with a toll of 3 gold: 2 to the bank, 1 to the opponent."""
    from games.catan.expansions.catan_for_two.with_traders_barbarians import GLUE

    state = cleared_pair(TB)
    gold, supply = list(state.gold), state.gold_supply
    GLUE.neutral_toll(state, 0, 3)
    assert state.gold == [gold[0] - 3, gold[1] + 1] and state.gold_supply == supply + 2


def test_c2_tb_02_the_token_action_moves_a_barbarian_to_an_empty_path() -> None:
    """C2-TB-02: instead of the robber to the desert, a barbarian to a path with no road and
    no barbarian, for the token price; nobody is robbed."""
    state = cleared_pair(TB)
    road = next(e for e in range(state.board.num_edges) if e not in state.tb_barbarians)
    put(state, 1, roads=[road])
    main_phase(state, 5, 9)
    moves = [a for a in state.legal_actions() if a["type"] == "c2_move_tb_barbarian"]
    assert moves and "robber_to_desert" not in kinds(state)
    assert all(a["edge"] != road and a["edge"] not in state.tb_barbarians for a in moves)
    hands = [list(h) for h in state.hand]
    price = state.observation(0)["catan_for_two"]["token_price"]
    state.apply(moves[0])
    assert state.tb_barbarians[moves[0]["barbarian"]] == moves[0]["edge"]
    assert state.c2_tokens[0] == 5 - price and state.hand == hands
    assert "c2_move_tb_barbarian" not in kinds(state)


def test_c2_tb_02_a_settlement_by_a_trade_hex_earns_a_token() -> None:
    """C2-TB-02: 1 token next to a trade hex (plus the coast's, C2-TT-02)."""
    state = cleared_pair(TB)
    trade = _trade_hexes(state)
    v = next(
        v
        for v in range(state.board.num_vertices)
        if trade & set(state.board.vertex_hexes[v]) and open_spot(state, v)
    )
    start, roads = approach(state, v)
    put(state, 0, settlements=[start], roads=roads)
    main_phase(state, 5, 9)
    set_hand(state, 0, lumber=1, brick=1, wool=1, grain=1)
    coast = 1 if len(state.board.vertex_hexes[v]) < 3 else 0
    state.apply(A.BUILD_SETTLEMENT[v])
    assert state.c2_tokens == [5 + 1 + coast, 5]
    reasons = [e["reason"] for e in state.events if e["type"] == "trade_tokens"]
    assert reasons[-1] == "trade_hex"


def test_c2_tb_02_founding_settlements_by_a_trade_hex_earn_too() -> None:
    def by_trade(state, action) -> bool:
        return action["type"] == "place_settlement" and bool(
            _trade_hexes(state) & set(state.board.vertex_hexes[action["vertex"]])
        )

    state = founded_pair(TB, prefer=by_trade)
    earned = [e for e in state.events if e["type"] == "trade_tokens" and e["reason"] == "trade_hex"]
    assert {e["seat"] for e in earned} == {0, 1}


def test_c2_tb_both_rolls_reroll_a_2_or_12_the_second_never_the_first_total() -> None:
    """TB-TU-01 within C2-RO-03: a first 2 is rolled again as any roll; a second 12 is rolled
    again among the totals other than the first."""
    state = cleared_pair(TB)
    roll_first(state, 2)
    assert state.phase == "dice" and state.c2_rolls == []
    state.apply(dice_for(5))
    assert state.phase == "second_dice" and state.c2_rolls == [5]
    state.apply(dice_for(12))
    assert state.phase == "second_dice"
    assert all(o["die1"] + o["die2"] != 5 for o, _ in state.chance_outcomes())
    state.apply(dice_for(9))
    assert state.phase == "main" and state.c2_rolls == [5, 9]
