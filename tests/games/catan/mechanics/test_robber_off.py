"""The robber beside the board until the next 7 or knight (games/catan/mechanics/robber_off.py).

Played on the base game's beginner board with the robber sent off by :func:`take_off`; the
Fishermen's own tests play the same through their layout (``robber: null``) and the 2-fish buy.
"""

from __future__ import annotations

import pytest

from games.catan import actions as A
from games.catan import picture
from games.catan.board import Board, board
from games.catan.constants import KNIGHT
from games.catan.mechanics import robber_off
from tests.games.catan.fixtures import empty_board, put, roll, set_hand


def _off_board(**options):
    """Seat 1 next to mountains 8 (hex ``ore_hex``) with the robber there, then sent off."""
    state = empty_board(4, **options)
    put(state, 1, settlements=[31])  # forest 3, mountains 8, pasture 5
    put(state, 2, settlements=[20])
    ore_hex = next(h for h in state.board.vertex_hexes[31] if state.terrains[h] == "mountains")
    state.robber = ore_hex
    return state, ore_hex


def test_take_off_puts_the_robber_beside_the_board_and_says_where_it_was() -> None:
    state, ore_hex = _off_board()
    assert robber_off.take_off(state) == ore_hex
    assert robber_off.is_off(state) and state.robber == robber_off.OFF_BOARD
    assert all(state.observation(s)["board"]["robber"] == -1 for s in range(4))
    with pytest.raises(ValueError, match="already beside the board"):
        robber_off.take_off(state)


def test_a_layout_without_a_robber_hex_starts_with_the_robber_beside_the_board() -> None:
    """FI-SU-05 (shape): ``"robber": null`` in a layout means beside the board."""
    aside = Board({**board("base_variable").layout, "name": "aside_test", "robber": None})
    assert aside.robber_start(list(board("base_beginner").fixed_terrains)) == -1


def test_while_off_no_hex_is_blocked() -> None:
    state, _ = _off_board()
    roll(state, 8)
    assert state.hand[1][4] == 0  # blocked while it stands there
    state.apply(A.END_TURN)
    robber_off.take_off(state)
    roll(state, 8)
    assert state.hand[1][4] == 1


def test_the_next_seven_brings_it_back_to_any_land_hex_after_the_discards() -> None:
    """A-FI-05: the next 7 puts the robber on any land hex, the one it left included."""
    state, ore_hex = _off_board()
    robber_off.take_off(state)
    set_hand(state, 2, lumber=8)
    set_hand(state, 1, wool=2)
    roll(state, 7)
    for _ in range(4):
        assert state.phase == "discard"
        state.apply(state.legal_actions()[0])
    assert state.phase == "move_robber" and robber_off.is_off(state)
    targets = [a["hex"] for a in state.legal_actions()]
    assert targets == list(range(19)) and ore_hex in targets
    state.apply(A.MOVE_ROBBER[ore_hex])
    assert state.robber == ore_hex and not robber_off.is_off(state)
    assert state.phase == "choose_victim"  # seats 1 and 2 live there: robbed as usual
    state.apply(A.ROB[1])
    state.apply(state.chance_outcomes()[0][0])
    assert state.hand[1][2] == 1 and state.hand[0][2] == 1


def test_a_knight_card_brings_it_back_too() -> None:
    """A-FI-05: a knight card played while the robber is off moves it onto the board."""
    state, _ = _off_board()
    robber_off.take_off(state)
    state.dev_hand[0][KNIGHT] = 1
    state._legal = None
    state.apply(A.PLAY_KNIGHT)
    assert [a["hex"] for a in state.legal_actions()] == list(range(19))
    state.apply(A.MOVE_ROBBER[3])
    assert state.robber == 3


def test_from_beside_the_board_the_desert_follows_the_option() -> None:
    state, _ = _off_board(robber_may_enter_desert=False)
    desert = state.terrains.index("desert")
    robber_off.take_off(state)
    roll(state, 7)
    targets = [a["hex"] for a in state.legal_actions()]
    assert desert not in targets and len(targets) == 18


def test_the_picture_draws_the_robber_beside_the_island_while_it_is_off() -> None:
    state, ore_hex = _off_board()
    svg = picture.draw(picture.public_view(state))
    assert f'class="robber" data-hex="{ore_hex}"' in svg and "robber-beside" not in svg
    robber_off.take_off(state)
    svg = picture.draw(picture.public_view(state))
    assert 'class="robber robber-beside" data-hex="-1"' in svg
    assert f'data-hex="{ore_hex}"><title>robber' not in svg
