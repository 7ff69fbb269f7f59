"""Board game: a greedy builder that values intersections by their production.

Set-up: the free intersection with the most pips (dice outcomes) and resource variety. Turn:
city > settlement on the best spot > development card > road toward a good free spot; a 4:1 /
harbour trade when it completes a city or settlement; never proposes or accepts player trades.
The robber goes to the opponents' best hex away from ours, and steals from the richest hand.
Each scenario adds one function of its own (``rivers_move``, ``barbarian_move``, ...), asked first;
Catan for Two with a scenario uses both functions, the pair's own phases in the scenario's.
"""

from __future__ import annotations

import arena_bot

ARENA_FAMILIES = "*"  # a move function per scenario below: seed_example_bots enables them all

COSTS = {
    "city": {"grain": 2, "ore": 3},
    "settlement": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1},
    "development": {"wool": 1, "grain": 1, "ore": 1},
    "road": {"lumber": 1, "brick": 1},
}


def spot_value(view: arena_bot.CatanView, vertex: int) -> float:
    hexes = [h for h in view.vertex_hexes(vertex) if view.hex_pips(h)]
    terrains = {view.raw["board"]["terrains"][h] for h in hexes}
    return view.vertex_value(vertex) + 0.5 * len(terrains)


def best(turn: arena_bot.Turn, indices: list[int], score) -> int:
    return max(indices, key=lambda i: score(turn.legal_actions[i]))


def missing(have: dict[str, int], cost: dict[str, int]) -> dict[str, int]:
    return {r: n - have.get(r, 0) for r, n in cost.items() if have.get(r, 0) < n}


def trade_toward(turn: arena_bot.Turn, view: arena_bot.CatanView) -> int | None:
    """A maritime trade that leaves us exactly one resource short of nothing for a goal."""
    have = view.resources
    goals = ["city", "settlement"] if view.buildings(view.seat) else ["settlement"]
    for goal in goals:
        need = missing(have, COSTS[goal])
        if sum(need.values()) != 1:
            continue
        (wanted,) = need
        for i in turn.actions_of_type("maritime_trade"):
            action = turn.legal_actions[i]
            spare = have[action["give"]] - COSTS[goal].get(action["give"], 0)
            if action["get"] == wanted and spare >= action["rate"]:
                return i
    return None


def road_score(view: arena_bot.CatanView, edge: int) -> float:
    """How good the free intersections at the far end of a road are."""
    occupied = {b[0] for b in view.buildings()}
    neighbors = view.static["vertex_neighbors"]
    score = 0.0
    for v in view.edge_vertices(edge):
        if v in occupied or any(n in occupied for n in neighbors[v]):
            continue
        score = max(score, spot_value(view, v))
    return score


def robber_score(view: arena_bot.CatanView, hex_id: int) -> float:
    hex_vertices = set(view.static["hex_vertices"][hex_id])
    score = 0.0
    for vertex, owner, level in view.buildings():
        if vertex in hex_vertices:
            score += (-100 if owner == view.seat else 1) * level
    return score * view.hex_pips(hex_id)


def rivers_move(turn: arena_bot.Turn, view: arena_bot.CatanView, kinds: set[str]) -> int | None:
    """The Rivers of Catan (docs/scenarios/rivers.md): found by the rivers (1 gold each), build
    bridges (3 gold), turn 2 gold into the card that completes a city or settlement, and buy gold
    to stop being a Poor Settler (-2 VP) when the spare cards allow. None: not this scenario."""
    if "river_hexes" not in view.sites:
        return None
    river = set(view.sites["river_hexes"])
    if "place_settlement" in kinds:
        return best(turn, turn.actions_of_type("place_settlement"),
                    lambda a: spot_value(view, a["vertex"])
                    + 1.5 * bool(river & set(view.vertex_hexes(a["vertex"]))))  # fmt: skip
    if "build_city" in kinds or "build_settlement" in kinds:
        return None  # points first
    if "build_bridge" in kinds:
        return turn.actions_of_type("build_bridge")[0]
    have = view.resources
    for goal in ("city", "settlement"):
        need = missing(have, COSTS[goal])
        if sum(need.values()) == 1:
            for i in turn.actions_of_type("exchange_gold"):
                if turn.legal_actions[i]["resource"] in need:
                    return i
    golds = view.raw["gold"]["seats"]
    poor = golds[view.seat] == min(golds)
    for i in turn.actions_of_type("buy_gold"):
        action = turn.legal_actions[i]
        spare = have[action["give"]] - COSTS["city"].get(action["give"], 0)
        if poor and spare >= action["rate"]:
            return i
    return None


