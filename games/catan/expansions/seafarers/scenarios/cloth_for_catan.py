"""Cloth for Catan (``{"seafarers": "cloth_for_catan"}``; map SF-MAP-CL, 3-4 players).

Two large outer islands to settle, and between them the four small islands of the forgotten tribe,
which nobody may settle (their corners are closed for the whole game, and the robber never goes
there). On them stand 8 villages (number tokens on intersections, the layout's
``sites["villages"]``), each with 5 cloth; 10 more lie in a general supply. A seat whose ship
route links one of its buildings to a village trades with it: it takes 1 cloth at once, and the
route is closed for good (its ships never move). When a village's number is rolled, every seat
trading with it takes 1 cloth, the roller first, then in the order they came; what the village
lacks comes from the supply, and an empty village pays nothing. 2 cloth are 1 victory point. The
game is won at 14 VP, or ends at once when fewer than 4 villages still hold cloth: then the most
VP wins, ties broken by cloth. Each seat founds 3 settlements (rounds clockwise, counter-clockwise,
clockwise; income from the third). No Longest Trade Route. A seat may move the pirate only once
it trades with a village.

State: ``cl_cloth`` (per seat), ``cl_village_cloth`` (per village, site order), ``cl_supply``,
``cl_traders`` (per village: the seats trading with it, in the order they came).

Rules: SF-CL-01..09 (reference/expansions/seafarers.md §15, §19 SF-MAP-CL; A-SF-05).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Final

from games.catan.expansions.seafarers import ships
from games.catan.expansions.seafarers.scenarios import Scenario
from games.common.api import TERMINAL
from games.common.narration import counted

Action = dict[str, Any]

DATA: Final = json.loads(
    (Path(__file__).parent / "data" / "cloth_for_catan.json").read_text(encoding="utf-8")
)
PER_VP: Final = DATA["cloth_per_vp"]
ENDS_BELOW: Final = DATA["end_when_villages_with_cloth_below"]


# ---------------------------------------------------------------------------- places
@cache
def village_vertices(board: Any) -> tuple[int, ...]:
    """Each village's intersection, in site order (kept per board: read at every ship and
    settlement built)."""
    return tuple(board.hex_vertices[v["hex"]][v["corner"]] for v in board.sites["villages"])


@cache
def village_numbers(board: Any) -> tuple[int, ...]:
    """Each village's number, in site order (kept per board: read at every roll)."""
    return tuple(v["number"] for v in board.sites["villages"])


@cache
def tribe_hexes(board: Any) -> frozenset[int]:
    """The hexes of the tribe's small islands (kept per board: read at every robber move)."""
    return frozenset(board.sites["zones"][DATA["tribe_zone"]])


def tribe_vertices(board: Any) -> set[int]:
    """The corners of the tribe's small islands: closed to buildings for good (SF-CL-03)."""
    return {v for h in board.sites["zones"][DATA["tribe_zone"]] for v in board.hex_vertices[h]}


# ---------------------------------------------------------------------------- founding
def third_round(state: Any) -> None:
    """SF-CL-02, A-SF-05: the founding has a third round, clockwise from the first player
    again; added when the first founding settlement stands (the order is known by then)."""
    n, first = state.n, state.first_player
    if len(state.setup_order) == 2 * n:
        state.setup_order = state.setup_order + [(first + i) % n for i in range(n)]


# ---------------------------------------------------------------------------- trade relations
def ship_component(state: Any, p: int, start: int) -> tuple[set[int], set[int]]:
    """``p``'s ships joined to intersection ``start`` (paths) and the intersections they reach."""
    so = state.ship_owner
    ev, vertex_edges = state.board.edge_vertices, state.board.vertex_edges
    paths: set[int] = set()
    seen = {start}
    todo = [start]
    while todo:
        v = todo.pop()
        for e in vertex_edges[v]:
            if so[e] == p and e not in paths:
                paths.add(e)
                for w in ev[e]:
                    if w not in seen:
                        seen.add(w)
                        todo.append(w)
    return paths, seen


