"""Knights: built on intersections, activated with grain, promoted, and acting once a turn.

A knight is stored per intersection in four lists of ``state.board.num_vertices``:
``ck_knight_owner`` (-1: none), ``ck_knight_strength`` (1 basic, 2 strong, 3 mighty),
``ck_knight_active`` (0/1) and ``ck_knight_flags`` (this turn: ``ACTED`` 1, ``ACTIVATED`` 2,
``PROMOTED`` 4; cleared at each turn's start).

Rules: CK-KN-01..06, CK-SE-03 (chasing the robber), A-CK-03.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from games.catan.constants import LONGEST_ROAD_MIN, MAX_PLAYERS, MAX_ROADS, RESOURCE_INDEX

from .data import ABILITY_LEVEL, ACTIVATE_COST, KNIGHT_COST, KNIGHTS_PER_LEVEL, TRACK_INDEX
from .shared import SharedActions

Action = dict[str, Any]
ACTED, ACTIVATED, PROMOTED = 1, 2, 4
MIGHTY = 3
POLITICS = TRACK_INDEX["politics"]
WOOL, GRAIN, ORE = RESOURCE_INDEX["wool"], RESOURCE_INDEX["grain"], RESOURCE_INDEX["ore"]


def _at(kind: str) -> SharedActions:
    """``kind``'s action per intersection ``v``."""
    return SharedActions(lambda v: {"type": kind, "vertex": v})


def _move(kind: str) -> SharedActions:
    """``kind``'s action per move ``(v, w)``."""
    return SharedActions(lambda move: {"type": kind, "from": move[0], "to": move[1]})


# One knight's action per intersection or move: main lists take these, not new dicts.
BUILD = _at("build_knight")
PROMOTE = _at("promote_knight")
ACTIVATE = _at("activate_knight")
CHASE = _at("chase_robber")
MARCH = _move("march_knight")
DISPLACE = _move("displace_knight")


def init(state: Any) -> None:
    size = state.board.num_vertices
    state.ck_knight_owner = [-1] * size
    state.ck_knight_strength = [0] * size
    state.ck_knight_active = [0] * size
    state.ck_knight_flags = [0] * size


def knights_of(state: Any, p: int) -> list[int]:
    """The intersections of ``p``'s knights, in order (read only: shared). Kept in the core's
    ``kept`` (not ``spot_cache``: a road or building leaves the knights where they are), which
    :func:`_put` empties for the seats whose knights it changes; ``list.count`` and
    ``list.index`` find them (no Python loop over the board): this runs at every main list."""
    key = _KNIGHTS_KEY[p]
    mine = state.kept.get(key)
    if mine is None:
        owner = state.ck_knight_owner
        find = owner.index
        mine = []
        v = -1
        for _ in range(owner.count(p)):
            v = find(p, v + 1)
            mine.append(v)
        state.kept[key] = mine
    return mine


_KNIGHTS_KEY = [("ck_knights", p) for p in range(MAX_PLAYERS)]
"""``knights_of``'s ``kept`` key per seat, made once (it is looked up at every list)."""
_RANKS_KEY = [("ck_ranks", p) for p in range(MAX_PLAYERS)]
"""``rank_counts``'s key per seat, likewise."""
_BUILDS_KEY = [("ck_build_knight", p) for p in range(MAX_PLAYERS)]
"""``_cached_builds``'s key per seat, likewise."""
_ACTIVATE_PAID = tuple((r, amount) for r, amount in enumerate(ACTIVATE_COST) if amount)
"""``ACTIVATE_COST``'s kinds and amounts (CK-KN-02: one grain), as :func:`activate` pays them."""
_KNIGHT_WOOL, _KNIGHT_ORE = KNIGHT_COST[WOOL], KNIGHT_COST[ORE]
_ACTIVATE_GRAIN = ACTIVATE_COST[GRAIN]
"""The costs :func:`add_knight_actions` tests, read once (one global per test at every list)."""
_BUSY = ACTED | ACTIVATED
"""A knight that acted or was activated this turn does not act (CK-KN-02, CK-KN-06)."""


def rank_counts(state: Any, p: int) -> list[int]:
    """How many of ``p``'s knights stand on the board per strength: ``[0, basic, strong,
    mighty]`` (read only: shared). Kept in the core's ``kept`` like :func:`knights_of`, and
    renewed (not counted again) by :func:`_put` and :func:`promote`, the only writers of a
    knight's owner or strength: the main list's tokens left (CK-KN-01) and the knights that
    may go up (CK-KN-03, the Smith's finder) read it at every list."""
    key = _RANKS_KEY[p]
    counts = state.kept.get(key)
    if counts is None:
        strengths = state.ck_knight_strength
        counts = [0, 0, 0, 0]
        for v in knights_of(state, p):
            counts[strengths[v]] += 1
        state.kept[key] = counts
    return counts


