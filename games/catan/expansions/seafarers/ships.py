"""Ships: building, shipping routes, moving the open end of a route, and where ships join roads.

A ship lies on a ship path (``sea.py``); the state keeps ``ship_owner`` (one owner per path, -1:
none) beside the core's ``edge_owner`` (roads), so a path holds a road or a ship, never both
(SF-SH-03). A ship line grows from the owner's coastal building or from any intersection of his
ships where no opponent's building stands (SF-SH-02); roads never grow from ships and ships never
from roads: they join only at the owner's building (SF-SR-01), which the core's road rules give
by construction (roads grow from ``network``, which ships never enter). A settlement may stand at
the end of a ship line (SF-SH-04): ship intersections join the core's ``road_vertices``.

Rules: SF-CO-01, SF-SH-01..05, SF-SR-01..02, SF-RT-01, SF-MS-01..04, SF-PI-03..04, SF-DC-01.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.catan.constants import LUMBER, MAX_PLAYERS, WOOL
from games.catan.expansions import seafarers  # the plug-in's ``TABLES`` (it imports this module)
from games.catan.longest_road import geometry_memo

SHIPS_PER_SEAT = 15
"""SF-CO-01."""
SHIP_COST = (1, 0, 1, 0, 0)
"""SF-CO-01, SF-SH-01: 1 lumber + 1 wool (RESOURCES order)."""

Action = dict[str, Any]


class BuildShips(dict[int, Action]):
    """The shared ``build_ship`` actions by path, each made when first asked for
    (``__missing__``): a list of them is ``list(map(BUILD_SHIP.__getitem__, spots))``, with no
    Python call per action (as :class:`MovesFrom`)."""

    __slots__ = ()

    def __missing__(self, e: int) -> Action:
        action = self[e] = {"type": "build_ship", "edge": e}
        return action


BUILD_SHIP = BuildShips()
PLACE_SHIP: dict[int, Action] = {}
MOVE_SHIP: dict[tuple[int, int], Action] = {}


def build_ship_action(e: int) -> Action:
    return BUILD_SHIP[e]


def move_ship_action(e: int, f: int) -> Action:
    return moves_from(e)[f]


class MovesFrom(dict[int, Action]):
    """The shared ``move_ship`` actions from one path, by the path taken, each made when first
    asked for (``__missing__``): a list of them is ``map(moves.__getitem__, targets)``, with no
    Python call per action."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        super().__init__()
        self.left = left

    def __missing__(self, f: int) -> Action:
        action = self[f] = MOVE_SHIP[self.left, f] = {
            "type": "move_ship",
            "from": self.left,
            "to": f,
        }
        return action


def moves_from(e: int) -> MovesFrom:
    moves = MOVES_FROM.get(e)
    if moves is None:
        moves = MOVES_FROM[e] = MovesFrom(e)
    return moves


MOVES_FROM: dict[int, MovesFrom] = {}
"""The shared ``move_ship`` actions by the path left, then the path taken (no pair made per
look-up)."""


def place_ship_action(e: int) -> Action:
    action = PLACE_SHIP.get(e)
    if action is None:
        action = PLACE_SHIP[e] = {"type": "place_ship", "edge": e}
    return action


def pirate_sides(state: Any) -> tuple[int, ...]:
    """The paths around the pirate's hex: no ship is built there or moved away (SF-PI-03)."""
    return state.sf_hex_sides[state.pirate] if state.pirate >= 0 else ()


def ship_vertices(state: Any, p: int) -> set[int]:
    ev = state.board.edge_vertices
    return {v for e in state.sf_ships[p] for v in ev[e]}


def road_paths(state: Any, p: int) -> set[int]:
    """``p``'s roads, found around his ``road_vertices`` (the ends of all his roads and ships)
    rather than over every path of the board."""
    eo, vertex_edges = state.edge_owner, state.board.vertex_edges
    paths = set()
    for v in state.road_vertices[p]:  # loops: a comprehension would make cells of the locals
        for e in vertex_edges[v]:
            if eo[e] == p:
                paths.add(e)
    return paths


