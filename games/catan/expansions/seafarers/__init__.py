"""Seafarers (``{"seafarers": MAP}``, 3-4 players) as a plug-in of the board game.

The general rules of the checklist's §1-§9 live here and in the modules beside: the sea and its
islands (``sea``), ships and shipping routes (``ships``), the robber or the pirate on a 7 or a
knight (``thieves``), gold fields, fog discovery and random harbours (``interrupts``), Longest
Trade Route (``games/catan/longest_road.longest_route``) and the island markers (``islands``).
Each map name is a scenario (``scenarios/``: data and hooks), called after the general rules;
the map is picked by the scenario and the player count. Where the sources are silent:
``README.md`` here.

Rules: SF-CO-01..08, SF-GE-01..07 (call sites; the rules are in the modules named).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from games.catan import actions as A
from games.catan.constants import LUMBER, ROAD_BUILDING, WOOL
from games.catan.expansions import PLANNED
from games.catan.expansions.seafarers import interrupts, islands, sea, ships, thieves, words
from games.catan.expansions.seafarers.scenarios import SCENARIOS, Scenario
from games.catan.hooks import HOOKS, Expansion
from games.catan.longest_road import longer_route_with, longest_route, longest_route_kept
from games.common.api import CHANCE

Action = dict[str, Any]

PLAYABLE = tuple(m for m in PLANNED["seafarers"] if m in SCENARIOS)
"""The map names with a scenario, in the issue's order."""

FIELDS = (
    "ship_owner",
    "ships_left",
    "ships_new",
    "ship_moved",
    "pirate",
    "sf_resume",
    "sf_gold",
    "fog_queue",
    "fog_later",
    "fog_stack",
    "fog_tokens",
    "harbour_pool",
    "home_areas",
    "island_marks",
    "sf_founded",
)
"""State fields of the general rules (every scenario's own come after them)."""


def scenario_of(state: Any) -> Scenario:
    return SCENARIOS[state.options["seafarers"]]


class ScenarioHooks:
    """One scenario's hooks that the general rules call on every turn, list or roll, looked up
    once per map (``TABLES``): the bound method, or None where the scenario has none (as
    ``_call`` finds it: an attribute of its class). The hot hooks read ``TABLES[map]`` instead
    of finding the scenario and asking ``_call`` for the method by name at each call."""

    HOT = (
        "built",
        "start_turn",
        "actions",
        "road_building",
        "rolled",
        "produced",
        "robber_move",
        "thief_moves",
        "vp",
        "may_progress",
        "open_to_ships",
    )
    __slots__ = ("plain", "scenario", *HOT)

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        for hook in self.HOT:
            setattr(self, hook, _bound(scenario, hook))
        self.plain = {hook: _bound(scenario, hook) for hook in HOOKS}


def _bound(scenario: Scenario, hook: str) -> Any:
    return getattr(scenario, hook) if getattr(type(scenario), hook, None) is not None else None


TABLES = {name: ScenarioHooks(scenario) for name, scenario in SCENARIOS.items()}
"""Map name -> its :class:`ScenarioHooks`."""