def linked(state: Any, p: int, village: int) -> bool:
    """A route of ``p``'s ships joins the village to one of ``p``'s buildings (SF-CL-05)."""
    _, reached = ship_component(state, p, village_vertices(state.board)[village])
    vo = state.vertex_owner
    return any(vo[v] == p for v in reached)


def take_cloth(state: Any, p: int, village: int) -> int:
    """One cloth from the village, else from the supply if the village had some at the roll."""
    if state.cl_village_cloth[village]:
        state.cl_village_cloth[village] -= 1
    elif state.cl_supply:
        state.cl_supply -= 1
    else:
        return 0
    state.cl_cloth[p] += 1
    state.vp_dirty = True
    return 1


def open_relations(state: Any, p: int) -> None:
    """SF-CL-05: each village newly linked to ``p`` trades with him and gives 1 cloth at once
    (an empty village gives nothing)."""
    for village, traders in enumerate(state.cl_traders):
        if p in traders or not linked(state, p, village):
            continue
        traders.append(p)
        got = 0
        if state.cl_village_cloth[village]:
            got = take_cloth(state, p, village)
        state.events.append(
            {
                "type": "cloth_trade",
                "seat": p,
                "village": village,
                "cloth": got,
                "visible_to": "all",
            }
        )
    check_end(state)


KEPT_CLOSED: Final = ships.seat_keys("cl_closed")
"""``state.kept`` keys of each seat's :func:`closed_ships`."""


def kept_closed_ships(state: Any, p: int, villages: tuple[int, ...]) -> frozenset[int]:
    """:func:`closed_ships` of ``p``, who trades with ``villages``. It reads only his ships and
    those villages, so it is kept per seat (``ships.seat_kept``) with the villages and his ship
    stamp (``sf_ship_stamp``, moved on by each ship he lays or lifts) as the sign, across
    roads, buildings and other seats' pieces."""
    sign = (villages, state.sf_ship_stamp[p])
    return ships.seat_kept(state, KEPT_CLOSED[p], sign, _fresh_closed, p)[1]


def _fresh_closed(state: Any, p: int) -> tuple[frozenset[int]]:
    return (frozenset(closed_ships(state, p)),)


def closed_ships(state: Any, p: int) -> set[int]:
    """``p``'s ships on a route to a village he trades with: they never move (SF-CL-05)."""
    closed: set[int] = set()
    vertices = village_vertices(state.board)
    for village, traders in enumerate(state.cl_traders):
        if p in traders:
            closed |= ship_component(state, p, vertices[village])[0]
    return closed


def cloth_income(state: Any, total: int) -> bool:
    """SF-CL-06: every trader of a village with the rolled number takes 1 cloth, the roller
    first, then in the order they came; the supply covers a village that runs short; an empty
    village pays nothing. Then the end of SF-CL-01. True: the game ended."""
    numbers = village_numbers(state.board)
    if total not in numbers:
        return check_end(state)
    roller = state.turn_player
    gains = []
    for village, number in enumerate(numbers):
        traders = state.cl_traders[village]
        if number != total or not traders or not state.cl_village_cloth[village]:
            continue
        order = ([roller] if roller in traders else []) + [q for q in traders if q != roller]
        for q in order:
            if take_cloth(state, q, village):
                gains.append([q, village])
    if gains:
        state.events.append({"type": "cloth_income", "gains": gains, "visible_to": "all"})
    return check_end(state)


def villages_with_cloth(state: Any) -> int:
    cloth = state.cl_village_cloth
    return len(cloth) - cloth.count(0)


def check_end(state: Any) -> bool:
    """SF-CL-01: fewer than 4 villages hold cloth: the game ends at once; the most VP wins, ties
    broken by the most cloth (then seat order)."""
    if villages_with_cloth(state) >= ENDS_BELOW or state.actor == TERMINAL:
        return False
    scores = [state.total_vp(p) for p in range(state.n)]
    ranking = sorted(range(state.n), key=lambda p: (-scores[p], -state.cl_cloth[p], p))
    state.events.append(
        {"type": "cloth_gone", "villages": villages_with_cloth(state), "visible_to": "all"}
    )
    # The first of the ranking wins (SF-CL-01): a victory, though not the roller's.
    state.result_data = {"ranking": ranking, "scores": scores, "reason": "victory"}
    state.events.append({"type": "game_over", **state.result_data, "visible_to": "all"})
    state._set_phase("terminal", TERMINAL)
    return True