def ship_spots(state: Any, p: int) -> list[int]:
    """Free ship paths at ``p``'s coastal buildings or his ships' intersections that no
    opponent's building holds, not beside the pirate (SF-SH-01..03, SF-PI-03), that the map
    opens to his ships (its scenario's ``open_to_ships``, looked up once per map in the
    plug-in's ``TABLES``: None, so no call, on every map but Pirate Islands, SF-PR-06)."""
    spots = _spots_from(state, _ship_starts(state, p))
    hook = seafarers.TABLES[state.options["seafarers"]].open_to_ships
    return spots if hook is None else hook(state, p, spots)


def _ship_starts(state: Any, p: int) -> frozenset[int]:
    """The intersections a ship line of ``p`` may grow from (SF-SH-02)."""
    vo, ev = state.vertex_owner, state.board.edge_vertices
    starts = set()  # loops: a comprehension would make cells of the locals (Python 3.11)
    for v in state.network[p]:
        if vo[v] == p:
            starts.add(v)
    for e in state.sf_ships[p]:
        for v in ev[e]:
            if vo[v] == -1 or vo[v] == p:
                starts.add(v)
    return frozenset(starts)


def _spots_from(state: Any, starts: frozenset[int]) -> list[int]:
    eo, so, path = state.edge_owner, state.ship_owner, state.sf_ship_path
    blocked = state.sf_hex_sides[state.pirate] if state.pirate >= 0 else ()  # pirate_sides
    vertex_edges = state.board.vertex_edges
    spots = {
        e
        for v in starts
        for e in vertex_edges[v]
        if path[e] and eo[e] == -1 and so[e] == -1 and e not in blocked
    }
    return sorted(spots)


def cached_spots(state: Any, p: int) -> tuple[frozenset[int], list[int]]:
    """:func:`_ship_starts` and :func:`ship_spots` of ``p`` (the list never changed by the
    caller), kept in the state's ``spot_cache`` (cleared whenever a piece, the pirate or the
    board changes): the ship builds, the ship moves and Road Building's test share one search.
    Where no map hook opens the paths (all maps but Pirate Islands) the spots are read from
    :func:`kept_starts`, not searched. The starts are a frozenset: the seat's kept one, which
    his next ship replaces rather than changes, so a caller may keep it and can corrupt
    nothing."""
    found = state.spot_cache.get(("ship_spots", p))
    if found is None:  # the search in a function of its own: no cells made on a hit
        found = state.spot_cache["ship_spots", p] = _fresh_spots(state, p)
    return found


def _fresh_spots(state: Any, p: int) -> tuple[frozenset[int], list[int]]:
    hook = seafarers.TABLES[state.options["seafarers"]].open_to_ships  # as ship_spots
    if hook is not None:
        starts = _ship_starts(state, p)
        return starts, hook(state, p, _spots_from(state, starts))
    starts, near = kept_starts(state, p)
    eo, so = state.edge_owner, state.ship_owner
    blocked = state.sf_hex_sides[state.pirate] if state.pirate >= 0 else ()
    spots = []  # a loop: a comprehension would make cells of the locals (Python 3.11)
    for e in near:  # the ship test first: most taken paths at his starts hold his own ships
        if so[e] == -1 and eo[e] == -1 and e not in blocked:
            spots.append(e)
    spots.sort()
    return starts, spots


def seat_kept(
    state: Any, key: tuple[str, int], sign: int, make: Callable[[Any, int], tuple[Any, ...]], p: int
) -> list[Any]:
    """``p``'s entry under ``key`` in the core's ``state.kept``: ``[sign, *make(state, p)]``,
    made again when it is missing or was made under another ``sign`` (a count of the pieces
    whose change the updates in ``put_ship``/``lift_ship`` do not follow). The facts after the
    sign are the owner's to update in place; ``touch()`` and ``_rebuild_derived`` empty
    ``kept``."""
    kept = state.kept.get(key)
    if kept is None or kept[0] != sign:
        kept = state.kept[key] = [sign, *make(state, p)]
    return kept


def seat_keys(name: str) -> tuple[tuple[str, int], ...]:
    """The ``state.kept`` key of ``name`` for each seat."""
    return tuple((name, p) for p in range(MAX_PLAYERS))


KEPT_STARTS = seat_keys("ship_starts")
"""``state.kept`` keys of each seat's ship starts and the paths at them (:func:`kept_starts`)."""