def barbarian_move(turn: arena_bot.Turn, view: arena_bot.CatanView, kinds: set[str]) -> int | None:
    """Barbarian Attack (docs/scenarios/barbarian_attack.md): buy the scenario's cards (knights
    and prisoners are points), march knights to out-number the barbarians on the coast, land
    Treason's barbarians away from our buildings, capture where we live, and end the turn
    rather than build idle roads. None: not this scenario, or the base game's choice is fine."""
    if "castle" not in view.sites:
        return None
    ba = view.raw["barbarian_attack"]
    bars = {int(h): n for h, n in ba["barbarians"].items()}
    knights = {e for e, _ in ba["knights"]}
    static = view.static
    paths_of = [
        [e for e, (a, b) in enumerate(static["edge_vertices"]) if {a, b} <= set(corners)]
        for corners in static["hex_vertices"]
    ]
    hexes_of = [
        set(static["vertex_hexes"][a]) & set(static["vertex_hexes"][b])
        for a, b in static["edge_vertices"]
    ]

    def mine(h: int, seat: int = view.seat) -> int:  # seat's buildings' worth by hex h (-1: none)
        corners = set(static["hex_vertices"][h]) if h >= 0 else set()
        return sum(level for v, o, level in view.buildings() if v in corners and o == seat)

    def edge_score(e: int, leaving: int = -1) -> float:
        score = 0.0
        for h in hexes_of[e]:
            if bars.get(h):
                here = sum(1 for f in paths_of[h] if f in knights and f != leaving)
                score += bars[h] * (3 if here + 1 > bars[h] else 1) + mine(h)
        return score

    def of(kind: str) -> list[int]:
        return turn.actions_of_type(kind)

    def act(i: int) -> dict:
        return turn.legal_actions[i]

    if "place_knight" in kinds:
        return best(turn, of("place_knight"), lambda a: edge_score(a["edge"]))
    if "capture_barbarian" in kinds:
        return best(turn, of("capture_barbarian"), lambda a: mine(a["hex"]) + bars[a["hex"]])
    if "treason_move" in kinds:
        return best(turn, of("treason_move"), lambda a: mine(a["from"]) - mine(a["to"]))
    if "keep_foreign_knight" in kinds:  # for two: march it where it wins a battle for us
        here = arena_bot.foreign_knight_path(view)
        gain = {i: edge_score(act(i)["to"], here) - edge_score(here)
                for i in of("move_foreign_knight")}  # fmt: skip
        good = [i for i in gain if gain[i] > 0]
        return max(good, key=gain.get) if good else of("keep_foreign_knight")[0]
    if "c2_move_barbarian" in kinds:  # for two: off our coast, onto the opponent's

        def shift(a: dict) -> float:
            theirs = mine(a["to"], 1 - view.seat) * (2 if bars.get(a["to"], 0) == 2 else 1)
            return 2 * mine(a["from"]) - 3 * mine(a["to"]) + theirs

        choice = best(turn, of("c2_move_barbarian"), shift)
        if shift(act(choice)) >= 2 and arena_bot.token_price(view) == 1:
            return choice
    if "end_knight_moves" in kinds or "move_knight" in kinds:
        moves = of("move_knight")
        gain = {i: edge_score(act(i)["to"], act(i)["edge"]) - edge_score(act(i)["edge"])
                for i in moves}  # fmt: skip
        if "end_knight_moves" not in kinds:  # a knight must leave the castle
            castle = set(paths_of[view.sites["castle"]])
            return max([i for i in moves if act(i)["edge"] in castle] or moves, key=gain.get)
        good = [i for i in moves if gain[i] > 0]
        return max(good, key=gain.get) if good else of("end_knight_moves")[0]
    if "build_city" in kinds or "build_settlement" in kinds:
        return None  # points first
    if "buy_scenario_card" in kinds:
        return of("buy_scenario_card")[0]
    for goal in ("city", "settlement", "development"):
        need = missing(view.resources, COSTS[goal])
        if sum(need.values()) == 1:
            for i in of("exchange_gold"):
                if act(i)["resource"] in need:
                    return i
    if "finish_turn" in kinds and trade_toward(turn, view) is None:
        roads = of("build_road")
        if not roads or max(road_score(view, act(i)["edge"]) for i in roads) <= 0:
            return of("finish_turn")[0]
    return None


