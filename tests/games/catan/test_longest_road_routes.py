"""The trade-route searches of ``games.catan.longest_road`` (Seafarers' Longest Trade Route,
SF-LT-01..03, on the trail rules BG-LR-01..04) give a brute-force search's answers: on random
graphs (forests, rings, cored graphs) and on random networks of roads, ships and buildings laid
on the base island, piece by piece and with ships taken away (the kept count).

These functions live in the engine core; their tests sit here, in mutation testing's selection
(issue 11). The graph tests were moved here from the Seafarers speed tests."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from games.catan.board import board as _board
from games.catan.longest_road import (
    _cored_route,
    _forest_route,
    _route_components,
    longer_route_with,
    longest_route,
    longest_route_kept,
)

SEAT = 0


def _all_trails(adjacent: dict[int, list[int]]) -> int:
    """The longest trail of a graph, every trail from every node tried."""
    index: dict[tuple[int, int], int] = {}
    for a, others in adjacent.items():
        for b in others:
            index.setdefault((min(a, b), max(a, b)), len(index))

    def walk(v: int, used: int) -> int:
        best = 0
        for w in adjacent[v]:
            bit = 1 << index[min(v, w), max(v, w)]
            if not used & bit:
                best = max(best, 1 + walk(w, used | bit))
        return best

    return max(walk(v, 0) for v in adjacent)


def _random_graph(
    rng: random.Random, n: int, extra: int, most_paths: int = 3
) -> dict[int, list[int]]:
    """A random simple graph on nodes ``0..n-1``: ``rng.randrange(1, n + extra)`` tries to join
    two nodes, each kept when it is new and both nodes have fewer than ``most_paths`` paths;
    the nodes left without a path are left out."""
    adjacent: dict[int, list[int]] = {v: [] for v in range(n)}
    for _ in range(rng.randrange(1, n + extra)):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b and b not in adjacent[a] and max(len(adjacent[a]), len(adjacent[b])) < most_paths:
            adjacent[a].append(b)
            adjacent[b].append(a)
    return {v: others for v, others in adjacent.items() if others}


def _has_cycle(adjacent: dict[int, list[int]]) -> bool:
    """Some path closes a ring: joining its ends finds them already joined."""
    root = {v: v for v in adjacent}

    def find(v: int) -> int:
        while root[v] != v:
            v = root[v]
        return v

    for a, others in adjacent.items():
        for b in others:
            if a < b:
                ra, rb = find(a), find(b)
                if ra == rb:
                    return True
                root[ra] = rb
    return False


def test_sf_lt_01_forest_search_finds_the_longest_path_of_any_forest() -> None:
    """A forest's longest path from one search per tree (deepest branches from the leaves up)
    is every trail's longest on 1,500 random graphs; a graph with a cycle is told apart."""
    rng = random.Random(7)
    forests = 0
    for _ in range(1500):
        adjacent = _random_graph(rng, rng.randrange(2, 16), 2)
        if not adjacent:
            continue
        paths = sum(map(len, adjacent.values())) // 2
        found = _forest_route(adjacent, paths)
        if found is None:
            assert _cored_route(adjacent) == _all_trails(adjacent)
            assert _has_cycle(adjacent)
        else:
            forests += 1
            assert found == _all_trails(adjacent), adjacent
            assert not _has_cycle(adjacent)
    assert forests > 500


def test_sf_lt_01_forest_search_on_hand_built_graphs() -> None:
    """Exact lengths: a path of 4, a star of 3 arms of 1, 2 and 3 (longest 5), two trees (the
    longer counts), and a triangle and a square with a tail (cycles: no forest answer)."""
    path = {0: [1], 1: [0, 2], 2: [1, 3], 3: [2, 4], 4: [3]}
    star = {0: [1, 2, 4], 1: [0], 2: [0, 3], 3: [2], 4: [0, 5], 5: [4, 6], 6: [5]}
    two = {0: [1], 1: [0], 10: [11], 11: [10, 12], 12: [11, 13], 13: [12]}
    triangle = {0: [1, 2], 1: [0, 2], 2: [0, 1]}
    tailed = {0: [1, 3], 1: [0, 2], 2: [1, 3], 3: [2, 0, 4], 4: [3, 5], 5: [4]}
    assert _forest_route(path, 4) == 4
    assert _forest_route(star, 6) == 5
    assert _forest_route(two, 4) == 3
    assert _forest_route(triangle, 3) is None
    assert _forest_route(tailed, 6) is None
    assert _cored_route(triangle) == 3
    assert _cored_route(tailed) == 6  # round the square and out along the tail


