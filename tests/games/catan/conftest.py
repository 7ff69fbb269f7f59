"""Catan tests' set-up: fresh boards for each test while mutmut records which tests reach which
function (issue 11).

``board()`` and ``topology._geometry`` build a layout's :class:`~games.catan.board.Board` and
:class:`~games.catan.topology.Geometry` once per process (``functools.cache``). In mutmut's stats
pass (``MUTANT_UNDER_TEST=stats``, every test of the selection in one process) only the first
test that asks for a layout would run ``Board.__init__`` and ``Geometry.__init__``, so mutmut
would run only that test against their mutants, and a survivor there would say nothing about
the tests that check the board's facts. Emptying the caches before each test of the stats pass
records every test that asks for a board. Mutants are then run in fresh processes forked before
any board is built, where the first build already uses the mutant, so nothing else changes; the
ordinary test run keeps its caches (nothing is rebuilt).
"""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def fresh_boards_in_mutmut_stats() -> None:
    if os.environ.get("MUTANT_UNDER_TEST") != "stats":
        return
    from games.catan import board, longest_road, topology

    board.board.cache_clear()
    topology._geometry.cache_clear()
    # its entries keep their geometry alive: without this, one per test for the whole pass
    longest_road._ROUTE_MEMOS.clear()
