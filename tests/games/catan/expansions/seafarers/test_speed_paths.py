"""The fast paths of Seafarers' random play give the plain searches' answers: the trade route
(memoised per network component, a forest's longest path by two searches) against a search
from every intersection, and the ship moves (route ends memoised, one spot search for all
ships) against the route search and ``ships.move_targets`` ship by ship, in every position of
seeded random games on every map."""

from __future__ import annotations

from typing import Any

import pytest

from games.catan import GAME, longest_road
from games.catan.constants import LONGEST_ROAD_MIN
from games.catan.expansions.seafarers import TABLES, renew_after_discovery, sea, ships
from games.catan.expansions.seafarers.scenarios import SCENARIOS
from games.catan.expansions.seafarers.scenarios import cloth_for_catan as cloth
from games.catan.expansions.seafarers.scenarios import wonders_of_catan as wonders
from games.catan.longest_road import _route_components, longest_route
from games.catan.state import CatanState
from tests.games.catan.fixtures import set_hand
from tests.games.catan.randomplay import random_game
from tests.games.catan.test_longest_road_routes import plain_route as plain_route_on
from tests.games.random_game import play_streamed

MAPS = ("new_shores", "four_islands", "fog_islands", "through_the_desert")
PIECES = ("move_ship", "build_ship", "build_road", "build_settlement")
"""The actions after which the trade routes are compared."""


def plain_route(state: Any, seat: int, only: frozenset[int] | None = None) -> int:
    """SF-LT-01..02 searched from every intersection of the seat's pieces (``only``: of those
    on these paths), nothing pruned."""
    kept = range(state.board.num_edges) if only is None else only
    roads, ships = [-1] * state.board.num_edges, [-1] * state.board.num_edges
    for e in kept:
        roads[e], ships[e] = state.edge_owner[e], state.ship_owner[e]
    return plain_route_on(state.board, seat, roads, state.vertex_owner, ships)


def plain_route_ends(state: Any, p: int) -> list[int]:
    """SF-RT-01, SF-MS-02..03: the ships at the open ends of ``p``'s routes, each route found
    over every path at its intersections (not only ``p``'s ships there)."""
    so, vo = state.ship_owner, state.vertex_owner
    ev, vertex_edges = state.board.edge_vertices, state.board.vertex_edges
    mine = sorted(state.sf_ships[p])
    ships_at = {v: sum(so[f] == p for f in vertex_edges[v]) for e in mine for v in ev[e]}
    seen: set[int] = set()
    movable: list[int] = []
    for start in mine:
        if start in seen:
            continue
        route, buildings, todo = [], set(), [start]
        seen.add(start)
        while todo:
            e = todo.pop()
            route.append(e)
            for v in ev[e]:
                if vo[v] == p:
                    buildings.add(v)
                    continue
                for f in vertex_edges[v]:
                    if so[f] == p and f not in seen:
                        seen.add(f)
                        todo.append(f)
        if len(buildings) >= 2:
            continue
        ends = [e for e in route if any(vo[v] != p and ships_at[v] == 1 for v in ev[e])]
        if not ends:
            beside = [e for e in route if any(v in buildings for v in ev[e])]
            ends = [e for e in beside if ships._rest_joined(state, route, e, buildings)] or (
                [] if beside else route
            )
        movable.extend(ends)
    return sorted(movable)


def plain_moves(state: Any, p: int) -> list[dict[str, Any]]:
    """SF-MS-01..04 without the memo of route ends, targets searched ship by ship."""
    blocked = ships.pirate_sides(state)
    ends = plain_route_ends(state, p)
    movable = sorted(e for e in ends if e not in blocked and e not in state.ships_new)
    return [
        {"type": "move_ship", "from": e, "to": f}
        for e in movable
        for f in ships.move_targets(state, p, e)
    ]


@pytest.mark.parametrize("seafarers", MAPS)
def test_fast_paths_match_the_plain_searches(seafarers: str) -> None:
    checked_routes = checked_moves = 0

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal checked_routes, checked_moves
        if action["type"] in PIECES:
            for q in range(state.n):
                assert longest_route(
                    state.board, q, state.edge_owner, state.vertex_owner, state.ship_owner
                ) == plain_route(state, q)
                assert state.road_length[q] == plain_route(state, q)
                checked_routes += 1
        if state.phase == "main" and not state.ship_moved:
            p = state.turn_player
            state.spot_cache.pop(("move_ship", p), None)
            assert ships.cached_moves(state, p) == plain_moves(state, p)
            checked_moves += 1

    for seed, n in ((0, 3), (1, 4)):
        random_game(n, seed, {"seafarers": seafarers}, check=False, after_decision=compare)
    assert checked_routes > 200 and checked_moves > 200


