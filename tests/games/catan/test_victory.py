"""Victory points and the end of the game."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.constants import VICTORY_POINT
from games.catan.state import CatanState
from tests.games.catan.expansions.seafarers.special_play import at_main
from tests.games.catan.fixtures import empty_board, put, roll, set_hand


def test_bg_vp_01_points_per_item() -> None:
    """BG-VP-01: settlement 1, city 2, Longest Road 2, Largest Army 2, VP card 1 (hidden)."""
    state = empty_board(3)
    put(state, 0, settlements=[0], cities=[2])
    state.longest_road = 0
    state.largest_army = 0
    state.dev_hand[0][VICTORY_POINT] = 1
    state.dev_deck[VICTORY_POINT] -= 1
    assert state.public_vp(0) == 7 and state.total_vp(0) == 8
    assert state.observation(1)["players"][0]["public_vp"] == 7
    assert state.observation(0)["you"]["victory_points"] == 8


def test_bg_vp_02_and_win_02_vp_cards_hidden_until_they_win() -> None:
    """BG-VP-02 BG-WIN-02: 2 settlements + Longest Road + 2 cities + 2 VP cards = 10; both are
    revealed when the player wins."""
    state = empty_board(3)
    put(state, 0, settlements=[0, 2, 44], cities=[22])
    state.longest_road = 0
    state.dev_hand[0][VICTORY_POINT] = 2
    state.dev_deck[VICTORY_POINT] -= 2
    assert state.total_vp(0) == 9
    roll(state, 2)
    assert not any(e["type"] == "reveal_victory_points" for e in state.events)
    set_hand(state, 0, ore=3, grain=2)
    state.apply(A.BUILD_CITY[0])
    assert state.is_terminal()
    reveal = next(e for e in state.events if e["type"] == "reveal_victory_points")
    assert reveal["cards"] == 2 and reveal["visible_to"] == "all"
    assert state.result() == {"ranking": [0, 1, 2], "scores": [10, 0, 0], "reason": "victory"}


def test_bg_win_01_ten_points_in_own_turn_ends_the_game() -> None:
    """BG-WIN-01: reaching 10 during one's own turn ends the game at once."""
    state = empty_board(3)
    put(state, 0, cities=[0, 2, 22], settlements=[44])
    state.dev_hand[0][VICTORY_POINT] = 2
    state.dev_deck[VICTORY_POINT] -= 2
    roll(state, 2)
    assert not state.is_terminal()
    set_hand(state, 0, ore=3, grain=2)
    state.apply(A.BUILD_CITY[44])
    assert state.is_terminal() and state.result()["ranking"][0] == 0


def test_bg_win_03_ten_points_in_another_turn_win_at_own_turn_start() -> None:
    """BG-WIN-03: 10 points reached in another player's turn win only when his turn begins."""
    state = empty_board(3)
    put(state, 1, cities=[0, 2, 22, 44])
    state.dev_hand[1][VICTORY_POINT] = 2
    state.dev_deck[VICTORY_POINT] -= 2
    roll(state, 2)
    assert not state.is_terminal() and state.total_vp(1) == 10
    state.apply(A.END_TURN)
    assert state.is_terminal() and state.result()["ranking"][0] == 1


def test_game_ends_when_nobody_can_reach_the_target() -> None:
    """BG-WIN-01 (engine safety): when no seat can ever score again (no piece or spot left,
    development deck empty) the game ends with reason "no_progress", ranked by VP."""
    state = empty_board(3, victory_points=20)
    put(state, 1, cities=[0])
    state.settlements_left[1] = 0  # seat 1 has every piece out (13 VP); the others have none
    state.cities_left[1] = 0
    state.roads_left = [0, 0, 0]
    state.dev_spent = state.dev_deck[:]
    state.dev_deck = [0] * 5
    roll(state, 2)
    state.apply(A.END_TURN)
    assert state.is_terminal()
    assert state.result()["reason"] == "no_progress" and state.result()["ranking"][0] == 1


def test_bg_vp_01_each_item_alone_moves_the_count_by_its_value() -> None:
    """BG-VP-01: settlement 1, city 2, Longest Road 2, Largest Army 2, VP card 1 (hidden: only in
    the owner's total), each added alone; a road adds nothing."""
    state = empty_board(3)
    steps = [
        (lambda: put(state, 0, roads=[0]), 0, 0),
        (lambda: put(state, 0, settlements=[0]), 1, 1),
        (lambda: put(state, 0, cities=[2]), 2, 2),
        (lambda: setattr(state, "longest_road", 0), 2, 2),
        (lambda: setattr(state, "largest_army", 0), 2, 2),
        (lambda: setattr(state, "longest_road", 1), -2, -2),
    ]
    public = total = 0
    for step, public_gain, total_gain in steps:
        step()
        state.vp_dirty = True
        public, total = public + public_gain, total + total_gain
        assert (state.public_vp(0), state.total_vp(0)) == (public, total)
    assert state.public_vp(1) == 2
    state.dev_hand[0][VICTORY_POINT] = 1
    state.dev_deck[VICTORY_POINT] -= 1
    assert (state.public_vp(0), state.total_vp(0)) == (public, total + 1)
    assert state.observation(1)["players"][0]["public_vp"] == public


