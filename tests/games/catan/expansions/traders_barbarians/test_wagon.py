"""Wagon movement: path costs, the grain bonus, no partial moves, stopping, driving off."""

from __future__ import annotations

from games.catan import actions as A

from .helpers import (
    corner_next_to,
    free_vertex_path,
    give,
    main_phase,
    plaza,
    put_wagon,
    types,
    wagon_moves,
    wagon_phase,
)


def _on_path(seed: int = 21):
    """Wagon phase of the turn player, wagon at one end of a free inland path."""
    from .helpers import founded

    state = founded(3, seed)
    wagon_phase(state)
    p = state.turn_player
    e, a, b = free_vertex_path(state)
    put_wagon(state, p, a)
    return state, p, e, a, b


def test_TB_WM_01_a_bare_path_costs_two_points() -> None:
    """TB-WM-01: 2 MP for a path without a road."""
    state, p, _e, _a, b = _on_path()
    state.apply({"type": "move_wagon", "vertex": b})
    assert state.tb_wagons[p] == b and state.tb_mp == 2


def test_TB_WM_01_own_road_costs_one_point() -> None:
    """TB-WM-01: 1 MP on the seat's own road, no gold."""
    state, p, e, _a, b = _on_path()
    state._put_road(p, e)
    gold = list(state.gold)
    state.apply({"type": "move_wagon", "vertex": b})
    assert state.tb_mp == 3 and state.gold == gold


def test_TB_WM_01_another_players_road_costs_one_point_and_one_gold_to_him() -> None:
    """TB-WM-01: 1 MP + 1 gold paid to the road's owner; without gold the path is closed."""
    state, p, e, _a, b = _on_path()
    q = (p + 1) % state.n
    state._put_road(q, e)
    state.apply({"type": "move_wagon", "vertex": b})
    assert state.tb_mp == 3
    assert state.gold[p] == 4 and state.gold[q] == 6
    state, p, e, _a, b = _on_path()
    state._put_road(q, e)
    state.gold[p] = 0
    state._legal = None
    assert b not in wagon_moves(state)


def test_TB_WM_01_a_barbarian_adds_two_points() -> None:
    """TB-WM-01: a barbarian's path costs 4 bare, 3 with a road."""
    state, p, e, _a, b = _on_path()
    state.tb_barbarians[0] = e
    state._legal = None
    state.apply({"type": "move_wagon", "vertex": b})
    assert state.tb_mp == 0
    state, p, e, _a, b = _on_path()
    state.tb_barbarians[0] = e
    state._put_road(p, e)
    state.apply({"type": "move_wagon", "vertex": b})
    assert state.tb_mp == 1


def test_TB_WM_02_one_grain_for_two_points_once_a_turn() -> None:
    """TB-WM-02: 1 grain -> +2 MP, once a turn, even with no points left."""
    state, p, _e, _a, b = _on_path()
    state.tb_mp = 0
    give(state, p, grain=2)
    assert b not in wagon_moves(state)
    grain = state.hand[p][3]
    state.apply({"type": "buy_movement"})
    assert state.tb_mp == 2 and state.hand[p][3] == grain - 1
    assert "buy_movement" not in types(state)
    state.apply({"type": "move_wagon", "vertex": b})
    assert state.tb_wagons[p] == b


def test_TB_WM_03_no_partial_moves_and_unused_points_are_lost() -> None:
    """TB-WM-03: with 1 MP a bare path cannot be started; points do not carry over."""
    state, p, _e, _a, b = _on_path()
    state.tb_mp = 1
    state._legal = None
    assert b not in wagon_moves(state)
    state.apply(A.END_TURN)
    for _ in range(state.n - 1):
        wagon_phase(state)
        state.apply(A.END_TURN)
    wagon_phase(state)
    assert state.turn_player == p and state.tb_mp == 4  # card 1 again, not 5


def test_TB_WM_03_wagons_and_buildings_do_not_block() -> None:
    """TB-WM-03: any number of wagons share an intersection; a building does not block."""
    state, p, _e, _a, b = _on_path()
    q = (p + 1) % state.n
    state.tb_wagons[q] = b
    state.vertex_owner[b], state.vertex_level[b] = q, 1
    state._legal = None
    state.apply({"type": "move_wagon", "vertex": b})
    assert state.tb_wagons[p] == state.tb_wagons[q] == b


def test_TB_WM_04_stop_anywhere_and_must_stop_on_a_plaza() -> None:
    """TB-WM-04: the turn may end at any time of the movement; entering a plaza ends it."""
    state, p, _e, _a, _b = _on_path()
    assert "end_turn" in types(state)
    corner = corner_next_to(state, "castle")
    put_wagon(state, p, corner)
    state.tb_mp = 8
    state.tb_cargo[p] = "tools"  # the castle does not take tools: no draw, no delivery
    state.apply({"type": "move_wagon", "vertex": plaza(state, "castle")})
    assert state.tb_stopped and state.tb_mp == 0
    assert wagon_moves(state) == set() and "buy_movement" not in types(state)


def _next_to_barbarian(seed: int = 22, card: int = 2):
    state, p, e, _a, _b = _on_path(seed)
    state.tb_barbarians[1] = e
    state.tb_baggage[p] = card
    state._legal = None
    return state, p, e


def test_TB_WM_05_drive_off_on_a_number_of_the_active_card() -> None:
    """TB-WM-05: roll one die; on a number of the card the seat moves the barbarian to any
    free path, road or not, and draws no card; movement continues."""
    state, p, _e = _next_to_barbarian()
    points = state.tb_mp
    state.apply({"type": "drive_off", "barbarian": 1})
    assert state.chance_kind() == "die" and len(state.chance_outcomes()) == 6
    state.apply({"type": "die", "value": 6})  # card 2 drives off on a 6
    assert state.phase == "tb_place_barbarian"
    q = (p + 1) % state.n
    target = next(f for f in range(state.board.num_edges) if state.edge_owner[f] == q)
    hands = [list(h) for h in state.hand]
    state.apply({"type": "place_barbarian", "edge": target})
    assert state.tb_barbarians[1] == target
    assert state.hand == hands  # no card drawn
    assert state.phase == "tb_wagon" and state.tb_mp == points


def test_TB_WM_05_a_failed_roll_leaves_the_barbarian_and_each_is_tried_once() -> None:
    """TB-WM-05: another number: the barbarian stays; it cannot be tried again this turn."""
    state, _p, e = _next_to_barbarian()
    state.apply({"type": "drive_off", "barbarian": 1})
    state.apply({"type": "die", "value": 3})
    assert state.tb_barbarians[1] == e and state.phase == "tb_wagon"
    assert "drive_off" not in types(state)


def test_TB_WM_06_one_barbarian_per_path_and_roads_may_be_built_under_one() -> None:
    """TB-WM-06: a barbarian never joins another's path; a road may be built on its path."""
    from .helpers import founded, roll

    state = founded(3, 23)
    roll(state, 7)
    while state.phase == "discard":
        state.apply(state.legal_actions()[0])
    assert state.phase == "tb_move_barbarian"
    targets = {(a["barbarian"], a["edge"]) for a in state.legal_actions()}
    for i in range(3):
        for e in state.tb_barbarians:
            assert (i, e) not in targets
    state = founded(3, 24)
    p = state.turn_player
    main_phase(state)
    spots = state.road_spots(p)
    state.tb_barbarians[0] = spots[0]
    give(state, p, lumber=1, brick=1)
    assert {"type": "build_road", "edge": spots[0]} in state.legal_actions()
