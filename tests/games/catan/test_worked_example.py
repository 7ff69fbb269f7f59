"""The worked example game of seed 003 (turns 1–16), as far as the seed allows.

The example is played on the almanac's board, whose picture is not in the seeds (M-BG-01): its
hexes (pasture 8, fields 10, the white wool harbour) do not exist at the same places on the
project's beginner board, and the seed gives neither the starting pieces nor every roll. So the
game cannot be replayed move for move. Each test below plays the example's turn through the
engine on the project's board with the same actions, rolls and card effects, and asserts the
outcome the seed states.
"""

from __future__ import annotations

from games.catan import actions as A
from games.catan.constants import KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY
from games.common.api import CHANCE
from tests.games.catan.fixtures import empty_board, hand, put, roll, set_hand, types

ORANGE, RED, BLUE, WHITE = 0, 1, 2, 3


def _table():
    """Four seats in the example's order: orange, red, blue, white."""
    state = empty_board(4)
    put(state, ORANGE, settlements=[12], roads=[11])
    put(state, RED, settlements=[17, 20])  # fields 12 / hills 6 / forest 8; hills 10, mountains 8
    put(state, BLUE, settlements=[40])  # mountains 3, fields 4, fields 6
    put(state, WHITE, settlements=[46], roads=[60])  # pasture 5, pasture 11; lumber harbour
    return state


def _next_turn(state, total=2):
    state.apply(A.END_TURN)
    roll(state, total)


def test_bg_ex_01_road_building_bought_turn_5_played_turn_9() -> None:
    """BG-EX-01: orange buys Road Building, cannot use it that turn, plays it in turn 9 for two
    roads, and the card leaves the game."""
    state = _table()
    roll(state, 2)
    set_hand(state, ORANGE, ore=1, wool=1, grain=1)
    state.apply(A.BUY_DEVELOPMENT)
    state.apply(A.DRAW_DEVELOPMENT[ROAD_BUILDING])
    assert "play_road_building" not in types(state)
    for _ in range(4):
        _next_turn(state)
    assert state.current_player() == ORANGE
    state.apply(A.PLAY_ROAD_BUILDING)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.roads_left[ORANGE] == 12 and state.dev_hand[ORANGE][ROAD_BUILDING] == 0
    assert state.dev_spent[ROAD_BUILDING] == 1


def test_bg_ex_02_red_trades_then_invention_then_city() -> None:
    """BG-EX-02: red gives white 1 lumber + 1 brick for 1 grain, plays Invention (bought
    earlier) for 1 ore + 1 grain and builds a city for 3 ore + 2 grain."""
    state = _table()
    roll(state, 2)
    _next_turn(state)
    state.dev_hand[RED][YEAR_OF_PLENTY] = 1
    state.dev_deck[YEAR_OF_PLENTY] -= 1
    set_hand(state, RED, lumber=1, brick=1, ore=2, grain=0)
    set_hand(state, WHITE, grain=2)
    state.apply({"type": "propose_trade", "give": {"lumber": 1, "brick": 1}, "get": {"grain": 1}})
    state.apply(A.REJECT_TRADE)  # blue
    state.apply(A.ACCEPT_TRADE)  # white
    state.apply(A.REJECT_TRADE)  # orange
    state.apply(A.CONFIRM_TRADE[WHITE])
    state.apply(A.PLAY_YEAR_OF_PLENTY)
    state.apply(A.TAKE_RESOURCE[4])
    state.apply(A.TAKE_RESOURCE[3])
    assert hand(state, RED) == {"ore": 3, "grain": 2}
    state.apply(A.BUILD_CITY[17])
    assert hand(state, RED) == {} and state.dev_spent[YEAR_OF_PLENTY] == 1


