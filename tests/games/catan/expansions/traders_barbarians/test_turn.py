"""The turn: the 7 moves a barbarian, gold, the order roll -> build -> wagon."""

from __future__ import annotations

from games.catan import actions as A

from .helpers import END_BUILDING, clear_hands, founded, give, main_phase, roll, types


def _seven(seed: int = 31):
    state = founded(3, seed)
    clear_hands(state)
    return state, state.turn_player


def _road_of(state, q: int) -> int:
    return next(
        e
        for e in range(state.board.num_edges)
        if state.edge_owner[e] == q and e not in state.tb_barbarians
    )


def test_TB_TU_02_seven_discards_then_the_roller_moves_a_barbarian() -> None:
    """TB-TU-02: over 7 cards discard half (gold does not count), then a barbarian moves."""
    state, p = _seven()
    q = (p + 1) % state.n
    give(state, q, lumber=4, brick=5)
    r = (p + 2) % state.n
    give(state, r, wool=7)
    state.gold[r] = 20  # gold is not a card: 7 cards + gold -> no discard
    roll(state, 7)
    assert state.phase == "discard" and state.current_player() == q
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert sum(state.hand[q]) == 5
    assert state.hand[r][2] == 7 and state.gold[r] == 20
    assert state.phase == "tb_move_barbarian" and state.current_player() == p
    assert state.robber == -1


def test_TB_TU_02_a_barbarian_onto_a_road_takes_a_card_of_its_owner() -> None:
    """TB-TU-02: onto another's road: 1 random resource card (never gold) from the owner."""
    state, p = _seven(32)
    q = (p + 1) % state.n
    give(state, q, ore=2)
    gold = list(state.gold)
    roll(state, 7)
    e = _road_of(state, q)
    state.apply({"type": "move_barbarian", "barbarian": 2, "edge": e})
    assert state.tb_barbarians[2] == e
    assert state.chance_kind() == "steal"
    state.apply(state.chance_outcomes()[0][0])
    assert state.hand[p][4] == 1 and state.hand[q][4] == 1
    assert state.gold == gold and state.phase == "main"


def test_TB_TU_02_a_barbarian_on_a_bare_path_takes_nothing() -> None:
    """TB-TU-02: a path without a road: no card is drawn."""
    state, p = _seven(33)
    give(state, (p + 1) % state.n, ore=2)
    roll(state, 7)
    taken = set(state.tb_barbarians)
    e = next(
        f
        for f in range(state.board.num_edges)
        if state.edge_owner[f] == -1 and f not in taken and f not in state.board.road_closed
    )
    state.apply({"type": "move_barbarian", "barbarian": 0, "edge": e})
    assert state.phase == "main" and sum(state.hand[p]) == 0


def test_TB_TU_03_two_gold_buy_a_resource_twice_a_turn() -> None:
    """TB-TU-03: up to twice a turn 2 gold -> 1 resource of choice; the bank sells gold 4:1."""
    state = founded(3, 34)
    p = state.turn_player
    main_phase(state)
    state.gold[p] = 10
    state._legal = None
    ore = state.hand[p][4]
    state.apply({"type": "exchange_gold", "resource": "ore"})
    state.apply({"type": "exchange_gold", "resource": "ore"})
    assert state.hand[p][4] == ore + 2 and state.gold[p] == 6
    assert "exchange_gold" not in types(state)
    clear_hands(state)
    give(state, p, lumber=4)
    gold = state.gold[p]
    rate = 3 if max(state.rates[p]) <= 3 else 4
    state.apply({"type": "buy_gold", "give": "lumber", "rate": rate})
    assert state.gold[p] == gold + 1


def test_TB_TU_04_trade_and_build_then_the_wagon_moves() -> None:
    """TB-TU-04: after the roll, trading and building end with ``end_building``; in the wagon
    phase nothing is built or traded, and ``end_turn`` passes the turn."""
    state = founded(3, 35)
    p = state.turn_player
    main_phase(state)
    assert "end_turn" not in types(state) and "end_building" in types(state)
    give(state, p, lumber=5, brick=5, wool=5, grain=5, ore=5)
    state.apply(END_BUILDING)
    assert state.phase == "tb_wagon"
    building = {"build_road", "maritime_trade", "propose_trade", "upgrade_baggage"}
    assert types(state) & building == set()
    state.apply(A.END_TURN)
    assert state.turn_player == (p + 1) % state.n and state.phase == "pre_roll"