class Seafarers(Expansion):
    name = "seafarers"
    option = "seafarers"
    values = PLAYABLE
    players = (3, 4)
    family_title = "Seafarers"
    keeps_main_list = True  # ``actions``: ships and the map's additions, the same across trade talk
    # ``vp``/``hidden_vp``: island markers (islands.py), the maps' chits, cloth, fortresses and VP
    # cards; each change of them sets ``vp_dirty`` (tests/.../seafarers/test_kept_vp.py)
    vp_stamped = True
    stored_fields = (
        *FIELDS,
        *dict.fromkeys(f for s in SCENARIOS.values() for f in s.stored_fields),
    )
    # Its fields and caches, slots of the state class (44 names: in the instance dict, past
    # CPython's 30 shared keys, every method call on the state would take a slower path)
    state_slots = (
        *stored_fields,
        "sf_area",
        "sf_fog",
        "sf_gold_owed",
        "sf_hex_sides",
        "sf_land_vertex",
        "sf_no_road",
        "sf_route_kept",
        "sf_sea_terrains",
        "sf_ship_path",
        "sf_ship_stamp",
        "sf_ships",
        "sf_thief_moves",
        "sf_thief_pool",
    )
    chance_kinds = {
        "fog": "deck:fog",
        "fog_token": "deck:fog_tokens",
        "sf_harbours": "board",
        **{k: v for s in SCENARIOS.values() for k, v in s.chance_kinds.items()},
    }
    sentences = {
        **words.SENTENCES,
        **{k: v for s in SCENARIOS.values() for k, v in s.sentences.items()},
    }

    # ------------------------------------------------------------------ options and board
    def validate(self, options: dict[str, Any], num_players: int) -> None:
        scenario = SCENARIOS[options["seafarers"]]
        if num_players not in scenario.players:
            allowed = ", ".join(map(str, scenario.players))
            raise ValueError(
                f"seafarers {scenario.name} is played with {allowed} players, not {num_players}"
            )
        if options.get("placement") == "beginner":
            raise ValueError("seafarers is played with placement 'founding' (SF-GE-04)")

    def unused_hooks(self, options: dict[str, Any]) -> frozenset[str]:
        """The forwarders to a map's own hook (``_plain_hook``: the target, hidden VP, a seven,
        the allowed builds) on a map without that hook, and ``vp`` on a map with neither island
        points nor VP of its own: each would only give back the core's answer without it
        (``_DEFAULTS``; 0 VP), so the game's hook table leaves them out."""
        return UNUSED_HOOKS[options["seafarers"]]

    def layout_for(self, options: dict[str, Any], players: int) -> str:
        return SCENARIOS[options["seafarers"]].layout(players)  # SF-GE-01

    def static(self, options: dict[str, Any], static: dict[str, Any]) -> None:
        scenario = SCENARIOS[options["seafarers"]]
        static["seafarers"] = {
            "map": scenario.name,
            "ship_cost": {"lumber": 1, "wool": 1},
            "ships": ships.SHIPS_PER_SEAT,
            "setup_zones": list(scenario.setup_zones) if scenario.setup_zones else None,
            "island_svp": scenario.island_svp,
        }
        _forward_static(scenario, options, static)

    # ------------------------------------------------------------------ set-up
    def init(self, state: Any) -> None:
        scenario = scenario_of(state)
        board = state.board
        for name in self.stored_fields:
            setattr(state, name, None)
        state.ship_owner = [-1] * board.num_edges
        state.ships_left = [ships.SHIPS_PER_SEAT] * state.n
        state.ships_new = []
        state.ship_moved = False
        state.pirate = -1
        state.sf_resume = None
        state.sf_gold = []
        state.fog_queue = []
        state.fog_later = []
        fog = board.sites.get("fog_stack", {})
        state.fog_stack = dict(fog.get("terrains", {}))
        state.fog_tokens = sorted(fog.get("tokens", ()))
        state.harbour_pool = dict(interrupts.HARBOUR_POOL)
        state.home_areas = [[] for _ in range(state.n)]
        state.island_marks = [[] for _ in range(state.n)]
        state.sf_founded = False
        if state.options["victory_points"] == 10:  # the default: the scenario's target
            state.victory_target = scenario.vp_target(state.n)  # SF-GE-07
        _call(scenario, "init", state)

    def board_laid(self, state: Any) -> bool:
        """Robber and pirate on their printed hexes (SF-PI-05: none printed, off the board);
        then the random harbours, if the map has any (SF-GE-03)."""
        scenario = scenario_of(state)
        sites = state.board.sites
        robber, pirate = sites.get("robber"), sites.get("pirate")
        state.robber = robber if scenario.robber and robber is not None else -1
        state.pirate = pirate if scenario.pirate and pirate is not None else -1
        state._rebuild_derived()
        if _call(scenario, "board_laid", state):
            return True
        if "random" in state.harbors:
            state._set_phase("sf_harbours", CHANCE)
            return True
        return False

    def rebuild(self, state: Any) -> None:
        state.sf_thief_moves = {}  # per robber and pirate place: their moves (``thieves``)
        state.sf_thief_pool = None  # every hex either may take (``thieves``)
        if len(state.terrains) != state.board.num_hexes:
            return  # the board is not laid yet: board_laid rebuilds
        sea.build_tables(state)
        state.sf_route_kept = {}  # per seat: the last count of his trade routes (``trail``)
        state.sf_gold_owed = {}  # per roll and robber: what the gold fields owe (``owe_gold``)
        state.sf_ships = [set() for _ in range(state.n)]
        # Per seat: moved on by each ship he lays or lifts (a sign for facts kept in ``kept``
        # that read his ships, which a rebuild empties together with this).
        state.sf_ship_stamp = [0] * state.n
        for e, owner in enumerate(state.ship_owner):
            if owner != -1:
                state.sf_ships[owner].add(e)
                state.road_vertices[owner].update(state.board.edge_vertices[e])
        _close_to_roads(state)
        blocked = state.blocked
        for v, land in enumerate(state.sf_land_vertex):
            if not land:
                blocked[v] = True
        if not state.sf_founded:
            islands.close_outside_setup_zones(state, scenario_of(state))
        _call(scenario_of(state), "rebuild", state)

    def built(self, state: Any, p: int, piece: str, where: int) -> None:
        table = TABLES[state.options["seafarers"]]
        scenario = table.scenario
        founding = state.turn == 0
        if founding and piece == "settlement" and state.phase == "setup_road":
            state._set_phase("setup_route", p)  # a road or a ship (SF-GE-04)
        fog = state.sf_fog  # the fog places' intersections: most pieces touch none
        if piece != "city" and fog:
            ends = (where,) if piece == "settlement" else state.board.edge_vertices[where]
            if not fog.isdisjoint(ends):
                interrupts.queue_discoveries(state, p, ends, rewarded=not founding)
        if piece == "settlement":
            islands.settled(state, scenario, p, where, founding)
            if founding and state.last_founding_round():
                islands.founding_gold(state, p, where)  # SF-GE-05, A-SF-02
        if table.built is not None:
            table.built(state, p, piece, where)
        if state.fog_queue or state.sf_gold:
            interrupts.interrupt(state)
            interrupts.proceed(state)

    def founding_done(self, state: Any, p: int) -> bool:
        """Fog places touched during the founding are turned up now, without reward (A-SF-03)."""
        if state.fog_later:
            state.fog_queue.extend(state.fog_later)
            state.fog_later = []
            state.sf_resume = ["@founding", -1]
            interrupts.proceed(state)
            return True
        return bool(_call(scenario_of(state), "founding_done", state, p))

    def setup_done(self, state: Any) -> None:
        state.sf_founded = True
        state._rebuild_derived()  # the founding's closed places open (SF-NS-02 and others)
        _call(scenario_of(state), "setup_done", state)

    def legal_setup_route(self, state: Any) -> list[Action]:
        """SF-GE-04: a road or, on the coast, a ship at the settlement just placed (SF-PI-04)."""
        p, v = state.actor, state.last_settlement
        eo, closed = state.edge_owner, state.road_closed
        legal = [
            A.PLACE_ROAD[e] for e in state.board.vertex_edges[v] if eo[e] == -1 and e not in closed
        ]
        legal.extend(ships.place_ship_action(e) for e in ships.founding_ship_spots(state, p, v))
        return legal

    def apply_place_ship(self, state: Any, action: Action) -> None:
        p, e = state.actor, action["edge"]
        ships.put_ship(state, p, e)
        state.events.append({"type": "place_ship", "seat": p, "edge": e, "visible_to": "all"})
        state.after_road(p, e)  # the core's rule through the ``trail`` hook: a ship is a path too
        state.tell_built(p, "ship", e)
        if state.phase != "setup_route":
            return  # a discovery or a scenario's decision comes first; it resumes the founding
        _next_founding(state, p)

    # ------------------------------------------------------------------ turns
    def start_turn(self, state: Any, p: int) -> None:
        if state.ships_new:  # last turn's new ships may move now: only the move lists read them
            cache = state.spot_cache
            for key in ships.MOVES_KEY[: state.n]:
                cache.pop(key, None)
            state.ships_new = []
        state.ship_moved = False
        hook = TABLES[state.options["seafarers"]].start_turn
        if hook is not None:
            hook(state, p)

    def actions(self, state: Any, p: int, legal: list[Action]) -> None:
        """The ships' and the map's additions to a pre-roll or main list (and its filters).

        The main list is kept by the core (``keeps_main_list``) for one ``state.version`` and
        seat: random play is mostly trade proposals that come to nothing, after which the same
        seat's list is asked again at the same version, and this reads nothing the trade talk
        changes (the ships, the pieces, the hand, the map's own fields)."""
        table = TABLES[state.options["seafarers"]]
        if state.phase == "main" and p == state.turn_player:
            hand = state.hand[p]
            if hand[LUMBER] and hand[WOOL] and state.ships_left[p]:  # ``ships.can_build``
                legal.extend(ships.cached_builds(state, p))
            if not state.ship_moved and table.scenario.ships_move:  # SF-MS-01
                moves = state.spot_cache.get(ships.MOVES_KEY[p])  # ``cached_moves``' own test
                legal.extend(ships.cached_moves(state, p) if moves is None else moves)
        if state.dev_hand[p][ROAD_BUILDING] > state.dev_new[p][ROAD_BUILDING]:  # seldom
            _road_building_for_ships(state, p, legal)
        if table.actions is not None:
            table.actions(state, p, legal)

    def road_building(self, state: Any, p: int, legal: list[Action]) -> None:
        """SF-DC-01: the card's two free pieces may be roads, ships or one of each."""
        if not state.roads_left[p]:
            legal[:] = [a for a in legal if a["type"] != "build_road"]
        if state.ships_left[p]:
            legal.extend(ships.build_ship_action(e) for e in ships.ship_spots(state, p))
        hook = TABLES[state.options["seafarers"]].road_building
        if hook is not None:
            hook(state, p, legal)

    def apply_build_ship(self, state: Any, action: Action) -> None:
        """SF-SH-01..05; free during Road Building (SF-DC-01)."""
        p, e = state.actor, action["edge"]
        free = state.phase == "road_building"
        if not free:
            state.pay(p, ships.SHIP_COST)
            state.built_this_turn = True
        ships.put_ship(state, p, e)
        state.ships_new.append(e)
        state.events.append(
            {"type": "build_ship", "seat": p, "edge": e, "free": free, "visible_to": "all"}
        )
        state.after_road(p, e)  # SF-LT-03: a new ship only lengthens its owner's routes
        if free:
            state.free_roads -= 1
            if state.free_roads <= 0 or not state._legal_road_building():
                state.free_roads = 0
                state.resume_turn()
        state.tell_built(p, "ship", e)

    def apply_move_ship(self, state: Any, action: Action) -> None:
        """SF-MS-01..04: once per turn, free, to a path where a ship could be built."""
        p, old, new = state.actor, action["from"], action["to"]
        ships.lift_ship(state, p, old)
        ships.put_ship(state, p, new)
        state.ship_moved = True
        state.events.append(
            {"type": "move_ship", "seat": p, "edge": new, "left": old, "visible_to": "all"}
        )
        if not _route_owed(state, p, old, new):
            state.recount_trails((p,))  # SF-LT-03: a moved ship changes its owner's routes only
        state.tell_built(p, "ship", new)

    def produced(self, state: Any, total: int) -> bool:
        table = TABLES[state.options["seafarers"]]
        if table.rolled is not None and table.rolled(state, total):
            return True  # a scenario's roll event comes first (SF-PR-09: the pirate fleet)
        if interrupts.owe_gold(state, total):  # SF-GO-01
            state.sf_resume = ["main", state.turn_player]
            interrupts.proceed(state)
            return True
        return table.produced is not None and bool(table.produced(state, total))

    def legal_gold_choice(self, state: Any) -> list[Action]:
        return interrupts.legal_gold_choice(state)

    def apply_choose_gold(self, state: Any, action: Action) -> None:
        interrupts.choose_gold(state, action)

    def outcomes_fog(self, state: Any) -> list[tuple[Action, float]]:
        return interrupts.outcomes_fog(state)

    def chance_fog(self, state: Any, action: Action) -> None:
        interrupts.chance_fog(state, action)

    def outcomes_fog_token(self, state: Any) -> list[tuple[Action, float]]:
        return interrupts.outcomes_fog_token(state)

    def chance_fog_token(self, state: Any, action: Action) -> None:
        interrupts.chance_fog_token(state, action)

    def outcomes_sf_harbours(self, state: Any) -> list[tuple[Action, float]]:
        return interrupts.outcomes_harbours(state)

    def chance_sf_harbours(self, state: Any, action: Action) -> None:
        interrupts.chance_harbours(state, action)

    # ------------------------------------------------------------------ robber and pirate
    def robber_move(self, state: Any) -> bool:
        hook = TABLES[state.options["seafarers"]].robber_move
        if hook is not None and hook(state):
            return True
        state._set_phase("move_thief", state.turn_player)  # SF-PI-01, SF-DC-02
        return True

    def legal_move_thief(self, state: Any) -> list[Action]:
        table = TABLES[state.options["seafarers"]]
        legal = thieves.legal_move_thief(state, table.scenario)
        # A scenario may bar some of these (SF-FT-07, SF-CL-09: tribe islands, the pirate).
        if table.thief_moves is not None:
            table.thief_moves(state, legal)
        return legal

    def apply_move_pirate(self, state: Any, action: Action) -> None:
        thieves.move_pirate(state, action)

    # ------------------------------------------------------------------ scoring
    def trail(self, state: Any, p: int, added: int = -1, before: int = 0) -> int:
        """SF-LT-01..03: Longest Trade Route over roads and ships (``added``: a road or ship
        just laid on that path, the route having been ``before``, -1 when ``p``'s count was
        owed). After a new piece the count may be owed again (``_piece_owed``): then -1."""
        if not TABLES[state.options["seafarers"]].scenario.longest_route:
            return 0
        board = state.board
        if len(state.terrains) != board.num_hexes:
            args = (board, p, state.edge_owner, state.vertex_owner, state.ship_owner)
            if added >= 0 and before >= 0:
                return longer_route_with(board, p, added, *args[2:], before)
            return longest_route(*args)  # not laid: no pieces, ``sf_ships`` not built yet
        if added < 0:
            return longest_route_kept(*_kept_args(state, p))
        if _piece_owed(state, p, added, before):
            return -1
        if before < 0:  # it was owed: his length before is not known
            return longest_route_kept(*_kept_args(state, p))
        eo, vo, so = state.edge_owner, state.vertex_owner, state.ship_owner
        recount = partial(_recount, state, p)  # (no closure: it would make cells of every call)
        return longer_route_with(board, p, added, eo, vo, so, before, recount)

    def trails_at(self, state: Any, p: int, v: int) -> tuple[int, ...]:
        """SF-LT-01..03: the owners whose trade route ``p``'s new settlement at ``v`` may
        change. Another owner's only when two of his roads or ships meet at ``v``: with fewer
        no route of his passes there, and one that ends there ends there still (an opponent's
        building only stops a route that would go on: BG-LR-03 by SF-LT-01). ``p``'s own only
        when a road and a ship of his meet there: his building lets a route change from one to
        the other there (SF-LT-02), and it never stops his routes that passed before."""
        if not TABLES[state.options["seafarers"]].scenario.longest_route:
            return ()  # every length stays 0
        eo, so = state.edge_owner, state.ship_owner
        paths = state.board.vertex_edges[v]
        roads = [eo[e] for e in paths]
        ships = [so[e] for e in paths]
        pieces = roads + ships
        owners = []
        for q in sorted(set(pieces)):
            if q == -1 or pieces.count(q) < 2:
                continue
            if q != p or (q in roads and q in ships):
                owners.append(q)
        return tuple(owners)

    def vp(self, state: Any, p: int) -> int:
        table = TABLES[state.options["seafarers"]]
        extra = table.scenario.island_svp * len(state.island_marks[p])  # SF-GE-06
        hook = table.vp
        return extra if hook is None else extra + (hook(state, p) or 0)

    def may_progress(self, state: Any, p: int) -> bool:
        table = TABLES[state.options["seafarers"]]
        if table.scenario.ships_progress and state.ships_left[p] and ships.ship_spots(state, p):
            return True  # a ship line may still reach a coast
        hook = table.may_progress
        return hook is not None and bool(hook(state, p))

    # ------------------------------------------------------------------ views
    def observe(self, state: Any, seat: int, obs: dict[str, Any]) -> None:
        obs["seafarers"] = public(state)
        if state.phase == "gold_choice" and state.sf_gold and state.sf_gold[0][0] == seat:
            obs["pending"] = {"gold": state.sf_gold[0][1]}
        _call(scenario_of(state), "observe", state, seat, obs)

    def view(self, state: Any, view: dict[str, Any]) -> None:
        view["seafarers"] = public(state)
        _call(scenario_of(state), "view", state, view)

    def value_title(self, value: Any) -> str:
        """The map's own title ("The Wonders of Catan"), as the rule book names it."""
        scenario = SCENARIOS.get(value)
        return (
            scenario.title
            if scenario is not None and scenario.title
            else super().value_title(value)
        )

    def draws_robber(self, view: dict[str, Any]) -> bool:
        """The Pirate Islands have no robber (SF-PR-04): none is drawn beside the board."""
        scenario = SCENARIOS.get(view.get("seafarers", {}).get("map"))
        return scenario is None or scenario.robber

    def draw_board(self, view: dict[str, Any], geometry: Any) -> list[str]:
        parts = words.draw_seafarers(view, geometry)
        scenario = SCENARIOS.get(view.get("seafarers", {}).get("map"))
        if scenario is not None and hasattr(type(scenario), "draw_board"):
            parts += scenario.draw_board(view, geometry)
        return parts

    def seat_words(self, view: dict[str, Any], seat: int) -> str | None:
        """The sea's words, then the map's own (cloth, fortress chits, tribe points)."""
        said = words.seat_words(view, seat)
        scenario = SCENARIOS.get(view.get("seafarers", {}).get("map"))
        if scenario is not None and hasattr(type(scenario), "seat_words"):
            own = scenario.seat_words(view, seat)
            if own:
                said = f"{said}; {own}" if said else own
        return said


