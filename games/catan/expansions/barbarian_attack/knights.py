"""Knights: trained at the castle, marched along paths, victorious over the barbarians.

Rules: BA-KN-01..03, BA-TU-03, BA-EX-01..06, A-BA-02.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, compress
from math import comb
from operator import itemgetter
from typing import Any

from games.catan import actions as A
from games.catan.mechanics import gold
from games.common.api import CHANCE

from . import barbarians as B

Action = dict[str, Any]

KNIGHTS = 6
"""Knights per colour (BA-CO-02)."""
RANGE, SPURRED_RANGE = 3, 5
"""Paths a knight moves; with 1 grain paid (BA-KN-02)."""
SPUR_COST = (0, 0, 0, 1, 0)
"""1 grain (lumber, brick, wool, grain, ore)."""
LOSS_GOLD = 3
"""Gold per lost knight, and for an involved player left without a prisoner (BA-EX-03/06)."""

FINISH_TURN: Action = {"type": "finish_turn"}
"""Ends trading and building: the end-of-turn phase (knights move, then battles) follows."""
END_MOVES: Action = {"type": "end_knight_moves"}
LOSS = tuple({"type": "battle_losses", "die": d} for d in range(1, 7))


@cache
def _edge_tables(board: Any) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Per path: the paths that share an intersection with it; its orientation (0..2, the side
    of a hex it is modulo 3: opposite sides of a hex share one, BA-EX-06)."""
    near = []
    for a, b in board.edge_vertices:
        near.append(tuple(sorted(set(board.vertex_edges[a]) | set(board.vertex_edges[b]))))
    near = [tuple(x for x in n if x != e) for e, n in enumerate(near)]
    orientation = [0] * board.num_edges
    for e, (a, b) in enumerate(board.edge_vertices):
        (xa, ya), (xb, yb) = board.vertex_points[a], board.vertex_points[b]
        dx, dy = xb - xa, yb - ya
        orientation[e] = 1 if dx == 0 else (0 if dx * dy > 0 else 2)
    return tuple(near), tuple(orientation)


@cache
def hex_edges(board: Any, h: int) -> tuple[int, ...]:
    """The 6 paths around hex ``h``."""
    return tuple(e for e in range(board.num_edges) if h in board.edge_hexes[e])


def castle_edges(state: Any) -> tuple[int, ...]:
    return hex_edges(state.board, state.board.sites["castle"])


@cache
def _castle_set(board: Any) -> frozenset[int]:
    return frozenset(hex_edges(board, board.sites["castle"]))


@cache
def _castle_getter(board: Any) -> Any:
    """The owners on the castle's 6 paths, read in one C call."""
    return itemgetter(*hex_edges(board, board.sites["castle"]))


@cache
def reachable(board: Any, start: int, steps: int) -> frozenset[int]:
    """Paths within ``steps`` moves (path to adjacent path) of ``start``, itself excluded."""
    near = _edge_tables(board)[0]
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        frontier = [f for e in frontier for f in near[e] if f not in seen]
        seen.update(frontier)
    seen.discard(start)
    return frozenset(seen)


@cache
def _moves(board: Any, start: int, steps: int) -> tuple[tuple[int, Action], ...]:
    """(target, action) of every move of the knight on ``start`` (shared action dicts), castle
    paths left out."""
    castle = _castle_set(board)  # BA-KN-03: never onto a castle path
    return tuple(
        (f, {"type": "move_knight", "edge": start, "to": f})
        for f in sorted(reachable(board, start, steps) - castle)
    )


SPUR = {}
"""``SPUR[e]``: pay a grain for the knight on ``e`` (shared dicts, made on first use)."""


def init_knights(state: Any) -> None:
    state.ba_knight = [-1] * state.board.num_edges
    state.ba_knights_left = [KNIGHTS] * state.n
    state.ba_prisoners = [0] * state.n
    state.ba_moved = []
    state.ba_spurred = []
    state.ba_battle = None


def place_knight(state: Any, p: int, e: int, how: str) -> None:
    """BA-KN-01: a knight from ``p``'s supply onto a free path."""
    state.ba_knight[e] = p
    state.ba_knights_left[p] -= 1
    state.events.append(
        {"type": "place_knight", "seat": p, "edge": e, "card": how, "visible_to": "all"}
    )


def knights_on_board(state: Any) -> bool:
    return sum(state.ba_knights_left) < KNIGHTS * state.n


# ---------------------------------------------------------------------- end of turn
def start_moves(state: Any) -> None:
    p = state.turn_player
    state.ba_moved = []
    state.ba_spurred = []
    if p in state.ba_knight:
        state._set_phase("move_knights", p)
    else:
        start_battles(state)


def legal_moves(state: Any) -> list[Action]:
    """BA-KN-02/03: each knight once, up to 3 paths (5 spurred), not onto a path with a knight,
    and not onto the castle's paths, which every knight must have left when the moves end."""
    p = state.actor
    owner = state.ba_knight
    board = state.board
    legal: list[Action] = []
    if p not in _castle_getter(board)(owner):
        legal.append(END_MOVES)
    grain = state.hand[p][3]
    moved = state.ba_moved
    for e in compress(range(len(owner)), map(p.__eq__, owner)):  # p's knights, at C speed
        if e in moved:
            continue
        spurred = e in state.ba_spurred
        if grain and not spurred:
            spur = SPUR.get(e) or SPUR.setdefault(e, {"type": "spur_knight", "edge": e})
            legal.append(spur)
        steps = SPURRED_RANGE if spurred else RANGE
        legal += [a for f, a in _moves(board, e, steps) if owner[f] == -1]
    return legal