@pytest.mark.parametrize("seafarers", ("new_world", "forgotten_tribe"))
def test_sf_lt_01_kept_trade_routes_match_the_full_count(seafarers: str) -> None:
    """A moved ship's owner's route is counted again only in the components the move changed
    (``longest_route_kept``); after every piece of seeded games on two special maps every seat's
    length equals the full count over all his components."""
    checked = 0

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal checked
        if action["type"] in PIECES:
            for q in range(state.n):
                full = longest_route(
                    state.board, q, state.edge_owner, state.vertex_owner, state.ship_owner
                )
                assert state.road_length[q] == full
                checked += action["type"] == "move_ship"

    for seed, n in ((2, 3), (3, 4)):
        random_game(n, seed, {"seafarers": seafarers}, check=False, after_decision=compare)
    assert checked > 300


def _walked_parts(state: Any, seat: int) -> set[tuple[frozenset[int], frozenset[int]]]:
    """The seat's components walked afresh over all his roads and ships."""
    kind = dict.fromkeys(ships.road_paths(state, seat), 1)
    kind.update(dict.fromkeys(state.sf_ships[seat], 2))
    roots = {v for e in kind for v in state.board.edge_vertices[e]}
    found = _route_components(state.board.vertex_links, kind, roots, set())
    return {(frozenset(vertices), frozenset(edges)) for edges, vertices in found}


