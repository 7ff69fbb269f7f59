"""A turn of Barbarian Attack: the 7 without a robber, gold, the end-of-turn phase, 12 VP
(BA-TU-01..03, BA-VP-01)."""

from __future__ import annotations

from games.catan import actions as A
from games.catan.expansions.barbarian_attack import knights as K
from games.catan.mechanics import gold
from games.common.api import CHANCE
from tests.games.catan.fixtures import roll

from .helpers import ba_game, events, give, hex_paths, in_main, put_knight, set_barbarians


def test_BA_TU_01_a_7_means_discards_then_a_card_from_a_chosen_player() -> None:
    """BA-TU-01: over 7 cards discard half; no robber; the roller picks any player with cards
    and draws one at random (gold is never discarded, BA-TU-02)."""
    state = ba_game()
    give(state, 1, lumber=9)
    give(state, 2, ore=2)
    give(state, 3)
    state.gold[1] = 12
    roll(state, 7)
    assert state.phase == "discard" and state.current_player() == 1
    for _ in range(4):
        state.apply(A.DISCARD[0])
    assert state.hand[1][0] == 5 and state.gold[1] == 12
    assert state.phase == "choose_victim" and state.current_player() == 0
    assert state.legal_actions() == [A.ROB[1], A.ROB[2]]  # seat 3 has nothing
    state.apply(A.ROB[2])
    assert state.current_player() == CHANCE and state.chance_kind() == "steal"
    state.apply(A.STEAL[4])
    assert state.hand[0][4] == 1 and state.hand[2][4] == 1
    assert state.phase == "main" and state.robber == -1


def test_BA_TU_02_gold_buys_resources_twice_a_turn_and_the_bank_sells_gold_4_to_1() -> None:
    """BA-TU-02: 2 gold -> 1 resource, at most twice a turn; 4 of a kind -> 1 gold."""
    state = in_main(lumber=4)
    state.gold[0] = 6
    state.gold_supply -= 6
    state._legal = None
    exchange = gold.EXCHANGE[4]
    assert exchange in state.legal_actions()
    state.apply(exchange)
    state.apply(exchange)
    assert state.hand[0][4] == 2 and state.gold[0] == 2
    assert exchange not in state.legal_actions()  # twice per turn
    buy = gold.BUY[0][4]
    state.apply(buy)
    assert state.hand[0][0] == 0 and state.gold[0] == 3


def test_BA_TU_03_ending_the_turn_moves_knights_then_fights() -> None:
    """BA-TU-03: with knights on the board, ending the turn is the end-of-turn phase: the
    player moves his knights, then the battles are checked, then the next seat's turn."""
    state = in_main()
    paths = hex_paths(state, 3)
    put_knight(state, 0, paths[0])
    put_knight(state, 0, paths[3])
    set_barbarians(state, {3: 1})
    legal = state.legal_actions()
    assert K.FINISH_TURN in legal and A.END_TURN not in legal
    state.apply(K.FINISH_TURN)
    assert state.phase == "move_knights" and K.END_MOVES in state.legal_actions()
    state.apply(K.END_MOVES)
    assert events(state, "battle_won")[-1]["hex"] == 3  # 2 knights beat 1 barbarian
    assert state.current_player() == CHANCE and state.phase == "battle_losses"
    state.apply(K.LOSS[0])
    assert state.turn_player == 1 and state.phase == "pre_roll"


def test_BA_TU_03_no_knight_on_the_board_plain_end_of_turn() -> None:
    state = in_main()
    assert A.END_TURN in state.legal_actions()
    state.apply(A.END_TURN)
    assert state.turn_player == 1


def test_BA_VP_01_12_points_win_on_your_own_turn() -> None:
    """BA-VP-01: 12 VP (prisoners included) win, only on the player's own turn."""
    state = in_main(lumber=1, brick=1, wool=1, grain=1)
    assert state.victory_target == 12
    state.ba_prisoners[1] = 20  # 10 VP: seat 1 has 3 + 10 = 13 but it is seat 0's turn
    state.ba_prisoners[0] = 14  # 7 VP + 3 from buildings = 10
    state.vp_dirty = True
    state.apply(A.END_TURN)
    assert state.is_terminal() and state.result()["ranking"][0] == 1


def test_BA_VP_01_eleven_points_do_not_win() -> None:
    state = in_main()
    state.ba_prisoners[0] = 16  # 8 + 3 = 11
    state.vp_dirty = True
    state.apply(A.END_TURN)
    assert not state.is_terminal()