def public(state: Any) -> dict[str, Any]:
    """What everyone at the table sees of the sea (never the fog stacks' order)."""
    return {
        "map": state.options["seafarers"],
        "ships": [[e, owner] for e, owner in enumerate(state.ship_owner) if owner != -1],
        "ships_left": list(state.ships_left),
        "pirate": state.pirate,
        "ship_moved": state.ship_moved,
        "ships_new": list(state.ships_new),
        "island_marks": [list(m) for m in state.island_marks],
        "fog_left": sum(state.fog_stack.values()),
        "victory_target": state.victory_target,
    }


def _close_to_roads(state: Any) -> None:
    """The paths closed to roads: those with no land beside (``sea``), the layout's, and every
    path holding a ship (a set of this state's own: a ship adds or takes its path)."""
    closed = set(state.sf_no_road) | set(state.board.road_closed)
    for e, owner in enumerate(state.ship_owner):
        if owner != -1:
            closed.add(e)
    state.road_closed = closed


def renew_after_discovery(state: Any, h: int) -> None:
    """SF-FI-04: hex ``h`` was turned up. Only the terrains and numbers changed, so only what
    is derived from them is made again (``_rebuild_derived`` would remake every cache and count
    every seat's trade route afresh): the core's production tables and robber moves, the sea
    tables, the paths closed to roads, the intersections barred at ``h`` (its corners may have
    become land), and the placements (``spot_cache`` and ``kept`` emptied; the thieves' moves
    and the gold owed dropped). The pieces did not move: the networks, harbour rates, ship sets
    and kept trade routes stand; owed route counts are made now (as a rebuild's count would).
    During the founding, or on a map with a ``rebuild`` hook of its own, the whole rebuild."""
    if not state.sf_founded or TABLES[state.options["seafarers"]].plain["rebuild"] is not None:
        state._rebuild_derived()
        return
    state._legal = None
    state.version += 1
    state.vp_changes += 1
    state._rebuild_board_tables()
    state.spot_cache.clear()
    state.kept.clear()
    state.robber_moves = {}
    state.sf_thief_moves = {}
    state.sf_thief_pool = None
    state.sf_gold_owed = {}
    sea.build_tables(state, h)
    # Only ``h``'s sides may have changed their land: the others stay as closed as they were.
    shut, no_road, so = ships._own_closed(state), state.sf_no_road, state.ship_owner
    for e in state.sf_hex_sides[h]:
        if e in no_road or e in state.board.road_closed or so[e] != -1:
            shut.add(e)
        else:
            shut.discard(e)
    board, vo, blocked, land = state.board, state.vertex_owner, state.blocked, state.sf_land_vertex
    closed, neighbours = board.building_closed, board.vertex_neighbors
    for v in board.hex_vertices[h]:  # as the rebuild bars them: closed, taken or near, no land
        blocked[v] = (
            not land[v] or v in closed or vo[v] != -1 or any(vo[w] != -1 for w in neighbours[v])
        )
    if state.lengths_owed:
        state.settle_lengths()