@pytest.mark.parametrize("most_paths", (3, 4))
def test_sf_lt_01_cored_search_finds_the_longest_trail_of_any_graph(most_paths: int) -> None:
    """The split graph's search with pendant trees used only at a trail's ends gives every
    trail's longest, on 1,000 random graphs (trees, rings, several cycles, several components;
    a trade route's split graph has at most 3 paths at a node, 4 checks the argument beyond)."""
    rng = random.Random(most_paths)
    cyclic = 0
    for _ in range(1000):
        adjacent = _random_graph(rng, rng.randrange(2, 15), 4, most_paths)
        if adjacent:
            cyclic += sum(map(len, adjacent.values())) // 2 >= len(adjacent)
            assert _cored_route(adjacent) == _all_trails(adjacent), adjacent
    assert cyclic > 150


def test_sf_lt_01_cored_search_on_hand_built_graphs() -> None:
    """Exact lengths: a ring of 6 (6); two triangles joined by a bridge (round one, over the
    bridge, round the other: 7); a square with a branch of 2 and one of 3 at opposite corners
    (a branch, half the square, the other branch: 7; the whole square leaves one branch: 6);
    a ring of 6 beside a path of 7 (7); a ring of 8 beside the two triangles (8: a ring without
    a hub beside a core with hubs, as a ship ring meets roads at an intersection without a
    building, split apart there)."""
    ring = {v: [(v - 1) % 6, (v + 1) % 6] for v in range(6)}
    assert _cored_route(ring) == 6
    bridged = {
        0: [1, 2],
        1: [0, 2],
        2: [0, 1, 3],
        3: [2, 4, 5],
        4: [3, 5],
        5: [3, 4],
    }
    assert _cored_route(bridged) == 7
    branched = {
        0: [1, 3, 10],
        1: [0, 2],
        2: [1, 3, 20],
        3: [2, 0],
        10: [0, 11],
        11: [10],
        20: [2, 21],
        21: [20, 22],
        22: [21],
    }
    assert _cored_route(branched) == 2 + 2 + 3
    apart = {**ring, 10: [11], 11: [10, 12], 12: [11, 13], 13: [12, 14], 14: [13, 15]}
    apart.update({15: [14, 16], 16: [15, 17], 17: [16]})
    assert _cored_route(apart) == 7
    beside = {**bridged, **{20 + v: [20 + (v - 1) % 8, 20 + (v + 1) % 8] for v in range(8)}}
    assert _cored_route(beside) == 8
    for graph in (ring, bridged, branched, apart, beside):
        assert _cored_route(graph) == _all_trails(graph)


def _ring_with_trees(rng: random.Random) -> dict[int, list[int]]:
    """A ring of 3-12 nodes with random trees hung from some of its nodes, sometimes beside a
    second such ring or a lone tree; at most 3 paths at a node (a split graph's most: one
    branch per ring node) or 4 (two branches: the argument beyond)."""
    adjacent: dict[int, list[int]] = {}
    most = rng.choice((3, 4))
    for _ in range(rng.choice((1, 1, 1, 2))):
        base, size = len(adjacent), rng.randrange(3, 13)
        for v in range(size):
            adjacent[base + v] = [base + (v - 1) % size, base + (v + 1) % size]
        for _ in range(rng.randrange(0, 12)):
            at = rng.choice([v for v in adjacent if len(adjacent[v]) < most and v >= base])
            new = len(adjacent)
            adjacent[at].append(new)
            adjacent[new] = [at]
    if rng.random() < 0.3:
        start = len(adjacent)
        adjacent[start] = []
        for new in range(start + 1, start + rng.randrange(2, 8)):
            at = rng.choice([v for v in range(start, new) if len(adjacent[v]) < most])
            adjacent[at].append(new)
            adjacent[new] = [at]
    return adjacent


def test_sf_lt_01_ring_search_finds_the_longest_trail_of_rings_with_trees() -> None:
    """A core that is only rings (the usual cyclic trade route: one ring, trees hanging from
    it) is searched without chains (round the ring between one node's two deepest branches, or
    two nodes' deepest branches joined by the longer arc): every trail's longest on 1,500
    random rings with trees, some beside a second ring or a tree."""
    rng = random.Random(11)
    for _ in range(1500):
        adjacent = _ring_with_trees(rng)
        assert _cored_route(adjacent) == _all_trails(adjacent), adjacent