def kept_starts(state: Any, p: int) -> tuple[frozenset[int], set[int]]:
    """:func:`_ship_starts` of ``p`` and the ship paths at them, free or not (a spot is one of
    those paths that is free and not beside the pirate). The starts are ``p``'s buildings and
    his ships' ends that hold no other player's building, so they change only with his ships
    and with a new settlement of anyone; kept per seat (:func:`seat_kept`) as ``[sign, starts,
    near]``: ``put_ship`` and ``lift_ship`` update them for their owner (``starts`` replaced,
    ``near`` changed in place), and a new settlement makes them again (``sign``: the
    settlements and cities left in every supply, a sum a city upgrade keeps)."""
    sign = sum(state.settlements_left) + sum(state.cities_left)
    kept = state.kept.get(KEPT_STARTS[p])
    if kept is None or kept[0] != sign:  # seat_kept's test inline: no call when kept
        kept = seat_kept(state, KEPT_STARTS[p], sign, _fresh_starts, p)
    return kept[1], kept[2]


def _fresh_starts(state: Any, p: int) -> tuple[frozenset[int], set[int]]:
    starts = _ship_starts(state, p)
    path, vertex_edges = state.sf_ship_path, state.board.vertex_edges
    near = set()  # loops: a comprehension would make cells of the locals (Python 3.11)
    for v in starts:
        for e in vertex_edges[v]:
            if path[e]:
                near.add(e)
    return starts, near


def cached_builds(state: Any, p: int) -> list[Action]:
    """``build_ship`` actions of ``p``, kept in the state's ``spot_cache`` (cleared whenever a
    piece, the pirate or the board changes)."""
    key = ("build_ship", p)
    found = state.spot_cache.get(key)
    if found is None:
        spots = cached_spots(state, p)[1]
        found = state.spot_cache[key] = list(map(BUILD_SHIP.__getitem__, spots))
    return found


MOVES_KEY = seat_keys("move_ship")
"""``spot_cache`` keys of each seat's ship moves (:func:`cached_moves`)."""


def cached_moves(state: Any, p: int) -> list[Action]:
    """``move_ship`` actions of ``p`` (SF-MS-01..04), kept like :func:`cached_builds`
    (under ``MOVES_KEY[p]``); ships built this turn are left out when the list is made
    (``ships_new`` changes only with a build, which clears the cache).

    Where each ship may go is :func:`move_targets` read from ``p``'s ship spots with the ship
    still in place (one search serves every ship): lifting it frees only its own path (never a
    target) and can only take away the starts at its own ends that hold no other ship of ``p``
    and no coastal building of his; a spot stays while one of its ends is still a start, so
    only the paths at a lost start may go (those that are no spot are never asked for). Done
    inline, ship by ship, without a call per ship; :func:`movable_ships`' filter (no ship beside
    the pirate, none built this turn) is inline too (this list is made after most pieces)."""
    key = MOVES_KEY[p]
    found = state.spot_cache.get(key)
    if found is not None:
        return found
    movable = kept_route_ends(state, p)  # movable_ships, its filter inline below
    found = state.spot_cache[key] = []
    if not movable:
        return found
    blocked = state.sf_hex_sides[state.pirate] if state.pirate >= 0 else ()  # pirate_sides
    new = state.ships_new
    starts, spots = cached_spots(state, p)
    vo, so = state.vertex_owner, state.ship_owner
    vertex_edges, ev = state.board.vertex_edges, state.board.edge_vertices
    network = state.network[p]
    for e in movable:
        if e in blocked or e in new:
            continue
        moves = MOVES_FROM.get(e) or moves_from(e)
        dropped = []
        for v in ev[e]:
            if v not in starts or (vo[v] == p and v in network):
                continue
            # A path at v stays a spot only through its other end (never the other end of
            # ``e``: no two paths join the same two intersections), unless another ship of p
            # keeps v a start: one pass tells both (what it dropped is taken back then).
            mark = len(dropped)
            for f in vertex_edges[v]:
                if f != e:
                    if so[f] == p:
                        del dropped[mark:]
                        break
                    c, d = ev[f]
                    if (d if c == v else c) not in starts:
                        dropped.append(f)
        if dropped:  # a loop: a comprehension would make cells of ``moves`` and ``dropped``
            for f in spots:
                if f not in dropped:
                    found.append(moves[f])
        else:  # ``e`` holds a ship: never among the free spots
            found.extend(map(moves.__getitem__, spots))
    return found