def traders_move(turn: arena_bot.Turn, view: arena_bot.CatanView, kinds: set[str]) -> int | None:
    """Traders & Barbarians (docs/scenarios/traders_barbarians.md): drive the wagon along the
    shortest way to the plaza that takes its token (any plaza when empty), upgrade the baggage
    train, and put barbarians on the richest opponent's road. None: not this scenario."""
    if "trade_hexes" not in view.sites:
        return None
    tables = turn.match.static["traders_barbarians"]
    scenario = view.raw["traders_barbarians"]
    if "move_wagon" in kinds or view.phase == "tb_wagon":
        cargo = scenario["cargo"][view.seat]
        goals = plaza_goals(view, tables, cargo)
        here = scenario["wagons"][view.seat]
        far = wagon_distances(turn.match.static, goals, tables["closed_paths"])
        moves = turn.actions_of_type("move_wagon")
        nearer = [i for i in moves if far[turn.legal_actions[i]["vertex"]] < far[here]]
        if nearer:
            return min(nearer, key=lambda i: far[turn.legal_actions[i]["vertex"]])
        if "buy_movement" in kinds and not moves and view.resources["grain"] > 1:
            return turn.actions_of_type("buy_movement")[0]
        for kind in ("second_journey", "end_turn"):
            if kind in kinds:
                return turn.actions_of_type(kind)[0]
    if "move_barbarian" in kinds:
        roads = {edge: owner for edge, owner in view.raw["board"]["roads"]}
        players = view.raw["players"]

        def harm(action: dict) -> int:
            owner = roads.get(action["edge"], view.seat)
            if owner >= len(players):  # a neutral road (Catan for Two): no cards to draw
                return 0
            return -1 if owner == view.seat else players[owner]["resource_cards"]

        return best(turn, turn.actions_of_type("move_barbarian"), harm)
    if "c2_move_tb_barbarian" in kinds and arena_bot.token_price(view) == 1:
        choice = tb_barbarian_block(turn, view, tables, scenario)
        if choice is not None:
            return choice
    if "build_city" in kinds or "build_settlement" in kinds:
        return None  # points first
    for kind in ("upgrade_baggage", "play_scenario_card", "buy_scenario_card"):
        if kind in kinds:
            return turn.actions_of_type(kind)[0]
    return None


def plaza_goals(view: arena_bot.CatanView, tables: dict, cargo: str | None) -> set[int]:
    """The plazas a wagon carrying ``cargo`` may head for (any plaza when empty)."""
    return {
        site["plaza"]
        for name, site in view.sites["trade_hexes"].items()
        if cargo is None or cargo in tables["trade_hexes"][name]["accepts"]
    }


def tb_barbarian_block(
    turn: arena_bot.Turn, view: arena_bot.CatanView, tables: dict, scenario: dict
) -> int | None:
    """T&B for two's token action: put a barbarian (+2 movement points) on the opponent
    wagon's next step toward its plaza, taking first the barbarian that lies on our own way.
    None when no free path is on the opponent's way."""
    static, closed = turn.match.static, tables["closed_paths"]

    def on_way(seat: int) -> tuple[list[int], int]:
        far = wagon_distances(static, plaza_goals(view, tables, scenario["cargo"][seat]), closed)
        return far, scenario["wagons"][seat]

    far_them, at_them = on_way(1 - view.seat)
    far_us, at_us = on_way(view.seat)

    def score(action: dict) -> float:
        a, b = view.edge_vertices(action["edge"])
        blocks = at_them in (a, b) and min(far_them[a], far_them[b]) < far_them[at_them]
        x, y = view.edge_vertices(scenario["barbarians"][action["barbarian"]])
        ours = far_us[x] != far_us[y] and min(far_us[x], far_us[y]) < far_us[at_us]
        return 2 * blocks + ours

    choice = best(turn, turn.actions_of_type("c2_move_tb_barbarian"), score)
    return choice if score(turn.legal_actions[choice]) >= 2 else None


def wagon_distances(static: dict, goals: set[int], closed: list[int]) -> list[int]:
    """Paths from every intersection to the nearest of ``goals`` (breadth first)."""
    far = [10**6] * len(static["vertex_points"])
    frontier = list(goals)
    for v in frontier:
        far[v] = 0
    blocked = set(closed)
    while frontier:
        step = []
        for v in frontier:
            for e in static["vertex_edges"][v]:
                a, b = static["edge_vertices"][e]
                w = b if a == v else a
                if e not in blocked and far[w] > far[v] + 1:
                    far[w] = far[v] + 1
                    step.append(w)
        frontier = step
    return far


