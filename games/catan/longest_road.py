"""Longest-trail computation for Longest Road, and the holder rules.

A trail's length is the sum of its paths' weights: 1 per road in the base game; a scenario may
count some paths more (the Caravans: a road beside a camel counts 2, CA-EF-01), through the
state's ``path_weight`` (one int per path).

Rules: BG-LR-01..08, BG-ROAD-04.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Iterable, Sequence
from functools import cache
from itertools import compress, islice
from operator import ne
from typing import Any

from games.catan.board_memo import BoardMemo


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
    first, alone = lengths.index(best), lengths.count(best) == 1  # the leaders: the seats at best
    if holder != -1 and not holder_dropped:
        if lengths[holder] == best:
            return holder
        return first if alone else holder
    if alone:
        return first
    if holder != -1 and holder_keeps_on_tie and lengths[holder] == best:
        return holder
    return -1


def longest_route(
    board: Any,
    seat: int,
    edge_owner: Sequence[int],
    vertex_owner: Sequence[int],
    ship_owner: Sequence[int],
    start: int = -1,
    pieces: tuple[Iterable[int], Iterable[int]] | None = None,
) -> int:
    """Length of ``seat``'s longest trade route: a trail over his roads **and** ships (Seafarers
    Longest Trade Route, SF-LT-01..03); with ``start``, the longest one beginning at that vertex.
    ``pieces``: the paths of his roads and of his ships when the caller keeps them (else they
    are read from ``edge_owner`` and ``ship_owner``, as they always are from ``start``).

    The trail rules of :func:`longest_trail` hold (no path twice, an opponent's building ends
    it, branches do not add up); besides, a trail passes from a road to a ship (or back) only at
    an intersection where ``seat``'s own settlement or city stands (SF-LT-02, SF-SR-01).
    Unconnected networks count separately: the longest one counts.
    """
    links = board.vertex_links
    if start >= 0:
        return _route_from(links, seat, start, edge_owner, vertex_owner, ship_owner)
    if pieces is None:
        pieces = (
            [e for e, owner in enumerate(edge_owner) if owner == seat],
            [e for e, owner in enumerate(ship_owner) if owner == seat],
        )
    kind: dict[int, int] = {}
    for paths, k in zip(pieces, (1, 2), strict=True):
        kind.update(dict.fromkeys(paths, k))
    if not kind:
        return 0

    edge_vertices = board.edge_vertices
    best = 0
    roots = {v for e in kind for v in edge_vertices[e]}
    ships = frozenset(e for e, k in kind.items() if k == 2)
    for edges, _ in _route_components(links, kind, roots, set()):
        found = _tree_route(edge_vertices, seat, ships, vertex_owner, edges)
        if found > best:
            best = found
    return best


def longest_route_kept(
    board: Any,
    seat: int,
    edge_owner: Sequence[int],
    vertex_owner: Sequence[int],
    find_roads: Callable[[], Iterable[int]],
    ships: Iterable[int],
    kept: dict[int, Any],
) -> int:
    """:func:`longest_route` of ``seat`` with his roads (``find_roads()``, asked only when
    ``edge_owner`` changed since the last call) and ``ships``, searching again only the
    components his pieces changed since the last call (``kept``: a dict the caller keeps per
    state, where this function stores per seat the roads' owners, his pieces, the building
    owners, each component's intersections, paths and length, and the lengths of the components
    counted since his roads or a building last changed, by their paths: while those stay, a
    component's paths that are not his roads are his ships, so its paths alone tell it; a ship
    moved back where it was finds its component there).

    The answer depends on nothing else (a component's length: its pieces and whose building
    stands at each of its vertices): while ``vertex_owner`` is unchanged, a component none of
    whose vertices is an end of a path that changed is the same component, of the same length.
    The changed ones follow from the kept ones without walking them again when at most one
    piece went and it had an end where no other piece of the seat lies (a ship moved from an
    open end, SF-MS-02): its component loses that path and that end and stays joined (any walk
    between two other intersections that used the path would have passed that end, where no
    other path leads on); every new piece then joins the components at its ends (or makes one
    of its own). Otherwise the changed components are walked again from the ends of the
    changed paths (a component that lost a path stays joined to one of its ends, one that gained
    one holds it). A building that came or went (whoever's) changes only the components that
    hold its intersection: those are walked again from there, with the changed paths' ends. A
    ship moved around its own end (the path left and the path taken hang at the same
    intersection) is not counted at all.
    """
    ships = frozenset(ships)
    entry = kept.get(seat)
    same_roads = entry is not None and entry[1] == edge_owner
    roads = entry[2] if same_roads else frozenset(find_roads())
    links, edge_vertices = board.vertex_links, board.edge_vertices
    same_buildings = entry is not None and entry[0] == vertex_owner
    rebuilt: list[int] = []  # the intersections whose building owner changed since the entry
    if same_buildings:
        _, _, old_roads, old_ships, old_parts, lengths = entry
        gone, laid = _changed_paths(roads, ships, old_roads, old_ships)
        if not gone and not laid:
            if roads is not old_roads:
                kept[seat] = (entry[0], list(edge_owner), roads, ships, old_parts, lengths)
            return max((part[2] for part in old_parts), default=0)
        if roads is not old_roads and roads != old_roads:
            lengths = {}  # a path of a kept component may be a road now
        parts = _parts_after(
            links, edge_vertices, roads, ships, old_roads, old_ships, old_parts, gone, laid
        )
    elif entry is not None:
        # A building came (or went): only the components that hold its intersection change.
        old_owner, _, old_roads, old_ships, old_parts, _ = entry
        lengths = {}
        rebuilt = list(compress(range(len(old_owner)), map(ne, vertex_owner, old_owner)))
        gone, laid = _changed_paths(roads, ships, old_roads, old_ships)
        parts = None
    else:
        parts = None
        lengths = {}
    if parts is None:
        walked = None if entry is None else (gone | laid, rebuilt, old_parts)
        parts, fresh = _walked_parts(links, edge_vertices, roads, ships, walked)
    else:
        parts, fresh = parts
    if len(lengths) > _SEAT_LENGTHS:
        lengths = {}
    for vertices, edges in fresh:
        length = lengths.get(edges)
        if length is None:
            length = lengths[edges] = _tree_route(edge_vertices, seat, ships, vertex_owner, edges)
        parts.append((vertices, edges, length))
    kept[seat] = (
        entry[0] if same_buildings else list(vertex_owner),  # equal lists: the kept one serves
        entry[1] if same_roads else list(edge_owner),
        roads,
        ships,
        parts,
        lengths,
    )
    best = 0
    for part in parts:
        if part[2] > best:
            best = part[2]
    return best


def _walked_parts(
    links: Sequence[Any],
    edge_vertices: Sequence[tuple[int, int]],
    roads: frozenset[int],
    ships: frozenset[int],
    walked: tuple[Any, list[int], list[Any]] | None,
) -> tuple[list[Any], list[tuple[frozenset[int], frozenset[int]]]]:
    """The components of :func:`longest_route_kept` found by a walk: the kept ones untouched by
    ``walked`` (the changed paths, the intersections whose building changed, the kept parts;
    None: nothing kept, walk them all) and the walked ones, to count. Its own function: its
    comprehensions make cells of the locals they read, paid only when a walk is made."""
    kind = dict.fromkeys(roads, 1)
    kind.update(dict.fromkeys(ships, 2))
    if walked is not None:
        # Walk again the components that hold an end of a changed path or an intersection
        # whose building changed; the others are the same pieces under the same owners.
        changed, rebuilt, old_parts = walked
        touched = {v for e in changed for v in edge_vertices[e]}
        touched.update(rebuilt)
        parts = [part for part in old_parts if touched.isdisjoint(part[0])]
        roots = touched
    else:
        parts, roots = [], {v for e in kind for v in edge_vertices[e]}
    # No walk from a touched intersection enters a kept part: a path leading out of it would
    # be an old one (then the part was not a whole component) or a laid one (then it was
    # touched), so the kept parts' intersections need not be marked seen.
    found = _route_components(links, kind, roots, set())
    return parts, [(frozenset(vertices), frozenset(edges)) for edges, vertices in found]


def _changed_paths(
    roads: frozenset[int],
    ships: frozenset[int],
    old_roads: frozenset[int],
    old_ships: frozenset[int],
) -> tuple[frozenset[int], frozenset[int]]:
    """The seat's paths that went (a road or ship there before, not now as the same kind) and
    those laid (now, not before as the same kind). His roads are often the kept set itself (a
    ship moved): then only the ships are compared."""
    if roads is old_roads:
        return old_ships - ships, ships - old_ships
    return (old_roads - roads) | (old_ships - ships), (roads - old_roads) | (ships - old_ships)


def _hung_at(
    links: Sequence[Any],
    edge_vertices: Sequence[tuple[int, int]],
    roads: frozenset[int],
    ships: frozenset[int],
    path: int,
    hub: int,
) -> int:
    """The far end of ``path`` when it hangs at ``hub``: its other end holds no other road or
    ship of the seat; -1 when it does not touch ``hub`` or joins more there."""
    a, b = edge_vertices[path]
    if hub not in (a, b):
        return -1
    far = b if a == hub else a
    for f, _, _ in links[far]:
        if f != path and (f in roads or f in ships):
            return -1
    return far


def _parts_after(
    links: Sequence[Any],
    edge_vertices: Sequence[tuple[int, int]],
    roads: frozenset[int],
    ships: frozenset[int],
    old_roads: frozenset[int],
    old_ships: frozenset[int],
    old_parts: list[tuple[frozenset[int], frozenset[int], int]],
    gone: frozenset[int],
    laid: frozenset[int],
) -> tuple[list[Any], list[tuple[frozenset[int], frozenset[int]]]] | None:
    """The components of :func:`longest_route_kept` after the seat's pieces went from
    ``old_roads``/``old_ships`` to ``roads``/``ships`` (the building owners unchanged; ``gone``
    and ``laid``: the paths that went and came, from :func:`_changed_paths`), from the kept
    ones without a walk: the untouched ones (with their lengths) and the changed ones (to
    count; none when a piece swung around its own end, its component keeping its length);
    None when a piece went that could split its component, or a path changed kind (then they
    are walked)."""
    if len(gone) > 1 or not laid.isdisjoint(old_roads) or not laid.isdisjoint(old_ships):
        return None  # several pieces gone, or a piece changed kind: walk
    parts = list(old_parts)
    fresh: list[tuple[frozenset[int], frozenset[int]]] = []
    for e in gone:
        for i in range(len(parts)):
            part = parts[i]
            if e in part[1]:
                break
        else:
            return None
        open_ends = []
        for v in edge_vertices[e]:
            for f, _, _ in links[v]:
                if f in roads or f in ships:
                    break
            else:
                open_ends.append(v)
        if not open_ends:
            return None  # both ends hold other pieces: the component may split
        del parts[i]
        if len(open_ends) == 1:  # the rest stays joined at the other end
            left = open_ends[0]
            a, b = edge_vertices[e]
            if len(laid) == 1 and (e in old_ships) == (min(laid) in ships):
                # Moved around its own end (a ship swung at the intersection it hung from):
                # the same graph with the same hanging path there, so the same length (the
                # far end of a hanging path adds one whoever's building stands on it).
                far = _hung_at(links, edge_vertices, roads, ships, min(laid), b if a == left else a)
                if far >= 0:
                    parts.append((part[0] - {left} | {far}, part[1] - gone | laid, part[2]))
                    return parts, []
            fresh.append((part[0] - {left}, part[1] - {e}))
    for e in laid:
        ends = edge_vertices[e]
        a, b = ends  # (a loop: a comprehension would make ``ends`` a cell of every call)
        joined = []
        for group in (parts, fresh):
            for i in range(len(group) - 1, -1, -1):
                if a in group[i][0] or b in group[i][0]:
                    joined.append((group, i))
        if len(joined) == 1:  # the usual case: one component grows
            group, i = joined[0]
            vertices, edges = group.pop(i)[:2]
            fresh.append((vertices.union(ends), edges | {e}))
            continue
        vertices_set, edges_set = set(ends), {e}
        for group, i in joined:  # indices from the end of each group: popping keeps the rest
            part = group.pop(i)
            vertices_set.update(part[0])
            edges_set.update(part[1])
        fresh.append((frozenset(vertices_set), frozenset(edges_set)))
    return parts, fresh


_SEAT_LENGTHS = 64
"""Component lengths a seat's kept entry holds before they are dropped (a bound on memory)."""
_MEMO_LIMIT = 20_000
"""Memo entries per board before the memo is emptied (a bound on memory, not on speed)."""


_ROUTE_MEMOS = BoardMemo(_MEMO_LIMIT)

geometry_memo = _ROUTE_MEMOS.of
"""``geometry_memo(board.vertex_links)``: a memo of answers that depend only on one board's
geometry and the key (Seafarers' movable ships); keys hold everything the answer depends on.
Kept per ``links`` (geometries are cached, so they live as long as the process); the bound
method itself, not a function calling it: it is asked on the move list's path."""


def longer_route_with(
    board: Any,
    seat: int,
    edge: int,
    edge_owner: Sequence[int],
    vertex_owner: Sequence[int],
    ship_owner: Sequence[int],
    length: int,
    recount: Callable[[], int] | None = None,
) -> int:
    """``seat``'s longest trade route once a road or ship on ``edge`` was added, knowing it was
    ``length`` before (as :func:`longer_trail_through`): when one end of the new piece touches
    no other piece of ``seat``, every new route ends there and one search from it finds the
    longest; otherwise the whole count (``recount()``, by default :func:`longest_route`)."""
    vertex_edges = board.vertex_edges
    for end in board.edge_vertices[edge]:
        pieces = 0  # (a loop: a generator would make ``seat`` and the owners cells)
        for e in vertex_edges[end]:
            if edge_owner[e] == seat or ship_owner[e] == seat:
                pieces += 1
        if pieces == 1:
            found = _route_from(board.vertex_links, seat, end, edge_owner, vertex_owner, ship_owner)
            return max(length, found)
    if recount is not None:
        return recount()
    return longest_route(board, seat, edge_owner, vertex_owner, ship_owner)


def _route_from(
    links: Sequence[Any],
    seat: int,
    start: int,
    edge_owner: Sequence[int],
    vertex_owner: Sequence[int],
    ship_owner: Sequence[int],
) -> int:
    """The longest trade route of ``seat`` that begins at ``start``, searched over every trail,
    his pieces read straight from the owners (no list of them made first, and no call per path
    to tell a road from a ship: a function called per path cost more than the walk)."""

    def walk(v: int, used: int, came: int) -> int:
        """Longest continuation from ``v``, arrived over a path of kind ``came`` (0: start;
        1: a road, 2: a ship)."""
        best = 0
        own = vertex_owner[v] == seat
        for e, bit, w in links[v]:
            if used & bit:
                continue
            if edge_owner[e] == seat:
                k = 1
            elif ship_owner[e] == seat:
                k = 2
            else:
                continue
            if came and k != came and not own:
                continue  # from road to ship (or back) only at his own building (SF-LT-02)
            owner = vertex_owner[w]
            length = 1 if owner != -1 and owner != seat else 1 + walk(w, used | bit, k)
            if length > best:
                best = length
        return best

    found = walk(start, 0, 0)
    walk = None  # it held itself: without this the collector, not the count, frees it
    return found


def _tree_route(
    edge_vertices: Sequence[tuple[int, int]],
    seat: int,
    ships: Container[int],
    vertex_owner: Sequence[int],
    edges: Collection[int],
) -> int:
    """The longest trade route of one component (``edges``: its paths; those in ``ships`` are
    ships, the rest roads): in linear time when it has no cycle, else by :func:`_cored_route`.

    Where a route may not pass, the intersection is split: at an opponent's building into one
    end per piece there (a route ends there), at an intersection without the seat's building
    into a road end and a ship end (a route does not change from road to ship there). Routes
    are then exactly the trails of the split graph; when that graph is a forest they are its
    paths, and the longest is the largest diameter of its trees (one search each, then its
    nodes from the leaves up).
    """
    adjacent: dict[int, list[int]] = {}
    count = len(edges)
    for e in edges:
        k = 2 if e in ships else 1
        a, b = edge_vertices[e]
        owner = vertex_owner[a]
        if owner == seat:
            a *= 4
        elif owner == -1:
            a = a * 4 + k
        else:
            a = -1 - e * 2  # an end of its own
        owner = vertex_owner[b]
        if owner == seat:
            b *= 4
        elif owner == -1:
            b = b * 4 + k
        else:
            b = -2 - e * 2
        if a in adjacent:
            adjacent[a].append(b)
        else:
            adjacent[a] = [b]
        if b in adjacent:
            adjacent[b].append(a)
        else:
            adjacent[b] = [a]
    # As many paths as nodes or more: a cycle for sure (a forest has fewer), no forest search.
    found = None if count >= len(adjacent) else _forest_route(adjacent, count)
    if found is None:
        return _cored_route(adjacent)  # a cycle: every trail over the core, pendants at ends
    return found


def _forest_route(adjacent: dict[int, list[int]], paths: int) -> int | None:
    """The longest path of a graph of ``paths`` paths when it is a forest (the largest
    diameter of its trees), None when it has a cycle."""
    seen: set[int] = set()
    order: list[int] = []  # the trees' nodes, each after its parent
    ups: list[int] = []  # each node's parent's place in ``order`` (-1: a root)
    trees = 0
    for root in adjacent:
        if root in seen:
            continue
        trees += 1
        seen.add(root)
        at = len(order)
        order.append(root)
        ups.append(-1)
        for node in islice(order, at, None):  # grows while it is read
            for other in adjacent[node]:
                if other not in seen:
                    seen.add(other)
                    order.append(other)
                    ups.append(at)
            at += 1
    if paths != len(order) - trees:
        return None  # a cycle: known before any depth is searched
    # Each node's deepest branch, found from the leaves up (lists by place, not dicts); a
    # longest path turns at its highest node, joining that node's two deepest branches (or one
    # and the node).
    deepest = [0] * len(order)
    best = 0
    for at in range(len(order) - 1, 0, -1):
        up = ups[at]
        if up >= 0:
            depth = deepest[at] + 1
            top = deepest[up]
            if top + depth > best:
                best = top + depth
            if depth > top:
                deepest[up] = depth
    return best


def _cored_route(adjacent: dict[int, list[int]]) -> int:
    """The longest trail of the split graph of :func:`_tree_route` when it has a cycle.

    Taking away, again and again, the nodes with one path leaves the core (the cycles and the
    paths between them); what was taken away is a forest of pendant trees, each hanging at one
    core node. A trail that enters a pendant tree from the core cannot come back, so pendant
    trees are used only at a trail's ends: the longest trail is the longest path inside the
    forest, or a trail over the core alone plus at each end the deepest pendant branch there (a
    trail closed at one node: its two deepest). Every trail of the core is searched, over its
    chains (runs of nodes with two paths and no pendant become one path of their length), from
    each other node; a ring of the core without such a node is a whole component, all of it.
    """
    degree = {node: len(others) for node, others in adjacent.items()}
    leaves = [node for node, d in degree.items() if d == 1]
    pendant: set[int] = set()
    # Each node's two deepest branches among those taken away, found as they are taken away
    # (a node goes when all its branches but one went): the longest path in the forest is the
    # largest sum of the two (they only grow: each sum is checked when it grows), and a core
    # node's two are what a trail's end there adds.
    deepest = dict.fromkeys(adjacent, (0, 0))
    best = 0
    for node in leaves:  # grows while it is read
        pendant.add(node)
        depth = deepest[node][0] + 1
        for other in adjacent[node]:
            if other not in pendant:
                top, next_ = deepest[other]
                if depth > top:
                    deepest[other] = (depth, top)
                    if depth + top > best:
                        best = depth + top
                elif depth > next_:
                    deepest[other] = (top, depth)
                    if top + depth > best:
                        best = top + depth
                degree[other] -= 1
                if degree[other] == 1:
                    leaves.append(other)
    if pendant:  # the core: each node's paths to other core nodes (a list kept when all are)
        core = {
            node: others if pendant.isdisjoint(others) else [o for o in others if o not in pendant]
            for node, others in adjacent.items()
            if node not in pendant
        }
    else:
        core = adjacent
    if all(len(others) == 2 for others in core.values()):
        return _ringed_route(core, deepest, best)  # one cycle per part: no chains to search
    hubs = {node for node, others in core.items() if len(others) != 2 or deepest[node][0]}
    chains: dict[int, list[tuple[int, int, int]]] = {}
    spans: list[tuple[int, int, int]] = []  # each chain's hubs (smaller first) and length
    inner: set[int] = set()  # the chains' nodes between their hubs: each lies on one chain
    count = 0
    for hub in hubs:
        for first in core[hub]:
            if first in hubs:
                if first < hub:
                    continue  # a path between two hubs: taken once, from the smaller
                node, length = first, 1
            elif first in inner:
                continue  # a chain already walked from its other end
            else:
                previous, node, length = hub, first, 1
                while node not in hubs:
                    inner.add(node)
                    a, b = core[node]
                    previous, node = node, (b if a == previous else a)
                    length += 1
            chains.setdefault(hub, []).append((1 << count, node, length))
            chains.setdefault(node, []).append((1 << count, hub, length))
            spans.append((hub, node, length) if hub < node else (node, hub, length))
            count += 1
    ringed: set[int] = set()
    for root in core:  # rings of the core without a hub: a whole component, the whole ring
        if root not in hubs and root not in ringed and root not in inner:
            ring = {root}
            todo = [root]
            for node in todo:
                for other in core[node]:
                    if other not in ring:
                        ring.add(other)
                        todo.append(other)
            ringed.update(ring)
            best = max(best, len(ring))

    def trail(node: int, used: int, start: int) -> int:
        """Longest continuation from ``node``, ending in the deepest pendant branch left."""
        longest = deepest[node][1] if node == start else deepest[node][0]
        for bit, other, length in chains[node]:
            if not used & bit:
                found = length + trail(other, used | bit, start)
                if found > longest:
                    longest = found
        return longest

    if not chains:
        trail = None  # it held itself: without this the collector, not the count, frees it
        return best
    # The trails over the chains depend on nothing but the chains and the hubs' deepest
    # branches: a ship moved at a pendant tree's leaf often leaves both as they were.
    spans.sort()
    key = (tuple(spans), tuple(sorted([(hub, deepest[hub]) for hub in chains])))
    found = _CORE_TRAILS.get(key)
    if found is None:
        if len(_CORE_TRAILS) > _MEMO_LIMIT:
            _CORE_TRAILS.clear()
        found = 0
        for hub in chains:
            longest = deepest[hub][0] + trail(hub, 0, hub)
            if longest > found:
                found = longest
        _CORE_TRAILS[key] = found
    trail = None  # it held itself: without this the collector, not the count, frees it
    return found if found > best else best


def _ringed_route(
    core: dict[int, list[int]], deepest: dict[int, tuple[int, int]], best: int
) -> int:
    """:func:`_cored_route`'s answer when every core node has two core paths: each part of the
    core is one ring (the usual cyclic trade route, a ring with trees hanging from it), so a
    trail over the core either goes round the whole ring, entering and leaving at one node (its
    two deepest pendant branches added), or joins two nodes' deepest branches by the longer of
    the two arcs between them (a ring without branches: the ring). ``best``: the longest path in
    the pendant forest."""
    seen: set[int] = set()
    for root in core:
        if root in seen:
            continue
        ring = [root]
        previous, node = root, core[root][0]
        while node != root:
            ring.append(node)
            a, b = core[node]
            previous, node = node, (b if a == previous else a)
        seen.update(ring)
        size = len(ring)
        if size > best:
            best = size
        ends: list[tuple[int, int]] = []  # the ring's nodes with a pendant branch: place, depth
        for at, node in enumerate(ring):
            top, second = deepest[node]
            if top:
                if top + size + second > best:
                    best = top + size + second
                for other_at, other_top in ends:
                    arc = at - other_at
                    longest = top + other_top + (arc if arc + arc > size else size - arc)
                    if longest > best:
                        best = longest
                ends.append((at, top))
    return best


_CORE_TRAILS: dict[tuple[Any, ...], int] = {}
"""The longest trail over a core's chains (:func:`_cored_route`) per chains and hub branches
(node numbers are only names there: the answer holds on any board)."""


def _route_components(
    links: Sequence[Any], kind: Any, roots: Iterable[int], seen: set[int]
) -> list[tuple[set[int], list[int]]]:
    """The seat's pieces (``kind``: a mapping that holds his paths) joined at intersections (any
    building does not cut them here): the components around ``roots`` (their vertices, with
    ``seen``, are not walked), per component the set of its paths and the list of its
    vertices, in the order found (no caller needs them sorted: each length is a maximum over
    the component, and the kept parts are sets); a root that no piece touches gives none."""
    components = []
    for root in roots:
        if root in seen:
            continue
        component = [root]
        seen.add(root)
        edges = set()  # every path of his at a vertex of the component, found as it grows
        for v in component:  # grows while it is read
            for e, _, w in links[v]:
                if e in kind:
                    edges.add(e)
                    if w not in seen:
                        seen.add(w)
                        component.append(w)
        if edges:
            components.append((edges, component))
    return components