def founding_ship_spots(state: Any, p: int, v: int) -> list[int]:
    """Ship paths at ``p``'s founding settlement on ``v``, not beside the pirate (SF-GE-04,
    SF-PI-04), that the map opens to his ships (as :func:`ship_spots`)."""
    eo, so, path = state.edge_owner, state.ship_owner, state.sf_ship_path
    blocked = pirate_sides(state)
    spots = [
        e
        for e in state.board.vertex_edges[v]
        if path[e] and eo[e] == -1 and so[e] == -1 and e not in blocked
    ]
    hook = seafarers.TABLES[state.options["seafarers"]].open_to_ships
    return spots if hook is None else hook(state, p, spots)


def put_ship(state: Any, p: int, e: int) -> None:
    """Lay ``p``'s ship on ``e`` (bookkeeping shared by building, founding and moving)."""
    state.ship_owner[e] = p
    state.sf_ships[p].add(e)
    state.sf_ship_stamp[p] += 1
    state.ships_left[p] -= 1
    ends = state.board.edge_vertices[e]
    state.road_vertices[p].update(ends)
    _own_closed(state).add(e)
    state.spot_cache.clear()
    vo = state.vertex_owner
    # Loops, not comprehensions: a comprehension is a function call of its own (Python 3.11).
    kept = state.kept.get(KEPT_MOVABLE[p])
    if kept is not None:  # his buildings at e's ends are homes now; the route ends renewed
        homes = kept[1]
        for v in ends:
            if vo[v] == p:
                homes.add(v)
        if kept[2] is not None:
            kept[2] = _ends_after_put(state, p, e, kept[2])
    kept = state.kept.get(KEPT_STARTS[p])
    if kept is not None:  # e's ends that hold no building of another player are starts now
        starts, near = kept[1], kept[2]
        path, vertex_edges = state.sf_ship_path, state.board.vertex_edges
        for v in ends:
            if v not in starts and (vo[v] == -1 or vo[v] == p):
                starts = kept[1] = starts | {v}  # a new frozenset: the old one may be held
                for f in vertex_edges[v]:
                    if path[f]:
                        near.add(f)


def lift_ship(state: Any, p: int, e: int) -> None:
    """Take ``p``'s ship off ``e`` (a move), keeping ``road_vertices`` and the kept facts of
    :func:`kept_route_ends` and :func:`kept_starts` exact. All three change only at the ends
    of ``e`` that no other ship of ``p`` touches, found once."""
    state.ship_owner[e] = -1
    state.sf_ships[p].discard(e)
    state.sf_ship_stamp[p] += 1
    state.ships_left[p] += 1
    eo, so, vertex_edges = state.edge_owner, state.ship_owner, state.board.vertex_edges
    touched = state.road_vertices[p]
    bare = []  # e's ends with no other ship of p
    for v in state.board.edge_vertices[e]:  # loops: a ``map`` per test costs more (3 paths)
        at = vertex_edges[v]
        for f in at:
            if so[f] == p:
                break
        else:
            bare.append(v)
            for f in at:
                if eo[f] == p:
                    break
            else:
                touched.discard(v)  # no road of his there either: it leaves road_vertices
    if e not in state.sf_no_road:
        _own_closed(state).discard(e)
    state.spot_cache.clear()
    kept = state.kept.get(KEPT_MOVABLE[p])
    if kept is not None:  # a home with no ship of p left goes; the route ends renewed
        kept[1].difference_update(bare)
        if kept[2] is not None:
            kept[2] = _ends_after_lift(state, p, e, kept[2])
    kept = state.kept.get(KEPT_STARTS[p])
    if kept is not None:  # a start with no ship of p left and no building of his is lost
        starts, near, vo = kept[1], kept[2], state.vertex_owner
        lost = []
        for v in bare:
            if v in starts and vo[v] != p:
                lost.append(v)
        if lost:
            starts = kept[1] = starts.difference(lost)  # a new frozenset: the old may be held
            ev = state.board.edge_vertices
            for v in lost:  # a path stays near while its other end is still a start
                for f in vertex_edges[v]:
                    a, b = ev[f]
                    if (b if a == v else a) not in starts:
                        near.discard(f)


