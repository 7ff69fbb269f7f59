"""SF-LT-03, BG-LR-05..08: the Longest Trade Route holder's own count owed after his hanging
ship moves and pieces (``owe_length``'s strict test: his low bound at least 5 and above every
other seat's length), played through the engine on built positions. Each position is played
twice, once as it is and once with every offer refused (``owe_length`` False: each count made
at once, as before the holder could be owed): the holder after every step and the lengths at the
end are the same, and the lengths read equal a plain search's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.catan.observation import observe
from games.catan.state import CatanState
from tests.games.catan.expansions.seafarers.positions import (
    cleared,
    coast,
    other_end,
    put,
    sea_line,
    set_hand,
    zone_hexes,
)
from tests.games.catan.test_longest_road_routes import plain_route

Step = Callable[[CatanState], None]


def _plain(state: CatanState, seat: int) -> int:
    return plain_route(state.board, seat, state.edge_owner, state.vertex_owner, state.ship_owner)


def _towns(state: CatanState) -> list[int]:
    """Free coast intersections of the main island, the first player's first."""
    b = state.board
    main = zone_hexes(state, "main")
    first = coast(state, main)
    found = [first]
    for v in range(b.num_vertices):
        land = v != first and state.sf_land_vertex[v] and set(b.vertex_hexes[v]) & main
        if land and any(state.sf_ship_path[e] for e in b.vertex_edges[v]):
            found.append(v)
    return found


def _town_and_line(state: CatanState, seat: int, length: int, extra: int = 0) -> list[int]:
    """``seat``'s settlement on a free coast and a line of ``length`` ships from it (``extra``
    more paths of the line found, not laid), clear of every piece already on the board."""
    taken = {e for e, owner in enumerate(state.ship_owner) if owner != -1}
    ends = {v for e in taken for v in state.board.edge_vertices[e]}
    for v in _towns(state):
        if state.blocked[v] or v in ends:
            continue
        try:
            line = sea_line(state, v, length + extra, avoid=taken, land_free=False)
        except AssertionError:
            continue
        near = {w for e in line for w in state.board.edge_vertices[e]}
        if near & ends or any(state.vertex_owner[w] != -1 for w in near - {v}):
            continue
        put(state, seat, settlements=[v], ships=line[:length])
        return line
    raise AssertionError("no free line")


def _turn(state: CatanState, seat: int) -> None:
    """``seat`` in his main phase after the roll, his ship not moved yet."""
    state.turn_player = seat
    state.rolled = True
    state.ship_moved = False
    state.ships_new = []
    state._set_phase("main", seat)
    state.touch()


def _length_after(state: CatanState, move: dict[str, Any]) -> int:
    p = state.actor
    ships = list(state.ship_owner)
    ships[move["from"]], ships[move["to"]] = -1, p
    return plain_route(state.board, p, state.edge_owner, state.vertex_owner, ships)


def _swings(state: CatanState, move: dict[str, Any]) -> bool:
    edge_vertices = state.board.edge_vertices
    return bool(set(edge_vertices[move["from"]]) & set(edge_vertices[move["to"]]))


def move_to(length: int, seat: int = 0) -> Step:
    """A step: ``seat`` moves a ship (not around its own end) so that his route is ``length``
    (the last such move offered: on these lines, a branch nearest the line's start)."""

    def step(state: CatanState) -> None:
        _turn(state, seat)
        found = [
            move
            for move in state.legal_actions()
            if move["type"] == "move_ship"
            and not _swings(state, move)
            and _length_after(state, move) == length
        ]
        assert found, f"no move to {length}"
        state.apply(found[-1])

    return step


def build_ship(pick: Callable[[CatanState], int], seat: int = 0) -> Step:
    def step(state: CatanState) -> None:
        _turn(state, seat)
        set_hand(state, seat, lumber=1, wool=1)
        state.apply({"type": "build_ship", "edge": pick(state)})

    return step