@pytest.mark.parametrize("seafarers", ("new_world", "fog_islands"))
def test_sf_lt_01_kept_components_follow_each_ship_move(
    seafarers: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a ship move, once the mover's length is read (an owed count made), his kept
    components (updated from the last ones without a walk when the ship left an open end, and
    without a count when it swung around its own end) are exactly the components walked afresh,
    each with the length of a fresh count; the update without a walk is taken on most moves,
    the one without a count on some."""
    moves = 0
    counts = {"updated": 0, "walked": 0, "swung": 0}
    parts_after, hung_at = longest_road._parts_after, longest_road._hung_at

    def counted(*args: Any) -> Any:
        found = parts_after(*args)
        counts["walked" if found is None else "updated"] += 1
        return found

    def swung(*args: Any) -> Any:
        found = hung_at(*args)
        counts["swung"] += found >= 0
        return found

    monkeypatch.setattr(longest_road, "_parts_after", counted)
    monkeypatch.setattr(longest_road, "_hung_at", swung)

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal moves
        if action["type"] != "move_ship":
            return
        p = state.turn_player  # only the seat whose turn it is moves a ship
        state.length_of(p)  # an owed count is made now (it brings the kept components up to date)
        parts = state.sf_route_kept[p][4]
        assert {(part[0], part[1]) for part in parts} == _walked_parts(state, p)
        for _vertices, edges, length in parts:
            assert length == plain_route(state, p, edges)
        moves += 1

    for seed, n in ((4, 3), (5, 4)):
        random_game(n, seed, {"seafarers": seafarers}, check=False, after_decision=compare)
    assert moves > 150 and counts["updated"] > 4 * counts["walked"], counts
    assert counts["swung"] > 10, counts


@pytest.mark.parametrize("seafarers", ("wonders_of_catan", "forgotten_tribe"))
def test_sf_lt_01_kept_components_follow_each_building(seafarers: str) -> None:
    """After a settlement, each seat's kept components, once counted (the settlement recounts
    only the seats ``trails_at`` names; the others' catch up at their next count, made here),
    are exactly the components walked afresh, each with the length of a fresh count, that count
    is his stored length unless owed, and the kept building owners are the board's; most seats
    keep some components across the building (only those at its intersection are walked again:
    the same kept objects)."""
    settlements = kept_across = 0

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal settlements, kept_across
        if action["type"] != "build_settlement":
            return
        settlements += 1
        for q in range(state.n):
            if q not in state.sf_route_kept:
                continue
            counted = state.trail_length(q)
            assert q in state.lengths_owed or counted == state._road_length[q], q
            entry = state.sf_route_kept[q]
            assert entry[0] == state.vertex_owner
            parts = entry[4]
            assert {(part[0], part[1]) for part in parts} == _walked_parts(state, q)
            for _vertices, edges, length in parts:
                assert length == plain_route(state, q, edges)
            kept_across += sum(any(part is old for old in before.get(q, ())) for part in parts)

    before: dict[int, list[Any]] = {}

    def keep(state: Any, action: dict[str, Any]) -> None:
        compare(state, action)
        before.clear()
        before.update({q: list(entry[4]) for q, entry in state.sf_route_kept.items()})

    for seed, n in ((6, 3), (7, 4)):
        random_game(n, seed, {"seafarers": seafarers}, check=False, after_decision=keep)
    assert settlements > 10 and kept_across > 2 * settlements, (settlements, kept_across)


def test_scenario_hook_tables_hold_each_maps_own_hooks() -> None:
    """The hooks looked up once per map (``TABLES``) are the scenario class's own functions,
    bound to its instance, exactly where ``_call`` would find one by name, None elsewhere."""
    from games.catan.expansions import seafarers
    from games.catan.hooks import HOOKS

    found = 0
    for name, scenario in seafarers.SCENARIOS.items():
        table = seafarers.TABLES[name]
        assert table.scenario is scenario
        kept = [(hook, getattr(table, hook)) for hook in seafarers.ScenarioHooks.HOT]
        kept += [(hook, table.plain[hook]) for hook in HOOKS]
        for hook, bound in kept:
            method = seafarers._method(scenario, hook)
            if method is None:
                assert bound is None, (name, hook)
            else:
                assert bound.__func__ is method and bound.__self__ is scenario, (name, hook)
                found += 1
    assert found > 20


def test_shared_move_actions_are_made_once_per_pair() -> None:
    """``MovesFrom`` makes each ``move_ship`` action once, the same object by either look-up."""
    action = ships.moves_from(1001)[1002]
    assert action == {"type": "move_ship", "from": 1001, "to": 1002}
    assert ships.move_ship_action(1001, 1002) is action is ships.MOVE_SHIP[1001, 1002]
    assert next(map(ships.moves_from(1001).__getitem__, [1002, 1003])) is action


def plain_thief_moves(state: Any) -> list[dict[str, Any]]:
    """SF-PI-01, SF-PI-05: the robber to another land hex (desert per option, never a barred
    one), then the pirate to another sea hex, read from the terrains as they are now."""
    from games.catan import actions as A
    from games.catan.expansions.seafarers import scenario_of, thieves

    scenario, terrains = scenario_of(state), state.terrains
    legal = []
    if scenario.robber:
        legal += [
            A.MOVE_ROBBER[h]
            for h, t in enumerate(terrains)
            if h != state.robber
            and t not in ("sea", "fog")
            and (state.options["robber_may_enter_desert"] or t != "desert")
            and h not in state.board.robber_barred
        ]
    if scenario.pirate:
        legal += [
            thieves.move_pirate_action(h)
            for h, t in enumerate(terrains)
            if t == "sea" and h != state.pirate
        ]
    return legal


@pytest.mark.parametrize("seafarers", ("fog_islands", "cloth_for_catan", "wonders_of_catan"))
def test_kept_thief_moves_match_fresh_ones(seafarers: str) -> None:
    """After every decision of seeded games the robber's and pirate's moves from the kept pool
    (``sf_thief_pool``, kept until a discovery) equal those read from the terrains."""
    from games.catan.expansions.seafarers import scenario_of, thieves

    checked = {"thief": 0}

    def compare(state: Any, action: dict[str, Any]) -> None:
        assert thieves._thief_moves(state, scenario_of(state)) == plain_thief_moves(state)
        checked["thief"] += 1

    for seed, n in ((6, 3), (7, 4)):
        random_game(n, seed, {"seafarers": seafarers}, check=False, after_decision=compare)
    assert checked["thief"] > 1000, checked


@pytest.mark.parametrize("seafarers", ("fog_islands", "new_world", "forgotten_tribe"))
def test_shared_sea_tables_match_the_terrains(seafarers: str) -> None:
    """Whenever the terrains changed (a new game, a fog discovery; New World's
    random maps) the sea tables shared per board and terrains are those read from the terrains
    now: a ship path has a sea hex on a side and is not framed, a land intersection touches
    land, a path closed to roads touches no land, the areas are found afresh, ``sf_fog`` holds
    the fog places' intersections (a piece there queues a discovery, SF-FI-04), and the paths
    closed to roads are those, the layout's and the ships' (SF-GE-02, SF-FI-04)."""
    seen: list[tuple[str, ...]] = []

    def compare(state: Any, action: dict[str, Any]) -> None:
        board, terrains = state.board, tuple(state.terrains)
        if seen and seen[-1] == terrains:
            return
        seen.append(terrains)
        frame = set(board.sites.get("frame", ()))
        land = [t not in ("sea", "fog") for t in terrains]
        assert state.sf_ship_path == [
            not (len(hexes) != 2 or all(h in frame for h in hexes))
            and any(terrains[h] == "sea" for h in hexes)
            for hexes in board.edge_hexes
        ]
        assert state.sf_land_vertex == [any(land[h] for h in hexes) for hexes in board.vertex_hexes]
        assert state.sf_no_road == {
            e for e, hexes in enumerate(board.edge_hexes) if not any(land[h] for h in hexes)
        }
        fog = {v for h, t in enumerate(terrains) if t == "fog" for v in board.hex_vertices[h]}
        assert state.sf_fog == fog and bool(state.sf_fog) == ("fog" in terrains)
        assert state.sf_area == sea.areas(board, land)
        ships_at = {e for e, owner in enumerate(state.ship_owner) if owner != -1}
        assert state.road_closed == state.sf_no_road | board.road_closed | ships_at

    for seed in (8, 9):
        random_game(3, seed, {"seafarers": seafarers}, check=False, after_decision=compare)
    assert seen and (seafarers != "fog_islands" or len(seen) > 2), len(seen)


@pytest.mark.parametrize("seafarers", tuple(SCENARIOS))
def test_kept_main_list_matches_a_fresh_one(seafarers: str) -> None:
    """The main list is kept by the core for one ``state.version`` and seat
    (``Seafarers.keeps_main_list``): after every decision of seeded games on each map, the turn
    player's main list served equals one made afresh (the kept list and the legal list
    dropped), and the kept one serves on many lists (after the trade proposals that come to
    nothing)."""
    served = 0

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal served
        if state.phase != "main" or state.current_player() != state.turn_player:
            return
        kept = state.kept_main
        served += kept is not None and kept[0] == state.version and kept[1] == state.actor
        listed = state.legal_actions()
        state._legal = state.kept_main = None  # the next list made afresh
        assert listed == state.legal_actions()

    for seed, n in ((0, 3), (1, 4)):
        random_game(n, seed, {"seafarers": seafarers}, check=False, after_decision=compare)
    assert served > 300


ALL_MAPS = tuple(SCENARIOS)
"""Every Seafarers map, in the plug-in's order."""


