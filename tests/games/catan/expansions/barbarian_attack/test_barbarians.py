"""Barbarians land and conquer (BA-LA-01..03, BA-CQ-01..05)."""

from __future__ import annotations

import pytest

from games.catan.expansions.barbarian_attack import barbarians as B
from games.common.api import CHANCE
from tests.games.catan.fixtures import put, roll

from .helpers import CASTLE, RING, ba_game, events, give, in_main, set_barbarians


def landing(total: int) -> dict:
    return B.LANDING[total]


def build_settlement_somewhere(state) -> int:
    """Seat 0 builds a settlement on a legal spot (paid for); returns its intersection."""
    give(state, 0, lumber=1, brick=1, wool=1, grain=1)
    action = next(a for a in state.legal_actions() if a["type"] == "build_settlement")
    state.apply(action)
    return action["vertex"]


def with_road_to_free_spot(state):
    """Seat 0 gets a road network reaching a free corner, so a settlement is buildable."""
    for e in range(state.board.num_edges):
        if state.edge_owner[e] != -1:
            continue
        a, b = state.board.edge_vertices[e]
        if 0 in (state.vertex_owner[a], state.vertex_owner[b]):
            for v in (a, b):
                far = [
                    f for f in state.board.vertex_edges[v] if f != e and state.edge_owner[f] == -1
                ]
                for f in far:
                    end = next(x for x in state.board.edge_vertices[f] if x != v)
                    vo = state.vertex_owner
                    if vo[end] == -1 and all(
                        vo[w] == -1 for w in state.board.vertex_neighbors[end]
                    ):
                        put(state, 0, roads=[e, f])
                        return end
    raise AssertionError("no spot")


def test_BA_LA_01_building_a_settlement_or_city_starts_a_landing() -> None:
    """BA-LA-01: a settlement or city built in a turn interrupts it for a landing."""
    state = in_main()
    with_road_to_free_spot(state)
    build_settlement_somewhere(state)
    assert state.current_player() == CHANCE and state.phase == "barbarian_landing"
    state = in_main(ore=3, grain=2)
    state.apply(next(a for a in state.legal_actions() if a["type"] == "build_city"))
    assert state.phase == "barbarian_landing"


def test_BA_LA_01_roads_and_the_founding_bring_no_landing() -> None:
    """BA-LA-01: setup excepted; a road is no settlement."""
    from games.catan import GAME

    state = GAME.new_game(3, 4, {"scenario": "barbarian_attack"})
    assert sum(state.ba_barbarians) == 2
    state = in_main(lumber=1, brick=1)
    state.apply(next(a for a in state.legal_actions() if a["type"] == "build_road"))
    assert state.phase == "main"
    assert sum(state.ba_barbarians) == 2


def test_BA_LA_02_three_rolls_no_7_no_repeat_one_barbarian_each() -> None:
    """BA-LA-02: three results, each no 7 and none repeated, each adds a barbarian to the
    coastal hex with that number."""
    state = in_main(ore=3, grain=2)
    state.apply(next(a for a in state.legal_actions() if a["type"] == "build_city"))
    totals = {a["total"] for a, _ in state.chance_outcomes()}
    assert totals == {2, 3, 4, 5, 6, 8, 9, 10, 11, 12}
    weights = dict((a["total"], w) for a, w in state.chance_outcomes())
    assert weights[6] == pytest.approx(5 / 30) and weights[2] == pytest.approx(1 / 30)
    state.apply(landing(6))
    assert 6 not in {a["total"] for a, _ in state.chance_outcomes()}
    with pytest.raises(Exception, match="not an outcome"):
        state.apply(landing(6))
    state.apply(landing(2))
    state.apply(landing(9))
    six, two, nine = (B.coastal_hex_of(state, t) for t in (6, 2, 9))
    assert state.ba_barbarians[six] == 1 and state.ba_barbarians[two] == 2
    assert state.ba_barbarians[nine] == 1 and state.phase == "main"


def test_BA_LA_02_a_hex_holding_3_gets_none_and_the_roll_is_not_repeated() -> None:
    state = in_main(ore=3, grain=2)
    five = B.coastal_hex_of(state, 5)
    set_barbarians(state, {five: 3})
    state.apply(next(a for a in state.legal_actions() if a["type"] == "build_city"))
    supply = state.ba_supply
    state.apply(landing(5))
    assert state.ba_barbarians[five] == 3 and state.ba_supply == supply
    assert events(state, "barbarian_landing")[-1]["placed"] is False
    assert state.ba_landing == [5]  # counted as one of the three rolls