def _drop_moves_from(legal: list[Action], closed: frozenset[int]) -> None:
    """SF-CL-05: no move of a ship in ``closed`` (apart from ``actions``, whose locals a
    comprehension reading ``closed`` would turn into cells on every call)."""
    legal[:] = [a for a in legal if a["type"] != "move_ship" or a["from"] not in closed]


# ---------------------------------------------------------------------------- the pirate
@cache
def pirate_action(hex_id: int) -> Action:
    return {"type": "cl_move_pirate", "hex": hex_id}


@cache
def loot_action(seat: int, loot: str) -> Action:
    return {"type": "pirate_loot", "seat": seat, "loot": loot}


def thief_moves(state: Any, legal: list[Action]) -> None:
    """SF-CL-09: the robber never enters the tribe's islands; the pirate moves only for a seat
    that trades with a village, and then by this scenario's action (its loot may be cloth)."""
    barred = tribe_hexes(state.board)
    p, trades = state.turn_player, False
    for traders in state.cl_traders:  # a loop: a generator would cost more than the 8 villages
        if p in traders:
            trades = True
            break
    kept = []
    for a in legal:
        if a["type"] == "move_robber" and a["hex"] in barred:
            continue
        if a["type"] == "move_pirate":
            if trades:
                kept.append(pirate_action(a["hex"]))
            continue
        kept.append(a)
    legal[:] = kept


def move_pirate(state: Any, action: Action) -> None:
    """SF-CL-09, SF-PI-02: move the pirate; then rob one player with a ship beside it of a
    resource card or a cloth, as the mover chooses (phase ``cl_pirate_loot``)."""
    p, h = state.actor, action["hex"]
    state.pirate = h
    state.spot_cache.clear()
    state.events.append({"type": "move_pirate", "seat": p, "hex": h, "visible_to": "all"})
    so = state.ship_owner
    victims = sorted({so[e] for e in state.sf_hex_sides[h] if 0 <= so[e] < state.n and so[e] != p})
    if not victims:
        state.finish_robber()
        return
    state.robber_victims = victims
    state._set_phase("cl_pirate_loot", p)


def loot_choices(state: Any) -> list[Action]:
    legal = []
    for v in state.robber_victims:
        legal.append(loot_action(v, "resource"))
        if state.cl_cloth[v]:
            legal.append(loot_action(v, "cloth"))
    return legal


def loot(state: Any, action: Action) -> None:
    victim = action["seat"]
    if action["loot"] == "resource":
        state.robber_victims = []
        state._rob(victim)  # the core's random card (a chance node), then the turn goes on
        return
    thief = state.turn_player
    state.cl_cloth[victim] -= 1
    state.cl_cloth[thief] += 1
    state.vp_dirty = True
    state.events.append(
        {"type": "steal_cloth", "seat": thief, "victim": victim, "visible_to": "all"}
    )
    state.finish_robber()


# ---------------------------------------------------------------------------- what is seen
def public(state: Any) -> dict[str, Any]:
    board = state.board
    return {
        "villages": [
            {"vertex": v, "number": n, "cloth": c, "traders": list(t)}
            for v, n, c, t in zip(
                village_vertices(board),
                village_numbers(board),
                state.cl_village_cloth,
                state.cl_traders,
                strict=True,
            )
        ],
        "cloth": list(state.cl_cloth),
        "supply": state.cl_supply,
    }