@pytest.mark.parametrize("seafarers", ALL_MAPS)
def test_sf_lt_01_kept_route_facts_equal_recomputed_ones_on_every_map(seafarers: str) -> None:
    """The kept trade-route facts (``longest_route_kept``'s entry per seat) equal facts
    recomputed from scratch after every decision of two seeded random games on each of the nine
    maps: each new entry's components are exactly those walked afresh over its roads and ships,
    and each component's kept length, and each length it keeps for a component seen before, is a
    plain search's (from every intersection) under those owners; an entry whose pieces and
    owners are the board's gives the seat's trade route; an owed count's bounds hold a plain
    search's length, and an owed holder's low bound is at least 5 and above every other seat's
    length or high bound (``owe_length``). The maps without a Longest Trade Route (Cloth for
    Catan, The Pirate Islands) keep nothing."""
    checked = {"entries": 0, "parts": 0, "current": 0, "owed": 0, "lengths": 0, "holder": 0}
    seen: dict[int, Any] = {}
    route = TABLES[seafarers].scenario.longest_route

    def compare(state: Any, action: dict[str, Any]) -> None:
        kept = getattr(state, "sf_route_kept", {})
        if not route:
            assert not kept and not state.lengths_owed
            return
        board = state.board
        owed = state.lengths_owed
        for q in range(state.n):  # (read without making the owed counts)
            length = plain_route(state, q)
            if q in owed:
                low, high = owed[q]
                assert low <= length <= high
                checked["owed"] += 1
                if q == state.longest_road:  # an owed holder leads every other seat strictly
                    others = [
                        owed[o][1] if o in owed else state._road_length[o]
                        for o in range(state.n)
                        if o != q
                    ]
                    assert low >= LONGEST_ROAD_MIN and low > max(others), (owed, others)
                    checked["holder"] += 1
            else:
                assert state._road_length[q] == length
        for q, entry in kept.items():
            owners, _, roads, ships_of, parts, lengths = entry
            if entry is not seen.get(q):  # counted in this decision: check what it holds
                seen[q] = entry
                checked["entries"] += 1
                kind = dict.fromkeys(roads, 1)
                kind.update(dict.fromkeys(ships_of, 2))
                roots = {v for e in kind for v in board.edge_vertices[e]}
                walked = _route_components(board.vertex_links, kind, roots, set())
                assert {(part[0], part[1]) for part in parts} == {
                    (frozenset(vertices), frozenset(edges)) for edges, vertices in walked
                }
                # each component's length, and each one its entry keeps for a component seen
                # before (valid while his roads and the building owners stay: any other path of
                # a component is his ship)
                for edges, length in [part[1:] for part in parts] + list(lengths.items()):
                    on_roads = [-1] * board.num_edges
                    on_ships = [-1] * board.num_edges
                    for e in edges:
                        if e in roads:
                            on_roads[e] = q
                        else:
                            on_ships[e] = q
                    assert length == plain_route_on(board, q, on_roads, owners, on_ships)
                    checked["parts"] += 1
                    checked["lengths"] += edges in lengths
            if (
                owners == state.vertex_owner
                and roads == frozenset(ships.road_paths(state, q))
                and ships_of == state.sf_ships[q]
            ):
                assert max((part[2] for part in parts), default=0) == plain_route(state, q)
                checked["current"] += 1

    for seed in (8, 9):  # two games: counts are owed more often, fewer entries per game
        random_game(3, seed, {"seafarers": seafarers}, check=False, after_decision=compare)
    if route:
        assert checked["entries"] > 30 and checked["parts"] > 50, checked
        assert checked["current"] > 1000 and checked["owed"] > 50, checked
        assert checked["holder"] > 0, checked
        assert checked["lengths"] > checked["entries"], checked