# Trade routes on the board ------------------------------------------------------------------


def plain_route(
    board: Any,
    seat: int,
    edge_owner: list[int],
    vertex_owner: list[int],
    ship_owner: list[int],
    start: int | None = None,
) -> int:
    """SF-LT-01..02 searched from every intersection of the seat's pieces (or from ``start``),
    nothing pruned: no path twice, an opponent's building ends a route, a road and a ship join
    only at the seat's own building."""
    kind = [
        1 if edge_owner[e] == seat else 2 if ship_owner[e] == seat else 0
        for e in range(board.num_edges)
    ]

    def walk(v: int, used: frozenset[int], came: int) -> int:
        best = 0
        for e in board.vertex_edges[v]:
            k = kind[e]
            if not k or e in used or (came and k != came and vertex_owner[v] != seat):
                continue
            a, b = board.edge_vertices[e]
            w = b if a == v else a
            if vertex_owner[w] not in (-1, seat):
                best = max(best, 1)
            else:
                best = max(best, 1 + walk(w, used | {e}, k))
        return best

    if start is not None:
        return walk(start, frozenset(), 0)
    ends = {v for e, k in enumerate(kind) if k for v in board.edge_vertices[e]}
    return max((walk(v, frozenset(), 0) for v in ends), default=0)


class _Position:
    """A seat's roads and ships and everyone's buildings on a board, as the owner lists."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.edge_owner = [-1] * board.num_edges
        self.ship_owner = [-1] * board.num_edges
        self.vertex_owner = [-1] * board.num_vertices

    def route(self, start: int | None = None) -> int:
        return plain_route(
            self.board, SEAT, self.edge_owner, self.vertex_owner, self.ship_owner, start
        )

    def found(self, **kw: Any) -> int:
        return longest_route(
            self.board, SEAT, self.edge_owner, self.vertex_owner, self.ship_owner, **kw
        )

    def kept(self, kept: dict[int, Any], ships: list[int] | None = None) -> int:
        """``longest_route_kept`` of the seat, with ``kept`` its memo (the seat's ships unless
        ``ships`` names others)."""
        return longest_route_kept(
            self.board,
            SEAT,
            self.edge_owner,
            self.vertex_owner,
            self.roads,
            self.ships() if ships is None else ships,
            kept,
        )

    def roads(self) -> list[int]:
        return [e for e, owner in enumerate(self.edge_owner) if owner == SEAT]

    def ships(self) -> list[int]:
        return [e for e, owner in enumerate(self.ship_owner) if owner == SEAT]

    def free_edge_by(self, rng: random.Random) -> int:
        """A free path at an end of the seat's pieces, often one that closes a ring (one
        anywhere, sometimes or at first)."""
        pieces = self.roads() + self.ships()
        ends = {v for e in pieces for v in self.board.edge_vertices[e]}
        closing = [
            e
            for e in range(self.board.num_edges)
            if self._free(e) and set(self.board.edge_vertices[e]) <= ends
        ]
        if closing and rng.random() < 0.4:
            return rng.choice(closing)
        if pieces and rng.random() < 0.9:
            v = rng.choice(self.board.edge_vertices[rng.choice(pieces)])
            free = [e for e in self.board.vertex_edges[v] if self._free(e)]
            if free:
                return rng.choice(free)
        return rng.choice([e for e in range(self.board.num_edges) if self._free(e)])

    def ends(self) -> set[int]:
        """The intersections at the ends of the seat's pieces."""
        return {v for e in self.roads() + self.ships() for v in self.board.edge_vertices[e]}

    def _free(self, e: int) -> bool:
        return self.edge_owner[e] == -1 and self.ship_owner[e] == -1

    def lay(self, e: int, ship: bool, owner: int = SEAT) -> None:
        (self.ship_owner if ship else self.edge_owner)[e] = owner

    def build_at_random(self, rng: random.Random, count: int) -> None:
        """``count`` buildings, the seat's or an opponent's, at ends of the seat's pieces."""
        ends = sorted({v for e in self.roads() + self.ships() for v in self.board.edge_vertices[e]})
        for v in rng.sample(ends, min(count, len(ends))):
            self.vertex_owner[v] = rng.choice((SEAT, SEAT, 1, 2))


