"""The Pirate Islands (``{"seafarers": "pirate_islands"}``; map SF-MAP-PI, 3-4 players).

A main island in the east, the pirate islands in the west with one pirate fortress per seat
colour (seat ``p`` plays colour ``p`` of orange, blue, red, white; with 3 players white and its
places are left out). Each seat starts with a settlement and a ship at its start intersection,
then founds 2 settlements on the main island. Its one shipping route follows its lane: from its
start through its waypoint (where it may build one settlement) to its fortress. A knight card
turns the hindmost plain ship of the route into a warship. At every roll the pirate fleet sails
along its circuit by the lower die and, next to the buildings of a single seat, attacks with
that die's strength against the seat's warships. At the end of his turn a seat whose route
reaches its fortress may attack it with one die against its warships; the third chit taken, the
fortress is his settlement. A seat wins with its fortress taken and 10 VP. No robber, no Longest
Trade Route, no Largest Army: on a 7 the roller steals one card from any player.

State: ``pi_chits`` (per seat: chits left on its fortress, 0 = taken), ``pi_warships`` (per
seat: its warships' paths), ``pi_fleet`` (index of the fleet in the circuit, -1 once it left),
``pi_attack`` (a fleet attack being settled: ``[seat, cards to lose, "main"|"seven"]``).

Rules: SF-PR-01..14 (reference/expansions/seafarers.md §16, §19 SF-MAP-PI; A-SF-06; §22: the
lanes are not in the sources, ``data/pirate_islands.json`` ``lanes`` says how they are read).
"""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path
from typing import Any, ClassVar, Final

from games.catan.constants import (
    KNIGHT,
    RESOURCE_INDEX,
    RESOURCES,
    UNREACHABLE_TARGET,
    VICTORY_POINT,
)
from games.catan.expansions.seafarers import interrupts, ships
from games.catan.expansions.seafarers.scenarios import Scenario
from games.common.api import CHANCE

Action = dict[str, Any]

