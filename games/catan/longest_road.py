"""Longest-trail computation for Longest Road, and the holder rules.

Rules: BG-LR-01..08, BG-ROAD-04.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.catan.topology import EDGE_VERTICES


def longest_trail(seat: int, edge_owner: Sequence[int], vertex_owner: Sequence[int]) -> int:
    """Length of the longest trail (no path used twice) through ``seat``'s roads.

    A trail may pass through a vertex only if no opponent building stands there (BG-LR-03); the
    player's own buildings never break it (BG-LR-04). Branches do not add up (BG-LR-01/02).
    """
    adjacency: dict[int, list[tuple[int, int]]] = {}
    for e, owner in enumerate(edge_owner):
        if owner == seat:
            a, b = EDGE_VERTICES[e]
            adjacency.setdefault(a, []).append((e, b))
            adjacency.setdefault(b, []).append((e, a))
    if not adjacency:
        return 0
    best = 0

    def walk(v: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        owner = vertex_owner[v]
        if length and owner != -1 and owner != seat:
            return  # an opponent's building ends the trail here
        for e, w in adjacency[v]:
            bit = 1 << e
            if not used & bit:
                walk(w, used | bit, length + 1)

    for v in _start_vertices(adjacency, vertex_owner, seat):
        walk(v, 0, 0)
    return best


def _start_vertices(
    adjacency: dict[int, list[tuple[int, int]]], vertex_owner: Sequence[int], seat: int
) -> list[int]:
    """Where a longest trail can begin: odd-degree vertices and opponent-blocked ones.

    A maximal trail that starts at an unblocked vertex has used every path there (else it could
    be extended backwards), an odd number of them (1 + 2 per pass). A component without such a
    vertex is closed (all degrees even): any of its vertices will do.
    """
    starts = []
    component: dict[int, int] = {}
    for root in adjacency:
        if root in component:
            continue
        members = [root]
        component[root] = root
        for v in members:
            for _, w in adjacency[v]:
                if w not in component:
                    component[w] = root
                    members.append(w)
        found = [
            v
            for v in members
            if len(adjacency[v]) % 2 or (vertex_owner[v] != -1 and vertex_owner[v] != seat)
        ]
        starts.extend(found or members[:1])
    return starts


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