def fishermen(turn: arena_bot.Turn, view: arena_bot.CatanView) -> int | None:
    """The Fishermen of Catan: at the 7-token limit swap a small token; pass the old boot on;
    spend fish (the cheapest payment) to free our hex from the robber, to complete a city or a
    settlement, on a development card, or, near the limit, on the richest hand."""
    fish = view.raw.get("fishermen")
    if fish is None:
        return None
    legal = turn.legal_actions
    if turn.actions_of_type("pass_fish"):
        swaps = [i for i in turn.actions_of_type("swap_fish") if legal[i]["fish"] < 3]
        return min(
            swaps, key=lambda i: legal[i]["fish"], default=turn.actions_of_type("pass_fish")[0]
        )
    if turn.actions_of_type("give_boot"):
        return turn.actions_of_type("give_boot")[0]
    buys = turn.actions_of_type("fish_for")

    def cheapest(item: str, fits=lambda action: True) -> int | None:
        found = [i for i in buys if legal[i]["item"] == item and fits(legal[i])]
        return min(found, key=lambda i: sum(legal[i]["pay"]), default=None)

    robber = view.raw["board"]["robber"]
    choices = []
    if robber >= 0 and robber_score(view, robber) < 0:
        choices.append(cheapest("remove_robber"))
    for goal in ("city", "settlement"):
        need = missing(view.resources, COSTS[goal])
        if sum(need.values()) == 1:
            choices.append(cheapest("resource", lambda a, need=need: a["resource"] in need))
    choices.append(cheapest("development"))
    if sum(fish["fish"].values()) >= 6:
        players = view.raw["players"]
        choices.append(max(
            (i for i in buys if legal[i]["item"] == "steal"),
            key=lambda i: (players[legal[i]["seat"]]["resource_cards"], -sum(legal[i]["pay"])),
            default=None,
        ))  # fmt: skip
    return next((i for i in choices if i is not None), None)


def caravan_move(turn: arena_bot.Turn, view: arena_bot.CatanView) -> int | None:
    """The Caravans' vote (docs/scenarios/caravans.md): a camel that makes one of our buildings
    sit between two camels (+1 VP) or lies beside our road is worth a spare wool or grain; we
    name and choose the spot best for us and worst for the others. None outside a vote."""
    caravans = view.raw.get("caravans")
    if not caravans or not caravans["vote"]:
        return None
    camels_at: dict[int, int] = {}
    for edge, _ in caravans["camels"]:
        for v in view.edge_vertices(edge):
            camels_at[v] = camels_at.get(v, 0) + 1
    owners = {vertex: owner for vertex, owner, _ in view.buildings()}
    roads = {edge: owner for edge, owner in view.raw["board"]["roads"]}

    def worth(edge: int) -> float:
        value = 0.3 if roads.get(edge) == view.seat else 0.0
        for v in view.edge_vertices(edge):
            if camels_at.get(v, 0) == 1 and v in owners:  # this camel makes v a crossing
                value += 1.0 if owners[v] == view.seat else -0.5
        return value

    spots = turn.actions_of_type("propose_camel", "place_camel", "c2_place_camel")
    if spots:
        return best(turn, spots, lambda a: worth(a["edge"]))
    bids = turn.actions_of_type("caravan_bid")
    if not bids:
        return None
    stake = max(worth(edge) for edge, _ in caravans["vote"]["spots"])
    have = view.resources
    spare = {r: have[r] - COSTS["settlement"].get(r, 0) for r in ("wool", "grain")}
    budget = 2 if stake >= 1 else (1 if stake > 0 else 0)

    def bid_score(a: dict) -> float:
        cards = a["wool"] + a["grain"]
        within = a["wool"] <= max(spare["wool"], 0) and a["grain"] <= max(spare["grain"], 0)
        return (cards if cards <= budget and within else -cards) - 0.01 * cards

    return best(turn, bids, bid_score)