def test_BA_LA_03_no_landing_once_the_supply_is_empty() -> None:
    state = in_main(ore=3, grain=2)
    state.ba_supply = 0
    state.apply(next(a for a in state.legal_actions() if a["type"] == "build_city"))
    assert state.phase == "main"


def test_BA_CQ_01_three_barbarians_conquer_a_hex_it_produces_nothing() -> None:
    """BA-CQ-01: the third barbarian turns the token face down; the hex stops producing."""
    free, lost = ba_game(), ba_game()
    h, v = next(
        (h, v) for h in RING for v in free.board.hex_vertices[h] if free.vertex_owner[v] != -1
    )
    p, number = free.vertex_owner[v], free.numbers[h]
    set_barbarians(lost, {h: 2})
    assert B.put_barbarian(lost, h)
    assert lost.numbers[h] == 0 and events(lost, "hex_conquered")[-1]["hex"] == h
    for state in (free, lost):
        roll(state, number)
    r = free.hex_resource[h]
    paid = sum(
        free.vertex_level[w] for w in free.board.hex_vertices[h] if free.vertex_owner[w] == p
    )
    assert free.hand[p][r] - lost.hand[p][r] == paid > 0


def test_BA_CQ_02_no_road_or_settlement_next_to_a_conquered_hex() -> None:
    """BA-CQ-02."""
    state = in_main(lumber=5, brick=5, wool=5, grain=5)
    roads = {a["edge"] for a in state.legal_actions() if a["type"] == "build_road"}
    touched = {h for e in roads for h in state.board.edge_hexes[e] if h in RING}
    h = sorted(touched)[0]
    set_barbarians(state, {h: 3})
    legal = state.legal_actions()
    assert all(
        h not in state.board.edge_hexes[a["edge"]] for a in legal if a["type"] == "build_road"
    )
    assert all(
        h not in state.board.vertex_hexes[a["vertex"]]
        for a in legal
        if a["type"] == "build_settlement"
    )
    assert any(a["type"] == "build_road" for a in legal)


def test_BA_CQ_03_a_building_surrounded_by_conquered_hexes_and_sea_is_conquered() -> None:
    """BA-CQ-03: no VP and no harbour for a building touching only conquered hexes and the
    sea; BA-CQ-05: liberation gives them back."""
    state = ba_game()
    ring = set(RING)
    vo = state.vertex_owner
    v, p = next(
        (v, p)
        for v, kind in state.harbor_rate_vertices.items()
        if set(state.board.vertex_hexes[v]) <= ring
        and vo[v] == -1
        and all(vo[w] == -1 for w in state.board.vertex_neighbors[v])
        for p in range(4)
        if max(state.rates[p]) == 4
    )
    hexes = state.board.vertex_hexes[v]
    without = list(state.rates[p])
    put(state, p, settlements=[v])
    with_harbour = list(state.rates[p])
    assert with_harbour != without
    vp = state.public_vp(p)
    set_barbarians(state, {h: 3 for h in hexes})
    assert v in B.conquered_buildings(state)
    assert state.public_vp(p) == vp - 1 and state.rates[p] == without
    set_barbarians(state, {h: 3 for h in hexes[1:]})
    assert v not in B.conquered_buildings(state)
    assert state.public_vp(p) == vp and state.rates[p] == with_harbour


def test_BA_CQ_04_a_building_next_to_the_castle_or_desert_is_never_conquered() -> None:
    """BA-CQ-04."""
    state = ba_game()
    for v in state.board.hex_vertices[CASTLE]:
        lost = {h for h in state.board.vertex_hexes[v] if h in RING}
        assert not B.conquered_vertex(state, v, lost)


def test_BA_CQ_05_a_liberated_hex_produces_again() -> None:
    """BA-CQ-05, BA-EX-05: one barbarian less, the token is face up, the hex produces."""
    state = ba_game()
    h = RING[3]
    number = state.board.fixed_numbers[h]
    set_barbarians(state, {h: 3})
    assert state.numbers[h] == 0
    B.take_barbarian(state, h)
    assert state.numbers[h] == number and h in state.number_hexes[number]
    assert events(state, "hex_liberated")[-1]["hex"] == h