def _recount(kept: dict[Any, Any], p: int, strength: int, change: int) -> None:
    """Renew ``p``'s kept :func:`rank_counts` (if kept) for one knight of ``strength`` more
    (``change`` 1) or fewer (-1): a new list, as the old one may be held by a caller."""
    key = _RANKS_KEY[p]
    counts = kept.get(key)
    if counts is not None:
        counts = counts.copy()
        counts[strength] += change
        kept[key] = counts


def tokens_on_board(state: Any, p: int, strength: int) -> int:
    """``p``'s knights of ``strength`` on the board."""
    return rank_counts(state, p)[strength]


def empty(state: Any, v: int) -> bool:
    return state.vertex_owner[v] == -1 and state.ck_knight_owner[v] == -1


# ---------------------------------------------------------------------- legal lists
def add_knight_actions(state: Any, p: int, legal: list[Action]) -> None:
    """CK-KN-01..03 any time of the turn after the roll; CK-KN-06 the knights' actions."""
    kept = state.kept
    # (:func:`knights_of`'s and :func:`rank_counts`'s kept lists are read here, no call at
    # every fresh main list: they are nearly always kept)
    mine = kept.get(_KNIGHTS_KEY[p])
    if mine is None:
        mine = knights_of(state, p)
    h = state.hand[p]
    if h[WOOL] >= _KNIGHT_WOOL and h[ORE] >= _KNIGHT_ORE:  # CK-KN-01: wool + ore
        if not mine:
            legal.extend(_cached_builds(state, p))
            return
        counts = kept.get(_RANKS_KEY[p])
        if counts is None:
            counts = rank_counts(state, p)
        if counts[1] < KNIGHTS_PER_LEVEL:  # CK-KN-01
            legal.extend(_cached_builds(state, p))
        up = _promotable(state, p, mine, counts)
        if up:
            legal.extend([PROMOTE[v] for v in up])
    elif not mine:
        return
    active, flags = state.ck_knight_active, state.ck_knight_flags
    acting = mine
    if h[GRAIN] >= _ACTIVATE_GRAIN:  # CK-KN-02: grain
        # One pass finds the knights to activate and those that may act: their actions come
        # after all the activations, as before. (A loop, not a list comprehension: no function
        # made per list; the acting ones, few in random play, in a list only when there is one.)
        acting = None
        for v in mine:
            if not active[v]:
                legal.append(ACTIVATE[v])
            elif not flags[v] & _BUSY:
                if acting is None:
                    acting = [v]
                else:
                    acting.append(v)
        if acting is None:
            return
    robber_hex = None
    for v in acting:
        if not active[v] or flags[v] & _BUSY:
            continue  # (most knights of random play: inactive)
        if robber_hex is None:  # read once per list, and only for a knight that may act
            strength = state.ck_knight_strength
            # CK-SE-02: the robber is chased only once it is awake (after the first attack)
            robber_hex = (
                state.board.hex_vertices[state.robber]
                if state.ck_attacks and state.robber >= 0
                else ()
            )
        marches, rivals = _cached_moves(state, p, v)
        legal.extend(marches)
        if rivals:
            sv = strength[v]
            for w in rivals:  # (a loop, not a list comprehension: no function made per knight)
                if strength[w] < sv:
                    legal.append(DISPLACE[v, w])
        if v in robber_hex:
            legal.append(CHASE[v])


def _cached_builds(state: Any, p: int) -> list[Action]:
    """``build_knight`` actions of ``p``: the empty intersections on his roads, kept in the
    core's ``spot_cache`` (cleared whenever a road, building or knight is placed or lifted)."""
    key = _BUILDS_KEY[p]
    found = state.spot_cache.get(key)
    if found is None:
        vo, ko = state.vertex_owner, state.ck_knight_owner
        found = state.spot_cache[key] = []
        # (loops, not comprehensions, here and in ``_cached_moves``: a comprehension would
        # make the names it reads cells at every call, the kept answers' too)
        for v in sorted(state.road_vertices[p]):
            if vo[v] == -1 and ko[v] == -1:
                found.append(BUILD[v])
    return found


