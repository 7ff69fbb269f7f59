"""Who holds the Longest Trade Route card after a settlement in a Seafarers game, where every
settlement has the routes counted again (``recount_trails``, SF-LT-03): a tie without a break
leaves the card (BG-LR-08), a break of a challenger changes nothing, a break of the holder into
a tie sets it aside (BG-LR-06, A-BG-09).

Seafarers' rules tests sit under ``expansions/``; this one is in mutation testing's selection
because the recount is core code (``games.catan.build``, issue 11)."""

from __future__ import annotations

import itertools
from typing import Any

from tests.games.catan.expansions.seafarers.positions import cleared, put


def _apart_paths(state: Any, lengths: list[int]) -> list[list[int]]:
    """Simple paths of intersections with ``lengths`` paths each, none touching another."""
    board = state.board
    taken: set[int] = set()
    found: list[list[int]] = []
    for length in lengths:
        for start in range(board.num_vertices):
            path = _path_from(board, start, length, taken)
            if path:
                found.append(path)
                taken.update(path)
                taken.update(w for v in path for w in board.vertex_neighbors[v])
                break
    assert [len(p) - 1 for p in found] == lengths
    return found


def _path_from(board: Any, start: int, length: int, taken: set[int]) -> list[int] | None:
    path = [start]
    while len(path) <= length:
        ahead = [
            w
            for w in board.vertex_neighbors[path[-1]]
            if w not in taken
            and w not in path
            and not any(u in path[:-1] for u in board.vertex_neighbors[w])
        ]
        if not ahead or path[0] in taken:
            return None
        path.append(ahead[0])
    return path


def _settle(state: Any, seat: int, v: int) -> None:
    """``seat``'s settlement at ``v``, then the recount every settlement triggers in a plugged
    game with a trail hook (``after_settlement``; the fixture's ``put`` rebuilds the derived
    tables, lengths included, before it would recount, so the piece is put by hand)."""
    state.vertex_owner[v] = seat
    state.settlements_left[seat] -= 1
    state.recount_trails()


def _roads(state: Any, path: list[int]) -> list[int]:
    return [state.board.edge_of_pair[pair] for pair in itertools.pairwise(path)]


def test_bg_lr_06_08_sf_lt_03_the_card_after_settlements_counted_again() -> None:
    state = cleared("new_shores", 3)
    zero, one, two, lone = _apart_paths(state, [6, 5, 4, 0])
    put(state, 0, roads=_roads(state, zero[:6]))
    assert state.road_length[0] == 5 and state.longest_road == 0
    put(state, 1, roads=_roads(state, one))
    assert state.road_length[1] == 5 and state.longest_road == 0  # a tie: no change (BG-LR-08)
    _settle(state, 2, lone[0])  # nobody's route changes: the holder keeps it
    assert state.road_length == [5, 5, 0] and state.longest_road == 0
    put(state, 2, roads=_roads(state, two))
    _settle(state, 1, two[2])  # a challenger's route broken: 4 -> 2
    assert state.road_length == [5, 5, 2] and state.longest_road == 0
    put(state, 0, roads=_roads(state, zero[5:]))
    assert state.road_length[0] == 6 and state.longest_road == 0
    _settle(state, 2, zero[1])  # the holder's route broken into 1 and 5: a tie
    assert state.road_length == [5, 5, 2]
    assert state.longest_road == -1  # set aside until one surpasses the others (BG-LR-06)