def test_bg_ex_03_blue_rolls_seven_robber_from_desert_steals_lumber() -> None:
    """BG-EX-03: blue rolls 7, moves the robber from the desert onto an 8 and steals 1 card
    (lumber) from white."""
    state = _table()
    state.turn_player = state.actor = BLUE
    set_hand(state, WHITE, lumber=1)
    assert state.terrains[state.robber] == "desert"
    roll(state, 7)
    put(state, WHITE, settlements=[39])  # white next to forest 8 here
    state.apply(A.MOVE_ROBBER[12])
    assert state.numbers[12] == 8 and state.current_player() == CHANCE
    state.apply(A.STEAL[0])
    assert hand(state, BLUE) == {"lumber": 1} and hand(state, WHITE) == {}


def test_bg_ex_04_white_knight_before_rolling_takes_reds_only_card() -> None:
    """BG-EX-04: white plays a knight before rolling, moves the robber next to red's city, takes
    red's only card and later builds a settlement."""
    state = _table()
    state.turn_player = state.actor = WHITE
    state.dev_hand[WHITE][KNIGHT] = 1
    state.dev_deck[KNIGHT] -= 1
    set_hand(state, RED, ore=1)
    put(state, RED, cities=[])
    state._legal = None
    state.apply(A.PLAY_KNIGHT)
    state.apply(A.MOVE_ROBBER[6])  # hills 10, next to red's v20 only
    state.apply(A.STEAL[4])
    assert hand(state, RED) == {} and hand(state, WHITE) == {"ore": 1}
    assert state.phase == "pre_roll"
    roll(state, 2)
    put(state, WHITE, roads=[65, 71])
    set_hand(state, WHITE, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[53])
    assert state.public_vp(WHITE) == 2


def test_bg_ex_05_roll_on_the_robbers_number_pays_nobody_there() -> None:
    """BG-EX-05: a 10 is rolled while the robber is on a 10 hex: its neighbours get nothing."""
    state = _table()
    state.robber = 6  # hills 10 (red's v20)
    roll(state, 10)
    assert hand(state, RED) == {}


def test_bg_ex_06_blue_trades_with_orange_and_bank_then_settles() -> None:
    """BG-EX-06: blue gives orange 1 ore for 1 lumber, trades 4 lumber for 1 wool at 4:1 and
    builds a settlement."""
    state = _table()
    state.turn_player = state.actor = BLUE
    put(state, BLUE, roads=[58, 64])  # 40-45-49
    roll(state, 2)
    set_hand(state, BLUE, ore=1, lumber=4, brick=1, grain=1)
    set_hand(state, ORANGE, lumber=1)
    state.apply(A.PROPOSE_ONE_FOR_ONE[4][0])
    state.apply(A.REJECT_TRADE)  # white
    state.apply(A.ACCEPT_TRADE)  # orange
    state.apply(A.REJECT_TRADE)  # red
    state.apply(A.CONFIRM_TRADE[ORANGE])
    state.apply(A.MARITIME[0][2][4])
    state.apply(A.BUILD_SETTLEMENT[49])
    assert hand(state, BLUE) == {} and state.public_vp(BLUE) == 2


def test_bg_ex_07_red_white_trade_two_to_one_harbour_twice_then_city() -> None:
    """BG-EX-07: red gives white 1 ore for 1 wool; white uses his 2:1 harbour twice and builds a
    city (here the lumber harbour stands in for the example's wool harbour)."""
    state = _table()
    state.turn_player = state.actor = WHITE
    roll(state, 2)
    set_hand(state, WHITE, lumber=4, wool=1, ore=1, grain=1)
    set_hand(state, RED, ore=1)
    state.apply({"type": "propose_trade", "give": {"wool": 1}, "get": {"ore": 1}})
    state.apply(A.REJECT_TRADE)  # orange
    state.apply(A.ACCEPT_TRADE)  # red
    state.apply(A.REJECT_TRADE)  # blue
    state.apply(A.CONFIRM_TRADE[RED])
    state.apply(A.MARITIME[0][4][2])
    state.apply(A.MARITIME[0][3][2])
    state.apply(A.BUILD_CITY[46])
    assert hand(state, WHITE) == {} and state.public_vp(WHITE) == 2