def _cached_moves(state: Any, p: int, v: int) -> tuple[list[Action], list[int]]:
    """``march_knight`` actions of ``p``'s knight at ``v`` and the opponents' knights it
    reaches (its ``reach``), kept likewise: one look-up per acting knight and list."""
    key = ("ck_moves", p, v)
    found = state.spot_cache.get(key)
    if found is None:
        empties, rivals = reach(state, p, v)
        marches: list[Action] = []
        for w in empties:
            marches.append(MARCH[v, w])
        found = state.spot_cache[key] = (marches, rivals)
    return found


def promotable(state: Any, p: int, mine: list[int] | None = None) -> list[int]:
    """CK-KN-03: ``p``'s knights that may go one level up: once per knight per turn, a free
    token of the next level; strong to mighty only with the Fortress (politics level 3).
    (``mine``: ``knights_of(state, p)``, looked up only past the counts' test.)"""
    return _promotable(state, p, mine, rank_counts(state, p))


def _promotable(state: Any, p: int, mine: list[int] | None, counts: list[int]) -> list[int]:
    """:func:`promotable` with ``counts``, ``rank_counts(state, p)``: when no level may be
    reached (most lists: two strong knights and no Fortress) a few reads answer."""
    # a level a knight goes up to needs a free token (CK-KN-01's two per level)
    to_strong = counts[1] > 0 and counts[2] < KNIGHTS_PER_LEVEL
    to_mighty = (
        counts[2] > 0
        and counts[MIGHTY] < KNIGHTS_PER_LEVEL
        and state.ck_levels[p][POLITICS] >= ABILITY_LEVEL
    )
    if not (to_strong or to_mighty):
        return []
    if mine is None:
        mine = knights_of(state, p)
    strengths, flags = state.ck_knight_strength, state.ck_knight_flags
    found = []
    for v in mine:
        s = strengths[v]
        if (to_strong if s == 1 else s == 2 and to_mighty) and not flags[v] & PROMOTED:
            found.append(v)
    return found


def reach(state: Any, p: int, start: int) -> tuple[list[int], list[int]]:
    """CK-KN-06: intersections a knight of ``p`` at ``start`` reaches along ``p``'s roads,
    passing only ``p``'s pieces: (empty ones, ones holding an opponent's knight). Read only
    (shared): it is kept in the core's ``spot_cache``, which every road, building and knight
    placed or lifted clears, since the search reads nothing else.

    When ``start`` holds ``p``'s own knight, the answer is the same for every other knight of
    ``p`` the search passes: the way enters an intersection by what lies on it alone (one's own
    knight lets it pass), so two of ``p``'s knights joined by such a way reach the same
    intersections (neither is empty). One search then serves them all (a late game's seat has
    several knights on one network, and every march or build makes them search again)."""
    key = ("ck_reach", p, start)
    found = state.spot_cache.get(key)
    if found is None:
        cache = state.spot_cache
        if state.ck_knight_owner[start] == p:
            own: list[int] = []
            found = _search(state, p, start, own)
            for w in own:
                cache["ck_reach", p, w] = found
        else:  # a retreat: the intersection was lost to an opponent's knight
            found = _search(state, p, start, None)
        cache[key] = found
    return found


def _search(state: Any, p: int, start: int, own: list[int] | None) -> tuple[list[int], list[int]]:
    """:func:`reach`'s search; ``own`` (if given) gets the other intersections holding ``p``'s
    knights that the way passes."""
    eo, vo, ko = state.edge_owner, state.vertex_owner, state.ck_knight_owner
    links = state.board.vertex_links
    seen = {start}
    frontier = [start]
    moves, displaces = [], []
    while frontier:
        for e, _, y in links[frontier.pop()]:
            if eo[e] != p or y in seen:
                continue
            seen.add(y)
            o = vo[y]
            if o != -1 and o != p:
                continue  # an opponent's building stops the way
            k = ko[y]
            if k != -1:
                if k != p:
                    if o == -1:
                        displaces.append(y)
                    continue  # an opponent's knight stops the way
                if own is not None:
                    own.append(y)
            elif o == -1:
                moves.append(y)
            frontier.append(y)
    return sorted(moves), sorted(displaces)


# ---------------------------------------------------------------------- actions
def build(state: Any, p: int, v: int) -> None:
    """CK-KN-01: a basic knight, inactive."""
    state.pay(p, KNIGHT_COST)
    _put(state, v, p, 1, 0, 0)
    state.events.append({"type": "build_knight", "seat": p, "vertex": v, "visible_to": "all"})