def catan_for_two(turn: arena_bot.Turn, view: arena_bot.CatanView, kinds: set[str]) -> int | None:
    """Catan for Two (docs/scenarios/catan_for_two.md): neutral pieces where they help us least
    and hurt the opponent, spare cards given in a Forced Trade, tokens for the robber on our
    hexes (to the desert, a swamp or beside the board, as the pair has it), a rich opponent's
    hand, or a knight that wins us no Largest Army."""
    two = view.raw.get("catan_for_two")
    if two is None:
        return None
    me, opponent = view.seat, 1 - view.seat
    if "neutral_road" in kinds or "neutral_settlement" in kinds:
        ours = {v for v, _, _ in view.buildings(me)}

        def harm(action: dict) -> float:  # low: far from our buildings, on poor ground
            spots = [action["vertex"]] if "vertex" in action else view.edge_vertices(action["edge"])
            near = sum(n in ours for v in spots for n in view.static["vertex_neighbors"][v])
            return 10 * near + max(spot_value(view, v) for v in spots)

        return min(range(len(turn.legal_actions)), key=lambda i: harm(turn.legal_actions[i]))
    if "forced_give" in kinds:
        have = view.resources
        return best(turn, turn.actions_of_type("forced_give"), lambda a: have[a["resource"]])
    robber = view.raw["board"]["robber"]
    freeing = turn.actions_of_type("robber_to_desert", "robber_to_swamp", "robber_aside")
    if freeing and robber >= 0 and robber_score(view, robber) < 0:
        return freeing[0]  # a swamp or the desert produce nothing: any frees our hex
    players = view.raw["players"]
    if "forced_trade" in kinds and "end_turn" in kinds and players[opponent]["resource_cards"] >= 5:
        return turn.actions_of_type("forced_trade")[0]
    if "trade_knight" in kinds and view.raw["largest_army"] != me:
        return turn.actions_of_type("trade_knight")[0]
    return None


def special_map_move(
    turn: arena_bot.Turn, sea: arena_bot.SeafarersView, kinds: set[str]
) -> int | None:
    """The special maps' own decisions (docs/scenarios/seafarers_special.md): harbours laid on
    our own coast, the Wonders claimed and built whenever legal (all four levels win), the
    Pirate Islands' lane ships, knights as warships and a fortress attack once the warships
    beat a die more often than not, the Cloth pirate on the ships of the seat with the most
    cloth, which it loots. None: no such decision now."""
    raw, me = sea.raw, sea.seat
    mine = {b[0]: b[2] for b in sea.buildings(me)}
    for kind in ("place_harbour", "place_gift_harbour"):
        if kind in kinds:

            def coast(action: dict) -> float:
                ends = sea.edge_vertices(action["edge"])
                return sum(3 * mine.get(v, 0) + 0.1 * spot_value(sea, v) for v in ends)

            return best(turn, turn.actions_of_type(kind), coast)
    for kind in ("build_wonder_level", "claim_wonder", "play_vp_as_knight", "play_knight"):
        if kind in kinds and (kind != "play_knight" or "pirate_islands" in raw):
            return turn.actions_of_type(kind)[0]
    if "take_booty" in kinds:
        need = missing(sea.resources, COSTS["city"]) or missing(sea.resources, COSTS["settlement"])
        return best(turn, turn.actions_of_type("take_booty"), lambda a: need.get(a["resource"], 0))
    pirates = raw.get("pirate_islands")
    if pirates is not None and not kinds & {"build_city", "build_settlement"}:
        if "build_ship" in kinds:  # only the lane's next path is legal: sail on to the fortress
            return turn.actions_of_type("build_ship")[0]
        if "attack_fortress" in kinds and len(pirates["warships"][me]) >= 4:
            return turn.actions_of_type("attack_fortress")[0]  # wins on a die of 1-3 or better
    cloth = raw.get("cloth_for_catan")
    if cloth is not None and "pirate_loot" in kinds:
        return best(turn, turn.actions_of_type("pirate_loot"),
                    lambda a: (a["loot"] == "cloth", cloth["cloth"][a["seat"]]))  # fmt: skip
    if cloth is not None and "cl_move_pirate" in kinds:
        hexes = sea.static["vertex_hexes"]
        rich = [
            cloth["cloth"][seat] + 1 if seat != me else -5 for seat in range(len(cloth["cloth"]))
        ]

        def prey(action: dict) -> float:
            h = action["hex"]
            sides = [
                seat
                for edge, seat in raw["seafarers"]["ships"]
                if all(h in hexes[v] for v in sea.edge_vertices(edge))
            ]
            return sum(rich[seat] for seat in sides)

        return best(turn, turn.actions_of_type("cl_move_pirate"), prey)
    return None