def _ends_after_lift(
    state: Any, p: int, e: int, movable: tuple[int, ...]
) -> tuple[int, ...] | None:
    """:func:`kept_route_ends` once ``p``'s ship on ``e`` is lifted, from ``movable`` (those
    before) without a walk where the lift's ends tell it; None (a walk) elsewhere.

    A movable ship with a free end is one of the free ends of an open route, so the route's
    movable ships were its free ends. Lifting it leaves the rest joined at its other end ``u``
    (nothing joins at the free one) and touching the same buildings (a free end holds none of
    his), so still open: its free ends stay, and a lone ship left at ``u`` (not his building)
    is a free end now. With two or more left at ``u`` the route may have no free end left (a
    ring or a loop, SF-MS-03): a walk of that route alone, ended at its first free end, tells
    (none: None)."""
    if e not in movable:
        return None
    vo = state.vertex_owner
    a, b = state.board.edge_vertices[e]
    joined_a, joined_b = _joined_at_ends(state, p, e, a, b)  # his ships left at each end
    if joined_a and joined_b:
        return None  # the route may fall in two
    if (vo[a] == p or joined_a) and (vo[b] == p or joined_b):
        return None  # no free end: moved as a ring or loop ship
    left = joined_a or joined_b
    rest = []  # loops: a comprehension would make cells of the locals (Python 3.11)
    for f in movable:
        if f != e:
            rest.append(f)
    if len(left) == 1:
        if left[0] not in rest:
            rest.append(left[0])
            rest.sort()
    elif left and _free_end_on_route(state, p, left, e) < 0:
        return None  # no free end left (a ring or a loop): its movable ships by a walk
    return tuple(rest)


def _ends_after_put(state: Any, p: int, e: int, movable: tuple[int, ...]) -> tuple[int, ...] | None:
    """:func:`kept_route_ends` once ``p``'s ship is laid on ``e``, from ``movable`` (those
    before) without a walk where the new ship's ends tell it; None (a walk) elsewhere.

    A ship joined to none of his ships is a route of its own: closed at two of his buildings,
    else a free end. A ship joined at one end ``w`` (not his building) to route ``R``: ``R``'s
    ships at ``w`` tell whether it was closed (one of them with a free end is not movable) or
    open with free ends (one with a free end is movable); closed stays closed. Open, with the
    other end of ``e`` free, it stays open: ``e`` is a free end, and a lone ship at ``w`` was
    free there and stays free only at its other end. Joined at both ends, or joined and
    touching his building: a walk (routes merge, close, or a loop may form). Where no ship at
    ``w`` has a free end, ``R`` is walked alone to its first free end; none (a ring or a
    loop): a walk of all."""
    vo, so, vertex_edges = state.vertex_owner, state.ship_owner, state.board.vertex_edges
    ev = state.board.edge_vertices
    a, b = ev[e]
    joined_a, joined_b = _joined_at_ends(state, p, e, a, b)  # his other ships at each end
    if not joined_a and not joined_b:  # a route of its own
        if vo[a] == p and vo[b] == p:
            return movable  # closed (SF-RT-01)
        return tuple(sorted((*movable, e)))
    if joined_a and joined_b:
        return None  # two routes may join, or a ring close
    w, x, joined = (a, b, joined_a) if joined_a else (b, a, joined_b)
    if vo[x] == p:
        return None
    open_route = None  # a ship at w with a free end tells whether its route is open
    for g in joined:
        c, d = ev[g]
        y = d if c == w else c
        if vo[y] == p:
            continue
        for f in vertex_edges[y]:
            if f != g and so[f] == p:
                break
        else:  # g is free at y
            open_route = g in movable
            break
    if open_route is None:
        if len(joined) > 1:  # the route walked (without e) to its first free end, if any
            g = _free_end_on_route(state, p, joined, e)
            if g < 0:
                return None  # a ring or a loop: e changes which of its ships move
            open_route = g in movable
        else:
            open_route = joined[0] in movable  # alone at w: it was free there
        lone_free = False
    else:
        lone_free = True  # (read only when one ship is at w: it is free at its other end)
    if not open_route:
        return movable  # closed stays closed: e is not movable either
    rest = []  # loops: a comprehension would make cells of the locals (Python 3.11)
    for f in movable:
        if not (len(joined) == 1 and f == joined[0] and not lone_free):
            rest.append(f)
    rest.append(e)
    rest.sort()
    return tuple(rest)


