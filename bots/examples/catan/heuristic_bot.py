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


def catan_for_two(turn: arena_bot.Turn, view: arena_bot.CatanView, kinds: set[str]) -> int | None:
    """Catan for Two (docs/scenarios/catan_for_two.md): neutral pieces where they help us least
    and hurt the opponent, spare cards given in a Forced Trade, tokens for the robber on our
    hexes, a rich opponent's hand, or a knight that wins us no Largest Army."""
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
    if "robber_to_desert" in kinds and robber_score(view, view.raw["board"]["robber"]) < 0:
        return turn.actions_of_type("robber_to_desert")[0]
    players = view.raw["players"]
    if "forced_trade" in kinds and "end_turn" in kinds and players[opponent]["resource_cards"] >= 5:
        return turn.actions_of_type("forced_trade")[0]
    if "trade_knight" in kinds and view.raw["largest_army"] != me:
        return turn.actions_of_type("trade_knight")[0]
    return None


def decide(turn: arena_bot.Turn) -> int:
    view = arena_bot.CatanView(turn.observation, turn.match.static)
    kinds = {a["type"] for a in turn.legal_actions}
    if (scenario := catan_for_two(turn, view, kinds)) is not None:
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