def seafarers_move(turn: arena_bot.Turn, kinds: set[str]) -> int | None:
    """Seafarers (docs/scenarios/seafarers.md): gold fields' choices toward a city or a
    settlement, and ships toward the best free coast (new islands earn special points) when no
    city or settlement can be built. None: not this scenario, or the base game's choice."""
    sea = arena_bot.seafarers_view(turn)
    if sea is None:
        return None
    if (special := special_map_move(turn, sea, kinds)) is not None:
        return special
    if "choose_gold" in kinds:
        need = missing(sea.resources, COSTS["city"]) or missing(sea.resources, COSTS["settlement"])
        return best(turn, turn.actions_of_type("choose_gold"),
                    lambda a: need.get(a["resource"], 0))  # fmt: skip
    if kinds & {"build_city", "build_settlement"} or "build_ship" not in kinds:
        return None  # points first; the base game's choices for the rest
    occupied = {b[0] for b in sea.buildings()}
    neighbors = sea.static["vertex_neighbors"]
    cloth = sea.raw.get("cloth_for_catan") or {"villages": []}
    villages = {  # Cloth for Catan: a ship beside a village with cloth opens its trade
        town["vertex"]
        for town in cloth["villages"]
        if town["cloth"] and sea.seat not in town["traders"]
    }

    def free_coast(v: int) -> float:
        if v in villages:
            return 10.0
        if v in occupied or any(n in occupied for n in neighbors[v]):
            return 0.0
        return spot_value(sea, v)

    def ship_score(action: dict) -> float:
        """The best free coast within 3 steps along ship paths from the ship's ends."""
        score, frontier, seen = 0.0, list(sea.edge_vertices(action["edge"])), set()
        for step in range(4):
            score = max([score, *(free_coast(v) - 2 * step for v in frontier)])
            seen.update(frontier)
            frontier = [
                w
                for v in frontier
                for e in sea.static["vertex_edges"][v]
                for w in sea.edge_vertices(e)
                if w not in seen and sea.is_ship_path(e)
            ]
        return score

    ships = turn.actions_of_type("build_ship")
    choice = best(turn, ships, ship_score)
    if ship_score(turn.legal_actions[choice]) > 0:
        return choice
    return None


PROGRESS_SKIPPED = {"Inventor"}
"""Progress cards the bot never plays: a swap of numbers helps the others as much as us."""
PROGRESS_DISCARDED_FIRST = ("Inventor", "Diplomat", "Crane", "Alchemist")
"""Over the limit of 4, the cards given up first (the least useful to this bot)."""
DICE_ODDS = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}


def alchemist(turn: arena_bot.Turn, view: arena_bot.CatanView) -> int | None:
    """The Alchemist (before the roll) when the best pair of dice pays at least 2 cards more
    than a roll is worth on average; None: roll the dice."""
    plays = turn.progress_plays("Alchemist")
    if not plays:
        return None
    average = sum(odds * view.roll_income(t) for t, odds in DICE_ODDS.items())
    choice = best(turn, plays, lambda a: view.roll_income(a["yellow"] + a["red"]))
    action = turn.legal_actions[choice]
    return choice if view.roll_income(action["yellow"] + action["red"]) >= average + 2 else None


def progress_score(view: arena_bot.CatanView, action: dict) -> float | None:
    """How good one ``play_progress`` action is (higher: better); None: do not play it."""
    card, seat, ck = action["card"], view.seat, view.cities_and_knights
    players = view.raw["players"]
    if card in PROGRESS_SKIPPED:
        return None
    if card == "Diplomat":  # only an opponent's road: ours would only move
        owners = dict(map(tuple, view.raw["board"]["roads"]))
        return 1.0 if owners.get(action["edge"]) != seat else None
    if card == "Medicine":
        return spot_value(view, action["vertex"])
    if card == "Bishop":
        return robber_score(view, action["hex"])
    if card == "Merchant":  # our buildings' production there
        corners = set(view.static["hex_vertices"][action["hex"]])
        ours = sum(level for v, _, level in view.buildings(seat) if v in corners)
        return float(ours * view.hex_pips(action["hex"]))
    if card in ("Spy", "Deserter", "Master Merchant"):  # the richest opponent
        q = action["seat"]
        return players[q]["public_vp"] + players[q]["resource_cards"] + ck["commodities"][q]
    if card == "Resource Monopoly":
        need = missing(view.resources, COSTS["city"]) or missing(view.resources, COSTS["road"])
        return float(need.get(action["good"], 0))
    if card == "Trade Monopoly":  # the commodity of our lowest track
        levels = view.improvement_levels()
        track = {"cloth": "trade", "coin": "politics", "paper": "science"}[action["good"]]
        return -float(levels[track])
    if card == "Merchant Fleet":  # 2:1 for the kind we hold most of, worth two trades
        held = view.hand.get(action["good"], 0)
        return float(held) if held >= 4 else None
    return 0.0  # the rest gain without a choice worth weighing (Irrigation, Warlord, Smith...)


