"""The first four Seafarers scenarios (``expansions/seafarers.md`` §10-§13) played through the
engine: targets, founding zones, island markers, fog discovery, robber and pirate starts."""

from __future__ import annotations

import json

import pytest

from games.catan import GAME
from games.catan import actions as A
from games.common.api import CHANCE
from tests.games.catan.expansions.seafarers.positions import (
    cleared,
    founded,
    laid,
    put,
    set_hand,
    zone_hexes,
)


def _settle(state, seat: int, v: int) -> None:
    """``seat`` builds a settlement at ``v`` (reached by a ship put there for the test)."""
    ship = next(e for e in state.board.vertex_edges[v] if state.sf_ship_path[e])
    put(state, seat, ships=[ship])
    state.turn_player = seat
    state._set_phase("main", seat)
    set_hand(state, seat, lumber=1, brick=1, wool=1, grain=1)
    state.apply(A.BUILD_SETTLEMENT[v])


def _island_vertex(state, area: int, avoid=()) -> int:
    """A free coastal intersection touching area ``area`` only, away from ``avoid``."""
    b = state.board
    for v in range(b.num_vertices):
        areas = {state.sf_area[h] for h in b.vertex_hexes[v] if state.sf_area[h] >= 0}
        if areas != {area} or state.blocked[v] or v in avoid:
            continue
        coastal = any(state.sf_ship_path[e] for e in b.vertex_edges[v])
        if coastal and not any(w in avoid for w in b.vertex_neighbors[v]):
            return v
    raise AssertionError("no free coast on that island")


def _areas_outside(state, zone: str | None) -> list[int]:
    inside = {state.sf_area[h] for h in zone_hexes(state, zone)} if zone else set()
    return sorted({a for a in state.sf_area if a >= 0} - inside)


@pytest.mark.parametrize(
    ("name", "target"),
    [("new_shores", 14), ("four_islands", 13), ("fog_islands", 12), ("through_the_desert", 14)],
)
def test_victory_targets_sf_ns_01_sf_4i_01_sf_fi_01_sf_td_01(name: str, target: int) -> None:
    """SF-NS-01 (14), SF-4I-01 (13), SF-FI-01 (12), SF-TD-01 (14): the scenario's target, also
    in every seat's observation."""
    for n in (3, 4):
        state = laid(name, n)
        assert state.victory_target == target
        assert state.observation(0)["seafarers"]["victory_target"] == target


def test_sf_ns_02_founding_on_the_main_island_only() -> None:
    """SF-NS-02: founding settlements only touching the main island; afterwards anywhere."""
    state = laid("new_shores", 4)
    main = zone_hexes(state, "main")
    spots = [a["vertex"] for a in state.legal_actions()]
    assert spots and all(set(state.board.vertex_hexes[v]) & main for v in spots)
    later = founded("new_shores", 4)
    assert not all(
        set(later.board.vertex_hexes[v]) & main
        for v in range(later.board.num_vertices)
        if not later.blocked[v]
    )


def test_sf_ns_03_first_settlement_on_each_small_island_earns_two() -> None:
    """SF-NS-03: 2 SVP for a seat's first settlement on each small island, even after another
    seat settled it; a second one there earns nothing; the main island never."""
    state = cleared("new_shores", 4)
    island = _areas_outside(state, "main")[0]
    first = _island_vertex(state, island)
    _settle(state, 1, first)
    assert state.public_vp(1) == 1 + 2
    second = _island_vertex(state, island, avoid={first})
    _settle(state, 0, second)
    assert state.public_vp(0) == 1 + 2  # seat 1 was there first: seat 0 scores anyway
    third = _island_vertex(state, island, avoid={first, second})
    _settle(state, 0, third)
    assert state.public_vp(0) == 2 + 2  # no second marker on one island
    main = state.sf_area[next(iter(zone_hexes(state, "main")))]
    home = _island_vertex(state, main)
    _settle(state, 2, home)
    assert state.public_vp(2) == 1


def test_sf_ns_04_robber_and_pirate_starts() -> None:
    """SF-NS-04: 4 players: robber on the desert; 3 players: on the hills 12 of a small island;
    the pirate on its marked sea hex."""
    four = laid("new_shores", 4)
    assert four.terrains[four.robber] == "desert"
    three = laid("new_shores", 3)
    assert three.terrains[three.robber] == "hills" and three.numbers[three.robber] == 12
    assert three.robber not in zone_hexes(three, "main")
    for state in (three, four):
        assert state.pirate == state.board.sites["pirate"] and state.terrains[state.pirate] == "sea"