def _base() -> Any:
    """Built inside a test: a board built while the tests are collected would be the one every
    mutant of the board code meets (issue 11)."""
    return _board("base_beginner")


def _random_position(rng: random.Random, pieces: int, buildings: int) -> _Position:
    position = _Position(_base())
    for _ in range(pieces):
        position.lay(position.free_edge_by(rng), ship=rng.random() < 0.4)
    for _ in range(rng.randrange(4)):  # an opponent's roads and ships count for nothing
        position.lay(position.free_edge_by(rng), ship=rng.random() < 0.5, owner=1)
    position.build_at_random(rng, buildings)
    return position


def test_sf_lt_01_02_trade_routes_on_hand_built_networks() -> None:
    """Exact lengths on the base island: 4 roads in a row (4); 2 roads then 2 ships beyond
    with no building where they meet (2: SF-LT-02), the seat's settlement there (4: BG-LR-04,
    SF-LT-02), an opponent's settlement there instead (2: BG-LR-03)."""
    position = _Position(_base())
    board = position.board
    chain = [0, 3, 7, 11, 16]
    paths = [board.edge_of_pair[pair] for pair in itertools.pairwise(chain)]
    for e in paths:
        position.lay(e, ship=False)
    assert position.found() == 4 == position.route()
    for e in paths[2:]:
        position.edge_owner[e] = -1
        position.lay(e, ship=True)
    assert position.found() == 2
    assert position.found(start=chain[0]) == 2 and position.found(start=chain[4]) == 2
    position.vertex_owner[chain[2]] = SEAT
    assert position.found() == 4 and position.found(start=chain[0]) == 4
    position.vertex_owner[chain[2]] = 1
    assert position.found() == 2
    assert position.found(start=chain[0]) == 2
    assert (
        longest_route(board, 1, position.edge_owner, position.vertex_owner, position.ship_owner)
        == 0
    )


def test_sf_lt_01_03_trade_route_equals_every_route_tried_on_random_networks() -> None:
    """On 300 random networks of 6 to 16 roads and ships with buildings of the seat and of
    opponents (components with and without cycles), the trade route is every route's longest,
    also from each intersection of the seat's pieces, also from the pieces given by the
    caller; the same paths with roads and ships swapped or other buildings (the memo's key)
    keep matching."""
    rng = random.Random(11)
    cyclic = 0
    for _ in range(300):
        position = _random_position(rng, rng.randrange(6, 17), rng.randrange(5))
        pieces = position.roads() + position.ships()
        ends = {v for e in pieces for v in position.board.edge_vertices[e]}
        graph: dict[int, list[int]] = {v: [] for v in ends}
        for e in pieces:
            a, b = position.board.edge_vertices[e]
            graph[a].append(b)
            graph[b].append(a)
        cyclic += _has_cycle(graph)
        assert position.found() == position.route()
        given = (position.roads(), position.ships())
        assert position.found(pieces=given) == position.route()
        for v in sorted(ends):
            assert position.found(start=v) == position.route(start=v), v
        for e in rng.sample(pieces, min(3, len(pieces))):  # the same paths, other kinds
            road = position.edge_owner[e] == SEAT
            position.edge_owner[e] = -1 if road else SEAT
            position.ship_owner[e] = SEAT if road else -1
            assert position.found() == position.route()
        position.build_at_random(rng, 2)
        assert position.found() == position.route()
    assert cyclic > 30
    empty = _Position(_base())
    assert empty.found() == 0 and empty.found(start=0) == 0


def test_sf_lt_03_a_new_piece_lengthens_the_route_as_a_full_count() -> None:
    """SF-LT-03: laid piece by piece (roads and ships, with buildings among them), the route
    after each piece from the one before (``longer_route_with``) is the full search's, with
    and without the caller's recount."""
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        position = _Position(_base())
        position.build_at_random(rng, 0)
        length = 0
        for _ in range(rng.randrange(4, 15)):
            e = position.free_edge_by(rng)
            position.lay(e, ship=rng.random() < 0.4)
            if rng.random() < 0.3:
                a, b = position.board.edge_vertices[e]
                v = rng.choice((a, b))
                if position.vertex_owner[v] == -1:
                    position.vertex_owner[v] = rng.choice((SEAT, 1))
                    length = position.found()
            args = (
                position.board,
                SEAT,
                e,
                position.edge_owner,
                position.vertex_owner,
                position.ship_owner,
                length,
            )
            expected = position.route()
            assert longer_route_with(*args) == expected
            assert longer_route_with(*args, recount=position.found) == expected
            length = expected
            checked += 1
    assert checked > 400