def _recount(state: Any, p: int) -> int:
    """``p``'s route, searching again only the components his pieces changed since his last."""
    return longest_route_kept(*_kept_args(state, p))


def _kept_args(state: Any, p: int) -> tuple[Any, ...]:
    """``longest_route_kept``'s arguments for ``p`` (his kept components in ``sf_route_kept``;
    ``partial``, not a lambda, which would make ``state`` and ``p`` cells of every call)."""
    return (
        state.board,
        p,
        state.edge_owner,
        state.vertex_owner,
        partial(ships.road_paths, state, p),
        state.sf_ships[p],
        state.sf_route_kept,
    )


def _route_owed(state: Any, p: int, old: int, new: int) -> bool:
    """SF-LT-03 after ``p`` moved a ship from path ``old`` to ``new``: his count owed
    (``state.owe_length``, made when a length is read or his pieces change again) when no length
    within its bounds could change who holds the Longest Trade Route; False when it must be made
    now. Both paths hang (an end with no other road or ship of his, SF-MS-02 for the one left):
    a hanging path ends every route over it, so taking it off shortens his longest by at most
    one and laying it lengthens it by at most one; a path that joins more may add more. The
    holder's too, on ``owe_length``'s stricter test (whether the move was a drop does not
    matter then): a holder owed again widens his bounds."""
    if not TABLES[state.options["seafarers"]].scenario.longest_route:
        return False  # no count without a route
    so = state.ship_owner  # (an end with no other road or ship of his)
    if not (state._hangs(p, old, so) and state._hangs(p, new, so)):
        return False
    low, high = state.lengths_owed.get(p) or (state._road_length[p],) * 2
    return state.owe_length(p, max(low - 1, 0), high + 1)