def play_progress_card(turn: arena_bot.Turn, view: arena_bot.CatanView) -> int | None:
    """The best play of the first card (by name) worth playing now, or None."""
    scored = {i: progress_score(view, turn.legal_actions[i]) for i in turn.progress_plays()}
    playable = [i for i, score in scored.items() if score is not None]
    if not playable:
        return None
    card = turn.legal_actions[playable[0]]["card"]
    return max((i for i in playable if turn.legal_actions[i]["card"] == card), key=scored.get)


def progress_answer(turn: arena_bot.Turn, view: arena_bot.CatanView, kinds: set[str]) -> int:
    """A decision a progress card asks of us (phase ``ck_progress``), ours or an opponent's card:
    give away what we hold most of, lose our weakest knight, take what builds a city, place
    every free piece where it is best."""
    pending = view.progress_pending or {}
    step = pending.get("step")
    of = turn.actions_of_type
    hand = view.hand
    if "give_card" in kinds:
        return best(turn, of("give_card"), lambda a: hand.get(a["card"], 0))
    if "pick_card" in kinds:
        need = missing(view.resources, COSTS["city"]) or missing(view.resources, COSTS["road"])
        return best(turn, of("pick_card"), lambda a: need.get(a["card"], 0))
    if "offer_resource" in kinds:  # a spare resource for a commodity
        offer = best(turn, of("offer_resource"), lambda a: hand.get(a["resource"], 0))
        if hand.get(turn.legal_actions[offer]["resource"], 0) >= 2 or "progress_done" not in kinds:
            return offer
        return of("progress_done")[0]
    if "choose_vertex" in kinds:
        if step == "deserter_remove":  # the weakest knight goes, an inactive one first
            knights = {k["vertex"]: k for k in view.ck_knights(view.seat)}
            return best(turn, of("choose_vertex"),
                        lambda a: -2 * knights[a["vertex"]]["strength"]
                        - knights[a["vertex"]]["active"])  # fmt: skip
        return of("choose_vertex")[0]
    if "choose_edge" in kinds:
        return best(turn, of("choose_edge"), lambda a: road_score(view, a["edge"]))
    return turn.progress_answers()[0]


def cities_knights(turn: arena_bot.Turn, view: arena_bot.CatanView, kinds: set[str]) -> int | None:
    """Cities & Knights (docs/protocol.md): improve the cities with commodities, keep enough
    active knights when the barbarian ship is near, wall cities when the hand is large, play
    the progress cards worth playing (the Alchemist when the dice it chooses pay well); the
    C&K decisions (discards, pillage, retreat, decks, progress cards' questions) by simple
    rules."""
    ck = view.cities_and_knights
    if ck is None:
        return None
    seat = view.seat
    of = turn.actions_of_type
    if view.phase == "ck_progress":
        return progress_answer(turn, view, kinds)
    if "discard_card" in kinds:
        hand = view.hand
        return best(turn, of("discard_card"), lambda a: hand.get(a["card"], 0))
    if "discard_progress" in kinds:
        order = PROGRESS_DISCARDED_FIRST[::-1]  # the first of them scores highest
        return best(turn, of("discard_progress"),
                    lambda a: order.index(a["card"]) if a["card"] in order else -1)  # fmt: skip
    if "lose_city" in kinds:  # the barbarians take our poorest city
        return best(turn, of("lose_city"), lambda a: -view.vertex_value(a["vertex"]))
    if "place_metropolis" in kinds:
        return best(turn, of("place_metropolis"), lambda a: view.vertex_value(a["vertex"]))
    if "retreat_knight" in kinds:
        return of("retreat_knight")[0]
    if "aqueduct_take" in kinds:
        need = missing(view.resources, COSTS["city"]) or missing(view.resources, COSTS["road"])
        return best(turn, of("aqueduct_take"), lambda a: need.get(a["resource"], 0))
    if "choose_deck" in kinds:
        return best(turn, of("choose_deck"), lambda a: a["track"] == "politics")
    if "roll" in kinds:
        return alchemist(turn, view)
    if "improve_city" in kinds:
        if crane := turn.progress_plays("Crane"):  # one commodity less for the level
            return crane[0]
        levels = ck["levels"][seat]
        return best(turn, of("improve_city"), lambda a: -levels[a["track"]])
    if (card := play_progress_card(turn, view)) is not None:
        return card
    threat = ck["barbarian_position"] >= 4
    defended = ck["knight_strength"][seat] >= ck["cities_on_board"][seat]
    if threat and not defended:
        for kind in ("activate_knight", "build_knight", "promote_knight"):
            if kind in kinds:
                return of(kind)[0]
    if "chase_robber" in kinds:
        return of("chase_robber")[0]
    held = sum(view.hand.values())
    if "build_wall" in kinds and held > 7:
        return of("build_wall")[0]
    commodities = view.commodities
    for i in of("bank_trade"):  # surplus commodities toward a city
        action = turn.legal_actions[i]
        surplus = commodities.get(action["give"], 0) >= 6
        if surplus and action["get"] in missing(view.resources, COSTS["city"]):
            return i
    return None