DATA: Final = json.loads(
    (Path(__file__).parent / "data" / "pirate_islands.json").read_text(encoding="utf-8")
)
CHITS: Final = DATA["fortress_strength"]
HARBOUR_POOL: Final = {"any": 3, "lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1}
"""SF-MAP-PI: 8 harbours, three 3:1 and one 2:1 of each resource, shuffled (SF-PR-14)."""
ATTACK_FORTRESS: Final = {"type": "attack_fortress"}
PLAY_VP_AS_KNIGHT: Final = {"type": "play_vp_as_knight"}
FORTRESS_DIE: Final = tuple({"type": "fortress_die", "die": d} for d in range(1, 7))
PLUNDER: Final = tuple({"type": "fleet_plunder", "resource": r} for r in RESOURCES)
BOOTY: Final = tuple({"type": "take_booty", "resource": r} for r in RESOURCES)


# ---------------------------------------------------------------------------- places
def corner(board: Any, mark: dict[str, int]) -> int:
    return board.hex_vertices[mark["hex"]][mark["corner"]]


def seat_corner(board: Any, key: str, p: int) -> int:
    """Seat ``p``'s marked intersection of ``key`` (fortress, waypoint, start: SF-MAP-PI)."""
    return corner(board, board.sites[key][p])


def first_ship(state: Any, p: int) -> int:
    mark = state.board.sites["pre_placed_ship_per_seat"][p]
    return state.sf_hex_sides[mark["hex"]][mark["side"]]


def _shortest(state: Any, start: int, goal: int) -> list[int]:
    """The shortest chain of ship paths from ``start`` to ``goal``, lowest path ids first."""
    b = state.board
    came: dict[int, tuple[int, int] | None] = {start: None}
    todo = deque([start])
    while todo:
        v = todo.popleft()
        if v == goal:
            route = []
            while came[v] is not None:
                e, v = came[v]
                route.append(e)
            return route[::-1]
        for e in sorted(b.vertex_edges[v]):
            if not state.sf_ship_path[e]:
                continue
            w = next(x for x in b.edge_vertices[e] if x != v)
            if w not in came:
                came[w] = (e, v)
                todo.append(w)
    raise ValueError(f"no sea lane from intersection {start} to {goal}")


def lane(state: Any, p: int) -> tuple[int, ...]:
    """SF-PR-06 (§22 best reading): seat ``p``'s route, from its pre-placed ship through its
    waypoint to its fortress, by the shortest chain of ship paths."""
    return _lanes(state.board.name, state)[p]


def _lanes(name: str, state: Any) -> tuple[tuple[int, ...], ...]:
    found = _LANES.get(name)
    if found is None:
        b = state.board
        lanes = []
        for p in range(len(b.sites["start_intersections"])):
            e = first_ship(state, p)
            start = seat_corner(b, "start_intersections", p)
            far = next(x for x in b.edge_vertices[e] if x != start)
            way = seat_corner(b, "waypoint_intersections", p)
            fort = seat_corner(b, "fortress_intersections", p)
            lanes.append((e, *_shortest(state, far, way), *_shortest(state, way, fort)))
        found = _LANES[name] = tuple(lanes)
    return found


_LANES: dict[str, tuple[tuple[int, ...], ...]] = {}


def next_lane_path(state: Any, p: int) -> int:
    """The one path where ``p`` may build his next ship (-1: the route is complete)."""
    for e in lane(state, p):
        if state.ship_owner[e] != p:
            return e if state.ship_owner[e] == -1 else -1
    return -1


def open_to_ships(state: Any, p: int, spots: list[int]) -> list[int]:
    """SF-PR-06: one unbranched route along the own lane, so of the free ship paths only the
    lane's next one takes ``p``'s ship (a founding ship too, which the lane never continues
    beside a founding settlement); another seat's lane never takes it."""
    nxt = next_lane_path(state, p)
    return [nxt] if nxt >= 0 and nxt in spots else []


def lane_paths(state: Any) -> frozenset[int]:
    """Every seat's lane (SF-PR-06: each a shipping lane of its owner's ships only)."""
    return frozenset(e for p in range(state.n) for e in lane(state, p))


def close_lanes_to_roads(state: Any) -> None:
    """SF-PR-06: no road of any seat on a lane path, at the founding or later (the core's
    ``road_closed``: the state's own set, made by the general rules' ``rebuild``)."""
    state.road_closed |= lane_paths(state)


def route_ships(state: Any, p: int) -> list[int]:
    """``p``'s ships on his lane, from the start (hindmost) to the fortress."""
    return [e for e in lane(state, p) if state.ship_owner[e] == p]


def reaches_fortress(state: Any, p: int) -> bool:
    return state.ship_owner[lane(state, p)[-1]] == p


def pirate_island_corners(state: Any) -> frozenset[int]:
    """Land intersections without a main-island hex (SF-PR-03/07)."""
    b, lands = state.board, state.sf_land_vertex
    kept = _CORNERS.get(id(b))
    if kept is not None and kept[0] is b and kept[1] is lands:
        return kept[2]  # asked on every legal list: the same board and land, the same answer
    main = set(b.sites["zones"]["main"])
    corners = frozenset(
        v for v, land in enumerate(lands) if land and not main & set(b.vertex_hexes[v])
    )
    _CORNERS[id(b)] = (b, lands, corners)
    return corners


_CORNERS: dict[int, tuple[Any, list[bool], frozenset[int]]] = {}
"""Per board (by id, the entry keeps it alive): its land flags (``sf_land_vertex``, a new list
whenever the sea tables are built again, never changed in place) and their pirate corners."""


# ---------------------------------------------------------------------------- set-up
def lay_start(state: Any) -> None:
    """SF-PR-03: each seat's settlement at its start intersection and its ship beside it;
    SF-PR-02: its fortress is one of its own settlement pieces, out of the supply from now on."""
    for p in range(state.n):
        state._put_settlement(p, seat_corner(state.board, "start_intersections", p))
        ships.put_ship(state, p, first_ship(state, p))
        state.settlements_left[p] -= 1  # the fortress's piece (``fortress_vp``: no point yet)
    state._rebuild_derived()


def fortress_vp(state: Any, p: int) -> int:
    """SF-PR-02/12: the fortress is a settlement of ``p``'s colour from the set-up, so it is
    counted off his supply (``lay_start``), but it is his point only once taken: until then
    the settlement count of the core (pieces out of the supply) is one too high."""
    return -1 if state.pi_chits[p] else 0


def remove_vp_cards(state: Any) -> None:
    """SF-PR-05: with 3 players the VP cards are out of the game."""
    if state.n == 3:
        state.dev_spent[VICTORY_POINT] += state.dev_deck[VICTORY_POINT]
        state.dev_deck[VICTORY_POINT] = 0


# ---------------------------------------------------------------------------- warships
def arm_warship(state: Any, p: int) -> None:
    """SF-PR-08: the hindmost plain ship of ``p``'s route becomes a warship."""
    for e in route_ships(state, p):
        if e not in state.pi_warships[p]:
            state.pi_warships[p].append(e)
            state.events.append({"type": "warship", "seat": p, "edge": e, "visible_to": "all"})
            return


def knight_leaves(state: Any) -> None:
    """SF-PR-04/08: the knight just played leaves the game (no army is counted) and arms a
    warship."""
    p = state.turn_player
    state.knights[p] -= 1
    state.dev_spent[KNIGHT] += 1
    arm_warship(state, p)


def play_vp_as_knight(state: Any) -> None:
    """SF-PR-05: with 4 players a VP card is played as a knight."""
    p = state.actor
    state.dev_hand[p][VICTORY_POINT] -= 1
    state.dev_spent[VICTORY_POINT] += 1
    state.dev_played = True
    state.vp_dirty = True
    state.events.append(
        {"type": "play_development", "seat": p, "card": "victory_point", "visible_to": "all"}
    )
    arm_warship(state, p)


def steal_from_anyone(state: Any) -> None:
    """SF-PR-11: on a 7, after the discards, the roller steals 1 card from any player."""
    victims = [q for q in range(state.n) if q != state.turn_player and any(state.hand[q])]
    if len(victims) > 1:
        state.robber_victims = victims
        state._set_phase("choose_victim", state.turn_player)
    elif victims:
        state._rob(victims[0])
    else:
        state.finish_robber()


# ---------------------------------------------------------------------------- the fleet
def fleet_hex(state: Any) -> int:
    circuit = state.board.sites["pirate_circuit"]
    return circuit[state.pi_fleet] if state.pi_fleet >= 0 else -1


def sail(state: Any, then: str) -> bool:
    """SF-PR-09/10: the fleet sails by the lower die and attacks a sole neighbour. True while
    a card of the attack is still to be settled (a chance node or the seat's choice)."""
    if state.pi_fleet < 0:
        return False  # SF-PR-13
    low = min(state.dice)
    circuit = state.board.sites["pirate_circuit"]
    state.pi_fleet = (state.pi_fleet + low) % len(circuit)
    h = circuit[state.pi_fleet]
    state.events.append({"type": "fleet_sails", "hex": h, "strength": low, "visible_to": "all"})
    vo, n = state.vertex_owner, state.n
    corners = state.board.hex_vertices[h]
    owners = {vo[v] for v in corners if 0 <= vo[v] < n}
    if len(owners) != 1:  # A-SF-06: only a sole neighbour is attacked
        return False
    p = owners.pop()
    warships = len(state.pi_warships[p])
    state.events.append(
        {
            "type": "fleet_attack",
            "seat": p,
            "strength": low,
            "warships": warships,
            "visible_to": "all",
        }
    )
    if low > warships:
        cities = sum(1 for v in corners if vo[v] == p and state.vertex_level[v] == 2)
        loss = min(sum(state.hand[p]), 1 + cities)
        if not loss:
            return False
        state.pi_attack = [p, loss, then]
        state._set_phase("fleet_plunder", CHANCE)
        return True
    if low < warships and any(state.bank):
        state.pi_attack = [p, 0, then]
        state._set_phase("take_booty", p)
        return True
    return False


def after_fleet(state: Any, then: str) -> None:
    """Back to the roll's course once an attack is settled: the 7's discards, or gold, then
    the main phase."""
    state.pi_attack = None
    if then == "seven":
        state.begin_discards()
    elif interrupts.owe_gold(state, sum(state.dice)):
        state.sf_resume = ["main", state.turn_player]
        interrupts.proceed(state)
    else:
        state.to_main()


def plunder_outcomes(state: Any) -> list[tuple[Action, float]]:
    h = state.hand[state.pi_attack[0]]
    total = sum(h)
    return [(PLUNDER[r], h[r] / total) for r in range(5) if h[r]]


def plunder(state: Any, action: Action) -> None:
    p, left, then = state.pi_attack
    r = RESOURCE_INDEX[action["resource"]]
    state.hand[p][r] -= 1
    state.bank[r] += 1
    state.events.append(
        {"type": "fleet_plunder", "seat": p, "resource": action["resource"], "visible_to": "all"}
    )
    state.pi_attack[1] = left - 1
    if left - 1 and any(state.hand[p]):
        return
    after_fleet(state, then)


def take_booty(state: Any, action: Action) -> None:
    p, _, then = state.pi_attack
    r = RESOURCE_INDEX[action["resource"]]
    state.bank[r] -= 1
    state.hand[p][r] += 1
    state.events.append(
        {"type": "take_booty", "seat": p, "resource": action["resource"], "visible_to": "all"}
    )
    after_fleet(state, then)


# ---------------------------------------------------------------------------- fortresses
def may_attack(state: Any, p: int) -> bool:
    """SF-PR-12, once the route reaches the fortress (no piece from the supply is needed: the
    fortress already is his settlement, SF-PR-02)."""
    return state.pi_chits[p] > 0 and reaches_fortress(state, p)


def fortress_die(state: Any, action: Action) -> None:
    """SF-PR-12: warships against the die; then the turn ends."""
    p, roll = state.turn_player, action["die"]
    warships = len(state.pi_warships[p])
    if warships > roll:
        state.pi_chits[p] -= 1
        outcome = "chit"
    else:
        outcome = "tie" if warships == roll else "loss"
        key = "tie" if warships == roll else "loss"
        lose = DATA["fortress_attack"][key]["lose_ships"]
        for e in route_ships(state, p)[::-1][:lose]:  # the ships closest to the fortress
            ships.lift_ship(state, p, e)
            if e in state.pi_warships[p]:
                state.pi_warships[p].remove(e)
        close_lanes_to_roads(state)  # a lifted ship opens its path to roads, not on a lane
        state.spot_cache.clear()
    state.events.append(
        {
            "type": "fortress_attack",
            "seat": p,
            "die": roll,
            "warships": warships,
            "outcome": outcome,
            "chits": state.pi_chits[p],
            "visible_to": "all",
        }
    )
    state._set_phase("main", p)
    if state.pi_chits[p] == 0:
        take_fortress(state, p)
        state._check_victory()  # SF-PR-01: he wins on his turn, before it ends
        if state.is_terminal():
            return
    state._apply_end_turn({"type": "end_turn"})


def take_fortress(state: Any, p: int) -> None:
    """SF-PR-12/13: the fortress becomes his settlement (the piece it always was, SF-PR-02: none
    comes from the supply); all taken, the fleet leaves."""
    v = seat_corner(state.board, "fortress_intersections", p)
    state.settlements_left[p] += 1  # the fortress's piece, counted off since the set-up
    state._put_settlement(p, v)
    state.kept.pop(ships.KEPT_MOVABLE[p], None)  # its supply unchanged: no new sign for it
    state.income.clear()
    state.spot_cache.clear()
    state.vp_dirty = True
    state.events.append({"type": "fortress_taken", "seat": p, "vertex": v, "visible_to": "all"})
    if not any(state.pi_chits) and state.pi_fleet >= 0:
        state.pi_fleet = -1
        state.events.append({"type": "fleet_leaves", "visible_to": "all"})


# ---------------------------------------------------------------------------- actions
def add_actions(state: Any, p: int, legal: list[Action]) -> None:
    """SF-PR-12: the fortress attack; SF-PR-05: a VP card played as a knight (4 players).
    (SF-PR-06: the ships' paths, ``open_to_ships``, and no ship ever moves, ``ships_move``;
    SF-PR-07: the settlements, ``allowed_builds``.)"""
    if p != state.turn_player or state.phase not in ("main", "pre_roll", "road_building"):
        return
    if state.phase == "main" and may_attack(state, p):
        legal.append(ATTACK_FORTRESS)
    if (
        state.n == 4
        and not state.dev_played
        and state.phase in ("main", "pre_roll")
        and state.dev_hand[p][VICTORY_POINT] > state.dev_new[p][VICTORY_POINT]
    ):
        legal.append(PLAY_VP_AS_KNIGHT)


def allowed_builds(state: Any, p: int, piece: str, actions: list[Action]) -> list[Action]:
    """SF-PR-07: no settlement on the pirate islands but at ``p``'s waypoint (the core's
    settlement actions, kept in its ``spot_cache``, and the spots its no-progress test counts)."""
    if piece != "settlement":
        return actions
    closed = _closed_corners(state, p)
    return [a for a in actions if a["vertex"] not in closed]


def _closed_corners(state: Any, p: int) -> frozenset[int]:
    way = seat_corner(state.board, "waypoint_intersections", p)
    return pirate_island_corners(state) - {way}


def may_take_a_chit(state: Any, p: int) -> bool:
    """The no-progress check's question (SF-PR-01): may ``p`` still take a chit of his fortress
    that can bring him a win? Each condition below, once false, stays false: pieces never leave
    the board, ships never move (SF-PR-06) and knights come only from the deck. A seat whose
    fortress fell is asked by the core's own VP tests (target 10, spots as ``allowed_builds``).

    - a chit is left;
    - warships and the knights he holds or may draw (4 players: VP cards too, SF-PR-05) are at
      least 2, since a chit falls only when his warships beat a die of 1-6 (SF-PR-08/12);
    - his route reaches the fortress, or its next path is free and no other seat's building
      stands at the intersection before it (SF-SH-02), with a ship in his supply;
    - the fortress's point brings him to the target, or a city piece (the fortress, or another
      settlement, becomes a city) or a settlement he may still build is left."""
    if not state.pi_chits[p]:
        return False
    cards = state.dev_hand[p][KNIGHT] + state.dev_deck[KNIGHT]
    if state.n == 4:
        cards += state.dev_hand[p][VICTORY_POINT] + state.dev_deck[VICTORY_POINT]
    if len(state.pi_warships[p]) + cards < 2:
        return False
    if not (reaches_fortress(state, p) or _lane_open(state, p)):
        return False
    return (
        state.total_vp(p) + 1 >= state.victory_target
        or state.cities_left[p] > 0
        or state.may_build_points(p)
    )


def _lane_open(state: Any, p: int) -> bool:
    """The next path of ``p``'s lane may still take his ship."""
    nxt = next_lane_path(state, p)
    if nxt < 0 or not state.ships_left[p] or state.edge_owner[nxt] != -1:
        return False  # another seat's ship on it (the route is not complete), or a road
    route = lane(state, p)
    i = route.index(nxt)
    ev = state.board.edge_vertices
    (v,) = set(ev[route[i - 1]]) & set(ev[nxt])  # i >= 1: his start ship never leaves
    return state.vertex_owner[v] in (-1, p)


def target(state: Any, p: int, base: int) -> int:
    """SF-PR-01: 10 VP with his own fortress taken."""
    return base if state.pi_chits[p] == 0 else UNREACHABLE_TARGET


def public(state: Any) -> dict[str, Any]:
    b = state.board
    return {
        "colours": DATA["seat_colours"][: state.n],
        "fortresses": [seat_corner(b, "fortress_intersections", p) for p in range(state.n)],
        "waypoints": [seat_corner(b, "waypoint_intersections", p) for p in range(state.n)],
        "chits": list(state.pi_chits),
        "warships": [list(w) for w in state.pi_warships],
        "fleet": fleet_hex(state),
        "lanes": [list(lane(state, p)) for p in range(state.n)],
    }


# ---------------------------------------------------------------------------- the picture
def draw(view: dict[str, Any], geometry: Any) -> list[str]:
    """SVG of the standing fortresses (a tower in the owner's colour with its chits left), the
    warships (a gun port on the ship's hull) and the pirate fleet (a black three-master on its
    hex). A taken fortress is the owner's settlement, which the core draws."""
    from games.catan import picture  # drawn only for a picture, never in play

    pi = view.get("pirate_islands")
    if not pi:
        return []
    parts = []
    for seat, (vertex, chits) in enumerate(zip(pi["fortresses"], pi["chits"], strict=True)):
        if not chits:
            continue
        x, y = picture._point(geometry, vertex)
        parts.append(
            f'<g class="fortress" data-seat="{seat}" data-vertex="{vertex}" data-chits="{chits}">'
            f"<title>pirate fortress of seat {seat}: {chits} chits left</title>"
            f'<path d="M{x - 15:.1f},{y + 13:.1f} v-22 h6 v6 h6 v-6 h6 v6 h6 v-6 h6 v22 z" '
            f'fill="#2d2d2d" stroke="{picture.SEAT_COLOURS[seat]}" stroke-width="3.5"/>'
            f'<text x="{x:.1f}" y="{y + 9:.1f}" text-anchor="middle" font-size="15" '
            f'font-weight="700" fill="#fff">{chits}</text></g>'
        )
    for seat, edges in enumerate(pi["warships"]):
        for edge in edges:
            a, b = geometry.edge_vertices[edge]
            (ax, ay), (bx, by) = picture._point(geometry, a), picture._point(geometry, b)
            parts.append(
                f'<circle class="warship" data-seat="{seat}" data-edge="{edge}" '
                f'cx="{(ax + bx) / 2:.1f}" cy="{(ay + by) / 2:.1f}" r="5.5" fill="#111" '
                f'stroke="#fff" stroke-width="2"><title>warship of seat {seat}</title></circle>'
            )
    if pi["fleet"] >= 0:
        cx, cy = picture._hex_centre(geometry, pi["fleet"])
        parts.append(
            f'<g class="pirate-fleet" data-hex="{pi["fleet"]}"><title>the pirate fleet</title>'
            f'<path d="M{cx - 16:.1f},{cy + 4:.1f} h32 l-6,8 h-20 z" fill="#111"/>'
            f'<path d="M{cx - 8:.1f},{cy - 14:.1f} v17 h-8 z M{cx + 1:.1f},{cy - 18:.1f} v21 '
            f'h-8 z M{cx + 10:.1f},{cy - 13:.1f} v16 h-8 z" fill="#111"/>'
            f'<circle cx="{cx + 3:.1f}" cy="{cy + 8:.1f}" r="2" fill="#fff"/></g>'
        )
    return parts


def _who(told: Any) -> str:
    return told.words.get("who", "Someone")


SENTENCES: dict[str, Any] = {
    "warship": lambda told: f"{_who(told)} arms a warship.",
    "fleet_sails": lambda told: (
        f"The pirate fleet sails to hex {told.event['hex']} (strength {told.event['strength']})."
    ),
    "fleet_attack": lambda told: (
        f"The pirate fleet attacks {_who(told)} ({told.event['strength']} against "
        f"{told.event['warships']} warships)."
    ),
    "fleet_plunder": lambda told: f"{_who(told)} loses {told.event['resource']} to the pirates.",
    "take_booty": lambda told: (
        f"{_who(told)} beats the pirates and takes {told.event['resource']}."
    ),
    "fortress_attack": lambda told: (
        f"{_who(told)} attacks the pirate fortress: die {told.event['die']} against "
        f"{told.event['warships']} warships, {told.event['chits']} chits left."
    ),
    "fortress_taken": lambda told: f"{_who(told)} takes the pirate fortress.",
    "fleet_leaves": lambda told: "Every fortress has fallen: the pirate fleet leaves.",
}


class PirateIslands(Scenario):
    name = "pirate_islands"
    title = "The Pirate Islands"
    targets: ClassVar[dict[int, int]] = {3: DATA["victory_points"], 4: DATA["victory_points"]}
    layouts: ClassVar[dict[int, str]] = {
        3: "seafarers_pirate_islands",
        4: "seafarers_pirate_islands",
    }
    setup_zones = ("main",)  # SF-PR-03
    foreign = "outside_setup_zones"
    longest_route = DATA["longest_route"]  # SF-PR-04
    robber = not DATA["no_robber"]
    pirate = False  # the pirate fleet takes the pirate's place (SF-PR-09)
    ships_move = False  # SF-PR-06: no move list is made
    ships_progress = False  # a lane ship helps only toward a chit: ``may_take_a_chit`` judges
    stored_fields = ("pi_chits", "pi_warships", "pi_fleet", "pi_attack")
    chance_kinds: ClassVar[dict[str, str]] = {"fleet_plunder": "steal", "fortress_die": "dice"}
    sentences = SENTENCES

    def init(self, state: Any) -> None:
        state.pi_chits = [CHITS] * state.n
        state.pi_warships = [[] for _ in range(state.n)]
        state.pi_fleet = 0  # SF-MAP-PI: the circuit starts at the pirate ship
        state.pi_attack = None
        remove_vp_cards(state)
        state.harbour_pool = dict(HARBOUR_POOL)  # SF-MAP-PI, SF-PR-14

    def board_laid(self, state: Any) -> bool:
        lay_start(state)
        return False

    def rebuild(self, state: Any) -> None:
        b = state.board
        for p in range(state.n):  # SF-PR-12: nobody settles on a standing fortress
            if state.pi_chits[p]:
                state.blocked[seat_corner(b, "fortress_intersections", p)] = True
        close_lanes_to_roads(state)

    def open_to_ships(self, state: Any, p: int, spots: list[int]) -> list[int]:
        return open_to_ships(state, p, spots)

    def build_actions(self, state: Any, p: int, piece: str, actions: list[Action]) -> list[Action]:
        return allowed_builds(state, p, piece, actions)

    def rolled(self, state: Any, total: int) -> bool:
        return sail(state, "main")

    def seven(self, state: Any) -> bool:
        return sail(state, "seven")

    def robber_move(self, state: Any) -> bool:
        """SF-PR-04: no robber. A 7 steals from anyone (SF-PR-11); a knight arms a warship."""
        if state.phase in ("pre_roll", "main"):  # a knight card, not a 7
            knight_leaves(state)
            state.finish_robber()
        else:
            steal_from_anyone(state)
        return True

    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        add_actions(state, p, legal)

    def road_building(self, state: Any, p: int, legal: list[Action]) -> None:
        add_actions(state, p, legal)

    def target(self, state: Any, p: int, base: int) -> int:
        return target(state, p, base)

    def vp(self, state: Any, p: int) -> int:
        return fortress_vp(state, p)

    def hidden_vp(self, state: Any, p: int) -> int:
        """SF-PR-05: with 4 players a VP card is a knight, never a point."""
        return -state.dev_hand[p][VICTORY_POINT] if state.n == 4 else 0

    def may_progress(self, state: Any, p: int) -> bool:
        return may_take_a_chit(state, p)

    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        obs["pirate_islands"] = public(state)

    def view(self, state: Any, view: dict[str, Any]) -> None:
        view["pirate_islands"] = public(state)

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        return draw(view, geometry)

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        pi = view.get("pirate_islands")
        if not pi:
            return None
        return f"fortress chits: {pi['chits'][seat]}, warships: {len(pi['warships'][seat])}"

    def outcomes_fleet_plunder(self, state: Any) -> list[tuple[Action, float]]:
        return plunder_outcomes(state)

    def chance_fleet_plunder(self, state: Any, action: Action) -> None:
        plunder(state, action)

    def legal_take_booty(self, state: Any) -> list[Action]:
        return [BOOTY[r] for r in range(5) if state.bank[r]]

    def apply_take_booty(self, state: Any, action: Action) -> None:
        take_booty(state, action)

    def apply_attack_fortress(self, state: Any, action: Action) -> None:
        state.events.append(
            {"type": "fortress_attack_begins", "seat": state.actor, "visible_to": "all"}
        )
        state._set_phase("fortress_die", CHANCE)

    def outcomes_fortress_die(self, state: Any) -> list[tuple[Action, float]]:
        return [(a, 1 / 6) for a in FORTRESS_DIE]

    def chance_fortress_die(self, state: Any, action: Action) -> None:
        fortress_die(state, action)

    def apply_play_vp_as_knight(self, state: Any, action: Action) -> None:
        play_vp_as_knight(state)


SCENARIO = PirateIslands()