def _joined_at_ends(state: Any, p: int, e: int, a: int, b: int) -> tuple[list[int], list[int]]:
    """``p``'s ships other than ``e`` at each of ``e``'s ends ``a`` and ``b``, none at an end
    where his building stands (routes join only elsewhere, SF-RT-01): what a ship laid on or
    lifted from ``e`` joins or leaves."""
    vo, so, vertex_edges = state.vertex_owner, state.ship_owner, state.board.vertex_edges
    joined_a, joined_b = [], []  # loops: a comprehension would make cells of the locals
    if vo[a] != p:
        for f in vertex_edges[a]:
            if f != e and so[f] == p:
                joined_a.append(f)
    if vo[b] != p:
        for f in vertex_edges[b]:
            if f != e and so[f] == p:
                joined_b.append(f)
    return joined_a, joined_b


def _free_end_on_route(state: Any, p: int, starts: list[int], skip: int) -> int:
    """The first ship with a free end (SF-MS-02) on ``p``'s route through ``starts``, walked
    as :func:`_route_ends` walks one but without the ship on ``skip`` (the one laid or lifted)
    and stopped there; -1 if the route has none."""
    vo, so = state.vertex_owner, state.ship_owner
    ev, vertex_edges = state.board.edge_vertices, state.board.vertex_edges
    seen = set(starts)
    seen.add(skip)
    route = list(starts)
    for e in route:  # grows while it is read
        for v in ev[e]:
            if vo[v] == p:
                continue
            alone = True
            for f in vertex_edges[v]:
                if f != e and so[f] == p:  # ``skip`` counts here: lifted, it is no ship;
                    # laid, it meets the route only where two of p's ships stand (not free)
                    alone = False
                    if f not in seen:
                        seen.add(f)
                        route.append(f)
            if alone:
                return e
    return -1


def _own_closed(state: Any) -> set[int]:
    """The state's own set of paths closed to roads (made by ``rebuild``), changed in place by
    a ship; never the board's (a frozenset shared by every game on it): copied first."""
    closed = state.road_closed
    if isinstance(closed, frozenset):
        closed = state.road_closed = set(closed)
    return closed


def can_build(state: Any, p: int) -> bool:
    hand = state.hand[p]
    return bool(hand[LUMBER] and hand[WOOL] and state.ships_left[p])


# ---------------------------------------------------------------------- shipping routes
def movable_ships(state: Any, p: int) -> list[int]:
    """``p``'s ships that may move (SF-RT-01, SF-MS-01..04).

    A route is ``p``'s ships joined at intersections without ``p``'s building (another player's
    building does not cut it, SF-RT-01). A route touching two or more of ``p``'s buildings is
    closed: none of its ships moves. In an open route the ships at an open end (one end touching
    no other ship of ``p`` and no building of his) move; a route without such an end (a ring, or
    a loop back to the one building it touches) moves at the ships beside that building, or
    anywhere (SF-MS-03). Never a ship built this turn, nor one beside the pirate.
    """
    movable = kept_route_ends(state, p)
    blocked = pirate_sides(state)
    new = state.ships_new
    if not new and not blocked:
        return list(movable)
    return [e for e in movable if e not in blocked and e not in new]


KEPT_MOVABLE = seat_keys("movable")
"""``state.kept`` keys of each seat's ships at his routes' ends (:func:`movable_ships`)."""


def kept_route_ends(state: Any, p: int) -> tuple[int, ...]:
    """:func:`_route_ends` sorted. The routes and their ends depend only on ``p``'s ships and
    ``homes``, the intersections where his buildings touch them (the memo's key). Kept per seat
    (:func:`seat_kept`) as ``[sign, homes, answer]``: ``put_ship`` and ``lift_ship`` update
    ``homes`` and renew the answer from the one before where their ship's ends tell it
    (:func:`_ends_after_put`, :func:`_ends_after_lift`), else drop it (a walk here, or the
    memo); a new settlement of his changes ``sign`` (his settlements and cities left, a sum a
    city upgrade keeps), which makes ``homes`` again."""
    sign = state.settlements_left[p] + state.cities_left[p]
    kept = state.kept.get(KEPT_MOVABLE[p])
    if kept is None or kept[0] != sign:  # seat_kept's test inline: no call when kept
        kept = seat_kept(state, KEPT_MOVABLE[p], sign, _fresh_route_facts, p)
    movable = kept[2]
    if movable is None:
        memo = geometry_memo(state.board.vertex_links)
        mine = state.sf_ships[p]
        key = ("movable", frozenset(mine), frozenset(kept[1]))
        movable = memo.get(key)
        if movable is None:
            movable = memo[key] = tuple(sorted(_route_ends(state, p, sorted(mine))))
        kept[2] = movable
    return movable