def test_sf_lt_03_kept_trade_routes_follow_pieces_laid_and_ships_moved() -> None:
    """SF-LT-03, SF-MS-02: the kept count (``longest_route_kept``: components kept per seat,
    only the changed ones counted again) equals the full search after every piece (or two)
    laid, every ship taken from an open end and laid elsewhere, an opponent's road, any piece
    (or two) taken away and every building; its kept components are those walked afresh, each
    with its own full length; with no pieces, no route."""
    rng = random.Random(3)
    steps = 0
    for _ in range(40):
        position = _Position(_base())
        board = position.board
        kept: dict[int, Any] = {}
        for _ in range(2):  # no pieces yet: no route, counted afresh and then kept
            assert position.kept(kept, ships=[]) == 0
        for _ in range(rng.randrange(8, 20)):
            move = rng.random()
            pieces = position.roads() + position.ships()
            if move < 0.5 or len(pieces) < 3:  # one piece laid, or two at once
                for _ in range(1 + (move < 0.1)):
                    position.lay(position.free_edge_by(rng), ship=rng.random() < 0.5)
            elif move < 0.75:  # a ship moved: from an end of the route if it has one
                ships = position.ships()
                if not ships:
                    continue
                open_ships = [
                    e
                    for e in ships
                    if any(
                        sum(
                            position.edge_owner[f] == SEAT or position.ship_owner[f] == SEAT
                            for f in board.vertex_edges[v]
                        )
                        == 1
                        for v in board.edge_vertices[e]
                    )
                ]
                e = rng.choice(open_ships or ships)
                position.ship_owner[e] = -1
                position.lay(position.free_edge_by(rng), ship=True)
            elif move < 0.8:  # a piece taken away, wherever it is
                e = rng.choice(pieces)
                position.edge_owner[e] = position.ship_owner[e] = -1
            elif move < 0.85:  # two pieces taken away at once
                for e in rng.sample(pieces, 2):
                    position.edge_owner[e] = position.ship_owner[e] = -1
            elif move < 0.88:  # an opponent's road: the seat's pieces are the same
                position.lay(position.free_edge_by(rng), ship=False, owner=1)
            elif move < 0.92:  # a piece changes kind
                e = rng.choice(pieces)
                road = position.edge_owner[e] == SEAT
                position.edge_owner[e] = -1 if road else SEAT
                position.ship_owner[e] = SEAT if road else -1
            else:
                position.build_at_random(rng, 1)
            found = position.kept(kept)
            assert found == position.route()
            kind = dict.fromkeys(position.roads(), 1)
            kind.update(dict.fromkeys(position.ships(), 2))
            roots = {v for e in kind for v in board.edge_vertices[e]}
            walked = {
                (frozenset(vs), frozenset(es))
                for es, vs in _route_components(board.vertex_links, kind, roots, set())
            }
            parts = kept[SEAT][4]
            assert {(part[0], part[1]) for part in parts} == walked
            assert len(parts) == len(walked)
            for _vertices, edges, length in parts:
                only = _Position(board)
                only.vertex_owner = position.vertex_owner
                for e in edges:
                    only.lay(e, ship=e in kind and kind[e] == 2)
                assert length == only.route()
            steps += 1
    assert steps > 400


def test_sf_lt_03_kept_trade_routes_follow_a_piece_and_a_building_between_two_counts() -> None:
    """SF-LT-03, BG-LR-03/04: when a building came and a piece was laid since the last count
    (the kept count asked once for both), the kept count still equals the full search: the
    changed paths' components are walked again, not only those that hold the building."""
    rng = random.Random(11)
    for _ in range(60):
        position = _Position(_base())
        kept: dict[int, Any] = {}
        for _ in range(rng.randrange(3, 9)):
            position.lay(position.free_edge_by(rng), ship=rng.random() < 0.5)
        position.kept(kept)
        position.lay(position.free_edge_by(rng), ship=rng.random() < 0.5)
        position.build_at_random(rng, 1)
        assert position.kept(kept) == position.route()