def test_sf_4i_02_founding_islands_become_home() -> None:
    """SF-4I-02: both founding settlements on one or two islands of the seat's choice; those
    are its home islands."""
    state = laid("four_islands", 4)
    spots = {a["vertex"] for a in state.legal_actions()}
    areas = {state.sf_area[h] for v in spots for h in state.board.vertex_hexes[v]} - {-1}
    assert len(areas) == 4  # every island is open to the founding
    played = founded("four_islands", 4)
    for p in range(4):
        towns = [v for v, o in enumerate(played.vertex_owner) if o == p]
        homes = {played.sf_area[h] for v in towns for h in played.board.vertex_hexes[v]} - {-1}
        assert set(played.home_areas[p]) == homes and 1 <= len(homes) <= 4


def test_sf_4i_03_first_settlement_on_each_foreign_island_earns_two() -> None:
    """SF-4I-03: 2 SVP on each foreign island (also another seat's home), none at home."""
    state = cleared("four_islands", 4)
    state.home_areas = [[0], [1], [2], [3]]
    _settle(state, 0, _island_vertex(state, 0))
    assert state.public_vp(0) == 1
    _settle(state, 0, _island_vertex(state, 1))
    assert state.public_vp(0) == 2 + 2  # seat 1's home island is foreign to seat 0
    assert len(state.island_marks[0]) == 1


def test_sf_4i_04_no_desert_no_gold_robber_on_the_twelve() -> None:
    """SF-4I-04: no desert, no gold field; the robber on the 12, the pirate on its mark."""
    for n in (3, 4):
        state = laid("four_islands", n)
        assert "desert" not in state.terrains and "gold" not in state.terrains
        assert state.numbers[state.robber] == 12
        assert state.pirate == state.board.sites["pirate"]


def test_sf_fi_01_no_special_points_in_the_fog() -> None:
    """SF-FI-01: a settlement on another island earns nothing."""
    state = cleared("fog_islands", 4)
    home = zone_hexes(state, "home")
    other = [a for a in _areas_outside(state, None) if not any(state.sf_area[h] == a for h in home)]
    areas = sorted({state.sf_area[h] for h in home})
    target = other[0] if other else areas[-1]
    _settle(state, 0, _island_vertex(state, target))
    assert state.public_vp(0) == 1 and state.island_marks[0] == []


def test_sf_fi_02_founding_on_the_home_islands() -> None:
    """SF-FI-02: founding settlements touch the home islands only."""
    state = laid("fog_islands", 3)
    home = zone_hexes(state, "home")
    spots = [a["vertex"] for a in state.legal_actions()]
    assert spots and all(set(state.board.vertex_hexes[v]) & home for v in spots)


def test_sf_fi_03_fog_places_start_empty_their_stacks_hidden() -> None:
    """SF-FI-03: the fog places start empty; the stacks' order is nowhere (the state draws from
    counts), and no seat's observation holds the stacks, only how many hexes are left."""
    state = laid("fog_islands", 4)
    fog = [h for h, t in enumerate(state.terrains) if t == "fog"]
    assert len(fog) == 12 and all(state.numbers[h] == 0 for h in fog)
    for seat in range(4):
        obs = state.observation(seat)
        text = json.dumps(obs)
        assert "fog_stack" not in text and "fog_tokens" not in text
        assert obs["seafarers"]["fog_left"] == 12


def _fog_edge(state):
    """A ship path from a home coast whose far end touches a fog place."""
    b = state.board
    for v in range(b.num_vertices):
        if not state.sf_land_vertex[v] or not set(b.vertex_hexes[v]) & zone_hexes(state, "home"):
            continue
        for e in b.vertex_edges[v]:
            if not state.sf_ship_path[e]:
                continue
            w = next(x for x in b.edge_vertices[e] if x != v)
            fog = [h for h in b.vertex_hexes[w] if state.terrains[h] == "fog"]
            if fog and not any(state.terrains[h] == "fog" for h in b.vertex_hexes[v]):
                return v, e, fog
    raise AssertionError("no fog in reach")


def test_sf_fi_04_a_ship_discovers_the_fog_and_earns_its_resource() -> None:
    """SF-FI-04: a ship ending at a fog place turns up the stack's top hex there; a land hex
    takes the top number token and its resource goes to the discoverer."""
    state = cleared("fog_islands", 4)
    state.pirate = -1
    v, e, fog = _fog_edge(state)
    put(state, 0, settlements=[v])
    set_hand(state, 0, lumber=1, wool=1)
    state.apply({"type": "build_ship", "edge": e})
    assert state.current_player() == CHANCE and state.phase == "fog"
    assert state.chance_kind() == "deck:fog"
    outcomes = dict((a["terrain"], p) for a, p in state.chance_outcomes())
    assert outcomes["sea"] == pytest.approx(2 / 12)
    state.apply({"type": "fog_terrain", "terrain": "hills"})
    assert state.phase == "fog_token"
    state.apply({"type": "fog_token", "number": 9})
    assert state.terrains[fog[0]] == "hills" and state.numbers[fog[0]] == 9
    assert state.hand[0][1] == 1  # one brick for the discovery
    while state.current_player() == CHANCE:  # a second fog place at the same corner
        state.apply({"type": "fog_terrain", "terrain": "sea"})
    assert state.phase == "main" and state.fog_stack["hills"] == 1
    assert any(e["type"] == "discover" for e in state.events)


