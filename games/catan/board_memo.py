"""Answers kept per board: tables derived from one board (and a key, such as its terrains) that
states of the same board share instead of deriving again.

A board is found by its id; the entry holds the board itself, so the id cannot pass to another
board while the entry stands (an entry whose board is not the one asked about is replaced). The
answers kept are shared: a caller never changes one in place.
"""

from __future__ import annotations

from typing import Any


class BoardMemo:
    """One dict of answers per board, emptied once it holds ``limit`` of them (a bound on memory:
    fog discoveries and drawn maps make new terrains without end)."""

    __slots__ = ("_boards", "_limit")

    def __init__(self, limit: int) -> None:
        self._boards: dict[int, tuple[Any, dict[Any, Any]]] = {}
        self._limit = limit

    def of(self, board: Any) -> dict[Any, Any]:
        """``board``'s answers by key (made empty for a board not seen before)."""
        kept = self._boards.get(id(board))
        if kept is None or kept[0] is not board:
            kept = self._boards[id(board)] = (board, {})
        answers = kept[1]
        if len(answers) >= self._limit:
            answers.clear()
        return answers

    def clear(self) -> None:
        """Drop every board's answers and let the boards go (a test run that makes boards
        without end)."""
        self._boards.clear()