def _piece_owed(state: Any, p: int, e: int, before: int) -> bool:
    """SF-LT-03 after ``p`` laid a road or ship on path ``e`` (his route ``before``, -1 when
    owed): his count owed as after a move (``_route_owed``, the holder's too) when the new piece
    hangs (an end with no other road or ship of his): every route over it ends there, so
    without it the route is one he had before, and his longest grows by at most one."""
    if not state._hangs(p, e, state.ship_owner):
        return False  # a joining piece may add more
    low, high = state.lengths_owed.get(p) or (before, before)
    return state.owe_length(p, low, high + 1)


def _next_founding(state: Any, p: int) -> None:
    """The core's founding step after a road (``_apply_place_road``), after a ship."""
    last = state.last_founding_round()
    state.setup_index += 1
    if last:
        for hook in state.hooks.founding_done:
            if hook(state, p):
                return
    state.next_founding()


def _road_building_for_ships(state: Any, p: int, legal: list[Action]) -> None:
    """SF-DC-01: Road Building is playable with ships alone (the core asks for a road spot)."""
    if state.dev_played or state.phase not in ("pre_roll", "main") or p != state.turn_player:
        return
    held, new = state.dev_hand[p], state.dev_new[p]
    if held[ROAD_BUILDING] <= new[ROAD_BUILDING] or A.PLAY_ROAD_BUILDING in legal:
        return
    if state.ships_left[p] and ships.cached_spots(state, p)[1]:
        legal.append(A.PLAY_ROAD_BUILDING)