@pytest.mark.parametrize("seafarers", ("wonders_of_catan", "four_islands", "new_world"))
def test_sf_lt_03_owed_counts_change_no_holder(
    seafarers: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SF-LT-03, BG-LR-06..08: a moved ship's count is owed (``lengths_owed``, made only when the
    lengths are read) when no length within its bounds could change who holds the Longest Trade
    Route. Played as the bench plays (nobody reads the lengths; seed 5 on the Wonders of Catan
    has an owed seat take the card with a road), the holder after every decision
    and every card change with its lengths are those of the same game counted at once, and the
    lengths read at the end equal its lengths. The holder's own count is owed after some of
    those decisions (``owe_length``'s strict test)."""

    def played(owe: bool) -> tuple[list[Any], list[int], int]:
        owed = 0

        def note(state: Any, action: dict[str, Any]) -> None:
            nonlocal owed
            owed += bool(state.lengths_owed) and action["type"] == "move_ship"
            held[0] += state.longest_road in state.lengths_owed
            holders.append(state.longest_road)

        if not owe:
            monkeypatch.setattr(CatanState, "owe_length", lambda *args: False)
        holders: list[int] = []
        changes: list[Any] = []
        state = None
        for seed, n in ((0, 3), (1, 4), (5, 3)):
            state, _, _ = random_game(n, seed, {"seafarers": seafarers}, False, after_decision=note)
            changes.extend(e for e in state.events if e["type"] == "longest_road")
        monkeypatch.undo()
        return [holders, changes], list(state.road_length) if state else [], owed

    held = [0]  # decisions after which the holder's count is owed
    lazy, lazy_lengths, owed = played(True)
    assert held[0] > 500, held
    eager, eager_lengths, none = played(False)
    assert owed > 30 and none == 0, (owed, none)
    assert lazy == eager and lazy_lengths == eager_lengths
    assert len(lazy[1]) > 5


@pytest.mark.parametrize("seafarers", ALL_MAPS)
def test_kept_movable_ships_match_fresh_ones(seafarers: str) -> None:
    """SF-RT-01, SF-MS-02..03: each seat's ships at his routes' ends are kept in
    ``state.kept`` (``movable_ships``) until his ships change or he builds a settlement;
    after every decision of a seeded game on every map each seat's kept homes (updated by his
    ship moves) equal those found afresh, his answer (kept or made) equals the route ends
    searched afresh, and many are found kept."""
    served = 0

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal served
        for q in range(state.n):
            served += ships.KEPT_MOVABLE[q] in state.kept
            kept = state.kept.get(ships.KEPT_MOVABLE[q])
            if kept is not None and kept[0] == state.settlements_left[q] + state.cities_left[q]:
                assert kept[1] == ships.fresh_homes(state, q), (q, action)
            assert list(ships.kept_route_ends(state, q)) == plain_route_ends(state, q), (q, action)

    random_game(3, 0, {"seafarers": seafarers}, check=False, after_decision=compare)
    assert served > 500, served


@pytest.mark.parametrize("seafarers", ALL_MAPS)
def test_kept_ship_starts_match_fresh_ones(seafarers: str) -> None:
    """SF-SH-01..03, SF-PI-03: each seat's ship starts and the ship paths at them are kept in
    ``state.kept`` (``kept_starts``), updated by his own ship builds and moves, until anyone
    builds a settlement; after every decision of a seeded game on every map each seat's kept
    starts and paths (when their sign holds) equal those found afresh, his ship spots (kept
    or made) equal ``ship_spots`` searched afresh, and many are served after one of his own
    ship moves. The starts ``cached_spots`` hands out are a frozenset that later pieces never
    change: the starts a seat was given before his own move still read as they did."""
    served = 0
    given: dict[int, tuple[frozenset[int], frozenset[int]]] = {}

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal served
        for q in range(state.n):
            kept = state.kept.get(ships.KEPT_STARTS[q])
            sign = sum(state.settlements_left) + sum(state.cities_left)
            if kept is not None and kept[0] == sign:
                starts = ships._ship_starts(state, q)
                assert kept[1] == starts, (q, action)
                path, vertex_edges = state.sf_ship_path, state.board.vertex_edges
                assert kept[2] == {e for v in starts for e in vertex_edges[v] if path[e]}
                if action["type"] == "move_ship" and q == state.actor:
                    served += 1
            if q in given:  # what he was given before this decision, unchanged by it
                old, copy = given[q]
                assert old == copy, (q, action)
            found = ships.cached_spots(state, q)
            assert isinstance(found[0], frozenset), (q, action)
            given[q] = (found[0], frozenset(found[0]))
            assert found[1] == ships.ship_spots(state, q), (q, action)

    random_game(3, 0, {"seafarers": seafarers}, check=False, after_decision=compare)
    if TABLES[seafarers].open_to_ships is None:
        assert served > 20, served


@pytest.mark.parametrize("seed", [0, 1])
def test_kept_wonder_buildings_match_fresh_ones(seed: int) -> None:
    """SF-WO-05: the wonders whose building requirements a seat meets (``built_for``) are kept
    per seat in ``state.kept`` until his settlements or cities left change; after every decision
    of a seeded Wonders of Catan game each seat's kept answer (when its sign holds) and the one
    served equal the requirements read afresh from the board, and many are served across ships,
    roads and other seats' pieces."""
    served = 0

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal served
        for q in range(state.n):
            fresh = wonders._fresh_built_for(state, q)[0]
            kept = state.kept.get(wonders.KEPT_BUILT_FOR[q])
            if kept is not None and kept[0] == (state.settlements_left[q], state.cities_left[q]):
                assert kept[1] == fresh, (q, action)
                served += action["type"] in ("move_ship", "build_ship", "build_road")
            assert wonders.built_for(state, q) == fresh, (q, action)

    random_game(3, seed, {"seafarers": "wonders_of_catan"}, check=False, after_decision=compare)
    assert served > 100, served


@pytest.mark.parametrize("seed", [0, 1])
def test_kept_closed_ships_match_fresh_ones(seed: int) -> None:
    """SF-CL-05: a seat's ships on a route to a village he trades with (``closed_ships``) are
    kept per seat in ``state.kept`` until his villages change or he lays or lifts a ship (his
    ``sf_ship_stamp``); after every decision of a seeded Cloth for Catan game each trading
    seat's kept set (when its sign holds) and the one served equal the routes walked afresh,
    and many are served across other pieces."""
    served = 0

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal served
        for q in range(state.n):
            villages = tuple(v for v, traders in enumerate(state.cl_traders) if q in traders)
            if not villages:
                continue
            fresh = cloth.closed_ships(state, q)
            kept = state.kept.get(cloth.KEPT_CLOSED[q])
            if kept is not None and kept[0] == (villages, state.sf_ship_stamp[q]):
                assert kept[1] == fresh, (q, action)
                served += 1
            assert cloth.kept_closed_ships(state, q, villages) == fresh, (q, action)

    random_game(3, seed, {"seafarers": "cloth_for_catan"}, check=False, after_decision=compare)
    assert served > 100, served


RENEWED = (
    "blocked",
    "road_closed",
    "sf_ship_path",
    "sf_land_vertex",
    "sf_no_road",
    "sf_area",
    "hex_resource",
    "number_hexes",
    "harbor_rate_vertices",
    "network",
    "road_vertices",
    "rates",
    "sf_ships",
)
"""The derived facts a fog discovery renews or keeps (``renew_after_discovery``)."""


@pytest.mark.parametrize("seed", (0, 1, 2))
def test_sf_fi_04_a_discovery_renews_what_a_state_made_again_derives(seed: int) -> None:
    """SF-FI-04: after each fog discovery of seeded Fog Islands games (3 and 4 players), the
    facts renewed in place (``renew_after_discovery``: production, sea tables, closed paths,
    barred intersections; networks, rates and trade routes kept) equal those of the same
    state made again from its dict (``_rebuild_derived``), and so do the legal lists of the
    next decisions (placements and moves asked again with no stale fact kept)."""
    discoveries = compared = 0
    for n in (3, 4):
        found, asked = _discoveries_renewed(n, seed)
        discoveries, compared = discoveries + found, compared + asked
    assert discoveries > 15 and compared > 100, (discoveries, compared)


def _discoveries_renewed(n: int, seed: int) -> tuple[int, int]:
    """One game of :func:`test_sf_fi_04_a_discovery_renews_what_a_state_made_again_derives`:
    its discoveries after the founding, and the decisions whose lists were compared."""
    state = GAME.new_game(n, seed, {"seafarers": "fog_islands"})
    discoveries = compared = after = 0  # ``after``: decisions to compare after a discovery
    seen = 0  # the events before the step

    def compare_lists(step: int) -> None:
        nonlocal seen, after, compared
        seen = len(state.events)
        if after and state.current_player() >= 0:
            assert state.legal_actions() == GAME.from_dict(state.to_dict()).legal_actions()
            after -= 1
            compared += 1

    def renewed(step: int) -> None:
        nonlocal discoveries, after
        if not any(e["type"] == "discover" for e in state.events[seen:]) or not state.turn:
            return
        discoveries += 1
        fresh = GAME.from_dict(state.to_dict())  # its sea tables: the shared ones
        assert sea._state_tables(state) == sea._tables(state.board, tuple(state.terrains))
        for name in RENEWED:
            assert getattr(state, name) == getattr(fresh, name), name
        assert state.road_length == fresh.road_length
        after = 8

    play_streamed(state, n, seed, before_step=compare_lists, after_step=renewed)
    return discoveries, compared


def test_sf_fi_04_a_discovery_renews_the_placements_asked_before_it() -> None:
    """SF-FI-04: the turn player's placements are kept (his main list asked, with cards for
    every piece) while a hex he discovered is still fog (put back by hand, on a copy of the
    game after his discovery); the hex turned up again, the list asked again equals that of a
    state made again from its dict, and on some of these it offers what the new land opens."""
    state = GAME.new_game(3, 0, {"seafarers": "fog_islands"})
    found: dict[str, Any] = {}
    seen = tried = opened = 0

    def mark_events(step: int) -> None:
        nonlocal seen
        seen = len(state.events)

    def renewed(step: int) -> None:
        nonlocal found, tried, opened
        for event in state.events[seen:]:
            if event["type"] == "discover" and state.turn:
                found = event
        if not (found and state.phase == "main" and state.actor == found["seat"]):
            return
        copy, h = GAME.from_dict(state.to_dict()), found["hex"]
        set_hand(copy, found["seat"], lumber=4, brick=4, wool=4, grain=4, ore=4)
        copy.terrains[h], copy.numbers[h] = "fog", 0
        copy._rebuild_derived()
        before = copy.legal_actions()  # the placements kept in ``spot_cache``
        copy.terrains[h], copy.numbers[h] = found["terrain"], found["number"]
        renew_after_discovery(copy, h)
        after = copy.legal_actions()
        assert after == GAME.from_dict(copy.to_dict()).legal_actions()
        tried += 1
        opened += after != before
        found = {}

    play_streamed(state, 3, 0, before_step=mark_events, after_step=renewed)
    assert tried > 5 and opened > 2, (tried, opened)


def test_sf_ge_02_a_ship_beside_a_discovered_island_keeps_its_path_closed_to_roads() -> None:
    """SF-GE-02, SF-FI-04: a discovery renews only the discovered hex's sides of the paths
    closed to roads; a ship lying on such a side (put there by hand: in play a ship touching a
    fog place discovers it first) keeps its path closed when the hex turns out land, the other
    sides open to roads, as in the same state made again from its dict."""
    state = GAME.new_game(3, 0, {"seafarers": "fog_islands"})
    play_streamed(state, 3, 0, stop_when=lambda: state.sf_founded, must_end=False)
    h = state.terrains.index("fog")
    side = next(e for e in state.sf_hex_sides[h] if state.sf_ship_path[e])
    ships.put_ship(state, 0, side)
    state.terrains[h], state.numbers[h] = "forest", 5
    renew_after_discovery(state, h)
    opened = [e for e in state.sf_hex_sides[h] if e not in state.road_closed]
    assert side in state.road_closed and opened
    assert state.road_closed == GAME.from_dict(state.to_dict()).road_closed


@pytest.mark.parametrize("seafarers", ("new_shores", "wonders_of_catan", "four_islands"))
def test_placements_kept_across_a_turn_start_match_fresh_ones(seafarers: str) -> None:
    """SF-MS-01: a turn's start after ships were built drops only the move lists (the new
    ships may move now), not the other placements: after every decision of seeded games the
    turn player's main list equals one made with no placement kept (``spot_cache`` emptied for
    that list only, then put back, so that a wrong kept entry stays to be caught later), and
    turns start often after a ship was built."""
    checked = after_new_ships = 0
    new_ships_left = False

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal checked, after_new_ships, new_ships_left
        if action["type"] == "end_turn":
            after_new_ships += new_ships_left
        new_ships_left = bool(state.ships_new)
        if state.phase != "main" or state.current_player() != state.turn_player:
            return
        listed = state.legal_actions()
        cache, kept_main = dict(state.spot_cache), state.kept_main
        state.spot_cache.clear()
        state._legal = state.kept_main = None
        assert listed == state.legal_actions()
        state.spot_cache.clear()
        state.spot_cache.update(cache)
        state._legal, state.kept_main = None, kept_main
        checked += 1

    for seed, n in ((0, 3), (1, 4)):
        random_game(n, seed, {"seafarers": seafarers}, check=False, after_decision=compare)
    assert checked > 300 and after_new_ships > 5, (checked, after_new_ships)


@pytest.mark.parametrize("seafarers", ALL_MAPS)
def test_hooks_left_out_on_a_map_change_no_answer(seafarers: str) -> None:
    """A map's games leave out the forwarders to hooks it lacks, and the VP hook where no
    island or map VP exists (``unused_hooks``): the hook table has a forwarder exactly where
    the map has the hook, and after every decision of a
    seeded game the targets, VP totals, allowed builds and no-progress answers equal those of
    the full table (every forwarder in)."""
    from games.catan import actions as A
    from games.catan import expansions
    from games.catan.expansions import seafarers as plugin
    from games.catan.hooks import Hooks

    state = GAME.new_game(3, 0, {"seafarers": seafarers})
    table = plugin.TABLES[seafarers]
    for hook in plugin.FORWARDED:
        assert bool(getattr(state.hooks, hook)) == (table.plain[hook] is not None), hook
    island_points = table.scenario.island_svp or table.vp is not None  # SF-GE-06, the map's VP
    assert bool(state.hooks.vp) == bool(island_points)
    full = Hooks(state.hooks.expansions, state.hooks.glue)
    checked = 0

    def answers(state: Any) -> list[Any]:
        found = []
        for p in range(state.n):
            found += [state.target_of(p), state.total_vp(p), state.public_vp(p)]
            spots = [A.BUILD_SETTLEMENT[v] for v in state.settlement_spots(p)]
            found.append(state.allowed_builds(p, "settlement", spots))
            found.append(state.may_build_points(p))
        return found

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal checked
        own = state.hooks, state.own_targets, state.extra_vp
        mine = answers(state)
        state.hooks = full
        state.own_targets, state.extra_vp = bool(full.target), bool(full.vp)
        assert mine == answers(state)
        state.hooks, state.own_targets, state.extra_vp = own
        checked += 1

    random_game(3, 0, {"seafarers": seafarers}, check=False, after_decision=compare)
    assert checked > 500
    assert expansions.hooks_for(state.options) is state.hooks


@pytest.mark.parametrize("seafarers", ("wonders_of_catan", "new_world"))
def test_sf_wo_05_route_reached_by_owed_bounds_matches_the_full_count(seafarers: str) -> None:
    """SF-WO-05, SF-LT-03: ``length_reaches`` (the Wonders' claim check of a route need) answers
    from an owed count's bounds when they tell, else from the count: after every decision of
    seeded games, for every seat and every need from 0 past his bounds, its answer equals the
    route searched afresh reaching the need (the needs the bounds do not tell are left unasked,
    so the game is not changed), and the bounds answer many times."""
    told = 0

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal told
        for q in range(state.n):
            fresh = plain_route(state, q)
            owed = state.lengths_owed.get(q)
            low, high = owed or (state._road_length[q],) * 2
            assert low <= fresh <= high, (q, owed, fresh, action)
            for need in range(high + 3):
                if owed is None or need <= low or need > high:
                    assert state.length_reaches(q, need) == (fresh >= need), (q, need, action)
                    told += owed is not None
            assert state.lengths_owed.get(q) == owed  # told by the bounds: still owed

    for seed, n in ((0, 3), (1, 4)):
        random_game(n, seed, {"seafarers": seafarers}, check=False, after_decision=compare)
    assert told > 100, told


def test_sf_wo_05_route_need_between_the_bounds_makes_the_owed_count() -> None:
    """SF-WO-05: a need that an owed count's bounds do not tell makes the count (only that
    seat's), which then answers and is no longer owed. The need asked is where the answer
    turns: one past the fresh route (not met), or the highest bound when the route is it (met)."""
    made = 0

    def ask(state: Any, action: dict[str, Any]) -> None:
        nonlocal made
        for q, (low, high) in list(state.lengths_owed.items()):
            if low < high:
                fresh = plain_route(state, q)
                need = fresh + 1 if fresh < high else fresh  # low < need <= high
                assert state.length_reaches(q, need) == (fresh >= need), (q, need, action)
                assert q not in state.lengths_owed and state._road_length[q] == fresh
                made += 1

    random_game(3, 0, {"seafarers": "wonders_of_catan"}, check=False, after_decision=ask)
    assert made > 5, made


@pytest.mark.parametrize("seafarers", ALL_MAPS)
def test_route_ends_renewed_after_own_ships_match_a_walk(seafarers: str) -> None:
    """SF-RT-01, SF-MS-02..03: a seat's own ship laid or lifted renews his kept route ends
    from those before (``put_ship``/``lift_ship``) rather than dropping them; after every
    decision of seeded games on every map each seat's kept answer, wherever one is held, equals
    ``_route_ends`` walked from scratch over all his ships, and on the maps where ships are
    built most of a seat's own ship builds and moves leave a renewed answer held (no walk)."""
    changes = renewed = compared = 0

    def compare(state: Any, action: dict[str, Any]) -> None:
        nonlocal changes, renewed, compared
        for q in range(state.n):
            kept = state.kept.get(ships.KEPT_MOVABLE[q])
            if kept is None or kept[0] != state.settlements_left[q] + state.cities_left[q]:
                continue
            if kept[2] is not None:
                walked = ships._route_ends(state, q, sorted(state.sf_ships[q]))
                assert kept[2] == tuple(sorted(walked)), (q, action)
                compared += 1
        if action["type"] in ("build_ship", "move_ship"):
            changes += 1
            kept = state.kept.get(ships.KEPT_MOVABLE[state.turn_player])
            renewed += kept is not None and kept[2] is not None

    for seed, n in ((0, 3), (1, 4)):
        random_game(n, seed, {"seafarers": seafarers}, check=False, after_decision=compare)
    if not SCENARIOS[seafarers].ships_move:  # SF-PR-06: no move list, so no route ends kept
        assert compared == 0
        return
    assert compared > 20000, compared
    assert renewed * 10 >= changes * 9, (renewed, changes)