def activate(state: Any, p: int, v: int) -> None:
    """CK-KN-02: 1 grain; a knight activated this turn cannot act this turn."""
    hand, bank = state.hand[p], state.bank
    for r, amount in _ACTIVATE_PAID:  # (the core's ``pay`` reads all five kinds)
        hand[r] -= amount
        bank[r] += amount
    state.ck_knight_active[v] = 1
    state.ck_knight_flags[v] |= ACTIVATED
    state.events.append({"type": "activate_knight", "seat": p, "vertex": v, "visible_to": "all"})


def promote(state: Any, p: int, v: int, free: bool = False) -> None:
    """CK-KN-03: one level up, status kept (``free``: the Smith, CK-PC-S10)."""
    if not free:
        state.pay(p, KNIGHT_COST)
    strengths = state.ck_knight_strength
    was = strengths[v]
    strengths[v] = was + 1
    state.ck_knight_flags[v] |= PROMOTED
    kept, owner = state.kept, state.ck_knight_owner[v]
    _recount(kept, owner, was, -1)
    _recount(kept, owner, was + 1, 1)
    state.events.append(
        {
            "type": "promote_knight",
            "seat": p,
            "vertex": v,
            "strength": state.ck_knight_strength[v],
            "visible_to": "all",
        }
    )


def _put(state: Any, v: int, p: int, strength: int, active: int, flags: int) -> None:
    """Set intersection ``v``'s knight (``p`` -1: none) and clear ``spot_cache``. The kept
    :func:`knights_of` lists of the seats whose knights change (the one that had ``v`` and
    ``p``) are made anew with ``v`` taken out or put in its place (no new search of the
    board at their next list; a new list: the old one may be held by a caller), and so are
    their kept :func:`rank_counts`; the other seats keep theirs."""
    owner, strengths = state.ck_knight_owner, state.ck_knight_strength
    was, had = owner[v], strengths[v]
    owner[v] = p
    strengths[v] = strength
    state.ck_knight_active[v] = active
    state.ck_knight_flags[v] = flags
    state.spot_cache.clear()
    kept = state.kept
    if was != -1:
        _recount(kept, was, had, -1)
    if p != -1:
        _recount(kept, p, strength, 1)
    if was == p:
        return  # the same seat's knight (or none) stays there: the lists stand
    if was != -1:
        key = _KNIGHTS_KEY[was]
        mine = kept.get(key)
        if mine is not None:
            mine = mine.copy()
            mine.remove(v)
            kept[key] = mine
    if p != -1:
        key = _KNIGHTS_KEY[p]
        mine = kept.get(key)
        if mine is not None:
            mine = mine.copy()
            insort(mine, v)
            kept[key] = mine


def lift(state: Any, v: int) -> list[int]:
    """Take the knight off ``v``: [owner, strength, active, flags]."""
    piece = [
        state.ck_knight_owner[v],
        state.ck_knight_strength[v],
        state.ck_knight_active[v],
        state.ck_knight_flags[v],
    ]
    _put(state, v, -1, 0, 0, 0)
    return piece


def _acted(state: Any, v: int) -> None:
    """CK-KN-06: acting makes the knight inactive; it cannot act again this turn."""
    state.ck_knight_active[v] = 0
    state.ck_knight_flags[v] |= ACTED


def move(state: Any, p: int, v: int, w: int) -> None:
    owner, strength, active, flags = lift(state, v)
    _put(state, w, owner, strength, active, flags)
    _acted(state, w)
    state.events.append(
        {"type": "march_knight", "seat": p, "from": v, "to": w, "visible_to": "all"}
    )


def displace(state: Any, p: int, v: int, w: int) -> bool:
    """CK-KN-06: the weaker knight at ``w`` retreats along its owner's roads to an empty
    intersection of his choice (status kept), or returns to his supply. True: he chooses."""
    loser = lift(state, w)
    move(state, p, v, w)
    state.events[-1]["type"] = "displace_knight"
    state.events[-1]["victim"] = loser[0]
    return send_to_retreat(state, w, loser)


def send_to_retreat(state: Any, w: int, loser: Any) -> bool:
    """The knight ``loser`` (as ``lift`` gave it) was driven from ``w``: its owner chooses where
    it retreats along his roads (phase ``ck_retreat``, True), or, with nowhere to go, it returns
    to the supply (False)."""
    if not retreat_spots(state, loser[0], w):
        state.events.append(
            {"type": "knight_removed", "seat": loser[0], "vertex": w, "visible_to": "all"}
        )
        return False
    state.ck_displaced = [w, *loser]
    state._set_phase("ck_retreat", loser[0])
    return True


