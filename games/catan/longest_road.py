"""Longest-trail computation for Longest Road, and the holder rules.

A trail's length is the sum of its paths' weights: 1 per road in the base game; a scenario may
count some paths more (the Caravans: a road beside a camel counts 2, CA-EF-01), through the
state's ``path_weight`` (one int per path).

Rules: BG-LR-01..08, BG-ROAD-04.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any


@cache
def unit_weights(num_edges: int) -> tuple[int, ...]:
    """Every path counts 1 (the base game)."""
    return (1,) * num_edges


def longest_trail(
    board: Any,
    seat: int,
    edge_owner: Sequence[int],
    vertex_owner: Sequence[int],
    weight: Sequence[int] | None = None,
) -> int:
    """Length of the longest trail (no path used twice) through ``seat``'s roads on ``board``
    (a ``board.Board`` or ``topology.Geometry``).

    A trail may pass through a vertex only if no opponent building stands there (BG-LR-03); the
    player's own buildings never break it (BG-LR-04). Branches do not add up (BG-LR-01/02).
    """
    best = 0
    seen: set[int] = set()
    edge_vertices, links = board.edge_vertices, board.vertex_links
    weight = weight or unit_weights(len(edge_owner))
    for e, owner in enumerate(edge_owner):
        if owner == seat:
            root = edge_vertices[e][0]
            if root not in seen:
                length = _component_trail(
                    links, seat, root, edge_owner, vertex_owner, weight, seen, best
                )
                if length > best:
                    best = length
    return best


def longer_trail_through(
    board: Any,
    seat: int,
    edge: int,
    edge_owner: Sequence[int],
    vertex_owner: Sequence[int],
    length: int,
    weight: Sequence[int] | None = None,
) -> int:
    """``seat``'s longest trail once road ``edge`` was added, knowing it was ``length`` before.

    Every trail that avoids the new road existed before, so only trails through it can be
    longer. When one end of the road touches no other of ``seat``'s roads (the usual case: a
    road extends or branches a network) every such trail ends there, and one search from that
    end finds the longest. Otherwise (the road closes a loop or joins two networks) its whole
    network is searched, and not even that if it has no more than ``length`` paths.
    """
    links, vertex_edges = board.vertex_links, board.vertex_edges
    ends = board.edge_vertices[edge]
    weight = weight or unit_weights(len(edge_owner))
    for end in ends:
        if sum(edge_owner[e] == seat for e in vertex_edges[end]) == 1:
            return max(length, _longest_from(links, seat, end, edge_owner, vertex_owner, weight))
    found = _component_trail(links, seat, ends[0], edge_owner, vertex_owner, weight, set(), length)
    return max(found, length)


def _longest_from(
    vertex_links: Sequence[Any],
    seat: int,
    start: int,
    edge_owner: Sequence[int],
    vertex_owner: Sequence[int],
    weight: Sequence[int],
) -> int:
    """Longest trail of ``seat`` that begins at vertex ``start``."""

    def walk(v: int, used: int, vertex_links: Sequence[Any] = vertex_links) -> int:
        best = 0
        for e, bit, w in vertex_links[v]:
            if edge_owner[e] == seat and not used & bit:
                owner = vertex_owner[w]
                blocked = owner != -1 and owner != seat  # an opponent's building ends it there
                length = weight[e] if blocked else weight[e] + walk(w, used | bit)
                if length > best:
                    best = length
        return best

    return walk(start, 0)


def _component_trail(
    vertex_links: Sequence[Any],
    seat: int,
    root: int,
    edge_owner: Sequence[int],
    vertex_owner: Sequence[int],
    weight: Sequence[int],
    seen: set[int],
    to_beat: int,
) -> int:
    """Longest trail in the component of ``seat``'s roads around vertex ``root``, or a number
    no greater than ``to_beat`` when the component is too small to hold a longer one.

    Adds the component's vertices to ``seen``. Trails are searched depth first with a bit mask
    of used paths, from the vertices where a longest trail can begin (see ``_start_vertices``).
    """
    adjacency: dict[int, list[tuple[int, int, int]]] = {}
    stops: set[int] = set()  # opponent buildings: a trail may end there but not pass
    edges = 0
    todo = [root]
    while todo:
        v = todo.pop()
        if v in adjacency:
            continue
        links = [(bit, w, weight[e]) for e, bit, w in vertex_links[v] if edge_owner[e] == seat]
        adjacency[v] = links
        edges += sum(step for _, _, step in links)
        owner = vertex_owner[v]
        if owner != -1 and owner != seat:
            stops.add(v)
        todo.extend(w for _, w, _ in links if w not in adjacency)
    seen.update(adjacency)
    edges //= 2  # the component's total weight: no trail is longer
    if edges <= to_beat:
        return edges

    def walk(v: int, used: int) -> int:
        """Longest continuation from ``v`` over paths not in ``used``."""
        best = 0
        for bit, w, step in adjacency[v]:
            if not used & bit:
                length = step if w in stops else step + walk(w, used | bit)
                if length > best:
                    best = length
        return best

    best = 0
    for v in _start_vertices(adjacency, stops):
        length = walk(v, 0)
        if length > best:
            best = length
            if best == edges:
                break  # every path of the component is used: nothing can be longer
    return best


def _start_vertices(adjacency: dict[int, list[tuple[int, int, int]]], stops: set[int]) -> list[int]:
    """Where a longest trail can begin: odd-degree vertices and opponent-blocked ones.

    A maximal trail that starts at an unblocked vertex has used every path there (else it could
    be extended backwards), an odd number of them (1 + 2 per pass). A component without such a
    vertex is closed (all degrees even): any of its vertices will do.
    """
    starts = [v for v, links in adjacency.items() if len(links) % 2 or v in stops]
    return starts or [next(iter(adjacency))]


def next_holder(
    holder: int,
    lengths: Sequence[int],
    holder_dropped: bool,
    minimum: int,
    holder_keeps_on_tie: bool,
) -> int:
    """Who holds the Longest Road card after the lengths changed (-1: nobody, card set aside).

    ``holder_dropped``: the holder's own length went down (his road was broken, BG-LR-03/05/06).
    Without a drop a challenger must strictly exceed the holder (BG-LR-08). Set aside, the card
    goes to the first player who strictly surpasses every other (BG-LR-06, BG-LR-07).
    """
    best = max(lengths)
    if best < minimum:
        return -1
    leaders = [p for p, length in enumerate(lengths) if length == best]
    if holder != -1 and not holder_dropped:
        if lengths[holder] == best:
            return holder
        return leaders[0] if len(leaders) == 1 else holder
    if len(leaders) == 1:
        return leaders[0]
    if holder != -1 and holder_keeps_on_tie and holder in leaders:
        return holder
    return -1


def longest_route(
    board: Any,
    seat: int,
    edge_owner: Sequence[int],
    vertex_owner: Sequence[int],
    ship_owner: Sequence[int],
    start: int = -1,
) -> int:
    """Length of ``seat``'s longest trade route: a trail over his roads **and** ships (Seafarers
    Longest Trade Route, SF-LT-01..03); with ``start``, the longest one beginning at that vertex.

    The trail rules of :func:`longest_trail` hold (no path twice, an opponent's building ends
    it, branches do not add up); besides, a trail passes from a road to a ship (or back) only at
    an intersection where ``seat``'s own settlement or city stands (SF-LT-02, SF-SR-01).
    Unconnected networks count separately: the longest one counts.
    """
    links = board.vertex_links
    kind = [0] * len(edge_owner)
    vertices = set()
    edge_vertices = board.edge_vertices
    for owners, k in ((edge_owner, 1), (ship_owner, 2)):
        for e, owner in enumerate(owners):
            if owner == seat:
                kind[e] = k
                vertices.update(edge_vertices[e])
    if not vertices:
        return 0

    def walk(v: int, used: int, came: int) -> int:
        """Longest continuation from ``v``, arrived over a path of kind ``came`` (0: start)."""
        best = 0
        own = vertex_owner[v] == seat
        for e, bit, w in links[v]:
            k = kind[e]
            if not k or used & bit or (came and k != came and not own):
                continue
            owner = vertex_owner[w]
            length = 1 if owner != -1 and owner != seat else 1 + walk(w, used | bit, k)
            if length > best:
                best = length
        return best

    if start >= 0:
        return walk(start, 0, 0)
    starts = _route_starts(links, seat, kind, vertex_owner, vertices)
    return max(walk(v, 0, 0) for v in starts)


def longer_route_with(
    board: Any,
    seat: int,
    edge: int,
    edge_owner: Sequence[int],
    vertex_owner: Sequence[int],
    ship_owner: Sequence[int],
    length: int,
) -> int:
    """``seat``'s longest trade route once a road or ship on ``edge`` was added, knowing it was
    ``length`` before (as :func:`longer_trail_through`): when one end of the new piece touches
    no other piece of ``seat``, every new route ends there and one search from it finds the
    longest; otherwise the whole search."""
    for end in board.edge_vertices[edge]:
        pieces = sum(
            edge_owner[e] == seat or ship_owner[e] == seat for e in board.vertex_edges[end]
        )
        if pieces == 1:
            found = longest_route(board, seat, edge_owner, vertex_owner, ship_owner, start=end)
            return max(length, found)
    return longest_route(board, seat, edge_owner, vertex_owner, ship_owner)


def _route_starts(
    links: Sequence[Any],
    seat: int,
    kind: Sequence[int],
    vertex_owner: Sequence[int],
    vertices: set[int],
) -> list[int]:
    """Where a longest trade route can begin (as :func:`_start_vertices`): a vertex with an odd
    number of the seat's pieces, an opponent's building, or a road meeting a ship with no
    building of the seat (a route may be unable to pass there); one vertex of each component
    with none of these."""
    degree: dict[int, list[int]] = {}
    for v in sorted(vertices):
        degree[v] = [kind[e] for e, _, _ in links[v] if kind[e]]
    starts: list[int] = []
    seen: set[int] = set()
    for root in degree:
        if root in seen:
            continue
        component, todo = [], [root]
        seen.add(root)
        while todo:
            v = todo.pop()
            component.append(v)
            for e, _, w in links[v]:
                if kind[e] and w not in seen:
                    seen.add(w)
                    todo.append(w)
        found = [
            v
            for v in component
            if len(degree[v]) % 2
            or vertex_owner[v] not in (-1, seat)
            or (vertex_owner[v] != seat and len(set(degree[v])) > 1)
        ]
        starts.extend(found or component[:1])
    return starts