def test_a_knight_in_hand_keeps_a_stuck_game_going_while_largest_army_can_decide_it() -> None:
    """BG-WIN-01 with BG-LA-02 (engine safety): with every piece out and the deck empty, a knight
    still in a hand keeps the game going when Largest Army's 2 VP would reach the target."""
    for knight_holder, ends in ((None, True), (2, False)):
        state = empty_board(3, victory_points=20)
        put(state, 1, cities=[0])
        state.settlements_left[1] = 0
        state.cities_left[1] = 0
        state.roads_left = [0, 0, 0]
        state.victory_target = state.total_vp(1) + 2
        if knight_holder is not None:
            state.dev_hand[knight_holder][0] = 1
            state.dev_deck[0] -= 1
        state.dev_spent = state.dev_deck[:]
        state.dev_deck = [0] * 5
        roll(state, 2)
        state.apply(A.END_TURN)
        assert state.is_terminal() is ends


def test_the_turn_limit_ends_the_game_ranked_by_points() -> None:
    """Safety net (option ``max_turns``): the game ends as ``turn_limit``, ranked by points."""
    state = empty_board(3, max_turns=10)
    put(state, 1, settlements=[31])
    while not state.is_terminal():
        roll(state, 2)
        state.apply(A.END_TURN)
    assert state.result()["reason"] == "turn_limit" and state.result()["ranking"] == [1, 0, 2]
    assert state.events[-1]["type"] == "game_over" and state.events[-1]["reason"] == "turn_limit"


def test_bg_win_01_the_winner_ranks_first_even_with_fewer_points() -> None:
    """BG-WIN-01 BG-WIN-03: seat 1 holds 11 points outside his turn; seat 0 reaches 10 in his own
    turn and wins: he ranks first, ahead of the higher score."""
    state = empty_board(3)
    put(state, 0, cities=[0, 2, 4, 6])
    state.dev_hand[0][VICTORY_POINT] = 2
    state.dev_deck[VICTORY_POINT] -= 2
    put(state, 1, cities=[20, 22, 24, 26], settlements=[30, 32, 34])
    state.apply(A.ROLL)  # his first move in his own turn: the check comes with it
    assert state.is_terminal()
    assert state.result()["reason"] == "victory" and state.result()["ranking"] == [0, 1, 2]
    assert state.result()["scores"][:2] == [10, 11]


def _stuck(seat_settlements: int, seat_cities: int, roads: int) -> CatanState:
    """Seat 1 holds a city on vertex 0 and a settlement on vertex 10 (5 VP of a 20-VP game); the
    others have nothing left; the deck is empty. Seat 1 keeps the pieces given."""
    state = empty_board(3, victory_points=20)
    put(state, 1, cities=[0], settlements=[10])
    state.settlements_left = [0, seat_settlements, 0]
    state.cities_left = [0, seat_cities, 0]
    state.roads_left = [0, roads, 0]
    state.dev_spent = state.dev_deck[:]
    state.dev_deck = [0] * 5
    return state


def test_a_settlement_that_can_still_become_a_city_keeps_a_stuck_game_going() -> None:
    """BG-WIN-01 (engine safety): the no-progress end waits while a seat has a city piece and a
    settlement on the board; it comes once the city piece is gone."""
    for cities_left, ends in ((1, False), (0, True)):
        state = _stuck(seat_settlements=0, seat_cities=cities_left, roads=0)
        roll(state, 2)
        state.apply(A.END_TURN)
        assert state.is_terminal() is ends


def test_a_free_spot_in_reach_keeps_a_stuck_game_going() -> None:
    """BG-WIN-01 (engine safety): a seat with a settlement piece left and roads to lay toward a
    free intersection may still score, so the game goes on; without roads and with no spot on
    its network it cannot, and the game ends; nor can it with roads but no settlement piece."""
    for settlements, roads, ends in ((1, 2, False), (1, 0, True), (0, 2, True)):
        state = _stuck(seat_settlements=settlements, seat_cities=0, roads=roads)
        assert not state.settlement_spots(1)  # no road of his reaches a free spot yet
        roll(state, 2)
        state.apply(A.END_TURN)
        assert state.is_terminal() is ends


def test_bg_win_01_a_step_that_moves_no_points_leaves_the_vp_stamp() -> None:
    """BG-WIN-01: the victory check follows ``vp_dirty``, raised wherever a VP may change;
    ``apply`` lowers it once it has checked, so a step that moves no points (a roll of 6)
    neither checks again nor moves ``vp_changes``, the stamp C&K keeps seat VP by
    (games/catan/README.md)."""
    state = empty_board(3)
    put(state, 0, settlements=[12], roads=[11])
    state.apply(A.ROLL)  # checks the hand-placed pieces once, and lowers the flag
    assert not state.vp_dirty
    stamp = state.vp_changes
    state.apply(A.DICE[2][2])
    assert state.phase == "main" and not state.vp_dirty
    assert state.vp_changes == stamp


def test_sf_pr_01_the_scenario_s_target_hook_decides_the_win() -> None:
    """BG-WIN-01 with SF-PR-01: the game's target is the scenario's (the core's ``target_of``
    asks the plug-in's ``target`` hook for the seat): in Pirate Islands, points enough for the
    game's target do not win while the seat's own fortress stands; once it is taken, they do."""
    state = at_main({"seafarers": "pirate_islands"}, 4, 1)
    p = state.actor
    state.victory_target = state.total_vp(p)  # the points are there
    assert state.pi_chits[p] > 0
    for taken in (False, True):
        if taken:
            state.pi_chits[p] = 0  # the fortress taken (SF-PR-01's own play: the expansion's test)
        set_hand(state, p, lumber=1, brick=1)
        state.vp_dirty = True  # the victory check is due at the next step
        state.apply(next(a for a in state.legal_actions() if a["type"] == "build_road"))
        assert state.is_terminal() is taken
    assert state.result()["ranking"][0] == p
