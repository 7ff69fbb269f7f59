"""Baggage train cards and the scenario's development cards."""

from __future__ import annotations

from games.catan import actions as A

from .helpers import (
    END_BUILDING,
    clear_hands,
    founded,
    free_vertex_path,
    give,
    give_card,
    main_phase,
    put_wagon,
    roll,
    types,
    wagon_moves,
    wagon_phase,
)

UPGRADE = {"type": "upgrade_baggage"}


def test_TB_BG_01_TB_BG_03_card_one_and_card_five() -> None:
    """TB-BG-01, TB-BG-03: card 1 gives 4 MP, 1 gold a delivery, no drive-off; card 5 gives
    7 MP, 5 gold and 1 VP."""
    state = founded(3, 51)
    p = state.turn_player
    wagon_phase(state)
    assert state.tb_mp == 4
    vp = state.public_vp(p)
    state.tb_baggage[p] = 5
    state.vp_dirty = True
    assert state.public_vp(p) == vp + 1
    state.apply(A.END_TURN)
    for _ in range(state.n - 1):
        wagon_phase(state)
        state.apply(A.END_TURN)
    wagon_phase(state)
    assert state.tb_mp == 7


def test_TB_BG_02_upgrade_pays_the_next_cards_cost_after_the_roll() -> None:
    """TB-BG-02: during trading/building, pay the cost on the back of the next card (card 2:
    1 lumber, 1 wool, 1 ore); it becomes the active card. Not before the roll."""
    state = founded(3, 52)
    p = state.turn_player
    clear_hands(state)
    give(state, p, lumber=1, wool=1, ore=1)
    assert UPGRADE not in state.legal_actions()
    roll(state, 8)
    hand = list(state.hand[p])
    assert UPGRADE in state.legal_actions()
    state.apply(UPGRADE)
    assert state.tb_baggage[p] == 2
    assert [hand[r] - state.hand[p][r] for r in range(5)] == [1, 0, 1, 0, 1]
    state.apply(END_BUILDING)
    assert state.tb_mp == 5


def test_TB_BG_04_drive_off_needs_an_upgraded_card() -> None:
    """TB-BG-04: with card 1 no drive-off is offered, with card 2 it is."""
    state = founded(3, 53)
    p = state.turn_player
    wagon_phase(state)
    e, a, _b = free_vertex_path(state)
    put_wagon(state, p, a)
    state.tb_barbarians[0] = e
    state._legal = None
    assert "drive_off" not in types(state)
    state.tb_baggage[p] = 2
    state._legal = None
    assert {"type": "drive_off", "barbarian": 0} in state.legal_actions()


def test_TB_DC_01_a_knight_moves_a_barbarian_and_robs_the_road_owner() -> None:
    """TB-DC-01: play a Knight: move a barbarian (no discards); onto another's road, draw 1
    random card from its owner. Not the turn it was bought."""
    state = founded(3, 54)
    p = state.turn_player
    q = (p + 1) % state.n
    clear_hands(state)
    give(state, q, grain=9)
    give_card(state, p, "knight", new=True)
    assert "play_scenario_card" not in types(state)
    state.deck_new[p] = [0] * 4
    state._legal = None
    state.apply({"type": "play_scenario_card", "card": "knight"})
    assert state.phase == "tb_move_barbarian" and state.knights[p] == 1
    e = next(f for f, o in enumerate(state.edge_owner) if o == q and f not in state.tb_barbarians)
    state.apply({"type": "move_barbarian", "barbarian": 1, "edge": e})
    state.apply(state.chance_outcomes()[0][0])
    assert state.hand[p][3] == 1 and state.hand[q][3] == 8  # no discard despite 9 cards
    assert state.phase == "pre_roll"


def test_TB_DC_02_road_building_gives_two_free_roads() -> None:
    """TB-DC-02: two roads for nothing."""
    state = founded(3, 55)
    p = state.turn_player
    main_phase(state)
    clear_hands(state)
    give_card(state, p, "road_building")
    left = state.roads_left[p]
    state.apply({"type": "play_scenario_card", "card": "road_building"})
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions() if a["type"] == "build_road"))
    assert state.roads_left[p] == left - 2 and sum(state.hand[p]) == 0
    assert state.phase == "main"


def test_TB_DC_03_swift_journey_gives_a_second_full_movement() -> None:
    """TB-DC-03: after the normal movement, a second allowance (unused points are lost)."""
    state = founded(3, 56)
    p = state.turn_player
    give_card(state, p, "swift_journey")
    wagon_phase(state)
    _e, a, b = free_vertex_path(state)
    put_wagon(state, p, a)
    state.apply({"type": "play_scenario_card", "card": "swift_journey"})
    state.apply({"type": "move_wagon", "vertex": b})
    state.tb_mp = 1  # a point left over
    state.apply({"type": "second_journey"})
    assert state.tb_mp == 4 and "second_journey" not in types(state)
    assert a in wagon_moves(state)


def test_TB_DC_04_victory_point_cards_count_hidden() -> None:
    """TB-DC-04: a VP card counts for its owner's total, not the public score, and the other
    seats do not see it."""
    state = founded(3, 57)
    p = state.turn_player
    public, total = state.public_vp(p), state.total_vp(p)
    give_card(state, p, "victory_point")
    assert state.public_vp(p) == public and state.total_vp(p) == total + 1
    assert state.observation(p)["you"]["scenario_cards"] == {"victory_point": 1}
    for seat in range(state.n):
        obs = state.observation(seat)
        assert obs["players"][p]["public_vp"] == public
        if seat != p:
            assert obs["you"]["scenario_cards"] == {}
            assert obs["scenario_deck"]["held"][p] == 1  # the count is public, not the card
        assert "tb_stacks" not in obs and "tools" not in str(obs["traders_barbarians"]["stacks"])