def draw_villages(view: dict[str, Any], geometry: Any) -> list[str]:
    from games.catan import picture  # drawn only for a picture, never in play

    cloth = view.get("cloth_for_catan")
    if not cloth:
        return []
    parts = []
    for village in cloth["villages"]:
        x, y = picture._point(geometry, village["vertex"])
        parts.append(
            f'<g class="village" data-vertex="{village["vertex"]}">'
            f'<rect x="{x - 9:.1f}" y="{y - 9:.1f}" width="18" height="18" rx="3" '
            f'fill="#f4e1c1" stroke="#6b4423"/><text x="{x:.1f}" y="{y + 4:.1f}" '
            f'text-anchor="middle" font-size="10" font-weight="700">{village["number"]}</text>'
            f"<title>village {village['number']}: {village['cloth']} cloth</title></g>"
        )
    return parts


SENTENCES: dict[str, Any] = {
    "steal_cloth": "{who} steals a cloth from {victim}.",
    "cloth_gone": (
        "Only {villages} villages still hold cloth: the game ends, the most points win "
        "(on a tie, the most cloth)."
    ),
    "cloth_trade": lambda told: (
        f"{told.words['who']} opens trade with village {told.event['village'] + 1} "
        f"and takes {counted(told.event['cloth'], 'cloth')}."
    ),
    "cloth_income": lambda told: (
        f"The villages hand out {counted(len(told.event['gains']), 'cloth')}."
    ),
}


# ---------------------------------------------------------------------------- the scenario
class ClothForCatan(Scenario):
    name = "cloth_for_catan"
    title = "Cloth for Catan"
    targets: ClassVar[dict[int, int]] = {3: DATA["victory_points"], 4: DATA["victory_points"]}
    layouts: ClassVar[dict[int, str]] = {
        3: "seafarers_cloth_for_catan",
        4: "seafarers_cloth_for_catan",
    }
    setup_zones = None  # SF-CL-02: the tribe's corners are closed: the two large islands only
    island_svp = 0
    longest_route = DATA["longest_route"]  # SF-CL-08
    stored_fields = ("cl_cloth", "cl_village_cloth", "cl_supply", "cl_traders")
    sentences = SENTENCES

    def init(self, state: Any) -> None:
        villages = len(state.board.sites["villages"])
        state.cl_cloth = [0] * state.n
        state.cl_village_cloth = [DATA["cloth_per_village"]] * villages  # SF-CL-04
        state.cl_supply = DATA["cloth_supply"]
        state.cl_traders = [[] for _ in range(villages)]

    def rebuild(self, state: Any) -> None:
        for v in tribe_vertices(state.board):  # SF-CL-03
            state.blocked[v] = True

    def built(self, state: Any, p: int, piece: str, where: int) -> None:
        if not state.turn:
            if piece == "settlement":
                third_round(state)
        elif piece in ("ship", "settlement"):
            open_relations(state, p)

    def produced(self, state: Any, total: int) -> bool:
        return cloth_income(state, total)

    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        villages = []  # a loop, not a generator: asked at every decision of the turn player
        for v, traders in enumerate(state.cl_traders):
            if p in traders:
                villages.append(v)
        if villages:
            closed = kept_closed_ships(state, p, tuple(villages))
            if closed:
                _drop_moves_from(legal, closed)

    def vp(self, state: Any, p: int) -> int:
        return state.cl_cloth[p] // PER_VP  # SF-CL-07

    def thief_moves(self, state: Any, legal: list[Action]) -> None:
        thief_moves(state, legal)  # SF-CL-09

    def apply_cl_move_pirate(self, state: Any, action: Action) -> None:
        move_pirate(state, action)

    def legal_cl_pirate_loot(self, state: Any) -> list[Action]:
        return loot_choices(state)

    def apply_pirate_loot(self, state: Any, action: Action) -> None:
        loot(state, action)

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        obs["cloth_for_catan"] = public(state)

    def view(self, state: Any, view: dict[str, Any]) -> None:
        view["cloth_for_catan"] = public(state)

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        return draw_villages(view, geometry)

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        cloth = view.get("cloth_for_catan")
        return f"cloth: {cloth['cloth'][seat]}" if cloth else None


SCENARIO = ClothForCatan()