def _played(
    build: Callable[[], CatanState], steps: list[Step], owe: bool, monkeypatch: pytest.MonkeyPatch
) -> tuple[CatanState, list[tuple[int, dict[int, tuple[int, int]]]]]:
    """The position played step by step: the holder and the owed bounds after each step."""
    if not owe:
        monkeypatch.setattr(CatanState, "owe_length", lambda *args: False)
    state = build()
    seen = []
    for step in steps:
        step(state)
        seen.append((state.longest_road, dict(state.lengths_owed)))
    monkeypatch.undo()
    return state, seen


def _check_against_eager(
    build: Callable[[], CatanState], steps: list[Step], monkeypatch: pytest.MonkeyPatch
) -> list[tuple[int, dict[int, tuple[int, int]]]]:
    """Play lazily and eagerly; the same holders after each step, the lengths read at the end
    equal (and a plain search's). The lazy run's holders and owed bounds per step come back."""
    lazy, lazy_seen = _played(build, steps, True, monkeypatch)
    eager, eager_seen = _played(build, steps, False, monkeypatch)
    assert [h for h, _ in lazy_seen] == [h for h, _ in eager_seen]
    assert all(not owed for _, owed in eager_seen)
    lengths = list(lazy.road_length)  # makes every owed count
    assert not lazy.lengths_owed
    assert lengths == eager.road_length == [_plain(lazy, q) for q in range(lazy.n)]
    changes = [e for e in lazy.events if e["type"] == "longest_road"]
    assert changes == [e for e in eager.events if e["type"] == "longest_road"]
    return lazy_seen


def _holder_of_nine(behind: int) -> CatanState:
    """Seat 0 holds the card with a line of nine ships; seat 1 has a line of ``behind``."""
    state = cleared()
    _town_and_line(state, 0, 9)
    _town_and_line(state, 1, behind)
    assert state.longest_road == 0 and state.road_length[:2] == [9, behind]
    return state


def test_sf_lt_03_the_holders_hanging_moves_are_owed_while_he_leads_by_more_than_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SF-LT-03, BG-LR-05/06: the holder (9) moves a hanging ship twice with seat 1 at 6: each
    move's count is owed, his bounds widened by one each way (8..10, then 7..11: his low bound
    still above 6); the third move's bounds (6..12) no longer lead 6, so it is counted at once:
    it ends at 6, a drop that ties seat 1, and the card is set aside (BG-LR-06), as when every
    count is made at once."""
    steps = [move_to(8), move_to(7), move_to(6)]
    seen = _check_against_eager(lambda: _holder_of_nine(6), steps, monkeypatch)
    assert seen == [(0, {0: (8, 10)}), (0, {0: (7, 11)}), (-1, {})]


def test_sf_lt_03_the_holders_move_is_counted_at_once_with_a_seat_one_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SF-LT-03: seat 1 at 8 behind the holder's 9: a hanging move's bounds (8..10) do not
    lead him strictly, so the holder's count is made at once (exact, not owed); a drop to 8
    ties seat 1 and sets the card aside (BG-LR-06)."""
    state = _holder_of_nine(8)
    move_to(8)(state)
    assert 0 not in state.lengths_owed and state._road_length[0] == 8 == _plain(state, 0)
    assert state.longest_road == -1
    _check_against_eager(lambda: _holder_of_nine(8), [move_to(8)], monkeypatch)


