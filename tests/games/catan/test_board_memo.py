"""The per-board memo (``games.catan.board_memo``) behind the sea tables, New World's coast and
the movable-ships memo: one dict per board, the board kept alive by its entry, a bound on
memory."""

from __future__ import annotations

import gc
import weakref

from games.catan import GAME
from games.catan.board_memo import BoardMemo
from games.catan.expansions.seafarers import sea
from games.catan.expansions.seafarers.scenarios import placed_harbours


class _Board:
    """A stand-in board: any object can key the memo."""


def test_each_board_has_its_own_answers_kept_between_asks() -> None:
    memo, first, second = BoardMemo(8), _Board(), _Board()
    memo.of(first)["key"] = "first's"
    assert memo.of(first) == {"key": "first's"}
    assert memo.of(second) == {}


def test_the_entry_keeps_its_board_alive_so_its_id_is_never_another_board_s() -> None:
    memo, board = BoardMemo(8), _Board()
    memo.of(board)["key"] = 1
    alive = weakref.ref(board)
    del board
    gc.collect()
    assert alive() is not None and memo.of(alive())["key"] == 1
    memo.clear()
    gc.collect()
    assert alive() is None


def test_a_board_s_answers_are_emptied_once_the_limit_is_held() -> None:
    memo, board = BoardMemo(3), _Board()
    answers = memo.of(board)
    answers.update({1: "a", 2: "b"})
    assert memo.of(board) == {1: "a", 2: "b"}  # below the limit: kept
    answers[3] = "c"
    assert memo.of(board) == {}


def test_sea_tables_and_the_coast_are_shared_per_board_and_terrains() -> None:
    """A state made again from its dict reads the very tables of the first (made once per
    board and terrains); other terrains on the same board get their own; the coast likewise."""
    state = GAME.new_game(4, 3, {"seafarers": "new_shores"})
    again = GAME.from_dict(state.to_dict())
    assert again.board is state.board and again.sf_ship_path is state.sf_ship_path
    coast = placed_harbours.coast(state.board, state.terrains)
    assert placed_harbours.coast(again.board, list(again.terrains)) is coast
    h = state.terrains.index("sea")
    again.terrains[h] = "forest"
    sea.build_tables(again)
    assert again.sf_ship_path is not state.sf_ship_path
    assert again.sf_ship_path != state.sf_ship_path  # the new land's sides took no ship
    assert placed_harbours.coast(again.board, again.terrains) != coast
