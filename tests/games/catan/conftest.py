"""Catan tests' set-up: fresh boards for each test while mutmut records which tests reach which
function (issue 11).

``board()`` and ``topology._geometry`` build a layout's :class:`~games.catan.board.Board` and
:class:`~games.catan.topology.Geometry` once per process (``functools.cache``). In mutmut's stats
pass (``MUTANT_UNDER_TEST=stats``, every test of the selection in one process) only the first
test that asks for a layout would run ``Board.__init__`` and ``Geometry.__init__``, so mutmut
would run only that test against their mutants, and a survivor there would say nothing about
the tests that check the board's facts. Emptying the caches before each test of the stats pass
records every test that asks for a board.

Mutants are run in processes forked from mutmut's main process (``process_isolation = "fork"``,
mutmut 3.8.1's default), and that process has already run the clean tests in itself
(``MUTANT_UNDER_TEST=""``), so a mutant's process starts with every board of those tests built
without the mutant: ``Board.__init__``'s and ``Geometry.__init__``'s mutants then survive unseen
(the sample on ab391e5: ``Board.__init__`` 157 and 163, both failing the board tests when written
into the source by hand, mutkill9). The same holds for longest_road's memo of core trails
(``_cored_route`` 119 and 121 survived so, never run: every route test was answered from it). So
a mutant's process also empties the caches and memos, once, before its first test. The
ordinary test run keeps its caches (nothing is rebuilt).
"""

from __future__ import annotations

import os

import pytest

_CLEARED_IN: list[int] = []  # the mutant process (its id) whose caches were emptied


@pytest.fixture(autouse=True)
def fresh_boards_in_mutmut_stats() -> None:
    under_test = os.environ.get("MUTANT_UNDER_TEST")
    if not under_test:
        return
    if under_test != "stats":  # a mutant's (or the forced failure's) forked process: once
        if [os.getpid()] == _CLEARED_IN:
            return
        _CLEARED_IN[:] = [os.getpid()]
    from games.catan import board, longest_road, topology

    board.board.cache_clear()
    topology._geometry.cache_clear()
    # its entries keep their geometry alive: without this, one per test for the whole pass
    longest_road._ROUTE_MEMOS.clear()
    # the core trails' answers by shape: filled by the clean run, a mutant's process would
    # answer every route test from it without running the mutated search (mutkill9)
    longest_road._CORE_TRAILS.clear()