def test_bg_lr_03_04_the_same_roads_with_other_buildings_count_apart() -> None:
    """BG-LR-03/04 (a kept component's length follows its buildings): the same chain of roads
    counts its whole length with the seat's settlement on intersection ``v`` inside it, and less
    with an opponent's on intersection ``v + 2`` inside it, asked one after the other; the kept
    count tells the seat's settlement on ``v + 2`` from an opponent's there."""
    position = _Position(_base())
    board = position.board
    chain = _chain_through(board)
    v = next(v for v in chain[1:-1] if v + 2 in chain[1:-1])
    for a, b in itertools.pairwise(chain):
        position.lay(board.edge_of_pair[a, b], ship=False)
    position.vertex_owner[v] = SEAT
    assert position.found() == len(chain) - 1 == position.route()
    position.vertex_owner[v] = -1
    position.vertex_owner[v + 2] = 1
    assert position.found() == position.route() < len(chain) - 1
    kept: dict[int, Any] = {}  # the kept count: the seat's settlement, then an opponent's
    for owner in (SEAT, 1):
        position.vertex_owner[v + 2] = owner
        found = position.kept(kept)
        assert found == position.route()
    assert found < len(chain) - 1


def _chain_through(board: Any) -> list[int]:
    """A simple chain of intersections with some ``v`` and ``v + 2`` both inside it."""
    for v in range(board.num_vertices - 2):
        inner = _shortest(board, v, v + 2)
        if inner is None:
            continue
        before = [u for u in board.vertex_neighbors[inner[0]] if u not in inner]
        after = [u for u in board.vertex_neighbors[inner[-1]] if u not in inner + before[:1]]
        if before and after:
            return [before[0], *inner, after[0]]
    raise AssertionError("no chain")


def _shortest(board: Any, start: int, goal: int) -> list[int] | None:
    came = {start: start}
    todo = [start]
    for v in todo:
        for w in board.vertex_neighbors[v]:
            if w not in came:
                came[w] = v
                todo.append(w)
    if goal not in came:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[::-1]


def test_sf_lt_01_the_same_path_ids_on_two_maps_count_apart() -> None:
    """SF-LT-01 on two geometries in one process (the base island and a Seafarers map: path
    ids are per board): the same ids of the seat's roads, one network on both maps but of other
    shapes, count each map's own longest route, asked one after the other (the memo of answers
    is per board)."""
    base, sea = _base(), _board("seafarers_new_shores_4")
    rng = random.Random(1)
    for _ in range(5000):
        on_base, on_sea = _Position(base), _Position(sea)
        v = rng.randrange(base.num_vertices)
        for _ in range(rng.randrange(3, 8)):  # a walk of roads on the base island
            free = [e for e in base.vertex_edges[v] if on_base.edge_owner[e] == -1]
            if not free:
                break
            e = rng.choice(free)
            on_base.lay(e, ship=False)
            on_sea.lay(e, ship=False)
            v = next(w for w in base.edge_vertices[e] if w != v)
        roads = dict.fromkeys(on_sea.roads())
        if (
            len(_route_components(sea.vertex_links, roads, on_sea.ends(), set())) == 1
            and on_base.route() != on_sea.route()
        ):
            break
    else:
        raise AssertionError("no path ids forming one network of two lengths")
    for position in (on_base, on_sea, on_base):
        assert position.found() == position.route()
    for position in (on_sea, on_base):  # the kept count, each map's own
        assert position.kept({}, ships=[]) == position.route()


def test_sf_lt_03_the_kept_count_asks_for_the_roads_only_when_a_road_changed() -> None:
    """SF-LT-03 (``longest_route_kept``'s contract): the seat's roads are asked for
    (``find_roads()``) only when the roads' owners changed since the last call; ships laid
    leave them kept, call after call, and the count stays the full search's."""
    position = _Position(_base())
    rng = random.Random(5)
    asked: list[int] = []
    kept: dict[int, Any] = {}

    def roads() -> list[int]:
        asked.append(1)
        return position.roads()

    def count() -> int:
        return longest_route_kept(
            position.board,
            SEAT,
            position.edge_owner,
            position.vertex_owner,
            roads,
            position.ships(),
            kept,
        )

    position.lay(position.free_edge_by(rng), ship=False)
    assert count() == position.found() and len(asked) == 1
    for _ in range(3):  # ships only: the roads kept
        position.lay(position.free_edge_by(rng), ship=True)
        assert count() == position.found() and len(asked) == 1
    assert count() == position.found() and len(asked) == 1  # nothing changed
    position.lay(position.free_edge_by(rng), ship=False)
    assert count() == position.found() and len(asked) == 2