def _fresh_route_facts(state: Any, p: int) -> tuple[set[int], None]:
    return fresh_homes(state, p), None


def fresh_homes(state: Any, p: int) -> set[int]:
    """The ends of ``p``'s ships where a building of his stands."""
    vo, ev = state.vertex_owner, state.board.edge_vertices
    homes = set()  # loops: a comprehension would make cells of the locals (Python 3.11)
    for e in state.sf_ships[p]:
        for v in ev[e]:
            if vo[v] == p:
                homes.add(v)
    return homes


def _route_ends(state: Any, p: int, mine: list[int]) -> tuple[int, ...]:
    """The ships of :func:`movable_ships` before the pirate and this turn's ships are left out.

    A route is walked from ship to ship over ``ship_owner`` at the intersections without
    ``p``'s building (at most three paths each), which also tells each ship whether one of its
    ends is free (no other ship of ``p`` there)."""
    vo, so = state.vertex_owner, state.ship_owner
    ev, vertex_edges = state.board.edge_vertices, state.board.vertex_edges
    seen: set[int] = set()
    movable: list[int] = []
    for start in mine:
        if start in seen:
            continue
        seen.add(start)
        route, buildings, ends = [start], set(), []
        for e in route:  # grows while it is read
            free = False
            for v in ev[e]:
                if vo[v] == p:  # p's building: routes join only elsewhere
                    buildings.add(v)
                    continue
                alone = True
                for f in vertex_edges[v]:
                    if f != e and so[f] == p:
                        alone = False
                        if f not in seen:
                            seen.add(f)
                            route.append(f)
                if alone:
                    free = True
            if free:
                ends.append(e)
        if len(buildings) >= 2:
            continue  # closed (SF-RT-01, SF-MS-02)
        movable.extend(ends or _ends_without_free(state, route, buildings))
    return tuple(movable)


def _ends_without_free(state: Any, route: list[int], buildings: set[int]) -> list[int]:
    """The movable ships of a route with no free end (a ring, or a loop back to the one
    building it touches), in a function of its own: its comprehensions would make cells of
    :func:`_route_ends`' locals on every call."""
    ev = state.board.edge_vertices
    beside = [e for e in route if ev[e][0] in buildings or ev[e][1] in buildings]
    # A ship beside the building moves only if the rest stays joined to it: a loop back to the
    # building, not the one ship that joins a ring to it (it would cut the ring loose).
    return [e for e in beside if _rest_joined(state, route, e, buildings)] if beside else route


def _rest_joined(state: Any, route: list[int], lifted: int, buildings: set[int]) -> bool:
    """Every ship of ``route`` but ``lifted`` still reaches one of ``buildings``."""
    ev, vertex_edges = state.board.edge_vertices, state.board.vertex_edges
    rest = set(route) - {lifted}
    reached: set[int] = set()
    seen = set(buildings)
    todo = list(buildings)
    while todo:
        v = todo.pop()
        for f in vertex_edges[v]:
            if f in rest and f not in reached:
                reached.add(f)
                for w in ev[f]:
                    if w not in seen:
                        seen.add(w)
                        todo.append(w)
    return reached == rest


def move_targets(state: Any, p: int, e: int) -> list[int]:
    """Where ``p``'s ship on ``e`` may go: any path where a new ship could be built, once it
    left ``e`` (SF-MS-04)."""
    so, mine = state.ship_owner, state.sf_ships[p]
    so[e] = -1
    mine.discard(e)
    try:
        return [f for f in ship_spots(state, p) if f != e]
    finally:
        so[e] = p
        mine.add(e)