def retreat_spots(state: Any, q: int, start: int) -> list[int]:
    return reach(state, q, start)[0]


def legal_retreat(state: Any) -> list[Action]:
    w, q = state.ck_displaced[0], state.ck_displaced[1]
    return [{"type": "retreat_knight", "to": x} for x in retreat_spots(state, q, w)]


def retreat(state: Any, to: int) -> None:
    w, q, strength, active, flags = state.ck_displaced
    _put(state, to, q, strength, active, flags)
    state.ck_displaced = []
    state.events.append(
        {"type": "retreat_knight", "seat": q, "from": w, "to": to, "visible_to": "all"}
    )


def chase(state: Any, p: int, v: int) -> None:
    """CK-KN-06, A-CK-03: a knight next to the robber's hex chases it: the robber moves as
    after a 7 (any hex a 7 could send it to but its own) and steals."""
    _acted(state, v)
    state.events.append({"type": "chase_robber", "seat": p, "vertex": v, "visible_to": "all"})
    state._set_phase("move_robber", p)


# ---------------------------------------------------------------------- Longest Road
def trail_owners(state: Any) -> list[int]:
    """CK-KN-05: a knight breaks an opponent's road like a settlement: for Longest Road an
    intersection is held by its building's owner, else by its knight's (-1: nobody)."""
    # Both per intersection of the board (same length by construction): the knights' list with
    # the buildings written over it counts fewer instructions than a zip (ck-speed26).
    holders = state.ck_knight_owner.copy()
    for v, o in enumerate(state.vertex_owner):
        if o != -1:
            holders[v] = o
    return holders


def judge_roads(state: Any, before: dict[int, int]) -> None:
    """CK-KN-05, BG-LR-05..07: knights came or left: ``before`` gives, for each intersection
    that changed, its knight's owner before (-1: none). A seat's trails through it are
    measured again when it passed there before and not now, or the other way round (its own
    knight never blocks it), and the Longest Road goes to whom the core's rules give it.

    A seat other than the holder need not be measured at once: its count is owed
    (``state.owe_length``, made when the lengths are read) when no length within its bounds
    could change who holds the card. A trail passes an intersection at most once (three paths
    meet there at most), so a knight that comes to block it cuts its longest trail in two parts
    at most, the longer one at least half of it: at least half the length is left; a knight
    that leaves joins two trails that ended there, each no longer than the longest before: at
    most twice the length, and never more than all his roads. Several intersections: one after
    the other."""
    eo, ko, vo = state.edge_owner, state.ck_knight_owner, state.vertex_owner
    vertex_edges = state.board.vertex_edges
    seats: dict[int, list[bool]] = {}  # seat -> per changed intersection: opened (else cut)
    for v, was in before.items():
        now = ko[v]
        if now == was or vo[v] != -1:
            continue
        # a trail passes ``v`` on two of its owner's paths there: one seat at most (three
        # paths meet at an intersection at most). (The two or three paths read one by one: no
        # list of their owners made, no ``count`` calls.)
        edges = vertex_edges[v]
        q = eo[edges[0]]
        other = eo[edges[1]]
        if q != other:
            if len(edges) < 3:
                continue
            third = eo[edges[2]]
            if third == other:
                q = other
            elif third != q:
                continue
        if q == -1:
            continue
        passes = now in (-1, q)
        if (was in (-1, q)) != passes:
            seats.setdefault(q, []).append(passes)
    if not seats:
        return
    holder, dropped, changed = state.longest_road, False, False
    lengths, owed = state._road_length, state.lengths_owed
    for q in sorted(seats):
        was_owed = q in owed
        if q != holder:
            low, high = owed[q] if was_owed else (lengths[q], lengths[q])
            for opened in seats[q]:  # one intersection after the other
                if opened:
                    high += high
                else:
                    low = (low + 1) // 2
            if high >= LONGEST_ROAD_MIN:  # no trail is longer than all his roads
                high = min(high, (MAX_ROADS - state.roads_left[q]) * max(state.path_weight))
            if state.owe_length(q, low, high):
                continue
        new = state.trail_length(q)
        if was_owed:
            owed.pop(q, None)  # (a refused ``owe_length`` leaves the bounds it found)
            changed = True  # its last exact length is not known: the holder rules again
        if new != lengths[q]:
            dropped = dropped or (q == holder and new < lengths[q])
            lengths[q] = new
            changed = True
    if changed:
        state._update_longest_road(holder_dropped=dropped)