def decide(turn: arena_bot.Turn) -> int:
    view = arena_bot.CatanView(turn.observation, turn.match.static)
    if (vote := caravan_move(turn, view)) is not None:
        return vote
    kinds = {a["type"] for a in turn.legal_actions}
    if (scenario := rivers_move(turn, view, kinds)) is not None:
        return scenario
    if (scenario := barbarian_move(turn, view, kinds)) is not None:
        return scenario
    if (scenario := traders_move(turn, view, kinds)) is not None:
        return scenario
    if (choice := fishermen(turn, view)) is not None:
        return choice
    if (scenario := catan_for_two(turn, view, kinds)) is not None:
        return scenario
    if (scenario := seafarers_move(turn, kinds)) is not None:
        return scenario
    if (scenario := cities_knights(turn, view, kinds)) is not None:
        return scenario
    if "place_settlement" in kinds:
        return best(turn, turn.actions_of_type("place_settlement"),
                    lambda a: spot_value(view, a["vertex"]))  # fmt: skip
    if "place_road" in kinds:
        return best(turn, turn.actions_of_type("place_road"), lambda a: road_score(view, a["edge"]))
    if "move_robber" in kinds:
        return best(turn, turn.actions_of_type("move_robber"),
                    lambda a: robber_score(view, a["hex"]))  # fmt: skip
    if "rob" in kinds:
        players = view.raw["players"]
        return best(turn, turn.actions_of_type("rob"),
                    lambda a: players[a["seat"]]["resource_cards"])  # fmt: skip
    if "discard" in kinds:
        have = view.resources
        return best(turn, turn.actions_of_type("discard"), lambda a: have[a["resource"]])
    if "take_resource" in kinds:
        need = missing(view.resources, COSTS["city"]) or missing(
            view.resources, COSTS["settlement"]
        )
        return best(turn, turn.actions_of_type("take_resource"),
                    lambda a: need.get(a["resource"], 0))  # fmt: skip
    if "reject_trade" in kinds:
        return turn.actions_of_type("reject_trade")[0]
    if "cancel_trade" in kinds:
        return turn.actions_of_type("cancel_trade")[0]
    if "roll" in kinds:
        return turn.actions_of_type("roll")[0]
    for kind in ("build_city", "build_settlement"):
        if kind in kinds:
            return best(turn, turn.actions_of_type(kind), lambda a: spot_value(view, a["vertex"]))
    for kind in ("play_year_of_plenty", "play_knight", "buy_development"):
        if kind in kinds:
            return turn.actions_of_type(kind)[0]
    trade = trade_toward(turn, view)
    if trade is not None:
        return trade
    if "build_road" in kinds:
        roads = turn.actions_of_type("build_road")
        choice = best(turn, roads, lambda a: road_score(view, a["edge"]))
        if road_score(view, turn.legal_actions[choice]["edge"]) > 0 or "end_turn" not in kinds:
            return choice
    if "end_turn" in kinds:
        return turn.actions_of_type("end_turn")[0]
    return 0


if __name__ == "__main__":
    arena_bot.run(decide)
