"""Board game: a greedy builder that values intersections by their production.

Set-up: the free intersection with the most pips (dice outcomes) and resource variety. Turn:
city > settlement on the best spot > development card > road toward a good free spot; a 4:1 /
harbour trade when it completes a city or settlement; never proposes or accepts player trades.
The robber goes to the opponents' best hex away from ours, and steals from the richest hand.
"""

from __future__ import annotations

import arena_bot

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

    spots = turn.actions_of_type("propose_camel", "place_camel")
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


def decide(turn: arena_bot.Turn) -> int:
    view = arena_bot.CatanView(turn.observation, turn.match.static)
    if (vote := caravan_move(turn, view)) is not None:
        return vote
    kinds = {a["type"] for a in turn.legal_actions}
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