def test_sf_lt_03_the_holders_hanging_ship_is_owed_and_a_move_widens_his_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SF-LT-03, BG-LR-08: the holder (9) builds a ship at his line's open end (it hangs): his
    count is owed (9..10: a new piece never shortens a route); a move that drops him to 9 is
    owed too (8..11), seat 1 being at 5."""

    def build() -> CatanState:
        state = cleared()
        state.__dict__["line"] = _town_and_line(state, 0, 9, extra=1)
        _town_and_line(state, 1, 5)
        return state

    steps = [build_ship(lambda state: state.__dict__["line"][9]), move_to(9)]
    seen = _check_against_eager(build, steps, monkeypatch)
    assert seen == [(0, {0: (9, 10)}), (0, {0: (8, 11)})]


def test_sf_lt_03_a_settlement_cutting_the_owed_holder_tells_his_drop_from_his_low_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """BG-LR-03/06 by SF-LT-01: the holder's count is owed (a hanging ship built: 9..10) when
    seat 1 builds a settlement inside his line: his route is cut to the length of seat 1's, a
    drop (below his low bound), so the tie sets the card aside, as when counted at once."""
    probe = cleared()
    line = _town_and_line(probe, 0, 9, extra=1)
    put(probe, 0, ships=line[9:])
    b = probe.board
    cuts = []  # (inner intersection, a land path there for seat 1's road, the cut length)
    v = next(w for w in b.edge_vertices[line[0]] if probe.vertex_owner[w] == 0)
    for e in line[:-1]:
        v = other_end(probe, e, v)
        roads = [f for f in b.vertex_edges[v] if f not in probe.sf_no_road and f not in line]
        if probe.sf_land_vertex[v] and not probe.blocked[v] and roads:
            vo = list(probe.vertex_owner)
            vo[v] = 1
            cut = plain_route(b, 0, probe.edge_owner, vo, probe.ship_owner)
            if 4 < cut < 9:
                cuts.append((v, roads[0], cut))
    assert cuts
    w, road, cut = cuts[0]

    def build() -> CatanState:
        state = cleared()
        state.__dict__["line"] = _town_and_line(state, 0, 9, extra=1)
        _town_and_line(state, 1, cut)
        put(state, 1, roads=[road])
        assert state.road_length[:2] == [9, cut]
        return state

    def settle(state: CatanState) -> None:
        _turn(state, 1)
        set_hand(state, 1, lumber=1, brick=1, wool=1, grain=1)
        state.apply({"type": "build_settlement", "vertex": w})

    steps = [build_ship(lambda state: state.__dict__["line"][9]), settle]
    seen = _check_against_eager(build, steps, monkeypatch)
    assert seen == [(0, {0: (9, 10)}), (-1, {})]


def test_sf_lt_03_a_seat_passing_the_owed_holders_low_bound_takes_the_card_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """BG-LR-08: the holder's count is owed (two drops: 7..11, his stored length still 9);
    seat 1 joins his line of 6 to a lone ship of his: 8, above the holder's low bound, so the
    counts are made and seat 1 takes the card at once (not when a length is read)."""

    def build() -> CatanState:
        state = cleared()
        _town_and_line(state, 0, 9)
        line = _town_and_line(state, 1, 6, extra=2)
        put(state, 1, ships=[line[7]])
        state.__dict__["gap"] = line[6]
        return state

    steps = [move_to(8), move_to(7), build_ship(lambda state: state.__dict__["gap"], seat=1)]
    seen = _check_against_eager(build, steps, monkeypatch)
    assert seen == [(0, {0: (8, 10)}), (0, {0: (7, 11)}), (1, {})]


def test_sf_lt_03_readers_of_an_owed_holders_length_see_it_exact() -> None:
    """SF-LT-03, SF-WO-05: with the holder's count owed, ``length_reaches`` answers from his
    bounds when they tell and else makes his count; ``length_of`` and an observation's
    ``road_length`` make it; the holder rules read his low bound, not his stored length."""
    state = _holder_of_nine(6)
    move_to(8)(state)
    assert state.lengths_owed == {0: (8, 10)} and state._road_length[0] == 9  # stored: stale
    assert state.length_reaches(0, 8) and not state.length_reaches(0, 11)
    assert state.lengths_owed == {0: (8, 10)}  # told by the bounds: still owed
    assert state._holder_stands(holder_dropped=False)
    state.lengths_owed[0] = (6, 10)  # a low bound that reaches seat 1's 6 (stored length 9)
    assert not state._holder_stands(holder_dropped=False)
    state.lengths_owed[0] = (8, 10)
    assert not state.length_reaches(0, 9)  # between the bounds: his count made
    assert not state.lengths_owed and state._road_length[0] == _plain(state, 0) == 8
    move_to(7)(state)
    assert state.lengths_owed == {0: (7, 9)}
    assert state.length_of(0) == _plain(state, 0) == 7 and not state.lengths_owed
    state = _holder_of_nine(6)
    move_to(8)(state)
    assert state.lengths_owed == {0: (8, 10)}
    players = observe(state, 1)["players"]
    assert not state.lengths_owed
    assert [p["road_length"] for p in players] == [_plain(state, q) for q in range(state.n)]
    assert players[0]["road_length"] == 8 and state.longest_road == 0