def _call(scenario: Scenario, hook: str, *args: Any) -> Any:
    key = (type(scenario), hook)  # _method, inlined: called for every hook of every step
    method = _METHODS.get(key, _UNKNOWN)
    if method is _UNKNOWN:
        method = _METHODS[key] = getattr(key[0], hook, None)
    return method(scenario, *args) if method is not None else None


def _method(scenario: Scenario, hook: str) -> Any:
    """The scenario class's function for ``hook``, or None."""
    key = (type(scenario), hook)
    method = _METHODS.get(key, _UNKNOWN)
    if method is _UNKNOWN:  # looked up once: a missing attribute costs an exception each time
        method = _METHODS[key] = getattr(key[0], hook, None)
    return method


_METHODS: dict[tuple[type, str], Any] = {}
"""A scenario class's hook by name (None: the class has none)."""
_UNKNOWN = object()


def _forward_static(scenario: Scenario, options: dict[str, Any], static: dict[str, Any]) -> None:
    _call(scenario, "static", options, static)


def _forwarder(name: str) -> Any:
    def forward(self: Seafarers, state: Any, *args: Any) -> Any:
        return getattr(scenario_of(state), name)(state, *args)

    forward.__name__ = name
    return forward


_PREFIXES = ("legal", "apply", "outcomes", "chance")
for _scenario in SCENARIOS.values():  # the scenarios' own phases, actions and chance nodes
    for _name in dir(type(_scenario)):
        if (
            _name.split("_", 1)[0] in _PREFIXES
            and _name != "chance_kinds"
            and not hasattr(Seafarers, _name)
        ):
            setattr(Seafarers, _name, _forwarder(_name))