def spur(state: Any, e: int) -> None:
    """BA-KN-02: 1 grain raises this knight's range to 5 paths this turn."""
    p = state.actor
    state.pay(p, SPUR_COST)
    state.ba_spurred.append(e)
    state.events.append({"type": "spur_knight", "seat": p, "edge": e, "visible_to": "all"})


def move(state: Any, e: int, to: int) -> None:
    p = state.actor
    state.ba_knight[e] = -1
    state.ba_knight[to] = p
    if e in state.ba_spurred:
        state.ba_spurred[state.ba_spurred.index(e)] = to
    state.ba_moved.append(to)
    state.events.append(
        {"type": "move_knight", "seat": p, "edge": e, "path": to, "visible_to": "all"}
    )


def start_battles(state: Any) -> None:
    """BA-EX-01: check the coastal hexes in ring order, from the '4' left of the castle."""
    state.ba_moved = []
    state.ba_spurred = []
    state.ba_battle = {"index": 0}
    continue_battles(state)


def continue_battles(state: Any) -> None:
    ring = B.coastal(state)
    battle = state.ba_battle
    while battle["index"] < len(ring):
        h = ring[battle["index"]]
        bars = state.ba_barbarians[h]
        if bars:
            edges = [e for e in hex_edges(state.board, h) if state.ba_knight[e] != -1]
            if len(edges) > bars:  # BA-EX-02
                victory(state, h, edges)
                return
        battle["index"] += 1
    state.ba_battle = None
    state._apply_end_turn(A.END_TURN)


def victory(state: Any, h: int, edges: list[int]) -> None:
    """BA-EX-02/03: the barbarians of ``h`` become prisoners of the players with a knight on
    its paths (every such knight's owner is involved, A-BA-02)."""
    count: dict[int, int] = {}
    for e in edges:
        o = state.ba_knight[e]
        count[o] = count.get(o, 0) + 1
    involved = sorted(o for o in count if o < state.n)  # a neutral knight takes no prisoner
    bars = state.ba_barbarians[h]
    state.ba_battle.update(hex=h, edges=edges, involved=involved)
    state.events.append(
        {
            "type": "battle_won",
            "hex": h,
            "barbarians": bars,
            "knights": {str(p): n for p, n in count.items()},
            "visible_to": "all",
        }
    )
    for _ in range(bars):
        B.take_barbarian(state, h)
    if len(involved) <= 1:
        capture(state, involved[0] if involved else -1, bars)
    elif bars < len(involved):  # too few: the highest rolls take them
        state.ba_battle.update(contest=involved, prizes=bars)
    else:
        for p in involved:
            capture(state, p, 1)
        if bars > len(involved):  # one left over: the most knights there take it
            best = max(count.values())
            leaders = [p for p in involved if count[p] == best]
            if len(leaders) == 1:
                capture(state, leaders[0], bars - len(involved))
            else:
                state.ba_battle.update(contest=leaders, prizes=bars - len(involved))
    if "contest" in state.ba_battle:
        state._set_phase("battle_contest", CHANCE)
    else:
        state._set_phase("battle_losses", CHANCE)


def capture(state: Any, p: int, n: int) -> None:
    """BA-EX-04: prisoners (every 2 are worth 1 VP)."""
    if n <= 0 or p < 0:
        return
    state.ba_prisoners[p] += n
    state.vp_dirty = True
    state.events.append(
        {
            "type": "prisoners",
            "seat": p,
            "count": n,
            "total": state.ba_prisoners[p],
            "visible_to": "all",
        }
    )


def contest_outcomes(state: Any) -> list[tuple[Action, float]]:
    """BA-EX-03: the contenders roll, ties re-rolled: every set of winners equally likely."""
    battle = state.ba_battle
    sets = list(combinations(battle["contest"], battle["prizes"]))
    weight = 1 / comb(len(battle["contest"]), battle["prizes"])
    return [({"type": "battle_contest", "winners": list(s)}, weight) for s in sets]


def settle_contest(state: Any, winners: list[int]) -> None:
    """BA-EX-03: each winner takes a prisoner; each contender who gets none takes 3 gold."""
    battle = state.ba_battle
    for p in battle.pop("contest"):
        if p in winners:
            capture(state, p, 1)
        else:
            gold.gain(state, p, LOSS_GOLD, "battle")
    battle.pop("prizes")
    state._set_phase("battle_losses", CHANCE)


def pay_lost_knight(state: Any, p: int) -> None:
    """BA-EX-06: 3 gold for a lost knight."""
    gold.gain(state, p, LOSS_GOLD, "knight_lost")


def losses(state: Any, die: int, pay: Any = pay_lost_knight) -> None:
    """BA-EX-06: the die picks one pair of opposite castle-path orientations (1/4, 2/5, 3/6);
    every knight of this victory on such a path goes home, its owner takes 3 gold (``pay``:
    another compensation, Catan for Two's). A neutral knight is never lost."""
    battle = state.ba_battle
    orientation = _edge_tables(state.board)[1]
    chosen = (die - 1) % 3
    lost = [
        e for e in battle["edges"] if orientation[e] == chosen and 0 <= state.ba_knight[e] < state.n
    ]
    state.events.append(
        {
            "type": "battle_losses",
            "hex": battle["hex"],
            "die": die,
            "edges": lost,
            "visible_to": "all",
        }
    )
    for e in lost:
        p = state.ba_knight[e]
        state.ba_knight[e] = -1
        state.ba_knights_left[p] += 1
        pay(state, p)
    state.ba_battle = {"index": battle["index"] + 1}
    continue_battles(state)