@pytest.mark.parametrize("rewarded", (True, False))
def test_sf_fi_04_a_fog_place_touched_twice_is_queued_once(rewarded: bool) -> None:
    """SF-FI-04, A-SF-03: a fog place is turned up once, however many pieces touch it before
    it is: a path along its side touches it at both ends, and touching it again while it waits
    in the queue adds nothing."""
    from games.catan.expansions.seafarers import interrupts

    state = cleared("fog_islands", 4)
    fog = [next(h for h, t in enumerate(state.terrains) if t == "fog")]
    ends = state.board.edge_vertices[state.sf_hex_sides[fog[0]][0]]
    interrupts.queue_discoveries(state, 0, ends, rewarded)
    interrupts.queue_discoveries(state, 1, ends, rewarded)
    queue = state.fog_queue if rewarded else state.fog_later
    hexes = [h for h, _, _ in queue]
    assert sorted(hexes) == sorted(set(hexes)) and set(fog) <= set(hexes)
    assert all(seat == 0 for _, seat, _ in queue)


def test_sf_fi_04_a_gold_discovery_gives_a_choice() -> None:
    """SF-FI-04: a gold field discovered gives 1 resource of the discoverer's choice."""
    state = cleared("fog_islands", 4)
    state.pirate = -1
    v, e, _fog = _fog_edge(state)
    put(state, 0, settlements=[v])
    set_hand(state, 0, lumber=1, wool=1)
    state.apply({"type": "build_ship", "edge": e})
    state.apply({"type": "fog_terrain", "terrain": "gold"})
    state.apply({"type": "fog_token", "number": 5})
    while state.current_player() == CHANCE:
        state.apply({"type": "fog_terrain", "terrain": "sea"})
    assert state.phase == "gold_choice"
    state.apply({"type": "choose_gold", "resource": "grain"})
    assert state.hand[0][3] == 1 and state.phase == "main"


def test_sf_fi_05_robber_on_the_twelve_pirate_on_its_mark() -> None:
    """SF-FI-05 (A-SF-08): the robber on the 12, the pirate on the marked sea hex."""
    for n in (3, 4):
        state = laid("fog_islands", n)
        assert state.numbers[state.robber] == 12
        assert state.pirate == state.board.sites["pirate"] and state.terrains[state.pirate] == "sea"


def test_sf_td_02_founding_on_the_main_part_not_the_strip() -> None:
    """SF-TD-02: founding settlements touch the main part (@home), never the strip alone."""
    state = laid("through_the_desert", 4)
    home, strip = zone_hexes(state, "home"), zone_hexes(state, "strip")
    spots = [a["vertex"] for a in state.legal_actions()]
    assert spots and all(set(state.board.vertex_hexes[v]) & home for v in spots)
    strip_only = [
        v
        for v in range(state.board.num_vertices)
        if set(state.board.vertex_hexes[v]) & strip and not set(state.board.vertex_hexes[v]) & home
    ]
    assert strip_only and not set(strip_only) & set(spots)


def test_sf_td_03_the_strip_and_each_small_island_earn_two() -> None:
    """SF-TD-03: the strip beyond the deserts and each small island are foreign areas: 2 SVP for
    a seat's first settlement in each."""
    state = cleared("through_the_desert", 4)
    strip = state.sf_area[next(iter(zone_hexes(state, "strip")))]
    home = state.sf_area[next(iter(zone_hexes(state, "home")))]
    assert strip != home
    _settle(state, 0, _island_vertex(state, strip))
    assert state.public_vp(0) == 1 + 2
    islands = [a for a in _areas_outside(state, "home") if a != strip]
    _settle(state, 0, _island_vertex(state, islands[0]))
    assert state.public_vp(0) == 2 + 4
    _settle(state, 1, _island_vertex(state, home))
    assert state.public_vp(1) == 1


def test_sf_td_04_robber_on_a_desert_pirate_on_its_mark() -> None:
    """SF-TD-04 (A-SF-09): the robber on the top desert, the pirate on the marked sea hex."""
    for n in (3, 4):
        state = GAME.new_game(n, 1, {"seafarers": "through_the_desert"})
        assert state.terrains[state.robber] == "desert"
        assert state.pirate == state.board.sites["pirate"]