_DEFAULTS = {
    "target": lambda args: args[-1],
    "hidden_vp": lambda args: 0,
    "build_actions": lambda args: args[-1],  # every action allowed
}
"""What a forwarded hook answers when the current scenario lacks it (others: None)."""


def _plain_hook(hook: str) -> Any:
    def forward(self: Seafarers, state: Any, *args: Any) -> Any:
        method = TABLES[state.options["seafarers"]].plain[hook]
        if method is not None:
            return method(state, *args)
        default = _DEFAULTS.get(hook)
        return default(args) if default else None

    forward.__name__ = hook
    return forward


FORWARDED = tuple(
    hook
    for hook in HOOKS
    if not hasattr(Seafarers, hook) and any(hasattr(type(s), hook) for s in SCENARIOS.values())
)
"""The hooks only some scenario defines (the target, hidden VP, ...): they reach it through
the expansion's forwarder (``_plain_hook``), the map's end of turn among them when one has it."""
for _hook in FORWARDED:
    setattr(Seafarers, _hook, _plain_hook(_hook))

UNUSED_HOOKS = {
    name: frozenset(
        [hook for hook in FORWARDED if table.plain[hook] is None]
        + (["vp"] if not table.scenario.island_svp and table.vp is None else [])
    )
    for name, table in TABLES.items()
}
"""Map name -> the hooks its games leave out of their hook table (``unused_hooks``)."""

EXPANSION = Seafarers()
